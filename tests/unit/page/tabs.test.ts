import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { inkExtent, oneChapterBook, run, runs } from './helpers';

/**
 * Tab stops (configuration.md §6.6, document-format §10.8): `bodyText.tabStops` / `tabInterval`
 * and a paragraph style's. One column, 10 pt body on a 12 pt grid, first-line indent 0; the
 * measure runs from 42.520 pt to 240.945 pt (10 cm page, 1.5 cm margins), 198.425 pt wide.
 */
const BODY = { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' }, firstLineIndent: { value: 0, unit: 'pt' } };
const CM = 72 / 2.54;
const LEFT = 1.5 * CM;
const RIGHT = 8.5 * CM;
const PAGE = { width: { value: 10, unit: 'cm' }, margins: { left: { value: 1.5, unit: 'cm' }, right: { value: 1.5, unit: 'cm' } } };
type Config = Record<string, unknown>;
const pt = (value: number) => ({ value, unit: 'pt' });
const layoutOf = (source: string, bodyText: Config = {}, config: Config = {}) =>
  run(oneChapterBook(source, settingsFromConfig({ page: PAGE, layout: { layoutType: 'single' }, ...config, bodyText: { ...BODY, ...bodyText } } as never)));
type Layout = ReturnType<typeof layoutOf>;
const bodyRuns = (layout: Layout): GlyphRunItem[] => layout.pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'body'));
const runOf = (layout: Layout, words: string): GlyphRunItem => {
  const found = bodyRuns(layout).find((r) => r.text.includes(words));
  if (!found) throw new Error(`no run with "${words}": ${bodyRuns(layout).map((r) => JSON.stringify(r.text)).join(' | ')}`);
  return found;
};
/** Pen x of the first glyph of `char` in the run holding `words`. */
const charX = (layout: Layout, words: string, char: string): number => {
  const r = runOf(layout, words);
  return r.xs[r.clusters.indexOf(r.text.indexOf(char))]!;
};

describe('tab stops', () => {
  it('are declared applied for body text and paragraph styles', () => {
    for (const owner of ['bodyText', 'paragraphStyles[id=menu]']) {
      for (const field of ['position', 'align', 'leader', 'leaderGap', 'decimalChar']) expect(isApplied(`${owner}.tabStops[0].${field}`)).toBe(true);
      expect(isApplied(`${owner}.tabInterval`)).toBe(true);
    }
  });

  it('start a literal TAB\'s text at a start stop (100 pt), on the same line', () => {
    const layout = layoutOf('Soup\tFour cheeses', { tabStops: [{ position: pt(100) }] });
    expect(runOf(layout, 'Soup').xs[0]).toBeCloseTo(LEFT, 2);
    expect(runOf(layout, 'Four').xs[0]).toBeCloseTo(LEFT + 100, 2);
    expect(runOf(layout, 'Four').y).toBeCloseTo(runOf(layout, 'Soup').y, 3);
    // The stop is a position from the start edge: a first-line indent does not move it.
    const indented = layoutOf('Soup\tFour cheeses', { tabStops: [{ position: pt(100) }], firstLineIndent: { value: 1.5, unit: 'em' } });
    expect(runOf(indented, 'Soup').xs[0]).toBeCloseTo(LEFT + 15, 2);
    expect(runOf(indented, 'Four').xs[0]).toBeCloseTo(LEFT + 100, 2);
  });

  it('end a price at an end stop at the end edge, with a dotted leader 0.5 em (5 pt) clear of both texts', () => {
    const layout = layoutOf('Soup\t4.50', { tabStops: [{ position: 'end', align: 'end', leader: '.' }] });
    const price = runOf(layout, '4.50');
    expect(inkExtent(price).right).toBeCloseTo(RIGHT, 1);
    const leader = runOf(layout, '....');
    expect(leader.xs[0]!).toBeGreaterThanOrEqual(inkExtent(runOf(layout, 'Soup')).right + 5 - 0.01);
    expect(inkExtent(leader).right).toBeLessThanOrEqual(price.xs[0]! - 5 + 0.01);
    // Dots on a common pitch from the start edge: the first dot's x is a whole number of dot widths from the left edge.
    const pitch = leader.xs[1]! - leader.xs[0]!;
    expect(((leader.xs[0]! - LEFT) / pitch) % 1).toBeCloseTo(0, 3);
    // …and fill the gap to within one dot pitch at each end.
    expect(leader.xs[0]!).toBeLessThan(inkExtent(runOf(layout, 'Soup')).right + 5 + pitch + 0.01);
    expect(leader.xs[leader.xs.length - 1]! + pitch).toBeGreaterThan(price.xs[0]! - 5 - pitch - 0.01);
  });

  it('start each row after a hard line break at the start edge again, its stops the same', () => {
    const layout = layoutOf('Soup\t4.50\\\nCake\t13.00', { tabStops: [{ position: 'end', align: 'end', leader: '.' }], firstLineIndent: { value: 1.5, unit: 'em' } });
    expect(runOf(layout, 'Soup').xs[0]).toBeCloseTo(LEFT + 15, 2);
    expect(runOf(layout, 'Cake').xs[0]).toBeCloseTo(LEFT, 2);
    expect(runOf(layout, 'Cake').y - runOf(layout, 'Soup').y).toBeCloseTo(12, 3);
    expect(inkExtent(runOf(layout, '4.50')).right).toBeCloseTo(RIGHT, 1);
    expect(inkExtent(runOf(layout, '13.00')).right).toBeCloseTo(RIGHT, 1);
    expect(runOf(layout, '13.00').y).toBeCloseTo(runOf(layout, 'Cake').y, 3);
  });

  it('centre on a center stop and align decimal marks on a decimal stop', () => {
    const centred = layoutOf('A\tmiddle', { tabStops: [{ position: pt(100), align: 'center' }] });
    const middle = runOf(centred, 'middle');
    expect((middle.xs[0]! + inkExtent(middle).right) / 2).toBeCloseTo(LEFT + 100, 1);
    const source = ['Tea\t12.5', '', 'Cake\t1234.75'].join('\n');
    const decimal = layoutOf(source, { tabStops: [{ position: pt(150), align: 'decimal', decimalChar: '.' }] });
    expect(charX(decimal, '12.5', '.')).toBeCloseTo(LEFT + 150, 2);
    expect(charX(decimal, '1234.75', '.')).toBeCloseTo(LEFT + 150, 2);
  });

  it('go on at tabInterval multiples past the last stop; with no stop at all :tab is a word space', () => {
    const interval = layoutOf('a :tab b', { tabInterval: pt(50) });
    expect(runOf(interval, 'b').xs[0]).toBeCloseTo(LEFT + 50, 2);
    // Past the stop at 30 pt: the next multiple of 50 pt after it.
    const past = layoutOf('a :tab b :tab c', { tabInterval: pt(50), tabStops: [{ position: pt(30) }] });
    expect(runOf(past, 'b').xs[0]).toBeCloseTo(LEFT + 30, 2);
    expect(runOf(past, 'c').xs[0]).toBeCloseTo(LEFT + 50, 2);
    const spaced = layoutOf('a :tab b');
    const plain = layoutOf('a b');
    const bPlain = runOf(plain, 'a b');
    expect(runOf(spaced, 'b').xs[0]).toBeCloseTo(bPlain.xs[bPlain.clusters.indexOf(2)]!, 2);
    // A literal TAB without stops stays a word space: set as before, one run.
    expect(bodyRuns(layoutOf('a\tb')).length).toBe(1);
  });

  it('take a one-off :tab{at} stop, and a paragraph style\'s own stops', () => {
    expect(runOf(layoutOf('a :tab{at=120} b'), 'b').xs[0]).toBeCloseTo(LEFT + 120, 2);
    expect(runOf(layoutOf('a :tab{at=50%} b'), 'b').xs[0]).toBeCloseTo(LEFT + 198.425 / 2, 2);
    const source = [':::paragraphs{style="menu"}', 'Soup\tFour', ':::'].join('\n');
    // The style's indent (10 pt) moves the measure's start edge; its stop is 80 pt from there.
    const styled = layoutOf(source, { tabStops: [{ position: pt(100) }] }, { paragraphStyles: [{ id: 'menu', indent: pt(10), tabStops: [{ position: pt(80) }] }] });
    expect(runOf(styled, 'Soup').xs[0]).toBeCloseTo(LEFT + 10, 2);
    expect(runOf(styled, 'Four').xs[0]).toBeCloseTo(LEFT + 90, 2);
    // A style without stops of its own takes the body's.
    const inherited = layoutOf(source, { tabStops: [{ position: pt(100) }] }, { paragraphStyles: [{ id: 'menu' }] });
    expect(runOf(inherited, 'Four').xs[0]).toBeCloseTo(LEFT + 100, 2);
  });
});
