/**
 * Picture headers read in pure code (no DOM, no decoder): format, pixel size and the resolution
 * stated in the file. Enough to size a figure before any pixel is decoded, in Node and the worker.
 */

export type BitmapFormat = 'png' | 'jpeg' | 'webp' | 'gif';

export interface BitmapInfo {
  format: BitmapFormat;
  /** Pixels. */
  width: number;
  height: number;
  /** Pixels per inch stated in the file (PNG pHYs, JFIF density), when it states one. */
  ppi?: number;
}

/** Reads a PNG, JPEG, WebP or GIF header; null for anything else or a truncated file. */
export function readBitmapInfo(bytes: Uint8Array): BitmapInfo | null {
  try {
    if (isPng(bytes)) return png(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpeg(bytes);
    if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webp(bytes);
    if (ascii(bytes, 0, 4) === 'GIF8') return { format: 'gif', width: u16le(bytes, 6), height: u16le(bytes, 8) };
  } catch {
    // A truncated header reads past the end: not a picture we can size.
  }
  return null;
}

/** Whether the bytes look like SVG markup (an `<svg` element near the start, after any prolog). */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  return /<svg[\s>]/i.test(head);
}

/** MIME type of a bitmap format, for decoders. */
export function mimeOf(format: BitmapFormat): string {
  return `image/${format}`;
}

function isPng(b: Uint8Array): boolean {
  return b[0] === 0x89 && ascii(b, 1, 3) === 'PNG';
}

function png(b: Uint8Array): BitmapInfo | null {
  if (ascii(b, 12, 4) !== 'IHDR') return null;
  const info: BitmapInfo = { format: 'png', width: u32be(b, 16), height: u32be(b, 20) };
  // Walk the chunks up to the first IDAT looking for pHYs (pixels per metre when unit = 1).
  let at = 8;
  while (at + 8 <= b.length) {
    const length = u32be(b, at);
    const type = ascii(b, at + 4, 4);
    if (type === 'IDAT' || type === 'IEND') break;
    if (type === 'pHYs' && length >= 9 && b[at + 16] === 1) {
      const perMetre = u32be(b, at + 8);
      if (perMetre > 0) info.ppi = perMetre * 0.0254;
    }
    at += 12 + length;
  }
  return info;
}

function jpeg(b: Uint8Array): BitmapInfo | null {
  let at = 2;
  let ppi: number | undefined;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    const length = u16be(b, at + 2);
    // APP0 JFIF: units 1 = dots per inch, 2 = dots per cm.
    if (marker === 0xe0 && ascii(b, at + 4, 5) === 'JFIF\0') {
      const units = b[at + 11];
      const density = u16be(b, at + 12);
      if (density > 0 && units === 1) ppi = density;
      else if (density > 0 && units === 2) ppi = density * 2.54;
    }
    // Start-of-frame markers (baseline, progressive, lossless…), not DHT (C4), JPG (C8) or DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const info: BitmapInfo = { format: 'jpeg', height: u16be(b, at + 5), width: u16be(b, at + 7) };
      if (ppi !== undefined) info.ppi = ppi;
      return info;
    }
    at += 2 + length;
  }
  return null;
}

function webp(b: Uint8Array): BitmapInfo | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') return { format: 'webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { format: 'webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

function ascii(b: Uint8Array, at: number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(b[at + i] ?? 0);
  return s;
}

function need(b: Uint8Array, at: number, n: number): void {
  if (at + n > b.length) throw new RangeError('truncated');
}
function u16be(b: Uint8Array, at: number): number {
  need(b, at, 2);
  return (b[at]! << 8) | b[at + 1]!;
}
function u16le(b: Uint8Array, at: number): number {
  need(b, at, 2);
  return b[at]! | (b[at + 1]! << 8);
}
function u24le(b: Uint8Array, at: number): number {
  need(b, at, 3);
  return b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
}
function u32be(b: Uint8Array, at: number): number {
  need(b, at, 4);
  return ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
}
