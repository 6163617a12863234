/**
 * The boxes behind boxed runs of a line (chips, configuration.md §13.2 and document-format §10.5;
 * inline code under §13.3 `codeStyle.inline`): a fill and an outline stroked inside it, rounded
 * by the style's radius (at most half the box's height), drawn before the line's glyphs so the
 * text stands on them. Where the box is on the line comes from the paragraph engine
 * (`SetLine.boxes`, paragraph/lines.ts); its band and look from paragraph/run-box.ts. The band
 * never moves the line (§10.5: padding does not change the line height), so a tall box may reach
 * into the space between lines. Page coordinates, pt.
 */
import { Op, roundPt, type DisplayItem } from '../../protocol/displaylist';
import type { SetLine } from '../paragraph';
import { roundedRectPath } from './box-shape';

/** The items of the line's boxes for a line whose pen origin is `x0` and baseline `baseline`; empty for a line without boxes. */
export function lineBoxItems(line: SetLine, x0: number, baseline: number): DisplayItem[] {
  const boxes = line.boxes;
  if (!boxes) return [];
  const items: DisplayItem[] = [];
  for (const { x, width, look } of boxes) {
    const left = x0 + x;
    const top = baseline - look.above;
    const height = look.above + look.below;
    const radius = Math.min(look.radius, height / 2);
    const corners = [radius, radius, radius, radius] as const;
    if (look.fill) {
      items.push(radius > 0 ? { op: Op.Path, d: roundedRectPath(left, top, width, height, corners), fill: look.fill } : { op: Op.Rect, x: roundPt(left), y: roundPt(top), w: roundPt(width), h: roundPt(height), fill: look.fill });
    }
    if (look.border) {
      // Stroked inside the box: its path runs half a stroke in from the box's edge.
      const half = look.border.width / 2;
      const inner = Math.max(0, radius - half);
      const stroke = { stroke: look.border.colour, strokeWidth: roundPt(look.border.width) };
      items.push(
        inner > 0
          ? { op: Op.Path, d: roundedRectPath(left + half, top + half, width - look.border.width, height - look.border.width, [inner, inner, inner, inner]), ...stroke }
          : { op: Op.Rect, x: roundPt(left + half), y: roundPt(top + half), w: roundPt(width - look.border.width), h: roundPt(height - look.border.width), ...stroke },
      );
    }
  }
  return items;
}
