/**
 * `textWrap` (document-format §12.8 "Falls back to a full band (and `textWrap` warning: `tooNarrow`
 * < 12 em, `fewLines` < 2, `moved` …)", configuration.md §4 `layout.wrap.*`): a resource with
 * `placement.wrap` that the page engine set as a full-width band instead of running text beside
 * it. The engine records each refusal per chapter (`ChapterLayout.wrapsRefused`,
 * page/floats-wrap.ts); the warning points at the page it is set on and, for the editor, at its
 * `::resource` line (or its first mention); a wrapped callout box (`:::callout{wrap}`) at its fence. `verticalText`: in vertical writing nothing wraps (the
 * configuration's own `wrapUnsupported` covers a type's `defaultPlacement.wrap`).
 */
import type { CheckContext } from './input';
import { memoPerObject } from './memo';
import { warning, type Warning } from './model';

const WHY: Record<string, string> = {
  tooNarrow: 'the text beside it would be narrower than layout.wrap.minTextWidth',
  fewLines: 'fewer than layout.wrap.minLinesBeside lines would fit beside it',
  verticalText: 'text does not wrap in vertical writing (layout.writingMode vertical-rl)',
  moved: 'it is set where no text can run beside it (at the foot of a column, or moved on past the text it stood with)',
};

const ADVICE: Record<string, string> = {
  tooNarrow: 'Give it a smaller placement.width or a narrower wrapGap, or lower layout.wrap.minTextWidth.',
  fewLines: 'Make it taller, or lower layout.wrap.minLinesBeside.',
  verticalText: 'Set placement.wrap to none for this book.',
  moved: 'Let it head a column (position: top), move its ::resource line, or make the picture smaller.',
};

const BOX_ADVICE: Record<string, string> = {
  tooNarrow: 'Give the box a smaller width or wrapGap, or lower layout.wrap.minTextWidth.',
  fewLines: 'Lower layout.wrap.minLinesBeside, or let the box run across the column.',
  moved: 'A wrapped box never splits: shorten it or move it up the column.',
  verticalText: 'Remove wrap from the box for this book.',
};

export function textWrapWarnings(ctx: CheckContext): Warning[] {
  return ctx.layout.chapters.flatMap((chapter) => {
    const refused = chapter.wrapsRefused;
    if (!refused || refused.length === 0) return [];
    const parsed = ctx.parsed[ctx.chapterIndex.get(chapter.id) ?? -1];
    return memoPerObject('textWrap', chapter, parsed ? '' : '-', () =>
      refused.map((w) => {
        if (w.at !== undefined) {
          // A wrapped callout box (`:::callout{wrap}`): at its opening fence line.
          const source = ctx.chapters[ctx.chapterIndex.get(chapter.id) ?? -1]?.source ?? '';
          const lineEnd = source.indexOf('\n', w.at);
          return warning(
            'textWrap',
            `The box “${w.id}” is set across the full column, with the text below it, instead of with text beside it (:::callout wrap): ${WHY[w.reason] ?? w.reason}. ${BOX_ADVICE[w.reason] ?? ''}`.trim(),
            { chapterId: chapter.id, pageIndex: w.pageIndex, offset: w.at, toOffset: lineEnd > w.at ? lineEnd : w.at + 1 },
          );
        }
        // The `::resource` line that sets it, else its first `:ref` (a float), for the editor.
        const embed = parsed?.collected.resourceEmbeds.find((e) => e.resourceId === w.id) ?? parsed?.collected.refs.find((r) => r.target === w.id);
        return warning(
          'textWrap',
          `“${w.id}” is set across the full column, with the text below it, instead of with text beside it (placement.wrap): ${WHY[w.reason] ?? w.reason}. ${ADVICE[w.reason] ?? ''}`.trim(),
          { chapterId: chapter.id, pageIndex: w.pageIndex, resource: w.id, ...(embed ? { offset: embed.range.from, toOffset: embed.range.to } : {}) },
        );
      }),
    );
  });
}
