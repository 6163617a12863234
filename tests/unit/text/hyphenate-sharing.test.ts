import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';

// A hyphenator's break lists stay in its cache for the worker's life, one per distinct token of every
// book: what they hold is shared rather than made per token.

const loadPatterns = (id: string) => readFileSync(new URL(`../../../node_modules/hyphenopoly/patterns/${id}.wasm`, import.meta.url));

describe('break lists are values', () => {
  const h = createHyphenator({ languages: ['en-us'], loadPatterns });

  it('a break is one frozen object per kind and offset, in every list holding it', () => {
    const hyphenation = h.breakPoints('hyphenation', 'en-us');
    const interest = h.breakPoints('interest', 'en-us'); // in|ter|est
    expect(hyphenation[0]).toEqual({ offset: 2, kind: 'pattern', hyphen: true });
    expect(interest[0]).toBe(hyphenation[0]);
    expect(Object.isFrozen(hyphenation[0])).toBe(true);
    // Moved by a token's opening punctuation: the object of the new offset (com|pu|ta|tion).
    const moved = h.breakPoints('(hyphenation', 'en-us');
    expect(moved[0]).toEqual({ offset: 3, kind: 'pattern', hyphen: true });
    expect(moved[0]).toBe(h.breakPoints('computation', 'en-us')[0]);
    // Another kind at the same offset is another object.
    expect(h.breakPoints('hy-phenation', 'en-us')[0]).toEqual({ offset: 3, kind: 'hyphen', hyphen: false });
  });

  it('tokens without a break share one empty list', () => {
    const none = h.breakPoints('the', 'en-us');
    expect(none).toEqual([]);
    for (const word of ['and', 'into', 'school', 'A4paper', 'x']) expect(h.breakPoints(word, 'en-us')).toBe(none);
    expect(Object.isFrozen(none)).toBe(true);
  });

  it('a word of letters outside the BMP with punctuation after it shares its letters’ list', () => {
    // Mathematical script letters are letters (\p{L}) of two UTF-16 units each: the letters run to the comma.
    const letters = '\u{1D49C}\u{1D4B7}\u{1D4B8}\u{1D4B9}\u{1D452}';
    expect(h.breakPoints(`${letters},`, 'en-us')).toBe(h.breakPoints(letters, 'en-us'));
  });
});
