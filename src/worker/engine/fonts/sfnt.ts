/**
 * Font files as the shaper needs them: HarfBuzz reads SFNT (TrueType `glyf` or OpenType CFF),
 * so WOFF and WOFF2 files (user fonts, bundle fonts) are unpacked first. TTF/OTF pass through.
 * WOFF 1.0 tables are zlib streams, inflated with the platform's DecompressionStream; WOFF2 goes
 * through woff2-encoder's decompressor (platform-notes §2.3), imported only when one is met.
 */
export type FontFileFormat = 'ttf' | 'otf' | 'woff' | 'woff2';

/** The container format of a font file, from its first four bytes; null when it is not a font. */
export function fontFormatOf(bytes: Uint8Array): FontFileFormat | null {
  if (bytes.length < 12) return null;
  const tag = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (tag === 'wOF2') return 'woff2';
  if (tag === 'wOFF') return 'woff';
  if (tag === 'OTTO') return 'otf';
  if (tag === 'true' || (bytes[0] === 0 && bytes[1] === 1 && bytes[2] === 0 && bytes[3] === 0)) return 'ttf';
  return null;
}

/** SFNT bytes of any supported font file; throws a sentence naming what to send instead. */
export async function toSfnt(bytes: Uint8Array): Promise<Uint8Array> {
  const format = fontFormatOf(bytes);
  if (format === 'ttf' || format === 'otf') return bytes;
  if (format === 'woff') return unpackWoff(bytes);
  if (format === 'woff2') {
    const { default: decompress } = await import('woff2-encoder/decompress');
    // A view's buffer may be larger than the file (platform-notes §2.3): pass an exact copy.
    return new Uint8Array(await decompress(bytes.slice()));
  }
  throw new Error('This is not a font file: send a TTF, OTF, WOFF or WOFF2 file.');
}

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** WOFF 1.0 → SFNT: inflate each table and write the SFNT table directory (OpenType §5). */
async function unpackWoff(woff: Uint8Array): Promise<Uint8Array> {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const tag = view.getUint32(at);
    const offset = view.getUint32(at + 4);
    const compLength = view.getUint32(at + 8);
    const origLength = view.getUint32(at + 12);
    const checksum = view.getUint32(at + 16);
    if (offset + compLength > woff.length) throw new Error('This WOFF file is cut short: send the whole file.');
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? await inflate(raw) : raw;
    if (data.length !== origLength) throw new Error('A table of this WOFF file does not unpack to its stated size: send an undamaged file.');
    tables.push({ tag, checksum, data });
  }
  const headerSize = 12 + 16 * numTables;
  const total = tables.reduce((size, t) => size + ((t.data.length + 3) & ~3), headerSize);
  const out = new Uint8Array(total);
  const w = new DataView(out.buffer);
  // Binary-search fields of the offset table: the largest power of two ≤ numTables.
  let power = 1;
  let log = 0;
  while (power * 2 <= numTables) {
    power *= 2;
    log++;
  }
  w.setUint32(0, flavor);
  w.setUint16(4, numTables);
  w.setUint16(6, power * 16);
  w.setUint16(8, log);
  w.setUint16(10, numTables * 16 - power * 16);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    w.setUint32(at, t.tag);
    w.setUint32(at + 4, t.checksum);
    w.setUint32(at + 8, offset);
    w.setUint32(at + 12, t.data.length);
    out.set(t.data, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}
