/**
 * The text a reader takes from glyph runs, for tests that look for a phrase across runs. A run
 * holds the spaces inside it but not a word space at its edge (a style change or a generated label
 * such as a cross-reference starts a new run), so joining run texts blindly glues words together
 * or splits "p. 9;" from the word before. Here two runs on one baseline are joined directly when
 * the second starts where the first ends, and with one space when there is a gap; a new baseline
 * starts after a space.
 */
import type { FontRegistry } from '../../src/worker/engine/fonts/registry';
import type { GlyphRunItem } from '../../src/worker/protocol/displaylist';

/** A gap narrower than this (em of the run) is kerning or rounding, not a word space. */
const WORD_GAP_EM = 0.08;

/** pt: where the run's last glyph ends (its pen x plus its advance). */
export function runEnd(run: GlyphRunItem, fonts: FontRegistry): number {
  const face = fonts.get(run.font);
  const last = run.glyphs.length - 1;
  if (last < 0) return run.xs[0] ?? 0;
  const advance = face ? (face.glyphAdvance(run.glyphs[last]!) * run.size) / face.upem : 0;
  return run.xs[last]! + advance;
}

/** Runs in paint order (left-to-right text) as one string, word spaces restored at run edges. */
export function readText(runs: readonly GlyphRunItem[], fonts: FontRegistry): string {
  let out = '';
  let previous: GlyphRunItem | undefined;
  for (const run of runs) {
    if (previous) {
      const sameLine = Math.abs(run.y - previous.y) < 0.01;
      const gap = sameLine ? (run.xs[0] ?? 0) - runEnd(previous, fonts) : Number.POSITIVE_INFINITY;
      if (gap > WORD_GAP_EM * Math.min(run.size, previous.size)) out += ' ';
    }
    out += run.text;
    previous = run;
  }
  return out;
}
