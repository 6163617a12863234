/**
 * The Canvas scope (tools.md §7.10, §7.13): the current chapter or the whole book. Books with more
 * than `WHOLE_BOOK_CHAPTER_CAP` chapters are shown one chapter at a time whatever is asked for
 * (bundle-format §8, §13); the choice is kept and applies again to a smaller book.
 */
export type CanvasScope = 'chapter' | 'book';

/** Chapters above which the Canvas shows a book one chapter at a time (the reference's current value). */
export const WHOLE_BOOK_CHAPTER_CAP = 200;

/** Whether a book of `chapterCount` chapters may be shown whole. */
export function wholeBookAllowed(chapterCount: number): boolean {
  return chapterCount <= WHOLE_BOOK_CHAPTER_CAP;
}

/** The scope the Canvas shows: the chosen one, unless the book is too long to show whole. */
export function effectiveScope(chosen: CanvasScope, chapterCount: number): CanvasScope {
  return chosen === 'book' && !wholeBookAllowed(chapterCount) ? 'chapter' : chosen;
}

/**
 * The scope a book opens in: its bundle's `view.canvasScope` when it says one, else the scope
 * in use (a link or the saved UI state).
 */
export function openingScope(current: CanvasScope, bundle: CanvasScope | undefined): CanvasScope {
  return bundle ?? current;
}
