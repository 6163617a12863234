/**
 * The frame of a callout box segment (configuration.md §13.4): fill, border stroked inside, side
 * or top stripe, with `borderRadius` rounding the box's outer corners. A segment of a box split
 * across columns keeps square corners at its cut edges (only the box's own top and bottom are
 * rounded). Without a radius the frame is plain rectangles. Page coordinates, pt.
 */
import { Op, roundPt, type DisplayItem } from '../../protocol/displaylist';

/** Corner radii, pt: top-left, top-right, bottom-right, bottom-left. */
type Corners = readonly [number, number, number, number];

export interface BoxFrame {
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string | null;
  border: { enabled: boolean; colour: string; width: number };
  stripe: { side: 'left' | 'right' | 'top'; width: number; colour: string } | null;
  /** `borderRadius`, pt (0 = square). */
  radius: number;
  /** Whether this segment holds the box's top edge (its first) and its bottom edge (its last). */
  roundTop: boolean;
  roundBottom: boolean;
}

/** SVG path data of a rectangle with rounded corners (each radius clamped to half the sides; 0 = square). */
export function roundedRectPath(x: number, y: number, w: number, h: number, corners: Corners): string {
  const f = roundPt;
  const [tl, tr, br, bl] = corners.map((r) => Math.max(0, Math.min(r, w / 2, h / 2))) as [number, number, number, number];
  const arc = (r: number, toX: number, toY: number): string => (r > 0 ? `A${f(r)} ${f(r)} 0 0 1 ${f(toX)} ${f(toY)}` : '');
  return `M${f(x + tl)} ${f(y)}H${f(x + w - tr)}${arc(tr, x + w, y + tr)}V${f(y + h - br)}${arc(br, x + w - br, y + h)}H${f(x + bl)}${arc(bl, x, y + h - bl)}V${f(y + tl)}${arc(tl, x + tl, y)}Z`;
}

export function boxFrameItems(frame: BoxFrame): DisplayItem[] {
  const { x, y, w, h, radius, stripe, border } = frame;
  const items: DisplayItem[] = [];
  const top = frame.roundTop ? radius : 0;
  const bottom = frame.roundBottom ? radius : 0;
  const rounded = radius > 0 && (frame.roundTop || frame.roundBottom);
  if (frame.fill) items.push(rounded ? { op: Op.Path, d: roundedRectPath(x, y, w, h, [top, top, bottom, bottom]), fill: frame.fill } : { op: Op.Rect, x: roundPt(x), y: roundPt(y), w: roundPt(w), h: roundPt(h), fill: frame.fill });
  if (border.enabled && border.width > 0) {
    // Stroked inside the box: the stroke's centre line sits half a width in (its corners too).
    const half = border.width / 2;
    const inner = (r: number): number => Math.max(0, r - half);
    items.push(
      rounded
        ? { op: Op.Path, d: roundedRectPath(x + half, y + half, w - border.width, h - border.width, [inner(top), inner(top), inner(bottom), inner(bottom)]), stroke: border.colour, strokeWidth: roundPt(border.width) }
        : { op: Op.Rect, x: roundPt(x + half), y: roundPt(y + half), w: roundPt(w - border.width), h: roundPt(h - border.width), stroke: border.colour, strokeWidth: roundPt(border.width) },
    );
  }
  if (stripe) {
    // The stripe follows the rounded corners on its own side.
    const sx = stripe.side === 'right' ? x + w - stripe.width : x;
    const sw = stripe.side === 'top' ? w : stripe.width;
    const sh = stripe.side === 'top' ? Math.min(stripe.width, h) : h;
    const corners: Corners = stripe.side === 'top' ? [top, top, 0, 0] : stripe.side === 'left' ? [top, 0, 0, bottom] : [0, top, bottom, 0];
    items.push(rounded ? { op: Op.Path, d: roundedRectPath(sx, y, sw, sh, corners), fill: stripe.colour } : { op: Op.Rect, x: roundPt(sx), y: roundPt(y), w: roundPt(sw), h: roundPt(sh), fill: stripe.colour });
  }
  return items;
}
