/**
 * The worker keeps one engine cache for every book it opens (host/book-host.ts). Once another book
 * is laid out on it, nothing of the book before may stay: its parses were kept by chapter id, and a
 * parse holds, by identity, its paragraphs' items and lines and the settings its running heads were
 * carried under — and through those settings that book's word tables (a Chromium heap snapshot of
 * the bench, 2026-12-07: the sample book opened at start kept two settings alive).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collect } from '../../support/gc';
import { defaultSettings, EngineCache, type BookInput } from '../../../src/worker/engine';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { nodeFontRegistry } from '../../support/node-world';
import { chapterMarkdown, mulberry32 } from '../../support/prose';
import { run } from '../page/helpers';

const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
const fonts = nodeFontRegistry();

/** A book of `chapters` generated chapters with ids `prefix0`, `prefix1`, … and settings of its own. */
function book(prefix: string, chapters: number, seed: number): BookInput {
  const random = mulberry32(seed);
  return {
    title: prefix,
    settings: defaultSettings(),
    hyphenator,
    chapters: Array.from({ length: chapters }, (_, i) => ({ id: `${prefix}${i}`, title: '', source: chapterMarkdown(random, `Chapter ${i + 1}`, 6) })),
  };
}

describe('another book on the same cache', () => {
  it('keeps no parse of a chapter the book does not have', () => {
    const cache = new EngineCache();
    run(book('a', 3, 1), cache, fonts);
    expect([...cache.parsed.keys()].sort()).toEqual(['a0', 'a1', 'a2']);
    const second = book('b', 2, 2);
    run(second, cache, fonts);
    expect([...cache.parsed.keys()].sort()).toEqual(['b0', 'b1']);
    // A chapter deleted from the book goes too.
    run({ ...second, chapters: second.chapters.slice(1) }, cache, fonts);
    expect([...cache.parsed.keys()]).toEqual(['b1']);
    expect([...cache.numberingAt.keys()]).toEqual(['b1']);
  });

  it('lets the settings of the book before be collected', async () => {
    const cache = new EngineCache();
    // Laid out in a scope of its own: only the cache could still reach the first book's settings.
    const settingsOfFirst = ((): WeakRef<object> => {
      const first = book('a', 3, 3);
      run(first, cache, fonts);
      return new WeakRef(first.settings.body.style);
    })();
    run(book('b', 2, 4), cache, fonts);
    await collect();
    expect(settingsOfFirst.deref()).toBeUndefined();
  });
});
