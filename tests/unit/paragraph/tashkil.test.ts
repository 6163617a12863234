import { describe, expect, it } from 'vitest';
import { isApplied, settingsNotApplied } from '../../../src/worker/config';
import { runOffsets } from '../../../src/worker/engine/paragraph/lines';
import { dropsMark, stripTashkil } from '../../../src/worker/engine/paragraph/tashkil';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { nodeFontRegistry } from '../../support/node-world';
import { set, textInline } from './helpers';

/** `bodyText.tashkil` (configuration.md §6.1, document-format §18.2): Arabic vowel marks at layout. */
const fonts = nodeFontRegistry(['Amiri']);

// An original line for these tests, fully vocalised: kasra, sukun, shadda, fatha, damma, tanwin,
// a superscript alef (هٰذا) and a hamza above written as a mark (ا + U+0654).
const VOCALISED = 'هٰذَا كِتَابٌ جَمِيلٌ، قَرَأْتُهُ مَرَّةً وَاحِدَةً فِي السَّفَرِ';
const FATHA = '\u064e';
const SHADDA = '\u0651';
const SUKUN = '\u0652';
const DAGGER_ALEF = '\u0670';
const TANWIN_DAMM = '\u064c';

/** The characters a paragraph set with `tashkil` shows, and each one's source offset, in logical order. */
function setWith(tashkil: string | undefined, text = VOCALISED, from = 50) {
  const config = { locale: 'ar', bodyText: { fontFamily: 'Amiri', ...(tashkil ? { tashkil } : {}) } };
  const settings = settingsFromConfig(config as never);
  const lines = set(fonts, [textInline(text, from)], { family: 'Amiri', measure: 1000, direction: 'rtl', language: 'ar', justify: false, settings: (s) => Object.assign(s, settings) });
  const shown: { char: string; offset: number }[] = [];
  for (const line of lines) for (const run of line.runs) runOffsets(run).forEach((offset, u) => shown.push({ char: run.text[u]!, offset }));
  return { lines, text: shown.map((s) => s.char).join(''), shown };
}

describe('bodyText.tashkil', () => {
  it("'keep' (the default) sets every mark", () => {
    const { text } = setWith(undefined);
    for (const mark of [FATHA, SHADDA, SUKUN, DAGGER_ALEF, TANWIN_DAMM]) expect(text).toContain(mark);
  });

  it("'strip' drops all vowel marks — short vowels, tanwin, shadda, sukun, superscript alef — and keeps letters", () => {
    const { text, lines } = setWith('strip');
    for (const mark of [FATHA, SHADDA, SUKUN, DAGGER_ALEF, TANWIN_DAMM, '\u064f', '\u0650']) expect(text).not.toContain(mark);
    expect(text.replace(/ /g, '')).toBe('هذا كتاب جميل، قرأته مرة واحدة في السفر'.replace(/ /g, ''));
    // The hamza written as a mark spells a letter: kept.
    expect(setWith('strip', 'سأل').text).toBe('سأل');
    expect(setWith('strip', 'سا\u0654ل').text).toBe('سا\u0654ل');
    expect(lines.length).toBe(1);
  });

  it("'strip-vowels' drops the short vowels and tanwin but keeps shadda, sukun and the superscript alef", () => {
    const { text } = setWith('strip-vowels');
    for (const mark of [FATHA, '\u064f', '\u0650', TANWIN_DAMM]) expect(text).not.toContain(mark);
    for (const mark of [SHADDA, SUKUN, DAGGER_ALEF]) expect(text).toContain(mark);
  });

  it('keeps each remaining character mapped to its own source offset (click-to-source, the lines’ ranges)', () => {
    const from = 50;
    const { shown, lines } = setWith('strip', VOCALISED, from);
    for (const { char, offset } of shown) {
      if (offset < 0 || char === ' ') continue;
      expect(VOCALISED[offset - from]).toBe(char);
    }
    // The line spans the source text from its first letter to its last letter (the final kasra, dropped, after it).
    expect(lines[0]!.srcFrom).toBe(from);
    expect(lines[0]!.srcTo).toBe(from + VOCALISED.length - 1);
    expect(VOCALISED.endsWith('ر\u0650')).toBe(true);
  });

  it('narrows the line: stripped marks take no room (no zero-width marks left to shape)', () => {
    expect(setWith('strip').lines[0]!.runs.reduce((n, r) => n + r.glyphs.length, 0)).toBeLessThan(setWith(undefined).lines[0]!.runs.reduce((n, r) => n + r.glyphs.length, 0));
  });

  it('leaves inline code and text without marks untouched', () => {
    expect(stripTashkil('plain text', (u) => u, 'strip')).toBeNull();
    expect(dropsMark('strip-vowels', SHADDA.charCodeAt(0))).toBe(false);
    expect(dropsMark('strip', SHADDA.charCodeAt(0))).toBe(true);
    // Tatweel (author-typed elongation) and Qurʾānic pause marks are never dropped.
    expect(dropsMark('strip', 0x0640)).toBe(false);
    expect(dropsMark('strip', 0x06d6)).toBe(false);
    const settings = settingsFromConfig({ locale: 'ar', bodyText: { tashkil: 'strip' } } as never);
    const code = set(fonts, [{ kind: 'text', text: 'كَتَبَ', marks: ['code'], range: { from: 0, to: 6, line: 1, column: 1 } } as never], { family: 'Amiri', measure: 500, direction: 'rtl', justify: false, settings: (s) => Object.assign(s, settings) });
    expect(code[0]!.runs.map((r) => r.text).join('')).toContain(FATHA);
  });

  it('is declared applied', () => {
    expect(isApplied('bodyText.tashkil')).toBe(true);
    expect(settingsNotApplied({ bodyText: { tashkil: 'strip' } } as never)).toEqual([]);
  });
});
