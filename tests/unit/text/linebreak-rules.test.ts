import { describe, expect, it } from 'vitest';
import { INFINITE_PENALTY, type Item } from '../../../src/worker/engine/text/items';
import { breakParagraph, breakParagraphDetailed, wordSpaceGlue } from '../../../src/worker/engine/text/linebreak';
import { fitLine, lineBreakParams } from '../../../src/worker/engine/text/linebreak-cost';

/** Words of the given widths (pt) separated by glue, ended the TeX way. */
function para(widths: number[], glue = { width: 5, stretch: 5, shrink: 2 }, finish: Item[] = finishing()): Item[] {
  const items: Item[] = [];
  widths.forEach((w, i) => {
    if (i > 0) items.push({ type: 'glue', ...glue });
    items.push({ type: 'box', width: w });
  });
  return items.concat(finish);
}

function finishing(): Item[] {
  return [
    { type: 'penalty', width: 0, penalty: INFINITE_PENALTY, flagged: false },
    { type: 'glue', width: 0, stretch: Infinity, shrink: 0 },
    { type: 'penalty', width: 0, penalty: -INFINITE_PENALTY, flagged: false },
  ];
}

/** Number of boxes on each line. */
function boxesPerLine(items: readonly Item[], positions: readonly number[]): number[] {
  const out: number[] = [];
  let from = 0;
  for (const p of positions) {
    out.push(items.slice(from, p).filter((x) => x.type === 'box').length);
    from = p + 1;
  }
  return out;
}

const base = { normalSpaceWidth: 4, em: 10 };

describe('cost model (spec §6.3)', () => {
  const p = lineBreakParams(base);

  it('badness is 100·r³, plus 2000·r² once past maxWordSpacing (r > 1), capped at 10000', () => {
    expect(fitLine(90, 10, 5, 0, 95, p, false).badness).toBeCloseTo(100 * 0.5 ** 3, 9);
    expect(fitLine(85, 10, 5, 0, 95, p, false).badness).toBeCloseTo(100, 9);
    expect(fitLine(84, 10, 5, 0, 95, p, false).badness).toBeCloseTo(100 * 1.1 ** 3 + 2000 * 1.1 ** 2, 6);
    expect(fitLine(50, 10, 5, 0, 95, p, false).badness).toBe(10000);
    expect(fitLine(97.5, 10, 5, 0, 95, p, false).badness).toBeCloseTo(100 * 0.5 ** 3, 9); // shrinking
    expect(fitLine(101, 10, 5, 0, 95, p, false).badness).toBe(Infinity); // r < −1: overfull
  });

  it('flags justified lines whose spaces would pass 3× the normal space (r > 2 at maxWordSpacing 2)', () => {
    expect(fitLine(75, 10, 5, 0, 95, p, false).setRagged).toBe(false); // r = 2: spaces exactly 3×
    expect(fitLine(74, 10, 5, 0, 95, p, false).setRagged).toBe(true);
    // With maxWordSpacing 1.5 the same 3× limit is r = 4.
    expect(raggedAt(4.01, 1.5)).toBe(true);
    expect(raggedAt(3.99, 1.5)).toBe(false);
  });

  it('ragged lines cost by shortfall: 3 em short ≈ a justified line at maxWordSpacing', () => {
    const rp = lineBreakParams({ ...base, ragged: true });
    const short3em = fitLine(95 - 30, 10, 5, 0, 95, rp, false);
    expect(short3em.badness).toBeCloseTo(fitLine(85, 10, 5, 0, 95, p, false).badness, 9);
    expect(short3em.ratio).toBe(0); // ragged glue is never stretched
    expect(fitLine(95 - 30, 10, 5, 0, 95, rp, true).badness).toBe(0); // last line is free
  });

  function raggedAt(r: number, max: number): boolean {
    const q = lineBreakParams({ ...base, maxWordSpacing: max });
    return fitLine(100 - r * 10, 10, 5, 0, 100, q, false).setRagged;
  }
});

describe('Knuth–Plass rules', () => {
  it('avoids a runt last line when a decent alternative exists (spec §6.4)', () => {
    // Nine 20 pt words, 5 pt spaces that may stretch to 17.5 pt: 4+4+1 sets at natural width but
    // leaves a one-word runt (20 pt < 20 × 4 pt); 3+3+3 sets its lines at r = 1.
    // Normal space 3 pt: the runt threshold is 20 × 3 = 60 pt, so a 70 pt last line is fine.
    const items = para(Array(9).fill(20), { width: 5, stretch: 12.5, shrink: 2 });
    const measure = () => 95;
    const q = { ...base, normalSpaceWidth: 3 };
    expect(boxesPerLine(items, breakParagraph(items, measure, { ...q, avoidRunts: false }).map((b) => b.position))).toEqual([4, 4, 1]);
    expect(boxesPerLine(items, breakParagraph(items, measure, q).map((b) => b.position))).toEqual([3, 3, 3]);
    // Graded: a 20 pt last line costs 1000 × (1 − 20/60) ≈ 667, still worse than 3+3+3.
    expect(boxesPerLine(items, breakParagraph(items, measure, { ...q, gradedRuntPenalty: true }).map((b) => b.position))).toEqual([3, 3, 3]);
  });

  it('keeps a runt rather than set a line past maxWordSpacing (over-stretch costs more)', () => {
    // Same words, but 3-word lines would need r = 1.25.
    const items = para(Array(9).fill(20), { width: 5, stretch: 10, shrink: 2 });
    expect(boxesPerLine(items, breakParagraph(items, () => 95, base).map((b) => b.position))).toEqual([4, 4, 1]);
  });

  it('sets an over-wide word on its own emergency line instead of clipping it', () => {
    const items = para([20, 20, 300, 20, 20]);
    const result = breakParagraphDetailed(items, () => 100, base);
    expect(result.emergencyPass).toBe(true);
    const lines = boxesPerLine(items, result.breaks.map((b) => b.position));
    expect(lines.reduce((a, b) => a + b, 0)).toBe(5);
    // The 300 pt word's line is overfull: reported at full shrink (−1), flagged, not clipped.
    const wide = result.breaks.filter((b) => b.emergency && b.ratio === -1);
    expect(wide.length).toBe(1);
  });

  it('honours a different width per line (first-line indent, wrap-around)', () => {
    const items = para(Array(30).fill(18), { width: 5, stretch: 5, shrink: 2 });
    const widths = (i: number) => (i < 3 ? 100 : 200);
    const breaks = breakParagraph(items, widths, { ...base, lineWidthsUniformFrom: 3 });
    let from = 0;
    breaks.forEach((b, i) => {
      const line = items.slice(from, b.position);
      const natural = line.reduce((w, x) => w + (x.type === 'penalty' ? 0 : x.width), 0);
      const shrink = line.reduce((z, x) => z + (x.type === 'glue' ? x.shrink : 0), 0);
      expect(natural - shrink).toBeLessThanOrEqual(widths(i) + 1e-9);
      from = b.position + 1;
    });
    expect(boxesPerLine(items, breaks.map((b) => b.position)).slice(0, 3)).toEqual([4, 4, 4]);
  });

  it('looseness asks for one line more or fewer when feasible', () => {
    // 24 words of 20 pt; 5 words = 120 pt, 6 words = 145 pt (shrinkable by 15 pt).
    const items = para(Array(24).fill(20), { width: 5, stretch: 10, shrink: 3 });
    const lines = (measure: number, looseness: number) => breakParagraph(items, () => measure, { ...base, looseness }).length;
    expect(lines(132, 0)).toBe(5); // 5 words a line at r = 0.3
    expect(lines(132, -1)).toBe(4); // 6 words a line, shrunk to r ≈ −0.87
    expect(lines(132, 1)).toBe(6);
    expect(lines(132, -5)).toBe(4); // as few as feasible, no fewer
  });

  it('looseness with no way through the paragraph within its tolerance falls back to the best setting (TeX §875)', () => {
    // Words of 20 pt, spaces 5 pt stretching 2 and shrinking 1: two words a line are 45 pt (47 at
    // r = 1), three are 70 pt (68 at r = −1). At a 56 pt measure every line but the last needs
    // r > 1, so the looser search at badness ≤ 100 (lever 7's: r ≤ 1) finds no setting at all.
    const items = para(Array(12).fill(20), { width: 5, stretch: 2, shrink: 1 });
    const best = breakParagraphDetailed(items, () => 56, base);
    expect(best.breaks.slice(0, -1).every((b) => b.ratio > 1)).toBe(true);
    const looser = breakParagraphDetailed(items, () => 56, { ...base, looseness: 1, tolerance: 100 });
    expect(looser).toEqual(best);
    // Where four words a line reach the measure within r ≤ 1 (95 pt + 30 pt of stretch ≥ 124 pt), the
    // same search finds the line more: six lines of four words instead of five of five.
    const roomy = para(Array(24).fill(20), { width: 5, stretch: 10, shrink: 3 });
    expect(breakParagraph(roomy, () => 124, base)).toHaveLength(5);
    const six = breakParagraph(roomy, () => 124, { ...base, looseness: 1, tolerance: 100 });
    expect(boxesPerLine(roomy, six.map((b) => b.position))).toEqual([4, 4, 4, 4, 4, 4]);
    expect(six.slice(0, -1).every((b) => b.ratio <= 1)).toBe(true);
  });

  it('avoids consecutive hyphenated lines when the alternative costs less than α = 3000', () => {
    // Eight two-piece words (widths pt) with a hyphenation point each, 100 pt measure: without α
    // the optimum hyphenates two lines in a row; with α it does not.
    const words = [[22, 16], [13, 23], [18, 15], [22, 11], [27, 13], [27, 10], [15, 26], [13, 25]] as const;
    const items: Item[] = [];
    words.forEach(([x, y], i) => {
      if (i > 0) items.push({ type: 'glue', width: 5, stretch: 5, shrink: 2 });
      items.push({ type: 'box', width: x }, { type: 'penalty', width: 3, penalty: 50, flagged: true }, { type: 'box', width: y });
    });
    items.push(...finishing());
    const pairs = (alpha: number) => {
      const breaks = breakParagraph(items, () => 100, { ...base, avoidRunts: false, consecutiveHyphenDemerits: alpha });
      const hyphenated = breaks.map((b) => items[b.position]!.type === 'penalty' && b.position < items.length - 1);
      return hyphenated.filter((f, i) => i > 0 && f && hyphenated[i - 1]).length;
    };
    expect(pairs(0)).toBe(1);
    expect(pairs(3000)).toBe(0);
  });

  it('ragged hyphenation zone: no hyphen when moving the whole word leaves a gap ≤ zone', () => {
    // Line "aaaa bbbb|cccc": ending before "bbbbcccc" leaves 40 pt; zone 50 pt forbids the hyphen.
    const items: Item[] = [
      { type: 'box', width: 60 },
      { type: 'glue', width: 5, stretch: 0, shrink: 0 },
      { type: 'box', width: 30 },
      { type: 'penalty', width: 3, penalty: 50, flagged: true },
      { type: 'box', width: 30 },
      ...finishing(),
    ];
    const ragged = { ...base, ragged: true };
    const withZone = breakParagraph(items, () => 105, { ...ragged, hyphenationZone: 50 });
    expect(withZone.map((b) => b.position)).toEqual([1, 7]);
    const noZone = breakParagraph(items, () => 105, ragged);
    expect(noZone.map((b) => b.position)).toEqual([3, 7]);
  });

  it('treats a missing final forced break as one at items.length', () => {
    const items: Item[] = [{ type: 'box', width: 10 }, { type: 'glue', width: 5, stretch: 5, shrink: 2 }, { type: 'box', width: 10 }];
    expect(breakParagraph(items, () => 100, base).map((b) => b.position)).toEqual([3]);
    expect(breakParagraph([], () => 100, base)).toEqual([]);
  });

  it('takes every forced break (hard line breaks)', () => {
    const items: Item[] = [
      { type: 'box', width: 10 },
      ...finishing(),
      { type: 'box', width: 10 },
      { type: 'glue', width: 5, stretch: 5, shrink: 2 },
      { type: 'box', width: 10 },
      ...finishing(),
    ];
    expect(breakParagraph(items, () => 100, base).map((b) => b.position)).toEqual([3, 9]);
  });

  it('works with the word-space glue built from the spec bounds', () => {
    const g = wordSpaceGlue(4, { maxWordSpacing: 2, minWordSpacing: 0.6 });
    expect(g).toEqual({ type: 'glue', width: 4, stretch: 4, shrink: 4 * 0.4 });
  });
});
