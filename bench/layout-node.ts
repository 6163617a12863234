/**
 * Cold layout of a generated book in Node (the pure engine alone: no worker, no messages), and a
 * global change (a new body size) on the same book. Separates engine time from browser overhead.
 */
import { readFileSync } from 'node:fs';
import { createHyphenator, defaultSettings, EngineCache, layoutBook, type BookInput } from '../src/worker/engine';
import { nodeFontRegistry } from '../tests/support/node-world';
import { chapterToMarkdown, generateBook } from './book';
import { spread, type Spread } from './stats';

export interface NodeLayoutFigures {
  paragraphs: number;
  pages: number;
  coldLayoutMs: Spread;
  globalChangeMs: Spread;
  pagesPerSecond: number;
}

function run(input: BookInput, cache: EngineCache, fonts: ReturnType<typeof nodeFontRegistry>): { ms: number; pages: number } {
  const start = performance.now();
  const gen = layoutBook(input, fonts, cache);
  let step = gen.next();
  while (!step.done) step = gen.next();
  return { ms: performance.now() - start, pages: step.value.pages.length };
}

export function measureNodeLayout(paragraphs: number, repeats: number, seed: number): NodeLayoutFigures {
  const fonts = nodeFontRegistry();
  const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
  const cold: number[] = [];
  const global: number[] = [];
  let pages = 0;
  for (let r = 0; r < repeats; r++) {
    const book = generateBook(seed + r, paragraphs);
    const settings = defaultSettings();
    const input: BookInput = { title: 'Bench', settings, hyphenator, chapters: book.chapters.map((c) => ({ id: c.id, title: c.title, source: chapterToMarkdown(c) })) };
    const cache = new EngineCache();
    const first = run(input, cache, fonts);
    cold.push(first.ms);
    pages = first.pages;
    const bigger: BookInput = { ...input, settings: { ...settings, body: { ...settings.body, style: { ...settings.body.style, size: settings.body.style.size * 1.02 } } } };
    global.push(run(bigger, cache, fonts).ms);
  }
  const coldSpread = spread(cold);
  return { paragraphs, pages, coldLayoutMs: coldSpread, globalChangeMs: spread(global), pagesPerSecond: Math.round((pages / coldSpread.median) * 1000) };
}

