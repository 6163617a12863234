/**
 * The hyphen a hyphenation point adds is one per shared-word table (paragraph/items.ts
 * `SharedWords.hyphen`): every plain word of a style, face, rise and level offers the same penalty
 * item, holding the same hyphen, instead of a hyphen piece, payload and penalty per word. These tests
 * check that the words share it, that it is the hyphen of their type, and that another size has its own.
 */
import { describe, expect, it, vi } from 'vitest';
import { buildItems, type WordPayload } from '../../../src/worker/engine/paragraph/items';
import { styledText, uniformStyle } from '../../../src/worker/engine/paragraph/styled-text';
import type { BoxItem, Item, PenaltyItem } from '../../../src/worker/engine/text/items';
import { defaultSettings, type TextStyle } from '../../../src/worker/engine/settings';
import { nodeFontRegistry } from '../../support/node-world';
import { justifiedEnglishOptions } from './helpers';

const text = 'Incomprehensible characteristics of extraordinary typographers, notwithstanding their considerable responsibilities.';
const options = justifiedEnglishOptions();

function items(style: TextStyle): Item<WordPayload>[] {
  return buildItems([styledText(text, style, 0, { from: 0 })], fonts, options);
}

/** The penalties of hyphenation points: flagged, adding a hyphen. */
function hyphenPoints(list: readonly Item<WordPayload>[]): PenaltyItem<WordPayload>[] {
  return list.filter((item): item is PenaltyItem<WordPayload> => item.type === 'penalty' && item.flagged && item.payload !== undefined);
}

const fonts = nodeFontRegistry();

describe('shared hyphen', () => {
  it('the hyphenation points of every word of a style are one penalty, its hyphen shaped once', () => {
    const style = { ...defaultSettings().body.style };
    const face = fonts.match(style.family, style.weight, 'normal');
    const shape = vi.spyOn(face, 'shape');
    let list: Item<WordPayload>[];
    try {
      list = items(style);
      // One hyphen for the table, not one per word.
      expect(shape.mock.calls.filter(([chars]) => chars === '-').length).toBe(1);
    } finally {
      shape.mockRestore();
    }
    // Points in at least four different words (each word's boxes carry its first source offset), all the same item.
    const points = hyphenPoints(list);
    const words = new Set(list.flatMap((item, k) => (points.includes(item as PenaltyItem<WordPayload>) ? [(list[k - 1] as BoxItem<WordPayload>).from] : [])));
    expect(points.length).toBeGreaterThan(6);
    expect(words.size).toBeGreaterThanOrEqual(4);
    for (const point of points) expect(point).toBe(points[0]);
    // The hyphen of the words' type, at their size.
    const hyphen = points[0]!.payload!.pieces[0]!;
    expect(hyphen.text).toBe('-');
    expect(hyphen.style).toBe(uniformStyle(style));
    expect(hyphen.face).toBe(face);
    expect(points[0]!.width).toBe((face.shape('-').width * style.size) / face.upem);
    expect(hyphen.width).toBe(points[0]!.width);
  });

  it('another size has a hyphen of its own', () => {
    const style = { ...defaultSettings().body.style };
    const bigger = { ...style, size: style.size * 1.04 };
    const small = hyphenPoints(items(style))[0]!;
    const large = hyphenPoints(items(bigger))[0]!;
    expect(large).not.toBe(small);
    expect(large.width).toBeGreaterThan(small.width);
    expect(large.payload!.pieces[0]!.style).toBe(uniformStyle(bigger));
  });
});
