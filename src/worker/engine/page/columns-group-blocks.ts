/**
 * Blocks a `:::columns` group in running text sets whole (document-format §8.4: "blocks =
 * paragraphs, list items, display formulas, figures, tables"): a code listing (page/code-block.ts,
 * its box, title, gutter and tints as in the main flow), a display formula (engine/math), a
 * resource in flow (a picture or table, caption with it), each built at the sub-column width and
 * drawn at once on its first grid row. The block takes ⌈height ÷ pitch⌉ whole rows (never cut
 * between sub-columns: `GroupRow.whole`), centred in them (a listing and a resource from the top);
 * its space above and below becomes whole blank rows, dropped at a sub-column's head:
 * `codeStyle.marginTop` in whole lines above (at least the margin) and `marginBottom` inside the
 * listing's last row, a display's margins rounded to grid lines, one line above and below a
 * resource (§12.3; below only with `layout.inlineResourceGap: 'around'`). A listing or a table
 * is cut between sub-columns by its own rules (page/columns-group-split.ts), and in parallel
 * streams between a stream's segments (page/columns-parallel-split.ts). Our readings: a figure
 * taller than a whole column is scaled to fit it (`resourceRows`); a wrapped resource stands at a
 * side of its sub-column with the text beside it (page/columns-group-wrap.ts); another block kept
 * whole taller than a whole column makes the group flow plain (paginate.ts); a listing's
 * `span=page` does not apply inside a group.
 * Lengths in pt.
 */
import type { DisplayItem } from '../../protocol/displaylist';
import type { DisplayLayout } from '../math/display';
import type { Block, CodeBlock, Inline, MathDisplayBlock, ResourceBlock } from '../parse/model';
import type { SetLine } from '../paragraph';
import type { FlowBlock } from '../resources/block';
import type { LayoutSettings } from '../settings';
import type { GroupRow, QueuedFloat } from './columns-group';
import { emptyRow } from './columns-group-heading';
import { listingSettings, placeListing, prepareListing, type ListingDeps, type ListingHost } from './code-block';
import { DEFAULT_BREAK_RULES } from './break-rules';
import { listingPartRows, tablePartRows } from './columns-group-split';
import { shrinkInto, type Shrunk } from './floats-shrink';
import type { GroupWrap } from './columns-group-wrap';
import type { WrapRefusal } from './floats-wrap';

/** What a block drawn whole needs of the page flow at its place. */
export interface GroupDrawHost {
  emit(block: { id: string }, line: SetLine, x: number, baseline: number): void;
  /** Generated text (a listing's numbers, title, markers): glyph runs recording no block. */
  mark(line: SetLine, x: number, baseline: number): void;
  push(item: DisplayItem): void;
  /** Records a resource scaled to fit a column, on the page it is drawn on (the `floatShrunk` check); scale 0–1. */
  shrunk?(id: string, scale: number): void;
}

/** What building these blocks needs from the page flow (paginate.ts). */
export interface GroupBlockHost {
  pitch: number;
  listing: ListingDeps;
  /** The display laid out at `width` (engine/math); null when the book sets no maths (the TeX source is set as text). */
  display(block: MathDisplayBlock, width: number): DisplayLayout | null;
  /** The resource built at `width`; null when it floats or cannot be built (the group then flows plain). */
  resource(block: ResourceBlock, width: number): FlowBlock | null;
  /** The resource built at `width` with picture, caption and note within `maxHeight` pt (its picture scaled, aspect kept: fit to page, page/floats-shrink.ts); without it a figure taller than a column makes the group flow plain. */
  fitted?(block: ResourceBlock, width: number, maxHeight: number): FlowBlock | null;
  /** Listings and tables may be cut between sub-columns (a snake group) or a stream's segments (parallel streams); without it they are kept whole. */
  split?: boolean;
  /** A whole column's height, pt (a listing's `keepTogether` moves only one that fits). */
  columnHeight?: number;
  /** A resource that wraps (§12.8) in a sub-column `width` pt wide: its place and band (page/columns-group-wrap.ts), or why not (recorded by the host; it is then set across the sub-column); undefined when it does not wrap. */
  wrap?(block: ResourceBlock, width: number): GroupWrap | WrapRefusal | undefined;
  /** A floating resource (§8.4 "cited figures float normally"): what queues it at the group's level; null when it does not float. */
  floating?(block: ResourceBlock): (() => void) | null;
  /** A callout box set in a sub-column `width` pt wide (page/columns-group-box.ts), what queues the floats it cites and which they are (for the foot room kept for them), and whether it is a float barrier (§12.7); null: the group cannot set it (it flows plain). */
  box?(start: Extract<Block, { kind: 'containerStart' }>, inner: readonly Block[], width: number, blockIndex: number): { rows: GroupRow[]; cites?: () => void; floats?: readonly QueuedFloat[]; barrier?: boolean } | null;
}

/** `above` blank rows, the block's ⌈height ÷ pitch⌉ rows (the first drawing it), `below` blank rows. */
function drawnRows(block: { id: string }, blockIndex: number, height: number, pitch: number, above: number, below: number, draw: (host: GroupDrawHost, x: number, top: number) => void): GroupRow[] {
  const rows: GroupRow[] = [];
  const whole = {};
  for (let i = 0; i < above; i++) rows.push({ block, line: emptyRow(), x: 0, blockIndex, blank: true });
  const count = Math.max(1, Math.ceil(height / pitch - 1e-6));
  for (let i = 0; i < count; i++) rows.push({ block, line: emptyRow(), x: 0, blockIndex, whole, ...(i === 0 ? { draw } : {}) });
  for (let i = 0; i < below; i++) rows.push({ block, line: emptyRow(), x: 0, blockIndex, blank: true });
  return rows;
}

/** A code listing at sub-column width `width`: one box, split between sub-columns by its rules (page/columns-group-split.ts). */
export function codeRows(block: CodeBlock, blockIndex: number, width: number, settings: LayoutSettings, host: GroupBlockHost): GroupRow[] {
  const listing = listingSettings(settings);
  const prepared = prepareListing(block, settings, width, host.listing);
  const { pitch } = host;
  // The margin above in whole blank rows; the part rows (one part while no sub-column foot cuts it).
  if (host.split) {
    const above = Array.from({ length: Math.ceil(listing.marginTop / pitch - 1e-6) }, (): GroupRow => ({ block, line: emptyRow(), x: 0, blockIndex, blank: true }));
    return [...above, ...listingPartRows(block, blockIndex, prepared, 0, pitch, listing.marginBottom, host.columnHeight)];
  }
  // As page/code-block.ts placeListing measures one part: the label tab above, padding, title, rows.
  const height = (prepared.tab?.above ?? 0) + 2 * prepared.padding + (prepared.title?.height ?? 0) + prepared.rows.length * prepared.leading;
  // At least its margins (as the main flow: the margin above, then back on the grid one margin below): whole rows above, the one below in the box's last row.
  return drawnRows(block, blockIndex, height + listing.marginBottom, pitch, Math.ceil(listing.marginTop / pitch - 1e-6), 0, (draw, x, top) => {
    // One part: a foot that never comes (the rows reserved hold it whole).
    placeListing(prepared, rowListingHost(block, draw, x, top));
  });
}

/**
 * A display formula at sub-column width `width`, centred there with its number (engine/math/display.ts),
 * centred in its rows; without maths its TeX source, centred in italic, one row per line (as paginate.ts).
 */
export function displayRows(block: MathDisplayBlock, blockIndex: number, width: number, settings: LayoutSettings, host: GroupBlockHost): GroupRow[] {
  const { pitch } = host;
  const display = host.display(block, width);
  if (!display) {
    const text = block.tex.replace(/\s+/g, ' ').trim();
    const source: Inline = { kind: 'text', text, marks: ['emphasis'], range: block.range, offsets: Array.from({ length: text.length }, () => -1) };
    const lines = host.listing.setText({ base: -1e9, inlines: [source], style: settings.body.style, measure: width, indent: 0, justify: false });
    const whole = {};
    return lines.map((line) => ({ block, line, x: Math.max(0, (width - line.width) / 2), blockIndex, whole }));
  }
  const ink = display.height + display.depth;
  const rows = Math.max(1, Math.ceil(ink / pitch - 1e-6));
  // The formula's baseline: its ink centred in the rows it takes, pt from their top.
  const baseline = (rows * pitch - ink) / 2 + display.height;
  return drawnRows(block, blockIndex, ink, pitch, Math.round(display.marginTop / pitch), Math.round(display.marginBottom / pitch), (draw, x, top) => {
    for (const path of display.paths(x, top + baseline)) draw.push(path);
    for (const number of display.numbers) draw.emit(block, number.line, x + number.x, top + baseline + number.dy);
  });
}

/**
 * A resource in flow at sub-column width `width` (caption with it), one line of space above and
 * below (§12.3); null: the group cannot set it. A figure taller than a column (its rows more than
 * a column's whole grid rows) is rebuilt to fit them, its picture scaled with its aspect kept, as
 * fit to page builds a float (page/floats-shrink.ts; our reading: a unit of a group is never cut,
 * and nothing else in the group would take it), and reported where it is drawn as a shrunk float
 * is (`floatShrunk`), at its scale against the figure as built for the group. No `minScale`
 * applies: the figure has no other place to go.
 */
export function resourceRows(block: ResourceBlock, blockIndex: number, width: number, settings: LayoutSettings, host: GroupBlockHost): GroupRow[] | null {
  const built = host.resource(block, width);
  if (!built) return null;
  const fit = fitToColumn(block, built, width, host);
  const flow = fit?.flow ?? built;
  // The gap below too unless layout.inlineResourceGap is 'above' (as in the main flow).
  const below = (settings.breaks ?? DEFAULT_BREAK_RULES).inlineResourceGap === 'around' ? 1 : 0;
  // A table (its own `split`): cut between sub-columns by its rules (page/columns-group-split.ts).
  if (host.split && flow.split) {
    const gap = (): GroupRow => ({ block, line: emptyRow(), x: 0, blockIndex, blank: true });
    return [gap(), ...tablePartRows(block, blockIndex, flow, host.pitch), ...Array.from({ length: below }, gap)];
  }
  return drawnRows(block, blockIndex, flow.height, host.pitch, 1, below, (draw, x, top) => {
    for (const item of flow.emit(x, top)) draw.push(item);
    if (fit) draw.shrunk?.(block.resourceId, fit.scale);
  });
}

/** The figure `built` rebuilt to a column's whole grid rows when it is taller (null: it fits, is a table — tables split — or cannot shrink). */
function fitToColumn(block: ResourceBlock, built: FlowBlock, width: number, host: GroupBlockHost): Shrunk | null {
  if (built.split || host.columnHeight === undefined || !host.fitted) return null;
  const fitted = host.fitted;
  // The rows a whole column holds, pt (the unit's blank row above is dropped at a column's head).
  const most = Math.floor(host.columnHeight / host.pitch + 1e-9) * host.pitch;
  return shrinkInto(built, most, 0, (maxHeight) => fitted(block, width, maxHeight));
}

/**
 * Where a listing in a group's rows draws (page/code-block.ts `ListingHost`): at `x`, from `top`
 * pt, into `draw`, with a foot that never comes (the rows reserved for it hold it whole).
 */
export function rowListingHost(block: { id: string }, draw: GroupDrawHost, x: number, top: number): ListingHost {
  let y = 0;
  return {
    y: () => y,
    setY: (to) => void (y = to),
    columnEmpty: () => true,
    limit: () => Number.POSITIVE_INFINITY,
    columnHeight: () => Number.POSITIVE_INFINITY,
    next: () => undefined,
    left: () => x,
    top: () => top,
    push: (item) => draw.push(item),
    emitText: (line, lx, baseline) => draw.emit(block, line, lx, baseline),
    emitMark: (line, lx, baseline) => draw.mark(line, lx, baseline),
  };
}
