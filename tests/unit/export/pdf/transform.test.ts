/**
 * Transform groups in the PDF (display list `Transform`/`TransformEnd`, a float turned by
 * `placement.rotate`): the real writer's bytes read back by poppler — pixels by pdftoppm, word
 * boxes by pdftotext — show the items turned, as the painter draws them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { writePdf, type PdfExportInput } from '../../../../src/worker/export/pdf';
import { turnMatrix } from '../../../../src/worker/engine/page/floats-rotate';
import { Op, type DisplayItem, type GlyphRunItem, type PageDisplayList } from '../../../../src/worker/protocol/displaylist';
import { loadPdfTools, rasterFirstPage as raster, shapedRun, tempPdf, type PdfTools } from './hand-made';
import { bboxWords } from './support';
import type { PNG } from 'pngjs';

let tools: PdfTools;

beforeAll(async () => {
  tools = await loadPdfTools();
});

const WIDTH = 200; // pt
const HEIGHT = 300; // pt

const run = (text: string, x: number, y: number): GlyphRunItem => shapedRun(tools.fonts, text, x, y, { role: 'caption' });

async function pdfOf(items: DisplayItem[]): Promise<string> {
  const page: PageDisplayList = { version: 1, index: 0, label: '1', chapter: 'c', role: 'body', width: WIDTH, height: HEIGHT, items };
  const input: PdfExportInput = { pages: [page], fontBytes: (id) => tools.fonts.get(id)?.bytes, subsetter: tools.subsetter, metadata: { title: 'Turn' }, outlines: false, cutLines: null, binding: 'left', date: new Date(0) };
  const out = await writePdf(input);
  return tempPdf(out.bytes, 'turn.pdf');
}

const dark = (png: PNG, x: number, y: number): boolean => png.data[(Math.round(y) * png.width + Math.round(x)) * 4]! < 100;

describe('a turned group in the PDF', () => {
  it('a 100 × 20 pt bar turned ccw about its centre (100, 150) stands 20 × 100 pt', async () => {
    const bar: DisplayItem = { op: Op.Rect, x: 50, y: 140, w: 100, h: 20, fill: '#000000' };
    const png = raster(await pdfOf([{ op: Op.Transform, matrix: turnMatrix('ccw', 100, 150) }, bar, { op: Op.TransformEnd }]));
    // Turned: x 90…110, y 100…200.
    expect(dark(png, 100, 105)).toBe(true);
    expect(dark(png, 100, 195)).toBe(true);
    // Where the unturned bar would be, left and right of the centre: paper.
    expect(dark(png, 60, 150)).toBe(false);
    expect(dark(png, 140, 150)).toBe(false);
    // Unturned control: the same bar outside a group is drawn flat.
    const flat = raster(await pdfOf([bar]));
    expect(dark(flat, 60, 150)).toBe(true);
    expect(dark(flat, 100, 105)).toBe(false);
  });

  it('a caption turned cw reads top to bottom: its word box is taller than wide, right of the centre line', async () => {
    const caption = run('Turned', 60, 150);
    const file = await pdfOf([{ op: Op.Transform, matrix: turnMatrix('cw', 100, 150) }, caption, { op: Op.TransformEnd }]);
    const word = bboxWords(file, 1).find((w) => w.text === 'Turned');
    expect(word).toBeDefined();
    expect(word!.yMax - word!.yMin).toBeGreaterThan(2 * (word!.xMax - word!.xMin));
    // cw about (100, 150): the run's start (x 60) goes to the top (y 110), its baseline (y 150) stays at x 100.
    expect(word!.yMin).toBeGreaterThan(105);
    expect(word!.yMin).toBeLessThan(115);
  });
});
