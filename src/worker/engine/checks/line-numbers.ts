/**
 * `lineNumberOverlap` (configuration.md §17.2, document-format §21): a margin line number
 * (§11.2, page/line-numbers.ts; runs of role `lineNumber`) that does not stand clear — its ink
 * meets other text or a picture (the numbers of two columns in a narrow gutter, a side column, a
 * float in the margin), or it runs off the page (a margin narrower than the number and its gap).
 * The numbers never move a line, so the book says what to change: the margin or gutter, or
 * `lineNumbers.position`, `multiColumn`, `gap`, `fontSize`. At most one warning per page.
 */
import { Op, type DisplayItem, type GlyphRunItem } from '../../protocol/displaylist';
import type { FontRegistry } from '../fonts/registry';
import type { CheckContext } from './input';
import { memoPerObject } from './memo';
import { warning, type Warning } from './model';

/** Overlaps thinner than this (pt) are the touching of neighbours' side bearings, not a collision. */
const SLACK_PT = 0.5;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A run's box: its pen positions to the last glyph's advance across, 0.75 em above to 0.25 em below the baseline. */
function runBox(run: GlyphRunItem, fonts: FontRegistry): Box {
  let left = Infinity;
  let right = -Infinity;
  for (let g = 0; g < run.xs.length; g++) {
    const face = fonts.get(run.font);
    const advance = face ? (face.glyphAdvance(run.glyphs[g]!) / face.upem) * run.size : 0;
    left = Math.min(left, run.xs[g]!);
    right = Math.max(right, run.xs[g]! + advance);
  }
  return { left, right, top: run.y - 0.75 * run.size, bottom: run.y + 0.25 * run.size };
}

const meets = (a: Box, b: Box): boolean => Math.min(a.right, b.right) - Math.max(a.left, b.left) > SLACK_PT && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > SLACK_PT;

/** What else on the page a number may meet: other runs and pictures, with words for the warning. */
function obstacles(items: readonly DisplayItem[], fonts: FontRegistry): { box: Box; what: string; item: DisplayItem }[] {
  const out: { box: Box; what: string; item: DisplayItem }[] = [];
  for (const item of items) {
    if (item.op === Op.GlyphRun && item.glyphs.length > 0) out.push({ box: runBox(item, fonts), what: item.line?.role === 'lineNumber' ? `line number ${item.text}` : `"${item.text.slice(0, 40)}"`, item });
    else if (item.op === Op.Image) out.push({ box: { left: item.x, right: item.x + item.w, top: item.y, bottom: item.y + item.h }, what: 'a picture', item });
  }
  return out;
}

export function lineNumberWarnings(ctx: CheckContext): Warning[] {
  if (!ctx.settings.lineNumbers) return [];
  const out: Warning[] = [];
  for (const chapter of ctx.layout.chapters) {
    out.push(
      ...memoPerObject('lineNumbers', chapter, '', () => {
        const found: Warning[] = [];
        for (const page of chapter.pages) {
          const numbers = page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.role === 'lineNumber');
          if (numbers.length === 0) continue;
          const others = obstacles(page.items, ctx.fonts);
          const problems: string[] = [];
          for (const number of numbers) {
            const box = runBox(number, ctx.fonts);
            if (box.left < -SLACK_PT || box.right > page.width + SLACK_PT) {
              problems.push(`Line number ${number.text} runs off the page`);
              continue;
            }
            const hit = others.find((o) => o.item !== number && meets(box, o.box));
            if (hit) problems.push(`Line number ${number.text} overlaps ${hit.what}`);
          }
          if (problems.length === 0) continue;
          const more = problems.length > 1 ? ` (and ${problems.length - 1} more on this page)` : '';
          found.push(warning('lineNumberOverlap', `${problems[0]}${more}; widen the margin or gutter, or change lineNumbers.position, multiColumn, gap or fontSize.`, { chapterId: chapter.id, pageIndex: page.index, path: 'lineNumbers.position' }));
        }
        return found;
      }),
    );
  }
  return out;
}
