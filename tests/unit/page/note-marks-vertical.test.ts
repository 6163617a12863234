/**
 * `footnotes.markerPosition` 'side' and 'right' in vertical Japanese (configuration.md §11.1;
 * document-format §14.1: 'side' = 合印 beside the word on the ruby side, no line room; 'right' =
 * right of a vertical line). The flow is laid out turned a quarter (page/vertical.ts): the layout's
 * top of a line is the right of the vertical line on the sheet. Positions are read through the
 * display list's matrices (pt, y down from the trim's top-left); CJK glyphs are drawn upright, each
 * through its own matrix.
 */
import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { EngineCache, layoutBook, type BookInput } from '../../../src/worker/engine';
import { applyMatrix, itemMatrices, Op } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';

const cjkFonts = nodeFontRegistry(['Noto Serif SC']);
const FACE = 'Noto Serif SC';
const SOURCE = '# 第一章\n\n吾輩は猫である[^a]。名前はまだ無い。\n\n[^a]: 夏目漱石の小説。\n';

/** Each body glyph of the first page: its text, size and pen point on the sheet (its vertical offset applied). */
function glyphs(markerPosition: string) {
  const settings = settingsFromConfig({ locale: 'ja', layout: { writingMode: 'vertical-rl', layoutType: 'single' }, bodyText: { fontFamily: FACE }, headings: { fontFamily: FACE }, footnotes: { markerPosition } });
  const input: BookInput = { title: '猫', settings, chapters: [{ id: 'a', title: '', source: SOURCE }] };
  const gen = layoutBook(input, cjkFonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  const page = step.value.pages[0]!;
  const matrices = itemMatrices(page.items);
  const out: { text: string; size: number; x: number; y: number }[] = [];
  page.items.forEach((item, i) => {
    if (item.op !== Op.GlyphRun || item.line?.role !== 'body') return;
    item.glyphs.forEach((_, g) => {
      const [x, y] = applyMatrix(matrices[i] ?? [1, 0, 0, 1, 0, 0], item.xs[g]!, item.y + (item.dys?.[g] ?? 0));
      const from = item.clusters[g]!;
      const to = g + 1 < item.clusters.length ? item.clusters[g + 1]! : item.text.length;
      out.push({ text: item.text.slice(from, to), size: item.size, x, y });
    });
  });
  return out;
}

describe('note marks beside and right of a vertical line (§11.1)', () => {
  it("'side': right of the line beside the cited word's end, taking no room in the line", () => {
    const all = glyphs('side');
    const ru = all.find((g) => g.text === 'る')!;
    const stop = all.find((g) => g.text === '。')!;
    const mark = all.filter((g) => g.size < ru.size);
    expect(mark.map((g) => g.text).join('')).toBe('（1）');
    expect(mark[0]!.size).toBeCloseTo(ru.size * 0.6, 3);
    // No room: the full stop follows る one em down the line, as if no mark were there (the line is
    // justified: its gaps stretch by 0.005 pt here, which sat on the edge of a 0.005 tolerance).
    expect(stop.y - ru.y).toBeCloseTo(ru.size, 1);
    // Right of the line (the line's glyphs span x … x + 1 em), beside the word's last character.
    for (const g of mark) {
      expect(g.x).toBeGreaterThan(ru.x + ru.size * 0.9);
      expect(g.y).toBeGreaterThan(ru.y - 2 * ru.size);
      expect(g.y).toBeLessThan(stop.y + 1e-6);
    }
  });

  it("'right': in the line after the word, taking its room, on the line's right side", () => {
    const all = glyphs('right');
    const ru = all.find((g) => g.text === 'る')!;
    const stop = all.find((g) => g.text === '。')!;
    const mark = all.filter((g) => g.size < ru.size);
    expect(mark.map((g) => g.text).join('')).toBe('（1）');
    expect(mark[0]!.size).toBeCloseTo(ru.size * 0.7, 3);
    // Room taken: the full stop moves down past the mark.
    expect(stop.y - ru.y).toBeGreaterThan(ru.size * 1.5);
    for (const g of mark) {
      // Within the line's width, in its right part (x grows to the right on the sheet), after る.
      expect(g.x).toBeGreaterThan(ru.x + ru.size * 0.25);
      expect(g.y).toBeGreaterThan(ru.y);
      expect(g.y).toBeLessThan(stop.y);
    }
    // The brackets' em squares flush with the line's right edge (within 0.2 pt: collect.ts takes the
    // em box's top at 0.88 em, vertical.ts turns upright glyphs about their ascender–descender middle).
    for (const g of mark.filter((m) => m.text !== '1')) expect(Math.abs(g.x + g.size - (ru.x + ru.size))).toBeLessThan(0.2);
  });
});
