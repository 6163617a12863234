/**
 * The most lines a justified paragraph can be broken into with every line but the last within
 * the word-space bounds (the breaker's ratio ≤ 1: `maxWordSpacing`), found without breaking it.
 *
 * Balancing lever (7) asks for a paragraph one line looser (configuration.md §8.5); most
 * paragraphs it tries cannot take the extra line, and each refusal cost a Knuth–Plass search
 * without node merging (page/lever-paragraphs.ts). This bound refuses most of them up front.
 *
 * Why it is a bound. A line that is not the last is justified to its width w(i): its natural width
 * plus at most its glue's stretch (ratio ≤ 1) reaches w(i), less any hyphen its break adds (a
 * flagged penalty's width, at most `hyphen`). Those lines hold disjoint parts of the paragraph's
 * content, so n of them need Σ_{i<n} (w(i) − hyphen) ≤ the whole paragraph's natural width plus its
 * whole stretch. Glue dropped at a break and the last line's content only make the real room
 * smaller, so a paragraph may well fall short of the bound; it never exceeds it.
 *
 * No bound (Infinity) where a line may end short without stretching: a forced break before the
 * paragraph's end (a hard line break), or glue of unbounded stretch other than the paragraph's
 * finishing glue (a ragged or centred line, `\hfil`).
 */
import { INFINITE_PENALTY, type LineWidths } from './items';
import { KIND_BOX, KIND_GLUE, KIND_PENALTY, type BreakColumns } from './linebreak';

/** Stretch at or past this (pt) is unbounded: finishing glue is 1e5 pt (paragraph/items.ts FINISHING_STRETCH). */
const UNBOUNDED_STRETCH = 1e4;

/** More lines than any paragraph a lever tries: the count stops here rather than loop on a zero-width measure. */
const MOST_COUNTED = 100_000;

/** Most lines of any setting of `columns` at `lineWidths` with every line but the last at ratio ≤ 1 (Infinity: no bound). */
export function mostJustifiedLines(columns: BreakColumns, lineWidths: LineWidths): number {
  const { n, kind, width, stretch, penalty } = columns;
  let room = 0; // pt: natural width + stretch of everything but the finishing glue
  let hyphen = 0; // pt: the widest penalty a break may add
  for (let i = 0; i < n; i++) {
    const k = kind[i]!;
    if (k === KIND_BOX) room += width[i]!;
    else if (k === KIND_GLUE) {
      const s = stretch[i]!;
      if (s >= UNBOUNDED_STRETCH) {
        // The finishing glue: right before the paragraph's closing forced break.
        if (i === n - 2 && kind[n - 1] === KIND_PENALTY && penalty[n - 1]! <= -INFINITE_PENALTY) continue;
        return Infinity;
      }
      room += width[i]! + s;
    } else {
      if (penalty[i]! <= -INFINITE_PENALTY && i < n - 1) return Infinity;
      if (width[i]! > hyphen) hyphen = width[i]!;
    }
  }
  let full = 0;
  let used = 0; // pt
  while (full < MOST_COUNTED) {
    const need = lineWidths(full) - hyphen;
    if (need <= 0) return Infinity;
    if (used + need > room) break;
    used += need;
    full++;
  }
  return full + 1;
}
