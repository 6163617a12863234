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
 * Lines set by `set` at `width` pt and tracked by `tracking` pt; while a tracked line runs past the
 * width, set again that much narrower (at most four tries, the last kept: a single long word may
 * still overrun, as an untracked one would).
 */
export function trackedCellLines(set: (width: number) => SetLine[], width: number, tracking: number): SetLine[] {
  if (tracking === 0) return set(width);
  let measure = width;
  let lines: SetLine[] = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    lines = set(measure).map((line) => trackedLine(line, tracking));
    const over = Math.max(0, ...lines.map((line) => line.width)) - width;
    if (over <= 1e-6 || measure - over < 1) break;
    measure -= over;
  }
  return lines;
}
