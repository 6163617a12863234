/**
 * Tables in vertical text (`layout.writingMode: 'vertical-rl'`, configuration.md §4, §14.1
 * `cjk.uprightDigits`; document-format §12.10): laid out in the turned flow, a table's rows run
 * down the sheet as columns read right to left, its cells' lines down the page. A table whose text
 * holds CJK is a vertical table: every cell line is CJK text (resources/table.ts, our reading) —
 * a short number upright in a one-em cell, Latin words sideways; a table of Latin only stays
 * turned with the flow. Positions on the sheet through the display list's matrices (pt, y down).
 */
import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { EngineCache, layoutBook, prepareResources, type BookInput } from '../../../src/worker/engine';
import { applyMatrix } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';
import { cellOnSheet, placedRuns, rounded, tcyCellOnSheet, UPRIGHT, type Placed } from './vertical-sheet';

const fonts = nodeFontRegistry(['Noto Serif SC']);
const FACE = 'Noto Serif SC';
const SIDEWAYS = [0, 1, -1, 0];

/** A vertical book whose one chapter embeds the table `rows` (first row the header) between two paragraphs. */
function layout(rows: readonly (readonly string[])[]) {
  const settings = settingsFromConfig({ locale: 'ja', layout: { writingMode: 'vertical-rl', layoutType: 'single' }, bodyText: { fontFamily: FACE }, headings: { fontFamily: FACE }, tableStyle: { bodyFontFamily: FACE, headerFontFamily: FACE } });
  const model = { rows: rows.map((row) => row.map((content) => ({ content }))), headerRowCount: 1 };
  const resources = prepareResources([{ record: { id: 'list', typeId: 'table', kind: 'table', caption: '表の題。', placement: { position: 'here' }, table: { model } } as never }], {});
  const input: BookInput = { title: '縦', settings, chapters: [{ id: 'a', title: '', source: '前文。\n\n::resource{id="list"}\n\n後文。\n' }], resources };
  const gen = layoutBook(input, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return placedRuns(step.value.pages);
}

/** The run whose text is `text` (a cell's whole line, or one piece of it). */
const runOf = (runs: readonly Placed[], text: string): Placed => {
  const found = runs.find((p) => p.run.text === text);
  expect(found, text).toBeDefined();
  return found!;
};

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

  it('a table of Latin only stays turned with the flow: every cell sideways, a number at its own width', () => {
    const runs = layout([
      ['Name', 'Age'],
      ['Tama', '12'],
    ]);
    for (const text of ['Name', 'Age', 'Tama', '12']) expect(rounded(runOf(runs, text).m), text).toEqual(SIDEWAYS);
    const twelve = runOf(runs, '12');
    const face = fonts.get(twelve.run.font)!;
    expect(twelve.run.xs[1]! - twelve.run.xs[0]!).toBeCloseTo((face.glyphAdvance(twelve.run.glyphs[0]!) * twelve.run.size) / face.upem, 3);
    // Pen positions on the sheet run down the page (the line turned a quarter clockwise).
    const [, y0] = applyMatrix(twelve.m, twelve.run.xs[0]!, twelve.run.y);
    const [, y1] = applyMatrix(twelve.m, twelve.run.xs[1]!, twelve.run.y);
    expect(y1).toBeGreaterThan(y0);
  });
});
