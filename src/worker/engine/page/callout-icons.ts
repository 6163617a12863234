/**
 * What a callout box's icon or marker draws (configuration.md §13.4 `icon` / `marker`): a glyph
 * in its own type, or — kind `resource` — a picture of the book's resources standing where the
 * glyph would, fitted with its aspect kept (furniture-images.ts draws it as slot images are), and in
 * vertical text set turned back in the flow so that it stands upright on the sheet.
 * Where they stand is paginate.ts's (`calloutIconParts`, `drawCalloutMarker`). Lengths in pt.
 */
import { Op, roundPt, type DisplayItem } from '../../protocol/displaylist';
import type { FontRegistry } from '../fonts/registry';
import type { SetLine } from '../paragraph';
import type { CalloutIcon, CalloutMarker } from '../settings-callouts';
import type { SlotImages } from './furniture-images';
import type { SetGenerated } from './paginate';

/** An icon's or marker's ink: `width` × `height` pt; a glyph line (its baseline `ascent` under the top), or a picture's items. */
export interface CalloutInk {
  width: number;
  height: number;
  ascent: number;
  /** The glyph, set in its type (emitted by the caller, which records its line). */
  line?: SetLine;
  /** The picture's items with its top-left corner at (x, top). */
  picture?: (x: number, top: number) => DisplayItem[];
}

/**
 * The ink of an icon or marker: the glyph set in its type (its height from the face's ascender to
 * its descender), or the picture scaled to its box (the largest size inside `width` × `height`,
 * either bound absent when unset, and at most `maxWidth` wide: aspect kept, enlarged or reduced).
 * Undefined for a picture the book has no resource for, or one that is no picture (a table, a
 * video): the box is set without it, and the checks report the unknown id (checks/resources.ts).
 * `vertical`: the flow is turned a quarter (page/vertical.ts) and the picture set turned back in
 * it, upright on the sheet (as resources/figure.ts sets pictures in vertical text).
 */
export function calloutInk(mark: CalloutIcon | CalloutMarker, setGenerated: SetGenerated, fonts: FontRegistry, images: SlotImages | undefined, vertical: boolean, maxWidth = Infinity): CalloutInk | undefined {
  if (mark.picture) {
    const image = images?.(mark.picture.resourceId);
    if (!image) return undefined;
    // Vertical text (page/vertical.ts turns the flow a quarter clockwise): the picture stands upright
    // on the sheet only when set turned back in the flow, so its flow box has its sides swapped.
    const natural = vertical ? { width: image.natural.height, height: image.natural.width } : image.natural;
    // `maxWidth`: an inline icon's column is at most half the box's inner width (paginate.ts).
    const boxW = Math.min(mark.picture.width ?? Infinity, maxWidth);
    const boxH = mark.picture.height ?? Infinity;
    const bound = Math.min(boxW / natural.width, boxH / natural.height);
    const scale = Number.isFinite(bound) ? bound : 1;
    const width = natural.width * scale;
    const height = natural.height * scale;
    if (!vertical) return { width, height, ascent: height, picture: (x, top) => image.draw(x, top, width, height) };
    // Drawn `height` wide and `width` tall in its own (u, v), mapped to the flow point (x + v, top + height − u).
    const resource = mark.picture.resourceId;
    const turned = (x: number, top: number): DisplayItem[] => [{ op: Op.Transform, matrix: [0, -1, 1, 0, roundPt(x), roundPt(top + height)], resource }, ...image.draw(0, 0, height, width), { op: Op.TransformEnd, resource }];
    return { width, height, ascent: height, picture: turned };
  }
  const line = setGenerated(mark.text, mark.style);
  const face = fonts.match(mark.style.family, mark.style.weight, 'normal');
  const ascent = (face.ascender / face.upem) * mark.style.size;
  return { width: line.width, height: ascent - (face.descender / face.upem) * mark.style.size, ascent, line };
}
