import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { chapterMarkdown, mulberry32, paragraph } from '../../support/prose';
import { columnOf, dump, oneChapterBook, run, runs } from './helpers';

function oneAndHalf(role: 'text' | 'floats', side: 'right' | 'left' | 'outer' | 'inner' = 'right', mirror = false): LayoutSettings {
  const s = defaultSettings();
  return { ...s, columns: role === 'text' ? 2 : 1, sideColumn: { percent: 33, role, side }, margins: { ...s.margins, mirror, left: 2 * 28.35, right: 1 * 28.35 } };
}

describe('oneAndHalf layouts (configuration.md §4.1)', () => {
  it('maps layout.layoutType oneAndHalf and its side column settings', () => {
    const s = settingsFromConfig({ layout: { layoutType: 'oneAndHalf', sideColumnPercent: 40, sideColumnRole: 'floats', sideColumnSide: 'outer' } });
    expect(s.sideColumn).toEqual({ percent: 40, role: 'floats', side: 'outer' });
    expect(s.columns).toBe(1);
    expect(settingsFromConfig({ layout: { layoutType: 'oneAndHalf' } }).sideColumn).toEqual({ percent: 33, role: 'text', side: 'right' });
  });

  it('sizes the side column as p % of the content width and the main column as the rest less a gutter', () => {
    const s = oneAndHalf('text');
    const f = pageFrame(s, 0);
    const side = 0.33 * f.contentWidth;
    expect(f.columnWidths[1]).toBeCloseTo(side, 6);
    expect(f.columnWidths[0]).toBeCloseTo(f.contentWidth - side - s.gutter, 6);
    expect(f.columnX[0]).toBeCloseTo(f.contentLeft, 6);
    expect(f.columnX[1]).toBeCloseTo(f.contentLeft + f.columnWidths[0]! + s.gutter, 6);
    const left = pageFrame(oneAndHalf('text', 'left'), 0);
    expect(left.columnX[1]).toBeCloseTo(left.contentLeft, 6);
    expect(left.columnX[0]).toBeCloseTo(left.contentLeft + left.columnWidths[1]! + s.gutter, 6);
  });

  it('puts an outer side column on the fore-edge of both pages of a spread with mirrored margins', () => {
    const s = oneAndHalf('floats', 'outer', true);
    const recto = pageFrame(s, 0);
    const verso = pageFrame(s, 1);
    expect(recto.side!.x).toBeGreaterThan(recto.columnX[0]!); // right on odd pages
    expect(verso.side!.x).toBeLessThan(verso.columnX[0]!); // left on even pages
    expect(recto.side!.x + recto.side!.width).toBeCloseTo(recto.contentLeft + recto.contentWidth, 6);
    expect(verso.side!.x).toBeCloseTo(verso.contentLeft, 6);
    const inner = pageFrame(oneAndHalf('floats', 'inner', true), 0);
    expect(inner.side!.x).toBeCloseTo(inner.contentLeft, 6);
  });

  it('flows text from the main column into the side column, re-broken to its width, losing nothing', () => {
    const s = oneAndHalf('text');
    const random = mulberry32(4);
    const source = chapterMarkdown(random, 'Side by side', 40);
    const layout = run(oneChapterBook(source, s));
    let inSide = 0;
    const seen = new Map<number, number>();
    for (const page of layout.pages) {
      const f = pageFrame(s, page.index);
      for (const r of runs(page)) {
        if (r.line?.role !== 'body') continue;
        const column = columnOf(s, page, r.xs[0]!);
        if (column === 1) inSide++;
        // Every glyph starts inside its column (the side column is narrower than the main one).
        expect(Math.max(...r.xs)).toBeLessThan(f.columnX[column]! + f.columnWidths[column]!);
        const offsets = r.srcMap ?? Array.from(r.text, (_, i) => r.srcFrom + i);
        for (const o of offsets) if (o >= 0 && r.text.length > 0) seen.set(o, (seen.get(o) ?? 0) + 1);
      }
    }
    expect(inSide).toBeGreaterThan(20);
    // At least one paragraph runs on from the main column into the side column of its page.
    const split = layout.pages.some((page) => {
      const columns = new Map<string, Set<number>>();
      for (const r of runs(page)) if (r.line?.role === 'body') columns.set(r.line.block, (columns.get(r.line.block) ?? new Set()).add(columnOf(s, page, r.xs[0]!)));
      return [...columns.values()].some((c) => c.size === 2);
    });
    expect(split).toBe(true);
    // Every non-space character of the body paragraphs is set exactly once.
    const bodyStart = source.indexOf('\n\n') + 2;
    for (let o = bodyStart; o < source.length; o++) {
      const ch = source[o]!;
      if (/\s/.test(ch) || source.lastIndexOf('\n## ', o) > source.lastIndexOf('\n\n', o) - 1) continue;
      expect(seen.get(o) ?? 0, `offset ${o} '${ch}'`).toBeGreaterThanOrEqual(1);
    }
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });

  it('keeps the text in the main column when the side column is for floats', () => {
    const s = oneAndHalf('floats');
    const layout = run(oneChapterBook(chapterMarkdown(mulberry32(6), 'Margins', 20), s));
    for (const page of layout.pages) {
      const f = pageFrame(s, page.index);
      for (const r of runs(page)) if (r.line) expect(Math.max(...r.xs)).toBeLessThan(f.side!.x);
    }
  });

  it('relays out incrementally to what a full layout gives', () => {
    const s = oneAndHalf('text', 'outer', true);
    const random = mulberry32(12);
    let source = chapterMarkdown(random, 'Edits', 30);
    const cache = new EngineCache();
    run(oneChapterBook(source, s), cache);
    for (let edit = 0; edit < 3; edit++) {
      const at = Math.floor(random() * source.length);
      source = source.slice(0, at) + `\n\n${paragraph(random)}\n\n` + source.slice(at);
      expect(dump(run(oneChapterBook(source, s), cache))).toBe(dump(run(oneChapterBook(source, s))));
    }
  });
});
