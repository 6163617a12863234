/**
 * buildItems writes a paragraph's items into one scratch array every paragraph shares and copies
 * them out at their count (paragraph/items.ts `itemScratch`): each paragraph's items must be an
 * array of its own, exactly as long as its items, untouched by the next paragraph, and the scratch
 * must not keep the last paragraph's items (and through their pieces its style and word tables)
 * alive.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collect } from '../../support/gc';
import { buildItems, type WordPayload } from '../../../src/worker/engine/paragraph/items';
import { styledText } from '../../../src/worker/engine/paragraph/styled-text';
import { defaultSettings, type TextStyle } from '../../../src/worker/engine/settings';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import type { Item } from '../../../src/worker/engine/text/items';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry();
const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
const options = { indent: 0, justify: true, maxWordSpacing: 1.5, minWordSpacing: 0.8, breakPoints: (word: string) => hyphenator.breakPoints(word, 'en-us'), breakKey: hyphenator.breakKey('en-us') };
const items = (text: string, style: TextStyle): Item<WordPayload>[] => buildItems([styledText(text, style, 0, { from: 0 })], fonts, options);
/** Widths and kinds, the items' content as the breaker reads it. */
const content = (list: readonly Item<WordPayload>[]): string => list.map((item) => `${item.type}:${item.width}`).join(' ');

describe('the item scratch', () => {
  it("gives each paragraph an array of its own, of its items' count, which the next paragraph leaves alone", () => {
    const style = defaultSettings().body.style;
    const long = items('A considerably longer paragraph, with hyphenatable words in it, comes first here.', style);
    const seen = content(long);
    const short = items('Then a short one.', style);
    expect(short).not.toBe(long);
    expect(content(long)).toBe(seen);
    for (const list of [long, short]) {
      // No hole and nothing past the end: every slot an item, the last the forced break.
      expect(Object.keys(list).length).toBe(list.length);
      expect(list.every((item) => item !== undefined)).toBe(true);
      const last = list[list.length - 1]!;
      expect(last.type === 'penalty' && last.penalty).toBe(-10000);
    }
    // The same paragraph built again gives the same items (none left over from the one before).
    expect(content(items('Then a short one.', style))).toBe(content(short));
  });

  it("does not keep the last paragraph's items, nor through them its style, once they are dropped", async () => {
    // Built in a scope of its own: only the scratch could still reach the items and their style.
    const reference = ((): WeakRef<object> => {
      const style: TextStyle = { ...defaultSettings().body.style, size: 9.75 };
      const built = items('Words in a style nobody else holds.', style);
      return new WeakRef(built.find((item) => item.type === 'box' && item.payload && item.payload.pieces.length > 0)!.payload!.pieces[0]!.style);
    })();
    await collect();
    expect(reference.deref()).toBeUndefined();
  });
});
