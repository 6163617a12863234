/**
 * The most lines a justified paragraph can be broken into with every line but the last within
 * the word-space bounds (the breaker's ratio ≤ 1: `maxWordSpacing`), found without breaking it.
 *
 * Balancing lever (7) asks for a paragraph one line looser (configuration.md §8.5); most
 * paragraphs it tries cannot take the extra line, and each refusal cost a Knuth–Plass search
 * without node merging (page/lever-paragraphs.ts). This bound refuses most of them up front.
 *
 * Why it is a bound. A line that is not the last is justified to its width w(i): its natural width
 * plus at most its glue's stretch (ratio ≤ 1) reaches w(i), less any hyphen its break adds (at most
 * `hyphen`, the widest penalty). So a line starting at item s can end no earlier than the first
 * legal break p (glue after a box, or a penalty below 10,000) where the room of items s…p−1 —
 * boxes' widths, glue's width plus stretch — reaches w(i) − hyphen: call it a(s). a(s) never moves
 * back as s moves on (less room lies ahead of a later start). Taking that earliest break line after
 * line (the greedy below) therefore puts each break at or before the same break of any setting
 * within the bounds, by induction, so no such setting has more breaks before the paragraph's last
 * box (the last line holds at least that box). Counting glue a real break discards only makes the
 * greedy break sooner, which keeps the bound.
 *
 * No bound (Infinity) where a line may end short without stretching: a forced break before the
 * paragraph's end (a hard line break), or glue of unbounded stretch other than the paragraph's
 * finishing glue (a ragged or centred line, `\hfil`).
 */
import { INFINITE_PENALTY, type LineWidths } from './items';
import { KIND_BOX, KIND_GLUE, KIND_PENALTY, type BreakColumns } from './linebreak';

/** Stretch at or past this (pt) is unbounded: finishing glue is 1e5 pt (paragraph/items.ts FINISHING_STRETCH). */
const UNBOUNDED_STRETCH = 1e4;

/** Room a line may lack and still count as reaching its width, pt: the lever accepts ratio ≤ 1 + 1e-9 (lever-paragraphs.ts withinWordSpacing), and sums here run in another order than the breaker's. */
const ROOM_TOLERANCE = 1e-6;

/** More lines than any paragraph a lever tries: the count stops here rather than loop on a zero-width measure. */
const MOST_COUNTED = 100_000;

/** Most lines of any setting of `columns` at `lineWidths` with every line but the last at ratio ≤ 1 (Infinity: no bound). */
export function mostJustifiedLines(columns: BreakColumns, lineWidths: LineWidths): number {
  const { n, kind, width, stretch, penalty } = columns;
  let hyphen = 0; // pt: the widest penalty a break may add
  let lastBox = -1;
  for (let i = 0; i < n; i++) {
    const k = kind[i]!;
    if (k === KIND_BOX) lastBox = i;
    else if (k === KIND_GLUE) {
      // The finishing glue, right before the paragraph's closing forced break, is the only unbounded one.
      if (stretch[i]! >= UNBOUNDED_STRETCH && !(i === n - 2 && kind[n - 1] === KIND_PENALTY && penalty[n - 1]! <= -INFINITE_PENALTY)) return Infinity;
    } else {
      if (penalty[i]! <= -INFINITE_PENALTY && i < n - 1) return Infinity;
      if (width[i]! > hyphen) hyphen = width[i]!;
    }
  }
  let breaks = 0;
  let need = lineWidths(0) - hyphen; // pt of room the current line must reach before it may end
  if (need <= 0) return Infinity;
  let room = 0; // pt: the current line's natural width plus stretch so far
  for (let i = 0; i < lastBox; i++) {
    const k = kind[i]!;
    const legal = k === KIND_GLUE ? i > 0 && kind[i - 1] === KIND_BOX : k === KIND_PENALTY && penalty[i]! < INFINITE_PENALTY;
    if (legal && room >= need - ROOM_TOLERANCE) {
      // The earliest break this line may take: the next line starts after it.
      if (++breaks >= MOST_COUNTED) break;
      need = lineWidths(breaks) - hyphen;
      if (need <= 0) return Infinity;
      room = 0;
      continue;
    }
    if (k === KIND_BOX) room += width[i]!;
    else if (k === KIND_GLUE) room += width[i]! + stretch[i]!;
  }
  return breaks + 1;
}
