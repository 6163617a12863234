/**
 * Glyph-run items kept with the set run they were drawn from (issue #6, edit → convergence).
 *
 * After a one-paragraph edit the edited chapter is paginated again, and every line before the edit
 * comes back as the very same set-line object (engine/index.ts hands out the same placed lines
 * while a paragraph keeps its offsets), placed at the same pen position with the same line record.
 * Its glyph-run item would be rebuilt identical: a fresh `xs` array per run, on every page before
 * the edit, and garbage for the collector. Instead the item drawn last time is handed out again when
 * the run, its origin as the item rounds it (x0, baseline, pt), chapter and line record are the same. Display lists are
 * read-only once built (the ones that move an item, page/levers.ts, copy it), so sharing an item
 * between two builds' lists changes no byte of either.
 */
import { roundPt, type GlyphRunItem, type LineInfo } from '../../protocol/displaylist';
import type { LineRun } from '../paragraph';

/**
 * The last item built for each run (weak: a run dropped by the paragraph memo takes its item with
 * it). The item alone, not a record of the origin it was built at: an origin's two numbers are
 * boxed doubles, and the record, its numbers and the item's entry cost ~7 MB of a 1,000-page book's
 * heap. Whether the origin is the same is read from the item's own rounded coordinates instead.
 */
const drawn = new WeakMap<LineRun, GlyphRunItem>();

/**
 * For a run moved to new source offsets (engine/index.ts moves a paragraph's set lines when an
 * edit before it shifts its text): the item drawn for the run it was moved from, until the moved
 * run is drawn. Its glyphs and pens are the moved run's, so where the line lands at the same pen
 * origin — every page after an edit that changed a line count, the lines only lower or higher —
 * the new item shares that pen array instead of building one (a fresh array of doubles per run,
 * the largest allocation of paginating a chapter's tail again).
 */
const drawnBeforeMove = new WeakMap<LineRun, GlyphRunItem>();

/** `moved` is `run` at new source offsets, with its glyphs and pens (engine/index.ts `movedRun`). */
export function carryDrawn(run: LineRun, moved: LineRun): void {
  const item = drawn.get(run) ?? drawnBeforeMove.get(run);
  if (item !== undefined) drawnBeforeMove.set(moved, item);
}

/** `pens`: a pen array to use as the item's, already the run's pens at the item's origin. */
export type GlyphRunBuilder = (run: LineRun, x0: number, baseline: number, chapter: string, line: LineInfo | undefined, pens?: number[]) => GlyphRunItem;

/**
 * `build(run, x0, baseline, chapter, line)`, or the item it built last time when that is what it
 * would build now; else a new item sharing the pen array of the last one drawn for the run (or
 * for the run it was moved from) where those pens are the same.
 */
export function placedRun(run: LineRun, x0: number, baseline: number, chapter: string, line: LineInfo, build: GlyphRunBuilder): GlyphRunItem {
  const last = drawn.get(run);
  const earlier = last ?? drawnBeforeMove.get(run);
  const pens = earlier !== undefined && samePens(earlier.xs, run.xs, x0) ? earlier.xs : undefined;
  if (last !== undefined && pens !== undefined && last.chapter === chapter && last.y === roundPt(baseline) && sameLine(last.line, line)) return last;
  const item = build(run, x0, baseline, chapter, line, pens);
  drawn.set(run, item);
  if (last === undefined && earlier !== undefined) drawnBeforeMove.delete(run);
  return item;
}

/**
 * Whether an item's pen positions are the run's at origin `x0`, as `glyphRun` rounds them (to the
 * display list's 1/1000 pt): then every field built from the origin is the same, whatever the
 * origin's unrounded value was (`y` is compared likewise). Cheaper than a new item: no allocation.
 */
function samePens(xs: readonly number[], offsets: readonly number[], x0: number): boolean {
  if (xs.length !== offsets.length) return false;
  for (let g = 0; g < xs.length; g++) if (xs[g] !== roundPt(x0 + offsets[g]!)) return false;
  return true;
}

/**
 * Line records equal field by field, every field (`LineInfo` may grow). Key order is not compared:
 * both records come from paginate's `emit`, which writes them in one order.
 */
function sameLine(a: LineInfo | undefined, b: LineInfo): boolean {
  if (a === undefined) return false;
  const left = a as unknown as Record<string, unknown>;
  const right = b as unknown as Record<string, unknown>;
  let fields = 0;
  for (const key in right) {
    if (left[key] !== right[key]) return false;
    fields++;
  }
  return fields === Object.keys(left).length;
}
