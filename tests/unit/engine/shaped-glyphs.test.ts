/**
 * A shaping result is five fields per glyph in a buffer (fonts/shaped-glyphs.ts) that a face's
 * results share (fonts/registry.ts), and the parts of a hyphenated word are views of its word's
 * glyphs: no array is made per word or part. These tests check the fields a view reads, that a
 * view and a copy never change the shaping cache's result, that words shaped one after another
 * share a buffer and keep their own fields, and that the items of a hyphenated word hold views of
 * the one shaped word.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ShapedGlyphs } from '../../../src/worker/engine/fonts/shaped-glyphs';
import { buildItems, type WordPayload } from '../../../src/worker/engine/paragraph/items';
import { styledText } from '../../../src/worker/engine/paragraph/styled-text';
import { defaultSettings } from '../../../src/worker/engine/settings';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import type { BoxItem } from '../../../src/worker/engine/text/items';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry();
const garamond = fonts.match('EB Garamond', 400, 'normal');

describe('a shaping result in one buffer', () => {
  it('reads each glyph\'s five fields; the width is the sum of the advances', () => {
    const shaped = garamond.shape('Typography');
    expect(shaped.data.length).toBeGreaterThanOrEqual((shaped.start + shaped.length) * ShapedGlyphs.FIELDS);
    expect(shaped.length).toBe(10);
    let sum = 0;
    for (let g = 0; g < shaped.length; g++) {
      expect(shaped.glyph(g)).toBe(garamond.shape('Typography'[g]!).glyph(0));
      expect(shaped.cluster(g)).toBe(g);
      sum += shaped.advance(g);
    }
    expect(shaped.width).toBe(sum);
  });

  it('a view shares the buffer, counts its clusters from its own start and sums its own width', () => {
    const word = garamond.shape('extraordinary');
    const tail = word.view(5, 13, 5); // "ordinary"
    expect(tail.data).toBe(word.data);
    expect(tail.length).toBe(8);
    expect(tail.clusterList()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(tail.glyphList()).toEqual(word.glyphList().slice(5));
    expect(tail.width).toBe(word.advanceList().slice(5).reduce((a, b) => a + b, 0));
    // A view of a view: clusters from the inner view's start.
    const inner = tail.view(2, 4, 2); // "di"
    expect(inner.clusterList()).toEqual([0, 1]);
    expect(inner.glyphList()).toEqual(word.glyphList().slice(7, 9));
  });

  it('a copy is changed alone: the cached result keeps its fields', () => {
    const cached = garamond.shape('sample');
    const before = { advances: cached.advanceList(), offsets: cached.xOffsetList(), width: cached.width };
    const own = cached.view(1, 6, 1).copy();
    own.setAdvance(0, own.advance(0) + 100);
    own.setXOffset(1, 37);
    expect(own.clusterList()).toEqual([0, 1, 2, 3, 4]);
    expect(own.width).toBe(cached.width - cached.advance(0) + 100);
    expect(own.xOffset(1)).toBe(37);
    const again = garamond.shape('sample');
    expect(again).toBe(cached);
    expect({ advances: again.advanceList(), offsets: again.xOffsetList(), width: again.width }).toEqual(before);
  });
});

describe('the shaping results of a face', () => {
  it('share a buffer, many words to one, each keeping its own fields', () => {
    const face = nodeFontRegistry().match('EB Garamond', 400, 'normal');
    // 300 words of 3 to 9 letters and a number (~2,600 glyphs, ~52 KB of fields), none shaped before in this registry.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const words = Array.from({ length: 300 }, (_, w) => Array.from({ length: 3 + (w % 7) }, (_, l) => letters[(w * 7 + l * 11) % 26]).join('') + String(w));
    const shaped = words.map((word) => face.shape(word));
    // Before: a buffer per word (300). The first buffer is 4 KB, each next twice the last: four hold these.
    expect(new Set(shaped.map((s) => s.data)).size).toBeLessThanOrEqual(4);
    // Every word reads, after the others were written, the fields another registry gives it shaped in the reverse order (next to other words).
    const other = nodeFontRegistry().match('EB Garamond', 400, 'normal');
    const reversed = [...words].reverse().map((word) => other.shape(word)).reverse();
    for (const w of words.keys()) {
      const alone = reversed[w]!;
      expect(shaped[w]!.glyphList()).toEqual(alone.glyphList());
      expect(shaped[w]!.clusterList()).toEqual(alone.clusterList());
      expect(shaped[w]!.advanceList()).toEqual(alone.advanceList());
      expect(shaped[w]!.width).toBe(alone.width);
    }
  });
});

describe('a hyphenated word\'s parts', () => {
  it('are views of the shaped word: one buffer for all of them, no glyph copied', () => {
    const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
    const style = defaultSettings().body.style;
    const options = { indent: 0, justify: true, maxWordSpacing: 1.5, minWordSpacing: 0.8, breakPoints: (word: string) => hyphenator.breakPoints(word, 'en-us') };
    const items = buildItems([styledText('incomprehensibilities', style, 0, { from: 0 })], fonts, options);
    const boxes = items.filter((i): i is BoxItem<WordPayload> => i.type === 'box' && (i.payload?.pieces.length ?? 0) > 0);
    expect(boxes.length).toBeGreaterThan(2);
    // The whole word's buffer: the parts view its glyphs one after another.
    const data = boxes[0]!.payload!.pieces[0]!.shaped.data;
    let text = '';
    let glyph = boxes[0]!.payload!.pieces[0]!.shaped.start;
    for (const box of boxes) {
      const piece = box.payload!.pieces[0]!;
      expect(piece.shaped.data).toBe(data);
      // Each part views the word's next glyphs, in order.
      expect(piece.shaped.start).toBe(glyph);
      glyph += piece.shaped.length;
      expect(piece.shaped.clusterList()[0]).toBe(0);
      text += piece.text;
    }
    expect(text).toBe('incomprehensibilities');
    // Each of its 21 letters a glyph in EB Garamond (no ligature in it).
    expect(glyph - boxes[0]!.payload!.pieces[0]!.shaped.start).toBe(21);
  });
});
