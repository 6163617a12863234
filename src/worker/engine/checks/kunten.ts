/**
 * `kuntenExceedsLeading` (document-format §18.4, §21): under `cjk.kunten.placement: 'interlinear'`
 * the kanbun marks hang into the leading — okurigana over the line, the return mark under it
 * (paragraph/kunten-lines.ts) — and the line pitch never changes for them. A mark needs its own
 * em box between its character's em box and the next line's: where the marks' size is more than
 * the room between two lines (the pitch less one em of the text), they meet the line beside them.
 * One warning per block, at its first `:kunten` with a return mark or okurigana.
 *
 * Under `inline` (the default) the marks stand inside the line's em box and never reach the
 * leading: no warning — but in vertical text the okurigana stands beside its character, right of
 * the column in the leading (paragraph/kunten-lines.ts), so there a `:kunten` with okurigana is
 * checked under both placements. Our reading, as rubyExceedsLeading's: the room is read at the body's pitch
 * and size (running text, lists, quotations and boxes share them); headings are left out.
 */
import type { DirectiveInline, Inline } from '../parse/model';
import { kuntenOf } from '../paragraph/kunten-measure';
import type { CheckContext } from './input';
import { warning, type Warning } from './model';

export function kuntenLeadingWarnings(ctx: CheckContext): Warning[] {
  const settings = ctx.settings;
  const kunten = kuntenOf(settings);
  // Marks in the leading: both under interlinear; in vertical text the okurigana under inline too.
  const okuriOnly = kunten.placement !== 'interlinear';
  if (okuriOnly && !settings.vertical) return [];
  const size = settings.body.style.size; // pt
  const room = settings.body.lineHeight - size; // pt between one line's em box and the next's
  const mark = kunten.sizePt ?? kunten.sizeEm * size; // pt: a mark's em box
  if (mark <= room + 1e-9) return [];
  const out: Warning[] = [];
  for (const chapter of ctx.parsed) {
    for (const block of chapter.blocks) {
      if (block.kind === 'heading' || !('inlines' in block) || !Array.isArray(block.inlines)) continue;
      const found = firstMarked(block.inlines as readonly Inline[], okuriOnly);
      if (!found) continue;
      out.push(
        warning(
          'kuntenExceedsLeading',
          `The kanbun marks are ${mark.toFixed(1)} pt tall, but the leading leaves ${Math.max(0, room).toFixed(1)} pt between lines: they touch the next line. Open the leading (bodyText.lineHeight), set the marks smaller (cjk.kunten.fontSize) or set them inline (cjk.kunten.placement).`,
          { chapterId: chapter.chapterId, offset: found.range.from, toOffset: found.range.to },
        ),
      );
    }
  }
  return out;
}

/** The first `:kunten` with a mark in the leading (a return mark or okurigana, or okurigana only; a 竪点 stays in the line). */
function firstMarked(inlines: readonly Inline[], okuriOnly: boolean): DirectiveInline | undefined {
  for (const inline of inlines) {
    if (inline.kind === 'directive' && inline.name === 'kunten' && ((!okuriOnly && (inline.attrs['kaeri'] ?? '').trim()) || (inline.attrs['okuri'] ?? '').trim())) return inline;
    const children = (inline as { children?: unknown }).children;
    if (Array.isArray(children)) {
      const found = firstMarked(children as Inline[], okuriOnly);
      if (found) return found;
    }
  }
  return undefined;
}
