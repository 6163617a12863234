/**
 * Runs the checks on a small book the way the worker does after convergence: parse (cached),
 * settings from the stored configuration, layout with the bundled fonts and en-us hyphenation,
 * then `computeWarnings` over the result.
 */
import { readFileSync } from 'node:fs';
import type { StoredConfig } from '../../../src/worker/config';
import { createHyphenator, EngineCache, layoutBook, parseCached, type BookLayout } from '../../../src/worker/engine';
import { computeWarnings, type CheckResource, type Warning, type WarningFilter } from '../../../src/worker/engine/checks';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry();
const hyphenators = new Map<string, ReturnType<typeof createHyphenator>>();

function hyphenatorFor(id: string) {
  let h = hyphenators.get(id);
  if (!h) {
    h = createHyphenator({ languages: [...new Set([id, 'en-us'])], loadPatterns: (pid) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${pid}.wasm`)) });
    hyphenators.set(id, h);
  }
  return h;
}

export interface CheckBook {
  chapters: { id: string; title?: string; source: string }[];
  config?: StoredConfig;
  resources?: CheckResource[];
  /** Hyphenation patterns id (default en-us); null for none. */
  patterns?: string | null;
}

export function runChecks(book: CheckBook, filter: WarningFilter = {}): { warnings: Warning[]; layout: BookLayout } {
  const config = book.config ?? {};
  const settings = settingsFromConfig(config);
  const cache = new EngineCache();
  const chapters = book.chapters.map((c) => ({ id: c.id, title: c.title ?? '', source: c.source }));
  const patterns = book.patterns === undefined ? 'en-us' : book.patterns;
  const input = { title: 'Checks', chapters, settings, hyphenator: patterns ? hyphenatorFor(patterns) : undefined };
  const gen = layoutBook(input, fonts, cache);
  let step = gen.next();
  while (!step.done) step = gen.next();
  const layout = step.value;
  const parsed = chapters.map((c, i) => parseCached(c, i === 0, cache));
  const warnings = computeWarnings({ chapters, parsed, config, settings, resources: book.resources ?? [], layout, fonts }, filter);
  return { warnings, layout };
}
