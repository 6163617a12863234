import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { dump, run, runs } from './helpers';

/**
 * A code listing or table taller than what a parallel `:::columns` segment has left (document-format
 * §8.4 `flow=parallel`) is split between its stream's segments on successive pages by the main
 * flow's rules (configuration.md §13.3 codeStyle: each part its own box, the continues marker
 * closing a part that goes on; §12.3 tableStyle: header rows repeated) — the group stays a group
 * (before: a listing or table taller than a column made the whole group flow plain).
 */
const oneLiners = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join('\n\n');
const listing = (n: number): string => ['```', ...Array.from({ length: n }, (_, i) => `row${i} = ${i};`), '```'].join('\n');
const single = (config: Record<string, unknown> = {}): LayoutSettings => ({ ...settingsFromConfig(config as never), columns: 1 });
const bookOf = (source: string, settings: LayoutSettings, resources: BookInput['resources'] = undefined): BookInput => ({ title: 'T', settings, chapters: [{ id: 'ch1', title: '', source }], ...(resources ? { resources } : {}) });
const bodyRun = (page: PageDisplayList, text: string) => runs(page).find((r) => r.line?.role === 'body' && r.text === text);

describe(':::columns flow=parallel: listings and tables split between a stream\'s segments', () => {
  const settings = single({ codeStyle: { continuesMarkerEnabled: true } });
  const frame = pageFrame(settings, 0);
  const pitch = settings.body.lineHeight;
  const width = (frame.contentWidth - pitch) / 2;
  const left = (c: number) => frame.contentLeft + c * (width + pitch);
  const subColumn = (x: number): number => Math.floor((x - frame.contentLeft + 0.5) / (width + pitch));
  const rowsPerPage = Math.floor(frame.contentHeight / pitch + 1e-9);

  it('a 60-row listing in the second stream goes on in that stream on the next pages, each part its own box', () => {
    // The page holds about 40 grid rows: the listing (60 rows and its padding) cannot be kept whole.
    expect(rowsPerPage).toBeGreaterThan(30);
    expect(rowsPerPage).toBeLessThan(60);
    const source = `Before.\n\n:::columns{count=2}\n${oneLiners(6, 'a')}\n\n:::columnbreak\n\n${listing(60)}\n:::\n\nAfter.`;
    const layout = run(bookOf(source, settings));
    // Drawn as a group: the first stream's text in sub-column 1, level with the listing's top in sub-column 2.
    const first = layout.pages[0]!;
    const a0 = bodyRun(first, 'a0')!;
    expect(a0).toBeDefined();
    expect(subColumn(a0.xs[0]!)).toBe(0);
    expect(Math.max(...runs(first).filter((r) => /^a\d$/.test(r.text)).map((r) => r.xs[r.xs.length - 1]!))).toBeLessThan(left(0) + width);
    const code = layout.pages.flatMap((page, p) => runs(page).filter((r) => r.text.startsWith('row')).map((r) => ({ r, p, page })));
    expect(code).toHaveLength(60);
    // Every code row in the second stream's measure and inside the type area, on more than one page.
    for (const { r } of code) {
      expect(subColumn(r.xs[0]!)).toBe(1);
      expect(r.xs[0]!).toBeGreaterThanOrEqual(left(1) - 0.01);
      expect(r.xs[r.xs.length - 1]!).toBeLessThan(left(1) + width);
      expect(r.y).toBeGreaterThan(frame.contentTop);
      expect(r.y).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
    }
    const pagesHolding = [...new Set(code.map((c) => c.p))];
    expect(pagesHolding.length).toBeGreaterThanOrEqual(2);
    // In reading order across the pages.
    const order = [...code].sort((x, y) => x.p - y.p || x.r.y - y.r.y).map((c) => c.r.text.replace(/\u00a0/g, ' '));
    expect(order).toEqual(Array.from({ length: 60 }, (_, i) => `row${i} = ${i};`));
    // Each page's part is its own box in sub-column 2, holding that page's rows.
    for (const p of pagesHolding) {
      const page = layout.pages[p]!;
      const boxes = page.items.filter((i): i is RectItem => i.op === Op.Rect);
      expect(boxes).toHaveLength(1);
      const box = boxes[0]!;
      expect(box.x).toBeCloseTo(left(1), 1);
      expect(box.w).toBeLessThanOrEqual(width + 0.01);
      expect(box.y + box.h).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
      for (const { r } of code.filter((c) => c.p === p)) {
        expect(r.y).toBeGreaterThan(box.y);
        expect(r.y).toBeLessThan(box.y + box.h);
      }
    }
    // The continues marker at the foot of the first part, in its box under its last row; none under the last part.
    const markers = layout.pages.flatMap((page, p) => runs(page).filter((r) => r.text === 'Continued').map((r) => ({ r, p })));
    expect(markers.map((m) => m.p)).toEqual(pagesHolding.slice(0, -1));
    const firstPart = code.filter((c) => c.p === pagesHolding[0]);
    expect(markers[0]!.r.y).toBeGreaterThan(Math.max(...firstPart.map((c) => c.r.y)));
    expect(subColumn(markers[0]!.r.xs[0]!)).toBe(1);
    // The text after the group under it, once.
    const after = layout.pages.flatMap((page) => runs(page).filter((r) => r.text === 'After.'));
    expect(after).toHaveLength(1);
  });

  it('a table taller than the segment goes on in its stream under its repeated header', () => {
    const rows = [[{ content: 'Station', isHeader: true }, { content: 'Hour', isHeader: true }], ...Array.from({ length: 70 }, (_, i) => [{ content: `Stop${i}` }, { content: `${i}` }])];
    const resources = prepareResources([{ record: { id: 'plan', typeId: 'table', kind: 'table', caption: 'Hours.', placement: { position: 'here' }, table: { model: { rows, headerRowCount: 1 } } } as never }], {});
    const source = `:::columns{count=2}\n${oneLiners(4, 'a')}\n\n:::columnbreak\n\n::resource{id="plan"}\n:::`;
    const layout = run(bookOf(source, single(), resources));
    expect(subColumn(bodyRun(layout.pages[0]!, 'a0')!.xs[0]!)).toBe(0);
    const stops = layout.pages.flatMap((page, p) => runs(page).filter((r) => /^Stop\d+$/.test(r.text)).map((r) => ({ r, p })));
    const pagesHolding = [...new Set(stops.map((s) => s.p))];
    expect(pagesHolding.length).toBeGreaterThanOrEqual(2);
    for (const { r } of stops) {
      expect(subColumn(r.xs[0]!)).toBe(1);
      expect(r.xs[r.xs.length - 1]!).toBeLessThan(left(1) + width);
      expect(r.y).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
    }
    expect([...stops].sort((x, y) => x.p - y.p || x.r.y - y.r.y).map((s) => s.r.text)).toEqual(Array.from({ length: 70 }, (_, i) => `Stop${i}`));
    // The header row heads the table's part on every page holding one.
    for (const p of pagesHolding) {
      const header = runs(layout.pages[p]!).filter((r) => r.text === 'Station');
      expect(header).toHaveLength(1);
      expect(subColumn(header[0]!.xs[0]!)).toBe(1);
      expect(header[0]!.y).toBeLessThan(Math.min(...stops.filter((s) => s.p === p).map((s) => s.r.y)));
    }
  });

  it('incremental equals full around a parallel group whose listing splits, in two page columns', () => {
    const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
    const group = `:::columns{count=2 rule}\n${words(120, 'g')}\n\n:::columnbreak\n\n${listing(90)}\n:::`;
    const input = (extra: string): BookInput => bookOf(`# B\n\n${words(200, 'w')}${extra}\n\n${group}\n\nAfter ${words(50, 'z')}`, defaultSettings());
    const cache = new EngineCache();
    const before = run(input(''), cache);
    // The group is set as a group: every code row in the second sub-column of its page column.
    const page2 = defaultSettings();
    const code = before.pages.flatMap((p) => runs(p).filter((r) => r.text.startsWith('row')).map((r) => ({ r, f: pageFrame(page2, p.index) })));
    expect(code).toHaveLength(90);
    for (const { r, f } of code) {
      const c = f.columnX.reduce((at, x, i) => (r.xs[0]! >= x - 0.01 ? i : at), 0);
      const sub = (f.columnWidths[c]! - page2.body.lineHeight) / 2;
      expect(r.xs[0]!).toBeGreaterThan(f.columnX[c]! + sub);
    }
    const edited = input(` ${words(120, 'y')}`);
    expect(dump(run(edited, cache))).toBe(dump(run(edited, new EngineCache(false))));
  });
});
