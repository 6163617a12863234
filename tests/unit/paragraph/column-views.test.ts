/**
 * A kept paragraph's columns (paragraph/columns.ts) are few typed arrays: every typed array is
 * an object on the heap (~90 bytes in Node), and a book keeps one set of columns per paragraph.
 * The per-piece and per-item columns sit side by side in rows of one array each; these tests
 * check their count and that each row reads what the piece it was made from holds.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ITEM_BYTES, ITEM_LEVEL, ITEM_SPACE, NO_LEVEL, offsetOf, openColumns, packColumns, paragraphColumns, PIECE_DOUBLES, PIECE_INTS, PIECE_LEVEL, PIECE_OFFSET_COUNT, PIECE_RISE, PIECE_SCALE, PIECE_STYLE, PIECE_TEXT_AT, PIECE_WIDTH } from '../../../src/worker/engine/paragraph/columns';
import { buildItems, pieceOffset, pieceOffsetCount } from '../../../src/worker/engine/paragraph/items';
import { styledText } from '../../../src/worker/engine/paragraph/styled-text';
import { defaultSettings } from '../../../src/worker/engine/settings';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { nodeFontRegistry } from '../../support/node-world';
import { mulberry32, paragraph } from '../../support/prose';

const fonts = nodeFontRegistry();
const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });

describe('a kept paragraph\'s columns', () => {
  it('are at most ten typed arrays, each row reading its piece\'s and item\'s fields', () => {
    const style = defaultSettings().body.style;
    const text = paragraph(mulberry32(11), 6);
    // Two styled texts, the second with a gap in its source offsets' start, so pieces have two styles.
    const texts = [styledText(text, style, 0, { from: 0 }), styledText(' and the rest.', { ...style, italic: true }, 0, { from: text.length + 5 })];
    const options = { indent: 12, justify: true, maxWordSpacing: 1.5, minWordSpacing: 0.8, breakPoints: (word: string) => hyphenator.breakPoints(word, 'en-us') };
    const items = buildItems(texts, fonts, options);
    const columns = paragraphColumns(items)!;
    expect(columns).not.toBeNull();
    // Before: 18 (a typed array per column: six to break with, twelve to set lines with, a thirteenth when offsets are listed).
    const views = Object.values(columns).filter((value) => ArrayBuffer.isView(value) && value.byteLength > 0);
    expect(views.length).toBeLessThanOrEqual(10);
    let k = 0;
    for (const [i, item] of items.entries()) {
      expect(columns.itemPiece[i]).toBe(k);
      const level = columns.itemBytes[i * ITEM_BYTES + ITEM_LEVEL];
      expect(level).toBe(item.payload?.level ?? NO_LEVEL);
      expect(columns.itemBytes[i * ITEM_BYTES + ITEM_SPACE]).toBe(item.payload?.space ? 1 : 0);
      const base = item.type === 'box' ? (item.from ?? 0) : 0;
      for (const piece of item.payload?.pieces ?? []) {
        const row = k * PIECE_INTS;
        const doubles = k * PIECE_DOUBLES;
        expect(columns.pieceDoubles[doubles + PIECE_WIDTH]).toBe(piece.width);
        expect(columns.pieceDoubles[doubles + PIECE_SCALE]).toBe(piece.style.size / piece.face.upem);
        expect(columns.pieceDoubles[doubles + PIECE_RISE]).toBe(piece.rise ?? 0);
        expect(columns.pieceInts[row + PIECE_LEVEL]).toBe(piece.level);
        expect(columns.runStyles[columns.pieceInts[row + PIECE_STYLE]!]).toEqual({ face: piece.face, style: piece.style });
        expect(columns.text.slice(columns.pieceInts[row + PIECE_TEXT_AT], columns.pieceInts[row + PIECE_INTS + PIECE_TEXT_AT])).toBe(piece.text);
        expect(columns.pieceInts[row + PIECE_OFFSET_COUNT]).toBe(pieceOffsetCount(piece));
        for (let u = 0; u < pieceOffsetCount(piece); u++) expect(offsetOf(columns, k, u)).toBe(pieceOffset(piece, u, base));
        expect(columns.pieceShaped[k]).toBe(piece.shaped);
        k++;
      }
    }
    expect(columns.itemPiece[items.length]).toBe(k);
    expect(columns.runStyles.length).toBe(2);
  });

  it('are kept without their views and opened again on the very bytes they were built in', () => {
    const style = defaultSettings().body.style;
    const text = paragraph(mulberry32(5), 4);
    // The second text's offsets have gaps (listed in `offsets`), so every column is non-empty.
    const gappy = 'gapped words here';
    const texts = [styledText(text, style, 0, { from: 0 }), styledText(gappy, style, 0, { offsets: Array.from(gappy, (_, i) => text.length + 3 * i) })];
    const options = { indent: 0, justify: true, maxWordSpacing: 1.5, minWordSpacing: 0.8, breakPoints: (word: string) => hyphenator.breakPoints(word, 'en-us') };
    const built = paragraphColumns(buildItems(texts, fonts, options))!;
    expect(built.offsets.length).toBeGreaterThan(0);
    const packed = packColumns(built);
    // What a kept paragraph holds: no typed-array view (each is a heap object of its own).
    expect(Object.values(packed).filter((value) => ArrayBuffer.isView(value))).toEqual([]);
    const opened = openColumns(packed);
    expect(Object.keys(opened)).toEqual(Object.keys(built));
    for (const [key, value] of Object.entries(built)) {
      const again = opened[key as keyof typeof opened];
      if (!ArrayBuffer.isView(value)) {
        expect(again, key).toBe(value);
        continue;
      }
      const view = again as ArrayBufferView;
      expect(view.buffer, key).toBe(value.buffer);
      expect(view.byteOffset, key).toBe(value.byteOffset);
      expect(view.byteLength, key).toBe(value.byteLength);
      expect(view.constructor, key).toBe(value.constructor);
    }
  });
});
