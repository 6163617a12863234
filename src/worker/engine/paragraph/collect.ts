import type { Inline, Mark } from '../parse/model';
import type { LayoutSettings, TextStyle } from '../settings';

/** A piece of text in one style, with the source offset of each UTF-16 unit. */
export interface StyledText {
  text: string;
  style: TextStyle;
  /** Source offset (chapter file, UTF-16) of each unit of `text`. */
  offsets: number[];
}

/** Phase 1 of setting a paragraph: inline runs → styled text with source offsets. */
export function collectInlines(inlines: readonly Inline[], base: TextStyle, settings: LayoutSettings): StyledText[] {
  const out: StyledText[] = [];
  for (const inline of inlines) {
    if (inline.kind !== 'text') continue; // other inline kinds are set by later issues
    const offsets = inline.offsets ?? Array.from({ length: inline.text.length }, (_, i) => inline.range.from + i);
    out.push({ text: inline.text, style: styleFor(inline.marks, base, settings), offsets });
  }
  return out;
}

function styleFor(marks: readonly Mark[], base: TextStyle, settings: LayoutSettings): TextStyle {
  let style = base;
  if (marks.includes('strong')) style = { ...style, weight: settings.body.boldWeight, colour: base === settings.body.style ? settings.body.boldColour : style.colour };
  if (marks.includes('emphasis')) style = { ...style, italic: true, colour: base === settings.body.style ? settings.body.italicColour : style.colour };
  return style;
}
