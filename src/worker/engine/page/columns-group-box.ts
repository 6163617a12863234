/**
 * A callout box in a running-text `:::columns` group (document-format §8.1, §8.4 "a nested callout
 * = 1" block): set in flow in its sub-column, at the sub-column's width (paginate.ts `calloutParts`,
 * its style's type, padding, title, label tab, numbers), and split between sub-columns by the box's
 * rules — the function placeCallout cuts it between columns with (page/callout-split.ts `cutBox`;
 * configuration.md §13.4), with a row at least going on to the next sub-column: a segment holds the
 * rows that fit (at least one when it opens its sub-column); a cut inside a paragraph or list item
 * keeps `layout.boxChildSplitMinLines` of its lines on each side (break-rules.ts `boxCut`); with a
 * continuation, at least `splitMinLines` box lines stay on each side and the segment that goes on
 * leaves room for the continues marker; `keepTogether` moves a box that fits a column and does
 * not open its sub-column on whole. `marginTop` is whole blank rows above it; the box and `marginBottom` take
 * ⌈height ÷ pitch⌉ grid rows, so the text after it is back on the grid.
 *
 * Where a box is not set in plain flow (§13.4 `placement`, `span`, `wrap`, `floatBarrier`; our
 * reading of what a designer expects of it in a group, paginate.ts `groupBox`): a box that floats
 * (auto, top, bottom, across columns, in the side channel) or is fixed, and one spanning the page,
 * leaves the group — no row in it; set at the group's level, at the text column's (or page's)
 * width, as the main flow sets it, and queued under the segment holding its place as a floating
 * resource in a group is (`GroupRow.after` of the row of text after it; foot room kept under that
 * segment for one a column wide and not `top`: columns-group-floats.ts) — a page-wide box in flow becoming a page-wide floated box (a page's head or foot band: a
 * band cutting the columns there would have to end the group). One that cannot leave the flow (too
 * tall, citing notes in column notes) is set in its sub-column. A wrapped box is set in flow
 * across its sub-column (text beside a box in a sub-column would be too narrow to read). A float
 * barrier box is set in its sub-column, and every float cited before it in reading order — before
 * the group or in it — is set before it (§12.7): the segment ends above the box, the floats are
 * set, the group goes on from the box (page/columns-group.ts `placeGroup`, as the main flow
 * flushes them before the box; a barrier floated out of the group stands at the row after it). A resource wrapped in the
 * box is set at one side of its inner measure at the sub-column width (callout-wrap.ts; refused as
 * in flow when the text beside would be too narrow). A box holding a listing, a heading, a poem or a `:::space`
 * (page/callout-blocks.ts) is set here as in flow: a cut never parts a verse line from its
 * turnovers (`keepTo`, callout-wrap.ts cutAboveWrap) nor leaves a heading at a segment's foot
 * (`keptWithNext`), and a listing, table or nested box the cut falls in is split by its own rules,
 * each part its own box (callout-split.ts listingPiece, flowPiece, nestedPiece). A box holding a
 * `:::columns` group of its own sets it as a box in flow does (columns-group.ts `boxGroupRows`):
 * its sub-columns share the box's inner width, here the sub-column's less the box's padding (our
 * reading of §8.4 "Inside a callout: columns share the box width", which names no exception for a
 * box in a group; sub-columns narrower than 6 em are what its `columnsTooNarrow` warning is for),
 * and a cut falls between the inner group's rows. Lengths in pt.
 */
import type { SetLine } from '../paragraph';
import type { GroupRow } from './columns-group';
import type { GroupDrawHost } from './columns-group-blocks';
import { emptyRow } from './columns-group-heading';
import { cutBox, type BoxShape, type CutRow } from './callout-split';
import type { SplitUnit } from './columns-group-split';

/** Room a float comparison forgives, pt. */
const EPS = 1e-6;

/** What a box's rows and segments need from paginate.ts (`calloutParts` at the sub-column width, `drawCalloutSegment`). */
export interface GroupBox<R extends CutRow = CutRow> {
  rows: R[];
  pad: { top: number; bottom: number };
  tab?: { above: number } | null;
  /** Height of a continued segment's repeated title, pt (0 without one). */
  repeatedHeight: number;
  /** The continues marker row, when the style sets one. */
  more?: { height: number } | null;
  /** The box's whole height, pt (one segment). */
  total: number;
  marginTop: number;
  marginBottom: number;
  keepTogether: boolean;
  /** A whole column's height, pt (`keepTogether` moves only a box that fits one). */
  columnHeight: number;
  /** `splitMinLines` when the style continues a split box (§13.4). */
  minLines?: number;
  /** `layout.boxChildSplitMinLines`. */
  childMinLines: number;
  /** Draws rows `from`…`from + take − 1` of `rows` (the box's, a listing or nested box at a cut in two) as one segment `height` pt tall at (x, top); the lines it set (for their notes). */
  draw(rows: R[], from: number, take: number, x: number, top: number, height: number): SetLine[];
}

/** The box's rows at the pitch: `marginTop` as blank rows, then one part from its first row. `cited` collects the lines drawn (their notes go to the text column's foot). */
export function boxRows<R extends CutRow>(start: { id: string }, blockIndex: number, box: GroupBox<R>, pitch: number, cited: SetLine[]): GroupRow[] {
  const above = Array.from({ length: Math.ceil(box.marginTop / pitch - EPS) }, (): GroupRow => ({ block: start, line: emptyRow(), x: 0, blockIndex, blank: true }));
  return [...above, ...partRows(start, blockIndex, box, box.rows, 0, pitch, cited)];
}

/** The rows of the box's part from row `from` of `rows` on. */
function partRows<R extends CutRow>(start: { id: string }, blockIndex: number, box: GroupBox<R>, rows: R[], from: number, pitch: number, cited: SetLine[]): GroupRow[] {
  const { pad } = box;
  const n = rows.length;
  const head = from === 0 ? (box.tab?.above ?? 0) : box.repeatedHeight;
  // A row's space above counts inside a segment, not at its top.
  const need = (k: number): number => rows[k]!.height + (k > from ? (rows[k]!.before ?? 0) : 0);
  const heightOf = (take: number): number => {
    let h = pad.top + pad.bottom + head;
    for (let k = from; k < from + take; k++) h += need(k);
    return h;
  };
  const shape: BoxShape = { pad, tabAbove: box.tab?.above ?? 0, repeatedHeight: box.repeatedHeight, more: box.more?.height ?? 0, ...(box.minLines !== undefined ? { minLines: box.minLines } : {}), childMinLines: box.childMinLines };
  /** Grid rows of one segment: `take` rows of `list` from `from`, `height` pt, and `extra` pt under it. */
  const rowsOf = (list: R[], take: number, height: number, extra: number): GroupRow[] => {
    const whole = {};
    const draw = (_host: GroupDrawHost, x: number, top: number): void => void cited.push(...box.draw(list, from, take, x, top, height));
    return Array.from({ length: Math.max(1, Math.ceil((height + extra) / pitch - EPS)) }, (_, i): GroupRow => ({ block: start, line: emptyRow(), x: 0, blockIndex, whole, split: unit, ...(i === 0 ? { draw } : {}) }));
  };
  const unit: SplitUnit = {
    cut(available, opens) {
      if (from === 0 && box.keepTogether && !opens && box.total <= box.columnHeight + EPS) return null;
      // The box's cut rules (page/callout-split.ts cutBox, as placeCallout's), a listing or nested box at the cut split by its own; a row at least goes on.
      const cut = cutBox(shape, rows, from, available * pitch, opens, { leave: true });
      if (!cut) return null;
      return { before: rowsOf(cut.rows, cut.take, cut.height, 0), after: partRows(start, blockIndex, box, cut.rows, from + cut.take, pitch, cited) };
    },
  };
  return rowsOf(rows, n - from, heightOf(n - from), box.marginBottom);
}
