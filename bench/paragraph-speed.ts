/**
 * Issue 5's own figure in Node (`node.paragraphs100kWords`): the measurement is
 * bench/paragraph-speed-core.ts; here the fonts come from node_modules (as tests/support/node-world
 * reads them) and the patterns from hyphenopoly's folder. The same figure inside a Web Worker in
 * Chromium: bench/paragraph-browser.ts. Run alone: bundle with rolldown, as
 * bench/parse-throughput.ts says.
 */
import { readFileSync } from 'node:fs';
import { nodeFontRegistry } from '../tests/support/node-world';
import { measureParagraphSettingOn, type ParagraphFigures } from './paragraph-speed-core';

export type { ParagraphFigures } from './paragraph-speed-core';

const loadPatterns = (id: string): Uint8Array => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`));

export function measureParagraphSetting(words = 100_000, repeats = 3, seed = 20261203): ParagraphFigures {
  return measureParagraphSettingOn({ fonts: () => nodeFontRegistry(), loadPatterns }, words, repeats, seed);
}
