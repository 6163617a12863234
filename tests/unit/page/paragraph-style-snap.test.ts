/**
 * A paragraph style's `snapToGrid` (configuration.md §13.1): inside a `:::paragraphs` container
 * the style's own leading leaves the grid; after it the text snaps back (true, the default) or,
 * with false, goes on at its natural place until the next snap point (§2.2). One column, a 10 pt
 * body on a 12 pt grid, the style at a 13 pt leading.
 */
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { oneChapterBook, run, runs } from './helpers';

const SOURCE = ['Lead paragraph in body text.', '', ':::paragraphs{style="aside"}', 'First styled paragraph.', '', 'Second styled paragraph.', ':::', '', 'After the container.', '', '## A heading', '', 'Under the heading.'].join('\n');
function layoutWith(snapToGrid?: boolean) {
  const settings = settingsFromConfig({
    layout: { layoutType: 'single' },
    bodyText: { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } },
    paragraphStyles: [{ id: 'aside', lineHeight: { value: 13, unit: 'pt' }, ...(snapToGrid === undefined ? {} : { snapToGrid }) }],
  } as never);
  const page = run(oneChapterBook(SOURCE, settings)).pages[0]!;
  const lead = runs(page).find((r) => r.text.startsWith('Lead'))!;
  /** A line's baseline from the lead line's, in grid lines (whole numbers: on the grid). */
  const gridLines = (words: string) => (runs(page).find((r) => r.text.startsWith(words))!.y - lead.y) / 12;
  return { gridLines };
}
const offGrid = (lines: number) => Math.abs(lines - Math.round(lines));

describe('paragraphStyles[].snapToGrid (§13.1)', () => {
  it('true (the default): the text after the container is back on the grid', () => {
    const { gridLines } = layoutWith();
    expect(offGrid(gridLines('Second styled'))).toBeGreaterThan(0.01);
    expect(offGrid(gridLines('After the container'))).toBeLessThan(1e-3);
    expect(offGrid(layoutWith(true).gridLines('After the container'))).toBeLessThan(1e-3);
  });

  it('false: the text after it goes on off the grid, snapping back at the next heading', () => {
    const { gridLines } = layoutWith(false);
    const after = gridLines('After the container');
    expect(offGrid(after)).toBeGreaterThan(0.01);
    // Right under the container, not on the next grid line down.
    expect(after).toBeLessThan(layoutWith().gridLines('After the container'));
    expect(offGrid(gridLines('Under the heading'))).toBeLessThan(1e-3);
    expect(isApplied('paragraphStyles[id=aside].snapToGrid')).toBe(true);
  });
});
