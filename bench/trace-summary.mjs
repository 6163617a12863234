// Reads a Chrome trace written by `npm run bench -- --trace-edits=edits.json` (or --trace-cold,
// --trace-global, --trace-cancel, --trace-first) and prints, for each window the bench measured (its `bench edit N`, `bench cold N`,
// `bench global N`, `bench cancel N`, `bench first 1` user-timing measures), how long each thread of the page's
// renderer was busy in it (top-level tasks, ms), how much of that was garbage collection, and the
// longest tasks. It answers "what held the edit": the book worker's build, the main thread's frame,
// the paint worker, or a collection.
//
// With `--profile=<thread>` (e.g. `--profile="book worker"`) and `--dist=<built app>`, each window
// also lists that thread's V8 samples by function (self time, ms), located through the build's
// source maps (`file.ts:line`). `--inclusive` counts a sample for every function on its stack
// (once each, however deep the recursion), so a phase reads as the time spent under it.
//
// Each window also splits the background threads' time (the renderer's thread pool) by what posted
// it: V8's optimizing compilers (Maglev, TurboFan, baseline), its collector (concurrent marking,
// sweeping, scavenging, evacuation), or anything else. On a two-core machine that time is taken
// from the threads the bench waits for: during the thirty edits of 2026-12-07 the pool ran
// 753 ms against the book worker's 353 ms, half of it Maglev compiling the edit path.
//
// Usage: node bench/trace-summary.mjs edits.json [--tasks=3] [--profile="book worker" --dist=dist-bench --functions=12 --inclusive]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: node bench/trace-summary.mjs <trace.json> [--tasks=3]\n');
  process.exit(2);
}
const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const taskCount = Number(option('tasks') ?? 3);
const profiled = option('profile');
const dist = option('dist');
const functionCount = Number(option('functions') ?? 12);
const inclusive = process.argv.includes('--inclusive');
const parsed = JSON.parse(readFileSync(file, 'utf8'));
/** @type {{ name: string; cat: string; ph: string; ts: number; dur?: number; tid: number; pid: number; id?: string; id2?: { local?: string }; args?: Record<string, unknown> }[]} */
const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;

// Thread names, and the script each worker thread ran (the book worker and the paint worker are both
// "DedicatedWorker thread").
const threadName = new Map();
const threadScript = new Map();
for (const e of events) {
  if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, String(e.args?.name ?? ''));
  const data = /** @type {{ url?: string } | undefined} */ (e.args?.data);
  const url = data?.url;
  if (typeof url === 'string' && /worker/.test(url) && !threadScript.has(`${e.pid}:${e.tid}`)) threadScript.set(`${e.pid}:${e.tid}`, url.replace(/^.*\//, ''));
}
const label = (key) => {
  const name = threadName.get(key) ?? key;
  if (name === 'CrRendererMain') return 'main';
  const script = threadScript.get(key);
  if (name.startsWith('DedicatedWorker')) return script?.includes('paint') ? 'paint worker' : 'book worker';
  return name;
};

// Edit windows from the user-timing measures (async begin/end pairs).
const begins = new Map();
const windows = [];
for (const e of events) {
  if (e.cat !== 'blink.user_timing' || !/^bench (edit|cold|global|cancel|first) [\d.]+$/.test(e.name)) continue;
  const id = `${e.name}:${e.id ?? e.id2?.local ?? ''}`;
  if (e.ph === 'b') begins.set(id, e.ts);
  else if (e.ph === 'e' && begins.has(id)) windows.push({ name: e.name, from: begins.get(id), to: e.ts });
}
windows.sort((a, b) => a.from - b.from);
if (windows.length === 0) {
  process.stderr.write('no "bench edit|cold|global N" measures in this trace\n');
  process.exit(1);
}

// Top-level tasks per thread, and garbage collections.
// (devtools.timeline's `RunTask` is the same task as toplevel's `ThreadControllerImpl::RunTask`: one of them only.)
const TASK = new Set(['ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);
const GC = /^(MinorGC|MajorGC|V8\.GC_SCAVENGER|V8\.GC_MARK_COMPACTOR|V8\.GCScavenger|V8\.GCFinalizeMC|V8\.GC_MC_INCREMENTAL|V8\.GCIncrementalMarking|V8\.GC_MINOR_MARK_SWEEPER|BlinkGC\.)/;
const tasks = [];
const collections = [];
for (const e of events) {
  if (e.ph !== 'X' || e.dur === undefined) continue;
  const key = `${e.pid}:${e.tid}`;
  if (TASK.has(e.name)) tasks.push({ key, from: e.ts, to: e.ts + e.dur, name: e.name });
  else if (GC.test(e.name) && (e.name === 'MinorGC' || e.name === 'MajorGC' || !e.name.startsWith('V8.GC_') || e.name === 'V8.GC_SCAVENGER' || e.name === 'V8.GC_MARK_COMPACTOR')) collections.push({ key, from: e.ts, to: e.ts + e.dur, name: e.name });
}
const overlap = (a, from, to) => Math.max(0, Math.min(a.to, to) - Math.max(a.from, from));

// What a thread-pool task did, by the source file that posted it (its `src_file` argument).
const poolKind = (file) => {
  if (/maglev/.test(file)) return 'Maglev';
  if (/optimizing-compile|turbofan|compiler\//.test(file)) return 'TurboFan';
  if (/baseline/.test(file)) return 'baseline';
  if (/concurrent-marking|incremental-marking/.test(file)) return 'marking';
  if (/sweeper/.test(file)) return 'sweeping';
  if (/scavenger|minor-mark/.test(file)) return 'scavenging';
  if (/mark-compact|evacuat/.test(file)) return 'compaction';
  if (/heap\//.test(file)) return 'other GC';
  return 'other';
};
// The renderer that runs the book worker (other processes' pools are not the page's).
const rendererPid = [...threadName.keys()].find((key) => label(key) === 'book worker')?.split(':')[0];
const poolTasks = [];
for (const e of events) {
  if (e.ph !== 'X' || e.dur === undefined || e.name !== 'ThreadPool_RunTask' || String(e.pid) !== rendererPid) continue;
  const file = String(e.args?.src_file ?? '');
  poolTasks.push({ from: e.ts, to: e.ts + e.dur, kind: poolKind(file) });
}

// The names of what ran inside a task: its longest child event on the same thread (FunctionCall,
// v8.callFunction, EventDispatch, BeginMainFrame, ...), for the longest tasks' labels.
const children = events.filter((e) => e.ph === 'X' && e.dur !== undefined && !TASK.has(e.name) && e.dur > 1000);
const innerName = (task) => {
  let best = null;
  for (const e of children) {
    if (`${e.pid}:${e.tid}` !== task.key || e.ts < task.from || e.ts + e.dur > task.to) continue;
    if (!best || e.dur > best.dur) best = e;
  }
  if (!best) return '';
  const data = /** @type {{ functionName?: string; url?: string } | undefined} */ (best.args?.data);
  return `${best.name}${data?.functionName ? ` ${data.functionName}` : ''}`;
};

const ms = (us) => Math.round(us / 100) / 10;

// V8 samples per thread: each Profile (one per thread) gathers ProfileChunks of nodes and samples.
const profiles = new Map();
for (const e of events) {
  if (e.name === 'Profile' && e.ph === 'P') profiles.set(e.id, { key: `${e.pid}:${e.tid}`, time: Number(e.args?.data?.startTime ?? 0), nodes: new Map(), samples: [] });
}
for (const e of events) {
  if (e.name !== 'ProfileChunk') continue;
  const profile = profiles.get(e.id);
  if (!profile) continue;
  const data = e.args?.data ?? {};
  for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
  const samples = data.cpuProfile?.samples ?? [];
  const deltas = data.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    profile.time += deltas[i] ?? 0;
    profile.samples.push({ node: samples[i], ts: profile.time });
  }
}
// Source maps of the built app, read once per script.
const maps = new Map();
const consumerFor = (url) => {
  if (!dist || !url) return null;
  const file = join(dist, new URL(url).pathname);
  if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
  return maps.get(file);
};
const where = (frame) => {
  if (!frame.url) return frame.functionName || '(native)';
  const consumer = consumerFor(frame.url);
  const original = consumer?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const name = original?.name ?? frame.functionName ?? '';
  const place = original?.source ? `${original.source.replace(/^.*\/src\//, '').replace(/^.*node_modules\//, '')}:${original.line}` : `${frame.url.replace(/^.*\//, '')}:${frame.lineNumber + 1}`;
  return `${frame.functionName || name || '(anonymous)'} ${place}`;
};
const selfTimeIn = (key, from, to) => {
  const byFunction = new Map();
  for (const profile of profiles.values()) {
    if (label(profile.key) !== profiled && profile.key !== key) continue;
    for (let i = 0; i + 1 < profile.samples.length; i++) {
      const sample = profile.samples[i];
      if (sample.ts < from || sample.ts >= to) continue;
      const node = profile.nodes.get(sample.node);
      const frame = node?.callFrame;
      if (!frame || frame.functionName === '(idle)') continue;
      const spent = profile.samples[i + 1].ts - sample.ts;
      if (!inclusive) {
        const name = where(frame);
        byFunction.set(name, (byFunction.get(name) ?? 0) + spent);
        continue;
      }
      // Every function on the stack, once: the nodes carry their parent's id.
      const onStack = new Set();
      for (let at = node; at; at = profile.nodes.get(at.parent)) {
        if (at.callFrame?.functionName === '(root)') break;
        onStack.add(where(at.callFrame));
      }
      for (const name of onStack) byFunction.set(name, (byFunction.get(name) ?? 0) + spent);
    }
  }
  return [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, functionCount).map(([name, us]) => `${ms(us)} ${name}`);
};
const rows = [];
for (const w of windows) {
  const perThread = new Map();
  for (const t of tasks) {
    const o = overlap(t, w.from, w.to);
    if (o <= 0) continue;
    const entry = perThread.get(t.key) ?? { busy: 0, gc: 0, longest: [] };
    entry.busy += o;
    entry.longest.push({ ...t, within: o });
    perThread.set(t.key, entry);
  }
  for (const c of collections) {
    const o = overlap(c, w.from, w.to);
    if (o <= 0) continue;
    const entry = perThread.get(c.key) ?? { busy: 0, gc: 0, longest: [] };
    entry.gc += o;
    perThread.set(c.key, entry);
  }
  const threads = [...perThread.entries()]
    .map(([key, v]) => ({ thread: label(key), busyMs: ms(v.busy), gcMs: ms(v.gc), longest: v.longest.sort((a, b) => b.within - a.within).slice(0, taskCount).map((t) => `${ms(t.within)}${innerName(t) ? ` ${innerName(t)}` : ''}`) }))
    .filter((t) => t.busyMs >= 0.5)
    .sort((a, b) => b.busyMs - a.busyMs);
  const pool = new Map();
  for (const t of poolTasks) {
    const o = overlap(t, w.from, w.to);
    if (o > 0) pool.set(t.kind, (pool.get(t.kind) ?? 0) + o);
  }
  const poolLine = [...pool.entries()].sort((a, b) => b[1] - a[1]).map(([kind, us]) => `${kind} ${ms(us)}`).join(', ');
  rows.push({ edit: w.name.replace('bench ', ''), ms: ms(w.to - w.from), threads, pool: poolLine, functions: profiled ? selfTimeIn(null, w.from, w.to) : [] });
}
for (const row of rows) {
  process.stdout.write(`${row.edit}: ${row.ms} ms\n`);
  for (const t of row.threads) process.stdout.write(`  ${t.thread.padEnd(22)} busy ${String(t.busyMs).padStart(6)} ms, gc ${String(t.gcMs).padStart(5)} ms; longest: ${t.longest.join(' | ')}\n`);
  if (row.pool) process.stdout.write(`  thread pool, ms by kind: ${row.pool}\n`);
  if (row.functions.length > 0) process.stdout.write(`  ${profiled}, ${inclusive ? "time under each function (inclusive)" : "self time by function"}:\n${row.functions.map((f) => `    ${f}`).join('\n')}\n`);
}
