/**
 * Issue #6 §8: editing chapter k re-lays out chapter k and only relabels later chapters unless
 * their start changes. Chapters open on odd pages (H1 breakBefore 'always-odd', the default), so
 * a chapter that grows by a page pushes the next ones on by two: same side, new numbers. Their
 * pagination is kept (engine/index.ts `paginationStart`) and only their labels, folios and page
 * indices are composed again — and the result equals a layout from scratch.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, type BookInput } from '../../../src/worker/engine';
import { Op, type GlyphRunItem, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { dump, run } from './helpers';
import { movingChaptersBook } from './moving-chapters';

/** The book begins on a recto of its own (true) or, part of a longer one, on a verso (bundle-format §9 `start`). */
let ownBook = true;

function book(firstParagraphs: number): BookInput {
  const settings = defaultSettings();
  if (!ownBook) settings.start = { pageIndexOffset: 1, headings: [] };
  // Folios on every page, so relabelling shows in the display lists.
  return movingChaptersBook(firstParagraphs, settings);
}

const bodyRuns = (items: readonly { op: number }[]): GlyphRunItem[] => items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && (i as GlyphRunItem).line?.role === 'body');

const textPages = (pages: readonly PageDisplayList[]) => pages.filter((page) => page.role !== 'blank');
/** Running heads and folios: the glyph runs of no text line. */
const furnitureTexts = (page: PageDisplayList) => page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line === undefined).map((r) => r.text);

describe.each([
  ['a book of its own', true],
  ['a book that begins on a verso of a longer one', false],
])('chapters pushed on by a chapter that grew (%s)', (_name, own) => {
  beforeEach(() => {
    ownBook = own;
  });

  it('keep their pagination, take their new page numbers, and equal a layout from scratch', () => {
    const cache = new EngineCache();
    const before = run(book(10), cache);
    // Grow chapter one until chapter two's text starts on a later page (two pages later: it opens on a recto).
    let grown = 10;
    let after = before;
    while (textPages(after.chapters[1]!.pages)[0]!.index === textPages(before.chapters[1]!.pages)[0]!.index && grown < 60) after = run(book(++grown), cache);
    const shift = textPages(after.chapters[1]!.pages)[0]!.index - textPages(before.chapters[1]!.pages)[0]!.index;
    expect(shift).toBe(2);
    for (const c of [1, 2]) {
      const was = textPages(before.chapters[c]!.pages);
      const now = textPages(after.chapters[c]!.pages);
      expect(now.length).toBe(was.length);
      now.forEach((page, p) => {
        // Moved: the page's index, label and folio are the new ones…
        expect(page.index).toBe(was[p]!.index + shift);
        expect(page.label).toBe(String(page.index + 1));
        // (The default design prints the folio on every text page.)
        expect(furnitureTexts(page)).toContain(page.label);
        // …and its text is the very same placed runs: not paginated again.
        const runsNow = bodyRuns(page.items);
        const runsWas = bodyRuns(was[p]!.items);
        expect(runsNow.length).toBeGreaterThan(0);
        expect(runsNow.length).toBe(runsWas.length);
        runsNow.forEach((r, i) => expect(r).toBe(runsWas[i]));
      });
    }
    // ARCHITECTURE invariant: incremental equals full.
    expect(dump(after)).toBe(dump(run(book(grown))));
  });

  it('starting on the other side (one blank page more or less), share the pagination too', () => {
    const cache = new EngineCache();
    const before = run(book(10), cache);
    let grown = 10;
    let after = before;
    while (after.chapters[1]!.firstPage === before.chapters[1]!.firstPage && grown < 60) after = run(book(++grown), cache);
    expect(after.chapters[1]!.firstPage - before.chapters[1]!.firstPage).toBe(1);
    // Chapter two now starts on the other side; its text still opens on a recto (the same one, or
    // two pages on when the break now leaves two blanks), set as before.
    const was = textPages(before.chapters[1]!.pages);
    const now = textPages(after.chapters[1]!.pages);
    expect([0, 2]).toContain(now[0]!.index - was[0]!.index);
    now.forEach((page, p) => bodyRuns(page.items).forEach((r, i) => expect(r).toBe(bodyRuns(was[p]!.items)[i])));
    expect(after.chapters[1]!.pages.filter((p) => p.role === 'blank').length).not.toBe(before.chapters[1]!.pages.filter((p) => p.role === 'blank').length);
    expect(dump(after)).toBe(dump(run(book(grown))));
  });

  it('moved back again, are the layout they had', () => {
    const cache = new EngineCache();
    const first = run(book(10), cache);
    let grown = 10;
    while (run(book(++grown), cache).chapters[1]!.firstPage === first.chapters[1]!.firstPage && grown < 60);
    expect(dump(run(book(10), cache))).toBe(dump(first));
  });
});
