/**
 * Footnote numbering modes (configuration.md §11.1 `footnotes.numbering`, document-format §14.1):
 *
 * - `chapter` (default): order of first citation, restarting at each H1 (and each chapter file);
 * - `document`: continuing across the book (the notes cited in earlier chapters come first —
 *   in the chapter's memo key through page/book.ts);
 * - `page` / `column` / `spread`: restarting on each page, column or spread (verso + recto:
 *   page indices 1–2, 3–4, …; index 0, the first recto, stands alone — counted from where the
 *   book begins in a longer one, `settings.start.pageIndexOffset`). These depend on where the
 *   citing lines land, so page/passes.ts lays the chapter out again with the numbers the last
 *   layout implies until they stop changing (≤ 3 extra passes, as the spec says).
 */
import type { ParsedChapter } from '../parse/model';
import type { PageDraft } from './paginate';

export type NoteNumbering = 'chapter' | 'document' | 'page' | 'column' | 'spread';

/** Defined notes in order of first citation, with the index of the H1 section each is first cited in. */
function citedNotes(chapter: ParsedChapter): { id: string; section: number }[] {
  const defined = new Set(chapter.collected.footnoteDefs.map((d) => d.noteId));
  const h1 = chapter.blocks.filter((b) => b.kind === 'heading' && b.level === 1).map((b) => b.range.from);
  const seen = new Set<string>();
  const out: { id: string; section: number }[] = [];
  for (const ref of chapter.collected.footnoteRefs) {
    if (!defined.has(ref.noteId) || seen.has(ref.noteId)) continue;
    seen.add(ref.noteId);
    out.push({ id: ref.noteId, section: h1.filter((from) => from <= ref.range.from).length });
  }
  return out;
}

/** How many numbered notes a chapter cites (for `document` numbering of the chapters after it). */
export function chapterNoteCount(chapter: ParsedChapter): number {
  return citedNotes(chapter).length;
}

/**
 * Numbers known before layout: `chapter` restarts at each H1, `document` continues from
 * `offset` (notes of earlier chapters). Page-based modes start from the chapter order (the first
 * pass); `renumber` refines them.
 */
export function initialNoteNumbers(chapter: ParsedChapter, mode: NoteNumbering, offset: number): Map<string, number> {
  const numbers = new Map<string, number>();
  let section = -1;
  let n = 0;
  for (const note of citedNotes(chapter)) {
    if (mode === 'chapter' && note.section !== section) {
      section = note.section;
      n = 0;
    }
    numbers.set(note.id, (mode === 'document' ? offset : 0) + ++n);
  }
  return numbers;
}

/** The restart unit of a page-based mode for a note cited in `column` of page `index`. */
function unitOf(mode: NoteNumbering, index: number, column: number, indexOffset: number): string {
  if (mode === 'column') return `${index}:${column}`;
  if (mode === 'spread') return String(Math.floor((index + indexOffset + 1) / 2));
  return String(index);
}

/** Numbers a finished layout implies in a page-based mode: per unit, in order of first citation. */
export function layoutNoteNumbers(drafts: readonly PageDraft[], mode: NoteNumbering, previous: ReadonlyMap<string, number>, indexOffset = 0): Map<string, number> {
  const numbers = new Map<string, number>();
  const counters = new Map<string, number>();
  for (const page of drafts) {
    for (const note of page.notesCited ?? []) {
      if (numbers.has(note.id)) continue;
      const unit = unitOf(mode, page.index, note.column, indexOffset);
      const n = (counters.get(unit) ?? 0) + 1;
      counters.set(unit, n);
      numbers.set(note.id, n);
    }
  }
  // Notes a layout did not set (none cited) keep their number.
  for (const [id, n] of previous) if (!numbers.has(id)) numbers.set(id, n);
  return numbers;
}

/**
 * The renumbering step page/passes.ts calls after a pass (page-based modes only): reads the
 * layout, and when the numbers differ from the ones in use, switches to them and returns true.
 */
export function noteRenumberer(mode: NoteNumbering, get: () => ReadonlyMap<string, number>, set: (numbers: Map<string, number>) => void, indexOffset = 0): ((drafts: readonly PageDraft[]) => boolean) | undefined {
  if (mode !== 'page' && mode !== 'column' && mode !== 'spread') return undefined;
  return (drafts) => {
    const current = get();
    const next = layoutNoteNumbers(drafts, mode, current, indexOffset);
    if (next.size === current.size && [...next].every(([id, n]) => current.get(id) === n)) return false;
    set(next);
    return true;
  };
}
