import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INFINITE_PENALTY, type Item } from '../../../src/worker/engine/text/items';
import { breakParagraph, breakParagraphDetailed, settableRatio } from '../../../src/worker/engine/text/linebreak';
import {
  FITNESS_DECENT,
  INFINITY_BADNESS,
  fitLine,
  lineBreakParams,
  lineDemerits,
  raggedRatioLimit,
  runtBadness,
  type Fitness,
  type LineBreakParams,
} from '../../../src/worker/engine/text/linebreak-cost';

/** Seeded: every run explores the same paragraphs (craft habit 17). */
const SEED = Number(process.env.LINEBREAK_SEED ?? 20240515);
/** Scale the number of runs for a longer local soak (LINEBREAK_RUNS_SCALE=20). */
const SCALE = Number(process.env.LINEBREAK_RUNS_SCALE ?? 1);

interface Case {
  items: Item[];
  widths: number[];
  params: Partial<LineBreakParams>;
}

/** A random paragraph of 1–14 boxes: words, hyphenated words, hard breaks, odd penalties. */
const caseArb: fc.Arbitrary<Case> = fc
  .record({
    boxes: fc.array(
      fc.record({
        width: fc.integer({ min: 4, max: 70 }),
        // What follows the box: a word space, a hyphenation point, an explicit penalty, or a hard break.
        next: fc.constantFrom('space', 'space', 'space', 'space', 'hyphen', 'penalty', 'hard'),
        penalty: fc.constantFrom(-200, 0, 50, 150, 1000),
        space: fc.integer({ min: 2, max: 8 }),
      }),
      { minLength: 1, maxLength: 14 },
    ),
    widths: fc.array(fc.integer({ min: 40, max: 220 }), { minLength: 1, maxLength: 6 }),
    ragged: fc.boolean(),
    tolerance: fc.constantFrom(100, 200, 1000, 10000),
    avoidRunts: fc.boolean(),
    graded: fc.boolean(),
    infiniteFinish: fc.boolean(),
    linePenalty: fc.constantFrom(1, 10),
    finalHyphenDemerits: fc.constantFrom(0, 5000),
  })
  .map((r) => {
    const items: Item[] = [];
    r.boxes.forEach((b, i) => {
      items.push({ type: 'box', width: b.width });
      if (i === r.boxes.length - 1) return;
      if (b.next === 'space') items.push({ type: 'glue', width: b.space, stretch: b.space, shrink: b.space * 0.4 });
      else if (b.next === 'hyphen') items.push({ type: 'penalty', width: 3, penalty: 50, flagged: true });
      else if (b.next === 'penalty') {
        items.push({ type: 'penalty', width: 0, penalty: b.penalty, flagged: false });
        items.push({ type: 'glue', width: b.space, stretch: b.space, shrink: b.space * 0.4 });
      } else {
        // Hard line break: fil glue + forced break (TeX `\hfil\break`).
        items.push({ type: 'penalty', width: 0, penalty: INFINITE_PENALTY, flagged: false });
        items.push({ type: 'glue', width: 0, stretch: Infinity, shrink: 0 });
        items.push({ type: 'penalty', width: 0, penalty: -INFINITE_PENALTY, flagged: false });
      }
    });
    items.push({ type: 'penalty', width: 0, penalty: INFINITE_PENALTY, flagged: false });
    items.push({ type: 'glue', width: 0, stretch: r.infiniteFinish ? Infinity : 1e5, shrink: 0 });
    items.push({ type: 'penalty', width: 0, penalty: -INFINITE_PENALTY, flagged: false });
    const params: Partial<LineBreakParams> = {
      ragged: r.ragged,
      tolerance: r.tolerance,
      avoidRunts: r.avoidRunts,
      gradedRuntPenalty: r.graded,
      linePenalty: r.linePenalty,
      finalHyphenDemerits: r.finalHyphenDemerits,
      normalSpaceWidth: 4,
      em: 10,
      lineWidthsUniformFrom: Infinity,
    };
    return { items, widths: r.widths, params };
  });

const widthFn = (widths: number[]) => (line: number) => widths[Math.min(line, widths.length - 1)]!;

/** Legal breakpoints (paper): glue after a box, penalties below +10000; the last item is forced. */
function legalBreaks(items: readonly Item[]): number[] {
  const out: number[] = [];
  items.forEach((it, i) => {
    if (it.type === 'glue' && i > 0 && items[i - 1]!.type === 'box') out.push(i);
    if (it.type === 'penalty' && it.penalty < INFINITE_PENALTY) out.push(i);
  });
  return out;
}

function startAfter(items: readonly Item[], b: number): number {
  let s = b + 1;
  while (s < items.length) {
    const x = items[s]!;
    if (x.type === 'box' || (x.type === 'penalty' && x.penalty <= -INFINITE_PENALTY)) break;
    s++;
  }
  return s;
}

const isForced = (it: Item) => it.type === 'penalty' && it.penalty <= -INFINITE_PENALTY;

/**
 * Exhaustive search: every sequence of legal breakpoints that takes every forced break, costed
 * line by line with the shared cost model. No pruning, no dynamic programming.
 * Pass 1 admits lines with r ≥ −1 and badness ≤ tolerance; if no sequence passes, pass 2 admits
 * any r ≥ −1, and an overfull line when it ends at the first breakpoint after the line start.
 */
function exhaustive(items: readonly Item[], widths: number[], partial: Partial<LineBreakParams>): { demerits: number; emergency: boolean } {
  const p = lineBreakParams(partial);
  const bps = legalBreaks(items);
  const last = bps[bps.length - 1]!;
  const W = widthFn(widths);
  const fit = fitLine(0, 0, 0, 0, 0, p, false);
  const search = (emergency: boolean): number => {
    let best = Infinity;
    const go = (prevPos: number, start: number, line: number, prevFit: Fitness, prevFlagged: boolean, total: number): void => {
      let firstEligible = true;
      for (const b of bps) {
        if (b <= prevPos) continue;
        const it = items[b]!;
        const forced = isForced(it);
        if (b < start || (b === start && !forced)) continue;
        const fresh = firstEligible;
        firstEligible = false;
        let width = 0;
        let stretch = 0;
        let shrink = 0;
        let fil = 0;
        for (let i = start; i < b; i++) {
          const x = items[i]!;
          if (x.type === 'box') width += x.width;
          else if (x.type === 'glue') {
            width += x.width;
            shrink += x.shrink;
            if (x.stretch === Infinity) fil++;
            else stretch += x.stretch;
          }
        }
        const natural = width;
        const pw = it.type === 'penalty' ? it.width : 0;
        fitLine(width + pw, stretch, shrink, fil, W(line), p, forced, fit);
        const overfull = fit.badness === Infinity;
        const ok = emergency ? !overfull || fresh : !overfull && fit.badness <= p.tolerance;
        if (ok) {
          const pen = it.type === 'penalty' ? it.penalty : 0;
          const flagged = it.type === 'penalty' && it.flagged;
          let d = lineDemerits(overfull ? INFINITY_BADNESS : fit.badness, pen, p, b === last ? runtBadness(natural, p) : 0, flagged, prevFlagged, fit.fitness, prevFit, b === last);
          if (overfull) d += 1e12 + 1e6 * (width + pw - W(line));
          if (b === last) best = Math.min(best, total + d);
          else go(b, startAfter(items, b), line + 1, fit.fitness, flagged, total + d);
        }
        if (forced || overfull) return; // cannot pass a forced break; longer lines only get worse
      }
    };
    go(-1, 0, 0, FITNESS_DECENT, false, 0);
    return best;
  };
  const first = search(false);
  if (first < Infinity) return { demerits: first, emergency: false };
  return { demerits: search(true), emergency: true };
}

describe('Knuth–Plass properties (seeded)', () => {
  it('finds the minimum total demerits that exhaustive search finds', () => {
    fc.assert(
      fc.property(caseArb, ({ items, widths, params }) => {
        const got = breakParagraphDetailed(items, widthFn(widths), params);
        const want = exhaustive(items, widths, params);
        expect(got.emergencyPass).toBe(want.emergency);
        expect(Math.abs(got.demerits - want.demerits)).toBeLessThanOrEqual(1e-9 * Math.max(1, want.demerits));
      }),
      { seed: SEED, numRuns: 400 * SCALE },
    );
  });

  it('merging line numbers from `lineWidthsUniformFrom` on gives the same optimum when widths allow it', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 40, max: 220 }), fc.integer({ min: 40, max: 220 }), ({ items, params }, first, rest) => {
        const widths = [first, rest];
        const merged = breakParagraphDetailed(items, widthFn(widths), { ...params, lineWidthsUniformFrom: 1 });
        const want = exhaustive(items, widths, params);
        expect(Math.abs(merged.demerits - want.demerits)).toBeLessThanOrEqual(1e-9 * Math.max(1, want.demerits));
      }),
      { seed: SEED + 1, numRuns: 300 * SCALE },
    );
  });

  it('sets every line within tolerance, or flags it as an emergency; ragged flags match the 3× rule', () => {
    fc.assert(
      fc.property(caseArb, ({ items, widths, params }) => {
        const p = lineBreakParams(params);
        const breaks = breakParagraph(items, widthFn(widths), params);
        let start = 0;
        breaks.forEach((br, line) => {
          let width = 0;
          let stretch = 0;
          let shrink = 0;
          let fil = 0;
          for (let i = start; i < br.position; i++) {
            const x = items[i]!;
            if (x.type === 'box') width += x.width;
            else if (x.type === 'glue') {
              width += x.width;
              shrink += x.shrink;
              if (x.stretch === Infinity) fil++;
              else stretch += x.stretch;
            }
          }
          const end = items[br.position]!;
          if (end.type === 'penalty') width += end.width;
          const fit = fitLine(width, stretch, shrink, fil, widthFn(widths)(line), p, isForced(end));
          const within = fit.badness !== Infinity && fit.badness <= p.tolerance;
          if (!within) expect(br.emergency).toBe(true);
          expect(br.ratio).toBeCloseTo(settableRatio(fit.ratio), 9);
          expect(Number.isFinite(br.ratio) && br.ratio >= -1).toBe(true);
          if (!p.ragged && fit.ratio > raggedRatioLimit(p)) expect(br.ragged).toBe(true);
          else expect(br.ragged).toBeUndefined();
          start = startAfter(items, br.position);
        });
      }),
      { seed: SEED + 2, numRuns: 400 * SCALE },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(caseArb, ({ items, widths, params }) => {
        const a = breakParagraph(items, widthFn(widths), params);
        const b = breakParagraph(items.map((x) => ({ ...x })), widthFn([...widths]), { ...params });
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      }),
      { seed: SEED + 3, numRuns: 200 * SCALE },
    );
  });

  it('the lines, minus discarded glue and penalties, reconstruct the paragraph', () => {
    fc.assert(
      fc.property(caseArb, ({ items, widths, params }) => {
        const breaks = breakParagraph(items, widthFn(widths), params);
        const positions = breaks.map((b) => b.position);
        // Strictly increasing, ends at the final forced break, takes every forced break.
        positions.forEach((pos, i) => i > 0 && expect(pos).toBeGreaterThan(positions[i - 1]!));
        expect(positions[positions.length - 1]).toBe(items.length - 1);
        items.forEach((it, i) => isForced(it) && expect(positions).toContain(i));
        const kept: Item[] = [];
        let start = 0;
        for (const pos of positions) {
          for (let i = start; i < pos; i++) kept.push(items[i]!);
          const next = startAfter(items, pos);
          // Only glue and penalties are dropped at a break.
          for (let i = pos; i < next; i++) expect(items[i]!.type).not.toBe('box');
          start = next;
        }
        expect(kept.filter((x) => x.type === 'box')).toEqual(items.filter((x) => x.type === 'box'));
      }),
      { seed: SEED + 4, numRuns: 300 * SCALE },
    );
  });
});
