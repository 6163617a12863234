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

/**
 * The resolved script of every UTF-16 unit of `text` (both halves of a surrogate pair get the
 * pair's script): common characters inherit from before, leading ones from the first real script.
 */
export function resolveScripts(text: string): ScriptClass[] {
  const out: ScriptClass[] = new Array(text.length);
  let current: ScriptClass = 'Zyyy';
  let firstReal: ScriptClass | null = null;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    const s = scriptOf(cp);
    if (s !== 'Zyyy') {
      current = s;
      firstReal ??= s;
    }
    for (let k = 0; k < size; k++) out[i + k] = s === 'Zyyy' ? current : s;
    i += size;
  }
  if (firstReal) for (let i = 0; i < out.length && out[i] === 'Zyyy'; i++) out[i] = firstReal;
  return out;
}
