/** A tiny GIF encoder for test fixtures (no dependency): unit tests use the bytes, browser specs pass them to the page as numbers. */

/**
 * A GIF of `pixels` (palette indices, row-major) with a 4-colour palette. The LZW stream sends a
 * clear code after every two pixels, so every code stays 3 bits wide (a valid, simple encoder).
 */
export function gif(width: number, height: number, palette: [number, number, number][], pixels: number[], transparent?: number): Uint8Array {
  const bytes: number[] = [...'GIF89a'].map((c) => c.charCodeAt(0));
  bytes.push(width & 255, width >> 8, height & 255, height >> 8, 0x81, 0, 0); // global table of 4 colours
  for (let i = 0; i < 4; i++) bytes.push(...(palette[i] ?? [0, 0, 0]));
  if (transparent !== undefined) bytes.push(0x21, 0xf9, 4, 1, 0, 0, transparent, 0);
  bytes.push(0x2c, 0, 0, 0, 0, width & 255, width >> 8, height & 255, height >> 8, 0);
  const codes: number[] = [];
  pixels.forEach((p, i) => {
    if (i % 2 === 0) codes.push(4); // clear
    codes.push(p);
  });
  codes.push(5); // end
  const data: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const code of codes) {
    buffer |= code << bits;
    bits += 3;
    while (bits >= 8) {
      data.push(buffer & 255);
      buffer >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) data.push(buffer & 255);
  bytes.push(2);
  for (let i = 0; i < data.length; i += 255) bytes.push(Math.min(255, data.length - i), ...data.slice(i, i + 255));
  bytes.push(0, 0x3b);
  return new Uint8Array(bytes);
}
