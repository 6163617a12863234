import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { EngineCache } from '../../../src/worker/engine';
import { dump, inkExtent, oneChapterBook, run, runs } from './helpers';

/**
 * `:::verse` `align` and `+` stepped lines (document-format §9.1; page/verse.ts setPoem). One
 * column, 10 pt body on a 12 pt grid; the page is 10 cm wide with 1.5 cm margins, so the measure
 * runs from 42.520 pt to 240.945 pt. A poem's lines are single runs here (one face, no marks), so
 * a run's pen positions plus advances give where its text starts and ends.
 */
const CM = 72 / 2.54;
const LEFT = 1.5 * CM;
const RIGHT = 8.5 * CM;
const settings = (direction?: 'rtl') =>
  settingsFromConfig({
    page: { width: { value: 10, unit: 'cm' }, margins: { left: { value: 1.5, unit: 'cm' }, right: { value: 1.5, unit: 'cm' } } },
    layout: { layoutType: 'single' },
    bodyText: { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } },
    ...(direction ? { direction } : {}),
  } as never);
const layoutOf = (source: string) => run(oneChapterBook(source, settings()));
const poem = (attrs: string, ...lines: string[]) => [`:::verse${attrs}`, ...lines, ':::'].join('\n');
const runOf = (layout: ReturnType<typeof layoutOf>, words: string): GlyphRunItem => {
  const found = layout.pages.flatMap((p) => runs(p)).find((r) => r.line?.role === 'body' && r.text.includes(words));
  if (!found) throw new Error(`no run with "${words}"`);
  return found;
};

describe(':::verse align', () => {
  it('centres the poem on its longest line by default, keeping the indents', () => {
    const layout = layoutOf(poem('', 'A short line', 'A somewhat longer line than that', '    indented'));
    const longest = inkExtent(runOf(layout, 'somewhat'));
    // As much room on either side of the longest line.
    expect(longest.left - LEFT).toBeGreaterThan(20);
    expect(longest.left - LEFT).toBeCloseTo(RIGHT - longest.right, 1);
    // The others start with it, the indented one 4 × 5 pt further in.
    expect(runOf(layout, 'short').xs[0]).toBeCloseTo(longest.left, 2);
    expect(runOf(layout, 'indented').xs[0]).toBeCloseTo(longest.left + 20, 2);
  });

  it('sets the poem flush with the start edge with align=start, and a poem with a turnover fills the measure', () => {
    const start = layoutOf(poem('{align=start}', 'A short line', 'A somewhat longer line than that'));
    expect(runOf(start, 'short').xs[0]).toBeCloseTo(LEFT, 2);
    const long = layoutOf(poem('', 'A short line', 'Whose woods these are I think I know, his house is in the village though'));
    expect(runOf(long, 'short').xs[0]).toBeCloseTo(LEFT, 2);
  });

  it('mirrors the centring in right-to-left text', () => {
    const layout = run(oneChapterBook(poem('', 'A short line', 'A somewhat longer line than that'), settings('rtl')));
    const longest = inkExtent(runOf(layout, 'somewhat'));
    expect(longest.left - LEFT).toBeGreaterThan(20);
    expect(longest.left - LEFT).toBeCloseTo(RIGHT - longest.right, 1);
    // The short line starts at the right, where the longest does.
    expect(inkExtent(runOf(layout, 'short')).right).toBeCloseTo(longest.right, 1);
  });
});

describe(':::verse + stepped lines', () => {
  it('starts a stepped line one indentStep (5 pt) past where the line above ended', () => {
    const layout = layoutOf(poem('{align=start}', 'To be, or not to be,', '+ that is the question'));
    const above = inkExtent(runOf(layout, 'To be'));
    const stepped = runOf(layout, 'that is');
    expect(stepped.text.startsWith('+')).toBe(false);
    expect(stepped.xs[0]).toBeCloseTo(above.right + 5, 1);
    expect(stepped.y - runOf(layout, 'To be').y).toBeCloseTo(12, 3);
  });

  it('steps from the last line of a turned-over line and across a stanza break; a first stepped line is set as written', () => {
    const layout = layoutOf(poem('{align=start}', 'Whose woods these are I think I know, his house is in the village though', '', '+ he will not', '', 'Another stanza'));
    const turnover = inkExtent(runOf(layout, 'village though'));
    expect(runOf(layout, 'he will not').xs[0]).toBeCloseTo(turnover.right + 5, 1);
    const first = layoutOf(poem('{align=start}', '+ first of all'));
    expect(runOf(first, 'first of all').xs[0]).toBeCloseTo(LEFT, 2);
  });

  it('sets a stepped line flush with the end edge when it does not fit after the step', () => {
    const layout = layoutOf(poem('{align=start}', 'A line that runs on nearly across the whole measure', '+ and the rest of it here'));
    const stepped = runOf(layout, 'and the rest');
    expect(inkExtent(stepped).right).toBeCloseTo(RIGHT, 1);
    expect(stepped.xs[0]).toBeLessThan(inkExtent(runOf(layout, 'nearly')).right);
    // One line: not turned over.
    expect(runOf(layout, 'and the rest').text).toContain('here');
  });

  it('keeps \\+ as a literal plus at the line start', () => {
    const layout = layoutOf(poem('{align=start}', 'A line', '\\+ plus'));
    const plus = runOf(layout, 'plus');
    expect(plus.text.startsWith('+')).toBe(true);
    expect(plus.xs[0]).toBeCloseTo(LEFT, 2);
  });

  it('lays out the same incrementally as in full', () => {
    const source = ['# Poems', '', 'Some text before.', '', poem('', 'To be, or not to be,', '+ that is the question', '  Whether tis nobler'), '', 'After.'].join('\n');
    const cache = new EngineCache();
    run(oneChapterBook(source, settings()), cache);
    const edited = source.replace('Some text', 'Some more text');
    expect(dump(run(oneChapterBook(edited, settings()), cache))).toBe(dump(run(oneChapterBook(edited, settings()), new EngineCache(false))));
  });
});
