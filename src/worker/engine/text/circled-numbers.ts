/**
 * `cjk.circledNumbers` (configuration.md §14.1: `cjk` by default, or `western`; bundle-format §11
 * migration row 11 pins `western` for books stamped before configVersion 11 that set one): how the
 * circled (and parenthesised, full-stop and negative circled) numbers of U+2460–U+24FF and the
 * dingbat circled digits U+2776–U+2793 (①, ⑴, ⒈, ❶, ➀, ➊…) take part in CJK composition.
 *
 * The spec names the values only; our reading:
 * - `cjk`: a circled number is an ideographic cell — set in the face that sets the text's
 *   ideographs (paragraph/circled-numbers.ts; the bundled CJK faces give each one 1 em), no
 *   `cjk.latinSpacing` against the ideographs beside it (but against Latin letters and digits, as
 *   an ideograph has), and a line may break before and after it as beside an ideograph (UAX #14 ID).
 * - `western`: a circled number is a Latin character — set in the text's own face when it has the
 *   glyph (else the fallback chain's first face that has), at that face's width, `cjk.latinSpacing`
 *   between it and an ideograph, and never a break between it and the Latin letters or digits
 *   beside it (UAX #14 AL × AL). This is how the engine set them before the setting was applied.
 */
export type CircledNumbers = 'cjk' | 'western';

/** Whether `codePoint` is one of the circled numbers `cjk.circledNumbers` governs. */
export function isCircledNumber(codePoint: number): boolean {
  return (codePoint >= 0x2460 && codePoint <= 0x24ff) || (codePoint >= 0x2776 && codePoint <= 0x2793);
}

/** A circled number set as an ideographic cell (mode `cjk`, the default when absent). */
export function circledAsIdeograph(codePoint: number, mode: CircledNumbers | undefined): boolean {
  return (mode ?? 'cjk') === 'cjk' && isCircledNumber(codePoint);
}

/** A circled number set as a Latin character (mode `western`). */
export function circledAsLatin(codePoint: number, mode: CircledNumbers | undefined): boolean {
  return mode === 'western' && isCircledNumber(codePoint);
}

/** Cheap test: does the text hold a circled number? */
export function hasCircledNumber(text: string): boolean {
  return /[\u2460-\u24ff\u2776-\u2793]/.test(text);
}
