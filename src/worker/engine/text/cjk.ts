/**
 * Line-break opportunities inside runs without spaces, after UAX #14 for the classes that
 * matter to Chinese, Japanese and Korean text (an equivalent of the `linebreak` package cut to
 * what this typesetter needs; spaces are break opportunities already handled by the item
 * builder): a break is allowed before and after ideographs, kana and Hangul syllables (class
 * ID) — except where kinsoku forbids it: never before closing brackets and punctuation (CL, CP,
 * EX, IS, NS: 、。，．：；？！）」』】 small kana, the prolonged sound mark…) and never after
 * opening brackets (OP: （「『【…); two-em and ellipsis pairs (IN) stay together. Latin words and
 * numbers inside CJK text are not broken (AL × AL, NU × NU).
 */
import { scriptOf } from './script';
import { circledAsIdeograph, type CircledNumbers } from './circled-numbers';
import { BOOK_TITLE_CLOSE, BOOK_TITLE_OPEN, INNER_TITLE_CLOSE, INNER_TITLE_OPEN, kinsokuRules, type CjkLineBreak, type KinsokuRules } from './cjk-rules';

/** Closing punctuation and brackets that may not start a line (UAX #14 CL, CP, EX, IS, NS; JIS X 4051 行頭禁則). */
const NO_LINE_START = new Set(
  Array.from(
    '、。，．：；？！‼⁇⁈⁉）」』】〕〉》｝］〙〗〟’”»›)]}｠' +
      'ゝゞヽヾー々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ゠〜～・･' +
      '.,:;?!%‰℃°′″',
  ).map((c) => c.codePointAt(0)!),
);

/** Opening brackets and quotes that may not end a line (UAX #14 OP; JIS X 4051 行末禁則). */
const NO_LINE_END = new Set(Array.from('（「『【〔〈《｛［〘〖〝‘“«‹([{｟').map((c) => c.codePointAt(0)!));

/** Inseparable characters (UAX #14 IN): no break between two of them (……, ——). */
const INSEPARABLE = new Set(Array.from('…‥—―⋯').map((c) => c.codePointAt(0)!));

/** Fullwidth punctuation whose ink sits in one half of the em (for compression, kaiming). */
export const CLOSING_FULLWIDTH = new Set(Array.from('、。，．：；）」』】〕〉》｝］〙〗”’').map((c) => c.codePointAt(0)!));
export const OPENING_FULLWIDTH = new Set(Array.from('（「『【〔〈《｛［〘〖“‘').map((c) => c.codePointAt(0)!));

/** True for ideographs, kana, bopomofo and Hangul syllables — the ID class of UAX #14. */
export function isIdeographic(codePoint: number): boolean {
  if (codePoint < 0x1100) return false;
  const script = scriptOf(codePoint);
  if (script === 'Hani' || script === 'Hang') return true;
  // Fullwidth punctuation and CJK symbols (U+3000–303F, FF00–FFEF) break like ideographs.
  return (codePoint >= 0x3000 && codePoint <= 0x303f) || (codePoint >= 0xff01 && codePoint <= 0xff60) || (codePoint >= 0xffe0 && codePoint <= 0xffe6);
}

export function isNoLineStart(codePoint: number): boolean {
  return NO_LINE_START.has(codePoint);
}

export function isNoLineEnd(codePoint: number): boolean {
  return NO_LINE_END.has(codePoint);
}

/** Cheap test: does the text hold anything that breaks without spaces? */
export function hasIdeographs(text: string): boolean {
  return /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]|[\ud840-\ud87f]/.test(text);
}

export interface BreakOptions {
  /** `cjk.wordBreak: 'keep-all'`: no breaks between ideographs (phrase-only breaking). */
  keepAll?: boolean;
  /** `cjk.lineBreak`, resolved (text/cjk-rules.ts); absent = `strict`, every kinsoku class. */
  lineBreak?: CjkLineBreak;
  /** `cjk.titleMinChars`: fewest characters of a book title 《…》 on either side of a break inside it; absent = 1 (no rule). */
  titleMinChars?: number;
  /** `cjk.circledNumbers` (text/circled-numbers.ts): under `cjk` (absent) a circled number breaks as an ideograph. */
  circledNumbers?: CircledNumbers;
}

/**
 * Break opportunities inside a run without spaces: `result[i]` is true when a line may end
 * between unit i−1 and unit i. Surrogate pairs and combining marks never split.
 */
export function breakOpportunities(text: string, options: BreakOptions = {}): Uint8Array {
  const result = new Uint8Array(text.length);
  const rules = kinsokuRules(options.lineBreak ?? 'strict');
  let previous = -1; // code point before the current one, −1 at the start
  let previousIndex = -1;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    if (previous >= 0 && !isCombining(cp) && canBreakBetween(previous, cp, options, rules)) result[i] = 1;
    if (!isCombining(cp)) {
      previous = cp;
      previousIndex = i;
    }
    i += size;
  }
  void previousIndex;
  if ((options.titleMinChars ?? 1) > 1) keepBookTitles(text, result, options.titleMinChars!);
  return result;
}

function canBreakBetween(before: number, after: number, options: BreakOptions, rules: KinsokuRules): boolean {
  if (rules.noLineStart.has(after) || rules.noLineEnd.has(before)) return false;
  if (INSEPARABLE.has(before) && INSEPARABLE.has(after)) return false;
  // Nonstarters after a Latin letter (a Latin comma inside CJK text) are caught above.
  const beforeId = isIdeographic(before) || circledAsIdeograph(before, options.circledNumbers);
  const afterId = isIdeographic(after) || circledAsIdeograph(after, options.circledNumbers);
  if (!beforeId && !afterId) return false; // AL × AL, NU × NU: Latin words and numbers stay whole
  if (options.keepAll && beforeId && afterId && !isPunctuation(before) && !isPunctuation(after)) return false;
  return true;
}

function isPunctuation(cp: number): boolean {
  return (cp >= 0x3000 && cp <= 0x303f) || (cp >= 0xff01 && cp <= 0xff0f) || (cp >= 0xff1a && cp <= 0xff20) || NO_LINE_START.has(cp) || NO_LINE_END.has(cp);
}

/**
 * `cjk.titleMinChars` (configuration.md §14.1, "fewest characters of a book title on a line"): a
 * break inside a book title 《…》 (or a nested 〈…〉) is kept only when at least `min` of the title's
 * characters (its brackets not counted) stand on each side of it; a title shorter than 2 × min is
 * not broken at all. Counted in code points (a surrogate pair is one character).
 */
function keepBookTitles(text: string, breaks: Uint8Array, min: number): void {
  const open: number[] = []; // unit index just after each open title bracket, innermost last
  for (let i = 0; i < text.length; i++) {
    const cp = text.charCodeAt(i);
    if (cp === BOOK_TITLE_OPEN || cp === INNER_TITLE_OPEN) open.push(i + 1);
    else if ((cp === BOOK_TITLE_CLOSE || cp === INNER_TITLE_CLOSE) && open.length > 0) {
      const start = open.pop()!;
      const chars = Array.from(text.slice(start, i));
      let unit = start;
      for (let c = 0; c < chars.length; c++) {
        // A break before character c leaves c characters before it and chars.length − c after.
        if (c > 0 && (c < min || chars.length - c < min)) breaks[unit] = 0;
        unit += chars[c]!.length;
      }
    }
  }
}

const COMBINING = /\p{M}/u;
function isCombining(cp: number): boolean {
  if (cp < 0x300) return false;
  if (cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f)) return true;
  return COMBINING.test(String.fromCodePoint(cp));
}

/** CJK script (for `cjk.latinSpacing`): Han, kana, bopomofo or Hangul letters, not punctuation. */
export function isCjkLetter(codePoint: number): boolean {
  const s = scriptOf(codePoint);
  return s === 'Hani' || s === 'Hang';
}
