/**
 * Column balancing of a chapter's closing page (configuration.md §8.5, `headings.balancing.trailing`):
 * the closing band is cut level — every column but the last ends at
 * cap = ceil(Σ used lines / N) grid lines under the page's head band, and the last takes the
 * rest. Columns within one line of each other are left alone. page/passes.ts re-lays the page
 * out with the cap (and up to 3 one-line-looser retries when the widow/orphan and keep rules
 * push text onto a new page at the tighter cap).
 */
import type { LayoutSettings } from '../settings';
import type { PageDraft } from './paginate';

/** What paginate.ts records about a page's columns (pt from the content top). */
export interface ColumnUse {
  /** Top of the columns' text (under a page-wide head band). */
  top: number;
  /** Bottom of each column's text (the next line box's top), in flow order. */
  bottoms: number[];
  /** A column foot float or a page foot band is set on the page: it is not balanced (our choice). */
  blocked: boolean;
  /**
   * Text columns of the page's geometry (its styled section's layout, or the document's): the
   * count balanced, which a section may set apart from `settings.columns`.
   */
  columns: number;
}

/**
 * The cap for the chapter's closing page: its index and the bottom (pt from the content top)
 * every column but the last may reach, and the content height; null when nothing is to balance.
 */
export function closingCap(drafts: readonly PageDraft[], settings: LayoutSettings): { page: number; bottom: number; full: number } | null {
  const page = drafts[drafts.length - 1];
  const use = page?.columnUse;
  if (!page || page.blank || !use || use.blocked) return null;
  const pitch = settings.body.lineHeight;
  const columns = use.columns;
  if (columns < 2) return null;
  const lines = Array.from({ length: columns }, (_, c) => Math.max(0, Math.ceil(((use.bottoms[c] ?? use.top) - use.top) / pitch - 1e-6)));
  const total = lines.reduce((a, b) => a + b, 0);
  if (total === 0 || Math.max(...lines) - Math.min(...lines) <= 1) return null;
  const cap = Math.ceil(total / columns);
  return { page: page.index, bottom: use.top + cap * pitch, full: Number.POSITIVE_INFINITY };
}
