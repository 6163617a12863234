/**
 * Footnote bookkeeping for pagination (document-format §14.1, configuration.md §11.1): note
 * numbers and labels, which notes a set line cites, and the height of a column's note area.
 */
import type { Block, ParsedChapter } from '../parse/model';
import type { SetLine } from '../paragraph';
import type { LayoutSettings } from '../settings';
import { formatNumber, symbolFor, type Numerals } from './number-format';

export type FootnoteDefinition = Extract<Block, { kind: 'footnoteDefinition' }>;

/** Footnote numbers by id: order of first citation in the chapter, only for defined notes. */
export function footnoteNumbers(chapter: ParsedChapter): Map<string, number> {
  const defined = new Set(chapter.collected.footnoteDefs.map((d) => d.noteId));
  const numbers = new Map<string, number>();
  for (const ref of chapter.collected.footnoteRefs) {
    if (defined.has(ref.noteId) && !numbers.has(ref.noteId)) numbers.set(ref.noteId, numbers.size + 1);
  }
  return numbers;
}

/** A note's number as printed in the note itself (footnotes.numberFormat, or the symbols); decimal in the book's `numerals`. */
export function noteLabel(n: number, notes: LayoutSettings['notes'], numerals: Numerals = 'latn'): string {
  return notes.format === 'symbols' || notes.format === '*' ? symbolFor(n, notes.symbols) : formatNumber(n, notes.format, numerals);
}

/** The mark in the text: footnotes.markerTemplate with `{n}` replaced by the label. */
export function noteMarker(n: number, notes: LayoutSettings['notes'], numerals: Numerals = 'latn'): string {
  const label = noteLabel(n, notes, numerals);
  return notes.markerTemplate.includes('{n}') ? notes.markerTemplate.split('{n}').join(label) : label;
}

/**
 * One piece of a note in a column's note area: all its lines, or (when a note taller than a
 * column had to be split) the lines `from`..`to`. Only the first piece carries the number.
 */
export interface NotePiece {
  note: FootnoteDefinition;
  lines: readonly SetLine[];
  from: number;
  to: number;
  /** The number set in the note's style; null on a continuation. */
  number: SetLine | null;
  /** x of the note lines inside the column (the hanging indent), pt. */
  x: number;
}

/** Height of a column's note area, pt: space above, the rule's band, the notes, the gaps between. */
export function noteAreaHeight(pieces: readonly NotePiece[], notes: LayoutSettings['notes']): number {
  if (pieces.length === 0) return 0;
  let lines = 0;
  for (const piece of pieces) lines += piece.to - piece.from;
  return notes.spaceAbove + notes.spaceBelowRule + lines * notes.lineHeight + (pieces.length - 1) * notes.spaceBetween;
}

/**
 * `noteAreaHeight` of the pieces of `a`, `b` and `c` together (in that order), without building
 * the list: pagination asks it for every line it tries (the line's new notes with the column's).
 */
export function noteAreaHeightOf(notes: LayoutSettings['notes'], a: readonly NotePiece[], b: readonly NotePiece[], c: readonly NotePiece[]): number {
  const pieces = a.length + b.length + c.length;
  if (pieces === 0) return 0;
  let lines = 0;
  for (const piece of a) lines += piece.to - piece.from;
  for (const piece of b) lines += piece.to - piece.from;
  for (const piece of c) lines += piece.to - piece.from;
  return notes.spaceAbove + notes.spaceBelowRule + lines * notes.lineHeight + (pieces - 1) * notes.spaceBetween;
}

/**
 * Footnote ids a line cites, in order. The text phase gives a footnote mark the generated source
 * offsets `-1 - (offset of the marker in the source)`, so the marker's source position can be
 * read back from the line's runs and looked up among the chapter's citations.
 */
export function notesCitedBy(line: SetLine, citationAt: ReadonlyMap<number, string>): readonly string[] {
  const positions = markerPositions(line);
  if (positions.length === 0) return NO_IDS; // most lines: no array per question
  const ids: string[] = [];
  for (const position of positions) {
    const id = citationAt.get(position);
    if (id !== undefined && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * The source positions a line's generated runs point back to (`-1 - offset` of each new negative
 * offset, in order), read once per line: pagination asks for a line's notes and floats several
 * times per pass (fitting, placing, foot floats) and again on every pass, and most lines have none.
 * Set lines are read-only and shared between passes and builds (engine/index.ts), so the positions
 * of a line object never change.
 */
const markerMemo = new WeakMap<SetLine, readonly number[]>();
const NO_IDS: readonly string[] = [];
const NO_MARKERS: readonly number[] = [];
function markerPositions(line: SetLine): readonly number[] {
  // Only a run that lists its offsets can hold a marker: the others are consecutive from `from`
  // ≥ 0, and their one generated unit, a line-end hyphen (−1), marks no note. Nearly every line
  // lists none and is answered without the memo (a lookup and an entry per line cost more than
  // this loop; lines moved by an edit are new objects, and weak maps slow every collection).
  // Reading a hyphenated run through `runOffsets` built its whole offset list to find nothing:
  // ~7 % of a cold layout's allocations.
  let plain = true;
  for (const run of line.runs) {
    if (run.offsets !== undefined) {
      plain = false;
      break;
    }
  }
  if (plain) return NO_MARKERS;
  let positions = markerMemo.get(line);
  if (positions !== undefined) return positions;
  let found: number[] | null = null;
  for (const run of line.runs) {
    const offsets = run.offsets;
    if (offsets === undefined) continue;
    let previous = 0;
    for (let u = 0; u < offsets.length; u++) {
      const offset = offsets[u]!;
      if (offset < 0 && offset !== previous) (found ??= []).push(-1 - offset);
      previous = offset;
    }
  }
  positions = found ?? NO_MARKERS;
  markerMemo.set(line, positions);
  return positions;
}
