/**
 * The text blocks whose lines a page holds, in the order each block's first line on the page was
 * set, with that line's role: what the running heads read from a page (page/guide-words.ts: the
 * running H1 begun on it, the marks set on it), without walking its items again.
 *
 * Kept per item list. A chapter moved by an edit before it is composed again at its new first page
 * from the drafts it keeps (page/chapter-start.ts), whose item lists are the same arrays; walking
 * every item of every page of every moved chapter for its `{chapterTitle}` values had cost up to
 * 12 ms of an edit that moved the pages after it (the bench's thirty edits, traced in Chromium,
 * 2026-12-06). A page holds tens of blocks against hundreds of items.
 */
import { Op, type DisplayItem, type LineInfo } from '../../protocol/displaylist';

export interface PageBlocks {
  /** Block ids, each once, in the order of their first line on the page. */
  readonly blocks: readonly string[];
  /** The role of that first line, for each block. */
  readonly roles: readonly LineInfo['role'][];
}

const NONE: PageBlocks = { blocks: [], roles: [] };

/** Read once per item list (weak: a page dropped takes its entry with it). */
const read = new WeakMap<readonly DisplayItem[], PageBlocks>();

export function pageBlocks(items: readonly DisplayItem[]): PageBlocks {
  if (items.length === 0) return NONE;
  let found = read.get(items);
  if (found !== undefined) return found;
  const blocks: string[] = [];
  const roles: LineInfo['role'][] = [];
  const met = new Set<string>();
  for (const item of items) {
    if (item.op !== Op.GlyphRun || !item.line) continue;
    const block = item.line.block;
    if (met.has(block)) continue;
    met.add(block);
    blocks.push(block);
    roles.push(item.line.role);
  }
  found = blocks.length === 0 ? NONE : { blocks, roles };
  read.set(items, found);
  return found;
}
