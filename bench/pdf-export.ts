/**
 * PDF export speed (issue 13: a 300-page book in ≤ 2 s, one TJ per line): a generated book is
 * laid out in Node once, then written to PDF a few times from its display lists. Measured,
 * never asserted. Run alone with
 *   npx rolldown bench/pdf-export.ts --platform node --format esm --file /tmp/pdf.mjs && node /tmp/pdf.mjs --pdf-only
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createHyphenator, defaultSettings, EngineCache, layoutBook, type BookInput } from '../src/worker/engine';
import { BUNDLED_FACES } from '../src/worker/engine/fonts/bundled';
import { faceId } from '../src/worker/engine/fonts/registry';
import { createSubsetter, writePdf } from '../src/worker/export/pdf';
import { Op, type PageDisplayList } from '../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../tests/support/node-world';
import { chapterMarkdown, mulberry32 } from '../tests/support/prose';

const require = createRequire(import.meta.url);
// (Run from the project folder: fonts and wasm resolve from its node_modules.)

export interface PdfExportFigures {
  pages: number;
  /** Lines of text, running heads and folios (distinct baselines per column). */
  lines: number;
  /** Glyph runs = text-showing blocks (one TJ per run unless glyphs are raised). */
  glyphRuns: number;
  bytes: number;
  /** The first export in a fresh process (font tables read, code not yet optimised). */
  coldMs: number;
  /** Median of the exports after it. */
  warmMedianMs: number;
  runsMs: number[];
  /** CPU time of each export (user + system), ms: steadier than wall time on a shared machine. */
  runsCpuMs: number[];
}

/** ≈ 300 pages of the default design (two columns of 8 pt type): 12 chapters of 240 generated paragraphs. */
function benchPages(): PageDisplayList[] {
  const fonts = nodeFontRegistry();
  const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
  const random = mulberry32(20261202);
  const chapters = Array.from({ length: 12 }, (_, i) => ({ id: `ch${i + 1}`, title: '', source: chapterMarkdown(random, `Chapter ${i + 1}`, 240) }));
  const input: BookInput = { title: 'PDF bench', settings: defaultSettings(), hyphenator, chapters };
  const steps = layoutBook(input, fonts, new EngineCache());
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value.pages;
}

export async function measurePdfExport(repeats = 4): Promise<PdfExportFigures> {
  const pages = benchPages();
  const fontBytes = new Map(BUNDLED_FACES.map((f) => [faceId(f.family, f.weight, f.style), new Uint8Array(readFileSync(require.resolve(f.file)))]));
  const subsetter = await createSubsetter(readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')));
  // Lines: distinct baselines per column (the two columns of a page share their baselines).
  const lines = pages.reduce((sum, page) => sum + new Set(page.items.flatMap((i) => (i.op === Op.GlyphRun ? [`${i.y}|${i.xs[0]! < page.width / 2}`] : []))).size, 0);
  const runsMs: number[] = [];
  const runsCpuMs: number[] = [];
  let bytes = 0;
  for (let r = 0; r < repeats; r++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const out = await writePdf({ pages, fontBytes: (id) => fontBytes.get(id), subsetter, metadata: { title: 'PDF bench', language: 'en' }, outlines: true, cutLines: null, binding: 'left', date: new Date(0) });
    runsMs.push(Math.round(performance.now() - start));
    const used = process.cpuUsage(cpu);
    runsCpuMs.push(Math.round((used.user + used.system) / 1000));
    bytes = out.bytes.byteLength;
  }
  const warm = runsMs.slice(1).sort((a, b) => a - b);
  const glyphRuns = pages.reduce((sum, page) => sum + page.items.filter((i) => i.op === Op.GlyphRun).length, 0);
  return { pages: pages.length, lines, glyphRuns, bytes, coldMs: runsMs[0]!, warmMedianMs: warm[Math.floor(warm.length / 2)] ?? runsMs[0]!, runsMs, runsCpuMs };
}

if (process.argv.includes('--pdf-only')) console.log(JSON.stringify(await measurePdfExport(Number(process.env['BENCH_REPEATS'] ?? 4))));
