/**
 * Where each page sits in the Canvas viewer's scrolling column (pure arithmetic, no DOM), so
 * the viewer can keep only the pages near the viewport in the DOM, even in a 500-page book.
 */
import type { PageSummary } from '../../worker/protocol/messages';

/** CSS px per pt at zoom 1 (CSS reference pixel: 96 per inch, 72 pt per inch). */
export const PX_PER_PT = 96 / 72;
/** Space between rows and around the column, CSS px. */
export const GAP = 24;

export interface PlacedPage {
  page: PageSummary;
  /** Left edge inside the row, CSS px. */
  x: number;
  width: number;
  height: number;
}

export interface Row {
  pages: PlacedPage[];
  /** Top edge in the scrolling content, CSS px. */
  top: number;
  height: number;
}

export interface ColumnLayout {
  rows: Row[];
  /** Row of each page index in the book. */
  rowOf: Map<number, number>;
  /** Width of the widest row, CSS px (rows are centred in it). */
  width: number;
  height: number;
}

/**
 * Rows of single pages, or spreads: a page with an even 0-based index is a recto (page 1, 3,
 * 5… of a left-bound book), on the right; an odd one is a verso on the left, followed by its
 * recto. So the first page stands alone as a recto, then [2|3], [4|5]… A book that begins on a
 * verso (bundle-format §9 `start`; `PageSummary.recto`) pairs [0|1], [2|3]… instead.
 */
export function layoutColumn(pages: readonly PageSummary[], scale: number, spread: boolean): ColumnLayout {
  const rows: Row[] = [];
  const rowOf = new Map<number, number>();
  let top = GAP;
  let width = 0;
  const pageW = Math.max(1, ...pages.map((p) => p.width)) * scale;
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i]!;
    const placed: PlacedPage[] = [];
    const w = page.width * scale;
    const h = page.height * scale;
    if (!spread) {
      placed.push({ page, x: 0, width: w, height: h });
    } else if (!(page.recto ?? page.index % 2 === 0)) {
      placed.push({ page, x: pageW - w, width: w, height: h });
      const next = pages[i + 1];
      if (next && next.index === page.index + 1) {
        placed.push({ page: next, x: pageW, width: next.width * scale, height: next.height * scale });
        i++;
      }
    } else {
      placed.push({ page, x: pageW, width: w, height: h });
    }
    const height = Math.max(...placed.map((p) => p.height));
    const rowWidth = spread ? 2 * pageW : Math.max(...placed.map((p) => p.x + p.width));
    width = Math.max(width, rowWidth);
    for (const p of placed) rowOf.set(p.page.index, rows.length);
    rows.push({ pages: placed, top, height });
    top += height + GAP;
  }
  return { rows, rowOf, width, height: top };
}

/** Rows overlapping [top, bottom) (binary search: rows are sorted by top). */
export function rowsIn(layout: ColumnLayout, top: number, bottom: number): { first: number; last: number } {
  const rows = layout.rows;
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]!.top + rows[mid]!.height <= top) lo = mid + 1;
    else hi = mid;
  }
  let last = lo - 1;
  while (last + 1 < rows.length && rows[last + 1]!.top < bottom) last++;
  return { first: lo, last };
}

/**
 * The page a printed label names within `pages`: an exact label match, else (for a number)
 * the page whose numeric label is nearest, which clamps to the range of the scope.
 */
export function pageForLabel(pages: readonly PageSummary[], label: string): PageSummary | null {
  const wanted = label.trim();
  if (pages.length === 0 || !wanted) return null;
  const exact = pages.find((p) => p.label === wanted);
  if (exact) return exact;
  const lower = pages.find((p) => p.label.toLowerCase() === wanted.toLowerCase());
  if (lower) return lower;
  const n = Number(wanted);
  if (!Number.isFinite(n)) return null;
  let best: PageSummary | null = null;
  let bestDistance = Infinity;
  for (const p of pages) {
    const value = Number(p.label);
    const distance = Number.isFinite(value) ? Math.abs(value - n) : Infinity;
    if (distance < bestDistance) {
      best = p;
      bestDistance = distance;
    }
  }
  // No numeric labels at all: treat the number as a position in the scope.
  return best ?? pages[Math.max(0, Math.min(pages.length - 1, Math.round(n) - 1))]!;
}
