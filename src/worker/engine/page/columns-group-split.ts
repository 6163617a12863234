/**
 * Code listings and tables a running-text `:::columns` group may cut between sub-columns
 * (document-format §8.4; configuration.md §13.3 `codeStyle`, §12.3 `tableStyle`): a block taller
 * than the rows a sub-column has left is split the way the main flow splits it across columns
 * and pages (page/code-block.ts `placeListing`, resources/place.ts `placeInFlow`), at the
 * sub-column width — each part its own box (a listing: corners rounded only at its own top and
 * bottom, `splitMinLines` rows on each side, fewer only when the part opens its sub-column, a cut
 * before a row opening its source line rather than between turnovers, `keepTogether` moving a
 * listing that fits a column whole to the next sub-column when it does not open one, the `continuesMarker` row
 * closing a part that goes on, `repeatTitle`; a table: by its own `split`, header rows repeated,
 * the continues marker and "(cont.)" caption as resources/table-split.ts sets them).
 *
 * Each part takes ⌈height ÷ pitch⌉ whole grid rows (`GroupRow.split` on every one of them, one
 * object per part); when a sub-column's foot falls inside a part, page/columns-group.ts asks the
 * part where it may be cut (`SplitUnit.cut`) and puts the two parts' rows in its place. Lengths in pt.
 */
import type { CodeBlock, ResourceBlock } from '../parse/model';
import type { FlowBlock } from '../resources/block';
import type { GroupRow } from './columns-group';
import { rowListingHost, type GroupDrawHost } from './columns-group-blocks';
import { emptyRow } from './columns-group-heading';
import { drawPart, listingCut, listingPart, type PreparedListing } from './code-block';

/** Room a float comparison forgives, pt. */
const EPS = 0.01;

/** A block the group may cut between sub-columns: the rows before the cut and the continuation's rows, or null where its rules forbid a cut (`rows` grid rows are left for it). */
export interface SplitUnit {
  /** `opens`: the part opens its sub-column (nothing else would fit it; the minimums give way). */
  cut(rows: number, opens: boolean): { before: GroupRow[]; after: GroupRow[] } | null;
}

/** Rows of one part, the first drawing it from the part's top-left (the row's top). */
function partRows(block: { id: string }, blockIndex: number, count: number, draw: (host: GroupDrawHost, x: number, top: number) => void, unit: SplitUnit): GroupRow[] {
  // `whole` too: nothing else cuts a part (a parallel segment's foot cuts it through `unit` alone: page/columns-parallel-split.ts).
  const whole = {};
  return Array.from({ length: Math.max(1, count) }, (_, i) => ({ block, line: emptyRow(), x: 0, blockIndex, whole, split: unit, ...(i === 0 ? { draw } : {}) }));
}

/**
 * The rows of a listing's part from its row `from` to its end, at the pitch; `marginBottom` inside
 * its last row (as codeRows sets a listing kept whole).
 */
export function listingPartRows(block: CodeBlock, blockIndex: number, p: PreparedListing, from: number, pitch: number, marginBottom: number, columnHeight = Number.POSITIVE_INFINITY): GroupRow[] {
  const n = p.rows.length;
  const { first, above, head, boxHeight } = listingPart(p, from);
  const draw = (take: number, last: boolean) => (host: GroupDrawHost, x: number, top: number): void => {
    drawPart(p, rowListingHost(block, host, x, top + above), from, take, head, boxHeight(take, last), first, last);
  };
  const unit: SplitUnit = {
    cut(rows, opens) {
      // keepTogether (§13.3): a listing that fits a column and does not open its sub-column goes on whole.
      if (first && p.listing.keepTogether && !opens && above + boxHeight(n, true) <= columnHeight + EPS) return null;
      const fits = (take: number): boolean => above + boxHeight(take, false) <= rows * pitch + EPS;
      let fitting = 0;
      while (from + fitting < n - 1 && fits(fitting + 1)) fitting++;
      // splitMinLines on each side; a cut before a row opening its source line (as placeListing).
      const m = p.listing.splitMinLines;
      let take = listingCut(p.rows, from, fitting, m);
      if (take < m || take === 0) {
        if (!opens || fitting === 0) return null;
        take = fitting;
      }
      const height = above + boxHeight(take, false);
      return { before: partRows(block, blockIndex, Math.ceil(height / pitch - 1e-6), draw(take, false), unit), after: listingPartRows(block, blockIndex, p, from + take, pitch, marginBottom, columnHeight) };
    },
  };
  const height = above + boxHeight(n - from, true) + marginBottom;
  return partRows(block, blockIndex, Math.ceil(height / pitch - 1e-6), draw(n - from, true), unit);
}

/** The rows of a table (or the part of one left) at the pitch; its own `split` cuts it (resources/table-split.ts). */
export function tablePartRows(block: ResourceBlock, blockIndex: number, flow: FlowBlock, pitch: number): GroupRow[] {
  const draw = (part: FlowBlock) => (host: GroupDrawHost, x: number, top: number): void => {
    for (const item of part.emit(x, top)) host.push(item);
  };
  const unit: SplitUnit = {
    cut(rows) {
      const parts = flow.split?.(rows * pitch) ?? null;
      if (!parts) return null;
      const count = Math.ceil(parts.first.height / pitch - 1e-6);
      if (count > rows) return null;
      return { before: partRows(block, blockIndex, count, draw(parts.first), unit), after: tablePartRows(block, blockIndex, parts.rest, pitch) };
    },
  };
  return partRows(block, blockIndex, Math.ceil(flow.height / pitch - 1e-6), draw(flow), unit);
}
