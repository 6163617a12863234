import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { parseChapter } from '../../../src/worker/engine/parse/index';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { oneChapterBook, run, runs } from './helpers';

/**
 * Tab stops outside body and styled paragraphs (document-format §10.8, §10.9: list items,
 * quotations, callout content, `:::columns` groups and verse lines; configuration.md §6.6 and
 * §13.4 `calloutStyles[id].body.tabStops`). One column, 10 pt body on a 12 pt grid, first-line
 * indent 0; the column starts at 42.520 pt (1.5 cm margin). Each stop is measured from the start
 * edge of the text's own measure: the item's text, the quotation's indent, the box's inner edge.
 */
const BODY = { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' }, firstLineIndent: { value: 0, unit: 'pt' } };
const LEFT = (1.5 * 72) / 2.54;
const PAGE = { width: { value: 10, unit: 'cm' }, margins: { left: { value: 1.5, unit: 'cm' }, right: { value: 1.5, unit: 'cm' } } };
type Config = Record<string, unknown>;
const pt = (value: number) => ({ value, unit: 'pt' });
const STOP_100 = { tabStops: [{ position: pt(100) }] };
const layoutOf = (source: string, bodyText: Config = STOP_100, config: Config = {}) =>
  run(oneChapterBook(source, settingsFromConfig({ page: PAGE, layout: { layoutType: 'single' }, ...config, bodyText: { ...BODY, ...bodyText } } as never)));
type Layout = ReturnType<typeof layoutOf>;
const textRuns = (layout: Layout): GlyphRunItem[] => layout.pages.flatMap((p) => runs(p));
const runOf = (layout: Layout, words: string): GlyphRunItem => {
  const found = textRuns(layout).find((r) => r.text.includes(words));
  if (!found) throw new Error(`no run with "${words}": ${textRuns(layout).map((r) => JSON.stringify(r.text)).join(' | ')}`);
  return found;
};
/** x of the text after the tab less x of the text before it, pt; and whether they share a line. */
const jump = (layout: Layout, before: string, after: string): { dx: number; sameLine: boolean } => {
  const a = runOf(layout, before);
  const b = runOf(layout, after);
  return { dx: b.xs[0]! - a.xs[0]!, sameLine: Math.abs(a.y - b.y) < 1e-3 };
};

describe('tab stops in list items, quotations, boxes, groups and verse (§10.8)', () => {
  it('move a list item\'s text to the body\'s stop, measured from the item text\'s start', () => {
    const layout = layoutOf('- Soup :tab Four\n- Cake\tNine');
    expect(jump(layout, 'Soup', 'Four')).toEqual({ dx: expect.closeTo(100, 2), sameLine: true });
    // A literal TAB too, since the body has stops.
    expect(jump(layout, 'Cake', 'Nine').dx).toBeCloseTo(100, 2);
    // An ordered item's stop is from its own text start as well (the number hangs before it).
    const ordered = layoutOf('1. Soup :tab{at=60} Four');
    expect(jump(ordered, 'Soup', 'Four').dx).toBeCloseTo(60, 2);
    expect(runOf(ordered, 'Soup').xs[0]!).toBeGreaterThan(LEFT);
  });

  it('move a quotation\'s text to the body\'s stop, measured from the quotation\'s indent', () => {
    const layout = layoutOf('> Soup :tab Four', { ...STOP_100, blockquote: { indent: pt(20) } });
    expect(runOf(layout, 'Soup').xs[0]).toBeCloseTo(LEFT + 20, 2);
    expect(runOf(layout, 'Four').xs[0]).toBeCloseTo(LEFT + 120, 2);
  });

  it('move a callout paragraph\'s and item\'s text to the body\'s stops, or the box style\'s own (body.tabStops)', () => {
    const source = ':::callout\nSoup :tab Four\n\n- Cake :tab Nine\n:::';
    const inherited = layoutOf(source);
    // In the box: its inner edge 0.75 em (7.5 pt) padding in.
    expect(runOf(inherited, 'Soup').xs[0]).toBeCloseTo(LEFT + 7.5, 2);
    expect(jump(inherited, 'Soup', 'Four')).toEqual({ dx: expect.closeTo(100, 2), sameLine: true });
    expect(jump(inherited, 'Cake', 'Nine').dx).toBeCloseTo(100, 2);
    // The box's own stop (60 pt) and an end stop at its inner end edge with a leader.
    const own = layoutOf(source, STOP_100, { calloutStyles: [{ id: 'note', body: { tabStops: [{ position: pt(60) }] } }] });
    expect(jump(own, 'Soup', 'Four').dx).toBeCloseTo(60, 2);
    expect(jump(own, 'Cake', 'Nine').dx).toBeCloseTo(60, 2);
    const leader = layoutOf(':::callout\nSoup :tab Four\n:::', STOP_100, { calloutStyles: [{ id: 'note', body: { tabStops: [{ position: 'end', align: 'end', leader: '.' }] } }] });
    expect(runOf(leader, '....').y).toBeCloseTo(runOf(leader, 'Soup').y, 3);
    expect(runOf(leader, 'Four').xs[0]!).toBeGreaterThan(runOf(leader, '....').xs[0]!);
    // A box style without stops of its own and a body without stops: :tab is a word space.
    const none = layoutOf(':::callout\nSoup :tab Four\n:::', {});
    expect(jump(none, 'Soup', 'Four').dx).toBeLessThan(40);
  });

  it('move a :::columns group paragraph\'s text to the body\'s stop in its sub-column', () => {
    const layout = layoutOf(':::columns{count=2}\nA :tab{at=40} B\n\nC\n:::', {});
    expect(jump(layout, 'A', 'B')).toEqual({ dx: expect.closeTo(40, 2), sameLine: true });
    // (A group indeed: C heads the second sub-column, beside A.)
    expect(jump(layout, 'A', 'C')).toEqual({ dx: expect.toSatisfy((dx: number) => dx > 60), sameLine: true });
  });

  it('move a verse line\'s text to the stop; its indent steps are a first-line indent that leaves the stops in place', () => {
    const layout = layoutOf(':::verse{align=start}\nSoup :tab Four\n    Cake :tab Nine\n:::');
    expect(runOf(layout, 'Soup').xs[0]).toBeCloseTo(LEFT, 2);
    expect(runOf(layout, 'Four').xs[0]).toBeCloseTo(LEFT + 100, 2);
    // Four leading spaces: 4 × indentStep (0.5 em = 5 pt) in; the stop still 100 pt from the edge.
    expect(runOf(layout, 'Cake').xs[0]).toBeCloseTo(LEFT + 20, 2);
    expect(runOf(layout, 'Nine').xs[0]).toBeCloseTo(LEFT + 100, 2);
    // Centred (the default align): the poem moves as a whole, the stops with it.
    const centred = layoutOf(':::verse\nSoup :tab Four\n    Cake :tab Nine\n:::');
    expect(runOf(centred, 'Soup').xs[0]).toBeGreaterThan(LEFT + 1);
    expect(jump(centred, 'Soup', 'Four').dx).toBeCloseTo(100, 2);
    expect(runOf(centred, 'Nine').xs[0]).toBeCloseTo(runOf(centred, 'Four').xs[0]!, 2);
  });

  it('are declared applied for callout styles, and :tab is no longer reported as not typeset', () => {
    for (const field of ['position', 'align', 'leader', 'leaderGap', 'decimalChar']) expect(isApplied(`calloutStyles[id=note].body.tabStops[0].${field}`)).toBe(true);
    expect(isApplied('calloutStyles[id=note].body.tabInterval')).toBe(true);
    const parsed = parseChapter('a :tab b\n\n- c :tab d\n\n> e :tab f', { chapterId: 'c', isFirstChapter: true });
    expect(parsed.diagnostics.filter((d) => d.kind === 'unsupportedConstruct')).toEqual([]);
  });

  it('leave :tab literal in a heading (§10.9: not recognised there)', () => {
    const parsed = parseChapter('# Menu :tab prices\n\nText.', { chapterId: 'c', isFirstChapter: true });
    const heading = parsed.blocks.find((b) => b.kind === 'heading');
    expect(JSON.stringify(heading)).toContain(':tab');
    expect(JSON.stringify(heading)).not.toContain('"kind":"tab"');
  });
});
