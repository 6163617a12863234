import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem, PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { EngineCache } from '../../../src/worker/engine';
import { dump, inkExtent, oneChapterBook, run, runs, TEN_ROW_COLUMN } from './helpers';

/**
 * Margin line numbers (configuration.md §11.2) of the running text set in callout boxes and
 * `:::columns` groups (document-format §8.1, §8.4; page/line-numbers.ts). One column of 10 grid
 * lines from x = 50 to 250 pt (TEN_ROW_COLUMN); page 1 is a recto, so `outer` is its right margin.
 * The numbers are 8 pt and stand 8 pt off the column: from 258 pt on the right, ending at 42 pt on
 * the left. A group of two sub-columns has a 12 pt gap (one body line): 50–144 and 156–250 pt.
 */
const layoutOf = (source: string, lineNumbers?: Record<string, unknown>, more: Record<string, unknown> = {}, cache = new EngineCache()) =>
  run(oneChapterBook(source, settingsFromConfig({ ...TEN_ROW_COLUMN, ...(lineNumbers ? { lineNumbers } : {}), ...more } as never)), cache);

const numbersOn = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line?.role === 'lineNumber');
/** The body text on a number's baseline nearest to it (in a group, the sub-column it stands beside). */
function besideNumber(page: PageDisplayList, number: GlyphRunItem): string {
  const x = number.xs[0]!;
  const onLine = runs(page).filter((r) => r.line?.role === 'body' && r.y === number.y);
  const distance = (r: GlyphRunItem) => Math.min(...r.xs.map((rx) => Math.abs(rx - x)));
  const nearest = onLine.reduce((best, r) => (distance(r) < distance(best) ? r : best), onLine[0]!);
  // The whole text of the nearest run's block on that line and side.
  return onLine
    .filter((r) => r.line?.block === nearest.line?.block && Math.abs(r.xs[0]! - nearest.xs[0]!) < 90)
    .map((r) => r.text)
    .join(' ');
}
const numbered = (pages: readonly PageDisplayList[]): string[] => pages.flatMap((p) => numbersOn(p).map((n) => `${n.text}:${besideNumber(p, n)}`));
/** Everything but the numbers, to show that no line moved. */
const withoutNumbers = (pages: readonly PageDisplayList[]) => JSON.stringify(pages.map((p) => p.items.filter((i) => !('line' in i && i.line?.role === 'lineNumber'))));

const ALL = { enabled: true, count: 'all', interval: 1 };
const GROUP = ['Line 1', ':::columns{count=2}', 'G1\n\nG2\n\nG3\n\nG4', ':::', 'Line 2'].join('\n\n');

describe('lineNumbers in callout boxes and :::columns groups', () => {
  it('counts the lines of a callout box in the flow, numbered at its column\'s margin', () => {
    const source = ['Line 1', ':::callout{type=note title="Box"}', 'Boxed one\n\nBoxed two', ':::', 'Line 2'].join('\n\n');
    const layout = layoutOf(source, ALL);
    expect(numbered(layout.pages)).toEqual(['1:Line 1', '2:Boxed one', '3:Boxed two', '4:Line 2']);
    // Beside the column, not the box: every number starts 8 pt after the column's right edge.
    for (const n of numbersOn(layout.pages[0]!)) expect(n.xs[0]).toBeCloseTo(258, 3);
    expect(withoutNumbers(layout.pages)).toBe(withoutNumbers(layoutOf(source).pages));
  });

  it('leaves out a floated box (set apart like a figure) and one the text wraps beside', () => {
    const floated = ['Line 1', ':::callout{type=note placement=top}', 'Floated', ':::', 'Line 2'].join('\n\n');
    expect(numbered(layoutOf(floated, ALL).pages)).toEqual(['1:Line 1', '2:Line 2']);
    const wrapped = [':::callout{type=note wrap=left width=0.4}', 'Wrapped', ':::', 'Line 1 runs beside the box for a while and then under it.', 'Line 2'].join('\n\n');
    const numbers = numbered(layoutOf(wrapped, ALL).pages);
    expect(numbers.some((n) => n.includes('Wrapped'))).toBe(false);
    expect(numbers.length).toBeGreaterThan(1);
  });

  it('counts a :::columns group sub-column by sub-column, the first numbered in the left margin and the last in the right (outer-edges)', () => {
    const layout = layoutOf(GROUP, ALL);
    const page = layout.pages[0]!;
    expect(numbered(layout.pages)).toEqual(['1:Line 1', '2:G1', '3:G2', '4:G3', '5:G4', '6:Line 2']);
    const at = (text: string) => numbersOn(page).find((n) => n.text === text)!;
    // G1 and G2 (the first sub-column): ending 8 pt before the column's left edge; G3 and G4 starting 8 pt after its right edge.
    for (const n of ['2', '3']) expect(inkExtent(at(n)).right).toBeCloseTo(42, 0);
    for (const n of ['4', '5']) expect(at(n).xs[0]).toBeCloseTo(258, 3);
    // The text around the group keeps the page's side (outer: the right on a recto).
    expect(at('1').xs[0]).toBeCloseTo(258, 3);
    // G1 and G3 share a baseline: each has its own number.
    expect(at('2').y).toBe(at('4').y);
    expect(withoutNumbers(layout.pages)).toBe(withoutNumbers(layoutOf(GROUP).pages));
  });

  it('numbers each sub-column by position with multiColumn each, and counts a group inside a box', () => {
    const layout = layoutOf(GROUP, { ...ALL, multiColumn: 'each', position: 'left' });
    const page = layout.pages[0]!;
    const at = (text: string) => numbersOn(page).find((n) => n.text === text)!;
    // The second sub-column starts at 156 pt: its numbers end 8 pt before it.
    expect(inkExtent(at('4')).right).toBeCloseTo(148, 0);
    expect(inkExtent(at('2')).right).toBeCloseTo(42, 0);
    const boxed = ['Line 1', ':::callout{type=note}', ':::columns{count=2}', 'B1', 'B2', ':::', ':::', 'Line 2'].join('\n\n');
    const inBox = layoutOf(boxed, ALL);
    expect(numbered(inBox.pages)).toEqual(['1:Line 1', '2:B1', '3:B2', '4:Line 2']);
    // B1 and B2 stand side by side in the box: B1 numbered on the left, B2 on the right.
    const b = (text: string) => numbersOn(inBox.pages[0]!).find((n) => n.text === text)!;
    expect(b('2').y).toBe(b('3').y);
    expect(inkExtent(b('2')).right).toBeCloseTo(42, 0);
    expect(b('3').xs[0]).toBeCloseTo(258, 3);
  });

  it('lays out the same incrementally as in full', () => {
    const cache = new EngineCache();
    layoutOf(GROUP, ALL, {}, cache);
    const edited = GROUP.replace('G2', 'G2 now long enough to take two lines of this narrow sub-column');
    expect(dump(layoutOf(edited, ALL, {}, cache))).toBe(dump(layoutOf(edited, ALL, {}, new EngineCache(false))));
  });

  it('in a right-to-left book reads the columns from the right: the first column\'s numbers in the right margin (outer-edges), start on the right', () => {
    // Columns 90 pt wide, 20 pt apart: the first (flow order) at 160–250 pt, the second at 50–140 pt.
    const rtl = { direction: 'rtl', layout: { layoutType: 'double', gutterWidth: { value: 20, unit: 'pt' } } };
    const source = Array.from({ length: 20 }, (_, i) => `Line ${i + 1}`).join('\n\n');
    const numbers = (lineNumbers: Record<string, unknown>) => numbersOn(layoutOf(source, { enabled: true, count: 'all', interval: 10, ...lineNumbers }, rtl).pages[0]!);
    const [ten, twenty] = numbers({});
    expect(numbered(layoutOf(source, { enabled: true, count: 'all', interval: 10 }, rtl).pages.slice(0, 1))).toEqual(['10:Line 10', '20:Line 20']);
    expect(ten!.xs[0]).toBeCloseTo(258, 3);
    expect(inkExtent(twenty!).right).toBeCloseTo(42, 0);
    // start is the right in this book: each column's numbers 8 pt right of it.
    const [tenStart, twentyStart] = numbers({ multiColumn: 'each', position: 'start' });
    expect(tenStart!.xs[0]).toBeCloseTo(258, 3);
    expect(twentyStart!.xs[0]).toBeCloseTo(148, 3);
    // Digits keep their order in right-to-left text: the 1 of 10 left of its 0.
    expect(ten!.text).toBe('10');
    expect(ten!.xs[ten!.clusters.indexOf(0)]!).toBeLessThan(ten!.xs[ten!.clusters.indexOf(1)]!);
  });

  it('in a right-to-left book counts a :::columns group from its right sub-column, which stands in the right margin (outer-edges)', () => {
    const layout = layoutOf(GROUP, ALL, { direction: 'rtl' });
    const page = layout.pages[0]!;
    // Reading order: the right sub-column (G1, G2) before the left one (G3, G4).
    expect(numbered(layout.pages)).toEqual(['1:Line 1', '2:G1', '3:G2', '4:G3', '5:G4', '6:Line 2']);
    const at = (text: string) => numbersOn(page).find((n) => n.text === text)!;
    // G1 and G2 stand in the right sub-column: their numbers start 8 pt after the column's right edge; G3 and G4's end 8 pt before its left edge.
    for (const n of ['2', '3']) expect(at(n).xs[0]).toBeCloseTo(258, 3);
    for (const n of ['4', '5']) expect(inkExtent(at(n)).right).toBeCloseTo(42, 0);
  });
});

