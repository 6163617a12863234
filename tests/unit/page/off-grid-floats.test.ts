import { describe, expect, it } from 'vitest';
import { prepareResources, type BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type PathItem } from '../../../src/worker/protocol/displaylist';
import { expectOpeningEditEqualsFull, run, runs } from './helpers';
import { citingRows, OFF_GRID_LEADING } from './off-grid-lines';

/**
 * Floats cited by lines off the grid, reserved at the column's foot before the lines are set, as
 * placeOnGrid reserves them (page README rules: "a line's first-cited notes, and the floats it cites
 * that can take the foot of its column, are reserved before the line is placed").
 */

const SVG = (fill: string) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120"><rect x="0" y="0" width="200" height="120" fill="${fill}"/></svg>`);
const RED = '#ff0000';

/** The float filled `fill`, each time it is drawn: its page and frame (pt). */
const drawn = (pages: readonly PageDisplayList[], fill: string) => pages.flatMap((p) => p.items.filter((i): i is PathItem => i.op === Op.Path && i.fill === fill).map((i) => ({ page: p, frame: i.frame! })));

describe('a drop cap\'s lines off the grid and the bottom float their first line cites', () => {
  // 7 pt type on 9 pt lines (off the 12 pt body grid) with a three-line drop cap: its lines kept in one column (§6.7).
  const settings = (leading: number) => settingsFromConfig({ layout: { layoutType: 'single' }, paragraphStyles: [{ id: 'capped', dropCap: { lines: 3 }, fontSize: { value: 7, unit: 'pt' }, lineHeight: { value: leading, unit: 'pt' } }] } as never);
  const TEXT = 'Once upon a time there was a typesetter who set every line of a long book by hand, letter by letter, and who loved the large initials that opened each chapter of the books on the shelf above the case of type, and he never tired of the work. He set them in the morning, proofed them at noon and printed them in the evening, and the days were long and the light was poor, and still he set one more line before the lamp went out and one more after.';
  /** `rows` body rows on the grid, then the styled paragraph, its first line citing `red` (bottom) unless `cites` is false. */
  const source = (rows: number, cites = true) => `${citingRows(rows, -1, '')}\n\n:::paragraphs{style="capped"}\n${cites ? TEXT.replace('a time', 'a time :ref{id="red"}') : TEXT}\n:::\n\nAfter.\n`;
  const book = (text: string, leading = OFF_GRID_LEADING): BookInput => ({
    title: 'T',
    settings: settings(leading),
    chapters: [{ id: 'ch1', title: '', source: text }],
    resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement: { position: 'bottom' } as never }, payload: SVG(RED) }], {}),
  });
  /** Page of the initial (set larger than the text), the pages of the three lines beside it, the float's page and frame. */
  const read = (pages: readonly PageDisplayList[]) => {
    const initial = pages.find((p) => runs(p).some((r) => r.line?.role === 'body' && r.size > 8))!;
    const styled = pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'body' && r.size < 7.5).map((r) => ({ page: p.index, y: r.y })));
    const lines = [...new Map(styled.map((l) => [`${l.page}|${l.y}`, l])).values()].slice(0, 3);
    return { initial: initial.index, lines: lines.map((l) => l.page), red: drawn(pages, RED) };
  };

  it('the initial and its lines share a page, the float at a foot under them — the paragraph moves on with the float when both do not fit (before: its third line went on alone, the float taking its place)', () => {
    let movedForFloat = 0;
    for (let rows = 28; rows <= 44; rows++) {
      const at = read(run(book(source(rows))).pages);
      expect(at.lines, `${rows} rows`).toEqual([at.initial, at.initial, at.initial]);
      expect(at.red, `${rows} rows`).toHaveLength(1);
      const red = at.red[0]!;
      // Never before its citing line; every body line on its page above it.
      expect(red.page.index).toBeGreaterThanOrEqual(at.initial);
      for (const r of runs(red.page).filter((r) => r.line?.role === 'body')) expect(r.y, `${rows} rows`).toBeLessThan(red.frame.y);
      // Moved by the float's room: without the citation the paragraph opens on page 0.
      if (at.initial === 1 && red.page.index === 1 && read(run(book(source(rows, false))).pages).initial === 0) movedForFloat++;
    }
    // As on the grid (a 12 pt style: placeOnGrid), some start moves the paragraph on for its float.
    expect(movedForFloat).toBeGreaterThan(0);
  });

  it('on the grid, the same paragraph moves on with its float too (the behaviour matched)', () => {
    let moved = 0;
    for (let rows = 28; rows <= 44; rows++) {
      const at = read(run(book(source(rows), 12)).pages);
      expect(at.lines).toEqual([at.initial, at.initial, at.initial]);
      if (at.initial === 1 && at.red[0]!.page.index === 1 && read(run(book(source(rows, false), 12)).pages).initial === 0) moved++;
    }
    expect(moved).toBeGreaterThan(0);
  });

  it('incremental == full', () => {
    expectOpeningEditEqualsFull((text) => book(text), source(36));
  });
});
