/**
 * Line-breaking rules of CJK text by level (configuration.md §14.1 `cjk.lineBreak`): which
 * characters may not start a line (行頭禁則) and which may not end one (行末禁則). The classes follow
 * JIS X 4051 (and its W3C reading, JLREQ) for Japanese and GB/T 15834 with CLREQ for Chinese; the
 * sets below are our own selection of code points for each class.
 *
 * Our reading of the levels, loosest to strictest (each a superset of the one before, except `none`):
 * - `none`: no kinsoku at all; a line may break between any two CJK characters (the inseparable
 *   pairs …… —— and Latin words stay whole, text/cjk.ts).
 * - `basic` (the Taiwan and Hong Kong default): closing brackets and quotes, the pause and stop
 *   marks 、。，．：；？！ (and their Latin forms met in CJK text, unit signs %‰℃°′″) never start a line;
 *   opening brackets and quotes never end one.
 * - `gb` (GB/T 15834, the mainland default): `basic`, and the separator marks (间隔号 · ・) and the
 *   connector (连接号 ～ 〜) never start a line either.
 * - `ja-loose` (JIS X 4051 with its relaxed classes): as `gb`; small kana (cl-11), the prolonged
 *   sound mark ー (cl-10), iteration marks 々ゝゞヽヾ〻 (cl-09) and the hyphens ‐ ゠ (cl-03) may start a line.
 * - `ja-strict`: `ja-loose`, and small kana and ー may not start a line (cl-10, cl-11); iteration
 *   marks and hyphens still may.
 * - `ja-very-strict` (the Japanese default): every JIS X 4051 line-start class, iteration marks
 *   (cl-09) and hyphens (cl-03) included.
 * - `strict`: the same set as `ja-very-strict`, for any language (the strictest rules).
 */

/** A resolved `cjk.lineBreak` level (auto already read from the region). */
export type CjkLineBreak = 'none' | 'basic' | 'gb' | 'strict' | 'ja-very-strict' | 'ja-strict' | 'ja-loose';

/** The rules of one level: code points that may not start a line, and that may not end one. */
export interface KinsokuRules {
  noLineStart: ReadonlySet<number>;
  noLineEnd: ReadonlySet<number>;
}

const codePoints = (chars: string): number[] => Array.from(chars).map((c) => c.codePointAt(0)!);

/** Closing brackets and quotes (JIS cl-02, GB 标号 closing halves). */
const CLOSING_BRACKETS = '）」』】〕〉》｝］〙〗〟’”»›)]}｠';
/** Dividing punctuation (cl-04), middle dots (cl-05: ：；), full stops (cl-06) and commas (cl-07), fullwidth and Latin. */
const PAUSES_AND_STOPS = '、。，．：；？！‼⁇⁈⁉.,:;?!';
/** Postfix signs that belong to the number before them (JIS cl-20). */
const POSTFIX = '%‰℃°′″';
/** 间隔号 / 中点 (GB/T 15834 separator; JIS cl-05 ・). */
const SEPARATORS = '·・･';
/** 连接号 wave dashes (GB/T 15834 connector; JIS cl-03 〜). */
const CONNECTORS = '～〜';
/** Hyphens of Japanese text (JIS cl-03, besides 〜). */
const JA_HYPHENS = '‐゠';
/** Iteration marks (JIS cl-09). */
const ITERATION = 'ゝゞヽヾ々〻';
/** The prolonged sound mark (JIS cl-10). */
const PROLONGED = 'ー';
/** Small kana (JIS cl-11). */
const SMALL_KANA = 'ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ';
/** Opening brackets and quotes (JIS cl-01): never at a line end, at any level but `none`. */
const OPENING_BRACKETS = '（「『【〔〈《｛［〘〖〝‘“«‹([{｟';

function rules(noStart: string): KinsokuRules {
  return { noLineStart: new Set(codePoints(noStart)), noLineEnd: new Set(codePoints(OPENING_BRACKETS)) };
}

const BASIC = CLOSING_BRACKETS + PAUSES_AND_STOPS + POSTFIX;
const GB = BASIC + SEPARATORS + CONNECTORS;
const JA_STRICT = GB + PROLONGED + SMALL_KANA;
const VERY_STRICT = JA_STRICT + ITERATION + JA_HYPHENS;

const LEVELS: Record<CjkLineBreak, KinsokuRules> = {
  none: { noLineStart: new Set(), noLineEnd: new Set() },
  basic: rules(BASIC),
  gb: rules(GB),
  'ja-loose': rules(GB),
  'ja-strict': rules(JA_STRICT),
  'ja-very-strict': rules(VERY_STRICT),
  strict: rules(VERY_STRICT),
};

/** The kinsoku rules of a level. */
export function kinsokuRules(level: CjkLineBreak): KinsokuRules {
  return LEVELS[level];
}

/** `cjk.lineBreak: 'auto'` by region (configuration.md §14.1: gb / basic / basic / ja-very-strict). */
export function defaultLineBreak(region: CjkRegion): CjkLineBreak {
  return region === 'mainland' ? 'gb' : region === 'japan' ? 'ja-very-strict' : 'basic';
}

/** `cjk.region`, resolved (auto reads the locale: config/locale.ts `cjkRegion`). */
export type CjkRegion = 'mainland' | 'taiwan' | 'hongkong' | 'japan';

/** Book-title brackets whose content `cjk.titleMinChars` keeps together (《》 and the nested 〈〉, GB/T 15834 书名号). */
export const BOOK_TITLE_OPEN = 0x300a; // 《
export const BOOK_TITLE_CLOSE = 0x300b; // 》
export const INNER_TITLE_OPEN = 0x3008; // 〈
export const INNER_TITLE_CLOSE = 0x3009; // 〉
