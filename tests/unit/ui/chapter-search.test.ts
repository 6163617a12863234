import { describe, expect, it } from 'vitest';
import { chapterMatches } from '../../../src/ui/state/chapter-search';

describe('chapter search (tools.md §7.5)', () => {
  it('matches the chapter number as a prefix and the beginnings of title words, ignoring case and accents', () => {
    expect(chapterMatches('', 0, 'Anything')).toBe(true);
    expect(chapterMatches('12', 11, 'The harbour')).toBe(true);
    expect(chapterMatches('12', 119, 'The harbour')).toBe(true);
    expect(chapterMatches('12', 2, 'The harbour')).toBe(false);
    expect(chapterMatches('harb', 2, 'The Harbour at dusk')).toBe(true);
    expect(chapterMatches('bour', 2, 'The Harbour at dusk')).toBe(false);
    expect(chapterMatches('disenar', 2, 'Diseñar el libro')).toBe(true);
    expect(chapterMatches('3 dusk', 2, 'The Harbour at dusk')).toBe(true);
    expect(chapterMatches('4 dusk', 2, 'The Harbour at dusk')).toBe(false);
    expect(chapterMatches('الكتب', 3, 'الكتب والملفات')).toBe(true);
    expect(chapterMatches('Day 150', 149, 'Day 150')).toBe(true);
  });
});
