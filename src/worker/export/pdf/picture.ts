/**
 * Pictures pdf-lib cannot embed (GIF, WebP) go into the PDF from their decoded pixels: an
 * 8-bit DeviceRGB image XObject, compressed, with a DeviceGray soft mask when any pixel is not
 * opaque. GIF is decoded here (gif.ts); WebP by the environment (the worker's
 * `createImageBitmap`), since a WebP decoder is not worth writing twice.
 */
import type { PDFContext, PDFRef } from 'pdf-lib';
import { flateStream } from './deflate';

/** Decoded pixels: `width × height` RGBA, 8 bits per channel, not premultiplied, rows top first. */
export interface RgbaPicture {
  width: number;
  height: number;
  rgba: Uint8ClampedArray | Uint8Array;
}

/** Writes the picture as an image XObject (and its soft mask) and returns its reference. */
export async function embedRgba(context: PDFContext, picture: RgbaPicture): Promise<PDFRef> {
  const { width, height, rgba } = picture;
  const pixels = width * height;
  if (rgba.length < pixels * 4) throw new Error(`the decoded picture has ${rgba.length} bytes for ${width} × ${height} pixels`);
  const rgb = new Uint8Array(pixels * 3);
  const alpha = new Uint8Array(pixels);
  let opaque = true;
  for (let i = 0; i < pixels; i++) {
    rgb[3 * i] = rgba[4 * i]!;
    rgb[3 * i + 1] = rgba[4 * i + 1]!;
    rgb[3 * i + 2] = rgba[4 * i + 2]!;
    const a = rgba[4 * i + 3]!;
    alpha[i] = a;
    if (a !== 255) opaque = false;
  }
  const image = { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, BitsPerComponent: 8 };
  const dict: Record<string, unknown> = { ...image, ColorSpace: 'DeviceRGB' };
  if (!opaque) dict['SMask'] = context.register(await flateStream(context, alpha, { ...image, ColorSpace: 'DeviceGray' }));
  return context.register(await flateStream(context, rgb, dict as Parameters<typeof flateStream>[2]));
}
