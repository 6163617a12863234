/**
 * Image elements of header, footer and part designs (configuration.md §5.3 `image`): a resource
 * drawn in a slot box. The picture keeps its aspect: one side `auto` follows the other, both set
 * fit the picture inside the box and centre it, both `auto` take its natural print size
 * (document-format §12.9). Running-head images are decoration: they carry no block (no line info).
 */
import type { DisplayItem } from '../../protocol/displaylist';
import { fitPicture, naturalSize, pictureBlock } from '../resources/figure';
import type { ResourceSet } from '../resources';
import type { BlockEnvironment } from '../resources/block';

/** A resource a slot can draw: its natural size (pt) and its items in a w × h pt box at (x, y). */
export interface SlotImage {
  natural: { width: number; height: number };
  draw(x: number, y: number, w: number, h: number): DisplayItem[];
}

/** Looks up a slot image by resource id (undefined: no such resource, or not a picture). */
export type SlotImages = (resourceId: string) => SlotImage | undefined;

/** Slot images from a book's resources; pictures only (tables and videos are not drawn in slots). */
export function slotImages(set: ResourceSet | undefined, env: BlockEnvironment): SlotImages {
  const memo = new Map<string, SlotImage | undefined>();
  return (resourceId) => {
    if (memo.has(resourceId)) return memo.get(resourceId);
    const resource = set?.resources.get(resourceId);
    const natural = resource && (resource.bitmap || resource.svg) ? naturalSize(resource, set!.settings) : null;
    const image: SlotImage | undefined =
      resource && natural && natural.width > 0 && natural.height > 0
        ? {
            natural,
            draw: (x, y, w, h) => {
              // Fit inside the box (never enlarged past it, aspect kept) and centre.
              const scale = Math.min(w / natural.width, h / natural.height);
              const fit = fitPicture({ width: natural.width * scale, height: natural.height * scale }, w, h, resource.safeArea);
              return pictureBlock(resource, fit, set!.settings, env).emit(x + (w - fit.width) / 2, y + (h - fit.height) / 2);
            },
          }
        : undefined;
    memo.set(resourceId, image);
    return image;
  };
}
