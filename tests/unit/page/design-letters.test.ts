/**
 * Letter-level fields of design text (configuration.md §5.3): `letterSpacing` (CSS-like tracking,
 * trailing tracking excluded), `stroke` (outlined and hollow letters), `writingMode: vertical-rl`
 * (a turned running head) and `dropCap` (an initial spanning lines, forcing wrapping). Positions
 * are hand-derived from the element's box (pt, y down from the trim's top).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonObject, StoredConfig } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { capHeightRatio } from '../../../src/worker/engine/page/furniture-letters';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { pathBounds } from '../../../src/worker/engine/math/place';
import { applyMatrix, itemMatrices, Op, type GlyphRunItem, type PageDisplayList, type PathItem, type RectItem, type TransformItem } from '../../../src/worker/protocol/displaylist';
import { EngineCache, layoutBook, type LayoutSettings } from '../../../src/worker/engine';
import type { FontRegistry } from '../../../src/worker/engine/fonts/registry';
import { nodeFontRegistry } from '../../support/node-world';
import { dump, fonts, oneChapterBook, run, runs } from './helpers';

const BODY = 'The keeper wrote down every ship that passed the harbour at night.';
const furnitureRuns = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line === undefined);
const FILL = '#ffeeaa';
/** One header text element (Open Sans 10 pt, left, with a filled box to measure), over `extra`. */
const header = (content: string, extra: JsonObject = {}): StoredConfig => ({
  footer: { elements: [] },
  header: { elements: [{ kind: 'text', id: 'h', content, fontFamily: 'Open Sans', fontSize: { value: 10, unit: 'pt' }, align: 'left', box: { backgroundColor: FILL }, placement: { anchor: { to: 'container', edge: 'bottom-left' } }, ...extra }] },
});
const firstPage = (config: StoredConfig): PageDisplayList => run(oneChapterBook(BODY, settingsFromConfig(config))).pages[0]!;
const boxOf = (page: PageDisplayList): RectItem => page.items.find((i): i is RectItem => i.op === Op.Rect && i.fill === FILL)!;

describe('letterSpacing (§5.3: CSS-like tracking; trailing tracking excluded from alignment)', () => {
  it('moves the k-th character by k × the tracking and widens the box by (n − 1) × it', () => {
    const plain = firstPage(header('Lanterns'));
    const tracked = firstPage(header('Lanterns', { letterSpacing: { value: 2, unit: 'pt' } }));
    const [p] = furnitureRuns(plain);
    const [t] = furnitureRuns(tracked);
    expect(t!.text).toBe('Lanterns');
    t!.xs.forEach((x, k) => expect(x - t!.xs[0]!, `glyph ${k}`).toBeCloseTo(p!.xs[k]! - p!.xs[0]! + 2 * k, 2));
    // 8 characters: 7 gaps of 2 pt; none after the last.
    expect(boxOf(tracked).w - boxOf(plain).w).toBeCloseTo(14, 2);
  });

  it('tracks the word space too, and may be negative', () => {
    const plain = furnitureRuns(firstPage(header('Old Harbour')));
    const tracked = furnitureRuns(firstPage(header('Old Harbour', { letterSpacing: { value: 1.5, unit: 'pt' } })));
    const xsOf = (rs: GlyphRunItem[]) => rs.flatMap((r) => r.xs);
    const a = xsOf(plain);
    const b = xsOf(tracked);
    expect(a).toHaveLength(10);
    // "H" (glyph 3) follows O, l, d and the space: 4 × 1.5 pt.
    expect(b[3]! - b[0]! - (a[3]! - a[0]!)).toBeCloseTo(6, 2);
    expect(b[9]! - b[0]! - (a[9]! - a[0]!)).toBeCloseTo(15, 2);
    const tight = xsOf(furnitureRuns(firstPage(header('Old Harbour', { letterSpacing: { value: -0.5, unit: 'pt' } }))));
    expect(tight[9]! - tight[0]! - (a[9]! - a[0]!)).toBeCloseTo(-5, 2);
  });

  it('justified text set by the paragraph engine: tracked lines fit the box and reach its right edge', () => {
    const text = 'The keeper of the light wrote down every ship that passed the harbour at night and every storm that rolled in from the sea.';
    const config = header(text, { overflow: 'wrap', align: 'justify', verticalAlign: 'top', letterSpacing: { value: 0.8, unit: 'pt' }, placement: { anchor: { to: 'container', edge: 'top-left' }, size: { width: { value: 160, unit: 'pt' } } } });
    const page = firstPage(config);
    const left = pageFrame(settingsFromConfig(config), 0).contentLeft;
    const face = fonts.match('Open Sans', 400, 'normal');
    const byY = new Map<number, GlyphRunItem[]>();
    for (const r of furnitureRuns(page)) byY.set(r.y, [...(byY.get(r.y) ?? []), r]);
    const lines = [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, rs]) => rs);
    expect(lines.length).toBeGreaterThan(2);
    lines.forEach((rs, i) => {
      const last = rs[rs.length - 1]!;
      const right = last.xs[last.xs.length - 1]! + (face.glyphAdvance(last.glyphs[last.glyphs.length - 1]!) * 10) / face.upem;
      expect(right, `line ${i}`).toBeLessThanOrEqual(left + 160 + 0.01);
      if (i < lines.length - 1) expect(right, `line ${i}`).toBeCloseTo(left + 160, 1);
    });
  });

  it('keeps wrapped tracked lines inside their box (they are measured tracked)', () => {
    const text = 'The keeper of the light wrote down every ship that passed the harbour at night and every storm.';
    const config = header(text, { overflow: 'wrap', verticalAlign: 'top', letterSpacing: { value: 1, unit: 'pt' }, placement: { anchor: { to: 'container', edge: 'top-left' }, size: { width: { value: 150, unit: 'pt' } } } });
    const page = firstPage(config);
    const left = pageFrame(settingsFromConfig(config), 0).contentLeft;
    const face = fonts.match('Open Sans', 400, 'normal');
    const lines = new Map<number, GlyphRunItem[]>();
    for (const r of furnitureRuns(page)) lines.set(r.y, [...(lines.get(r.y) ?? []), r]);
    expect(lines.size).toBeGreaterThan(2);
    for (const rs of lines.values()) {
      const last = rs[rs.length - 1]!;
      // The last glyph's right edge: its pen x plus its advance.
      const right = last.xs[last.xs.length - 1]! + (face.glyphAdvance(last.glyphs[last.glyphs.length - 1]!) * 10) / face.upem;
      expect(right).toBeLessThanOrEqual(left + 150 + 0.01);
    }
  });
});

describe('stroke (§5.3 {width, color?, hollow?})', () => {
  const outlines = (page: PageDisplayList) => page.items.filter((i): i is PathItem => i.op === Op.Path && i.stroke !== undefined);

  it('outlines the letters over the filled glyph run, the path lying on the run', () => {
    const page = firstPage(header('Lanterns', { color: '#224466', stroke: { width: { value: 0.4, unit: 'pt' }, color: '#ff0000' } }));
    const [r] = furnitureRuns(page);
    expect(r!.fill).toBe('#224466');
    const [path] = outlines(page);
    expect(path).toMatchObject({ stroke: '#ff0000', strokeWidth: 0.4 });
    expect(path!.fill).toBeUndefined();
    expect(page.items.indexOf(path!)).toBeGreaterThan(page.items.indexOf(r!));
    const b = pathBounds(path!.d)!;
    // From the first glyph's pen position to past the last one's; cap height above the baseline (10 pt type).
    expect(b.left).toBeGreaterThanOrEqual(r!.xs[0]! - 0.5);
    expect(b.left).toBeLessThan(r!.xs[0]! + 1.5);
    expect(b.right).toBeGreaterThan(r!.xs[r!.xs.length - 1]!);
    expect(b.bottom).toBeCloseTo(r!.y, 0);
    expect(r!.y - b.top).toBeGreaterThan(6.5);
    expect(r!.y - b.top).toBeLessThan(8);
  });

  it('in the text colour by default; hollow letters keep a transparent run', () => {
    const page = firstPage(header('Lanterns', { color: '#224466', stroke: { width: { value: 0.5, unit: 'pt' }, hollow: true } }));
    const [r] = furnitureRuns(page);
    expect(r!.fill).toBe('#22446600');
    expect(outlines(page)[0]).toMatchObject({ stroke: '#224466', strokeWidth: 0.5 });
    // No stroke without a positive width.
    expect(outlines(firstPage(header('Lanterns', { stroke: { width: 0 } })))).toHaveLength(0);
  });
});

describe('writingMode: vertical-rl (§5.3: a vertical running head, e.g. on the fore edge)', () => {
  it('turns the line a quarter clockwise: it runs down a box at the page\'s right edge, centred top to bottom', () => {
    const config = header('Lanterns at Sea', { writingMode: 'vertical-rl', placement: { anchor: { to: 'page', edge: 'right' } } });
    const settings = settingsFromConfig(config);
    const page = firstPage(config);
    const flat = firstPage(header('Lanterns at Sea'));
    const face = fonts.match('Open Sans', 400, 'normal');
    const ascent = (face.ascender / face.upem) * 10;
    const descent = (-face.descender / face.upem) * 10;
    // The box: one line thick (ascent + descent) at the right edge, as long as the line is wide flat.
    const box = boxOf(page);
    expect(box.x + box.w).toBeCloseTo(settings.pageWidth, 2);
    expect(box.w).toBeCloseTo(ascent + descent, 2);
    expect(box.h).toBeCloseTo(boxOf(flat).w, 2);
    expect(box.y + box.h / 2).toBeCloseTo(settings.pageHeight / 2, 2);
    const transform = page.items.find((i): i is TransformItem => i.op === Op.Transform)!;
    expect(transform.matrix.slice(0, 4)).toEqual([0, 1, -1, 0]);
    const matrices = itemMatrices(page.items);
    const glyphs = furnitureRuns(page).flatMap((r) => r.xs.map((x) => applyMatrix(matrices[page.items.indexOf(r)]!, x, r.y)));
    // Every baseline point one ascent in from the box's right side; the pen moves down the page.
    for (const [x] of glyphs) expect(x).toBeCloseTo(settings.pageWidth - ascent, 2);
    expect(glyphs[0]![1]).toBeCloseTo(box.y, 2);
    for (let i = 1; i < glyphs.length; i++) expect(glyphs[i]![1]).toBeGreaterThan(glyphs[i - 1]![1]);
    expect(page.items.some((i) => i.op === Op.TransformEnd)).toBe(true);
  });
});

/** The first page of a one-chapter book laid out with the given fonts (the CJK faces here). */
function firstPageWith(settings: LayoutSettings, fonts: FontRegistry): PageDisplayList {
  const gen = layoutBook({ title: 'B', settings, chapters: [{ id: 'a', title: '', source: BODY }] }, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value.pages[0]!;
}

describe('writingMode: vertical-rl with CJK text (upright ideographs, sideways Latin)', () => {
  it('stands each ideograph upright, centred on the column; digits stay turned', () => {
    const cjkFonts = nodeFontRegistry(['Noto Serif SC']);
    const settings = settingsFromConfig(header('上山 2026', { fontFamily: 'Noto Serif SC', writingMode: 'vertical-rl', placement: { anchor: { to: 'page', edge: 'right' } } }));
    const page = firstPageWith(settings, cjkFonts);
    const matrices = itemMatrices(page.items);
    const head = furnitureRuns(page);
    const box = boxOf(page);
    const ideographs = head.filter((r) => /[上山]/.test(r.text));
    // (the word space stays in the text of the glyph before it)
    expect(ideographs.map((r) => r.text.trim())).toEqual(['上', '山']);
    const face = cjkFonts.match('Noto Serif SC', 400, 'normal');
    for (const r of ideographs) {
      const m = matrices[page.items.indexOf(r)]!;
      // Turned a quarter and back: upright.
      expect(m.slice(0, 4).map((v) => Math.round(v))).toEqual([1, 0, 0, 1]);
      // Its em square's middle (half an advance in, midway between ascender and descender) on the column's axis.
      const advance = (face.glyphAdvance(r.glyphs[0]!) * 10) / face.upem;
      const [cx] = applyMatrix(m, r.xs[0]! + advance / 2, r.y - ((face.ascender + face.descender) / 2) * (10 / face.upem));
      expect(cx).toBeCloseTo(box.x + box.w / 2, 1);
    }
    // The digits: turned with the line, below the ideographs.
    const digits = head.find((r) => r.text.includes('2026'))!;
    expect(matrices[page.items.indexOf(digits)]!.slice(0, 4)).toEqual([0, 1, -1, 0]);
    const yOf = (r: GlyphRunItem) => applyMatrix(matrices[page.items.indexOf(r)]!, r.xs[0]!, r.y)[1];
    expect(yOf(digits)).toBeGreaterThan(yOf(ideographs[1]!));
  });
});

describe('writingMode: vertical-rl, tate-chū-yoko', () => {
  it('sets a number of one or two digits upright across the column; a longer one stays turned', () => {
    const cjkFonts = nodeFontRegistry(['Noto Serif SC']);
    const settings = settingsFromConfig(header('第12章 2026', { fontFamily: 'Noto Serif SC', writingMode: 'vertical-rl', placement: { anchor: { to: 'page', edge: 'right' } } }));
    const page = firstPageWith(settings, cjkFonts);
    const matrices = itemMatrices(page.items);
    const box = boxOf(page);
    const face = cjkFonts.match('Noto Serif SC', 400, 'normal');
    const twelve = furnitureRuns(page).find((r) => r.text === '12')!;
    expect(twelve.glyphs).toHaveLength(2);
    const m = matrices[page.items.indexOf(twelve)]!;
    expect(m.slice(0, 4).map((v) => Math.round(v))).toEqual([1, 0, 0, 1]);
    // The pair's middle (from its first pen position to past its second glyph) on the column's axis.
    const right = twelve.xs[1]! + (face.glyphAdvance(twelve.glyphs[1]!) * 10) / face.upem;
    const [cx] = applyMatrix(m, (twelve.xs[0]! + right) / 2, twelve.y - ((face.ascender + face.descender) / 2) * (10 / face.upem));
    expect(cx).toBeCloseTo(box.x + box.w / 2, 1);
    const year = furnitureRuns(page).find((r) => r.text.includes('2026'))!;
    expect(matrices[page.items.indexOf(year)]!.slice(0, 4)).toEqual([0, 1, -1, 0]);
  });
});

describe('dropCap (§5.3 {lines, fontFamily, fontWeight, fontSize, color, gap}; forces wrapping)', () => {
  const text = 'Once the keeper of the light had written down every ship that passed the harbour at night, he climbed the stairs again to trim the wick before the dawn.';
  const config = (dropCap: JsonObject | true) =>
    header(text, { dropCap, lineHeight: 1.2, verticalAlign: 'top', placement: { anchor: { to: 'container', edge: 'top-left' }, size: { width: { value: 180, unit: 'pt' } } } });

  it('sets the initial over two lines, cap tops level, the lines beside it narrower by its width and gap', () => {
    const settings = settingsFromConfig(config({ lines: 2, color: '#aa0000', gap: { value: 3, unit: 'pt' } }));
    const page = run(oneChapterBook(BODY, settings)).pages[0]!;
    const left = pageFrame(settings, 0).contentLeft;
    const all = furnitureRuns(page);
    const initial = all.find((r) => r.text === 'O')!;
    expect(initial.fill).toBe('#aa0000');
    const capR = capHeightRatio(fonts, 'Open Sans', 400);
    // Open Sans: cap height 1462 of 2048 units.
    expect(capR).toBeCloseTo(1462 / 2048, 3);
    // Size: the first line's cap height plus one line (12 pt), in the initial's cap height.
    expect(initial.size).toBeCloseTo((12 + capR * 10) / capR, 2);
    const lineYs = [...new Set(all.filter((r) => r !== initial).map((r) => r.y))].sort((a, b) => a - b);
    expect(lineYs.length).toBeGreaterThan(3);
    // Its baseline is the second line's; its cap top the first line's cap top.
    expect(initial.y).toBeCloseTo(lineYs[1]!, 2);
    expect(initial.y - capR * initial.size).toBeCloseTo(lineYs[0]! - capR * 10, 2);
    expect(initial.xs[0]).toBeCloseTo(left, 2);
    const face = fonts.match('Open Sans', 400, 'normal');
    const capWidth = (face.glyphAdvance(initial.glyphs[0]!) * initial.size) / face.upem;
    const startOf = (y: number) => Math.min(...all.filter((r) => r.y === y && r !== initial).map((r) => r.xs[0]!));
    expect(startOf(lineYs[0]!)).toBeCloseTo(left + capWidth + 3, 1);
    expect(startOf(lineYs[1]!)).toBeCloseTo(left + capWidth + 3, 1);
    expect(startOf(lineYs[2]!)).toBeCloseTo(left, 2);
    // The rest of the word opens the first line.
    expect(all.find((r) => r.y === lineYs[0])!.text.startsWith('nce')).toBe(true);
  });

  it('wraps even a single-line element, and `true` takes the defaults (2 lines, the element\'s colour)', () => {
    const page = run(oneChapterBook(BODY, settingsFromConfig(header(text, { dropCap: true, color: '#224466', placement: { anchor: { to: 'container', edge: 'top-left' }, size: { width: { value: 180, unit: 'pt' } } } })))).pages[0]!;
    const all = furnitureRuns(page);
    const initial = all.find((r) => r.text === 'O')!;
    expect(initial.fill).toBe('#224466');
    expect(new Set(all.map((r) => r.y)).size).toBeGreaterThan(3);
  });

  it('justified: every line but the last reaches the right edge of the box, beside the initial too', () => {
    // (220 pt: every line the engine breaks there stays within the word-space bounds, none is set ragged)
    const at = (align: string) => settingsFromConfig(header(text, { dropCap: { lines: 2 }, align, verticalAlign: 'top', placement: { anchor: { to: 'container', edge: 'top-left' }, size: { width: { value: 220, unit: 'pt' } } } }));
    const settings = at('left');
    const justified = at('justify');
    const left = pageFrame(settings, 0).contentLeft;
    const face = fonts.match('Open Sans', 400, 'normal');
    const rightEnds = (page: PageDisplayList): number[] => {
      const byY = new Map<number, GlyphRunItem[]>();
      for (const r of furnitureRuns(page).filter((r) => r.size === 10)) byY.set(r.y, [...(byY.get(r.y) ?? []), r]);
      return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, rs]) => {
        const last = rs[rs.length - 1]!;
        return last.xs[last.xs.length - 1]! + (face.glyphAdvance(last.glyphs[last.glyphs.length - 1]!) * 10) / face.upem;
      });
    };
    const ends = rightEnds(run(oneChapterBook(BODY, justified)).pages[0]!);
    expect(ends.length).toBeGreaterThan(3);
    for (const end of ends.slice(0, -1)) expect(end).toBeCloseTo(left + 220, 1);
    // Ragged (left-aligned) lines end short of the edge somewhere, so the two can be told apart.
    expect(rightEnds(run(oneChapterBook(BODY, settings)).pages[0]!).slice(0, -1).some((end) => end < left + 215)).toBe(true);
  });

  it('with inline marks or hyphenation: the paragraph engine beside the initial and below it, no character lost or repeated', () => {
    const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
    const long = 'Once extraordinarily considerate lighthouse keepers systematically documented international maritime communications throughout unforgettable thunderstorms.';
    /** The element's lines (the initial left out) as printed, top to bottom. */
    const printed = (page: PageDisplayList, initial: GlyphRunItem): string[] => {
      const byY = new Map<number, GlyphRunItem[]>();
      for (const r of furnitureRuns(page).filter((r) => r !== initial)) byY.set(r.y, [...(byY.get(r.y) ?? []), r]);
      return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, rs]) => rs.sort((a, b) => a.xs[0]! - b.xs[0]!).map((r) => r.text).join(''));
    };
    const squeeze = (t: string) => t.replace(/\s+/g, '');
    const place = { anchor: { to: 'container', edge: 'top-left' }, size: { width: { value: 140, unit: 'pt' } } };
    // Marked: **Once** opens bold; its rest ("nce") keeps the bold face.
    const marked = run(oneChapterBook(BODY, settingsFromConfig(header(`**${text.slice(0, 4)}**${text.slice(4)}`, { dropCap: true, inlineMarks: true, verticalAlign: 'top', placement: place })))).pages[0]!;
    const capM = furnitureRuns(marked).find((r) => r.text === 'O')!;
    const linesM = printed(marked, capM);
    expect(linesM.length).toBeGreaterThan(3);
    expect(squeeze(linesM.join(''))).toBe(squeeze(text.slice(1)));
    const nce = furnitureRuns(marked).find((r) => r.text.startsWith('nce'))!;
    const plainRun = furnitureRuns(marked).find((r) => r.text.includes('keeper'))!;
    expect(nce.font).not.toBe(plainRun.font);
    // Hyphenated: some line ends in a syllable break; without the added hyphens the text is whole.
    const settings = settingsFromConfig(header(long, { dropCap: { lines: 3 }, hyphenate: true, align: 'justify', verticalAlign: 'top', placement: place }));
    const hyph = run({ ...oneChapterBook(BODY, settings), hyphenator }).pages[0]!;
    const capH = furnitureRuns(hyph).find((r) => r.text === 'O')!;
    const linesH = printed(hyph, capH);
    expect(linesH.some((l) => /\w-$/.test(l)), linesH.join(' | ')).toBe(true);
    expect(squeeze(linesH.map((l) => l.replace(/-$/, '')).join(''))).toBe(squeeze(long.slice(1)));
    // Three lines beside the initial start after it; the fourth at the box's left edge.
    const left = pageFrame(settings, 0).contentLeft;
    const starts = [...new Set(furnitureRuns(hyph).filter((r) => r !== capH).map((r) => r.y))].sort((a, b) => a - b).map((y) => Math.min(...furnitureRuns(hyph).filter((r) => r.y === y && r !== capH).map((r) => r.xs[0]!)));
    expect(starts.slice(0, 3).every((x) => x > left + 10)).toBe(true);
    expect(starts[3]).toBeCloseTo(left, 1);
  });

  it('incremental equals full with the four fields in use', () => {
    const settings = settingsFromConfig(header('{chapterTitle} of the harbour and the light', { letterSpacing: { value: 0.5, unit: 'pt' }, stroke: { width: { value: 0.3, unit: 'pt' } }, dropCap: true, writingMode: 'vertical-rl', placement: { anchor: { to: 'outer', edge: 'top' } } }));
    const book = (title: string) => ({ title: 'B', settings, chapters: [{ id: 'a', title: '', source: `# ${title}\n\n${`${BODY}\n\n`.repeat(80)}` }] });
    const cache = new EngineCache();
    run(book('Lanterns'), cache);
    expect(dump(run(book('Beacons'), cache))).toBe(dump(run(book('Beacons'))));
  });
});
