/**
 * `headingDesignCut` (configuration.md §17.2, post-hoc; tools.md §7.9 "heading design cut off", in
 * Design): an element of a designed heading (§8.2 `advancedDesign`) placed past the trim — past
 * the bleed box when anchored to the bleed — so the printed page loses part of it. The page engine
 * records each such heading per chapter with its furthest element (`ChapterLayout.headingDesignsCut`,
 * page/heading-design.ts); the warning points at the page and, for the editor, at the heading.
 * Not toggleable, like `designTextTruncated`.
 */
import type { CheckContext } from './input';
import { memoPerObject } from './memo';
import { warning, type Warning } from './model';

export function headingDesignCutWarnings(ctx: CheckContext): Warning[] {
  return ctx.layout.chapters.flatMap((chapter) => {
    const cuts = chapter.headingDesignsCut;
    if (!cuts || cuts.length === 0) return [];
    const parsed = ctx.parsed[ctx.chapterIndex.get(chapter.id) ?? -1];
    return memoPerObject('headingDesignCut', chapter, parsed ? '' : '-', () =>
      cuts.map((cut) => {
        const heading = parsed?.blocks.find((b) => b.id === cut.block);
        const title = heading?.kind === 'heading' ? `“${heading.plainText}”` : 'A designed heading';
        return warning(
          'headingDesignCut',
          `${title}: its design element “${cut.element}” reaches ${cut.by.toFixed(1)} pt past the page's edge and is cut off. Move or shrink it, or anchor it to the bleed.`,
          { chapterId: chapter.id, pageIndex: cut.pageIndex, ...(heading ? { offset: heading.range.from, toOffset: heading.range.to } : {}) },
        );
      }),
    );
  });
}
