/**
 * A wrapped resource inside a callout box (document-format §12.8 "inline (`here`) resources …
 * with `wrap` sit at one side of the column; following paragraphs/quotes/list items run beside at
 * the reduced measure, then return to full measure"; §8.1). Our reading for a box: the box's inner
 * measure is its column. The resource stands at one side of it, its top a box line under the row
 * above (as an inline resource in a box, §12.3), and the paragraphs, quotations and list items of
 * the box that follow run beside it at the inner measure less the resource and the gap, for as
 * many of the box's lines (its own leading, not the page grid: the inside of a box is off the
 * grid, configuration.md §13.4) as the resource and the gap under it are tall, rounded up; then at
 * the full inner measure again. Anything else the box holds (a display, a `:::columns` group,
 * another resource) goes below the resource, and the box is at least as tall as the resource and
 * its gap. The resource and the rows beside it are never split between box segments: a cut
 * falling among them moves up to before the resource (a resource in a box is one row).
 * The refusals are those of running text (`planWrap`: too narrow, too few lines beside it,
 * vertical text): the resource is then set across the box as an inline resource.
 */
import { alignOffset, physicalSide, planWrap, wrapSlotMeasure, type WrapRefusal, type WrapRequest, type WrapSettings } from './floats-wrap';

/** A wrap in force inside a box: the rows beside the resource. Lengths pt. */
export interface BoxWrapBand {
  side: 'left' | 'right';
  /** The width the text beside it loses: the resource and the gap. */
  inset: number;
  /** The band's bottom, pt from the top of the box's rows (the resource's top plus its height and gap in whole box lines). */
  bottom: number;
  /** Index of the resource's row in the box's rows. */
  row: number;
}

/** The measure to make the resource at inside a box `innerWidth` pt wide (floats-wrap.ts `wrapSlotMeasure`). */
export function boxWrapMeasure(request: WrapRequest, innerWidth: number, settings: WrapSettings): number {
  return wrapSlotMeasure(request, innerWidth, settings);
}

/**
 * Plans the wrap of a resource (its drawn box `width` × `height` pt, made at `measure`) whose
 * top is `top` pt under the top of the box's rows, in a box `innerWidth` pt wide whose lines are
 * `lead` pt apart: where it is drawn (`x` from the inner start, pt) and the band beside it; or
 * why it cannot wrap.
 */
export function planBoxWrap(input: { request: WrapRequest; width: number; height: number; measure: number; innerWidth: number; lead: number; top: number; row: number; settings: WrapSettings; rtl: boolean }): { x: number; band: BoxWrapBand } | WrapRefusal {
  const { request, settings, lead } = input;
  const gap = request.gap ?? settings.gap;
  // A box grows to hold what it is given: every line beside the resource fits (no rows-left cap).
  const plan = planWrap({ side: physicalSide(request.side, input.rtl), columnWidth: input.innerWidth, width: input.width, height: input.height, gap, pitch: lead, rowsLeft: Number.MAX_SAFE_INTEGER, settings });
  if (typeof plan === 'string') return plan;
  return {
    x: plan.boxX - alignOffset(request, input.measure, input.width, input.rtl),
    band: { side: plan.side, inset: plan.inset, bottom: input.top + plan.rows * lead, row: input.row },
  };
}

/**
 * How many of a block's lines (each `lead` pt tall, the first at `top` pt from the top of the
 * box's rows) start beside the band: those whose top is above its bottom.
 */
export function linesBeside(band: BoxWrapBand | null, top: number, lead: number): number {
  if (!band || top > band.bottom - 1e-6) return 0;
  return Math.max(1, Math.ceil((band.bottom - top) / lead - 1e-6));
}

/**
 * The rows of one box segment after a cut: `take` rows from `index` on, moved up to before a
 * wrapped resource whose band's rows (`keepTo`: the last row beside it) the cut would separate;
 * 0 when the segment opens with that resource (the caller moves the box on, or in a fresh column
 * keeps the rows it took: the box goes on as it can).
 */
export function cutAboveWrap(rows: readonly { keepTo?: number }[], index: number, take: number): number {
  for (let k = index; k < index + take; k++) {
    const to = rows[k]!.keepTo;
    if (to !== undefined && to >= index + take) return k - index;
  }
  return take;
}

export type { WrapRefusal };
