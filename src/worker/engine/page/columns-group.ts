/**
 * `:::columns{count gap rule breaks span}` in running text (document-format §8.4, since 1.25;
 * `layout.flowColumns`): the group's paragraphs, quotes, list items and headings
 * (page/columns-group-heading.ts) are set at the width of
 * `count` sub-columns of the text column (or of the whole content width with `span="page"`),
 * on the body grid, and flow as one galley (`snake`): down the first sub-column, then the next.
 * A group that fits in the room left is cut where the sub-columns come out level (the first ones
 * take ⌈lines ÷ count⌉, so a paragraph may split between sub-columns); a longer one fills the
 * room in every sub-column and continues in the next column or page. `breaks` opens sub-columns
 * 2, 3, … at the given 1-based block indices instead. `rule` draws `layout.columnRule` centred
 * in each gap, as tall as the segment. Lengths in pt.
 */
import type { DisplayItem } from '../../protocol/displaylist';
import { Op, roundPt } from '../../protocol/displaylist';
import type { Attributes, Block, Inline } from '../parse/model';
import type { SetLine } from '../paragraph';
import { listItemRunts } from '../paragraph';
import type { LayoutSettings, TextStyle } from '../settings';
import { attributeLength } from './paragraph-styles';
import { columnRuleOf } from './sections';
import { boxListItem } from './list-shape';
import { boxCut, splitRule } from './break-rules';
import { emptyRow, headingRows, type GroupHeadingHost } from './columns-group-heading';
import { verseRows, type GroupVerseHost } from './columns-group-verse';
import { codeRows, displayRows, resourceRows, type GroupBlockHost, type GroupDrawHost } from './columns-group-blocks';
import type { SplitUnit } from './columns-group-split';
import { citingRows, plannedWithFeet, type GroupFloatHost } from './columns-group-floats';
import { besideRow, closeWrapBand, linesAroundWrap, rowsLeftBeside, type GroupWrapBand } from './columns-group-wrap';
import { inlinesFrom } from './slice';
import { inRoom, markerByLine } from './vertical-generated';

export interface GroupShape {
  count: number;
  /** Space between sub-columns, pt. */
  gap: number;
  /** Width of one sub-column, pt. */
  width: number;
  rule: boolean;
  /** Across the page's columns (`span="page"` in a multi-column page). */
  page: boolean;
  /**
   * Counted-block indices (0-based) opening sub-columns 2, 3, … (`breaks`, and `:::columnbreak`
   * inside the group); empty = balanced snake.
   */
  breaks: number[];
  /**
   * How a group that does not fit continues (§8.4 `flow`): `snake` = one galley down the
   * sub-columns; `parallel` = each stream (the blocks between breaks) keeps its own sub-column,
   * and the streams go on level on the next column/page (page/columns-parallel.ts). Default:
   * parallel with breaks, snake without; an unknown value (warned `columnsFlowUnknown` by the
   * parser) takes the default.
   */
  flow: 'snake' | 'parallel';
  /**
   * Sub-columns read right to left (the group's own `dir`, else the book's `direction`): the first
   * stands on the right, as a right-to-left page's first column does (configuration.md §7).
   */
  rtl?: true;
}

/** Left edge of sub-column `c` (reading order) from the group's left edge, pt. */
export function subColumnLeft(shape: GroupShape, c: number): number {
  return (shape.rtl ? shape.count - 1 - c : c) * (shape.width + shape.gap);
}

/** The rule in the gap before sub-column `c` (c ≥ 1, reading order), given its left edge `x0`, pt: centred in the gap on its start side. */
export function gapRuleX(shape: GroupShape, x0: number): number {
  return shape.rtl ? x0 + shape.width + shape.gap / 2 : x0 - shape.gap / 2;
}

/**
 * Blocks the group counts (§8.4 `breaks`: paragraphs, quotes, list items; directives and note
 * definitions are not counted). A heading counts as a block (our reading: §8.4 lists the blocks a
 * group held, and a break before a heading opens the sub-column at it).
 */
function counted(block: Block): boolean {
  return block.kind !== 'footnoteDefinition' && block.kind !== 'directive';
}

/** Counted-block indices a `:::columnbreak` inside the group opens a sub-column at (the block after it). */
export function columnBreakIndices(inner: readonly Block[]): number[] {
  const out: number[] = [];
  let index = 0;
  for (const block of inner) {
    if (block.kind === 'directive' && block.name === 'columnbreak' && !block.ignored) {
      if (index > 0) out.push(index); // a break before any text opens nothing (an empty column is a no-op, §7.3)
    } else if (counted(block)) index++;
  }
  return out;
}

/** The group's sub-columns for a text column `columnWidth` wide (or the content width across the page). */
export function groupShape(attrs: Attributes, columnWidth: number, contentWidth: number, pageColumns: number, settings: LayoutSettings, inner: readonly Block[] = []): GroupShape {
  const countRaw = Number(attrs['count'] ?? 2);
  const count = Number.isInteger(countRaw) ? Math.min(6, Math.max(2, countRaw)) : 2;
  const page = attrs['span'] === 'page' && pageColumns > 1;
  // Default gap: one body line in a text column, the page gutter across the page (§8.4).
  const gap = attributeLength(attrs['gap'], settings.body.style.size) ?? (page ? settings.gutter : settings.body.lineHeight);
  const outer = page ? contentWidth : columnWidth;
  const width = Math.max(1, (outer - (count - 1) * gap) / count);
  const breaks = (attrs['breaks'] ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n >= 2)
    .map((n) => n - 1);
  // Breaks past the last sub-column are dropped: the streams after them run on in the last one.
  const all = [...new Set([...breaks, ...columnBreakIndices(inner)])].sort((a, b) => a - b).slice(0, count - 1);
  const flow = attrs['flow'] === 'snake' || attrs['flow'] === 'parallel' ? attrs['flow'] : all.length > 0 ? 'parallel' : 'snake';
  const rtl = (attrs['dir'] ?? settings.direction) === 'rtl';
  return { count, gap, width, rule: attrs['rule'] !== undefined && attrs['rule'] !== 'false', page, breaks: all, flow, ...(rtl ? { rtl: true as const } : {}) };
}

/**
 * Whether the group holds only blocks this placer sets (others flow as plain text, as before):
 * paragraphs, quotes, list items, headings (page/columns-group-heading.ts), poems
 * (page/columns-group-verse.ts), code listings, display formulas and resources in flow
 * (page/columns-group-blocks.ts), note definitions, `:::columnbreak` and `:::space` (blank rows).
 * (paginate.ts still lets the group flow plain when `groupRows` cannot set a block or one kept
 * whole is taller than a column.)
 */
export function groupSettable(inner: readonly Block[]): boolean {
  const kinds = new Set<Block['kind']>(['paragraph', 'blockquote', 'listItem', 'heading', 'verse', 'code', 'mathDisplay', 'resourceBlock', 'footnoteDefinition']);
  // A callout box (page/columns-group-box.ts) is one block: what it holds is the box's to judge (paginate.ts).
  const top = outsideBoxes(inner);
  return top.some((b) => b.kind !== 'footnoteDefinition' && b.kind !== 'directive') && top.every((b) => kinds.has(b.kind) || isBox(b) || (b.kind === 'directive' && (b.name === 'columnbreak' || b.name === 'space')));
}

/** A callout box's opening fence. */
function isBox(block: Block): block is Extract<Block, { kind: 'containerStart' }> {
  return block.kind === 'containerStart' && block.name === 'callout';
}

/** The group's blocks with each callout box's content and closing fence left out (the fence stands for the box). */
function outsideBoxes(inner: readonly Block[]): Block[] {
  const out: Block[] = [];
  let endOf: string | null = null;
  for (const block of inner) {
    if (endOf !== null) {
      if (block.id === endOf) endOf = null;
      continue;
    }
    out.push(block);
    if (isBox(block)) endOf = block.endId;
  }
  return out;
}

/** One grid row of the group: a line, its x inside the sub-column, the block index it belongs to. */
export interface GroupRow {
  block: { id: string };
  line: SetLine;
  x: number;
  /** Index of its block among the group's counted blocks (for `breaks`). */
  blockIndex: number;
  marker?: { line: SetLine; x: number };
  /** A list item's line (its widow and orphan switches, `splitRule`). */
  inList?: true;
  /** The line's role in the display list (a heading's lines: 'heading'; else body). */
  role?: 'heading';
  /** Baseline shift from the row's body baseline, pt (a heading line at its own leading). */
  dy?: number;
  /** A row of space (`:::space`, a heading's margins): dropped at a sub-column's head and at the group's continuation. */
  blank?: true;
  /** Rows sharing this object are never cut between sub-columns (a heading; a verse line with its turnovers, a kept stanza); no widow/orphan rule applies to them. */
  whole?: object;
  /** Keep with next (§8.1): the block never ends a sub-column; it moves on with what follows. */
  keepNext?: true;
  /** A block drawn whole from this row's top-left (page pt): a listing, display or resource (page/columns-group-blocks.ts). */
  draw?: (host: GroupDrawHost, x: number, top: number) => void;
  /** A listing's or table's part the group may cut between sub-columns (page/columns-group-split.ts) or parallel segments (page/columns-parallel-split.ts); its rows are `whole` too, so no other rule cuts a part. */
  split?: SplitUnit;
  /** Run once the segment holding this row is placed: queues the floats cited at it (a floating resource's embed, a box's citations), at the group's level. */
  after?: () => void;
  /** The floats `after` queues, in order (a floating resource's embed, a box's citations, a box floated out of the group): the foot room kept for them (page/columns-group-floats.ts), and what a float barrier after them holds back. */
  queues?: QueuedFloat[];
  /** Floats mentioned after this row's line — an embed or a box (its citations, the box floated out) after the group's last row of text, carried back by it: queued after those its line cites by `:ref` (reading order, §12.7), as `after` and `queues` are before them. */
  afterLine?: Pick<GroupRow, 'after' | 'queues'>;
  /** A float barrier (§12.7) stands here: a barrier box's first row, or the row after a barrier box floated out of the group; every float cited before it is set before it (`placeGroup`). */
  barrier?: true;
}

/** A float queued by a row's `after`: its id and the block mentioning it (the `::resource` embed, the callout box citing it). */
export interface QueuedFloat {
  id: string;
  block: { id: string };
}

/** Rows of the tallest unit kept whole (a block no sub-column may cut); `splitting`: listings and tables split (a snake group), so they count for none. */
export function tallestUnit(rows: readonly GroupRow[], splitting = false): number {
  let most = 0;
  let run = 0;
  rows.forEach((row, k) => {
    const whole = splitting && row.split ? undefined : row.whole;
    run = whole && k > 0 && rows[k - 1]!.whole === whole ? run + 1 : whole ? 1 : 0;
    most = Math.max(most, run);
  });
  return most;
}

/** What the placer needs from the page flow (paginate.ts). */
export interface GroupHost {
  pitch: number;
  /** Baseline offset of a body line in its grid row, pt. */
  baseline: number;
  /** Rows of body text still free in the current column (or page band), from the cursor. */
  rowsLeft(): number;
  /** Left edge of the group in page coordinates, pt. */
  left(): number;
  /** Top of the cursor's row in page coordinates, pt. */
  top(): number;
  /** Moves on: the next column, or the next page for a page-wide group. */
  next(): void;
  /** Whether nothing is set yet where the cursor is (a fresh column). */
  fresh(): boolean;
  /** Records `rows` grid rows as used under the cursor. */
  advance(rows: number): void;
  emit(block: { id: string }, line: SetLine, x: number, baseline: number, role?: 'heading'): void;
  /** Generated text (a listing's numbers and title): glyph runs recording no block. */
  mark(line: SetLine, x: number, baseline: number): void;
  push(item: DisplayItem): void;
  /** Records a figure scaled to fit a column (page/columns-group-blocks.ts), on the page it is drawn on (the `floatShrunk` check). */
  shrunk?(id: string, scale: number): void;
  /** Floats cited by `:ref` in the group's lines, queued at their line (page/columns-group-floats.ts); without it they wait for their embed. */
  floats?: GroupFloatHost;
  /** Float barriers (§12.7) among the rows: whether a float waits to be set, whether any of `ids` is mentioned for the first time (not queued yet), and setting every waiting one (the next columns, as the main flow flushes before a barrier box). */
  barrier?: { waiting(): boolean; first(ids: readonly string[]): boolean; flush(): void };
}

/**
 * Per sub-column row counts for the rows from `from` in `room` rows: balanced (⌈rows ÷ count⌉
 * each) or, when they do not all fit, every sub-column full; or up to the explicit breaks. With
 * `settings`, a paragraph or list item a sub-column boundary cuts keeps the body's widow and
 * orphan minimums (`keptCut`); the rows a shortened sub-column gives up go to the next ones (the
 * last one of a balanced group up to `room`), and what no sub-column here takes goes on.
 */
export function splitRows(rows: readonly GroupRow[], from: number, room: number, shape: GroupShape, settings?: LayoutSettings): number[] {
  return planRows(rows, from, room, shape, settings).counts;
}

/**
 * `splitRows`, and the rows as the cuts leave them: a listing or table a sub-column's foot cuts
 * (`GroupRow.split`) is replaced from there by its two parts' rows (page/columns-group-split.ts).
 */
export function planRows(given: readonly GroupRow[], from: number, room: number, shape: GroupShape, settings?: LayoutSettings): { counts: number[]; rows: GroupRow[] } {
  const rows = given.slice();
  const rest = rows.length - from;
  if (shape.breaks.length > 0) {
    // Each sub-column runs to the row before its break's block (or the end), capped by the room.
    const counts: number[] = [];
    let at = from;
    for (let c = 0; c < shape.count && at < rows.length; c++) {
      const lead = blankLead(rows, at);
      at += lead;
      const stop = shape.breaks.find((blockIndex) => rows.findIndex((r) => r.blockIndex >= blockIndex) > at);
      const end = stop === undefined || c === shape.count - 1 ? rows.length : Math.max(at, rows.findIndex((r) => r.blockIndex >= stop));
      let take = Math.min(room, end - at);
      // Cut by the room (not at the break): the minimums hold there too.
      if (settings && take < end - at) take = keptCut(rows, at, take, settings);
      counts.push(lead + take);
      at += take;
    }
    return { counts, rows };
  }
  const balanced = rest <= room * shape.count;
  const per = balanced ? Math.ceil(rest / shape.count) : room;
  // Sub-columns of at most `target` rows (the last of a balanced group up to the room).
  const layout = (target: number): { counts: number[]; tallest: number; used: number; rows: GroupRow[] } => {
    const counts: number[] = [];
    const mine = rows.slice();
    let at = from;
    let tallest = 0;
    for (let c = 0; c < shape.count && at < mine.length; c++) {
      const lead = blankLead(mine, at);
      at += lead;
      let take = Math.min(balanced && c === shape.count - 1 ? room : target, mine.length - at);
      if (settings) take = keptCut(mine, at, take, settings);
      counts.push(lead + take);
      tallest = Math.max(tallest, take);
      at += take;
    }
    return { counts, tallest, used: at - from, rows: mine };
  };
  let best = layout(per);
  // A cut moved up (a block kept whole, a heading kept with the next, the minimums) leaves the last
  // sub-column the rows the others gave up: try taller targets while that is so, and keep the
  // most level one that still sets every row (ties: the lower target).
  for (let target = per + 1; balanced && best.tallest > per && target <= room; target++) {
    const next = layout(target);
    if (next.used === next.rows.length - from && next.tallest < best.tallest) best = next;
  }
  return { counts: best.counts, rows: best.rows };
}

/**
 * Blank rows at `from` (space is dropped at a group's top, column heads and continuation tops,
 * document-format §7.4): counted as taken by the sub-column that opens there, but set on no row.
 */
export function blankLead(rows: readonly GroupRow[], from: number): number {
  let n = 0;
  while (from + n < rows.length && rows[from + n]!.blank) n++;
  return n;
}

/**
 * Rows to take from `from` when `take` would end the sub-column: a block cut there keeps the body's
 * widow minimum at the foot and its orphan minimum carried over (configuration.md §6.4 in the
 * spec's sense; `splitRule`, a list item's own switches), by the rule a split box's cut follows
 * (`boxCut`). A block that opens the sub-column is cut where it must (nothing else would fit it).
 */
function keptCut(rows: GroupRow[], from: number, take: number, settings: LayoutSettings): number {
  if (take === 0 || from + take >= rows.length) return take;
  // Each rule may move the cut up onto another one's ground (a heading over a paragraph cut
  // before its second line): apply them until the cut stays; at most one move per row.
  let kept = take;
  for (let moves = 0; moves <= take && kept > 0; moves++) {
    const next = cutOnce(rows, from, kept, settings);
    if (next === kept) break;
    kept = next;
  }
  return kept <= 0 ? take : kept;
}

/** One step of `keptCut`: the rows to take after one rule has looked at the cut before row `from + take`. */
function cutOnce(rows: GroupRow[], from: number, take: number, settings: LayoutSettings): number {
  const cut = from + take;
  const before = rows[cut - 1]!;
  const after = rows[cut]!;
  // A listing or table cut by the foot (page/columns-group-split.ts): split as in the main flow,
  // its parts' rows put in its place; where its rules forbid the cut, it goes on whole.
  if (after.split && after.split === before.split) {
    const start = unitStart(rows, cut - 1, from, (r) => r.split) ?? from;
    const parts = after.split.cut(cut - start, start === from);
    if (!parts) return start > from ? start - from : take;
    let end = cut;
    while (end < rows.length && rows[end]!.split === after.split) end++;
    rows.splice(start, end - start, ...parts.before, ...parts.after);
    return start + parts.before.length - from;
  }
  // A unit kept whole (a heading, a verse line and its turnovers) goes on whole.
  if (after.whole && after.whole === before.whole) return (unitStart(rows, cut - 1, from, (r) => r.whole) ?? cut) - from;
  // Keep with next (§8.1; `:::space` counted by it, §7.4): a heading, or a heading and the blank
  // rows under it, never ends the sub-column — it goes on with the first line of what follows.
  let last = cut - 1;
  while (last > from && rows[last]!.blank && !rows[last]!.keepNext) last--;
  if (rows[last]!.keepNext) return (unitStart(rows, last, from, (r) => r.block) ?? cut) - from;
  // A paragraph or list item cut here keeps the body's widow and orphan minimums.
  const rule = splitRule(settings, after.inList === true);
  const text = (k: number): object | null => (rows[k]!.whole || rows[k]!.blank ? null : rows[k]!.block);
  return boxCut(text, rows.length, from, take, rule.footMin, rule.headMin);
}

/** The first row of the unit (`key`: its block, or its whole unit) row `k` belongs to, not before `from`; null for one begun in an earlier segment (its cut stays). */
function unitStart(rows: readonly GroupRow[], k: number, from: number, key: (row: GroupRow) => object | undefined): number | null {
  const unit = key(rows[k]!);
  let start = k;
  while (start > from && key(rows[start - 1]!) === unit) start--;
  return start === from && from > 0 && key(rows[from - 1]!) === unit ? null : start;
}

/** Sets the group's rows through the host; returns the lines placed (for the notes they cite). */
export function placeGroup(given: readonly GroupRow[], shape: GroupShape, host: GroupHost, settings: LayoutSettings): SetLine[] {
  const placed: SetLine[] = [];
  // The rows as the cuts so far left them (a listing or table split between sub-columns: planRows).
  let rows: readonly GroupRow[] = given;
  const rule = columnRuleOf(settings);
  let index = 0;
  let guard = 0;
  // Barrier rows whose floats were set (each is met once).
  const flushed = new Set<GroupRow>();
  while (index < rows.length && guard++ < 10000) {
    // A float barrier opening the segment (§12.7): every float cited before it is set first.
    const head = rows[index]!;
    if (head.barrier && host.barrier && !flushed.has(head)) {
      flushed.add(head);
      host.barrier.flush();
      continue;
    }
    const room = host.rowsLeft();
    if (room <= 0) {
      host.next();
      continue;
    }
    // Keep at least two lines per sub-column at a column foot when more follow (the body's minimum, our choice).
    if (room < 2 && rows.length - index > shape.count && !host.fresh()) {
      host.next();
      continue;
    }
    // Foot room kept for the floats the segment's lines first cite (page/columns-group-floats.ts).
    const planned = (given: readonly GroupRow[]): { counts: number[]; rows: GroupRow[] } => (host.floats ? plannedWithFeet(index, room, host.floats, (r) => planRows(given, index, r, shape, settings)) : planRows(given, index, room, shape, settings));
    let plan = planned(rows);
    // A float barrier the segment would hold, with floats waiting or cited above it: the segment
    // ends above it when what comes before it fits here (set as the group's end would be), and
    // the next one starts at it, once they are set.
    const barrier = barrierCut(rows, index, host, planned);
    if (barrier) plan = barrier;
    rows = plan.rows;
    const counts = plan.counts;
    const top = host.top();
    const after: (() => void)[] = [];
    const left = host.left();
    // Each sub-column's blank rows at its head take no room (splitRows counted them).
    const leads: number[] = [];
    counts.reduce((at, count) => (leads.push(Math.min(count, blankLead(rows, at))), at + count), index);
    const tallest = Math.max(...counts.map((count, c) => count - leads[c]!));
    counts.forEach((count, c) => {
      const x0 = left + subColumnLeft(shape, c);
      for (let k = leads[c]!; k < count; k++) {
        const row = rows[index + k]!;
        const baseline = top + (k - leads[c]!) * host.pitch + host.baseline;
        host.emit(row.block, row.line, x0 + row.x, baseline + (row.dy ?? 0), row.role);
        if (row.marker) host.emit(row.block, row.marker.line, x0 + row.marker.x, baseline);
        row.draw?.(host, x0, baseline - host.baseline);
        queueRow(host, row, after);
        placed.push(row.line);
      }
      index += count;
      if (shape.rule && rule.width > 0 && c > 0) {
        const x = roundPt(gapRuleX(shape, x0));
        host.push({ op: Op.Rule, x1: x, y1: roundPt(top), x2: x, y2: roundPt(top + tallest * host.pitch), width: roundPt(rule.width), stroke: rule.colour });
      }
    });
    host.advance(tallest);
    // Floats cited in the segment, queued under it (the group's level: the text column's slots).
    for (const queue of after) queue();
    // Space left over at the group's end is dropped with the segment break (§7.4).
    if (index + blankLead(rows, index) >= rows.length) index = rows.length;
    // (At a barrier the group goes on where its floats leave it: in this column when none waits.)
    if (index < rows.length && !barrier) host.next();
  }
  return placed;
}

/** The floats `rows` mention (queued with them, cited by `:ref` in their lines): a float barrier after them holds back those mentioned first there. */
export function mentionedFloats(rows: readonly (GroupRow | null | undefined)[], host: GroupHost): string[] {
  if (host.floats) return citingRows(rows, host.floats).flatMap((c) => c.ids);
  return rows.flatMap((row) => [...(row?.queues ?? []), ...(row?.afterLine?.queues ?? [])].map((q) => q.id));
}

/**
 * The segment from `index` cut above the first float barrier after its first row (`GroupRow.barrier`,
 * document-format §12.7: floats cited before it are placed before it), when floats wait or the rows
 * above it mention one first, and what comes before the barrier fits in this segment: its plan, the rows
 * from the barrier on kept after it. Null: no such barrier, or the segment is planned as before.
 */
function barrierCut(rows: readonly GroupRow[], index: number, host: GroupHost, planned: (given: readonly GroupRow[]) => { counts: number[]; rows: GroupRow[] }): { counts: number[]; rows: GroupRow[] } | null {
  if (!host.barrier) return null;
  const at = rows.findIndex((row, k) => k > index && row.barrier);
  if (at < 0) return null;
  if (!host.barrier.first(mentionedFloats(rows.slice(index, at), host)) && !host.barrier.waiting()) return null;
  const before = planned(rows.slice(0, at));
  // Only when the rows above the barrier all fit here: else the room cuts the segment first.
  if (index + before.counts.reduce((a, b) => a + b, 0) < before.rows.length) return null;
  return { counts: before.counts, rows: [...before.rows, ...rows.slice(at)] };
}

/**
 * Adds to `after` (run once the segment is placed) what `row` queues, in reading order: the floats
 * mentioned before its line (`GroupRow.after`), those its line cites by `:ref`, at its line
 * (page/columns-group-floats.ts), then those mentioned after it (`GroupRow.afterLine`).
 */
export function queueRow(host: GroupHost, row: GroupRow, after: (() => void)[]): void {
  if (row.after) after.push(row.after);
  const floats = host.floats;
  const ids = row.blank ? [] : (floats?.refFloats(row.line) ?? []);
  if (floats && ids.length > 0) after.push(() => floats.queueFloats(ids, row.block));
  if (row.afterLine?.after) after.push(row.afterLine.after);
}

/** What setting the group's rows needs from the page flow. */
export interface RowSetter {
  setText(request: { base: number; inlines: readonly Inline[]; style: TextStyle; measure: number; indent: number; justify: boolean; avoidRunts?: boolean }): SetLine[];
  /** One generated line; `beside`: the text it stands beside (a list item's inlines: in vertical text, page/vertical-generated.ts). */
  setGenerated(text: string, style: TextStyle, direction?: 'ltr' | 'rtl', beside?: string | readonly Inline[]): SetLine;
  listMarker(item: Extract<Block, { kind: 'listItem' }>): string;
  /** Headings (running text only; page/columns-group-heading.ts); without it a heading sets no row. */
  heading?: GroupHeadingHost;
  /** Poems (running text only; page/columns-group-verse.ts); without it a poem sets no row. */
  verse?: GroupVerseHost;
  /** Listings, displays, resources and callout boxes (running text only; page/columns-group-blocks.ts); without it they set no row. */
  blocks?: GroupBlockHost;
}

/**
 * The group's rows at the sub-column width, in body type: paragraphs (the first flush, the rest
 * with the body indent), quotes at their indent, list items with their markers hanging; headings
 * in their level's type (page/columns-group-heading.ts); poems (page/columns-group-verse.ts);
 * `:::space{lines}` as blank rows.
 */
export function groupRows(inner: readonly Block[], width: number, settings: LayoutSettings, set: RowSetter): GroupRow[] | null {
  const body = settings.body.style;
  const justify = settings.body.align === 'justify';
  const rows: GroupRow[] = [];
  let index = -1;
  // The paragraph after a heading or a `:::space` starts flush unless bodyText.indentAfterHeading (§6.1, §7.4).
  let afterHeading = false;
  // Floats cited since the last row (a floating resource's embed, a box's citations): queued with the next row, else the last.
  let cites: { queue: () => void; floats: readonly QueuedFloat[] }[] = [];
  // (`slot`: the row itself, mentioned before its line, or its `afterLine`.)
  const cite = (slot: Pick<GroupRow, 'after' | 'queues'>, { queue, floats }: (typeof cites)[number]): void => {
    const before = slot.after;
    slot.after = before ? () => (before(), queue()) : queue;
    if (floats.length > 0) (slot.queues ??= []).push(...floats);
  };
  // (A row of text: blank rows are dropped at a sub-column's head and split parts are replaced when cut, so neither carries them.)
  const carries = (row: GroupRow): boolean => !row.blank && !row.split;
  // A float barrier box floated out of the group (no row of its own): the barrier stands at the next row.
  let barrierNext = false;
  const push = (...more: GroupRow[]): void => {
    const start = rows.length;
    rows.push(...more);
    if (barrierNext && more[0]) {
      more[0].barrier = true;
      barrierNext = false;
    }
    const carrier = rows.slice(start).find(carries);
    if (cites.length > 0 && carrier) {
      const waiting = cites;
      cites = [];
      for (const one of waiting) cite(carrier, one);
    }
  };
  // A resource wrapped in a sub-column (page/columns-group-wrap.ts): the band of rows beside it.
  let band: GroupWrapBand | null = null;
  /** Ends the wrap in force: what follows goes below the resource and its gap. */
  const endWrap = (): void => {
    if (band) closeWrapBand(band, rows);
    band = null;
  };
  /**
   * A paragraph's, quotation's or list item's lines, the first `beside` of them beside the band
   * (`inBand`) while it lasts: `set(from, measure)` sets the block from source offset `from` (null: its start) at `measure` pt.
   */
  const textLines = (measure: number, set: (from: number | null, measure: number) => SetLine[]): { lines: readonly SetLine[]; beside: number; inBand: GroupWrapBand | null } => {
    const beside = rowsLeftBeside(band, rows);
    if (!band || beside === 0) return { lines: set(null, measure), beside: 0, inBand: null };
    return { ...linesAroundWrap(beside, band.wrap.inset, measure, set), inBand: band };
  };
  /** The lines (`textLines`, unless given) as rows (`row(line, i)`). */
  const pushText = (measure: number, set: (from: number | null, measure: number) => SetLine[], row: (line: SetLine, i: number) => GroupRow, placed = textLines(measure, set)): void => {
    const { lines, beside, inBand } = placed;
    if (!inBand) {
      endWrap();
      lines.forEach((line, i) => push(row(line, i)));
      return;
    }
    lines.forEach((line, i) => push(i < beside ? besideRow(inBand, row(line, i)) : row(line, i)));
    if (rowsLeftBeside(band, rows) === 0) endWrap();
  };
  let boxEnd: string | null = null;
  for (const child of inner) {
    // A callout box's content is the box's (set by `blocks.box` at its fence).
    if (boxEnd !== null) {
      if (child.id === boxEnd) boxEnd = null;
      continue;
    }
    if (child.kind === 'directive' && child.name === 'space' && !child.ignored) {
      endWrap();
      // `:::space{lines}` (§7.4): whole grid rows in a group (a fraction rounded, at least one row).
      const n = Number(child.attrs['lines'] ?? 1);
      const lines = Number.isFinite(n) && n > 0 && n <= 20 ? n : 1;
      for (let k = 0; k < Math.max(1, Math.round(lines)); k++) push({ block: child, line: emptyRow(), x: 0, blockIndex: index, blank: true });
      afterHeading = settings.body.indentAfterHeading ? afterHeading : true;
      continue;
    }
    if (!counted(child)) continue;
    index++;
    const flushAfter = afterHeading && !settings.body.indentAfterHeading;
    afterHeading = false;
    if (isBox(child)) {
      endWrap();
      // A nested callout is one block (§8.4 `breaks`), set in its sub-column (page/columns-group-box.ts).
      const end = inner.findIndex((x) => x.id === child.endId);
      const box = set.blocks?.box?.(child, end < 0 ? [] : inner.slice(inner.indexOf(child) + 1, end), width, index) ?? null;
      if (!box) return null; // a box the group cannot set: it flows plain
      // A float barrier (§12.7) at its first row (placeGroup sets the floats cited before it first).
      if (box.barrier) {
        if (box.rows[0]) box.rows[0].barrier = true;
        else barrierNext = true;
      }
      push(...box.rows);
      // The floats the box cites, queued with the text after it (page/callout-cites.ts).
      if (box.cites) cites.push({ queue: box.cites, floats: box.floats ?? [] });
      boxEnd = child.endId;
      continue;
    }
    if (child.kind === 'resourceBlock') {
      // A floating resource (§8.4 "cited figures float normally"): no row; queued at the group's level under the segment holding its place.
      const queue = set.blocks?.floating?.(child) ?? null;
      if (queue) {
        cites.push({ queue, floats: [{ id: child.resourceId, block: child }] });
        continue;
      }
      endWrap();
      // One that wraps (§12.8): at a side of the sub-column, the text after it beside it (page/columns-group-wrap.ts); refused, it is set across the sub-column.
      const wrap = set.blocks?.wrap?.(child, width);
      if (wrap && typeof wrap !== 'string') {
        band = { wrap, start: rows.length, whole: {}, block: child, blockIndex: index };
        continue;
      }
    }
    if (child.kind !== 'paragraph' && child.kind !== 'blockquote' && child.kind !== 'listItem') endWrap();
    if (child.kind === 'heading') {
      if (set.heading) push(...headingRows(child, index, width, settings, set.setText, set.heading));
      afterHeading = true;
      continue;
    }
    if (child.kind === 'verse') {
      if (set.verse) push(...verseRows(child, index, width, settings, set.verse));
      continue;
    }
    if (child.kind === 'code' || child.kind === 'mathDisplay' || child.kind === 'resourceBlock') {
      if (!set.blocks) continue;
      const drawn = child.kind === 'code' ? codeRows(child, index, width, settings, set.blocks) : child.kind === 'mathDisplay' ? displayRows(child, index, width, settings, set.blocks) : resourceRows(child, index, width, settings, set.blocks);
      if (!drawn) return null; // a block the group cannot set: it flows plain
      push(...drawn);
      continue;
    }
    if (child.kind === 'listItem') {
      // The list's shape and its level's marker type (page/list-shape.ts), inside the sub-column.
      const shaped = (beside: string | readonly Inline[], room?: ReturnType<typeof boxListItem>) => boxListItem(settings, child, body, (style) => inRoom(set.setGenerated(set.listMarker(child), style, undefined, beside), room?.marker));
      const itemSetter = ({ textX: firstX, turnoverX: textX }: ReturnType<typeof shaped>) => (from: number | null, measure: number): SetLine[] => set.setText({ base: from ?? child.range.from, inlines: from === null ? child.inlines : inlinesFrom(child.inlines, from), style: body, measure, indent: from === null ? firstX - textX : 0, justify, ...listItemRunts(settings) });
      // In vertical text the marker is set as the item's first line, where it stands, is drawn (vertical-generated.ts markerByLine).
      const placed = markerByLine(settings, child.inlines, shaped(child.inlines), (shape) => textLines(Math.max(1, width - shape.turnoverX), itemSetter(shape)), (lines) => lines.lines[0], shaped);
      const { marker, markerX: depth, turnoverX: textX } = placed.marker;
      pushText(Math.max(1, width - textX), itemSetter(placed.marker), (line, i) => ({ block: child, line, x: textX, blockIndex: index, inList: true, ...(i === 0 ? { marker: { line: marker, x: depth } } : {}) }), placed.set);
    } else if (child.kind === 'paragraph' || child.kind === 'blockquote') {
      const quote = child.kind === 'blockquote';
      const style = quote ? { ...body, italic: settings.blockquote.italic, colour: settings.blockquote.colour } : body;
      const x = quote ? settings.blockquote.indent : 0;
      const flush = index === 0 || flushAfter || (child.kind === 'paragraph' && child.continuesParagraph === true);
      // bodyText.hangingIndent (§6.1): body paragraphs' lines after the first firstLineIndent in, the first flush.
      const hang = !quote && settings.body.hangingIndent === true ? Math.max(0, settings.body.firstLineIndent) : 0;
      const indent = flush || hang > 0 ? 0 : quote ? (settings.blockquote.firstLineIndent ?? settings.body.firstLineIndent) : settings.body.firstLineIndent;
      const setBlock = (from: number | null, measure: number): SetLine[] =>
        from === null ? set.setText({ base: child.range.from, inlines: child.inlines, style, measure, indent, justify, ...(hang > 0 ? { hang } : {}) }) : set.setText({ base: from, inlines: inlinesFrom(child.inlines, from), style, measure, indent: 0, justify, ...(hang > 0 ? { hang, hangFirst: true } : {}) });
      pushText(Math.max(1, width - x), setBlock, (line) => ({ block: child, line, x, blockIndex: index }));
    }
  }
  endWrap();
  if (cites.length > 0) {
    // Cited after the last row of text: queued with it, after the floats its line cites (a barrier
    // box among them sets those first); with no row of text to carry them, the group flows plain.
    const carrier = [...rows].reverse().find(carries);
    if (!carrier) return null;
    for (const waiting of cites) cite((carrier.afterLine ??= {}), waiting);
  }
  return rows;
}

/** One line of a box row: a sub-column's line (or list marker) at its x inside the box's inner measure, pt. */
export interface BoxGroupLine {
  block: { id: string };
  line: SetLine;
  x: number;
  /** The group's gap rules (`rule`), one object shared by every line of the group; absent without a rule. */
  rule?: BoxGroupRule;
}

/** The gap rules of one `:::columns{rule}` group in a box: x of each rule inside the inner measure, pt, and the `layout.columnRule` stroke. */
export interface BoxGroupRule {
  xs: readonly number[];
  width: number;
  colour: string;
}

/** The sub-columns of a `:::columns` group (`inner`: from its `containerStart`) in a box `innerWidth` pt wide inside; without its own `gap`, the box style's `columnGap` (configuration.md §13.4), pt. */
export function boxGroupShape(inner: readonly Block[], innerWidth: number, settings: LayoutSettings, boxGap?: number): GroupShape {
  const attrs = attrsOf(inner);
  const gap: Attributes = attrs['gap'] === undefined && boxGap !== undefined ? { gap: `${boxGap}pt` } : {};
  return groupShape({ ...attrs, span: 'column', ...gap }, innerWidth, innerWidth, 1, settings, inner.slice(1));
}

/**
 * `:::columns` inside a callout (document-format §8.4): the sub-columns share the box's inner
 * width and the box grows to the tallest one. Returns one entry per grid row of the group, each
 * with the lines set on it across the sub-columns: balanced snake (⌈lines ÷ count⌉ per
 * sub-column), up to explicit breaks with `flow=snake`, or the parallel streams side by side
 * (page/columns-parallel.ts). The box splits between these rows like between its other lines.
 */
export function boxGroupRows(inner: readonly Block[], innerWidth: number, settings: LayoutSettings, set: RowSetter, parallel: (rows: readonly GroupRow[], shape: GroupShape) => (GroupRow | null)[][], boxGap?: number): BoxGroupLine[][] {
  const shape = boxGroupShape(inner, innerWidth, settings, boxGap);
  const rows = groupRows(inner.slice(1), shape.width, settings, set) ?? [];
  const columns: (GroupRow | null)[][] = [];
  if (shape.flow === 'parallel' && shape.breaks.length > 0) columns.push(...parallel(rows, shape));
  else {
    let at = 0;
    for (const count of splitRows(rows, 0, Math.max(1, rows.length), shape, settings)) {
      columns.push(rows.slice(at, at + count));
      at += count;
    }
  }
  const height = Math.max(0, ...columns.map((c) => c.length));
  // `rule`: centred in the gap before every sub-column that holds lines, like the running-text group.
  const stroke = columnRuleOf(settings);
  const rule: BoxGroupRule | undefined =
    shape.rule && stroke.width > 0 && columns.length > 1 ? { xs: columns.slice(1).map((_, k) => gapRuleX(shape, subColumnLeft(shape, k + 1))), width: stroke.width, colour: stroke.colour } : undefined;
  const withRule = rule ? { rule } : {};
  return Array.from({ length: height }, (_, r) =>
    columns.flatMap((column, c) => {
      const row = column[r];
      if (!row) return [];
      const x0 = subColumnLeft(shape, c);
      return [{ block: row.block, line: row.line, x: x0 + row.x, ...withRule }, ...(row.marker ? [{ block: row.block, line: row.marker.line, x: x0 + row.marker.x, ...withRule }] : [])];
    }),
  );
}

/**
 * The gap rules of the groups among one box segment's rows (`rows` as placed, top to bottom, each
 * `height` pt, the group's rows carrying `across`): one rule per gap from the group's first row
 * in the segment to the bottom of its last, at `left` (the box's inner left edge) + the rule's x.
 * `top` is the first row's top, pt.
 */
export function boxGroupRules(rows: readonly { height: number; across?: readonly BoxGroupLine[] }[], left: number, top: number): DisplayItem[] {
  const items: DisplayItem[] = [];
  let y = top;
  let open: { rule: BoxGroupRule; from: number; to: number } | null = null;
  const close = (): void => {
    if (!open) return;
    const { rule, from, to } = open;
    for (const x of rule.xs) items.push({ op: Op.Rule, x1: roundPt(left + x), y1: roundPt(from), x2: roundPt(left + x), y2: roundPt(to), width: roundPt(rule.width), stroke: rule.colour });
    open = null;
  };
  for (const row of rows) {
    const rule = row.across?.[0]?.rule;
    if (open && open.rule !== rule) close();
    if (rule) {
      if (open) open.to = y + row.height;
      else open = { rule, from: y, to: y + row.height };
    }
    y += row.height;
  }
  close();
  return items;
}

/** The attributes of the group's opening fence (the first block of `inner`). */
function attrsOf(inner: readonly Block[]): Attributes {
  const start = inner[0];
  return start && start.kind === 'containerStart' ? start.attrs : {};
}
