/**
 * The print options of the PDF through the real host (issue 13 items 2–3): `:::toc` entries link
 * to their headings, an SVG with a `pdfFile` print master prints the master in the drawing's
 * frame (and its own SVG under single-ink, recoloured), GIF and WebP pictures are embedded,
 * and the front matter and the page setup give the metadata and viewer preferences.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { degrees, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, rgb } from 'pdf-lib';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { createSubsetter, writePdf } from '../../../../src/worker/export/pdf';
import { decodeGif } from '../../../../src/worker/export/pdf/gif';
import { BookHost, type HostEnvironment } from '../../../../src/worker/host/book-host';
import { Op, type DisplayItem, type GlyphRunItem, type PageDisplayList, type PathItem } from '../../../../src/worker/protocol/displaylist';
import type { PdfExport } from '../../../../src/worker/protocol/messages';
import { nodeEnvironment } from '../../../support/node-host';
import { chapterMarkdown, mulberry32 } from '../../../support/prose';
import { lookupDict, parsePdf, poppler } from './support';
import { gif } from '../../../support/gif';

const require = createRequire(import.meta.url);


/** The header of a lossless WebP of `width × height` (what the engine reads for its size). */
function webpHeader(width: number, height: number): Uint8Array {
  const b = new Uint8Array(30);
  b.set([...'RIFF'].map((c) => c.charCodeAt(0)), 0);
  b.set([22, 0, 0, 0], 4);
  b.set([...'WEBPVP8L'].map((c) => c.charCodeAt(0)), 8);
  b.set([10, 0, 0, 0, 0x2f], 16);
  const bits = (width - 1) | ((height - 1) << 14);
  b.set([bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, (bits >>> 24) & 255], 21);
  return b;
}

const RED: [number, number, number] = [255, 0, 0];
const GREEN: [number, number, number] = [0, 160, 0];
/** 8 × 8 px: left half red, right half green, the bottom two rows transparent. */
const GIF = gif(8, 8, [RED, GREEN, [0, 0, 255], [255, 255, 255]], Array.from({ length: 64 }, (_, i) => (Math.floor(i / 8) >= 6 ? 3 : i % 8 < 4 ? 0 : 1)), 3);
/** The drawing: a blue box. Its print master is magenta. */
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100"><rect x="0" y="0" width="200" height="100" fill="#0000ff"/></svg>';

async function masterPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([150, 75]);
  page.drawRectangle({ x: 0, y: 0, width: 150, height: 75, color: rgb(1, 0, 1) });
  return doc.save();
}

async function bookFiles(config: Record<string, unknown>): Promise<Record<string, string | Uint8Array>> {
  const random = mulberry32(7);
  const front = [
    '---',
    'title: Lanterns and Lenses',
    'author: Ana Gil',
    'subtitle: Notes on light',
    'keywords: [lighthouse, optics]',
    '---',
    '',
    '# Contents {toc="false"}',
    '',
    ':::toc',
    '',
    'The drawing: :ref{id="drawing"}. The birds: :ref{id="birds"}. The waves: :ref{id="waves"}.',
    '',
    '::resource{id="drawing"}',
    '',
    '::resource{id="birds"}',
    '',
    '::resource{id="waves"}',
    '',
  ].join('\n');
  const chapters = [front, chapterMarkdown(random, 'Lamps', 25), chapterMarkdown(random, 'Lenses', 25)];
  return {
    'index.json': JSON.stringify({ version: 1, presets: [{ id: 'print', dir: 'print', name: 'Print', default: true }] }),
    'print/preset.json': JSON.stringify({
      version: 2,
      id: 'print',
      name: 'Print',
      locale: 'en',
      chapters: chapters.map((_, i) => ({ title: '', file: `chapters/${i + 1}.md` })),
      config: { toc: { levels: [{ level: 1 }, { level: 2 }] }, page: { margins: { mirror: true } }, ...config },
      resources: [
        { id: 'drawing', typeId: 'figure', kind: 'svg', file: 'res/drawing.svg', pdfFile: 'res/drawing.pdf', caption: 'A drawing' },
        { id: 'birds', typeId: 'figure', kind: 'bitmap', file: 'res/birds.gif', caption: 'Birds', resolution: 8 },
        { id: 'waves', typeId: 'figure', kind: 'bitmap', file: 'res/waves.webp', caption: 'Waves', resolution: 8 },
      ],
    }),
    ...Object.fromEntries(chapters.map((text, i) => [`print/chapters/${i + 1}.md`, text])),
    'print/res/drawing.svg': SVG,
    'print/res/drawing.pdf': await masterPdf(),
    'print/res/birds.gif': GIF,
    'print/res/waves.webp': webpHeader(4, 4),
  };
}

interface Exported {
  host: BookHost;
  pdf: PdfExport;
  file: string;
  pages: PageDisplayList[];
}

/** Node has no WebP decoder: the environment's decoder is stood in for by a flat teal picture. */
const TEAL = [0, 128, 128];
const decodePicture: HostEnvironment['decodePicture'] = async (bytes, mime) => {
  if (mime !== 'image/webp' || bytes.byteLength !== 30) return null;
  const rgba = new Uint8ClampedArray(4 * 4 * 4);
  for (let i = 0; i < 16; i++) rgba.set([...TEAL, 255], i * 4);
  return { width: 4, height: 4, rgba };
};

async function exportBook(config: Record<string, unknown> = {}): Promise<Exported> {
  const env: HostEnvironment = { ...nodeEnvironment(await bookFiles(config)), decodePicture };
  const host = new BookHost(env);
  const opened = await host.openPreset({ presetId: 'print' });
  const converged = await host.awaitConvergence(opened.revision);
  const pages: PageDisplayList[] = [];
  for (let i = 0; i < converged.pages; i++) pages.push((await host.getDisplayList(i))!);
  const pdf = await host.exportPdf({ scope: 'book' });
  const file = join(mkdtempSync(join(tmpdir(), 'postext-pdf-print-')), 'print.pdf');
  writeFileSync(file, pdf.bytes);
  return { host, pdf, file, pages };
}

/** One page rasterised by pdftoppm at 1 px per pt. */
function raster(file: string, page: number): PNG {
  const stem = join(mkdtempSync(join(tmpdir(), 'postext-pdf-print-ppm-')), 'page');
  execFileSync('pdftoppm', ['-f', String(page), '-l', String(page), '-r', '72', '-png', '-singlefile', file, stem]);
  return PNG.sync.read(readFileSync(`${stem}.png`));
}

function pixel(png: PNG, x: number, y: number): number[] {
  const i = (Math.round(y) * png.width + Math.round(x)) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
}

function near(actual: number[], expected: number[], tolerance = 12): boolean {
  return actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);
}

function drawingFrame(pages: PageDisplayList[]): { page: number; frame: NonNullable<PathItem['frame']> } {
  for (const [i, page] of pages.entries()) {
    for (const item of page.items) if (item.op === Op.Path && item.resource === 'drawing' && item.frame) return { page: i, frame: item.frame };
  }
  throw new Error('the drawing was not set');
}

function imageBox(pages: PageDisplayList[], resource: string): { page: number; x: number; y: number; w: number; h: number } {
  for (const [i, page] of pages.entries()) {
    for (const item of page.items) if (item.op === Op.Image && item.resource === resource) return { page: i, x: item.x, y: item.y, w: item.w, h: item.h };
  }
  throw new Error(`${resource} was not set`);
}

let book: Exported;

beforeAll(async () => {
  book = await exportBook();
}, 180_000);

describe('GIF decoding', () => {
  it('reads the first frame, its palette and its transparent index', () => {
    const picture = decodeGif(GIF)!;
    expect([picture.width, picture.height]).toEqual([8, 8]);
    const at = (x: number, y: number) => [...picture.rgba.subarray((y * 8 + x) * 4, (y * 8 + x) * 4 + 4)];
    expect(at(0, 0)).toEqual([...RED, 255]);
    expect(at(7, 5)).toEqual([...GREEN, 255]);
    expect(at(3, 7)[3]).toBe(0);
    expect(decodeGif(new TextEncoder().encode('GIF89a but not really'))).toBeNull();
  });
});

describe('PDF print options', () => {
  it('links every :::toc entry to the page and height of its heading', async () => {
    const { doc, pageIndex } = await parsePdf(book.pdf.bytes);
    // The entries as the layout set them, and where their headings start.
    const entries = book.pages.flatMap((page, i) => page.items.filter((r): r is GlyphRunItem => r.op === Op.GlyphRun && r.line?.target !== undefined).map((r) => ({ page: i, run: r })));
    const headingAt = (block: string) => {
      for (const [i, page] of book.pages.entries()) {
        const first = page.items.find((r): r is GlyphRunItem => r.op === Op.GlyphRun && r.line?.block === block);
        if (first) return { page: i, top: page.height - (first.y - first.size) };
      }
      return undefined;
    };
    const lines = new Map(entries.map((e) => [`${e.page}:${e.run.y}`, e]));
    expect(lines.size).toBeGreaterThanOrEqual(4); // Lamps, Lenses and their sections
    for (const { page, run } of lines.values()) {
      const annots = doc.getPages()[page]!.node.lookup(PDFName.of('Annots'));
      expect(annots, `links on page ${page + 1}`).toBeInstanceOf(PDFArray);
      const baseline = book.pages[page]!.height - run.y;
      const link = (annots as PDFArray).asArray().map((a) => lookupDict(doc, a)!).find((a) => {
        const rect = a.lookup(PDFName.of('Rect'), PDFArray).asArray().map((n) => (n as PDFNumber).asNumber());
        return rect[1]! < baseline && rect[3]! > baseline && rect[0]! <= run.xs[0]! + 0.01;
      });
      expect(link, `a link over "${run.text}"`).toBeDefined();
      const dest = link!.lookup(PDFName.of('Dest'), PDFArray);
      const target = headingAt(run.line!.target!)!;
      expect(pageIndex(dest.get(0))).toBe(target.page);
      expect(Math.abs((dest.get(3) as PDFNumber).asNumber() - target.top)).toBeLessThan(0.01);
    }
  });

  it('prints the pdfFile master in the drawing\'s frame instead of the SVG', () => {
    const { page, frame } = drawingFrame(book.pages);
    const png = raster(book.file, page + 1);
    const centre = pixel(png, frame.x + frame.w / 2, frame.y + frame.h / 2);
    expect(centre, 'the master is magenta, the SVG blue').toSatisfy((c: number[]) => near(c, [255, 0, 255]));
    // The master fills the frame (its 150 × 75 pt page is scaled to the frame) and no further.
    expect(pixel(png, frame.x + 2, frame.y + 2)).toSatisfy((c: number[]) => near(c, [255, 0, 255]));
    expect(pixel(png, frame.x + frame.w - 2, frame.y + frame.h - 2)).toSatisfy((c: number[]) => near(c, [255, 0, 255]));
    expect(pixel(png, frame.x + frame.w / 2, frame.y + frame.h + 3)).not.toSatisfy((c: number[]) => near(c, [255, 0, 255]));
  });

  it('embeds GIF pictures (transparency kept) and WebP through the environment\'s decoder', () => {
    const birds = imageBox(book.pages, 'birds');
    const png = raster(book.file, birds.page + 1);
    expect(pixel(png, birds.x + birds.w * 0.2, birds.y + birds.h * 0.3)).toSatisfy((c: number[]) => near(c, RED));
    expect(pixel(png, birds.x + birds.w * 0.8, birds.y + birds.h * 0.3)).toSatisfy((c: number[]) => near(c, GREEN));
    // The transparent rows show the paper.
    expect(pixel(png, birds.x + birds.w * 0.5, birds.y + birds.h * 0.93)).toSatisfy((c: number[]) => near(c, [255, 255, 255]));
    const waves = imageBox(book.pages, 'waves');
    const png2 = raster(book.file, waves.page + 1);
    expect(pixel(png2, waves.x + waves.w / 2, waves.y + waves.h / 2)).toSatisfy((c: number[]) => near(c, TEAL));
    expect(book.pdf.warnings.filter((w) => /picture/.test(w))).toEqual([]);
  });

  it('carries the front matter and the page setup as metadata and viewer preferences', async () => {
    const info = poppler('pdfinfo', [book.file]);
    expect(info).toMatch(/Title:\s+Lanterns and Lenses/);
    expect(info).toMatch(/Author:\s+Ana Gil/);
    expect(info).toMatch(/Subject:\s+Notes on light/);
    expect(info).toMatch(/Keywords:\s+lighthouse.*optics/);
    const { doc } = await parsePdf(book.pdf.bytes);
    expect(doc.catalog.lookup(PDFName.of('Lang'))?.toString()).toMatch(/en/);
    const preferences = doc.catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict);
    expect(preferences.lookup(PDFName.of('PrintScaling'))).toBe(PDFName.of('None'));
    expect(preferences.lookup(PDFName.of('DisplayDocTitle'))?.toString()).toBe('true');
    // Mirrored margins: a book of spreads, printed on both sides.
    expect(preferences.lookup(PDFName.of('Duplex'))).toBe(PDFName.of('DuplexFlipLongEdge'));
    expect(doc.catalog.lookup(PDFName.of('PageLayout'))).toBe(PDFName.of('TwoPageRight'));
  });
});

describe('an edited SVG', () => {
  it('detaches its print master: the PDF then prints the new drawing', async () => {
    const { host } = await exportBook();
    const book = await host.getBook();
    const record = book.resources.find((r) => r.id === 'drawing')!;
    expect(record['pdfFile']).toBeDefined();
    const green = new TextEncoder().encode(SVG.replace('#0000ff', '#00a000'));
    const { payloadBytes: _bytes, ...plain } = record as typeof record & { payloadBytes?: number };
    const applied = await host.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'resource.put', resource: plain, payload: green }] });
    expect(applied.ok).toBe(true);
    const after = await host.getBook();
    expect(after.resources.find((r) => r.id === 'drawing')!['pdfFile']).toBeUndefined();
    const converged = await host.awaitConvergence(after.revision);
    const pages: PageDisplayList[] = [];
    for (let i = 0; i < converged.pages; i++) pages.push((await host.getDisplayList(i))!);
    const pdf = await host.exportPdf({ scope: 'book' });
    const file = join(mkdtempSync(join(tmpdir(), 'postext-pdf-print-')), 'edited.pdf');
    writeFileSync(file, pdf.bytes);
    const { page, frame } = drawingFrame(pages);
    expect(pixel(raster(file, page + 1), frame.x + frame.w / 2, frame.y + frame.h / 2)).toSatisfy((c: number[]) => near(c, [0, 160, 0]));
  }, 180_000);
});

describe('print masters on a hand-made page', () => {
  it('fit the frame with their aspect kept, centred, clipped to the shown part, and replace every item of the drawing', async () => {
    const subsetter = await createSubsetter(readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')));
    const master = await PDFDocument.create();
    master.addPage([50, 50]).drawRectangle({ x: 0, y: 0, width: 50, height: 50, color: rgb(1, 0, 1) });
    const masterBytes = await master.save();
    // A 100 × 50 pt drawing (blue) whose lower fifth is cropped away; a square master.
    const items: DisplayItem[] = [
      { op: Op.Path, d: 'M20 20 L120 20 L120 70 L20 70 Z', fill: '#0000ff', resource: 'm', frame: { x: 20, y: 20, w: 100, h: 50, clip: { x: 20, y: 20, w: 100, h: 40 } } },
      { op: Op.Path, d: 'M150 20 L180 20 L180 50 L150 50 Z', fill: '#0000ff', resource: 'm' },
      { op: Op.Rect, x: 20, y: 100, w: 30, h: 30, fill: '#00aa00' },
    ];
    const list: PageDisplayList = { version: 1, index: 0, label: '1', chapter: 'c', role: 'body', width: 200, height: 200, items };
    const out = await writePdf({ pages: [list], fontBytes: () => undefined, subsetter, metadata: {}, outlines: false, cutLines: null, binding: 'left', date: new Date(0), printMaster: (id) => (id === 'm' ? masterBytes : undefined) });
    const file = join(mkdtempSync(join(tmpdir(), 'postext-pdf-master-')), 'm.pdf');
    writeFileSync(file, out.bytes);
    const png = raster(file, 1);
    const MAGENTA = [255, 0, 255];
    // The square master is 50 pt wide, centred in the 100 pt frame: x 45–95.
    expect(pixel(png, 70, 40)).toSatisfy((c: number[]) => near(c, MAGENTA));
    expect(pixel(png, 30, 40)).toSatisfy((c: number[]) => near(c, [255, 255, 255]));
    expect(pixel(png, 110, 40)).toSatisfy((c: number[]) => near(c, [255, 255, 255]));
    // Clipped at the crop (y 60), though the master reaches y 70.
    expect(pixel(png, 70, 57)).toSatisfy((c: number[]) => near(c, MAGENTA));
    expect(pixel(png, 70, 65)).toSatisfy((c: number[]) => near(c, [255, 255, 255]));
    // The drawing's other path is gone; the rest of the page is drawn.
    expect(pixel(png, 165, 35)).toSatisfy((c: number[]) => near(c, [255, 255, 255]));
    expect(pixel(png, 35, 115)).toSatisfy((c: number[]) => near(c, [0, 170, 0]));
    // Without the master the SVG's own paths print.
    const plain = await writePdf({ pages: [list], fontBytes: () => undefined, subsetter, metadata: {}, outlines: false, cutLines: null, binding: 'left', date: new Date(0) });
    const plainFile = join(mkdtempSync(join(tmpdir(), 'postext-pdf-master-')), 'plain.pdf');
    writeFileSync(plainFile, plain.bytes);
    expect(pixel(raster(plainFile, 1), 165, 35)).toSatisfy((c: number[]) => near(c, [0, 0, 255]));
  });
});

describe('a print master whose page has /Rotate', () => {
  it('is placed as a reader sees it: turned clockwise, fitted by its seen width and height', async () => {
    const subsetter = await createSubsetter(readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')));
    // A 50 × 100 pt portrait page, magenta with a green band along its top 20 pt, shown turned
    // 90° clockwise: a 100 × 50 pt landscape page whose green band is on its right.
    const master = await PDFDocument.create();
    const portrait = master.addPage([50, 100]);
    portrait.drawRectangle({ x: 0, y: 0, width: 50, height: 100, color: rgb(1, 0, 1) });
    portrait.drawRectangle({ x: 0, y: 80, width: 50, height: 20, color: rgb(0, 0.6, 0) });
    portrait.setRotation(degrees(90));
    const masterBytes = await master.save();
    // A 100 × 50 pt frame: the turned master fills it exactly (it would be a centred 25 × 50 pt
    // strip if /Rotate were ignored).
    const items: DisplayItem[] = [{ op: Op.Path, d: 'M20 20 L120 20 L120 70 L20 70 Z', fill: '#0000ff', resource: 'm', frame: { x: 20, y: 20, w: 100, h: 50 } }];
    const list: PageDisplayList = { version: 1, index: 0, label: '1', chapter: 'c', role: 'body', width: 200, height: 200, items };
    const out = await writePdf({ pages: [list], fontBytes: () => undefined, subsetter, metadata: {}, outlines: false, cutLines: null, binding: 'left', date: new Date(0), printMaster: (id) => (id === 'm' ? masterBytes : undefined) });
    const file = join(mkdtempSync(join(tmpdir(), 'postext-pdf-rotated-')), 'r.pdf');
    writeFileSync(file, out.bytes);
    const png = raster(file, 1);
    const MAGENTA = [255, 0, 255];
    const GREEN_BAND = [0, 153, 0];
    expect(pixel(png, 30, 45)).toSatisfy((c: number[]) => near(c, MAGENTA));
    expect(pixel(png, 80, 45)).toSatisfy((c: number[]) => near(c, MAGENTA));
    // The band that was the portrait's top is now the right-hand 20 pt (x 100–120), full height.
    expect(pixel(png, 112, 25)).toSatisfy((c: number[]) => near(c, GREEN_BAND));
    expect(pixel(png, 112, 65)).toSatisfy((c: number[]) => near(c, GREEN_BAND));
    expect(pixel(png, 92, 45)).toSatisfy((c: number[]) => near(c, MAGENTA));
  });
});

describe('single-ink drawings in the PDF', () => {
  it('draws the recoloured SVG, not its print master (bundle-format §11.1)', async () => {
    const inked = await exportBook({ diagramStyle: { singleInk: true, inkColor: '#ff0000' } });
    const { page, frame } = drawingFrame(inked.pages);
    const png = raster(inked.file, page + 1);
    // Blue has Rec. 709 luminance 0.0722: a 92.78 % tint of red.
    const expected = [255, Math.round(255 * 0.0722), Math.round(255 * 0.0722)];
    expect(pixel(png, frame.x + frame.w / 2, frame.y + frame.h / 2)).toSatisfy((c: number[]) => near(c, expected, 6));
  }, 180_000);
});
