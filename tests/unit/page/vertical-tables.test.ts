/**
 * Tables in vertical text (`layout.writingMode: 'vertical-rl'`, configuration.md §4, §14.1
 * `cjk.uprightDigits`; document-format §12.10): a table whose text holds CJK is a vertical table,
 * laid out in the turned flow — its rows run down the sheet as columns read right to left, its
 * cells' lines down the page, every cell line CJK text (resources/table.ts, our reading): a short
 * number upright in a one-em cell, Latin words sideways. A table of Latin only stands upright as a
 * block, as a picture does (resources/table-upright.ts): set horizontally at its natural width,
 * taking room across the lines. Positions on the sheet through the display list's matrices (pt, y down).
 */
import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { EngineCache, layoutBook, prepareResources, type BookInput } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { applyMatrix, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';
import { expectOpeningEditEqualsFull } from './helpers';
import { cellOnSheet, placedRuns, rounded, tcyCellOnSheet, UPRIGHT, type Placed } from './vertical-sheet';

const fonts = nodeFontRegistry(['Noto Serif SC']);
const FACE = 'Noto Serif SC';
const SIDEWAYS = [0, 1, -1, 0];
const settings = settingsFromConfig({ locale: 'ja', layout: { writingMode: 'vertical-rl', layoutType: 'single' }, bodyText: { fontFamily: FACE }, headings: { fontFamily: FACE }, tableStyle: { bodyFontFamily: FACE, headerFontFamily: FACE } });

/** A vertical book whose one chapter is `source`, the table `rows` (first row the header) its resource `list`. */
function tableBook(rows: readonly (readonly string[])[], caption: string, source: string, note?: string, align?: string): BookInput {
  const model = { rows: rows.map((row) => row.map((content) => ({ content }))), headerRowCount: 1 };
  const resources = prepareResources([{ record: { id: 'list', typeId: 'table', kind: 'table', caption, ...(note ? { note } : {}), placement: { position: 'here', ...(align ? { align } : {}) }, table: { model } } as never }], {});
  return { title: '縦', settings, chapters: [{ id: 'a', title: '', source }], resources };
}

const SOURCE = '前文。\n\n::resource{id="list"}\n\n後文。\n';

function pagesOf(rows: readonly (readonly string[])[], caption = '表の題。', note?: string, align?: string): PageDisplayList[] {
  const gen = layoutBook(tableBook(rows, caption, SOURCE, note, align), fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value.pages;
}

/** The table embedded between two paragraphs, its runs with their matrices. */
const layout = (rows: readonly (readonly string[])[], caption?: string, note?: string): Placed[] => placedRuns(pagesOf(rows, caption, note));

/** The run whose text is `text` (a cell's whole line, or one piece of it). */
const runOf = (runs: readonly Placed[], text: string): Placed => {
  const found = runs.find((p) => p.run.text === text);
  expect(found, text).toBeDefined();
  return found!;
};

/** A run's pen start on the sheet, pt. */
const penOnSheet = (p: Placed, g = 0): [number, number] => applyMatrix(p.m, p.run.xs[g]!, p.run.y);

/** A run's length along its line, pt: its pen positions to past its last glyph's advance. */
function runLength(p: Placed): number {
  const face = fonts.get(p.run.font)!;
  const last = p.run.glyphs.length - 1;
  return p.run.xs[last]! + (face.glyphAdvance(p.run.glyphs[last]!) * p.run.size) / face.upem - p.run.xs[0]!;
}

/** The type area on the sheet, pt: the flow's frame turned a quarter clockwise (page/vertical.ts). */
function typeAreaOnSheet(): { left: number; right: number; top: number; bottom: number } {
  const f = pageFrame(settings, 0);
  return { left: settings.pageWidth - f.contentTop - f.contentHeight, right: settings.pageWidth - f.contentTop, top: f.contentLeft, bottom: f.contentLeft + f.contentWidth };
}

describe('tables in vertical text (resources/table.ts)', () => {
  it('a table holding CJK: its rows are columns from the right, a cell of digits only an upright one-em cell at its column\'s head, Latin sideways', () => {
    const runs = layout([
      ['名前', '年齢'],
      ['Tama', '12'],
      ['太郎', '3'],
    ]);
    const name = runOf(runs, '名');
    const age = runOf(runs, '年');
    const tama = runOf(runs, 'Tama');
    const twelve = runOf(runs, '12');
    const three = runOf(runs, '3');
    // The header row stands at the right, the rows after it to its left; a row's cells run down the page.
    const x = (p: Placed) => cellOnSheet(fonts, p).left;
    expect(x(name)).toBeGreaterThan(x(tama));
    expect(cellOnSheet(fonts, age).top).toBeGreaterThan(cellOnSheet(fonts, name).bottom);
    expect(rounded(name.m)).toEqual(UPRIGHT);
    // Latin stays sideways in a vertical table.
    expect(rounded(tama.m)).toEqual(SIDEWAYS);
    // Before: `12` shared no baseline with CJK, so its line was drawn whole and sideways.
    expect(rounded(twelve.m)).toEqual(UPRIGHT);
    // Its one-em cell starts where its column's text starts (the header's 年 below the cell's padding);
    // before, `3` (beside 太郎) stood upright at its own width, its one-em cell 0.26 em (2.1 pt) above that.
    const columnHead = cellOnSheet(fonts, age).top;
    expect(tcyCellOnSheet(fonts, twelve).top).toBeCloseTo(columnHead, 2);
    expect(rounded(three.m)).toEqual(UPRIGHT);
    expect(tcyCellOnSheet(fonts, three).top).toBeCloseTo(columnHead, 2);
  });

  it('a table of Latin only stands upright as a block at its natural width, the text after it to its left', () => {
    const runs = layout([
      ['Name', 'Age'],
      ['Tama', '12'],
    ], 'A list.');
    // Before: every cell turned with the flow, its text sideways.
    for (const text of ['Name', 'Age', 'Tama', '12']) expect(rounded(runOf(runs, text).m), text).toEqual(UPRIGHT);
    const [name, age, tama, twelve] = ['Name', 'Age', 'Tama', '12'].map((text) => runOf(runs, text)) as [Placed, Placed, Placed, Placed];
    // Read as a horizontal table: the header row on one baseline, left to right, the body row under it.
    expect(penOnSheet(age)[1]).toBeCloseTo(penOnSheet(name)[1], 3);
    expect(penOnSheet(age)[0]).toBeGreaterThan(penOnSheet(name)[0]);
    expect(penOnSheet(tama)[0]).toBeCloseTo(penOnSheet(name)[0], 3);
    expect(penOnSheet(tama)[1]).toBeGreaterThan(penOnSheet(name)[1]);
    expect(penOnSheet(twelve, 1)[0]).toBeGreaterThan(penOnSheet(twelve, 0)[0]);
    // Its natural width: two columns of equal weight, each its longest cell line and the padding
    // either side — not the room across the page's lines.
    const padding = prepareResources([], {}).settings.table.padding;
    const column = Math.max(...[name, age, tama, twelve].map(runLength)) + 2 * padding;
    expect(penOnSheet(age)[0] - penOnSheet(name)[0]).toBeCloseTo(column, 2);
    const table = { left: penOnSheet(name)[0] - padding, right: penOnSheet(name)[0] - padding + 2 * column };
    // It takes room across the lines: the text before it at its right, the text after it at its left.
    expect(cellOnSheet(fonts, runOf(runs, '前')).left).toBeGreaterThan(table.right);
    expect(cellOnSheet(fonts, runOf(runs, '後')).right).toBeLessThan(table.left);
    expect(table.right - table.left).toBeLessThan(typeAreaOnSheet().right - typeAreaOnSheet().left);
  });

  it('an upright table longer than the lines: its parts side by side, right to left, header repeated; a wide one at the room across the lines', () => {
    const rows = [['Name', 'Age'], ...Array.from({ length: 80 }, (_, i) => [`Tama ${i}`, `${i}`])];
    const pages = pagesOf(rows, 'A long list.');
    const area = typeAreaOnSheet();
    const page = pages.find((p) => placedRuns([p]).filter((r) => r.run.text === 'Name').length >= 2);
    expect(page, 'a page holding two parts').toBeDefined();
    const heads = placedRuns([page!]).filter((r) => r.run.text === 'Name');
    for (const head of heads) expect(rounded(head.m)).toEqual(UPRIGHT);
    // The second part stands left of the first, its header on the same line down the page.
    expect(penOnSheet(heads[1]!)[0]).toBeLessThan(penOnSheet(heads[0]!)[0] - 2 * runLength(runOf(placedRuns([page!]), 'Tama 10')));
    expect(penOnSheet(heads[1]!)[1]).toBeCloseTo(penOnSheet(heads[0]!)[1], 3);
    // Every line of every part inside the type area on the sheet; the last part's caption says it goes on.
    for (const p of placedRuns(pages).filter((r) => r.run.line?.role === 'body' && /^(Name|Age|Tama \d+|\d+)$/.test(r.run.text))) {
      const [x, y] = penOnSheet(p);
      expect(x).toBeGreaterThanOrEqual(area.left - 0.01);
      expect(x + runLength(p)).toBeLessThanOrEqual(area.right + 0.01);
      expect(y).toBeGreaterThanOrEqual(area.top - 0.01);
      expect(y).toBeLessThanOrEqual(area.bottom + 0.01);
    }
    expect(placedRuns(pages).some((r) => r.run.text.includes('(cont.)'))).toBe(true);
    // A table whose natural width passes the room across the lines is set at that room, its long cell broken.
    const long = 'A cell holding a long sentence of Latin words that cannot stand on one line across the room of a page';
    const wide = layout([['Name', 'Note'], ['Tama', long]], 'A wide list.');
    const cellLines = wide.filter((r) => long.includes(r.run.text) && r.run.text.length > 3);
    expect(cellLines.length).toBeGreaterThan(1);
    for (const p of cellLines) {
      expect(rounded(p.m)).toEqual(UPRIGHT);
      expect(penOnSheet(p)[0] + runLength(p)).toBeLessThanOrEqual(area.right + 0.01);
      expect(penOnSheet(p)[0]).toBeGreaterThanOrEqual(area.left - 0.01);
    }
  });

  it('a table of numbers and Latin under a CJK caption is a vertical table: read down the page with its caption', () => {
    const runs = layout([
      ['Name', 'Age'],
      ['Tama', '12'],
    ], '表の題。');
    // Before: its cells counted alone, so it stood upright as a horizontal table, Tama upright and the caption across the page.
    expect(rounded(runOf(runs, 'Tama').m)).toEqual(SIDEWAYS);
    expect(rounded(runOf(runs, 'Name').m)).toEqual(SIDEWAYS);
    const twelve = runOf(runs, '12');
    expect(rounded(twelve.m)).toEqual(UPRIGHT);
    // `12` a one-em tate-chū-yoko cell at the head of its column, as in a table holding CJK.
    expect(tcyCellOnSheet(fonts, twelve).top).toBeCloseTo(cellOnSheet(fonts, runOf(runs, 'Age')).top, 1);
    // The caption's characters run down the page in one column.
    const [first, second] = [runOf(runs, '表'), runOf(runs, '題')].map((p) => cellOnSheet(fonts, p));
    expect(second!.left).toBeCloseTo(first!.left, 2);
    expect(second!.top).toBeGreaterThan(first!.bottom - 0.01);
    // A CJK note under a Latin caption counts the same (read with the table).
    expect(rounded(runOf(layout([['Name', 'Age'], ['Tama', '12']], 'A list.', '出典。'), 'Tama').m)).toEqual(SIDEWAYS);
  });

  it("a vertical table's cell of Latin and digits is broken at its lines' lengths with their one-em cells: no line past the cell's foot", () => {
    const digits = Array.from({ length: 60 }, (_, i) => `${i % 10}`).join(', ');
    const pages = pagesOf([
      ['名前', '記録'],
      ['太郎', digits],
    ]);
    const padding = prepareResources([], {}).settings.table.padding;
    // The cell's foot on the sheet: the table spans the lines' length, its last column ends at the type area's foot.
    const foot = typeAreaOnSheet().bottom - padding;
    const cell = placedRuns(pages).filter((p) => p.run.line?.role === 'body' && /^[\d ]+$/.test(p.run.text) && p.run.text.trim() !== '');
    // Each line (one baseline) ends at its last piece: an upright digit's one-em cell, or a sideways run's last advance.
    const ends = new Map<number, number>();
    for (const p of cell) {
      const end = rounded(p.m).join() === UPRIGHT.join() ? tcyCellOnSheet(fonts, p).bottom : applyMatrix(p.m, p.run.xs[0]! + runLength(p), p.run.y)[1];
      ends.set(p.run.y, Math.max(ends.get(p.run.y) ?? -Infinity, end));
    }
    expect(ends.size).toBeGreaterThan(1);
    // Before: broken at the digits' own widths (0.55 em), then each made one em — its lines ran up to 0.45 em a digit past the foot.
    for (const end of ends.values()) expect(end).toBeLessThanOrEqual(foot + 0.01);
    // And broken no shorter than it must be: the longest line ends within a digit, its comma and a space (under 2 em) of the foot.
    const em = cell[0]!.run.size;
    expect(Math.max(...ends.values())).toBeGreaterThan(foot - 2 * em);
  });

  it('an upright table honours placement.align along the line as a picture does: left (start) at the lines\' head, center, right (end) at their foot', () => {
    const area = typeAreaOnSheet();
    const rows = [['Name', 'Age'], ['Tama', '12'], ['Kuro', '3']];
    // Where the table stands down the sheet: its header's pen and its last row's baseline, pt.
    const span = (align?: string) => {
      const runs = placedRuns(pagesOf(rows, 'A list.', undefined, align));
      return { head: penOnSheet(runOf(runs, 'Name'))[1], foot: penOnSheet(runOf(runs, 'Kuro'))[1] };
    };
    const left = span();
    expect(span('left')).toEqual(left);
    expect(span('start')).toEqual(left);
    // The free length along the line, from the table's foot to the lines' foot (the caption under it).
    const right = span('right');
    const free = right.head - left.head;
    expect(free).toBeGreaterThan(100);
    expect(right.foot - right.head).toBeCloseTo(left.foot - left.head, 3);
    expect(span('end')).toEqual(right);
    expect(span('center').head - left.head).toBeCloseTo(free / 2, 2);
    // Right: the table's caption, under its rows, ends within a line of the lines' foot.
    const caption = placedRuns(pagesOf(rows, 'A list.', undefined, 'right')).find((r) => r.run.text.startsWith('Table'))!;
    expect(penOnSheet(caption)[1]).toBeGreaterThan(area.bottom - 20);
    expect(penOnSheet(caption)[1]).toBeLessThanOrEqual(area.bottom + 0.01);
  });

  it('an upright table cut between pages keeps one alignment: every part\'s header level with the others, the short last part alone on the next page too (before: aligned by its own length)', () => {
    // 160 rows: four parts side by side on page 0 and a short fifth alone on page 1.
    const rows = [['Name', 'Age'], ...Array.from({ length: 160 }, (_, i) => [`Tama ${i}`, `${i}`])];
    /** Each page's header pens down the sheet (pt). */
    const heads = (align?: string) => pagesOf(rows, 'A long list.', undefined, align).map((p) => placedRuns([p]).filter((r) => r.run.text === 'Name').map((r) => penOnSheet(r)[1]));
    const left = heads('left');
    expect(left.filter((page) => page.length > 0).length).toBeGreaterThan(1);
    expect(left[left.length - 1]).toHaveLength(1);
    for (const align of ['right', 'end', 'center']) {
      const pages = heads(align);
      const all = pages.flat();
      expect(all).toHaveLength(left.flat().length);
      // One shift for all (that of the longest part, moved along the line as asked: more than nothing)…
      expect(all[0]! - left[0]![0]!, align).toBeGreaterThan(1);
      // …so the header rows stand level on every page (before, for right, the last part's 64.9 pt lower).
      for (const y of all) expect(y, align).toBeCloseTo(all[0]!, 3);
    }
  });

  it('an upright table: an edit before it laid out on the previous layout equals a layout from scratch', () => {
    const rows = [['Name', 'Age'], ...Array.from({ length: 40 }, (_, i) => [`Tama ${i}`, `${i}`])];
    expectOpeningEditEqualsFull((source) => tableBook(rows, 'A list.', source), `前文。\n\n::resource{id="list"}\n\n${'後文の段落。'.repeat(40)}\n`, fonts);
  });
});
