/**
 * Where an edit's plain passes of a chapter go on from (page/passes.ts), and what they leave for
 * the next edit.
 *
 * A chapter is laid out by one plain pass, or — with footnote numbers by page, column or spread
 * (page/note-numbering.ts) — by a first plain pass with the numbers known before layout and up to
 * three more, each with the numbers the one before implies. Every plain pass records its block
 * starts (page/resume.ts) over the chapter's text *and the note numbers it printed* (its
 * `StartOrigin`). After an edit, plain pass n goes on from a start that pass n of the previous
 * layout recorded, when `moveStart` finds it valid for the new text and pass n's numbers: the same
 * marks printed before it, the notes set so far numbered the same. A resumed pass gives exactly
 * the pages a pass from the first block gives with those numbers (ARCHITECTURE invariant 6), so
 * each pass of the edit equals the same pass of a full layout, and so do the numbers the next
 * one is given — the passes go as a full layout's go, each from the edit on instead of from the
 * chapter's first block.
 *
 * Each plain pass may also stop in step with the same pass of the previous layout (page/converge.ts):
 * the layout is kept pass by pass (its origin with the numbers that pass printed, its starts, its
 * pages), and pass n of an edit, given the same numbers as pass n of the previous layout, takes that
 * pass's pages from where it meets it again; the next pass's numbers are read from those pages, as
 * a layout from the first block reads them from its own.
 */
import type { PageDraft } from './paginate';
import { EditConvergence, type PreviousLayout } from './converge';
import { moveStart, textChange, type BlockStart, type StartOrigin, type TextChange } from './resume';

/** What a chapter's last layout left for the next edit of it (EngineCache.chapterStarts). */
export interface ChapterStarts {
  /** The chapter's memo key without its text: another key (settings, numbering in) voids the starts. */
  key: string;
  /** The block starts each plain pass recorded, in pass order (one pass unless notes are numbered by page). */
  passes: readonly (readonly BlockStart[])[];
  /** The layout itself, pass by pass, for each plain pass of the next edit to stop in step with the same pass of it (page/converge.ts). */
  layouts?: readonly PreviousLayout[];
}

/** The resumes of one chapter layout's plain passes (page/passes.ts `PassResumes`). */
export class EditResumes {
  /** The chapter's previous layout when it was made under the same key, else undefined. */
  private readonly previous: ChapterStarts | undefined;
  /** Where the text changed since each origin, compared once per origin. */
  private readonly changes = new Map<StartOrigin, TextChange>();
  /** Each plain pass's origin: the text with the numbers in force when it began. */
  private readonly origins: (StartOrigin | undefined)[] = [];
  /** Starts of the previous layout's pass n before the one pass n went on from (each with the text it was recorded over). */
  private readonly kept: (readonly BlockStart[])[] = [];
  private readonly recorded: (readonly BlockStart[])[] = [];
  /** Each plain pass's pages. */
  private readonly pages: (readonly PageDraft[])[] = [];

  /**
   * @param originNow the chapter's text with what its blocks print now (engine/index.ts
   * `resumeOrigin`), read at each pass's start: the note numbers change between passes.
   */
  constructor(
    private readonly store: Map<string, ChapterStarts>,
    private readonly chapterId: string,
    private readonly key: string,
    private readonly originNow: () => StartOrigin | undefined,
  ) {
    const origin = originNow();
    this.origins[0] = origin;
    const previous = origin ? store.get(chapterId) : undefined;
    this.previous = previous?.key === key ? previous : undefined;
  }

  /**
   * Where plain pass `pass` may stop in step with the same pass of the previous layout, or null
   * (asked after `from(pass)`, which reads the pass's origin: the numbers it prints).
   */
  convergence(pass: number): EditConvergence | null {
    const origin = this.origins[pass];
    const last = this.previous?.layouts?.[pass];
    if (!origin || !last) return null;
    let change = this.changes.get(last.origin);
    if (!change) this.changes.set(last.origin, (change = textChange(last.origin.source, origin.source)));
    return EditConvergence.after(last, origin, change);
  }

  /** The block start plain pass `pass` goes on from (moved to the new text), or null: from the first block. */
  from(pass: number): BlockStart | null {
    const origin = pass === 0 ? this.origins[0] : (this.origins[pass] = this.originNow());
    this.kept[pass] = [];
    const starts = this.previous?.passes[pass];
    if (!origin || !starts) return null;
    const found = resumableStart(starts, origin, this.changes);
    if (!found) return null;
    // The starts before the one gone on from stay, whatever text they were recorded over: each is
    // checked against its own origin when an edit tries it (moveStart). (Kept only when recorded
    // over the same text as it, a run of edits going up the chapter's end lost every start before
    // the latest resume, and the next edit above that went on from the chapter's first block.)
    this.kept[pass] = starts.filter((s) => s.block < found.block);
    return found;
  }

  /**
   * A start of the previous layout's pass `pass` before page `page` (book index), among those
   * before the one pass `pass` went on from, moved to the new text; null when none is valid. For a
   * planned pass that needs one before the page this pass went on from (an edit on the closing
   * page: its balance).
   */
  earlier(pass: number, page: number): BlockStart | null {
    const origin = this.origins[pass];
    const kept = this.kept[pass];
    if (!origin || !kept) return null;
    return resumableStart(kept.filter((s) => s.page < page), origin, this.changes);
  }

  /** The block starts plain pass `pass` recorded, and its pages (passes after it are voided: a new pass n follows). */
  record(pass: number, starts: readonly BlockStart[], pages: readonly PageDraft[]): void {
    const origin = this.origins[pass];
    if (!origin) return;
    this.recorded.length = pass;
    this.pages.length = pass;
    this.recorded[pass] = [...(this.kept[pass] ?? []), ...starts.map((s) => (s.origin === origin ? s : { ...s, origin }))];
    this.pages[pass] = pages;
    this.store.set(this.chapterId, { key: this.key, passes: this.recorded.slice() });
  }

  /**
   * After the passes: the layout is kept, pass by pass, for the next edit's passes to stop in step
   * with; its final pages too when it took no pass but the first and the closing balance
   * (`simple`), for the next edit's first pass to take them over.
   */
  finish(final: readonly PageDraft[], simple: boolean): void {
    const layouts: PreviousLayout[] = [];
    for (let n = 0; n < this.recorded.length; n++) {
      const origin = this.origins[n];
      const starts = this.recorded[n];
      const plain = this.pages[n];
      if (!origin || !starts || !plain) break;
      layouts.push({ origin, starts, plain, ...(n === 0 && simple ? { final } : {}) });
    }
    if (layouts.length > 0) this.store.set(this.chapterId, { key: this.key, passes: this.recorded.slice(), layouts });
  }
}

/**
 * The latest block start of the chapter's previous layout that its edit left valid, moved to the
 * new text (page/resume.ts moveStart); only starts whose blocks before them end before the first
 * changed unit and that have set no note whose definition the change meets are tried, the latest
 * three at most (each try compares the two texts).
 */
function resumableStart(starts: readonly BlockStart[], now: StartOrigin, changes: Map<StartOrigin, TextChange>): BlockStart | null {
  const blocks = now.parsed.blocks;
  const editedNotes = new Map<StartOrigin, ReadonlySet<string>>();
  let tries = 0;
  for (let i = starts.length - 1; i >= 0 && tries < 3; i--) {
    const start = starts[i]!;
    const was = start.origin;
    if (!was || start.block === 0) continue;
    // Where the text changed since this origin (starts kept from an older layout have another), compared once.
    let change = changes.get(was);
    if (!change) changes.set(was, (change = textChange(was.source, now.source)));
    // The block before it must end before the first changed unit (a cheap look before the full check).
    const before = blocks[start.block - 1];
    if (!before || before.range.to + 2 > change.first) continue;
    // Nor may it have set a note whose text the edit changed (moveStart refuses it): typing in a note
    // defined at the chapter's end, the latest starts all come after its citation, and trying them
    // spent the three tries, so the pass went on from the chapter's first block.
    let edited = editedNotes.get(was);
    if (!edited) editedNotes.set(was, (edited = notesMet(was, change)));
    if (edited.size > 0 && setsNote(start, edited)) continue;
    tries++;
    const moved = moveStart(start, now, change);
    if (moved) return moved;
  }
  return null;
}

/** The notes whose definitions in `origin`'s text meet the change (with the blank line around them: page/resume.ts moveStart). */
function notesMet(origin: StartOrigin, change: TextChange): ReadonlySet<string> {
  const met = new Set<string>();
  for (const b of origin.parsed.blocks) if (b.kind === 'footnoteDefinition' && b.range.to + 2 > change.first && b.range.from < change.oldEnd + 2) met.add(b.noteId);
  return met;
}

/** Whether the pass had set (or begun setting) one of `notes` by block start `start`. */
function setsNote(start: BlockStart, notes: ReadonlySet<string>): boolean {
  const { notesSet, columnNotes, carried } = start.state;
  for (const id of notes) if (notesSet.has(id)) return true;
  return [...columnNotes, ...carried].some((piece) => notes.has(piece.note.noteId));
}
