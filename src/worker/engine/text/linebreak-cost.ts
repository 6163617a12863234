/**
 * Knuth–Plass cost model: badness, fitness classes and demerits of one line.
 *
 * Shared by the breaker (`linebreak.ts`) and by tests that check it against exhaustive search,
 * so that "optimal" has exactly one meaning. Pure functions, no state.
 *
 * References: "the paper" = D. E. Knuth & M. F. Plass, "Breaking Paragraphs into Lines",
 * Software—Practice and Experience 11 (1981), reprinted as chapter 3 of *Digital Typography*;
 * "TeX" = tex.web §§851–859 (badness, fitness, demerits); "spec" = configuration.md §6.3–6.4.
 */

import { glueItem, type GlueItem } from './items';

/** Penalty/badness magnitude: ±10000 forbids/forces a break and saturates badness (spec §6.3). */
export const INFINITY_BADNESS = 10000;

/** Tuning of the cost model. Lengths in pt; ratios are unitless. */
export interface LineBreakParams {
  /**
   * Largest badness (0–10000) a line may have in the first pass (TeX `\tolerance`; the paper's
   * ρ expressed as badness 100ρ³). 10000 admits every line that is not overfull.
   */
  tolerance: number;
  /** TeX `\looseness`: ask for this many lines more (+) or fewer (−) than optimal, if feasible. */
  looseness: number;
  /** l in the demerits (l + b)²: cost of each extra line (TeX `\linepenalty`, 10). */
  linePenalty: number;
  /** α: two consecutive lines ending in flagged penalties (hyphens), spec §6.3: 3000. */
  consecutiveHyphenDemerits: number;
  /** TeX `\finalhyphendemerits`: penultimate line ends in a hyphen. Not in the spec: 0. */
  finalHyphenDemerits: number;
  /** γ: adjacent lines whose fitness classes are not adjacent (4 classes), spec §6.3: 100. */
  fitnessDemerits: number;
  /** Extra badness factor k for lines past `maxWordSpacing`: badness += k·r² (spec §6.3: 2000). */
  overStretchBadness: number;
  /**
   * Upper word-space bound, multiple of the normal space (spec: 2). The caller builds word-space
   * glue with stretch = (maxWordSpacing − 1) × space, so r = 1 is exactly this bound ("loose").
   */
  maxWordSpacing: number;
  /** Lower word-space bound, multiple of the normal space (spec: 0.6); shrink = (1 − min) × space. */
  minWordSpacing: number;
  /** A justified line whose spaces would exceed this multiple of the normal space is set ragged (spec: 3). */
  raggedSpaceRatio: number;
  /** Width of the normal word space of the paragraph's body font, pt (runt threshold unit). */
  normalSpaceWidth: number;
  /** Body font size, pt (unit of the ragged shortfall scale and of `hyphenationZone` defaults). */
  em: number;
  /** Ragged (unjustified) text: glue is never stretched; lines cost by their shortfall instead. */
  ragged: boolean;
  /**
   * Ragged shortfall scale, em (spec `optimalRagged`: a line 3 em short costs about what a
   * justified line at `maxWordSpacing` costs, i.e. badness 100 = r 1).
   */
  raggedShortfallEm: number;
  /**
   * Ragged only: a flagged break (hyphen) is allowed only if ending the line before the whole
   * word would leave a gap wider than this, pt (spec `hyphenation.zone`). undefined = no zone.
   */
  hyphenationZone: number | undefined;
  /** Discourage a short last line (spec §6.4 `avoidRunts`). */
  avoidRunts: boolean;
  /** Runt threshold in normal space widths (spec: 20 ≈ 8–12 letters). */
  runtMinCharacters: number;
  /** Badness added inside the squared demerit of a runt last line (spec: 1000). */
  runtPenalty: number;
  /** Runt cost proportional to (1 − w / threshold) instead of all-or-nothing. */
  gradedRuntPenalty: boolean;
  /**
   * Optional speed hint: index of the first line from which `lineWidths` returns the same width
   * for every later line (TeX's "easy line"). Break nodes on those lines need not be told apart
   * by line number. Default Infinity: every line number is distinguished, which is always
   * correct (a paragraph whose lines all share one measure is detected and fast anyway). Pass 1
   * when only the first line differs (indent given as a shorter first line). A wrong hint
   * silently uses line `lineWidthsUniformFrom`'s width for all later lines. Ignored when
   * `looseness` ≠ 0.
   */
  lineWidthsUniformFrom: number;
  /** Record the last line's natural width on the last break (`KnuthPlassBreak.lastLineWidth`; runt tightening). */
  reportLastLine: boolean;
  /**
   * Justified text: most letter spacing a line may take between two clusters, pt (spec §6.3
   * `maxJustifyTracking`, thousandths of an em × the size), used only by lines whose word spaces
   * would otherwise pass `maxWordSpacing`. 0 = none. Needs the items' cluster counts.
   */
  justifyTracking: number;
}

/** Defaults of spec §6.3–6.4 (and TeX where the spec is silent). Lengths must be supplied by the caller. */
export const DEFAULT_LINE_BREAK_PARAMS: Readonly<LineBreakParams> = Object.freeze({
  tolerance: INFINITY_BADNESS,
  looseness: 0,
  linePenalty: 10,
  consecutiveHyphenDemerits: 3000,
  finalHyphenDemerits: 0,
  fitnessDemerits: 100,
  overStretchBadness: 2000,
  maxWordSpacing: 2,
  minWordSpacing: 0.6,
  raggedSpaceRatio: 3,
  normalSpaceWidth: 2.5, // pt: ≈ the space of 8 pt EB Garamond; callers pass the real one
  em: 8, // pt: spec default body size (§6.1)
  ragged: false,
  raggedShortfallEm: 3,
  hyphenationZone: undefined,
  avoidRunts: true,
  runtMinCharacters: 20,
  runtPenalty: 1000,
  gradedRuntPenalty: false,
  lineWidthsUniformFrom: Infinity,
  reportLastLine: false,
  justifyTracking: 0,
});

/** Defaults merged with the caller's choices. */
export function lineBreakParams(overrides: Partial<LineBreakParams> = {}): LineBreakParams {
  const p: LineBreakParams = { ...DEFAULT_LINE_BREAK_PARAMS };
  for (const key of Object.keys(overrides) as (keyof LineBreakParams)[]) {
    const v = overrides[key];
    if (v !== undefined) (p as unknown as Record<string, unknown>)[key] = v;
  }
  return p;
}

/**
 * Word-space glue for a space of natural width `width` pt under the spec's bounds:
 * stretch to `maxWordSpacing` × width, shrink to `minWordSpacing` × width (both pt).
 */
export function wordSpaceGlue(width: number, params: Pick<LineBreakParams, 'maxWordSpacing' | 'minWordSpacing'>): GlueItem<never> {
  return glueItem(width, Math.max(0, (params.maxWordSpacing - 1) * width), Math.max(0, (1 - params.minWordSpacing) * width));
}

/**
 * Fitness classes of the paper ("fitness classes", four of them) and TeX §817, by adjustment
 * ratio r: 0 very loose (r > 1), 1 loose (0.5 < r ≤ 1), 2 decent (−0.5 ≤ r ≤ 0.5), 3 tight.
 */
export type Fitness = 0 | 1 | 2 | 3;
export const FITNESS_VERY_LOOSE: Fitness = 0;
export const FITNESS_LOOSE: Fitness = 1;
export const FITNESS_DECENT: Fitness = 2;
export const FITNESS_TIGHT: Fitness = 3;

export function fitnessOf(r: number): Fitness {
  if (r > 1) return FITNESS_VERY_LOOSE;
  if (r > 0.5) return FITNESS_LOOSE;
  if (r >= -0.5) return FITNESS_DECENT;
  return FITNESS_TIGHT;
}

/** What the cost model says about one line (a mutable record, reused to avoid allocation). */
export interface LineFit {
  /** Adjustment ratio to set the line with (0 for ragged lines that are not shrunk). */
  ratio: number;
  /** The ratio the costs use: the glue ratio if justified, shortfall / scale if ragged. */
  costRatio: number;
  /** Badness 0–10000, or Infinity when overfull (r < −1). */
  badness: number;
  fitness: Fitness;
  /** Justified line whose spaces would exceed `raggedSpaceRatio` × normal: set it ragged. */
  setRagged: boolean;
  /** Letter spacing the line takes between two clusters, pt (`justifyTracking`); 0 = none. */
  tracking: number;
}

export function newLineFit(): LineFit {
  return { ratio: 0, costRatio: 0, badness: 0, fitness: FITNESS_DECENT, setRagged: false, tracking: 0 };
}

function setFit(out: LineFit, ratio: number, costRatio: number, badness: number, fitness: Fitness, setRagged: boolean): LineFit {
  out.ratio = ratio;
  out.costRatio = costRatio;
  out.badness = badness;
  out.fitness = fitness;
  out.setRagged = setRagged;
  out.tracking = 0;
  return out;
}

/** Spec §6.3 "tracking badness 100 × share²": a line using `share` (0–1) of its tracking capacity. */
export const TRACKING_BADNESS = 100;

/**
 * The numeric inputs of `fitLineOf` (`FIT_WIDTH` … `FIT_GAPS`, as `fitLine`'s arguments), written
 * here by the breaker's scan instead of passed: `fitLine` is longer than V8 inlines, and each double
 * passed to a call that is not inlined is boxed as a heap number (16 bytes, ~4 per candidate line:
 * 12.7 MB of the 342 MB a cold layout of the 300-page bench book allocates, bench/alloc-node.ts).
 * Read before anything else is called, so a nested use cannot overwrite them.
 */
export const fitInput = new Float64Array(6);
export const FIT_WIDTH = 0;
export const FIT_STRETCH = 1;
export const FIT_SHRINK = 2;
export const FIT_FIL = 3;
export const FIT_AVAILABLE = 4;
export const FIT_GAPS = 5;

/**
 * Adjustment ratio and badness of one line (paper: r_j and β_j = 100|r_j|³; TeX §108 computes
 * the same with integers). Spec additions: + overStretchBadness·r² past r = 1 (beyond
 * `maxWordSpacing`), saturation at 10000; ragged text costs by shortfall instead.
 *
 * @param width natural width including the width of the penalty the line ends at, pt
 * @param stretch sum of finite glue stretch, pt
 * @param shrink sum of glue shrink, pt
 * @param fil number of glues with infinite (`Infinity`) stretch on the line
 * @param available width the line must fill, pt
 * @param endsAtForcedBreak the line ends at a forced break (paragraph end, hard line break)
 * @param gaps places between two clusters on the line that letter spacing may widen
 *   (`justifyTracking`); 0 = none (also for a line holding text that may not be tracked)
 */
export function fitLine(
  width: number,
  stretch: number,
  shrink: number,
  fil: number,
  available: number,
  p: LineBreakParams,
  endsAtForcedBreak: boolean,
  out: LineFit = newLineFit(),
  gaps = 0,
): LineFit {
  fitInput[FIT_WIDTH] = width;
  fitInput[FIT_STRETCH] = stretch;
  fitInput[FIT_SHRINK] = shrink;
  fitInput[FIT_FIL] = fil;
  fitInput[FIT_AVAILABLE] = available;
  fitInput[FIT_GAPS] = gaps;
  return fitLineOf(p, endsAtForcedBreak, out);
}

/** `fitLine` with its numbers read from `fitInput`. */
export function fitLineOf(p: LineBreakParams, endsAtForcedBreak: boolean, out: LineFit): LineFit {
  const width = fitInput[FIT_WIDTH]!;
  const stretch = fitInput[FIT_STRETCH]!;
  const shrink = fitInput[FIT_SHRINK]!;
  const fil = fitInput[FIT_FIL]!;
  const available = fitInput[FIT_AVAILABLE]!;
  const gaps = fitInput[FIT_GAPS]!;
  // Widths are sums of floats: treat |slack| below 1e-9 pt as exact.
  const raw = available - width;
  const slack = raw > -1e-9 && raw < 1e-9 ? 0 : raw;
  if (slack < 0) {
    // Shrinking (paper: r = (W − L)/Z; r < −1 is infeasible: never shrink past the limit).
    const r = shrink > 0 ? snap(slack / shrink) : -Infinity;
    const badness = r < -1 ? Infinity : Math.min(INFINITY_BADNESS, -100 * r * r * r);
    return setFit(out, r, r, badness, fitnessOf(r), false);
  }
  if (p.ragged) {
    // Ragged: glue keeps its natural width. A line ending at a forced break (last line, hard
    // break) costs nothing; others cost by shortfall (spec `optimalRagged`: 3 em short ≈ r 1).
    if (endsAtForcedBreak || fil > 0) return setFit(out, 0, 0, 0, FITNESS_DECENT, false);
    const scale = p.raggedShortfallEm * p.em;
    const s = scale > 0 ? snap(slack / scale) : slack > 0 ? Infinity : 0;
    return setFit(out, 0, s, Math.min(INFINITY_BADNESS, 100 * s * s * s), fitnessOf(s), false);
  }
  if (fil > 0 || slack === 0) return setFit(out, 0, 0, 0, FITNESS_DECENT, false);
  const r = stretch > 0 ? snap(slack / stretch) : Infinity;
  if (r > 1 && gaps > 0 && p.justifyTracking > 0) return fitTracked(slack, stretch, gaps, p, out);
  let badness = 100 * r * r * r;
  // Spec §6.3 "over-stretch badness 2000 × r²": past maxWordSpacing (r > 1) the line stays
  // legal but costs more than any runt or hyphen preference.
  if (r > 1) badness += p.overStretchBadness * r * r;
  if (!(badness < INFINITY_BADNESS)) badness = INFINITY_BADNESS;
  return setFit(out, r, r, badness, fitnessOf(r), r > raggedRatioLimit(p));
}

/**
 * A justified line whose word spaces would pass `maxWordSpacing` (r > 1) with letter spacing
 * (spec §6.3 `maxJustifyTracking`): the spaces go to their bound (r = 1) and tracking takes what is
 * left, up to `justifyTracking` pt in each of the `gaps`; past that the spaces stretch on (r > 1,
 * costed as without tracking). Badness: the spaces' own + 100 × share² of the capacity used, so a
 * tracked line (≤ 200) always beats one past the bound (≥ 2100) and loses to one within it.
 */
function fitTracked(slack: number, stretch: number, gaps: number, p: LineBreakParams, out: LineFit): LineFit {
  const capacity = p.justifyTracking * gaps;
  const used = Math.min(capacity, slack - stretch);
  const left = slack - used;
  const r = stretch > 0 ? snap(left / stretch) : left > 1e-9 ? Infinity : 0;
  const share = used / capacity;
  let badness = 100 * r * r * r + TRACKING_BADNESS * share * share;
  if (r > 1) badness += p.overStretchBadness * r * r;
  if (!(badness < INFINITY_BADNESS)) badness = INFINITY_BADNESS;
  setFit(out, r, r, badness, fitnessOf(r), r > raggedRatioLimit(p));
  // A line set ragged keeps natural spaces and no tracking either.
  if (!out.setRagged) out.tracking = used / gaps;
  return out;
}

/**
 * Ratios snapped to 1e-9: widths come from prefix sums whose rounding differs from a direct
 * sum by ~1e-14 pt, and a line at exactly r = −1 or at exactly the tolerance must not flip.
 */
function snap(r: number): number {
  return Math.round(r * 1e9) / 1e9;
}

/**
 * Spec §6.3 "ragged space ratio 3": word-space glue set at ratio r measures 1 + r(max − 1)
 * normal spaces, so spaces pass `raggedSpaceRatio` when r > (ratio − 1)/(max − 1).
 */
export function raggedRatioLimit(p: LineBreakParams): number {
  return p.maxWordSpacing > 1 ? (p.raggedSpaceRatio - 1) / (p.maxWordSpacing - 1) : 0;
}

/**
 * Runt cost (spec §6.4): added as badness inside the squared demerit of the paragraph's last
 * line when its natural width `lastLineWidth` (pt) is under runtMinCharacters × normal space.
 */
export function runtBadness(lastLineWidth: number, p: LineBreakParams): number {
  if (!p.avoidRunts || p.runtPenalty <= 0) return 0;
  const threshold = p.runtMinCharacters * p.normalSpaceWidth;
  if (!(lastLineWidth < threshold) || threshold <= 0) return 0;
  return p.gradedRuntPenalty ? p.runtPenalty * (1 - Math.max(0, lastLineWidth) / threshold) : p.runtPenalty;
}

/**
 * Demerits of a line (TeX §859, which refines the paper's (1 + β + π)²):
 * (l + b)² + π² for π ≥ 0, (l + b)² − π² for −10000 < π < 0, (l + b)² for forced breaks;
 * (l + b)² saturates at 10⁸ as in TeX. Then + α for two flagged breaks in a row, + final-hyphen
 * demerits, + γ when fitness classes are more than one apart.
 */
export function lineDemerits(
  badness: number,
  penalty: number,
  p: LineBreakParams,
  extraBadness: number,
  flagged: boolean,
  prevFlagged: boolean,
  fitness: Fitness,
  prevFitness: Fitness,
  endsParagraph: boolean,
): number {
  const lb = p.linePenalty + badness + extraBadness;
  let d = Math.abs(lb) >= INFINITY_BADNESS ? 1e8 : lb * lb;
  if (penalty >= 0) d += penalty * penalty;
  else if (penalty > -INFINITY_BADNESS) d -= penalty * penalty;
  if (flagged && prevFlagged) d += p.consecutiveHyphenDemerits;
  if (prevFlagged && endsParagraph) d += p.finalHyphenDemerits;
  if (Math.abs(fitness - prevFitness) > 1) d += p.fitnessDemerits;
  return d;
}
