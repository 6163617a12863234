import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { dump, expectOpeningEditEqualsFull, oneChapterBook, run, runs, twoSubColumns } from './helpers';

/**
 * A callout box inside a running-text `:::columns` group (document-format §8.1, §8.4 "a nested
 * callout = 1" block): set in flow in its sub-column at the sub-column's width, on the grid, and
 * split between sub-columns by the box's rules (configuration.md §13.4) when it is taller than
 * the rows left — one framed segment per sub-column, never over the gap.
 */
const oneLiners = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join('\n\n');
const single = (): LayoutSettings => ({ ...defaultSettings(), columns: 1 });
const boxes = (page: PageDisplayList) => page.items.filter((i): i is RectItem => i.op === Op.Rect && i.fill !== undefined).sort((a, b) => a.x - b.x || a.y - b.y);
const bodyRun = (page: PageDisplayList, text: string) => runs(page).find((r) => r.line?.role === 'body' && r.text === text)!;

describe(':::columns holding a callout box', () => {
  const settings = single();
  const { frame, pitch, width, left, subColumn } = twoSubColumns(settings);
  /** The page's one box frame, which stands in one sub-column at most its width, and that sub-column. */
  const boxInSubColumn = (page: PageDisplayList): { box: RectItem; c: number } => {
    const frames = boxes(page);
    expect(frames).toHaveLength(1);
    const box = frames[0]!;
    const c = subColumn(box.x);
    expect(box.x).toBeCloseTo(left(c), 1);
    expect(box.w).toBeLessThanOrEqual(width + 0.01);
    return { box, c };
  };
  /** Two sub-columns: a0 and the first body line of the second (boxed text, told by `boxed`, left out) on one baseline. */
  const expectLevelWithA0 = (page: PageDisplayList, boxed: (text: string) => boolean): void => {
    const second = runs(page).filter((r) => r.line?.role === 'body' && subColumn(r.xs[0]!) === 1 && !boxed(r.text)).sort((x, y) => x.y - y.y)[0]!;
    expect(second.y).toBeCloseTo(bodyRun(page, 'a0').y, 2);
  };

  it('sets a short box in one sub-column at its width, the group still in sub-columns', () => {
    const source = `:::columns{count=2}\n${oneLiners(4, 'a')}\n\n:::callout{type=note}\nBoxed one.\n:::\n\n${oneLiners(6, 'b')}\n:::`;
    const page = run(oneChapterBook(source, settings)).pages[0]!;
    const { box, c } = boxInSubColumn(page);
    const boxed = runs(page).find((r) => r.text.includes('Boxed'))!;
    expect(subColumn(boxed.xs[0]!)).toBe(c);
    expect(boxed.y).toBeGreaterThan(box.y);
    expect(boxed.y).toBeLessThan(box.y + box.h);
    // Two sub-columns; the text on the grid.
    expectLevelWithA0(page, (text) => text.includes('Boxed'));
    for (const r of runs(page).filter((x) => x.line?.role === 'body' && !x.text.includes('Boxed'))) expect(((r.y - bodyRun(page, 'a0').y) / pitch) % 1).toBeCloseTo(0, 3);
  });

  it('moves a box that fits a column whole to the next sub-column (keepTogether, the default)', () => {
    const inner = Array.from({ length: 20 }, (_, i) => `Box line ${i}.`).join('\n\n');
    const source = `:::columns{count=2}\n${oneLiners(10, 'a')}\n\n:::callout{type=note}\n${inner}\n:::\n:::`;
    const page = run(oneChapterBook(source, settings)).pages[0]!;
    const frames = boxes(page);
    expect(frames.map((f) => subColumn(f.x))).toEqual([1]);
    expect(frames[0]!.y).toBeLessThan(bodyRun(page, 'a0').y);
  });

  it('splits a box taller than a column between sub-columns, one framed segment in each', () => {
    const rows = Math.floor(frame.contentHeight / pitch);
    const n = rows + 6;
    const inner = Array.from({ length: n }, (_, i) => `Box line ${i}.`).join('\n\n');
    const source = `:::columns{count=2}\n${oneLiners(3, 'a')}\n\n:::callout{type=note}\n${inner}\n:::\n\n${oneLiners(3, 'b')}\n:::`;
    const page = run(oneChapterBook(source, settings)).pages[0]!;
    const frames = boxes(page);
    expect(frames.map((f) => subColumn(f.x))).toEqual([0, 1]);
    for (const f of frames) expect(f.w).toBeLessThanOrEqual(width + 0.01);
    // Every box line once, in reading order through the sub-columns, inside its segment.
    const lines = runs(page).filter((r) => /^Box line \d+\.$/.test(r.text));
    const order = [...lines].sort((x, y) => subColumn(x.xs[0]!) - subColumn(y.xs[0]!) || x.y - y.y).map((r) => r.text);
    expect(order).toEqual(Array.from({ length: n }, (_, i) => `Box line ${i}.`).slice(0, order.length));
    expect(order.length).toBeGreaterThan(rows / 2);
    for (const r of lines) {
      const f = frames[subColumn(r.xs[0]!)]!;
      expect(r.y).toBeGreaterThan(f.y);
      expect(r.y).toBeLessThan(f.y + f.h);
    }
    // The first segment under a0–a2, the second heading sub-column 2.
    expect(frames[0]!.y).toBeGreaterThan(bodyRun(page, 'a2').y);
    expect(frames[1]!.y).toBeLessThan(bodyRun(page, 'a0').y);
  });

  it('a segment that opens its sub-column keeps its continues marker inside the type area', () => {
    // splitMinLines (60) no split can meet: the box goes on as it can in a fresh sub-column, as placeCallout does in a fresh column.
    const config = { layout: { layoutType: 'single' }, calloutStyles: [{ id: 'note', keepTogether: false, splitMinLines: 60, continuesMarkerEnabled: true }] };
    const styled = settingsFromConfig(config as never);
    const f = pageFrame(styled, 0);
    const rows = Math.floor(f.contentHeight / styled.body.lineHeight);
    const inner = Array.from({ length: rows + 10 }, (_, i) => `Box line ${i}.`).join('\n\n');
    const layout = run(oneChapterBook(`:::columns{count=2}\n${oneLiners(3, 'a')}\n\n:::callout{type=note}\n${inner}\n:::\n:::`, styled));
    const page = layout.pages[0]!;
    const marker = runs(page).find((r) => r.text === 'Continued');
    expect(marker).toBeDefined();
    for (const box of boxes(page)) expect(box.y + box.h).toBeLessThanOrEqual(f.contentTop + f.contentHeight + 0.01);
    expect(marker!.y).toBeLessThanOrEqual(f.contentTop + f.contentHeight + 0.01);
  });

  it('sets a box holding a :::columns group in its sub-column, the inner group in sub-columns of the box\'s inner width (before: the whole group flowed plain)', () => {
    const source = `:::columns{count=2}\n${oneLiners(4, 'a')}\n\n:::callout{type=note}\n:::columns{count=2}\n${oneLiners(4, 'i')}\n:::\n:::\n\n${oneLiners(6, 'b')}\n:::`;
    const page = run(oneChapterBook(source, settings)).pages[0]!;
    const { box } = boxInSubColumn(page);
    // The outer group in two sub-columns.
    expectLevelWithA0(page, (text) => /^i\d$/.test(text));
    // The inner group balanced in two sub-columns inside the box: i0 beside i2, i1 beside i3.
    const inner = ['i0', 'i1', 'i2', 'i3'].map((t) => bodyRun(page, t));
    expect(inner[2]!.y).toBeCloseTo(inner[0]!.y, 2);
    expect(inner[3]!.y).toBeCloseTo(inner[1]!.y, 2);
    expect(inner[2]!.xs[0]!).toBeGreaterThan(inner[0]!.xs[0]! + width / 3);
    for (const r of inner) {
      expect(r.xs[0]!).toBeGreaterThan(box.x);
      expect(r.xs[0]!).toBeLessThan(box.x + box.w);
      expect(r.y).toBeGreaterThan(box.y);
      expect(r.y).toBeLessThan(box.y + box.h);
    }
  });

  it('incremental equals full around a group holding a box, in two page columns', () => {
    const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
    const group = `:::columns{count=2}\n${words(120, 'g')}\n\n:::callout{type=note}\n${words(150, 'x')}\n:::\n\n${words(200, 'k')}\n:::`;
    const input = (extra: string): BookInput => oneChapterBook(`# B\n\n${words(200, 'w')}${extra}\n\n${group}\n\nAfter ${words(50, 'z')}`, defaultSettings());
    const cache = new EngineCache();
    run(input(''), cache);
    const edited = input(` ${words(120, 'y')}`);
    expect(dump(run(edited, cache))).toBe(dump(run(edited)));
    // A box holding a group of its own, long enough to be cut between the outer group's sub-columns.
    const nested = `:::columns{count=2}\n${words(100, 'g')}\n\n:::callout{type=note}\n${words(30, 'x')}\n\n:::columns{count=2}\n${words(160, 'n')}\n:::\n:::\n\n${words(150, 'k')}\n:::`;
    expectOpeningEditEqualsFull((source) => oneChapterBook(source, defaultSettings()), `${words(200, 'w')}\n\n${nested}\n\nAfter ${words(50, 'z')}`);
  });
});
