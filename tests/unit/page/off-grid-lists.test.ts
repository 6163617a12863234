/**
 * List items of a section whose `bodyStyle` has a leading of its own (configuration.md §13.6), set off
 * the grid line under line (paginate.ts `placeListItemLines`, `placeFree`): their markers and notes.
 */
import { describe, expect, it } from 'vitest';
import { prepareResources, type BookInput } from '../../../src/worker/engine';
import { Op, type PageDisplayList, type PathItem } from '../../../src/worker/protocol/displaylist';
import { expectOpeningEditEqualsFull, inkExtent, oneChapterBook, run, runs } from './helpers';
import { offGridSettings } from './off-grid-lines';

/** Where each run whose text passes `test` stands: page index and baseline (pt). */
const placed = (pages: readonly PageDisplayList[], test: (text: string) => boolean) => pages.flatMap((p) => runs(p).filter((r) => test(r.text)).map((r) => ({ page: p.index, y: r.y, text: r.text })));

describe('a bodyStyle list item off the grid whose first line cites a note', () => {
  /** `count` numbered one-line items in an `aside` section (7 pt on 9 pt lines), the last citing a note of several lines. */
  const source = (count: number) => {
    const items = Array.from({ length: count }, (_, i) => `${i + 1}. Item ${i} words${i === count - 1 ? '[^a]' : ''}`).join('\n');
    return `# Aside {style="aside"}\n\n${items}\n\nAfter.\n\n[^a]: ${'A long note that runs over several lines of the note area at the foot of the page. '.repeat(6)}\n`;
  };

  it('its marker goes on with its first line when the line and its note do not fit at the column\'s foot (before: the marker stayed behind)', () => {
    let movedOn = 0;
    for (let count = 50; count <= 62; count++) {
      const pages = run(oneChapterBook(source(count), offGridSettings())).pages;
      for (let i = 0; i < count; i++) {
        const marker = placed(pages, (t) => t === `${i + 1}.`);
        const line = placed(pages, (t) => t.startsWith(`Item ${i} `));
        expect(marker, `${count} items, marker ${i + 1}`).toHaveLength(1);
        expect(line, `${count} items, item ${i}`).toHaveLength(1);
        // On its first line's page, on (about) its baseline.
        expect(marker[0]!.page, `${count} items, item ${i}`).toBe(line[0]!.page);
        expect(Math.abs(marker[0]!.y - line[0]!.y), `${count} items, item ${i}`).toBeLessThan(3);
      }
      // The citing item went on to the next page with its note (it fitted alone at page 0's foot).
      const last = placed(pages, (t) => t.startsWith(`Item ${count - 1} `))[0]!;
      if (last.page === 1 && placed(run(oneChapterBook(source(count).replace('[^a]\n', '\n'), offGridSettings())).pages, (t) => t.startsWith(`Item ${count - 1} `))[0]!.page === 0) movedOn++;
    }
    expect(movedOn).toBeGreaterThan(0);
  });

  it('incremental == full', () => {
    expectOpeningEditEqualsFull((text) => oneChapterBook(text, offGridSettings()), source(56));
  });
});

describe('bodyStyle list items off the grid beside a wrapped resource (document-format §12.8)', () => {
  const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120"><rect x="0" y="0" width="200" height="120" fill="#00aa00"/></svg>');
  /** Two items of numbered sentences (7 pt on 9 pt lines) after a figure wrapped at the column's right, 0.35 of it wide. */
  const sentences = (from: number, count: number) => Array.from({ length: count }, (_, i) => `Sentence ${from + i} runs on with some words to fill the line.`).join(' ');
  const source = `# Aside {style="aside"}\n\n::resource{id="green"}\n\n- ${sentences(0, 12)}\n- ${sentences(12, 30)}\n`;
  const book = (text: string, side = 'right'): BookInput => ({
    title: 'T',
    settings: offGridSettings(),
    chapters: [{ id: 'ch1', title: '', source: text }],
    resources: prepareResources([{ record: { id: 'green', typeId: 'figure', kind: 'svg', caption: 'A green field', placement: { position: 'here', wrap: side, width: 0.35 } as never }, payload: SVG }], {}),
  });

  for (const side of ['right', 'left']) {
    it(`${side}: their lines run beside it, clear of it, markers on their first lines, the text re-broken whole (before: they dropped below it)`, () => {
      const page = run(book(source, side)).pages[0]!;
      const path = page.items.find((i): i is PathItem => i.op === Op.Path && i.fill === '#00aa00')!;
      const fig = path.frame!;
      const body = runs(page).filter((r) => r.line?.role === 'body' && r.size < 7.5);
      // Lines whose baselines stand level with the picture keep to the side of it away from it.
      const beside = body.filter((r) => r.y > fig.y + 7 && r.y < fig.y + fig.h);
      expect(beside.length).toBeGreaterThanOrEqual(5);
      for (const r of beside) {
        const ink = inkExtent(r);
        if (side === 'right') expect(ink.right, r.text).toBeLessThan(fig.x);
        else expect(ink.left, r.text).toBeGreaterThan(fig.x + fig.w);
      }
      // Each item's marker on its first line's baseline, at the start of the measure it meets.
      const markers = body.filter((r) => r.text === '•' || r.text === '–' || r.text === '◦');
      expect(markers).toHaveLength(2);
      for (const [k, first] of [[0, 'Sentence 0 '], [1, 'Sentence 12 ']] as const) {
        const line = body.find((r) => r.text.startsWith(first))!;
        expect(Math.abs(markers[k]!.y - line.y)).toBeLessThan(3);
        expect(markers[k]!.xs[0]!).toBeLessThan(line.xs[0]!);
        if (side === 'left' && line.y < fig.y + fig.h) expect(markers[k]!.xs[0]!).toBeGreaterThan(fig.x + fig.w);
      }
      // Every sentence once, in order.
      const byY = new Map<number, string>();
      for (const r of body.filter((r) => !markers.includes(r))) byY.set(r.y, byY.has(r.y) ? `${byY.get(r.y)} ${r.text}` : r.text);
      const text = [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, t]) => t).reduce((all, line) => (all.endsWith('-') ? all.slice(0, -1) + line : `${all} ${line}`), '');
      expect([...text.matchAll(/Sentence (\d+) /g)].map((m) => Number(m[1]))).toEqual(Array.from({ length: 42 }, (_, i) => i));
    });
  }

  it('incremental == full', () => {
    expectOpeningEditEqualsFull((text) => book(text), source);
  });
});
