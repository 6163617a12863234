import { describe, expect, it } from 'vitest';
import { isApplied, settingsNotApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { oneChapterBook, run, runs } from './helpers';

/**
 * orderedLists.numberWidth 'run' (configuration.md §9.2, the default): the number column is as wide
 * as the widest number of the run, numbers right-aligned in it so the separators line up, and every
 * item's text starts at the same place.
 */
const SOURCE = Array.from({ length: 11 }, (_, i) => `${i + 1}. Item number ${i + 1} of the harbour register`).join('\n');

function items() {
  const page = run(oneChapterBook(SOURCE, settingsFromConfig({ layout: { layoutType: 'single' } } as never))).pages[0]!;
  const all = runs(page);
  return Array.from({ length: 11 }, (_, i) => {
    const text = all.find((r) => r.text.startsWith(`Item number ${i + 1} `))!;
    const marker = all.filter((r) => r.y === text.y && r.xs[0]! < text.xs[0]!).sort((a, b) => a.xs[0]! - b.xs[0]!)[0]!;
    return { text, marker };
  });
}
const starts = (rs: GlyphRunItem[]) => rs.map((r) => r.xs[0]!);

describe('orderedLists.numberWidth (§9.2)', () => {
  it("'run': every item's text starts at the same place, numbers right-aligned", () => {
    const list = items();
    const textStarts = starts(list.map((i) => i.text));
    for (const x of textStarts) expect(x).toBeCloseTo(textStarts[0]!, 2);
    // One-digit numbers start further right than two-digit ones (right-aligned), by the width of a digit.
    const nine = list[8]!.marker.xs[0]!;
    const ten = list[9]!.marker.xs[0]!;
    expect(nine - ten).toBeGreaterThan(2);
    expect(nine - ten).toBeLessThan(6);
    // Their separators end together: the last glyph of each marker sits at the same x.
    const lastX = (r: GlyphRunItem) => r.xs[r.xs.length - 1]!;
    expect(lastX(list[8]!.marker)).toBeCloseTo(lastX(list[9]!.marker), 2);
  });

  it("is declared applied; 'level' is reported as set like 'run'", () => {
    expect(isApplied('orderedLists.numberWidth')).toBe(true);
    const warnings = (numberWidth: string) => settingsNotApplied({ orderedLists: { numberWidth } } as never).filter((w) => w.path === 'orderedLists.numberWidth');
    expect(warnings('run')).toEqual([]);
    expect(warnings('level').map((w) => w.kind)).toEqual(['settingNotApplied']);
  });
});
