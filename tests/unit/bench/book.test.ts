/**
 * The benchmark's generated book (bench/book.ts): deterministic for a seed, never repeats a
 * paragraph (so layout caches cannot flatter the figures), draws its words from a vocabulary as
 * large as a real book's (so the word tables cannot either), and carries the structure the issue
 * asks for — headings every few pages, footnotes, lists and one figure per chapter — in both the
 * Markdown we lay out and the HTML the peers paginate.
 */
import { describe, expect, it } from 'vitest';
import { bookToHtml, chapterToMarkdown, generateBook } from '../../../bench/book';
import { benchLexicon } from '../../../bench/lexicon';

describe('bench book generator', () => {
  const book = generateBook(20261202, 1200);
  const paragraphs = book.chapters.flatMap((c) => c.blocks.flatMap((b) => (b.kind === 'paragraph' ? [b.text] : [])));

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateBook(20261202, 1200)).toEqual(book);
    expect(generateBook(20261203, 1200).chapters[0]!.blocks).not.toEqual(book.chapters[0]!.blocks);
  });

  it('has the requested number of paragraphs and never repeats one, nor a note or list item', () => {
    expect(paragraphs).toHaveLength(1200);
    expect(new Set(paragraphs).size).toBe(paragraphs.length);
    const notes = book.chapters.flatMap((c) => c.blocks.flatMap((b) => (b.kind === 'paragraph' && b.note ? [b.note.text] : [])));
    const items = book.chapters.flatMap((c) => c.blocks.flatMap((b) => (b.kind === 'list' ? b.items : [])));
    const all = [...paragraphs, ...notes, ...items];
    expect(new Set(all).size).toBe(all.length);
  });

  it("draws its words from a real book's vocabulary, not a few hundred words", () => {
    // A ~300-page trade book holds some ten thousand different words, the frequent hundred about half
    // of its running text; with 150 words in all (the bench's prose before bench/lexicon.ts) every word
    // after the first page was read from warm word tables.
    const words = (text: string): string[] => text.toLowerCase().split(/[^a-z]+/).filter(Boolean);
    const tokens = paragraphs.flatMap(words);
    const counts = new Map<string, number>();
    for (const word of tokens) counts.set(word, (counts.get(word) ?? 0) + 1);
    expect(counts.size).toBeGreaterThan(5000);
    const frequent = [...counts.values()].sort((a, b) => b - a).slice(0, 100).reduce((a, b) => a + b, 0);
    expect(frequent / tokens.length).toBeGreaterThan(0.35);
    expect(frequent / tokens.length).toBeLessThan(0.6);
    // Another book shares the common words and brings rare words of its own.
    const other = new Set(generateBook(7, 1200).chapters.flatMap((c) => c.blocks.flatMap((b) => (b.kind === 'paragraph' ? words(b.text) : []))));
    const shared = [...counts.keys()].filter((word) => other.has(word)).length;
    expect(shared / counts.size).toBeGreaterThan(0.4);
    expect(shared / counts.size).toBeLessThan(0.95);
    expect(benchLexicon().slice(0, 3)).toEqual(['the', 'of', 'and']);
  });

  it('gives every chapter a title, subheadings, footnotes, a list and exactly one figure', () => {
    for (const chapter of book.chapters) {
      const kinds = chapter.blocks.map((b) => (b.kind === 'heading' ? `h${b.level}` : b.kind));
      expect(kinds[0]).toBe('h1');
      expect(kinds.filter((k) => k === 'figure')).toHaveLength(1);
      if (chapter.blocks.filter((b) => b.kind === 'paragraph').length >= 100) {
        expect(kinds.filter((k) => k === 'h2').length).toBeGreaterThanOrEqual(5);
        expect(kinds).toContain('list');
        expect(chapter.blocks.some((b) => b.kind === 'paragraph' && b.note)).toBe(true);
      }
    }
  });

  it('writes the same words as Markdown and as HTML', () => {
    const chapter = book.chapters[1]!;
    const markdown = chapterToMarkdown(chapter);
    const html = bookToHtml({ seed: book.seed, chapters: [chapter] });
    for (const block of chapter.blocks) {
      if (block.kind !== 'paragraph') continue;
      expect(markdown).toContain(block.text);
      expect(html).toContain(block.text);
      if (block.note) {
        expect(markdown).toContain(`[^${block.note.id}]: ${block.note.text}`);
        expect(html).toContain(`<span class="footnote">${block.note.text}</span>`);
      }
    }
    expect(markdown).toMatch(/:ref\{id="figure-2"\}/);
    expect(html).toContain('<figure><svg');
  });
});
