/**
 * `floatShrunk` (document-format §12.6 "scale a floated picture to fit a slot instead of moving it
 * (`floatShrunk` warning)"; tools.md §7.9 "picture shrunk to fit", in Figures & tables): a float
 * the page engine scaled into its slot (`placement.shrink`, `layout.floatShrink`). The engine
 * records each one per chapter (`ChapterLayout.floatsShrunk`, page/floats-shrink.ts); the warning
 * points at the page it is set on and, for the editor, at its first mention in the chapter. A figure
 * in flow (one that does not float) is recorded when a `:::columns` group fitted it to a column
 * (page/columns-group-blocks.ts `resourceRows`): its warning says so, and what would print it whole.
 */
import type { CheckContext } from './input';
import { floatingIds } from './floats';
import { memoPerObject } from './memo';
import { warning, type Warning } from './model';

export function floatShrunkWarnings(ctx: CheckContext): Warning[] {
  return ctx.layout.chapters.flatMap((chapter) => {
    const shrunk = chapter.floatsShrunk;
    if (!shrunk || shrunk.length === 0) return [];
    const parsed = ctx.parsed[ctx.chapterIndex.get(chapter.id) ?? -1];
    return memoPerObject('floatShrunk', chapter, parsed ? '' : '-', () => {
      const floats = floatingIds(ctx);
      return shrunk.map((s) => {
        // The first mention in the chapter (a `:ref` or the `::resource` line), for the editor.
        const mentions = parsed ? [...parsed.collected.refs.filter((r) => r.target === s.id).map((r) => r.range), ...parsed.collected.resourceEmbeds.filter((e) => e.resourceId === s.id).map((e) => e.range)].sort((a, b) => a.from - b.from) : [];
        const first = mentions[0];
        const percent = Math.round(s.scale * 100);
        const message = floats.has(s.id)
          ? `“${s.id}” is printed at ${percent} % of its size so that it fits the slot after its reference instead of moving on (placement.shrink). Give it more room before the next slot, or let it move on at full size (shrink: never, or a higher minScale).`
          : `“${s.id}” is printed at ${percent} % of its size so that it fits a column of the :::columns group it stands in (a figure in a group is never cut between its columns). Give it a smaller height, or set it outside the group, to print it whole.`;
        return warning('floatShrunk', message, { chapterId: chapter.id, pageIndex: s.pageIndex, resource: s.id, ...(first ? { offset: first.from, toOffset: first.to } : {}) });
      });
    });
  });
}
