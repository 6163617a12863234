import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ownText, TextTable, textHash } from '../../../src/worker/engine/text/text-table';
import { mulberry32 } from '../../support/prose';

/** A string of `length` units drawn from `alphabet` (a small one makes equal and near-equal keys likely). */
function randomText(random: () => number, length: number, alphabet: string): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

describe('TextTable: values by text content (the word caches, not internalized by a Map)', () => {
  it('answers as a Map does over random keys, through many growths, for keys equal in content but not identity', () => {
    const random = mulberry32(20261207);
    const table = new TextTable<number>(8);
    const reference = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      const text = randomText(random, 1 + Math.floor(random() * 6), 'abé字\u{1F600}');
      // A fresh copy of the same units (another string object): found by content.
      const copy = [...text].join('');
      if (random() < 0.6) {
        table.set(text, i);
        reference.set(text, i);
      }
      expect(table.get(copy)).toBe(reference.get(text));
    }
    expect(table.size).toBe(reference.size);
    for (const [text, value] of reference) expect(table.get(text.slice(0))).toBe(value);
    expect(table.get('not there at all')).toBeUndefined();
  });

  it('keeps apart keys whose hashes agree', () => {
    // Two keys with the same 32-bit hash, found among random seven-letter words (by the birthday
    // bound, one pair is expected within ~77,000 of them; the search gives up at 1,000,000).
    const random = mulberry32(20261207);
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; i < 1_000_000 && !pair; i++) {
      const text = randomText(random, 7, 'abcdefghijklmnopqrstuvwxyz');
      const hash = textHash(text);
      const other = seen.get(hash);
      if (other !== undefined && other !== text) pair = [other, text];
      else seen.set(hash, text);
    }
    expect(pair).not.toBeNull();
    const [first, second] = pair!;
    expect(textHash(first)).toBe(textHash(second));
    const table = new TextTable<string>();
    table.set(first, 'first');
    expect(table.get(second)).toBeUndefined();
    table.set(second, 'second');
    expect([table.get(first), table.get(second), table.size]).toEqual(['first', 'second', 2]);
  });

  it('the empty text is a key like any other, and a value set again replaces the first', () => {
    const table = new TextTable<number>();
    expect(textHash('')).not.toBe(0);
    table.set('', 1);
    table.set('', 2);
    expect([table.get(''), table.size]).toEqual([2, 1]);
  });

  it('keeps a key cut from a long text without the text: a closed book’s chapter is not held by a word cached from it', () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const used = (): number => {
      collect();
      collect();
      return process.memoryUsage().heapUsed;
    };
    const table = new TextTable<number>();
    const kept: string[] = [];
    const before = used();
    for (let i = 0; i < 8; i++) {
      // A 10-million-unit "chapter" of its own each time, and a 22-unit word cut from it (a view, in V8).
      const chapter = `${i}`.repeat(10_000_000) + `incomprehensibilities${i}`;
      table.set(chapter.slice(chapter.length - 22), i);
      kept.push(ownText(chapter.slice(5, 40)));
    }
    // Eight chapters of ~10 MB each would still be alive if the keys were views of them (V8 may
    // hold on to the last string made for a while: one chapter's worth is allowed for).
    expect(used() - before).toBeLessThan(25_000_000);
    expect(table.get('incomprehensibilities7')).toBe(7);
    expect(kept.every((text) => text.length === 35)).toBe(true);
    expect(ownText('short')).toBe('short');
    expect(ownText('a word of thirteen or more units')).toBe('a word of thirteen or more units');
  });
});
