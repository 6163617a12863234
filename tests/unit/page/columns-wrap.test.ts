import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import type { PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, inkExtent, pictureFrame, run, runs, runsOver, twoSubColumns } from './helpers';

/**
 * A wrapped resource in a running-text `:::columns` group (document-format §12.8, §8.4; our reading,
 * page/columns-group-wrap.ts: the sub-column is the column): the group is set in sub-columns, the
 * resource at one side of its sub-column, the text after it beside it at the sub-column's width
 * less the resource and the gap for its height and gap in whole grid rows, then at the full
 * sub-column width; the resource and the rows beside it are never parted by a sub-column's cut; a
 * refused wrap (`textWrap`) sets the resource across the sub-column. (Before: a wrapped resource
 * made the whole group flow as plain text.)
 * One text column 396.9 pt wide, two sub-columns of 192.4 pt with a 12 pt gap, 8 pt body on a
 * 12 pt grid; the picture is 40 × 24 px = 30 × 18 pt with a one-line caption; the wrap gap is one
 * body line (12 pt).
 */
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="24" viewBox="0 0 40 24"><rect x="0" y="0" width="40" height="24" fill="#ff0000"/></svg>');
/** 400 × 100 px: at the wrap's 45 % of a sub-column, the text beside it would be under 12 em. */
const WIDE = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100" viewBox="0 0 400 100"><rect x="0" y="0" width="400" height="100" fill="#ff0000"/></svg>');
const GAP = 12;
const single = (): LayoutSettings => ({ ...defaultSettings(), columns: 1 });
const book = (source: string, wrap: string, settings = single(), payload = SVG): BookInput => ({
  title: 'T',
  settings,
  chapters: [{ id: 'ch1', title: '', source }],
  resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement: { position: 'here', wrap } }, payload }], {}),
});
const oneLiners = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join('\n\n');

/** Body lines of a page, sub-column by sub-column: baseline, ink extent (pt), text. */
function bodyLines(page: PageDisplayList, subColumn: (x: number) => number): { y: number; left: number; right: number; column: number; text: string }[] {
  const byLine = new Map<string, { y: number; left: number; right: number; column: number; text: string }>();
  for (const r of runs(page)) {
    if (r.line?.role !== 'body') continue;
    const e = inkExtent(r);
    const column = subColumn(e.left);
    const key = `${column}|${r.y}`;
    const line = byLine.get(key);
    byLine.set(key, line ? { ...line, left: Math.min(line.left, e.left), right: Math.max(line.right, e.right), text: line.text + r.text } : { y: r.y, ...e, column, text: r.text });
  }
  return [...byLine.values()].sort((a, b) => a.column - b.column || a.y - b.y);
}

describe(':::columns holding a wrapped resource', () => {
  const settings = single();
  const { frame, pitch, width, left, subColumn } = twoSubColumns(settings);
  const random = mulberry32(3);
  const prose = [paragraph(random, 3), paragraph(random, 3)];
  const source = [':::columns{count=2}', 'Before the picture.', '', '::resource{id="red"}', '', prose[0], '', prose[1], ':::', '', 'After.'].join('\n');

  for (const side of ['right', 'left'] as const) {
    it(`wrap ${side}: at that side of its sub-column, the text after it beside it, then at the sub-column's full width`, () => {
      const layout = run(book(source, side));
      const page = layout.pages[0]!;
      const picture = pictureFrame(page, '#ff0000')!;
      expect(picture).toBeDefined();
      expect(layout.chapters[0]!.wrapsRefused).toBeUndefined();
      // The figure (picture and caption) inside the first sub-column, against its side.
      const caption = runs(page).filter((r) => r.line?.role === 'caption').map(inkExtent);
      const figure = { left: Math.min(picture.x, ...caption.map((c) => c.left)), right: Math.max(picture.x + picture.w, ...caption.map((c) => c.right)) };
      expect(subColumn(picture.x)).toBe(0);
      expect(figure.left).toBeGreaterThanOrEqual(left(0) - 0.01);
      expect(figure.right).toBeLessThanOrEqual(left(0) + width + 0.5);
      if (side === 'left') expect(picture.x).toBeCloseTo(left(0), 1);
      else expect(figure.right).toBeGreaterThan(left(0) + width - 3);
      // Its top on a grid row, under the line before it.
      expect(((picture.y - frame.contentTop) / pitch) % 1).toBeCloseTo(0, 3);
      const lines = bodyLines(page, subColumn);
      const first = lines.filter((l) => l.column === 0);
      // Lines whose box meets the picture's rows stand beside it, the gap clear of the figure.
      const bandBottom = Math.max(picture.y + picture.h, ...runs(page).filter((r) => r.line?.role === 'caption').map((r) => r.y)) + GAP;
      const besideBand = first.filter((l) => l.y > picture.y && l.y - pitch < bandBottom - 1e-6);
      expect(besideBand.length).toBeGreaterThanOrEqual(2);
      for (const l of besideBand) {
        if (side === 'right') expect(l.right).toBeLessThanOrEqual(figure.left - GAP + 0.5);
        else expect(l.left).toBeGreaterThanOrEqual(figure.right + GAP - 0.5);
      }
      expect(runsOver(page, picture)).toHaveLength(0);
      // Below the band, back at the full width of the sub-column.
      const under = first.filter((l) => l.y - pitch >= bandBottom - 1e-6);
      expect(under.length).toBeGreaterThan(0);
      expect(under.some((l) => (side === 'right' ? l.right > figure.left : l.left < figure.right))).toBe(true);
      // The group is set in sub-columns: text in the second one, level with the first.
      expect(lines.some((l) => l.column === 1 && Math.abs(l.y - first[0]!.y) < 0.01)).toBe(true);
    });
  }

  it('the resource and the rows beside it are never parted by a sub-column cut: they go on together', () => {
    // Five rows, the band, three rows: a balanced cut after six rows would fall beside the picture.
    const cut = [':::columns{count=2}', oneLiners(5, 'a'), '', '::resource{id="red"}', '', oneLiners(7, 'b'), ':::'].join('\n');
    const page = run(book(cut, 'right')).pages[0]!;
    const picture = pictureFrame(page, '#ff0000')!;
    const lines = bodyLines(page, subColumn);
    const at = (text: string) => lines.find((l) => l.text === text)!;
    expect(at('a4').column).toBe(0);
    // The picture heads the second sub-column, b0 beside it there.
    expect(subColumn(picture.x)).toBe(1);
    expect(picture.y).toBeCloseTo(frame.contentTop, 1);
    expect(at('b0').column).toBe(1);
    expect(at('b0').y).toBeCloseTo(at('a0').y, 2);
    expect(at('b0').right).toBeLessThan(picture.x);
  });

  it('in a parallel stream: at the side of its stream\'s sub-column, that stream\'s text beside it', () => {
    const parallel = [':::columns{count=2 flow=parallel}', prose[0], '', ':::columnbreak', '', '::resource{id="red"}', '', prose[1], ':::'].join('\n');
    const page = run(book(parallel, 'left')).pages[0]!;
    const picture = pictureFrame(page, '#ff0000')!;
    expect(subColumn(picture.x)).toBe(1);
    expect(picture.x).toBeCloseTo(left(1), 1);
    const lines = bodyLines(page, subColumn);
    const beside = lines.filter((l) => l.column === 1 && l.y > picture.y && l.y - pitch < picture.y + picture.h);
    expect(beside.length).toBeGreaterThan(0);
    for (const l of beside) expect(l.left).toBeGreaterThanOrEqual(picture.x + picture.w + GAP - 0.5);
    // The first stream at its full width beside it.
    expect(lines.some((l) => l.column === 0 && l.right > left(0) + width - 1)).toBe(true);
  });

  it('a refused wrap (too narrow beside it) sets the resource across its sub-column, recorded for the textWrap check', () => {
    const layout = run(book(source, 'right', settings, WIDE));
    const page = layout.pages[0]!;
    const picture = pictureFrame(page, '#ff0000')!;
    expect(layout.chapters[0]!.wrapsRefused).toEqual([{ id: 'red', reason: 'tooNarrow', pageIndex: 0 }]);
    // Across the first sub-column, at its width; the group in sub-columns; no line beside it.
    expect(picture.x).toBeCloseTo(left(0), 1);
    expect(picture.w).toBeCloseTo(width, 0);
    const lines = bodyLines(page, subColumn);
    expect(lines.some((l) => l.column === 1)).toBe(true);
    expect(lines.filter((l) => l.column === 0 && l.y > picture.y && l.y - pitch < picture.y + picture.h)).toEqual([]);
  });

  it('incremental equals full around a group holding a wrapped resource', () => {
    const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
    const group = `:::columns{count=2}\n${words(150, 'g')}\n\n::resource{id="red"}\n\n${words(200, 'k')}\n:::`;
    const input = (extra: string): BookInput => book(`# B\n\n${words(200, 'w')}${extra}\n\n${group}\n\nAfter ${words(50, 'z')}`, 'right');
    const cache = new EngineCache();
    const first = run(input(''), cache);
    expect(first.pages.some((p) => pictureFrame(p, '#ff0000') !== undefined)).toBe(true);
    const edited = input(` ${words(120, 'y')}`);
    expect(dump(run(edited, cache))).toBe(dump(run(edited, new EngineCache(false))));
  });
});
