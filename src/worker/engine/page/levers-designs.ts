/**
 * Balancing levers above designed headings (configuration.md §8.5: lever 3 adds "whole grid lines
 * above headings in the short column", levers 4–6 after list ends, displays and boxes, top floats —
 * a heading with an `advancedDesign`, §8.2, is a heading like any other there). Shifting a page's
 * items moves glyph runs, rules, boxes and images (page/levers.ts `shiftItems`) but not a design's
 * paths or groups, and a design is drawn again with the page's values once the page's label is
 * known (page/part-design.ts `redrawPartDesigns`, which finds the first drawing by its items). So a
 * design in the moved range is drawn again in its band moved down by the same amount (its
 * container-anchored elements move with the heading; page- and bleed-anchored ones stay where the
 * page puts them), and its record on the page points at the new drawing and redraws it there.
 */
import { Op, type DisplayItem } from '../../protocol/displaylist';
import { shiftItems } from './levers';
import type { HeadingDesignDraw, PartDesignDraw } from './part-design';

/** What of a page draft this needs: its items and its recorded designs. */
interface DesignedPage {
  items: DisplayItem[];
  designs?: (PartDesignDraw | HeadingDesignDraw)[];
}

/** Moves items [from, to) of the page down by `dy` pt, the heading designs among them drawn again there. */
export function shiftWithDesigns(page: DesignedPage, from: number, to: number, dy: number): void {
  const items = page.items;
  // Found by their first drawing's items before the shift copies them.
  const moving: { k: number; at: number; design: HeadingDesignDraw & { move: NonNullable<HeadingDesignDraw['move']> } }[] = [];
  (page.designs ?? []).forEach((design, k) => {
    if (!('kind' in design) || !design.move || design.items.length === 0) return;
    const at = items.indexOf(design.items[0]!);
    if (at < from || at + design.items.length > to || design.items.some((item, i) => items[at + i] !== item)) return;
    moving.push({ k, at, design: design as HeadingDesignDraw & { move: NonNullable<HeadingDesignDraw['move']> } });
  });
  shiftItems(items, from, to, dy);
  // Last first, so the earlier designs' positions hold when a drawing's length differs.
  for (const { k, at, design } of moving.reverse()) {
    const moved = design.move(dy);
    items.splice(at, design.items.length, ...moved.items);
    // A new record (resumed passes share the old one through their copies of the page: page/resume.ts).
    page.designs![k] = { ...design, items: moved.items, draw: moved.redraw, move: moved.movedBy };
  }
}

/** The paths, clips and groups of the page's heading designs that can move (a lever above them draws them again). */
export function movableDesignItems(page: DesignedPage): ReadonlySet<DisplayItem> {
  const out = new Set<DisplayItem>();
  for (const design of page.designs ?? []) {
    if (!('kind' in design) || !design.move) continue;
    for (const item of design.items) if (item.op === Op.Path || item.op === Op.Clip || item.op === Op.ClipEnd) out.add(item);
  }
  return out;
}
