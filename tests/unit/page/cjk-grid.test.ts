/**
 * The CJK character grid (configuration.md §14.1 `cjk.grid`, engine/settings-cjk-grid.ts): the
 * type area is `charsPerLine` body-size cells wide per column and `linesPerPage` body lines tall,
 * centred in the area the margins leave; a grid larger than that is clamped; full lines of Han
 * text end on the grid's last cell; `show` reaches the page geometry the Canvas viewer draws;
 * `headings.balancing.gridLines: 'off'` keeps the levers that add grid lines off. Hand-checked
 * numbers; the text is original, written for this test.
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, layoutBook } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { LayoutSettings } from '../../../src/worker/engine/settings';
import type { StoredConfig } from '../../../src/worker/config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { leverLimits } from '../../../src/worker/engine/page/levers';
import { pageGeometry } from '../../../src/worker/host/page-geometry';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry(['Noto Serif SC']);
const CM = 72 / 2.54;

/** Han text with no punctuation: every character one em, so a full line is whole cells. */
const HAN = '山中小路两旁种满茶树清晨雾气未散远处传来鸟声老人背着竹篓慢慢走上坡去他说今年春天来得早新叶比往年多一些';

function stored(grid: Record<string, unknown>, extra: Record<string, unknown> = {}): StoredConfig {
  return { locale: 'zh-Hans', bodyText: { fontFamily: 'Noto Serif SC', fontSize: { value: 9, unit: 'pt' }, lineHeight: { value: 15, unit: 'pt' }, firstLineIndent: { value: 0, unit: 'pt' } }, layout: { layoutType: 'single' }, cjk: { grid: { enabled: true, ...grid } }, ...extra } as StoredConfig;
}

function layOut(settings: LayoutSettings) {
  // Paragraphs of 100 characters: five full lines of 20 cells (no short last line for the runt rule to lengthen).
  const source = ['# 上山', '', ...Array.from({ length: 30 }, (_, i) => (HAN.slice(i % 7) + HAN + HAN).slice(0, 100)).flatMap((p) => [p, ''])].join('\n');
  const gen = layoutBook({ title: '茶', settings, chapters: [{ id: 'c1', title: '', source }] }, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

describe('the CJK character grid', () => {
  it('sizes the type area: 20 cells of 9 pt by 30 lines of 15 pt, centred in the margins', () => {
    const plain = settingsFromConfig({ ...stored({}), cjk: {} } as StoredConfig);
    const s = settingsFromConfig(stored({ charsPerLine: 20, linesPerPage: 30 }));
    const frame = pageFrame(s, 0);
    expect(frame.contentWidth).toBeCloseTo(20 * 9, 2);
    expect(frame.contentHeight).toBeCloseTo(30 * 15, 2);
    // The room the margins left is shared equally by the two margins of each axis.
    const width = plain.pageWidth - plain.margins.left - plain.margins.right;
    const height = plain.pageHeight - plain.margins.top - plain.margins.bottom;
    expect(s.margins.left - plain.margins.left).toBeCloseTo((width - 180) / 2, 2);
    expect(s.margins.right - plain.margins.right).toBeCloseTo((width - 180) / 2, 2);
    expect(s.margins.top - plain.margins.top).toBeCloseTo((height - 450) / 2, 2);
    expect(s.cjkGrid).toEqual({ cell: 9, pitch: 15, chars: 20, lines: 30, show: false });
  });

  it('clamps a grid larger than the margins allow, as the cjkGridClamped warning says', () => {
    // 17 × 24 cm page, 1.5 cm margins: 14 cm ≈ 396.85 pt / 9 pt → 44 cells; 21 cm ≈ 595.3 pt / 15 pt → 39 lines.
    const s = settingsFromConfig(stored({ charsPerLine: 80, linesPerPage: 60 }, { page: { margins: { top: { value: 1.5, unit: 'cm' }, bottom: { value: 1.5, unit: 'cm' }, left: { value: 1.5, unit: 'cm' }, right: { value: 1.5, unit: 'cm' } } } }));
    expect(s.cjkGrid?.chars).toBe(44);
    expect(s.cjkGrid?.lines).toBe(39);
    expect(pageFrame(s, 0).contentWidth).toBeCloseTo(44 * 9, 2);
    expect(s.pageWidth).toBeCloseTo(17 * CM, 2);
  });

  it('counts a column’s line in two columns, the gutter between them', () => {
    const s = settingsFromConfig(stored({ charsPerLine: 12, linesPerPage: 30 }, { layout: { layoutType: 'double', gutterWidth: { value: 18, unit: 'pt' } } }));
    const frame = pageFrame(s, 0);
    expect(frame.columnWidth).toBeCloseTo(12 * 9, 2);
    expect(frame.contentWidth).toBeCloseTo(2 * 12 * 9 + 18, 2);
  });

  it('sets full lines of Han text on whole cells, and as many lines as the grid has on a full page', () => {
    const s = settingsFromConfig(stored({ charsPerLine: 20, linesPerPage: 30 }));
    const layout = layOut(s);
    const frame = pageFrame(s, 1);
    const page = layout.pages[1]!;
    const runs = page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.role === 'body');
    const baselines = [...new Set(runs.map((r) => r.y))];
    expect(baselines.length).toBe(30);
    // Every character starts on a cell: a multiple of 9 pt from the type area's left edge.
    let checked = 0;
    for (const run of runs) {
      for (const x of run.xs) {
        const cells = (x - frame.contentLeft) / 9;
        expect(Math.abs(cells - Math.round(cells)), `${run.text} at ${x} left ${frame.contentLeft} xs ${run.xs.slice(0, 5).join(",")} size ${run.size}`).toBeLessThan(0.01);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20 * 25);
    // A full line reaches the last cell.
    expect(runs.some((r) => Math.abs(r.xs[r.xs.length - 1]! - (frame.contentLeft + 19 * 9)) < 0.01)).toBe(true);
  });

  it('hands the grid to the viewer’s guides when `show` is on', () => {
    const config = stored({ charsPerLine: 20, linesPerPage: 30, show: true });
    const s = settingsFromConfig(config);
    const geometry = pageGeometry(s, config, { index: 0, width: s.pageWidth, height: s.pageHeight });
    expect(geometry.cjkGrid).toEqual({ cell: 9, pitch: 15, chars: 20, lines: 30, show: true });
    expect(geometry.margins.left).toBeCloseTo(s.margins.left, 2);
    const off = settingsFromConfig({ ...config, cjk: {} } as StoredConfig);
    expect(pageGeometry(off, { ...config, cjk: {} } as StoredConfig, { index: 0, width: off.pageWidth, height: off.pageHeight }).cjkGrid).toBeUndefined();
  });

  it('keeps the levers that add whole grid lines off with gridLines "off" (balancing switched on)', () => {
    const on = { headings: { balancing: { enabled: true } } };
    expect(leverLimits(settingsFromConfig(stored({}, on)))).toEqual({ heading: 4, afterList: 1, afterFloat: 1 });
    expect(leverLimits(settingsFromConfig(stored({}, { headings: { balancing: { enabled: true, gridLines: 'off' } } })))).toEqual({ heading: 0, afterList: 0, afterFloat: 0 });
  });
});
