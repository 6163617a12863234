/**
 * Page-span floats (document-format §12.6–12.7, configuration.md §12.2 `span: 'page'` or
 * `columns` ≥ the page's column count): full-width bands at the head or the foot of a page that
 * cut across all its columns. paginate.ts keeps one `PageBands` per chapter and asks it:
 *
 * - **head band**: only at the start of a page, before any text is set on it — so never on the
 *   citing page (the head of the citing page counts as before the citing line), except for a
 *   `citingPage` float planned there by `citingPagePlan` (LaTeX `t`, within `layout.maxTopFraction`);
 * - **foot band**: on the citing page only if every column still has room above the band (a
 *   column already filled to its foot, or holding notes or foot floats, has none), else on a
 *   later page; every column of the page ends above it;
 * - a band is one float plus one body line of gap, ending on the baseline grid; text in every
 *   column starts under the head band.
 *
 * On a chapter's closing page (`layout.hugClosingFloats`), the foot band moves up under the
 * deepest text of the page's columns when no column notes sit at the foot.
 *
 * Floats across k of the page's N columns (`placement.columns`, 1 < k < N; document-format §12.6
 * "column float across N adjacent columns") are column floats with a wider measure: a **span
 * head** at the head of an empty column c (c + k ≤ N) reserves the top of columns c…c+k−1 (text
 * in each starts under it), and a **span foot** joins the page's foot stack over those columns
 * only (their notes and column foot floats sit above it). The foot stack is one vertical order:
 * an entry sits below every earlier one, so a column's foot room ends at the first entry that
 * covers it.
 */
import type { DisplayItem } from '../../protocol/displaylist';
import type { FlowBlock } from '../resources/block';

/** What decides a float's width (a subset of the page engine's FloatSpec). */
export interface SpanSpec {
  span?: 'side' | 'page';
  /** `placement.columns`: adjacent columns spanned (≥ the page's columns = page-wide). */
  columns?: number;
}

/** Whether a float is set as a page-wide band: `span: 'page'` (or enough `columns`) on a page of two or more text columns; in a one-column layout page ≡ column (§4.1). */
export function spansPage(spec: SpanSpec | undefined, columns: number): boolean {
  if (!spec || columns < 2 || spec.span === 'side') return false;
  return spec.span === 'page' || (spec.columns ?? 1) >= columns;
}

/** Columns a column float spans (`placement.columns` between 2 and N − 1), or 1. */
export function spannedColumns(spec: SpanSpec | undefined, columns: number): number {
  if (!spec || spec.span === 'side' || spansPage(spec, columns)) return 1;
  return Math.max(1, Math.min(columns - 1, spec.columns ?? 1));
}

/** Left edge and width (pt) of flow columns [from, from + count) of a page: the columns, and the gutters between them. */
export function spanBox(columnX: readonly number[], columnWidths: readonly number[], from: number, count: number): { x: number; width: number } {
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  // Flow order runs right to left in an RTL book: take the extremes, not the first and last.
  for (let c = from; c < from + count && c < columnX.length; c++) {
    left = Math.min(left, columnX[c]!);
    right = Math.max(right, columnX[c]! + columnWidths[c]!);
  }
  return { x: left, width: right - left };
}

/** Height of a band of floats, pt: each float and one body line of gap, rounded up to the grid. */
export function bandHeight(heights: readonly number[], pitch: number): number {
  if (heights.length === 0) return 0;
  const content = heights.reduce((h, x) => h + x + pitch, 0);
  return Math.ceil(content / pitch - 1e-9) * pitch;
}

/** Flow columns [from, from + count) a foot entry covers, and its left edge (pt; absent = the content's left). */
export interface ColumnSpan {
  from: number;
  count: number;
  x: number;
}

/** One float of the foot stack: page-wide (no span) or over some columns. */
interface FootEntry {
  flow: FlowBlock;
  span?: ColumnSpan;
}

const covers = (entry: { span?: ColumnSpan | undefined }, column: number): boolean => !entry.span || (column >= entry.span.from && column < entry.span.from + entry.span.count);

/** The page-wide bands and column-spanning floats of the page under construction. */
export class PageBands {
  /** Bottom of the head band (where every column's text starts), pt from the content top, on the grid. */
  head = 0;
  private readonly foot: FootEntry[] = [];
  /** Bottom of the span heads per column, pt from the content top, on the grid. */
  private readonly spanHead: number[] = [];
  /** How far down each column left on this page is taken, pt from the content top. */
  private readonly used: number[] = [];

  /** @param pitch body leading = grid pitch, pt */
  constructor(private readonly pitch: number) {}

  /** Height of the page's whole foot stack, pt (with `extra` added at its bottom). */
  footHeight(extra?: FlowBlock): number {
    return bandHeight([...this.foot, ...(extra ? [{ flow: extra }] : [])].map((f) => f.flow.height), this.pitch);
  }

  /** Height of the foot stack under a column's text, pt: from the first entry covering it (with `extra` added at the bottom). */
  footOf(column: number, extra?: FootEntry): number {
    const entries = extra ? [...this.foot, extra] : this.foot;
    // (A loop, no closure: asked for every segment of lines placed, through the column's foot.)
    let first = 0;
    while (first < entries.length && !covers(entries[first]!, column)) first++;
    return first === entries.length ? 0 : bandHeight(entries.slice(first).map((e) => e.flow.height), this.pitch);
  }

  /** Where a column's text starts: under the head band and any span head over it, pt from the content top. */
  top(column: number): number {
    return Math.max(this.head, this.spanHead[column] ?? 0);
  }

  /** Top of a span head over columns [from, from + count): under whatever is at the head of any of them, pt. */
  spanTop(from: number, count: number): number {
    let y = this.head;
    for (let c = from; c < from + count; c++) y = Math.max(y, this.spanHead[c] ?? 0, this.used[c] ?? 0);
    return y;
  }

  /** Records a span head over columns [from, from + count) ending at `bottom` pt (on the grid). */
  setSpanHead(from: number, count: number, bottom: number): void {
    for (let c = from; c < from + count; c++) this.spanHead[c] = Math.max(this.spanHead[c] ?? 0, bottom);
  }

  /** Whether the page holds floats across some (not all) of its columns (closing-page balancing leaves it alone). */
  hasSpans(): boolean {
    return this.spanHead.length > 0 || this.foot.some((e) => e.span);
  }

  /** A new page: no bands, no used columns. */
  reset(): void {
    this.head = 0;
    this.foot.length = 0;
    this.spanHead.length = 0;
    this.used.length = 0;
  }

  /** Records how far down a column being left is taken (its text; its foot when it holds notes or foot floats), pt. */
  leftColumn(column: number, bottom: number): void {
    this.used[column] = Math.max(this.used[column] ?? 0, bottom);
  }

  /** Deepest text of the page's columns so far, pt from the content top. */
  deepest(current: number): number {
    return Math.max(current, ...this.used);
  }

  /**
   * Takes `flow` into the head band if it fits above the foot band and `reserved` pt (notes
   * carried to the page's first column). Returns the new text start (pt) or null.
   */
  tryHead(flow: FlowBlock, contentHeight: number, reserved: number, maxFraction = 1): number | null {
    if (flow.height > this.headRoom(contentHeight, reserved, maxFraction) + 1e-6) return null;
    const head = Math.ceil((this.head + flow.height + this.pitch) / this.pitch - 1e-9) * this.pitch;
    this.head = head;
    return head;
  }

  /** Tallest float (pt) `tryHead` would take now: the head band still ends on the grid above the foot band and `reserved` pt. */
  headRoom(contentHeight: number, reserved: number, maxFraction = 1): number {
    const below = this.gridFloor(contentHeight - this.footHeight() - reserved);
    // A band may reach one grid line past maxFraction (the band's own gap line).
    const byFraction = this.gridFloor(maxFraction * contentHeight + this.pitch);
    return Math.min(below, byFraction) - this.head - this.pitch;
  }

  /** The deepest grid line at or above `y` pt (within 1e-6 pt): a band ending on the grid fits above `y` iff it ends there or higher. */
  private gridFloor(y: number): number {
    return Math.floor((y + 1e-6) / this.pitch) * this.pitch;
  }

  /**
   * Takes `flow` into the foot stack if every column whose foot room it shortens still has room
   * above it: the columns already left, and the current one (`current`, taken down to
   * `currentBottom` pt). `span`: over some columns only (else page-wide).
   */
  tryFoot(flow: FlowBlock, contentHeight: number, currentBottom: number, current?: number, span?: ColumnSpan): boolean {
    if (flow.height > this.footRoom(contentHeight, currentBottom, current, span) + 1e-6) return false;
    this.foot.push(span ? { flow, span } : { flow });
    return true;
  }

  /** Tallest float (pt) `tryFoot` would take now with the same arguments (negative: none). */
  footRoom(contentHeight: number, currentBottom: number, current?: number, span?: ColumnSpan): number {
    const pitch = this.pitch;
    const entry: FootEntry = { flow: { height: 0, width: 0, emit: () => [] }, ...(span ? { span } : {}) };
    const entries = [...this.foot, entry];
    let room = Number.POSITIVE_INFINITY;
    // A page-wide stack: every column (`current` unknown counts as one more column).
    const columns = new Set<number>(this.used.keys());
    if (current !== undefined) columns.add(current);
    for (let c = 0; c < this.spanHead.length; c++) columns.add(c);
    if (span) for (let c = span.from; c < span.from + span.count; c++) columns.add(c);
    const check = (bottom: number, shift: number): void => {
      // ceil((shift + h + pitch) / pitch) × pitch ≤ contentHeight − bottom ⟺ h ≤ ⌊(contentHeight − bottom)/pitch⌋ × pitch − shift − pitch.
      room = Math.min(room, this.gridFloor(contentHeight - bottom) - shift - pitch);
    };
    for (const c of columns) {
      const first = entries.findIndex((e) => covers(e, c));
      if (first < 0) continue;
      const shift = entries.slice(first, -1).reduce((h, e) => h + e.flow.height + pitch, 0);
      check(Math.max(this.top(c), this.used[c] ?? 0, c === current ? currentBottom : 0), shift);
    }
    if (current === undefined && !span) check(Math.max(this.head, currentBottom), this.foot.reduce((h, e) => h + e.flow.height + pitch, 0));
    return room;
  }

  /** Whether the page has foot-stack floats. */
  hasFoot(): boolean {
    return this.foot.length > 0;
  }

  /**
   * The foot stack's items (page-wide entries at the content's left edge, span entries at their
   * first column's): at the page foot, or (`hugUnder`, pt from the content top) one body line
   * under the deepest text of a chapter's closing page.
   */
  emitFoot(contentLeft: number, contentTop: number, contentHeight: number, hugUnder?: number): DisplayItem[] {
    if (this.foot.length === 0) return [];
    const items: DisplayItem[] = [];
    const bottomTop = contentHeight - this.footHeight() + this.pitch;
    // Hugging a page without text: from the content's top (no text to keep a line away from).
    const hug = hugUnder === undefined ? bottomTop : hugUnder <= 1e-6 ? 0 : Math.ceil(hugUnder / this.pitch - 1e-9) * this.pitch + this.pitch;
    let y = contentTop + Math.min(bottomTop, hug);
    for (const entry of this.foot) {
      items.push(...entry.flow.emit(entry.span?.x ?? contentLeft, y));
      y += entry.flow.height + this.pitch;
    }
    return items;
  }
}
