/**
 * Balancing lever (2), `flexFigure` (configuration.md §8.5 "pictures with a safe area grow by
 * whole lines"; document-format §12.9): a picture with a safe area may be shown anywhere between
 * its safe area and the whole picture, width fixed. One that was cropped to fit (the room under
 * the text, a float slot) is, in a short column that flows on, shown that many whole grid lines
 * taller again — never beyond the whole picture, never enlarged — before any other lever but
 * the closing box. Everything under it in the column moves down by the lines it grew.
 *
 * In-flow figures are recorded as lever points of kind `flexFigure` (with the block that drew
 * them, so it can be drawn again taller); foot floats are grown where paginate keeps them,
 * before they are drawn (`grownBy`). A figure with a drawn path (formula, SVG) under it in the
 * column does not grow: paths are not shifted (page/levers.ts, our limit).
 */
import { Op, type DisplayItem } from '../../protocol/displaylist';
import type { FlowBlock } from '../resources/block';
import { shiftItems, type LeverPoint } from './levers';

/** What an in-flow figure's lever point carries: where it was drawn and how to draw it taller. */
export interface FlexPicture {
  /** End (exclusive) of its items in the page's list; the point's `item` is their start. */
  end: number;
  /** Where its block was emitted, pt (page coordinates). */
  x: number;
  y: number;
  flow: FlowBlock;
  /** The figure made again to fit `maxHeight` pt whole (cropping towards its safe area). */
  regrow: (maxHeight: number) => FlowBlock | null;
}

/**
 * The figure shown up to `maxLines` whole lines (`pitch` pt each) taller: the most lines its
 * picture can grow by at the same width, or null when it cannot grow by one.
 */
export function grownBy(flow: FlowBlock, regrow: (maxHeight: number) => FlowBlock | null, maxLines: number, pitch: number): { flow: FlowBlock; lines: number } | null {
  const picture = flow.picture;
  if (!picture || maxLines <= 0) return null;
  const attempt = (lines: number): FlowBlock | null => {
    const made = regrow(flow.height + lines * pitch);
    const grown = made?.picture;
    // Same width (cropped, not scaled), the picture and the whole block taller by the same amount.
    if (!made || !grown || Math.abs(grown.width - picture.width) > 1e-6) return null;
    const dPicture = grown.height - picture.height;
    if (Math.abs(made.height - flow.height - dPicture) > 1e-6) return null;
    return dPicture > 1e-6 ? made : null;
  };
  const most = attempt(maxLines);
  if (!most) return null;
  // How far it could go (the whole picture may stop it short of maxLines): whole lines only.
  const lines = Math.min(maxLines, Math.floor((most.picture!.height - picture.height) / pitch + 1e-6));
  if (lines <= 0) return null;
  const exact = lines === maxLines ? most : attempt(lines);
  if (!exact || Math.abs(exact.picture!.height - picture.height - lines * pitch) > 1e-6) return null;
  return { flow: exact, lines };
}

/**
 * Grows the column's cropped in-flow figures (points of kind `flexFigure`, in reading order)
 * into a gap of `gap` grid lines: each is drawn again taller in place, the items under it move
 * down, later points' item indices follow. Returns the lines each point took (0 for none).
 * `moves`: paths that move with the items under them (a heading design's, drawn again by
 * `shift`: page/levers-designs.ts); `shift` moves items [from, to) down (levers.ts shiftItems by default).
 */
export function growFlexPoints(points: LeverPoint[], items: DisplayItem[], gap: number, pitch: number, moves?: ReadonlySet<DisplayItem>, shift = (from: number, to: number, dy: number): void => shiftItems(items, from, to, dy)): number[] {
  const lines = points.map(() => 0);
  let left = gap;
  for (let i = 0; i < points.length && left > 0; i++) {
    const point = points[i]!;
    const flex = point.flex;
    if (point.kind !== 'flexFigure' || !flex) continue;
    // Paths under it would not move with the text (levers.ts): then it stays as it is.
    if (items.slice(flex.end).some((item) => (item.op === Op.Path || item.op === Op.Clip || item.op === Op.ClipEnd || item.op === Op.Transform) && !moves?.has(item))) continue;
    const grown = grownBy(flex.flow, flex.regrow, left, pitch);
    if (!grown) continue;
    const drawn = grown.flow.emit(flex.x, flex.y);
    const delta = drawn.length - (flex.end - point.item);
    items.splice(point.item, flex.end - point.item, ...drawn);
    shift(point.item + drawn.length, items.length, grown.lines * pitch);
    for (const later of points) {
      if (later === point || later.item < flex.end) continue;
      later.item += delta;
      if (later.flex) later.flex = { ...later.flex, end: later.flex.end + delta, y: later.flex.y + grown.lines * pitch };
    }
    point.flex = { ...flex, end: flex.end + delta, flow: grown.flow };
    lines[i] = grown.lines;
    left -= grown.lines;
  }
  return lines;
}
