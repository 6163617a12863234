/**
 * How a table meets the end of a column (configuration.md §12.3 `overflow`, `splitInline`,
 * `continuesMarkerEnabled`, `continuesMarker`; document-format §12.6, §12.7, §12.10).
 *
 * - A table taller than its page (the height it may take, pt) follows `overflow`: `split` continues
 *   it part after part (header rows repeated, "(cont.)" on the caption, the marker at each foot);
 *   `clip` keeps the rows that fit one page, with its caption and note, and drops the rest;
 *   `hide` drops the table (nothing is set; its number and references stay).
 * - An in-flow (`here`) table that fits a page is cut to fill the rest of its column only with
 *   `splitInline` (since 1.25; pinned false for older books): then a table of fewer than five body
 *   rows is never cut, and a first part holds at least two body rows under its header. Otherwise
 *   it moves whole to the next column, like a picture. A floating table is cut only where
 *   the page engine finds no slot it fits (§12.7 "a waiting table is split instead"), with at
 *   least one body row on each side, as before.
 * - The continues marker (`Continued` by locale) closes every part the table goes on from, in the
 *   caption note's type, italic, flush with the table's end edge (the right, the left in right-to-left text),
 *   the note's gap under the rows. Reading where the spec is silent: as a callout's continues
 *   marker is set (configuration.md §13.4: right, italic).
 */
import type { Inline } from '../parse/model';
import { EMPTY_BLOCK, type BlockEnvironment, type FlowBlock } from './block';
import { alignedTextBlock } from './caption-layout';
import { lineHeightOf } from './figure';
import type { ResourceSettings } from './settings';

/** Fewest body rows of a table an in-flow split may cut, and fewest body rows in a first part. */
const INLINE_MIN_BODY_ROWS = 5;
const INLINE_MIN_FIRST_PART = 2;

export interface SplitPolicy {
  /** Whether the table may be cut between rows at all. */
  mayCut: boolean;
  /** Fewest body rows a part that goes on must hold (under its repeated header). */
  minFirstBodyRows: number;
}

/**
 * `inline`: the table is set where `::resource` stands (`position: here`); `bodyRows`: its body
 * rows; `tooTall`: the whole table is taller than its page.
 */
export function splitPolicy(t: ResourceSettings['table'], inline: boolean, bodyRows: number, tooTall: boolean): SplitPolicy {
  const inlineRules = inline && bodyRows >= INLINE_MIN_BODY_ROWS;
  if (tooTall) return { mayCut: t.overflow === 'split', minFirstBodyRows: inlineRules ? INLINE_MIN_FIRST_PART : 1 };
  if (!inline) return { mayCut: true, minFirstBodyRows: 1 };
  return { mayCut: t.splitInline && inlineRules, minFirstBodyRows: INLINE_MIN_FIRST_PART };
}

/** The marker under a part the table goes on from, `width` pt wide (the table's); empty when disabled. */
export function continuesMarkerBlock(settings: ResourceSettings, width: number, env: BlockEnvironment): FlowBlock {
  const text = settings.table.continuesMarker;
  if (!text) return EMPTY_BLOCK;
  const style = { ...settings.caption.note.style, italic: true };
  const inline: Inline = { kind: 'text', text, marks: [], range: { from: 0, to: 0, line: 0, column: 0 }, offsets: text.split('').map(() => -1) };
  const lines = env.setText({ base: 0, inlines: [inline], style: { ...style }, measure: Math.max(1, width), indent: 0, justify: false });
  return alignedTextBlock(lines, style, lineHeightOf(style), env, 'note', 'end', width);
}
