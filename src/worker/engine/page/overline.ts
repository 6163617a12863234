/**
 * `bodyText.emphasis: 'overline'` (configuration.md §6.1; document-format §18.2, where Arabic books
 * mark emphasis by a stroke over the words rather than a slanted face): a rule over each emphasised
 * run, drawn with the run's glyphs (page/paginate.ts `emit`), so the canvas, the rasters and the PDF
 * draw it from the same display-list item.
 */
import type { FontRegistry } from '../fonts/registry';
import { Op, roundPt, type RuleItem } from '../../protocol/displaylist';
import { runSize, type LineRun } from '../paragraph';

/**
 * Height of the rule above the baseline, em of the run: clear of the ascenders and capitals of
 * book faces (≈ 0.7–0.75 em in EB Garamond and Open Sans) and of the naskh alif and lām (≈ 0.75 em
 * in Amiri), yet well under the descenders of the line above at the usual leading (1.5 em, whose
 * descenders end ≈ 1.2 em over this baseline). Vowel marks over a tall letter may touch it, as they
 * touch an overline in hand-set Arabic.
 */
export const OVERLINE_RISE_EM = 0.92;
/** Stroke width, em of the run: an underline's weight (the OS/2 underline thickness of book faces is 0.04–0.06 em). */
export const OVERLINE_WIDTH_EM = 0.05;

/** The rule over a run placed with its pen origin at `x0` and its baseline at `baseline` (pt, page coordinates); null for a run without glyphs. */
export function overlineRule(run: LineRun, x0: number, baseline: number, fonts: FontRegistry): RuleItem | null {
  const last = run.glyphs.length - 1;
  if (last < 0) return null;
  const face = fonts.get(run.fontId);
  // From the first pen (glyphs are in visual order, left to right) to the last glyph's end.
  const left = x0 + run.xs[0]!;
  const right = x0 + run.xs[last]! + (face ? (face.glyphAdvance(run.glyphs[last]!) * runSize(run)) / face.upem : 0);
  const y = roundPt(baseline - OVERLINE_RISE_EM * runSize(run));
  return { op: Op.Rule, x1: roundPt(Math.min(left, right)), y1: y, x2: roundPt(Math.max(left, right)), y2: y, width: roundPt(OVERLINE_WIDTH_EM * runSize(run)), stroke: run.colour };
}
