/**
 * Messages between the UI's page painter (main thread) and the paint worker, which draws page
 * display lists on an OffscreenCanvas and answers with the picture as an ImageBitmap. Each request
 * carries only what the paint worker has not been sent before: glyph outlines (SVG path data in
 * font units) and decoded pictures; the worker keeps them for later pages.
 */
import { z } from 'zod';
import type { PageDisplayList } from '../protocol/displaylist';

/** The largest bitmap side the painter asks for, device px: a page at zoom 4 on a 3× screen stays under it. */
export const MAX_BITMAP_SIDE = 16_384;

export const PaintRequestSchema = z.object({
  id: z.number().int().nonnegative(),
  /**
   * What the picture is for (a page canvas). A newer request for the same target replaces one
   * still waiting, which is answered `superseded`: pages changing faster than they are drawn
   * (a body size typed digit by digit) cost one drawing each, not one per version.
   */
  target: z.string().min(1),
  /** The picture's size, device px. */
  width: z.number().int().positive().max(MAX_BITMAP_SIDE),
  height: z.number().int().positive().max(MAX_BITMAP_SIDE),
  /**
   * The page, as the book worker served it. Checked for its frame only (a size and an item list):
   * it comes from our own book worker through the main thread, and walking every item again would
   * cost more than painting it. The painter skips any item whose op it does not know.
   */
  list: z.custom<PageDisplayList>(
    (value) => typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items) && typeof (value as { width?: unknown }).width === 'number' && (value as { width: number }).width > 0 && typeof (value as { height?: unknown }).height === 'number',
    'list: send a page display list ({ width, height, items: [...] }) as getDisplayList answers it',
  ),
  /** Glyph outlines not sent before, per font. */
  glyphs: z.array(
    z.object({
      fontId: z.string(),
      upem: z.number().positive(),
      glyphs: z.array(z.number().int().nonnegative()),
      paths: z.array(z.string()),
    }).refine((font) => font.glyphs.length === font.paths.length, 'glyphs: send one path per glyph id'),
  ),
  /** Pictures not sent before, by content key; null for one that failed to decode (drawn as a placeholder). */
  images: z.array(z.object({ key: z.string(), bitmap: z.custom<ImageBitmap>((value) => typeof ImageBitmap !== 'undefined' && value instanceof ImageBitmap).nullable() })),
});

export type PaintRequest = z.infer<typeof PaintRequestSchema>;

/** The paint worker's answer: the picture (transferred), a newer request for its target, or why there is none. */
export type PaintReply = { id: number; bitmap: ImageBitmap } | { id: number; superseded: true } | { id: number; error: string };
