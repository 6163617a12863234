/**
 * engine/fonts/shaper.ts calls HarfBuzz through the raw exports of its own instance; harfbuzzjs's
 * Buffer (what FontFace.shape used before) is the oracle: same text, face, direction, script,
 * language and features → the same glyph ids, clusters, advances and offsets.
 */
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import type { FontFace } from '../../../src/worker/engine/fonts/registry';
import { nodeFontRegistry, nodeShaper } from '../../support/node-world';

/** The glyphs as harfbuzzjs's Buffer gives them, five fields per glyph as in ShapedGlyphs. */
function oracle(face: FontFace, text: string, direction: 'ltr' | 'rtl', features: string, script: string, language: string): number[] {
  const font = new hb.Font(new hb.Face(new hb.Blob(face.bytes), 0));
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  buffer.setDirection(direction === 'rtl' ? hb.Direction.RTL : hb.Direction.LTR);
  if (script) buffer.setScript(script);
  if (language) buffer.setLanguage(language);
  const list = features ? features.split(',').map((f) => new hb.Feature(f.replace(/^-/, ''), f.startsWith('-') ? 0 : 1)) : [];
  hb.shape(font, buffer, list);
  const positions = buffer.getGlyphPositions();
  return buffer.getGlyphInfos().flatMap((info, i) => [info.codepoint, info.cluster, positions[i]!.xAdvance, positions[i]!.xOffset, positions[i]!.yOffset]);
}

function ours(face: FontFace, text: string, direction: 'ltr' | 'rtl', features: string, script: string, language: string): number[] {
  const shaped = face.shape(text, direction, features, script, language);
  return Array.from(shaped.data.subarray(shaped.start * 5, (shaped.start + shaped.length) * 5));
}

const fonts = nodeFontRegistry(['Amiri', 'Noto Sans Hebrew', 'Noto Serif SC']);
const garamond = fonts.match('EB Garamond', 400, 'normal');
const italic = fonts.match('EB Garamond', 400, 'italic');
const amiri = fonts.match('Amiri', 400, 'normal');
const hebrew = fonts.match('Noto Sans Hebrew', 400, 'normal');
const song = fonts.match('Noto Serif SC', 400, 'normal');

describe('the shaper over raw HarfBuzz exports', () => {
  const cases: [string, FontFace, string, 'ltr' | 'rtl', string, string, string][] = [
    ['kerning and ligatures', garamond, 'Office affairs: AVATAR, Wolf & “quotes” — 1234', 'ltr', '', 'Latn', 'en'],
    ['small capitals and old-style figures', garamond, 'Chapter 1984 of the Fifth Book', 'ltr', 'smcp,onum', 'Latn', 'en'],
    ['a ligature turned off', italic, 'affine office fluffy', 'ltr', '-liga', 'Latn', 'en'],
    ['guessed script and language', garamond, 'naïve café', 'ltr', '', '', ''],
    ['Turkish dotted i (language-specific forms)', garamond, 'fi İstanbul', 'ltr', '', 'Latn', 'tr'],
    ['vowelled Arabic, right to left', amiri, 'بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ', 'rtl', '', 'Arab', 'ar'],
    ['Hebrew with points', hebrew, 'שָׁלוֹם עֲלֵיכֶם', 'rtl', '', 'Hebr', 'he'],
    ['Chinese', song, '排版是一门手艺，也是一门学问。', 'ltr', '', 'Hani', 'zh'],
  ];
  for (const [name, face, text, direction, features, script, language] of cases) {
    it(`gives harfbuzzjs's glyphs: ${name}`, () => {
      const expected = oracle(face, text, direction, features, script, language);
      expect(expected.length).toBeGreaterThan(0);
      expect(ours(face, text, direction, features, script, language)).toEqual(expected);
    });
  }

  it('features change the glyphs (the list reaches HarfBuzz)', () => {
    expect(ours(garamond, 'office', 'ltr', '-liga', 'Latn', 'en')).not.toEqual(ours(garamond, 'office', 'ltr', '', 'Latn', 'en'));
  });

  it('reads the glyphs right after the wasm memory has grown', () => {
    // Long enough that the buffer's arrays outgrow the instance's memory: the records' view must be the new one.
    const before = nodeShaper().memoryBytes;
    const words = Array.from({ length: 40_000 }, (_, i) => `word${i % 977}`).join(' ');
    const expected = oracle(garamond, words, 'ltr', '', 'Latn', 'en');
    const got = ours(garamond, words, 'ltr', '', 'Latn', 'en');
    // The first field that differs (−1: none), not a diff of a million numbers.
    expect(got.length).toBe(expected.length);
    expect(got.findIndex((value, i) => value !== expected[i])).toBe(-1);
    expect(nodeShaper().memoryBytes).toBeGreaterThan(before);
    // And a short text after it, through the same (grown) memory.
    expect(ours(garamond, 'After', 'ltr', '', 'Latn', 'en')).toEqual(oracle(garamond, 'After', 'ltr', '', 'Latn', 'en'));
  });
});
