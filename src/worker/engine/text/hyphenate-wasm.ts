/**
 * One language's Liang patterns, run by hyphenopoly's own wasm engine (`hyphenopoly/patterns/<id>.wasm`,
 * 6.1.0) but called directly, without the library's JavaScript text hyphenator around it.
 *
 * Why: for each new word that wrapper runs a Unicode regular expression over the text, looks the word
 * up in (and adds it to) a module-wide cache that never forgets, spreads the word into an array to copy
 * it into wasm memory and decodes the result into a new string with a TextDecoder, which we then scan
 * for soft hyphens. On the bench book (~16,200 words, hyphenate.ts measured in Node) that was about as
 * much time as the pattern engine itself and most of the hyphenator's allocation. Here a word's UTF-16
 * units go straight into the engine's memory and the hyphen positions are read straight out of it.
 *
 * What the wrapper does besides calling the engine, and how the same happens here, given the settings
 * hyphenate.ts gives it (and nothing else in the engine configures hyphenopoly):
 * - Its words are the runs of its word characters (letters, combining marks, the language's alphabet,
 *   the hyphen) at least `minWordLength` long; a run with a character outside the language's alphabet
 *   (compared case-insensitively, as its expression does) or over 61 units is left whole. A text whose
 *   every unit is in the alphabet is one such run. Our texts (hyphenate.ts `patternBreaks`: letters, marks,
 *   apostrophes and middle dots) hold two characters that are not word characters for it: the apostrophe
 *   and the middle dot, so where the alphabet lacks them they cut the text into runs, here too. A text
 *   holding any other character outside the alphabet (`café` in English, a combining accent, the hyphen)
 *   is not answered here: `points` returns false and the caller asks the wrapper, which knows its own
 *   character list.
 * - Exceptions: none are configured. Compounds: a text here never holds a hyphen (above). Mixed case:
 *   hyphenated, as the wrapper's default `mixedCase: true` does. Orphan control 1 and no normalisation:
 *   nothing to do. Substitutions: none configured, so the engine's translation table is the file's own.
 * - Its minimums: the larger of the patterns' own (`lmi`, `rmi`) and ours, passed to the engine.
 */

/** Where the engine keeps the language's alphabet (lower case, one unit per letter, `lct` of them) once instantiated. */
const ALPHABET_BYTE_OFFSET = 1664;
/** The longest word the engine holds: its buffer's 64 units less the end mark and room the wrapper keeps. */
export const MAX_PATTERN_WORD = 61;
/** Written between letters at each point; our texts never hold a soft hyphen (hyphenate.ts handles those itself). */
const MARK = 0x00ad;

/** What a UTF-16 unit is to the patterns (a table per engine, filled as units are met). */
const UNSEEN = 0;
const LETTER = 1;
/** Ends a run: the apostrophe or middle dot when the alphabet lacks it (hyphenopoly's word expression excludes them). */
const BOUNDARY = 2;
/** Anything else outside the alphabet: only the wrapper knows how it cuts or spoils a run. */
const UNKNOWN = 3;

interface EngineExports {
  mem: WebAssembly.Memory;
  lct: WebAssembly.Global;
  lmi: WebAssembly.Global;
  rmi: WebAssembly.Global;
  /** (left minimum, right minimum, mark unit) → units written back, 0 when a unit is not in the translation table. */
  hyphenate: (leftMin: number, rightMin: number, mark: number) => number;
}

export interface PatternLimits {
  /** Runs shorter than this many units are left whole (hyphenopoly's `minWordLength`). */
  minWordLength: number;
  /** At least this many units before a point (hyphenopoly's `leftmin`), or the patterns' own if more. */
  leftMin: number;
  /** At least this many units after a point (`rightmin`), or the patterns' own if more. */
  rightMin: number;
}

export interface PatternEngine {
  /** The language's letters as the patterns file lists them (lower case). */
  readonly alphabet: string;
  /**
   * Writes into `out`, from index `count` on, the offsets (UTF-16 units into `text`) where the
   * patterns allow a hyphen, in order: the points hyphenopoly's text hyphenator marks in `text` under
   * the same limits. Returns the new count, or -1, writing nothing, when `text` holds a unit outside
   * the alphabet other than the apostrophe and the middle dot: ask the wrapper. (A count rather than
   * `out.length`: setting an array's length to 0 lets go of its storage, and every word would
   * allocate it again.)
   */
  points(text: string, out: number[], count: number): number;
}

export function createPatternEngine(bytes: Uint8Array | ArrayBuffer, limits: PatternLimits): PatternEngine {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes as BufferSource));
  const exports = instance.exports as unknown as EngineExports;
  const memory = exports.mem;
  const alphabet = String.fromCharCode(...new Uint16Array(memory.buffer, ALPHABET_BYTE_OFFSET, exports.lct.value as number));
  const leftMin = Math.max(exports.lmi.value as number, limits.leftMin);
  const rightMin = Math.max(exports.rmi.value as number, limits.rightMin);
  const minLength = limits.minWordLength;
  const hyphenate = exports.hyphenate;

  // hyphenopoly tests a word with `[^alphabet]` under the `i` flag (no `u`): a unit is a letter when it
  // equals one of the alphabet's under that flag's case folding. The same expression decides here, once per unit.
  const outsideAlphabet = new RegExp(`[^${alphabet.replace(/[\\\]^-]/g, '\\$&')}]`, 'i');
  const kinds = new Uint8Array(0x10000);
  const kindOf = (unit: number): number => {
    let kind = kinds[unit]!;
    if (kind === UNSEEN) {
      // The hyphen is a compound joint to the wrapper even where the alphabet holds it (pt, ru, tk): never ours.
      if (unit !== 0x2d && !outsideAlphabet.test(String.fromCharCode(unit))) kind = LETTER;
      else kind = unit === 0x27 || unit === 0xb7 ? BOUNDARY : UNKNOWN;
      kinds[unit] = kind;
    }
    return kind;
  };

  // The engine reads the word from byte 0 of its memory (UTF-16 units, then a 0 unit) and writes it
  // back there with a mark at each point, which makes it longer than the word: one view of the whole memory.
  let units = new Uint16Array(memory.buffer);
  /** Points of text[start, end), a run of letters, written from out[count]: the engine's answer read back from its memory. */
  const runPoints = (text: string, start: number, end: number, out: number[], count: number): number => {
    // The memory's buffer is replaced if the engine ever grows it: view the new one.
    if (units.length === 0) units = new Uint16Array(memory.buffer);
    for (let i = start; i < end; i++) units[i - start] = text.charCodeAt(i);
    units[end - start] = 0;
    const written = hyphenate(leftMin, rightMin, MARK);
    // 0: a unit the translation table lacks (the wrapper then leaves the word whole too).
    let offset = start;
    for (let i = 0; i < written; i++) {
      if (units[i] === MARK) out[count++] = offset;
      else offset++;
    }
    return count;
  };

  const points = (text: string, out: number[], count: number): number => {
    for (let i = 0; i < text.length; i++) if (kindOf(text.charCodeAt(i)) === UNKNOWN) return -1;
    let start = 0;
    for (let i = 0; i <= text.length; i++) {
      if (i < text.length && kinds[text.charCodeAt(i)] === LETTER) continue;
      const length = i - start;
      if (length >= minLength && length <= MAX_PATTERN_WORD) count = runPoints(text, start, i, out, count);
      start = i + 1;
    }
    return count;
  };

  return { alphabet, points };
}
