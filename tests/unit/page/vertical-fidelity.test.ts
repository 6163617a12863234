/**
 * CJK fidelity in vertical text (`layout.writingMode: 'vertical-rl'`, configuration.md §4, §14.1;
 * document-format §18.4–§18.5; page/vertical.ts): what the turned flow alone would get wrong —
 * circled numbers upright in a cell, kanbun marks beside their character, punctuation set narrower
 * by the CJK rules keeping its vertical form whole, a hung mark past the column's foot,
 * tate-chū-yoko one em along the column. Positions
 * are read on the sheet through the display list's matrices (pt, y down from the trim's top-left),
 * glyph boxes from the glyphs' outlines.
 */
import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { EngineCache, layoutBook, type BookInput } from '../../../src/worker/engine';
import { parsePathData } from '../../../src/worker/engine/vector/path-data';
import type { StoredConfig } from '../../../src/worker/config';
import { nodeFontRegistry } from '../../support/node-world';
import { sheetFrame } from '../../../src/worker/engine/page/geometry';
import { runChecks } from '../checks/run-checks';
import { cellOnSheet as cellOfRun, inkOnSheet as inkOfRun, inside, placedRuns, rounded, UPRIGHT, type Box, type Placed } from './vertical-sheet';

const fonts = nodeFontRegistry(['Noto Serif SC']);
const FACE = 'Noto Serif SC';

const config = (extra: StoredConfig = {}): StoredConfig => ({
  locale: 'ja',
  layout: { writingMode: 'vertical-rl', layoutType: 'single' },
  bodyText: { fontFamily: FACE },
  headings: { fontFamily: FACE },
  ...extra,
});

function layout(extra: StoredConfig, source: string) {
  const input: BookInput = { title: '縦', settings: settingsFromConfig(config(extra)), chapters: [{ id: 'a', title: '', source }] };
  const gen = layoutBook(input, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

const inkOnSheet = (p: Placed, g = 0): Box => inkOfRun(fonts, p, g);
const cellOnSheet = (p: Placed, g = 0, along?: number): Box => cellOfRun(fonts, p, g, along);

describe('vertical text: circled numbers (cjk.circledNumbers, §14.1)', () => {
  const source = '第①条と第②項に定める。\n';

  it('stands a circled number upright in a 1 em cell of the column, like an ideograph (cjk, the default)', () => {
    const runs = placedRuns(layout({}, source).pages).filter((p) => p.run.line?.role === 'body');
    const one = runs.find((p) => p.run.text === '①')!;
    expect(one, 'the circled number is a piece of its own').toBeDefined();
    expect(one.run.glyphs).toHaveLength(1);
    expect(rounded(one.m)).toEqual(UPRIGHT);
    const size = one.run.size;
    const cell = cellOnSheet(one);
    expect(cell.bottom - cell.top).toBeCloseTo(size, 1);
    expect(cell.right - cell.left).toBeCloseTo(size, 1);
    const ink = inkOnSheet(one);
    // Inside its cell (turned about the ideographic em box's middle, page/vertical.ts flowAxis).
    expect(inside(ink, cell)).toBe(true);
    // Upright, not turned: its ink is as wide on the sheet as the face draws it wide (a ring is round, but the box follows the outline's x extent).
    const face = fonts.get(one.run.font)!;
    const bounds = parsePathData(face.glyphPath(one.run.glyphs[0]!)).filter((s): s is typeof s & { x: number } => 'x' in s);
    const width = ((Math.max(...bounds.map((s) => s.x)) - Math.min(...bounds.map((s) => s.x))) * size) / face.upem;
    expect(ink.right - ink.left).toBeCloseTo(width, 1);
    // In the column of the ideographs around it: its cell across the line is theirs.
    const dai = runs.find((p) => p.run.text === '条')!;
    const daiCell = cellOnSheet(dai);
    expect(cell.left).toBeCloseTo(daiCell.left, 1);
    expect(cell.right).toBeCloseTo(daiCell.right, 1);
    // Down the column between 第 and 条: its cell ends where 条's begins.
    expect(cell.bottom).toBeCloseTo(daiCell.top, 1);
  });

  it('stands it upright under western too (our reading: Unicode orientation U), at the width its face gives it', () => {
    const runs = placedRuns(layout({ cjk: { circledNumbers: 'western' } }, source).pages).filter((p) => p.run.line?.role === 'body');
    const two = runs.find((p) => p.run.text.startsWith('②'))!;
    expect(two).toBeDefined();
    expect(rounded(two.m)).toEqual(UPRIGHT);
    expect(inside(inkOnSheet(two), cellOnSheet(two))).toBe(true);
  });
});

describe('vertical text: kanbun marks (:kunten, document-format §18.4)', () => {
  // 習 carries the okurigana フ, 之 the return mark レ (inline, the default; half size).
  const source = '学而時:kunten[習]{okuri="フ"}:kunten[之]{kaeri="レ"}亦説乎。\n';
  const marks = (extra: StoredConfig = {}) => {
    const runs = placedRuns(layout(extra, source).pages);
    const glyph = (text: string) => runs.find((p) => p.run.text === text && p.run.line?.role === 'body')!;
    const mark = (text: string) => runs.find((p) => p.run.text === text && !p.run.line)!;
    return { xi: glyph('習'), zhi: glyph('之'), okuri: mark('フ'), kaeri: mark('レ') };
  };

  it('sets the okurigana at the lower right of its character: right of the column, from the character\'s middle down', () => {
    const { xi, okuri } = marks();
    expect(rounded(okuri.m)).toEqual(UPRIGHT);
    expect(okuri.run.size).toBeCloseTo(xi.run.size / 2, 2);
    const base = cellOnSheet(xi);
    const middle = (base.top + base.bottom) / 2;
    const ink = inkOnSheet(okuri);
    // Right of the character's cell (in the leading on the column's right), not in the column.
    expect(ink.left).toBeGreaterThanOrEqual(base.right - 0.01);
    expect(ink.right).toBeLessThan(base.right + xi.run.size);
    // Beside the character's lower half: its cell starts at the character's middle, its ink under it and above the character's foot.
    const cell = cellOnSheet(okuri);
    expect(cell.top).toBeCloseTo(middle, 1);
    expect(ink.top).toBeGreaterThan(middle);
    expect(ink.bottom).toBeLessThan(base.bottom + 0.1 * xi.run.size);
  });

  it('sets the return mark at the lower left of its character: under it, in the column\'s left half', () => {
    const { zhi, kaeri } = marks();
    expect(rounded(kaeri.m)).toEqual(UPRIGHT);
    const base = cellOnSheet(zhi);
    const axis = (base.left + base.right) / 2;
    const ink = inkOnSheet(kaeri);
    expect(ink.right).toBeLessThanOrEqual(axis + 0.01);
    expect(ink.left).toBeGreaterThanOrEqual(base.left - 0.01);
    expect(ink.top).toBeGreaterThanOrEqual(base.bottom - 0.01);
    expect(ink.top).toBeLessThan(base.bottom + zhi.run.size / 2);
  });

  it('keeps no room after a character whose okurigana fits beside its lower half (one kana, half size)', () => {
    const { xi } = marks();
    const runs = placedRuns(layout({}, source).pages).filter((p) => p.run.line?.role === 'body');
    const next = runs.find((p) => p.run.text.startsWith('之'))!;
    // 之 follows 習 at one em down the column.
    expect(cellOnSheet(next).top - cellOnSheet(xi).top).toBeCloseTo(xi.run.size, 1);
  });

  it('under interlinear sets the return mark beside the character too: left of the column, from its middle', () => {
    const { zhi, kaeri } = marks({ cjk: { kunten: { placement: 'interlinear' } } });
    const base = cellOnSheet(zhi);
    const ink = inkOnSheet(kaeri);
    expect(ink.right).toBeLessThanOrEqual(base.left + 0.01);
    expect(cellOnSheet(kaeri).top).toBeCloseTo((base.top + base.bottom) / 2, 1);
  });
});

describe('vertical text: punctuation set narrower by the CJK rules (§14.1) keeps its vertical form whole', () => {
  /** The body glyphs of the first line in column order, each with its ink box on the sheet. */
  const column = (extra: StoredConfig, text: string) => {
    const runs = placedRuns(layout(extra, `${text}\n`).pages).filter((p) => p.run.line?.role === 'body');
    const first = runs[0]!.run.y;
    const glyphs = runs
      .filter((p) => p.run.y === first)
      .flatMap((p) => p.run.glyphs.map((_, g) => ({ ch: p.run.text.slice(p.run.clusters[g]!, p.run.clusters[g]! + 1), ink: inkOnSheet(p, g), size: p.run.size })));
    return glyphs.sort((a, b) => a.ink.top - b.ink.top);
  };

  it('kaiming (mainland Chinese): a centred vertical ：； is not cut into its neighbours, and still set narrower than an em', () => {
    const glyphs = column({ locale: 'zh' }, '他说：“你好，世界；我们走吧！”');
    expect(glyphs.map((g) => g.ch).join('')).toBe('他说：“你好，世界；我们走吧！”');
    // Down the column no ink runs into the next glyph's (the horizontal halves cut ：； 0.9 and 1.9 pt into “ and 我).
    for (let i = 1; i < glyphs.length; i++) expect(glyphs[i]!.ink.top, `${glyphs[i - 1]!.ch}${glyphs[i]!.ch}`).toBeGreaterThanOrEqual(glyphs[i - 1]!.ink.bottom);
    // ：and ；still narrower than their em: the ink before and after them less than an em apart (a full cell leaves about 1.1 em).
    for (const mark of ['：', '；']) {
      const i = glyphs.findIndex((g) => g.ch === mark);
      expect(glyphs[i + 1]!.ink.top - glyphs[i - 1]!.ink.bottom, mark).toBeLessThan(glyphs[i]!.size);
    }
  });

  it('lineEndHalf: a centred vertical ： ending a line is trimmed no more than its vertical form leaves blank, its ink inside the column', () => {
    const extra: StoredConfig = { locale: 'zh', cjk: { punctuationWidth: 'lineEndHalf' } };
    const probe = placedRuns(layout(extra, `${'永'.repeat(120)}\n`).pages).filter((p) => p.run.line?.role === 'body');
    const perLine = probe.filter((p) => p.run.y === probe[0]!.run.y).reduce((n, p) => n + p.run.glyphs.length, 0);
    const book = layout(extra, `${'永'.repeat(perLine - 1)}：${'永'.repeat(8)}。\n`);
    const runs = placedRuns(book.pages).filter((p) => p.run.line?.role === 'body');
    const colon = runs.find((p) => p.run.text.startsWith('：'))!;
    expect(colon.run.y).toBe(runs[0]!.run.y);
    const frame = sheetFrame(settingsFromConfig(config(extra)), book.pages[0]!.index);
    expect(inkOnSheet(colon).bottom).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
  });

  it('compressAdjacent and trimLineStart (Japanese): 。」 and brackets as before, their blank halves taken', () => {
    const glyphs = column({}, '「吾輩は猫である。」と、彼は言った。');
    for (let i = 1; i < glyphs.length; i++) expect(glyphs[i]!.ink.top, `${glyphs[i - 1]!.ch}${glyphs[i]!.ch}`).toBeGreaterThanOrEqual(glyphs[i - 1]!.ink.bottom);
    // 。 before 」 half width: from 。's ink to 」's less than half an em.
    const stop = glyphs.findIndex((g) => g.ch === '。');
    expect(glyphs[stop + 1]!.ch).toBe('」');
    expect(glyphs[stop + 1]!.ink.top - glyphs[stop]!.ink.bottom).toBeLessThan(glyphs[stop]!.size / 2);
  });
});

describe('vertical text: a hung mark (cjk.hangingPunctuation, §14.1)', () => {
  const hung = (hanging: string) => {
    const extra: StoredConfig = { cjk: { hangingPunctuation: hanging } };
    // How many ideographs fill a line: the first line of a long run of them.
    const probe = placedRuns(layout(extra, `${'永'.repeat(120)}\n`).pages).filter((p) => p.run.line?.role === 'body');
    const perLine = probe.filter((p) => p.run.y === probe[0]!.run.y).reduce((n, p) => n + p.run.glyphs.length, 0);
    const source = `${'永'.repeat(perLine)}、${'永'.repeat(8)}。\n`;
    const book = layout(extra, source);
    const runs = placedRuns(book.pages).filter((p) => p.run.line?.role === 'body');
    return { book, runs, perLine, source, extra };
  };

  it('hangs 、 past the foot of the column in its vertical form, its ink within half an em below the type area; no overfull line', () => {
    const { book, runs, perLine } = hung('force');
    const first = runs.filter((p) => p.run.y === runs[0]!.run.y);
    expect(first.reduce((n, p) => n + p.run.glyphs.length, 0)).toBe(perLine + 1);
    const comma = first.find((p) => p.run.text.startsWith('、'))!;
    expect(rounded(comma.m)).toEqual(UPRIGHT);
    const face = fonts.get(comma.run.font)!;
    expect(comma.run.glyphs[0]).toBe(face.shape('、', 'ltr', 'vert').glyphList()[0]);
    const settings = settingsFromConfig(config({ cjk: { hangingPunctuation: 'force' } }));
    const frame = sheetFrame(settings, book.pages[0]!.index);
    const foot = frame.contentTop + frame.contentHeight;
    const ink = inkOnSheet(comma);
    const last = inkOnSheet(first.filter((p) => p !== comma).sort((a, b) => inkOnSheet(b).bottom - inkOnSheet(a).bottom)[0]!);
    // Past the foot, below the last ideograph, and no further than the top half of the em cell it hangs in.
    expect(last.bottom).toBeLessThanOrEqual(foot + 0.01);
    expect(ink.top).toBeGreaterThanOrEqual(foot - 0.01);
    expect(ink.bottom).toBeLessThanOrEqual(foot + comma.run.size / 2);
    // At the column's right, as 、 stands in a vertical cell.
    const cell = cellOnSheet(comma);
    expect(ink.left).toBeGreaterThan((cell.left + cell.right) / 2);
  });

  it('the checks take the hung mark for a hung one: no overfullLine', () => {
    const { source, extra } = hung('force');
    const warnings = runChecks({ chapters: [{ id: 'a', source }], config: config(extra), patterns: null }).warnings;
    expect(warnings.filter((w) => w.kind === 'overfullLine')).toEqual([]);
  });
});

describe('vertical text: tate-chū-yoko takes one em along the column (cjk.uprightDigits, §14.1; document-format §18.5)', () => {
  /** The body glyph runs of the first page with their cells, by text. */
  const pieces = (extra: StoredConfig, text: string) => {
    const runs = placedRuns(layout(extra, `${text}\n`).pages).filter((p) => p.run.line?.role === 'body');
    return (t: string, nth = 0) => runs.filter((p) => p.run.text.trimEnd() === t)[nth]!;
  };
  /** The room down the column between the ideograph before a piece and the one after it, pt. */
  const room = (before: Placed, after: Placed) => cellOnSheet(after).top - cellOnSheet(before).bottom;

  it('a one-digit and a two-digit number each take exactly one em between the ideographs around them, their ink inside it', () => {
    const find = pieces({}, '第1回と第12回の会合');
    const size = find('第').run.size;
    for (const [number, nth] of [['1', 0], ['12', 1]] as const) {
      const before = find('第', nth);
      const after = find('回', nth);
      const piece = find(number);
      expect(rounded(piece.m), number).toEqual(UPRIGHT);
      expect(room(before, after), number).toBeCloseTo(size, 1);
      // Every digit's ink between the two ideographs' cells and across inside the column.
      for (let g = 0; g < piece.run.glyphs.length; g++) {
        const ink = inkOnSheet(piece, g);
        expect(ink.top, number).toBeGreaterThanOrEqual(cellOnSheet(before).bottom);
        expect(ink.bottom, number).toBeLessThanOrEqual(cellOnSheet(after).top);
        expect(ink.left, number).toBeGreaterThanOrEqual(cellOnSheet(before).left - 0.01);
        expect(ink.right, number).toBeLessThanOrEqual(cellOnSheet(before).right + 0.01);
      }
    }
  });

  it('a four-digit year under uprightDigits 4 takes one em too (narrowed across to one em), not its horizontal length', () => {
    const find = pieces({ cjk: { uprightDigits: 4 } }, '西暦1905年の冬');
    const size = find('暦').run.size;
    expect(room(find('暦'), find('年'))).toBeCloseTo(size, 1);
    // Japanese !? is one cell too.
    const marks = pieces({}, '本当か!?そうだ');
    expect(room(marks('か'), marks('そ'))).toBeCloseTo(size, 1);
  });

  it('follows :tcy, :upright and :sideways: a :tcy[100] one em, each :upright letter one em, a :sideways number its own length', () => {
    const find = pieces({}, '第:tcy[100]回と:upright[GD]の:sideways[12]日');
    const size = find('第').run.size;
    // Three digits (more than uprightDigits 2) in a :tcy: one cell.
    expect(room(find('第'), find('回'))).toBeCloseTo(size, 1);
    // Two upright letters: two cells, no Latin spacing beside them.
    expect(room(find('と'), find('の'))).toBeCloseTo(2 * size, 1);
    // Sideways 12 is not made a cell: turned, as long as its two digits plus cjk.latinSpacing (0.25 em) either side.
    const twelve = find('12');
    expect(rounded(twelve.m)).toEqual([0, 1, -1, 0]);
    const face = fonts.get(twelve.run.font)!;
    const natural = ((face.glyphAdvance(twelve.run.glyphs[0]!) + face.glyphAdvance(twelve.run.glyphs[1]!)) * size) / face.upem;
    expect(room(find('の'), find('日'))).toBeCloseTo(natural + 0.5 * size, 1);
  });
});
