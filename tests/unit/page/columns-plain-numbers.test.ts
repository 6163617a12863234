import { describe, expect, it } from 'vitest';
import type { BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem, PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { inkExtent, run, runs, TEN_ROW_COLUMN } from './helpers';

/**
 * Margin line numbers (configuration.md §11.2) of a `:::columns` group that paginate.ts let flow
 * as plain text (document-format §8.4: here, one holding a `:::paragraphs` container, which a group
 * does not set in a sub-column): its lines are running text of the column and are numbered as such —
 * in reading order, at the column's outer margin — never sub-column by sub-column.
 * One column of 10 grid lines from x = 50 to 250 pt (TEN_ROW_COLUMN); page 1 is a recto, so
 * `outer` is its right margin: numbers start 8 pt after 250 pt.
 */
const ALL = { enabled: true, count: 'all', interval: 1 };
const bookOf = (source: string, lineNumbers?: Record<string, unknown>): BookInput => ({
  title: 'T',
  settings: settingsFromConfig({ ...TEN_ROW_COLUMN, ...(lineNumbers ? { lineNumbers } : {}) } as never),
  chapters: [{ id: 'ch1', title: '', source }],
});
const numbersOn = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line?.role === 'lineNumber');
/** The body runs on a number's baseline. */
const besideNumber = (page: PageDisplayList, n: GlyphRunItem): string => runs(page).filter((r) => r.line?.role === 'body' && r.y === n.y).map((r) => r.text).join(' ');

describe('lineNumbers: a :::columns group that flows plain is numbered as plain flow', () => {
  const source = ['Line 1', ':::columns{count=2}', 'G1', ':::paragraphs\nP1 in a container.\n:::', 'G2 goes on after it.', 'G3', ':::', 'Line 2'].join('\n\n');

  it('the group flowed plain: G3 stands under G1 at the column\'s left edge, not in a second sub-column', () => {
    const page = run(bookOf(source)).pages[0]!;
    const g1 = runs(page).find((r) => r.text === 'G1')!;
    const g3 = runs(page).find((r) => r.text === 'G3')!;
    expect(g3.y).toBeGreaterThan(g1.y);
    expect(g3.xs[0]!).toBeLessThan(150);
  });

  it('numbers every line of the group in reading order at the column\'s outer margin', () => {
    const page = run(bookOf(source, ALL)).pages[0]!;
    const numbers = numbersOn(page);
    expect(numbers.map((n) => `${n.text}:${besideNumber(page, n)}`)).toEqual(['1:Line 1', '2:G1', '3:P1 in a container.', '4:G2 goes on after it.', '5:G3', '6:Line 2']);
    // Top to bottom: each number on a lower baseline than the one before.
    for (let k = 1; k < numbers.length; k++) expect(numbers[k]!.y).toBeGreaterThan(numbers[k - 1]!.y);
    // All of them in the right (outer) margin, none in the left margin as a first sub-column's would be.
    for (const n of numbers) {
      expect(n.xs[0]).toBeCloseTo(258, 3);
      expect(inkExtent(n).right).toBeGreaterThan(250);
    }
  });
});
