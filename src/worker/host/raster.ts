import type { FontRegistry } from '../engine';
import { GlyphPathCache, paintPage } from '../paint/painter';
import type { PageDisplayList } from '../protocol/displaylist';

const glyphCache = new GlyphPathCache();

/** Paints a display list on an OffscreenCanvas with the shared painter and encodes it. */
export async function rasterise(
  list: PageDisplayList,
  fonts: FontRegistry,
  request: { width: number; format: 'png' | 'jpeg' | 'webp'; quality?: number | undefined },
): Promise<{ bytes: ArrayBuffer; mimeType: string; width: number; height: number }> {
  for (const [fontId, glyphs] of glyphCache.missing(list)) {
    const face = fonts.get(fontId);
    if (face) glyphCache.add(fontId, face.upem, glyphs, glyphs.map((g) => face.glyphPath(g)));
  }
  const width = request.width;
  const height = Math.round((width * list.height) / list.width);
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('OffscreenCanvas 2D context is unavailable.');
  paintPage(ctx, list, glyphCache, width / list.width);
  const mimeType = `image/${request.format}`;
  const blob = await canvas.convertToBlob({ type: mimeType, ...(request.quality !== undefined ? { quality: request.quality } : {}) });
  return { bytes: await blob.arrayBuffer(), mimeType, width, height };
}
