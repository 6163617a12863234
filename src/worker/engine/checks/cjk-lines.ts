/**
 * Typesetting checks of CJK lines (configuration.md §14.1): a justified CJK line spreads the gaps
 * between its characters up to 0.5 em (paragraph/items.ts `CJK_GAP_STRETCH_EM` at the breaker's
 * ratio 2); a line that would need more is set ragged and reported as `cjkLooseLine` — its loose
 * gaps, not word spaces, are the fault, so it is not a `looseLine`. A mark hung past the measure by
 * `cjk.hangingPunctuation` (paragraph/cjk-punctuation.ts) is no overfull line.
 */
import { hasIdeographs } from '../text/cjk';
import type { LayoutSettings } from '../settings';

/** Marks `cjk.hangingPunctuation` hangs (、。，．). */
const HANGING = /[、。，．]$/;

/** Whether a printed line's text is CJK text, judged by its gaps rather than by word spaces. */
export function isCjkLine(text: string): boolean {
  return hasIdeographs(text);
}

/**
 * Whether the ink past the column's edge (`by`, pt) is a mark hung on purpose: the line ends with one
 * of 、。，．, hanging is on, and it passes by no more than one em of the line's size (`size`, pt).
 */
export function hangsPunctuation(settings: LayoutSettings, text: string, by: number, size: number): boolean {
  return settings.cjk.hangingPunctuation !== 'none' && HANGING.test(text.trimEnd()) && by <= size + 1e-6;
}
