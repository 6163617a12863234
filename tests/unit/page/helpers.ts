import { expect } from 'vitest';
import { defaultSettings, EngineCache, layoutBook, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, serializeDisplayList, type GlyphRunItem, type PageDisplayList, type PathItem } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';
import { paragraph } from '../../support/prose';

export const fonts = nodeFontRegistry();

/** Runs the layout generator to its end (with `registry`'s faces: the startup ones by default). */
export function run(input: BookInput, cache = new EngineCache(), registry = fonts) {
  const gen = layoutBook(input, registry, cache);
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

export const dump = (layout: ReturnType<typeof run>): string => layout.pages.map(serializeDisplayList).join('\n');

/**
 * A sentence added at the chapter's start (every block after it moves) laid out on the cache of the
 * layout before it equals a layout from scratch, byte for byte (ARCHITECTURE invariant: incremental
 * == full). `book` builds the test's book around a chapter source; `registry`: the faces it is set in.
 */
export function expectOpeningEditEqualsFull(book: (source: string) => BookInput, source: string, registry = fonts): void {
  const cache = new EngineCache();
  run(book(source), cache, registry);
  const edited = `A new opening sentence, long enough to move the lines after it.\n\n${source}`;
  expect(dump(run(book(edited), cache, registry))).toBe(dump(run(book(edited), new EngineCache(false), registry)));
}

export function oneChapterBook(source: string, settings: LayoutSettings = defaultSettings(), title = 'Book'): BookInput {
  return { title, settings, chapters: [{ id: 'ch1', title: '', source }] };
}

export const runs = (page: PageDisplayList): GlyphRunItem[] => page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);

/** The column (0-based) a run's first glyph falls in. */
export function columnOf(settings: LayoutSettings, page: PageDisplayList, x: number): number {
  const frame = pageFrame(settings, page.index);
  let column = 0;
  frame.columnX.forEach((left, i) => {
    if (x >= left - 0.01) column = i;
  });
  return column;
}

/**
 * The box (pt) of the first vector path filled with `fill` in the book, and its page: a test
 * picture drawn as one solid rectangle reads back as where the float landed.
 */
export function filledPathBox(pages: readonly PageDisplayList[], fill: string): { page: PageDisplayList; left: number; right: number; top: number; bottom: number } {
  for (const page of pages) {
    const path = page.items.find((i): i is PathItem => i.op === Op.Path && i.fill === fill);
    if (!path) continue;
    const n = (path.d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    const xs = n.filter((_, i) => i % 2 === 0);
    const ys = n.filter((_, i) => i % 2 === 1);
    return { page, left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
  }
  throw new Error(`no path filled ${fill}`);
}

/** Left and right ink extent of a run, pt: pen positions plus each glyph's advance. */
export function inkExtent(run: GlyphRunItem): { left: number; right: number } {
  const face = fonts.get(run.font)!;
  const scale = run.size / face.upem;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  run.glyphs.forEach((g, i) => {
    left = Math.min(left, run.xs[i]!);
    right = Math.max(right, run.xs[i]! + face.glyphAdvance(g) * scale);
  });
  return { left, right };
}

/** The frame (pt) of the first picture on the page drawn as a path filled with `fill`, if any. */
export function pictureFrame(page: PageDisplayList, fill: string): { x: number; y: number; w: number; h: number } | undefined {
  const path = page.items.find((i): i is PathItem => i.op === Op.Path && i.fill === fill);
  return path?.frame;
}

/** Body lines per column of a two-column page above `y` (page coordinates, pt): distinct baselines counted once. */
export function bodyLinesAbove(settings: LayoutSettings, page: PageDisplayList, y: number): number[] {
  const counts = [0, 0];
  const seen = new Set<string>();
  for (const r of runs(page)) {
    if (r.line?.role !== 'body' || r.y >= y) continue;
    const c = columnOf(settings, page, r.xs[0]!);
    const key = `${c}:${r.y.toFixed(2)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    counts[c]!++;
  }
  return counts;
}

/**
 * What breaks the page invariants, as readable strings (empty = none): a set line (not a running
 * head or folio) whose baseline lies outside the content area or whose pen positions leave the
 * page, and two runs of different blocks whose horizontal extents meet less than `minGap` pt
 * apart vertically (the smallest leading on the page: nothing printed over anything else).
 */
export function pageOverlaps(settings: LayoutSettings, page: PageDisplayList, minGap: number): string[] {
  const f = pageFrame(settings, page.index);
  const lines = runs(page).filter((r) => r.line && r.line.role !== 'header' && r.line.role !== 'footer');
  const out: string[] = [];
  for (const r of lines) {
    if (r.y <= f.contentTop || r.y > f.contentTop + f.contentHeight + 0.01) out.push(`"${r.text}" at ${r.y} outside the content area`);
    if (r.xs.some((x) => x < 0 || x > page.width)) out.push(`"${r.text}" off the page`);
  }
  const extents = lines.map((r) => inkExtent(r));
  for (let a = 0; a < lines.length; a++) {
    for (let b = a + 1; b < lines.length; b++) {
      const [ra, rb] = [lines[a]!, lines[b]!];
      if (ra.line!.block === rb.line!.block) continue;
      const [ea, eb] = [extents[a]!, extents[b]!];
      if (Math.min(ea.right, eb.right) - Math.max(ea.left, eb.left) < 1) continue;
      if (Math.abs(ra.y - rb.y) < minGap - 0.01) out.push(`"${ra.text}" (${ra.y}) and "${rb.text}" (${rb.y}) overlap`);
    }
  }
  return out;
}

/** Runs whose ink meets a rectangle (pt, page coordinates; a run as its baseline band `y − size … y`). */
export function runsOver(page: PageDisplayList, box: { x: number; y: number; w: number; h: number }): GlyphRunItem[] {
  return runs(page).filter((r) => {
    const e = inkExtent(r);
    return e.right > box.x + 0.01 && e.left < box.x + box.w - 0.01 && r.y > box.y + 0.01 && r.y - r.size * 0.75 < box.y + box.h - 0.01;
  });
}

/** A length of a stored configuration in pt. */
export const ptLength = (value: number) => ({ value, unit: 'pt' as const });

/**
 * A stored configuration whose page holds one column of exactly 10 grid lines: a 10 pt body on a
 * 12 pt leading, 120 pt of content (pages 300 × 220 pt, 50 pt margins), no running heads — so
 * row k's baseline is k × 12 pt under row 0's, for break and grid tests checked by hand.
 */
export const TEN_ROW_COLUMN = {
  layout: { layoutType: 'single' },
  page: { width: ptLength(300), height: ptLength(220), margins: { top: ptLength(50), bottom: ptLength(50), left: ptLength(50), right: ptLength(50) } },
  bodyText: { fontSize: ptLength(10), lineHeight: ptLength(12) },
  header: { elements: [] as never[] },
  footer: { elements: [] as never[] },
};

/**
 * Chapter `c` of a generated book for the initials' incremental tests: an H1, then `count`
 * paragraphs with an H2 before every fourth from the third, and every fifth a `:::paragraphs`
 * group in the style `opening` holding two paragraphs.
 */
export function chapterWithOpenings(random: () => number, c: number, count: number): string {
  const parts = [`# Chapter ${c}`];
  for (let i = 0; i < count; i++) {
    if (i % 4 === 2) parts.push(`## Section ${c}.${i}`);
    parts.push(i % 5 === 4 ? `:::paragraphs{style=opening}\n\n${paragraph(random)}\n\n${paragraph(random)}\n\n:::` : paragraph(random));
  }
  return parts.join('\n\n') + '\n';
}

/**
 * The sub-columns of a two-column `:::columns` group across a one-column page's text area (the gap
 * one body line, as the group's default): their width, each one's left edge, which one an x falls in.
 */
export function twoSubColumns(settings: LayoutSettings): { frame: ReturnType<typeof pageFrame>; pitch: number; width: number; left: (c: number) => number; subColumn: (x: number) => number } {
  const frame = pageFrame(settings, 0);
  const pitch = settings.body.lineHeight;
  const width = (frame.contentWidth - pitch) / 2;
  return { frame, pitch, width, left: (c) => frame.contentLeft + c * (width + pitch), subColumn: (x) => Math.floor((x - frame.contentLeft + 0.5) / (width + pitch)) };
}

