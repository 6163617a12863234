/**
 * Knuth–Plass items: the paragraph as boxes, glue and penalties. All widths are in pt.
 * `payload` lets the caller attach what a box stands for (shaped glyphs, a source range…);
 * line breaking never looks at it.
 */
export interface BoxItem<P = unknown> {
  type: 'box';
  /** Natural width, pt. */
  width: number;
  payload?: P;
  /**
   * Source offset the payload's relative offsets count from (paragraph/items.ts: a recurring
   * word's pieces are shared, the offsets of this occurrence live here); absent = 0. Line
   * breaking never looks at it.
   */
  from?: number;
  /**
   * Clusters in the box that letter spacing may separate (configuration.md §6.3
   * `maxJustifyTracking`; paragraph/index.ts sets it only then), −1 when its text may not be
   * tracked (right to left, joining scripts, CJK, formulas); absent = 0.
   */
  clusters?: number;
}

export interface GlueItem<P = unknown> {
  type: 'glue';
  /** What the glue stands for (e.g. a space's bidi level); line breaking never looks at it. */
  payload?: P;
  /** Natural width, pt. */
  width: number;
  /** How far it may grow, pt (the stretch of TeX). */
  stretch: number;
  /** How far it may shrink, pt (never below width − shrink). */
  shrink: number;
}

export interface PenaltyItem<P = unknown> {
  type: 'penalty';
  /** What the break adds when taken (e.g. the shaped hyphen); line breaking never looks at it. */
  payload?: P;
  /** Width added at the end of the line when breaking here (e.g. the hyphen), pt. */
  width: number;
  /** Cost of breaking here; ≥ 10000 forbids, ≤ −10000 forces. */
  penalty: number;
  /** Flagged penalties (hyphens) cost the consecutive-hyphen demerit when adjacent. */
  flagged: boolean;
}

export type Item<P = unknown> = BoxItem<P> | GlueItem<P> | PenaltyItem<P>;

/*
 * The engine makes its items with these three functions, one literal each: every item of a kind
 * then has one hidden class, its fields in one order, the fields every kind has first (`type`,
 * `width`, `payload`: at the same place in all three classes, read there with one load after the
 * class check). Items made as literals at each call site had six classes in a layout of the bench
 * book (with and without a payload or a source offset), and the breaker's and the line setter's
 * loops over a paragraph's items (~800,000 items a layout) read `type`, `width` and `payload`
 * through V8's megamorphic lookup (a Node IC log; none is left since). A box's `clusters`, set
 * only for letter-spaced justification (paragraph/index.ts), makes a fourth class there.
 */

/** A box of `width` pt (`from`: the source offset its payload's offsets count from; absent = 0). */
export function boxItem<P>(width: number, payload?: P, from?: number): BoxItem<P> {
  return { type: 'box', width, payload, from };
}

/** Glue of natural `width` pt that may grow by `stretch` and shrink by `shrink` pt. */
export function glueItem<P>(width: number, stretch: number, shrink: number, payload?: P): GlueItem<P> {
  return { type: 'glue', width, payload, stretch, shrink };
}

/** A penalty of cost `penalty`, adding `width` pt at the line end when taken. */
export function penaltyItem<P>(width: number, penalty: number, flagged: boolean, payload?: P): PenaltyItem<P> {
  return { type: 'penalty', width, payload, penalty, flagged };
}

// The first item of each kind is made with a fractional width, so `width` is a double field of
// its class from the start (made first with a whole width and then a fraction, V8 would
// deprecate the class and leave the items made before on the old one until each is migrated).
boxItem(0.5);
glueItem(0.5, 0.5, 0.5);
penaltyItem(0.5, 50, true);

/** Penalty magnitude that forbids (+) or forces (−) a break. */
export const INFINITE_PENALTY = 10000;

/** One chosen break. */
export interface LineBreak {
  /** Index in the item list of the glue or penalty where the line ends. */
  position: number;
  /**
   * Adjustment ratio of the line ending here: > 0 stretched (share of total stretch used),
   * < 0 shrunk (share of total shrink used), 0 natural.
   */
  ratio: number;
  /** True when no feasible break existed and the line was set overfull or loose as an emergency. */
  emergency?: boolean;
}

/** Width available to the line with the given index (0-based), pt. */
export type LineWidths = (lineIndex: number) => number;
