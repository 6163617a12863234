import { defaultSettings, EngineCache, layoutBook, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, serializeDisplayList, type GlyphRunItem, type PageDisplayList, type PathItem } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';

export const fonts = nodeFontRegistry();

/** Runs the layout generator to its end. */
export function run(input: BookInput, cache = new EngineCache()) {
  const gen = layoutBook(input, fonts, cache);
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

export const dump = (layout: ReturnType<typeof run>): string => layout.pages.map(serializeDisplayList).join('\n');

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
