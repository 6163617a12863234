import { describe, expect, it } from 'vitest';
import { isApplied, settingsNotApplied } from '../../../src/worker/config';
import { buildItems, type WordPayload } from '../../../src/worker/engine/paragraph/items';
import { styledText } from '../../../src/worker/engine/paragraph/styled-text';
import type { KashidaPattern } from '../../../src/worker/engine/paragraph/kashida';
import type { Item } from '../../../src/worker/engine/text/items';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { defaultSettings } from '../../../src/worker/engine/settings';
import { nodeFontRegistry } from '../../support/node-world';

/** `bodyText.kashidaPatterns` (configuration.md §6.3): where elongations may go. */
const fonts = nodeFontRegistry(['Amiri', 'Noto Sans Arabic']);

/** The letters each word of `text` is elongated after (in order of the words' sites), set justified under `patterns`. */
function elongated(text: string, patterns: KashidaPattern, family = 'Amiri', perWord = 1): string[][] {
  const style = { ...defaultSettings().body.style, family, size: 10 };
  const items: Item<WordPayload>[] = buildItems([styledText(text, style, 0, { from: 0 })], fonts, {
    indent: 0,
    justify: true,
    direction: 'rtl',
    language: 'ar',
    maxWordSpacing: 2,
    minWordSpacing: 0.6,
    kashida: { perWord, maxLength: 0.6, patterns },
  });
  const words: string[][] = [];
  items.forEach((item, i) => {
    if (item.type !== 'glue' || !item.payload?.kashida) return;
    // The word's box follows its kashida glue.
    const box = items[i + 1]!;
    const pieces = box.type === 'box' ? box.payload!.pieces : [];
    words.push(item.payload.kashida.map((site) => {
      const piece = pieces[site.piece]!;
      return piece.text[piece.shaped.clusterList()[site.glyph]!]!;
    }));
  });
  return words;
}

describe('bodyText.kashidaPatterns', () => {
  it("'naskh' takes the traditional order: after a sīn, before a final hāʾ/dāl, before a final alif…, a medial bāʾ before a final rāʾ, other finals last", () => {
    // مسلمين: after the sīn (rank 1), not before the final nūn (rank 6).
    expect(elongated('مسلمين', 'naskh')).toEqual([['س']]);
    // كبير: before the medial yāʾ that comes before the final rāʾ (rank 4), not before the rāʾ itself.
    expect(elongated('كبير', 'naskh')).toEqual([['ب']]);
    // كتابه: before the final hāʾ (rank 2) over before the final alif (rank 3).
    expect(elongated('كتابه', 'naskh')).toEqual([['ب']]);
    // يكتب: only a final letter without a better rank (rank 6): before the final bāʾ.
    expect(elongated('يكتب', 'naskh')).toEqual([['ت']]);
  });

  it("'simple' stretches the word's last join, whatever the letters", () => {
    expect(elongated('مسلمين', 'simple')).toEqual([['ي']]);
    expect(elongated('كبير', 'simple')).toEqual([['ي']]);
  });

  it("'nastaliq' inserts no tatweel: lines justify by their word spaces", () => {
    expect(elongated('مسلمين كبير يكتب', 'nastaliq')).toEqual([]);
  });

  it("'auto' reads the pattern from the face: naskh for Amiri, simple for a sans (Noto Sans Arabic)", () => {
    expect(elongated('مسلمين', 'auto')).toEqual([['س']]);
    expect(elongated('مسلمين', 'auto', 'Noto Sans Arabic')).toEqual([['ي']]);
  });

  it('takes kashidaPerWord sites, best first, never at a join a hamza or a ZWNJ breaks', () => {
    expect(elongated('مسلمين', 'naskh', 'Amiri', 2)).toEqual([['س', 'ي']]);
    // شيء: the yāʾ does not join the hamza on the line; ش → ي is the one join.
    expect(elongated('شيء', 'simple')).toEqual([['ش']]);
    // A zero-width non-joiner between two letters parts them.
    expect(elongated('بب\u200cب', 'simple')).toEqual([['ب']]);
  });

  it('reaches the engine from the configuration, and is declared applied', () => {
    expect(settingsFromConfig({ locale: 'ar', bodyText: { kashidaPatterns: 'nastaliq' } } as never).kashida.patterns).toBe('nastaliq');
    expect(settingsFromConfig({ locale: 'ar' } as never).kashida.patterns).toBeUndefined();
    expect(isApplied('bodyText.kashidaPatterns')).toBe(true);
    expect(settingsNotApplied({ bodyText: { kashidaPatterns: 'naskh' } } as never)).toEqual([]);
  });
});
