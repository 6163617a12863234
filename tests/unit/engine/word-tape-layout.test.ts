/**
 * A new body size on a laid-out book: its paragraphs' items come from their word tapes
 * (paragraph/items.ts `WordTape`, kept on the engine's rebased paragraphs), and the pages are the
 * ones a layout from scratch at that size gives, byte for byte (incremental == full).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chapterToMarkdown, generateBook } from '../../../bench/book';
import { createHyphenator, defaultSettings, EngineCache, releaseSharedWords, type BookInput } from '../../../src/worker/engine';
import { coresRememberingATable, wordTapeReplays } from '../../../src/worker/engine/paragraph/items';
import { nodeFontRegistry } from '../../support/node-world';
import { dump, run } from '../page/helpers';

const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });

/** A generated book of `paragraphs` paragraphs at the default body size times `factor`. */
function generatedBook(seed: number, paragraphs: number): (factor?: number) => BookInput {
  const generated = generateBook(seed, paragraphs);
  const settings = defaultSettings();
  const chapters = generated.chapters.map((c) => ({ id: c.id, title: c.title, source: chapterToMarkdown(c) }));
  return (factor = 1) => ({ title: 'Tapes', settings: factor === 1 ? settings : { ...settings, body: { ...settings.body, style: { ...settings.body.style, size: settings.body.style.size * factor } } }, hyphenator, chapters });
}

describe('word tapes in a global change', () => {
  it('a new body size replays the paragraphs set at the old one and lays out as a fresh layout does', () => {
    const sized = generatedBook(20261207, 160);
    const cache = new EngineCache();
    run(sized(), cache);
    for (const factor of [1.03, 0.97]) {
      const resized = sized(factor);
      const before = wordTapeReplays();
      const layout = run(resized, cache);
      // Most of the book's ~160 paragraphs are plain text (the rest have notes, lists' markers…).
      expect(wordTapeReplays() - before).toBeGreaterThan(80);
      expect(dump(layout)).toBe(dump(run(resized, new EngineCache(), nodeFontRegistry())));
    }
  });

  it('takes a word met before in the same table without probing it, and remembers no table once the tables are let go', () => {
    const sized = generatedBook(20261208, 120);
    const cache = new EngineCache();
    run(sized(), cache);
    releaseSharedWords();
    expect(coresRememberingATable()).toBe(0);
    run(sized(1.05), cache);
    // The replay remembered each word's entry on its core (a word repeats across the book's paragraphs).
    expect(coresRememberingATable()).toBeGreaterThan(200);
    // Let go between two changes, and back to a size whose table had gone: the same pages as a fresh layout.
    releaseSharedWords();
    expect(coresRememberingATable()).toBe(0);
    const layout = run(sized(0.96), cache);
    expect(dump(layout)).toBe(dump(run(sized(0.96), new EngineCache(), nodeFontRegistry())));
    expect(dump(run(sized(1.05), cache))).toBe(dump(run(sized(1.05), new EngineCache(), nodeFontRegistry())));
  });
});
