/**
 * Done tasks (configuration.md §9.1 `unorderedLists.taskCompletedStrikethrough`, default on, and
 * `taskCompletedColor`): the text of a checked task item is struck through, line by line, in the
 * colour of its own text; the checkbox is not. Drawn after the item is placed, from its glyph runs,
 * so every line — wherever the item split — gets its rule where its text really is.
 */
import type { FontRegistry } from '../fonts/registry';
import { Op, roundPt, type DisplayItem, type GlyphRunItem } from '../../protocol/displaylist';

/**
 * Height of the stroke above the baseline, em of the text: about half the x-height of a book face
 * (the OS/2 strikeout position of EB Garamond and Open Sans is 0.25–0.3 em).
 */
const STRIKE_RISE_EM = 0.27;
/** Stroke width, em of the text: a hairline heavy enough to read over the letters. */
const STRIKE_WIDTH_EM = 0.055;

/** Rules striking through the item's text on the given pages' items (its marker excluded). */
export function strikeThroughItem(pages: readonly { items: DisplayItem[] }[], blockId: string, fonts: FontRegistry): void {
  for (const page of pages) {
    // One rule per line: the runs of the item's text on one baseline, from the first pen to the last glyph's end.
    const lines = new Map<number, { left: number; right: number; size: number; colour: string }>();
    for (const item of page.items) {
      if (item.op !== Op.GlyphRun || item.line?.block !== blockId || item.srcFrom < 0 || item.glyphs.length === 0) continue;
      const left = item.xs[0]!;
      const right = runEnd(item, fonts);
      const line = lines.get(item.y);
      if (line) {
        line.left = Math.min(line.left, left, right);
        line.right = Math.max(line.right, left, right);
      } else lines.set(item.y, { left: Math.min(left, right), right: Math.max(left, right), size: item.size, colour: item.fill });
    }
    for (const [baseline, line] of lines) {
      const y = roundPt(baseline - STRIKE_RISE_EM * line.size);
      page.items.push({ op: Op.Rule, x1: roundPt(line.left), y1: y, x2: roundPt(line.right), y2: y, width: roundPt(STRIKE_WIDTH_EM * line.size), stroke: line.colour });
    }
  }
}

/** pt: where a run's last glyph ends in visual order (its pen plus its advance). */
function runEnd(run: GlyphRunItem, fonts: FontRegistry): number {
  const last = run.glyphs.length - 1;
  const face = fonts.get(run.font);
  return run.xs[last]! + (face ? (face.glyphAdvance(run.glyphs[last]!) * run.size) / face.upem : 0);
}
