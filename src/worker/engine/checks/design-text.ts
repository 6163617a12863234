/**
 * `designTextTruncated` (configuration.md §5.3 `overflow`: "truncation → `designTextTruncated`
 * warning"): a text element of a designed slot (running heads, section slots, part designs) whose
 * line was cut to its box with an ellipsis or clipped. The page engine records every cut line per
 * chapter (`ChapterLayout.designTruncated`, page/furniture-elements.ts); the check reports each
 * element once per chapter and text, at the first page, with the number of pages, and points at
 * the element's `overflow` setting (the Design panel opens there: `wrap`, or a wider box). Not
 * toggleable (configuration.md §17.2 lists it with the engine's own warnings).
 */
import type { CheckContext } from './input';
import { memoPerObject } from './memo';
import { warning, type Warning } from './model';

const HOW: Record<string, string> = {
  'ellipsis-start': 'cut at the start with an ellipsis',
  'ellipsis-middle': 'cut in the middle with an ellipsis',
  'ellipsis-end': 'cut at the end with an ellipsis',
  clip: 'clipped at the edge of its box',
};

export function designTextWarnings(ctx: CheckContext): Warning[] {
  return ctx.layout.chapters.flatMap((chapter) => {
    const cuts = chapter.designTruncated;
    if (!cuts || cuts.length === 0) return [];
    return memoPerObject('designTextTruncated', chapter, '', () => {
      // One entry per element and text: a chapter title cut on every even page is one problem.
      const groups = new Map<string, { first: (typeof cuts)[number]; pages: Set<number> }>();
      for (const cut of cuts) {
        const key = `${cut.slot}\u0000${cut.element}\u0000${cut.text}`;
        const group = groups.get(key);
        if (group) group.pages.add(cut.pageIndex);
        else groups.set(key, { first: cut, pages: new Set([cut.pageIndex]) });
      }
      return [...groups.values()].map(({ first, pages }) => {
        const count = pages.size === 1 ? 'on 1 page' : `on ${pages.size} pages`;
        const shown = first.mode === 'clip' ? '' : ` as “${first.shown}”`;
        return warning(
          'designTextTruncated',
          `${first.slot} · ${first.element}: “${first.text}” does not fit its box and is ${HOW[first.mode] ?? 'cut'}${shown} ${count}. Widen the element (size.width, maxWidth), make the type smaller, or let it wrap (overflow: wrap).`,
          { chapterId: chapter.id, pageIndex: first.pageIndex, path: `${first.slot}.elements[id=${first.element}].overflow` },
        );
      });
    });
  });
}
