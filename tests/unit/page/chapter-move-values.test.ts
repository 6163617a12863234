/**
 * Chapters pushed on by an edit before them are composed again from the drafts they keep
 * (page/chapter-start.ts), whose item lists are the same arrays; their running-chapter values
 * (`{chapterTitle}` and the rest, page/guide-words.ts) are read from each page's blocks
 * (page/page-blocks.ts), kept per item list, so a moved chapter's pages are not walked item by item
 * again. The moved pages still print their chapter's title and equal a layout from scratch.
 */
import { describe, expect, it, vi } from 'vitest';
import { defaultSettings, EngineCache, type BookInput } from '../../../src/worker/engine';
import { pageBlocks } from '../../../src/worker/engine/page/page-blocks';
import { Op, type DisplayItem, type GlyphRunItem, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { dump, run } from './helpers';
import { movingChaptersBook } from './moving-chapters';

// Every item list the running heads asked about, and those asked about for the first time in the current layout.
const { asked, firstAsked } = vi.hoisted(() => ({ asked: new WeakSet<object>(), firstAsked: [] as object[] }));
vi.mock('../../../src/worker/engine/page/page-blocks', async (original) => {
  const module = await original<typeof import('../../../src/worker/engine/page/page-blocks')>();
  return {
    ...module,
    pageBlocks: (items: readonly DisplayItem[]) => {
      if (items.length > 0 && !asked.has(items)) {
        asked.add(items);
        firstAsked.push(items);
      }
      return module.pageBlocks(items);
    },
  };
});

// The default design's running heads print the chapter's title (configuration.md §5.2). One settings
// object for every layout, as the worker passes while the design is unchanged (host/book-host.ts `settingsFor`).
const settings = defaultSettings();

const book = (firstParagraphs: number): BookInput => movingChaptersBook(firstParagraphs, settings);

const textPages = (pages: readonly PageDisplayList[]) => pages.filter((page) => page.role !== 'blank');
const headTexts = (page: PageDisplayList) => page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line === undefined).map((r) => r.text);

describe('chapters moved by an edit before them', () => {
  it('are not walked again for their running-chapter values, and still print them', () => {
    const cache = new EngineCache();
    const before = run(book(10), cache);
    let grown = 10;
    let after = before;
    // Grow chapter one until chapter two starts on a later page; what the last layout asked about first.
    while (textPages(after.chapters[1]!.pages)[0]!.index === textPages(before.chapters[1]!.pages)[0]!.index && grown < 60) {
      firstAsked.length = 0;
      after = run(book(++grown), cache);
    }
    expect(textPages(after.chapters[1]!.pages)[0]!.index).toBeGreaterThan(textPages(before.chapters[1]!.pages)[0]!.index);
    // Only chapter one's pages, paginated again, were read; chapters two and three, moved, were known.
    const movedLists = new Set<object>(after.chapters.slice(1).flatMap((c) => c.pages.map((p) => p.items)));
    expect(firstAsked.length).toBeGreaterThan(0);
    expect(firstAsked.filter((items) => movedLists.has(items))).toEqual([]);
    // The moved pages print their own chapter's title (the default design's heads), as a layout from scratch does.
    for (const [c, title] of [[1, 'Two'], [2, 'Three']] as const) {
      const heads = textPages(after.chapters[c]!.pages).slice(1).map(headTexts);
      expect(heads.length).toBeGreaterThan(0);
      for (const texts of heads) expect(texts).toContain(title);
    }
    expect(dump(after)).toBe(dump(run(book(grown))));
  });
});

describe('pageBlocks', () => {
  const line = (block: string, role: 'body' | 'heading' | 'note'): GlyphRunItem => ({ op: Op.GlyphRun, line: { block, role } }) as unknown as GlyphRunItem;
  it('lists each block once, in the order of its first line on the page, with that line\'s role, and reads a list once', () => {
    const items = [line('h', 'heading'), { op: Op.Rect } as unknown as DisplayItem, line('p1', 'body'), line('n', 'note'), line('p1', 'body'), line('p2', 'body'), line('n', 'note')];
    const read = pageBlocks(items);
    expect(read.blocks).toEqual(['h', 'p1', 'n', 'p2']);
    expect(read.roles).toEqual(['heading', 'body', 'note', 'body']);
    expect(pageBlocks(items)).toBe(read);
    expect(pageBlocks([]).blocks).toEqual([]);
  });
});
