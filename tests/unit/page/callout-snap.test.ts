/**
 * `calloutStyles[id=X].snapToGrid` (configuration.md §13.4, grid semantics §2.2): by default the
 * flow re-snaps to the baseline grid after a box; off, the text goes on exactly one box margin
 * below it, off the grid until the next snap point. One column of 10 grid lines (10 pt body on a
 * 12 pt leading, content top at 50 pt); the box has no padding, no top margin, a 5 pt bottom margin.
 */
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { EngineCache } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { dump, oneChapterBook, ptLength as pt, run, runs, TEN_ROW_COLUMN } from './helpers';

const settingsOf = (snapToGrid?: boolean) =>
  settingsFromConfig({
    ...TEN_ROW_COLUMN,
    calloutStyles: [{ id: 'note', padding: { top: pt(0), right: pt(0), bottom: pt(0), left: pt(0) }, marginTop: pt(0), marginBottom: pt(5), ...(snapToGrid === undefined ? {} : { snapToGrid }) }],
  } as never);
const SOURCE = ['Before.', ':::callout', 'Inside.', ':::', 'After one.', '', 'After two.'].join('\n\n');
const y = (page: PageDisplayList, start: string): number => runs(page).find((r) => r.text.startsWith(start))!.y;

describe('calloutStyles[].snapToGrid (§13.4)', () => {
  it('re-snaps the flow after the box by default; off, the text goes on one margin below it and stays in that phase', () => {
    const snapped = run(oneChapterBook(SOURCE, settingsOf())).pages[0]!;
    const before = y(snapped, 'Before');
    // Box over rows 1 (12–24 pt), 5 pt of margin: row 3 (36 pt) by default.
    expect(y(snapped, 'After one') - before).toBeCloseTo(36, 3);
    const free = run(oneChapterBook(SOURCE, settingsOf(false))).pages[0]!;
    const box = free.items.find((i): i is RectItem => i.op === Op.Rect && i.fill === '#f4f4f4')!;
    expect(box.y + box.h - 50).toBeCloseTo(24, 3);
    // 24 + 5 = 29 pt: 7 pt off the grid, the next paragraph a leading further.
    expect(y(free, 'After one') - before).toBeCloseTo(29, 3);
    expect(y(free, 'After two') - y(free, 'After one')).toBeCloseTo(12, 3);
  });

  it('lays out incrementally as from scratch off the grid', () => {
    const cache = new EngineCache();
    run(oneChapterBook(SOURCE, settingsOf(false)), cache);
    const edited = SOURCE.replace('After two.', 'After two, now longer.');
    expect(dump(run(oneChapterBook(edited, settingsOf(false)), cache))).toBe(dump(run(oneChapterBook(edited, settingsOf(false)))));
  });

  it('is declared applied', () => {
    expect(isApplied('calloutStyles[id=note].snapToGrid')).toBe(true);
  });
});
