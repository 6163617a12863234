/**
 * Characters MathJax's font lacks (CJK or Thai in `\text{…}`, rare symbols), set with the book's
 * fonts: MathJax leaves them as `<text>` for a browser to draw, which a display list cannot use.
 * Each run is shaped in the body family (italic/bold as MathJax asked), with the registry's
 * per-character fallback — so a character no face has is recorded as missing like any text's
 * (the fonts check reports it) — and drawn as outlines in the room MathJax reserved: centred when
 * narrower, scaled down uniformly when wider. Without a registry (tests, the typesetter alone)
 * each run is an outlined box of its room, so nothing is silently dropped.
 */
import type { FontFace, FontRegistry } from '../fonts/registry';
import { appendPathData, appendRect, type PathProgram } from './path';
import { multiply, type Matrix } from '../vector/transform';
import type { FormulaPart, FormulaText, TypesetFormula } from './types';

/** The formula with its `texts` turned into parts (a new object; the typesetter's stays as it is). */
export function withTextGlyphs(formula: TypesetFormula, fonts: FontRegistry | undefined, family: string): TypesetFormula {
  const texts = formula.texts;
  if (!texts || texts.length === 0) return formula;
  const parts = [...formula.parts];
  for (const text of texts) {
    const program: PathProgram = { ops: '', coords: [] };
    if (fonts) drawGlyphs(program, text, fonts, family);
    if (program.ops.length > 0) parts.push(partOf(text, program, false));
    else parts.push(tofu(text));
  }
  return { ...formula, parts };
}

function partOf(text: FormulaText, program: PathProgram, stroked: boolean): FormulaPart {
  if (!stroked) return { child: text.child, paint: { fill: text.paint.fill }, program };
  const m = text.matrix;
  const width = text.size * 0.05 * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
  return { child: text.child, paint: { stroke: text.paint.fill, width }, program };
}

/** An outlined box of the run's room, from the baseline up to 0.7 of its size. */
function tofu(text: FormulaText): FormulaPart {
  const program: PathProgram = { ops: '', coords: [] };
  const inset = text.size * 0.05;
  appendRect(program, inset, -text.size * 0.7, Math.max(0, text.width - 2 * inset), text.size * 0.7, text.matrix);
  return partOf(text, program, true);
}

/** A character with the combining marks after it (a cluster for font fallback). */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gu;

function drawGlyphs(program: PathProgram, text: FormulaText, fonts: FontRegistry, family: string): void {
  const requested = fonts.match(family, text.bold ? 700 : 400, text.italic ? 'italic' : 'normal');
  // Runs of graphemes set in one face (the requested one or its fallback for that character).
  const runs: { face: FontFace; text: string }[] = [];
  for (const segment of text.text.match(CLUSTER) ?? []) {
    const face = fonts.faceForCluster(requested, segment);
    const last = runs[runs.length - 1];
    if (last && last.face === face) last.text += segment;
    else runs.push({ face, text: segment });
  }
  const shaped = runs.map((run) => ({ face: run.face, glyphs: run.face.shape(run.text) }));
  // Natural width in the text's own units (its font size per em).
  const natural = shaped.reduce((w, s) => w + (s.glyphs.width * text.size) / s.face.upem, 0);
  if (!(natural > 0)) return;
  const fit = natural > text.width && text.width > 0 ? text.width / natural : 1;
  let pen = natural * fit < text.width ? (text.width - natural * fit) / 2 : 0;
  for (const { face, glyphs } of shaped) {
    const k = (text.size * fit) / face.upem;
    for (let i = 0; i < glyphs.length; i++) {
      const d = face.glyphPath(glyphs.glyph(i));
      // Font units (y up) → the text's units (y down) at the pen, then → the formula's em.
      const at: Matrix = [k, 0, 0, -k, pen + glyphs.xOffset(i) * k, -glyphs.yOffset(i) * k];
      if (d) appendPathData(program, d, multiply(text.matrix, at));
      pen += glyphs.advance(i) * k;
    }
  }
}
