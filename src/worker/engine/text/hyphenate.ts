/// <reference path="./hyphenate-hyphenopoly.d.ts" />
/**
 * Word breaking for line breaking: Liang/TeX pattern hyphenation through hyphenopoly's wasm
 * engine, soft hyphens, explicit hyphens and dashes, URLs — all as break offsets in
 * UTF-16 code units, plus a helper that turns them into Knuth–Plass penalty items.
 *
 * The pattern bytes come from an injected loader (`loadPatterns`), so the same code runs in Node
 * tests (read `node_modules/hyphenopoly/patterns/<id>.wasm`) and in the worker (the host fetches
 * `?url` assets first). Rules: configuration.md §6.2–6.3; library notes: platform-notes.md §3.
 *
 * A word's letters go to the pattern engine directly (hyphenate-wasm.ts); hyphenopoly's own text
 * hyphenator (sync mode) is asked only for letters outside the language's alphabet, whose handling
 * only it knows. hyphenopoly keeps module-global settings; every configuration we give it is
 * identical (soft hyphen as the hyphen character, minimum lengths below), so several hyphenators
 * coexist. A language's engine, once loaded by any hyphenator, is shared by all.
 */
import H from 'hyphenopoly';
import { createPatternEngine, MAX_PATTERN_WORD, type PatternEngine } from './hyphenate-wasm';
import { penaltyItem, type PenaltyItem } from './items';
import { TextTable } from './text-table';

/** Pattern ids the configuration bundles (spec §0.2 `LocaleTag`). */
export const BUNDLED_HYPHENATION_LANGUAGES = ['en-us', 'es', 'fr', 'de', 'it', 'pt', 'ca', 'nl'] as const;

/** Spec §6.2 fixed rules: words under 5 characters are never hyphenated… */
export const MIN_WORD_LENGTH = 5;
/** …and a break leaves at least 2 characters before it… */
export const MIN_BEFORE = 2;
/** …and at least 3 after it. */
export const MIN_AFTER = 3;
/** Explicit hyphens and dashes break only with this many letters on each side (spec §6.3). */
const MIN_LETTERS_AROUND_EXPLICIT = 2;

const SOFT_HYPHEN = '\u00AD';

/** How a tag resolves to patterns. */
export interface HyphenationLanguage {
  /** The tag as given (after trimming). */
  tag: string;
  /** hyphenopoly pattern id (`en-us`, `de`, `en-gb`, …), or null: no hyphenation (CJK). */
  patterns: string | null;
  /** The id is one of the eight bundled languages. */
  bundled: boolean;
  /** The language has no patterns: en-us patterns stand in (the caller warns once, spec §6.2). */
  fallback: boolean;
}

const CJK_LANGUAGES = new Set(['zh', 'ja', 'ko', 'yue', 'cmn', 'wuu', 'hak', 'nan', 'gan', 'hsn', 'lzh', 'cjy']);
const CJK_SCRIPTS = new Set(['hani', 'hans', 'hant', 'jpan', 'kore', 'hira', 'kana', 'hrkt', 'hang', 'bopo']);

/**
 * Resolves a BCP 47 tag to patterns (spec §6.2: region, script and case are ignored, `es-MX` →
 * `es`; CJK → none; no patterns → en-us). Beyond the reference, where no bundled language's
 * result changes: `en-GB` uses hyphenopoly's British patterns, and any language hyphenopoly
 * has patterns for uses them instead of the en-us fallback (`el` → `el-monoton`, `sr` →
 * `sr-cyrl`, `sr-Latn` → `sh-latn`, `mn` → `mn-cyrl`, exact ids like `de-x-syllable` kept).
 */
export function resolveHyphenationLanguage(tag: string | undefined): HyphenationLanguage {
  const given = (tag ?? '').trim();
  const t = given.toLowerCase().replace(/_/g, '-');
  if (t === '') return { tag: given, patterns: 'en-us', bundled: true, fallback: false };
  const sub = t.split('-');
  const lang = sub[0]!;
  const script = sub.slice(1).find((s) => /^[a-z]{4}$/.test(s));
  const region = sub.slice(1).find((s) => /^([a-z]{2}|\d{3})$/.test(s));
  const make = (patterns: string | null, fallback = false): HyphenationLanguage => ({
    tag: given,
    patterns,
    bundled: patterns !== null && (BUNDLED_HYPHENATION_LANGUAGES as readonly string[]).includes(patterns),
    fallback,
  });
  // Spec: CJK tags → no hyphenation (also `zh-Latn-pinyin`, although patterns exist for it:
  // changing that would change the reference's output).
  if (CJK_LANGUAGES.has(lang) || (script !== undefined && CJK_SCRIPTS.has(script))) return make(null);
  const supported = supportedIds();
  if (lang === 'en') return make(region === 'gb' || region === 'uk' ? 'en-gb' : 'en-us');
  if ((BUNDLED_HYPHENATION_LANGUAGES as readonly string[]).includes(lang)) return make(lang);
  if (supported.has(t)) return make(t);
  if (lang === 'el') return make(sub.includes('polyton') ? 'el-polyton' : 'el-monoton');
  if (lang === 'sr') return make(script === 'latn' ? 'sh-latn' : 'sr-cyrl');
  if (lang === 'sh') return make(script === 'cyrl' ? 'sh-cyrl' : 'sh-latn');
  if (lang === 'mn' && (script === undefined || script === 'cyrl')) return make('mn-cyrl');
  if (supported.has(lang)) return make(lang);
  return make('en-us', true);
}

let supportedCache: ReadonlySet<string> | null = null;
function supportedIds(): ReadonlySet<string> {
  return (supportedCache ??= new Set(H.supportedLanguages));
}

/** What kind of break a word offers; decides the penalty and whether a hyphen is drawn. */
export type WordBreakKind =
  /** Liang pattern point: draw a hyphen. */
  | 'pattern'
  /** Author's soft hyphen (U+00AD): draw a hyphen. */
  | 'soft'
  /** After an explicit hyphen of a compound: the hyphen is already there. */
  | 'hyphen'
  /** After a closed en/em dash between words: nothing drawn. */
  | 'dash'
  /** Inside a URL or DOI: nothing drawn (spec: URLs break without hyphens). */
  | 'url';

export interface WordBreak {
  /** Break between word[offset − 1] and word[offset], UTF-16 code units. */
  offset: number;
  kind: WordBreakKind;
  /** A hyphen glyph must be added at the end of the line when breaking here. */
  hyphen: boolean;
}

export interface WordBreakOptions {
  /** Pattern hyphenation on (spec `hyphenation.enabled`; for ragged text also `hyphenation.ragged`). Default true. */
  hyphenate?: boolean;
  /** false: never split inside a hyphenated compound except at its own hyphens (spec `hyphenation.compounds`). Default true. */
  compounds?: boolean;
  /** Break after a compound's hyphen (spec `breakAfterHyphens`). Default true. */
  breakAfterHyphens?: boolean;
  /** Break after a closed en/em dash between words (spec `breakAfterDashes`). Default true. */
  breakAfterDashes?: boolean;
}

export interface HyphenatorOptions {
  /** Pattern ids to load now (e.g. the document's languages); others load on first use. */
  languages?: readonly string[];
  /**
   * Bytes of `hyphenopoly/patterns/<id>.wasm`, synchronously; undefined when not available
   * (the language then falls back to en-us, or to no hyphenation if en-us is missing too).
   */
  loadPatterns: (id: string) => Uint8Array | ArrayBuffer | undefined;
}

export interface Hyphenator {
  /** Break offsets (UTF-16 code units) of a whitespace-free token in the language of `tag`. */
  hyphenate(word: string, tag: string, options?: WordBreakOptions): number[];
  /** The same with the kind of each break. The array is shared from the cache: do not mutate. */
  breakPoints(word: string, tag: string, options?: WordBreakOptions): readonly WordBreak[];
  /** Tag → patterns, as this hyphenator applies it (fallback reflects patterns actually loaded). */
  resolve(tag: string): HyphenationLanguage;
  /**
   * Names the break lists `breakPoints(word, tag, options)` gives: two calls of this hyphenator
   * with the same key give every word the same list. Item building keeps a word's items under it,
   * so a word met before needs no lookup here (paragraph/items.ts `sharedWord`).
   */
  breakKey(tag: string, options?: WordBreakOptions): string;
}

/** Hyphenators made so far: each one's break keys start with its own number. */
let hyphenatorCount = 0;

/** The options that change a word's break list, as bits (the cache's and the break key's part). */
function optionFlags(opts: WordBreakOptions): number {
  return (opts.hyphenate === false ? 1 : 0) | (opts.compounds === false ? 2 : 0) | (opts.breakAfterHyphens === false ? 4 : 0) | (opts.breakAfterDashes === false ? 8 : 0);
}

/** Module-wide: hyphenopoly reports errors by event; ours are prevented by construction. */
function silence(e: { preventDefault(): void }): void {
  e.preventDefault();
}

/** One language's patterns: the engine called directly, and hyphenopoly's text hyphenator on the same bytes once needed. */
interface LanguagePatterns {
  engine: PatternEngine;
  bytes: Uint8Array | ArrayBuffer;
  id: string;
  /** hyphenopoly's text hyphenator, made the first time a text holds a letter outside the alphabet. */
  wrapped: ((text: string) => string) | null;
}

/** Loaded languages, shared by every hyphenator (the first bytes loaded for an id are the ones used, as in hyphenopoly). */
const loadedPatterns = new Map<string, LanguagePatterns>();

/** The same limits for both paths: the spec's fixed rules (§6.2). */
const PATTERN_LIMITS = { minWordLength: MIN_WORD_LENGTH, leftMin: MIN_BEFORE, rightMin: MIN_AFTER };

function wrappedHyphenator(patterns: LanguagePatterns): (text: string) => string {
  if (patterns.wrapped === null) {
    const map = H.config({
      require: [patterns.id],
      hyphen: SOFT_HYPHEN,
      sync: true,
      loaderSync: () => patterns.bytes,
      minWordLength: PATTERN_LIMITS.minWordLength,
      leftmin: PATTERN_LIMITS.leftMin,
      rightmin: PATTERN_LIMITS.rightMin,
      compound: 'hyphen',
      orphanControl: 1,
      normalize: false,
      handleEvent: { error: silence },
    });
    patterns.wrapped = map.get(patterns.id)!;
  }
  return patterns.wrapped;
}

/**
 * Writes the pattern points of `text` (UTF-16 offsets) into `out` from index 0, returning their
 * count: from the engine directly, or from hyphenopoly's text hyphenator when the text holds a
 * letter the engine's alphabet lacks.
 */
function patternPoints(patterns: LanguagePatterns, text: string, out: number[]): number {
  let count = patterns.engine.points(text, out, 0);
  if (count >= 0) return count;
  count = 0;
  let index = 0;
  for (const ch of wrappedHyphenator(patterns)(text)) {
    if (ch === SOFT_HYPHEN) out[count++] = index;
    else index += ch.length;
  }
  return count;
}

export function createHyphenator(options: HyphenatorOptions): Hyphenator {
  const engines = new Map<string, LanguagePatterns | null>();
  const resolved = new Map<string, HyphenationLanguage>();
  // Break lists by word in `TextTable`s, not Maps: a Map would put every word into V8's string
  // table, which every major collection walks (text/text-table.ts).
  const caches = new Map<string, TextTable<readonly WordBreak[]>>();

  const engine = (id: string): LanguagePatterns | null => {
    const known = engines.get(id);
    if (known !== undefined) return known;
    let patterns: LanguagePatterns | null = null;
    const bytes = H.supportedLanguages.includes(id) ? options.loadPatterns(id) : undefined;
    if (bytes !== undefined) {
      patterns = loadedPatterns.get(id) ?? null;
      if (patterns === null) loadedPatterns.set(id, (patterns = { engine: createPatternEngine(bytes, PATTERN_LIMITS), bytes, id, wrapped: null }));
    }
    engines.set(id, patterns);
    return patterns;
  };
  for (const id of options.languages ?? []) engine(id);

  const resolve = (tag: string): HyphenationLanguage => {
    let r = resolved.get(tag);
    if (r) return r;
    r = resolveHyphenationLanguage(tag);
    if (r.patterns !== null && engine(r.patterns) === null) {
      r = r.patterns !== 'en-us' && engine('en-us') !== null ? { ...r, patterns: 'en-us', bundled: true, fallback: true } : { ...r, patterns: null };
    }
    resolved.set(tag, r);
    return r;
  };

  // Fast path: consecutive words nearly always share language and options.
  let lastTag = '';
  let lastFlags = -1;
  let lastCache: TextTable<readonly WordBreak[]> | null = null;

  const breakPoints = (word: string, tag: string, opts: WordBreakOptions = {}): readonly WordBreak[] => {
    const flags = optionFlags(opts);
    let cache: TextTable<readonly WordBreak[]> | undefined;
    const lang = resolve(tag);
    if (lastCache !== null && tag === lastTag && flags === lastFlags) cache = lastCache;
    else {
      const key = `${lang.patterns ?? ''}|${flags}`;
      cache = caches.get(key);
      if (!cache) caches.set(key, (cache = new TextTable()));
      lastTag = tag;
      lastFlags = flags;
      lastCache = cache;
    }
    const hit = cache.get(word);
    if (hit) return hit;
    const patterns = lang.patterns === null || opts.hyphenate === false ? null : engine(lang.patterns);
    // A word with punctuation before or after its letters (`harbour,` `harbour.` `(harbour`) breaks
    // where its letters do, moved by what precedes them: worked out once for the letters.
    const shift = leadingPunctuation(word);
    const coreEnd = URL_RE.test(word) ? -1 : affixedLettersEnd(word, shift);
    let result: readonly WordBreak[];
    if (coreEnd >= 0 && (shift > 0 || coreEnd < word.length)) {
      const core = word.slice(shift, coreEnd);
      let coreBreaks = cache.get(core);
      if (!coreBreaks) cache.set(core, (coreBreaks = wordBreaks(core, patterns, opts)));
      result = shift === 0 || coreBreaks.length === 0 ? coreBreaks : shifted(coreBreaks, shift);
    } else result = wordBreaks(word, patterns, opts);
    cache.set(word, result);
    return result;
  };

  // The list a word gets depends on the patterns the tag resolves to (fixed for this hyphenator once
  // resolved) and the option bits; the hyphenator's number keeps another one's lists apart.
  // One string object per key, so that comparing two keys compares references, not characters.
  const id = ++hyphenatorCount;
  const keys = new Map<string, string>();
  const breakKey = (tag: string, opts: WordBreakOptions = {}): string => {
    const key = `${id}|${resolve(tag).patterns ?? ''}|${optionFlags(opts)}`;
    let same = keys.get(key);
    if (same === undefined) keys.set(key, (same = key));
    return same;
  };
  return {
    breakPoints,
    hyphenate: (word, tag, opts) => breakPoints(word, tag, opts).map((b) => b.offset),
    resolve,
    breakKey,
  };
}

// Letters and digits by UTF-16 unit (these run once per character of every new word): ASCII ones by
// their code (nearly every character of Latin text), the others by their Unicode category, looked up
// once per unit and kept. (A one-unit string per character of a Cyrillic or Greek word, and an
// expression run on it, were nine tenths of what working out such a book's breaks allocated.)
const isAsciiLetter = (code: number): boolean => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
const CATEGORY_KNOWN = 1;
/** \p{L} or \p{M}. */
const CATEGORY_LETTER = 2;
/** \p{L}, \p{M} or \p{N}. */
const CATEGORY_LETTER_OR_DIGIT = 4;
/** \p{M}: a combining mark, counted with its base letter. */
const CATEGORY_MARK = 8;
const unitCategories = new Uint8Array(0x10000);
function categoryOf(code: number): number {
  let category = unitCategories[code]!;
  if (category === 0) {
    const unit = String.fromCharCode(code);
    category =
      CATEGORY_KNOWN |
      (/\p{L}|\p{M}/u.test(unit) ? CATEGORY_LETTER : 0) |
      (/[\p{L}\p{M}\p{N}]/u.test(unit) ? CATEGORY_LETTER_OR_DIGIT : 0) |
      (/\p{M}/u.test(unit) ? CATEGORY_MARK : 0);
    unitCategories[code] = category;
  }
  return category;
}
const isLetter = (code: number): boolean => (code < 0x80 ? isAsciiLetter(code) : (categoryOf(code) & CATEGORY_LETTER) !== 0);
/** Apostrophes and the Catalan middle dot. */
const isJoiner = (code: number) => code === 0x27 || code === 0x2019 || code === 0xb7;
const isLetterOrDigit = (code: number): boolean =>
  code < 0x80 ? isAsciiLetter(code) || (code >= 0x30 && code <= 0x39) : (categoryOf(code) & CATEGORY_LETTER_OR_DIGIT) !== 0;
/**
 * Whether `s` has neither a combining mark nor a surrogate: then each unit is one character for the
 * minimums. (Units below U+0300 are neither; Cyrillic, Greek and most scripts' letters are looked up.)
 */
const unitsAreCharacters = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code >= 0x300 && ((code >= 0xd800 && code <= 0xdfff) || (categoryOf(code) & CATEGORY_MARK) !== 0)) return false;
  }
  return true;
};
/** Whether every UTF-16 unit of `s` is below `limit` (0x80: ASCII). */
const unitsBelow = (s: string, limit: number): boolean => {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= limit) return false;
  return true;
};
/** Explicit hyphens: hyphen-minus, hyphen (U+2010), non-breaking hyphen is deliberately absent. */
const isHyphen = (code: number) => code === 0x2d || code === 0x2010;
/** En dash, em dash, horizontal bar. */
const isDash = (code: number) => code === 0x2013 || code === 0x2014 || code === 0x2015;
const SOFT_HYPHEN_CODE = 0xad;

/**
 * Letters with only punctuation before and after them (no hyphen, dash, digit, soft hyphen or
 * joiner): their one run of letters is hyphenated alone and bounded either side, so the word's
 * points are the letters' own, moved by the length of what comes before. Anything else is worked
 * out whole (wordBreaks). Found by scanning, not by a regular expression's match: a book's every
 * new token is tested, and a match allocates an array and a string per group.
 */
const TRAILING_PUNCTUATION = new Set([...'.,;:!?"\'()[]{}\u201c\u201d\u2018\u2019\u00ab\u00bb\u2026'].map((ch) => ch.charCodeAt(0)));
/** Opening punctuation may also be Spanish inverted marks. */
const LEADING_PUNCTUATION = new Set([...TRAILING_PUNCTUATION, 0xbf, 0xa1]);
/** One run of letters and marks from `lastIndex` (code points: a letter outside the BMP counts). */
const LETTER_RUN = /[\p{L}\p{M}]+/uy;

/** Length of the punctuation `word` opens with (UTF-16 units). */
function leadingPunctuation(word: string): number {
  let i = 0;
  while (i < word.length && LEADING_PUNCTUATION.has(word.charCodeAt(i))) i++;
  return i;
}

/** Where the run of letters starting at `start` ends, when only punctuation follows it; else -1. */
function affixedLettersEnd(word: string, start: number): number {
  LETTER_RUN.lastIndex = start;
  if (!LETTER_RUN.test(word)) return -1;
  const end = LETTER_RUN.lastIndex;
  for (let i = end; i < word.length; i++) if (!TRAILING_PUNCTUATION.has(word.charCodeAt(i))) return -1;
  return end;
}

/** URL or DOI: scheme, www., doi: or a bare DOI (10.xxxx/…). */
const URL_RE = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.|doi:|mailto:|10\.\d{4,9}\/)/i;

/**
 * A break is a value: one frozen object per kind and offset, shared by every list holding it (a
 * book's break lists stay in the hyphenator's cache for as long as the worker lives).
 */
const sharedBreaks: Record<WordBreakKind, WordBreak[]> = { pattern: [], soft: [], hyphen: [], dash: [], url: [] };

function breakAt(offset: number, kind: WordBreakKind): WordBreak {
  const row = sharedBreaks[kind];
  // Pattern points and soft hyphens draw a hyphen; a compound's own hyphen, a dash or a URL's punctuation does not.
  return (row[offset] ??= Object.freeze({ offset, kind, hyphen: kind === 'pattern' || kind === 'soft' }));
}

/**
 * The breaks of a word's letters moved by the punctuation before them. (A function of its own: a
 * closure over `shift` in `breakPoints` would give every call of it, cache hits too, a context to allocate.)
 */
function shifted(breaks: readonly WordBreak[], shift: number): readonly WordBreak[] {
  // At its length: the list stays in the cache (an array filled by push keeps room for 17).
  const moved = new Array<WordBreak>(breaks.length);
  for (let k = 0; k < breaks.length; k++) moved[k] = breakAt(breaks[k]!.offset + shift, breaks[k]!.kind);
  return Object.freeze(moved);
}

/** The list of a token with no break (most short words). */
const NO_BREAKS: readonly WordBreak[] = Object.freeze([]);

/**
 * The breaks of the token being worked out (one token at a time), `found[0, foundCount)`: its list
 * is copied out at its length. (Counted, not emptied by `length = 0`, which would let go of the
 * array's storage for every token to allocate again.)
 */
const found: WordBreak[] = [];
let foundCount = 0;

/** Break points of one token, a frozen list. `patterns`: the language's (null: no pattern hyphenation). */
function wordBreaks(word: string, patterns: LanguagePatterns | null, opts: WordBreakOptions): readonly WordBreak[] {
  if (URL_RE.test(word)) return Object.freeze(urlBreaks(word));
  foundCount = 0;
  const hasSoft = word.includes(SOFT_HYPHEN);
  // Explicit hyphens and dashes (spec §6.3): break after them with ≥ 2 letters on each side.
  let compound = false;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    const hyphen = isHyphen(code);
    if (!hyphen && !isDash(code)) continue;
    if (hyphen) compound = true;
    const allowed = hyphen ? opts.breakAfterHyphens !== false : opts.breakAfterDashes !== false;
    if (allowed && lettersBefore(word, i) >= MIN_LETTERS_AROUND_EXPLICIT && lettersAfter(word, i + 1) >= MIN_LETTERS_AROUND_EXPLICIT) {
      found[foundCount++] = breakAt(i + 1, hyphen ? 'hyphen' : 'dash');
    }
  }
  if (hasSoft) {
    // Soft hyphens present: they replace pattern hyphenation (the author chose the points).
    // Like TeX's `\-` they are honoured without the minimum lengths.
    for (let i = 0; i < word.length; i++) {
      if (word.charCodeAt(i) !== SOFT_HYPHEN_CODE) continue;
      if (lettersBefore(word, i, true) >= 1 && lettersAfter(word, i + 1, true) >= 1) found[foundCount++] = breakAt(i + 1, 'soft');
    }
  } else if (patterns !== null && !(compound && opts.compounds === false)) {
    // Pattern hyphenation of each run of letters bounded by non-alphanumerics (so `A4paper`,
    // `mp3player` are left alone); punctuation around the word is not counted.
    let i = 0;
    while (i < word.length) {
      if (!isLetter(word.charCodeAt(i))) {
        i++;
        continue;
      }
      let j = i;
      // A run goes on across an apostrophe or a Catalan middle dot (l·l) between letters.
      while (j < word.length && (isLetter(word.charCodeAt(j)) || (isJoiner(word.charCodeAt(j)) && j + 1 < word.length && isLetter(word.charCodeAt(j + 1))))) j++;
      const bounded = (i === 0 || !isLetterOrDigit(word.charCodeAt(i - 1))) && (j === word.length || !isLetterOrDigit(word.charCodeAt(j)));
      if (bounded) patternBreaks(word, i, j, patterns);
      i = j;
    }
  }
  if (foundCount === 0) return NO_BREAKS;
  const list = found.slice(0, foundCount);
  // In offset order, once each (a point may be both explicit and a pattern's). Points found in
  // order already are: one kind of break, or a compound whose pattern points all follow its hyphens.
  let ordered = true;
  for (let k = 1; k < list.length && ordered; k++) ordered = list[k - 1]!.offset < list[k]!.offset;
  if (ordered) return Object.freeze(list);
  list.sort((a, b) => a.offset - b.offset);
  return Object.freeze(list.filter((b, k) => k === 0 || list[k - 1]!.offset !== b.offset));
}

/** Characters of `s` for the minimums: code points that are not combining marks (NFD accents count with their base); `plain`: `s` has neither. */
function characters(s: string, plain: boolean): number {
  return plain ? s.length : s.replace(/\p{M}/gu, '').length;
}

/** The points of the run being hyphenated (one run at a time, so one array serves them all; counted, never emptied). */
const runPoints: number[] = [];

/** Pattern points inside word[start, end), with the spec's fixed minimums (in characters), added to `found`. */
function patternBreaks(word: string, start: number, end: number, patterns: LanguagePatterns): void {
  const run = word.slice(start, end);
  if (run.length > MAX_PATTERN_WORD) return;
  // A run with no mark and no surrogate has as many characters as units.
  const plain = unitsAreCharacters(run);
  if (!plain && /[\uD800-\uDFFF]/.test(run)) return;
  if (characters(run, plain) < MIN_WORD_LENGTH) return;
  // Patterns know the ASCII apostrophe only; the substitution keeps every offset.
  const ascii = run.includes('\u2019') ? run.replaceAll('\u2019', "'") : run;
  const points = runPoints;
  let count = patternPoints(patterns, ascii, points);
  if (count === 0 && !unitsBelow(ascii, 0x80)) {
    // Some pattern sets lack accented letters (hyphenopoly's Italian rejects `università`,
    // `perché`): retry with the base letters when that keeps the length (precomposed accents).
    // (ASCII text has nothing to decompose.)
    const bare = ascii.normalize('NFD').replace(/\p{M}/gu, '');
    if (bare !== ascii && bare.length === ascii.length) count = patternPoints(patterns, bare, points);
  }
  for (let k = 0; k < count; k++) {
    const index = points[k]!;
    if (plain ? index >= MIN_BEFORE && run.length - index >= MIN_AFTER : characters(run.slice(0, index), false) >= MIN_BEFORE && characters(run.slice(index), false) >= MIN_AFTER) {
      found[foundCount++] = breakAt(start + index, 'pattern');
    }
  }
}

function lettersBefore(word: string, end: number, skipSoft = false): number {
  let n = 0;
  for (let i = end - 1; i >= 0; i--) {
    const code = word.charCodeAt(i);
    if (skipSoft && code === SOFT_HYPHEN_CODE) continue;
    if (!isLetter(code)) break;
    n++;
  }
  return n;
}

function lettersAfter(word: string, start: number, skipSoft = false): number {
  let n = 0;
  for (let i = start; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (skipSoft && code === SOFT_HYPHEN_CODE) continue;
    if (!isLetter(code)) break;
    n++;
  }
  return n;
}

/**
 * URL/DOI breaks, no hyphen drawn (Chicago Manual of Style 14.18 habits): after `//` and a
 * scheme's `:`; before `/ . , - _ ~ ? # % @`; before or after `= &`. Never inside the scheme,
 * never leaving a piece of fewer than 2 characters.
 */
function urlBreaks(word: string): WordBreak[] {
  const out: WordBreak[] = [];
  const schemeEnd = /^[a-z][a-z0-9+.-]*:\/\//i.exec(word)?.[0].length ?? /^(?:doi|mailto):/i.exec(word)?.[0].length ?? 0;
  const add = (offset: number) => {
    if (offset >= Math.max(2, schemeEnd) && offset <= word.length - 2 && !out.some((b) => b.offset === offset)) {
      out.push(breakAt(offset, 'url'));
    }
  };
  if (schemeEnd > 0) add(schemeEnd);
  for (let i = schemeEnd; i < word.length; i++) {
    const ch = word[i]!;
    if ('/.,-_~?#%@'.includes(ch)) {
      // Before the character, but keep runs like `//` and `..` together.
      if (word[i - 1] !== ch) add(i);
    } else if (ch === '=' || ch === '&') {
      add(i);
      add(i + 1);
    }
  }
  out.sort((a, b) => a.offset - b.offset);
  // No piece shorter than 2 characters (`=|1|&` would strand single characters).
  const kept: WordBreak[] = [];
  for (const b of out) if (b.offset - (kept[kept.length - 1]?.offset ?? 0) >= 2) kept.push(b);
  return kept;
}

/** Penalties for word breaks (pt for widths; penalties on the 10000 scale). */
export interface WordPenaltyParams {
  /** Width of the hyphen glyph in the word's font and size, pt. */
  hyphenWidth: number;
  /** Pattern and soft hyphens (spec §6.3 "hyphen penalty": 50). */
  hyphenPenalty?: number;
  /** After an explicit hyphen (TeX `\exhyphenpenalty`: 50); flagged like a hyphen. */
  explicitHyphenPenalty?: number;
  /** After a dash (our choice: 50, not flagged: no hyphen ends the line). */
  dashPenalty?: number;
  /** Inside URLs (our choice: 50, not flagged). */
  urlPenalty?: number;
}

/** A piece of a word between breaks: word.slice(start, end), and its text without soft hyphens. */
export interface WordPiece {
  start: number;
  end: number;
  text: string;
}

/**
 * Splits a word at its break points into pieces and the penalty items to splice between them:
 * `pieces[i]`, `penalties[i]`, `pieces[i + 1]`, … Hyphen breaks are flagged penalties whose
 * width is the hyphen drawn at the line end; explicit hyphens stay in their piece (width 0).
 */
export function wordPenalties(word: string, breaks: readonly WordBreak[], params: WordPenaltyParams): { pieces: WordPiece[]; penalties: PenaltyItem<never>[] } {
  const pieces: WordPiece[] = [];
  const penalties: PenaltyItem<never>[] = [];
  let start = 0;
  for (const b of breaks) {
    if (b.offset <= start || b.offset >= word.length) continue;
    pieces.push(piece(word, start, b.offset));
    penalties.push(penaltyFor(b, params));
    start = b.offset;
  }
  pieces.push(piece(word, start, word.length));
  return { pieces, penalties };
}

function piece(word: string, start: number, end: number): WordPiece {
  return { start, end, text: word.slice(start, end).replaceAll(SOFT_HYPHEN, '') };
}

function penaltyFor(b: WordBreak, p: WordPenaltyParams): PenaltyItem<never> {
  switch (b.kind) {
    case 'pattern':
    case 'soft':
      return penaltyItem(p.hyphenWidth, p.hyphenPenalty ?? 50, true);
    case 'hyphen':
      return penaltyItem(0, p.explicitHyphenPenalty ?? 50, true);
    case 'dash':
      return penaltyItem(0, p.dashPenalty ?? 50, false);
    case 'url':
      return penaltyItem(0, p.urlPenalty ?? 50, false);
  }
}
