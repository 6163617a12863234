/**
 * The PDF writer on hand-made display lists: vectors and pictures land where the list puts
 * them (checked in pdftoppm's pixels), print boxes and crop marks follow `page.cutLines`, page
 * labels read back as the folios (roman front matter), web links get URI actions, a glyph that
 * stands for other text elsewhere gets ActualText, and an export can be cancelled.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { labelOf, labelRanges, writePdf, PdfExportCancelled, type PdfExportInput } from '../../../../src/worker/export/pdf';
import { svgPathToPdf } from '../../../../src/worker/export/pdf/paths';
import { Op, type DisplayItem, type GlyphRunItem, type PageDisplayList } from '../../../../src/worker/protocol/displaylist';
import { loadPdfTools, pixel, rasterFirstPage as raster, shapedRun, tempPdf as tempFile, type PdfTools } from './hand-made';
import { lookupDict, parsePdf, pdfText, poppler } from './support';

let tools: PdfTools;

beforeAll(async () => {
  tools = await loadPdfTools();
});

const WIDTH = 200; // pt
const HEIGHT = 300; // pt

function page(items: DisplayItem[], label = '1', index = 0): PageDisplayList {
  return { version: 1, index, label, chapter: 'c', role: 'body', width: WIDTH, height: HEIGHT, items };
}

/** A glyph run of `text` shaped by HarfBuzz, set at (x, y) with natural advances. */
const run = (text: string, x: number, y: number, size = 12, fontId = 'eb-garamond-400'): GlyphRunItem => shapedRun(tools.fonts, text, x, y, { size, fontId });

function input(pages: PageDisplayList[], extra: Partial<PdfExportInput> = {}): PdfExportInput {
  return { pages, fontBytes: (id) => tools.fonts.get(id)?.bytes, subsetter: tools.subsetter, metadata: { title: 'Test' }, outlines: true, cutLines: null, binding: 'left', date: new Date(0), ...extra };
}

describe('PDF writer', () => {
  it('draws rectangles, rules, SVG paths (arcs included) and pictures where the display list puts them', async () => {
    const picture = new PNG({ width: 2, height: 2 });
    for (let i = 0; i < 4; i++) picture.data.set([0, 0, 255, 255], i * 4); // blue
    const items: DisplayItem[] = [
      { op: Op.Rect, x: 10, y: 10, w: 50, h: 40, fill: '#ff0000' },
      { op: Op.Rule, x1: 10, y1: 100, x2: 190, y2: 100, width: 4, stroke: '#00aa00' },
      // A filled circle of radius 20 pt centred at (150, 40), drawn with two arcs.
      { op: Op.Path, d: 'M130 40 A20 20 0 0 1 170 40 A20 20 0 0 1 130 40 Z', fill: '#000000' },
      { op: 5, x: 100, y: 150, w: 60, h: 60, image: 'blue', resource: 'r' } as unknown as DisplayItem,
      { op: 99, whatever: true } as unknown as DisplayItem,
    ];
    const out = await writePdf(input([page(items)], { imageBytes: async (key) => (key === 'blue' ? { bytes: PNG.sync.write(picture), mime: 'image/png' } : null) }));
    expect(out.warnings).toEqual([]);
    const png = raster(tempFile(out.bytes));
    expect([png.width, png.height]).toEqual([WIDTH, HEIGHT]);
    expect(pixel(png, 35, 30)).toEqual([255, 0, 0]); // inside the rectangle
    expect(pixel(png, 70, 30)).toEqual([255, 255, 255]); // beside it
    expect(pixel(png, 100, 100)[1]).toBeGreaterThan(150); // on the rule
    expect(pixel(png, 100, 100)[0]).toBeLessThan(60);
    expect(pixel(png, 100, 106)).toEqual([255, 255, 255]); // below it
    expect(pixel(png, 150, 40)).toEqual([0, 0, 0]); // the circle's centre
    expect(pixel(png, 150, 25)).toEqual([0, 0, 0]); // inside, near the top
    expect(pixel(png, 134, 24)).toEqual([255, 255, 255]); // the square's corner, outside the circle
    expect(pixel(png, 130, 180)).toEqual([0, 0, 255]); // the picture
    expect(pixel(png, 170, 180)).toEqual([255, 255, 255]);
  });

  it('leaves a grey box and a warning for a picture it cannot embed', async () => {
    const out = await writePdf(input([page([{ op: 5, x: 10, y: 10, w: 50, h: 50, image: 'gone', resource: 'r' } as unknown as DisplayItem])]));
    expect(out.warnings.join(' ')).toMatch(/missing/);
    expect(pixel(raster(tempFile(out.bytes)), 30, 30)).toEqual([0xee, 0xee, 0xee]);
  });

  it('turns SVG path data into PDF operators (relative, shorthand, quadratic and arc commands)', () => {
    expect(svgPathToPdf('M10 20 l5 0 h5 v5 z')).toBe('10 20 m\n15 20 l\n20 20 l\n20 25 l\nh');
    const curves = svgPathToPdf('M0 0 Q10 10 20 0 T40 0 C50 10 60 10 70 0 S90 -10 100 0 A10 10 0 0 0 120 0');
    expect(curves.split('\n').filter((op) => op.endsWith(' c')).length).toBe(2 + 2 + 2);
    expect(curves.endsWith('120 0 c')).toBe(true);
  });

  it('gives trim and bleed boxes and crop marks in registration colour with cut lines on', async () => {
    const cut = { bleed: 9, markOffset: 9, markLength: 14, markWidth: 0.25 };
    const out = await writePdf(input([page([{ op: Op.Rect, x: -9, y: -9, w: WIDTH + 18, h: HEIGHT + 18, fill: '#3366cc' }])], { cutLines: cut }));
    const { doc } = await parsePdf(out.bytes);
    const leaf = doc.getPages()[0]!.node;
    const box = (name: string) => leaf.lookup(PDFName.of(name), PDFArray).asArray().map((n) => (n as PDFNumber).asNumber());
    const m = 9 + 9 + 14;
    expect(box('MediaBox')).toEqual([0, 0, WIDTH + 2 * m, HEIGHT + 2 * m]);
    expect(box('TrimBox')).toEqual([m, m, m + WIDTH, m + HEIGHT]);
    expect(box('BleedBox')).toEqual([m - 9, m - 9, m + WIDTH + 9, m + HEIGHT + 9]);
    const contents = leaf.lookup(PDFName.of('Contents'));
    if (!(contents instanceof PDFRawStream)) throw new Error('the page has no single content stream');
    const text = new TextDecoder().decode(decodePDFRawStream(contents).decode());
    expect(text).toContain('/CSAll CS 1 SCN');
    expect(text.match(/ m [\d.]+ [\d.]+ l S/g)?.length).toBe(8);
    const resources = lookupDict(doc, leaf.get(PDFName.of('Resources')))!;
    const space = resources.lookup(PDFName.of('ColorSpace'), PDFDict).lookup(PDFName.of('CSAll'), PDFArray);
    expect(space.get(0)).toBe(PDFName.of('Separation'));
    expect(space.get(1)).toBe(PDFName.of('All'));
    // The painted bleed stops at the bleed box: blue inside it, paper beyond it.
    const png = raster(tempFile(out.bytes));
    expect(pixel(png, m - 5, m + 50)).toEqual([0x33, 0x66, 0xcc]);
    expect(pixel(png, m - 12, m + 50)).toEqual([255, 255, 255]);
  });

  it('writes page labels that read back as the folios, roman front matter included', async () => {
    const folios = ['i', 'ii', 'iii', 'iv', '1', '2', '3', 'A-1', '7', '8'];
    const ranges = labelRanges(folios);
    expect(folios.map((_, i) => labelOf(ranges, i))).toEqual(folios);
    expect(ranges.map((r) => r.style ?? r.prefix)).toEqual(['r', 'D', 'A-1', 'D']);
    const out = await writePdf(input(folios.map((label, i) => page([], label, i))));
    const { doc } = await parsePdf(out.bytes);
    const nums = lookupDict(doc, doc.catalog.get(PDFName.of('PageLabels')))!.lookup(PDFName.of('Nums'), PDFArray).asArray();
    expect(nums.filter((_, i) => i % 2 === 0).map((n) => (n as PDFNumber).asNumber())).toEqual([0, 4, 7, 8]);
    expect(lookupDict(doc, nums[1])!.lookup(PDFName.of('S'))).toBe(PDFName.of('r'));
    expect((lookupDict(doc, nums[7])!.lookup(PDFName.of('St')) as PDFNumber).asNumber()).toBe(7);
  });

  it('links a web address with a URI action over its words', async () => {
    const words = run('see the requirements', 20, 50);
    const chapter = {
      chapterId: 'c',
      blocks: [{ kind: 'paragraph', id: 'c:b0', range: { from: 0, to: 60, line: 1, column: 1 }, inlines: [{ kind: 'link', href: 'https://example.org/ünï', range: { from: 8, to: 20, line: 1, column: 9 }, children: [] }] }],
      diagnostics: [],
      collected: { anchors: [], footnoteRefs: [], footnoteDefs: [], refs: [], resourceEmbeds: [], indexMarks: [], citationKeys: [], headings: [] },
    } as unknown as NonNullable<PdfExportInput['chapters']>[number];
    const out = await writePdf(input([page([words])], { chapters: [chapter] }));
    const { doc } = await parsePdf(out.bytes);
    const annots = doc.getPages()[0]!.node.lookup(PDFName.of('Annots'), PDFArray);
    expect(annots.size()).toBe(1);
    const annot = lookupDict(doc, annots.get(0))!;
    const action = annot.lookup(PDFName.of('A'), PDFDict);
    expect(pdfText(action.lookup(PDFName.of('URI')))).toBe('https://example.org/%C3%BCn%C3%AF');
    const rect = annot.lookup(PDFName.of('Rect'), PDFArray).asArray().map((n) => (n as PDFNumber).asNumber());
    // Over "requirements" (source 8–20 = text 8–20): from its first glyph's x.
    expect(rect[0]).toBeCloseTo(words.xs[words.clusters.indexOf(8)]!, 2);
  });

  it('gives a run ActualText when one of its glyphs already stands for other text', async () => {
    const first = run('fine', 20, 50);
    // The same glyphs, claimed to show other characters (as a case-mapped or small-caps run would).
    const second = { ...run('fine', 20, 80), text: 'FINE' };
    const out = await writePdf(input([page([first, second])]));
    const text = poppler('pdftotext', [tempFile(out.bytes), '-']);
    expect(text).toContain('fine');
    expect(text).toContain('FINE');
  });

  it('stops when its signal aborts, between pages', async () => {
    const controller = new AbortController();
    const pages = Array.from({ length: 20 }, (_, i) => page([run(`page ${i + 1}`, 20, 50)], String(i + 1), i));
    let written = 0;
    const pending = writePdf(input(pages, { signal: controller.signal, onProgress: (p) => { if (p.phase === 'pages') written = p.done; if (p.phase === 'pages' && p.done === 3) controller.abort(); } }));
    await expect(pending).rejects.toBeInstanceOf(PdfExportCancelled);
    expect(written).toBe(3);
  });
});
