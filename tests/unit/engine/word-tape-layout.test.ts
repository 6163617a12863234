/**
 * A new body size on a laid-out book: its paragraphs' items come from their word tapes
 * (paragraph/items.ts `WordTape`, kept on the engine's rebased paragraphs), and the pages are the
 * ones a layout from scratch at that size gives, byte for byte (incremental == full).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chapterToMarkdown, generateBook } from '../../../bench/book';
import { createHyphenator, defaultSettings, EngineCache, type BookInput } from '../../../src/worker/engine';
import { wordTapeReplays } from '../../../src/worker/engine/paragraph/items';
import { nodeFontRegistry } from '../../support/node-world';
import { dump, run } from '../page/helpers';

const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });

describe('word tapes in a global change', () => {
  it('a new body size replays the paragraphs set at the old one and lays out as a fresh layout does', () => {
    const generated = generateBook(20261207, 160);
    const settings = defaultSettings();
    const input: BookInput = { title: 'Tapes', settings, hyphenator, chapters: generated.chapters.map((c) => ({ id: c.id, title: c.title, source: chapterToMarkdown(c) })) };
    const cache = new EngineCache();
    run(input, cache);
    for (const factor of [1.03, 0.97]) {
      const resized: BookInput = { ...input, settings: { ...settings, body: { ...settings.body, style: { ...settings.body.style, size: settings.body.style.size * factor } } } };
      const before = wordTapeReplays();
      const layout = run(resized, cache);
      // Most of the book's ~160 paragraphs are plain text (the rest have notes, lists' markers…).
      expect(wordTapeReplays() - before).toBeGreaterThan(80);
      expect(dump(layout)).toBe(dump(run(resized, new EngineCache(), nodeFontRegistry())));
    }
  });
});
