import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { oneChapterBook, run, runs } from './helpers';

/**
 * The list indent cascade (configuration.md §9.1, also §9.2's levels): level 1 at the list's
 * `indent`; a deeper level without its own `indent` puts its marker at the parent item's text
 * start (parent indent + marker width + gap); an explicit level `indent` pins it.
 */
const SOURCE = [
  '- Harbour walls built of granite',
  '  - Breakwater stones laid in courses',
  '    - Each course keyed into the last',
  '- Lighthouse keepers',
  '',
  '9. Ninth entry',
  '10. Tenth entry',
  '    1. Nested under the tenth',
].join('\n');

const layoutOf = (config: Record<string, unknown> = {}) => {
  const settings = settingsFromConfig({ layout: { layoutType: 'single' }, ...config } as never);
  const page = run(oneChapterBook(SOURCE, settings)).pages[0]!;
  return { page, left: pageFrame(settings, 0).contentLeft };
};
/** The run that starts a line's text, and the marker run on that line before it. */
function line(page: ReturnType<typeof layoutOf>['page'], text: string): { marker: GlyphRunItem; text: GlyphRunItem } {
  const all = runs(page);
  const textRun = all.find((r) => r.text.startsWith(text))!;
  const marker = all.filter((r) => r.y === textRun.y && r.xs[0]! < textRun.xs[0]!).sort((a, b) => a.xs[0]! - b.xs[0]!)[0]!;
  return { marker, text: textRun };
}

describe('list indent cascade (§9.1)', () => {
  it('a nested marker sits at its parent item’s text start, level after level', () => {
    const { page, left } = layoutOf();
    const first = line(page, 'Harbour walls');
    const second = line(page, 'Breakwater');
    const third = line(page, 'Each course');
    // Level 1 at the column edge (indent 0).
    expect(first.marker.xs[0]! - left).toBeCloseTo(0, 2);
    expect(second.marker.xs[0]!).toBeCloseTo(first.text.xs[0]!, 2);
    expect(third.marker.xs[0]!).toBeCloseTo(second.text.xs[0]!, 2);
    // Not the old fixed step of 1.5 em (12 pt at the 8 pt body) per level.
    expect(Math.abs(second.marker.xs[0]! - left - 12)).toBeGreaterThan(0.5);
  });

  it('an ordered item nests under its parent’s text, after the wider number', () => {
    const { page } = layoutOf();
    const tenth = line(page, 'Tenth entry');
    const nested = line(page, 'Nested under');
    expect(nested.marker.xs[0]!).toBeCloseTo(tenth.text.xs[0]!, 2);
  });

  it('an explicit level indent pins the marker', () => {
    const { page, left } = layoutOf({ unorderedLists: { levels: [{ level: 2, indent: { value: 3, unit: 'em' } }] } });
    // 3 em of the 8 pt body from the column edge; the level below follows it.
    const second = line(page, 'Breakwater');
    expect(second.marker.xs[0]! - left).toBeCloseTo(24, 1);
    expect(line(page, 'Each course').marker.xs[0]!).toBeCloseTo(second.text.xs[0]!, 2);
  });
});
