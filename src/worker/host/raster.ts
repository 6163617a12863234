import type { FontRegistry } from '../engine';
import { GlyphPathCache, ImageBitmapCache, paintPage } from '../paint/painter';
import type { PageDisplayList } from '../protocol/displaylist';

const glyphCache = new GlyphPathCache();
const imageCache = new ImageBitmapCache();

/** Paints a display list on an OffscreenCanvas with the shared painter and encodes it. */
export async function rasterise(
  list: PageDisplayList,
  fonts: FontRegistry,
  request: { width: number; format: 'png' | 'jpeg' | 'webp'; quality?: number | undefined; crop?: { x: number; y: number; width: number; height: number } | undefined },
  /** Picture bytes by content key (ImageItem.image), decoded here with createImageBitmap. */
  images?: (key: string) => { bytes: Uint8Array; mime: string } | null,
): Promise<{ bytes: ArrayBuffer; mimeType: string; width: number; height: number }> {
  for (const [fontId, glyphs] of glyphCache.missing(list)) {
    const face = fonts.get(fontId);
    if (face) glyphCache.add(fontId, face.upem, glyphs, glyphs.map((g) => face.glyphPath(g)));
  }
  // With a crop, `width` px covers the cropped part: the whole page is painted at a larger scale
  // and shifted so the crop's top-left lands at the canvas origin.
  const crop = request.crop ?? { x: 0, y: 0, width: 1, height: 1 };
  const width = request.width;
  const scale = width / (list.width * crop.width); // px per pt
  const height = Math.max(1, Math.round(list.height * crop.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('OffscreenCanvas 2D context is unavailable.');
  if (images) await imageCache.load(list, async (key) => images(key));
  paintPage(ctx, list, glyphCache, scale, -crop.x * list.width * scale, -crop.y * list.height * scale, imageCache);
  const mimeType = `image/${request.format}`;
  const blob = await canvas.convertToBlob({ type: mimeType, ...(request.quality !== undefined ? { quality: request.quality } : {}) });
  return { bytes: await blob.arrayBuffer(), mimeType, width, height };
}
