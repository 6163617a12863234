/**
 * The settings' key the checks memoise on (a JSON of the whole settings) is built at most once per
 * run of the checks, and not at all when the caller hands it in (`ChecksInput.settingsKey`): the
 * host checks one layout in many short slices, and building it in every detector of every slice
 * cost about as much as the slice's own work.
 */
import { describe, expect, it } from 'vitest';
import { computeWarnings } from '../../../src/worker/engine/checks';
import { EngineCache, layoutBook, parseCached } from '../../../src/worker/engine';
import { settingsKey, type LayoutSettings } from '../../../src/worker/engine/settings';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry();

/** Settings that count how often they are written out whole (JSON.stringify calls `toJSON`). */
function counted(settings: LayoutSettings): { settings: LayoutSettings; writes: () => number } {
  let writes = 0;
  const copy = { ...settings } as LayoutSettings & { toJSON?: () => unknown };
  Object.defineProperty(copy, 'toJSON', { enumerable: false, value: () => (writes++, settings) });
  return { settings: copy, writes: () => writes };
}

function book(settings: LayoutSettings) {
  const chapters = [
    { id: 'a', title: '', source: '# One\n\nA paragraph of the first chapter, long enough to be set on a line or two of the page.\n' },
    { id: 'b', title: '', source: '# Two\n\nThe second chapter has a paragraph too, and a word in *italic* type.\n' },
  ];
  const cache = new EngineCache();
  const gen = layoutBook({ title: 'Key', chapters, settings }, fonts, cache);
  let step = gen.next();
  while (!step.done) step = gen.next();
  const parsed = chapters.map((c, i) => parseCached(c, i === 0, cache, settings));
  return { chapters, parsed, config: {}, settings, resources: [], layout: step.value, fonts };
}

describe('the checks build the settings key once per run', () => {
  it('once without a key handed in, never with one, and the same warnings either way', () => {
    const plain = settingsFromConfig({});
    const { settings, writes } = counted(plain);
    const input = book(settings);
    const before = writes();
    const first = computeWarnings(input);
    expect(writes() - before).toBe(1);
    const given = computeWarnings({ ...book(counted(plain).settings), settingsKey: settingsKey(plain) });
    const afterGiven = writes();
    expect(JSON.stringify(given.map((w) => [w.kind, w.chapterId, w.offset]))).toBe(JSON.stringify(first.map((w) => [w.kind, w.chapterId, w.offset])));
    computeWarnings({ ...input, settingsKey: settingsKey(plain) });
    expect(writes()).toBe(afterGiven);
  });
});
