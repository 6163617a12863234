import { describe, expect, it } from 'vitest';
import { effectiveScope, openingScope, WHOLE_BOOK_CHAPTER_CAP, wholeBookAllowed } from '../../../src/ui/state/scope';

describe('Canvas scope (tools.md §7.13, bundle-format §8)', () => {
  it('shows a book whole up to 200 chapters, one chapter at a time above', () => {
    expect(WHOLE_BOOK_CHAPTER_CAP).toBe(200);
    expect(wholeBookAllowed(200)).toBe(true);
    expect(wholeBookAllowed(201)).toBe(false);
    expect(effectiveScope('book', 1)).toBe('book');
    expect(effectiveScope('book', 200)).toBe('book');
    expect(effectiveScope('book', 201)).toBe('chapter');
    expect(effectiveScope('chapter', 3)).toBe('chapter');
  });

  it("a bundle's view.canvasScope decides how it opens; without one the scope in use stays", () => {
    expect(openingScope('chapter', 'book')).toBe('book');
    expect(openingScope('book', 'chapter')).toBe('chapter');
    expect(openingScope('book', undefined)).toBe('book');
    expect(openingScope('chapter', undefined)).toBe('chapter');
  });
});
