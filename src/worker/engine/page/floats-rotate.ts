/**
 * Turned floats (configuration.md §12.2 `rotate`, document-format §12.6): a resource with
 * `placement.rotate` is set a quarter turn round (`ccw` counter-clockwise, `cw` clockwise) as a
 * page-span float alone on a page of its own — never the citing page, whose head counts as
 * before the citing line (§12.7). It is set at a measure of the page's content height in whole
 * grid lines less one ("height rounded to whole grid lines minus one"), its own height capped by
 * the content width; turned, that box stands at the content top, centred across the content width.
 * A table taller than the content width splits between rows (header rows repeated) and its rest
 * goes on turned, alone on the next page.
 *
 * The items keep the coordinates of the unturned block (centred on the turned box's centre, so a
 * reader that ignores the turn still finds them in place) inside one Transform group that turns
 * them about that centre: every backend draws the same turn (painter, rasters, PDF `cm`).
 */
import { Op, roundPt, type DisplayItem, type TransformItem } from '../../protocol/displaylist';
import type { FlowBlock } from '../resources/block';

export type Turn = 'ccw' | 'cw';

/** Reads `placement.rotate`: a turn, or undefined for anything else. */
export function turnOf(value: unknown): Turn | undefined {
  return value === 'ccw' || value === 'cw' ? value : undefined;
}

/**
 * Measure (pt) a turned float is set at: the content height rounded down to whole grid lines
 * (pitch pt each) less one line, and never under one line.
 */
export function turnedMeasure(contentHeight: number, pitch: number): number {
  const lines = Math.floor(contentHeight / pitch + 1e-9) - 1;
  return Math.max(1, lines) * pitch;
}

/**
 * The matrix turning items a quarter about (cx, cy), pt, y down: `ccw` sends the block's top edge
 * to the left of the turned box (read by turning the book clockwise), `cw` to its right.
 */
export function turnMatrix(turn: Turn, cx: number, cy: number): TransformItem['matrix'] {
  // ccw: (x, y) → (cx + (y − cy), cy − (x − cx)); cw: (x, y) → (cx − (y − cy), cy + (x − cx)).
  return turn === 'ccw' ? [0, -1, 1, 0, roundPt(cx - cy), roundPt(cy + cx)] : [0, 1, -1, 0, roundPt(cx + cy), roundPt(cy - cx)];
}

/** The content area a turned float is set in, pt from the trim box's top-left. */
export interface TurnArea {
  contentLeft: number;
  contentTop: number;
  contentWidth: number;
  contentHeight: number;
}

export interface TurnedPlacement {
  items: DisplayItem[];
  /** The turned box on the page, pt: `w` = the block's height, `h` = the measure. */
  box: { x: number; y: number; w: number; h: number };
  /** What goes on turned on the next page (a table's rows after the split), or null. */
  rest: FlowBlock | null;
}

/**
 * Sets `flow` (made at `measure` pt, see `turnedMeasure`) turned in the content area: the whole
 * block when its height fits the content width, else a table's first rows and the rest (a
 * picture was fitted to the content width when it was made, so it always fits whole).
 */
export function placeTurned(flow: FlowBlock, measure: number, turn: Turn, area: TurnArea, resource: string): TurnedPlacement {
  let part = flow;
  let rest: FlowBlock | null = null;
  if (flow.height > area.contentWidth + 1e-6) {
    const cut = flow.split?.(area.contentWidth) ?? null;
    if (cut) {
      part = cut.first;
      rest = cut.rest;
    }
  }
  // The turned box: as wide as the block is tall, as tall as its measure.
  const box = { x: area.contentLeft + Math.max(0, (area.contentWidth - part.height) / 2), y: area.contentTop, w: part.height, h: measure };
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const items: DisplayItem[] = [{ op: Op.Transform, matrix: turnMatrix(turn, cx, cy), resource }];
  // Unturned, the block is centred on the same point.
  items.push(...part.emit(cx - measure / 2, cy - part.height / 2));
  items.push({ op: Op.TransformEnd, resource });
  return { items, box, rest };
}
