/**
 * `cjkMarksExceedLeading` (document-format §18.4, §21): CJK marks — emphasis dots, the lines of
 * `:name`, `:sideline` and a wavy `:book` — stand in the leading, and the line pitch never changes
 * for them (page/cjk-marks.ts). Where a mark reaches further past the text's em box than the room
 * between two lines (the pitch less one em of the text), it meets the line beside it. One warning
 * per block, at its first such mark.
 *
 * Our reading: the room is read at the body's pitch and size, which running text, lists, quotations
 * and boxes share; headings are left out, as a heading's marks reach into the space around it
 * rather than into another line's (most headings are one line).
 */
import type { Inline } from '../parse/model';
import { markOfInline, type CjkMark } from '../paragraph/cjk-marks';
import { markReachEm } from '../page/cjk-marks';
import type { LayoutSettings } from '../settings';
import type { CheckContext } from './input';
import { warning, type Warning } from './model';

export function cjkMarkLeadingWarnings(ctx: CheckContext): Warning[] {
  const settings = ctx.settings;
  const size = settings.body.style.size; // pt
  const room = settings.body.lineHeight - size; // pt between one line's em box and the next's
  const out: Warning[] = [];
  for (const chapter of ctx.parsed) {
    for (const block of chapter.blocks) {
      if (block.kind === 'heading' || !('inlines' in block) || !Array.isArray(block.inlines)) continue;
      const found = firstTooTall(block.inlines as readonly Inline[], settings, room / size);
      if (!found) continue;
      const reach = markReachEm(found.mark) * size;
      out.push(
        warning(
          'cjkMarksExceedLeading',
          `The ${describe(found.mark)} reach ${reach.toFixed(1)} pt past the characters, but the leading leaves ${Math.max(0, room).toFixed(1)} pt between lines: they touch the next line. Open the leading (bodyText.lineHeight) or choose a smaller mark.`,
          { chapterId: chapter.chapterId, offset: found.inline.range.from, toOffset: found.inline.range.to },
        ),
      );
    }
  }
  return out;
}

/** The first inline whose mark needs more room than `roomEm` (em of the body size). */
function firstTooTall(inlines: readonly Inline[], settings: LayoutSettings, roomEm: number): { inline: Inline; mark: CjkMark } | undefined {
  for (const inline of inlines) {
    const mark = markOfInline(inline, settings);
    if (mark && markReachEm(mark) > roomEm + 1e-9) return { inline, mark };
    const children = (inline as { children?: unknown }).children;
    if (Array.isArray(children)) {
      const found = firstTooTall(children as Inline[], settings, roomEm);
      if (found) return found;
    }
  }
  return undefined;
}

function describe(mark: CjkMark): string {
  if (mark.kind === 'dots') return `${mark.shape === 'dot' ? 'emphasis dots' : mark.shape === 'circle' ? 'emphasis circles' : 'sesame marks'}`;
  return `${mark.shape} lines`;
}
