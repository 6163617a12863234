/**
 * The column rule (`layout.columnRule`, configuration.md §4): a vertical rule centred in every
 * gutter of a page with more than one text column, from under a page-span opener band to the foot
 * of the content area. A styled section's layout may turn it on or off for its pages (§13.6).
 * Blank and part pages carry none.
 */
import { Op, roundPt } from '../../protocol/displaylist';
import type { LayoutSettings } from '../settings';
import { pageFrame } from './geometry';
import type { PageDraft } from './paginate';
import { columnRuleOf } from './sections';

export function drawColumnRules(pages: readonly PageDraft[], settings: LayoutSettings): void {
  for (const page of pages) {
    if (page.blank || page.part || page.items.length === 0) continue;
    const geometry = page.geometry ?? settings;
    const rule = columnRuleOf(geometry);
    if (!rule.enabled || rule.width <= 0) continue;
    const frame = pageFrame(geometry, page.index);
    if (frame.columnX.length < 2) continue;
    // Columns left to right (flow order may run right to left).
    const columns = frame.columnX.map((x, i) => ({ x, w: frame.columnWidths[i]! })).sort((a, b) => a.x - b.x);
    const top = roundPt(frame.contentTop + (page.columnTop ?? 0));
    const bottom = roundPt(frame.contentTop + frame.contentHeight);
    for (let i = 1; i < columns.length; i++) {
      const left = columns[i - 1]!;
      const x = roundPt((left.x + left.w + columns[i]!.x) / 2);
      page.items.push({ op: Op.Rule, x1: x, y1: top, x2: x, y2: bottom, width: roundPt(rule.width), stroke: rule.colour });
      // Beside the levelled bands above mid-page span boxes (page/span-band.ts): the rule stops at the box.
      for (const band of page.ruleBands ?? []) {
        if (band.bottom <= band.top) continue;
        page.items.push({ op: Op.Rule, x1: x, y1: roundPt(frame.contentTop + band.top), x2: x, y2: roundPt(frame.contentTop + band.bottom), width: roundPt(rule.width), stroke: rule.colour });
      }
    }
  }
}
