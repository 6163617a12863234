/**
 * `rubyExceedsLeading` (document-format §18.4, §21): ruby readings stand in the leading and the line
 * pitch never changes for them (paragraph/ruby-lines.ts). A reading over (or under) its base needs
 * its own em box between the base's em box and the next line's: where the reading's size is more
 * than the room between two lines (the pitch less one em of the text), it meets the line beside it.
 * One warning per block, at its first such ruby.
 *
 * Our reading: the room is read at the body's pitch and size, which running text, lists, quotations
 * and boxes share; headings are left out (their readings reach into the space around the heading,
 * not into another line), as are readings at the `right` of their base (beside it, in the line).
 */
import type { DirectiveInline, Inline } from '../parse/model';
import { rubyOf } from '../paragraph/ruby-measure';
import type { RubySettings } from '../settings-ruby';
import type { CheckContext } from './input';
import { warning, type Warning } from './model';

/** Zhuyin readings go to the right under `position: auto` (as paragraph/ruby.ts decides). */
const ZHUYIN = /[\u3100-\u312f\u31a0-\u31bf]/;

export function rubyLeadingWarnings(ctx: CheckContext): Warning[] {
  const settings = ctx.settings;
  const size = settings.body.style.size; // pt
  const room = settings.body.lineHeight - size; // pt between one line's em box and the next's
  const ruby = rubyOf(settings);
  const reading = ruby.sizePt ?? ruby.sizeEm * size; // pt: the reading's em box
  if (reading <= room + 1e-9) return [];
  const out: Warning[] = [];
  for (const chapter of ctx.parsed) {
    for (const block of chapter.blocks) {
      if (block.kind === 'heading' || !('inlines' in block) || !Array.isArray(block.inlines)) continue;
      const found = firstInLeading(block.inlines as readonly Inline[], ruby, settings.vertical !== undefined);
      if (!found) continue;
      out.push(
        warning(
          'rubyExceedsLeading',
          `The ruby reading is ${reading.toFixed(1)} pt tall, but the leading leaves ${Math.max(0, room).toFixed(1)} pt between lines: it touches the next line. Open the leading (bodyText.lineHeight) or set the reading smaller (cjk.ruby.fontSize).`,
          { chapterId: chapter.chapterId, offset: found.range.from, toOffset: found.range.to },
        ),
      );
    }
  }
  return out;
}

/** The first ruby directive set over or under its base (not at its right, unless in vertical text, where that is 'over'). */
function firstInLeading(inlines: readonly Inline[], ruby: RubySettings, vertical: boolean): DirectiveInline | undefined {
  for (const inline of inlines) {
    if (inline.kind === 'directive' && inline.name === 'ruby' && (vertical || positionOf(inline, ruby) !== 'right')) return inline;
    const children = (inline as { children?: unknown }).children;
    if (Array.isArray(children)) {
      const found = firstInLeading(children as Inline[], ruby, vertical);
      if (found) return found;
    }
  }
  return undefined;
}

function positionOf(inline: DirectiveInline, ruby: RubySettings): string {
  const asked = inline.attrs['pos'] ?? inline.attrs['position'];
  if (asked === 'over' || asked === 'under' || asked === 'right') return asked;
  if (ruby.position !== 'auto') return ruby.position;
  return ZHUYIN.test(inline.attrs['rt'] ?? '') ? 'right' : 'over';
}
