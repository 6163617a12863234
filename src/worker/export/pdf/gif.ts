/**
 * GIF (87a/89a) → RGBA pixels, in pure code, for pictures pdf-lib cannot embed. The first frame
 * is the picture (what a browser's `createImageBitmap` shows of an animation); the transparent
 * index of its graphic control extension becomes alpha 0. Frames smaller than the logical
 * screen sit at their offset on a transparent screen. Never throws: broken data → null.
 */
import type { RgbaPicture } from './picture';

/** Cap on the logical screen (px²), so a forged header cannot ask for gigabytes. */
const MAX_PIXELS = 64 * 1024 * 1024;

export function decodeGif(bytes: Uint8Array): RgbaPicture | null {
  try {
    return decode(bytes);
  } catch {
    return null;
  }
}

function decode(bytes: Uint8Array): RgbaPicture | null {
  const signature = String.fromCharCode(...bytes.subarray(0, 6));
  if (signature !== 'GIF87a' && signature !== 'GIF89a') return null;
  const u16 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8);
  const width = u16(6);
  const height = u16(8);
  if (width === 0 || height === 0 || width * height > MAX_PIXELS) return null;
  const flags = bytes[10]!;
  let at = 13;
  let globalTable: Uint8Array | null = null;
  if (flags & 0x80) {
    const size = 3 * (1 << ((flags & 7) + 1));
    globalTable = bytes.subarray(at, at + size);
    at += size;
  }
  let transparent = -1;
  while (at < bytes.length) {
    const block = bytes[at++]!;
    if (block === 0x3b) return null; // trailer before any image
    if (block === 0x21) {
      const label = bytes[at++]!;
      if (label === 0xf9 && bytes[at] === 4) transparent = bytes[at + 1]! & 1 ? bytes[at + 4]! : -1;
      at = skipSubBlocks(bytes, at);
      continue;
    }
    if (block !== 0x2c) return null;
    const left = u16(at);
    const top = u16(at + 2);
    const w = u16(at + 4);
    const h = u16(at + 6);
    const imageFlags = bytes[at + 8]!;
    at += 9;
    let table = globalTable;
    if (imageFlags & 0x80) {
      const size = 3 * (1 << ((imageFlags & 7) + 1));
      table = bytes.subarray(at, at + size);
      at += size;
    }
    if (!table) return null;
    const minCodeSize = bytes[at++]!;
    const data = subBlocks(bytes, at);
    const indices = lzw(data, minCodeSize, w * h);
    const rgba = new Uint8ClampedArray(width * height * 4);
    const rows = imageFlags & 0x40 ? interlacedRows(h) : null;
    for (let row = 0; row < h; row++) {
      const y = top + (rows ? rows[row]! : row);
      if (y >= height) continue;
      for (let col = 0; col < w; col++) {
        const x = left + col;
        if (x >= width) continue;
        const index = indices[row * w + col]!;
        if (index === transparent || 3 * index + 2 >= table.length) continue;
        const o = (y * width + x) * 4;
        rgba[o] = table[3 * index]!;
        rgba[o + 1] = table[3 * index + 1]!;
        rgba[o + 2] = table[3 * index + 2]!;
        rgba[o + 3] = 255;
      }
    }
    return { width, height, rgba };
  }
  return null;
}

function skipSubBlocks(bytes: Uint8Array, at: number): number {
  while (at < bytes.length) {
    const size = bytes[at++]!;
    if (size === 0) break;
    at += size;
  }
  return at;
}

function subBlocks(bytes: Uint8Array, at: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  while (at < bytes.length) {
    const size = bytes[at++]!;
    if (size === 0) break;
    parts.push(bytes.subarray(at, at + size));
    total += size;
    at += size;
  }
  const out = new Uint8Array(total);
  let o = 0;
  for (const part of parts) {
    out.set(part, o);
    o += part.length;
  }
  return out;
}

/** Row order of an interlaced image: passes every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1. */
function interlacedRows(h: number): number[] {
  const rows: number[] = [];
  for (const [start, step] of [[0, 8], [4, 8], [2, 4], [1, 2]] as const) for (let y = start; y < h; y += step) rows.push(y);
  return rows;
}

/** Variable-width LZW as GIF uses it (codes packed least significant bit first). */
function lzw(data: Uint8Array, minCodeSize: number, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels);
  if (minCodeSize < 2 || minCodeSize > 8) return out;
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  // The dictionary as prefix links: each code is its prefix code plus one last byte.
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const length = new Int32Array(4096);
  for (let i = 0; i < clear; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    first[i] = i;
    length[i] = 1;
  }
  let size = minCodeSize + 1;
  let next = end + 1;
  let previous = -1;
  let bits = 0;
  let buffer = 0;
  let o = 0;
  for (let i = 0; i < data.length && o < pixels; ) {
    while (bits < size && i < data.length) {
      buffer |= data[i++]! << bits;
      bits += 8;
    }
    if (bits < size) break;
    const code = buffer & ((1 << size) - 1);
    buffer >>>= size;
    bits -= size;
    if (code === clear) {
      size = minCodeSize + 1;
      next = end + 1;
      previous = -1;
      continue;
    }
    if (code === end) break;
    let entry: number;
    if (code < next) entry = code;
    else if (code === next && previous >= 0) entry = -1; // the KwKwK case: previous + its own first byte
    else break; // corrupt
    if (previous >= 0 && next < 4096) {
      prefix[next] = previous;
      first[next] = first[previous]!;
      suffix[next] = entry >= 0 ? first[entry]! : first[previous]!;
      length[next] = length[previous]! + 1;
      next++;
      if (next === 1 << size && size < 12) size++;
    }
    const emitted = entry >= 0 ? entry : next - 1;
    // Write the code's bytes back to front.
    const n = length[emitted]!;
    let c = emitted;
    for (let k = n - 1; k >= 0; k--) {
      if (o + k < pixels) out[o + k] = suffix[c]!;
      c = prefix[c]!;
    }
    o += n;
    previous = code;
  }
  return out;
}
