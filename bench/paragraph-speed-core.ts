/**
 * Issue 5's figure without the platform: the same measurement runs in Node
 * (bench/paragraph-speed.ts) and inside a Web Worker in Chromium (bench/paragraph-worker.ts), each
 * supplying its fonts and hyphenation patterns. Imports only the pure engine, the prose generator
 * and the statistics helper, so it bundles for either.
 *
 * Shaping + hyphenation + Knuth–Plass (and the set lines) of a 100,000-word book (about 300 pages
 * in the default design), cold — a fresh font registry (empty shaping caches), a fresh hyphenator
 * (empty break cache) and a fresh paragraph cache, but with the font files already parsed by
 * HarfBuzz and the en-us patterns already loaded, as in a worker that has started. Then the
 * paragraphs are kept (what the worker does when idle after convergence, timed apart), and set
 * again at another measure with every cache warm (the re-set figure: the kept items are broken
 * and set again, nothing is shaped or hyphenated). Measured, never asserted.
 *
 * The text is generated prose (tests/support/prose.ts) that never repeats a paragraph. The pure
 * paragraph phase is called directly (`setParagraph`), so neither the page engine nor its memos
 * take part.
 */
import type { FontRegistry } from '../src/worker/engine/fonts/registry';
import type { Inline } from '../src/worker/engine/parse/model';
import { PreparedParagraphs, setParagraph, type ParagraphEnvironment } from '../src/worker/engine/paragraph';
import { pageFrame } from '../src/worker/engine/page/geometry';
import { defaultSettings } from '../src/worker/engine/settings';
import { createHyphenator } from '../src/worker/engine/text/hyphenate';
import { mulberry32 } from '../tests/support/prose';
import { benchParagraph as paragraph } from './lexicon';
import { spread, type Spread } from './stats';

export interface ParagraphFigures {
  words: number;
  paragraphs: number;
  /** UTF-16 units of paragraph text. */
  units: number;
  lines: number;
  /** Column measure of the default design, pt. */
  measure: number;
  /** Fresh shaping and hyphenation caches, JIT warmed on another book (issue 5 target ≤ 300 ms). */
  coldMs: Spread;
  /** The very first run of the process (JIT cold too). */
  firstRunMs: number;
  /**
   * Keeping the paragraphs after the cold setting (their items as flat columns,
   * `PreparedParagraphs.keepWaiting`): the worker does this in idle time after convergence, in
   * slices a new edit interrupts, so it is measured apart from both figures.
   */
  keepMs: Spread;
  /** Every paragraph re-set at a measure 7 % narrower, caches warm and paragraphs kept (issue 5 target ≤ 100 ms). */
  rebreakMs: Spread;
}

/** What the platform supplies: fonts parsed anew for each run, and the patterns' bytes. */
export interface ParagraphBenchPlatform {
  /** A fresh registry of the startup faces (HarfBuzz faces made from bytes already read). */
  fonts(): FontRegistry;
  loadPatterns(id: string): Uint8Array | undefined;
}

/** Paragraphs of generated prose adding up to at least `words` words (a real book's vocabulary: bench/lexicon.ts). */
function book(seed: number, words: number): Inline[][] {
  const random = mulberry32(seed);
  const out: Inline[][] = [];
  let count = 0;
  let at = 0;
  while (count < words) {
    const text = paragraph(random);
    count += text.split(' ').length;
    out.push([{ kind: 'text', text, marks: [], range: { from: at, to: at + text.length, line: 0, column: 0 } }]);
    at += text.length + 2;
  }
  return out;
}

function setBook(paragraphs: readonly Inline[][], env: ParagraphEnvironment, measure: number): number {
  const { settings } = env;
  let lines = 0;
  for (let p = 0; p < paragraphs.length; p++) {
    lines += setParagraph({ inlines: paragraphs[p]!, style: settings.body.style, measure, indent: p === 0 ? 0 : settings.body.firstLineIndent, justify: true }, env).length;
  }
  return lines;
}

export function measureParagraphSettingOn(platform: ParagraphBenchPlatform, words = 100_000, repeats = 3, seed = 20261203): ParagraphFigures {
  const settings = defaultSettings();
  const measure = pageFrame(settings, 0).columnWidth;
  const context = { footnoteMark: () => undefined, refText: () => '?' };
  // Font files parsed and patterns compiled once, outside every timing; each run below gets
  // fresh caches by a fresh registry (HarfBuzz faces made from the same bytes, not timed), a
  // fresh hyphenator whose patterns are loaded at creation (not timed) and a fresh paragraph cache.
  const fresh = (): ParagraphEnvironment => ({
    fonts: platform.fonts(),
    settings,
    context,
    hyphenator: createHyphenator({ languages: ['en-us'], loadPatterns: (id) => platform.loadPatterns(id) }),
    prepared: new PreparedParagraphs(),
  });
  const paragraphs = book(seed, words);
  const units = paragraphs.reduce((n, p) => n + (p[0]!.kind === 'text' ? p[0]!.text.length : 0), 0);
  const wordCount = paragraphs.reduce((n, p) => n + (p[0]!.kind === 'text' ? p[0]!.text.split(' ').length : 0), 0);

  let env = fresh();
  let start = performance.now();
  let lines = setBook(paragraphs, env, measure);
  const firstRunMs = performance.now() - start;
  // Warm the JIT on a different book of the same size, with its own caches, re-set once too.
  const other = book(seed + 1, words);
  const otherEnv = fresh();
  setBook(other, otherEnv, measure);
  otherEnv.prepared!.keepWaiting();
  setBook(other, otherEnv, measure * 0.93);

  const cold: number[] = [];
  const keep: number[] = [];
  const rebreak: number[] = [];
  for (let r = 0; r < repeats; r++) {
    env = fresh();
    start = performance.now();
    lines = setBook(paragraphs, env, measure);
    cold.push(performance.now() - start);
    start = performance.now();
    env.prepared!.keepWaiting();
    keep.push(performance.now() - start);
    start = performance.now();
    setBook(paragraphs, env, measure * 0.93);
    rebreak.push(performance.now() - start);
  }
  return { words: wordCount, paragraphs: paragraphs.length, units, lines, measure: Math.round(measure * 100) / 100, coldMs: spread(cold), firstRunMs: Math.round(firstRunMs), keepMs: spread(keep), rebreakMs: spread(rebreak) };
}
