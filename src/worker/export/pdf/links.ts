/**
 * Link annotations (PDF 32000-1 §12.5.6.5): external URLs open in the reader's browser,
 * internal references (`[text](#id)`, `:ref{#id}`, `\ref{x}`, `@sec:x`) jump to the page and
 * height of their target. The rectangles are where the link's source characters were set,
 * found in the display lists with the same query the editor uses (`sourceRects`).
 */
import type { PageDisplayList } from '../../protocol/displaylist';
import type { Block, Inline, ParsedChapter } from '../../engine/parse/model';
import { sourceRects } from '../../engine/query';

export interface LinkArea {
  /** 0-based index among the exported pages. */
  page: number;
  /** pt from the trim box's top-left, y down. */
  x: number;
  y: number;
  width: number;
  height: number;
  target: { kind: 'uri'; uri: string } | { kind: 'page'; page: number; top: number };
}

interface FoundLink {
  chapterId: string;
  from: number;
  to: number;
  href?: string;
  target?: string;
}

function inlinesOf(block: Block): Inline[] {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
    case 'blockquote':
    case 'listItem':
    case 'footnoteDefinition':
      return block.inlines;
    case 'verse':
      return block.stanzas.flatMap((stanza) => stanza.flatMap((line) => line.inlines));
    default:
      return [];
  }
}

function collectLinks(chapterId: string, inlines: readonly Inline[], out: FoundLink[]): void {
  for (const inline of inlines) {
    if (inline.kind === 'link') {
      const href = inline.href;
      if (href?.startsWith('#')) out.push({ chapterId, from: inline.range.from, to: inline.range.to, target: href.slice(1) });
      else if (href) out.push({ chapterId, from: inline.range.from, to: inline.range.to, href });
      continue; // a link inside a link is not a thing (CommonMark)
    }
    if (inline.kind === 'ref') {
      out.push({ chapterId, from: inline.range.from, to: inline.range.to, target: inline.target });
      continue;
    }
    if ('children' in inline && inline.children) collectLinks(chapterId, inline.children, out);
  }
}

/** URIs are ASCII in PDF (§12.6.4.7): other characters are percent-encoded as UTF-8. */
export function asciiUri(uri: string): string {
  return uri.replace(/[^\x21-\x7e]+/g, (run) => encodeURIComponent(run));
}

/**
 * The link areas of the exported pages. `positions` says where each block starts (outline.ts);
 * a reference whose target was not exported (another chapter) gets no area.
 */
export function linkAreas(chapters: readonly ParsedChapter[], pages: readonly PageDisplayList[], positions: ReadonlyMap<string, { page: number; top: number }>): LinkArea[] {
  // Anchor ids of the whole book (first definition wins, document-format.md §13).
  const anchors = new Map<string, string>();
  for (const chapter of chapters) {
    for (const anchor of chapter.collected.anchors) if (!anchors.has(anchor.anchorId)) anchors.set(anchor.anchorId, anchor.blockId);
  }
  const indexOfPage = new Map(pages.map((page, i) => [page.index, i]));
  const areas: LinkArea[] = [];
  for (const chapter of chapters) {
    if (!pages.some((page) => page.chapter === chapter.chapterId)) continue;
    const found: FoundLink[] = [];
    for (const block of chapter.blocks) collectLinks(chapter.chapterId, inlinesOf(block), found);
    for (const link of found) {
      let target: LinkArea['target'];
      if (link.href) {
        target = { kind: 'uri', uri: asciiUri(link.href) };
      } else {
        const blockId = anchors.get(link.target ?? '');
        const at = blockId ? positions.get(blockId) : undefined;
        if (!at) continue;
        target = { kind: 'page', page: at.page, top: at.top };
      }
      for (const rect of sourceRects(pages, link.chapterId, link.from, link.to)) {
        const page = indexOfPage.get(rect.pageIndex);
        if (page === undefined) continue;
        areas.push({ page, x: rect.x, y: rect.y, width: rect.width, height: rect.height, target });
      }
    }
  }
  return areas;
}
