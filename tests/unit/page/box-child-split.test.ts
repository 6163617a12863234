/**
 * `layout.boxChildSplitMinLines` (configuration.md §4, document-format §8.1): a cut inside a
 * paragraph of a split callout box keeps at least that many of its lines on each side. One column
 * of exactly 10 grid lines (10 pt body on a 12 pt leading, 300 × 220 pt pages); the box has no
 * padding or margins and may split (`keepTogether: false`), so each of its lines takes 12 pt; its
 * `splitMinLines` is 1, so only the paragraph's own rule keeps lines together (callout-split.test.ts
 * has the box-wide rule).
 */
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { boxCut } from '../../../src/worker/engine/page/break-rules';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type RectItem } from '../../../src/worker/protocol/displaylist';
import { oneChapterBook, ptLength as pt, run, runs, TEN_ROW_COLUMN } from './helpers';

const settingsOf = (min?: number) =>
  settingsFromConfig({
    ...TEN_ROW_COLUMN,
    layout: { ...TEN_ROW_COLUMN.layout, ...(min === undefined ? {} : { boxChildSplitMinLines: min }) },
    calloutStyles: [{ id: 'note', padding: { top: pt(0), right: pt(0), bottom: pt(0), left: pt(0) }, marginTop: pt(0), marginBottom: pt(0), keepTogether: false, splitMinLines: 1 }],
  } as never);

/** `k` one-line filler paragraphs, then a box holding one paragraph of the words `w0 … w(n−1)`. */
const source = (k: number, words: number) =>
  [...Array.from({ length: k }, (_, i) => `Filler ${i + 1}.`), ':::callout', Array.from({ length: words }, (_, i) => `w${i}`).join(' '), ':::'].join('\n\n');

/** Lines of the box per page: distinct baselines of body runs inside a box rectangle. */
function boxLines(k: number, words: number, min?: number): number[] {
  return run(oneChapterBook(source(k, words), settingsOf(min))).pages.map((page) => {
    const boxes = page.items.filter((i): i is RectItem => i.op === Op.Rect && i.fill === '#f4f4f4');
    const inside = runs(page).filter((r) => r.line?.role === 'body' && boxes.some((b) => r.y > b.y && r.y < b.y + b.h));
    return new Set(inside.map((r) => r.y)).size;
  });
}

/** A word count giving a paragraph of exactly `n` lines in the 200 pt measure (found, not assumed). */
function wordsFor(n: number): number {
  const linesOf = (words: number) => boxLines(0, words, 1).reduce((a, b) => a + b, 0);
  // The fewest words that make n lines (line counts grow with the words): bisection.
  let [low, high] = [1, 400];
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (linesOf(mid) >= n) high = mid;
    else low = mid + 1;
  }
  if (linesOf(low) !== n) throw new Error(`no word count gives ${n} lines`);
  return low;
}
const FOUR_LINES = wordsFor(4);

describe('layout.boxChildSplitMinLines', () => {
  it('is applied, 2 by default', () => {
    expect(isApplied('layout.boxChildSplitMinLines')).toBe(true);
    expect(settingsOf().breaks?.boxChildSplitMinLines).toBe(2);
    expect(settingsOf(0).breaks?.boxChildSplitMinLines).toBe(1);
  });

  it('moves the box on rather than leave one line of its paragraph at the column foot', () => {
    const words = FOUR_LINES;
    // Nine fillers leave one row: with 1 the first line stays there, by default the box goes on whole.
    expect(boxLines(9, words, 1)).toEqual([1, 3]);
    expect(boxLines(9, words)).toEqual([0, 4]);
  });

  it('cuts higher rather than carry one line over', () => {
    const words = FOUR_LINES;
    // Seven fillers leave three rows: 3 + 1 with 1; 2 + 2 by default; with 3 the paragraph cannot be cut.
    expect(boxLines(7, words, 1)).toEqual([3, 1]);
    expect(boxLines(7, words)).toEqual([2, 2]);
    expect(boxLines(7, words, 3)).toEqual([0, 4]);
  });

  it('boxCut: cuts between blocks stay; a block begun in an earlier segment keeps the cut', () => {
    const a = {};
    const b = {};
    const rows = [a, a, a, b, b, b];
    const of = (k: number) => rows[k]!;
    expect(boxCut(of, 6, 0, 3, 2)).toBe(3);
    expect(boxCut(of, 6, 0, 4, 2)).toBe(3);
    expect(boxCut(of, 6, 0, 5, 2)).toBe(3);
    expect(boxCut(() => a, 4, 0, 3, 2)).toBe(2);
    // Rows 0–1 were set in the segment before: row 2 alone of a here cannot move back, the cut holds.
    expect(boxCut(of, 6, 2, 1, 2)).toBe(1);
  });
});
