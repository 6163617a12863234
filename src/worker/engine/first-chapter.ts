/**
 * A book's first chapter laid out before the rest of the book is parsed (issue #6: "first page
 * of an opened book on screen ≤ 150 ms, the visible chapter first").
 *
 * A build parses every chapter before laying out any (cross-references, the contents and page
 * references are book-wide): for a book just opened, page 1 waited for the whole book's parse and
 * structure — in Node about 30–130 ms more than the first chapter alone at 300 pages, 130–220 ms
 * at 1,000. The first chapter reads nothing of the chapters after it unless it prints something
 * they define, because every book-wide count starts with it: heading, float, equation and note
 * numbers, first mentions, its part and page numbering. So, when it prints nothing of theirs, it
 * is laid out as a book of one chapter and shown at once; the whole book's layout replaces it
 * with the same pages (`tests/unit/engine/first-chapter.test.ts`).
 */
import type { ParsedChapter } from './parse/model';
import type { LayoutSettings } from './settings';
import { chapterPrintsPages } from './page/book';

/**
 * Whether the first chapter alone lays out as it does in its book. Not when it prints what later
 * chapters define or count: a `:::toc`, `:::index` or `:::bibliography`, a citation, a reference
 * to anything but a picture or table (`resourceIds`: numbered by first mention, the first
 * chapter's first) or a target of its own, a page label (a `style=page` reference, every one under
 * `crossRefs.defaultStyle: 'page'`); nor when the design prints the book's page total
 * (`printsBookTotal`: `{bookTotalPages}` anywhere in the configuration).
 */
export function firstChapterStandsAlone(chapter: ParsedChapter, settings: Pick<LayoutSettings, 'crossRefs'>, resourceIds: ReadonlySet<string>, printsBookTotal: boolean): boolean {
  if (printsBookTotal) return false;
  const { collected } = chapter;
  if (collected.citationKeys.length > 0) return false;
  if (chapter.blocks.some((block) => block.kind === 'directive' && block.ignored !== true && (block.name === 'toc' || block.name === 'index' || block.name === 'bibliography'))) return false;
  const own = new Set(collected.anchors.map((anchor) => anchor.anchorId));
  if (collected.refs.some((ref) => !own.has(ref.target) && !resourceIds.has(ref.target))) return false;
  return !chapterPrintsPages(chapter, settings.crossRefs.defaultStyle);
}
