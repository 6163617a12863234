/**
 * Knuth–Plass total-fit line breaking over boxes, glue and penalties (all widths pt).
 *
 * The algorithm is the one of Knuth & Plass, "Breaking Paragraphs into Lines" (1981; "the
 * paper"), as refined in TeX (tex.web §§813–890): one left-to-right scan over the legal
 * breakpoints keeps a list of *active* breakpoints (those from which a line could still reach
 * the current position without being overfull); for each legal breakpoint the best way to end
 * a line there is recorded per fitness class (and per line number where line widths differ).
 * The cost model is `linebreak-cost.ts` (spec configuration.md §6.3–6.4).
 *
 * Passes (our design, after TeX's `\tolerance` and emergency passes §863):
 *  1. lines must have badness ≤ `tolerance` and never shrink past their limit (r ≥ −1);
 *  2. if pass 1 finds no way through the paragraph, the *emergency pass* admits every line
 *     with r ≥ −1, and an overfull line (r < −1) when it is the only way forward (it ends at the
 *     first breakpoint after the line start: a word wider than the measure). Lines that break
 *     pass-1 rules are flagged `emergency`; nothing is clipped.
 *
 * Storage is flat typed arrays (struct of arrays) so a 100 000-word book re-breaks in tens of
 * milliseconds; nothing is allocated per candidate line.
 */
import { INFINITE_PENALTY, type Item, type LineBreak, type LineWidths } from './items';
import {
  FIT_AVAILABLE,
  FIT_FIL,
  FIT_GAPS,
  FIT_SHRINK,
  FIT_STRETCH,
  FIT_WIDTH,
  FITNESS_DECENT,
  INFINITY_BADNESS,
  fitInput,
  fitLineOf,
  lineBreakParams,
  lineDemerits,
  newLineFit,
  runtBadness,
  type Fitness,
  type LineBreakParams,
} from './linebreak-cost';

export {
  DEFAULT_LINE_BREAK_PARAMS,
  lineBreakParams,
  wordSpaceGlue,
  type LineBreakParams,
} from './linebreak-cost';

/** One chosen break, with what the breaker knows about the line ending there. */
export interface KnuthPlassBreak extends LineBreak {
  /**
   * Justified line whose spaces would exceed `raggedSpaceRatio` × the normal space (spec §6.3):
   * the caller sets it unjustified (natural spacing) and may warn about a loose line.
   * `ratio` still reports the ratio justification would have needed (0 if there is no stretch
   * at all). Overfull emergency lines report ratio −1; see `settableRatio`.
   */
  ragged?: boolean;
  /**
   * The paragraph's last break only: its line is a runt that survived the runt cost (spec §6.4:
   * `avoidRunts` on, natural width under `runtMinCharacters` normal spaces, and not the only line).
   * The caller may try one line fewer by tightening (`tightenRunts`, paragraph/index.ts).
   */
  runt?: boolean;
  /** The paragraph's last break only, with `LineBreakParams.reportLastLine`: its line's natural width, pt. */
  lastLineWidth?: number;
  /**
   * Letter spacing the line takes between two clusters, pt (spec §6.3 `maxJustifyTracking`): its
   * word spaces are at `ratio` (1, their bound, unless tracking alone does not fill it) and this
   * spacing fills the rest. Absent = none.
   */
  tracking?: number;
}

/** Result with the total cost, for tests and diagnostics. */
export interface ParagraphBreaking {
  breaks: KnuthPlassBreak[];
  /** Total demerits of the chosen breaks (sum over lines), unitless. */
  demerits: number;
  /** The first pass failed and the emergency pass set the paragraph. */
  emergencyPass: boolean;
}

/**
 * Demerits added to an overfull emergency line: more than any legal paragraph can cost, plus
 * 10⁶ per pt of overflow so the least overfull choice wins. Our choice (TeX instead keeps the
 * last active node, §863); any value keeps the result deterministic.
 */
const OVERFULL_DEMERITS = 1e12;
const OVERFULL_DEMERITS_PER_PT = 1e6;

/**
 * Badness limits of the pre-passes, in order. With the spec's over-stretch term every line past
 * `maxWordSpacing` has badness ≥ 2100, so the first admits exactly the lines with r ≤ 1; the
 * second admits lines to about r 1.9 (badness 100r³ + 2000r² ≤ 8000).
 */
const PRETOLERANCES = [2000, 8000] as const;

/**
 * Breaks a paragraph into lines with minimal total demerits.
 *
 * The paragraph should end with a forced break (finishing glue + penalty −10000). If it does
 * not, the end is treated as a forced break whose `position` is `items.length`.
 *
 * @param items boxes, glue and penalties, widths pt
 * @param lineWidths width of line i (0-based), pt; may vary per line (indent, wrap-arounds)
 * @param params cost model (defaults: spec §6.3–6.4); pass the real `normalSpaceWidth` and `em` (pt)
 */
export function breakParagraph(
  items: readonly Item[],
  lineWidths: LineWidths,
  params: Partial<LineBreakParams> = {},
): KnuthPlassBreak[] {
  return breakParagraphDetailed(items, lineWidths, params).breaks;
}

export function breakParagraphDetailed(
  items: readonly Item[],
  lineWidths: LineWidths,
  params: Partial<LineBreakParams> = {},
): ParagraphBreaking {
  if (items.length === 0) return { breaks: [], demerits: 0, emergencyPass: false };
  const p = lineBreakParams(params);
  // Buffers are pooled (typed-array allocation dominated the run time); a re-entrant call
  // (a lineWidths callback that breaks another paragraph) simply gets its own workspace.
  const ws = spare.pop() ?? new Workspace();
  try {
    return breakWith(fillBreakColumns(items, ws.columns), lineWidths, p, ws);
  } finally {
    spare.push(ws);
  }
}

/**
 * `breakParagraph` over items already in columns (a kept paragraph, paragraph/columns.ts): the
 * same breaks, without reading an object per item.
 */
export function breakColumns(columns: BreakColumns, lineWidths: LineWidths, params: Partial<LineBreakParams> = {}): KnuthPlassBreak[] {
  if (columns.n === 0) return [];
  const p = lineBreakParams(params);
  const ws = spare.pop() ?? new Workspace();
  try {
    return breakWith(columns, lineWidths, p, ws).breaks;
  } finally {
    spare.push(ws);
  }
}

/** Item kinds in `BreakColumns.kind`. */
export const KIND_BOX = 0;
export const KIND_GLUE = 1;
export const KIND_PENALTY = 2;

/** What breaking reads of each item, one typed column per field (widths pt); columns may be longer than `n`. */
export interface BreakColumns {
  /** Number of items. */
  n: number;
  /** KIND_BOX, KIND_GLUE or KIND_PENALTY. */
  kind: Uint8Array;
  width: Float64Array;
  /** Glue only (0 otherwise); Infinity = infinite stretch. */
  stretch: Float64Array;
  shrink: Float64Array;
  /** Penalties only (0 otherwise). */
  penalty: Float64Array;
  flagged: Uint8Array;
  /** Boxes' `clusters` (letter spacing, `LineBreakParams.justifyTracking`); absent when no item has any. */
  clusters?: Float64Array | undefined;
}

/** Empty columns (to be filled by `fillBreakColumns`). */
export function newBreakColumns(capacity = 0): BreakColumns {
  return { n: 0, kind: new Uint8Array(capacity), width: new Float64Array(capacity), stretch: new Float64Array(capacity), shrink: new Float64Array(capacity), penalty: new Float64Array(capacity), flagged: new Uint8Array(capacity) };
}

/** The items' breaking fields written into `into` (grown when too short); returns it. */
export function fillBreakColumns(items: readonly Item[], into: BreakColumns): BreakColumns {
  const n = items.length;
  if (into.kind.length < n) {
    const grown = newBreakColumns(Math.max(n, into.kind.length * 2, 256));
    into.kind = grown.kind;
    into.width = grown.width;
    into.stretch = grown.stretch;
    into.shrink = grown.shrink;
    into.penalty = grown.penalty;
    into.flagged = grown.flagged;
  }
  into.n = n;
  const { kind, width, stretch, shrink, penalty, flagged } = into;
  let clustered = false;
  for (let i = 0; i < n; i++) {
    const it = items[i]!;
    width[i] = it.width;
    if (it.type === 'box') {
      if (it.clusters !== undefined) clustered = true;
      kind[i] = KIND_BOX;
      stretch[i] = 0;
      shrink[i] = 0;
      penalty[i] = 0;
      flagged[i] = 0;
    } else if (it.type === 'glue') {
      kind[i] = KIND_GLUE;
      stretch[i] = it.stretch;
      shrink[i] = it.shrink;
      penalty[i] = 0;
      flagged[i] = 0;
    } else {
      kind[i] = KIND_PENALTY;
      stretch[i] = 0;
      shrink[i] = 0;
      penalty[i] = it.penalty;
      flagged[i] = it.flagged ? 1 : 0;
    }
  }
  // Cluster counts only for items that carry them (justified text with letter spacing allowed).
  if (clustered) {
    const clusters = into.clusters && into.clusters.length >= n ? into.clusters : new Float64Array(into.kind.length);
    for (let i = 0; i < n; i++) {
      const it = items[i]!;
      clusters[i] = it.type === 'box' ? (it.clusters ?? 0) : 0;
    }
    into.clusters = clusters;
  } else into.clusters = undefined;
  return into;
}

function breakWith(items: BreakColumns, lineWidths: LineWidths, p: LineBreakParams, ws: Workspace): ParagraphBreaking {
  return breakPrepared(prepare(items, ws), lineWidths, p);
}

/** `breakWith` once the prefix sums and breakpoints are prepared (scans leave them as they are). */
function breakPrepared(prep: Prepared, lineWidths: LineWidths, p: LineBreakParams): ParagraphBreaking {
  const widths = new WidthCache(lineWidths, p.looseness !== 0 ? Infinity : p.lineWidthsUniformFrom);
  // Pre-passes (our speed-up, exact): first try only lines with badness ≤ T, which creates far
  // fewer active nodes (lines too loose for T are rejected without costing them). Any paragraph
  // using a worse line costs at least (l + T)² minus every negative penalty's π², so a pre-pass
  // result cheaper than that bound is the optimum of the full pass; otherwise try the next T,
  // then the full pass. Most paragraphs are settled at T = 2000 (no line past maxWordSpacing);
  // most of the rest, which need one or two loose lines, at T = 8000 — the full pass, where
  // every line that is not overfull is feasible, then runs for a few in a hundred.
  if (p.looseness === 0) {
    // One copy for every pre-pass, its tolerance set per pass (a spread per pass cost more than the pass on short paragraphs).
    let atT: LineBreakParams | undefined;
    for (const t of PRETOLERANCES) {
      if (t >= p.tolerance) break;
      atT ??= { ...p };
      atT.tolerance = t;
      const pre = scan(prep, widths, atT, false);
      const lb = p.linePenalty + t;
      if (pre && pre.demerits <= lb * lb - prep.negativePenaltySquares) return pre;
    }
  }
  const first = scan(prep, widths, p, false);
  if (first) return first;
  // No setting `looseness` lines away within the tolerance: the paragraph's own best setting
  // (TeX §875 keeps the optimum when the looser line count is not reachable).
  if (p.looseness !== 0) return breakPrepared(prep, lineWidths, { ...p, looseness: 0, tolerance: lineBreakParams({}).tolerance });
  // Pass 2 always finds a way (see header); the fallback only guards against a logic error.
  return scan(prep, widths, p, true) ?? { breaks: [], demerits: Infinity, emergencyPass: true };
}

/** Prefix sums and the list of legal breakpoints (paper §"The algorithm itself", TeX §831). */
interface Prepared {
  n: number;
  /** Number of legal breakpoints (the arrays below are longer: pooled). */
  m: number;
  ws: Workspace;
  /** sumX[i] = total over items[0 … i−1], pt (fil: count of infinite stretches). */
  sumWidth: Float64Array;
  sumStretch: Float64Array;
  sumShrink: Float64Array;
  sumFil: Float64Array;
  /** Legal breakpoints in order; a virtual forced break at n when the list does not end with one. */
  breaks: Int32Array;
  penalty: Float64Array;
  penaltyWidth: Float64Array;
  flagged: Uint8Array;
  forced: Uint8Array;
  /** Position of the last glue breakpoint before this breakpoint (−1 if none): start of the word. */
  wordStartGlue: Int32Array;
  /** First item of the line that starts after each item index, by breakpoint. */
  lineStart: Int32Array;
  /** Σ π² over breakpoints with −10000 < π < 0: the most demerits negative penalties can remove. */
  negativePenaltySquares: number;
  /** With the items' cluster counts: sums of the trackable clusters and of boxes that may not be tracked (as `sumWidth`); else null. */
  sumClusters: Float64Array | null;
  sumUntrackable: Float64Array | null;
}

/** Reusable buffers for one paragraph at a time. */
class Workspace {
  cap = 0;
  sumWidth = new Float64Array(0);
  sumStretch = new Float64Array(0);
  sumShrink = new Float64Array(0);
  sumFil = new Float64Array(0);
  breaks = new Int32Array(0);
  penalty = new Float64Array(0);
  penaltyWidth = new Float64Array(0);
  flagged = new Uint8Array(0);
  forced = new Uint8Array(0);
  wordStartGlue = new Int32Array(0);
  lineStart = new Int32Array(0);
  sumClusters = new Float64Array(0);
  sumUntrackable = new Float64Array(0);
  nodes = new Nodes();
  cands = new Candidates();
  active = new Int32Array(64);
  /** The items being broken, when they come as objects. */
  columns = newBreakColumns();

  ensure(n: number): void {
    if (n + 1 <= this.cap) return;
    const cap = Math.max(n + 1, this.cap * 2, 256);
    this.cap = cap;
    this.sumWidth = new Float64Array(cap);
    this.sumStretch = new Float64Array(cap);
    this.sumShrink = new Float64Array(cap);
    this.sumFil = new Float64Array(cap);
    this.breaks = new Int32Array(cap);
    this.penalty = new Float64Array(cap);
    this.penaltyWidth = new Float64Array(cap);
    this.flagged = new Uint8Array(cap);
    this.forced = new Uint8Array(cap);
    this.wordStartGlue = new Int32Array(cap);
    this.lineStart = new Int32Array(cap);
    this.sumClusters = new Float64Array(cap);
    this.sumUntrackable = new Float64Array(cap);
  }
}

const spare: Workspace[] = [];

function prepare(items: BreakColumns, ws: Workspace): Prepared {
  const n = items.n;
  ws.ensure(n);
  const { sumWidth, sumStretch, sumShrink, sumFil, breaks, penalty, penaltyWidth, flagged, forced, wordStartGlue, lineStart } = ws;
  const { kind, width: itemWidth, stretch: itemStretch, shrink: itemShrink, penalty: itemPenalty, flagged: itemFlagged } = items;
  let m = 0;
  let lastGlue = -1;
  let negativePenaltySquares = 0;
  for (let i = 0; i < n; i++) {
    const type = kind[i]!;
    let w = 0;
    let y = 0;
    let z = 0;
    let f = 0;
    if (type === KIND_BOX) w = itemWidth[i]!;
    else if (type === KIND_GLUE) {
      w = itemWidth[i]!;
      z = itemShrink[i]!;
      if (itemStretch[i] === Infinity) f = 1;
      else y = itemStretch[i]!;
      // Paper: glue is a legal breakpoint only when it follows a box.
      if (i > 0 && kind[i - 1] === KIND_BOX) {
        breaks[m] = i;
        penalty[m] = 0;
        penaltyWidth[m] = 0;
        flagged[m] = 0;
        forced[m] = 0;
        wordStartGlue[m] = lastGlue;
        m++;
        lastGlue = i;
      }
    } else if (itemPenalty[i]! < INFINITE_PENALTY) {
      // Paper: penalties below +∞ are legal breakpoints.
      const pi = itemPenalty[i]!;
      breaks[m] = i;
      penalty[m] = pi;
      penaltyWidth[m] = itemWidth[i]!;
      flagged[m] = itemFlagged[i]!;
      forced[m] = pi <= -INFINITE_PENALTY ? 1 : 0;
      wordStartGlue[m] = lastGlue;
      if (pi < 0 && pi > -INFINITE_PENALTY) negativePenaltySquares += pi * pi;
      m++;
    }
    sumWidth[i + 1] = sumWidth[i]! + w;
    sumStretch[i + 1] = sumStretch[i]! + y;
    sumShrink[i + 1] = sumShrink[i]! + z;
    sumFil[i + 1] = sumFil[i]! + f;
  }
  if (m === 0 || forced[m - 1] !== 1 || breaks[m - 1] !== n - 1) {
    // No final forced break: a virtual one at n.
    breaks[m] = n;
    penalty[m] = -INFINITE_PENALTY;
    penaltyWidth[m] = 0;
    flagged[m] = 0;
    forced[m] = 1;
    wordStartGlue[m] = lastGlue;
    m++;
  }
  // TeX §879: glue and penalties after a break are discarded up to the next box; a forced
  // break is kept (it ends the next, possibly empty, line). Scanned backwards in one pass.
  let next = n;
  let k = m - 1;
  if (breaks[k]! === n) lineStart[k--] = n;
  for (let i = n - 1; i >= 0 && k >= 0; i--) {
    if (breaks[k]! === i) lineStart[k--] = next;
    const type = kind[i]!;
    if (type === KIND_BOX || (type === KIND_PENALTY && itemPenalty[i]! <= -INFINITE_PENALTY)) next = i;
  }
  let sumClusters: Float64Array | null = null;
  let sumUntrackable: Float64Array | null = null;
  const clusters = items.clusters;
  if (clusters) {
    // Letter spacing (justifyTracking): clusters per line, and whether it holds text that may not be tracked.
    sumClusters = ws.sumClusters;
    sumUntrackable = ws.sumUntrackable;
    sumClusters[0] = 0;
    sumUntrackable[0] = 0;
    for (let i = 0; i < n; i++) {
      const c = kind[i] === KIND_BOX ? clusters[i]! : 0;
      sumClusters[i + 1] = sumClusters[i]! + (c > 0 ? c : 0);
      sumUntrackable[i + 1] = sumUntrackable[i]! + (c < 0 ? 1 : 0);
    }
  }
  return { n, m, ws, sumWidth, sumStretch, sumShrink, sumFil, breaks, penalty, penaltyWidth, flagged, forced, wordStartGlue, lineStart, negativePenaltySquares, sumClusters, sumUntrackable };
}

/** Line widths looked up once per line number; lines ≥ `uniformFrom` share one width. */
class WidthCache {
  private readonly cache: number[] = [];
  private uniform = NaN;
  private first = NaN;
  /** Every width looked up so far is the same (the usual single-measure paragraph). */
  allEqual = true;
  constructor(
    private readonly fn: LineWidths,
    readonly uniformFrom: number,
  ) {}
  get(line: number): number {
    if (line >= this.uniformFrom) {
      if (this.uniform !== this.uniform) this.uniform = this.note(this.fn(this.uniformFrom));
      return this.uniform;
    }
    const c = this.cache[line];
    if (c !== undefined) return c;
    const w = this.note(this.fn(line));
    this.cache[line] = w;
    return w;
  }
  private note(w: number): number {
    if (this.first !== this.first) this.first = w;
    else if (w !== this.first) this.allEqual = false;
    return w;
  }
}

/** Growable struct-of-arrays pool of break nodes. */
class Nodes {
  size = 0;
  /** Index of the breakpoint (in `Prepared.breaks`) the node sits at; −1 for the paragraph start. */
  bp = new Int32Array(64);
  /** First item of the line that starts at this node. */
  start = new Int32Array(64);
  /** Number of lines before this node = 0-based index of the line that starts here. */
  line = new Int32Array(64);
  fitness = new Uint8Array(64);
  /** bit 0: emergency line ends here; bit 1: set ragged; bit 2: not yet tested against a breakpoint. */
  info = new Uint8Array(64);
  prev = new Int32Array(64);
  demerits = new Float64Array(64);
  ratio = new Float64Array(64);
  /** Letter spacing of the line ending at this node, pt between two clusters (`LineFit.tracking`). */
  track = new Float64Array(64);

  add(bp: number, start: number, line: number, fitness: number, info: number, prev: number, demerits: number, ratio: number, track: number): number {
    if (this.size === this.bp.length) this.grow();
    const i = this.size++;
    this.bp[i] = bp;
    this.start[i] = start;
    this.line[i] = line;
    this.fitness[i] = fitness;
    this.info[i] = info;
    this.prev[i] = prev;
    this.demerits[i] = demerits;
    this.ratio[i] = ratio;
    this.track[i] = track;
    return i;
  }

  private grow(): void {
    const cap = this.bp.length * 2;
    const g = <T extends Int32Array | Uint8Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a as never);
      return b;
    };
    this.bp = g(this.bp, (n) => new Int32Array(n));
    this.start = g(this.start, (n) => new Int32Array(n));
    this.line = g(this.line, (n) => new Int32Array(n));
    this.fitness = g(this.fitness, (n) => new Uint8Array(n));
    this.info = g(this.info, (n) => new Uint8Array(n));
    this.prev = g(this.prev, (n) => new Int32Array(n));
    this.demerits = g(this.demerits, (n) => new Float64Array(n));
    this.ratio = g(this.ratio, (n) => new Float64Array(n));
    this.track = g(this.track, (n) => new Float64Array(n));
  }
}

const INFO_EMERGENCY = 1;
const INFO_RAGGED = 2;
const INFO_FRESH = 4;

/**
 * The numbers `Candidates.offer` takes that are doubles (demerits, the line's ratio and tracking,
 * pt), written here by the caller rather than passed: `offer` is not inlined into the breaker's
 * loop, and a double passed as an argument is boxed in a new heap number per candidate line
 * (~5 MB of a global change's allocation for the bench book's demerits alone; Node heap sampling).
 */
const OFFER_DEMERITS = 0;
const OFFER_RATIO = 1;
const OFFER_TRACK = 2;
const offerInput = new Float64Array(3);

/** Best way found so far to end a line at the current breakpoint, per (line key, fitness). */
class Candidates {
  size = 0;
  key = new Int32Array(16);
  fitness = new Uint8Array(16);
  demerits = new Float64Array(16);
  prev = new Int32Array(16);
  line = new Int32Array(16);
  info = new Uint8Array(16);
  ratio = new Float64Array(16);
  track = new Float64Array(16);

  /** Offers a line ending here; its demerits, ratio and tracking are read from `offerInput`. */
  offer(key: number, fitness: number, prev: number, line: number, info: number): void {
    for (let i = 0; i < this.size; i++) {
      if (this.key[i] === key && this.fitness[i] === fitness) {
        // Strictly better only: on ties the earlier active node (earlier break) wins, deterministically.
        if (offerInput[OFFER_DEMERITS]! < this.demerits[i]!) this.set(i, key, fitness, prev, line, info);
        return;
      }
    }
    if (this.size === this.key.length) this.grow();
    this.set(this.size++, key, fitness, prev, line, info);
  }

  private set(i: number, key: number, fitness: number, prev: number, line: number, info: number): void {
    this.key[i] = key;
    this.fitness[i] = fitness;
    this.demerits[i] = offerInput[OFFER_DEMERITS]!;
    this.prev[i] = prev;
    this.line[i] = line;
    this.info[i] = info;
    this.ratio[i] = offerInput[OFFER_RATIO]!;
    this.track[i] = offerInput[OFFER_TRACK]!;
  }

  private grow(): void {
    const cap = this.key.length * 2;
    const k = new Int32Array(cap); k.set(this.key); this.key = k;
    const f = new Uint8Array(cap); f.set(this.fitness); this.fitness = f;
    const d = new Float64Array(cap); d.set(this.demerits); this.demerits = d;
    const p = new Int32Array(cap); p.set(this.prev); this.prev = p;
    const l = new Int32Array(cap); l.set(this.line); this.line = l;
    const i = new Uint8Array(cap); i.set(this.info); this.info = i;
    const r = new Float64Array(cap); r.set(this.ratio); this.ratio = r;
    const t = new Float64Array(cap); t.set(this.track); this.track = t;
  }
}

/**
 * The ratio reported for a line is one the caller can set: an overfull emergency line reports
 * −1 (glue at its minimum; the line overflows the measure, it is never clipped) and a line
 * with nothing to stretch (r = +∞, always flagged `ragged`) reports 0 (natural spacing).
 */
export function settableRatio(r: number): number {
  if (r < -1) return -1;
  return r === Infinity ? 0 : r;
}

/** Largest cost ratio whose badness stays within `tolerance` (monotone; bisection). */
function maxRatioFor(tolerance: number, p: LineBreakParams): number {
  if (tolerance >= INFINITY_BADNESS) return Infinity;
  if (p.ragged) return Math.cbrt(Math.max(0, tolerance) / 100);
  const bad = (r: number) => 100 * r * r * r + (r > 1 ? p.overStretchBadness * r * r : 0);
  let lo = 0;
  let hi = 100;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (bad(mid) <= tolerance) lo = mid;
    else hi = mid;
  }
  return hi;
}

function scan(prep: Prepared, widths: WidthCache, p: LineBreakParams, emergency: boolean): ParagraphBreaking | null {
  const { breaks, sumWidth, sumStretch, sumShrink, sumFil, penalty, penaltyWidth, flagged, forced, wordStartGlue, lineStart } = prep;
  // Letter spacing of justified lines past the word-space bound (spec §6.3 maxJustifyTracking), pt per gap.
  const tracking = !p.ragged && p.justifyTracking > 0 ? p.justifyTracking : 0;
  const sumClusters = tracking > 0 ? prep.sumClusters : null;
  const sumUntrackable = prep.sumUntrackable;
  const m = prep.m;
  const lastBp = m - 1;
  const nodes = prep.ws.nodes;
  nodes.size = 0;
  const cands = prep.ws.cands;
  const fit = newLineFit();
  const tolerance = p.tolerance;
  const zone = p.ragged ? p.hyphenationZone : undefined;
  const uniformFrom = widths.uniformFrom;
  const gamma = p.fitnessDemerits;
  const ragged = p.ragged;
  const uniformWidth = widths.get(uniformFrom === Infinity ? 0 : uniformFrom);
  // A line whose slack exceeds slackScale × stretch (justified) or slackScale pt (ragged) has
  // badness above the tolerance; the 1e-6 margins keep the shortcut strictly conservative.
  const rMax = maxRatioFor(tolerance, p);
  const slackScale = rMax === Infinity ? Infinity : (rMax * (1 + 1e-6) + 1e-6) * (ragged ? p.raggedShortfallEm * p.em : 1);

  let active = prep.ws.active;
  let nActive = 0;
  active[nActive++] = nodes.add(-1, 0, 0, FITNESS_DECENT, INFO_FRESH, -1, 0, 0, 0);
  /** Active nodes whose next line has its own width (line < uniformFrom). */
  let varying = uniformFrom > 0 ? 1 : 0;

  for (let k = 0; k < m; k++) {
    const b = breaks[k]!;
    const isForced = forced[k] === 1;
    const pen = penalty[k]!;
    const pw = penaltyWidth[k]!;
    const isFlagged = flagged[k] === 1;
    const isLast = k === lastBp;
    cands.size = 0;
    let kept = 0;
    for (let j = 0; j < nActive; j++) {
      const a = active[j]!;
      const s = nodes.start[a]!;
      // The breakpoint lies in the discardable items right after node a: no line a→b exists.
      if (b < s || (b === s && !isForced)) {
        active[kept++] = a;
        continue;
      }
      const line = nodes.line[a]!;
      const available = line >= uniformFrom ? uniformWidth : widths.get(line);
      const natural = sumWidth[b]! - sumWidth[s]!;
      const stretch = sumStretch[b]! - sumStretch[s]!;
      const fil = sumFil[b]! - sumFil[s]!;
      // Gaps letter spacing may widen (none on a line holding text that may not be tracked).
      const gaps = sumClusters === null || sumUntrackable![b]! - sumUntrackable![s]! > 0 ? 0 : Math.max(0, sumClusters[b]! - sumClusters[s]! - 1);
      // Fast reject (pass 1 only): clearly too loose for the tolerance, yet not overfull, so the
      // node stays active and nothing else would happen. Borderline lines go to fitLine. (Later
      // nodes' lines have fewer gaps too: the shortcut below holds with tracking.)
      if (!emergency && !isForced && fil === 0 && available - natural - pw - gaps * tracking > slackScale * (ragged ? 1 : stretch)) {
        active[kept++] = a;
        if (varying === 0 || widths.allEqual) {
          // Later active nodes sit at later breakpoints: their lines have less width, less
          // stretch and the same measure (all widths equal, or all nodes on uniform lines),
          // so they are too loose as well. Keep them all.
          for (j++; j < nActive; j++) active[kept++] = active[j]!;
        }
        continue;
      }
      const aInfo = nodes.info[a]!;
      const fresh = (aInfo & INFO_FRESH) !== 0;
      nodes.info[a] = aInfo & ~INFO_FRESH;
      // fitLine's numbers through `fitInput`, not as arguments (no heap number boxed per candidate line).
      fitInput[FIT_WIDTH] = natural + pw;
      fitInput[FIT_STRETCH] = stretch;
      fitInput[FIT_SHRINK] = sumShrink[b]! - sumShrink[s]!;
      fitInput[FIT_FIL] = fil;
      fitInput[FIT_AVAILABLE] = available;
      fitInput[FIT_GAPS] = gaps;
      fitLineOf(p, isForced, fit);
      const overfull = fit.badness === Infinity;
      // Paper/TeX §851: a node is deactivated once its line would be overfull, or at a forced break.
      const deactivate = overfull || isForced;
      let feasible: boolean;
      let info = 0;
      if (!emergency) feasible = !overfull && fit.badness <= tolerance;
      else {
        feasible = !overfull || fresh;
        if (overfull || fit.badness > tolerance) info |= INFO_EMERGENCY;
      }
      if (feasible && zone !== undefined && isFlagged && !(emergency && fresh)) {
        // Spec `hyphenation.zone` (ragged): split a word only if moving it whole leaves a gap > zone.
        const g = wordStartGlue[k]!;
        if (g >= s) {
          const gapIfMoved = available - (sumWidth[g]! - sumWidth[s]!);
          if (gapIfMoved <= zone) feasible = false;
        }
      }
      if (feasible) {
        if (fit.setRagged) info |= INFO_RAGGED;
        const aBp = nodes.bp[a]!;
        const prevFlagged = aBp >= 0 && flagged[aBp] === 1;
        const badness = overfull ? INFINITY_BADNESS : fit.badness;
        const runt = isLast ? runtBadness(natural, p) : 0;
        let d = nodes.demerits[a]! + lineDemerits(badness, pen, p, runt, isFlagged, prevFlagged, fit.fitness, nodes.fitness[a] as Fitness, isLast);
        if (overfull) d += OVERFULL_DEMERITS + OVERFULL_DEMERITS_PER_PT * (natural + pw - available);
        const newLine = line + 1;
        offerInput[OFFER_DEMERITS] = d;
        offerInput[OFFER_RATIO] = fit.ratio;
        offerInput[OFFER_TRACK] = fit.tracking;
        cands.offer(newLine < uniformFrom ? newLine : -1, fit.fitness, a, newLine, info);
      }
      if (!deactivate) active[kept++] = a;
      else if (line < uniformFrom) varying--;
    }
    nActive = kept;
    if (cands.size > 0) {
      const start = lineStart[k]!;
      // TeX §836: a node whose demerits exceed the best at this breakpoint (same line key) by more
      // than γ can never be part of an optimal solution — the next line can cost at most γ less.
      for (let c = 0; c < cands.size; c++) {
        const key = cands.key[c]!;
        let best = Infinity;
        for (let e = 0; e < cands.size; e++) if (cands.key[e] === key && cands.demerits[e]! < best) best = cands.demerits[e]!;
        if (cands.demerits[c]! > best + gamma) continue;
        if (nActive === active.length) {
          const bigger = new Int32Array(active.length * 2);
          bigger.set(active);
          active = prep.ws.active = bigger;
        }
        const newLine = cands.line[c]!;
        if (newLine < uniformFrom) varying++;
        widths.get(newLine); // registers the width, so `allEqual` covers every active node
        active[nActive++] = nodes.add(k, start, newLine, cands.fitness[c]!, cands.info[c]! | INFO_FRESH, cands.prev[c]!, cands.demerits[c]!, cands.ratio[c]!, cands.track[c]!);
      }
    }
    if (nActive === 0) return null; // No way through this breakpoint: the pass fails.
  }

  // All surviving nodes sit at the final (forced) breakpoint.
  let best = active[0]!;
  for (let j = 1; j < nActive; j++) if (nodes.demerits[active[j]!]! < nodes.demerits[best]!) best = active[j]!;
  if (p.looseness !== 0) {
    // TeX §875: prefer the line count closest to optimal + looseness, moving only that way.
    const bestLine = nodes.line[best]!;
    let chosen = best;
    let chosenDelta = 0;
    for (let j = 0; j < nActive; j++) {
      const a = active[j]!;
      const delta = nodes.line[a]! - bestLine;
      const ok = p.looseness > 0 ? delta >= 0 && delta <= p.looseness : delta <= 0 && delta >= p.looseness;
      if (!ok) continue;
      if (Math.abs(delta) > Math.abs(chosenDelta) || (delta === chosenDelta && nodes.demerits[a]! < nodes.demerits[chosen]!)) {
        chosen = a;
        chosenDelta = delta;
      }
    }
    best = chosen;
  }

  const out: KnuthPlassBreak[] = [];
  for (let a = best; a >= 0 && nodes.bp[a]! >= 0; a = nodes.prev[a]!) {
    const info = nodes.info[a]!;
    const br: KnuthPlassBreak = { position: breaks[nodes.bp[a]!]!, ratio: settableRatio(nodes.ratio[a]!) };
    if (info & INFO_EMERGENCY) br.emergency = true;
    if (info & INFO_RAGGED) br.ragged = true;
    if (nodes.track[a]! > 0) br.tracking = nodes.track[a]!;
    out.push(br);
  }
  out.reverse();
  // A runt last line that survived (its cost already paid in the demerits): flagged for the caller.
  const lastStart = nodes.prev[best]!;
  if (lastStart >= 0) {
    const lastWidth = sumWidth[breaks[nodes.bp[best]!]!]! - sumWidth[nodes.start[lastStart]!]!;
    if (out.length > 1 && runtBadness(lastWidth, p) > 0) out[out.length - 1]!.runt = true;
    if (p.reportLastLine) out[out.length - 1]!.lastLineWidth = lastWidth;
  }
  return { breaks: out, demerits: nodes.demerits[best]!, emergencyPass: emergency };
}
