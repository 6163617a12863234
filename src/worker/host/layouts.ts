/**
 * `layouts.json` (bundle-format §1, §13): the per-chapter page counts and numbering an exported
 * `.postext` carries so that an import opens paginated. The stamps say which layout they describe
 * — engine (display-list) version, configuration, resources and (our addition) the chapters'
 * text — and a reader that finds them differing from the book in hand ignores the file and
 * paginates afresh (our choice). Our file shape is version 1, written by `layoutsJson`.
 */
import { z } from 'zod';
import { contentId } from '../../storage/hash';
import type { JsonValue } from '../../storage/json';
import type { BookState } from '../document/book';
import { DISPLAY_LIST_VERSION } from '../protocol/displaylist';

export interface LayoutStamps {
  engine: number;
  configHash: string;
  resourcesHash: string;
  textHash: string;
}

/** The stamps of a book as it is now (hashes are `sha256-…` of canonical JSON). */
export async function layoutStampsOf(book: BookState): Promise<LayoutStamps> {
  const encoder = new TextEncoder();
  const hash = (value: unknown): Promise<string> => contentId(encoder.encode(JSON.stringify(value)));
  return {
    engine: DISPLAY_LIST_VERSION,
    configHash: await hash(book.config),
    resourcesHash: await hash(book.resources.map((r) => [r.record, r.payload?.byteLength ?? 0])),
    // Titles and texts, not chapter ids: an imported book gets fresh ids for the same chapters.
    textHash: await hash(book.chapters.map((c) => [c.title, c.text])),
  };
}

const layoutsFileSchema = z.object({
  version: z.literal(1),
  engine: z.number(),
  config: z.string(),
  resources: z.string(),
  text: z.string().optional(),
  pages: z.number().int().nonnegative(),
  chapters: z.array(
    z.object({
      index: z.number().int().nonnegative(),
      pages: z.number().int().nonnegative(),
      firstPage: z.number().int().nonnegative(),
    }).passthrough(),
  ),
}).passthrough();

/**
 * Where each chapter starts (0-based page index) according to a `layouts.json`, when its stamps
 * match the book; null when the file is absent, not ours, malformed or stale.
 */
export function chapterStartsFrom(layouts: JsonValue | null, book: BookState, stamps: LayoutStamps): Map<string, number> | null {
  if (layouts === null) return null;
  const parsed = layoutsFileSchema.safeParse(layouts);
  if (!parsed.success) return null;
  const file = parsed.data;
  if (file.engine !== stamps.engine || file.config !== stamps.configHash || file.resources !== stamps.resourcesHash) return null;
  // Files written before the text stamp existed cannot tell an edited book: they do not count.
  if (file.text !== stamps.textHash) return null;
  if (file.chapters.length !== book.chapters.length) return null;
  const starts = new Map<string, number>();
  for (const entry of file.chapters) {
    const chapter = book.chapters[entry.index];
    if (!chapter || entry.firstPage + entry.pages > file.pages) return null;
    starts.set(chapter.id, entry.firstPage);
  }
  return starts;
}
