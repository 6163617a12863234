/**
 * Placing a typeset formula on a page: its parts become `Path` items in page coordinates (pt),
 * rounded by the display list's rule. Canvas, rasters and PDF draw these same paths.
 */
import { Op, roundPt, type PathItem } from '../../protocol/displaylist';
import { appendRect, serializeProgram } from './path';
import { IDENTITY } from '../vector/transform';
import type { LineFormula } from './inline';
import type { TypesetFormula } from './types';

export interface FormulaPlacement {
  /** Left end of the (slice of the) formula's baseline, pt from the page's left. */
  x: number;
  /** Baseline, pt from the page's top. */
  baseline: number;
  /** The formula's em, pt. */
  em: number;
  /** Colour of parts painted in the formula's colour (`#rrggbb`). */
  colour: string;
  display: boolean;
  /** Where it comes from: the first path carries it (text extraction, click-to-source). */
  source?: { chapter: string; from: number; to: number; tex: string };
  /** A slice of an inline formula broken across lines: top-level children [fromChild, toChild). */
  fromChild?: number;
  toChild?: number;
}

/** The formula (or a slice of it) as path items, one per paint (fills first, in drawing order). */
export function formulaPathItems(formula: TypesetFormula, at: FormulaPlacement): PathItem[] {
  const from = at.fromChild ?? 0;
  const to = at.toChild ?? Number.POSITIVE_INFINITY;
  const whole = from === 0 && to >= formula.childX.length;
  const shift = whole ? 0 : (formula.childX[from] ?? 0);
  // One path per paint (parts are kept per top-level child so a broken formula can be sliced).
  const items: PathItem[] = [];
  const byPaint = new Map<string, PathItem>();
  for (const part of formula.parts) {
    if (!whole && (part.child < from || part.child >= to)) continue;
    const d = serializeProgram(part.program, at.em, at.x - shift * at.em, at.baseline, roundPt);
    if (!d) continue;
    const paint = part.paint;
    const key = JSON.stringify(paint);
    const existing = byPaint.get(key);
    if (existing) {
      existing.d += d;
      continue;
    }
    const item: PathItem =
      'fill' in paint
        ? { op: Op.Path, d, fill: paint.fill === 'current' ? at.colour : paint.fill }
        : { op: Op.Path, d, stroke: paint.stroke === 'current' ? at.colour : paint.stroke, strokeWidth: roundPt(paint.width * at.em) };
    item.math = at.display ? 'display' : 'inline';
    byPaint.set(key, item);
    items.push(item);
  }
  if (items.length === 0) {
    // Nothing to draw (an empty formula, a placeholder): keep one empty path so the formula's
    // source still has an item that names it.
    items.push({ op: Op.Path, d: '', math: at.display ? 'display' : 'inline' });
  }
  const first = items[0]!;
  if (at.source && from === 0) {
    // The advance box of this (slice of the) formula: where its TeX is extracted in a PDF.
    const end = whole ? formula.width : (formula.childX[to] ?? formula.width);
    first.mathBox = { x: roundPt(at.x), baseline: roundPt(at.baseline), width: roundPt(Math.max(0, end - shift) * at.em) };
    first.text = at.source.tex;
    first.chapter = at.source.chapter;
    first.srcFrom = at.source.from;
    first.srcTo = at.source.to;
  } else if (at.source) {
    first.chapter = at.source.chapter;
    first.srcFrom = at.source.from;
    first.srcTo = at.source.to;
  }
  if (formula.error !== undefined) first.mathError = formula.error;
  return items;
}

/** Grey stand-in for a formula the typesetter has not set (MathJax not loaded, a font still loading). */
export const PLACEHOLDER_GREY = '#c8c8c8';

export function placeholderFormula(tex: string, display: boolean): TypesetFormula {
  // Roughly the source's extent: half an em per character, clamped (display formulas wider).
  const width = Math.min(display ? 24 : 12, Math.max(1, tex.length * 0.45));
  const program = { ops: '', coords: [] as number[] };
  appendRect(program, 0, -0.7, width, 0.9, IDENTITY);
  return { width, height: 0.7, depth: 0.2, parts: [{ child: -1, paint: { fill: PLACEHOLDER_GREY }, program }], childX: [], breaks: [], rows: [], mathml: '', pending: true };
}

/** The paths of an inline formula slice on a set line whose left edge is at x0, on `baseline` (pt). */
export function lineFormulaItems(slice: LineFormula, x0: number, baseline: number, chapter: string): PathItem[] {
  const { inline } = slice;
  return formulaPathItems(inline.formula, {
    x: x0 + slice.x,
    baseline,
    em: inline.em,
    colour: inline.colour,
    display: false,
    source: { chapter, from: inline.from, to: inline.to, tex: inline.tex },
    fromChild: slice.fromChild,
    toChild: slice.toChild,
  });
}

/** Bounding box of SVG path data whose numbers are x, y pairs (our serialisation), pt. */
export function pathBounds(d: string): { left: number; top: number; right: number; bottom: number } | null {
  const v = d.match(/-?\d+(?:\.\d+)?/g);
  if (!v || v.length < 2) return null;
  let left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
  for (let i = 0; i + 1 < v.length; i += 2) {
    const x = Number(v[i]);
    const y = Number(v[i + 1]);
    if (x < left) left = x;
    if (x > right) right = x;
    if (y < top) top = y;
    if (y > bottom) bottom = y;
  }
  return { left, top, right, bottom };
}

/**
 * The formula under a point (click-to-source): the first formula path with a source whose ink
 * box contains the point; the caret goes to the start of its TeX (after the opening `$`).
 */
export function formulaAt(items: readonly PathItem[], x: number, y: number): { chapter: string; offset: number } | null {
  for (const item of items) {
    if (item.math === undefined || item.srcFrom === undefined || item.chapter === undefined) continue;
    const box = pathBounds(item.d);
    if (!box || x < box.left || x > box.right || y < box.top || y > box.bottom) continue;
    // Past the opening `$` (inline) or `$$` (display; a fence's TeX starts on the next line).
    return { chapter: item.chapter, offset: item.srcFrom + (item.math === 'inline' ? 1 : 2) };
  }
  return null;
}
