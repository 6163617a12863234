/**
 * Ruby on the page (document-format §18.4): readings are glyph runs of the display list drawn after
 * their line's text (no line record: they are no part of the line's text for checks and links), in
 * every block collect.ts reaches; the PDF text keeps each line's base text whole, the readings after
 * it; `rubyExceedsLeading` fires when the leading has no room for them; EPUB keeps `<ruby>`.
 */
import { execFileSync } from 'node:child_process';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../../src/worker/export/pdf';
import { writeEpub } from '../../../src/worker/export/epub';
import { EngineCache, layoutBook, type BookLayout } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { settingsNotApplied } from '../../../src/worker/config';
import { Op, type GlyphRunItem, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';
import { runChecks } from '../checks/run-checks';
import { loadPdfTools, tempPdf, type PdfTools } from '../export/pdf/hand-made';
import { parseChapter } from '../../../src/worker/engine/parse/index';
import type { Inline } from '../../../src/worker/engine/parse/model';
import { spreadLine } from '../../../src/worker/engine/page/heading-look';
import { set } from '../paragraph/helpers';

const runsOf = (page: PageDisplayList): GlyphRunItem[] => page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);
const SENTENCE = '山の上に{紫陽花|あじさい}が咲いた。';
const config = { locale: 'ja', bodyText: { fontFamily: 'Noto Serif SC' }, headings: { fontFamily: 'Noto Serif SC' } };
const fonts = nodeFontRegistry(['Noto Serif SC']);

/** The book laid out with Noto Serif SC loaded (the checks' own registry has no CJK face: widths there are .notdef's). */
function layOut(source: string): BookLayout {
  const gen = layoutBook({ title: 'R', settings: settingsFromConfig(config), chapters: [{ id: 'c1', title: '', source }] }, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

describe('ruby on the page', () => {
  let tools: PdfTools;
  beforeAll(async () => {
    tools = await loadPdfTools();
  });

  it('draws the reading after its line, over the base, without a line record; no unsupportedConstruct', () => {
    const { warnings } = runChecks({ chapters: [{ id: 'c1', source: `# 章\n\n${SENTENCE}\n` }], config, patterns: null });
    expect(warnings.filter((w) => w.kind === 'unsupportedConstruct' || w.kind === 'rubyExceedsLeading')).toEqual([]);
    const layout = layOut(`# 章\n\n${SENTENCE}\n`);
    const runs = runsOf(layout.pages[0]!);
    const body = runs.filter((r) => r.line?.role === 'body');
    expect(body.map((r) => r.text).join('')).toBe('山の上に紫陽花が咲いた。');
    const reading = runs.find((r) => r.text === 'あじさい')!;
    expect(reading.line).toBeUndefined();
    // Right after the line's text runs, on its baseline, raised by dys into the leading.
    expect(runs.indexOf(reading)).toBe(runs.indexOf(body[body.length - 1]!) + 1);
    expect(reading.y).toBe(body[0]!.y);
    expect(reading.dys!.every((d) => d < 0)).toBe(true);
    // Over 紫陽花: 4 half-size kana (2 em) inside 3 ideographs (3 em), spread 1:2:1 in a Japanese book.
    const base = body[0]!;
    const at = base.text.indexOf('紫');
    const left = base.xs[base.clusters.indexOf(at)]!;
    const em = base.size;
    const share = em / 8; // (3 em − 2 em) in 8 shares
    expect(reading.xs[0]).toBeCloseTo(left + share, 2);
    expect(reading.size).toBeCloseTo(em / 2, 3);
  });

  it('sets readings in headings, list items, quotations and notes; running heads print the base only', () => {
    const source = [
      '# :ruby[茶館]{rt="ちゃかん"}の話',
      '',
      '- 一つ目の:ruby[茶]{rt="ちゃ"}。',
      '',
      '> 引用の:ruby[雲]{rt="くも"}。',
      '',
      '本文[^1]です。',
      '',
      '[^1]: 注の:ruby[月]{rt="つき"}。',
      '',
      // Enough text for a second (even) page, whose built-in running head prints the chapter title.
      ...Array.from({ length: 60 }, () => 'どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。\n'),
    ].join('\n');
    const layout = layOut(source);
    const all = layout.pages.flatMap(runsOf);
    for (const reading of ['ちゃかん', 'ちゃ', 'くも', 'つき']) expect(all.some((r) => r.text === reading && r.line === undefined), reading).toBe(true);
    // The running head of the second page: the title's base text, no reading.
    expect(layout.pages.length).toBeGreaterThan(1);
    const head = runsOf(layout.pages[1]!).filter((r) => r.y < runsOf(layout.pages[1]!).find((b) => b.line?.role === 'body')!.y - 20);
    expect(head.map((r) => r.text).join('')).toContain('茶館の話');
    expect(head.some((r) => r.text.includes('ちゃかん'))).toBe(false);
  });

  it('rubyExceedsLeading fires under a tight leading, once per block, at the ruby', () => {
    const source = `# 章\n\n${SENTENCE}\n\n${SENTENCE}{月|つき}\n\nどこで生れたかとんと見当がつかぬ。\n`;
    const tight = runChecks({ chapters: [{ id: 'c1', source }], config: { ...config, bodyText: { ...config.bodyText, lineHeight: { value: 1.2, unit: 'em' } } }, patterns: null });
    const found = tight.warnings.filter((w) => w.kind === 'rubyExceedsLeading');
    expect(found.length).toBe(2);
    expect(source.slice(found[0]!.offset!, found[0]!.toOffset!)).toBe('{紫陽花|あじさい}');
    // A smaller reading fits the same leading (0.2 em of room: 0.2 em readings).
    const small = runChecks({ chapters: [{ id: 'c1', source }], config: { ...config, bodyText: { ...config.bodyText, lineHeight: { value: 1.2, unit: 'em' } }, cjk: { ruby: { fontSize: { value: 0.2, unit: 'em' } } } }, patterns: null });
    expect(small.warnings.filter((w) => w.kind === 'rubyExceedsLeading')).toEqual([]);
  });

  it('reports no field of cjk.ruby as not applied (the stored object is walked field by field)', () => {
    const ruby = { fontFamily: 'Noto Serif JP', fontSize: { value: 0.4, unit: 'em' }, color: '#884400', position: 'under', overhang: 'none', align: 'jis', smallKana: 'full' };
    expect(JSON.stringify(settingsNotApplied({ cjk: { ruby } }))).not.toContain('ruby');
  });

  it('a cjk.ruby fontFamily the book lacks is reported as unknownFontFamily at cjk.ruby', () => {
    const { warnings } = runChecks({ chapters: [{ id: 'c1', source: `${SENTENCE}\n` }], config: { locale: 'ja', cjk: { ruby: { fontFamily: 'No Such Ruby Face' } } }, patterns: null });
    const found = warnings.filter((w) => w.kind === 'unknownFontFamily');
    expect(found.map((w) => w.path)).toEqual(['cjk.ruby']);
    expect(found[0]!.detail ?? JSON.stringify(found[0])).toContain('No Such Ruby Face');
  });

  it('keeps the base text whole in the PDF, the reading after its line', async () => {
    const layout = layOut(`${SENTENCE}\n`);
    const out = await writePdf({ pages: [layout.pages[0]!], fontBytes: (id) => fonts.get(id)?.bytes, subsetter: tools.subsetter, metadata: { title: 'r' }, outlines: false, cutLines: null, binding: 'left', date: new Date(0) });
    const text = execFileSync('pdftotext', ['-raw', tempPdf(out.bytes, 'ruby.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    expect(text).toContain('山の上に紫陽花が咲いた。');
    expect(text.indexOf('あじさい')).toBeGreaterThan(text.indexOf('咲いた'));
  });

  it('EPUB writes semantic <ruby>', async () => {
    const epub = await JSZip.loadAsync((await writeEpub({ id: 'r', name: 'R', locale: 'ja', chapters: [{ id: 'c1', title: '章', text: `# 章\n\n${SENTENCE}\n\n茶館は:ruby[雲間]{rt="くもま"}にあった。\n` }], resources: [] }, { modified: new Date(0) })).bytes);
    const xhtml = (await Promise.all(Object.keys(epub.files).filter((f) => f.endsWith('.xhtml')).map((f) => epub.file(f)!.async('string')))).join('\n');
    expect(xhtml).toContain('<ruby>紫陽花<rt>あじさい</rt></ruby>');
    expect(xhtml).toContain('<ruby>雲間<rt>くもま</rt></ruby>');
  });
});

describe('ruby in a spaced heading (字取り, letterSpacing: page/heading-look.ts)', () => {
  it('a reading moves with its base when the clusters are spaced out', () => {
    const source = '一:ruby[日]{rt="に"}本';
    const block = parseChapter(`${source}\n`, { chapterId: 'c1', isFirstChapter: true }).blocks[0]!;
    const [line] = set(fonts, 'inlines' in block ? (block.inlines as Inline[]) : [], { family: 'Noto Serif SC', size: 10, measure: 500, justify: false, language: 'zh' });
    // 3 ideographs (30 pt) spread to 50 pt: 10 pt more between clusters, so 日 moves by 10 pt.
    const spread = spreadLine(line!, 50);
    const reading = spread.runs.find((r) => r.ruby)!;
    const base = spread.runs.find((r) => !r.ruby)!;
    expect(base.xs).toEqual([0, 20, 40]);
    // に (5 pt) centred over 日 (20..30).
    expect(reading.xs[0]).toBeCloseTo(22.5, 3);
    expect(spread.width).toBeCloseTo(50, 3);
  });
});
