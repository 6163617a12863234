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

/** Height of a band of floats, pt: each float and one body line of gap, rounded up to the grid. */
export function bandHeight(heights: readonly number[], pitch: number): number {
  if (heights.length === 0) return 0;
  const content = heights.reduce((h, x) => h + x + pitch, 0);
  return Math.ceil(content / pitch - 1e-9) * pitch;
}

/** The page-wide bands of the page under construction. */
export class PageBands {
  /** Bottom of the head band (where every column's text starts), pt from the content top, on the grid. */
  head = 0;
  private readonly foot: FlowBlock[] = [];
  /** How far down each column left on this page is taken, pt from the content top. */
  private readonly used: number[] = [];

  /** @param pitch body leading = grid pitch, pt */
  constructor(private readonly pitch: number) {}

  /** Height of the page's foot band, pt (with `extra` added at its bottom). */
  footHeight(extra?: FlowBlock): number {
    return bandHeight([...this.foot, ...(extra ? [extra] : [])].map((f) => f.height), this.pitch);
  }

  /** A new page: no bands, no used columns. */
  reset(): void {
    this.head = 0;
    this.foot.length = 0;
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
    const head = Math.ceil((this.head + flow.height + this.pitch) / this.pitch - 1e-9) * this.pitch;
    if (head + this.footHeight() + reserved > contentHeight + 1e-6) return null;
    if (head > maxFraction * contentHeight + this.pitch + 1e-6) return null;
    this.head = head;
    return head;
  }

  /**
   * Takes `flow` into the foot band if every column of the page still has room above it: the
   * columns already left, and the current one taken down to `currentBottom` pt.
   */
  tryFoot(flow: FlowBlock, contentHeight: number, currentBottom: number): boolean {
    const top = contentHeight - this.footHeight(flow);
    if (this.head > top + 1e-6) return false;
    for (const used of [...this.used, currentBottom]) if (used !== undefined && used > top + 1e-6) return false;
    this.foot.push(flow);
    return true;
  }

  /** Whether the page has foot-band floats. */
  hasFoot(): boolean {
    return this.foot.length > 0;
  }

  /**
   * The foot band's items at the content's left edge: at the page foot, or (`hugUnder`, pt from
   * the content top) one body line under the deepest text of a chapter's closing page.
   */
  emitFoot(contentLeft: number, contentTop: number, contentHeight: number, hugUnder?: number): DisplayItem[] {
    if (this.foot.length === 0) return [];
    const items: DisplayItem[] = [];
    const bottomTop = contentHeight - this.footHeight() + this.pitch;
    // Hugging a page without text: from the content's top (no text to keep a line away from).
    const hug = hugUnder === undefined ? bottomTop : hugUnder <= 1e-6 ? 0 : Math.ceil(hugUnder / this.pitch - 1e-9) * this.pitch + this.pitch;
    let y = contentTop + Math.min(bottomTop, hug);
    for (const flow of this.foot) {
      items.push(...flow.emit(contentLeft, y));
      y += flow.height + this.pitch;
    }
    return items;
  }
}
