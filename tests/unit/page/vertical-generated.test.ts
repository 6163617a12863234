/**
 * Generated text of the flow in vertical text (`layout.writingMode: 'vertical-rl'`, configuration.md
 * §4, §14.1 `cjk.uprightDigits`; document-format §18.5): heading numbers, list markers, note marks
 * and note numbers are turned with the flow, so they are set as its text is — a short number one
 * tate-chū-yoko cell exactly one em along the column, punctuation narrowed by the CJK rules losing
 * the blank of its vertical form (paragraph/vertical-tcy.ts `inFlow`, page/vertical-generated.ts).
 * Positions on the sheet through the display list's matrices (pt, y down), ink from the outlines.
 */
import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { EngineCache, layoutBook, type BookInput } from '../../../src/worker/engine';
import { applyMatrix, itemMatrices, Op, serializeDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import type { StoredConfig } from '../../../src/worker/config';
import { sheetFrame } from '../../../src/worker/engine/page/geometry';
import { nodeFontRegistry } from '../../support/node-world';
import { cellOnSheet, inkOnSheet, placedRuns, rounded, tcyCellOnSheet, UPRIGHT, type Box, type Placed } from './vertical-sheet';

const fonts = nodeFontRegistry(['Noto Serif SC']);
const FACE = 'Noto Serif SC';

const config = (extra: StoredConfig): StoredConfig => ({
  locale: 'ja',
  layout: { writingMode: 'vertical-rl', layoutType: 'single' },
  bodyText: { fontFamily: FACE },
  ...extra,
  headings: { fontFamily: FACE, ...((extra['headings'] as object | undefined) ?? {}) },
});

function layout(extra: StoredConfig, source: string, cache = new EngineCache()) {
  const settings = settingsFromConfig(config(extra));
  const input: BookInput = { title: '縦', settings, chapters: [{ id: 'a', title: '', source }] };
  const gen = layoutBook(input, fonts, cache);
  let step = gen.next();
  while (!step.done) step = gen.next();
  const book = step.value;
  return { book, settings, runs: placedRuns(book.pages), frame: sheetFrame(settings, book.pages[0]!.index) };
}

const cell = (p: Placed, g = 0): Box => cellOnSheet(fonts, p, g);
const ink = (p: Placed, g = 0): Box => inkOnSheet(fonts, p, g);

/** The 1 em cell a tate-chū-yoko piece stands in (vertical-sheet.ts `tcyCellOnSheet`). */
const tcyCell = (p: Placed): Box => tcyCellOnSheet(fonts, p);

/** Every glyph's ink of the piece inside `box` (pt, 0.01 slack). */
function inkInside(p: Placed, box: Box): boolean {
  return p.run.glyphs.every((_, g) => {
    const b = ink(p, g);
    return b.top >= box.top - 0.01 && b.bottom <= box.bottom + 0.01 && b.left >= box.left - 0.01 && b.right <= box.right + 0.01;
  });
}

describe('heading numbers in vertical text (headings.levels[].numberingTemplate, §8.3)', () => {
  const headings: StoredConfig = { levels: [{ level: 1, numberingTemplate: '第{1}章', numberSeparator: '　' }, { level: 2, numberingTemplate: '{1}.{2}', numberSeparator: ' ' }] };

  it('第1章: the number is one upright cell of exactly one em between 第 and 章, its ink inside it', () => {
    const { runs } = layout({ headings }, '# 猫の話\n\n本文。\n');
    const heading = runs.filter((p) => p.run.line?.role === 'heading');
    const dai = heading.find((p) => p.run.text === '第')!;
    const sho = heading.find((p) => p.run.text === '章')!;
    const one = heading.find((p) => p.run.text === '1')!;
    const size = dai.run.size;
    expect(rounded(one.m)).toEqual(UPRIGHT);
    // 18 pt down the column between the two ideographs' cells (before: the digit's width plus 0.25 em of Latin spacing either side, 17.39 pt).
    expect(cell(sho).top - cell(dai).bottom).toBeCloseTo(size, 1);
    const room = { ...cell(dai), top: cell(dai).bottom, bottom: cell(sho).top };
    expect(inkInside(one, room)).toBe(true);
    expect(tcyCell(one).top).toBeCloseTo(room.top, 1);
  });

  it('1.1: each number a one-em upright cell, the full stop sideways between them, the first cell at the column\'s head', () => {
    const { runs, frame } = layout({ headings }, '# 猫\n\n## 名前\n\n本文。\n');
    const heading = runs.filter((p) => p.run.line?.role === 'heading' && p.run.size === 15);
    const [first, stop, second] = heading;
    expect([first, stop, second].map((p) => p!.run.text.trimEnd())).toEqual(['1', '.', '1']);
    expect(rounded(first!.m)).toEqual(UPRIGHT);
    expect(rounded(second!.m)).toEqual(UPRIGHT);
    expect(rounded(stop!.m)).toEqual([0, 1, -1, 0]);
    const size = first!.run.size;
    // The heading starts at the column's head: the first cell from there one em down, the stop's pen at its end (before: 6.99 pt down).
    expect(tcyCell(first!).top).toBeCloseTo(frame.contentTop, 1);
    const [, stopPen] = applyMatrix(stop!.m, stop!.run.xs[0]!, stop!.run.y);
    expect(stopPen - frame.contentTop).toBeCloseTo(size, 1);
    expect(inkInside(first!, tcyCell(first!))).toBe(true);
    expect(inkInside(second!, tcyCell(second!))).toBe(true);
    // The second cell after the stop: its top no higher than the stop's ink's foot.
    expect(tcyCell(second!).top).toBeGreaterThanOrEqual(ink(stop!).bottom - 0.01);
  });

  it('a Chinese heading number ending in ： (kaiming halves it): its centred vertical form is not cut into the title', () => {
    const { runs } = layout({ locale: 'zh', headings: { levels: [{ level: 1, numberingTemplate: '第{1}章：', numberSeparator: '' }] } }, '# 猫的故事\n\n正文。\n');
    const heading = runs.filter((p) => p.run.line?.role === 'heading');
    const glyphs = heading.flatMap((p) => p.run.glyphs.map((_, g) => ({ ch: p.run.text.slice(p.run.clusters[g]!, p.run.clusters[g]! + 1), ink: ink(p, g) }))).sort((a, b) => a.ink.top - b.ink.top);
    expect(glyphs.map((g) => g.ch).join('')).toBe('第1章：猫的故事');
    // Down the column no ink runs into the next glyph's (before: the horizontal half taken off ： cut its ink into 猫).
    for (let i = 1; i < glyphs.length; i++) expect(glyphs[i]!.ink.top, `${glyphs[i - 1]!.ch}${glyphs[i]!.ch}`).toBeGreaterThanOrEqual(glyphs[i - 1]!.ink.bottom);
  });
});

describe('note marks and note numbers in vertical text (footnotes, §11.1)', () => {
  // Twelve notes: the marks （1） and （12） in the text, the numbers 1 and 12 at the notes.
  const source = `${Array.from({ length: 12 }, (_, i) => `吾輩は猫である[^n${i + 1}]。`).join('')}\n\n${Array.from({ length: 12 }, (_, i) => `[^n${i + 1}]: 夏目漱石の小説。`).join('\n\n')}\n`;

  it('a mark\'s number (one or two digits) is one upright cell of the mark\'s em between its brackets', () => {
    const { runs } = layout({}, source);
    const body = runs.filter((p) => p.run.line?.role === 'body');
    for (const label of ['1', '12']) {
      const at = body.findIndex((p) => p.run.text === label && body[body.indexOf(p) - 1]?.run.text === '（');
      expect(at, label).toBeGreaterThan(0);
      const [open, number, close] = [body[at - 1]!, body[at]!, body[at + 1]!];
      expect(close.run.text).toBe('）');
      expect(rounded(number.m)).toEqual(UPRIGHT);
      const size = number.run.size;
      // Exactly one em of the mark's size between the brackets' cells (before: the digits' width, 2.45 pt for 1 at 5.2 pt).
      expect(cell(close).top - cell(open).bottom, label).toBeCloseTo(size, 1);
      expect(inkInside(number, { ...cell(open), top: cell(open).bottom, bottom: cell(close).top }), label).toBe(true);
    }
  });

  it('a note\'s number is one upright cell from the column\'s head, the note\'s text footnotes.numberGap after it', () => {
    const { runs, frame, settings } = layout({}, source);
    const notes = runs.filter((p) => p.run.line?.role === 'note');
    for (const label of ['1', '12']) {
      const number = notes.find((p) => p.run.text === label);
      if (!number) continue; // not on these pages' feet
      const text = notes.find((p) => p.run.text === '夏' && Math.abs(p.run.y - number.run.y) < 0.01)!;
      expect(rounded(number.m)).toEqual(UPRIGHT);
      const box = tcyCell(number);
      // Across: in the note line's column; down: from the column's head, one em of the note's size.
      expect(box.top, label).toBeCloseTo(frame.contentTop, 1);
      expect(inkInside(number, box), label).toBe(true);
      // The text after the number's cell and the gap (0.5 em of the note size by default).
      expect(cell(text).top - box.bottom, label).toBeCloseTo(settings.notes.numberGap, 1);
    }
    expect(notes.some((p) => p.run.text === '1')).toBe(true);
  });
});

describe('list markers in vertical text (orderedLists, §9.2)', () => {
  it('1. and 12.: the number one upright cell of one em, the full stop sideways after it, the markers flush in their column', () => {
    const items = Array.from({ length: 12 }, (_, i) => `${i + 1}. 項目の本文`).join('\n');
    const { runs, frame } = layout({}, `前文。\n\n${items}\n`);
    const body = runs.filter((p) => p.run.line?.role === 'body');
    for (const label of ['1', '12']) {
      const number = body.find((p) => p.run.text === label)!;
      const stop = body.find((p) => p.run.text === '.' && p.run.y === number.run.y)!;
      expect(rounded(number.m), label).toEqual(UPRIGHT);
      expect(rounded(stop.m), label).toEqual([0, 1, -1, 0]);
      const box = tcyCell(number);
      expect(inkInside(number, box), label).toBe(true);
      // The stop's pen where the cell ends (before: 1's cell ran 2.1 pt past it, into the stop).
      const [, stopPen] = applyMatrix(stop.m, stop.run.xs[0]!, stop.run.y);
      expect(stopPen - box.bottom, label).toBeCloseTo(0, 1);
      // Both markers are a cell and a stop long: right-aligned in the number column, each starts at the column's head (the list is not indented).
      expect(box.top, label).toBeCloseTo(frame.contentTop, 1);
    }
  });
});

describe('a generated number beside a line holding no CJK text stays as set horizontally', () => {
  it('a Latin list item\'s marker: drawn sideways with its line, the digit at its own width (no one-em cell)', () => {
    const { runs } = layout({}, '前文。\n\n1. Apple pie\n2. Plum cake\n');
    const marker = runs.find((p) => p.run.text.startsWith('1') && p.run.line?.role === 'body')!;
    expect(marker.run.text).toBe('1.');
    // The line holds no CJK: page/vertical.ts leaves it whole and sideways.
    expect(rounded(marker.m)).toEqual([0, 1, -1, 0]);
    const face = fonts.get(marker.run.font)!;
    // The stop right after the digit's own advance (with the cell it came (8 − 3.7) / 2 pt later at 8 pt).
    expect(marker.run.xs[1]! - marker.run.xs[0]!).toBeCloseTo((face.glyphAdvance(marker.run.glyphs[0]!) * marker.run.size) / face.upem, 2);
  });
});

describe('generated text of the vertical flow, incrementally', () => {
  it('lays out the same after an edit incrementally as from scratch (numbered headings, a list, notes)', () => {
    const extra: StoredConfig = { headings: { levels: [{ level: 1, numberingTemplate: '第{1}章', numberSeparator: '　' }, { level: 2, numberingTemplate: '{1}.{2}', numberSeparator: ' ' }] } };
    const items = Array.from({ length: 12 }, (_, i) => `${i + 1}. 項目の本文[^n${i + 1}]`).join('\n');
    const notes = Array.from({ length: 12 }, (_, i) => `[^n${i + 1}]: 注の本文。`).join('\n\n');
    const source = `# 猫の話\n\n吾輩は猫である。名前はまだ無い。\n\n## 名前\n\n${items}\n\n${notes}\n`;
    const cache = new EngineCache();
    layout(extra, source, cache);
    const edited = source.replace('名前はまだ無い', '名前はもう有る');
    const incremental = layout(extra, edited, cache).book;
    const fresh = layout(extra, edited).book;
    expect(incremental.pages.map(serializeDisplayList)).toEqual(fresh.pages.map(serializeDisplayList));
  });
});

describe('contents page numbers and leaders in vertical text (:::toc, §11.5)', () => {
  const source = ':::toc\n\n# 猫の話\n\n本文。\n\n# 犬の話\n\n本文。\n';
  const noBreak: StoredConfig = { headings: { levels: [{ level: 1, breakBefore: { enabled: false } }] } };
  /** The first contents row: its title's first glyph, its page number's pieces and its leader. */
  const row = (extra: StoredConfig) => {
    const { runs, frame } = layout({ ...noBreak, ...extra }, source);
    const first = runs.find((p) => p.run.text === '猫' && p.run.line?.role === 'body')!;
    const leader = runs.find((p) => p.run.text.startsWith('..'))!;
    // The page number: the pieces drawn after the title on its line (generated, the same baseline), not the leader.
    const number = runs.filter((p) => p.run.y === first.run.y && /^[0-9]+$/.test(p.run.text));
    return { first, leader, number, frame };
  };
  const foot = (frame: { contentTop: number; contentHeight: number }) => frame.contentTop + frame.contentHeight;

  it('a page number of at most uprightDigits digits is one upright cell of one em, its end at the column\'s foot', () => {
    for (const [startAt, label] of [[1, '1'], [10, '10']] as const) {
      const { number, frame } = row({ page: { pageNumbering: { startAt } } });
      expect(number.map((p) => p.run.text).join(''), label).toBe(label);
      const piece = number[0]!;
      expect(rounded(piece.m), label).toEqual(UPRIGHT);
      const box = tcyCell(piece);
      // Before: turned upright about the middle of its horizontal width, 1 ran 2.1 pt past the foot, 10 0.5 pt.
      expect(box.bottom, label).toBeCloseTo(foot(frame), 1);
      expect(inkInside(piece, box), label).toBe(true);
    }
  });

  it('a longer page number stands sideways at its own length, ending at the column\'s foot', () => {
    const { number, frame } = row({ page: { pageNumbering: { startAt: 100 } } });
    expect(number.map((p) => p.run.text).join('')).toBe('100');
    const piece = number[0]!;
    expect(rounded(piece.m)).toEqual([0, 1, -1, 0]);
    const face = fonts.get(piece.run.font)!;
    const last = piece.run.glyphs.length - 1;
    const [, end] = applyMatrix(piece.m, piece.run.xs[last]! + (face.glyphAdvance(piece.run.glyphs[last]!) * piece.run.size) / face.upem, piece.run.y);
    expect(end).toBeCloseTo(foot(frame), 1);
  });

  it('the leader runs down the column between the title and the number, each dot on the column\'s axis', () => {
    const { first, leader, number, frame } = row({});
    const column = cell(first);
    const axis = (column.left + column.right) / 2;
    expect(leader.run.glyphs.length).toBeGreaterThan(10);
    let previous = -Infinity;
    for (let g = 0; g < leader.run.glyphs.length; g++) {
      const dot = ink(leader, g);
      // Across: its ink's middle on the axis (before: on the baseline, 2.7 pt left of it at 8 pt).
      expect((dot.left + dot.right) / 2).toBeCloseTo(axis, 1);
      // Down the column, in order, after the title and before the page number's cell.
      expect(dot.top).toBeGreaterThan(previous);
      previous = dot.bottom;
      expect(dot.top).toBeGreaterThan(column.bottom);
      expect(dot.bottom).toBeLessThan(tcyCell(number[0]!).top);
    }
    expect(tcyCell(number[0]!).bottom).toBeCloseTo(foot(frame), 1);
  });
});

describe('a oneAndHalf side column in vertical text is a tier (layout.sideColumnSide, §4.1; our reading of §4 "columns become tiers")', () => {
  /** The body glyphs' cells down the sheet on the first two pages (a recto and a verso, page.margins.mirror), for a side. */
  const pages = (side: string) => {
    const text = Array.from({ length: 200 }, () => '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。').join('');
    const { book, settings } = layout({ layout: { writingMode: 'vertical-rl', layoutType: 'oneAndHalf', sideColumnRole: 'text', sideColumnSide: side }, page: { margins: { mirror: true } } }, `${text}\n`);
    const runs = placedRuns(book.pages);
    return book.pages.slice(0, 2).map((page) => {
      const frame = sheetFrame(settings, page.index);
      // Tier lengths down the sheet, pt: the side column's share of the type area's height, the main tier the rest less the gutter.
      const side = (settings.sideColumn!.percent / 100) * frame.contentHeight;
      const main = frame.contentHeight - side - settings.gutter;
      // Each glyph's cell down the sheet, but for a mark hung past a line's end (cjk.hangingPunctuation, auto 'allow' in Japan).
      const cells = runs.filter((p) => page.items.includes(p.run) && p.run.line?.role === 'body' && !'、。'.includes(p.run.text)).map((p) => cell(p));
      return { cells, top: frame.contentTop, side, main, gutter: settings.gutter };
    });
  };

  for (const [name, lower] of [['right', true], ['left', false], ['outer', false], ['inner', true]] as const) {
    it(`${name}: the side tier is ${lower ? 'the lower' : 'the upper'} one on a recto and a verso alike`, () => {
      const both = pages(name);
      expect(both).toHaveLength(2);
      for (const { cells, top, side, main, gutter } of both) {
        const upper = { from: top, to: top + (lower ? main : side) };
        const below = { from: upper.to + gutter, to: upper.to + gutter + (lower ? side : main) };
        // Lines start at the head of both tiers: the upper's at the type area's top, the lower's a gutter under the upper tier.
        expect(Math.min(...cells.map((c) => c.top))).toBeCloseTo(upper.from, 1);
        expect(cells.some((c) => Math.abs(c.top - below.from) < 0.05), name).toBe(true);
        // Every cell inside one tier.
        for (const c of cells) expect((c.top >= upper.from - 0.05 && c.bottom <= upper.to + 0.05) || (c.top >= below.from - 0.05 && c.bottom <= below.to + 0.05), `${name} ${c.top}`).toBe(true);
      }
    });
  }
});

describe('a callout box\'s label tab in vertical text (calloutStyles[].label, §13.4)', () => {
  it('コラム1: the number one upright cell of one em, the tab its padding past it', () => {
    const extra = { calloutStyles: [{ id: 'box', label: {} }] } as unknown as StoredConfig;
    const { book } = layout(extra, '前文。\n\n:::callout{label="コラム1"}\n箱の中の文。\n:::\n\n後文。\n');
    const page = book.pages[0]!;
    const runs = placedRuns([page]);
    const tab = runs.filter((p) => p.run.line?.role === 'heading');
    const mu = tab.find((p) => p.run.text === 'ム')!;
    const one = tab.find((p) => p.run.text === '1')!;
    expect(rounded(one.m)).toEqual(UPRIGHT);
    const box = tcyCell(one);
    // The tab (the rectangle of the label's background) ends its padding (0.6 em of the label's size) past the cell.
    const matrices = itemMatrices(page.items);
    const rect = page.items.findIndex((item) => item.op === Op.Rect && item.fill !== '#f4f4f4' && item.h > 2);
    const r = page.items[rect] as RectItem;
    const ends = [applyMatrix(matrices[rect]!, r.x, r.y)[1], applyMatrix(matrices[rect]!, r.x + r.w, r.y + r.h)[1]];
    // (Before: the tab ended after the digit's own width, the cell reaching 2.1 pt into the padding.)
    expect(Math.max(...ends) - box.bottom).toBeCloseTo(0.6 * one.run.size, 1);
    // Right after ム's cell: no Latin spacing beside the cell (before: 0.25 em, with the digit's 0.47 em).
    expect(box.top).toBeCloseTo(cell(mu).bottom, 1);
    expect(inkInside(one, box)).toBe(true);
  });
});
