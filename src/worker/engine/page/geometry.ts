import type { LayoutSettings } from '../settings';
import { isRecto } from './continuation';

/** Where text may go on a page, pt from the trim box's top-left. */
export interface PageFrame {
  contentLeft: number;
  contentTop: number;
  contentWidth: number;
  contentHeight: number;
  /** Left edge of each text column in flow order (main column first), pt. */
  columnX: number[];
  /** Width of each text column in flow order, pt. */
  columnWidths: number[];
  /** Width of the first (main) column, pt. */
  columnWidth: number;
  /** `oneAndHalf` with `sideColumnRole: 'floats'`: the side column, a channel for floats and side boxes. */
  side?: { x: number; width: number };
}

/**
 * Page geometry for a 0-based page index. Page 1 (index 0) is odd/recto — counted from where the
 * book begins in a longer one (`settings.start`, page/continuation.ts); with mirrored margins
 * even pages swap left and right (configuration.md §2, `page.margins.mirror`). Column widths follow
 * configuration.md §4.1: equal columns for single/double/multiple; for `oneAndHalf` a side column
 * of `sideColumnPercent` of the content width and a main column of the rest less one gutter.
 * Depends on the page index only through its parity (paginate keeps one frame per parity).
 */
/**
 * Frames already worked out, by settings object and side: pagination asks for a page's frame for
 * every column, line and furniture slot (1.5 % of an edit's CPU computing the same two frames).
 * Callers only read a frame (they spread it to change it).
 */
const frames = new WeakMap<LayoutSettings, { even?: PageFrame; odd?: PageFrame }>();

export function pageFrame(settings: LayoutSettings, pageIndex: number): PageFrame {
  // Right binding (`page.binding`, auto = right in RTL and vertical books): recto is the left page of the
  // spread, so the mirrored margins swap on the other parity (configuration.md §2).
  const even = !isRecto(settings, pageIndex) !== (settings.binding === 'right');
  let known = frames.get(settings);
  if (!known) frames.set(settings, (known = {}));
  const hit = even ? known.even : known.odd;
  if (hit) return hit;
  const frame = frameOf(settings, even);
  if (even) known.even = frame;
  else known.odd = frame;
  return frame;
}

function frameOf(settings: LayoutSettings, even: boolean): PageFrame {
  const { margins } = settings;
  const sheetLeft = margins.mirror && even ? margins.right : margins.left;
  const sheetRight = margins.mirror && even ? margins.left : margins.right;
  const sheetWidth = settings.pageWidth - sheetLeft - sheetRight;
  const sheetHeight = settings.pageHeight - margins.top - margins.bottom;
  // Vertical text (`layout.writingMode: 'vertical-rl'`, page/vertical.ts): the flow's frame is the
  // sheet turned a quarter anticlockwise — its lines run along the sheet's height from the top
  // margin, its top is the sheet's right margin, so its columns are tiers down the sheet.
  const vertical = settings.vertical !== undefined;
  const left = vertical ? margins.top : sheetLeft;
  const contentWidth = vertical ? sheetHeight : sheetWidth;
  const contentHeight = vertical ? sheetWidth : sheetHeight;
  const base = { contentLeft: left, contentTop: vertical ? sheetRight : margins.top, contentWidth, contentHeight };
  const side = settings.sideColumn;
  if (side) {
    const sideWidth = (side.percent / 100) * contentWidth;
    const mainWidth = contentWidth - sideWidth - settings.gutter;
    // outer/inner follow the page's parity when margins are mirrored (a recto's outer edge is its right).
    // left/right are text sides: mirrored in a right-to-left book (document-format §18.1).
    const sideSide = settings.direction === 'rtl' && (side.side === 'left' || side.side === 'right') ? (side.side === 'left' ? 'right' : 'left') : side.side;
    // Vertical text (our reading of §4 "columns become tiers" for sideColumnSide): the side column is a
    // tier, and a tier runs across the page from spine to fore-edge, nearer neither. `left`/`right` are
    // read along the lines, as the flow's frame has them: `right` (the lines' end, the default) is the
    // lower tier, at the foot; `left` the upper, at the head. `outer` is the upper tier and `inner` the
    // lower on every page, never swapped by parity (a tier moving between head and foot from page to
    // page is no layout): the head is where vertical setting prints marginal notes (頭注).
    const onRight = vertical
      ? sideSide === 'right' || sideSide === 'inner'
      : sideSide === 'right' || (sideSide === 'outer' && !(margins.mirror && even)) || (sideSide === 'inner' && margins.mirror && even);
    const mainX = onRight ? left : left + sideWidth + settings.gutter;
    const sideX = onRight ? left + mainWidth + settings.gutter : left;
    if (side.role === 'text') return { ...base, columnX: [mainX, sideX], columnWidths: [mainWidth, sideWidth], columnWidth: mainWidth };
    return { ...base, columnX: [mainX], columnWidths: [mainWidth], columnWidth: mainWidth, side: { x: sideX, width: sideWidth } };
  }
  const columns = Math.max(1, settings.columns);
  const columnWidth = (contentWidth - (columns - 1) * settings.gutter) / columns;
  const columnX = Array.from({ length: columns }, (_, i) => left + i * (columnWidth + settings.gutter));
  // Right-to-left books flow from the rightmost column (document-format §18.1, `direction`).
  if (settings.direction === 'rtl') columnX.reverse();
  return { ...base, columnX, columnWidths: columnX.map(() => columnWidth), columnWidth };
}

/**
 * The type area on the sheet, pt from the trim box's top-left: the page frame of a horizontal
 * book; for vertical text the sheet's own (running heads and folios stay horizontal, §4
 * `layout.writingMode`), not the turned frame the flow is laid out in.
 */
export function sheetFrame(settings: LayoutSettings, pageIndex: number): PageFrame {
  if (settings.vertical === undefined) return pageFrame(settings, pageIndex);
  let horizontal = unturned.get(settings);
  if (!horizontal) {
    const { vertical: _, ...rest } = settings;
    unturned.set(settings, (horizontal = rest));
  }
  return pageFrame(horizontal, pageIndex);
}

/** Vertical settings without their `vertical`, once per settings object (so their frames are kept too). */
const unturned = new WeakMap<LayoutSettings, LayoutSettings>();

/** The page the flow is laid out in, pt: the sheet's size, turned a quarter in vertical text. */
export function flowPageSize(settings: LayoutSettings): { width: number; height: number } {
  return settings.vertical ? { width: settings.pageHeight, height: settings.pageWidth } : { width: settings.pageWidth, height: settings.pageHeight };
}

/** Body lines that fit in one column: the baseline grid's row count. */
export function gridRows(settings: LayoutSettings): number {
  const frame = pageFrame(settings, 0);
  return Math.max(1, Math.floor(frame.contentHeight / settings.body.lineHeight + 1e-9));
}

/**
 * Offset of the baseline inside a line box of the given height, pt: half the leading above the
 * face's ascender (the CSS half-leading model), so text sits centred in its line box.
 */
export function baselineInLineBox(lineHeight: number, size: number, ascenderEm: number, descenderEm: number): number {
  const contentHeight = (ascenderEm - descenderEm) * size;
  return (lineHeight - contentHeight) / 2 + ascenderEm * size;
}
