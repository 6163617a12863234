/**
 * A recurring plain word is found in its shared-word table from the paragraph's own text
 * (paragraph/items.ts `findWord`: a hash taken while the word is checked, its units compared with
 * the candidates'), not by a string sliced for each word and looked up in a Map; a word's face and a
 * space's width come from the last styled run's and style's. These tests count the Map lookups of a
 * paragraph whose words were all met before, and check that a table grown past its first size
 * still finds every word, and the right one.
 */
import { describe, expect, it, vi } from 'vitest';
import { buildItems, type WordPayload } from '../../../src/worker/engine/paragraph/items';
import { styledText } from '../../../src/worker/engine/paragraph/styled-text';
import type { BoxItem, Item } from '../../../src/worker/engine/text/items';
import { defaultSettings, type TextStyle } from '../../../src/worker/engine/settings';
import { nodeFontRegistry } from '../../support/node-world';
import { justifiedEnglishOptions } from './helpers';

const options = justifiedEnglishOptions();
const fonts = nodeFontRegistry();

function items(text: string, style: TextStyle): Item<WordPayload>[] {
  return buildItems([styledText(text, style, 0, { from: 0 })], fonts, options);
}

/** Each word's text (its boxes' pieces joined) with the payloads of its boxes. */
function words(list: readonly Item<WordPayload>[]): { text: string; payloads: WordPayload[] }[] {
  const out: { text: string; payloads: WordPayload[] }[] = [];
  let current: { text: string; payloads: WordPayload[] } | null = null;
  for (const item of list) {
    if (item.type === 'glue') current = null;
    if (item.type !== 'box' || (item.payload?.pieces.length ?? 0) === 0) continue;
    const box = item as BoxItem<WordPayload>;
    if (current === null) out.push((current = { text: '', payloads: [] }));
    current.text += box.payload!.pieces.map((p) => p.text).join('');
    current.payloads.push(box.payload!);
  }
  return out;
}

/** `n` spelt in lowercase letters (base 26) between a prefix and a suffix: distinct words of similar shape. */
function madeWord(n: number): string {
  let letters = '';
  do {
    letters = String.fromCharCode(0x61 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `qu${letters}x`;
}

describe('shared-word lookup', () => {
  it('a paragraph of words met before looks none of them up in a Map', () => {
    const style = { ...defaultSettings().body.style };
    const text = 'The quiet harbour kept its boats through the long winter, and the quiet town kept its harbour.';
    items(text, style);
    const get = vi.spyOn(Map.prototype, 'get');
    let again: Item<WordPayload>[];
    try {
      again = items(text, style);
      // 17 words, all met before: before, each was sliced from the text and looked up by that string
      // in its table's Map (17 such calls); now none (the other calls: the paragraph's faces and space widths).
      const byWord = get.mock.calls.filter(([key]) => typeof key === 'string' && text.split(' ').includes(key));
      expect(byWord).toEqual([]);
    } finally {
      get.mockRestore();
    }
    expect(words(again).map((w) => w.text).join(' ')).toBe(text);
  });

  it('a paragraph of 200 words makes a few Map lookups in all, not some per word or space', () => {
    const style = { ...defaultSettings().body.style };
    const text = Array.from({ length: 40 }, () => 'the quiet harbour kept boats').join(' ');
    items(text, style);
    const get = vi.spyOn(Map.prototype, 'get');
    try {
      items(text, style);
      // Before, the word's face (by styled run) and each space's width (by style) were looked up
      // in the paragraph's Maps for every word and space: 403 calls here; now once per run and style.
      expect(get.mock.calls.length).toBeLessThan(10);
    } finally {
      get.mockRestore();
    }
  });

  it('a table grown past its first size finds every word, and only the word itself', () => {
    const style = { ...defaultSettings().body.style };
    // 1,200 distinct words (the table starts at 256 slots and doubles past half full), set twice.
    const vocabulary = Array.from({ length: 1200 }, (_, n) => madeWord(n));
    expect(new Set(vocabulary).size).toBe(1200);
    const paragraphs = Array.from({ length: 12 }, (_, p) => vocabulary.slice(p * 100, p * 100 + 100).join(' '));
    const first = paragraphs.map((text) => words(items(text, style)));
    // Set again, in another order: every word gets the very payloads it got the first time.
    const byWord = new Map(first.flat().map((w) => [w.text, w.payloads]));
    expect(byWord.size).toBe(1200);
    for (const text of [...paragraphs].reverse()) {
      for (const w of words(items(text, style))) {
        const before = byWord.get(w.text)!;
        expect(w.payloads.length).toBe(before.length);
        w.payloads.forEach((payload, k) => expect(payload).toBe(before[k]));
      }
    }
  });
});
