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
 * Footnote ids a line cites, in order. The text phase gives a footnote mark the generated source
 * offsets `-1 - (offset of the marker in the source)`, so the marker's source position can be
 * read back from the line's runs and looked up among the chapter's citations.
 */
export function notesCitedBy(line: SetLine, citationAt: ReadonlyMap<number, string>): string[] {
  const ids: string[] = [];
  for (const run of line.runs) {
    let previous = 0;
    for (const offset of run.offsets) {
      if (offset < 0 && offset !== previous) {
        const id = citationAt.get(-1 - offset);
        if (id !== undefined && !ids.includes(id)) ids.push(id);
      }
      previous = offset;
    }
  }
  return ids;
}
