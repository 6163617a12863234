/**
 * Parse throughput on a generated ~1 MB chapter (not a timed test).
 *
 * Run (Node 20 has no TypeScript loader here, so bundle first):
 *   npx rolldown bench/parse-throughput.ts --platform node --format esm --file /tmp/parse-bench.mjs && node /tmp/parse-bench.mjs
 *
 * The generator is seeded (no Math.random) and no two paragraphs are equal: every paragraph carries its
 * own ordinal and a fresh pseudo-random word sequence, so caches and branch predictors see varied input.
 */
import { parseChapter } from '../src/worker/engine/parse/index';
import { mulberry32 as prng } from '../tests/support/prose';


const WORDS = (
  'the lantern keeper climbed tower every evening wind candle staircase iron gallery light sea harbour pier ' +
  'typesetter measure leading margin column paragraph figure reader voice page line letter ink paper binding ' +
  'régime naïve façade über straße 中文 日本語 한국어 العربية'
).split(' ');

/** A chapter of about `bytes` UTF-16 units mixing the constructs books actually use. */
export function generateChapter(bytes: number, seed = 1): string {
  const rnd = prng(seed);
  const word = (): string => WORDS[Math.floor(rnd() * WORDS.length)]!;
  const sentence = (n: number): string => {
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      const w = word();
      const r = rnd();
      if (r < 0.04) parts.push(`*${w}*`);
      else if (r < 0.06) parts.push(`**${w}**`);
      else if (r < 0.07) parts.push(`$x_{${i}}$`);
      else if (r < 0.075) parts.push(`:ref{id="fig-${i}"}`);
      else if (r < 0.08) parts.push(`H~${i % 10}~O`);
      else if (r < 0.085) parts.push(`[${w}](https://example.org/${i})`);
      else parts.push(w);
    }
    return parts.join(' ');
  };
  const out: string[] = ['---\ntitle: Benchmark\n---\n'];
  let size = out[0]!.length;
  let n = 0;
  while (size < bytes) {
    n++;
    let block: string;
    const r = rnd();
    if (n % 40 === 1) block = `# Chapter section ${n} {#sec-${n}}`;
    else if (r < 0.1) block = `- item ${n} ${sentence(6)}\n- item ${n}b ${sentence(5)}\n  1. nested ${sentence(4)}`;
    else if (r < 0.15) block = `> ${n}: ${sentence(12)}\n> ${sentence(10)}`;
    else if (r < 0.18) block = `:::callout{type="note" title="Box ${n}"}\n${sentence(20)}\n:::`;
    else if (r < 0.2) block = `Text ${n} with a note.[^n${n}]\n\n[^n${n}]: ${sentence(8)}`;
    else block = `Paragraph ${n}. ${sentence(30 + Math.floor(rnd() * 40))}\n${sentence(20)}.`;
    out.push(block);
    size += block.length + 2;
  }
  return out.join('\n\n');
}

export interface ThroughputResult {
  units: number;
  blocks: number;
  runs: number;
  /** Median wall time of one parse, milliseconds. */
  medianMs: number;
  /** Millions of UTF-16 units per second at the median. */
  megaUnitsPerSecond: number;
}

/** Parses `source` `runs` times (after one warm-up) and reports the median time. */
export function measureParseThroughput(source: string, runs = 5, now: () => number = () => performance.now()): ThroughputResult {
  let blocks = parseChapter(source, { chapterId: 'bench', isFirstChapter: true }).blocks.length;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = now();
    blocks = parseChapter(source, { chapterId: 'bench', isFirstChapter: true }).blocks.length;
    times.push(now() - t0);
  }
  times.sort((a, b) => a - b);
  const medianMs = times[Math.floor(times.length / 2)]!;
  return { units: source.length, blocks, runs, medianMs, megaUnitsPerSecond: source.length / 1e6 / (medianMs / 1000) };
}

const isMain = typeof process !== 'undefined' && process.argv[1] !== undefined && /parse-(bench|throughput)/.test(process.argv[1]);
if (isMain) {
  const source = generateChapter(1_000_000);
  const r = measureParseThroughput(source);
  console.log(`parsed ${r.units} units into ${r.blocks} blocks: median ${r.medianMs.toFixed(1)} ms over ${r.runs} runs (${r.megaUnitsPerSecond.toFixed(2)} M units/s)`);
}
