/**
 * `tabInVerticalText` (document-format §10.8, §21): vertical text has no tab stops; each `:tab`
 * is set as a word space (paragraph/collect.ts) and the paragraph as running text. One warning
 * per block holding a tab, at its first.
 */
import type { Inline } from '../parse/model';
import type { CheckContext } from './input';
import { warning, type Warning } from './model';

export function verticalTabWarnings(ctx: CheckContext): Warning[] {
  if (!ctx.settings.vertical) return [];
  const out: Warning[] = [];
  for (const chapter of ctx.parsed) {
    for (const block of chapter.blocks) {
      if (!('inlines' in block) || !Array.isArray(block.inlines)) continue;
      const tab = firstTab(block.inlines as readonly Inline[]);
      if (!tab) continue;
      out.push(warning('tabInVerticalText', 'A tab in vertical text is set as a word space: vertical lines have no tab stops.', { chapterId: chapter.chapterId, offset: tab.range.from, toOffset: tab.range.to }));
    }
  }
  return out;
}

function firstTab(inlines: readonly Inline[]): Inline | undefined {
  for (const inline of inlines) {
    if (inline.kind === 'tab') return inline;
    const children = (inline as { children?: unknown }).children;
    if (Array.isArray(children)) {
      const found = firstTab(children as Inline[]);
      if (found) return found;
    }
  }
  return undefined;
}
