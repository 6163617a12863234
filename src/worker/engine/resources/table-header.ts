/**
 * Header cells' letters (configuration.md §12.3): `headerTextTransform: 'uppercase'` sets the
 * header text in capitals, `headerLetterSpacing` (header-size em) tracks it — the small-caps-like
 * column heads of a professional table. Tracking is added after every character but the line's
 * last (page/furniture-letters.ts), so a tracked head still aligns flush with its cell's edge.
 */
import type { Inline } from '../parse/model';
import type { SetLine } from '../paragraph';
import { trackedLine } from '../page/furniture-letters';

/** Each character in capitals where that keeps its length (ß stays as written), so source offsets still map. */
function capitals(text: string): string {
  let out = '';
  for (const ch of text) {
    const upper = ch.toUpperCase();
    out += upper.length === ch.length ? upper : ch;
  }
  return out;
}

/** The inlines with their text in capitals (inside links and chips too); maths and references stay as they are. */
export function uppercaseInlines(inlines: readonly Inline[]): Inline[] {
  return inlines.map((inline): Inline => {
    if (inline.kind === 'text') return { ...inline, text: capitals(inline.text) };
    if (inline.kind === 'link' || inline.kind === 'chip') return { ...inline, children: uppercaseInlines(inline.children) };
    return inline;
  });
}

/**
 * Lines set by `set` at `width` pt and then changed by `after` (a header's tracking, `trackedHeader`;
 * a vertical table's tate-chū-yoko cells, table.ts), which lengthens them after breaking: while a
 * changed line runs past the width, set again that much narrower (at most four tries, the last kept:
 * a single long word may still overrun, as an unchanged one would). So the lines are broken at the
 * lengths they are drawn at, and none runs past its cell's measure. The next measure is the last
 * one narrowed in the proportion the longest line overran (what tracking or cells add grows with
 * the characters a line holds: narrowing by the overrun alone set a line of many one-em digit cells
 * at two thirds of the cell), and by at least the overrun's share of a point, so it always shrinks.
 */
export function cellLinesWithin(set: (width: number) => SetLine[], width: number, after: (line: SetLine) => SetLine): SetLine[] {
  let measure = width;
  let lines: SetLine[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    lines = set(measure).map(after);
    const longest = Math.max(0, ...lines.map((line) => line.width));
    if (longest <= width + 1e-6) break;
    const next = Math.min((measure * width) / longest, measure - Math.min(1, longest - width));
    if (next < 1) break;
    measure = next;
  }
  return lines;
}

/** A header line tracked by `tracking` pt (`headerLetterSpacing`); undefined when there is none. */
export function trackedHeader(tracking: number): ((line: SetLine) => SetLine) | undefined {
  return tracking === 0 ? undefined : (line) => trackedLine(line, tracking);
}
