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

  /** Keeps a picture decoded elsewhere (the paint worker gets the main thread's); null: it failed to decode. */
  put(key: string, bitmap: ImageBitmap | null): void {
    this.bitmaps.set(key, bitmap);
  }

  /** Keys a display list draws that were never loaded (a failed decode is not retried). */
  missing(list: PageDisplayList): string[] {
    return picturesLacking(list, (key) => this.bitmaps.has(key));
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

/** The glyphs a display list draws that `has` lacks, per font, each font's in ascending order. */
export function glyphsLacking(list: PageDisplayList, has: (fontId: string, glyph: number) => boolean): Map<string, number[]> {
  const out = new Map<string, Set<number>>();
  for (const item of list.items) {
    if (item.op !== Op.GlyphRun) continue;
    for (const glyph of item.glyphs) {
      if (has(item.font, glyph)) continue;
      let set = out.get(item.font);
      if (!set) out.set(item.font, (set = new Set()));
      set.add(glyph);
    }
  }
  return new Map([...out].map(([font, set]) => [font, [...set].sort((a, b) => a - b)]));
}

/** The picture keys (`ImageItem.image`) a display list draws that `has` lacks, once each. */
export function picturesLacking(list: PageDisplayList, has: (key: string) => boolean): string[] {
  const keys = new Set<string>();
  for (const item of list.items) if (item.op === Op.Image && !has(item.image)) keys.add(item.image);
  return [...keys];
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
    return glyphsLacking(list, (fontId, glyph) => this.fonts.get(fontId)?.paths.has(glyph) === true);
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
  // Clipped and transformed groups: Clip/Transform save the state, ClipEnd/TransformEnd restore
  // it; a group left open at the end of the list is closed here so the context comes back as it
  // was given. Inside transformed groups every item is drawn through the composed page matrix
  // (`turned`: the device transform the painter sets is premultiplied by it).
  const groups: { kind: 'clip' | 'transform'; matrix: Matrix }[] = [];
  let matrix: Matrix = IDENTITY;
  let target: PaintContext = ctx;
  for (const item of list.items) {
    if (item.op === Op.Clip) {
      target.save();
      target.setTransform(scale, 0, 0, scale, originX, originY);
      target.clip?.(new Path2D(item.d), item.clipRule ?? 'nonzero');
      target.setTransform(1, 0, 0, 1, 0, 0);
      groups.push({ kind: 'clip', matrix });
    } else if (item.op === Op.Transform) {
      ctx.save();
      groups.push({ kind: 'transform', matrix });
      matrix = multiply(matrix, item.matrix);
      target = turned(ctx, deviceMatrix(matrix, scale, originX, originY));
    } else if (item.op === Op.ClipEnd || item.op === Op.TransformEnd) {
      // Unbalanced or mismatched ends close nothing.
      const open = groups[groups.length - 1];
      if (!open || open.kind !== (item.op === Op.ClipEnd ? 'clip' : 'transform')) continue;
      groups.pop();
      ctx.restore();
      matrix = open.matrix;
      // (turned() sets the outer group's device transform; at the top, back to identity explicitly.)
      if (matrix === IDENTITY) ctx.setTransform(1, 0, 0, 1, 0, 0);
      target = matrix === IDENTITY ? ctx : turned(ctx, deviceMatrix(matrix, scale, originX, originY));
    } else paintItem(target, item, glyphs, scale, originX, originY, images);
  }
  for (; groups.length > 0; groups.pop()) ctx.restore();
  ctx.restore();
}

/** An affine matrix [a, b, c, d, e, f]: (x, y) → (a·x + c·y + e, b·x + d·y + f). */
type Matrix = readonly [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `outer ∘ inner`: applies `inner` first. */
export function multiply(outer: Matrix, inner: Matrix): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [A, B, C, D, E, F] = inner;
  return [a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f];
}

/** A page-space matrix (pt) as a device-space one: S ∘ M ∘ S⁻¹ with S the page's scale and origin. */
function deviceMatrix(m: Matrix, s: number, ox: number, oy: number): Matrix {
  const inverse: Matrix = [1 / s, 0, 0, 1 / s, -ox / s, -oy / s];
  return multiply(multiply([s, 0, 0, s, ox, oy], m), inverse);
}

/**
 * The context as seen by items inside a transformed group: every transform set on it is
 * premultiplied by the group's device matrix (identity included, which the painter sets before
 * device-space rectangles and lines), so the items need not know they are turned.
 */
function turned(ctx: PaintContext, device: Matrix): PaintContext {
  const set = (a: number, b: number, c: number, d: number, e: number, f: number): void => ctx.setTransform(...multiply(device, [a, b, c, d, e, f]));
  set(1, 0, 0, 1, 0, 0);
  return {
    get fillStyle() {
      return ctx.fillStyle;
    },
    set fillStyle(v) {
      ctx.fillStyle = v;
    },
    get strokeStyle() {
      return ctx.strokeStyle;
    },
    set strokeStyle(v) {
      ctx.strokeStyle = v;
    },
    get lineWidth() {
      return ctx.lineWidth;
    },
    set lineWidth(v) {
      ctx.lineWidth = v;
    },
    save: () => ctx.save(),
    restore: () => ctx.restore(),
    setTransform: set,
    fillRect: (x, y, w, h) => ctx.fillRect(x, y, w, h),
    strokeRect: (x, y, w, h) => ctx.strokeRect(x, y, w, h),
    beginPath: () => ctx.beginPath(),
    moveTo: (x, y) => ctx.moveTo(x, y),
    lineTo: (x, y) => ctx.lineTo(x, y),
    stroke: (path) => (path ? ctx.stroke(path) : ctx.stroke()),
    fill: (path, rule) => ctx.fill(path, rule),
    ...(ctx.clip ? { clip: (path: Path2D, rule?: CanvasFillRule) => ctx.clip!(path, rule) } : {}),
    drawImage: (image, sx, sy, sw, sh, dx, dy, dw, dh) => ctx.drawImage(image, sx, sy, sw, sh, dx, dy, dw, dh),
  };
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
      // Clip, Transform and their ends are handled by paintPage, which keeps the save/restore depth.
      return;
  }
}
