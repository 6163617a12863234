/**
 * Printing a counter in one of the number-format words of configuration.md §3 (page labels,
 * footnote numbers, heading templates). Formats are named by the configuration module's canonical
 * ids (`canonicalNumberFormat`); an id this file does not print falls back to decimal digits.
 */
import { canonicalNumberFormat } from '../../config/values';
import { cjkRegion, languageOf } from '../../config/locale';
import { arabicLetterFormat } from './number-format-arabic';
import { cjkCounterFormat } from './number-format-cjk';

const ROMAN: ReadonlyArray<readonly [number, string]> = [
  [1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'],
  [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i'],
];

/** Lower-case roman numeral; 0 and negatives print as decimal (roman has no zero). */
function roman(n: number): string {
  if (n <= 0 || n >= 4000) return String(n);
  let rest = n;
  let out = '';
  for (const [value, letters] of ROMAN) {
    while (rest >= value) {
      out += letters;
      rest -= value;
    }
  }
  return out;
}

/** Bijective base-26: a … z, aa, ab … (the CSS `lower-alpha` counter). */
function alpha(n: number): string {
  if (n <= 0) return String(n);
  let rest = n;
  let out = '';
  while (rest > 0) {
    rest--;
    out = String.fromCharCode(97 + (rest % 26)) + out;
    rest = Math.floor(rest / 26);
  }
  return out;
}

function digits(n: number, zero: number): string {
  return String(n).replace(/[0-9]/g, (d) => String.fromCodePoint(zero + Number(d)));
}

/**
 * The digits of generated decimal numbers (configuration.md §7 `numerals`): `latn` 0–9, `arab`
 * Arabic-Indic ٠–٩ (U+0660), `arabext` Eastern Arabic-Indic ۰–۹ (U+06F0, Persian and Urdu).
 */
export type Numerals = 'latn' | 'arab' | 'arabext';

const NUMERALS_ZERO: Record<Numerals, number> = { latn: 0x30, arab: 0x0660, arabext: 0x06f0 };

/**
 * ASCII digits of a generated text (a number this engine printed, never typed text: typed digits
 * are not rewritten, document-format §18.2) in the book's `numerals`.
 */
export function localiseDigits(text: string, numerals: Numerals = 'latn'): string {
  if (numerals === 'latn') return text;
  const zero = NUMERALS_ZERO[numerals];
  return text.replace(/[0-9]/g, (d) => String.fromCodePoint(zero + Number(d)));
}

const CJK_DIGITS = '〇一二三四五六七八九';

/** Chinese informal numerals up to 9999 (一, 十二, 一百零一); larger values print as CJK digits. */
function chineseInformal(n: number): string {
  if (n <= 0 || n >= 10000) return [...String(n)].map((d) => CJK_DIGITS[Number(d)] ?? d).join('');
  const units = ['', '十', '百', '千'];
  const ds = [...String(n)].map(Number);
  let out = '';
  let pendingZero = false;
  ds.forEach((d, i) => {
    const unit = units[ds.length - 1 - i]!;
    if (d === 0) {
      pendingZero = out !== '';
      return;
    }
    if (pendingZero) out += '零';
    pendingZero = false;
    // 十二, not 一十二, when the tens digit leads.
    out += (d === 1 && unit === '十' && out === '' ? '' : CJK_DIGITS[d]) + unit;
  });
  return out;
}

/**
 * `n` printed in `format` (any §3 spelling, or a canonical id). Circled numbers stop at 50 and
 * then print digits, as the spec says. Decimal numbers (and the fallbacks to decimal) take the
 * book's `numerals`; a format that names its own digits (`arabic-indic`, `persian`, `fullwidth`…)
 * keeps them.
 */
export function formatNumber(n: number, format: string, numerals: Numerals = 'latn'): string {
  const id = canonicalNumberFormat(format) ?? format;
  switch (id) {
    case 'lower-roman':
      return roman(n);
    case 'upper-roman':
      return roman(n).toUpperCase();
    case 'lower-alpha':
      return alpha(n);
    case 'upper-alpha':
      return alpha(n).toUpperCase();
    case 'circled-decimal':
      if (n >= 1 && n <= 20) return String.fromCodePoint(0x2460 + n - 1);
      if (n >= 21 && n <= 35) return String.fromCodePoint(0x3251 + n - 21);
      if (n >= 36 && n <= 50) return String.fromCodePoint(0x32b1 + n - 36);
      return String(n);
    case 'fullwidth-decimal':
      return digits(n, 0xff10);
    case 'arabic-indic':
      return digits(n, 0x0660);
    case 'persian':
      return digits(n, 0x06f0);
    case 'cjk-decimal':
      return [...String(n)].map((d) => CJK_DIGITS[Number(d)] ?? d).join('');
    case 'chinese-informal':
    case 'simp-chinese-informal':
    case 'trad-chinese-informal':
      return chineseInformal(n);
    case 'japanese-informal':
    case 'japanese-formal':
    case 'simp-chinese-formal':
    case 'trad-chinese-formal':
    case 'hiragana':
    case 'katakana':
    case 'hiragana-iroha':
    case 'katakana-iroha':
    case 'cjk-heavenly-stem':
    case 'cjk-earthly-branch':
      // Kana, stems and branches, Japanese and financial numerals (page/number-format-cjk.ts).
      return n >= 1 ? cjkCounterFormat(n, id)! : localiseDigits(String(n), numerals);
    case 'abjad':
    case 'hijai':
    case 'arabic-abjad':
    case 'arabic-abjad-maghrebi':
      // Arabic letters and abjad numerals (page/number-format-arabic.ts); 0 and negatives print digits.
      return n >= 1 ? arabicLetterFormat(n, id)! : localiseDigits(String(n), numerals);
    default:
      return localiseDigits(String(n), numerals);
  }
}

/**
 * Whether the engine prints `word` as a number format: any §3 spelling, or the id the configuration
 * stores for `一` and `cjk-ideographic` (`chinese-informal`, not itself a spelling).
 */
export function isNumberFormat(word: string): boolean {
  return canonicalNumberFormat(word) !== undefined || word === 'chinese-informal';
}

/**
 * The format a word names in a book of language `locale` (BCP 47, the `locale` setting). Only the
 * spelling `一` (also `cjk-ideographic`, stored as the same id) depends on it (configuration.md §3): "script follows locale" for
 * Chinese informal numerals, and "`一` in Japanese documents" is `japanese-informal` (百一, not
 * 一百零一). Our reading: Traditional Chinese for a `Hant` script or a Taiwan/Hong Kong/Macau
 * region (unless the tag says `Hans`), else Simplified; the two print the same numerals for the
 * positive counters the engine makes. Every other word, and `一` in any other language, is returned
 * unchanged (it prints Chinese informal numerals).
 */
export function localeNumberFormat(format: string, locale: string | undefined): string {
  // The configuration stores `一` (and `cjk-ideographic`) as the id `chinese-informal`; the spelled-out
  // simp-/trad-chinese-informal keep their script.
  if (!locale || (format !== 'chinese-informal' && canonicalNumberFormat(format) !== 'chinese-informal')) return format;
  const tag = locale.replace(/_/g, '-');
  const language = languageOf(tag);
  if (language === 'ja') return 'japanese-informal';
  if (language !== 'zh') return format;
  if (/-hans(-|$)/i.test(tag)) return 'simp-chinese-informal';
  const region = cjkRegion(tag);
  return region === 'taiwan' || region === 'hongkong' ? 'trad-chinese-informal' : 'simp-chinese-informal';
}

/** Footnote symbols (footnotes.symbols): * † ‡ … then each doubled, then tripled. */
export function symbolFor(n: number, symbols: readonly string[]): string {
  if (symbols.length === 0 || n <= 0) return String(n);
  const symbol = symbols[(n - 1) % symbols.length]!;
  return symbol.repeat(Math.floor((n - 1) / symbols.length) + 1);
}
