/**
 * `npm run bench`: speed figures printed as one JSON document (never asserted in tests).
 * Generated inputs never repeat a paragraph, so caches cannot flatter the numbers.
 * This first form measures the pure stages in Node; the browser figures and the paged.js
 * comparison come with the Benchmarks issue.
 */
import { cpus } from 'node:os';
import { measureLineBreaking } from './linebreak-speed';
import { generateChapter, measureParseThroughput } from './parse-throughput';

const parse = measureParseThroughput(generateChapter(1_000_000, 20261202), 5);
const report = {
  machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown' },
  parseThroughput: { units: parse.units, blocks: parse.blocks, medianMs: Math.round(parse.medianMs * 10) / 10, megaUnitsPerSecond: Math.round(parse.megaUnitsPerSecond * 100) / 100 },
  lineBreaking100kWords: measureLineBreaking(),
};
console.log(JSON.stringify(report, null, 2));
