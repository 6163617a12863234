import { describe, expect, it } from 'vitest';
import { textChange } from '../../../src/worker/engine/text-change';
import { mulberry32 } from '../../support/prose';

/** The change as a unit-by-unit scan finds it: the reference the chunked scan must equal. */
function naive(old: string, text: string): { first: number; oldEnd: number; delta: number } {
  let first = 0;
  const shorter = Math.min(old.length, text.length);
  while (first < shorter && old[first] === text[first]) first++;
  let tail = 0;
  while (tail < shorter - first && old[old.length - 1 - tail] === text[text.length - 1 - tail]) tail++;
  return { first, oldEnd: old.length - tail, delta: text.length - old.length };
}

describe('textChange', () => {
  it('finds the same change as a unit-by-unit scan, at chunk boundaries and across them', () => {
    const next = mulberry32(20261205);
    const letters = 'ab \n.';
    for (let round = 0; round < 400; round++) {
      const length = Math.floor(next() * 2000);
      let old = '';
      for (let i = 0; i < length; i++) old += letters[Math.floor(next() * letters.length)];
      // Edits near multiples of 256 units (the chunk) as often as anywhere else.
      const near = Math.floor(next() * 8) * 256 + Math.floor(next() * 5) - 2;
      const from = Math.max(0, Math.min(old.length, next() < 0.5 ? near : Math.floor(next() * (old.length + 1))));
      const to = Math.min(old.length, from + Math.floor(next() * 600 * (next() < 0.2 ? 1 : 0.01)));
      const insert = next() < 0.3 ? '' : letters.repeat(Math.floor(next() * 80)).slice(Math.floor(next() * 5));
      const text = old.slice(0, from) + insert + old.slice(to);
      expect(textChange(old, text), `round ${round}`).toEqual(naive(old, text));
    }
  });

  it('keeps the common head and tail apart when the text repeats around the edit', () => {
    const old = 'x'.repeat(1000);
    const text = 'x'.repeat(1003);
    const change = textChange(old, text);
    expect(change).toEqual({ first: 1000, oldEnd: 1000, delta: 3 });
  });
});
