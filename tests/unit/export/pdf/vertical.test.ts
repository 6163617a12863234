/**
 * Vertical text in the PDF (`layout.writingMode: 'vertical-rl'`, engine/page/vertical.ts): the real
 * writer's bytes of a vertical Japanese page read back by poppler — pixels by pdftoppm, text by
 * pdftotext — show the glyphs where the display list's matrices put them, and the text in reading
 * order (each upright glyph is its own Transform group, written in line order).
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../../../src/worker/export/pdf';
import { EngineCache, layoutBook } from '../../../../src/worker/engine';
import { settingsFromConfig } from '../../../../src/worker/engine/settings-from-config';
import { applyMatrix, itemMatrices, Op, type GlyphRunItem, type PageDisplayList } from '../../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../../support/node-world';
import { loadPdfTools, rasterFirstPage, tempPdf, type PdfTools } from './hand-made';

const FACE = 'Noto Serif SC';
const fonts = nodeFontRegistry([FACE]);
const SENTENCE = '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。';
let tools: PdfTools;
let page: PageDisplayList;
let file: string;

beforeAll(async () => {
  tools = await loadPdfTools();
  const settings = settingsFromConfig({ locale: 'ja', layout: { writingMode: 'vertical-rl', layoutType: 'single' }, bodyText: { fontFamily: FACE }, headings: { fontFamily: FACE } });
  const gen = layoutBook({ title: '猫', settings, chapters: [{ id: 'a', title: '', source: `${SENTENCE.repeat(3)}\n\n${SENTENCE.repeat(20)}\n` }] }, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  page = step.value.pages[0]!;
  const out = await writePdf({ pages: [page], fontBytes: (id) => fonts.get(id)?.bytes, subsetter: tools.subsetter, metadata: { title: '猫' }, outlines: false, cutLines: null, binding: 'right', date: new Date(0) });
  file = tempPdf(out.bytes, 'vertical.pdf');
});

describe('a vertical page in the PDF', () => {
  it('inks each upright ideograph inside its em square on the sheet, as the display list places it', () => {
    const png = rasterFirstPage(file); // 72 dpi: 1 px per pt
    const matrices = itemMatrices(page.items);
    const face = fonts.match(FACE, 400, 'normal');
    const ideographs = page.items.flatMap((item, i) => (item.op === Op.GlyphRun && item.line?.role === 'body' && /^[猫輩名]/.test(item.text) ? [{ run: item as GlyphRunItem, m: matrices[i]! }] : []));
    expect(ideographs.length).toBeGreaterThan(3);
    for (const { run, m } of ideographs) {
      const k = run.size / face.upem;
      // The em square's corners in the run's own frame, through its matrix: a box on the sheet.
      const left = run.xs[0]!;
      const right = left + face.glyphAdvance(run.glyphs[0]!) * k;
      const top = run.y - face.ascender * k;
      const bottom = run.y - face.descender * k;
      const corners = [applyMatrix(m, left, top), applyMatrix(m, right, bottom)];
      const x0 = Math.floor(Math.min(corners[0]![0], corners[1]![0]));
      const x1 = Math.ceil(Math.max(corners[0]![0], corners[1]![0]));
      const y0 = Math.floor(Math.min(corners[0]![1], corners[1]![1]));
      const y1 = Math.ceil(Math.max(corners[0]![1], corners[1]![1]));
      let ink = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (png.data[(y * png.width + x) * 4]! < 128) ink++;
      expect(ink, run.text).toBeGreaterThan(3);
    }
  });

  it('extracts the text in reading order (pdftotext -raw)', () => {
    const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    expect(text).toContain('吾輩は猫である。名前はまだ無い。');
  });
});
