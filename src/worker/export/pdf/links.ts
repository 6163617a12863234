/**
 * Link annotations (PDF 32000-1 §12.5.6.5): external URLs open in the reader's browser,
 * internal references (`[text](#id)`, `:ref{#id}`, `\ref{x}`, `@sec:x`) jump to the page and
 * height of their target. The rectangles are where the link's source characters were set,
 * found in the display lists with the same query the editor uses (`sourceRects`). The lines of
 * a `:::toc` jump to their headings (`tocAreas`), the locators of a back-of-book index to their
 * pages (`locatorAreas`).
 */
import { Op, type GlyphRunItem, type PageDisplayList } from '../../protocol/displaylist';
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
  /** The link's text is generated (a reference prints its target's number, title or page). */
  generated?: boolean;
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
      out.push({ chapterId, from: inline.range.from, to: inline.range.to, target: inline.target, generated: true });
      continue;
    }
    if ('children' in inline && inline.children) collectLinks(chapterId, inline.children, out);
  }
}

/** Line box around a baseline, in em of the run's size (as engine/query.ts measures lines). */
const ASCENT_EM = 0.85;
const DESCENT_EM = 0.3;
/** How far (UTF-16 units) the source around a reference may be from it: a space or a bracket. */
const NEIGHBOUR_SLACK = 2;

/**
 * Rectangles of the text a reference printed. That text is generated (its glyphs map to no
 * source offset), so it is found between its neighbours: the glyphs without source that follow
 * source just before the reference, or precede source just after it, in the same block.
 */
function generatedRects(pages: readonly PageDisplayList[], chapterId: string, from: number, to: number): { pageIndex: number; x: number; y: number; width: number; height: number }[] {
  const rects: { pageIndex: number; x: number; y: number; width: number; height: number }[] = [];
  for (const page of pages) {
    if (page.chapter !== chapterId) continue;
    // The page's glyphs of this chapter in display order, with their source offsets.
    const glyphs: { run: GlyphRunItem; g: number; offset: number; block: string }[] = [];
    for (const item of page.items) {
      if (item.op !== Op.GlyphRun || item.chapter !== chapterId || !item.line) continue;
      for (let g = 0; g < item.glyphs.length; g++) {
        const index = item.clusters[g] ?? 0;
        const offset = item.srcFrom < 0 ? -1 : item.srcMap ? (item.srcMap[index] ?? -1) : item.srcFrom + index;
        glyphs.push({ run: item, g, offset, block: item.line.block });
      }
    }
    let i = 0;
    while (i < glyphs.length) {
      if (glyphs[i]!.offset >= 0) {
        i++;
        continue;
      }
      // A stretch of generated glyphs in one block, and the source on either side of it.
      let j = i;
      while (j < glyphs.length && glyphs[j]!.offset < 0 && glyphs[j]!.block === glyphs[i]!.block) j++;
      const before = i > 0 && glyphs[i - 1]!.block === glyphs[i]!.block ? glyphs[i - 1]!.offset : undefined;
      const after = j < glyphs.length && glyphs[j]!.block === glyphs[i]!.block ? glyphs[j]!.offset : undefined;
      const startsHere = before !== undefined && before < from && from - before <= NEIGHBOUR_SLACK;
      const endsHere = after !== undefined && after >= to && after - to <= NEIGHBOUR_SLACK;
      if ((startsHere && (after === undefined || after >= to)) || (endsHere && (before === undefined || before < from))) {
        const byRun = new Map<GlyphRunItem, { min: number; max: number }>();
        for (let k = i; k < j; k++) {
          const { run, g } = glyphs[k]!;
          const right = run.xs[g + 1] ?? run.xs[g]! + run.size * 0.5;
          const box = byRun.get(run) ?? { min: Infinity, max: -Infinity };
          box.min = Math.min(box.min, run.xs[g]!);
          box.max = Math.max(box.max, right);
          byRun.set(run, box);
        }
        for (const [run, box] of byRun) rects.push({ pageIndex: page.index, x: box.min, y: run.y - run.size * ASCENT_EM, width: box.max - box.min, height: run.size * (ASCENT_EM + DESCENT_EM) });
      }
      i = j;
    }
  }
  return rects;
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
      const rects = link.generated ? generatedRects(pages, link.chapterId, link.from, link.to) : sourceRects(pages, link.chapterId, link.from, link.to);
      for (const rect of rects) {
        const page = indexOfPage.get(rect.pageIndex);
        if (page === undefined) continue;
        areas.push({ page, x: rect.x, y: rect.y, width: rect.width, height: rect.height, target });
      }
    }
  }
  areas.push(...tocAreas(pages, positions));
  areas.push(...locatorAreas(pages));
  return areas;
}

/**
 * The locators of a back-of-book index (document-format §16): the layout marks each locator's
 * glyph run with the page it names (`GlyphRunItem.linkPage`); one area per run, over its glyphs,
 * to the top of that page. Pages outside the exported ones get none.
 */
export function locatorAreas(pages: readonly PageDisplayList[]): LinkArea[] {
  const indexOfPage = new Map(pages.map((page, i) => [page.index, i]));
  const areas: LinkArea[] = [];
  pages.forEach((page, index) => {
    for (const item of page.items) {
      if (item.op !== Op.GlyphRun || item.linkPage === undefined || item.glyphs.length === 0) continue;
      const target = indexOfPage.get(item.linkPage);
      if (target === undefined) continue;
      let min = Infinity;
      let max = -Infinity;
      item.xs.forEach((x, g) => {
        min = Math.min(min, x);
        // The glyph's right edge: the next pen position, or half an em past the last (as tocAreas).
        max = Math.max(max, item.xs[g + 1] ?? x + item.size * 0.5);
      });
      areas.push({ page: index, x: min, y: item.y - item.size * ASCENT_EM, width: max - min, height: item.size * (ASCENT_EM + DESCENT_EM), target: { kind: 'page', page: target, top: 0 } });
    }
  });
  return areas;
}

/**
 * The entries of a `:::toc`: the layout marks each of their runs (title, leader, page label)
 * with the heading they lead to (`LineInfo.target`); one area per entry line, from its first
 * glyph to the end of its label, to the top of that heading. Headings outside the exported
 * pages get none.
 */
export function tocAreas(pages: readonly PageDisplayList[], positions: ReadonlyMap<string, { page: number; top: number }>): LinkArea[] {
  const areas: LinkArea[] = [];
  pages.forEach((page, index) => {
    const lines = new Map<string, { min: number; max: number; y: number; size: number; target: string }>();
    for (const item of page.items) {
      const target = item.op === Op.GlyphRun ? item.line?.target : undefined;
      if (item.op !== Op.GlyphRun || !target || item.glyphs.length === 0) continue;
      const key = `${target}@${item.y}`;
      const last = item.glyphs.length - 1;
      const right = item.xs[last]! + item.size * 0.5;
      const line = lines.get(key);
      if (line) {
        line.min = Math.min(line.min, item.xs[0]!);
        line.max = Math.max(line.max, right);
        line.size = Math.max(line.size, item.size);
      } else lines.set(key, { min: item.xs[0]!, max: right, y: item.y, size: item.size, target });
    }
    for (const line of lines.values()) {
      const at = positions.get(line.target);
      if (!at) continue;
      areas.push({ page: index, x: line.min, y: line.y - line.size * ASCENT_EM, width: line.max - line.min, height: line.size * (ASCENT_EM + DESCENT_EM), target: { kind: 'page', page: at.page, top: at.top } });
    }
  });
  return areas;
}
