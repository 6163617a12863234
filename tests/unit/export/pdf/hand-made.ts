/**
 * Harness for PDF tests on hand-made display lists: the real subsetter and fonts, glyph runs
 * shaped by HarfBuzz at natural advances, the bytes written to a temporary file, and page 1
 * read back as pixels by poppler's pdftoppm at 72 dpi (1 px per pt).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { createSubsetter, type Subsetter } from '../../../../src/worker/export/pdf';
import type { FontRegistry } from '../../../../src/worker/engine/fonts/registry';
import { Op, type GlyphRunItem, type LineInfo } from '../../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../../support/node-world';

const require = createRequire(import.meta.url);

/** The subsetter and font registry every hand-made PDF is written with. */
export interface PdfTools {
  subsetter: Subsetter;
  fonts: FontRegistry;
}

export async function loadPdfTools(): Promise<PdfTools> {
  const subsetter = await createSubsetter(readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')));
  return { subsetter, fonts: nodeFontRegistry() };
}

/** A glyph run of `text` shaped by HarfBuzz and set from (x, y) pt at natural advances (`size` pt). */
export function shapedRun(fonts: FontRegistry, text: string, x: number, y: number, options: { size?: number; fontId?: string; role?: LineInfo['role'] } = {}): GlyphRunItem {
  const { size = 12, fontId = 'eb-garamond-400', role = 'body' } = options;
  const face = fonts.get(fontId)!;
  const shaped = face.shape(text);
  const xs: number[] = [];
  let pen = x;
  for (let g = 0; g < shaped.glyphList().length; g++) {
    xs.push(pen);
    pen += (shaped.advanceList()[g]! * size) / face.upem;
  }
  return { op: Op.GlyphRun, font: fontId, size, fill: '#000000', y, glyphs: shaped.glyphList(), xs, text, clusters: shaped.clusterList(), chapter: 'c', srcFrom: 0, line: { block: 'c:b0', role, ratio: 0 } };
}

/** The bytes written to a file of a fresh temporary folder (poppler reads files). */
export function tempPdf(bytes: Uint8Array, name = 'test.pdf'): string {
  const file = join(mkdtempSync(join(tmpdir(), 'postext-pdf-hand-')), name);
  writeFileSync(file, bytes);
  return file;
}

/** Page 1 of the file rasterised by pdftoppm at 72 dpi: one pixel per pt. */
export function rasterFirstPage(file: string): PNG {
  const stem = join(mkdtempSync(join(tmpdir(), 'postext-pdf-ppm-')), 'page');
  execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '72', '-png', file, stem]);
  return PNG.sync.read(readFileSync(`${stem}-1.png`));
}

/** The RGB of the pixel at (x, y) px. */
export function pixel(png: PNG, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * png.width + Math.round(x)) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
}
