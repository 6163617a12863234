/**
 * A new type size (a global design change: the body size) sets every word again in a new style,
 * but a word's shaping (font units), its break list and where it splits do not depend on the size:
 * paragraph/items.ts keeps them per face, level, script and language (`WordCore`), and a word met
 * before at another size is built from them, neither shaped nor asked for its break list again. These
 * tests count those calls and check the items are the ones a first setting at that size builds.
 */
import { describe, expect, it, vi } from 'vitest';
import { FontFace } from '../../../src/worker/engine/fonts/registry';
import { buildItems, type ItemOptions, type WordPayload } from '../../../src/worker/engine/paragraph/items';
import { styledText, uniformStyle } from '../../../src/worker/engine/paragraph/styled-text';
import type { Item } from '../../../src/worker/engine/text/items';
import { defaultSettings, type TextStyle } from '../../../src/worker/engine/settings';
import { nodeFontRegistry } from '../../support/node-world';
import { describedItems as described, justifiedEnglishOptions } from './helpers';

const TEXT = 'Extraordinary typographers considered the incomprehensible characteristics of institutionalised hyphenation, and the typographers agreed.';
describe('a new type size', () => {
  it('sets words met at another size without shaping them or asking for their break lists, as a first setting at that size does', () => {
    const fonts = nodeFontRegistry();
    const base = justifiedEnglishOptions();
    let asked = 0;
    const options: ItemOptions = { ...base, breakPoints: (word) => (asked++, base.breakPoints!(word)) };
    const style: TextStyle = { ...defaultSettings().body.style };
    const bigger: TextStyle = { ...style, size: style.size * 1.02 };
    const first = buildItems([styledText(TEXT, style, 0, { from: 0 })], fonts, options);
    expect(asked).toBeGreaterThan(10);
    // Some words are split at hyphenation points, so their parts (and the hyphen's penalty) are made again at the new size.
    expect(first.some((i) => i.type === 'penalty' && i.flagged && i.payload !== undefined)).toBe(true);

    const shape = vi.spyOn(FontFace.prototype, 'shape');
    asked = 0;
    let resized: Item<WordPayload>[];
    try {
      resized = buildItems([styledText(TEXT, bigger, 0, { from: 0 })], fonts, options);
      // Before: every word shaped (a shape-cache hit) and its list asked for again. Now only the
      // hyphen a hyphenation point adds, once for the new size's table.
      expect(shape.mock.calls.map(([text]) => text)).toEqual(['-']);
      expect(asked).toBe(0);
    } finally {
      shape.mockRestore();
    }
    // The same items as on faces that never met the words (fresh shaping, lists, parts).
    const fresh = buildItems([styledText(TEXT, { ...bigger }, 0, { from: 0 })], nodeFontRegistry(), justifiedEnglishOptions());
    expect(described(resized)).toBe(described(fresh));
    // Sized anew: no piece of the first size is reused.
    const pieces = (items: readonly Item<WordPayload>[]) => items.flatMap((i) => i.payload?.pieces ?? []);
    expect(pieces(resized).every((p) => p.style === uniformStyle(bigger))).toBe(true);
    expect(pieces(resized).some((p) => pieces(first).includes(p))).toBe(false);
    // A word's core is per break list: met with hyphenation off, then on, at other sizes, it is
    // split at the list it is set with.
    const whole: ItemOptions = { ...base, breakPoints: undefined, breakKey: undefined };
    const partsOf = (options: ItemOptions, s: TextStyle): string[] =>
      buildItems([styledText('extraordinary', s, 0, { from: 5 })], fonts, options)
        .filter((i) => i.type === 'box' && (i.payload?.pieces.length ?? 0) > 0)
        .map((i) => i.payload!.pieces[0]!.text);
    expect(partsOf(whole, style)).toEqual(['extraordinary']);
    const split = partsOf(base, { ...style, size: 11 });
    expect(split.length).toBeGreaterThan(1);
    expect(split.join('')).toBe('extraordinary');
    expect(partsOf(whole, { ...style, size: 12 })).toEqual(['extraordinary']);
    expect(partsOf(base, { ...style, size: 13 })).toEqual(split);
  });
});
