/**
 * What each chapter's pagination needs from the rest of the book (heading numbers, reference
 * targets, the page numbering it starts with) and the memo key that names all of it, so a chapter
 * is re-laid out exactly when something it prints changes (ARCHITECTURE invariant 6).
 */
import type { ParsedChapter } from '../parse/model';
import type { LayoutSettings } from '../settings';
import type { ChapterStructure } from './paginate';
import { headingRefText, numberHeadings, type HeadingNumbers, type HeadingTarget, type NumberingState } from './structure';

export interface BookStructure {
  settings: LayoutSettings;
  headings: HeadingNumbers;
  /** Heading anchors book-wide (first definition wins). */
  targets: Map<string, HeadingTarget>;
  /** Everything in `targets`, for memo keys. */
  targetsKey: string;
}

export function bookStructure(chapters: readonly ParsedChapter[], settings: LayoutSettings): BookStructure {
  const headings = numberHeadings(chapters, settings);
  const targets = new Map<string, HeadingTarget>();
  for (const chapter of chapters) {
    const numbers = headings.byChapter.get(chapter.chapterId);
    for (const anchor of chapter.collected.anchors) {
      if (targets.has(anchor.anchorId)) continue;
      const block = chapter.blocks.find((b) => b.id === anchor.blockId);
      if (block?.kind !== 'heading') continue;
      const number = numbers?.get(block.id);
      targets.set(anchor.anchorId, { title: block.plainText, level: block.level, ...(number ? { number } : {}) });
    }
  }
  return { settings, headings, targets, targetsKey: JSON.stringify([...targets]) };
}

/** One chapter's share of the book structure. */
export interface ChapterPlacement {
  numbering: NumberingState;
  structure: ChapterStructure;
  /** The text of a reference to a heading, or undefined for other targets. */
  refText(target: string, attrs: Record<string, string>): string | undefined;
  key: string;
}

export function chapterPlacement(book: BookStructure, chapterId: string, numbering: NumberingState): ChapterPlacement {
  const headingNumbers = book.headings.byChapter.get(chapterId) ?? new Map<string, string>();
  return {
    numbering,
    structure: { headingNumbers },
    refText: (target, attrs) => {
      const heading = book.targets.get(target);
      return heading ? headingRefText(heading, attrs, book.settings, undefined) : undefined;
    },
    key: JSON.stringify([numbering, [...headingNumbers], book.targetsKey]),
  };
}
