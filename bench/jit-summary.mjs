// Reads the browser log written by `npm run bench -- --js-flags="--trace-opt --trace-deopt" --browser-log=browser.log`
// and prints, for each phase the bench marked in it (`### bench edits start` … `end`: cold, global, edits,
// cancel) and for the whole run, what V8's optimizing compilers did: compilations by tier (Maglev,
// TurboFan, on-stack replacement) with their time, the functions that cost most, and the deoptimizations
// by function and reason. Function names are the built app's (minified), each with its SharedFunctionInfo
// address: one function in one isolate (a worker of its own is another isolate, another address).
//
// Why: on a two-core machine the compilers' threads take the CPU the book worker needs. In the bench's
// thirty edits of 2026-12-07 the renderer's thread pool ran ~370 ms of Maglev against the book
// worker's ~350 ms of work (bench/trace-summary.mjs prints that split per window).
//
// Usage: node bench/jit-summary.mjs browser.log [--phase=edits] [--functions=15]
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: node bench/jit-summary.mjs <browser.log> [--phase=edits] [--functions=15]\n');
  process.exit(2);
}
const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('phase');
const functionCount = Number(option('functions') ?? 15);

// `[completed compiling 0x… <JSFunction name (sfi = 0x…)> (target MAGLEV) OSR - took 0.001, 0.971, 0.003 ms]`:
// the three times are the compile job's main-thread prepare, background and main-thread finalize phases.
const COMPILED = /completed compiling \S+ <JSFunction ?(\S*) \(sfi = (\S+)\)> \(target (\w+)\)( OSR)? - took ([\d.]+), ([\d.]+), ([\d.]+) ms/;
// `[bailout (kind: deopt-eager, reason: wrong map): begin. deoptimizing 0x… <JSFunction name (sfi = 0x…)>, 0x… <Code MAGLEV>, …, bytecode offset 26, …`
const BAILOUT = /bailout \(kind: ([\w-]+), reason: (.*?)\): begin\. deoptimizing \S+ <JSFunction ?(\S*) \(sfi = (\S+)\)>, \S+ <Code (\w+)>.*?bytecode offset (\d+)/;
const MARK = /^### bench (\w+) (start|end)$/;

/** Per phase: compilations and bailouts. */
const phases = new Map();
const phaseOf = (name) => {
  if (!phases.has(name)) phases.set(name, { compiled: [], bailouts: [] });
  return phases.get(name);
};
const open = new Set();
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const mark = MARK.exec(line.trim());
  if (mark) {
    if (mark[2] === 'start') open.add(mark[1]);
    else open.delete(mark[1]);
    continue;
  }
  const targets = ['whole run', ...open];
  const compiled = COMPILED.exec(line);
  if (compiled) {
    const [, name, sfi, tier, osr, prepare, background, finalize] = compiled;
    const entry = { fn: `${name || '(anonymous)'} ${sfi}`, tier: `${tier}${osr ? ' OSR' : ''}`, ms: Number(prepare) + Number(background) + Number(finalize) };
    for (const t of targets) phaseOf(t).compiled.push(entry);
    continue;
  }
  const bailout = BAILOUT.exec(line);
  if (bailout) {
    const [, kind, reason, name, sfi, tier, offset] = bailout;
    const entry = { fn: `${name || '(anonymous)'} ${sfi}`, what: `${tier} ${kind}: ${reason} at bytecode ${offset}` };
    for (const t of targets) phaseOf(t).bailouts.push(entry);
  }
}
if (phases.size === 0) {
  process.stderr.write('no --trace-opt or --trace-deopt lines in this log (run the bench with --js-flags="--trace-opt --trace-deopt")\n');
  process.exit(1);
}

const round = (ms) => Math.round(ms * 10) / 10;
const top = (map, n) => [...map.entries()].sort((a, b) => b[1].ms - a[1].ms || b[1].count - a[1].count).slice(0, n);
for (const [name, phase] of phases) {
  if (only && name !== only) continue;
  const byTier = new Map();
  const byFunction = new Map();
  for (const c of phase.compiled) {
    const tier = byTier.get(c.tier) ?? { count: 0, ms: 0 };
    tier.count++;
    tier.ms += c.ms;
    byTier.set(c.tier, tier);
    const fn = byFunction.get(c.fn) ?? { count: 0, ms: 0, tiers: [] };
    fn.count++;
    fn.ms += c.ms;
    fn.tiers.push(`${c.tier.replace('TURBOFAN_JS', 'TF').replace('MAGLEV', 'ML')} ${round(c.ms)}`);
    byFunction.set(c.fn, fn);
  }
  const bailouts = new Map();
  for (const b of phase.bailouts) {
    const key = `${b.fn}: ${b.what}`;
    bailouts.set(key, (bailouts.get(key) ?? 0) + 1);
  }
  process.stdout.write(`${name}: ${phase.compiled.length} compilations, ${phase.bailouts.length} deoptimizations\n`);
  process.stdout.write(`  by tier: ${[...byTier.entries()].map(([tier, t]) => `${tier} ${t.count} (${round(t.ms)} ms)`).join(', ')}\n`);
  process.stdout.write('  functions by compile time (ms, compilations: tier and ms of each):\n');
  for (const [fn, f] of top(byFunction, functionCount)) process.stdout.write(`    ${String(round(f.ms)).padStart(7)} ${String(f.count).padStart(3)}× ${fn}  [${f.tiers.join(', ')}]\n`);
  if (bailouts.size > 0) {
    process.stdout.write('  deoptimizations (count, function, tier, kind, reason):\n');
    for (const [key, count] of [...bailouts.entries()].sort((a, b) => b[1] - a[1]).slice(0, functionCount)) process.stdout.write(`    ${String(count).padStart(4)} ${key}\n`);
  }
}
