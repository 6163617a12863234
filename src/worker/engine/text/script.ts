/**
 * Script itemization: HarfBuzz shapes one script at a time (platform-notes §2.2), so a word that
 * mixes scripts is cut where the script changes. Common and inherited characters (digits,
 * punctuation, combining marks) take the script of the text before them, or after them at the
 * start. The classes are the ones shaping and line breaking care about, not every Unicode script.
 */
export type ScriptClass = 'Zyyy' | 'Latn' | 'Grek' | 'Cyrl' | 'Arab' | 'Hebr' | 'Hani' | 'Hang' | 'Thai' | 'Deva' | 'Other';

/** ISO 15924 tag HarfBuzz wants for each class (Han, kana and bopomofo share `Hani`). */
export const HB_SCRIPT: Record<Exclude<ScriptClass, 'Zyyy' | 'Other'>, string> = {
  Latn: 'Latn',
  Grek: 'Grek',
  Cyrl: 'Cyrl',
  Arab: 'Arab',
  Hebr: 'Hebr',
  Hani: 'Hani',
  Hang: 'Hang',
  Thai: 'Thai',
  Deva: 'Deva',
};

const PATTERNS: [ScriptClass, RegExp][] = [
  ['Latn', /\p{Script=Latin}/u],
  ['Arab', /\p{Script=Arabic}/u],
  ['Hani', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]/u],
  ['Hang', /\p{Script=Hangul}/u],
  ['Grek', /\p{Script=Greek}/u],
  ['Cyrl', /\p{Script=Cyrillic}/u],
  ['Hebr', /\p{Script=Hebrew}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Deva', /\p{Script=Devanagari}/u],
];
const COMMON = /[\p{Script=Common}\p{Script=Inherited}]/u;

const cache = new Map<number, ScriptClass>();

/** The script class of one code point (memoised: paragraphs repeat their characters). */
export function scriptOf(codePoint: number): ScriptClass {
  // ASCII fast path: letters are Latin, the rest common.
  if (codePoint < 0x80) return (codePoint >= 0x41 && codePoint <= 0x5a) || (codePoint >= 0x61 && codePoint <= 0x7a) ? 'Latn' : 'Zyyy';
  const hit = cache.get(codePoint);
  if (hit) return hit;
  const ch = String.fromCodePoint(codePoint);
  let result: ScriptClass = 'Other';
  if (COMMON.test(ch)) result = 'Zyyy';
  else for (const [name, pattern] of PATTERNS) if (pattern.test(ch)) { result = name; break; }
  cache.set(codePoint, result);
  return result;
}

/** The script classes by code (`resolveScriptCodes`: a unit's code is its class's index here). */
export const SCRIPT_CLASSES: readonly ScriptClass[] = ['Zyyy', 'Latn', 'Grek', 'Cyrl', 'Arab', 'Hebr', 'Hani', 'Hang', 'Thai', 'Deva', 'Other'];
const CODE_OF = Object.fromEntries(SCRIPT_CLASSES.map((s, i) => [s, i])) as Record<ScriptClass, number>;
const CODE_ZYYY = CODE_OF.Zyyy;
const CODE_LATN = CODE_OF.Latn;

/** `scriptOf` as a code (an index in `SCRIPT_CLASSES`), with its ASCII fast path. */
function scriptCodeOf(codePoint: number): number {
  if (codePoint < 0x80) return (codePoint >= 0x41 && codePoint <= 0x5a) || (codePoint >= 0x61 && codePoint <= 0x7a) ? CODE_LATN : CODE_ZYYY;
  return CODE_OF[scriptOf(codePoint)];
}

/**
 * The resolved script of every UTF-16 unit of `text` (both halves of a surrogate pair get the
 * pair's script), as codes (`SCRIPT_CLASSES`): one byte per unit where a list of classes took
 * eight (a pointer each; ~11 MB of a cold layout of the 300-page bench book, bench/alloc-node.ts).
 * Common characters inherit from before, leading ones from the first real script. Written into
 * `out` when given (at least as long as the text; its units past the text are left as they are).
 */
export function resolveScriptCodes(text: string, out: Uint8Array = new Uint8Array(text.length)): Uint8Array {
  let current = CODE_ZYYY;
  let firstReal = -1;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    const s = scriptCodeOf(cp);
    if (s !== CODE_ZYYY) {
      current = s;
      if (firstReal < 0) firstReal = s;
    }
    for (let k = 0; k < size; k++) out[i + k] = s === CODE_ZYYY ? current : s;
    i += size;
  }
  if (firstReal >= 0) for (let i = 0; i < text.length && out[i] === CODE_ZYYY; i++) out[i] = firstReal;
  return out;
}
