/**
 * Queries over laid-out pages: what source character is at a point, and where a source range
 * landed. Pure functions of display lists, so the UI, the tools and tests get the same answer.
 */
import { applyMatrix, invertMatrix, itemMatrices, Op, type GlyphRunItem, type PageDisplayList, type PathItem } from '../protocol/displaylist';
import { formulaAt } from './math/place';

/** Vertical extent of a line box around its baseline, in em of the run's size. */
const ASCENT_EM = 0.85;
const DESCENT_EM = 0.3;

export interface SourcePoint {
  chapterId: string;
  /** UTF-16 offset in the chapter's source. */
  offset: number;
  pageIndex: number;
}

export interface SourceRect {
  pageIndex: number;
  /** pt, from the trim box's top-left. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Source offset of a run's text index (runs of generated text have none). */
export function sourceOffsetOf(run: GlyphRunItem, textIndex: number): number | null {
  if (run.srcFrom < 0) return null;
  if (run.srcMap) return run.srcMap[Math.min(textIndex, run.srcMap.length - 1)] ?? null;
  return run.srcFrom + textIndex;
}

/** Characters set a full em wide: Han, kana, Hangul, CJK symbols and fullwidth forms. */
const FULL_WIDTH = /[\u1100-\u11ff\u2e80-\u2fdf\u3000-\u30ff\u3100-\u31ff\u3200-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]|[\ud840-\ud87f]/;

/**
 * Pen x where glyph i ends: the next glyph's x, or an estimate for the last one (an em for a CJK
 * character — in vertical text each stands alone in its run, page/vertical.ts — else half an em).
 */
function glyphEnd(run: GlyphRunItem, i: number): number {
  const next = run.xs[i + 1];
  if (next !== undefined) return next;
  return run.xs[i]! + run.size * (FULL_WIDTH.test(run.text.charAt(run.clusters[i]!)) ? 1 : 0.5);
}

/**
 * The source character under a point (pt): the glyph run whose line box contains the point's y,
 * nearest in x; the caret goes before or after the glyph's cluster by which half was hit.
 */
export function hitTest(page: PageDisplayList, x: number, y: number): SourcePoint | null {
  // A formula is one piece of source: a point on its ink goes to its TeX (engine/math).
  const formula = formulaAt(page.items.filter((i): i is PathItem => i.op === Op.Path), x, y);
  if (formula) return { chapterId: formula.chapter, offset: formula.offset, pageIndex: page.index };
  let best: { run: GlyphRunItem; distance: number; x: number } | null = null;
  // Runs in a Transform group (a turned float) are hit in their own coordinates: the point goes back through the group's matrix.
  const matrices = page.items.some((i) => i.op === Op.Transform) ? itemMatrices(page.items) : null;
  for (let i = 0; i < page.items.length; i++) {
    const item = page.items[i]!;
    if (item.op !== Op.GlyphRun || item.srcFrom < 0 || item.glyphs.length === 0) continue;
    const inverse = matrices?.[i] ? invertMatrix(matrices[i]!) : null;
    const [px, py] = inverse ? applyMatrix(inverse, x, y) : [x, y];
    if (py < item.y - item.size * ASCENT_EM || py > item.y + item.size * DESCENT_EM) continue;
    const left = item.xs[0]!;
    const right = glyphEnd(item, item.glyphs.length - 1);
    const distance = px < left ? left - px : px > right ? px - right : 0;
    if (!best || distance < best.distance) best = { run: item, distance, x: px };
  }
  if (!best) return null;
  const run = best.run;
  x = best.x; // in the run's own coordinates from here on
  let glyph = 0;
  while (glyph + 1 < run.glyphs.length && run.xs[glyph + 1]! <= x) glyph++;
  // In a right-to-left run (clusters fall left to right) the logical "after" is the left half.
  const rtl = run.clusters.length > 1 ? run.clusters[0]! > run.clusters[run.clusters.length - 1]! : /[\u0590-\u08ff]/.test(run.text);
  const after = rtl ? x < (run.xs[glyph]! + glyphEnd(run, glyph)) / 2 : x > (run.xs[glyph]! + glyphEnd(run, glyph)) / 2;
  const cluster = run.clusters[glyph]!;
  let textIndex = cluster;
  if (after) {
    // The caret goes after the whole cluster (a ligature covers several characters), but not
    // past a word space, which has no glyph of its own.
    let end = run.text.length;
    for (const c of run.clusters) if (c > cluster && c < end) end = c;
    const space = run.text.indexOf(' ', cluster + 1);
    textIndex = space >= 0 && space < end ? space : end;
  }
  const offset = textIndex >= run.text.length ? (sourceOffsetOf(run, run.text.length - 1) ?? 0) + 1 : sourceOffsetOf(run, textIndex);
  return offset === null ? null : { chapterId: run.chapter, offset, pageIndex: page.index };
}

/** Rectangles covering the glyphs whose source lies in [from, to) of a chapter, one per run. */
export function sourceRects(pages: readonly PageDisplayList[], chapterId: string, from: number, to: number): SourceRect[] {
  const rects: SourceRect[] = [];
  for (const page of pages) {
    if (page.chapter !== chapterId) continue;
    const matrices = page.items.some((i) => i.op === Op.Transform) ? itemMatrices(page.items) : null;
    for (let i = 0; i < page.items.length; i++) {
      const item = page.items[i]!;
      if (item.op !== Op.GlyphRun || item.chapter !== chapterId || item.srcFrom < 0) continue;
      // A run whose text maps to its source unit by unit (nearly all) lies in [srcFrom, srcFrom + length):
      // one outside [from, to) is passed over without reading its glyphs. The UI asks this after each
      // layout for the editor's selection, and a chapter's glyph-by-glyph scan held the worker's next
      // message (an edit superseding a build) for up to 5 ms.
      if (!item.srcMap && (item.srcFrom >= to || item.srcFrom + item.text.length <= from)) continue;
      let minX = Infinity;
      let maxX = -Infinity;
      for (let g = 0; g < item.glyphs.length; g++) {
        const offset = sourceOffsetOf(item, item.clusters[g]!);
        if (offset === null || offset < from || offset >= to) continue;
        minX = Math.min(minX, item.xs[g]!);
        maxX = Math.max(maxX, glyphEnd(item, g));
      }
      if (minX === Infinity) continue;
      const top = item.y - item.size * ASCENT_EM;
      const bottom = item.y + item.size * DESCENT_EM;
      const m = matrices?.[i];
      if (m) {
        // A turned run: the box that holds its turned line box.
        const corners = [applyMatrix(m, minX, top), applyMatrix(m, maxX, top), applyMatrix(m, minX, bottom), applyMatrix(m, maxX, bottom)];
        const xs = corners.map((c) => c[0]);
        const ys = corners.map((c) => c[1]);
        rects.push({ pageIndex: page.index, x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) });
        continue;
      }
      rects.push({ pageIndex: page.index, x: minX, y: top, width: maxX - minX, height: bottom - top });
    }
  }
  return rects;
}
