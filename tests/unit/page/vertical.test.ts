/**
 * Vertical text (`layout.writingMode: 'vertical-rl'`, configuration.md §4; document-format §18.5;
 * engine/page/vertical.ts): the flow laid out in the sheet turned a quarter and drawn turned back,
 * lines running down the sheet and stacking right to left from the type area's right edge; CJK
 * upright in their `vert` forms, numbers of ≤ `cjk.uprightDigits` digits tate-chū-yoko, Latin
 * sideways; running heads horizontal. Positions are read through the display list's matrices
 * (pt, y down from the trim's top-left).
 */
import { describe, expect, it } from 'vitest';
import { collectConfigWarnings, type StoredConfig } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { sheetFrame } from '../../../src/worker/engine/page/geometry';
import { EngineCache, layoutBook, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { hitTest, sourceRects } from '../../../src/worker/engine/query';
import { applyMatrix, itemMatrices, Op, serializeDisplayList, type GlyphRunItem, type Matrix, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';
import { mulberry32, paragraph } from '../../support/prose';
import { runChecks } from '../checks/run-checks';
import { pageGeometry } from '../../../src/worker/host/page-geometry';
import { looseLineBands } from '../../../src/ui/canvas/page-painter';

const cjkFonts = nodeFontRegistry(['Noto Serif SC']);
const FACE = 'Noto Serif SC';

/** A Japanese paragraph: kana and kanji with 、 and 。, a Latin word, a two-digit and a four-digit number. */
const PARAGRAPH = '吾輩は猫である、名前はまだ無い。どこで生れたかとんと見当がつかぬ、何でも薄暗いじめじめした所で泣いていた事だけは記憶している。吾輩はここで始めてHumanというものを見た、それは12月のことで、1905年の冬であった。本当か!?';
const SOURCE = `# 第一章\n\n${[1, 3, 4, 2, 5, 3, 6, 4, 5, 3, 4, 6].map((n) => PARAGRAPH.repeat(n)).join('\n\n')}\n`;

const config = (extra: StoredConfig = {}): StoredConfig => ({
  locale: 'ja',
  layout: { writingMode: 'vertical-rl', layoutType: 'single' },
  bodyText: { fontFamily: FACE },
  headings: { fontFamily: FACE },
  ...extra,
});

function layout(settings: LayoutSettings, source = SOURCE, cache = new EngineCache()) {
  const input: BookInput = { title: '吾輩は猫である', settings, chapters: [{ id: 'a', title: '', source }] };
  const gen = layoutBook(input, cjkFonts, cache);
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

interface Placed {
  run: GlyphRunItem;
  m: Matrix;
}
/** The body's glyph runs of a page with the matrix each is drawn through. */
function bodyRuns(page: PageDisplayList): Placed[] {
  const matrices = itemMatrices(page.items);
  const out: Placed[] = [];
  page.items.forEach((item, i) => {
    if (item.op === Op.GlyphRun && item.line && item.line.role !== 'header' && item.line.role !== 'footer') out.push({ run: item, m: matrices[i] ?? [1, 0, 0, 1, 0, 0] });
  });
  return out;
}
const rounded = (m: Matrix) => m.slice(0, 4).map((v) => Math.round(v) + 0);
const UPRIGHT: number[] = [1, 0, 0, 1];
const TURNED: number[] = [0, 1, -1, 0];
/** A run's pen point on the sheet. */
const sheetPoint = (p: Placed, g = 0) => applyMatrix(p.m, p.run.xs[g]!, p.run.y);

const settings = settingsFromConfig(config());
const book = layout(settings);
/** A page of running text (no heading on it): its first line is set at the head of the type area. */
const page = book.pages.find((p) => p.role === 'body' && p.index < book.pages.length - 1)!;

describe('layout.writingMode: vertical-rl — the flow turned onto the sheet', () => {
  it('declares right binding (page.binding auto) and keeps the sheet size', () => {
    expect(settings.vertical).toEqual({ uprightDigits: 2, uprightMarks: true });
    expect(settings.binding).toBe('right');
    expect(page.width).toBeCloseTo(settings.pageWidth, 2);
    expect(page.height).toBeCloseTo(settings.pageHeight, 2);
  });

  it('stacks lines right to left from the type area\'s right edge, glyphs advancing down the sheet', () => {
    const frame = sheetFrame(settings, page.index);
    const body = bodyRuns(page).filter((p) => p.run.line!.role === 'body');
    // Lines by their flow baseline (one line = one baseline in the turned frame).
    const ys = [...new Set(body.map((p) => p.run.y))].sort((a, b) => a - b);
    expect(ys.length).toBeGreaterThan(5);
    // A sideways run of the line: its baseline's x on the sheet.
    const lineX = ys.map((y) => {
      const sideways = body.find((p) => p.run.y === y && rounded(p.m).join() === TURNED.join())!;
      return sideways ? sheetPoint(sideways)[0] : undefined;
    });
    const xs = lineX.filter((x): x is number => x !== undefined);
    expect(xs.length).toBeGreaterThan(5);
    for (let i = 1; i < xs.length; i++) expect(xs[i]!).toBeLessThan(xs[i - 1]!);
    // Every line inside the type area, the first within one line of its right edge.
    const right = frame.contentLeft + frame.contentWidth;
    for (const x of xs) {
      expect(x).toBeLessThanOrEqual(right + 0.01);
      expect(x).toBeGreaterThanOrEqual(frame.contentLeft - 0.01);
    }
    const first = body.filter((p) => p.run.y === ys[0]);
    const ink = first.map((p) => applyMatrix(p.m, p.run.xs[0]!, p.run.y)[0]);
    expect(Math.max(...ink)).toBeGreaterThan(right - settings.body.lineHeight);
    // Down the sheet along a line: the pen's sheet y grows glyph by glyph, from the type area's top.
    const line = body.filter((p) => p.run.y === ys[1]).map((p) => sheetPoint(p)[1]);
    for (let i = 1; i < line.length; i++) expect(line[i]!).toBeGreaterThan(line[i - 1]!);
    expect(Math.min(...line)).toBeGreaterThanOrEqual(frame.contentTop - 0.01);
    expect(Math.max(...line)).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
  });

  it('stands a Han glyph upright while a Latin word is turned', () => {
    const all = bodyRuns(page).concat(book.pages.flatMap(bodyRuns));
    const han = all.find((p) => p.run.text.trimEnd() === '猫')!;
    expect(han.run.glyphs).toHaveLength(1);
    expect(rounded(han.m)).toEqual(UPRIGHT);
    // Stood up about its em square's middle: that point lands where the line's own quarter turn puts it.
    const face = cjkFonts.match(FACE, 400, 'normal');
    const k = han.run.size / face.upem;
    // (the line's axis: the ideographic em box's middle, 0.38 em over the baseline — vertical.ts flowAxis)
    const middle: [number, number] = [han.run.xs[0]! + (face.glyphAdvance(han.run.glyphs[0]!) * k) / 2, han.run.y - 0.38 * han.run.size];
    const [mx, my] = applyMatrix(han.m, ...middle);
    expect(mx).toBeCloseTo(settings.pageWidth - middle[1], 2);
    expect(my).toBeCloseTo(middle[0], 2);
    const latin = all.find((p) => p.run.text.includes('Human'))!;
    expect(rounded(latin.m)).toEqual(TURNED);
    expect(latin.run.text.trim()).toBe('Human');
  });

  it('sets a two-digit number tate-chū-yoko (upright, both digits across the line) and a four-digit one sideways', () => {
    const all = book.pages.flatMap(bodyRuns);
    const twelve = all.find((p) => p.run.text === '12')!;
    expect(twelve.run.glyphs).toHaveLength(2);
    expect(rounded(twelve.m)).toEqual(UPRIGHT);
    // Side by side across the line on the sheet: same sheet y, the second digit to the right.
    const [x0, y0] = sheetPoint(twelve, 0);
    const [x1, y1] = sheetPoint(twelve, 1);
    expect(y1).toBeCloseTo(y0, 3);
    expect(x1).toBeGreaterThan(x0);
    const year = all.find((p) => p.run.text.includes('1905'))!;
    expect(rounded(year.m)).toEqual(TURNED);
  });

  it('draws 、 and 。 in their vertical forms (the face\'s vert glyphs, not the horizontal ones)', () => {
    const face = cjkFonts.match(FACE, 400, 'normal');
    const flat = layout(settingsFromConfig({ locale: 'ja', bodyText: { fontFamily: FACE }, headings: { fontFamily: FACE } }));
    const glyphOf = (pages: readonly PageDisplayList[], ch: string): number[] =>
      pages.flatMap((p) => p.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun)).flatMap((r) => r.glyphs.filter((_, g) => r.text[r.clusters[g]!] === ch));
    for (const ch of ['、', '。']) {
      const horizontal = new Set(glyphOf(flat.pages, ch));
      const vertical = new Set(glyphOf(book.pages, ch));
      expect(horizontal.size).toBe(1);
      expect(vertical.size).toBe(1);
      const [v] = [...vertical];
      expect(horizontal.has(v!)).toBe(false);
      expect(v).toBe(face.shape(ch, 'ltr', 'vert').glyphList()[0]);
    }
  });

  it('keeps running heads and folios horizontal, outside the turned group', () => {
    const odd = book.pages.find((p) => p.role === 'body')!;
    const matrices = itemMatrices(odd.items);
    const furniture = odd.items.map((item, i) => ({ item, m: matrices[i] })).filter(({ item }) => item.op === Op.GlyphRun && !item.line);
    expect(furniture.length).toBeGreaterThan(0);
    for (const { m } of furniture) expect(m).toBeNull();
  });

  it('answers page queries in sheet coordinates: a point on a drawn glyph hits its source; its rectangle covers that point', () => {
    const han = bodyRuns(page).find((p) => /^[\u4e00-\u9fff]/.test(p.run.text) && p.run.line?.role === 'body')!;
    const offset = han.run.srcFrom;
    const rects = sourceRects([page], 'a', offset, offset + 1);
    expect(rects).toHaveLength(1);
    const r = rects[0]!;
    // The glyph's rectangle on the sheet is about one em each way.
    expect(r.width).toBeGreaterThan(han.run.size * 0.8);
    expect(r.height).toBeGreaterThan(han.run.size * 0.8);
    const hit = hitTest(page, r.x + r.width / 2, r.y + r.height / 2);
    expect(hit?.offset === offset || hit?.offset === offset + 1).toBe(true);
  });

  it('cjk.uprightDigits 0 leaves every number sideways; 4 stands the year upright, narrowed across to one em', () => {
    const none = layout(settingsFromConfig(config({ cjk: { uprightDigits: 0 } })));
    const twelve = none.pages.flatMap(bodyRuns).find((p) => p.run.text.includes('12'))!;
    expect(rounded(twelve.m)).toEqual(TURNED);
    const four = layout(settingsFromConfig(config({ cjk: { uprightDigits: 4 } })));
    const year = four.pages.flatMap(bodyRuns).find((p) => p.run.text === '1905')!;
    // Upright (no turn: b = c = 0, d = 1), and squeezed across: its four digits' pens and the last one's end within one em on the sheet.
    expect([year.m[1], year.m[2], year.m[3]].map((v) => Math.round(v * 1000) / 1000 + 0)).toEqual([0, 0, 1]);
    expect(year.m[0]).toBeGreaterThan(0.3);
    expect(year.m[0]).toBeLessThan(1);
    const face = cjkFonts.match(FACE, 400, 'normal');
    const end = year.run.xs[3]! + (face.glyphAdvance(year.run.glyphs[3]!) * year.run.size) / face.upem;
    const across = applyMatrix(year.m, end, year.run.y)[0] - applyMatrix(year.m, year.run.xs[0]!, year.run.y)[0];
    expect(across).toBeCloseTo(year.run.size, 1);
  });

  it('sets !? in Japanese tate-chū-yoko (document-format §18.5), sideways in Chinese', () => {
    const mark = book.pages.flatMap(bodyRuns).find((p) => p.run.text.startsWith('!?'))!;
    expect(mark.run.glyphs).toHaveLength(2);
    expect(rounded(mark.m)).toEqual(UPRIGHT);
    const zh = layout(settingsFromConfig(config({ locale: 'zh' })));
    const sideways = zh.pages.flatMap(bodyRuns).find((p) => p.run.text.includes('!?'))!;
    expect(rounded(sideways.m)).toEqual(TURNED);
  });

  it('stands a picture upright on the sheet: a figure twice as wide as tall stays so, inside the type area', () => {
    const FILL = '#3366aa';
    const random = mulberry32(5);
    const paragraphs = Array.from({ length: 12 }, () => paragraph(random));
    paragraphs[1] += ' The plan in :ref{id="plan"} shows it.';
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="2000" viewBox="0 0 4000 2000"><rect x="0" y="0" width="4000" height="2000" fill="${FILL}"/></svg>`).toString('base64');
    const config: StoredConfig = { layout: { writingMode: 'vertical-rl', layoutType: 'single' } };
    const { layout: laid } = runChecks({ chapters: [{ id: 'c1', source: paragraphs.join('\n\n') }], config, resources: [{ id: 'plan', kind: 'svg', typeId: 'figure', caption: 'The plan of the house.' } as never], payloads: { plan: svg } });
    const placed = laid.pages.flatMap((p) => {
      const matrices = itemMatrices(p.items);
      return p.items.flatMap((item, i) => (item.op === Op.Path && item.fill === FILL ? [{ p, item, m: matrices[i]! }] : []));
    });
    expect(placed).toHaveLength(1);
    const { p, item, m } = placed[0]!;
    const n = (item.d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    const corners = n.flatMap((_, i) => (i % 2 === 0 ? [applyMatrix(m, n[i]!, n[i + 1]!)] : []));
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    const width = Math.max(...xs) - Math.min(...xs);
    const height = Math.max(...ys) - Math.min(...ys);
    expect(width / height).toBeCloseTo(2, 2);
    const frame = sheetFrame(settingsFromConfig(config), p.index);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(frame.contentLeft - 0.01);
    expect(Math.max(...xs)).toBeLessThanOrEqual(frame.contentLeft + frame.contentWidth + 0.01);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(frame.contentTop - 0.01);
    expect(Math.max(...ys)).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
  });

  it('turns columns into tiers: with two columns the flow\'s second column is the lower tier, a gutter below the first', () => {
    const two = settingsFromConfig(config({ layout: { writingMode: 'vertical-rl', layoutType: 'double' } }));
    const laid = layout(two);
    const full = laid.pages.find((p) => p.role === 'body' && p.index < laid.pages.length - 1)!;
    const frame = sheetFrame(two, full.index);
    const tier = (frame.contentHeight - two.gutter) / 2;
    // Every glyph's pen on the sheet lies in one of the two tiers, never in the gutter between them —
    // but for a mark hung past its line's end (cjk.hangingPunctuation, auto 'allow' in Japan) and the
    // upright !? cell ending a line (its pens placed in its cell, vertical.ts), at most one em into it.
    const pens = bodyRuns(full).flatMap((p) => p.run.xs.map((_, g) => ({ y: sheetPoint(p, g)[1], char: p.run.text[p.run.clusters[g]!]! })));
    const ys = pens.map((p) => p.y);
    const upper = ys.filter((y) => y <= frame.contentTop + tier + 0.01);
    const lower = ys.filter((y) => y >= frame.contentTop + tier + two.gutter - 0.01);
    const hung = pens.filter((p) => p.y > frame.contentTop + tier + 0.01 && p.y < frame.contentTop + tier + two.gutter - 0.01);
    expect(upper.length).toBeGreaterThan(100);
    expect(lower.length).toBeGreaterThan(100);
    for (const p of hung) {
      expect('、。，．!?'.includes(p.char), p.char).toBe(true);
      expect(p.y).toBeLessThanOrEqual(frame.contentTop + tier + two.body.style.size + 0.01);
    }
    expect(upper.length + lower.length + hung.length).toBe(ys.length);
    expect(Math.min(...upper)).toBeGreaterThanOrEqual(frame.contentTop - 0.01);
    // (A mark hung at the lower tier's end stands in the foot margin, one em at most.)
    const bottom = frame.contentTop + frame.contentHeight;
    for (const p of pens) if (p.y > bottom + 0.01) expect('、。，．!?'.includes(p.char) && p.y <= bottom + two.body.style.size + 0.01, p.char).toBe(true);
    expect(Math.max(...lower)).toBeLessThanOrEqual(bottom + two.body.style.size + 0.01);
  });

  it('says that spread notes are not set yet in vertical text (footnotes.placement spread → column, a config warning)', () => {
    const spread = collectConfigWarnings(config({ footnotes: { placement: 'spread' } })).filter((w) => w.path === 'footnotes.placement');
    expect(spread).toHaveLength(1);
    expect(spread[0]).toMatchObject({ value: 'spread', used: 'column' });
    expect(spread[0]!.message).toMatch(/vertical text/);
    expect(settingsFromConfig(config({ footnotes: { placement: 'spread' } })).notes.placement).toBe('column');
    expect(collectConfigWarnings(config({ footnotes: { placement: 'column' } })).filter((w) => w.path === 'footnotes.placement')).toHaveLength(0);
  });

  it('places a part design on the sheet like a running head: horizontal, at its sheet anchor, with the page\'s own label', () => {
    const design = { kind: 'text', id: 'p', content: '第{number}部 {pageNumber}', fontFamily: FACE, fontSize: { value: 10, unit: 'pt' }, placement: { anchor: { to: 'container', edge: 'top' }, offset: { y: { value: 100, unit: 'pt' } } } };
    const withParts = settingsFromConfig(config({ parts: { design: { elements: [design] } } } as StoredConfig));
    const laid = layout(withParts, `:::part{number="2" title="海"}\n:::\n\n${SOURCE}`);
    const part = laid.pages.find((p) => p.role === 'part')!;
    const matrices = itemMatrices(part.items);
    const drawn = part.items.flatMap((item, i) => (item.op === Op.GlyphRun && item.text.startsWith('第') ? [{ run: item, m: matrices[i] }] : []));
    expect(drawn).toHaveLength(1);
    const { run, m } = drawn[0]!;
    expect(run.text).toBe(`第2部 ${part.label}`);
    // The page's turn and the design's turn back compose to no turn: drawn at its own (sheet) coordinates.
    expect(m).not.toBeNull();
    const [x, y] = applyMatrix(m!, run.xs[0]!, run.y);
    expect(x).toBeCloseTo(run.xs[0]!, 2);
    expect(y).toBeCloseTo(run.y, 2);
    // Top-centred in the sheet's trim box (the design slot's container), 100 pt down.
    const face = cjkFonts.match(FACE, 400, 'normal');
    const end = run.xs[run.xs.length - 1]! + (face.glyphAdvance(run.glyphs[run.glyphs.length - 1]!) * 10) / face.upem;
    expect((run.xs[0]! + end) / 2).toBeCloseTo(withParts.pageWidth / 2, 0);
    expect(run.y).toBeGreaterThan(100);
    expect(run.y).toBeLessThan(100 + 15);
  });

  it('stands a superior note mark upright at the line\'s right side (its raise kept across the line)', () => {
    const noted = layout(settingsFromConfig(config({ footnotes: { placement: 'column' } })), '吾輩は猫である[^1]。名前はまだ無い。\n\n[^1]: 夏目漱石の小説。\n');
    const all = noted.pages.flatMap(bodyRuns).filter((p) => p.run.line?.role === 'body');
    const mark = all.find((p) => p.run.text === '1')!;
    const cat = all.find((p) => p.run.text === '猫')!;
    expect(rounded(mark.m)).toEqual(UPRIGHT);
    expect(mark.run.dys?.[0]).toBeLessThan(0);
    const face = cjkFonts.match(FACE, 400, 'normal');
    const middle = (p: Placed) => {
      const k = p.run.size / face.upem;
      return applyMatrix(p.m, p.run.xs[0]! + (face.glyphAdvance(p.run.glyphs[0]!) * k) / 2, p.run.y + (p.run.dys?.[0] ?? 0) - 0.38 * p.run.size);
    };
    // Raised by |dy| pt in the flow = that far right of the line's axis on the sheet (the axis: the 猫's middle).
    expect(middle(mark)[0] - middle(cat)[0]).toBeCloseTo(-mark.run.dys![0]! - 0.38 * (cat.run.size - mark.run.size), 2);
    expect(middle(mark)[0]).toBeGreaterThan(middle(cat)[0]);
    expect(middle(mark)[1]).toBeGreaterThan(middle(cat)[1]);
  });

  it('follows :tcy, :upright and :sideways (document-format §18.5): one upright cell, each letter upright, a turned run; no warning for them', () => {
    const source = '第:tcy[100]回の:upright[GDP]と:sideways[東京]の会合。\n';
    const laid = layout(settings, source);
    const all = laid.pages.flatMap(bodyRuns).filter((p) => p.run.line?.role === 'body');
    // :tcy[100] — three digits, more than uprightDigits 2: still one upright cell (narrowed to one em across).
    const hundred = all.find((p) => p.run.text === '100')!;
    expect(hundred.run.glyphs).toHaveLength(3);
    expect([hundred.m[1], hundred.m[2], hundred.m[3]].map((v) => Math.round(v * 1000) / 1000 + 0)).toEqual([0, 0, 1]);
    // :upright[GDP] — each Latin letter upright on its own.
    for (const letter of ['G', 'D', 'P']) {
      const piece = all.find((p) => p.run.text === letter)!;
      expect(piece.run.glyphs, letter).toHaveLength(1);
      expect(rounded(piece.m), letter).toEqual(UPRIGHT);
    }
    // :sideways[東京] — the ideographs turned with the line, in one run.
    const tokyo = all.find((p) => p.run.text.includes('東京'))!;
    expect(rounded(tokyo.m)).toEqual(TURNED);
    // The other ideographs stay upright.
    expect(rounded(all.find((p) => p.run.text === '会')!.m)).toEqual(UPRIGHT);
    // The checks: the parser's "not typeset yet" note is dropped in vertical text, kept in horizontal.
    const notes = (config: StoredConfig) => runChecks({ chapters: [{ id: 'c1', source }], config, patterns: null }).warnings.filter((w) => w.kind === 'unsupportedConstruct');
    expect(notes({ locale: 'ja', layout: { writingMode: 'vertical-rl' } })).toHaveLength(0);
    expect(notes({ locale: 'ja' })).toHaveLength(3);
  });

  it('gives the guides the sheet\'s geometry: vertical, margins as the engine mirrors them with right binding; loose-line bands where the turned line is drawn', () => {
    const stored: StoredConfig = { ...config(), page: { margins: { left: { value: 20, unit: 'mm' }, right: { value: 10, unit: 'mm' }, mirror: true } } } as StoredConfig;
    const mirrored = settingsFromConfig(stored);
    for (const index of [0, 1]) {
      const g = pageGeometry(mirrored, stored, { index, width: mirrored.pageWidth, height: mirrored.pageHeight });
      const frame = sheetFrame(mirrored, index);
      expect(g.vertical).toBe(true);
      expect(g.margins.left).toBeCloseTo(frame.contentLeft, 6);
      expect(g.margins.right).toBeCloseTo(mirrored.pageWidth - frame.contentLeft - frame.contentWidth, 6);
    }
    // Right binding: the recto (page 1) has its spine (left, 20 mm) margin on the right.
    expect(pageGeometry(mirrored, stored, { index: 0, width: mirrored.pageWidth, height: mirrored.pageHeight }).margins.right).toBeCloseTo((20 * 72) / 25.4, 3);
    // A loose body line in the turned flow: its band stands tall and narrow on the sheet, at the line's place.
    const g = pageGeometry(settings, config(), { index: 0, width: settings.pageWidth, height: settings.pageHeight });
    const run: GlyphRunItem = { op: Op.GlyphRun, font: 'x', size: 10, fill: '#000000', y: 100, glyphs: [1, 2, 3], xs: [50, 150, 250], text: 'abc', clusters: [0, 1, 2], chapter: 'a', srcFrom: 0, line: { block: 'b', role: 'body', ratio: 0, emergency: true } };
    const list: PageDisplayList = { version: 1, index: 0, label: '1', chapter: 'a', role: 'body', width: settings.pageWidth, height: settings.pageHeight, items: [{ op: Op.Transform, matrix: [0, 1, -1, 0, settings.pageWidth, 0] }, run, { op: Op.TransformEnd }] };
    const [band] = looseLineBands(g, list);
    expect(band!.height).toBeCloseTo(205, 3);
    expect(band!.width).toBeCloseTo(10.5, 3);
    expect(band!.y).toBeCloseTo(50, 3);
    expect(band!.x).toBeCloseTo(settings.pageWidth - 100 - 2.5, 3);
  });

  it('lays out the same after an edit incrementally as from scratch', () => {
    const cache = new EngineCache();
    const source = `${SOURCE}\n第:tcy[100]回の:upright[GDP]。\n`;
    layout(settings, source, cache);
    const edited = source.replace('名前はまだ無い', '名前はもう有る');
    const incremental = layout(settings, edited, cache);
    const fresh = layout(settings, edited);
    expect(incremental.pages.map(serializeDisplayList)).toEqual(fresh.pages.map(serializeDisplayList));
  });
});

describe('writingMode: vertical-rl design text takes the vertical forms too (§5.3)', () => {
  it('draws 、 and 「」 of a vertical running head with the face\'s vert glyphs; a horizontal one keeps the plain forms', () => {
    const face = cjkFonts.match(FACE, 400, 'normal');
    const head = (writingMode: string): StoredConfig => ({
      footer: { elements: [] },
      header: { elements: [{ kind: 'text', id: 'h', content: '「山、川」', fontFamily: FACE, fontSize: { value: 10, unit: 'pt' }, writingMode, placement: { anchor: { to: 'page', edge: 'right' } } }] },
    });
    const glyphsOf = (writingMode: string): Map<string, number> => {
      const laid = layout(settingsFromConfig(head(writingMode)), 'Plain text.');
      const map = new Map<string, number>();
      for (const item of laid.pages[0]!.items) if (item.op === Op.GlyphRun && !item.line) item.glyphs.forEach((g, i) => map.set(item.text[item.clusters[i]!]!, g));
      return map;
    };
    const vertical = glyphsOf('vertical-rl');
    const horizontal = glyphsOf('horizontal-tb');
    for (const ch of ['「', '、', '」']) {
      expect(vertical.get(ch)).toBe(face.shape(ch, 'ltr', 'vert').glyphList()[0]);
      expect(horizontal.get(ch)).toBe(face.shape(ch).glyphList()[0]);
      expect(vertical.get(ch)).not.toBe(horizontal.get(ch));
    }
    // An ideograph has no vertical form: the same glyph either way.
    expect(vertical.get('山')).toBe(horizontal.get('山'));
  });
});
