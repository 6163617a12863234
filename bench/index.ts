/**
 * `npm run bench`: speed, scale and memory figures as one JSON document on stdout, a short human
 * table on stderr. Never asserted in tests.
 *
 * - Node: parse throughput, Knuth–Plass and the whole engine on generated text (no worker, no browser),
 *   and the PDF writer on ~300 laid-out pages.
 * - A Chromium Web Worker (bench-only entry): issue 5's 100,000-word paragraph figure, as in Node.
 * - Chromium (the built app, Debian's /usr/bin/chromium): app start, cold layout of generated
 *   books of ~100, 300 and 1000 pages, global change, edit → convergence, cancel latency, first
 *   page of a book, worker heap, and paged.js paginating the same book in the same browser.
 * Generated inputs never repeat a paragraph, so caches cannot flatter the numbers.
 *
 * Flags: `--node-only`, `--sizes=100,300`, `--repeats=3`, `--dist=dist-bench` (the built app),
 * `--no-build` (reuse it), `--peers=pagedjs,vivliostyle`, `--peer-timeout=600` (s per pagination),
 * `--watchdog=60` (s: the worker watchdog's ping timeout during the run; the app's own is 2.5 s),
 * `--trace-edits=edits.json` (a Chrome trace of the thirty edits, every thread; `node bench/trace-summary.mjs edits.json` reads it),
 * `--trace-cold=cold.json`, `--trace-global=global.json`, `--trace-cancel=cancel.json`, `--trace-first=first.json`
 * (the same of the first size's cold layouts, global changes, cancel probes and last opening from the Books list),
 * `--snapshot-kept=kept.heapsnapshot` (a heap snapshot of the book worker once the first size's kept heap is read),
 * `--js-flags="--trace-opt --trace-deopt"` (V8 flags for the browser; its output, V8's traces included, then goes to
 * stderr with the first size's cold, global, edit and cancel phases marked: `2> browser.log`, then `node bench/jit-summary.mjs browser.log`).
 */
import { execFileSync } from 'node:child_process';
import type { PeerName } from './peers';
import { cpus, loadavg, totalmem } from 'node:os';
import { runBrowserBench, type BrowserFigures, type PeerFigures } from './browser';
import { measureNodeLayout } from './layout-node';
import { measureNodeEdits } from './edit-node';
import { measureNodeHeap } from './heap-node';
import { measureLineBreaking } from './linebreak-speed';
import { measureParagraphSetting } from './paragraph-speed';
import { measureParagraphSettingInWorker, type WorkerParagraphFigures } from './paragraph-browser';
import { measureShaping } from './shaping-speed';
import { generateChapter, measureParseThroughput } from './parse-throughput';
import { measurePdfExport } from './pdf-export';

const args = new Map(process.argv.slice(2).map((arg) => {
  // Split at the first '=' only: a value may hold more (`--js-flags=--max-semi-space-size=32`).
  const body = arg.replace(/^--/, '');
  const at = body.indexOf('=');
  return (at < 0 ? [body, 'true'] : [body.slice(0, at), body.slice(at + 1)]) as readonly [string, string];
}));
const startedAt = Date.now();
const log = (line: string): void => void process.stderr.write(`bench: ${new Date().toISOString().slice(11, 19)} ${line}\n`);

const parse = measureParseThroughput(generateChapter(1_000_000, 20261202), 5);
const node = {
  parseThroughput: { units: parse.units, blocks: parse.blocks, medianMs: Math.round(parse.medianMs * 10) / 10, megaUnitsPerSecond: Math.round(parse.megaUnitsPerSecond * 100) / 100 },
  lineBreaking100kWords: measureLineBreaking(),
  // Issue 5: shaping + hyphenation + Knuth–Plass + set lines of a 100,000-word book (~300 pages),
  // fresh caches with fonts and patterns loaded (target ≤ 300 ms), and re-set at a new measure
  // with caches warm (≤ 100 ms).
  paragraphs100kWords: measureParagraphSetting(),
  // The pure engine on ~100 generated pages (1,080 paragraphs in the default design), no worker.
  engineLayout: measureNodeLayout(1080, 2, 20261202),
  // Issue 6: 30 one-paragraph edits in the middle chapter of the ~300-page bench book (3,250
  // paragraphs), each laid out again with the same cache: the engine's share of edit → convergence.
  engineEdits: measureNodeEdits(3250, 30, 20261202),
  // Issue 6 memory: what the engine keeps of the ~300-page bench book after a cold layout and after
  // each of three global changes on the same cache (live heap after a full collection, MB).
  engineHeap: measureNodeHeap(3250, 20261202),
  // The paragraph phase (bidi, itemization, fallback, HarfBuzz) over the sample books' paragraphs,
  // cold (fresh registry: every word shaped) and warm (shaping cache), per script.
  shaping: measureShaping(),
  // A print-ready PDF of ~300 generated pages from their display lists (issue 13 target ≤ 2 s).
  pdfExport: await measurePdfExport(),
};
log(`node: ${node.engineLayout.pages} pages laid out in ${node.engineLayout.coldLayoutMs.median} ms by the engine alone`);
log(`node: one-paragraph edit on ${node.engineEdits.pages} pages relaid out in p50 ${node.engineEdits.p50} ms, p95 ${node.engineEdits.p95} ms (CPU p50 ${node.engineEdits.cpu.p50} ms, p95 ${node.engineEdits.cpu.p95} ms) by the engine alone`);
log(`node: the engine keeps ${node.engineHeap.keptAfterColdMB} MB for ${node.engineHeap.pages} pages after a cold layout, then ${node.engineHeap.keptAfterChangesMB.join(', ')} MB after each of three global changes`);
log(`node: 100k words shaped, hyphenated and broken cold in ${node.paragraphs100kWords.coldMs.median} ms (${node.paragraphs100kWords.lines} lines), kept in ${node.paragraphs100kWords.keepMs.median} ms (idle), re-broken warm in ${node.paragraphs100kWords.rebreakMs.median} ms`);
log(`node: PDF of ${node.pdfExport.pages} pages written in ${node.pdfExport.warmMedianMs} ms (first ${node.pdfExport.coldMs} ms), ${node.pdfExport.glyphRuns} glyph runs for ${node.pdfExport.lines} lines`);

let browser: BrowserFigures | { error: string } | null = null;
// Issue 5's figure again, inside a Web Worker in Chromium (bench/paragraph-browser.ts).
let chromiumWorker: { paragraphs100kWords: WorkerParagraphFigures } | null = null;
if (!args.has('node-only')) {
  try {
    chromiumWorker = { paragraphs100kWords: await measureParagraphSettingInWorker() };
  } catch (error) {
    chromiumWorker = { paragraphs100kWords: { error: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
  }
  const w = chromiumWorker.paragraphs100kWords;
  log('error' in w ? `chromium worker: 100k words failed: ${w.error.split('\n')[0]}` : `chromium worker: 100k words set cold in ${w.figures.coldMs.median} ms, kept in ${w.figures.keepMs.median} ms (idle), re-set warm in ${w.figures.rebreakMs.median} ms`);
  try {
    browser = await runBrowserBench({
      dist: args.get('dist') ?? 'dist-bench',
      traceEditsTo: args.get('trace-edits'),
      traceColdTo: args.get('trace-cold'),
      traceGlobalTo: args.get('trace-global'),
      traceCancelTo: args.get('trace-cancel'),
      traceFirstTo: args.get('trace-first'),
      snapshotKeptTo: args.get('snapshot-kept'),
      jsFlags: args.get('js-flags'),
      sizes: (args.get('sizes') ?? '100,300,1000').split(',').map(Number),
      repeats: Number(args.get('repeats') ?? 3),
      seed: 20261202,
      peerTimeoutMs: Number(args.get('peer-timeout') ?? 600) * 1000,
      watchdogPingTimeoutMs: Number(args.get('watchdog') ?? 60) * 1000,
      peers: (args.get('peers') ?? 'pagedjs,vivliostyle').split(',').filter((p): p is PeerName => p === 'pagedjs' || p === 'vivliostyle'),
      log,
    });
  } catch (error) {
    browser = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

const chromiumVersion = (): string => {
  try {
    return execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
};

const report = {
  machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', memoryGB: Math.round(totalmem() / 1e9), loadAverage1m: Math.round(loadavg()[0]! * 10) / 10, chromium: chromiumVersion() },
  startedAt: new Date(startedAt).toISOString(),
  durationS: Math.round((Date.now() - startedAt) / 1000),
  node,
  chromiumWorker,
  browser,
};
console.log(JSON.stringify(report, null, 2));

// The short table for people (stderr, so stdout stays one JSON document).
const table = (rows: string[][]): void => {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const row of rows) process.stderr.write(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd() + '\n');
};
const ms = (value: number | undefined | null): string => (value === undefined || value === null ? '—' : value >= 10_000 ? `${Math.round(value / 100) / 10} s` : `${Math.round(value)} ms`);
process.stderr.write('\n');
if (browser && !('error' in browser)) {
  const peer = (p: PeerFigures): string => ('error' in p ? (p.pagesSoFar !== undefined ? `timeout (${p.pagesSoFar} p)` : 'not run') : `${p.pages} p, ${ms(p.ms.median)}`);
  const ratio = (p: PeerFigures): string => ('ratioToOurs' in p ? `${p.ratioToOurs}` : '—');
  const rows: string[][] = [['nominal', 'ours: pages', 'cold layout', 'pages/s', 'global change', 'heap MB peak / kept', 'paged.js', 'paged.js/ours', 'Vivliostyle', 'Vivliostyle/ours', 'hash']];
  for (const s of browser.sizes) {
    rows.push([String(s.nominalPages), `${s.pages}${s.pagesWithinTenPercent ? '' : ' (!)'}`, ms(s.coldLayoutMs.median), String(s.pagesPerSecond), ms(s.globalChangeMs.median), `${s.workerHeapPeakMB ?? '—'} / ${s.workerHeapKeptMB ?? '—'}`, peer(s.pagedJs), ratio(s.pagedJs), peer(s.vivliostyle), ratio(s.vivliostyle), s.displayListHash.slice(0, 8)]);
  }
  table(rows);
  const edited = browser.sizes.find((s) => s.editToConvergedMs);
  if (edited?.editToConvergedMs) {
    process.stderr.write(`${edited.pages} pages: edit → converged p50 ${ms(edited.editToConvergedMs.p50)}, p95 ${ms(edited.editToConvergedMs.p95)}; cancel ${ms(edited.cancelLatencyMs?.median)}; PDF export ${ms(edited.pdfExportMs?.median)}\n`);
    process.stderr.write(`${edited.pages} pages: first page opened from the list ${ms(edited.firstPageWarmMs?.median)}, app started at its link warm ${ms(edited.firstPageWarmStartMs?.median)}, cold ${ms(edited.firstPageColdStartMs?.median)}\n`);
  }
  for (const failed of browser.failedSizes) process.stderr.write(`${failed.nominalPages} pages FAILED: ${failed.error.split('\n')[0]}\n`);
  process.stderr.write(`app start (sample book): cold ${ms(browser.appStart.coldFirstPageMs.median)}, warm ${ms(browser.appStart.warmFirstPageMs.median)}; scaling 1000/300 ${browser.scaling.t1000OverT300 ?? '—'}, 300/100 ${browser.scaling.t300OverT100 ?? '—'}\n`);
} else if (browser) process.stderr.write(`browser figures failed: ${browser.error}\n`);
process.stderr.write(`node: parse ${node.parseThroughput.megaUnitsPerSecond} M units/s; 100k words set cold ${ms(node.paragraphs100kWords.coldMs.median)} (first run ${ms(node.paragraphs100kWords.firstRunMs)}), re-set warm ${ms(node.paragraphs100kWords.rebreakMs.median)}; engine alone ${node.engineLayout.pages} pages in ${ms(node.engineLayout.coldLayoutMs.median)}; PDF of ${node.pdfExport.pages} pages ${ms(node.pdfExport.warmMedianMs)}\n`);
if (chromiumWorker && !('error' in chromiumWorker.paragraphs100kWords)) {
  const w = chromiumWorker.paragraphs100kWords.figures;
  process.stderr.write(`chromium worker: 100k words set cold ${ms(w.coldMs.median)} (first run ${ms(w.firstRunMs)}), re-set warm ${ms(w.rebreakMs.median)}\n`);
}
process.stderr.write(`${report.machine.cpus} × ${report.machine.cpu}, load ${report.machine.loadAverage1m}, ${report.machine.chromium}; ${report.durationS} s in all\n`);
process.exit(0);
