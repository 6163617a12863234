import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHyphenator, defaultSettings, EngineCache, layoutBook } from '../../../src/worker/engine';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry();
const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
const source =
  '# Measure\n\nTypographical considerations notwithstanding, extraordinarily comprehensive documentation accompanies internationalisation, ' +
  'characterisation and responsibility assignments; unquestionably, incomprehensibility and counterrevolutionary sentimentality proliferate.\n';

function layout(withHyphenation: boolean) {
  const gen = layoutBook({ title: 'T', settings: defaultSettings(), chapters: [{ id: 'c', title: '', source }], hyphenator: withHyphenation ? hyphenator : undefined }, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value.pages.flatMap((p) => p.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.role === 'body'));
}

describe('hyphenation and Knuth–Plass in layout', () => {
  it('hyphenates long words in narrow justified columns, drawing a hyphen that maps to no source', () => {
    const runs = layout(true);
    const hyphenated = runs.filter((r) => r.line?.hyphenated);
    expect(hyphenated.length).toBeGreaterThan(0);
    for (const run of hyphenated) {
      expect(run.text.endsWith('-')).toBe(true);
      expect(run.srcMap?.[run.srcMap.length - 1]).toBe(-1);
    }
    // Without the hyphen, the lines' words rebuild the paragraph's words.
    const words = runs.map((r) => (r.line?.hyphenated ? r.text.slice(0, -1) : r.text + ' ')).join('').replace(/\s+/g, ' ').trim();
    expect(words).toBe(source.split('\n\n')[1]!.trim());
  });

  it('never stretches a line past 3× the normal space (ratio 2 with the default bounds): it is set ragged instead', () => {
    const runs = layout(true);
    for (const run of runs) if (!run.line!.ragged) expect(run.line!.ratio).toBeLessThanOrEqual(2.0001);
    expect(runs.some((r) => r.line!.ratio > 0.1)).toBe(true); // justified lines really stretch
  });

  it('sets looser lines without hyphenation than with it', () => {
    const loose = (runs: GlyphRunItem[]) => runs.reduce((sum, r) => sum + Math.max(0, r.line!.ratio), 0);
    expect(loose(layout(true))).toBeLessThan(loose(layout(false)));
  });
});
