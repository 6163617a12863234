/**
 * `npm run bench`: speed, scale and memory figures as one JSON document on stdout, a short human
 * table on stderr. Never asserted in tests.
 *
 * - Node: parse throughput, Knuth–Plass and the whole engine on generated text (no worker, no browser),
 *   and the PDF writer on ~300 laid-out pages.
 * - Chromium (the built app, Debian's /usr/bin/chromium): app start, cold layout of generated
 *   books of ~100, 300 and 1000 pages, global change, edit → convergence, cancel latency, first
 *   page of a book, worker heap, and paged.js paginating the same book in the same browser.
 * Generated inputs never repeat a paragraph, so caches cannot flatter the numbers.
 *
 * Flags: `--node-only`, `--sizes=100,300`, `--repeats=3`, `--dist=dist-bench` (the built app).
 */
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { runBrowserBench, type BrowserFigures } from './browser';
import { measureNodeLayout } from './layout-node';
import { measureLineBreaking } from './linebreak-speed';
import { measureShaping } from './shaping-speed';
import { generateChapter, measureParseThroughput } from './parse-throughput';
import { measurePdfExport } from './pdf-export';

const args = new Map(process.argv.slice(2).map((arg) => {
  const [key, value] = arg.replace(/^--/, '').split('=');
  return [key!, value ?? 'true'] as const;
}));
const log = (line: string): void => void process.stderr.write(`bench: ${line}\n`);

const parse = measureParseThroughput(generateChapter(1_000_000, 20261202), 5);
const node = {
  parseThroughput: { units: parse.units, blocks: parse.blocks, medianMs: Math.round(parse.medianMs * 10) / 10, megaUnitsPerSecond: Math.round(parse.megaUnitsPerSecond * 100) / 100 },
  lineBreaking100kWords: measureLineBreaking(),
  // The pure engine on ~100 generated pages (900 paragraphs in the default design), no worker.
  engineLayout: measureNodeLayout(900, 2, 20261202),
  // The paragraph phase (bidi, itemization, fallback, HarfBuzz) over the sample books' paragraphs,
  // cold (fresh registry: every word shaped) and warm (shaping cache), per script.
  shaping: measureShaping(),
  // A print-ready PDF of ~300 generated pages from their display lists (issue 13 target ≤ 2 s).
  pdfExport: await measurePdfExport(),
};
log(`node: ${node.engineLayout.pages} pages laid out in ${node.engineLayout.coldLayoutMs.median} ms by the engine alone`);
log(`node: PDF of ${node.pdfExport.pages} pages written in ${node.pdfExport.warmMedianMs} ms (first ${node.pdfExport.coldMs} ms), ${node.pdfExport.glyphRuns} glyph runs for ${node.pdfExport.lines} lines`);

let browser: BrowserFigures | { error: string } | null = null;
if (!args.has('node-only')) {
  try {
    browser = await runBrowserBench({
      dist: args.get('dist') ?? 'dist-bench',
      sizes: (args.get('sizes') ?? '100,300,1000').split(',').map(Number),
      repeats: Number(args.get('repeats') ?? 3),
      seed: 20261202,
      log,
    });
  } catch (error) {
    browser = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

const chromiumVersion = (): string => {
  try {
    return execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
};

const report = {
  machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', memoryGB: Math.round(totalmem() / 1e9), chromium: chromiumVersion() },
  node,
  browser,
};
console.log(JSON.stringify(report, null, 2));

// The short table for people (stderr, so stdout stays one JSON document).
if (browser && !('error' in browser)) {
  const rows: string[][] = [['pages (ours / paged.js)', 'cold layout ms', 'pages/s', 'global change ms', 'paged.js ms', 'paged.js / ours', 'heap MB']];
  for (const s of browser.sizes) {
    const paged = 'error' in s.pagedJs ? null : s.pagedJs;
    rows.push([`${s.pages} / ${paged?.pages ?? '—'}`, String(s.coldLayoutMs.median), String(s.pagesPerSecond), String(s.globalChangeMs.median), String(paged?.ms.median ?? '—'), String(s.ratioPagedJsOverOurs ?? '—'), String(s.workerHeapPeakMB ?? '—')]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const row of rows) process.stderr.write(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ') + '\n');
  const with300 = browser.sizes.find((s) => s.editToConvergedMs);
  if (with300?.editToConvergedMs) process.stderr.write(`edit → converged p50 ${with300.editToConvergedMs.p50} ms, p95 ${with300.editToConvergedMs.p95} ms; cancel ${with300.cancelLatencyMs?.median} ms; first page ${with300.firstPageWarmMs?.median} ms\n`);
  process.stderr.write(`app start: cold ${browser.appStart.coldFirstPageMs.median} ms, warm ${browser.appStart.warmFirstPageMs.median} ms; scaling 1000/300 ${browser.scaling.t1000OverT300 ?? '—'}, 300/100 ${browser.scaling.t300OverT100 ?? '—'}\n`);
}
process.exit(0);
