/**
 * Orientation in vertical text (`layout.writingMode: 'vertical-rl'`, configuration.md §4, §14.1;
 * document-format §18.5): which characters stand upright and how a run of glyphs is cut into
 * upright and sideways stretches. Page/vertical.ts draws the pieces; the paragraph setter
 * (paragraph/vertical-tcy.ts) gives a tate-chū-yoko stretch its one-em cell along the line.
 */
import { hasCircledNumber } from './circled-numbers';

/** Han, kana, Hangul, bopomofo, CJK symbols and fullwidth forms: upright in vertical text (the CJK convention). */
export const UPRIGHT = /[\u1100-\u11ff\u2e80-\u2fdf\u3000-\u30ff\u3100-\u31ff\u3200-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]|[\ud840-\ud87f][\udc00-\udfff]/;

/**
 * Text that stands upright in vertical text: CJK (`UPRIGHT`) and the circled numbers of
 * `cjk.circledNumbers` (①, ⑴, ⒈, ❶…; text/circled-numbers.ts). Our reading of §14.1 there: under
 * `cjk` a circled number is an ideographic cell (set in the CJK face, 1 em) and stands upright
 * like an ideograph; under `western` it keeps the Latin face and width the value gives it, and
 * still stands upright at that width — Unicode gives these characters an upright vertical
 * orientation (UAX #50 `U`), and a closed figure turned sideways reads as a turned digit, which
 * no vertical setting prints.
 */
export function standsUpright(text: string): boolean {
  return UPRIGHT.test(text) || hasCircledNumber(text);
}

/** A stretch of a run's glyphs `[from, to)` in vertical text: upright (one CJK glyph, or a tate-chū-yoko number) or sideways. */
export interface UprightSpan {
  from: number;
  to: number;
  upright: boolean;
}

/**
 * A run (glyphs in visual order, each with the text index its cluster starts at) cut for vertical
 * text, in a line that holds CJK text: each CJK glyph (or circled number, `standsUpright`) alone and each number of at most `maxDigits`
 * digits (tate-chū-yoko, `cjk.uprightDigits`; a number with a digit on either side in the run's
 * text is a longer one) upright; other glyphs (Latin, longer numbers) sideways, in stretches.
 * `marks` (Japanese, document-format §18.5): `!!` `!?` `?!` `??` are tate-chū-yoko too (exactly two).
 */
export function uprightSpans(text: string, clusters: readonly number[], maxDigits: number, marks = false): UprightSpan[] {
  const count = clusters.length;
  /** The logical end of the cluster starting at `c`. */
  const end = (c: number): number => clusters.reduce((e, x) => (x > c && x < e ? x : e), text.length);
  const textOf = (g: number): string => text.slice(clusters[g]!, end(clusters[g]!));
  const isDigit = (g: number): boolean => /^[0-9]$/.test(textOf(g));
  const isMark = (g: number): boolean => g >= 0 && g < count && /^[!?]$/.test(textOf(g));
  const spans: UprightSpan[] = [];
  let from = 0;
  let g = 0;
  while (g < count) {
    let span = standsUpright(textOf(g)) ? 1 : 0;
    if (span === 0 && marks && isMark(g) && isMark(g + 1) && !isMark(g - 1) && !isMark(g + 2)) span = 2;
    else if (span === 0 && isDigit(g)) {
      let e = g;
      while (e < count && isDigit(e)) e++;
      const before = text[clusters[g]! - 1] ?? '';
      const after = text[end(clusters[e - 1]!)] ?? '';
      if (e - g <= maxDigits && !/[0-9]/.test(before) && !/[0-9]/.test(after)) span = e - g;
      else {
        g = e;
        continue;
      }
    }
    if (span === 0) {
      g++;
      continue;
    }
    if (g > from) spans.push({ from, to: g, upright: false });
    spans.push({ from: g, to: g + span, upright: true });
    g += span;
    from = g;
  }
  if (count > from) spans.push({ from, to: count, upright: false });
  return spans;
}
