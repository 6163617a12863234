/**
 * Where a chapter is paginated from, so that a chapter pushed on by earlier ones keeps its
 * pagination and is only composed again with its new page numbers (issue #6: "editing chapter k
 * re-lays out chapter k and only relabels later chapters unless their start changes").
 *
 * Pagination reads the page index for two things only: the side of a page (`isRecto`: mirrored
 * margins, parity breaks, spreads, note numbers by spread) and whether a page is the book's very
 * first (a break there applies no parity). Everything that prints a page's number or label —
 * folios, running heads, designs' `{pageNumber}`, page labels — is composed afterwards
 * (engine/index.ts). So:
 * - a chapter is paginated from a stand-in first page on the same side (`paginationStart`), and
 *   its drafts are moved to the real one when composed;
 * - a chapter that opens with a break to one side (an H1's `breakBefore` 'always-odd', the
 *   default, or 'odd', 'even', 'always-even'; configuration.md §8.4) sets its text from a page on
 *   that side whichever side it starts on: only the blank separator pages before it differ (one or
 *   two, or none). Such a chapter is paginated once from a verso (recto for the even breaks), where
 *   the break leaves exactly one blank, and composed at any first page with the blanks that page
 *   needs (`openingDrafts`). Chapters open on odd pages by default, so a chapter that grows by a
 *   page moves every later one by one page without laying any of them out again.
 */
import type { ParsedChapter } from '../parse/model';
import type { BreakParity, LayoutSettings } from '../settings';
import { isRecto } from './continuation';
import type { PageDraft } from './paginate';
import { headingLayout } from './sections';

/** A break to one side: what the chapter's opening heading asks for. */
export type SideBreak = Exclude<BreakParity, 'any'>;

/**
 * The stand-in first page a chapter starting at `firstPage` is paginated from: its own index
 * while that is one of the book's first two pages (page 0 is the book's first), else 2 or 3, on
 * the same side.
 */
export function paginationStart(firstPage: number): number {
  return firstPage < 2 ? firstPage : 2 + (firstPage % 2);
}

/**
 * The side break the chapter opens with, when its pagination can be shared between first pages
 * of either side: its first block is a heading (shown or hidden: a hidden one "still breaks
 * page", document-format §5) breaking to one side, it does not start the book (page 0 takes no
 * parity), and no part page ends the file before it (its verso design would fall on the blank).
 */
export function openingBreak(parsed: ParsedChapter, settings: LayoutSettings, firstPage: number, partBefore: boolean): SideBreak | null {
  if (firstPage === 0 || partBefore) return null;
  const first = parsed.blocks[0];
  if (!first || first.kind !== 'heading') return null;
  const parity = headingLayout(first, settings).breakBefore;
  return parity === 'none' || parity === 'any' ? null : parity;
}

/**
 * The page index a chapter opening with `side` is paginated from: where the break leaves exactly
 * one blank page — a verso before a break to a recto ('odd' pads it, 'always-odd' leaves it as its
 * separator), a recto before a break to a verso. Index 2 or 3: which of them is a recto depends on
 * where the book begins in a longer one (`settings.start`, `isRecto`).
 */
export function openingStart(side: SideBreak, settings: Pick<LayoutSettings, 'start'>): number {
  const wantRecto = side === 'odd' || side === 'always-odd';
  return isRecto(settings, 2) === wantRecto ? 3 : 2;
}

/**
 * Blank separator pages a chapter opening with `side` leaves when it starts at `firstPage`
 * (as page/paginate.ts `nextPage` does on an empty page): 'always-*' leaves one, then one more
 * while the next page is not on the wanted side; 'odd'/'even' only the one that puts it there.
 */
export function blanksBefore(side: SideBreak, firstPage: number, settings: Pick<LayoutSettings, 'start'>): number {
  const wantRecto = side === 'odd' || side === 'always-odd';
  const always = side === 'always-odd' || side === 'always-even';
  const first = always ? firstPage + 1 : firstPage;
  return (always ? 1 : 0) + (isRecto(settings, first) === wantRecto ? 0 : 1);
}

/**
 * Whether the drafts of a chapter paginated from `openingStart` have the shape the sharing needs:
 * one blank page with nothing on it and nothing carried (no numbering change), then the text.
 */
export function sharedOpening(drafts: readonly PageDraft[]): boolean {
  const blank = drafts[0];
  return drafts.length > 1 && blank !== undefined && blank.blank && blank.items.length === 0 && blank.numbering === undefined && !drafts[1]!.blank;
}

/**
 * The drafts of a chapter paginated from `openingStart(side, settings)` (`sharedOpening`) moved to start at
 * `firstPage`: the blanks that page needs, each like the one paginated, then the text pages moved
 * to the first page on the wanted side.
 */
export function openingDrafts(drafts: readonly PageDraft[], side: SideBreak, firstPage: number, settings: Pick<LayoutSettings, 'start'>): PageDraft[] {
  const blanks = blanksBefore(side, firstPage, settings);
  const shift = firstPage + blanks - (openingStart(side, settings) + 1);
  const template = drafts[0]!;
  const out: PageDraft[] = [];
  for (let k = 0; k < blanks; k++) out.push({ ...template, index: firstPage + k, items: [] });
  for (let d = 1; d < drafts.length; d++) out.push(shift === 0 ? drafts[d]! : { ...drafts[d]!, index: drafts[d]!.index + shift });
  return out;
}

/** The drafts of a chapter paginated from `paginationStart(firstPage)` moved to start at `to` (a page on the same side). */
export function movedDrafts(drafts: readonly PageDraft[], from: number, to: number): readonly PageDraft[] {
  return from === to ? drafts : drafts.map((draft) => ({ ...draft, index: draft.index + to - from }));
}
