/**
 * SVG outside the vector subset (a filter, a gradient…) is rendered to PNG in the host with resvg
 * and laid out as an Image item: the PNG decodes to the drawing's colours, the same input gives
 * the same bytes, and a `<script>` or an external `href` in the drawing neither runs nor fetches.
 * Also: the root viewport clips what lies outside the viewBox (SVG's `overflow: hidden`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, EngineCache, layoutBook, prepareResources, type BookInput } from '../../../src/worker/engine';
import { singleInk } from '../../../src/worker/engine/resources/figure';
import { parseSvg } from '../../../src/worker/engine/resources/svg';
import { BookHost } from '../../../src/worker/host/book-host';
import { rasterPixelSize } from '../../../src/worker/host/svg-raster';
import { createSubsetter, writePdf } from '../../../src/worker/export/pdf';
import { Op, type ClipItem, type DisplayItem, type ImageItem, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { nodeEnvironment, presetFiles } from '../../support/node-host';
import { hostileFilteredSvg } from '../../support/hostile-svg';
import { nodeFontRegistry } from '../../support/node-world';

/** The shared hostile, filtered drawing (tests/support/hostile-svg.ts). */
const FILTERED = hostileFilteredSvg({ onload: '__svgOnload', script: '__svgScript' }, 'example.invalid');

async function openHost(svg: string, config: Record<string, unknown> = {}): Promise<BookHost> {
  const files = presetFiles(['# One\n\nBefore.\n\n::resource{id="d"}\n\nAfter.']);
  files['test-book/preset.json'] = JSON.stringify({ ...JSON.parse(files['test-book/preset.json']!), config });
  const host = new BookHost(nodeEnvironment(files));
  await host.openPreset({ presetId: 'test-book' });
  const result = await host.apply({
    origin: 'ui',
    baseRevision: 0,
    ops: [{ type: 'resource.put', resource: { id: 'd', typeId: 'figure', kind: 'svg', placement: { position: 'here' } }, payload: new TextEncoder().encode(svg) as Uint8Array<ArrayBuffer> }],
  });
  expect(result.ok).toBe(true);
  await host.awaitConvergence(1);
  return host;
}

async function drawingItems(host: BookHost): Promise<DisplayItem[]> {
  const { pages } = await host.getPages();
  const lists = await Promise.all(pages.map((p) => host.getDisplayList(p.index)));
  return lists.flatMap((l) => l!.items).filter((i) => 'resource' in i && i.resource === 'd');
}

function rgbAt(png: PNG, fx: number, fy: number): [number, number, number, number] {
  const i = (Math.floor(fy * png.height) * png.width + Math.floor(fx * png.width)) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!, png.data[i + 3]!];
}

afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as Record<string, unknown>)['__svgScript'];
  delete (globalThis as Record<string, unknown>)['__svgOnload'];
});

describe('SVG outside the vector subset', () => {
  it('records what only a rasteriser draws, and nothing for a plain drawing', () => {
    expect(parseSvg(FILTERED)!.rasterFeatures).toEqual(['filter']);
    const gradient = parseSvg('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><pattern id="p" width="2" height="2"/></defs><rect width="5" height="5" style="fill: url(#g)"/><rect width="5" height="5" stroke="url(#p)" mask="url(#m)"/></svg>')!;
    expect(gradient.rasterFeatures).toEqual(['gradient', 'mask', 'pattern']);
    expect(parseSvg('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5" fill="#123456" filter="none"/></svg>')!.rasterFeatures).toEqual([]);
  });

  it('caps the rendering size and keeps 600 dpi below the cap', () => {
    expect(rasterPixelSize(150, 75)).toEqual({ width: 1250, height: 625 });
    const huge = rasterPixelSize(5000, 5000);
    expect(Math.max(huge.width, huge.height)).toBeLessThanOrEqual(7200);
    expect(huge.width * huge.height).toBeLessThanOrEqual(32_000_000);
  });

  it('lays out as one Image item whose PNG has the drawing’s colours, without running or fetching anything', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const host = await openHost(FILTERED);
    const items = await drawingItems(host);
    expect(items.filter((i) => i.op === Op.Path)).toEqual([]);
    const images = items.filter((i): i is ImageItem => i.op === Op.Image);
    expect(images).toHaveLength(1);
    expect(images[0]!.w).toBeCloseTo(150, 2);
    expect(images[0]!.h).toBeCloseTo(75, 2);
    const served = await host.getImage(images[0]!.image);
    expect(served!.mime).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(served!.bytes));
    expect({ width: png.width, height: png.height }).toEqual(rasterPixelSize(150, 75));
    expect(rgbAt(png, 0.25, 0.5)).toEqual([255, 0, 0, 255]);
    expect(rgbAt(png, 0.75, 0.5)).toEqual([0, 255, 0, 255]);
    // Between the two rects: untouched (transparent), and the external image painted nothing.
    expect(rgbAt(png, 0.525, 0.5)[3]).toBe(0);
    // The blur softens the green square's edge: a partly covered pixel just outside it.
    const edge = rgbAt(png, 190.5 / 200, 0.5);
    expect(edge[3]).toBeGreaterThan(0);
    expect(edge[3]).toBeLessThan(255);
    expect(globalThis).not.toHaveProperty('__svgScript');
    expect(globalThis).not.toHaveProperty('__svgOnload');
    expect(fetchSpy.mock.calls.filter((call) => String(call[0]).includes('example.invalid'))).toEqual([]);
  });

  it('prints in a single ink as vector drawings do (diagramStyle.singleInk)', async () => {
    const host = await openHost(FILTERED, { diagramStyle: { singleInk: true, inkColor: '#0000ff' } });
    const image = (await drawingItems(host)).find((i): i is ImageItem => i.op === Op.Image)!;
    const png = PNG.sync.read(Buffer.from((await host.getImage(image.image))!.bytes));
    const hex = (c: string): number[] => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
    const close = (a: number[], b: number[]): boolean => a.every((v, i) => Math.abs(v - b[i]!) <= 2);
    expect(rgbAt(png, 0.25, 0.5).slice(0, 3)).toSatisfy((c: number[]) => close(c, hex(singleInk('#ff0000', '#0000ff'))));
    expect(rgbAt(png, 0.75, 0.5).slice(0, 3)).toSatisfy((c: number[]) => close(c, hex(singleInk('#00ff00', '#0000ff'))));
    // A different rendering from the full-colour one.
    const plain = (await drawingItems(await openHost(FILTERED))).find((i): i is ImageItem => i.op === Op.Image)!;
    expect(image.image).not.toBe(plain.image);
  });

  it('renders the same bytes for the same drawing', async () => {
    const a = await openHost(FILTERED);
    const b = await openHost(FILTERED);
    const imageA = (await drawingItems(a)).find((i): i is ImageItem => i.op === Op.Image)!;
    const imageB = (await drawingItems(b)).find((i): i is ImageItem => i.op === Op.Image)!;
    expect(imageA.image).toBe(imageB.image);
    expect((await a.getImage(imageA.image))!.bytes).toEqual((await b.getImage(imageB.image))!.bytes);
  });

  it('keeps a drawing inside the subset as vector paths', async () => {
    const host = await openHost('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50" fill="#336699"/></svg>');
    const items = await drawingItems(host);
    expect(items.some((i) => i.op === Op.Image)).toBe(false);
    expect(items.filter((i) => i.op === Op.Path)).toHaveLength(1);
  });
});

describe('the root viewport clips', () => {
  const fonts = nodeFontRegistry();
  function layout(svg: string): DisplayItem[] {
    const settings = defaultSettings();
    settings.columns = 1;
    const input: BookInput = {
      title: 'Viewport',
      settings,
      chapters: [{ id: 'ch1', title: '', source: 'Before.\n\n::resource{id="d"}\n\nAfter.' }],
      resources: prepareResources([{ record: { id: 'd', typeId: 'figure', kind: 'svg', placement: { position: 'here' } }, payload: new TextEncoder().encode(svg) }], {}),
    };
    const gen = layoutBook(input, fonts, new EngineCache());
    let step = gen.next();
    while (!step.done) step = gen.next();
    return step.value.pages.flatMap((p) => p.items).filter((i) => 'resource' in i && i.resource === 'd');
  }

  it('clips content outside the viewBox to the drawing’s frame', () => {
    // viewBox 0 0 100 50 at 100 × 50 px (75 × 37.5 pt); the circle reaches beyond its left and top.
    const items = layout('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50"><circle cx="0" cy="0" r="40" fill="#ff0000"/><rect x="60" y="10" width="20" height="20" fill="#0000ff"/></svg>');
    expect(items[0]!.op).toBe(Op.Clip);
    expect(items[items.length - 1]!.op).toBe(Op.ClipEnd);
    const path = items.find((i) => i.op === Op.Path) as { frame?: { x: number; y: number; w: number; h: number } };
    const { x, y, w, h } = path.frame!;
    expect(w).toBeCloseTo(75, 2);
    expect(h).toBeCloseTo(37.5, 2);
    const d = (items[0] as ClipItem).d;
    const numbers = d.match(/-?\d+(\.\d+)?/g)!.map(Number);
    expect(Math.min(...numbers.filter((_, i) => i % 2 === 0))).toBeCloseTo(x, 2);
    expect(Math.max(...numbers.filter((_, i) => i % 2 === 0))).toBeCloseTo(x + w, 2);
    expect(Math.min(...numbers.filter((_, i) => i % 2 === 1))).toBeCloseTo(y, 2);
    expect(Math.max(...numbers.filter((_, i) => i % 2 === 1))).toBeCloseTo(y + h, 2);
  });

  it('adds no clip when everything lies inside the viewport', () => {
    const items = layout('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50"><rect x="10" y="10" width="20" height="20" fill="#0000ff" stroke="#000000" stroke-width="2"/></svg>');
    expect(items.map((i) => i.op)).toEqual([Op.Path]);
  });
});

describe('a rasterised drawing in the PDF', () => {
  it('prints its pdfFile print master in the picture\'s frame, clipped to the shown part', async () => {
    const require = createRequire(import.meta.url);
    const subsetter = await createSubsetter(readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')));
    const master = await PDFDocument.create();
    master.addPage([50, 50]).drawRectangle({ x: 0, y: 0, width: 50, height: 50, color: rgb(1, 0, 1) });
    const masterBytes = await master.save();
    const red = new PNG({ width: 10, height: 10 });
    for (let i = 0; i < red.data.length; i += 4) red.data.set([255, 0, 0, 255], i);
    const redBytes = new Uint8Array(PNG.sync.write(red));
    // A 100 × 50 pt picture whose lower fifth is cropped away: 100 × 40 pt shown.
    const image: ImageItem = { op: Op.Image, x: 20, y: 20, w: 100, h: 40, image: 'img-red', resource: 'm', crop: { x: 0, y: 0, w: 1, h: 0.8 } };
    const list: PageDisplayList = { version: 1, index: 0, label: '1', chapter: 'c', role: 'body', width: 200, height: 200, items: [image] };
    const base = { pages: [list], fontBytes: () => undefined, subsetter, metadata: {}, outlines: false, cutLines: null, binding: 'left' as const, date: new Date(0), imageBytes: async (key: string) => (key === 'img-red' ? { bytes: redBytes, mime: 'image/png' } : null) };
    const render = async (printMaster?: (id: string) => Uint8Array | undefined): Promise<PNG> => {
      const out = await writePdf({ ...base, ...(printMaster ? { printMaster } : {}) });
      const dir = mkdtempSync(join(tmpdir(), 'postext-raster-master-'));
      writeFileSync(join(dir, 'm.pdf'), out.bytes);
      execFileSync('pdftoppm', ['-r', '72', '-png', '-singlefile', join(dir, 'm.pdf'), join(dir, 'page')]);
      return PNG.sync.read(readFileSync(join(dir, 'page.png')));
    };
    const at = (png: PNG, x: number, y: number): number[] => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];
    const near = (a: number[], b: number[]): boolean => a.every((v, i) => Math.abs(v - b[i]!) <= 12);
    const withMaster = await render((id) => (id === 'm' ? masterBytes : undefined));
    // The square master is centred in the 100 × 50 pt frame (x 45–95), cut at the crop (y 60).
    expect(near(at(withMaster, 70, 40), [255, 0, 255])).toBe(true);
    expect(near(at(withMaster, 30, 40), [255, 255, 255])).toBe(true);
    expect(near(at(withMaster, 70, 57), [255, 0, 255])).toBe(true);
    expect(near(at(withMaster, 70, 65), [255, 255, 255])).toBe(true);
    // Without a master the rendering itself prints.
    expect(near(at(await render(), 30, 40), [255, 0, 0])).toBe(true);
  });
});
