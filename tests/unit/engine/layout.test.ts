import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, layoutBook, type BookInput } from '../../../src/worker/engine';
import { Op, serializeDisplayList, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { nodeFontRegistry } from '../../support/node-world';
import { chapterMarkdown, mulberry32 } from '../../support/prose';

const fonts = nodeFontRegistry();

function book(seed: number, chapters = 3, paragraphs = 40): BookInput {
  const random = mulberry32(seed);
  return {
    title: 'A Test Book',
    settings: defaultSettings(),
    chapters: Array.from({ length: chapters }, (_, i) => ({ id: `ch${i + 1}`, title: '', source: chapterMarkdown(random, `Chapter ${i + 1}`, paragraphs) })),
  };
}

function run(input: BookInput, cache = new EngineCache()) {
  const gen = layoutBook(input, fonts, cache);
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

const dump = (layout: ReturnType<typeof run>) => layout.pages.map(serializeDisplayList).join('\n');

describe('layout of a book', () => {
  it('is deterministic: the same book twice gives byte-identical display lists', () => {
    expect(dump(run(book(7)))).toBe(dump(run(book(7))));
  });

  it('puts every body baseline on the baseline grid', () => {
    const input = book(11, 2, 30);
    const layout = run(input);
    const settings = input.settings;
    const pitch = settings.body.lineHeight;
    const baselines = layout.pages.flatMap((p) => p.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.role === 'body').map((i) => i.y));
    expect(baselines.length).toBeGreaterThan(100);
    const first = Math.min(...baselines);
    for (const y of baselines) {
      const k = (y - first) / pitch;
      expect(Math.abs(k - Math.round(k)) * pitch).toBeLessThanOrEqual(0.01);
    }
    // And the first grid line sits inside the content area's first line box.
    expect(first).toBeGreaterThan(pageFrame(settings, 0).contentTop);
    expect(first).toBeLessThan(pageFrame(settings, 0).contentTop + pitch);
  });

  it('opens each chapter whose H1 breaks to an odd page on an odd page, after a blank page when needed', () => {
    const layout = run(book(3, 4, 25));
    for (const chapter of layout.chapters) {
      const opener = chapter.pages.find((p) => p.items.some((i) => i.op === Op.GlyphRun && i.line?.role === 'heading'));
      expect(opener).toBeDefined();
      expect(opener!.index % 2).toBe(0); // index 0, 2, … are pages 1, 3, … (odd, recto)
    }
    const blanks = layout.pages.filter((p) => p.items.length === 0);
    expect(blanks.length).toBeGreaterThan(0);
  });

  it('keeps no glyph outside the page and no body line past the content area', () => {
    const input = book(5, 2, 60);
    const layout = run(input);
    for (const page of layout.pages) {
      const frame = pageFrame(input.settings, page.index);
      for (const item of page.items) {
        if (item.op !== Op.GlyphRun) continue;
        for (const x of item.xs) expect(x).toBeGreaterThanOrEqual(0), expect(x).toBeLessThanOrEqual(page.width);
        if (item.line) expect(item.y).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
      }
    }
  });

  it('splits paragraphs keeping at least two lines on each side of a column break', () => {
    const layout = run(book(9, 1, 120));
    // Group body lines by block and column; a block seen in two places must have ≥ 2 lines in each.
    const places = new Map<string, Map<string, Set<number>>>();
    for (const page of layout.pages) {
      for (const item of page.items) {
        if (item.op !== Op.GlyphRun || item.line?.role !== 'body') continue;
        const column = `${page.index}:${item.xs[0]! < page.width / 2 ? 0 : 1}`;
        const perBlock = places.get(item.line.block) ?? new Map<string, Set<number>>();
        const lines = perBlock.get(column) ?? new Set<number>();
        lines.add(item.y);
        perBlock.set(column, lines);
        places.set(item.line.block, perBlock);
      }
    }
    let splits = 0;
    for (const perBlock of places.values()) {
      if (perBlock.size < 2) continue;
      splits++;
      for (const lines of perBlock.values()) expect(lines.size).toBeGreaterThanOrEqual(2);
    }
    expect(splits).toBeGreaterThan(3);
  });

  it('relays out incrementally to exactly what a full layout gives, after random edits', () => {
    const random = mulberry32(42);
    const input = book(13, 4, 30);
    const cache = new EngineCache();
    run(input, cache);
    let current = input;
    for (let edit = 0; edit < 12; edit++) {
      const c = Math.floor(random() * current.chapters.length);
      const chapter = current.chapters[c]!;
      const at = Math.floor(random() * chapter.source.length);
      const insert = random() < 0.3 ? '\n\nA new paragraph appears here with several words in it.\n\n' : ' inserted words';
      const source = chapter.source.slice(0, at) + insert + chapter.source.slice(at + Math.floor(random() * 20));
      current = { ...current, chapters: current.chapters.map((ch, i) => (i === c ? { ...ch, source } : ch)) };
      const incremental = dump(run(current, cache));
      const full = dump(run(current));
      expect(incremental).toBe(full);
    }
  });
});
