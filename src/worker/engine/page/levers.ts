/**
 * Column-balancing levers of a column that flows on (configuration.md §8.5): when a column ends
 * short of its foot — a heading kept with its text went on to the next column, or the widow and
 * orphan rules moved lines — whole grid lines are added inside it so its last line sits on the
 * foot (the text stays on the grid). In the spec's order:
 *
 * - (3) above headings in the column (`maxLinesPerHeading` each, the biggest share to the
 *   highest-rank heading; never above a heading at the column top — none is recorded there);
 * - (4) after list ends (`stretchAfterLists`, `maxLinesAfterList`);
 * - (5) after displays and boxes: in-flow figures, maths displays, callouts, and (6) under a
 *   column's top float (`stretchAfterFloats`, `maxLinesAfterFloat`).
 *
 * Before them, (1) `closingBox`: a callout box that closes the short column (set last in it,
 * whole) drops to the last grid slot, and takes the whole gap (paginate's `stretchColumn`;
 * `closingRun`/`droppedBoxes` below). When a run of boxes closes it (set whole one after the other,
 * nothing between them), `'first'` (the default) drops the run from its first box — the boxes go
 * down together and keep their spacing — and `'last'` the last box alone (the boxes before it stay
 * under the text); `'off'` turns the lever off. (The spec names the values only: this reading, and
 * that the box's own bottom margin is not kept at the foot, like space above a block at a column
 * top, are ours.)
 *
 * A column ended by `:::columnbreak`, a page break or the chapter's end is not stretched (its gap
 * is the author's, §7.3, or the closing page's, page/balance.ts). Lines go only where something
 * of the column follows the point, and never where a path (a formula, a drawn picture) follows:
 * its coordinates are not shifted (our limit). (2) picture growth (`flexFigure`) is in
 * page/levers-flex.ts; (7) a paragraph re-broken one line looser in page/lever-paragraphs.ts.
 */
import type { DisplayItem } from '../../protocol/displaylist';
import { Op, roundPt } from '../../protocol/displaylist';
import type { LayoutSettings } from '../settings';
import type { FlexPicture } from './levers-flex';
import { changedRun } from './run-items';
import type { LooseParagraph } from './lever-paragraphs';

export type LeverKind = 'heading' | 'afterList' | 'afterFloat';

/** A place in a column where lines may be added: everything emitted from `item` on moves down. */
export interface LeverPoint {
  /** `flexFigure`: lever (2), a cropped in-flow picture (page/levers-flex.ts; no limit but the whole picture). */
  kind: LeverKind | 'flexFigure' | 'looseParagraph';
  /** Index in the page's items of the first item that moves. */
  item: number;
  /** The block the lever belongs to (the heading, the list's last item, the display). */
  block: string;
  /** Heading level (1 = highest rank); 0 for the other kinds. */
  rank: number;
  /** `flexFigure`: the cropped in-flow figure that may grow (page/levers-flex.ts). */
  flex?: FlexPicture;
  /** `looseParagraph`: lever (7), a paragraph set whole in the column that may be re-broken one line looser (page/lever-paragraphs.ts). */
  loose?: LooseParagraph;
}

/** What a page records about the levers that fired (`block.balancing.levers`, §8.5). */
export interface LeverRecord {
  block: string;
  lever: LeverKind | 'closingBox' | 'flexFigure' | 'looseParagraph';
  /** Grid lines added. */
  lines: number;
  column: number;
  /** `looseParagraph` with tracking: the most letter spacing added, thousandths of an em (page/lever-paragraphs.ts). */
  tracking?: number;
}

/** The `headings.balancing` lever limits with the spec's defaults. */
export function leverLimits(settings: LayoutSettings): Record<LeverKind, number> {
  const b = settings.balancing;
  if (b?.enabled === false) return { heading: 0, afterList: 0, afterFloat: 0 };
  return {
    heading: Math.max(0, b?.maxLinesPerHeading ?? 4),
    afterList: b?.stretchAfterLists === false ? 0 : Math.max(0, b?.maxLinesAfterList ?? 1),
    afterFloat: b?.stretchAfterFloats === false ? 0 : Math.max(0, b?.maxLinesAfterFloat ?? 1),
  };
}

/**
 * Lines per point for a gap of `gap` grid lines: headings first (highest rank, then reading
 * order), then list ends, then displays, each up to its limit. Points with nothing after them,
 * or with a path after them, get none — but for the paths in `moves` (a heading design's, drawn
 * again where the lever puts it: page/levers-designs.ts). The gap need not be used up.
 */
export function distributeLevers(points: readonly LeverPoint[], items: readonly DisplayItem[], gap: number, limits: Record<LeverKind, number>, moves?: ReadonlySet<DisplayItem>): number[] {
  const lines = points.map(() => 0);
  if (gap <= 0) return lines;
  const lastPath = items.reduce((last, item, i) => ((item.op === Op.Path || item.op === Op.Clip || item.op === Op.ClipEnd) && !moves?.has(item) ? i : last), -1);
  const usable = (p: LeverPoint): boolean => p.item < items.length && p.item > lastPath;
  const order = points
    .map((p, i) => ({ p, i }))
    .filter((e): e is { p: LeverPoint & { kind: LeverKind }; i: number } => e.p.kind !== 'flexFigure' && e.p.kind !== 'looseParagraph' && usable(e.p) && limits[e.p.kind] > 0)
    .sort((a, b) => kindRank(a.p.kind) - kindRank(b.p.kind) || (a.p.kind === 'heading' ? a.p.rank - b.p.rank : 0) || a.i - b.i);
  let left = gap;
  for (const { p, i } of order) {
    if (left <= 0) break;
    const take = Math.min(left, limits[p.kind]);
    lines[i] = take;
    left -= take;
  }
  return lines;
}

function kindRank(kind: LeverKind): number {
  return kind === 'heading' ? 0 : kind === 'afterList' ? 1 : 2;
}

/** Moves items [from, to) down by `dy` pt (glyph runs, rules, boxes, images). */
export function shiftItems(items: DisplayItem[], from: number, to: number, dy: number): void {
  for (let i = from; i < to; i++) {
    const item = items[i]!;
    switch (item.op) {
      case Op.GlyphRun:
        items[i] = changedRun(item, { y: roundPt(item.y + dy) });
        break;
      case Op.Rect:
      case Op.Image:
        items[i] = { ...item, y: roundPt(item.y + dy) };
        break;
      case Op.Rule:
        items[i] = { ...item, y1: roundPt(item.y1 + dy), y2: roundPt(item.y2 + dy) };
        break;
      default:
        break;
    }
  }
}

/** A callout box set whole in a column (lever 1, `closingBox`): its items [start, end) on a page. */
export interface ClosingBox {
  page: number;
  column: number;
  start: number;
  end: number;
  block: string;
}

/** The run of boxes closing a column so far with `box` set after it: `box` joins the run when it starts where the run's last box ended. */
export function closingRun(run: readonly ClosingBox[], box: ClosingBox): ClosingBox[] {
  const last = run[run.length - 1];
  return last && last.page === box.page && last.column === box.column && last.end === box.start ? [...run, box] : [box];
}

/** The boxes lever (1) drops from a run that closes a column: all of it (`'first'`) or its last box (`'last'`); none with `'off'`. */
export function droppedBoxes(run: readonly ClosingBox[], mode: 'first' | 'last' | 'off' | undefined): ClosingBox[] {
  if (mode === 'off' || run.length === 0) return [];
  return mode === 'last' ? run.slice(-1) : [...run];
}

/** Bottom of the boxes drawn by items [start, end), pt in page coordinates (their deepest rectangle), or `fallback` when they draw none. */
export function boxBottom(items: readonly DisplayItem[], start: number, end: number, fallback: number): number {
  let bottom = Number.NEGATIVE_INFINITY;
  for (let i = start; i < end; i++) {
    const item = items[i]!;
    if (item.op === Op.Rect) bottom = Math.max(bottom, item.y + item.h);
  }
  return Number.isFinite(bottom) ? bottom : fallback;
}
