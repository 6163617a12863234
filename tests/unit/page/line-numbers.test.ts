import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { collectConfigWarnings, settingsNotApplied } from '../../../src/worker/config';
import type { GlyphRunItem, PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { EngineCache, type BookInput } from '../../../src/worker/engine';
import { dump, inkExtent, oneChapterBook, ptLength, run, runs, TEN_ROW_COLUMN } from './helpers';

/**
 * Margin line numbers (configuration.md §11.2 `lineNumbers`; page/line-numbers.ts). Pages of one
 * column of exactly 10 grid lines (TEN_ROW_COLUMN: 300 × 220 pt, 50 pt margins, a 10 pt body on
 * 12 pt), so the column runs from x = 50 to 250 pt and row k's baseline is 12 pt under row k − 1's.
 * The numbers are 8 pt (0.8 body em) and stand 8 pt (1 em of their own size) off the column.
 */
const config = (lineNumbers?: Record<string, unknown>, more: Record<string, unknown> = {}) => ({ ...TEN_ROW_COLUMN, ...(lineNumbers ? { lineNumbers } : {}), ...more });
const layoutOf = (source: string, lineNumbers?: Record<string, unknown>, more: Record<string, unknown> = {}, cache = new EngineCache()) =>
  run(oneChapterBook(source, settingsFromConfig(config(lineNumbers, more) as never)), cache);

/** One-line paragraphs "Line 1", "Line 2", …: each takes one grid line. */
const oneLiners = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `Line ${from + i}`).join('\n\n');

const numbersOn = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line?.role === 'lineNumber');
/** The body line at a number's baseline (its text). */
const lineAt = (page: PageDisplayList, y: number): string =>
  runs(page)
    .filter((r) => r.line?.role === 'body' && r.y === y)
    .map((r) => r.text)
    .join(' ');
/** What each page prints as line numbers, with the text of the line beside each: ["5:Line 5", …]. */
const numbered = (pages: readonly PageDisplayList[]): string[][] => pages.map((p) => numbersOn(p).map((n) => `${n.text}:${lineAt(p, n.y)}`));

describe('lineNumbers (§11.2)', () => {
  it('prints every fifth line of a page in the outer margin, restarting on each page, when counting all lines', () => {
    const layout = layoutOf(oneLiners(25), { enabled: true, count: 'all' });
    expect(numbered(layout.pages)).toEqual([
      ['5:Line 5', '10:Line 10'],
      ['5:Line 15', '10:Line 20'],
      ['5:Line 25'],
    ]);
    // Page 1 (index 0) is a recto: its outer margin is on the right, the numbers 8 pt after the column's right edge.
    for (const n of numbersOn(layout.pages[0]!)) expect(n.xs[0]).toBeCloseTo(258, 3);
    // On the verso the numbers end 8 pt before the column's left edge (right-aligned: "5" and "10" end together).
    for (const n of numbersOn(layout.pages[1]!)) expect(inkExtent(n).right).toBeCloseTo(42, 0);
    const [five, ten] = numbersOn(layout.pages[1]!);
    expect(inkExtent(five!).right).toBeCloseTo(inkExtent(ten!).right, 1);
    // At 0.8 of the body size, in the body's colour, upright and generated (no source).
    for (const n of numbersOn(layout.pages[0]!)) {
      expect(n.size).toBe(8);
      expect(n.srcFrom).toBe(-1);
    }
  });

  it('prints nothing when off (the default) and never moves a line when on', () => {
    const source = ['# A chapter', oneLiners(12), ':::verse', 'One line', 'Another', ':::'].join('\n\n');
    const off = layoutOf(source);
    expect(off.pages.flatMap(numbersOn)).toEqual([]);
    expect(layoutOf(source, { enabled: false, count: 'all' }).pages.flatMap(numbersOn)).toEqual([]);
    const on = layoutOf(source, { enabled: true, count: 'all', interval: 1 });
    expect(on.pages.flatMap(numbersOn).length).toBeGreaterThan(10);
    // Every other item is where it was, in the same order.
    const without = (pages: readonly PageDisplayList[]) => JSON.stringify(pages.map((p) => p.items.filter((i) => !('line' in i && i.line?.role === 'lineNumber'))));
    expect(without(on.pages)).toBe(without(off.pages));
  });

  it('does not count headings, notes, a box title or code (a box in the flow: line-numbers-boxes.test.ts)', () => {
    const source = ['# Title', 'Line 1[^n]', '## A section', 'Line 2', ':::callout{type=note title="Box"}', 'In the box', ':::', '```', 'code', '```', 'Line 3', '[^n]: A note.'].join('\n\n');
    const layout = layoutOf(source, { enabled: true, count: 'all', interval: 1, restart: 'document' });
    expect(numbered(layout.pages).flat()).toEqual(['1:Line 1 1', '2:Line 2', '3:In the box', '4:Line 3']);
  });

  it('restarts at every H1 with restart: chapter, and goes on across pages', () => {
    const source = ['# One', oneLiners(12), '# Two', oneLiners(6, 13)].join('\n\n');
    const layout = layoutOf(source, { enabled: true, count: 'all', restart: 'chapter' });
    // Chapter One: 12 lines over two pages (the heading takes rows), then Two's count starts again.
    expect(numbered(layout.pages).flat()).toEqual(['5:Line 5', '10:Line 10', '5:Line 17']);
  });

  it('counts verse lines only by default, once per verse line (no turnovers, no stepped lines), restarting with each poem', () => {
    const long = 'A verse line long enough to turn over in this narrow column of two hundred points';
    const poem = (...lines: string[]) => [':::verse{align=start}', ...lines, ':::'].join('\n');
    const source = [
      'Prose is not counted.',
      poem('a1', 'a2', long, '+ stepped', 'a4', 'a5', 'a6'),
      'More prose.',
      poem('b1', 'b2', 'b3', 'b4', 'b5'),
    ].join('\n\n');
    const layout = layoutOf(source, { enabled: true, interval: 1, position: 'left' });
    const all = numbered(layout.pages).flat();
    expect(all).toEqual(['1:a1', '2:a2', `3:${all[2]!.slice(2)}`, '4:a4', '5:a5', '6:a6', '1:b1', '2:b2', '3:b3', '4:b4', '5:b5']);
    expect(all[2]!.startsWith('3:A verse line')).toBe(true);
  });

  it('reads the poem fence (numbered=false, lineStart, interval) and :::numbering{lines} (document-format §9.1, §14.4)', () => {
    const poem = (attrs: string, ...lines: string[]) => [`:::verse{align=start${attrs}}`, ...lines, ':::'].join('\n');
    const source = [poem('', 'a1', 'a2'), poem(' numbered=false', 'skip 1', 'skip 2'), poem(' lineStart=10', 'b10', 'b11', 'b12'), poem(' interval=3 lineStart=1', 'c1', 'c2', 'c3')].join('\n\n');
    expect(numbered(layoutOf(source, { enabled: true, interval: 2 }).pages).flat()).toEqual(['2:a2', '10:b10', '12:b12', '3:c3']);
    // lines=N: the next counted line is N, in a count that otherwise runs on (restart document).
    const directive = [oneLiners(3), ':::numbering{lines=20}', oneLiners(3, 4)].join('\n\n');
    expect(numbered(layoutOf(directive, { enabled: true, count: 'all', restart: 'document', interval: 1 }).pages).flat()).toEqual(['1:Line 1', '2:Line 2', '3:Line 3', '20:Line 4', '21:Line 5', '22:Line 6']);
  });

  it('prints the first line with numberFirst, starts at startAt, and formats with §3 words', () => {
    const layout = layoutOf(oneLiners(8), { enabled: true, count: 'all', numberFirst: true, startAt: 3, format: 'lower-roman', interval: 4 });
    // Lines numbered 3…10: the first (iii) and the multiples of 4 (iv, viii).
    expect(numbered(layout.pages).flat()).toEqual(['iii:Line 1', 'iv:Line 2', 'viii:Line 6']);
  });

  it('places the numbers by position, gap and fontSize', () => {
    const at = (lineNumbers: Record<string, unknown>) => numbersOn(layoutOf(oneLiners(5), { enabled: true, count: 'all', ...lineNumbers }).pages[0]!)[0]!;
    // inner on a recto: the left margin; gap 4 pt; a 6 pt number.
    const inner = at({ position: 'inner', gap: ptLength(4), fontSize: ptLength(6) });
    expect(inner.size).toBe(6);
    expect(inkExtent(inner).right).toBeCloseTo(46, 0);
    // right: after the right edge, 2 em of the number (16 pt) off it; italic numbers come from an italic face.
    const right = at({ position: 'right', gap: { value: 2, unit: 'em' }, italic: true });
    expect(right.xs[0]).toBeCloseTo(266, 3);
    expect(right.font).not.toBe(at({ position: 'right' }).font);
    // Colour and weight of their own (the body's by default).
    const coloured = at({ color: '#336699', fontWeight: 700 });
    expect(coloured.fill).toBe('#336699');
    expect(at({}).fill).toBe(layoutOf('Line 1').pages[0]!.items.find((i): i is GlyphRunItem => 'line' in i && i.line?.role === 'body')!.fill);
    expect(coloured.font).not.toBe(at({}).font);
  });

  it('reads start/end by the book direction and side as the side column\'s side', () => {
    const firstNumber = (lineNumbers: Record<string, unknown>, more: Record<string, unknown> = {}) => numbersOn(layoutOf(oneLiners(5), { enabled: true, count: 'all', ...lineNumbers }, more).pages[0]!)[0]!;
    // Left to right: start is the left margin, end the right.
    expect(inkExtent(firstNumber({ position: 'start' })).right).toBeCloseTo(42, 0);
    expect(firstNumber({ position: 'end' }).xs[0]).toBeCloseTo(258, 3);
    // Right to left: start is the right margin.
    expect(firstNumber({ position: 'start' }, { direction: 'rtl' }).xs[0]).toBeCloseTo(258, 3);
    // One and a half columns with a float channel on the left: side is the left; on the right (the default), the right.
    const channel = (side: string) => ({ layout: { layoutType: 'oneAndHalf', sideColumnRole: 'floats', sideColumnSide: side, gutterWidth: ptLength(10) } });
    // (A 66 pt channel, 33 % of 200 pt, a 10 pt gutter: the main column 124 pt wide, at 126 pt or at 50 pt.)
    expect(inkExtent(firstNumber({ position: 'side' }, channel('left'))).right).toBeCloseTo(118, 0);
    expect(firstNumber({ position: 'side' }, channel('right')).xs[0]).toBeCloseTo(182, 3);
    // Without a side column, side is the outer margin (a recto's right).
    expect(firstNumber({ position: 'side' }).xs[0]).toBeCloseTo(258, 3);
  });

  it('aligns the numbers of a column on their left edge with align: left', () => {
    const layout = layoutOf(oneLiners(10), { enabled: true, count: 'all', position: 'left', align: 'left' });
    const [five, ten] = numbersOn(layout.pages[0]!);
    expect(five!.xs[0]).toBeCloseTo(ten!.xs[0]!, 3);
    // The widest ("10") ends 8 pt before the column.
    expect(inkExtent(ten!).right).toBeCloseTo(42, 0);
  });

  it('puts the numbers of two columns on their outer edges by default, or each by position', () => {
    const double = { layout: { layoutType: 'double', gutterWidth: ptLength(20) } };
    // Columns 90 pt wide: 50–140 and 160–250.
    // Where each number starts and ends, pt (line 10 ends the first column, line 20 the second).
    const extents = (lineNumbers: Record<string, unknown>) =>
      numbersOn(layoutOf(oneLiners(20), { enabled: true, count: 'all', interval: 10, ...lineNumbers }, double).pages[0]!).map((n) => [Math.round(n.xs[0]!), Math.round(inkExtent(n).right)]);
    const [first, second] = extents({});
    expect([first![1], second![0]]).toEqual([42, 258]);
    const [firstInGutter, secondInGutter] = extents({ multiColumn: 'gutter' });
    expect([firstInGutter![0], secondInGutter![1]]).toEqual([148, 152]);
    const [firstLeft, secondLeft] = extents({ multiColumn: 'each', position: 'left' });
    expect([firstLeft![1], secondLeft![1]]).toEqual([42, 152]);
  });

  it('follows a paragraph style that opts in or out (§13.1 paragraphStyles[].lineNumbers)', () => {
    const source = ['Prose 1', ':::paragraphs{style=in}', 'In 1\n\nIn 2', ':::', ':::paragraphs{style=out}', 'Out 1', ':::', 'Prose 2'].join('\n\n');
    const styles = { paragraphStyles: [{ id: 'in', lineNumbers: true }, { id: 'out', lineNumbers: false }] };
    // Counting verse: the opted-in style's paragraphs only.
    expect(numbered(layoutOf(source, { enabled: true, interval: 1 }, styles).pages).flat()).toEqual(['1:In 1', '2:In 2']);
    // Counting all: everything but the opted-out style.
    expect(numbered(layoutOf(source, { enabled: true, count: 'all', interval: 1 }, styles).pages).flat()).toEqual(['1:Prose 1', '2:In 1', '3:In 2', '4:Prose 2']);
  });

  it('leaves them out in vertical text, with the configuration warning', () => {
    const vertical = { layout: { layoutType: 'single', writingMode: 'vertical-rl' }, locale: 'ja' };
    expect(layoutOf('行一\n\n行二', { enabled: true, count: 'all', interval: 1 }, vertical).pages.flatMap(numbersOn)).toEqual([]);
    expect(collectConfigWarnings({ ...vertical, lineNumbers: { enabled: true } } as never).map((w) => w.kind)).toContain('lineNumbersUnsupported');
  });

  it('declares every field it reads applied, and only those', () => {
    const stored = {
      lineNumbers: {
        enabled: true, count: 'all', interval: 2, numberFirst: true, restart: 'chapter', startAt: 2, position: 'inner', multiColumn: 'each', gap: ptLength(3),
        align: 'right', fontFamily: 'Open Sans', fontWeight: 600, color: '#336699', fontSize: ptLength(7), italic: true, format: 'upper-roman',
      },
      paragraphStyles: [{ id: 'x', lineNumbers: true }],
    };
    expect(settingsNotApplied(stored as never).filter((w) => /lineNumbers/.test(w.path))).toEqual([]);
  });

  it('counts on across chapter files with restart: document, also after an edit that adds a line to the chapter before', () => {
    const settings = settingsFromConfig(config({ enabled: true, count: 'all', restart: 'document' }) as never);
    const book = (first: string): BookInput => ({ title: 'Book', settings, chapters: [{ id: 'a', title: '', source: first }, { id: 'b', title: '', source: oneLiners(8, 101) }] });
    // Chapter a counts lines 1–7; b goes on with 8–15: 10 on its third line, 15 on its eighth.
    expect(numbered(run(book(oneLiners(7))).pages).flat()).toEqual(['5:Line 5', '10:Line 103', '15:Line 108']);
    const cache = new EngineCache();
    run(book(oneLiners(7)), cache);
    const edited = book(oneLiners(8));
    const incremental = run(edited, cache);
    expect(numbered(incremental.pages).flat()).toEqual(['5:Line 5', '10:Line 102', '15:Line 107']);
    expect(dump(incremental)).toBe(dump(run(edited, new EngineCache(false))));
    // And back: the count carried in changes again.
    expect(dump(run(book(oneLiners(7)), cache))).toBe(dump(run(book(oneLiners(7)), new EngineCache(false))));
  });

  it('lays out the same incrementally as in full', () => {
    const source = ['# One', oneLiners(14), ':::verse', 'x', 'y', ':::', oneLiners(9, 15)].join('\n\n');
    const lineNumbers = { enabled: true, count: 'all', interval: 2 };
    const cache = new EngineCache();
    layoutOf(source, lineNumbers, {}, cache);
    const edited = source.replace('Line 3', 'Line three is now long enough to take two lines of this column');
    expect(dump(layoutOf(edited, lineNumbers, {}, cache))).toBe(dump(layoutOf(edited, lineNumbers, {}, new EngineCache(false))));
  });
});
