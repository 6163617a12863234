/**
 * Footnote numbering modes (configuration.md §11.1 `footnotes.numbering`): the marker in the text
 * and the number at the foot agree, and restart where the mode says, as counted by hand here.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, type LayoutSettings } from '../../../src/worker/engine';
import type { PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { columnOf, run, runs } from './helpers';

/** `count` paragraphs; every `every`-th cites a note defined under it. */
function noted(seed: number, count: number, every: number, title = 'Notes'): string {
  const random = mulberry32(seed);
  const parts = [`# ${title}`];
  for (let i = 0; i < count; i++) {
    if (i % every === every - 1) {
      parts.push(`${paragraph(random)}[^n${i}] ${paragraph(random, 2)}`);
      parts.push(`[^n${i}]: Note n${i}. ${paragraph(random, 1)}`);
    } else parts.push(paragraph(random));
  }
  return parts.join('\n\n') + '\n';
}

function withMode(numbering: NonNullable<LayoutSettings['notes']['numbering']>): LayoutSettings {
  const s = defaultSettings();
  return { ...s, notes: { ...s.notes, numbering } };
}

/** Markers in reading order: superscript-sized body runs, with page and column. */
function marks(layout: ReturnType<typeof run>, settings: LayoutSettings) {
  return layout.pages.flatMap((page: PageDisplayList) =>
    runs(page)
      .filter((r) => r.line?.role === 'body' && r.size < settings.body.style.size * 0.7)
      .map((r) => ({ page: page.index, column: columnOf(settings, page, r.xs[0]!), y: r.y, n: Number(r.text) }))
      .sort((a, b) => a.column - b.column || a.y - b.y),
  );
}

/** The number printed first for each note block at the foot, by page. */
function footNumbers(layout: ReturnType<typeof run>): number[] {
  const out: number[] = [];
  for (const page of layout.pages) {
    const seen = new Set<string>();
    for (const r of runs(page)) {
      if (r.line?.role !== 'note' || seen.has(r.line.block)) continue;
      seen.add(r.line.block);
      out.push(Number(r.text));
    }
  }
  return out;
}

describe('footnote numbering modes', () => {
  it("'page': numbers restart on every page, in order of citation; marks and notes agree", () => {
    const settings = withMode('page');
    const layout = run({ title: 'N', settings, chapters: [{ id: 'c', title: '', source: noted(1, 70, 4) }] });
    const m = marks(layout, settings);
    expect(new Set(m.map((x) => x.page)).size).toBeGreaterThan(1);
    let page = -1;
    let expected = 0;
    for (const x of m) {
      expected = x.page === page ? expected + 1 : 1;
      page = x.page;
      expect(x.n, `page ${x.page}`).toBe(expected);
    }
    expect(footNumbers(layout)).toEqual(m.map((x) => x.n));
  });

  it("'column': numbers restart in every column", () => {
    const settings = withMode('column');
    const layout = run({ title: 'N', settings, chapters: [{ id: 'c', title: '', source: noted(2, 70, 4) }] });
    const m = marks(layout, settings);
    let unit = '';
    let expected = 0;
    for (const x of m) {
      const key = `${x.page}:${x.column}`;
      expected = key === unit ? expected + 1 : 1;
      unit = key;
      expect(x.n, key).toBe(expected);
    }
    expect(m.some((x) => x.n === 1 && x.column === 1)).toBe(true);
  });

  it("'spread': numbers run on across a verso and its recto, and restart on the next spread", () => {
    const settings = withMode('spread');
    const layout = run({ title: 'N', settings, chapters: [{ id: 'c', title: '', source: noted(3, 90, 4) }] });
    const m = marks(layout, settings);
    let spread = -1;
    let expected = 0;
    for (const x of m) {
      const s = Math.floor((x.page + 1) / 2); // index 0 alone, then 1–2, 3–4…
      expected = s === spread ? expected + 1 : 1;
      spread = s;
      expect(x.n, `page ${x.page}`).toBe(expected);
    }
  });

  it("'document': the second chapter's notes continue from the first's; 'chapter' restarts", () => {
    const chapters = [
      { id: 'a', title: '', source: noted(4, 12, 4, 'One') },
      { id: 'b', title: '', source: noted(5, 12, 4, 'Two') },
    ];
    const doc = withMode('document');
    const continued = marks(run({ title: 'N', settings: doc, chapters }), doc).map((x) => x.n);
    expect(continued).toEqual([1, 2, 3, 4, 5, 6]);
    const chapter = withMode('chapter');
    expect(marks(run({ title: 'N', settings: chapter, chapters }), chapter).map((x) => x.n)).toEqual([1, 2, 3, 1, 2, 3]);
  });

  it("'chapter' restarts at each H1 inside one chapter file", () => {
    const settings = withMode('chapter');
    const source = `${noted(6, 8, 4, 'First')}\n${noted(7, 8, 4, 'Second')}`;
    const numbers = marks(run({ title: 'N', settings, chapters: [{ id: 'c', title: '', source }] }), settings).map((x) => x.n);
    expect(numbers).toEqual([1, 2, 1, 2]);
  });
});
