/**
 * An edit's plain pass that falls back into step with the same pass of the chapter's previous
 * layout, and stops.
 *
 * After an edit each plain pass (the first, and with note numbers by page each renumbering one)
 * goes on from a block start before the changed text (page/resume.ts `moveStart`,
 * page/edit-resume.ts); it used to run on to the chapter's end. Pagination is deterministic in its state,
 * so once the pass stands at the start of a block after the change in the state the previous
 * layout had at that block (with every source offset moved by the edit), everything it would set
 * from there on is what the previous layout set, moved. The pass then finishes the page it is on
 * (levers at a column's end read the page's earlier items, which the edit changed) and stops at the
 * first block start on a later page; the pages from there on are the previous layout's, their
 * source offsets moved (`stop`). Typing inside a paragraph that keeps its line count sets about a
 * page instead of the rest of the chapter. What reads the pass's pages after it (the numbers the
 * next pass is given, planned passes, the closing balance) reads the pages a pass from the first
 * block gives; where the previous layout took no pass but the first and the closing page's balance
 * (which reads the closing page alone), and this one takes no other either, its final pages from
 * the stop on are taken too, balance included (page/passes.ts).
 *
 * Only where that is exact:
 * - the pass of the previous layout met is the same pass (the n-th plain one) and printed the same
 *   note numbers: with numbers by page, the numbers this pass was given from the pass before it;
 * - the chapter has as many blocks as before (block ids are ordinal) and the same note numbers;
 *   the block met, the block before it (blocks look back at it) and every one after it lie wholly
 *   after the changed text, and print the same note marks and reference texts;
 * - a note is read where it is cited (or, as an endnote, at the chapter's end), out of text
 *   order: after a change inside one note's definition (and no other block), a block before the
 *   change in the text is met only once the pass has set that note whole (a note defined at the
 *   chapter's end, as the bench book's are, is cited before its definition); after any other
 *   change in a definition, none is;
 * - every item on the pages taken over maps to source outside the blocks the change touched (a
 *   line of the edited block, whose breaks may differ, even where the deleted unit was the space
 *   at a line break that no run holds), and none is a design (designs carry texts drawn again at
 *   composition).
 *
 * The previous layout's block starts after the stop are carried over (moved) for the next edit's
 * resume and convergence. tests/unit/page/converge.test.ts compares edits with full layouts
 * (`new EngineCache(false)`), ARCHITECTURE invariant 6.
 */
import { Op, type DisplayItem } from '../../protocol/displaylist';
import type { Block } from '../parse/model';
import type { NotePiece } from './notes';
import type { PageDraft } from './paginate';
import { copyDraft, definition, textChange, type BlockStart, type ResumableState, type StartOrigin, type TextChange } from './resume';
import { changedRun } from './run-items';

/** What paginate.ts asks of a pass that may stop in step with another (`PassPlan.converge`). */
export interface Convergence {
  /** Whether the pass at the start of block `block` on page `page` and column `column`, in `state` (uncopied), stands where the other pass stood. */
  meets(block: number, page: number, column: number, state: ResumableState): boolean;
  /** The pass stops at the start of block `block`, the first on page `page`; `done` are its pages before it. False: it goes on. */
  stop(page: number, block: number, done: readonly PageDraft[]): boolean;
}

/**
 * A planned pass (page/passes.ts: a band levelled, floats set at their citing page's head) that
 * falls back into step with the pass whose pages the layout holds, and stops. The two passes'
 * plans differ on pages up to `after` alone (a plan is read on its own pages), and the text is the
 * same: at a block start on a later page where the planned pass's state is the other's there
 * (`sameState`), it would set what the other set. As an edit's pass (`EditConvergence`), it then
 * finishes its page and stops at the first block start on a later page; the other pass's pages
 * from there on, and its block starts, are this one's.
 */
export class PassConvergence implements Convergence {
  private readonly byBlock = new Map<number, BlockStart>();
  /** Set by `stop`: the other pass's pages from the stop on. */
  rest: PageDraft[] | null = null;
  /** Its block starts from the stop on, with this pass's pages before them. */
  carried: BlockStart[] = [];

  constructor(starts: readonly BlockStart[], private readonly pages: readonly PageDraft[], after: number) {
    for (const start of starts) if (start.page > after) this.byBlock.set(start.block, start);
  }

  meets(block: number, page: number, column: number, state: ResumableState): boolean {
    const old = this.byBlock.get(block);
    if (!old || old.page !== page || old.column !== column) return false;
    return sameState(old.state as unknown as Record<string, unknown>, state as unknown as Record<string, unknown>, (a, b) => a === b);
  }

  stop(page: number, block: number, done: readonly PageDraft[]): boolean {
    const rest = this.pages.filter((p) => p.index >= page);
    if (rest[0]?.index !== page) return false;
    const pages = [...done, ...rest];
    this.carried = [...this.byBlock.values()]
      .filter((start) => start.block >= block)
      .sort((a, b) => a.block - b.block)
      .map((start) => {
        const own = start.state.pages[start.state.pages.length - 1]!;
        return { ...start, state: { ...start.state, pages: [...pages.filter((p) => p.index < own.index), own] } };
      });
    this.rest = rest;
    return true;
  }
}

/** What the chapter's previous layout left for its next edit. */
export interface PreviousLayout {
  /** The text it was laid out from. */
  origin: StartOrigin;
  /** Its plain pass's block starts recorded over `origin` (carried ones included). */
  starts: readonly BlockStart[];
  /** The plain pass's pages. */
  plain: readonly PageDraft[];
  /** Its final pages, when it took no pass but this plain one and the closing page's balance, and planned none (page/passes.ts): they differ from `plain` only in a balanced closing page. */
  final?: readonly PageDraft[];
}

export class EditConvergence implements Convergence {
  private readonly byBlock = new Map<number, BlockStart>();
  private readonly change: TextChange;
  /** The previous text's units from the first block the change meets to the end of the last (items mapping there are refused). */
  private readonly touched: { from: number; to: number };
  /** The first block index from which every block prints the same note marks and reference texts as before. */
  private readonly answersFrom: number;
  /** The note whose definition the change lies in, when it lies in one and meets no other block (`noteEdited`), else null. */
  private readonly note: string | null;
  /** Set by `stop`: the previous layout's pages from the stop on (its plain pass's, and its final ones when it kept them), moved, and its block starts from there. */
  rest: { final: PageDraft[] | null; plain: PageDraft[] } | null = null;
  carried: BlockStart[] = [];

  private constructor(private readonly previous: PreviousLayout, private readonly now: StartOrigin, change: TextChange, note: string | null) {
    this.change = change;
    this.note = note;
    let from = change.first;
    let to = change.oldEnd;
    for (const b of previous.origin.parsed.blocks) {
      if (b.range.from - 2 < change.oldEnd && b.range.to + 2 > change.first) {
        from = Math.min(from, b.range.from);
        to = Math.max(to, b.range.to);
      }
    }
    this.touched = { from, to };
    for (const start of previous.starts) if (start.origin === previous.origin) this.byBlock.set(start.block, start);
    const was = previous.origin;
    let answersFrom = 0;
    for (let i = now.parsed.blocks.length - 1; i >= 0; i--) {
      const id = now.parsed.blocks[i]!.id;
      if (was.answers.get(id) !== now.answers.get(id)) {
        answersFrom = i + 1;
        break;
      }
    }
    this.answersFrom = answersFrom;
  }

  /** A convergence for the pass over `now`, or null where none can be exact (see the file's comment). */
  static after(previous: PreviousLayout | undefined, now: StartOrigin, change?: TextChange): EditConvergence | null {
    if (!previous) return null;
    const was = previous.origin;
    if (was.source === now.source || was.parsed.blocks.length !== now.parsed.blocks.length) return null;
    if (was.notes.size !== now.notes.size) return null;
    for (const [id, n] of was.notes) if (now.notes.get(id) !== n) return null;
    const { first, oldEnd, delta } = change ?? textChange(was.source, now.source);
    // A note's definition is read where the note is cited, out of text order (a line after the
    // block met may cite a note defined in the changed text): after an edit in one, only blocks
    // the pass meets once it has set that note are in step (`meets`).
    const note = noteEdited(was.parsed.blocks, now.parsed.blocks, first, oldEnd, delta);
    if (note === null && (touchesNote(was.parsed.blocks, first, oldEnd) || touchesNote(now.parsed.blocks, first, oldEnd + delta))) return null;
    return new EditConvergence(previous, now, { first, oldEnd, delta }, note);
  }

  /**
   * Whether the pass over the new text, at the start of block `block` on page `page` (book index)
   * and column `column` in `state` (paginate.ts's variables, uncopied), stands where the previous
   * layout stood at that block.
   */
  meets(block: number, page: number, column: number, state: ResumableState): boolean {
    const old = this.byBlock.get(block);
    if (!old || old.page !== page || old.column !== column || block < this.answersFrom) return false;
    const before = this.previous.origin.parsed.blocks[block]!;
    const after = this.now.parsed.blocks[block]!;
    if (before.id !== after.id || before.kind !== after.kind) return false;
    // A block after the changed text. After an edit in a note's definition, only once the pass has
    // set that note whole (a note is set where it is first cited: nothing after that reads the
    // edited text), and then a block before the definition too (a note defined at the chapter's
    // end is cited before it).
    const moved = before.range.from >= this.change.oldEnd + 2 && after.range.from === before.range.from + this.change.delta;
    if (this.note !== null) {
      const note = this.note;
      if (!state.notesSet.has(note) || [...state.columnNotes, ...state.carried].some((piece) => piece.note.noteId === note)) return false;
      if (!moved && !(before.range.to + 2 <= this.change.first && after.range.from === before.range.from)) return false;
    } else if (!moved) return false;
    // The block before it too (a block looks back at it: a paragraph's spacing after a paragraph,
    // a list's first item, the drop cap of the heading it follows).
    if (block > 0 && !this.sameBlock(this.previous.origin.parsed.blocks[block - 1], this.now.parsed.blocks[block - 1])) return false;
    return sameState(old.state as unknown as Record<string, unknown>, state as unknown as Record<string, unknown>, (a, b) => this.sameBlock(a, b));
  }

  /**
   * The pass stops at the start of block `block`, the first on page `page`'s index after the page
   * where it met the previous layout; `done` are its pages before that one. False (the pass goes on
   * to the end) when the previous layout's pages from there cannot be taken over.
   */
  stop(page: number, block: number, done: readonly PageDraft[]): boolean {
    const moved = new Map<DisplayItem, DisplayItem>();
    const movedPages = new Map<PageDraft, PageDraft>();
    const pagesOf = (drafts: readonly PageDraft[]): PageDraft[] | null => {
      const out: PageDraft[] = [];
      for (const draft of drafts) {
        if (draft.index < page) continue;
        const shifted = movedPages.get(draft) ?? this.movedPage(draft, moved);
        if (!shifted) return null;
        movedPages.set(draft, shifted);
        out.push(shifted);
      }
      return out[0]?.index === page ? out : null;
    };
    const final = this.previous.final ? pagesOf(this.previous.final) : null;
    // (The plain pass's pages are the final ones but a balanced closing page: the same objects, moved once.)
    const plain = pagesOf(this.previous.plain);
    if (!plain) return false;
    const pages = [...done, ...plain];
    const carried: BlockStart[] = [];
    for (const start of this.byBlock.values()) {
      if (start.block < block) continue;
      const own = start.state.pages[start.state.pages.length - 1]!;
      const last = this.movedPage(copyDraft(own), moved);
      // (A note carried on into the next column, moved since: resumed, it would be set again at another measure.)
      if (!last || start.state.carried.some((piece) => !this.sameBlock(piece.note, definition(this.now.parsed.blocks, piece.note.noteId)))) continue;
      const before = pages.filter((p) => p.index < own.index);
      carried.push({ ...start, state: { ...start.state, pages: [...before, last] }, origin: this.now });
    }
    this.rest = { final, plain };
    this.carried = carried.sort((a, b) => a.block - b.block);
    return true;
  }

  /** A page of the previous layout with its items' source offsets moved by the edit; null when one maps into the changed text or the page holds designs. */
  private movedPage(page: PageDraft, moved: Map<DisplayItem, DisplayItem>): PageDraft | null {
    if (page.designs) return null;
    let items: DisplayItem[] | null = null;
    for (let i = 0; i < page.items.length; i++) {
      const item = page.items[i]!;
      let next = moved.get(item);
      if (!next) {
        const shifted = this.movedItem(item);
        if (!shifted) return null;
        next = shifted;
        if (next !== item) moved.set(item, next);
      }
      if (next !== item) (items ??= page.items.slice())[i] = next;
    }
    return items ? { ...page, items } : page;
  }

  /** The item with its source offsets moved; itself when none moves; null when one lies in the changed text. */
  private movedItem(item: DisplayItem): DisplayItem | null {
    const { oldEnd, delta } = this.change;
    // Before the blocks the edit touched (0), after them (1: moved by the edit), or in them (-1: a
    // line of the edited block set anew, a note defined there: not the previous layout's).
    const { from: touchedFrom, to: touchedTo } = this.touched;
    const where = (from: number, to: number): number => (to <= touchedFrom ? 0 : from >= touchedTo ? 1 : -1);
    if (item.op === Op.GlyphRun) {
      if (item.srcMap) {
        let shifts = false;
        for (const o of item.srcMap) {
          if (o < 0) continue;
          const w = where(o, o + 1);
          if (w < 0) return null;
          if (w === 1) shifts = true;
        }
        if (!shifts) return item;
        const w = item.srcFrom < 0 ? 0 : where(item.srcFrom, item.srcFrom + 1);
        if (w < 0) return null;
        return changedRun(item, { srcFrom: item.srcFrom + (w === 1 ? delta : 0), srcMap: item.srcMap.map((o) => (o >= oldEnd ? o + delta : o)) });
      }
      const w = where(item.srcFrom, item.srcFrom + item.text.length);
      if (w < 0) return null;
      return w === 0 ? item : changedRun(item, { srcFrom: item.srcFrom + delta });
    }
    if (item.op === Op.Path && item.srcFrom !== undefined) {
      const w = where(item.srcFrom, item.srcTo ?? item.srcFrom);
      if (w < 0) return null;
      return w === 0 ? item : { ...item, srcFrom: item.srcFrom + delta, ...(item.srcTo !== undefined ? { srcTo: item.srcTo + delta } : {}) };
    }
    return item;
  }

  /** A block of the previous parse and one of the new parse: the same block, outside the changed text (the same text there). */
  private sameBlock(a: Block | undefined, b: Block | undefined): boolean {
    if (!a || !b || a.id !== b.id || a.kind !== b.kind) return false;
    const { first, oldEnd, delta } = this.change;
    if (a.range.to + 2 <= first) return b.range.from === a.range.from && b.range.to === a.range.to;
    return a.range.from >= oldEnd + 2 && b.range.from === a.range.from + delta && b.range.to === a.range.to + delta;
  }
}

/**
 * Two states of paginate.ts (its `PaginationState`, every field): the same but for the pages so
 * far. Blocks held are compared as blocks (`sameBlock`), note pieces by their note and extent, the
 * cursor by its place in the column; everything else by value.
 */
function sameState(old: Record<string, unknown>, now: Record<string, unknown>, sameBlock: (a: Block, b: Block) => boolean): boolean {
  const keys = Object.keys(now);
  if (keys.length !== Object.keys(old).length) return false;
  for (const key of keys) {
    const a = old[key];
    const b = now[key];
    if (key === 'pages') continue;
    if (key === 'cursor') {
      const x = a as { column: number; y: number; columnEmpty: boolean };
      const y = b as typeof x;
      if (x.column !== y.column || x.y !== y.y || x.columnEmpty !== y.columnEmpty) return false;
      continue;
    }
    if (key === 'columnNotes' || key === 'carried') {
      if (!samePieces(a as readonly NotePiece[], b as readonly NotePiece[], sameBlock)) return false;
      continue;
    }
    if (!same(a, b, sameBlock, 0)) return false;
  }
  return true;
}

function samePieces(a: readonly NotePiece[], b: readonly NotePiece[], sameBlock: (a: Block, b: Block) => boolean): boolean {
  if (a.length !== b.length) return false;
  return a.every((p, i) => {
    const q = b[i]!;
    return sameBlock(p.note, q.note) && p.from === q.from && p.to === q.to && p.x === q.x && (p.number === null) === (q.number === null) && p.lines.length === q.lines.length;
  });
}

/** Deep equality of state values; functions and class instances of other kinds by identity, at most 8 levels down. */
function same(a: unknown, b: unknown, sameBlock: (a: Block, b: Block) => boolean, depth: number): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > 8) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => same(v, b[i], sameBlock, depth + 1));
  if (a instanceof Set) return b instanceof Set && a.size === b.size && [...a].every((v) => b.has(v));
  if (a instanceof Map) return b instanceof Map && a.size === b.size && [...a].every(([k, v]) => b.has(k) && same(v, b.get(k), sameBlock, depth + 1));
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (isBlock(a)) return isBlock(b) && sameBlock(a, b);
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((k) => k in y && same(x[k], y[k], sameBlock, depth + 1));
}

function isBlock(v: object): v is Block {
  const r = v as Record<string, unknown>;
  return typeof r['id'] === 'string' && typeof r['kind'] === 'string' && typeof r['range'] === 'object' && r['range'] !== null;
}

/**
 * The note whose definition holds the whole change, in both texts (the same note, its label
 * untouched), and which no other block meets; null otherwise.
 */
function noteEdited(was: readonly Block[], now: readonly Block[], first: number, oldEnd: number, delta: number): string | null {
  const met = (blocks: readonly Block[], to: number): Block[] => blocks.filter((b) => b.range.from - 2 < to && b.range.to + 2 > first);
  const before = met(was, oldEnd);
  const after = met(now, oldEnd + delta);
  const a = before[0];
  const b = after[0];
  if (before.length !== 1 || after.length !== 1 || a?.kind !== 'footnoteDefinition' || b?.kind !== 'footnoteDefinition' || a.noteId !== b.noteId || a.id !== b.id) return null;
  // Inside its text: not in the label (`[^id]: `) nor at either end of the block.
  const label = a.range.from + `[^${a.noteId}]: `.length;
  return first > label && oldEnd <= a.range.to ? a.noteId : null;
}

/** Whether a footnote definition's source (with the blank line around it) meets [from, to). */
function touchesNote(blocks: readonly Block[], from: number, to: number): boolean {
  for (const b of blocks) if (b.kind === 'footnoteDefinition' && b.range.from - 2 < to && b.range.to + 2 > from) return true;
  return false;
}
