/**
 * The benchmark's vocabulary. A book's cost depends on how many different words it holds: each
 * word met for the first time is shaped and hyphenated, later ones are read from the engine's word
 * tables (paragraph/items.ts `sharedWord`, the hyphenator's cache). A trade book of ~300 pages has
 * some ten thousand different words, its most frequent hundred making about half of its running
 * text (Zipf's law). The bench's prose once came from tests/support/prose.ts, 150 words in all, so
 * after a few paragraphs no word was new and every figure leaned on warm word tables.
 *
 * Here the words are ranked and drawn with Zipf's distribution (probability ∝ 1 / rank) from a
 * fixed lexicon: a hand-written list of frequent English words, then invented words built from
 * syllables (shorter ones ranked first, as frequent words are short), all original. Every book
 * draws from the same lexicon, so two books share their common words and differ in their rare
 * ones, as two books in one language do.
 */
import { mulberry32 } from '../tests/support/prose';

/** The most frequent ranks: words every English book uses, roughly in order of frequency. */
const FREQUENT = (
  'the of and to a in that it is was he for as with his on be at by had not are but from or have ' +
  'an they which one you were her all she there would their we him been has when who will more no ' +
  'if out so said what up its about into than them can only other new some could time these two may ' +
  'then do first any my now such like our over man me even most made after also did many before must ' +
  'through back years where much your way well down should because each just those people how too ' +
  'little state good very make world still own see men work long get here between both life being ' +
  'under never day same another know while last might us great old year off come since against go ' +
  'came right used take three page line type letter word printer margin column measure paper ink'
).split(' ');

const ONSETS = ['', '', 'b', 'c', 'd', 'f', 'g', 'h', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'br', 'cl', 'cr', 'dr', 'fl', 'gr', 'pl', 'pr', 'sh', 'st', 'str', 'th', 'tr', 'ch', 'sp', 'sc', 'qu', 'wh', 'gl'];
const NUCLEI = ['a', 'e', 'i', 'o', 'u', 'a', 'e', 'i', 'o', 'ea', 'ai', 'ou', 'io', 'ee', 'oa', 'y'];
const CODAS = ['', '', '', 'n', 'r', 'l', 's', 't', 'm', 'nd', 'nt', 'st', 'ck', 'ng', 'rd', 'rt', 'll', 'ss', 'ce', 'de', 'ne', 'se', 'te', 've', 'x'];
const SUFFIXES = ['', '', '', '', 's', 's', 'ed', 'ing', 'ly', 'er', 'ness', 'tion', 'ment', 'able', 'ous', 'ity', 'ful', 'less', 'ive', 'al'];

/** Different words in the lexicon: a ~300-page book uses some 16,000 of them, a 1,000-page book nearly all. */
const LEXICON_SIZE = 20_000;
/** The lexicon's own seed: fixed, so every book and every run shares it. */
const LEXICON_SEED = 0x1e8c0;

function inventedWord(random: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // 1–4 syllables, two most often.
  const r = random();
  const syllables = r < 0.2 ? 1 : r < 0.65 ? 2 : r < 0.9 ? 3 : 4;
  let word = '';
  for (let s = 0; s < syllables; s++) word += pick(ONSETS) + pick(NUCLEI) + (s === syllables - 1 || random() < 0.3 ? pick(CODAS) : '');
  return word + pick(SUFFIXES);
}

let lexicon: readonly string[] | null = null;

/** The ranked lexicon (rank 0 the most frequent), built once. */
export function benchLexicon(): readonly string[] {
  if (lexicon) return lexicon;
  const random = mulberry32(LEXICON_SEED);
  const seen = new Set<string>(FREQUENT);
  const invented: { word: string; key: number }[] = [];
  while (seen.size < LEXICON_SIZE) {
    const word = inventedWord(random);
    if (word.length < 2 || seen.has(word)) continue;
    seen.add(word);
    // Shorter words ranked first, with some overlap between lengths (Zipf's law of abbreviation).
    invented.push({ word, key: word.length + random() * 4 });
  }
  invented.sort((a, b) => a.key - b.key);
  lexicon = [...FREQUENT, ...invented.map((w) => w.word)];
  return lexicon;
}

let cumulative: Float64Array | null = null;

/** Draws a word by Zipf's law (probability ∝ 1 / (rank + 1)). */
export function drawWord(random: () => number): string {
  const words = benchLexicon();
  if (!cumulative) {
    cumulative = new Float64Array(words.length);
    let sum = 0;
    for (let r = 0; r < words.length; r++) cumulative[r] = sum += 1 / (r + 1);
    for (let r = 0; r < words.length; r++) cumulative[r] = cumulative[r]! / sum;
  }
  const u = random();
  let lo = 0;
  let hi = words.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return words[lo]!;
}

/** A sentence of 6–19 words, capitalised, a comma now and then, ending in a full stop or a semicolon. */
export function benchSentence(random: () => number): string {
  const length = 6 + Math.floor(random() * 14);
  const words: string[] = [];
  for (let i = 0; i < length; i++) words.push(drawWord(random) + (i < length - 1 && random() < 0.07 ? ',' : ''));
  const text = words.join(' ');
  return text[0]!.toUpperCase() + text.slice(1) + (random() < 0.15 ? ';' : '.');
}

/** A paragraph of 3–7 sentences. */
export function benchParagraph(random: () => number): string {
  const sentences = 3 + Math.floor(random() * 5);
  return Array.from({ length: sentences }, () => benchSentence(random)).join(' ');
}
