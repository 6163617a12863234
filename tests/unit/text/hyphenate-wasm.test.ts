import { readFileSync } from 'node:fs';
import H from 'hyphenopoly';
import { describe, expect, it } from 'vitest';
import { MIN_AFTER, MIN_BEFORE, MIN_WORD_LENGTH } from '../../../src/worker/engine/text/hyphenate';
import { createPatternEngine, MAX_PATTERN_WORD } from '../../../src/worker/engine/text/hyphenate-wasm';

// The pattern engine called directly (hyphenate-wasm.ts) against hyphenopoly's own text hyphenator on
// the same patterns, configured as hyphenate.ts configures it: the same points for every text the
// direct call answers, and no answer for a text holding a letter only the wrapper knows how to treat.

const bytes = (id: string) => readFileSync(new URL(`../../../node_modules/hyphenopoly/patterns/${id}.wasm`, import.meta.url));
const limits = { minWordLength: MIN_WORD_LENGTH, leftMin: MIN_BEFORE, rightMin: MIN_AFTER };

/** hyphenopoly's text hyphenator's points in `text` (offsets before each soft hyphen it inserts). */
function wrapperPoints(id: string, text: string): number[] {
  const hyphenate = H.config({
    require: [id],
    hyphen: '\u00AD',
    sync: true,
    loaderSync: () => bytes(id),
    minWordLength: MIN_WORD_LENGTH,
    leftmin: MIN_BEFORE,
    rightmin: MIN_AFTER,
    compound: 'hyphen',
    orphanControl: 1,
    normalize: false,
  }).get(id)!;
  const points: number[] = [];
  let index = 0;
  for (const ch of hyphenate(text)) {
    if (ch === '\u00AD') points.push(index);
    else index += ch.length;
  }
  return points;
}

function directPoints(id: string, text: string): number[] | null {
  // Written after what `out` holds: the first two entries stay.
  const out = [-2, -1];
  const count = createPatternEngine(bytes(id), limits).points(text, out, 2);
  if (count < 0) return null;
  expect(out.slice(0, 2)).toEqual([-2, -1]);
  return out.slice(2, count);
}

/** Texts of the language's letters (hyphenate.ts passes letters, apostrophes and middle dots). */
const ANSWERED: Record<string, string[]> = {
  'en-us': [
    'hyphenation',
    'HYPHENATION',
    'McDonaldization',
    // The apostrophe is not an English letter: the wrapper hyphenates the runs either side of it on their own.
    "children's",
    "o'clockwork",
    "hyph'enation",
    "abcd'hyphenation'typesetting",
    // Written back with its points, this word is longer than the engine's 64-unit word buffer.
    'antidisestablishmentarianismantidisestablishmentarianism',
    'a'.repeat(MAX_PATTERN_WORD),
    `hyphenation'${'typesetting'.repeat(6)}`,
    // Under five letters: never hyphenated.
    'into',
    "in'to",
  ],
  // French patterns know the apostrophe: aujourd'hui is one run.
  fr: ["aujourd'hui", "l'ordinateur", 'développement', 'HYPHÉNATION'],
  // The Catalan middle dot is not a letter of the patterns: it ends a run.
  ca: ['col·lecció', 'intel·ligència', 'paral·lelisme'],
  de: ['Donaudampfschiffahrt', 'Straße', 'STRAẞE'.toLowerCase(), 'Schiffahrtsgeſellſchaft'],
  'el-monoton': ['υπολογιστής', 'ΥΠΟΛΟΓΙΣΤΗΣ'],
  ru: ['программирование', 'Достоевский'],
  hi: ['विश्वविद्यालय', 'प्रधानमंत्री'],
};

/** Texts with a character outside the alphabet other than the apostrophe and middle dot. */
const REFUSED: Record<string, string[]> = {
  'en-us': ['café', 'naïve', 'cafe\u0301', 'hyph-enation', 'Straße'],
  it: ['università', 'perché'],
  // The hyphen is in the Portuguese alphabet, but the wrapper treats it as a compound's joint.
  pt: ['guarda-chuva'],
  ca: ['col·lecció-x'],
};

describe('the pattern engine called directly', () => {
  for (const [id, texts] of Object.entries(ANSWERED)) {
    it(`${id}: the wrapper's points for texts of the language's letters`, () => {
      for (const text of texts) expect({ text, points: directPoints(id, text) }).toEqual({ text, points: wrapperPoints(id, text) });
    });
  }

  it('finds points in the words above (the comparison is not between two empty lists)', () => {
    expect(directPoints('en-us', 'hyphenation')).toEqual([2, 6]);
    expect(directPoints('en-us', "children's")).toEqual([4]);
    expect(directPoints('ca', 'col·lecció')!.length).toBeGreaterThan(0);
    expect(directPoints('fr', "aujourd'hui")).toEqual([2, 6]); // au|jour|d'hui
    // 56 letters written back with 19 points: 75 units, past the engine's 64-unit word buffer (the
    // last points are found only when all 75 are read).
    expect(directPoints('en-us', 'antidisestablishmentarianismantidisestablishmentarianism')).toEqual([2, 7, 9, 12, 16, 19, 22, 23, 25, 27, 30, 35, 37, 40, 44, 47, 50, 51, 53]);
  });

  for (const [id, texts] of Object.entries(REFUSED)) {
    it(`${id}: no answer for a letter outside the alphabet`, () => {
      for (const text of texts) expect({ text, points: directPoints(id, text) }).toEqual({ text, points: null });
    });
  }

  it('reads the alphabet and the minimums from the patterns file', () => {
    const english = createPatternEngine(bytes('en-us'), limits);
    expect(english.alphabet).toBe('abcdefghijklmnopqrstuvwxyz');
    // Afrikaans patterns allow one letter before a point; ours need two, and three after.
    const afrikaans = createPatternEngine(bytes('af'), { minWordLength: 5, leftMin: 1, rightMin: 1 });
    const ours = createPatternEngine(bytes('af'), limits);
    const text = 'onafhanklikheidsverklaring';
    const loose: number[] = [];
    const strict: number[] = [];
    loose.length = afrikaans.points(text, loose, 0);
    strict.length = ours.points(text, strict, 0);
    expect(strict.every((p) => p >= MIN_BEFORE && text.length - p >= MIN_AFTER)).toBe(true);
    expect(loose.length).toBeGreaterThanOrEqual(strict.length);
  });
});
