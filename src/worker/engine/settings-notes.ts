/**
 * How footnote numbers sit (configuration.md §11.1 `footnotes.markerPosition`, `markerSize`,
 * `noteNumberPosition`; document-format §14.1), read apart from settings-from-config.ts. The mark in
 * the text is applied by paragraph/collect.ts (`footnoteRef`), the number at the head of the note by
 * page/paginate.ts `notePiece` through page/note-number.ts.
 */
import { canonicalNumberFormat, declareAppliedSettings, declareUnappliedValues } from '../config';
import type { LayoutSettings } from './settings';
import type { ConfigReaders } from './settings-structure';

// 'side' and 'right' (marks beside / right of a vertical line) are not set yet: they are read as 'auto'.
declareAppliedSettings(['footnotes.markerPosition', 'footnotes.markerSize', 'footnotes.noteNumberPosition']);
// The mark beside the text ('side') or at the right ('right') is not set yet: such a mark is set as 'auto'.
declareUnappliedValues('footnotes.markerPosition', ['side', 'right'], 'auto');
// The symbols list (read whole as `footnotes.symbols` in settings-from-config.ts) is stored item by
// item, and stored items are checked at their own paths (footnotes.symbols[0]…).
declareAppliedSettings(['footnotes.symbols[*]']);

// Endnotes at the foot of the chapter's last column or under its text (page/paginate.ts placeNotes).
declareAppliedSettings(['footnotes.chapterEndAlign']);

/** `footnotes.chapterEndAlign` (§11.1, default 'foot'): where chapter-end notes sit when the text ends short. */
export function noteChapterEndAlign(r: ConfigReaders): 'foot' | 'text' {
  return r.str('footnotes.chapterEndAlign', 'foot') === 'text' ? 'text' : 'foot';
}

/** Where a number sits: raised and smaller (superscript) or on the baseline at the text's size ("1. " style). */
export type NumberPlace = 'auto' | 'superscript' | 'inline';

/** The §11.1 number placements; absent from the settings while all three are their defaults. */
export interface NoteMarks {
  /** `markerPosition` of the mark in the text ('side'/'right' read as 'auto'). */
  marker: NumberPlace;
  /**
   * `markerSize`: the mark's size = `pt` + `em` × the size it has in its place (the superscript's
   * size when raised, the text's when inline). Default 1 em: the mark as it is set without the setting.
   */
  size: { pt: number; em: number };
  /** `noteNumberPosition` of the number at the head of the note. */
  noteNumber: NumberPlace;
}

const place = (v: string): NumberPlace => (v === 'superscript' || v === 'inline' ? v : 'auto');

/** Reads `footnotes.markerPosition`, `markerSize`, `noteNumberPosition`; undefined when all are defaults. */
export function noteMarks(r: ConfigReaders): NoteMarks | undefined {
  const marker = place(r.str('footnotes.markerPosition', 'auto'));
  const noteNumber = place(r.str('footnotes.noteNumberPosition', 'auto'));
  // The length at an em of 0 and of 1 pt (lengthAtPt is linear in the em): pt part and em part.
  const zero = r.pt('footnotes.markerSize', Number.NaN, 0);
  const one = r.pt('footnotes.markerSize', Number.NaN, 1);
  const size = Number.isFinite(zero) && Number.isFinite(one) && one > 0 ? { pt: zero, em: one - zero } : { pt: 0, em: 1 };
  if (marker === 'auto' && noteNumber === 'auto' && size.pt === 0 && size.em === 1) return undefined;
  return { marker, size, noteNumber };
}

/** Circled numbers (①) are set on the baseline by default (document-format §14.1: "inline by default"). */
const isCircled = (format: string): boolean => canonicalNumberFormat(format) === 'circled-decimal';

/**
 * Whether the mark in the text is raised. 'auto': superscript, except circled numbers, which are
 * set inline (document-format §14.1).
 */
export function noteMarkRaised(notes: LayoutSettings['notes']): boolean {
  const marker = notes.marks?.marker ?? 'auto';
  return marker === 'auto' ? !isCircled(notes.format) : marker === 'superscript';
}

/** The mark's size, pt, from the size it would have in its place (`natural`, pt): `markerSize`. */
export function noteMarkSize(notes: LayoutSettings['notes'], natural: number): number {
  const size = notes.marks?.size;
  return size ? size.pt + size.em * natural : natural;
}

/**
 * Whether the number at the head of the note is raised. 'auto' keeps it on the baseline at the
 * note's size (the reference's note number, and ours before the setting: "1 Text…").
 */
export function noteNumberRaised(notes: LayoutSettings['notes']): boolean {
  return notes.marks?.noteNumber === 'superscript';
}
