import type { FontRegistry } from '../engine';
import { GlyphPathCache, ImageBitmapCache, paintPage } from '../paint/painter';
import { drawCropMarks, drawPrintGuides, sheetMargin, type CropMarks } from '../paint/print-guides';
import type { PageDisplayList } from '../protocol/displaylist';

/** Print preview of a raster (tools.md sandbox_render_page `printPreview`), lengths in pt. */
export interface RasterPreview {
  bleed: number;
  safeZone: number;
  /** Crop marks around the bleed; null when cut lines are off or the picture is `trimmed`. */
  marks: CropMarks | null;
}

export interface RasterOptions {
  width: number;
  format: 'png' | 'jpeg' | 'webp';
  quality?: number | undefined;
  crop?: { x: number; y: number; width: number; height: number } | undefined;
  /** With print preview the picture is the sheet: the trim plus the bleed (and the crop marks). */
  preview?: RasterPreview | undefined;
}

const glyphCache = new GlyphPathCache();
const imageCache = new ImageBitmapCache();

/** Paints a display list on an OffscreenCanvas with the shared painter and encodes it. */
export async function rasterise(
  list: PageDisplayList,
  fonts: FontRegistry,
  request: RasterOptions,
  /** Picture bytes by content key (ImageItem.image), decoded here with createImageBitmap. */
  images?: (key: string) => { bytes: Uint8Array; mime: string } | null,
): Promise<{ bytes: ArrayBuffer; mimeType: string; width: number; height: number }> {
  for (const [fontId, glyphs] of glyphCache.missing(list)) {
    const face = fonts.get(fontId);
    if (face) glyphCache.add(fontId, face.upem, glyphs, glyphs.map((g) => face.glyphPath(g)));
  }
  // The picture covers the sheet: the trim alone, or with print preview the trim plus the paper
  // around it (pt). With a crop, `width` px covers the cropped part of the sheet: the whole sheet
  // is painted at a larger scale and shifted so the crop's top-left lands at the canvas origin.
  const preview = request.preview;
  const margin = preview ? sheetMargin(preview.bleed, preview.marks) : 0; // pt
  const sheetWidth = list.width + 2 * margin;
  const sheetHeight = list.height + 2 * margin;
  const crop = request.crop ?? { x: 0, y: 0, width: 1, height: 1 };
  const width = request.width;
  const scale = width / (sheetWidth * crop.width); // px per pt
  const height = Math.max(1, Math.round(sheetHeight * crop.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('OffscreenCanvas 2D context is unavailable.');
  if (images) await imageCache.load(list, async (key) => images(key));
  // Device px of the trim's top-left corner.
  const originX = (margin - crop.x * sheetWidth) * scale;
  const originY = (margin - crop.y * sheetHeight) * scale;
  if (preview) {
    ctx.fillStyle = '#ffffff'; // the paper around the trim
    ctx.fillRect(0, 0, width, height);
  }
  paintPage(ctx, list, glyphCache, scale, originX, originY, imageCache);
  if (preview) {
    ctx.setTransform(scale, 0, 0, scale, originX, originY);
    const geometry = { width: list.width, height: list.height, bleed: preview.bleed, safeZone: preview.safeZone };
    drawPrintGuides(ctx, geometry, scale);
    if (preview.marks) drawCropMarks(ctx, geometry, preview.marks, scale);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  }
  const mimeType = `image/${request.format}`;
  const blob = await canvas.convertToBlob({ type: mimeType, ...(request.quality !== undefined ? { quality: request.quality } : {}) });
  return { bytes: await blob.arrayBuffer(), mimeType, width, height };
}
