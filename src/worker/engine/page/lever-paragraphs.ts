/**
 * Balancing lever (7), `looseParagraph` (configuration.md §8.5 "re-break the longest paragraph one
 * line looser (`\looseness=+1`) within `maxWordSpacing`"): when the whole-line levers (3)–(6) left
 * a short column that flows on still short, up to `maxLooseParagraphs` of its paragraphs — the
 * longest first, then in reading order — are set again one line longer at the same measure. Each
 * takes one grid line of the gap; everything under it in the column moves down one line.
 *
 * A paragraph qualifies only when it was set whole in the column (one segment, not beside a
 * wrapped resource, nothing of another block drawn between its lines) and the looser setting
 * keeps every line within the word-spacing bounds (`minWordSpacing` … `maxWordSpacing`: the
 * breaker's ratio within −1 … 1, no line set ragged for want of stretch, no emergency line).
 * Needs `bodyText.optimalLineBreaking` (the first-fit breaker has no looseness). As with the other
 * levers, nothing moves when a drawn path (formula, picture) follows: paths are not shifted.
 *
 * Not done: "optionally with tiny tracking" (`trackParagraphs`, `maxTracking`): the paragraph
 * setter has no letter spacing yet (paragraph/items.ts), so a paragraph that cannot gain a line
 * by its spaces alone is left as it is.
 */
import { Op, type DisplayItem } from '../../protocol/displaylist';
import type { SetLine } from '../paragraph/lines';
import type { LayoutSettings } from '../settings';
import { shiftItems, type LeverPoint } from './levers';

/** What a paragraph's lever point carries: where it was drawn and how to set and draw it again. */
export interface LooseParagraph {
  /** How many items it drew: [point.item, point.item + count) in the page's list. */
  count: number;
  /** Its lines as placed. */
  lines: number;
  /** Baseline of its first drawn item when placed, pt (a lever above it may have moved it since). */
  firstY: number;
  /** Justified: its lines' spaces are stretched and must stay within the bounds. */
  justify: boolean;
  /** The paragraph set one line looser (`looseness` +1) at the same measure. */
  reset: () => readonly SetLine[];
  /** Its lines drawn as it was drawn, `dy` pt lower: new items, not in the page. */
  draw: (lines: readonly SetLine[], dy: number) => DisplayItem[];
}

/** How many paragraphs of a column lever (7) may loosen (0: off). */
export function looseParagraphLimit(settings: LayoutSettings): number {
  const b = settings.balancing;
  if (b?.enabled === false || b?.looseParagraphs === false || !settings.body.optimalLineBreaking) return 0;
  return Math.max(0, b?.maxLooseParagraphs ?? 2);
}

/** Whether set lines keep their spaces within `minWordSpacing` … `maxWordSpacing` (ratio −1 … 1 of the word-space glue). */
export function withinWordSpacing(lines: readonly SetLine[], justify: boolean): boolean {
  return lines.every((line) => !line.emergency && (!justify || (!line.ragged && line.ratio <= 1 + 1e-9 && line.ratio >= -1 - 1e-9)));
}

const isPath = (item: DisplayItem): boolean => item.op === Op.Path || item.op === Op.Clip || item.op === Op.ClipEnd || item.op === Op.Transform;

/**
 * Loosens the column's paragraphs (points of kind `looseParagraph`) into a gap of `gap` grid lines,
 * at most `most` of them, one line each: each is drawn again in place, the items under it move
 * down `pitch` pt, later points' item indices follow. Returns the lines each point took (0 or 1).
 */
export function loosenParagraphs(points: LeverPoint[], items: DisplayItem[], gap: number, most: number, pitch: number): number[] {
  const taken = points.map(() => 0);
  let left = Math.min(gap, most);
  if (left <= 0) return taken;
  const order = points
    .map((p, i) => ({ p, i }))
    .filter((e) => e.p.kind === 'looseParagraph' && e.p.loose !== undefined && e.p.loose.count > 0)
    .sort((a, b) => b.p.loose!.lines - a.p.loose!.lines || a.i - b.i);
  for (const { p, i } of order) {
    if (left <= 0) break;
    const loose = p.loose!;
    const end = p.item + loose.count;
    const first = items[p.item];
    if (end > items.length || first?.op !== Op.GlyphRun) continue;
    if (!items.slice(p.item, end).every((item) => item.op === Op.GlyphRun)) continue;
    if (items.slice(end).some(isPath)) continue;
    const set = loose.reset();
    if (set.length !== loose.lines + 1 || !withinWordSpacing(set, loose.justify)) continue;
    const drawn = loose.draw(set, first.y - loose.firstY);
    items.splice(p.item, loose.count, ...drawn);
    shiftItems(items, p.item + drawn.length, items.length, pitch);
    const delta = drawn.length - loose.count;
    for (const later of points) {
      if (later === p || later.item < end) continue;
      later.item += delta;
      if (later.flex) later.flex = { ...later.flex, end: later.flex.end + delta, y: later.flex.y + pitch };
    }
    p.loose = { ...loose, count: drawn.length, lines: set.length };
    taken[i] = 1;
    left--;
  }
  return taken;
}
