import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FontRegistry } from '../../../src/worker/engine/fonts/registry';
import { fontFormatOf, toSfnt } from '../../../src/worker/engine/fonts/sfnt';
import { nodeShaper } from '../../support/node-world';

const require = createRequire(import.meta.url);
const ttf = new Uint8Array(readFileSync(require.resolve('@expo-google-fonts/eb-garamond/400Regular/EBGaramond_400Regular.ttf')));

async function deflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A WOFF 1.0 file made from an SFNT the way font tools make one (each table zlib-compressed). */
async function makeWoff(sfnt: Uint8Array): Promise<Uint8Array> {
  const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const numTables = view.getUint16(4);
  const tables = [];
  for (let i = 0; i < numTables; i++) {
    const at = 12 + i * 16;
    const data = sfnt.subarray(view.getUint32(at + 8), view.getUint32(at + 8) + view.getUint32(at + 12));
    const packed = await deflate(data);
    tables.push({ tag: view.getUint32(at), checksum: view.getUint32(at + 4), data: packed.length < data.length ? packed : data, origLength: data.length });
  }
  const size = tables.reduce((s, t) => s + ((t.data.length + 3) & ~3), 44 + 20 * numTables);
  const out = new Uint8Array(size);
  const w = new DataView(out.buffer);
  w.setUint32(0, 0x774f4646); // 'wOFF'
  w.setUint32(4, view.getUint32(0));
  w.setUint32(8, size);
  w.setUint16(12, numTables);
  let offset = 44 + 20 * numTables;
  tables.forEach((t, i) => {
    const at = 44 + i * 20;
    w.setUint32(at, t.tag);
    w.setUint32(at + 4, offset);
    w.setUint32(at + 8, t.data.length);
    w.setUint32(at + 12, t.origLength);
    w.setUint32(at + 16, t.checksum);
    out.set(t.data, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}

describe('font files', () => {
  it('recognises the container formats and refuses other files', async () => {
    expect(fontFormatOf(ttf)).toBe('ttf');
    expect(fontFormatOf(await makeWoff(ttf))).toBe('woff');
    expect(fontFormatOf(new TextEncoder().encode('%PDF-1.7 not a font'))).toBeNull();
    await expect(toSfnt(new TextEncoder().encode('%PDF-1.7 not a font'))).rejects.toThrow(/TTF, OTF, WOFF or WOFF2/);
  });

  it('unpacks a WOFF file into a face that shapes exactly like the TTF', async () => {
    const woff = await makeWoff(ttf);
    expect(woff.length).toBeLessThan(ttf.length);
    const sfnt = await toSfnt(woff);
    const registry = new FontRegistry(nodeShaper());
    const fromTtf = registry.add({ family: 'A', weight: 400, style: 'normal', bytes: ttf });
    const fromWoff = registry.add({ family: 'B', weight: 400, style: 'normal', bytes: sfnt });
    const text = 'Office affairs: AVATAR, Wolf & “quotes” — 1234';
    const a = fromTtf.shape(text);
    const b = fromWoff.shape(text);
    expect(b.glyphList()).toEqual(a.glyphList());
    expect(b.advanceList()).toEqual(a.advanceList());
    expect(fromWoff.upem).toBe(fromTtf.upem);
  });
});

describe('WOFF2', () => {
  it('decompresses a WOFF2 file (woff2-encoder) into an SFNT HarfBuzz loads', async () => {
    const woff2 = new Uint8Array(readFileSync(require.resolve('@mathjax/mathjax-newcm-font/chtml/woff2/mjx-ncm-v.woff2')));
    expect(fontFormatOf(woff2)).toBe('woff2');
    const sfnt = await toSfnt(woff2);
    expect(['ttf', 'otf']).toContain(fontFormatOf(sfnt));
    const face = new FontRegistry(nodeShaper()).add({ family: 'W', weight: 400, style: 'normal', bytes: sfnt });
    expect(face.upem).toBeGreaterThan(0);
  });
});
