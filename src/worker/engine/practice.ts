/**
 * Practice edits: the edit path run once on a copy of part of the book, so the first real
 * keystroke does not pay for its warm-up.
 *
 * A cold layout never runs what only an edit runs (the parse memo's moves, resumed pagination,
 * moved pages and items, the chapter memo's comparisons); the JavaScript engine first interprets
 * that code, then compiles it from what it saw. In the bench (Chromium worker, ~300-page book)
 * the first of thirty edits was the slowest in every run (50–58 ms against a median of ~14 ms);
 * in Node a second round of the same edits took half the CPU of the first.
 *
 * Here two chapters of the book (the middle one and the next) are laid out with a cache of their
 * own, then edited twice as someone typing would (words inserted before a paragraph's full stop)
 * and laid out again after each edit. Nothing of it is kept: the book's own caches and layout are
 * untouched, the practice cache is dropped at the end. The input objects are built as the host
 * builds its own (same fields, same order), so the compiled code meets the objects it will meet.
 *
 * Then, given `offSize` (the book's design at a body size a fraction of a point off its own), the
 * two chapters are laid out once more under it: a global change in miniature. A design whose
 * lengths are whole points (the bench's 8/12 pt) makes V8 give every length field of the settings
 * objects a small-integer representation; the first fractional size a designer picks stores doubles
 * there, and V8 then replaces those objects' hidden classes and throws away the code compiled
 * against them (Chromium's `--trace-generalization` during the bench's first global change:
 * `lineHeight`, `size`, `indent`, `gap`, `marginTop` … generalized, ~20 deoptimizations, ~340 ms
 * of recompiling on the second core). Laid out here once, at idle, the fields hold doubles from then on.
 */
import type { BookInput, ChapterInput } from './index';
import { EngineCache, layoutBook } from './index';
import type { FontRegistry } from './fonts/registry';
import type { LayoutSettings } from './settings';

/** Edits made after the practice layout: the first compiles the path, the second runs it compiled. */
export const PRACTICE_EDITS = 2;

/** What an edit inserts: two words, as a writer adds them. */
const INSERTION = ' in practice';

/** What a practice did: the edits it made, and the pages of its off-size layout (null: none made). */
export interface PracticeRun {
  edits: number;
  offSizePages: number | null;
}

/**
 * Lays out two chapters of `book` and edits them PRACTICE_EDITS times, then (with `offSize`) lays
 * them out under those settings, a step per yield (the host runs it in idle slices and stops when a
 * transaction arrives). `edits` is 0 when the chapter has no paragraph ending in a full stop to insert into.
 */
export function* practiseEdits(book: BookInput, fonts: FontRegistry, offSize?: LayoutSettings): Generator<undefined, PracticeRun> {
  if (book.chapters.length === 0) return { edits: 0, offSizePages: null };
  let chapters = practiceChapters(book);
  const cache = new EngineCache();
  yield* steps(layoutBook(practiceInput(book, chapters), fonts, cache));
  let made = 0;
  for (let edit = 0; edit < PRACTICE_EDITS; edit++) {
    const chapter = chapters[0]!;
    const at = insertionPoint(chapter.source, edit);
    if (at < 0) break;
    chapters = [{ id: chapter.id, title: chapter.title, source: chapter.source.slice(0, at) + INSERTION + chapter.source.slice(at) }, ...chapters.slice(1)];
    yield* steps(layoutBook(practiceInput(book, chapters), fonts, cache));
    made++;
  }
  const offSizeLayout = offSize ? yield* steps(layoutBook(practiceInput({ ...book, settings: offSize }, chapters), fonts, cache)) : null;
  return { edits: made, offSizePages: offSizeLayout ? offSizeLayout.pages.length : null };
}

/**
 * The off-size layout alone, for a book opened after the worker practised on another: the hidden
 * classes V8 generalizes are those of the settings objects a design makes (a section's body style,
 * a callout's, a list shape…), and another book's design may make some the first one never did.
 * Returns the pages laid out (a cache of its own, dropped at the end, as the practice's).
 */
export function* practiseOffSize(book: BookInput, fonts: FontRegistry, offSize: LayoutSettings): Generator<undefined, number> {
  if (book.chapters.length === 0) return 0;
  const layout = yield* steps(layoutBook(practiceInput({ ...book, settings: offSize }, practiceChapters(book)), fonts, new EngineCache()));
  return layout.pages.length;
}

/** The two chapters the practice lays out: the middle one and the next, copied. */
function practiceChapters(book: BookInput): ChapterInput[] {
  const first = Math.floor(book.chapters.length / 2);
  return book.chapters.slice(first, first + 2).map((c) => ({ id: c.id, title: c.title, source: c.source }));
}

/**
 * The body size (pt) the practice's off-size layout uses for a book set at `size` pt: its whole
 * points and 0.37 pt, never a whole number, and within a point of the book's own (the same pages,
 * near enough, and the same code paths).
 */
export function offPracticeSize(size: number): number {
  return Math.floor(size) + 0.37;
}

/** The book input for the practice chapters, in the host's literal (book-host.ts `build`). */
function practiceInput(book: BookInput, chapters: readonly ChapterInput[]): BookInput {
  return {
    title: book.title,
    chapters,
    settings: book.settings,
    hyphenator: book.hyphenator,
    math: book.math,
    resources: book.resources,
  };
}

/**
 * Where edit `n` inserts: before the full stop ending a paragraph ('.' then a blank line), the
 * paragraphs a third and two thirds of the way through the chapter; -1 when there is none.
 */
function insertionPoint(source: string, n: number): number {
  const ends: number[] = [];
  for (let at = source.indexOf('.\n\n'); at >= 0; at = source.indexOf('.\n\n', at + 3)) ends.push(at);
  if (ends.length === 0) return -1;
  return ends[Math.min(ends.length - 1, Math.floor((ends.length * (n + 1)) / (PRACTICE_EDITS + 1)))]!;
}

function* steps<T>(layout: Generator<unknown, T>): Generator<undefined, T> {
  let step = layout.next();
  while (!step.done) {
    yield undefined;
    step = layout.next();
  }
  return step.value;
}
