/**
 * The Text panel's chapter search (tools.md §7.5: a search field above 30 chapters, matching
 * numbers and title words). Pure, so the rule is tested without a browser.
 */

/** Chapters above which the chapter switcher offers a search field. */
export const CHAPTER_SEARCH_FROM = 30;

/** Case- and accent-insensitive form of a text, for matching. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * Whether chapter `index` (0-based) titled `title` answers `query`: every word of the query is
 * the chapter's number (1-based, as a prefix: "12" finds 12 and 120–129) or begins a word of the
 * title. An empty query matches every chapter.
 */
export function chapterMatches(query: string, index: number, title: string): boolean {
  const words = fold(query).split(/[\s.,;:·–—-]+/u).filter(Boolean);
  if (words.length === 0) return true;
  const titleWords = fold(title).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const number = String(index + 1);
  return words.every((word) => (/^\d+$/.test(word) && number.startsWith(word)) || titleWords.some((t) => t.startsWith(word)));
}
