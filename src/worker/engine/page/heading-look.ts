/**
 * A heading's own type and spacing (configuration.md §8.1–§8.2, §13.6): its heading style's field
 * over its level's, over the general `headings.*` one. Pure; lengths in pt.
 */
import type { HeadingBlock } from '../parse/model';
import type { HeadingLength, HeadingStyleSettings, LayoutSettings, TextStyle } from '../settings';

const styleOf = (block: HeadingBlock, settings: LayoutSettings): HeadingStyleSettings | undefined => settings.headingStyles[block.attrs['style'] ?? ''];

/** The heading's text style: face, weight, italic, size and colour (style › level › general). */
export function headingTextStyle(block: HeadingBlock, settings: LayoutSettings): TextStyle {
  const level = settings.headings.levels[block.level - 1]!;
  const own = styleOf(block, settings);
  return {
    family: own?.family ?? level.family ?? settings.headings.family,
    weight: own?.weight ?? level.weight ?? settings.headings.weight,
    italic: own?.italic ?? level.italic ?? false,
    size: own?.size ?? level.size,
    colour: own?.colour ?? level.colour ?? settings.headings.colour,
  };
}

/** Leading and the margins above and below, pt, in the heading's own em (`size`: its style's size). */
export function headingSpacing(block: HeadingBlock, settings: LayoutSettings, size: number): { lineHeight: number; marginTop: number; marginBottom: number } {
  const level = settings.headings.levels[block.level - 1]!;
  const own = styleOf(block, settings);
  const at = (length: HeadingLength | undefined, levelEm: number): number => (length ? length.pt + length.em * size : levelEm * size);
  return { lineHeight: at(own?.lineHeight, level.lineHeightEm), marginTop: at(own?.marginTop, level.marginTopEm), marginBottom: at(own?.marginBottom, level.marginBottomEm) };
}
