/**
 * Reading a vertical book's pages on the sheet (`layout.writingMode: 'vertical-rl'`, page/vertical.ts):
 * glyph runs with the matrices they are drawn through, a glyph's ink box from its outline and the
 * 1 em cell it stands in (pt, y down from the trim's top-left). Shared by the vertical tests that
 * assert positions (vertical-fidelity, vertical-generated).
 */
import type { FontRegistry } from '../../../src/worker/engine/fonts/registry';
import { applyMatrix, itemMatrices, Op, type GlyphRunItem, type Matrix, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { parsePathData } from '../../../src/worker/engine/vector/path-data';

export interface Placed {
  run: GlyphRunItem;
  m: Matrix;
}

/** Every glyph run of the pages with the matrix it is drawn through. */
export function placedRuns(pages: readonly PageDisplayList[]): Placed[] {
  const out: Placed[] = [];
  for (const page of pages) {
    const matrices = itemMatrices(page.items);
    page.items.forEach((item, i) => {
      if (item.op === Op.GlyphRun) out.push({ run: item, m: matrices[i] ?? [1, 0, 0, 1, 0, 0] });
    });
  }
  return out;
}

/** A matrix's linear part, rounded: `UPRIGHT` for a glyph stood up, [0, 1, −1, 0] for one turned with the line. */
export const rounded = (m: Matrix) => m.slice(0, 4).map((v) => Math.round(v) + 0);
export const UPRIGHT = [1, 0, 0, 1];

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The ink box of glyph `g` of a placed run on the sheet (its outline's corners through the matrix). */
export function inkOnSheet(fonts: FontRegistry, p: Placed, g = 0): Box {
  const face = fonts.get(p.run.font)!;
  const k = p.run.size / face.upem;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const s of parsePathData(face.glyphPath(p.run.glyphs[g]!))) {
    if (!('x' in s)) continue;
    // Font units (y up) → flow pt at the glyph's pen → sheet.
    const [x, y] = applyMatrix(p.m, p.run.xs[g]! + s.x * k, p.run.y + (p.run.dys?.[g] ?? 0) - s.y * k);
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  return { left: x0, right: x1, top: y0, bottom: y1 };
}

/** The sheet box of the em cell a glyph of a vertical line stands in: one em across the line about the line's axis, its advance down it (or `along` pt). */
export function cellOnSheet(fonts: FontRegistry, p: Placed, g = 0, along?: number): Box {
  const face = fonts.get(p.run.font)!;
  const k = p.run.size / face.upem;
  const advance = along ?? face.glyphAdvance(p.run.glyphs[g]!) * k;
  // The line's axis: the ideographic em box's middle, 0.38 em over the baseline (page/vertical.ts flowAxis).
  const axis = p.run.y + (p.run.dys?.[g] ?? 0) - 0.38 * p.run.size;
  // The cell's flow corners: pen to pen + advance along the line, half an em either side of the axis across it.
  const a = applyMatrix(p.m, p.run.xs[g]!, axis - p.run.size / 2);
  const b = applyMatrix(p.m, p.run.xs[g]! + advance, axis + p.run.size / 2);
  return { left: Math.min(a[0], b[0]), right: Math.max(a[0], b[0]), top: Math.min(a[1], b[1]), bottom: Math.max(a[1], b[1]) };
}

/**
 * The sheet box of the 1 em cell a tate-chū-yoko piece stands in: one em down the column and across
 * it, about the middle of its glyphs along the line and the line's axis (page/vertical.ts turns it
 * about that point, which its matrix leaves in place).
 */
export function tcyCellOnSheet(fonts: FontRegistry, p: Placed): Box {
  const face = fonts.get(p.run.font)!;
  const last = p.run.glyphs.length - 1;
  const middle = (p.run.xs[0]! + p.run.xs[last]! + (face.glyphAdvance(p.run.glyphs[last]!) * p.run.size) / face.upem) / 2;
  const [x, y] = applyMatrix(p.m, middle, p.run.y + (p.run.dys?.[0] ?? 0) - 0.38 * p.run.size);
  const half = p.run.size / 2;
  return { left: x - half, right: x + half, top: y - half, bottom: y + half };
}

/** Whether `inner` lies inside `outer` (within `slack` pt). */
export const inside = (inner: Box, outer: Box, slack = 0.01): boolean =>
  inner.left >= outer.left - slack && inner.right <= outer.right + slack && inner.top >= outer.top - slack && inner.bottom <= outer.bottom + slack;
