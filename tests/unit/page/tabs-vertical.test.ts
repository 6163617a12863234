/**
 * Tabs in vertical text (document-format §10.8: "Vertical text → word space + tabInVerticalText"):
 * a `:tab` is set as a word space inside the line, the paragraph as running text (no stops); in
 * horizontal text the same paragraph is still composed at its stops.
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, layoutBook } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { StoredConfig } from '../../../src/worker/config';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry();
const SOURCE = ['# Title', '', 'Tea:tab leaves, picked at dawn and rolled by hand before the sun is high.'].join('\n');

function bodyRuns(config: StoredConfig): GlyphRunItem[] {
  const gen = layoutBook({ title: 'Tabs', settings: settingsFromConfig(config), chapters: [{ id: 'c1', title: '', source: SOURCE }] }, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value.pages.flatMap((p) => p.items).filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.role === 'body');
}

describe(':tab in vertical text', () => {
  it('is a word space inside the line', () => {
    const runs = bodyRuns({ layout: { writingMode: 'vertical-rl' } });
    expect(runs.some((r) => r.text.includes('Tea leaves,'))).toBe(true);
  });

  it('still jumps to a stop in horizontal text (the words in runs of their own)', () => {
    const runs = bodyRuns({});
    expect(runs.some((r) => r.text.includes('Tea leaves'))).toBe(false);
    expect(runs.some((r) => r.text.startsWith('Tea'))).toBe(true);
  });
});
