import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { oneChapterBook, run, runs } from './helpers';

/** Heading settings of configuration.md §8.1–§8.2 and §13.6, through the whole config mapping. */

const SOURCE = [
  '# The Chapter',
  '',
  'Opening words of the chapter set as the first body paragraph under the title.',
  '',
  '## A Section Title',
  '',
  'Body text after the section heading, long enough to make a line or two of running prose here.',
].join('\n');

/** One column, so the section heading sits under the chapter's first paragraph (not at a column top). */
const layoutOf = (config: Record<string, unknown>, source = SOURCE) => run(oneChapterBook(source, settingsFromConfig({ layout: { layoutType: 'single' }, ...config } as never)));
const allRuns = (layout: ReturnType<typeof layoutOf>): GlyphRunItem[] => layout.pages.flatMap((p) => runs(p));
/** Runs of the level-`n` heading (by its text), and the body runs. */
const headingRuns = (layout: ReturnType<typeof layoutOf>, text: string): GlyphRunItem[] => allRuns(layout).filter((r) => r.line?.role === 'heading' && text.includes(r.text.trim()) && r.text.trim() !== '');
const bodyRuns = (layout: ReturnType<typeof layoutOf>): GlyphRunItem[] => allRuns(layout).filter((r) => r.line?.role === 'body');
const firstBodyAfter = (layout: ReturnType<typeof layoutOf>, y: number): GlyphRunItem => bodyRuns(layout).filter((r) => r.y > y).sort((a, b) => a.y - b.y)[0]!;

describe('general heading fields the levels follow (§8.1, §0.5)', () => {
  it('headings.marginTop / marginBottom / lineHeight reach every level', () => {
    for (const path of ['headings.lineHeight', 'headings.marginTop', 'headings.marginBottom']) expect(isApplied(path), path).toBe(true);
    const base = layoutOf({});
    const h2 = headingRuns(base, 'A Section Title')[0]!;
    // More space above: the section heading moves down by (3 − 1.5) em of its 15 pt.
    const above = headingRuns(layoutOf({ headings: { marginTop: { value: 3, unit: 'em' } } }), 'A Section Title')[0]!;
    expect(above.y - h2.y).toBeCloseTo(1.5 * 15, 1);
    // More space below: the paragraph under it starts lower (the grid rounds it up to whole lines).
    const below = layoutOf({ headings: { marginBottom: { value: 4, unit: 'em' } } });
    const hBelow = headingRuns(below, 'A Section Title')[0]!;
    // (3.5 em of 15 pt more, less at most one 12 pt grid line of rounding.)
    expect(firstBodyAfter(below, hBelow.y).y - hBelow.y).toBeGreaterThan(firstBodyAfter(base, h2.y).y - h2.y + 3.5 * 15 - 12);
    // A looser leading lowers the heading's baseline within its (taller) line box.
    const leading = headingRuns(layoutOf({ headings: { lineHeight: { value: 3, unit: 'em' } } }), 'A Section Title')[0]!;
    expect(leading.y).toBeGreaterThan(h2.y + 5);
  });
});
