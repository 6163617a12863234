/**
 * Balancing lever (7), `looseParagraph` (configuration.md §8.5 "re-break the longest paragraph one
 * line looser (`\looseness=+1`) within `maxWordSpacing`"): when the whole-line levers (3)–(6) left
 * a short column that flows on still short, up to `maxLooseParagraphs` of its paragraphs — the
 * longest first, then in reading order — are set again one line longer at the same measure. Each
 * takes one grid line of the gap; everything under it in the column moves down one line.
 *
 * Candidates: a body paragraph, a `:::paragraphs{style}` paragraph on the body leading (at its
 * style's measure, indents and alignment), and a list item on the grid (at its measure after its
 * indent; its marker, drawn with its first line, is drawn again where it was — an item is one
 * paragraph, document-format §5.5, so there is no later paragraph of it to take); each may open
 * with a drop cap (page/drop-cap.ts): set again beside the same initial in the same room (its
 * first `lines` lines narrower), the initial drawn again where it was, no tracking. Only justified
 * text: a paragraph set ragged (a style aligned left, centre or right, or a ragged body) is never
 * loosened — its spaces are not stretched, so "within maxWordSpacing" says nothing, and a line more
 * only deepens the rag.
 *
 * A paragraph split across columns is no candidate. Its head, at the foot of a short column: set
 * looser it would push text into the next column, and no lever of §8.5 changes what flows on. Its
 * rest, at the head of the short column, has a sound reading — re-broken from the cut (the source
 * offset of its first line there) as placeOnGrid re-breaks a paragraph for a column of another
 * width, the head untouched — but not a clean one yet: its lever point (closures over the pass)
 * would be pending at the first block start of nearly every column, where an edit's resumed pass
 * and its convergence check need a state that closes over nothing (paginate.ts plainState, page/
 * resume.ts, converge.ts): edits would resume and converge far less often.
 *
 * A paragraph qualifies only when it was set whole in the column (one segment, not beside a
 * wrapped resource, nothing of another block drawn between its lines) and the looser setting
 * keeps every line within the word-spacing bounds (`minWordSpacing` … `maxWordSpacing`: the
 * breaker's ratio within −1 … 1, no line set ragged for want of stretch, no emergency line).
 * Needs `bodyText.optimalLineBreaking` (the first-fit breaker has no looseness). As with the other
 * levers, nothing moves when a drawn path (formula, picture) follows: paths are not shifted.
 *
 * "Optionally with tiny tracking" (`trackParagraphs`, `maxTracking` thousandths of an em): a
 * left-to-right paragraph of non-joining, non-CJK text that cannot gain a line by its spaces alone
 * is set one line longer at a measure narrower by what the tracking can give back, and each line
 * is then letter-spaced (a fixed amount after every cluster but the last) out to the measure, never
 * more than `maxTracking` per cluster; the last line takes the mean of the others. The paragraph
 * setter has no letter spacing of its own: the spacing is added to the set lines' glyph positions
 * (paragraph/tracking.ts).
 */
import { Op, type DisplayItem } from '../../protocol/displaylist';
import type { LineAccept, LineShape, SetLine } from '../paragraph';
import type { LayoutSettings } from '../settings';
import { shiftItems, type LeverPoint } from './levers';
import { declareAppliedSettings } from '../../config';
import { clusterCount, trackLine } from '../paragraph/tracking';

export { trackLine } from '../paragraph/tracking';

// Read by settings-from-config.ts into `settings.balancing` and applied here (looseParagraphLimit, trackingLimit).
declareAppliedSettings(['headings.balancing.looseParagraphs', 'headings.balancing.maxLooseParagraphs', 'headings.balancing.trackParagraphs', 'headings.balancing.maxTracking']);

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
  /**
   * The paragraph set `looseness` lines looser at the measure less `narrower` pt. With `accept`:
   * set only if it takes the lines' shapes (known from breaking alone), else no lines — most
   * settings tried are refused, and setting their lines cost more than breaking them.
   */
  reset: (narrower: number, looseness: number, accept?: LineAccept) => readonly SetLine[];
  /** The measure it was set at, pt. */
  measure: number;
  /** Its body size, pt (tracking is in thousandths of it). */
  em: number;
  /** Set left to right (tracking is only added to such paragraphs). */
  ltr: boolean;
  /**
   * Never tracked: a drop cap's paragraph, whose first lines are narrower than `measure` by the
   * initial's room (tracking spaces every line out to the measure).
   */
  untracked?: boolean;
  /** Tracking the lever added, thousandths of an em (absent: none). */
  tracking?: number;
  /** Its lines drawn as it was drawn, `dy` pt lower: new items, not in the page. */
  draw: (lines: readonly SetLine[], dy: number) => DisplayItem[];
}

/**
 * How a candidate other than a plain body paragraph is drawn again (paginate.ts looseSegment):
 * `shift`, pt, moves a line in its measure (a `:::paragraphs` style's alignment, paragraph-styles.ts
 * alignShift); `attached` counts the items drawn after its lines that belong with its first line —
 * a list item's marker, a drop cap's initial — which the lever draws again unchanged at the first
 * line's baseline (`movedCopies`), since a looser setting keeps the first line where it was.
 */
export interface LooseLook {
  shift?: (line: SetLine) => number;
  attached?: () => number;
}

/**
 * A drop cap's paragraph set again (page/drop-cap.ts, paginate.ts initialOf): the text after the
 * initial at `measure` pt, `looseness` lines looser, its first lines in the same room beside the
 * same initial (the paragraph engine's `initialRoom`); `accept` as in `LooseParagraph.reset`.
 */
export type InitialLoose = (measure: number, looseness: number, accept?: LineAccept) => SetLine[];

/** Copies of `items` moved down `dy` pt (the page's items are read-only once drawn: levers.ts shiftItems makes new ones). */
export function movedCopies(items: readonly DisplayItem[], dy: number): DisplayItem[] {
  const copies = [...items];
  if (dy !== 0) shiftItems(copies, 0, copies.length, dy);
  return copies;
}

/** How many paragraphs of a column lever (7) may loosen (0: off). */
export function looseParagraphLimit(settings: LayoutSettings): number {
  const b = settings.balancing;
  if (b?.enabled === false || b?.looseParagraphs === false || !settings.body.optimalLineBreaking) return 0;
  return Math.max(0, b?.maxLooseParagraphs ?? 2);
}

/** Most tracking lever (7) may add, fraction of an em (0: off); `maxTracking` is in thousandths. */
export function trackingLimit(settings: LayoutSettings): number {
  const b = settings.balancing;
  if (b?.trackParagraphs === false) return 0;
  return Math.max(0, b?.maxTracking ?? 10) / 1000;
}

/**
 * The paragraph one line longer with tracking: set at a measure narrower by most of what
 * `limit` em per cluster gives back on its shortest line, then each line spaced out to `measure`.
 * Null when no such setting keeps its spaces and its tracking within the bounds.
 */
export function trackedSetting(loose: LooseParagraph, limit: number): { lines: SetLine[]; tracking: number } | null {
  // Justified text only: a ragged line is not spaced out to the measure.
  if (limit <= 0 || !loose.ltr || !loose.justify || loose.untracked) return null;
  const measure = loose.measure;
  const perCluster = limit * loose.em;
  const counts = loose.reset(0, 0).slice(0, -1).map(clusterCount);
  const fits = oneLineLonger(loose);
  if (counts.length === 0 || counts.some((c) => c === null)) return null;
  for (const share of [0.9, 0.6]) {
    const narrower = share * perCluster * (Math.min(...(counts as number[])) - 1);
    if (narrower <= 0) return null;
    for (const looseness of [0, 1]) {
      const lines = loose.reset(narrower, looseness, fits);
      if (!fits(lines)) continue;
      const deltas: number[] = [];
      for (const line of lines.slice(0, -1)) {
        const clusters = clusterCount(line);
        if (clusters === null || clusters < 2) return null;
        deltas.push(Math.max(0, (measure - line.width) / (clusters - 1)));
      }
      if (deltas.length === 0 || deltas.some((d) => d > perCluster + 1e-9)) continue;
      const mean = deltas.reduce((a, b) => a + b, 0) / deltas.length;
      const last = lines[lines.length - 1]!;
      const lastClusters = clusterCount(last) ?? 1;
      const lastDelta = lastClusters > 1 ? Math.min(mean, Math.max(0, (measure - last.width) / (lastClusters - 1))) : 0;
      const tracked = [...lines.slice(0, -1).map((line, i) => trackLine(line, deltas[i]!)), trackLine(last, lastDelta)];
      return { lines: tracked, tracking: Math.round((Math.max(...deltas) / loose.em) * 1000 * 100) / 100 };
    }
  }
  return null;
}

/** Whether set lines keep their spaces within `minWordSpacing` … `maxWordSpacing` (ratio −1 … 1 of the word-space glue). */
export function withinWordSpacing(lines: readonly LineShape[], justify: boolean): boolean {
  return lines.every((line) => !line.emergency && (!justify || (!line.ragged && line.ratio <= 1 + 1e-9 && line.ratio >= -1 - 1e-9)));
}

/** What the lever keeps of a paragraph set again: one line longer than placed, every line within the word-spacing bounds. */
function oneLineLonger(loose: LooseParagraph): LineAccept {
  const accept: LineAccept = (lines) => lines.length === loose.lines + 1 && withinWordSpacing(lines, loose.justify);
  // A paragraph that cannot reach one line more within the bounds is refused unbroken (paragraph/index.ts).
  accept.fewestLines = loose.lines + 1;
  return accept;
}

const isPath = (item: DisplayItem): boolean => item.op === Op.Path || item.op === Op.Clip || item.op === Op.ClipEnd || item.op === Op.Transform;

/**
 * Loosens the column's paragraphs (points of kind `looseParagraph`) into a gap of `gap` grid lines,
 * at most `most` of them, one line each: each is drawn again in place, the items under it move
 * down `pitch` pt, later points' item indices follow. Returns the lines each point took (0 or 1).
 * `moves`: paths that move with the items under them (a heading design's, drawn again by `shift`:
 * page/levers-designs.ts); `shift` moves items [from, to) down (levers.ts shiftItems by default).
 */
export function loosenParagraphs(points: LeverPoint[], items: DisplayItem[], gap: number, most: number, pitch: number, tracking = 0, moves?: ReadonlySet<DisplayItem>, shift = (from: number, to: number, dy: number): void => shiftItems(items, from, to, dy)): number[] {
  const taken = points.map(() => 0);
  let left = Math.min(gap, most);
  if (left <= 0) return taken;
  const order = points
    .map((p, i) => ({ p, i }))
    // Justified text only (our reading of §8.5 "within maxWordSpacing"): a ragged line (a style
    // aligned left, centred or right, a ragged body) has no stretched spaces to loosen; broken one
    // line longer it only grows more ragged.
    .filter((e) => e.p.kind === 'looseParagraph' && e.p.loose !== undefined && e.p.loose.count > 0 && e.p.loose.justify)
    .sort((a, b) => b.p.loose!.lines - a.p.loose!.lines || a.i - b.i);
  for (const { p, i } of order) {
    if (left <= 0) break;
    const loose = p.loose!;
    const end = p.item + loose.count;
    const first = items[p.item];
    if (end > items.length || first?.op !== Op.GlyphRun) continue;
    if (!items.slice(p.item, end).every((item) => item.op === Op.GlyphRun)) continue;
    if (items.slice(end).some((item) => isPath(item) && !moves?.has(item))) continue;
    const fits = oneLineLonger(loose);
    let set: readonly SetLine[] = loose.reset(0, 1, fits);
    let tracked: number | undefined;
    if (!fits(set)) {
      // Optionally with tiny tracking (trackParagraphs, maxTracking).
      const withTracking = trackedSetting(loose, tracking);
      if (!withTracking) continue;
      set = withTracking.lines;
      tracked = withTracking.tracking;
    }
    const drawn = loose.draw(set, first.y - loose.firstY);
    items.splice(p.item, loose.count, ...drawn);
    shift(p.item + drawn.length, items.length, pitch);
    const delta = drawn.length - loose.count;
    for (const later of points) {
      if (later === p || later.item < end) continue;
      later.item += delta;
      if (later.flex) later.flex = { ...later.flex, end: later.flex.end + delta, y: later.flex.y + pitch };
    }
    p.loose = { ...loose, count: drawn.length, lines: set.length, ...(tracked !== undefined ? { tracking: tracked } : {}) };
    taken[i] = 1;
    left--;
  }
  return taken;
}
