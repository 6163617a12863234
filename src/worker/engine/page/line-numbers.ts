/**
 * Margin line numbers (configuration.md §11.2 `lineNumbers`; settings read by
 * engine/settings-line-numbers.ts). A pass over a chapter's finished pages: it reads the lines
 * pagination placed and adds numbers beside them in the margin, as glyph runs of role
 * `lineNumber` on the line's baseline. It never moves a line (§11.2, §18).
 *
 * What is counted: with `count: 'verse'` the lines of `:::verse` poems, with `'all'` also the lines
 * of body paragraphs, quotations and list items; a `:::paragraphs` style's `lineNumbers` (§13.1)
 * counts its paragraphs whatever `count` says (true) or never (false). Never counted (§11.2):
 * headings, captions, notes, the contents and index, design text — nor (our reading) code listings
 * and the text of boxes set apart from the running text: a callout that floats (a column or page
 * slot, the side channel: like a figure), a callout the text wraps beside (its lines share
 * baselines with the text's), a `:::part` page. The text of a callout box in the flow and of a
 * `:::columns` group is running text (§11.2 lists neither among the exceptions) and is counted
 * where the reader meets it (a group pagination let flow as plain text, `PageDraft.groupsPlain`,
 * as the column's plain text): a box's lines numbered at the margin of the column it stands in
 * (not at the box's own edge, so the numbers stay on one line with the others); a group's lines
 * sub-column by sub-column (the snake order, document-format §8.4), the sub-columns taking
 * `multiColumn` as a page's columns do (`outer-edges`: the first sub-column's numbers in the margin
 * on its left, the last one's on its right; between them by `position`).
 * A verse line is counted once: its turnovers, and a `+` stepped line (the rest of a line shared
 * between speakers, document-format §9.1), take no number of their own.
 *
 * Order: by block, then column in flow order, then baseline — reading order. `restart`: `page` on
 * every page; `chapter` at every H1 (and chapter file); `section` at every heading; `poem` at every
 * poem; `document` never (the count goes on from the chapter before, `carried`, engine/index.ts). `startAt` is the
 * first counted line's number after a restart; a poem's `lineStart=N` and `:::numbering{lines=N}` restart the
 * count at N, in any mode (document-format §9.1, §14.4), a poem's `interval` is its own, `numbered=false` leaves
 * it out; numbers that are multiples of `interval` are
 * printed, and the first after a restart with `numberFirst`.
 *
 * Where: the side of the column the numbers sit on (`position`: outer/inner by the page's place in
 * the spread, left/right, start/end by the book's direction, side = the side column's side), with
 * several columns by `multiColumn` (`outer-edges`: the leftmost column's on its left, the
 * rightmost's on its right; `gutter`: the other way round, facing the gutter; `each`: every column
 * by `position`; columns between the outer two follow `position`), `gap` pt from the column's edge.
 * `align: auto` sets them flush towards the text (right-aligned on the left, left-aligned on the
 * right); `left`/`right` align the numbers of a column on a page on their own left/right edge.
 */
import { Op, type DisplayItem, type GlyphRunItem } from '../../protocol/displaylist';
import type { Attributes, Block, ParsedChapter, VerseBlock } from '../parse/model';
import type { LayoutSettings } from '../settings';
import type { LineNumberSettings } from '../settings-line-numbers';
import { groupSettable, groupShape } from './columns-group';
import { isRecto } from './continuation';
import { calloutWrapOf } from './floats-wrap';
import { pageFrame } from './geometry';
import { formatNumber } from './number-format';
import { glyphRun, type PageDraft, type SetGenerated } from './paginate';

/** A block whose lines are counted. */
interface Counted {
  index: number;
  /** Its verse lines' first offsets in order, and which are `+` stepped lines (poems only). */
  verse?: { from: number[]; stepped: boolean[] };
  /** A poem's own `interval` (document-format §9.1 fence attribute), over `lineNumbers.interval`. */
  interval?: number;
  /** The `:::columns` group (document-format §8.4) the block is set in: its fence's attributes; `box` when inside a callout box. */
  group?: { attrs: Attributes; box: boolean };
}

/** The blocks of a chapter whose lines are counted, by block id, and each block's restart epoch. */
interface ChapterCount {
  counted: Map<string, Counted>;
  /** Restart points at or before each block index: by `restart` (`chapter`, `section`, `poem`), a poem's `lineStart`, `:::numbering{lines}`. */
  epoch: number[];
  /** By epoch (≥ 1): the number the first line counted after its restart point takes. */
  starts: number[];
}

/** A whole number written in a fence or directive attribute; undefined when absent or not one. */
function attributeInteger(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*-?\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

const TEXT_KINDS: ReadonlySet<Block['kind']> = new Set(['paragraph', 'blockquote', 'listItem', 'verse']);

/** An open container around a block: whether it sets its text apart (counted never), the `:::paragraphs` style it names, the `:::columns` group it sets. */
interface OpenContainer {
  name: string;
  apart: boolean;
  style?: string;
  group?: Counted['group'];
}

/**
 * `floated`: the callout boxes pagination set as floats (their container ids, from the pages'
 * float logs). `flowColumns`: `layout.flowColumns` (a `:::columns` group in running text is set
 * as sub-columns unless false; in a box always, paginate.ts).
 */
function chapterCount(parsed: ParsedChapter, ln: LineNumberSettings, floated: ReadonlySet<string>, flowColumns: boolean, plainGroups: ReadonlySet<string>): ChapterCount {
  const counted = new Map<string, Counted>();
  const epoch: number[] = [];
  const starts: number[] = [];
  const open: OpenContainer[] = [];
  let points = 0;
  parsed.blocks.forEach((block, index) => {
    if (block.kind === 'containerStart') {
      const inBox = open.some((c) => c.name === 'callout');
      // Set apart (our reading of §11.2, above): a part page (not a part in a box: its blocks are the box's, callout-blocks.ts), a floated callout, a callout the text wraps beside.
      const apart = (block.name === 'part' && !inBox) || (block.name === 'callout' && (floated.has(block.id) || calloutWrapOf(block.attrs, 1) !== undefined));
      let group: Counted['group'];
      if (block.name === 'columns' && (inBox || flowColumns) && !plainGroups.has(block.id)) {
        // Only a group of text is set in sub-columns (columns-group.ts groupSettable); else its content flows as plain text,
        // as it does when paginate.ts let it fall back (`PageDraft.groupsPlain`): then its lines are the column's running text.
        const end = parsed.blocks.findIndex((x, i) => i > index && x.id === block.endId);
        if (groupSettable(parsed.blocks.slice(index + 1, end < 0 ? parsed.blocks.length : end))) group = { attrs: block.attrs, box: inBox };
      }
      open.push({ name: block.name, apart, ...(block.attrs['style'] !== undefined ? { style: block.attrs['style'] } : {}), ...(group ? { group } : {}) });
    } else if (block.kind === 'containerEnd') open.pop();
    const restarts = (ln.restart === 'chapter' && block.kind === 'heading' && block.level === 1) || (ln.restart === 'section' && block.kind === 'heading') || (ln.restart === 'poem' && block.kind === 'verse');
    // document-format §9.1 / §14.4: a poem's `lineStart=N` restarts the count at N, as `:::numbering{lines=N}` does for the line after it.
    const given = block.kind === 'verse' ? attributeInteger(block.attrs['lineStart']) : block.kind === 'directive' && block.name === 'numbering' ? attributeInteger(block.attrs['lines']) : undefined;
    if (restarts || given !== undefined) starts[++points] = given ?? ln.startAt;
    epoch.push(points);
    if (!TEXT_KINDS.has(block.kind) || open.some((c) => c.apart)) return;
    // The innermost group around the block (a group's blocks are never nested deeper in one: groupSettable).
    const group = [...open].reverse().find((c) => c.group)?.group;
    // The innermost :::paragraphs style that says, else `count`.
    let own: boolean | undefined;
    for (let i = open.length - 1; i >= 0 && own === undefined; i--) {
      const style = open[i]!.style;
      if (style !== undefined) own = ln.paragraphStyles[style];
    }
    if (!(own ?? (ln.count === 'all' || block.kind === 'verse'))) return;
    if (block.kind === 'verse') {
      // `numbered=false` leaves a poem out (document-format §9.1).
      const numbered = block.attrs['numbered'];
      if (numbered === 'false' || numbered === '0' || numbered === 'no') return;
      const lines = (block as VerseBlock).stanzas.flat();
      const interval = attributeInteger(block.attrs['interval']);
      counted.set(block.id, { index, verse: { from: lines.map((l) => l.range.from), stepped: lines.map((l) => l.stepped) }, ...(interval !== undefined && interval >= 1 ? { interval } : {}) });
    } else counted.set(block.id, { index, ...(group ? { group } : {}) });
  });
  return { counted, epoch, starts };
}

/** One printed line of a counted block on a page. */
interface PageLine {
  block: string;
  counted: Counted;
  /** The page column (flow order) it stands in; 0 for a group across the page. */
  column: number;
  /** Its sub-column in a `:::columns` group (0 outside one). */
  sub: number;
  /** The edges the numbers stand off, pt: its column's, or its group sub-column's. */
  area: NumberArea;
  y: number;
  /** Smallest source offset of its runs (Infinity for generated text alone). */
  from: number;
}

/** Where a line's numbers go: beside the column (or group sub-column) from `left` to `right`, pt. */
interface NumberArea {
  /** Identifies the column or sub-column (`align` left/right lines up the numbers of one). */
  key: string;
  left: number;
  right: number;
  /** Which edge the numbers stand at, by `multiColumn` among the page's columns or the group's sub-columns. */
  side: 'left' | 'right';
}

/** The page's column areas and the margin `position` picks on it (placeNumbers' input). */
interface PageColumns {
  columnX: readonly number[];
  columnWidths: readonly number[];
  /** The float-only side channel (`oneAndHalf` with `sideColumnRole: 'floats'`): glosses there are not counted. */
  side?: { x: number; width: number };
  /** The side `position` names on this page. */
  own: 'left' | 'right';
  multiColumn: LineNumberSettings['multiColumn'];
  settings: LayoutSettings;
}

/** The side of column `c` of `count` side by side (0 leftmost) by `multiColumn`: outer edges, the gutter, or each by `position`. */
function sideAmong(c: number, count: number, own: 'left' | 'right', multiColumn: LineNumberSettings['multiColumn']): 'left' | 'right' {
  if (count === 1 || multiColumn === 'each' || (c !== 0 && c !== count - 1)) return own;
  if (multiColumn === 'outer-edges') return c === 0 ? 'left' : 'right';
  return c === 0 ? 'right' : 'left';
}

/** A run's horizontal middle, pt: halfway between its first and last pen position. */
function runMiddle(run: GlyphRunItem): number {
  return (Math.min(...run.xs) + Math.max(...run.xs)) / 2;
}

/** The area a run of a counted block sets its line's numbers against (page column, or group sub-column). */
function areaOf(run: GlyphRunItem, counted: Counted, page: PageColumns): { column: number; sub: number; area: NumberArea } {
  const { columnX, columnWidths } = page;
  // Columns left to right (flow order need not be: a right-to-left book's first column is on the right).
  const byX = columnX.map((_, c) => c).sort((a, b) => columnX[a]! - columnX[b]!);
  const column = nearestColumn(run, columnX, columnWidths);
  const group = counted.group;
  if (!group) {
    const left = columnX[column]!;
    return { column, sub: 0, area: { key: `${column}`, left, right: left + (columnWidths[column] ?? 0), side: sideAmong(byX.indexOf(column), byX.length, page.own, page.multiColumn) } };
  }
  // A :::columns group (document-format §8.4): `count` equal sub-columns, `gap` apart, across its
  // text column, or the content width with span="page" (outside boxes). Sub-column i lies inside
  // the i-th n-th of that width (exactly in running text; in a box, whose padding narrows them, too
  // while the gap exceeds the padding), so the middle of any run of it tells which it is.
  const across = !group.box && columnX.length > 1 && group.attrs['span'] === 'page';
  const regionLeft = across ? columnX[byX[0]!]! : columnX[column]!;
  const last = byX[byX.length - 1]!;
  const regionRight = across ? columnX[last]! + (columnWidths[last] ?? 0) : regionLeft + (columnWidths[column] ?? 0);
  const width = regionRight - regionLeft;
  const shape = groupShape(group.attrs, width, width, across ? columnX.length : 1, page.settings);
  const slice = width / shape.count;
  // Its place from the left, and its place in reading order (a right-to-left group's first sub-column is on the right).
  const at = Math.max(0, Math.min(shape.count - 1, Math.floor((runMiddle(run) - regionLeft) / slice)));
  const sub = shape.rtl ? shape.count - 1 - at : at;
  const subWidth = Math.max(1, (width - (shape.count - 1) * shape.gap) / shape.count);
  const left = regionLeft + at * (subWidth + shape.gap);
  const right = at === shape.count - 1 ? regionRight : left + subWidth;
  // The group's outer sub-columns take the side their page column's would at an outer edge; across the page, the page's columns' sides.
  const side = sideAmong(at, shape.count, page.own, page.multiColumn);
  return { column: across ? 0 : column, sub, area: { key: `${across ? 'page' : column}|${at}`, left, right, side } };
}

/** The lines of counted blocks on a page, in reading order. */
function pageLines(draft: PageDraft, count: ChapterCount, page: PageColumns): PageLine[] {
  const lines = new Map<string, PageLine>();
  for (const item of draft.items) {
    if (item.op !== Op.GlyphRun || item.line?.role !== 'body' || item.line.target !== undefined || item.glyphs.length === 0) continue;
    const counted = count.counted.get(item.line.block);
    if (!counted) continue;
    // A box in the side channel (a gloss, document-format §14.3) is marginal text, not running text.
    if (page.side && runMiddle(item) >= page.side.x && runMiddle(item) <= page.side.x + page.side.width) continue;
    const { column, sub, area } = areaOf(item, counted, page);
    const key = `${item.line.block}|${item.y}|${column}|${sub}`;
    const from = item.srcFrom >= 0 ? item.srcFrom : Number.POSITIVE_INFINITY;
    const line = lines.get(key);
    if (line) line.from = Math.min(line.from, from);
    else lines.set(key, { block: item.line.block, counted, column, sub, area, y: item.y, from });
  }
  return [...lines.values()].sort((a, b) => a.counted.index - b.counted.index || a.column - b.column || a.sub - b.sub || a.y - b.y);
}

/** The column (flow order) nearest the run's first glyph: inside it, else the closest edge. */
function nearestColumn(run: GlyphRunItem, columnX: readonly number[], columnWidths: readonly number[]): number {
  const x = Math.min(...run.xs);
  let best = 0;
  let distance = Number.POSITIVE_INFINITY;
  columnX.forEach((left, c) => {
    const right = left + (columnWidths[c] ?? 0);
    const d = x < left ? left - x : x > right ? x - right : 0;
    if (d < distance) {
      distance = d;
      best = c;
    }
  });
  return best;
}

/** Which margin `position` names on a page: left or right. */
function sideOf(position: LineNumberSettings['position'], settings: LayoutSettings, pageIndex: number, columnX: readonly number[], sideX: number | undefined): 'left' | 'right' {
  // The page on the left of the spread: a verso in left binding, a recto in right binding.
  const leftPage = !isRecto(settings, pageIndex) !== (settings.binding === 'right');
  const outer = leftPage ? 'left' : 'right';
  const inner = leftPage ? 'right' : 'left';
  const start = settings.direction === 'rtl' ? 'right' : 'left';
  const end = settings.direction === 'rtl' ? 'left' : 'right';
  switch (position) {
    case 'outer':
      return outer;
    case 'inner':
      return inner;
    case 'left':
    case 'right':
      return position;
    case 'start':
      return start;
    case 'end':
      return end;
    case 'side': {
      // The side column's side in a `oneAndHalf` layout (its text or float channel); else the outer margin.
      const side = sideX ?? (columnX.length === 2 && settings.sideColumn?.role === 'text' ? columnX[1] : undefined);
      if (side === undefined || settings.sideColumn === undefined) return outer;
      return side > columnX[0]! ? 'right' : 'left';
    }
  }
}

/** What a chapter's numbering leaves for the next (`restart: 'document'`): the last number counted. */
export interface LineCountEnd {
  count: number;
}

/**
 * The number items of each page of a chapter (one array per draft, empty when none), and the
 * count it ends on. `carried`: the count the chapter before ended on (`restart: 'document'` only).
 */
export function lineNumberItems(drafts: readonly PageDraft[], parsed: ParsedChapter, settings: LayoutSettings, ln: LineNumberSettings, setGenerated: SetGenerated, chapterId: string, carried?: number): { pages: DisplayItem[][]; end: number } {
  // Callout boxes set as floats (their container ids in the pages' float logs, paginate.ts placeCalloutFloat).
  const floated = new Set(drafts.flatMap((draft) => draft.floatLog?.placed.map((p) => p.id) ?? []));
  // `:::columns` groups paginate.ts let flow as plain text (a wrapped resource, a unit taller than a column): numbered as plain flow.
  const plainGroups = new Set(drafts.flatMap((draft) => draft.groupsPlain ?? []));
  const count = chapterCount(parsed, ln, floated, settings.flowColumns !== false, plainGroups);
  let n = ln.restart === 'document' && carried !== undefined ? carried : ln.startAt - 1;
  // Nothing counted yet (the first chapter, or none before it counted a line): the first line is the first after a restart.
  let first = n === ln.startAt - 1;
  // The restart points crossed so far (ChapterCount.epoch).
  let epoch = 0;
  // The verse line last counted in each poem (turnovers of it are not counted again).
  const lastVerseLine = new Map<string, number>();
  const pages = drafts.map((draft): DisplayItem[] => {
    if (draft.blank || draft.part) return [];
    const geometry = draft.geometry ?? settings;
    const frame = pageFrame(geometry, draft.index);
    if (ln.restart === 'page') {
      n = ln.startAt - 1;
      first = true;
    }
    const printed: { line: PageLine; text: string }[] = [];
    const page: PageColumns = { columnX: frame.columnX, columnWidths: frame.columnWidths, ...(frame.side ? { side: frame.side } : {}), own: sideOf(ln.position, geometry, draft.index, frame.columnX, frame.side?.x), multiColumn: ln.multiColumn, settings: geometry };
    for (const line of pageLines(draft, count, page)) {
      const verse = line.counted.verse;
      if (verse) {
        // The verse line this printed line belongs to: the last whose first offset is at or before its text.
        let v = -1;
        for (let i = 0; i < verse.from.length && verse.from[i]! <= line.from; i++) v = i;
        if (v < 0 || lastVerseLine.get(line.block) === v) continue;
        lastVerseLine.set(line.block, v);
        if (verse.stepped[v]) continue;
      }
      // A restart point between the last line counted and this one (blocks come in order): the count starts again there.
      const e = count.epoch[line.counted.index]!;
      if (e > epoch) {
        n = count.starts[e]! - 1;
        first = true;
        epoch = e;
      }
      n++;
      if (n % (line.counted.interval ?? ln.interval) === 0 || (first && ln.numberFirst)) printed.push({ line, text: formatNumber(n, ln.format, settings.numerals) });
      first = false;
    }
    if (printed.length === 0) return [];
    return placeNumbers(printed, ln, setGenerated, chapterId);
  });
  return { pages, end: n };
}

function placeNumbers(printed: readonly { line: PageLine; text: string }[], ln: LineNumberSettings, setGenerated: SetGenerated, chapterId: string): DisplayItem[] {
  const set = printed.map((p) => ({ ...p, set: setGenerated(p.text, ln.style) }));
  // align left/right: the numbers of one column (or group sub-column) on a page share that edge (the widest one's).
  const widest = new Map<string, number>();
  for (const p of set) widest.set(p.line.area.key, Math.max(widest.get(p.line.area.key) ?? 0, p.set.width));
  const items: DisplayItem[] = [];
  for (const p of set) {
    const { left, right, side, key } = p.line.area;
    const box = widest.get(key)!;
    const width = p.set.width;
    let x: number;
    if (side === 'left') {
      // In the margin left of the column: the box ends `gap` before the column's left edge.
      x = ln.align === 'left' ? left - ln.gap - box : left - ln.gap - width;
    } else {
      // Right of the column: the box starts `gap` after its right edge.
      x = ln.align === 'right' ? right + ln.gap + box - width : right + ln.gap;
    }
    for (const run of p.set.runs) items.push(glyphRun(run, x, p.line.y, chapterId, { block: p.line.block, role: 'lineNumber', ratio: 0 }));
  }
  return items;
}
