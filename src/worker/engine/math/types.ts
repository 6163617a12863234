/**
 * What the layout engine knows about a typeset formula. Pure data, no MathJax: the engine only
 * sees this interface, the host loads MathJax (./mathjax.ts) lazily and hands a typesetter in.
 *
 * Geometry is in em of the formula's own size, origin at the left end of the baseline, y down
 * (the display list's orientation), so placing a formula is one scale (em → pt) and one shift.
 */
import type { PathProgram } from './path';

/** How a part is painted: `current` = the formula's colour (math.color / the text's colour). */
export type MathPaint = { fill: string } | { stroke: string; width: number };

/** Outlines of one top-level child of the formula in one paint. */
export interface FormulaPart {
  /** Index of the top-level child of the formula it belongs to (−1: outside every child). */
  child: number;
  paint: MathPaint;
  program: PathProgram;
}

/**
 * Text MathJax's font has no glyphs for (CJK or Thai inside `\text{}`, rare symbols): set by the
 * engine with the book's fonts (text.ts) in the room MathJax gave it.
 */
export interface FormulaText {
  /** Top-level child of the formula it belongs to (−1: outside every child). */
  child: number;
  text: string;
  /** From the text's own units (1/1000 em, x right, y down, baseline at y = 0) to the formula's em. */
  matrix: readonly [number, number, number, number, number, number];
  /** Its font size, own units (MathJax sets unknown text at 884). */
  size: number;
  /** The advance MathJax reserved for it, own units. */
  width: number;
  italic: boolean;
  bold: boolean;
  /** `{ fill: 'current' }` or a colour. */
  paint: { fill: string };
}

/** A place where an inline formula may break: after a top-level relation or binary operator (TeX). */
export interface FormulaBreak {
  /** The first child of the part after the break. */
  child: number;
  /** x where that part starts, em. */
  x: number;
  /** TeX's \relpenalty (500) after a relation, \binoppenalty (700) after a binary operator. */
  penalty: number;
}

export interface TypesetFormula {
  /** Advance width, em. */
  width: number;
  /** Extent above the baseline, em (positive). */
  height: number;
  /** Extent below the baseline, em (positive). */
  depth: number;
  parts: FormulaPart[];
  /** x where each top-level child starts, em (for splitting at breaks). */
  childX: number[];
  breaks: FormulaBreak[];
  /** Baselines of the rows of a top-level table (align, gather…), em from the formula's baseline, y down. */
  rows: number[];
  /** Characters MathJax's font lacks, to be set with the book's fonts (absent when none). */
  texts?: FormulaText[];
  /** The formula as MathML (for HTML and EPUB exports). */
  mathml: string;
  /** MathJax's message when the TeX is invalid: the parts then show the source in a marked box. */
  error?: string;
  /** The typesetter could not finish yet (a font range still loading): a grey placeholder. */
  pending?: boolean;
}

export interface FormulaRequest {
  tex: string;
  display: boolean;
}

export interface MathTypesetter {
  /** Typesets synchronously; deterministic once `prepare` has seen the formula (fonts loaded). */
  typeset(tex: string, display: boolean): TypesetFormula;
  /** Loads whatever the formulas need (font ranges) and caches their results. */
  prepare(formulas: readonly FormulaRequest[]): Promise<void>;
}
