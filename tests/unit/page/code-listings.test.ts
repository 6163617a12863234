/**
 * Code listings (document-format §5.7, configuration.md §13.3 `codeStyle`; page/code-block.ts).
 * One column of 10 grid lines (10 pt body on a 12 pt leading, content 200 × 120 pt from (50, 50)).
 * Code is Source Code Pro at 0.85 × 10 = 8.5 pt, one cell 0.6 em = 5.1 pt; padding 0.6 code em
 * = 5.1 pt; margins 0.75 code em = 6.375 pt; rows one grid line (12 pt) tall.
 */
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { EngineCache } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type ClipItem, type GlyphRunItem, type PageDisplayList, type PathItem, type RectItem } from '../../../src/worker/protocol/displaylist';
import { dump, inkExtent, oneChapterBook, ptLength as pt, run, runs, TEN_ROW_COLUMN } from './helpers';

const settingsOf = (codeStyle: Record<string, unknown> = {}) => settingsFromConfig({ ...TEN_ROW_COLUMN, codeStyle } as never);
const CELL = 5.1;
const PAD = 5.1;
const MARGIN = 6.375;
const fence = (info: string, lines: readonly string[]): string => ['```' + info, ...lines, '```'].join('\n');
const book = (source: string, codeStyle: Record<string, unknown> = {}) => run(oneChapterBook(source, settingsOf(codeStyle)));
const fills = (page: PageDisplayList, fill: string): RectItem[] => page.items.filter((i): i is RectItem => i.op === Op.Rect && i.fill === fill);
const runOf = (page: PageDisplayList, text: string): GlyphRunItem => {
  const found = runs(page).find((r) => r.text === text || r.text.replace(/\u00a0/g, ' ') === text);
  if (!found) throw new Error(`no run “${text}” in ${runs(page).map((r) => r.text).join(' | ')}`);
  return found;
};
/** The listing's text, row by row: runs of the code block joined per baseline. */
const rowsOf = (page: PageDisplayList): string[] => {
  const byY = new Map<number, GlyphRunItem[]>();
  for (const r of runs(page)) if (r.size < 10 && r.srcFrom >= 0) byY.set(r.y, [...(byY.get(r.y) ?? []), r]);
  return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, rs]) => rs.sort((a, b) => a.xs[0]! - b.xs[0]!).map((r) => r.text).join('').replace(/\u00a0/g, ' '));
};

describe('code listings: the box (§13.3)', () => {
  it('sets each source line as a row in a padded box, one code margin under the text, and the text after it back on the grid', () => {
    const page = book(['Before.', fence('', ['alpha', 'beta']), 'After.'].join('\n\n')).pages[0]!;
    const [box] = fills(page, '#f4f4f4');
    // Row 0 holds "Before." (50–62 pt); the box one code margin under it.
    expect(box!.x).toBeCloseTo(50, 3);
    expect(box!.w).toBeCloseTo(200, 3);
    expect(box!.y).toBeCloseTo(62 + MARGIN, 3);
    expect(box!.h).toBeCloseTo(2 * PAD + 2 * 12, 3);
    // Rows 12 pt apart, the text a padding in from the box's edge.
    const alpha = runOf(page, 'alpha');
    const beta = runOf(page, 'beta');
    expect(beta.y - alpha.y).toBeCloseTo(12, 3);
    expect(alpha.xs[0]).toBeCloseTo(50 + PAD, 3);
    expect(alpha.y).toBeGreaterThan(box!.y + PAD);
    expect(alpha.y).toBeLessThan(box!.y + PAD + 12);
    // Box bottom 68.375 + 34.2 = 102.575, a margin more 108.95 pt: "After." on the grid line at 110 pt (row 5).
    expect(runOf(page, 'After.').y - runOf(page, 'Before.').y).toBeCloseTo(60, 3);
  });

  it('draws the border, rounded corners, no fill with backgroundEnabled false, and its own colour and weight', () => {
    const page = book(fence('', ['alpha']), { backgroundEnabled: false, border: { enabled: true, color: '#112233', width: pt(1) }, borderRadius: pt(3), color: '#445566' }).pages[0]!;
    expect(fills(page, '#f4f4f4')).toHaveLength(0);
    const border = page.items.find((i): i is PathItem => i.op === Op.Path && i.stroke === '#112233')!;
    expect(border.strokeWidth).toBe(1);
    expect(border.d).toContain('A'); // arcs at the corners
    expect(runOf(page, 'alpha').fill).toBe('#445566');
  });

  it('with snapToGrid false leaves the text after it one margin under the box, off the grid', () => {
    const page = book(['Before.', fence('', ['alpha']), 'After.', 'Then.'].join('\n\n'), { snapToGrid: false, marginBottom: pt(4) }).pages[0]!;
    const [box] = fills(page, '#f4f4f4');
    const after = runOf(page, 'After.');
    // The line box of "After." starts 4 pt under the box: its baseline that far below where a row starting at the box's foot would put it.
    expect(after.y - runOf(page, 'Before.').y).toBeCloseTo(box!.y + box!.h + 4 - 50, 3);
    expect(runOf(page, 'Then.').y - after.y).toBeCloseTo(12, 3);
  });

  it('expands a tab to the next multiple of tabSize cells', () => {
    const page = book(fence('', ['ab\tc', '\td']), { tabSize: 3, highlight: 'none' }).pages[0]!;
    // "ab" then a tab to cell 3: c at 3 cells; a leading tab: d at 3 cells.
    expect(runs(page).find((r) => r.text.endsWith('c'))!.xs.at(-1)).toBeCloseTo(50 + PAD + 3 * CELL, 3);
    expect(runs(page).find((r) => r.text.endsWith('d'))!.xs.at(-1)).toBeCloseTo(50 + PAD + 3 * CELL, 3);
  });
});

describe('code listings: fence attributes (§5.7)', () => {
  it('numbers lines from start=N in a gutter inside the box; the numbers are generated, not the listing text', () => {
    const page = book(fence('js {start=9}', ['one', 'two'])).pages[0]!;
    const nine = runOf(page, '9');
    const ten = runOf(page, '10');
    // Two-digit gutter: numbers flush right at 2 cells, the code after a 1 code em (8.5 pt) gap.
    expect(inkExtent(ten).left).toBeCloseTo(50 + PAD, 1);
    expect(nine.xs[0]).toBeCloseTo(50 + PAD + CELL, 3);
    expect(runOf(page, 'one').xs[0]).toBeCloseTo(50 + PAD + 2 * CELL + 8.5, 3);
    expect(nine.y).toBe(runOf(page, 'one').y);
    expect(nine.fill).toBe('#8a8a8a');
    expect([nine.srcFrom, ten.srcFrom]).toEqual([-1, -1]);
    expect(nine.line).toBeUndefined();
    // lineNumbers=false turns the style's numbering off; codeStyle.lineNumbers turns it on.
    expect(runs(book(fence('js {lineNumbers=false}', ['one']), { lineNumbers: true }).pages[0]!).some((r) => r.text === '1')).toBe(false);
    expect(runOf(book(fence('js', ['one']), { lineNumbers: true }).pages[0]!, '1').fill).toBe('#8a8a8a');
    expect(runs(book(fence('js', ['one'])).pages[0]!).some((r) => r.text === '1')).toBe(false);
  });

  it('tints the highlighted lines, counted from the listing’s first line, across the box', () => {
    const page = book(fence('text {start=12 highlight="2-3"}', ['a', 'b', 'c', 'd'])).pages[0]!;
    const [box] = fills(page, '#f4f4f4');
    const tints = fills(page, '#fff4c2');
    expect(tints).toHaveLength(1);
    expect(tints[0]!.x).toBeCloseTo(50, 3);
    expect(tints[0]!.w).toBeCloseTo(200, 3);
    expect(tints[0]!.y).toBeCloseTo(box!.y + PAD + 12, 3);
    expect(tints[0]!.h).toBeCloseTo(24, 3);
    // Under the text: drawn before the runs of its rows.
    expect(page.items.indexOf(tints[0]!)).toBeLessThan(page.items.indexOf(runOf(page, 'b')));
  });

  it('sets the title in a row of its own at the top of the box, in the code face, bold, 0.9 ×', () => {
    const page = book(fence('python normalize.py', ['x = 1'])).pages[0]!;
    const [box] = fills(page, '#f4f4f4');
    const title = runOf(page, 'normalize.py');
    expect(title.size).toBeCloseTo(0.9 * 8.5, 3);
    expect(title.font).toBe('source-code-pro-700');
    expect(title.xs[0]).toBeCloseTo(50 + PAD, 3);
    expect(box!.h).toBeCloseTo(2 * PAD + 2 * 12, 3);
    // The title in the first row (box top + padding, 12 pt), the code in the next.
    expect(title.y).toBeGreaterThan(box!.y + PAD);
    expect(title.y).toBeLessThan(box!.y + PAD + 12);
    expect(runOf(page, 'x = ').y).toBeGreaterThan(box!.y + PAD + 12);
    expect(runOf(page, 'x = ').y).toBeLessThan(box!.y + PAD + 24);
  });
});

describe('code listings: label tab (§5.7 label=, §13.3 label)', () => {
  // Tab: the title's type (7.65 pt), 1.4 × 7.65 = 10.71 pt tall, 0.6 × 7.65 = 4.59 pt padding, standing on the box's top-right corner.
  const TAB_H = 1.4 * 0.9 * 8.5;
  const TAB_PAD = 0.6 * 0.9 * 8.5;

  it('label= sets a tab standing on the box top-right, the box moved down by its height', () => {
    const page = book(fence('sh {label="shell"}', ['ls'])).pages[0]!;
    const [box] = fills(page, '#f4f4f4');
    const [tab] = fills(page, '#e0e0e0');
    expect(box!.y).toBeCloseTo(50 + TAB_H, 3);
    expect(tab!.y + tab!.h).toBeCloseTo(box!.y, 3);
    expect(tab!.x + tab!.w).toBeCloseTo(250, 3);
    const text = runOf(page, 'shell');
    expect(text.xs[0]).toBeCloseTo(tab!.x + TAB_PAD, 3);
    expect(text.y).toBeGreaterThan(tab!.y);
    expect(text.y).toBeLessThan(box!.y);
  });

  it('with codeStyle.label the title goes in the tab instead of a title row; without a title, the language', () => {
    const titled = book(fence('python normalize.py', ['x = 1']), { label: { position: 'top-left', background: '#123456' } }).pages[0]!;
    const [tab] = fills(titled, '#123456');
    expect(tab!.x).toBeCloseTo(50, 3);
    expect(runOf(titled, 'normalize.py').xs[0]).toBeCloseTo(50 + TAB_PAD, 3);
    expect(fills(titled, '#f4f4f4')[0]!.h).toBeCloseTo(2 * PAD + 12, 3);
    expect(runOf(book(fence('python', ['x = 1']), { label: true }).pages[0]!, 'python').srcFrom).toBe(-1);
  });
});

describe('code listings: overflow (§13.3)', () => {
  // 42 cells of 5.1 pt = 214.2 pt: wider than the box's 189.8 pt measure (200 − 2 × 5.1); 37 cells fit.
  const long = 'aaaaaaaaaa bbbbbbbbbb cccccccccc ddddddddd';

  it('wrap (default): a too-long line turns over after a word gap, indented wrapIndent cells with the marker before it', () => {
    const page = book(fence('', [long, 'next'])).pages[0]!;
    expect(rowsOf(page)).toEqual(['aaaaaaaaaa bbbbbbbbbb cccccccccc ', 'ddddddddd', 'next']);
    const turnover = runOf(page, 'ddddddddd');
    expect(turnover.xs[0]).toBeCloseTo(50 + PAD + 2 * CELL, 3);
    const marker = runOf(page, '»');
    expect(marker.y).toBe(turnover.y);
    expect(marker.srcFrom).toBe(-1);
    expect(inkExtent(marker).right).toBeLessThanOrEqual(turnover.xs[0]! - CELL / 2 + 0.01);
    // The source offsets go on across the turnover.
    expect(turnover.srcFrom).toBe(4 + 33);
    const [box] = fills(page, '#f4f4f4');
    expect(box!.h).toBeCloseTo(2 * PAD + 3 * 12, 3);
  });

  it('clip: the line runs on to the box edge and is cut there', () => {
    const page = book(fence('', [long]), { overflow: 'clip' }).pages[0]!;
    expect(rowsOf(page)).toEqual([long]);
    const clip = page.items.find((i): i is ClipItem => i.op === Op.Clip)!;
    // The box at the column's head (50 pt), one row and its padding tall: 22.2 pt.
    expect(clip.d).toBe('M50 50H250V72.2H50V50Z');
    const text = page.items.findIndex((i) => i.op === Op.GlyphRun);
    expect(page.items.indexOf(clip)).toBeLessThan(text);
    expect(page.items.findIndex((i) => i.op === Op.ClipEnd)).toBeGreaterThan(text);
  });

  it('shrink: the whole listing is set smaller until its widest line fits, never under minFontScale', () => {
    const page = book(fence('', [long, 'x']), { overflow: 'shrink' }).pages[0]!;
    const row = runs(page).filter((r) => r.srcFrom >= 0);
    // 189.8 / 214.2 = 0.886: both rows at that size, the long one in one row.
    for (const r of row) expect(r.size).toBeCloseTo(8.5 * (189.8 / 214.2), 2);
    expect(rowsOf(page)).toEqual([long, 'x']);
    const floor = book(fence('', [long + long]), { overflow: 'shrink', minFontScale: 0.9 }).pages[0]!;
    expect(runs(floor).filter((r) => r.srcFrom >= 0)[0]!.size).toBeCloseTo(8.5 * 0.9, 3);
  });
});

describe('code listings: splitting (§13.3)', () => {
  const lines = (n: number): string[] => Array.from({ length: n }, (_, i) => `L${i + 1}.`);
  const code = (n: number): string[] => Array.from({ length: n }, (_, i) => `code${i + 1}`);

  it('splits a listing that does not fit, each part its own box; keepTogether moves it whole to the next column', () => {
    // Six text rows (to 72 pt), a margin (78.375): 41.625 pt left, room for two rows of four.
    const source = [...lines(6), fence('', code(4))].join('\n\n');
    const split = book(source);
    expect(rowsOf(split.pages[0]!)).toEqual(['code1', 'code2']);
    expect(rowsOf(split.pages[1]!)).toEqual(['code3', 'code4']);
    expect(fills(split.pages[0]!, '#f4f4f4')[0]!.h).toBeCloseTo(2 * PAD + 24, 3);
    expect(fills(split.pages[1]!, '#f4f4f4')[0]!.y).toBeCloseTo(50, 3);
    const kept = book(source, { keepTogether: true });
    expect(rowsOf(kept.pages[0]!)).toEqual([]);
    expect(rowsOf(kept.pages[1]!)).toEqual(['code1', 'code2', 'code3', 'code4']);
  });

  it('keeps splitMinLines rows on each side: a three-row listing with room for two moves on whole', () => {
    const source = [...lines(6), fence('', code(3))].join('\n\n');
    const pages = book(source).pages;
    expect(rowsOf(pages[0]!)).toEqual([]);
    expect(rowsOf(pages[1]!)).toEqual(['code1', 'code2', 'code3']);
    // splitMinLines 1: two rows stay, one goes on.
    const loose = book(source, { splitMinLines: 1 }).pages;
    expect(rowsOf(loose[0]!)).toEqual(['code1', 'code2']);
    expect(rowsOf(loose[1]!)).toEqual(['code3']);
  });

  it('repeats the title on the continued part and marks the part that goes on', () => {
    // Three text rows (36 pt), a margin: 77.625 pt for padding, title, three rows and the marker row.
    const source = [...lines(3), fence('text {title="listing.txt"}', code(6))].join('\n\n');
    const pages = book(source, { repeatTitle: true, continuesMarkerEnabled: true, continuesMarker: 'goes on' }).pages;
    expect(rowsOf(pages[0]!)).toEqual(['code1', 'code2', 'code3']);
    expect(rowsOf(pages[1]!)).toEqual(['code4', 'code5', 'code6']);
    expect(runs(pages[1]!).filter((r) => r.text === 'listing.txt')).toHaveLength(1);
    const mark = runOf(pages[0]!, 'goes on');
    expect(mark.y).toBeGreaterThan(runOf(pages[0]!, 'code3').y);
    expect(inkExtent(mark).right).toBeCloseTo(250 - PAD, 0);
    expect(runs(pages[1]!).some((r) => r.text === 'goes on')).toBe(false);
  });

  it('lays out incrementally as from scratch', () => {
    const source = [...lines(6), fence('js {title="a.js" start=3 highlight="2"}', ['const a = 1; // one', 'let b = "two";', 'f(a, b);', 'x'])].join('\n\n');
    const settings = settingsOf({ keepTogether: true });
    const cache = new EngineCache();
    run(oneChapterBook(source, settings), cache);
    const edited = source.replace('let b', 'let bb');
    expect(dump(run(oneChapterBook(edited, settings), cache))).toBe(dump(run(oneChapterBook(edited, settings))));
  });
});

describe('code listings: syntax highlighting (§13.3)', () => {
  it('colours tokens by kind, with tokens.<kind> over the defaults, and none with highlight none', () => {
    const source = fence('js', ['const n = 42; // note', 'greet("hi");']);
    const page = book(source, { tokens: { string: '#010203' } }).pages[0]!;
    expect(runOf(page, 'const').fill).toBe('#8b2c8f');
    expect(runOf(page, '42').fill).toBe('#985f00');
    expect(runOf(page, '// note').fill).toBe('#7a7f87');
    expect(runOf(page, 'greet').fill).toBe('#2b5fb4');
    expect(runOf(page, '"hi"').fill).toBe('#010203');
    const plain = book(source, { highlight: 'none' }).pages[0]!;
    expect(new Set(runs(plain).map((r) => r.fill))).toEqual(new Set(['#000000']));
  });

  it('sets a console prompt bold and output lines in the output colour', () => {
    const page = book(fence('console', ['$ ls -a', 'file.txt'])).pages[0]!;
    expect(runOf(page, '$').font).toMatch(/700/);
    expect(runOf(page, 'file.txt').fill).toBe('#5c6168');
  });
});

it('declares the listing settings applied', () => {
  for (const field of ['backgroundEnabled', 'border.enabled', 'borderRadius', 'padding', 'marginBottom', 'lineHeight', 'snapToGrid', 'lineNumbers', 'highlightBackground', 'overflow', 'wrapMarker', 'keepTogether', 'splitMinLines', 'repeatTitle', 'continuesMarker', 'titleStyle', 'highlight', 'tokens', 'span', 'label']) {
    expect(isApplied(`codeStyle.${field}`), field).toBe(true);
  }
});
