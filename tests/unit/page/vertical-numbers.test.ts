/**
 * Equation numbers and code line numbers in vertical text (`layout.writingMode: 'vertical-rl'`,
 * configuration.md §4, §13.3, §14.1 `cjk.uprightDigits`; document-format §11, §18.5): turned
 * with the flow, they are set as its generated text is (page/vertical-generated.ts) — a number of
 * at most `uprightDigits` digits one upright cell of exactly one em, a longer one sideways, an
 * equation number's parentheses upright in their vertical forms — and stay inside the column.
 * Positions on the sheet through the display list's matrices (pt, y down), ink from the outlines.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { bookFormulas, EngineCache, layoutBook, parseCached, type BookInput, type MathTypesetter } from '../../../src/worker/engine';
import { createMathTypesetter } from '../../../src/worker/engine/math/mathjax';
import { applyMatrix, itemMatrices, Op, type Matrix, type PathItem } from '../../../src/worker/protocol/displaylist';
import type { StoredConfig } from '../../../src/worker/config';
import { sheetFrame } from '../../../src/worker/engine/page/geometry';
import { listingSettings } from '../../../src/worker/engine/page/code-block';
import { nodeFontRegistry } from '../../support/node-world';
import { expectOpeningEditEqualsFull } from './helpers';
import { cellOnSheet, inkOnSheet, inside, placedRuns, rounded, tcyCellOnSheet, UPRIGHT, type Box, type Placed } from './vertical-sheet';

const fonts = nodeFontRegistry(['Noto Serif SC']);
const FACE = 'Noto Serif SC';
const SIDEWAYS = [0, 1, -1, 0];

let math: MathTypesetter;
beforeAll(async () => {
  math = await createMathTypesetter();
});

async function layout(source: string, extra: StoredConfig = {}) {
  const settings = settingsFromConfig({ locale: 'ja', layout: { writingMode: 'vertical-rl', layoutType: 'single' }, bodyText: { fontFamily: FACE }, headings: { fontFamily: FACE }, ...extra });
  const input: BookInput = { title: '縦', settings, chapters: [{ id: 'a', title: '', source }], math };
  await math.prepare(bookFormulas(input.chapters.map((ch, i) => parseCached(ch, i === 0, new EngineCache(), settings))));
  const gen = layoutBook(input, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  const book = step.value;
  const frame = sheetFrame(settings, book.pages[0]!.index);
  const area: Box = { left: frame.contentLeft, right: frame.contentLeft + frame.contentWidth, top: frame.contentTop, bottom: frame.contentTop + frame.contentHeight };
  return { book, runs: placedRuns(book.pages), area };
}

const ink = (p: Placed, g = 0): Box => inkOnSheet(fonts, p, g);

/** The 1 em cell a tate-chū-yoko piece stands in (vertical-sheet.ts `tcyCellOnSheet`). */
const tcyCell = (p: Placed): Box => tcyCellOnSheet(fonts, p);

/** The pieces of the generated line standing on `baseline` (no source offsets), in order down the sheet. */
const generatedAt = (runs: readonly Placed[], baseline: number): Placed[] => runs.filter((p) => p.run.srcFrom < 0 && p.run.y === baseline && p.run.line?.role === 'body');

describe('equation numbers in vertical text (document-format §11, math.equationNumbering.format)', () => {
  it('(1): the number one upright cell of one em, the parentheses upright in their vertical forms above and below it, ending at the column\'s foot', async () => {
    const { runs, area } = await layout('前文の本文。\n\n$$E = mc^2 \\label{eq:a}$$\n\n後文。\n');
    const number = runs.find((p) => p.run.text === '1' && p.run.srcFrom < 0 && p.run.line?.role === 'body')!;
    const pieces = generatedAt(runs, number.run.y);
    // Before: the ASCII "(1)" whole and sideways, the digit at its own width (the line held no CJK).
    expect(pieces.map((p) => p.run.text)).toEqual(['（', '1', '）']);
    const [open, digit, close] = pieces as [Placed, Placed, Placed];
    for (const p of pieces) expect(rounded(p.m), p.run.text).toEqual(UPRIGHT);
    const cell = tcyCell(digit);
    expect(inside(ink(digit), cell)).toBe(true);
    // The brackets' vertical forms: each a one-em cell before and after the number's, their ink against it.
    const openCell = cellOnSheet(fonts, open);
    const closeCell = cellOnSheet(fonts, close);
    expect(openCell.bottom).toBeCloseTo(cell.top, 1);
    expect(closeCell.top).toBeCloseTo(cell.bottom, 1);
    expect(ink(open).bottom).toBeLessThanOrEqual(cell.top + 0.01);
    expect(ink(open).bottom - ink(open).top).toBeLessThan(0.5 * open.run.size); // a ︵, flat across the column
    expect(ink(close).top).toBeGreaterThanOrEqual(cell.bottom - 0.01);
    // Flush with the column's foot, every piece's ink and cell inside the type area.
    expect(closeCell.bottom).toBeCloseTo(area.bottom, 1);
    for (const p of pieces) expect(inside(ink(p), area), p.run.text).toBe(true);
    expect(inside(cell, area)).toBe(true);
  });

  it('(123): a number longer than uprightDigits stands sideways at its length, its parentheses upright', async () => {
    const { runs, area } = await layout('前文の本文。\n\n$$E = mc^2 \\tag{123}$$\n\n後文。\n');
    const number = runs.find((p) => p.run.text === '123')!;
    const pieces = generatedAt(runs, number.run.y);
    expect(pieces.map((p) => p.run.text)).toEqual(['（', '123', '）']);
    expect(rounded(number.m)).toEqual(SIDEWAYS);
    expect(rounded(pieces[0]!.m)).toEqual(UPRIGHT);
    expect(rounded(pieces[2]!.m)).toEqual(UPRIGHT);
    // The digits at their own advances (no cell).
    const face = fonts.get(number.run.font)!;
    expect(number.run.xs[1]! - number.run.xs[0]!).toBeCloseTo((face.glyphAdvance(number.run.glyphs[0]!) * number.run.size) / face.upem, 2);
    for (const p of pieces) for (let g = 0; g < p.run.glyphs.length; g++) expect(inside(ink(p, g), area), p.run.text).toBe(true);
  });
});

describe('code line numbers in vertical text (codeStyle.lineNumbers, §13.3)', () => {
  /** A listing of `rows` rows, the first holding a Japanese comment, the others Latin only. */
  const listing = (rows: number) => `前文の本文。\n\n\`\`\`js {lineNumbers}\nlet a = 1; // 猫\n${Array.from({ length: rows - 1 }, (_, i) => `let b${i} = a;`).join('\n')}\n\`\`\`\n\n後文。\n`;
  const parts = (runs: readonly Placed[], label: string) => {
    const number = runs.find((p) => p.run.text === label && p.run.srcFrom < 0)!;
    // The row's code: its runs on the number's baseline with source offsets, the first down the sheet.
    const code = runs.filter((p) => p.run.y === number.run.y && p.run.srcFrom >= 0 && p.run.line?.role === 'body');
    return { number, code };
  };

  it('beside a row holding CJK: one upright cell of one em at the box\'s inner edge, lineNumberGap before the code; beside a Latin row: sideways at its width, flush with the cell\'s end', async () => {
    const { runs, area } = await layout(listing(3));
    const code = listingSettings(settingsFromConfig({ locale: 'ja', layout: { writingMode: 'vertical-rl' }, bodyText: { fontFamily: FACE } }));
    const first = parts(runs, '1');
    expect(first.code.some((p) => p.run.text === '猫')).toBe(true);
    expect(rounded(first.number.m)).toEqual(UPRIGHT);
    const cell = tcyCell(first.number);
    expect(inside(ink(first.number), cell)).toBe(true);
    // The box starts at the column's head; its padding, then the cell, then the gap, then the code.
    // Before: the number column one digit of the code face wide (0.6 em): the cell stood 0.2 em
    // above the padding's edge and 0.2 em into the gap (1.36 pt at the 6.8 pt code size).
    expect(cell.top).toBeCloseTo(area.top + code.padding, 2);
    const [, codeTop] = applyMatrix(first.code[0]!.m, first.code[0]!.run.xs[0]!, first.code[0]!.run.y);
    expect(codeTop - cell.bottom).toBeCloseTo(code.lineNumberGap, 2);
    expect(inside(cell, area)).toBe(true);
    // A row of Latin only is drawn sideways whole (page/vertical.ts): its number at the digit's own width, flush right in the column.
    const second = parts(runs, '2');
    expect(second.code.some((p) => /[\u3000-\u9fff]/.test(p.run.text))).toBe(false);
    expect(rounded(second.number.m)).toEqual(SIDEWAYS);
    const face = fonts.get(second.number.run.font)!;
    const [, end] = applyMatrix(second.number.m, second.number.run.xs[0]! + (face.glyphAdvance(second.number.run.glyphs[0]!) * second.number.run.size) / face.upem, second.number.run.y);
    expect(end).toBeCloseTo(cell.bottom, 2);
  });
});

describe('a marker follows the line it stands on (page/vertical-generated.ts markerByLine)', () => {
  // A first line of Latin only, the CJK further on: page/vertical.ts draws that line whole and sideways.
  const latinFirst = `${Array.from({ length: 40 }, () => 'apple').join(' ')} 猫の話。`;
  /** The glyph's own advance, pt. */
  const advance = (p: Placed, g = 0): number => {
    const face = fonts.get(p.run.font)!;
    return (face.glyphAdvance(p.run.glyphs[g]!) * p.run.size) / face.upem;
  };
  /** The text runs on the marker's baseline (with source offsets). */
  const lineOf = (runs: readonly Placed[], marker: Placed): Placed[] => runs.filter((p) => p.run.y === marker.run.y && p.run.srcFrom >= 0 && p.run.line?.role === marker.run.line?.role);

  /** Item 1 (CJK past a Latin first line): `1.` whole and sideways at the digit's advance; item 2 (opening in CJK): `2` an upright cell, its stop's pen at the cell's end. */
  const expectMarkersByLine = (runs: readonly Placed[]): void => {
    const first = runs.find((p) => p.run.text === '1.' && p.run.srcFrom < 0);
    // Before: set in the one-em cell the item's 猫 called for and drawn sideways with its Latin line, `1` and `.` apart, the stop 2.1 pt after the digit's advance.
    expect(first, 'the marker 1. whole, sideways with its line').toBeDefined();
    // (Its own line: a :::columns group's sub-columns share baselines.)
    expect(first!.run.line?.block).toBeDefined();
    expect(lineOf(runs, first!).filter((p) => p.run.line?.block === first!.run.line?.block).some((p) => /[\u3000-\u9fff]/.test(p.run.text))).toBe(false);
    expect(rounded(first!.m)).toEqual(SIDEWAYS);
    expect(first!.run.xs[1]! - first!.run.xs[0]!).toBeCloseTo(advance(first!), 2);
    const two = runs.find((p) => p.run.text === '2' && p.run.srcFrom < 0)!;
    expect(rounded(two.m)).toEqual(UPRIGHT);
    const stop = runs.find((p) => p.run.text === '.' && p.run.srcFrom < 0 && p.run.y === two.run.y)!;
    const [, stopPen] = applyMatrix(stop.m, stop.run.xs[0]!, stop.run.y);
    expect(stopPen - tcyCell(two).bottom).toBeCloseTo(0, 1);
  };

  it('a list item holding CJK past a Latin first line: its marker sideways at the digit\'s width; one whose first line holds CJK: the one-em cell, upright', async () => {
    const { runs } = await layout(`前文。\n\n1. ${latinFirst}\n2. 猫の話。${latinFirst}\n`);
    expectMarkersByLine(runs);
  });

  it('a note holding CJK past a Latin first line: its number sideways at its width; a note opening in CJK: the upright cell', async () => {
    const { runs } = await layout(`本文[^a]。本文[^b]。\n\n[^a]: ${latinFirst}\n\n[^b]: 猫の話。\n`);
    const notes = runs.filter((p) => p.run.line?.role === 'note');
    const one = notes.find((p) => p.run.text === '1' && p.run.srcFrom < 0)!;
    const two = notes.find((p) => p.run.text === '2' && p.run.srcFrom < 0)!;
    expect(lineOf(notes, one).some((p) => /[\u3000-\u9fff]/.test(p.run.text))).toBe(false);
    expect(rounded(one.m)).toEqual(SIDEWAYS);
    // The note's text its numberGap (0.5 em of the note size) after the digit's own advance (before: after a one-em cell).
    const text = lineOf(notes, one).sort((a, b) => a.run.xs[0]! - b.run.xs[0]!)[0]!;
    const settings = settingsFromConfig({ locale: 'ja', layout: { writingMode: 'vertical-rl' }, bodyText: { fontFamily: FACE } });
    expect(text.run.xs[0]! - (one.run.xs[0]! + advance(one))).toBeCloseTo(settings.notes.numberGap, 1);
    expect(rounded(two.m)).toEqual(UPRIGHT);
    expect(tcyCell(two).bottom - tcyCell(two).top).toBeCloseTo(two.run.size, 3);
  });

  it('a contents entry whose title\'s last line is Latin only: its page number sideways at its width; one whose last line holds CJK: the upright cell', async () => {
    const apples = Array.from({ length: 30 }, () => 'apple').join(' ');
    const noBreak: StoredConfig = { headings: { fontFamily: FACE, levels: [{ level: 1, breakBefore: { enabled: false } }] } };
    const { runs, area } = await layout(`:::toc\n\n# 猫 ${apples}\n\n本文。\n\n# ${apples} 犬\n\n本文。\n`, noBreak);
    // The contents rows: the page numbers (generated digits at a row's foot) with the title runs on their baseline.
    const labels = runs.filter((p) => p.run.srcFrom < 0 && /^[0-9]+$/.test(p.run.text) && p.run.line?.role === 'body');
    expect(labels).toHaveLength(2);
    const [latin, cjk] = labels as [Placed, Placed];
    const titleOn = (label: Placed) => runs.filter((p) => p.run !== label.run && p.run.y === label.run.y && p.run.line?.role === 'body' && !p.run.text.startsWith('..'));
    expect(titleOn(latin).some((p) => /[\u3000-\u9fff]/.test(p.run.text))).toBe(false);
    expect(titleOn(cjk).some((p) => p.run.text === '犬')).toBe(true);
    // Before: given the cell (the entry's text holds 猫) but drawn sideways with its Latin line, its end 2.1 pt short of the column's foot.
    expect(rounded(latin.m)).toEqual(SIDEWAYS);
    const [, end] = applyMatrix(latin.m, latin.run.xs[0]! + advance(latin), latin.run.y);
    expect(end).toBeCloseTo(area.bottom, 1);
    expect(rounded(cjk.m)).toEqual(UPRIGHT);
    expect(tcyCell(cjk).bottom).toBeCloseTo(area.bottom, 1);
  });

  it('a marker set again beside its line keeps that line as it was broken: CJK that would fit beside the narrower marker stays on the next line', async () => {
    // 28 apples and a word of `i`s chosen so that 猫 fits the note's first line only in the 1.7 pt the
    // sideways `1` (6.214 pt with its gap) leaves over the one-em cell (7.907 pt) the note's CJK first asked for.
    const note = `${Array.from({ length: 28 }, () => 'apple').join(' ')} aiiiiiiiii 猫の話。`;
    const { runs } = await layout(`本文[^a]。本文[^b]。\n\n[^a]: ${note}\n\n[^b]: 猫の話。\n`);
    const notes = runs.filter((p) => p.run.line?.role === 'note');
    const one = notes.find((p) => p.run.text === '1' && p.run.srcFrom < 0)!;
    // Before: set again beside the narrower number the first line took 猫, so page/vertical.ts stood the `1`
    // upright at its own width, no one-em cell, the text 6.214 pt after its pen.
    expect(lineOf(notes, one).some((p) => /[\u3000-\u9fff]/.test(p.run.text))).toBe(false);
    expect(rounded(one.m)).toEqual(SIDEWAYS);
    // The text where the first setting broke it, beside the one-em cell: level with note 2's, whose number
    // stands in its cell; the number at that room's end, numberGap before the text.
    const textStart = (number: Placed): number => Math.min(...lineOf(notes, number).map((p) => p.run.xs[0]!));
    const two = notes.find((p) => p.run.text === '2' && p.run.srcFrom < 0)!;
    expect(rounded(two.m)).toEqual(UPRIGHT);
    expect(textStart(one)).toBeCloseTo(textStart(two), 2);
    const settings = settingsFromConfig({ locale: 'ja', layout: { writingMode: 'vertical-rl' }, bodyText: { fontFamily: FACE } });
    expect(textStart(one) - (one.run.xs[0]! + advance(one))).toBeCloseTo(settings.notes.numberGap, 1);
  });

  it('an ordered run\'s number column holds each marker as drawn beside its first line: items 10 (sideways beside Latin) and 11 (an upright cell) start their text level', async () => {
    const { runs } = await layout(`前文。\n\n10. ${latinFirst}\n11. 猫の話。${latinFirst}\n`);
    const ten = runs.find((p) => p.run.text === '10.' && p.run.srcFrom < 0)!;
    const eleven = runs.find((p) => p.run.text === '11' && p.run.srcFrom < 0)!;
    expect(rounded(ten.m)).toEqual(SIDEWAYS);
    expect(rounded(eleven.m)).toEqual(UPRIGHT);
    // Two sideways digits run past a one-em cell: `10.` is wider than `11` + `.` in its cell.
    const stop = runs.find((p) => p.run.text === '.' && p.run.srcFrom < 0 && p.run.y === eleven.run.y)!;
    const cellMarker = stop.run.xs[0]! + advance(stop) - eleven.run.xs[0]!;
    expect(ten.run.xs[2]! + advance(ten, 2) - ten.run.xs[0]!).toBeGreaterThan(cellMarker + 0.1);
    // Both markers end where the column ends, and both texts start at one place down the column.
    // Before: item 10 was set again beside its wider sideways marker, its text that much further down.
    const textStart = (marker: Placed): number => Math.min(...lineOf(runs, marker).map((p) => p.run.xs[0]!));
    expect(textStart(ten)).toBeCloseTo(textStart(eleven), 2);
    expect(ten.run.xs[2]! + advance(ten, 2)).toBeCloseTo(stop.run.xs[0]! + advance(stop), 2);
  });

  it('incremental equals full: an ordered run, a box\'s and a group\'s list items and a note, their markers set by their lines', () => {
    const settings = settingsFromConfig({ locale: 'ja', layout: { writingMode: 'vertical-rl', layoutType: 'single' }, bodyText: { fontFamily: FACE }, headings: { fontFamily: FACE } });
    const note = `${Array.from({ length: 28 }, () => 'apple').join(' ')} aiiiiiiiii 猫の話。`;
    const source = `前文。\n\n10. ${latinFirst}\n11. 猫の話。${latinFirst}\n\n:::callout\n1. ${latinFirst}\n2. 猫の話。\n:::\n\n:::columns{count=2}\n1. ${latinFirst}\n2. 猫の話。\n:::\n\n本文[^a]。\n\n[^a]: ${note}\n`;
    expectOpeningEditEqualsFull((text) => ({ title: '縦', settings, chapters: [{ id: 'a', title: '', source: text }] }), source, fonts);
  });

  it('list items in a callout box: the marker by the item\'s first line, as in running text', async () => {
    const { runs } = await layout(`前文。\n\n:::callout\n1. ${latinFirst}\n2. 猫の話。${latinFirst}\n:::\n\n後文。\n`);
    expectMarkersByLine(runs);
  });

  it('list items in a :::columns group: the marker by the item\'s first line, as in running text', async () => {
    const { runs } = await layout(`前文。\n\n:::columns{count=2}\n1. ${latinFirst}\n2. 猫の話。${latinFirst}\n:::\n\n後文。\n`);
    expectMarkersByLine(runs);
  });
});

describe('a contents entry\'s number column in vertical text (toc.levels[].numberWidth, §11.5)', () => {
  it('the number follows the title\'s first line: sideways at its width from the column\'s head beside Latin, an upright cell there beside CJK', async () => {
    const apples = Array.from({ length: 30 }, () => 'apple').join(' ');
    const extra: StoredConfig = { headings: { fontFamily: FACE, levels: [{ level: 1, breakBefore: { enabled: false }, numberingTemplate: '{1}' }] }, toc: { levels: [{ level: 1, numberWidth: 30 }] } };
    const { runs, area } = await layout(`:::toc\n\n# 猫の話\n\n本文。\n\n# Tama ${apples} 犬\n\n本文。\n`, extra);
    // The number column's numbers: generated digits at the head of a contents row (the page numbers stand at its foot).
    const numbers = runs.filter((p) => p.run.srcFrom < 0 && /^[0-9]$/.test(p.run.text) && p.run.line?.role === 'body' && applyMatrix(p.m, p.run.xs[0]!, p.run.y)[1] < area.top + 20);
    expect(numbers.map((p) => p.run.text)).toEqual(['1', '2']);
    const [cjk, latin] = numbers as [Placed, Placed];
    expect(rounded(cjk.m)).toEqual(UPRIGHT);
    expect(tcyCell(cjk).top).toBeCloseTo(area.top, 1);
    // 2's title opens with a line of Latin only (its 犬 on a later line): sideways, its pen at the column's head
    // (before: set in the one-em cell the entry's 犬 called for, the digit half the cell's spare, 1.8 pt, further down).
    expect(rounded(latin.m)).toEqual(SIDEWAYS);
    expect(applyMatrix(latin.m, latin.run.xs[0]!, latin.run.y)[1]).toBeCloseTo(area.top, 2);
  });
});

describe('display formulas in vertical text (document-format §11; our reading: a horizontal block turned with the flow)', () => {
  it('the formula is turned a quarter clockwise with the column, inside the type area, its number\'s cells after its end', async () => {
    const { book, runs, area } = await layout('前文の本文。\n\n$$\\sum_{k=1}^{n} k^2 = \\frac{n(n+1)(2n+1)}{6} \\label{eq:s}$$\n\n後文。\n');
    const page = book.pages[0]!;
    const matrices = itemMatrices(page.items);
    const displays = page.items.map((item, i) => ({ item, m: matrices[i] })).filter((d): d is { item: PathItem; m: Matrix } => d.item.op === Op.Path && d.item.math === 'display' && d.m !== null);
    expect(displays.length).toBeGreaterThan(0);
    // Every outline point on the sheet (the path's numbers taken in pairs).
    let [left, right, top, bottom] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const { item, m } of displays) {
      // Turned with the flow: its baseline runs down the sheet.
      expect(rounded(m)).toEqual(SIDEWAYS);
      const v = (item.d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
      for (let k = 0; k + 1 < v.length; k += 2) {
        const [x, y] = applyMatrix(m, v[k]!, v[k + 1]!);
        [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
      }
    }
    expect(inside({ left, right, top, bottom }, area)).toBe(true);
    // Its number: （1） upright cells (item 1) after the formula's end down the column, at the column's foot.
    const digit = runs.find((p) => p.run.text === '1' && p.run.srcFrom < 0 && p.run.line?.role === 'body')!;
    const [open] = generatedAt(runs, digit.run.y);
    expect(rounded(digit.m)).toEqual(UPRIGHT);
    expect(cellOnSheet(fonts, open!).top).toBeGreaterThan(bottom);
    // Across: the number's cells lie in the band of columns the formula takes (it stands beside the formula, not on a line of its own).
    expect(tcyCell(digit).left).toBeLessThan(right);
    expect(tcyCell(digit).right).toBeGreaterThan(left);
  });
});
