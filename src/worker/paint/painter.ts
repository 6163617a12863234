/**
 * The one painter: draws a page display list on any 2D context (a page canvas on the main
 * thread, an OffscreenCanvas in the worker). DOM-free; glyphs are filled from outline paths
 * taken from the shaper's fonts, never with fillText, so every backend shows the same shapes.
 */
import { Op, type DisplayItem, type PageDisplayList } from '../protocol/displaylist';

/** The part of CanvasRenderingContext2D / OffscreenCanvasRenderingContext2D the painter uses. */
export interface PaintContext {
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  save(): void;
  restore(): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  strokeRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  stroke(path?: Path2D): void;
  fill(path: Path2D, fillRule?: CanvasFillRule): void;
  /** Clips to a path (Clip items); every 2D context has it, a recording stand-in may leave it out. */
  clip?(path: Path2D, fillRule?: CanvasFillRule): void;
  drawImage(image: ImageBitmap, sx: number, sy: number, sw: number, sh: number, dx: number, dy: number, dw: number, dh: number): void;
}

/**
 * Decoded pictures by content key (`ImageItem.image`). Decoding uses `createImageBitmap`, which
 * exists on the main thread and in workers alike; the bytes come from the worker (`getImage`).
 */
export class ImageBitmapCache {
  private readonly bitmaps = new Map<string, ImageBitmap | null>();

  get(key: string): ImageBitmap | undefined {
    return this.bitmaps.get(key) ?? undefined;
  }

  /** Keys a display list draws that were never loaded (a failed decode is not retried). */
  missing(list: PageDisplayList): string[] {
    const keys = new Set<string>();
    for (const item of list.items) if (item.op === Op.Image && !this.bitmaps.has(item.image)) keys.add(item.image);
    return [...keys];
  }

  /** Decodes and keeps the pictures a list needs; `fetchBytes` answers null for an unknown key. */
  async load(list: PageDisplayList, fetchBytes: (key: string) => Promise<{ bytes: Uint8Array; mime: string } | null>): Promise<void> {
    await Promise.all(
      this.missing(list).map(async (key) => {
        try {
          const found = await fetchBytes(key);
          this.bitmaps.set(key, found ? await createImageBitmap(new Blob([found.bytes as BlobPart], { type: found.mime })) : null);
        } catch {
          this.bitmaps.set(key, null); // undecodable: drawn as a placeholder box
        }
      }),
    );
  }
}

/** Glyph outlines by font and glyph id, as Path2D in font units (y up). */
export class GlyphPathCache {
  private readonly fonts = new Map<string, { upem: number; paths: Map<number, Path2D> }>();

  upem(fontId: string): number | undefined {
    return this.fonts.get(fontId)?.upem;
  }

  get(fontId: string, glyph: number): Path2D | undefined {
    return this.fonts.get(fontId)?.paths.get(glyph);
  }

  add(fontId: string, upem: number, glyphs: readonly number[], paths: readonly string[]): void {
    let font = this.fonts.get(fontId);
    if (!font) {
      font = { upem, paths: new Map() };
      this.fonts.set(fontId, font);
    }
    glyphs.forEach((glyph, i) => font!.paths.set(glyph, new Path2D(paths[i] ?? '')));
  }

  /** Glyphs a display list needs that are not cached yet, per font. */
  missing(list: PageDisplayList): Map<string, number[]> {
    const out = new Map<string, Set<number>>();
    for (const item of list.items) {
      if (item.op !== Op.GlyphRun) continue;
      const font = this.fonts.get(item.font);
      for (const glyph of item.glyphs) {
        if (font?.paths.has(glyph)) continue;
        let set = out.get(item.font);
        if (!set) out.set(item.font, (set = new Set()));
        set.add(glyph);
      }
    }
    return new Map([...out].map(([font, set]) => [font, [...set].sort((a, b) => a - b)]));
  }
}

/**
 * Paints a page. `scale` is device pixels per pt; (originX, originY) is where the page's
 * top-left lands, in device pixels. The context's transform is reset to identity.
 */
export function paintPage(ctx: PaintContext, list: PageDisplayList, glyphs: GlyphPathCache, scale: number, originX = 0, originY = 0, images?: ImageBitmapCache): void {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = list.background ?? '#ffffff';
  ctx.fillRect(originX, originY, list.width * scale, list.height * scale);
  // Clipped groups: Clip saves the state and clips, ClipEnd restores it; a group left open at the
  // end of the list is closed here so the context comes back as it was given.
  let depth = 0;
  for (const item of list.items) {
    if (item.op === Op.Clip) {
      ctx.save();
      ctx.setTransform(scale, 0, 0, scale, originX, originY);
      ctx.clip?.(new Path2D(item.d), item.clipRule ?? 'nonzero');
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      depth++;
    } else if (item.op === Op.ClipEnd) {
      if (depth === 0) continue; // unbalanced: nothing to close
      ctx.restore();
      depth--;
    } else paintItem(ctx, item, glyphs, scale, originX, originY, images);
  }
  for (; depth > 0; depth--) ctx.restore();
  ctx.restore();
}

function paintItem(ctx: PaintContext, item: DisplayItem, glyphs: GlyphPathCache, s: number, ox: number, oy: number, images: ImageBitmapCache | undefined): void {
  switch (item.op) {
    case Op.GlyphRun: {
      const upem = glyphs.upem(item.font);
      if (upem === undefined) return;
      const k = (item.size / upem) * s;
      ctx.fillStyle = item.fill;
      for (let i = 0; i < item.glyphs.length; i++) {
        const path = glyphs.get(item.font, item.glyphs[i]!);
        if (!path) continue;
        const dy = item.dys?.[i] ?? 0;
        // Font units are y-up: flip the y axis at the baseline.
        ctx.setTransform(k, 0, 0, -k, ox + item.xs[i]! * s, oy + (item.y + dy) * s);
        ctx.fill(path);
      }
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      return;
    }
    case Op.Rule: {
      ctx.strokeStyle = item.stroke;
      ctx.lineWidth = item.width * s;
      ctx.beginPath();
      ctx.moveTo(ox + item.x1 * s, oy + item.y1 * s);
      ctx.lineTo(ox + item.x2 * s, oy + item.y2 * s);
      ctx.stroke();
      return;
    }
    case Op.Rect: {
      if (item.fill) {
        ctx.fillStyle = item.fill;
        ctx.fillRect(ox + item.x * s, oy + item.y * s, item.w * s, item.h * s);
      }
      if (item.stroke) {
        ctx.strokeStyle = item.stroke;
        ctx.lineWidth = (item.strokeWidth ?? 1) * s;
        ctx.strokeRect(ox + item.x * s, oy + item.y * s, item.w * s, item.h * s);
      }
      return;
    }
    case Op.Path: {
      const path = new Path2D(item.d);
      ctx.setTransform(s, 0, 0, s, ox, oy);
      if (item.fill) {
        ctx.fillStyle = item.fill;
        ctx.fill(path, item.fillRule ?? 'nonzero');
      }
      if (item.stroke) {
        ctx.strokeStyle = item.stroke;
        ctx.lineWidth = item.strokeWidth ?? 1;
        ctx.stroke(path);
      }
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      return;
    }
    case Op.Image: {
      const bitmap = images?.get(item.image);
      if (!bitmap) {
        // Not decoded (yet, or not at all): a neutral placeholder box where the picture goes.
        ctx.fillStyle = '#eeeeee';
        ctx.fillRect(ox + item.x * s, oy + item.y * s, item.w * s, item.h * s);
        return;
      }
      const crop = item.crop ?? { x: 0, y: 0, w: 1, h: 1 };
      ctx.drawImage(bitmap, crop.x * bitmap.width, crop.y * bitmap.height, crop.w * bitmap.width, crop.h * bitmap.height, ox + item.x * s, oy + item.y * s, item.w * s, item.h * s);
      return;
    }
    default:
      // Clip and ClipEnd are handled by paintPage, which keeps the save/restore depth.
      return;
  }
}
