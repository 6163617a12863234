import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { dump, run, runs } from './helpers';

/**
 * A code listing or table taller than the rows a `:::columns` sub-column has left is split
 * between sub-columns as the main flow splits it across columns (document-format §8.4;
 * configuration.md §13.3 codeStyle, §12.3 tableStyle): each part its own box at the sub-column
 * width on a row top, never over the gap; a listing keeps `splitMinLines` rows on each side and
 * closes a part that goes on with its continues marker; a table repeats its header rows.
 */
const oneLiners = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join('\n\n');
const listing = (n: number): string => ['```', ...Array.from({ length: n }, (_, i) => `row${i} = ${i};`), '```'].join('\n');
const single = (config: Record<string, unknown> = {}): LayoutSettings => ({ ...settingsFromConfig(config as never), columns: 1 });
const bookOf = (source: string, settings: LayoutSettings, resources: BookInput['resources'] = undefined): BookInput => ({ title: 'T', settings, chapters: [{ id: 'ch1', title: '', source }], ...(resources ? { resources } : {}) });
const bodyRun = (page: PageDisplayList, text: string) => runs(page).find((r) => r.line?.role === 'body' && r.text === text)!;

describe(':::columns: listings and tables split between sub-columns', () => {
  const settings = single({ codeStyle: { continuesMarkerEnabled: true } });
  const frame = pageFrame(settings, 0);
  const pitch = settings.body.lineHeight;
  const width = (frame.contentWidth - pitch) / 2;
  const left = (c: number) => frame.contentLeft + c * (width + pitch);
  const subColumn = (x: number): number => Math.floor((x - frame.contentLeft + 0.5) / (width + pitch));
  const onRowTop = (y: number) => Math.abs((((y - frame.contentTop) / pitch) % 1 + 1) % 1) < 1e-3 || Math.abs((((y - frame.contentTop) / pitch) % 1 + 1) % 1) > 1 - 1e-3;

  it('a listing the balanced cut falls in is two boxes, one per sub-column, its rows in order, the marker closing the first', () => {
    // Rows: a0–a2, the margin above, the listing (30 code rows and its padding), b0–b3: the level
    // cut falls inside the listing. Kept whole it went to sub-column 2 with everything after it.
    const source = `:::columns{count=2}\n${oneLiners(3, 'a')}\n\n${listing(30)}\n\n${oneLiners(4, 'b')}\n:::`;
    const layout = run(bookOf(source, settings));
    expect(layout.pages).toHaveLength(1);
    const page = layout.pages[0]!;
    const boxes = page.items.filter((i): i is RectItem => i.op === Op.Rect).sort((a, b) => a.x - b.x);
    expect(boxes).toHaveLength(2);
    boxes.forEach((box, c) => {
      expect(box.x).toBeCloseTo(left(c), 1);
      expect(box.w).toBeLessThanOrEqual(width + 0.01);
      expect(onRowTop(box.y)).toBe(true);
    });
    // The second part heads sub-column 2, level with a0.
    expect(boxes[1]!.y).toBeLessThan(bodyRun(page, 'a0').y);
    expect(boxes[1]!.y).toBeGreaterThanOrEqual(frame.contentTop - 0.01);
    const code = runs(page).filter((r) => r.text.startsWith('row'));
    expect(code).toHaveLength(30);
    // In reading order: sub-column 1 top to bottom, then sub-column 2; each row inside its part's box.
    const order = [...code].sort((a, b) => subColumn(a.xs[0]!) - subColumn(b.xs[0]!) || a.y - b.y).map((r) => r.text.replace(/\u00a0/g, ' '));
    expect(order).toEqual(Array.from({ length: 30 }, (_, i) => `row${i} = ${i};`));
    for (const r of code) {
      const box = boxes[subColumn(r.xs[0]!)]!;
      expect(r.y).toBeGreaterThan(box.y);
      expect(r.y).toBeLessThan(box.y + box.h);
    }
    // splitMinLines (2) on each side of the cut.
    expect(code.filter((r) => subColumn(r.xs[0]!) === 0).length).toBeGreaterThanOrEqual(2);
    expect(code.filter((r) => subColumn(r.xs[0]!) === 1).length).toBeGreaterThanOrEqual(2);
    // The continues marker (codeStyle.continuesMarkerEnabled) in the first part's box, the foot of it.
    const marker = runs(page).find((r) => r.text === 'Continued')!;
    expect(marker).toBeDefined();
    expect(subColumn(marker.xs[0]!)).toBe(0);
    expect(marker.y).toBeLessThan(boxes[0]!.y + boxes[0]!.h);
    expect(marker.y).toBeGreaterThan(Math.max(...code.filter((r) => subColumn(r.xs[0]!) === 0).map((r) => r.y)));
    // The text after the listing goes on under its second part, on the grid.
    const b0 = bodyRun(page, 'b0');
    expect(subColumn(b0.xs[0]!)).toBe(1);
    expect(b0.y).toBeGreaterThan(boxes[1]!.y + boxes[1]!.h);
    expect(((b0.y - bodyRun(page, 'a0').y) / pitch) % 1).toBeCloseTo(0, 3);
  });

  it('a table the cut falls in goes on in the next sub-column under its repeated header', () => {
    const rows = [[{ content: 'Station', isHeader: true }, { content: 'Hour', isHeader: true }], ...Array.from({ length: 40 }, (_, i) => [{ content: `Stop${i}` }, { content: `${i}` }])];
    const resources = prepareResources([{ record: { id: 'plan', typeId: 'table', kind: 'table', caption: 'Hours.', placement: { position: 'here' }, table: { model: { rows, headerRowCount: 1 } } } as never }], {});
    const source = `:::columns{count=2}\n${oneLiners(3, 'a')}\n\n::resource{id="plan"}\n\n${oneLiners(4, 'b')}\n:::`;
    const layout = run(bookOf(source, single(), resources));
    const page = layout.pages[0]!;
    const header = runs(page).filter((r) => r.text === 'Station');
    // The header row in both sub-columns.
    expect(header.map((r) => subColumn(r.xs[0]!)).sort()).toEqual([0, 1]);
    const stops = runs(page).filter((r) => /^Stop\d+$/.test(r.text));
    for (const r of stops) {
      expect(r.xs[0]! - left(subColumn(r.xs[0]!))).toBeGreaterThanOrEqual(-0.01);
      expect(r.xs[r.xs.length - 1]!).toBeLessThan(left(subColumn(r.xs[0]!)) + width);
    }
    // Every body row once, in order through the sub-columns (and on the pages after).
    const all = layout.pages.flatMap((p) => runs(p).filter((r) => /^Stop\d+$/.test(r.text)).sort((a, b) => subColumn(a.xs[0]!) - subColumn(b.xs[0]!) || a.y - b.y)).map((r) => r.text);
    expect(all).toEqual(Array.from({ length: 40 }, (_, i) => `Stop${i}`));
    // The first sub-column holds some stops (the table did not move whole to the second).
    expect(stops.some((r) => subColumn(r.xs[0]!) === 0)).toBe(true);
  });

  it('incremental equals full around a group whose listing splits, in two page columns', () => {
    const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
    const group = `:::columns{count=2 rule}\n${words(120, 'g')}\n\n${listing(40)}\n\n${words(200, 'k')}\n:::`;
    const input = (extra: string): BookInput => bookOf(`# B\n\n${words(200, 'w')}${extra}\n\n${group}\n\nAfter ${words(50, 'z')}`, defaultSettings());
    const cache = new EngineCache();
    run(input(''), cache);
    const edited = input(` ${words(120, 'y')}`);
    expect(dump(run(edited, cache))).toBe(dump(run(edited)));
  });
});
