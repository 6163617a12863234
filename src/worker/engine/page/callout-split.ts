/**
 * Where a callout box is cut between segments (document-format §8.1, configuration.md §13.4), and
 * the blocks drawn whole in a box row that a cut may split in their turn (paginate.ts
 * `calloutParts` rows, `placeCallout` segments):
 *
 * - the box (`cutBox`): a segment holds the rows that fit (at least one when it opens its column);
 *   a cut inside a paragraph or list item keeps `layout.boxChildSplitMinLines` of its lines on each
 *   side (break-rules.ts boxCut); with a continuation, `splitMinLines` box lines stay on each side
 *   and the segment that goes on leaves room for the continues marker; a verse line keeps its
 *   turnovers and a wrapped resource the rows beside it (callout-wrap.ts cutAboveWrap), and no
 *   heading ends a segment (callout-blocks.ts keptWithNext) — in that order, as placeCallout cut it —
 *   then fewer rows while the continues marker would push a segment that goes on past the room (one
 *   at least), as a `:::columns` group cut it (page/columns-group-box.ts, which uses this function too).
 * - a row the cut falls in that holds a piece (`BoxPiece.split`) is first cut to the room left at
 *   the segment's foot (less the continues marker's), its first part ending the segment and the
 *   rest opening the next one; and a piece ending a segment that goes on is cut shorter when the
 *   continues marker finds no room under it (it fitted whole, or opens a fresh column). Our
 *   reading: the piece's own rules decide, as in running text:
 *   - a code listing (`listingPiece`, page/code-block.ts placeListing's rules): `splitMinLines` rows
 *     on each side (fewer only when the part opens its segment in a fresh column), a cut before a row
 *     opening its source line rather than between turnovers, `keepTogether` moving a listing that
 *     fits a column (less the box's padding) and does not open its segment on whole, the continues
 *     marker under a part that goes on and `repeatTitle` over the parts after the first — each part
 *     its own box (corners rounded at the listing's own top and bottom only);
 *   - a resource that splits itself, a table (`flowPiece`): where its own `split` cuts it;
 *   - a nested box (`nestedPiece`): this same `cutBox` on its own rows, each part drawn as a segment
 *     of it (its frame open at a cut edge: box-shape.ts roundTop / roundBottom, its repeated title
 *     and continues marker as its style sets them).
 *
 * A piece counts its printed lines (a listing's rows, a nested box's lines, the box lines a table
 * part's height holds) toward the box's `splitMinLines`. Lengths in pt.
 */
import type { SetLine } from '../paragraph';
import type { CodeBlock } from '../parse/model';
import type { FlowBlock } from '../resources/block';
import { boxCut } from './break-rules';
import { keptWithNext } from './callout-blocks';
import { cutAboveWrap } from './callout-wrap';
import { drawPart, listingCut, listingPart, type PreparedListing } from './code-block';
import { rowListingHost, type GroupDrawHost } from './columns-group-blocks';

/** Room a float comparison forgives, pt (as placeCallout's). */
const EPS = 1e-6;

/** A block drawn whole in a box row, from some point of it on, that a box cut may split. */
export interface BoxPiece {
  flow: FlowBlock;
  /** Box lines it counts toward the box's `splitMinLines`. */
  lines: number;
  /**
   * Cut so the first part fits `room` pt (`opens`: the part opens its box segment in a fresh column,
   * so the minimums give way): the part that stays and the rest; null where its rules forbid a cut.
   */
  split?(room: number, opens: boolean): { head: BoxPiece; tail: BoxPiece } | null;
}

/** What a cut reads of a box row (paginate.ts calloutParts' rows). */
export interface CutRow {
  height: number;
  before?: number;
  role: string;
  block: { id: string };
  flow?: unknown;
  display?: unknown;
  across?: unknown;
  keepTo?: number;
  piece?: BoxPiece;
}

/** What a cut reads of a box (paginate.ts calloutParts). */
export interface BoxShape {
  pad: { top: number; bottom: number };
  /** Room the label tab takes above the first segment, pt. */
  tabAbove: number;
  /** A continued segment's repeated title, pt (0 without one). */
  repeatedHeight: number;
  /** The continues marker row, pt (0 without one). */
  more: number;
  /** `splitMinLines` when the style continues a split box (§13.4), else undefined. */
  minLines?: number;
  /** `layout.boxChildSplitMinLines`. */
  childMinLines: number;
}

/** The shape of a box from calloutParts' answer and the break rules' `boxChildSplitMinLines`. */
export function boxShape(parts: { pad: { top: number; bottom: number }; tab?: { above: number } | null; repeatedHeight: number; more?: { height: number } | null; style: { continuation?: { minLines: number } } }, childMinLines: number): BoxShape {
  const going = parts.style.continuation;
  return { pad: parts.pad, tabAbove: parts.tab?.above ?? 0, repeatedHeight: parts.repeatedHeight, more: parts.more?.height ?? 0, ...(going ? { minLines: going.minLines } : {}), childMinLines };
}

/**
 * The segment of a box opening at row `from` with `room` pt left under its top (`opens`: in a fresh
 * column, where it goes on as it can): the rows (with the row at its foot split when a piece was
 * cut there), how many it takes and its height; null when it cannot open here (the box moves on).
 * `leave`: a row at least goes on (a `:::columns` sub-column cuts a box whose rows fit but whose
 * margin below does not: page/columns-group-box.ts); `pieces` false: no row is split.
 */
export function cutBox<R extends CutRow>(shape: BoxShape, rows: R[], from: number, room: number, opens: boolean, options: { leave?: boolean; pieces?: boolean } = {}): { rows: R[]; take: number; height: number } | null {
  const { pad } = shape;
  const going = shape.minLines !== undefined;
  const head = from === 0 ? shape.tabAbove : shape.repeatedHeight;
  let cur = rows;
  // A row's space above counts inside a segment, not at its top.
  const need = (k: number): number => cur[k]!.height + (k > from ? (cur[k]!.before ?? 0) : 0);
  const heightOf = (take: number, cut: boolean): number => {
    let h = pad.top + pad.bottom + head + (cut && going ? shape.more : 0);
    for (let k = from; k < from + take; k++) h += need(k);
    return h;
  };
  let take = 0;
  while (from + take < cur.length && heightOf(take + 1, false) <= room + EPS) take++;
  // A piece at the foot cut to the room left (less the marker's: the box goes on after it).
  const original = cur;
  let splitAt = -1;
  const piece = from + take < cur.length && options.pieces !== false ? cur[from + take]!.piece : undefined;
  if (piece?.split) {
    const k = from + take;
    const left = room - heightOf(take, true) - (take > 0 ? (cur[k]!.before ?? 0) : 0);
    const parts = piece.split(left, opens && take === 0);
    if (parts) {
      cur = splitRow(cur, k, parts.head, parts.tail);
      splitAt = k;
      take++;
    }
  }
  const n = cur.length;
  if (n === 0) return { rows: cur, take: 0, height: heightOf(0, false) };
  if (take === 0) {
    // Rows that fit this column, at least one in a fresh column (a box taller than a column splits).
    if (!opens) return null;
    take = 1;
  }
  if (options.leave && from + take >= n) {
    take = n - from - 1;
    if (take <= 0) return null;
  }
  // A cut inside a paragraph or list item keeps layout.boxChildSplitMinLines of its lines on each side (break-rules.ts boxCut).
  const child = (k: number): object | null => {
    const row = cur[k]!;
    return row.role === 'body' && !row.flow && !row.display && !row.across ? row.block : null;
  };
  if (from + take < n) {
    const kept = boxCut(child, n, from, take, shape.childMinLines);
    if (kept === 0 && !opens) return null;
    if (kept > 0 && kept < take) take = kept;
  }
  // splitMinLines (§13.4): that many box lines on each side — fewer taken here so enough go on, the
  // box moved on whole when fewer would stay — and room for the continues marker at this segment's foot.
  if (from + take < n && going) {
    const lines = (a: number, b: number): number => {
      let count = 0;
      for (let k = a; k < b; k++) if (cur[k]!.role === 'body') count += cur[k]!.piece?.lines ?? 1;
      return count;
    };
    let keep = take;
    while (keep > 0 && (lines(from + keep, n) < shape.minLines! || (shape.more > 0 && heightOf(keep, true) > room + EPS))) keep--;
    if (keep === 0 || lines(from, from + keep) < shape.minLines!) {
      if (!opens) return null;
    } else if (keep < take) take = keep;
  }
  // A wrapped resource and the rows beside it stay in one segment (callout-wrap.ts), nor does a heading end it (keep with next).
  if (from + take < n) {
    const kept = keptWithNext(cur, from, cutAboveWrap(cur, from, take));
    if (kept === 0 && !opens) return null;
    if (kept > 0 && kept < take) take = kept;
  }
  // (The marker's room may not push a segment that goes on past the room left: fewer rows then, one at least.)
  while (take > 1 && from + take < n && heightOf(take, true) > room + EPS) take--;
  // The piece cut for nothing (the segment ends above it): whole again.
  if (splitAt >= from + take) cur = original;
  // A piece ending a segment that goes on, left no room for the continues marker under it (it
  // fitted whole, or the segment opens a fresh column): cut it shorter so the marker fits.
  const last = from + take - 1;
  const tail = cur[last]?.piece;
  if (from + take < cur.length && last !== splitAt && tail?.split && heightOf(take, true) > room + EPS) {
    const parts = tail.split(room - heightOf(take - 1, true) - (last > from ? (cur[last]!.before ?? 0) : 0), opens && last === from);
    if (parts) cur = splitRow(cur, last, parts.head, parts.tail);
  }
  return { rows: cur, take, height: heightOf(take, from + take < cur.length) };
}

/** `rows` with row `k` in two: its piece's part that stays, and the rest opening the next segment (no space above). */
function splitRow<R extends CutRow>(rows: R[], k: number, head: BoxPiece, tail: BoxPiece): R[] {
  const row = rows[k]!;
  const first: R = { ...row, height: head.flow.height, flow: head.flow, piece: head };
  const rest: R = { ...row, height: tail.flow.height, flow: tail.flow, piece: tail, before: 0 };
  // A row kept with a later one (keepTo, an index) follows the rows it names.
  const moved = rows.map((r): R => (r.keepTo !== undefined && r.keepTo > k ? { ...r, keepTo: r.keepTo + 1 } : r));
  return [...moved.slice(0, k), first, rest, ...moved.slice(k + 1)];
}

/**
 * A code listing in a box from its row `from` on, at the box's inner measure (page/code-block.ts
 * `prepareListing`), drawn through `draw` at the row's top-left; `columnHeight`: the room a whole
 * box segment has, pt (`keepTogether` moves only a listing that fits it).
 */
export function listingPiece(block: CodeBlock, p: PreparedListing, draw: GroupDrawHost, columnHeight: number, from = 0): BoxPiece {
  const n = p.rows.length;
  const { first, above, head, boxHeight } = listingPart(p, from);
  const part = (take: number, last: boolean): FlowBlock => ({
    width: p.width,
    height: above + boxHeight(take, last),
    emit: (x, y) => {
      drawPart(p, rowListingHost(block, draw, x, y + above), from, take, head, boxHeight(take, last), first, last);
      return [];
    },
  });
  return {
    flow: part(n - from, true),
    lines: n - from,
    split(room, opens) {
      // keepTogether (§13.3): a listing that fits a segment and does not open one goes on whole.
      if (first && p.listing.keepTogether && !opens && above + boxHeight(n, true) <= columnHeight + EPS) return null;
      const fits = (take: number): boolean => above + boxHeight(take, false) <= room + EPS;
      let fitting = 0;
      while (from + fitting < n - 1 && fits(fitting + 1)) fitting++;
      // splitMinLines on each side; a cut before a row opening its source line (as placeListing).
      const m = p.listing.splitMinLines;
      let take = listingCut(p.rows, from, fitting, m);
      if (take < m || take === 0) {
        // Opening its segment in a fresh column, too short for the rule: the rows that fit, one at least.
        if (!opens || n - from < 2) return null;
        take = Math.max(1, fitting);
      }
      return { head: { flow: part(take, false), lines: take }, tail: listingPiece(block, p, draw, columnHeight, from + take) };
    },
  };
}

/**
 * A resource set in a box that splits itself (a table: resources/table-split.ts, header rows
 * repeated, the continues marker and "(cont.)" caption as it sets them), cut where its own `split`
 * says, as running text's placeInFlow cuts it (resources/place.ts). Our reading of the box's
 * `splitMinLines`: a part counts the box lines its height holds at the box's leading `lead` (pt), one at least.
 */
export function flowPiece(flow: FlowBlock, lead: number): BoxPiece {
  return {
    flow,
    lines: Math.max(1, Math.floor(flow.height / lead + EPS)),
    split(room) {
      const parts = flow.split?.(room) ?? null;
      if (!parts || parts.first.height > room + EPS) return null;
      return { head: flowPiece(parts.first, lead), tail: flowPiece(parts.rest, lead) };
    },
  };
}

/** What a nested box's piece needs from paginate.ts: its rows and shape, its width, and how a segment is drawn. */
export interface NestedBox<R extends CutRow> {
  shape: BoxShape;
  rows: R[];
  /** The box's width as drawn, pt (`used`). */
  width: number;
  /** The whole box's height, pt (one segment). */
  total: number;
  /** Draws rows `from`…`from + take − 1` of `rows` as one segment `height` pt tall at (x, top); the lines it set. */
  draw(rows: R[], from: number, take: number, x: number, top: number, height: number): SetLine[];
  /** Takes the lines a drawn segment set (for the notes they cite). */
  cited?(lines: readonly SetLine[]): void;
}

/** A nested callout box in a box from its row `from` on (`rows`: its rows, the one at `from` perhaps a piece's rest). */
export function nestedPiece<R extends CutRow>(box: NestedBox<R>, rows: R[] = box.rows, from = 0): BoxPiece {
  const segment = (cut: R[], take: number, height: number): FlowBlock => ({
    width: box.width,
    height,
    emit: (x, y) => {
      const lines = box.draw(cut, from, take, x, y, height);
      box.cited?.(lines);
      return [];
    },
  });
  // The whole box (or what is left of it) in one segment: the box's own total when it is whole.
  const rest = from === 0 && rows === box.rows ? box.total : (cutBox(box.shape, rows, from, Number.POSITIVE_INFINITY, true)?.height ?? 0);
  let lines = 0;
  for (let k = from; k < rows.length; k++) if (rows[k]!.role === 'body') lines += rows[k]!.piece?.lines ?? 1;
  return {
    flow: segment(rows, rows.length - from, rest),
    lines,
    split(room, opens) {
      const cut = cutBox(box.shape, rows, from, room, opens);
      if (!cut || cut.take === 0 || from + cut.take >= cut.rows.length || (cut.height > room + EPS && !opens)) return null;
      let taken = 0;
      for (let k = from; k < from + cut.take; k++) if (cut.rows[k]!.role === 'body') taken += cut.rows[k]!.piece?.lines ?? 1;
      return { head: { flow: segment(cut.rows, cut.take, cut.height), lines: taken }, tail: nestedPiece(box, cut.rows, from + cut.take) };
    },
  };
}
