/**
 * The PDF outline (bookmarks, PDF 32000-1 §12.3.3) from the book's headings: each entry points
 * at the page and height where its heading was set, nested by heading level. Where a heading
 * landed is read from the display lists (the first glyph run of its block), so the outline
 * always agrees with the pages.
 */
import { PDFNull, PDFName, type PDFContext, type PDFRef } from 'pdf-lib';
import { Op, type PageDisplayList } from '../../protocol/displaylist';
import { pdfTextString } from './fonts/embed';

export interface HeadingInfo {
  /** Block id of the heading in its parsed chapter. */
  blockId: string;
  level: number;
  title: string;
}

export interface OutlineEntry {
  title: string;
  level: number;
  /** 0-based index among the exported pages. */
  page: number;
  /** Top of the heading's first line, pt from the trim box's top. */
  top: number;
}

/** Where each block's first line sits in the exported pages: page and top of the line. */
export function blockPositions(pages: readonly PageDisplayList[]): Map<string, { page: number; top: number }> {
  const positions = new Map<string, { page: number; top: number }>();
  pages.forEach((page, index) => {
    for (const item of page.items) {
      if (item.op !== Op.GlyphRun || !item.line) continue;
      const known = positions.get(item.line.block);
      // The top of the line: one em above the baseline is the tallest a glyph usually reaches.
      const top = Math.max(0, item.y - item.size);
      if (!known || (known.page === index && top < known.top)) positions.set(item.line.block, { page: index, top });
    }
  });
  return positions;
}

/**
 * `positions` with the headings that print nothing (hidden, configuration.md §8.2: "still …
 * bookmark") placed where what follows them begins: the nearest later block of their chapter
 * that was set on the exported pages. A heading none follows there gets no entry.
 */
export function withUnprintedHeadings(chapters: readonly { blocks: readonly { id: string; kind: string }[] }[], positions: ReadonlyMap<string, { page: number; top: number }>): Map<string, { page: number; top: number }> {
  const all = new Map(positions);
  for (const chapter of chapters) {
    let next: { page: number; top: number } | undefined;
    for (let i = chapter.blocks.length - 1; i >= 0; i--) {
      const block = chapter.blocks[i]!;
      const own = positions.get(block.id);
      if (own) next = own;
      else if (block.kind === 'heading' && next) all.set(block.id, next);
    }
  }
  return all;
}

/** Outline entries of the headings that were set on the exported pages, in book order. */
export function outlineEntries(headings: readonly HeadingInfo[], positions: ReadonlyMap<string, { page: number; top: number }>): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  for (const heading of headings) {
    const at = positions.get(heading.blockId);
    const title = heading.title.replace(/\s+/g, ' ').trim();
    if (!at || !title) continue;
    entries.push({ title, level: heading.level, page: at.page, top: at.top });
  }
  return entries;
}

/** A dictionary literal as pdf-lib's `context.obj` takes it. */
export type PdfDictLiteral = NonNullable<Parameters<PDFContext['flateStream']>[1]>;

interface Node {
  entry: OutlineEntry | null;
  children: Node[];
  ref: PDFRef;
}

/**
 * Writes the outline tree and returns the /Outlines dictionary's reference (null when empty).
 * `destination` gives the explicit destination array of an entry.
 */
export function writeOutline(context: PDFContext, entries: readonly OutlineEntry[], destination: (entry: OutlineEntry) => unknown[]): PDFRef | null {
  if (entries.length === 0) return null;
  const root: Node = { entry: null, children: [], ref: context.nextRef() };
  // Nesting by level: an entry goes under the nearest earlier entry of a smaller level.
  const stack: Node[] = [root];
  for (const entry of entries) {
    while (stack.length > 1 && stack[stack.length - 1]!.entry!.level >= entry.level) stack.pop();
    const node: Node = { entry, children: [], ref: context.nextRef() };
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  }
  // Top-level entries start open, deeper ones closed (a long book's outline stays readable).
  const open = (depth: number) => depth <= 1;
  /** Entries visible under a node when it is open (PDF 32000-1 Table 153, Count). */
  const visible = (node: Node, depth: number): number => node.children.reduce((sum, child) => sum + 1 + (open(depth + 1) ? visible(child, depth + 1) : 0), 0);
  const write = (node: Node, depth: number, parent: Node | null, previous: Node | null, next: Node | null): void => {
    const dict: PdfDictLiteral = {};
    if (node.entry) {
      dict['Title'] = pdfTextString(node.entry.title);
      dict['Parent'] = parent!.ref;
      if (previous) dict['Prev'] = previous.ref;
      if (next) dict['Next'] = next.ref;
      dict['Dest'] = destination(node.entry) as PdfDictLiteral[string];
    } else {
      dict['Type'] = 'Outlines';
    }
    if (node.children.length > 0) {
      dict['First'] = node.children[0]!.ref;
      dict['Last'] = node.children[node.children.length - 1]!.ref;
      const count = visible(node, depth);
      dict['Count'] = open(depth) ? count : -count;
    }
    context.assign(node.ref, context.obj(dict));
    node.children.forEach((child, i) => write(child, depth + 1, node, node.children[i - 1] ?? null, node.children[i + 1] ?? null));
  };
  write(root, 0, null, null, null);
  return root.ref;
}

/** `[page /XYZ left top null]`: the page at the given height, zoom unchanged. */
export function xyzDestination(page: PDFRef, left: number, top: number): unknown[] {
  return [page, PDFName.of('XYZ'), left, top, PDFNull];
}
