/**
 * A wrapped resource in a running-text `:::columns` group (document-format §12.8 "inline (`here`)
 * resources … with `wrap` sit at one side of the column; following paragraphs/quotes/list items run
 * beside at the reduced measure, then return to full measure"; §8.4). Our reading, as
 * page/callout-wrap.ts reads it for a box: the sub-column is the column. The resource stands at one
 * side of it, its top on the grid row where it is met (as in running text, page/floats-wrap.ts),
 * and the paragraphs, quotations and list items that follow run beside it at the sub-column's width
 * less the resource and the gap, for as many grid rows as the resource and the gap under it are
 * tall (rounded up), then at the full sub-column width, re-broken from the next line's source
 * offset. Anything else (a heading, a display, a listing, another resource, a box, `:::space`, the
 * group's end) goes below it: the band's rows left are empty rows. The band's rows are one unit
 * (`GroupRow.whole`): no sub-column or segment cut parts the resource from the text beside it.
 * The refusals are those of running text (`planWrap`: too narrow, too few lines, vertical text):
 * the resource is then set across the sub-column as a resource in flow (page/columns-group-blocks.ts).
 * Lengths in pt.
 */
import type { SetLine } from '../paragraph';
import type { FlowBlock } from '../resources/block';
import type { GroupRow } from './columns-group';
import { emptyRow } from './columns-group-heading';
import type { GroupDrawHost } from './columns-group-blocks';
import { alignOffset, physicalSide, planWrap, type WrapRefusal, type WrapRequest, type WrapSettings } from './floats-wrap';

/** A resource wrapped in a sub-column: where it is drawn and the band of grid rows beside it. */
export interface GroupWrap {
  flow: FlowBlock;
  /** Left of the resource's drawn box from the sub-column's left edge, pt. */
  x: number;
  side: 'left' | 'right';
  /** Width the text beside it loses: the resource and the gap, pt. */
  inset: number;
  /** Grid rows beside it: its height and the gap under it, rounded up. */
  rows: number;
}

/**
 * Plans the wrap of `flow` (built at `measure`: floats-wrap.ts `wrapSlotMeasure` of the sub-column)
 * in a sub-column `width` pt wide on a grid of `pitch`, at most `columnRows` rows tall: its place
 * and band, or why it cannot wrap.
 */
export function planGroupWrap(input: { request: WrapRequest; flow: FlowBlock; measure: number; width: number; pitch: number; columnRows: number; settings: WrapSettings; rtl: boolean }): GroupWrap | WrapRefusal {
  const { request, flow, settings } = input;
  const plan = planWrap({ side: physicalSide(request.side, input.rtl), columnWidth: input.width, width: flow.width, height: flow.height, gap: request.gap ?? settings.gap, pitch: input.pitch, rowsLeft: input.columnRows, settings });
  if (typeof plan === 'string') return plan;
  return { flow, x: plan.boxX - alignOffset(request, input.measure, flow.width, input.rtl), side: plan.side, inset: plan.inset, rows: plan.rows };
}

/**
 * A block's lines set beside a band with `beside` rows left, then at the full measure:
 * `set(from, measure)` sets the block from source offset `from` (null: its start) at `measure`;
 * the lines past the band are set again from the first one's source offset (or the end of the
 * last beside it). Returns the lines and how many stand beside the band.
 */
export function linesAroundWrap(beside: number, inset: number, measure: number, set: (from: number | null, measure: number) => readonly SetLine[]): { lines: readonly SetLine[]; beside: number } {
  const narrow = set(null, measure - inset);
  if (beside >= narrow.length) return { lines: narrow, beside: narrow.length };
  const next = narrow[beside]!;
  const from = next.srcFrom >= 0 ? next.srcFrom : narrow[beside - 1]!.srcTo;
  return { lines: [...narrow.slice(0, beside), ...set(from, measure)], beside };
}

/** The band of a wrap in force among a group's rows: the wrap, its first row's index, the unit its rows share, and the resource's block and counted index. */
export interface GroupWrapBand {
  wrap: GroupWrap;
  start: number;
  whole: object;
  block: { id: string };
  blockIndex: number;
}

/** Rows of the band still to set beside the resource (0 once it is full). */
export function rowsLeftBeside(band: GroupWrapBand | null, rows: readonly GroupRow[]): number {
  return band ? Math.max(0, band.start + band.wrap.rows - rows.length) : 0;
}

/** Marks a row set beside the band: one unit with the resource, moved past it on its side. */
export function besideRow(band: GroupWrapBand, row: GroupRow): GroupRow {
  return { ...row, x: row.x + (band.wrap.side === 'left' ? band.wrap.inset : 0), ...(row.marker ? { marker: { ...row.marker, x: row.marker.x + (band.wrap.side === 'left' ? band.wrap.inset : 0) } } : {}), whole: band.whole };
}

/**
 * Ends the band: empty rows of the resource fill it to its height (what follows goes below the
 * resource and its gap), and its first row draws the resource at the sub-column's side.
 */
export function closeWrapBand(band: GroupWrapBand, rows: GroupRow[]): void {
  const { block, blockIndex, whole } = band;
  while (rows.length < band.start + band.wrap.rows) rows.push({ block, line: emptyRow(), x: 0, blockIndex, whole });
  const first = rows[band.start]!;
  const { flow, x } = band.wrap;
  first.draw = (host: GroupDrawHost, x0: number, top: number) => {
    for (const item of flow.emit(x0 + x, top)) host.push(item);
  };
}
