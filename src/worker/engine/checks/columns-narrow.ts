/**
 * `columnsTooNarrow` (document-format §8.4 "Warnings: `columnsTooNarrow` (< 6 ems)"; tools.md §7.9
 * "columns too narrow", in Typesetting): a `:::columns` group set in sub-columns narrower than six
 * ems of the body type — a group in a callout box that stands in another group's sub-column gets
 * there quickly. The page engine records each such group per chapter with a sub-column's width and
 * the floor, pt (`ChapterLayout.columnsTooNarrow`, page/columns-narrow.ts); the warning names both,
 * points at the first page the group is set on and, for the editor, at its opening fence. One per
 * group: a box measured again or set on several pages records it more than once.
 */
import type { CheckContext } from './input';
import { memoPerObject } from './memo';
import { warning, type Warning } from './model';

export function columnsTooNarrowWarnings(ctx: CheckContext): Warning[] {
  return ctx.layout.chapters.flatMap((chapter) => {
    const narrow = chapter.columnsTooNarrow;
    if (!narrow || narrow.length === 0) return [];
    const parsed = ctx.parsed[ctx.chapterIndex.get(chapter.id) ?? -1];
    return memoPerObject('columnsTooNarrow', chapter, parsed ? '' : '-', () => {
      const seen = new Set<string>();
      return narrow.flatMap((n) => {
        if (seen.has(n.block)) return [];
        seen.add(n.block);
        const fence = parsed?.blocks.find((b) => b.id === n.block);
        const count = fence?.kind === 'containerStart' ? Number(fence.attrs['count'] ?? 2) : undefined;
        return [
          warning(
            'columnsTooNarrow',
            `A :::columns group is set in ${count && Number.isInteger(count) ? `${count} ` : ''}sub-columns ${n.width.toFixed(1)} pt wide, under the ${n.floor.toFixed(1)} pt (6 em of the body type) a line of text needs. Give it fewer columns (count) or a smaller gap, or set it where it has more room (outside the box or group holding it).`,
            { chapterId: chapter.id, pageIndex: n.pageIndex, ...(fence ? { offset: fence.range.from, toOffset: fence.range.to } : {}) },
          ),
        ];
      });
    });
  });
}
