/**
 * What a global change (a new body size) of the ~300-page bench book leaves for the collector, by
 * allocation site, in Node: what it allocates, what outlives a scavenge, and what is still alive
 * when it ends (issue #6: a global change ≤ 0.5 s for 300 pages, ≤ 200 MB worker heap for 1000).
 * Not part of `npm run bench`: run by hand, bundled as bench/alloc-node.ts says, with the
 * collector exposed:
 *
 *   node --expose-gc /tmp/survivors/survivors-node.mjs [--paragraphs=3250] [--sites=25]
 *
 * Why: a scavenge's cost is what it copies (the objects still alive in the young generation), not
 * what it frees, and every object that outlives two is copied twice and then marked by each major
 * collection. In the bench's Chromium traces the book worker spends ~1/3 of a global change in
 * scavenges; this says which objects they copy and whether those are the new layout (kept) or
 * objects that live just long enough to be copied and then die (promoted garbage).
 *
 * How: V8's sampling heap profiler (one sample per ~8 kB allocated) keeps or drops a sample's
 * object as the collector does, as it is told: with the objects collected by scavenges and by
 * major collections kept, it reports all allocation; with those of scavenges dropped, what
 * outlived one; with both dropped, what was alive at the end (a full collection forced before the
 * profile is read). Each mode runs over its own global changes (two each, taken in turn with the
 * other modes', every change a size the cache has not met), on one cache warmed by a cold layout,
 * so the three describe the same work. Figures are MB per change.
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createHyphenator, defaultSettings, EngineCache, layoutBook, type BookInput } from '../src/worker/engine';
import { nodeFontRegistry } from '../tests/support/node-world';
import { chapterToMarkdown, generateBook } from './book';

const option = (name: string, fallback: number): number => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
/** The bench's ~300-page book (bench/index.ts engineHeap), the same seed as bench/alloc-node.ts. */
const PARAGRAPHS = option('paragraphs', 3250);
const SITES = option('sites', 25);
const SEED = 20261202;
/** Changes per profiling mode: each mode's figure is their mean. */
const CHANGES_PER_MODE = 2;

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with node --expose-gc');

const fonts = nodeFontRegistry();
const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
const settings = defaultSettings();
const chapters = generateBook(SEED, PARAGRAPHS).chapters.map((c) => ({ id: c.id, title: c.title, source: chapterToMarkdown(c) }));
const input: BookInput = { title: 'Bench', settings, hyphenator, chapters };

function layOut(book: BookInput, cache: EngineCache): void {
  const steps = layoutBook(book, fonts, cache);
  let step = steps.next();
  while (!step.done) step = steps.next();
}

/** The book at body size × (1 + 2 % × k): every change a size the cache has not met. */
function resized(k: number): BookInput {
  const body = settings.body;
  return { ...input, settings: { ...settings, body: { ...body, style: { ...body.style, size: body.style.size * (1 + 0.02 * k) } } } };
}

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const MODES = [
  { name: 'allocated', major: true, minor: true },
  { name: 'survived a scavenge', major: true, minor: false },
  { name: 'alive at the end', major: false, minor: false },
] as const;
type Mode = (typeof MODES)[number]['name'];

const cache = new EngineCache();
layOut(input, cache);
const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
/** Bytes per site and mode, summed over the mode's changes. */
const bySite = new Map<string, Record<Mode, number>>();
let change = 0;
for (let round = 0; round < CHANGES_PER_MODE; round++) {
  for (const mode of MODES) {
    change++;
    const book = resized(change);
    collect();
    await session.post('HeapProfiler.startSampling', { samplingInterval: 8192, includeObjectsCollectedByMajorGC: mode.major, includeObjectsCollectedByMinorGC: mode.minor });
    layOut(book, cache);
    collect();
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: ProfileNode } };
    // A built-in (no script: slice, join, Map.set…) is named with the function that called it: with
    // an inlined caller's, so one site may show under two names from run to run (finishRun / finishRuns).
    const walk = (node: ProfileNode, caller: string): void => {
      const frame = node.callFrame;
      const own = `${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`;
      const site = frame.url === '' ? `${own} <- ${caller}` : own;
      const row = bySite.get(site) ?? { allocated: 0, 'survived a scavenge': 0, 'alive at the end': 0 };
      row[mode.name] += node.selfSize;
      bySite.set(site, row);
      for (const child of node.children) walk(child, frame.url === '' ? caller : own);
    };
    walk(profile.head, '');
  }
}

const mb = (bytes: number): string => (bytes / CHANGES_PER_MODE / 1048576).toFixed(2).padStart(8);
const total = (mode: Mode): number => [...bySite.values()].reduce((sum, row) => sum + row[mode], 0);
process.stdout.write(`${PARAGRAPHS} paragraphs, MB per global change: allocated ${mb(total('allocated'))}, survived a scavenge ${mb(total('survived a scavenge'))}, alive at the end ${mb(total('alive at the end'))}\n`);
process.stdout.write(`${'allocated'.padStart(10)} ${'survived'.padStart(8)} ${'alive'.padStart(8)}  site (line of the bundle)\n`);
const rows = [...bySite].sort((a, b) => b[1]['survived a scavenge'] - a[1]['survived a scavenge']).slice(0, SITES);
for (const [site, row] of rows) process.stdout.write(`${mb(row.allocated)}   ${mb(row['survived a scavenge'])} ${mb(row['alive at the end'])}  ${site}\n`);
