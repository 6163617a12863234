/**
 * Floats far from their reference (document-format.md §12.7), and hyphenation without patterns
 * for the book's language (tools.md §7.9 "no hyphenation patterns").
 *
 * A float's search starts after its citing line and its slot matrix never goes past the next page
 * (p. 5 → the foot of p. 5, a later column of p. 5, or p. 6), so a float set two or more pages
 * after the page that first cites it was pushed on by other floats waiting before it, or by one
 * too tall for any slot. The spec names no threshold; ours is that one page (`MAX_PAGES_AFTER`).
 *
 * Where a float is set is read from the display lists: the page engine sets a float cited by
 * `:ref` as if the citing block had embedded it, so its caption runs carry that block's id
 * (role `caption`) and a bitmap carries the resource id. Where one block first cites several
 * floats, they keep their order (floats of one sequence never overtake), so the farthest page
 * belongs to the last of them.
 */
import { isRtlLocale } from '../../config';
import { floatSpecOf } from '../page/book';
import { prepareResource } from '../resources/model';
import { resourceSettingsFromConfig } from '../resources/settings';
import { resolveHyphenationLanguage } from '../text/hyphenate';
import { Op, type PageDisplayList } from '../../protocol/displaylist';
import type { CheckContext } from './input';
import { pageOfOffset } from './input';
import { memoPerObject } from './memo';
import { warning, type Warning } from './model';

/** Pages a float may land after its citing page without a warning. */
export const MAX_PAGES_AFTER = 1;

/** Ids of the resources that float, decided as the page engine decides it (`floatSpecOf`). */
export function floatingIds(ctx: CheckContext): Set<string> {
  // Placement only: no payload is read (the pictures' bytes do not decide whether they float).
  const set = { resources: new Map(ctx.resources.map((r) => [r.id, prepareResource({ id: r.id, typeId: r.typeId ?? 'figure', kind: r.kind, placement: r.placement }, undefined)] as const)), settings: resourceSettingsFromConfig(ctx.config), key: '' };
  return new Set(ctx.resources.filter((r) => floatSpecOf(set, r.id) !== undefined).map((r) => r.id));
}

export function floatWarnings(ctx: CheckContext): Warning[] {
  if (ctx.resources.length === 0) return [];
  const floats = floatingIds(ctx);
  if (floats.size === 0) return [];
  // Which block first cites each float, book-wide and in reading order (numbering's order).
  const firstCite = new Map<string, { chapterId: string; block: string; from: number; to: number }>();
  for (const chapter of ctx.parsed) {
    const mentions = [...chapter.collected.refs.map((r) => ({ id: r.target, block: r.blockId, range: r.range })), ...chapter.collected.resourceEmbeds.map((e) => ({ id: e.resourceId, block: e.blockId, range: e.range }))].sort((a, b) => a.range.from - b.range.from);
    for (const m of mentions) if (floats.has(m.id) && !firstCite.has(m.id)) firstCite.set(m.id, { chapterId: chapter.chapterId, block: m.block, from: m.range.from, to: m.range.to });
  }
  const out: Warning[] = [];
  for (const chapter of ctx.layout.chapters) {
    const cited = [...firstCite.entries()].filter(([, c]) => c.chapterId === chapter.id);
    if (cited.length === 0) continue;
    const key = JSON.stringify(cited);
    out.push(...memoPerObject('floats', chapter, key, () => chapterFloatWarnings(chapter.pages, cited)));
  }
  return out;
}

function chapterFloatWarnings(pages: readonly PageDisplayList[], cited: readonly [string, { chapterId: string; block: string; from: number; to: number }][]): Warning[] {
  const out: Warning[] = [];
  const byBlock = new Map<string, { id: string; from: number; to: number; chapterId: string }[]>();
  for (const [id, c] of cited) byBlock.set(c.block, [...(byBlock.get(c.block) ?? []), { id, ...c }]);
  for (const [block, ids] of byBlock) {
    const citing = pageOfOffset(pages, ids[0]!.from);
    if (!citing) continue;
    const wanted = new Set(ids.map((i) => i.id));
    // The farthest page holding one of these floats: a bitmap of it, or a caption of the block.
    let farthest: { page: PageDisplayList; id?: string } | undefined;
    for (const page of pages) {
      if (page.index < citing.index) continue;
      for (const item of page.items) {
        const hit = item.op === Op.Image ? (wanted.has(item.resource) ? item.resource : null) : item.op === Op.GlyphRun && item.line?.role === 'caption' && item.line.block === block ? '' : null;
        if (hit === null) continue;
        if (!farthest || page.index > farthest.page.index) farthest = hit ? { page, id: hit } : { page };
        else if (page.index === farthest.page.index && hit) farthest.id ??= hit;
      }
    }
    if (!farthest || farthest.page.index - citing.index <= MAX_PAGES_AFTER) continue;
    const float = ids.find((i) => i.id === farthest!.id) ?? ids[ids.length - 1]!;
    const after = farthest.page.index - citing.index;
    out.push(
      warning(
        'distantFloat',
        `“${float.id}” is first cited on page ${citing.label} but set on page ${farthest.page.label}, ${after} pages later: floats waiting before it or its size push it on. Cite it later, make it smaller, or place it here.`,
        { chapterId: float.chapterId, offset: float.from, toOffset: float.to, resource: float.id },
      ),
    );
  }
  return out;
}

/**
 * `afterText` (document-format.md §12.7): a chapter end is a barrier that flushes every waiting
 * float, onto extra pages when the last text page has no room — pages that hold floats and no
 * text of the chapter. One warning per chapter, at the first such page.
 */
export function afterTextWarnings(ctx: CheckContext): Warning[] {
  return ctx.layout.chapters.flatMap((chapter) =>
    memoPerObject('afterText', chapter, '', () => {
      // The chapter's own text: lines with source offsets (captions, running heads, table cells and
      // drawings' labels are generated or belong to floats).
      const isText = (page: PageDisplayList) => page.items.some((item) => item.op === Op.GlyphRun && item.line !== undefined && item.line.role !== 'caption' && item.line.role !== 'header' && item.line.role !== 'footer' && item.srcFrom >= 0);
      let last = -1;
      chapter.pages.forEach((page, i) => {
        if (isText(page)) last = i;
      });
      if (last < 0) return [];
      const extra = chapter.pages.slice(last + 1).filter((page) => page.role !== 'blank' && page.items.some((item) => item.op === Op.Image || (item.op === Op.Path && item.math === undefined) || (item.op === Op.GlyphRun && item.line?.role === 'caption')));
      if (extra.length === 0) return [];
      const first = extra[0]!;
      const image = first.items.find((item) => item.op === Op.Image);
      return [
        warning(
          'afterText',
          `${extra.length} page${extra.length > 1 ? 's' : ''} after the chapter's last text (from page ${first.label}) hold${extra.length > 1 ? '' : 's'} only floats that found no room before the chapter ended. Cite them earlier, make them smaller, or place them here.`,
          { chapterId: chapter.id, pageIndex: first.index, ...(image && image.op === Op.Image ? { resource: image.resource } : {}) },
        ),
      ];
    }),
  );
}

/**
 * Hyphenation on, and the book's language has no patterns: the spec's fallback (US English)
 * stands in (configuration.md §6.2 "unbundled language → en-us patterns + one warning").
 * Right-to-left scripts (Arabic, Hebrew…) are not hyphenated in practice — Arabic justifies with
 * kashida — so there is nothing to fix there and nothing is said.
 */
export function hyphenationWarnings(ctx: CheckContext): Warning[] {
  if (!ctx.settings.hyphenation.enabled || isRtlLocale(ctx.settings.language)) return [];
  const resolved = resolveHyphenationLanguage(ctx.settings.language);
  if (!resolved.fallback) return [];
  return [
    warning(
      'noHyphenationPatterns',
      `There are no hyphenation patterns for the language “${ctx.settings.language}”: words are broken with US English patterns, which may split them wrongly. Set bodyText.hyphenation.locale to a language with patterns, or turn hyphenation off.`,
      { path: 'bodyText.hyphenation.locale' },
    ),
  ];
}
