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
