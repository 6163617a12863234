import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { setParagraph, type SetLine } from '../../../src/worker/engine/paragraph';
import type { LayoutSettings } from '../../../src/worker/engine/settings';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { breakParagraph } from '../../../src/worker/engine/text/linebreak';
import { fitLine, lineBreakParams } from '../../../src/worker/engine/text/linebreak-cost';
import type { Item } from '../../../src/worker/engine/text/items';
import { nodeFontRegistry } from '../../support/node-world';
import { mulberry32, paragraph } from '../../support/prose';
import { textInline } from './helpers';

/**
 * `bodyText.maxJustifyTracking` (configuration.md §6.3, thousandths of an em): letter spacing only
 * for justified lines whose word spaces would otherwise pass `maxWordSpacing`; "tracking badness
 * 100 × share²". No hyphenation here, so that loose lines are frequent at a narrow measure.
 */
const fonts = nodeFontRegistry([]);
const context = { footnoteMark: () => '1', refText: () => '?' };
const random = mulberry32(23);
const PARAGRAPHS = Array.from({ length: 30 }, () => paragraph(random));
const MEASURE = 110; // pt
const SIZE = 10; // pt

const settingsWith = (tracking?: number): LayoutSettings =>
  settingsFromConfig({ bodyText: { fontSize: { value: SIZE, unit: 'pt' }, hyphenation: { enabled: false }, ...(tracking === undefined ? {} : { maxJustifyTracking: tracking }) } } as never);
const set = (settings: LayoutSettings, text: string): SetLine[] =>
  setParagraph({ inlines: [textInline(text)], style: settings.body.style, measure: MEASURE, indent: 0, justify: true }, { fonts, settings, context });

/** Glyph x positions of a line in visual order with the cluster each starts (for gaps between clusters). */
function clusterStarts(line: SetLine): number[] {
  const xs: number[] = [];
  for (const run of line.runs) run.glyphs.forEach((_, g) => (g === 0 || run.clusters[g] !== run.clusters[g - 1]) && xs.push(run.xs[g]!));
  return xs.sort((a, b) => a - b);
}

describe('bodyText.maxJustifyTracking', () => {
  it('cost model: a line past the word-space bound takes tracking at 100 × share², its spaces at the bound', () => {
    const p = lineBreakParams({ justifyTracking: 0.2 }); // pt per gap
    // Stretch 10 pt, 25 pt short: spaces take 10 (r = 1), tracking 15 of the 20 pt of 100 gaps.
    const fit = fitLine(70, 10, 5, 0, 95, p, false, undefined, 100);
    expect(fit.ratio).toBeCloseTo(1, 9);
    expect(fit.tracking).toBeCloseTo(0.15, 9);
    expect(fit.badness).toBeCloseTo(100 + 100 * 0.75 ** 2, 6);
    // Within the bound: no tracking, as before.
    expect(fitLine(90, 10, 5, 0, 95, p, false, undefined, 100)).toMatchObject({ tracking: 0 });
    expect(fitLine(90, 10, 5, 0, 95, p, false, undefined, 100).ratio).toBeCloseTo(0.5, 9);
    // Beyond the capacity: tracking full, the spaces stretch on (r > 1, its costs as without).
    const past = fitLine(60, 10, 5, 0, 95, p, false, undefined, 100);
    expect(past.tracking).toBeCloseTo(0.2, 9);
    expect(past.ratio).toBeCloseTo(1.5, 9);
    // No gaps (text that may not be tracked), or off: the old cost.
    expect(fitLine(70, 10, 5, 0, 95, p, false, undefined, 0)).toMatchObject({ tracking: 0, ratio: 2.5 });
    expect(fitLine(70, 10, 5, 0, 95, lineBreakParams({}), false, undefined, 100)).toMatchObject({ tracking: 0, ratio: 2.5 });
  });

  it('breaker: a paragraph that needs a loose line gets a tracked one instead', () => {
    // Two words of 40 pt with 10 clusters each, a 5 pt space stretching 5 pt, measure 95 pt: the
    // line needs 10 pt more than its spaces give.
    // Three such words: the first two on a line, the third on the last (with its finishing glue).
    const word = (): Item => ({ type: 'box', width: 40, clusters: 10 });
    const space = (): Item => ({ type: 'glue', width: 5, stretch: 5, shrink: 2 });
    const items: Item[] = [word(), space(), word(), space(), word(), { type: 'glue', width: 0, stretch: Infinity, shrink: 0 }, { type: 'penalty', width: 0, penalty: -10000, flagged: false }];
    const without = breakParagraph(items, () => 95, {});
    expect(without[0]).toMatchObject({ position: 3 });
    expect(without[0]!.ratio).toBeCloseTo(2, 9);
    expect(without[0]!.tracking).toBeUndefined();
    const tracked = breakParagraph(items, () => 95, { justifyTracking: 1 });
    expect(tracked[0]).toMatchObject({ position: 3 });
    expect(tracked[0]!.ratio).toBeCloseTo(1, 9);
    expect(tracked[0]!.tracking).toBeCloseTo(5 / 19, 9); // 5 pt over 19 gaps
    // Boxes that may not be tracked (−1) take it off the line.
    const untrackable = items.map((item, i) => (i === 2 ? { ...item, clusters: -1 } : item));
    expect(breakParagraph(untrackable, () => 95, { justifyTracking: 1 })[0]!.tracking).toBeUndefined();
  });

  it('sets fewer loose lines; every tracked line fills the measure, letters spaced within the limit', () => {
    let looseOff = 0;
    let looseOn = 0;
    let tracked = 0;
    const limit = (20 / 1000) * SIZE; // pt between two clusters
    for (const text of PARAGRAPHS) {
      const off = set(settingsWith(), text);
      const on = set(settingsWith(20), text);
      looseOff += off.slice(0, -1).filter((l) => l.ratio > 1 + 1e-9).length;
      looseOn += on.slice(0, -1).filter((l) => l.ratio > 1 + 1e-9).length;
      for (const line of on.slice(0, -1)) {
        if (line.ragged || line.emergency) continue;
        // Justified: the line's ink spans the measure (to 1/1000 pt, the display list's unit).
        expect(Math.abs(line.width - MEASURE)).toBeLessThan(1e-3);
      }
      // Lines set the same way in both settings (their text the same, no tracking) are placed alike;
      // a tracked line's clusters are further apart than the same line's untracked (where it exists).
      on.forEach((line, i) => {
        const same = off[i] && off[i]!.runs.map((r) => r.text).join() === line.runs.map((r) => r.text).join();
        // (An untracked line past 3 normal spaces is set ragged, at natural spaces: not comparable.)
        if (!same || line.ratio > 1 + 1e-9 || !(off[i]!.ratio > 1 + 1e-9) || off[i]!.ragged) return;
        const a = clusterStarts(line);
        const b = clusterStarts(off[i]!);
        // Within one word the gap grew by the tracking, at most the limit.
        const grew = a.slice(1).map((x, k) => x - a[k]! - (b[k + 1]! - b[k]!));
        if (grew.some((g) => g > 1e-6)) tracked++;
        // Each gap grew by the tracking (≤ the limit), a word space's by the tracking and less stretch.
        for (const g of grew) expect(g).toBeLessThanOrEqual(limit + 1e-6);
      });
    }
    expect(looseOff).toBeGreaterThan(0);
    expect(looseOn).toBeLessThan(looseOff);
    expect(tracked).toBeGreaterThan(0);
  });

  it('is read in thousandths of an em, off by default, and declared applied', () => {
    expect(settingsWith().body.maxJustifyTracking).toBeUndefined();
    expect(settingsWith(0).body.maxJustifyTracking).toBeUndefined();
    expect(settingsWith(20).body.maxJustifyTracking).toBe(20);
    expect(isApplied('bodyText.maxJustifyTracking')).toBe(true);
  });
});
