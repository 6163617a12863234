/**
 * Fixed callout boxes (configuration.md §13.4 `placement: 'fixed'` with `fixed: {anchor{to, edge},
 * offset}`, default container bottom-left; document-format §8.1 "`fixed` pinned to page
 * coordinates from the style"). The box leaves the flow and stands at its anchor: `container` =
 * the type area, `page` = the trim box, `bleed` = the trim box grown by `page.bleed`; `edge` one
 * of the nine points of that frame (§5.4: corners, side midpoints, centre), the box's same point
 * on it; `offset` moves it (x right, y down, pt).
 *
 * Text is never printed under it. Reading (the spec is silent on the flow): the box takes its
 * area out of the columns it overlaps on its page, as a float band does — one whose middle is in
 * the upper half of the type area takes the head of those columns (their text starts one body
 * line under it, on the grid), one lower down their foot (text, notes and foot floats end one
 * line above it). A box wholly in the margins takes nothing. paginate.ts places it on the page
 * its fence falls on when the columns it takes there hold nothing yet where it goes, else at the
 * head of the next page.
 */
import type { PageFrame } from './geometry';

export type FixedEdge = 'top-left' | 'top' | 'top-right' | 'left' | 'center' | 'right' | 'bottom-left' | 'bottom' | 'bottom-right';

/** `calloutStyles[id].fixed` as read (settings-callouts.ts), pt. */
export interface CalloutFixed {
  to: 'container' | 'page' | 'bleed';
  edge: FixedEdge;
  /** `offset.x` / `offset.y`, pt (x to the right, y down). */
  x: number;
  y: number;
}

export const FIXED_EDGES: readonly FixedEdge[] = ['top-left', 'top', 'top-right', 'left', 'center', 'right', 'bottom-left', 'bottom', 'bottom-right'];

/** The spec's default: the type area's bottom-left corner, no offset. */
export const DEFAULT_FIXED: Readonly<CalloutFixed> = Object.freeze({ to: 'container', edge: 'bottom-left', x: 0, y: 0 });

/** The area a fixed box takes from the flow of its page: columns `from`…`to`, pt from the content top. */
export interface FixedArea {
  page: number;
  /** First and last column it overlaps (inclusive). */
  from: number;
  to: number;
  /** 'head': the columns' text starts under `bottom`; 'foot': it ends above `top`. */
  side: 'head' | 'foot';
  top: number;
  bottom: number;
}

/** Where the box's top-left corner goes on the page, pt from the trim box's top-left. */
export function fixedOrigin(fixed: CalloutFixed, frame: PageFrame, page: { width: number; height: number; bleed: number }, box: { width: number; height: number }): { x: number; y: number } {
  const area =
    fixed.to === 'page'
      ? { left: 0, top: 0, width: page.width, height: page.height }
      : fixed.to === 'bleed'
        ? { left: -page.bleed, top: -page.bleed, width: page.width + 2 * page.bleed, height: page.height + 2 * page.bleed }
        : { left: frame.contentLeft, top: frame.contentTop, width: frame.contentWidth, height: frame.contentHeight };
  // The share of the frame's width (height) the anchor point lies at, and the box's same share.
  const h = fixed.edge.endsWith('left') ? 0 : fixed.edge.endsWith('right') ? 1 : 0.5;
  const v = fixed.edge.startsWith('top') ? 0 : fixed.edge.startsWith('bottom') ? 1 : 0.5;
  return { x: area.left + h * (area.width - box.width) + fixed.x, y: area.top + v * (area.height - box.height) + fixed.y };
}

/**
 * The part of the flow a box at `origin` (page pt) takes: the columns whose x range it overlaps,
 * its rows inside the type area; null when it lies wholly outside the type area.
 */
export function fixedArea(origin: { x: number; y: number }, box: { width: number; height: number }, frame: PageFrame, page: number): FixedArea | null {
  const top = origin.y - frame.contentTop;
  const bottom = top + box.height;
  if (bottom <= 1e-6 || top >= frame.contentHeight - 1e-6) return null;
  let from = -1;
  let to = -1;
  frame.columnX.forEach((left, c) => {
    const right = left + frame.columnWidths[c]!;
    if (origin.x < right - 1e-6 && origin.x + box.width > left + 1e-6) {
      if (from < 0) from = c;
      to = c;
    }
  });
  if (from < 0) return null;
  const side = (Math.max(0, top) + Math.min(frame.contentHeight, bottom)) / 2 < frame.contentHeight / 2 ? 'head' : 'foot';
  return { page, from, to, side, top: Math.max(0, top), bottom: Math.min(frame.contentHeight, bottom) };
}

/** The fixed areas of the pages being set: what each takes from a column's head and foot. */
export class FixedAreas {
  private areas: FixedArea[] = [];

  /** @param pitch body leading = grid pitch, pt: the gap between a box and the text, and the grid text starts on. */
  constructor(private readonly pitch: number) {}

  add(area: FixedArea): void {
    this.areas.push(area);
  }

  /** Whether any box stands on the page (a pass is then not resumed from inside it: page/resume.ts). */
  onPage(page: number): boolean {
    return this.areas.some((a) => a.page === page);
  }

  /** Where a column's text may start under the head boxes over it, pt from the content top (on the grid; 0 = none). */
  headOf(page: number, column: number): number {
    let y = 0;
    for (const a of this.areas) if (a.page === page && a.side === 'head' && column >= a.from && column <= a.to) y = Math.max(y, Math.ceil((a.bottom + this.pitch) / this.pitch - 1e-9) * this.pitch);
    return y;
  }

  /** Height the foot boxes under a column take from its foot, pt (with one line's gap above them; 0 = none). */
  footOf(page: number, column: number, contentHeight: number): number {
    let h = 0;
    for (const a of this.areas) if (a.page === page && a.side === 'foot' && column >= a.from && column <= a.to) h = Math.max(h, contentHeight - a.top + this.pitch);
    return h;
  }
}
