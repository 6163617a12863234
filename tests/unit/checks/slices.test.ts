/**
 * The checks in slices (memo.ts `inSlices`, as the host runs them between builds): a run stopped at
 * the end of each slice and run again gives exactly the warnings of one run without slices, with or
 * without a carry of the detectors already finished; and the line of a source offset (input.ts
 * `lineAt`, from the source's line starts).
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, defaultSettings, layoutBook, parseCached, type BookLayout } from '../../../src/worker/engine';
import { ChecksPaused, computeWarnings, inSlices, type SliceCarry, type Warning } from '../../../src/worker/engine/checks';
import { lineAt } from '../../../src/worker/engine/checks/input';
import { nodeFontRegistry } from '../../support/node-world';
import { chapterMarkdown, mulberry32 } from '../../support/prose';

const fonts = nodeFontRegistry();

/** The book laid out afresh (new chapter objects each time, so the checks' memos start empty for it). */
function laidOut(sources: readonly string[]) {
  const chapters = sources.map((source, i) => ({ id: `ch${i + 1}`, title: '', source }));
  const settings = defaultSettings();
  const cache = new EngineCache();
  const steps = layoutBook({ title: 'Slices', chapters, settings }, fonts, cache);
  let step = steps.next();
  while (!step.done) step = steps.next();
  const layout: BookLayout = step.value;
  const parsed = chapters.map((c, i) => parseCached(c, i === 0, cache, settings));
  return { chapters, parsed, config: {}, settings, resources: [], layout, fonts };
}

describe('checks in slices', () => {
  it('a run paused after every memo entry and resumed gives the warnings of one run', () => {
    const random = mulberry32(41);
    // No hyphenation patterns: loose lines, runts and the like to find.
    const sources = [0, 1, 2, 3].map((i) => chapterMarkdown(random, `Chapter ${i}`, 25));
    const whole = computeWarnings(laidOut(sources));
    expect(whole.length).toBeGreaterThan(0);
    const input = laidOut(sources);
    let pauses = 0;
    let sliced: Warning[] | null = null;
    for (let attempt = 0; attempt < 1000 && !sliced; attempt++) {
      try {
        // Every slice is over at once: each run computes one entry, then stops at the next.
        sliced = inSlices(() => true, () => computeWarnings(input));
      } catch (error) {
        expect(error).toBeInstanceOf(ChecksPaused);
        pauses++;
      }
    }
    // Several per-chapter detectors over four chapters: more than a few pauses.
    expect(pauses).toBeGreaterThan(4);
    expect(sliced).toEqual(whole);
    // Outside `inSlices` nothing pauses.
    expect(computeWarnings(input)).toEqual(whole);
  });

  it('with a carry, paused runs skip the detectors earlier runs finished and still give the warnings of one run', () => {
    const random = mulberry32(43);
    const sources = [0, 1, 2].map((i) => chapterMarkdown(random, `Part ${i}`, 20));
    const whole = computeWarnings(laidOut(sources));
    const input = laidOut(sources);
    const carry: SliceCarry = new Map();
    const sizes: number[] = [];
    let sliced: Warning[] | null = null;
    for (let attempt = 0; attempt < 1000 && !sliced; attempt++) {
      try {
        sliced = inSlices(() => true, () => computeWarnings(input), carry);
      } catch (error) {
        expect(error).toBeInstanceOf(ChecksPaused);
        sizes.push(carry.size);
      }
    }
    expect(sliced).toEqual(whole);
    // Detectors were finished along the way and kept (never dropped between runs).
    expect(sizes.length).toBeGreaterThan(2);
    expect(sizes[sizes.length - 1]!).toBeGreaterThan(sizes[0]!);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]!).toBeGreaterThanOrEqual(sizes[i - 1]!);
  });

  it('the line of an offset counts the newlines before it', () => {
    const source = 'one\ntwo\n\nfour\n';
    const naive = (offset: number): number => 1 + [...source.slice(0, Math.max(0, offset))].filter((c) => c === '\n').length;
    for (let offset = -2; offset <= source.length + 3; offset++) expect(lineAt(source, offset)).toBe(naive(offset));
    expect(lineAt('', 5)).toBe(1);
    expect(lineAt(source, 4)).toBe(2); // just after the first newline
    expect(lineAt(source, 3)).toBe(1); // on it
  });
});
