import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, type LayoutSettings } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { dump, oneChapterBook, run, runs } from './helpers';

const words = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
const bodyRuns = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'body');
const single = (): LayoutSettings => ({ ...defaultSettings(), columns: 1 });
/** Distinct line baselines of runs whose text matches. */
const baselines = (page: PageDisplayList, match: RegExp) => [...new Set(bodyRuns(page).filter((r) => match.test(r.text)).map((r) => r.y))].sort((a, b) => a - b);

describe(':::columns in running text (document-format §8.4)', () => {
  it('sets the group in equal sub-columns one body line apart, balanced, on the grid, then the text goes on under it', () => {
    const settings = single();
    const source = `Before ${words(20, 'b')}\n\n:::columns{count=3 rule}\n${words(300, 'g')}\n:::\n\nAfter ${words(20, 'a')}`;
    const page = run(oneChapterBook(source, settings)).pages[0]!;
    const frame = pageFrame(settings, 0);
    const pitch = settings.body.lineHeight;
    const gap = pitch; // one body line in text (§8.4)
    const width = (frame.contentWidth - 2 * gap) / 3;
    const group = bodyRuns(page).filter((r) => /g\d/.test(r.text));
    const lefts = [...new Set(group.map((r) => Math.round((r.xs[0]! - frame.contentLeft) / (width + gap))))].sort();
    expect(lefts).toEqual([0, 1, 2]);
    // Every group line starts at its sub-column's left edge and ends inside it.
    for (const r of group) {
      const c = Math.round((r.xs[0]! - frame.contentLeft) / (width + gap));
      expect(r.xs[0]!).toBeCloseTo(frame.contentLeft + c * (width + gap), 1);
      expect(r.xs[r.xs.length - 1]!).toBeLessThan(frame.contentLeft + c * (width + gap) + width);
    }
    // Balanced: column line counts differ by at most one, the first ones the longest.
    const perColumn = [0, 1, 2].map((c) => new Set(group.filter((r) => Math.abs(r.xs[0]! - (frame.contentLeft + c * (width + gap))) < 0.5).map((r) => r.y)).size);
    expect(Math.max(...perColumn) - Math.min(...perColumn)).toBeLessThanOrEqual(1);
    expect(perColumn[0]).toBeGreaterThanOrEqual(perColumn[2]!);
    // Baselines on the grid, and the same rows in every sub-column.
    const ys = [0, 1, 2].map((c) => [...new Set(group.filter((r) => Math.abs(r.xs[0]! - (frame.contentLeft + c * (width + gap))) < 0.5).map((r) => r.y))].sort((a, b) => a - b));
    expect(ys[1]![0]).toBeCloseTo(ys[0]![0]!, 2);
    const before = baselines(page, /^Before|b\d/);
    for (const y of ys[0]!) expect(Math.abs(((y - before[0]!) / pitch) % 1)).toBeLessThan(1e-3);
    // The text after starts on the grid row under the tallest sub-column.
    const after = baselines(page, /^After|a\d/);
    expect(after[0]!).toBeCloseTo(Math.max(...ys[0]!) + pitch, 2);
    // Two rules, centred in the gaps, as tall as the group.
    const rules = page.items.filter((i) => i.op === Op.Rule && i.x1 === i.x2);
    expect(rules).toHaveLength(2);
    const rule = rules[0]!;
    if (rule.op !== Op.Rule) throw new Error('rule');
    expect(rule.x1).toBeCloseTo(frame.contentLeft + width + gap / 2, 1);
    expect(rule.y2 - rule.y1).toBeCloseTo(perColumn[0]! * pitch, 1);
  });

  it('a group longer than the room fills every sub-column and continues on the next page', () => {
    const settings = single();
    const layout = run(oneChapterBook(`:::columns{count=2}\n${words(3000, 'g')}\n:::\n\nAfter ${words(10, 'a')}`, settings));
    expect(layout.pages.length).toBeGreaterThan(1);
    const first = layout.pages[0]!;
    const frame = pageFrame(settings, 0);
    const rows = Math.floor(frame.contentHeight / settings.body.lineHeight + 1e-9);
    const left = new Set(bodyRuns(first).filter((r) => r.xs[0]! < frame.contentLeft + frame.contentWidth / 2).map((r) => r.y));
    const right = new Set(bodyRuns(first).filter((r) => r.xs[0]! > frame.contentLeft + frame.contentWidth / 2).map((r) => r.y));
    expect(left.size).toBe(rows);
    expect(right.size).toBe(rows);
    // Reading order: the first sub-column holds the first words.
    const text = bodyRuns(first).filter((r) => r.xs[0]! < frame.contentLeft + frame.contentWidth / 2).map((r) => r.text).join(' ');
    expect(text).toContain('g0 ');
  });

  it('breaks opens sub-column 2 at the given block', () => {
    const settings = single();
    const page = run(oneChapterBook(`:::columns{count=2 breaks="3"}\nOne ${words(5, 'x')}\n\nTwo ${words(5, 'y')}\n\nThree ${words(5, 'z')}\n:::`, settings)).pages[0]!;
    const frame = pageFrame(settings, 0);
    const mid = frame.contentLeft + frame.contentWidth / 2;
    const leftText = bodyRuns(page).filter((r) => r.xs[0]! < mid).map((r) => r.text).join(' ');
    const rightText = bodyRuns(page).filter((r) => r.xs[0]! > mid).map((r) => r.text).join(' ');
    expect(leftText).toMatch(/One/);
    expect(leftText).toMatch(/Two/);
    expect(rightText).toMatch(/Three/);
    expect(rightText).not.toMatch(/One|Two/);
  });

  it('span="page" in a two-column page sets the group across both columns and the columns go on under it', () => {
    const settings = defaultSettings();
    const page = run(oneChapterBook(`:::columns{count=3 span="page"}\n${words(200, 'g')}\n:::\n\n${words(600, 'a')}`, settings)).pages[0]!;
    const frame = pageFrame(settings, 0);
    const group = bodyRuns(page).filter((r) => /g\d/.test(r.text));
    const lastGroupY = Math.max(...group.map((r) => r.y));
    // The third sub-column lies beyond the first page column.
    expect(Math.max(...group.map((r) => r.xs[0]!))).toBeGreaterThan(frame.contentLeft + frame.columnWidth);
    const second = bodyRuns(page).filter((r) => /a\d/.test(r.text) && r.xs[0]! > frame.contentLeft + frame.columnWidth);
    expect(second.length).toBeGreaterThan(0);
    expect(Math.min(...second.map((r) => r.y))).toBeGreaterThan(lastGroupY);
  });

  it('layout.flowColumns false leaves the group as plain text', () => {
    const settings = { ...single(), flowColumns: false };
    const page = run(oneChapterBook(`:::columns{count=3}\n${words(100, 'g')}\n:::`, settings)).pages[0]!;
    const frame = pageFrame(settings, 0);
    expect(bodyRuns(page).every((r) => r.xs[0]! < frame.contentLeft + 30)).toBe(true);
  });
});

describe(':::paragraphs{style} (document-format §8.2, configuration.md §13.1)', () => {
  const config = {
    layout: { layoutType: 'single' },
    paragraphStyles: [
      { id: 'epigraph', italic: true, textAlign: 'right', fontSize: { value: 7, unit: 'pt' }, lineHeight: { value: 9, unit: 'pt' }, marginTop: { value: 6, unit: 'pt' }, marginBottom: { value: 12, unit: 'pt' }, spaceBetween: { value: 3, unit: 'pt' }, endIndent: { value: 10, unit: 'pt' } },
      { id: 'small', fontSize: { value: 7, unit: 'pt' } },
    ],
  } as const;

  it('reads paragraph styles from the configuration', () => {
    const s = settingsFromConfig(config as never);
    const epigraph = s.paragraphStyles!['epigraph']!;
    expect(epigraph.style.italic).toBe(true);
    expect(epigraph.style.size).toBe(7);
    expect(epigraph.lineHeight).toBe(9);
    expect(epigraph.align).toBe('right');
    expect(epigraph.endIndent).toBe(10);
    expect(s.paragraphStyles!['small']!.lineHeight).toBeCloseTo(s.body.lineHeight * (7 / s.body.style.size), 6);
  });

  it('sets the container paragraphs in the style, off the grid at its leading, flush right at the end indent, and snaps back after', () => {
    const settings = settingsFromConfig(config as never);
    const source = `Before ${words(30, 'b')}\n\n:::paragraphs{style="epigraph"}\nThe sea has neither meaning nor pity.\n\nSecond line of it.\n:::\n\nAfter ${words(30, 'a')}`;
    const page = run(oneChapterBook(source, settings)).pages[0]!;
    const frame = pageFrame(settings, 0);
    const pitch = settings.body.lineHeight;
    const epi = bodyRuns(page).filter((r) => /sea|Second/.test(r.text));
    expect(epi.length).toBeGreaterThanOrEqual(2);
    for (const r of epi) {
      expect(r.size).toBe(7);
      // Flush right at 10 pt from the column's right edge (runs end at their last glyph's advance; allow a glyph).
      expect(r.xs[0]!).toBeGreaterThan(frame.contentLeft + frame.contentWidth / 3);
    }
    const ys = [...new Set(epi.map((r) => r.y))].sort((a, b) => a - b);
    // Two one-line paragraphs: 9 pt leading + 3 pt between.
    expect(ys[1]! - ys[0]!).toBeCloseTo(9 + 3, 2);
    const before = baselines(page, /b\d|Before/);
    const after = baselines(page, /a\d|After/);
    // Back on the grid after the container.
    const k = (after[0]! - before[0]!) / pitch;
    expect(Math.abs(k - Math.round(k))).toBeLessThan(1e-3);
    expect(after[0]!).toBeGreaterThan(ys[1]! + 12 - 0.01);
    // Italic face (the font id differs from the roman body's).
    const roman = bodyRuns(page).find((r) => /b\d/.test(r.text))!;
    expect(epi[0]!.font).not.toBe(roman.font);
  });

  it('align and indent attributes override the style; at the body leading the paragraphs stay on the grid', () => {
    const settings = single();
    const page = run(oneChapterBook(`Lead ${words(10, 'l')}\n\n:::paragraphs{align=center indent=4}\nCentred words here.\n:::`, settings)).pages[0]!;
    const frame = pageFrame(settings, 0);
    const centred = bodyRuns(page).filter((r) => /Centred/.test(r.text))[0]!;
    const lead = bodyRuns(page).filter((r) => /Lead/.test(r.text))[0]!;
    expect((centred.y - lead.y) / settings.body.lineHeight).toBeCloseTo(1, 3);
    // Centred in the measure that starts 4 em in.
    const left = centred.xs[0]! - (frame.contentLeft + 4 * settings.body.style.size);
    expect(left).toBeGreaterThan(20);
  });

  it('an unknown style is body text', () => {
    const settings = single();
    const plain = run(oneChapterBook(`Words ${words(40, 'w')}`, settings)).pages[0]!;
    const styled = run(oneChapterBook(`:::paragraphs{style="nope"}\nWords ${words(40, 'w')}\n:::`, settings)).pages[0]!;
    expect(bodyRuns(styled).map((r) => [r.y, r.xs[0]])).toEqual(bodyRuns(plain).map((r) => [r.y, r.xs[0]]));
  });

  it('incremental equals full around groups and styled paragraphs', () => {
    const settings = settingsFromConfig(config as never);
    const chapters = [
      { id: 'a', title: '', source: `# A\n\n:::paragraphs{style="epigraph"}\n${words(40, 'e')}\n:::\n\n${words(300, 'x')}` },
      { id: 'b', title: '', source: `# B\n\n:::columns{count=2 rule}\n${words(900, 'g')}\n:::` },
    ];
    const cache = new EngineCache();
    run({ title: 'T', settings, chapters }, cache);
    const edited = [{ ...chapters[0]!, source: chapters[0]!.source + `\n\n${words(500, 'y')}` }, chapters[1]!];
    expect(dump(run({ title: 'T', settings, chapters: edited }, cache))).toBe(dump(run({ title: 'T', settings, chapters: edited })));
  });
});

describe(':::columns flow=parallel (document-format §8.4 `flow`)', () => {
  const mid = (settings: LayoutSettings, index: number) => {
    const frame = pageFrame(settings, index);
    return frame.contentLeft + frame.contentWidth / 2;
  };
  const sideText = (page: PageDisplayList, settings: LayoutSettings, right: boolean) =>
    bodyRuns(page).filter((r) => (r.xs[0]! > mid(settings, page.index)) === right).map((r) => r.text).join(' ');

  it('a :::columnbreak splits the group into streams, each keeps its own sub-column across pages, level at every page head', () => {
    const settings = single();
    const source = `:::columns{count=2}\n${words(2500, 'x')}\n\n:::columnbreak\n\n${words(2500, 'y')}\n:::\n\nAfter ${words(10, 'a')}`;
    const layout = run(oneChapterBook(source, settings));
    const group = layout.pages.filter((p) => bodyRuns(p).some((r) => /[xy]\d/.test(r.text)));
    expect(group.length, 'the streams run over more than one page').toBeGreaterThan(1);
    for (const page of group) {
      const left = sideText(page, settings, false);
      const right = sideText(page, settings, true);
      // Never snaking: the first stream only on the left, the second only on the right.
      expect(left, `page ${page.index}`).not.toMatch(/y\d/);
      expect(right, `page ${page.index}`).not.toMatch(/x\d/);
      if (page === group[group.length - 1]) continue;
      // Both streams go on on every page but the last, starting on the same row.
      const tops = [false, true].map((r) => Math.min(...bodyRuns(page).filter((run) => (run.xs[0]! > mid(settings, page.index)) === r && /[xy]\d/.test(run.text)).map((run) => run.y)));
      expect(tops[0]).toBeCloseTo(tops[1]!, 2);
    }
    // The text after the group starts under both streams.
    const last = group[group.length - 1]!;
    const after = bodyRuns(last).filter((r) => /a\d/.test(r.text));
    const deepest = Math.max(...bodyRuns(last).filter((r) => /[xy]\d/.test(r.text)).map((r) => r.y));
    if (after.length > 0) expect(Math.min(...after.map((r) => r.y))).toBeGreaterThan(deepest);
  });

  it('stanza for stanza: block j of each stream starts on the same row', () => {
    const settings = single();
    const poem = [words(30, 'p'), words(80, 'q'), words(20, 'r')].join('\n\n');
    const translation = [words(60, 'P'), words(25, 'Q'), words(45, 'R')].join('\n\n');
    const page = run(oneChapterBook(`:::columns{count=2}\n${poem}\n\n:::columnbreak\n\n${translation}\n:::`, settings)).pages[0]!;
    for (const [a, b] of [['p0', 'P0'], ['q0', 'Q0'], ['r0', 'R0']] as const) {
      const ya = bodyRuns(page).find((r) => r.text.split(/\s+/).includes(a))!.y;
      const yb = bodyRuns(page).find((r) => r.text.split(/\s+/).includes(b))!.y;
      expect(ya, `${a} / ${b}`).toBeCloseTo(yb, 2);
    }
  });

  it('flow=snake keeps one galley: a long first stream runs on into the second sub-column', () => {
    const settings = single();
    const source = `:::columns{count=2 flow=snake}\n${words(2500, 'x')}\n\n:::columnbreak\n\n${words(50, 'y')}\n:::`;
    const first = run(oneChapterBook(source, settings)).pages[0]!;
    expect(sideText(first, settings, true)).toMatch(/x\d/);
  });

  it('breaks="n" defaults to parallel too', () => {
    const settings = single();
    const source = `:::columns{count=2 breaks="2"}\n${words(2500, 'x')}\n\n${words(2500, 'y')}\n:::`;
    const first = run(oneChapterBook(source, settings)).pages[0]!;
    expect(sideText(first, settings, true)).toMatch(/y0 /);
    expect(sideText(first, settings, true)).not.toMatch(/x\d/);
  });
});

describe(':::columns keeps the widow and orphan minimums (configuration.md §6.4) where a sub-column boundary cuts a paragraph', () => {
  it('leaves at least two lines of a cut paragraph at a sub-column foot and carries at least two over', () => {
    const settings = single();
    const frame = pageFrame(settings, 0);
    const gap = settings.body.lineHeight;
    const width = (frame.contentWidth - gap) / 2;
    let cuts = 0;
    let moved = 0;
    // Paragraphs of these many words (tags p, q, r): every balanced split of their lines, some cutting a paragraph after or before one line.
    for (const [a, b, c] of [[30, 50, 10], [45, 30, 60], [12, 70, 25], [60, 14, 33], [20, 20, 90], [75, 8, 40]] as const) {
      const source = `:::columns{count=2}\n${words(a, 'p')}\n\n${words(b, 'q')}\n\n${words(c, 'r')}\n:::`;
      const page = run(oneChapterBook(source, settings)).pages[0]!;
      const group = bodyRuns(page);
      const columnOf = (x: number) => Math.round((x - frame.contentLeft) / (width + gap));
      for (const tag of ['p', 'q', 'r']) {
        const rows = [...new Map(group.filter((r) => new RegExp(`^${tag}\\d| ${tag}\\d`).test(r.text)).map((r) => [`${columnOf(r.xs[0]!)}:${r.y}`, columnOf(r.xs[0]!)])).values()];
        const first = rows.filter((column) => column === 0).length;
        const second = rows.length - first;
        if (first > 0 && second > 0) {
          cuts++;
          expect(first, `${tag} of [${a}, ${b}, ${c}] at the first sub-column's foot`).toBeGreaterThanOrEqual(2);
          expect(second, `${tag} of [${a}, ${b}, ${c}] carried to the second`).toBeGreaterThanOrEqual(2);
        }
      }
      // The sub-columns stay within two rows of each other.
      const heights = [0, 1].map((column) => new Set(group.filter((r) => columnOf(r.xs[0]!) === column).map((r) => r.y)).size);
      if (Math.abs(heights[0]! - heights[1]!) > 1) moved++;
      expect(Math.abs(heights[0]! - heights[1]!)).toBeLessThanOrEqual(3);
    }
    expect(cuts).toBeGreaterThan(0);
    // Some boundary moved off the balanced row to keep a minimum (else this test would not see the rule).
    expect(moved).toBeGreaterThan(0);
  });
});

