/**
 * `textWrap` (document-format §12.8 "Falls back to a full band (and `textWrap` warning: `tooNarrow`
 * < 12 em, `fewLines` < 2, `moved` …)", configuration.md §4 `layout.wrap.*`): a resource with
 * `placement.wrap` that the page engine set as a full-width band instead of running text beside
 * it. The engine records each refusal per chapter (`ChapterLayout.wrapsRefused`,
 * page/floats-wrap.ts); the warning points at the page it is set on and, for the editor, at its
 * `::resource` line. (`verticalText` is the configuration's `wrapUnsupported`: the engine sets no
 * vertical text.)
 */
import type { CheckContext } from './input';
import { memoPerObject } from './memo';
import { warning, type Warning } from './model';

const WHY: Record<string, string> = {
  tooNarrow: 'the text beside it would be narrower than layout.wrap.minTextWidth',
  fewLines: 'fewer than layout.wrap.minLinesBeside lines would fit beside it',
  moved: 'it does not fit under the text where it stands, so it moves on without that text',
};

const ADVICE: Record<string, string> = {
  tooNarrow: 'Give it a smaller placement.width or a narrower wrapGap, or lower layout.wrap.minTextWidth.',
  fewLines: 'Make it taller, or lower layout.wrap.minLinesBeside.',
  moved: 'Move the ::resource line earlier, or make the picture smaller.',
};

export function textWrapWarnings(ctx: CheckContext): Warning[] {
  return ctx.layout.chapters.flatMap((chapter) => {
    const refused = chapter.wrapsRefused;
    if (!refused || refused.length === 0) return [];
    const parsed = ctx.parsed[ctx.chapterIndex.get(chapter.id) ?? -1];
    return memoPerObject('textWrap', chapter, parsed ? '' : '-', () =>
      refused.map((w) => {
        // The `::resource` line that sets it (the one that wraps), for the editor.
        const embed = parsed?.collected.resourceEmbeds.find((e) => e.resourceId === w.id);
        return warning(
          'textWrap',
          `“${w.id}” is set across the full column, with the text below it, instead of with text beside it (placement.wrap): ${WHY[w.reason] ?? w.reason}. ${ADVICE[w.reason] ?? ''}`.trim(),
          { chapterId: chapter.id, pageIndex: w.pageIndex, resource: w.id, ...(embed ? { offset: embed.range.from, toOffset: embed.range.to } : {}) },
        );
      }),
    );
  });
}
