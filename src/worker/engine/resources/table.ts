/**
 * Tables (document-format.md §12.10, configuration.md §12.3): cells placed on a grid with column
 * and row spans, columns sized by their relative weights across the measure, cell text set with
 * the paragraph engine (paragraphs split at `\n` or `\\`), rows as tall as their tallest cell,
 * header fill and rules by the table style. A table splits between rows (never inside a row
 * span) and repeats its header rows on every continuation.
 *
 * In vertical text (`layout.writingMode: 'vertical-rl'`, configuration.md §4) a table is laid out
 * in the turned flow as any block, so on the sheet its rows run down the page as columns read
 * right to left (the header row at the right), its columns are bands from the head down and its
 * cells' lines run down the page. A table whose text — cells, caption or note (`verticalTable`) — holds CJK is a vertical table (縦組みの表): every
 * cell line is CJK text (`upright`), whatever its own characters — a short number stands upright in
 * a one-em cell (tate-chū-yoko), Latin words sideways — as page/vertical.ts sets a line holding CJK;
 * without it, a cell of digits only (`12`) would be drawn sideways, or upright at its own width
 * when a neighbour's CJK shared its baseline. A table of Latin only stands upright as a block, as a
 * picture does: set horizontally at its natural width and turned back in the flow (table-upright.ts;
 * before, it was turned with the flow, its text sideways, read with the book turned). Our
 * reading: the spec says nothing of tables in vertical writing.
 */
import { Op, roundPt, type DisplayItem } from '../../protocol/displaylist';
import type { SetLine } from '../paragraph';
import type { TextStyle } from '../settings';
import { EMPTY_BLOCK, placeLine, stack, type BlockEnvironment, type FlowBlock } from './block';
import { alignIn, captionBlock, lineHeightOf, noteBlock } from './figure';
import { placementOf } from './placement';
import type { EngineResource, TableCell, TableModel } from './model';
import { withTypeCaption, type ResourceSettings, type ResourceType } from './settings';
import { parseSnippet } from './snippet';
import { cellLinesWithin, trackedHeader, uppercaseInlines } from './table-header';
import { partRules, type CellBox } from './table-rules';
import { continuesMarkerBlock, splitPolicy, type SplitPolicy } from './table-split';
import { naturalTableWidth, uprightTableBlock } from './table-upright';
import { baselineInLineBox } from '../page/geometry';
import { uprightItems, type UprightOptions } from '../page/vertical';
import { withTcyCells } from '../page/vertical-generated';
import { hasIdeographs } from '../text/cjk';
import { plainTextOf } from '../parse/inlines';

interface PlacedCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  cell: TableCell;
  header: boolean;
  lines: SetLine[];
  style: TextStyle;
}

export interface TableGrid {
  columns: number;
  /** Column widths, pt. */
  widths: number[];
  /** Row heights, pt. */
  heights: number[];
  cells: PlacedCell[];
  headerRows: number;
  /** In vertical text, a table whose text holds CJK: how its cell lines are cut as CJK lines (page/vertical.ts, `allCjk`). */
  upright?: UprightOptions;
}

/** A measure no cell line is broken at, pt: a table's cells set unbroken to find its natural width (table-upright.ts). */
const UNBROKEN_MEASURE = 1e6;

/**
 * In vertical text, whether a table is a vertical table (see the file's comment): its cells' text,
 * its caption or its note holds CJK somewhere. Our reading: a CJK caption over cells of numbers and
 * Latin is read down the page by the book's reader, and so is the table under it (before, only the
 * cells counted: such a table stood upright as a horizontal one, its CJK caption horizontal with it).
 */
export function verticalTable(model: TableModel, texts: { caption?: string | undefined; note?: string | undefined }): boolean {
  return hasIdeographs(texts.caption ?? '') || hasIdeographs(texts.note ?? '') || model.rows.some((row) => row.some((cell) => cell.hiddenBy === undefined && hasIdeographs(cell.content)));
}

/** Grid positions of the model's cells: merged-over cells (`hiddenBy`) take no place of their own. */
export function placeCells(model: TableModel): { row: number; col: number; rowSpan: number; colSpan: number; cell: TableCell }[] {
  const occupied = new Set<string>();
  const out: { row: number; col: number; rowSpan: number; colSpan: number; cell: TableCell }[] = [];
  const rows = model.rows.length;
  model.rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row) {
      // A covered slot is held by its anchor's span: skipping it without advancing keeps the
      // full-grid form (one entry per column) and the omitted-cells form on the same columns.
      if (cell.hiddenBy !== undefined) continue;
      while (occupied.has(`${r},${c}`)) c++;
      const rowSpan = Math.max(1, Math.min(cell.rowSpan ?? 1, rows - r));
      const colSpan = Math.max(1, cell.colSpan ?? 1);
      for (let dr = 0; dr < rowSpan; dr++) for (let dc = 0; dc < colSpan; dc++) occupied.add(`${r + dr},${c + dc}`);
      out.push({ row: r, col: c, rowSpan, colSpan, cell });
      c += colSpan;
    }
  });
  return out;
}

export function layoutTableGrid(model: TableModel, measure: number, settings: ResourceSettings, env: BlockEnvironment): TableGrid {
  const t = settings.table;
  const placed = placeCells(model);
  const columns = Math.max(1, ...placed.map((p) => p.col + p.colSpan));
  const weights = Array.from({ length: columns }, (_, i) => model.columnWidths?.[i] ?? 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (measure * w) / total);
  const pad = t.padding;
  // A vertical table (see the file's comment): `tableBlock` hands the tate-chū-yoko rule to no other.
  const tcy = env.tcy;
  const cells: PlacedCell[] = placed.map((p) => {
    const header = p.row < model.headerRowCount || p.cell.isHeader === true;
    const style = header ? t.header : t.body;
    const width = widths.slice(p.col, p.col + p.colSpan).reduce((a, b) => a + b, 0) - 2 * pad;
    const lines: SetLine[] = [];
    // A cell's paragraphs are split at a newline or `\\` (§12.10).
    for (const paragraph of p.cell.content.split(/\n|\\\\/)) {
      const parsed = parseSnippet(paragraph.trim());
      // Header cells in capitals and tracked (§12.3 headerTextTransform, headerLetterSpacing; table-header.ts).
      const inlines = header && t.headerUppercase ? uppercaseInlines(parsed) : parsed;
      const set = (at: number): SetLine[] => env.setText({ base: 0, inlines, style: { ...style }, measure: Math.max(1, at), indent: 0, justify: false });
      const tracked = header ? trackedHeader(t.headerLetterSpacing) : undefined;
      // A paragraph without CJK of its own, set without the CJK rules (paragraph/items.ts): its short
      // numbers given their one-em cells here, and the paragraph broken again narrower while a line
      // so lengthened runs past the cell's measure (before, such a line ran up to that much past it).
      const cells = tcy && !hasIdeographs(plainTextOf(inlines)) ? (line: SetLine) => withTcyCells(line, tcy, env.fonts) : undefined;
      const after = tracked && cells ? (line: SetLine) => cells(tracked(line)) : (tracked ?? cells);
      lines.push(...(after ? cellLinesWithin(set, width, after) : set(width)));
    }
    return { ...p, header, lines, style };
  });
  const heights = model.rows.map(() => 0);
  const minimum = lineHeightOf(t.body) + 2 * pad;
  for (let r = 0; r < heights.length; r++) heights[r] = minimum;
  for (const c of cells) if (c.rowSpan === 1) heights[c.row] = Math.max(heights[c.row]!, c.lines.length * lineHeightOf(c.style) + 2 * pad);
  for (const c of cells) {
    if (c.rowSpan === 1) continue;
    const need = c.lines.length * lineHeightOf(c.style) + 2 * pad;
    const have = heights.slice(c.row, c.row + c.rowSpan).reduce((a, b) => a + b, 0);
    if (need > have) heights[c.row + c.rowSpan - 1]! += need - have;
  }
  return { columns, widths, heights, cells, headerRows: Math.min(model.headerRowCount, model.rows.length), ...(tcy ? { upright: { maxDigits: tcy.digits, marks: tcy.marks, allCjk: true } } : {}) };
}

/** Rows [from, to) with the header rows first when the part does not start with them. */
function partRows(grid: TableGrid, from: number, to: number): number[] {
  const header = from >= grid.headerRows ? Array.from({ length: grid.headerRows }, (_, i) => i) : [];
  return [...header, ...Array.from({ length: to - from }, (_, i) => from + i)];
}

function rowsHeight(grid: TableGrid, rows: readonly number[]): number {
  return rows.reduce((h, r) => h + grid.heights[r]!, 0);
}

/** Rows after which the table may be cut: no row span crosses the cut. */
function cutAllowed(grid: TableGrid, k: number): boolean {
  return !grid.cells.some((c) => c.row < k && c.row + c.rowSpan > k);
}

/** The rows of one part; `ends`: whether the part holds the table's top edge and its bottom edge (table-rules.ts). */
function rowsBlock(grid: TableGrid, rows: readonly number[], settings: ResourceSettings, env: BlockEnvironment, ends: { opens: boolean; closes: boolean }): FlowBlock {
  const t = settings.table;
  const width = grid.widths.reduce((a, b) => a + b, 0);
  const height = rowsHeight(grid, rows);
  return {
    height,
    width,
    emit(x, y) {
      const rowTop = new Map<number, number>();
      let top = y;
      for (const r of rows) {
        rowTop.set(r, top);
        top += grid.heights[r]!;
      }
      const colLeft = grid.widths.map((_, i) => x + grid.widths.slice(0, i).reduce((a, b) => a + b, 0));
      const fills: DisplayItem[] = [];
      const text: DisplayItem[] = [];
      const boxes: CellBox[] = [];
      const shown = new Set(rows);
      for (const c of grid.cells) {
        if (!shown.has(c.row)) continue;
        const cx = colLeft[c.col]!;
        const cw = grid.widths.slice(c.col, c.col + c.colSpan).reduce((a, b) => a + b, 0);
        const cy = rowTop.get(c.row)!;
        // A row span is clipped to the rows this part shows.
        let ch = 0;
        for (let r = c.row; r < c.row + c.rowSpan && shown.has(r); r++) ch += grid.heights[r]!;
        const bodyIndex = c.row - grid.headerRows;
        const fill = cellColour(c.cell.background) ?? (c.header ? t.headerBackground : t.zebra && bodyIndex % 2 === 1 ? t.zebra : t.bodyBackground);
        if (fill) fills.push({ op: Op.Rect, x: roundPt(cx), y: roundPt(cy), w: roundPt(cw), h: roundPt(ch), fill });
        const lh = lineHeightOf(c.style);
        const textHeight = c.lines.length * lh;
        const inner = ch - 2 * t.padding;
        const dy = c.cell.verticalAlign === 'middle' ? (inner - textHeight) / 2 : c.cell.verticalAlign === 'bottom' ? inner - textHeight : 0;
        const face = env.fonts.match(c.style.family, c.style.weight, c.style.italic ? 'italic' : 'normal');
        const baseline = baselineInLineBox(lh, c.style.size, face.ascender / face.upem, face.descender / face.upem);
        c.lines.forEach((line, i) => {
          const free = cw - 2 * t.padding - line.width;
          const align = c.cell.align ?? (c.header ? 'left' : 'left');
          const dx = align === 'center' ? free / 2 : align === 'right' || align === 'end' ? free : 0;
          placeLine(text, line, cx + t.padding + Math.max(0, dx), cy + t.padding + Math.max(0, dy) + i * lh + baseline, env, 'body');
        });
        boxes.push({ row: c.row, col: c.col, colSpan: c.colSpan, rowSpan: c.rowSpan, header: c.header, empty: c.cell.content.trim() === '', x: cx, y: cy, w: cw, h: ch });
      }
      const rowHeight = new Map(rows.map((r) => [r, grid.heights[r]!] as const));
      const ruled = partRules(boxes, { x, y, width, height, rows, rowTop, rowHeight, headerRows: grid.headerRows, opens: ends.opens, closes: ends.closes }, t);
      // A vertical table's cell lines cut as CJK lines here: page/vertical.ts cuts only lines holding CJK, and leaves these pieces as they are.
      return [...ruled.clip, ...fills, ...ruled.clipEnd, ...ruled.rules, ...(grid.upright ? uprightItems(text, env.fonts, grid.upright) : text)];
    },
  };
}

function cellColour(background: unknown): string | null {
  if (typeof background === 'string' && /^#[0-9a-f]{6}$/i.test(background)) return background.toLowerCase();
  if (background && typeof background === 'object' && typeof (background as { hex?: unknown }).hex === 'string') return (background as { hex: string }).hex.toLowerCase();
  return null;
}

/** A table resource as a flow block: caption (above or below), the rows, the note; splittable between rows. */
/**
 * `maxHeight`: the height the table may take on a page, pt (its column's or float area's); a taller
 * table follows `tableStyle.overflow` (table-split.ts) — null when it is hidden. Absent = no limit.
 */
export function tableBlock(resource: EngineResource, type: ResourceType | undefined, number: string | undefined, measure: number, base: ResourceSettings, env: BlockEnvironment, maxHeight?: number): FlowBlock | null {
  // `table.styleId` names one of `tableStyles`; an unknown name falls back to `tableStyle` (the
  // checks report unknownTableStyle).
  const styleId = resource.table!.styleId;
  const typed = withTypeCaption(base, type);
  const settings = styleId && typed.tableStyles[styleId] ? { ...typed, table: typed.tableStyles[styleId]! } : typed;
  const model = resource.table!.model;
  // In vertical text (`env.tcy`) a table of Latin only stands upright as a block (table-upright.ts):
  // set horizontally, without the vertical text's rules, at its natural width capped by the room across the lines.
  if (env.tcy && !verticalTable(model, resource)) {
    const { tcy: _tcy, captionSide: _side, ...horizontal } = env;
    const width = Math.min(naturalTableWidth(layoutTableGrid(model, UNBROKEN_MEASURE, settings, horizontal), settings.table.padding), maxHeight ?? measure);
    const upright = uprightTableBlock(tableBlock(resource, type, number, width, base, horizontal, measure), measure, lineHeightOf(settings.table.body), resource.id);
    // Along the line by `placement.align`, as a picture standing upright is (figure.ts alignIn).
    return upright && alignIn(upright, measure, placementOf(resource, type ? [type] : undefined), env.direction === 'rtl');
  }
  const grid = layoutTableGrid(model, measure, settings, env);
  const captionAbove = settings.caption.position === 'above';
  // captionSide (§12.6): every part's caption ("(cont.)" after the first) and the last part's note
  // go in the side channel level with the part's top (page/caption-side.ts); the part is its rows.
  const aside = placementOf(resource, type ? [type] : undefined)?.['captionSide'] === true && env.captionSide !== undefined && env.captionSide > 0 ? env.captionSide : undefined;
  const marker = continuesMarkerBlock(settings, grid.widths.reduce((a, b) => a + b, 0), env);
  const make = (from: number, to: number, first: boolean, last: boolean): FlowBlock => {
    const rows = rowsBlock(grid, partRows(grid, from, to), settings, env, { opens: first, closes: last });
    const caption = (aside !== undefined || captionAbove || last) ? captionBlock(resource, type, number, aside ?? measure, settings, env, first ? '' : settings.table.continuedSuffix) : EMPTY_BLOCK;
    const note = last ? noteBlock(resource, aside ?? measure, settings, env) : EMPTY_BLOCK;
    // A part the table goes on from closes with the continues marker (table-split.ts).
    const goesOn = !last && marker.height > 0 ? [{ block: marker, gapBefore: settings.caption.note.gap }] : [];
    const parts: { block: FlowBlock; gapBefore: number }[] = [];
    const split = policy.mayCut ? { split: (maxHeight: number) => splitAt(maxHeight, from, to, first, last) } : {};
    if (aside !== undefined) {
      const side = [caption, note].filter((b) => b.height > 0).map((block, i) => ({ block, gapBefore: i > 0 ? settings.caption.note.gap : 0 }));
      parts.push({ block: rows, gapBefore: 0 }, ...goesOn);
      return { ...stack(parts), ...(side.length > 0 ? { aside: stack(side) } : {}), ...split };
    }
    if (captionAbove && caption.height > 0) parts.push({ block: caption, gapBefore: 0 });
    parts.push({ block: rows, gapBefore: settings.caption.gap }, ...goesOn);
    if (!captionAbove && caption.height > 0) parts.push({ block: caption, gapBefore: settings.caption.gap });
    if (note.height > 0) parts.push({ block: note, gapBefore: settings.caption.note.gap });
    return { ...stack(parts), ...split };
  };
  /** The largest cut of rows [from, to) whose first part fits `maxHeight` pt, leaving `policy.minFirstBodyRows` body rows before it and one after. */
  const splitAt = (maxHeight: number, from: number, to: number, first: boolean, last: boolean): { first: FlowBlock; rest: FlowBlock } | null => {
    const firstBody = Math.max(from, grid.headerRows);
    for (let k = to - 1; k >= firstBody + policy.minFirstBodyRows; k--) {
      if (!cutAllowed(grid, k)) continue;
      const candidate = make(from, k, first, false);
      if (candidate.height <= maxHeight + 1e-6) return { first: candidate, rest: make(k, to, false, last) };
    }
    return null;
  };
  const rowCount = model.rows.length;
  const bodyRows = rowCount - grid.headerRows;
  const inline = placementOf(resource, type ? [type] : undefined)?.['position'] === 'here';
  // Whether the whole table is taller than its page: measured uncut (no policy needed for its height).
  let policy: SplitPolicy = { mayCut: false, minFirstBodyRows: 1 };
  const tooTall = maxHeight !== undefined && make(0, rowCount, true, true).height > maxHeight + 1e-6;
  if (tooTall && settings.table.overflow === 'hide') return null;
  if (tooTall && settings.table.overflow === 'clip') {
    // The rows that fit one page, with the caption and note: the rest is dropped (never below one body row).
    for (let k = rowCount - 1; k > grid.headerRows; k--) {
      const kept = make(0, k, true, true);
      if (cutAllowed(grid, k) && kept.height <= maxHeight + 1e-6) return kept;
    }
    return make(0, Math.min(rowCount, grid.headerRows + 1), true, true);
  }
  policy = splitPolicy(settings.table, inline, bodyRows, tooTall);
  return make(0, model.rows.length, true, true);
}
