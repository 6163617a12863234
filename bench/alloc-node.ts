/**
 * What a cold layout of the ~300-page bench book costs in Node: wall time and bytes allocated
 * (garbage included), for measuring allocation work in paragraph setting (issue 6: ≤ 0.5 s cold
 * for 300 pages, ≤ 200 MB worker heap for 1000). Not part of `npm run bench`: run by hand.
 * Bundle it with rolldown's `build` as scripts/bench.mjs bundles bench/index.ts (input this file,
 * platform node, format esm, every bare import external), into a folder holding a `node_modules`
 * link to the project's, and run it from the project root (it reads the hyphenation patterns there):
 *
 *   node --expose-gc --single-threaded /tmp/alloc-bench/alloc-node.mjs [--runs=5] [--profile]
 *
 * To compare two builds, bundle each tree (a `git archive` of each commit) and alternate their runs.
 *
 * `--single-threaded` (no concurrent compilation or GC threads) makes the allocated bytes repeat
 * to within ~1 % from run to run (with background compilation they vary by ±10 MB: code runs
 * unoptimised, boxing doubles, for as long as the compiler thread happens to take).
 * Each run lays the book out on fresh caches, fonts and hyphenator (a worker's first build), after
 * one warm-up run (code compiled). Allocated bytes are summed from V8's GC profiler: the heap
 * grows between collections only by allocation, so Σ (used before a GC − used after the previous
 * one) + the growth since the last GC is what the run allocated, MB (2^20 bytes). `--profile`
 * adds a sampling heap profile of one more run (collected objects included) and prints the
 * functions that allocated most (self, MB).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { GCProfiler } from 'node:v8';
import { createHyphenator, defaultSettings, EngineCache, layoutBook, type BookInput } from '../src/worker/engine';
import { serializeDisplayList } from '../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../tests/support/node-world';
import { chapterToMarkdown, generateBook } from './book';

/** The bench's ~300-page book (bench/index.ts engineHeap: 3,250 paragraphs). */
const PARAGRAPHS = 3250;
const SEED = 20261202;

const args = new Set(process.argv.slice(2));
const runs = Number([...args].find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 5);
const chapters = generateBook(SEED, PARAGRAPHS).chapters.map((c) => ({ id: c.id, title: c.title, source: chapterToMarkdown(c) }));

function freshInput(): BookInput {
  const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
  return { title: 'Bench', settings: defaultSettings(), hyphenator, chapters };
}

/** SHA-256 of the last warm-up layout's display lists, serialised: two builds that must not change output print the same. */
let digest = '';

function layOut(input: BookInput, fonts: ReturnType<typeof nodeFontRegistry>, hash = false): number {
  const steps = layoutBook(input, fonts, new EngineCache());
  let step = steps.next();
  while (!step.done) step = steps.next();
  if (hash) {
    const sha = createHash('sha256');
    for (const page of step.value.pages) sha.update(serializeDisplayList(page));
    digest = sha.digest('hex').slice(0, 16);
  }
  return step.value.pages.length;
}

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with node --expose-gc');

interface RunFigures {
  ms: number;
  /** CPU time of the process over the run (user + system), ms: steadier than wall time on a loaded machine. */
  cpuMs: number;
  /** Time the collections of the run took, ms (the GC profiler's `cost`; all on the main thread under --single-threaded). */
  gcMs: number;
  allocatedMB: number;
  pages: number;
}

function measuredRun(): RunFigures {
  const input = freshInput();
  const fonts = nodeFontRegistry();
  collect!();
  const profiler = new GCProfiler();
  profiler.start();
  const startUsed = process.memoryUsage().heapUsed;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const pages = layOut(input, fonts);
  const cpu = process.cpuUsage(cpuStart);
  const ms = performance.now() - start;
  const endUsed = process.memoryUsage().heapUsed;
  const stats = profiler.stop();
  let allocated = 0;
  let gcMicroseconds = 0;
  let previousAfter = startUsed;
  for (const gc of stats.statistics) {
    gcMicroseconds += gc.cost;
    allocated += gc.beforeGC.heapStatistics.usedHeapSize - previousAfter;
    previousAfter = gc.afterGC.heapStatistics.usedHeapSize;
  }
  allocated += endUsed - previousAfter;
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, gcMs: gcMicroseconds / 1000, allocatedMB: allocated / 1048576, pages };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

layOut(freshInput(), nodeFontRegistry(), true); // warm-up: code compiled (and the output's digest)
const figures: RunFigures[] = [];
for (let r = 0; r < runs; r++) figures.push(measuredRun());
const round = (n: number): number => Math.round(n * 10) / 10;
process.stdout.write(
  `${figures[0]!.pages} pages, ${runs} cold runs: median ${round(median(figures.map((f) => f.ms)))} ms (CPU ${round(median(figures.map((f) => f.cpuMs)))} ms, GC ${round(median(figures.map((f) => f.gcMs)))} ms), ` +
    `${round(median(figures.map((f) => f.allocatedMB)))} MB allocated, display lists ${digest} ` +
    `(ms ${figures.map((f) => Math.round(f.ms)).join(' ')}; CPU ms ${figures.map((f) => Math.round(f.cpuMs)).join(' ')}; MB ${figures.map((f) => Math.round(f.allocatedMB)).join(' ')})\n`,
);

if (args.has('--profile')) {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object): Promise<unknown> =>
    new Promise((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
  interface ProfileNode {
    callFrame: { functionName: string; url: string; lineNumber: number };
    selfSize: number;
    children: ProfileNode[];
  }
  const input = freshInput();
  const fonts = nodeFontRegistry();
  await post('HeapProfiler.enable');
  await post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  layOut(input, fonts);
  const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: { head: ProfileNode } };
  const bySite = new Map<string, number>();
  // A built-in (no script: Array.prototype.slice, join, push…) is named with its caller.
  const walk = (node: ProfileNode, caller: string): void => {
    const frame = node.callFrame;
    const own = `${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`;
    const key = frame.url === '' ? `${own} <- ${caller}` : own;
    bySite.set(key, (bySite.get(key) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, frame.url === '' ? caller : own);
  };
  walk(profile.head, '');
  const top = [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 30);
  for (const [site, bytes] of top) process.stdout.write(`${(bytes / 1048576).toFixed(1).padStart(7)} MB  ${site}\n`);
}
