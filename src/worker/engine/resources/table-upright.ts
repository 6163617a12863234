/**
 * A table of Latin only in vertical text (`layout.writingMode: 'vertical-rl'`, configuration.md §4;
 * document-format §12.10): set upright as a block, as a picture is (resources/figure.ts), so it is
 * read with the book held as for the text around it — a horizontal table standing in the vertical
 * flow (横組みの表), its caption and note horizontal with it. (A table whose text holds CJK is a
 * vertical table instead: resources/table.ts.) Our reading, the spec says nothing of tables in
 * vertical writing:
 *
 * - Its measure is its natural width — the narrowest at which no cell line breaks, the columns
 *   keeping their relative weights (`naturalTableWidth`) — at most the room across the lines of a
 *   whole column (the height the page engine lets a resource take in the turned flow, the type
 *   area's width on the sheet for one tier). A wider table is set at that room, its cells' text
 *   broken to it, as a horizontal book sets a table at its measure: it is never wider than a
 *   column, so it is never scaled down (text in a table is not a picture) and no check warns.
 * - It takes room across the lines like a picture (its width on the sheet is its height in the
 *   flow), standing at the head of the lines (their start; the flow's `x`).
 * - Its height on the sheet must fit the lines' length: a longer table follows
 *   `tableStyle.overflow` against that length — `split`: its parts (header rows repeated, "(cont.)"
 *   on the caption, the continues marker at each part's foot, as tables.ts cuts them) stand side by
 *   side across the lines, right to left as the text reads, one body line (`gap`) between them,
 *   and the page engine may cut between parts at a column's end (`split`); `clip` keeps the rows
 *   that fit the length; `hide` drops the table.
 *
 * Each part's items keep the coordinates of the unturned part, centred on the centre of the box it
 * takes in the flow (as page/floats-rotate.ts keeps a turned float's), in a Transform group turning
 * them a quarter anticlockwise there, naming the resource (as a turned picture's and float's do):
 * the page's clockwise turn (page/vertical.ts, which leaves runs inside a group as they are) stands
 * them upright on the sheet, and the line checks pass them over (checks/typesetting.ts: their
 * coordinates are the unturned part's, not the page's). All lengths pt.
 */
import { Op, type DisplayItem } from '../../protocol/displaylist';
import { turnMatrix } from '../page/floats-rotate';
import type { FlowBlock } from './block';
import type { TableGrid } from './table';

/**
 * The narrowest measure (pt) at which no line of a cell laid out unbroken (`grid`, set at a measure
 * wide enough for that) needs breaking, the columns keeping the shares of the measure `grid` gives
 * them (the table's column weights): a cell spanning columns needs its longest line plus its
 * padding across their share.
 */
export function naturalTableWidth(grid: TableGrid, padding: number): number {
  const total = grid.widths.reduce((a, b) => a + b, 0);
  let width = 0;
  for (const cell of grid.cells) {
    const share = grid.widths.slice(cell.col, cell.col + cell.colSpan).reduce((a, b) => a + b, 0) / total;
    const longest = Math.max(0, ...cell.lines.map((line) => line.width));
    if (share > 0) width = Math.max(width, (longest + 2 * padding) / share);
  }
  return width;
}

/**
 * The upright table: `whole` (the table set horizontally at its measure, `null` when its overflow
 * hides it) cut into parts no longer than `lineLength` (pt, the flow's measure) where its `split`
 * allows, standing side by side across the lines `gap` pt apart.
 */
export function uprightTableBlock(whole: FlowBlock | null, lineLength: number, gap: number, resource: string): FlowBlock | null {
  if (!whole) return null;
  const parts: FlowBlock[] = [];
  let rest = whole;
  while (rest.height > lineLength + 1e-6) {
    const cut = rest.split?.(lineLength) ?? null;
    if (!cut) break;
    parts.push(cut.first);
    rest = cut.rest;
  }
  parts.push(rest);
  return across(parts, gap, resource);
}

/** Parts turned upright side by side across the lines: the first at the flow's top (on the sheet, the right). */
function across(parts: readonly FlowBlock[], gap: number, resource: string): FlowBlock {
  const height = parts.reduce((h, p, i) => h + (i > 0 ? gap : 0) + p.width, 0);
  return {
    height,
    width: Math.max(0, ...parts.map((p) => p.height)),
    emit(x, y) {
      const items: DisplayItem[] = [];
      let top = y;
      for (const part of parts) {
        // The part's flow box: its sheet height along the line (x), its sheet width across (y).
        const cx = x + part.height / 2;
        const cy = top + part.width / 2;
        items.push({ op: Op.Transform, matrix: turnMatrix('ccw', cx, cy), resource }, ...part.emit(cx - part.width / 2, cy - part.height / 2), { op: Op.TransformEnd, resource });
        top += part.width + gap;
      }
      return items;
    },
    // Between parts: the most that fit `maxHeight` pt across the lines go first, the rest goes on.
    ...(parts.length > 1
      ? {
          split(maxHeight: number) {
            let k = 0;
            let used = 0;
            while (k < parts.length - 1 && used + (k > 0 ? gap : 0) + parts[k]!.width <= maxHeight + 1e-6) used += (k > 0 ? gap : 0) + parts[k++]!.width;
            return k === 0 ? null : { first: across(parts.slice(0, k), gap, resource), rest: across(parts.slice(k), gap, resource) };
          },
        }
      : {}),
  };
}
