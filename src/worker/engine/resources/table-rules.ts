/**
 * The rules of a table part (configuration.md §12.3 `rules`, `borders`, `borderWidth`,
 * `heavyRuleWidth`, `lightRuleWidth`, `spanRuleWidth`, `spanRules`, `spanRuleTrim`, `groupRules`,
 * `continuedFootRule`, `borderRadius`), as display items in page pt.
 *
 * - `grid`: every cell's four edges; `horizontal`: their top and bottom edges; `outer`: the frame.
 * - `booktabs` (the typographer's table: no vertical rules): a heavy rule over and under the
 *   table, a light one under the header rows, and under each header cell spanning columns that
 *   has header rows below it a thin one (`spanRuleWidth`) — trimmed by `spanRuleTrim` at both ends
 *   so neighbouring spans' rules stay apart (booktabs' `\cmidrule(lr)`), or full, or none.
 * - `groupRules`: a light rule between row groups in the styles that draw no rules between rows
 *   (booktabs, outer, none). A body row goes on its group when its first column is covered by a
 *   row span from above or its first cell is empty (a label not repeated); otherwise it opens one.
 * - `continuedFootRule`: the rule closing a part the table continues from (the foot of every part
 *   but the last): the table's own closing rule (`bottom`), a light rule (`light`), or none.
 * - `borderRadius`: the table's outer corners rounded — fills clipped to the rounded outline and,
 *   where the style draws the frame (grid, outer), the frame one rounded path. A split table's
 *   cut edges stay square: only the table's own top and bottom corners are rounded.
 */
import { Op, roundPt, type DisplayItem } from '../../protocol/displaylist';
import { roundedRectPath } from '../page/box-shape';
import type { ResourceSettings } from './settings';

type TableSettings = ResourceSettings['table'];

/** A cell as drawn in this part, pt. */
export interface CellBox {
  row: number;
  col: number;
  colSpan: number;
  /** Rows the cell spans in the whole table. */
  rowSpan: number;
  header: boolean;
  /** Empty content (a group's label not repeated). */
  empty: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The part being drawn: its box (pt), its rows top to bottom, and whether it opens / closes the table. */
export interface PartFrame {
  x: number;
  y: number;
  width: number;
  height: number;
  rows: readonly number[];
  /** Top and height of each row shown, pt. */
  rowTop: ReadonlyMap<number, number>;
  rowHeight: ReadonlyMap<number, number>;
  headerRows: number;
  /** The part holds the table's top edge (its first) and its bottom edge (its last). */
  opens: boolean;
  closes: boolean;
}

/** Rows covered in their first column by a cell spanning down from an earlier row. */
function coveredFirstColumn(cells: readonly CellBox[]): Set<number> {
  const covered = new Set<number>();
  for (const c of cells) {
    if (c.col !== 0) continue;
    for (let r = c.row + 1; r < c.row + c.rowSpan; r++) covered.add(r);
  }
  return covered;
}

/**
 * The rules of a part: `clip`/`clipEnd` bracket the fills of a rounded table (its outline), `rules`
 * go after the fills.
 */
export function partRules(cells: readonly CellBox[], part: PartFrame, t: TableSettings): { clip: DisplayItem[]; clipEnd: DisplayItem[]; rules: DisplayItem[] } {
  const { x, y, width, height } = part;
  const bottom = y + height;
  const edges = new Map<string, DisplayItem>();
  const rule = (x1: number, y1: number, x2: number, y2: number, w: number): void => {
    if (w <= 0) return;
    const item: DisplayItem = { op: Op.Rule, x1: roundPt(x1), y1: roundPt(y1), x2: roundPt(x2), y2: roundPt(y2), width: roundPt(w), stroke: t.borderColour };
    edges.set(`${item.x1},${item.y1},${item.x2},${item.y2}`, item);
  };
  // The foot of a part the table continues from (continuedFootRule): its closing rule's width, or the light rule, or none.
  const footWidth = (closing: number): number => (part.closes || t.continuedFootRule === 'bottom' ? closing : t.continuedFootRule === 'light' ? t.lightRule : 0);
  const radius = Math.max(0, Math.min(t.borderRadius, width / 2, height / 2));
  const corners = [part.opens ? radius : 0, part.opens ? radius : 0, part.closes ? radius : 0, part.closes ? radius : 0] as const;
  const rounded = radius > 0 && (part.opens || part.closes);
  // Where the frame is one rounded path, its edges are not drawn as rules.
  const framePath = rounded && t.borders && (t.rules === 'grid' || t.rules === 'outer');
  const onFrame = (x1: number, y1: number, x2: number, y2: number): boolean =>
    framePath && ((x1 === x2 && (Math.abs(x1 - x) < 1e-6 || Math.abs(x1 - x - width) < 1e-6)) || (y1 === y2 && (Math.abs(y1 - y) < 1e-6 || Math.abs(y1 - bottom) < 1e-6)));
  const edge = (x1: number, y1: number, x2: number, y2: number, w: number): void => {
    if (!onFrame(x1, y1, x2, y2)) rule(x1, y1, x2, y2, w);
  };

  if ((t.rules === 'grid' || t.rules === 'horizontal') && t.borders) {
    for (const c of cells) {
      const atFoot = Math.abs(c.y + c.h - bottom) < 1e-6;
      edge(c.x, c.y, c.x + c.w, c.y, t.borderWidth);
      edge(c.x, c.y + c.h, c.x + c.w, c.y + c.h, atFoot ? footWidth(t.borderWidth) : t.borderWidth);
      if (t.rules === 'grid') {
        edge(c.x, c.y, c.x, c.y + c.h, t.borderWidth);
        edge(c.x + c.w, c.y, c.x + c.w, c.y + c.h, t.borderWidth);
      }
    }
  } else if (t.rules === 'outer' && t.borders) {
    edge(x, y, x + width, y, t.borderWidth);
    edge(x, bottom, x + width, bottom, footWidth(t.borderWidth));
    edge(x, y, x, bottom, t.borderWidth);
    edge(x + width, y, x + width, bottom, t.borderWidth);
  } else if (t.rules === 'booktabs') {
    rule(x, y, x + width, y, t.heavyRule);
    const headerShown = part.rows.filter((r) => r < part.headerRows);
    const headerBottom = headerShown.length > 0 ? y + headerShown.reduce((h, r) => h + part.rowHeight.get(r)!, 0) : null;
    if (headerBottom !== null) rule(x, headerBottom, x + width, headerBottom, t.lightRule);
    // Span rules: under a header cell spanning columns with more header rows under it.
    if (t.spanRules !== 'none' && headerBottom !== null) {
      const trim = t.spanRules === 'trimmed' ? t.spanRuleTrim : 0;
      for (const c of cells) {
        if (!c.header || c.colSpan < 2 || c.row >= part.headerRows) continue;
        const under = c.y + c.h;
        if (under >= headerBottom - 1e-6) continue;
        const from = c.x + trim;
        const to = c.x + c.w - trim;
        if (to > from) rule(from, under, to, under, t.spanRule);
      }
    }
    rule(x, bottom, x + width, bottom, footWidth(t.heavyRule));
  }

  if (t.groupRules && (t.rules === 'booktabs' || t.rules === 'outer' || t.rules === 'none')) {
    const covered = coveredFirstColumn(cells);
    const body = part.rows.filter((r) => r >= part.headerRows);
    for (let i = 1; i < body.length; i++) {
      const r = body[i]!;
      const first = cells.find((c) => c.row === r && c.col === 0);
      if (covered.has(r) || !first || first.empty) continue;
      const top = part.rowTop.get(r)!;
      rule(x, top, x + width, top, t.lightRule);
    }
  }

  const clip: DisplayItem[] = [];
  const clipEnd: DisplayItem[] = [];
  const rules = [...edges.values()];
  if (rounded) {
    clip.push({ op: Op.Clip, d: roundedRectPath(x, y, width, height, corners) });
    clipEnd.push({ op: Op.ClipEnd });
    if (framePath) {
      // The frame stroked on the table's outline (as its straight rules are, centred on the edge);
      // the foot of a continued part takes its own rule (continuedFootRule).
      const open = !part.closes && t.continuedFootRule !== 'bottom';
      rules.unshift({ op: Op.Path, d: open ? openFramePath(x, y, width, height, part.opens ? radius : 0) : roundedRectPath(x, y, width, height, corners), stroke: t.borderColour, strokeWidth: roundPt(t.borderWidth) });
      if (open && t.continuedFootRule === 'light') rules.push({ op: Op.Rule, x1: roundPt(x), y1: roundPt(bottom), x2: roundPt(x + width), y2: roundPt(bottom), width: roundPt(t.lightRule), stroke: t.borderColour });
    }
  }
  return { clip, clipEnd, rules };
}

/** A frame open at its foot (a part the table continues from): up the left side, across the top, down the right. */
function openFramePath(x: number, y: number, w: number, h: number, r: number): string {
  const f = roundPt;
  const arc = (toX: number, toY: number): string => (r > 0 ? `A${f(r)} ${f(r)} 0 0 1 ${f(toX)} ${f(toY)}` : '');
  return `M${f(x)} ${f(y + h)}V${f(y + r)}${arc(x + r, y)}H${f(x + w - r)}${arc(x + w, y + r)}V${f(y + h)}`;
}
