/**
 * One-paragraph edits → relayout in Node (the pure engine alone: no worker, no messages): the
 * engine's share of the browser's edit → convergence figure (issue 6). The book is the bench book
 * (bench/book.ts) with its figures; each edit appends words to a different paragraph of the middle
 * chapter, as the browser bench does (bench/browser.ts `edits`), and the whole book is laid out
 * again with the same cache. Wall time and the process's CPU time are both reported: on a shared
 * machine the CPU time is the steadier of the two.
 */
import { readFileSync } from 'node:fs';
import { createHyphenator, defaultSettings, EngineCache, layoutBook, prepareResources, type BookInput, type BookLayout } from '../src/worker/engine';
import { nodeFontRegistry } from '../tests/support/node-world';
import { chapterToMarkdown, figureSvg, generateBook } from './book';

export interface NodeEditFigures {
  pages: number;
  /** Chapters laid out again per edit (1 unless the edited chapter's page count changed). */
  relaid: number[];
  /** Milliseconds per edit, in edit order. */
  editMs: number[];
  p50: number;
  p95: number;
  /** The process's CPU time per edit (all its threads, the garbage collector's too), ms: p50, p95 and the sum over the edits. */
  cpu: { p50: number; p95: number; total: number };
}

function layout(input: BookInput, cache: EngineCache, fonts: ReturnType<typeof nodeFontRegistry>): BookLayout {
  const steps = layoutBook(input, fonts, cache);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

const round = (v: number): number => Math.round(v * 10) / 10;

/** The p-quantile the browser bench reports (floor below 0.9, ceiling above: p95 of 30 is the second largest). */
function quantile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return round(p < 0.9 ? sorted[Math.floor(p * (sorted.length - 1))]! : sorted[Math.ceil(p * (sorted.length - 1))]!);
}

/** `around` runs the edits after the cold layout (a profiler can wrap them). */
export function measureNodeEdits(paragraphs: number, edits: number, seed: number, around: (run: () => void) => void = (run) => run()): NodeEditFigures {
  const fonts = nodeFontRegistry();
  const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
  const book = generateBook(seed, paragraphs);
  const encoder = new TextEncoder();
  const resources = prepareResources(
    book.chapters.map((_, index) => ({ record: { id: `figure-${index + 1}`, typeId: 'figure', kind: 'svg' as const, width: 400, height: 300, caption: 'A frame and its diagonal.' }, payload: encoder.encode(figureSvg(index)) })),
    {},
  );
  let input: BookInput = { title: 'Bench', settings: defaultSettings(), hyphenator, resources, chapters: book.chapters.map((c) => ({ id: c.id, title: c.title, source: chapterToMarkdown(c) })) };
  const cache = new EngineCache();
  let last = layout(input, cache, fonts);
  const pages = last.pages.length;
  const middle = Math.floor(input.chapters.length / 2);
  const editMs: number[] = [];
  const cpuMs: number[] = [];
  const relaid: number[] = [];
  around(() => {
    for (let i = 0; i < edits; i++) {
      const text = input.chapters[middle]!.source;
      // The end of a different paragraph each time, as in the browser bench.
      const ends: number[] = [];
      for (let at = text.indexOf('.\n\n'); at >= 0; at = text.indexOf('.\n\n', at + 3)) ends.push(at);
      const at = ends[Math.floor((ends.length * (i + 1)) / (edits + 1))] ?? 0;
      const source = text.slice(0, at) + (i % 2 ? ' and a lantern' : ' beneath the harbour') + text.slice(at);
      input = { ...input, chapters: input.chapters.map((c, k) => (k === middle ? { ...c, source } : c)) };
      const start = performance.now();
      const cpu = process.cpuUsage();
      const next = layout(input, cache, fonts);
      editMs.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      cpuMs.push((used.user + used.system) / 1000);
      relaid.push(next.chapters.filter((c, k) => c !== last.chapters[k]).length);
      last = next;
    }
  });
  return {
    pages,
    relaid,
    editMs: editMs.map(round),
    p50: quantile(editMs, 0.5),
    p95: quantile(editMs, 0.95),
    cpu: { p50: quantile(cpuMs, 0.5), p95: quantile(cpuMs, 0.95), total: round(cpuMs.reduce((a, b) => a + b, 0)) },
  };
}
