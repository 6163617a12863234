import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';

// Which words go through hyphenopoly's JavaScript text hyphenator: only those with a letter outside the
// language's alphabet. Every other word's letters go to the pattern engine directly (hyphenate-wasm.ts),
// with the points the wrapper would have given (tests/unit/text/hyphenate-wasm.test.ts).

const { wrapped } = vi.hoisted(() => ({ wrapped: [] as string[] }));
vi.mock('hyphenopoly', async (original) => {
  const H = (await original<typeof import('hyphenopoly')>()).default;
  return {
    default: {
      supportedLanguages: H.supportedLanguages,
      config: (config: Parameters<typeof H.config>[0]) => {
        const hyphenators = new Map<string, (text: string) => string>();
        for (const [id, hyphenate] of H.config(config)) {
          hyphenators.set(id, (text) => {
            wrapped.push(text);
            return hyphenate(text);
          });
        }
        return hyphenators;
      },
    },
  };
});

const loadPatterns = (id: string) => readFileSync(new URL(`../../../node_modules/hyphenopoly/patterns/${id}.wasm`, import.meta.url));

describe("hyphenopoly's text hyphenator", () => {
  it('is not called for words of the language’s letters, apostrophes and middle dots', () => {
    const h = createHyphenator({ languages: ['en-us', 'ca', 'fr'], loadPatterns });
    wrapped.length = 0;
    const english = ['hyphenation,', 'Typesetting.', 'HYPHENATION', "children's", 'information-technology', '“paragraph”'];
    for (const word of english) h.breakPoints(word, 'en-us');
    h.breakPoints('col·lecció', 'ca');
    h.breakPoints("aujourd'hui", 'fr');
    h.breakPoints('aujourd’hui', 'fr');
    expect(wrapped).toEqual([]);
    expect(h.hyphenate('hyphenation,', 'en-us')).toEqual([2, 6]);
    expect(h.hyphenate("children's", 'en-us')).toEqual([4]);
  });

  it('is called for a word with a letter the patterns lack, and its points are kept', () => {
    const h = createHyphenator({ languages: ['en-us', 'it'], loadPatterns });
    wrapped.length = 0;
    // Italian patterns lack accented letters: the wrapper leaves the word whole, and the retry with the
    // base letters (hyphenate.ts) goes to the engine directly.
    expect(h.hyphenate('università', 'it')).toEqual([3, 6]);
    expect(wrapped).toEqual(['università']);
    // An English word with an accent (é is not an English letter to the patterns): the same.
    wrapped.length = 0;
    expect(h.hyphenate('communiqué', 'en-us')).toEqual([3, 5]);
    expect(wrapped).toEqual(['communiqué']);
  });
});
