/**
 * Glyph-run items kept with the set run they were drawn from (issue #6, edit → convergence).
 *
 * After a one-paragraph edit the edited chapter is paginated again, and every line before the edit
 * comes back as the very same set-line object (engine/index.ts hands out the same shifted lines
 * while a paragraph keeps its offsets), placed at the same pen position with the same line record.
 * Its glyph-run item would be rebuilt identical: a fresh `xs` array per run, on every page before
 * the edit, and garbage for the collector. Instead the item drawn last time is handed out again when
 * the run, its origin (x0, baseline, pt), chapter and line record are the same. Display lists are
 * read-only once built (the ones that move an item, page/levers.ts, copy it), so sharing an item
 * between two builds' lists changes no byte of either.
 */
import type { GlyphRunItem, LineInfo } from '../../protocol/displaylist';
import type { LineRun } from '../paragraph';

interface Drawn {
  x0: number;
  baseline: number;
  chapter: string;
  item: GlyphRunItem;
}

/** The last item built for each run (weak: a run dropped by the paragraph memo takes its item with it). */
const drawn = new WeakMap<LineRun, Drawn>();

export type GlyphRunBuilder = (run: LineRun, x0: number, baseline: number, chapter: string, line: LineInfo | undefined) => GlyphRunItem;

/** `build(run, x0, baseline, chapter, line)`, or the item it built for the same arguments last time. */
export function placedRun(run: LineRun, x0: number, baseline: number, chapter: string, line: LineInfo, build: GlyphRunBuilder): GlyphRunItem {
  const last = drawn.get(run);
  if (last !== undefined && last.x0 === x0 && last.baseline === baseline && last.chapter === chapter && sameLine(last.item.line, line)) return last.item;
  const item = build(run, x0, baseline, chapter, line);
  drawn.set(run, { x0, baseline, chapter, item });
  return item;
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
