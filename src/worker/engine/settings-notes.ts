/**
 * How footnote numbers sit (configuration.md §11.1 `footnotes.markerPosition`, `markerSize`,
 * `noteNumberPosition`; document-format §14.1), read apart from settings-from-config.ts. The mark in
 * the text is applied by paragraph/collect.ts (`footnoteRef`; a 'side' mark's zero advance by
 * paragraph/items.ts), the number at the head of the note by page/paginate.ts `notePiece` through
 * page/note-number.ts.
 */
import { canonicalNumberFormat, declareAppliedSettings } from '../config';
import type { LayoutSettings } from './settings';
import type { ConfigReaders } from './settings-structure';

// All five markerPosition values are set (paragraph/collect.ts), 'side' and 'right' included.
declareAppliedSettings(['footnotes.markerPosition', 'footnotes.markerSize', 'footnotes.noteNumberPosition']);
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

/**
 * Where the mark in the text sits (§11.1 `markerPosition`, document-format §14.1): a number place, or
 * 'side' — a reference mark (合印) beside the cited word on the ruby side (over a horizontal line, right
 * of a vertical one), in the space between lines, taking no room in the line — or 'right' — in the
 * line, taking its room, its em box flush with the line's right edge in vertical text (its top edge
 * in horizontal text: the layout's top is the vertical line's right, page/vertical.ts).
 */
export type MarkerPlace = NumberPlace | 'side' | 'right';

/** The §11.1 number placements; absent from the settings while all three are their defaults. */
export interface NoteMarks {
  /** `markerPosition` of the mark in the text. */
  marker: MarkerPlace;
  /**
   * `markerSize`: the mark's size = `pt` + `em` × the size it has in its place (the superscript's
   * size when raised, the text's when inline, beside or at the right). Default 1 em (the mark as it
   * is set without the setting); 0.6 em for 'side' and 0.7 em for 'right' (§11.1).
   */
  size: { pt: number; em: number };
  /** `noteNumberPosition` of the number at the head of the note. */
  noteNumber: NumberPlace;
}

const place = (v: string): NumberPlace => (v === 'superscript' || v === 'inline' ? v : 'auto');
const markerPlace = (v: string): MarkerPlace => (v === 'side' || v === 'right' ? v : place(v));
/** `markerSize`'s default by place (§11.1: 1 em; side 0.6, right 0.7), in ems of the text. */
const DEFAULT_MARKER_EM: Record<MarkerPlace, number> = { auto: 1, superscript: 1, inline: 1, side: 0.6, right: 0.7 };

/** Reads `footnotes.markerPosition`, `markerSize`, `noteNumberPosition`; undefined when all are defaults. */
export function noteMarks(r: ConfigReaders): NoteMarks | undefined {
  const marker = markerPlace(r.str('footnotes.markerPosition', 'auto'));
  const noteNumber = place(r.str('footnotes.noteNumberPosition', 'auto'));
  // The length at an em of 0 and of 1 pt (lengthAtPt is linear in the em): pt part and em part.
  const zero = r.pt('footnotes.markerSize', Number.NaN, 0);
  const one = r.pt('footnotes.markerSize', Number.NaN, 1);
  const size = Number.isFinite(zero) && Number.isFinite(one) && one > 0 ? { pt: zero, em: one - zero } : { pt: 0, em: DEFAULT_MARKER_EM[marker] };
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

/** A mark set beside the word ('side') or at the right of the line ('right'), else undefined (raised or inline). */
export function noteMarkBeside(notes: LayoutSettings['notes']): 'side' | 'right' | undefined {
  const marker = notes.marks?.marker;
  return marker === 'side' || marker === 'right' ? marker : undefined;
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
