/**
 * Text wrap beside a resource (document-format §12.8, configuration.md §4 `layout.wrap.*`, §12.2
 * `placement.wrap` / `wrapGap`): an inline (`here`) resource with `wrap`, or a one-column float
 * with `wrap` at the head (or foot, below) of a column, sits at one side of its column, and the paragraphs, quotes
 * and list items that follow (paragraphs of a `:::paragraphs{style}` container or a section's
 * `bodyStyle`, and that section's list items, too: their indents and alignment are taken inside the
 * reduced measure; at another
 * leading than the body's, off the grid line under line, each line whose box meets the band's rows
 * beside it — `measureAtBox` — and the grid taken up again after them, configuration.md §2.2)
 * run beside it at the reduced measure — the column width less the
 * resource and the gap — for as many grid lines as the resource and the
 * gap under it are tall (rounded up to whole lines: the gap is "around" the item, configuration.md
 * §12.2, so full-measure text starts at least one gap below it), then return to the full measure.
 * Body lines stay on the grid.
 *
 * When the text beside would be narrower than `layout.wrap.minTextWidth` (12 em), or fewer than
 * `layout.wrap.minLinesBeside` (2) lines fit beside it, the resource takes its band instead
 * (full width, text below) and the refusal is recorded for the `textWrap` check.
 *
 * At a column's foot (`planFootWrap`: an auto or bottom float with `wrap`, in the foot slot of its
 * citing column or of a later one) the resource sits at one side with its bottom on the last grid
 * line above the column's notes; the band beside it is its height and the gap above it in whole
 * lines, and must lie under the text already set (else `moved`: an auto float then waits for the
 * next column head, a bottom float takes its band at the foot). The text above the band runs at
 * the full measure, then beside it to the foot; what cannot run beside it (headings, boxes…) ends
 * the column above the band; notes cited beside it must still fit under it, else the citing line
 * goes on to the next column (our choices: the spec says only 'head/foot column floats with wrap
 * sit at one side of the column').
 *
 * Placement fields come from the resource, then its type's `defaultPlacement`
 * (resources/placement.ts), then `layout.wrap`, then the built-ins (configuration.md §18).
 */
import { isDimension, lengthToPt, parseLength } from '../../config/values';
import type { ResourceSet } from '../resources';
import { placementOf } from '../resources/placement';

/** `placement.wrap` other than `none`: the side of the column, physical or following the block direction. */
export type WrapSide = 'left' | 'right' | 'start' | 'end';

/** A resource's wrap request, from its placement (resource → type `defaultPlacement`). */
export interface WrapRequest {
  side: WrapSide;
  /** `placement.wrapGap`, pt (absent = `layout.wrap.gap`). */
  gap?: number;
  /** `placement.width`, a fraction of the column (absent = `layout.wrap.defaultWidth`). */
  width?: number;
  /** `placement.align` (how the figure sits inside the measure it was made for; resources/figure.ts). */
  align?: string;
}

/** `layout.wrap` resolved (configuration.md §4). */
export interface WrapSettings {
  /** `layout.wrap.gap`, pt (default one body line). */
  gap: number;
  /** `layout.wrap.minTextWidth`: a length in pt, or a fraction of the column (a bare number). */
  minTextWidth: { pt: number } | { fraction: number };
  /** `layout.wrap.minLinesBeside`, whole lines ≥ 1. */
  minLinesBeside: number;
  /** `layout.wrap.defaultWidth`, 0–1 of the column. */
  defaultWidth: number;
  /** `layout.writingMode: 'vertical-rl'`: no wrap in vertical text (configuration.md §17.1 `wrapUnsupported`). */
  vertical?: boolean;
}

/** Built-in `layout.wrap` for a body size and leading (pt): gap one line, 12 em, 2 lines, 0.45. */
export function defaultWrapSettings(bodySize: number, lineHeight: number): WrapSettings {
  return { gap: lineHeight, minTextWidth: { pt: 12 * bodySize }, minLinesBeside: 2, defaultWidth: 0.45 };
}

/**
 * Why a wrap was refused (document-format §12.8 `textWrap`): `tooNarrow` — the text beside would
 * be narrower than `minTextWidth`; `fewLines` — fewer than `minLinesBeside` lines fit beside it;
 * `moved` — it does not fit under the text where it stands, so it moves on without the text (or
 * a float takes a column foot, where nothing wraps yet); `verticalText` — vertical writing mode.
 */
export type WrapRefusal = 'tooNarrow' | 'fewLines' | 'moved' | 'verticalText';

/** The wrap request of a resource, or undefined when it does not wrap. `emPt`: the em of `wrapGap` (body size, pt). */
export function wrapRequestOf(resources: ResourceSet | undefined, id: string, emPt: number): WrapRequest | undefined {
  const resource = resources?.resources.get(id);
  if (!resource) return undefined;
  const placement = placementOf(resource, resources?.settings.types);
  const side = placement?.['wrap'];
  if (side !== 'left' && side !== 'right' && side !== 'start' && side !== 'end') return undefined;
  const gap = placement?.['wrapGap'];
  // A Dimension ({value, unit}); a bare number is taken as pt. px at the spec's default 300 dpi.
  const gapPt = isDimension(gap) ? lengthToPt(gap, { emPt, remPt: emPt, dpi: 300 }) : typeof gap === 'number' ? gap : undefined;
  const width = placement?.['width'];
  const align = placement?.['align'];
  return {
    side,
    ...(gapPt !== undefined && Number.isFinite(gapPt) && gapPt >= 0 ? { gap: gapPt } : {}),
    ...(typeof width === 'number' && width > 0 && width < 1 ? { width } : {}),
    ...(typeof align === 'string' ? { align } : {}),
  };
}

/**
 * `:::callout{wrap=… width=… wrapGap=…}` (document-format §10 callout attributes, §12.8): the box's
 * wrap request, or undefined when it does not wrap. `width` 0–1 of the column; `wrapGap` a length
 * ("6pt", "1em"; a bare number is pt). `emPt`: the body size, pt.
 */
export function calloutWrapOf(attrs: Readonly<Record<string, string>>, emPt: number): WrapRequest | undefined {
  const side = attrs['wrap'];
  if (side !== 'left' && side !== 'right' && side !== 'start' && side !== 'end') return undefined;
  const width = Number(attrs['width']);
  const gap = attrs['wrapGap'] === undefined ? undefined : parseLength(attrs['wrapGap'], 'pt');
  const gapPt = gap ? lengthToPt(gap, { emPt, remPt: emPt, dpi: 300 }) : undefined;
  return {
    side,
    ...(gapPt !== undefined && Number.isFinite(gapPt) && gapPt >= 0 ? { gap: gapPt } : {}),
    ...(Number.isFinite(width) && width > 0 && width < 1 ? { width } : {}),
  };
}

/** The physical side: `start`/`end` follow the block direction (document-format §18.1). */
export function physicalSide(side: WrapSide, rtl: boolean): 'left' | 'right' {
  if (side === 'start') return rtl ? 'right' : 'left';
  if (side === 'end') return rtl ? 'left' : 'right';
  return side;
}

/**
 * The measure (pt) to build the wrapped resource at: with its own `placement.width` the figure
 * narrows itself inside the column (resources/figure.ts), so it gets the column; otherwise the
 * `layout.wrap.defaultWidth` share of the column.
 */
export function wrapSlotMeasure(request: WrapRequest, columnWidth: number, settings: WrapSettings): number {
  return request.width !== undefined ? columnWidth : columnWidth * settings.defaultWidth;
}

/**
 * Offset of the resource's drawn box inside the measure it was made for (pt): resources/figure.ts
 * shifts a block narrower than its measure by `placement.align` (left by default; start/end by
 * the text direction). Mirrored here so the box, not its measure, sits against the column side.
 */
export function alignOffset(request: WrapRequest, measure: number, width: number, rtl: boolean): number {
  const free = Math.max(0, measure - width);
  const align = request.align;
  const right = align === 'right' || (align === 'end' && !rtl) || (align === 'start' && rtl);
  return align === 'center' ? free / 2 : right ? free : 0;
}

/** A wrap as placed: where the resource goes and the band of grid rows the text runs beside it. */
export interface WrapPlan {
  side: 'left' | 'right';
  /** Left of the resource's drawn box from the column's left edge, pt. */
  boxX: number;
  /** Width the text loses beside it: the box and the gap, pt. */
  inset: number;
  /** Grid lines beside it: its height and the gap under it in lines, rounded up. */
  rows: number;
}

/**
 * Decides a wrap: the text beside must be at least `minTextWidth` wide and at least
 * `minLinesBeside` lines must fit beside the resource (its height and gap in lines, rounded up,
 * capped by the rows left in the column). All lengths pt.
 */
export function planWrap(input: {
  side: 'left' | 'right';
  columnWidth: number;
  /** Width and height of the resource's drawn box, pt. */
  width: number;
  height: number;
  gap: number;
  pitch: number;
  /** Grid rows left in the column from the resource's top. */
  rowsLeft: number;
  settings: WrapSettings;
}): WrapPlan | WrapRefusal {
  const { side, columnWidth, width, height, gap, pitch, settings } = input;
  if (settings.vertical) return 'verticalText';
  const inset = width + gap;
  const minText = 'pt' in settings.minTextWidth ? settings.minTextWidth.pt : settings.minTextWidth.fraction * columnWidth;
  if (columnWidth - inset < minText - 1e-6) return 'tooNarrow';
  // The gap below too; a picture a hair over whole lines (rounding of its pt size) takes no extra line.
  const rows = Math.max(1, Math.ceil((height + gap) / pitch - 1e-6));
  // Lines level with the item itself (not its gap) that the column still holds.
  const level = Math.min(Math.ceil(height / pitch - 1e-6), input.rowsLeft);
  if (level < settings.minLinesBeside) return 'fewLines';
  return { side, boxX: side === 'left' ? 0 : columnWidth - width, inset, rows };
}

/** A wrap in force: the rows of one column of one page where body lines run beside a resource. */
export interface WrapBand {
  page: number;
  column: number;
  /** Top and bottom of the band, pt from the content top (whole grid lines). */
  top: number;
  bottom: number;
  side: 'left' | 'right';
  inset: number;
  /** A float wrapped at the column's foot (its bottom on `bottom`): text above `top` runs at the full measure. */
  foot?: boolean;
  /** A foot band that something other than text reached first: the column's text ends at `top`. */
  closed?: boolean;
}

/**
 * A wrap at a column's foot: `foot` is the grid line above the column's notes (pt from the
 * content top), `next` the top of the next line box under the text set so far; the band is the
 * resource and the gap above it in whole lines, ending on `foot`. `rowsLeft` of the input is
 * replaced by the rows between `next` and `foot`.
 */
export function planFootWrap(input: Parameters<typeof planWrap>[0] & { foot: number; next: number }): (WrapPlan & { top: number; bottom: number; boxY: number }) | WrapRefusal {
  const { foot, next, pitch } = input;
  const rowsLeft = Math.max(0, Math.floor((foot - next) / pitch + 1e-6));
  const plan = planWrap({ ...input, rowsLeft });
  if (typeof plan === 'string') return plan;
  // The band (the gap above the resource too) must lie under the text already set.
  if (plan.rows > rowsLeft) return 'moved';
  return { ...plan, top: foot - plan.rows * pitch, bottom: foot, boxY: foot - input.height };
}

/**
 * The measure and left offset (pt) of a line set off the grid at its own leading (a styled
 * paragraph whose leading is not the body's) whose line box is `y` … `y + height` (pt from the
 * content top): the reduced measure while the box meets the band's rows — the resource and its gap
 * under it, so a full-measure line never starts above the gap's end — else the column's.
 */
export function measureAtBox(band: WrapBand | null, page: number, column: number, y: number, height: number, columnWidth: number): { width: number; x: number } {
  if (!band || band.page !== page || band.column !== column || y > band.bottom - 1e-6 || y + height < band.top + 1e-6) return { width: columnWidth, x: 0 };
  return { width: columnWidth - band.inset, x: band.side === 'left' ? band.inset : 0 };
}

/**
 * The measure and left offset (pt) of a body line whose box starts at `y` (pt from the content
 * top) in a column, with how many grid lines remain at that measure (Infinity = full measure on).
 */
export function measureAt(band: WrapBand | null, page: number, column: number, y: number, columnWidth: number, pitch: number): { width: number; x: number; rows: number } {
  if (!band || band.page !== page || band.column !== column || y > band.bottom - 1e-6) return { width: columnWidth, x: 0, rows: Number.POSITIVE_INFINITY };
  // Above a band (a float wrapped at the column's foot): the full measure until the band's top.
  if (y < band.top - 1e-6) return { width: columnWidth, x: 0, rows: Math.max(1, Math.round((band.top - y) / pitch)) };
  const rows = Math.max(1, Math.round((band.bottom - y) / pitch));
  return { width: columnWidth - band.inset, x: band.side === 'left' ? band.inset : 0, rows };
}
