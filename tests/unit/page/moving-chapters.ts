/**
 * The book of the moving-chapter tests (chapter-move, chapter-move-values): three chapters of
 * generated prose, the first of `firstParagraphs` paragraphs, so growing it pushes the next two on.
 */
import type { BookInput, LayoutSettings } from '../../../src/worker/engine';
import { mulberry32, paragraph } from '../../support/prose';

function chapter(seed: number, title: string, paragraphs: number): string {
  const random = mulberry32(seed);
  return [`# ${title}`, ...Array.from({ length: paragraphs }, () => paragraph(random))].join('\n\n') + '\n';
}

export function movingChaptersBook(firstParagraphs: number, settings: LayoutSettings): BookInput {
  return {
    title: 'Moving chapters',
    settings,
    chapters: [
      { id: 'one', title: '', source: chapter(1, 'One', firstParagraphs) },
      { id: 'two', title: '', source: chapter(2, 'Two', 12) },
      { id: 'three', title: '', source: chapter(3, 'Three', 12) },
    ],
  };
}
