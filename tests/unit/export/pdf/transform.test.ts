/**
 * Transform groups in the PDF (display list `Transform`/`TransformEnd`, a float turned by
 * `placement.rotate`): the real writer's bytes read back by poppler — pixels by pdftoppm, word
 * boxes by pdftotext — show the items turned, as the painter draws them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSubsetter, writePdf, type PdfExportInput, type Subsetter } from '../../../../src/worker/export/pdf';
import type { FontRegistry } from '../../../../src/worker/engine/fonts/registry';
import { turnMatrix } from '../../../../src/worker/engine/page/floats-rotate';
import { Op, type DisplayItem, type GlyphRunItem, type PageDisplayList } from '../../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../../support/node-world';
import { bboxWords } from './support';

const require = createRequire(import.meta.url);
let subsetter: Subsetter;
let fonts: FontRegistry;

beforeAll(async () => {
  subsetter = await createSubsetter(readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')));
  fonts = nodeFontRegistry();
});

const WIDTH = 200; // pt
const HEIGHT = 300; // pt

function run(text: string, x: number, y: number, size = 12): GlyphRunItem {
  const face = fonts.get('eb-garamond-400')!;
  const shaped = face.shape(text);
  const xs: number[] = [];
  let pen = x;
  for (let g = 0; g < shaped.glyphs.length; g++) {
    xs.push(pen);
    pen += (shaped.advances[g]! * size) / face.upem;
  }
  return { op: Op.GlyphRun, font: 'eb-garamond-400', size, fill: '#000000', y, glyphs: [...shaped.glyphs], xs, text, clusters: [...shaped.clusters], chapter: 'c', srcFrom: 0, line: { block: 'c:b0', role: 'caption', ratio: 0 } };
}

async function pdfOf(items: DisplayItem[]): Promise<string> {
  const page: PageDisplayList = { version: 1, index: 0, label: '1', chapter: 'c', role: 'body', width: WIDTH, height: HEIGHT, items };
  const input: PdfExportInput = { pages: [page], fontBytes: (id) => fonts.get(id)?.bytes, subsetter, metadata: { title: 'Turn' }, outlines: false, cutLines: null, binding: 'left', date: new Date(0) };
  const out = await writePdf(input);
  const file = join(mkdtempSync(join(tmpdir(), 'postext-pdf-turn-')), 'turn.pdf');
  writeFileSync(file, out.bytes);
  return file;
}

function raster(file: string): PNG {
  const stem = join(mkdtempSync(join(tmpdir(), 'postext-pdf-turn-ppm-')), 'page');
  execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '72', '-png', file, stem]);
  return PNG.sync.read(readFileSync(`${stem}-1.png`));
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
