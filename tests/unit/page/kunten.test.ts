/**
 * Kanbun marks on the page (document-format §18.4): the marks are glyph runs of the display list
 * drawn after their line's text (no line record: no part of the line's text for checks and links),
 * the 竪点 a filled rectangle with the line's boxes; the PDF text keeps each line's text whole with
 * the marks after it (our choice); vertical text turns them with the flow.
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../../src/worker/export/pdf';
import { EngineCache, layoutBook, type BookLayout } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type GlyphRunItem, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';
import { loadPdfTools, tempPdf, type PdfTools } from '../export/pdf/hand-made';

const runsOf = (page: PageDisplayList): GlyphRunItem[] => page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);
const SENTENCE = '学而時:kunten[習]{okuri="フ"}:kunten[之]{kaeri="レ" tate}亦説乎。';
const fonts = nodeFontRegistry(['Noto Serif SC']);

function layOut(source: string, extra: Record<string, unknown> = {}): BookLayout {
  const config = { locale: 'ja', bodyText: { fontFamily: 'Noto Serif SC' }, headings: { fontFamily: 'Noto Serif SC' }, ...extra };
  const gen = layoutBook({ title: 'K', settings: settingsFromConfig(config), chapters: [{ id: 'c1', title: '', source }] }, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

describe('kanbun marks on the page', () => {
  let tools: PdfTools;
  beforeAll(async () => {
    tools = await loadPdfTools();
  });

  it('draws the marks after their line, without a line record, in cjk.kunten.color; the 竪点 as a rectangle', () => {
    const layout = layOut(`${SENTENCE}\n`, { cjk: { kunten: { color: '#aa0000' } } });
    const page = layout.pages[0]!;
    const runs = runsOf(page);
    const body = runs.filter((r) => r.line?.role === 'body');
    expect(body.map((r) => r.text).join('')).toBe('学而時習之亦説乎。');
    const okuri = runs.find((r) => r.text === 'フ')!;
    const kaeri = runs.find((r) => r.text === 'レ')!;
    expect(okuri.line).toBeUndefined();
    expect(kaeri.line).toBeUndefined();
    expect(runs.indexOf(okuri)).toBe(runs.indexOf(body[body.length - 1]!) + 1);
    expect(okuri.fill).toBe('#aa0000');
    // The hairline: a rectangle in the marks' colour, 0.05 em tall.
    const rule = page.items.find((i) => i.op === Op.Rect && (i as { fill?: string }).fill === '#aa0000') as { h: number } | undefined;
    expect(rule).toBeDefined();
    expect(rule!.h).toBeCloseTo(0.05 * body[0]!.size, 2);
  });

  it('keeps the text whole in the PDF, the marks after its line', async () => {
    const layout = layOut(`${SENTENCE}\n`);
    const out = await writePdf({ pages: [layout.pages[0]!], fontBytes: (id) => fonts.get(id)?.bytes, subsetter: tools.subsetter, metadata: { title: 'k' }, outlines: false, cutLines: null, binding: 'left', date: new Date(0) });
    const text = execFileSync('pdftotext', ['-raw', tempPdf(out.bytes, 'kunten.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    expect(text).toContain('学而時習之亦説乎。');
    expect(text.indexOf('フ')).toBeGreaterThan(text.indexOf('説乎'));
    expect(text.indexOf('レ')).toBeGreaterThan(text.indexOf('説乎'));
  });
});
