/**
 * Levelling the band above a page-span box (configuration.md §8.5 `headings.balancing.beforeSpan`):
 * a span heading (`span: 'page'`) or a `:::columns{span=page}` group met under text on a
 * multi-column page cuts the text above it level — every column of the band ends at
 * cap = ceil(Σ used lines / N) grid lines under the band's top — and the box sits under the
 * deepest column (mid-page: a `spanBreak: false` heading, a page-wide group). A box that must
 * move (a breaking span heading, or one with no room left) still leaves the band above it level.
 *
 * How: the first pass records where each box arrived (`PageDraft.spanRequests`); page/passes.ts
 * re-lays the chapter with a cut for one box at a time (`PassPlan.spans`) and keeps the pass only
 * when the box still arrives on the planned page (else up to 3 one-line-looser retries, as for
 * the closing page). A band whose columns hold footnotes or foot floats (or a page with a foot
 * float band) is levelled too under a span heading: while the cut is pending, each column of the
 * band keeps its notes and foot floats (`HeldFeet`) for the foot of the same column of the page,
 * under the text that goes on below the box there (a column's notes stay at the page foot, as a
 * typesetter keeps them; the spec does not say where they go). Under a page-wide `:::columns`
 * group, whose rows run across every column, the same holds: the group's rows stop above the
 * deepest column's feet (paginate.ts `acrossFeet`), and each column's notes and foot floats are set
 * at its foot under the group and the text after it; a band where a column already set its feet
 * on the page (not kept) is not levelled under a group.
 */
import type { PageDraft } from './paginate';

/** Where a page-span box arrived under text (recorded by paginate.ts), pt from the content top. */
export interface SpanRequest {
  /** The box's block id (a heading, or the `:::columns` container start). */
  block: string;
  /** Top of the band above it: under the page's head band or the previous span box. */
  top: number;
  /** Grid lines each column of the band holds (flow order; columns not reached hold 0). */
  rows: number[];
}

/** A cut a pass applies: on `page`, until the box `block` arrives, no column goes below `bottom` pt. */
export interface SpanCut {
  block: string;
  page: number;
  bottom: number;
}

/** The cut levelling a request's band: cap = ceil(Σ rows / N) lines under its top; null when the band is empty. */
export function spanCut(request: SpanRequest, page: number, columns: number, pitch: number): SpanCut | null {
  const total = request.rows.reduce((a, b) => a + b, 0);
  if (total === 0 || columns < 2) return null;
  const cap = Math.ceil(total / columns);
  return { block: request.block, page, bottom: request.top + cap * pitch };
}

/** The first request, in page order, of a box not planned or given up yet, with its page index. */
export function nextSpanRequest(drafts: readonly PageDraft[], done: ReadonlySet<string>): { request: SpanRequest; page: PageDraft } | null {
  for (const page of drafts) for (const request of page.spanRequests ?? []) if (!done.has(request.block)) return { request, page };
  return null;
}

/** Whether a pass honoured a cut: its box arrived on the planned page and closed the band there. */
export function cutHonoured(drafts: readonly PageDraft[], cut: SpanCut): boolean {
  return drafts.some((page) => page.index === cut.page && (page.spanClosed ?? []).includes(cut.block));
}

/**
 * Notes and foot floats of the columns of a band being cut level above a span box, by column:
 * left in a column before the box arrives, set at the foot of the same column of the page later
 * (when the text below the box leaves that column, or when the page is left).
 */
export class HeldFeet<Note, Float> {
  private readonly held = new Map<number, { notes: Note[]; floats: Float[] }>();

  /** Keeps a column's notes and foot floats (after any it already keeps). */
  hold(column: number, notes: readonly Note[], floats: readonly Float[]): void {
    if (notes.length === 0 && floats.length === 0) return;
    const kept = this.held.get(column);
    this.held.set(column, { notes: [...(kept?.notes ?? []), ...notes], floats: [...(kept?.floats ?? []), ...floats] });
  }

  /** What a column keeps, left kept (a page-wide group's rows stop above it). */
  peek(column: number): { readonly notes: readonly Note[]; readonly floats: readonly Float[] } | undefined {
    return this.held.get(column);
  }

  /** What a column keeps, handed back and forgotten. */
  take(column: number): { notes: Note[]; floats: Float[] } | undefined {
    const kept = this.held.get(column);
    this.held.delete(column);
    return kept;
  }

  /** Columns keeping something, in flow order. */
  columns(): number[] {
    return [...this.held.keys()].sort((a, b) => a - b);
  }

  get size(): number {
    return this.held.size;
  }
}
