/**
 * Fixtures for lines set off the body grid (configuration.md §13.1 `paragraphStyles`, §13.6 a
 * section's `bodyStyle`): one page column, the `tight` paragraph style and the `aside` heading
 * style's body both 7 pt type on 9 pt lines, off the 12 pt body grid, so paginate.ts sets their
 * lines one under the other (`placeFree`, `placeFreeBeside`). Used by footnotes.test.ts and floats.test.ts.
 */
import type { LayoutSettings } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';

/** The line height of the off-grid styles, pt. */
export const OFF_GRID_LEADING = 9;

export const offGridSettings = (): LayoutSettings =>
  settingsFromConfig({
    layout: { layoutType: 'single' },
    paragraphStyles: [{ id: 'tight', fontSize: { value: 7, unit: 'pt' }, lineHeight: { value: OFF_GRID_LEADING, unit: 'pt' } }],
    headingStyles: [{ id: 'aside', bodyStyle: { fontSize: { value: 7, unit: 'pt' }, lineHeight: { value: OFF_GRID_LEADING, unit: 'pt' } } }],
  } as never);

/** `count` one-line rows joined by hard line breaks (one paragraph), row `at` holding `cite` (a note mark, a `:ref`). */
export const citingRows = (count: number, at: number, cite: string): string => Array.from({ length: count }, (_, i) => `Row${i} ${i === at ? `cites${cite} ` : ''}words`).join('\\\n');
