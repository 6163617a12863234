import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, type LayoutSettings } from '../../../src/worker/engine';
import { parseChapter } from '../../../src/worker/engine/parse';
import { dump, oneChapterBook, run, runs, twoSubColumns } from './helpers';

/**
 * `columnsTooNarrow` (document-format §8.4 "Warnings: columnsTooNarrow (< 6 ems)";
 * page/columns-narrow.ts): a `:::columns` group set in sub-columns narrower than six ems of the
 * body type is recorded with its block, a sub-column's width and the floor, on the page it is set
 * on (`ChapterLayout.columnsTooNarrow`, which checks/columns-narrow.ts reports). A group in a
 * callout box standing in another group's sub-column is the case the spec's floor is for.
 */
const oneLiners = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join('\n\n');
const single = (): LayoutSettings => ({ ...defaultSettings(), columns: 1 });
/** A two-column group in running text: a0-a3, a box holding a `count`-column group (6 pt gaps) of i0-i7, b0-b5. */
const nested = (count: number, extra = ''): string => `:::columns{count=2}\n${oneLiners(4, 'a')}\n\n:::callout{type=note}\n:::columns{count=${count} gap=6pt}\n${oneLiners(8, 'i')}\n:::\n:::\n\n${oneLiners(6, 'b')}${extra}\n:::`;

describe('columnsTooNarrow: sub-columns under 6 em of the body type', () => {
  const settings = single();
  const floor = 6 * settings.body.style.size;

  it('records a four-column group in a box in a sub-column: its block, its sub-columns as drawn, the floor; not the outer group', () => {
    const source = nested(4);
    const layout = run(oneChapterBook(source, settings));
    const page = layout.pages[0]!;
    // The outer group's sub-columns are wide enough: no record of them.
    expect(twoSubColumns(settings).width).toBeGreaterThan(floor);
    // Each inner sub-column holds two of i0-i7, the second (i1, i3…) indented alike: a sub-column and a 6 pt gap from one to the next.
    const x = (text: string): number => runs(page).find((r) => r.text === text)!.xs[0]!;
    const drawn = x('i3') - x('i1') - 6;
    expect(x('i5') - x('i3')).toBeCloseTo(drawn + 6, 2);
    expect(x('i7') - x('i5')).toBeCloseTo(drawn + 6, 2);
    // The inner group's opening fence (the second `:::columns` of the chapter).
    const groupId = parseChapter(source, { chapterId: 'ch1', isFirstChapter: true }).blocks.filter((b) => b.kind === 'containerStart' && b.name === 'columns')[1]!.id;
    expect(layout.chapters[0]!.columnsTooNarrow).toEqual([{ block: groupId, width: expect.closeTo(drawn, 2), floor, pageIndex: 0 }]);
    expect(drawn).toBeLessThan(floor);
  });

  it('records a group in running text whose own sub-columns are under the floor: four in a column of a two-column page', () => {
    const double = { ...defaultSettings(), columns: 2 };
    const layout = run(oneChapterBook(`${oneLiners(3, 'p')}\n\n:::columns{count=4}\n${oneLiners(8, 'g')}\n:::\n\n${oneLiners(3, 'q')}`, double));
    const page = layout.pages[0]!;
    const x = (text: string): number => runs(page).find((r) => r.text === text)!.xs[0]!;
    // The gap is one body line in a text column (§8.4).
    const drawn = x('g3') - x('g1') - double.body.lineHeight;
    expect(layout.chapters[0]!.columnsTooNarrow).toEqual([{ block: 'ch1:b3', width: expect.closeTo(drawn, 2), floor, pageIndex: 0 }]);
    expect(drawn).toBeLessThan(floor);
  });

  it('records nothing for a two-column group in the same box (its sub-columns over 6 em)', () => {
    expect(run(oneChapterBook(nested(2), settings)).chapters[0]!.columnsTooNarrow).toBeUndefined();
  });

  it('an edit relaid out from the previous layout records what a full layout does', () => {
    const source = `${oneLiners(30, 'p')}\n\n${nested(4)}\n\n${oneLiners(40, 'q')}\n\n${nested(5)}`;
    const cache = new EngineCache();
    run(oneChapterBook(source, settings), cache);
    for (const edited of [`A new opening paragraph.\n\n${source}`, source.replace('q12', 'q12 with more words')]) {
      const incremental = run(oneChapterBook(edited, settings), cache);
      const full = run(oneChapterBook(edited, settings), new EngineCache(false));
      expect(dump(incremental)).toBe(dump(full));
      expect(incremental.chapters[0]!.columnsTooNarrow).toEqual(full.chapters[0]!.columnsTooNarrow);
      expect(full.chapters[0]!.columnsTooNarrow?.length).toBe(2);
    }
  });
});
