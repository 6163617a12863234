/**
 * Warichu on the page (document-format §18.4, configuration.md §14.1 `cjk.warichu`): the note's two
 * half-size rows are glyph runs of their line (with its line record: they are the line's text), in
 * every block collect.ts reaches, flowing on across lines and pages; running heads print the note
 * plainly in its brackets; the PDF text reads the note in place, top row then bottom row; the
 * setting is declared applied and the directive no longer reported as unsupported.
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../../src/worker/export/pdf';
import { EngineCache, layoutBook, type BookLayout } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { isApplied, settingsNotApplied } from '../../../src/worker/config';
import { applyMatrix, itemMatrices, Op, type GlyphRunItem, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';
import { runChecks } from '../checks/run-checks';
import { loadPdfTools, tempPdf, type PdfTools } from '../export/pdf/hand-made';

const FACE = 'Noto Serif SC';
const fonts = nodeFontRegistry([FACE]);
const runsOf = (page: PageDisplayList): GlyphRunItem[] => page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);

function layOut(source: string, config: Record<string, unknown> = {}): BookLayout {
  const settings = settingsFromConfig({ locale: 'ja', bodyText: { fontFamily: FACE }, headings: { fontFamily: FACE }, ...config } as never);
  const gen = layoutBook({ title: 'W', settings, chapters: [{ id: 'c1', title: '', source }] }, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

describe('warichu on the page', () => {
  let tools: PdfTools;
  beforeAll(async () => {
    tools = await loadPdfTools();
  });

  it('sets the rows as the line\'s text, in place, half size, in （ ） in a Japanese book; no unsupportedConstruct', () => {
    const source = '# 章\n\n先生は:warichu[村の医者]であった。\n';
    const { warnings } = runChecks({ chapters: [{ id: 'c1', source }], config: { locale: 'ja' }, patterns: null });
    expect(warnings.filter((w) => w.kind === 'unsupportedConstruct')).toEqual([]);
    const body = runsOf(layOut(source).pages[0]!).filter((r) => r.line?.role === 'body');
    expect(body.map((r) => r.text)).toEqual(['先生は（', '村の', '医者', '）であった。']);
    const [before, top, bottom] = body;
    expect(top!.size).toBeCloseTo(before!.size / 2, 3);
    expect(bottom!.size).toBeCloseTo(before!.size / 2, 3);
    // One baseline (the line's), the rows raised by dys: the top row above the bottom one, both within the em box.
    expect(top!.y).toBe(before!.y);
    const size = before!.size;
    expect(top!.dys![0]!).toBeCloseTo(-0.44 * size, 2);
    expect(bottom!.dys![0]!).toBeCloseTo(0.06 * size, 2);
    expect(top!.xs).toEqual(bottom!.xs);
  });

  it('draws the note in headings, list items, quotations, boxes and footnotes', () => {
    const source = '# 題:warichu[一二]\n\n本文[^n]です。\n\n- 項目:warichu[三四]\n\n> 引用:warichu[五六]\n\n:::callout{type="note"}\n枠内:warichu[七八]\n:::\n\n[^n]: 注:warichu[九十]。\n';
    const runs = layOut(source).pages.flatMap(runsOf);
    const found = (role: string, top: string, bottom: string): boolean => {
      const k = runs.findIndex((r) => r.text === top && r.line?.role === role);
      return k >= 0 && runs[k + 1]?.text === bottom && runs[k]!.size < runs[k - 1]!.size;
    };
    expect(found('heading', '一', '二')).toBe(true);
    for (const [top, bottom] of [['三', '四'], ['五', '六'], ['七', '八']] as const) expect(found('body', top, bottom), top).toBe(true);
    expect(found('note', '九', '十')).toBe(true);
  });

  it('a long note flows on across lines and pages, each line a new two-row segment, read in order', () => {
    const note = '春眠不覚暁処処聞啼鳥夜来風雨声花落知多少'.repeat(200);
    const source = `# 章\n\n${'どこで生れたかとんと見当がつかぬ。'.repeat(100)}ここに:warichu[${note}]{open="〔" close="〕"}とある。\n`;
    const layout = layOut(source);
    const bodySize = runsOf(layout.pages[0]!).find((r) => r.line?.role === 'body')!.size;
    let read = '';
    const pagesWithRows = new Set<number>();
    layout.pages.forEach((page, p) => {
      const runs = runsOf(page).filter((r) => r.line?.role === 'body');
      for (let k = 0; k < runs.length; k++) {
        const run = runs[k]!;
        if (run.size >= bodySize) continue;
        pagesWithRows.add(p);
        read += run.text;
      }
    });
    expect(read).toBe(note);
    expect(pagesWithRows.size).toBeGreaterThan(1);
    const full = layout.pages.flatMap(runsOf).filter((r) => r.line?.role === 'body' && r.size >= bodySize).map((r) => r.text).join('');
    expect([...full].filter((c) => c === '〔').length).toBe(1);
    expect([...full].filter((c) => c === '〕').length).toBe(1);
  });

  it('running heads print the note plainly, in its brackets, full size', () => {
    const source = `# 章:warichu[注記]{open="（" close="）"}の話\n\n${'どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。\n\n'.repeat(60)}`;
    const layout = layOut(source);
    expect(layout.pages.length).toBeGreaterThan(1);
    const page = runsOf(layout.pages[1]!);
    const bodyTop = page.find((r) => r.line?.role === 'body')!.y;
    const head = page.filter((r) => r.y < bodyTop - 20);
    expect(head.map((r) => r.text).join('')).toContain('章（注記）の話');
    expect(new Set(head.map((r) => r.size)).size).toBe(1);
  });

  it('the PDF text reads the note in place: the text before, top row, bottom row, the text after', async () => {
    const layout = layOut('先生は:warichu[村の医者たち]であった。\n');
    const out = await writePdf({ pages: [layout.pages[0]!], fontBytes: (id) => fonts.get(id)?.bytes, subsetter: tools.subsetter, metadata: { title: 'w' }, outlines: false, cutLines: null, binding: 'left', date: new Date(0) });
    const text = execFileSync('pdftotext', ['-raw', tempPdf(out.bytes, 'warichu.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    expect(text).toContain('先生は（村の医者たち）であった。');
  });

  it('in vertical text the turned flow sets the top row in the right-hand column, each character upright', () => {
    const page = layOut('# 章\n\n先生は:warichu[村の医者たち]であった。\n', { layout: { writingMode: 'vertical-rl' } }).pages[0]!;
    const matrices = itemMatrices(page.items);
    /** Where a one-glyph run's em square centre lands on the sheet, and whether its matrix turns it upright (a quarter turn back). */
    const onSheet = (text: string): { x: number; y: number } => {
      const k = page.items.findIndex((i) => i.op === Op.GlyphRun && i.text === text);
      const run = page.items[k] as GlyphRunItem;
      const m = matrices[k]!;
      const [x, y] = applyMatrix(m, run.xs[0]! + run.size / 2, run.y + (run.dys?.[0] ?? 0) - 0.38 * run.size);
      // Upright: the flow's quarter turn and the glyph's turn back cancel (no rotation left on the sheet).
      expect([m[0], m[1], m[2], m[3]].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([1, 0, 0, 1]);
      return { x, y };
    };
    const top = onSheet('村');
    const bottom = onSheet('者');
    // 村 over 者 in the horizontal rows: side by side across the column, 村 at the right, on one level.
    expect(top.x).toBeGreaterThan(bottom.x + 1);
    expect(top.y).toBeCloseTo(bottom.y, 1);
    // Reading down the column: の under 村.
    expect(onSheet('の').y).toBeGreaterThan(top.y + 1);
  });

  it('an edit before a paragraph with a note lays out as a fresh cache does (memoised rows moved with their line)', () => {
    const settings = settingsFromConfig({ locale: 'ja', bodyText: { fontFamily: FACE } } as never);
    const book = (first: string) => ({ title: 'W', settings, chapters: [{ id: 'c1', title: '', source: `# 章\n\n${first}\n\n先生は:warichu[村の医者たち、この注は二行に割って組まれ、行を越えて続く]であった。${'どこで生れたかとんと見当がつかぬ。'.repeat(4)}\n` }] });
    const layout = (input: ReturnType<typeof book>, cache: EngineCache): string => {
      const gen = layoutBook(input, fonts, cache);
      let step = gen.next();
      while (!step.done) step = gen.next();
      return JSON.stringify(step.value.pages.map((p) => p.items));
    };
    const cache = new EngineCache();
    const before = layout(book('第一段。'), cache);
    expect(before).toContain('"text":"村の医者');
    const edited = book('第一段に字を加えた。');
    const incremental = layout(edited, cache);
    expect(incremental).toBe(layout(edited, new EngineCache()));
    expect(incremental).not.toBe(before);
  });

  it('declares cjk.warichu applied', () => {
    expect(isApplied('cjk.warichu')).toBe(true);
    expect(JSON.stringify(settingsNotApplied({ cjk: { warichu: { fontSize: { value: 0.4, unit: 'em' }, color: '#aa0000', open: '〔', close: '〕' } } }))).not.toContain('warichu');
  });
});
