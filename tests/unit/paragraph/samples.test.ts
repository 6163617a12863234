import { describe, expect, it } from 'vitest';
import { BookHost } from '../../../src/worker/host/book-host';
import { Op, type GlyphRunItem, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { nodeEnvironment } from '../../support/node-host';

/** Opens a sample book in a host (Node, fonts from node_modules) and returns every page. */
async function layOut(id: string, locale?: string): Promise<{ pages: PageDisplayList[]; host: BookHost }> {
  const host = new BookHost(nodeEnvironment('public/presets'));
  const book = await host.openPreset({ presetId: id, ...(locale ? { locale } : {}) });
  const done = await host.awaitConvergence(book.revision);
  const pages: PageDisplayList[] = [];
  for (let i = 0; i < done.pages; i++) pages.push((await host.getDisplayList(i))!);
  return { pages, host };
}

function bodyLines(pages: readonly PageDisplayList[]): GlyphRunItem[][] {
  // Runs of one line share a baseline, a page and a block.
  const lines = new Map<string, GlyphRunItem[]>();
  for (const page of pages) {
    for (const item of page.items) {
      if (item.op !== Op.GlyphRun || item.line?.role !== 'body') continue;
      // Two columns: a run belongs to the column its first glyph is in.
      const key = `${page.index}|${item.y}|${item.line.block}|${item.xs[0]! < page.width / 2 ? 'a' : 'b'}`;
      const list = lines.get(key) ?? [];
      list.push(item);
      lines.set(key, list);
    }
  }
  return [...lines.values()];
}

/** A line's characters in logical order (runs sorted by their first source offset). */
function lineText(runs: readonly GlyphRunItem[]): string {
  return runs
    .filter((r) => r.srcFrom >= 0)
    .slice()
    .sort((a, b) => a.srcFrom - b.srcFrom)
    .map((r) => r.text)
    .join('');
}

/** Glyph id 0 is .notdef: a character no face could draw. */
function notdefCount(pages: readonly PageDisplayList[]): number {
  let n = 0;
  for (const page of pages) for (const item of page.items) if (item.op === Op.GlyphRun) for (const g of item.glyphs) if (g === 0) n++;
  return n;
}

describe('the Chinese sample book', () => {
  it('lays out in Noto Serif SC with no missing glyph and obeys kinsoku', async () => {
    const { pages } = await layOut('chinese-book');
    expect(pages.length).toBeGreaterThanOrEqual(10);
    expect(notdefCount(pages)).toBe(0);
    const fonts = new Set(pages.flatMap((p) => p.items.flatMap((i) => (i.op === Op.GlyphRun ? [i.font] : []))));
    expect([...fonts].some((f) => f.startsWith('noto-serif-sc'))).toBe(true);
    const lines = bodyLines(pages).map(lineText).filter((t) => t.length > 0);
    expect(lines.length).toBeGreaterThan(200);
    for (const text of lines) {
      // No line starts with closing punctuation; none ends with an opening bracket.
      expect('、。，）」』：；？！'.includes(text[0]!), text).toBe(false);
      expect('（「『'.includes(text[text.length - 1]!), text).toBe(false);
    }
  }, 120_000);
});

describe('the Arabic sample book', () => {
  it('lays out right to left in Amiri with no missing glyph', async () => {
    const { pages } = await layOut('arabic-book');
    expect(pages.length).toBeGreaterThanOrEqual(10);
    expect(notdefCount(pages)).toBe(0);
    const runs = pages.flatMap((p) => p.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.role === 'body'));
    expect(runs.some((r) => r.font.startsWith('amiri'))).toBe(true);
    // Body runs of Arabic text are right to left: glyphs left to right, clusters falling.
    const arabic = runs.filter((r) => /[\u0600-\u06ff]/.test(r.text) && r.glyphs.length > 3);
    expect(arabic.length).toBeGreaterThan(100);
    for (const run of arabic.slice(0, 50)) expect(run.clusters[0]!).toBeGreaterThan(run.clusters[run.clusters.length - 1]!);
  }, 120_000);

  it('maps a click on an Arabic glyph back to its source character (before it on the right half)', async () => {
    const { pages, host } = await layOut('arabic-book');
    const page = pages[2]!;
    const run = page.items.find((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.role === 'body' && /[\u0600-\u06ff]{4}/.test(i.text) && i.glyphs.length > 6)!;
    const book = await host.getBook();
    const chapter = book.chapters.find((c) => c.id === run.chapter)!;
    // A glyph in the middle of the run; its cluster's source offset holds the same character.
    const g = Math.floor(run.glyphs.length / 2);
    const left = run.xs[g]!;
    const right = run.xs[g + 1] ?? left + run.size / 2;
    const cluster = run.clusters[g]!;
    const source = run.srcMap ? run.srcMap[cluster]! : run.srcFrom + cluster;
    expect(chapter.text[source]).toBe(run.text[cluster]);
    const onRight = await host.hitTest(page.index, left + (right - left) * 0.9, run.y - 1);
    expect(onRight?.offset).toBe(source);
    const onLeft = await host.hitTest(page.index, left + (right - left) * 0.1, run.y - 1);
    expect(onLeft!.offset).toBeGreaterThan(source);
  }, 120_000);

  it('sets its list markers and footnote numbers at the right, in Arabic-Indic digits', async () => {
    const { pages } = await layOut('arabic-book');
    let bullets = 0;
    let notes = 0;
    for (const page of pages) {
      const runs = page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line !== undefined);
      for (const run of runs) {
        const sameLine = runs.filter((r) => r.y === run.y && r.line!.block === run.line!.block && r.srcFrom >= 0);
        if (run.line!.role === 'body' && run.srcFrom < 0 && run.text === '•') {
          bullets++;
          // The item's text is on the marker's left (the marker at the right edge).
          for (const t of sameLine) expect(Math.max(...t.xs)).toBeLessThan(Math.min(...run.xs));
        }
        if (run.line!.role === 'note' && run.srcFrom < 0 && sameLine.length > 0) {
          notes++;
          expect(run.text).toMatch(/^[٠-٩]+$/);
          for (const t of sameLine) expect(Math.max(...t.xs)).toBeLessThan(Math.min(...run.xs));
        }
      }
      // Folios print in Arabic-Indic digits (numerals auto: arab for ar).
      expect(page.label).toMatch(/^[٠-٩]+$/);
    }
    expect(bullets).toBeGreaterThan(3);
    expect(notes).toBeGreaterThan(0);
  }, 120_000);

  it('sets the Arabic edition of the guide with no missing glyph', async () => {
    const { pages } = await layOut('postext-guide', 'ar');
    expect(notdefCount(pages)).toBe(0);
  }, 120_000);
});
