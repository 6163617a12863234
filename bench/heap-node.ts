/**
 * What the engine keeps between builds, in Node: the live heap (after a full collection) once a
 * generated book is laid out cold, and after each of three global changes (a bigger body size)
 * on the same cache. A superseded layout left reachable from the caches shows as growth from one
 * change to the next (+45 MB per change of this ~300-page book before 2f49a85); what the worker's
 * heap peak adds on top is the garbage of the build in progress (the browser figure).
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createHyphenator, defaultSettings, EngineCache, layoutBook, type BookInput } from '../src/worker/engine';
import { nodeFontRegistry } from '../tests/support/node-world';
import { chapterToMarkdown, generateBook } from './book';

export interface NodeHeapFigures {
  pages: number;
  /** Live heap with fonts, patterns and the engine loaded, before the book (MB). */
  baselineMB: number;
  /** Live heap after the cold layout, minus the baseline (MB). */
  keptAfterColdMB: number;
  /** The same after each global change (MB): flat when nothing superseded stays reachable. */
  keptAfterChangesMB: number[];
}

export function measureNodeHeap(paragraphs: number, seed: number): NodeHeapFigures {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  const liveMB = (): number => {
    collect();
    collect();
    return process.memoryUsage().heapUsed / 1048576;
  };
  const fonts = nodeFontRegistry();
  const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
  const chapters = generateBook(seed, paragraphs).chapters.map((c) => ({ id: c.id, title: c.title, source: chapterToMarkdown(c) }));
  // Each layout's settings made afresh, and nothing here holding on to them: the engine's word tables
  // live as long as the body style object they were built for (paragraph/items.ts), so settings this
  // function kept would be counted as what the engine keeps (they were, before 2026-12-06: ~36 MB
  // after the global changes at 300 pages that the worker, which drops a superseded design, never holds).
  const withBodySize = (factor: number): BookInput => {
    const settings = defaultSettings();
    return { title: 'Bench', settings: { ...settings, body: { ...settings.body, style: { ...settings.body.style, size: settings.body.style.size * factor } } }, hyphenator, chapters };
  };
  const layout = (cache: EngineCache, book: BookInput): number => {
    const steps = layoutBook(book, fonts, cache);
    let step = steps.next();
    while (!step.done) step = steps.next();
    return step.value.pages.length;
  };
  // Fonts shaped, patterns loaded, code compiled: a small book on a cache of its own, dropped.
  layout(new EngineCache(), { ...withBodySize(1), chapters: chapters.slice(0, 1) });
  const baseline = liveMB();
  const cache = new EngineCache();
  const pages = layout(cache, withBodySize(1));
  const round = (mb: number): number => Math.round(mb * 10) / 10;
  const keptAfterColdMB = round(liveMB() - baseline);
  const keptAfterChangesMB: number[] = [];
  for (const factor of [1.02, 1.04, 1.06]) {
    layout(cache, withBodySize(factor));
    keptAfterChangesMB.push(round(liveMB() - baseline));
  }
  return { pages, baselineMB: round(baseline), keptAfterColdMB, keptAfterChangesMB };
}
