/**
 * Resuming a chapter's pagination at a block start of an earlier pass (page/passes.ts).
 *
 * paginate.ts keeps its state in closure variables; at the start of a block it may record them
 * (`PassPlan.snapshots`) as a `BlockStart`, and a later pass given one (`PassPlan.resume`) restores
 * them and goes on from that block instead of from the chapter's first one. A pass is resumed only
 * where what it does differently starts later — the closing page's balance — or where the chapter's
 * text changed later (an edit's first pass, from a start of the previous layout: `moveStart`): a
 * resumed pass gives exactly the pages a full pass gives (ARCHITECTURE invariant 6;
 * tests/unit/page/resume.test.ts, which compares with `new EngineCache(false)`).
 *
 * A block start is recorded only when the state is "plain": nothing in it closes over the pass
 * that recorded it. Floats waiting for a slot (their `remake`), lever points of kinds (2) and (7)
 * (their `regrow` / `draw`), text wrap bands, held feet of a levelled band, side channels and
 * part pages all hold such closures or page-crossing state, so a block start with any of them is
 * not recorded (the pass is then resumed from an earlier one, or not at all).
 */
import { Op, type DisplayItem, type GlyphRunItem } from '../../protocol/displaylist';
import type { NotePiece } from './notes';
import type { PageDraft } from './paginate';
import type { Block, ParsedChapter } from '../parse/model';
import { textChange, type TextChange } from '../text-change';
import { changedRun } from './run-items';
export { textChange, type TextChange };

/** The state of paginate.ts at the start of block `block` (its index in the chapter's blocks). */
export interface BlockStart {
  block: number;
  /** Book index of the page the block starts on. */
  page: number;
  /** The column it starts in (flow order). */
  column: number;
  /** paginate.ts's variables, copied (`PaginationState` there extends this). */
  state: ResumableState;
  /** The chapter text and parse it was recorded with, for a pass over an edited text (`moveStart`). */
  origin?: StartOrigin;
}

/** What of a block start's state this file reads: the pages so far and the notes cited. */
export interface ResumableState {
  pages: PageDraft[];
  notesSet: Set<string>;
  columnNotes: NotePiece[];
  carried: NotePiece[];
}

/** A chapter text a pass ran over, with what its blocks printed from outside their own text. */
export interface StartOrigin {
  source: string;
  parsed: ParsedChapter;
  /** What each block printed from outside its text, by block id: note marks and reference texts, equation numbers of displays and those formulas cite (engine/index.ts `resumeOrigin`). */
  answers: ReadonlyMap<string, string>;
  /** Footnote numbers by note id. */
  notes: ReadonlyMap<string, number>;
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
  if (page.groupsPlain) copy.groupsPlain = page.groupsPlain.slice();
  if (page.columnsTooNarrow) copy.columnsTooNarrow = page.columnsTooNarrow.slice();
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

/**
 * The block start `start` (recorded over an earlier text of the chapter) made valid for the
 * chapter's text `now`, or null when the pass over `now` could reach that block in another state.
 * The chapter's memo key without its text must be the same (the caller checks it). Valid when:
 *
 * - every block before it lies wholly before the first changed source unit and parsed the same,
 *   and the block itself is of the same kind (blocks look one ahead: a display kept with its
 *   lead-in, a list's last item);
 * - the note marks and reference texts those blocks print are the same (a reference to a heading
 *   the edit renamed prints another text) and so are the numbers of the notes set so far;
 * - the notes set so far are defined before the change or wholly after it (moved, text unchanged):
 *   the runs of moved notes on the pages so far take their new source offsets (`srcFrom`,
 *   `srcMap`), as a pass over `now` would set them; a moved note carried into the next column is
 *   not resumed (it would be set again at another measure).
 *
 * Any other item on those pages mapping to source after the first change refuses the start.
 */
export function moveStart(start: BlockStart, now: StartOrigin, change: TextChange | null = start.origin ? textChange(start.origin.source, now.source) : null): BlockStart | null {
  const was = start.origin;
  if (!was || !change) return null;
  if (was.source === now.source) return { ...start, origin: now };
  const old = was.source;
  const text = now.source;
  const { first, oldEnd, delta } = change;
  const before = was.parsed.blocks;
  const after = now.parsed.blocks;
  const at = before[start.block];
  const next = after[start.block];
  // (What the block before reads of it: its kind, a list item's list, a display's lead-in.)
  if (!at || !next || at.kind !== next.kind || lookedAt(at) !== lookedAt(next)) return null;
  // (Two units of slack: the blank line that ends a block belongs to its parse.)
  for (let i = 0; i < start.block; i++) if (!sameBlock(before[i]!, after[i]!) || after[i]!.range.to + 2 > first) return null;
  for (let i = 0; i < start.block; i++) {
    const id = after[i]!.id;
    if (was.answers.get(id) !== now.answers.get(id)) return null;
  }
  const state = start.state;
  const cited = new Set(state.notesSet);
  for (const piece of [...state.columnNotes, ...state.carried]) cited.add(piece.note.noteId);
  const moved = new Set<string>();
  for (const id of cited) {
    if (was.notes.get(id) !== now.notes.get(id)) return null;
    const oldDef = definition(before, id);
    const newDef = definition(after, id);
    if (!oldDef || !newDef || oldDef.id !== newDef.id) return null;
    if (oldDef.range.to + 2 <= first) {
      if (!sameBlock(oldDef, newDef)) return null;
    } else if (oldDef.range.from >= oldEnd + 2 && newDef.range.from === oldDef.range.from + delta && old.slice(oldDef.range.from, oldDef.range.to) === text.slice(newDef.range.from, newDef.range.to)) {
      if (delta !== 0) moved.add(newDef.id);
    } else return null;
  }
  if (state.carried.some((piece) => moved.has(definition(after, piece.note.noteId)!.id))) return null;
  const pages: PageDraft[] = [];
  for (const page of state.pages) {
    let items: DisplayItem[] | null = null;
    for (let i = 0; i < page.items.length; i++) {
      const item = page.items[i]!;
      if (item.op === Op.GlyphRun) {
        if (item.srcFrom < first) continue;
        if (!item.line || !moved.has(item.line.block)) return null;
        items ??= page.items.slice();
        items[i] = movedRun(item, delta);
      } else if ('srcFrom' in item && typeof item.srcFrom === 'number' && item.srcFrom >= first) return null;
    }
    pages.push(items ? { ...page, items } : page);
  }
  return { ...start, state: { ...state, pages }, origin: now };
}

/** A glyph run of a moved note at its new source offsets (the fields paginate.ts glyphRun sets from them). */
function movedRun(item: GlyphRunItem, delta: number): GlyphRunItem {
  return changedRun(item, { srcFrom: item.srcFrom + delta, ...(item.srcMap ? { srcMap: item.srcMap.map((o) => (o < 0 ? o : o + delta)) } : {}) });
}

/** The fields of a block the block before it reads (paginate.ts: a list's last item, a display kept with its lead-in). */
function lookedAt(block: Block): string {
  return `${block.kind === 'listItem' ? block.listId : ''}|${block.kind === 'mathDisplay' ? block.inParagraph : ''}`;
}

/** A note's definition in a chapter's blocks (the first one wins, as in paginate.ts). */
export function definition(blocks: readonly Block[], noteId: string): Extract<Block, { kind: 'footnoteDefinition' }> | undefined {
  for (const b of blocks) if (b.kind === 'footnoteDefinition' && b.noteId === noteId) return b; // first definition wins (paginate.ts)
  return undefined;
}

/** Two parses of a block at the same offsets: the same fields (inlines the very array, or equal). */
function sameBlock(a: Block, b: Block): boolean {
  if (a.kind !== b.kind || a.id !== b.id || a.range.from !== b.range.from || a.range.to !== b.range.to) return false;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  if (a.range.line !== b.range.line || a.range.column !== b.range.column) return false;
  for (const key of keys) if (key !== 'range' && x[key] !== y[key] && JSON.stringify(x[key]) !== JSON.stringify(y[key])) return false;
  return true;
}
