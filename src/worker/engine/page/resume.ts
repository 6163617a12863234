/**
 * Resuming a chapter's pagination at a block start of an earlier pass (page/passes.ts).
 *
 * paginate.ts keeps its state in closure variables; at the start of a block it may record them
 * (`PassPlan.snapshots`) as a `BlockStart`, and a later pass given one (`PassPlan.resume`) restores
 * them and goes on from that block instead of from the chapter's first one. A pass is resumed only
 * where what it does differently starts later — the closing page's balance: a resumed pass gives
 * exactly the pages a full pass gives (ARCHITECTURE invariant 6; tests/unit/page/resume.test.ts).
 *
 * A block start is recorded only when the state is "plain": nothing in it closes over the pass
 * that recorded it. Floats waiting for a slot (their `remake`), lever points of kinds (2) and (7)
 * (their `regrow` / `draw`), text wrap bands, held feet of a levelled band, side channels and
 * part pages all hold such closures or page-crossing state, so a block start with any of them is
 * not recorded (the pass is then resumed from an earlier one, or not at all).
 */
import type { PageDraft } from './paginate';

/** The state of paginate.ts at the start of block `block` (its index in the chapter's blocks). */
export interface BlockStart {
  block: number;
  /** Book index of the page the block starts on. */
  page: number;
  /** The column it starts in (flow order). */
  column: number;
  /** paginate.ts's variables, copied (see `PaginationState` there); read only by paginate.ts. */
  state: unknown;
}

/**
 * A copy of a page under construction that the pass going on cannot change: its item list and
 * the records paginate.ts appends to. Items themselves are never changed in place (levers replace
 * moved items: page/levers.ts `shiftItems`), so the copy shares them.
 */
export function copyDraft(page: PageDraft): PageDraft {
  const copy: PageDraft = { ...page, items: page.items.slice() };
  if (page.floatLog) copy.floatLog = { cited: page.floatLog.cited.slice(), placed: page.floatLog.placed.slice() };
  if (page.floatsShrunk) copy.floatsShrunk = page.floatsShrunk.slice();
  if (page.wrapsRefused) copy.wrapsRefused = page.wrapsRefused.slice();
  if (page.columnUse) copy.columnUse = { ...page.columnUse, bottoms: page.columnUse.bottoms.slice() };
  if (page.notesCited) copy.notesCited = page.notesCited.slice();
  if (page.spanRequests) copy.spanRequests = page.spanRequests.slice();
  if (page.spanClosed) copy.spanClosed = page.spanClosed.slice();
  if (page.ruleBands) copy.ruleBands = page.ruleBands.slice();
  if (page.levers) copy.levers = page.levers.slice();
  if (page.designs) copy.designs = page.designs.slice();
  return copy;
}

/**
 * A copy of one of paginate.ts's small state holders (DirectionScope, SectionTracker,
 * ParagraphStyleScope, PageBands, HeldFeet): same class, each field's arrays, maps and sets
 * copied, and plain records in an array copied one level (ParagraphStyleScope counts its
 * paragraphs in them). Deeper objects (settings, styles) are shared: the holders never change them.
 */
export function copyHolder<T extends object>(holder: T): T {
  const copy = Object.create(Object.getPrototypeOf(holder) as object) as Record<string, unknown>;
  for (const [key, value] of Object.entries(holder)) {
    if (Array.isArray(value)) copy[key] = value.map((v: unknown) => (isRecord(v) ? { ...v } : v));
    else if (value instanceof Map) copy[key] = new Map(value);
    else if (value instanceof Set) copy[key] = new Set(value);
    else copy[key] = value;
  }
  return copy as T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** The latest recorded block start before page `page` (nothing of that page set yet), or null. */
export function startBefore(starts: readonly BlockStart[], page: number): BlockStart | null {
  let best: BlockStart | null = null;
  for (const start of starts) if (start.page < page && (!best || start.block > best.block)) best = start;
  return best;
}
