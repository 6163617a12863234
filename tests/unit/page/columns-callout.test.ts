/**
 * `:::columns` inside a callout (document-format §8.4 "Inside a callout: columns share the box
 * width, box grows to tallest column"): the group's lines sit in sub-columns of the box's inner
 * measure, balanced, and the box is as tall as its tallest sub-column plus its padding.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { oneChapterBook, run, runs } from './helpers';

const words = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
const single = (): LayoutSettings => ({ ...defaultSettings(), columns: 1 });
const bodyRuns = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'body');
const boxes = (page: PageDisplayList) => page.items.filter((i): i is RectItem => i.op === Op.Rect && i.fill !== undefined);

describe(':::columns inside a callout', () => {
  it('sets the group in sub-columns of the box, balanced, and the box grows to the tallest', () => {
    const settings = single();
    const source = `Before ${words(20, 'b')}\n\n:::callout{title="Two columns"}\nLead ${words(12, 'l')}\n\n:::columns{count=2}\n${words(120, 'g')}\n:::\n:::\n\nAfter ${words(20, 'a')}`;
    const page = run(oneChapterBook(source, settings)).pages[0]!;
    const frame = pageFrame(settings, 0);
    const group = bodyRuns(page).filter((r) => /g\d/.test(r.text));
    const mid = frame.contentLeft + frame.contentWidth / 2;
    const left = [...new Set(group.filter((r) => r.xs[0]! < mid).map((r) => r.y))];
    const right = [...new Set(group.filter((r) => r.xs[0]! > mid).map((r) => r.y))];
    expect(left.length, 'two sub-columns').toBeGreaterThan(1);
    expect(right.length).toBeGreaterThan(1);
    expect(left.length - right.length).toBeGreaterThanOrEqual(0);
    expect(left.length - right.length).toBeLessThanOrEqual(1);
    // Both sub-columns start on the same row, under the lead paragraph.
    expect(Math.min(...left)).toBeCloseTo(Math.min(...right), 2);
    const lead = bodyRuns(page).filter((r) => /l\d/.test(r.text));
    expect(Math.min(...left)).toBeGreaterThan(Math.max(...lead.map((r) => r.y)));
    // The box holds the tallest sub-column and the text after it comes below.
    const box = boxes(page).sort((a, b) => b.h - a.h)[0];
    expect(box, 'the callout is set as a box').toBeDefined();
    // Every group line sits inside the box, whose foot is under the tallest sub-column.
    for (const r of group) {
      expect(r.y).toBeGreaterThan(box!.y);
      expect(r.y).toBeLessThan(box!.y + box!.h);
      expect(r.xs[0]!).toBeGreaterThan(box!.x);
    }
    expect(box!.y + box!.h - Math.max(...left)).toBeLessThan(2 * settings.body.lineHeight);
    const after = bodyRuns(page).filter((r) => /a\d/.test(r.text));
    expect(Math.min(...after.map((r) => r.y))).toBeGreaterThan(Math.max(...left, ...right));
    // Inside the box's measure: no group line reaches past the column's right edge.
    for (const r of group) expect(r.xs[0]!).toBeLessThan(frame.contentLeft + frame.contentWidth);
  });

  it('breaks inside a box sets the streams side by side (a :::columnbreak in a callout is ignored, §6)', () => {
    const settings = single();
    const source = `:::callout{title="Parallel"}\n:::columns{count=2 breaks="2"}\n${words(40, 'x')}\n\n${words(40, 'y')}\n:::\n:::`;
    const page = run(oneChapterBook(source, settings)).pages[0]!;
    const frame = pageFrame(settings, 0);
    const mid = frame.contentLeft + frame.contentWidth / 2;
    const leftText = bodyRuns(page).filter((r) => r.xs[0]! < mid).map((r) => r.text).join(' ');
    const rightText = bodyRuns(page).filter((r) => r.xs[0]! > mid).map((r) => r.text).join(' ');
    expect(leftText).toMatch(/x0/);
    expect(leftText).not.toMatch(/y\d/);
    expect(rightText).toMatch(/y0/);
    const box = boxes(page).sort((a, b) => b.h - a.h)[0];
    expect(box, 'the callout is set as a box').toBeDefined();
    for (const r of bodyRuns(page)) expect(r.y).toBeLessThan(box!.y + box!.h);
  });
});
