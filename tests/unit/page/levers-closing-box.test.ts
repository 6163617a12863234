/**
 * Lever (1) `headings.balancing.closingBox` (configuration.md §8.5: "a box closing a short column
 * drops to the last grid slot"; `'first' | 'last' | 'off'`, default `'first'`). Reading: when a
 * run of boxes (callouts set whole one after the other, nothing between them) closes a short
 * column, `'first'` opens the gap above the first box of the run — the boxes go down together and
 * stay one box margin apart, the last ending on the foot — while `'last'` opens it above the last
 * box only (the boxes before it stay under the text); `'off'` leaves the column short.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { columnOf, dump, oneChapterBook, run, runs } from './helpers';

const withBox = (mode: 'first' | 'last' | 'off'): LayoutSettings => ({
  ...defaultSettings(),
  // Only lever (1): the other levers would share the gap too.
  balancing: { enabled: true, trailing: false, maxLinesPerHeading: 0, stretchAfterLists: false, stretchAfterFloats: false, looseParagraphs: false, closingBox: mode },
});

/** The boxes' fill rectangles on a page (the default `note` style: one grey fill per box segment). */
const fills = (page: PageDisplayList): RectItem[] => page.items.filter((i): i is RectItem => i.op === Op.Rect && i.fill !== undefined);

/** Paragraphs, two boxes in a row, then a heading that must keep its lines with it (so it may leave the column short). */
function source(seed: number, n: number): string {
  const random = mulberry32(seed);
  const before = Array.from({ length: n }, () => paragraph(random)).join('\n\n');
  return `# Chapter\n\n${before}\n\n:::callout{title="First aside"}\n${paragraph(random, 1)}\n:::\n\n:::callout{title="Second aside"}\n${paragraph(random, 1)}\n:::\n\n## A heading that must keep its lines\n\n${paragraph(random)}\n\n${paragraph(random)}`;
}

/** Layouts where the two boxes close a column of page `p` short and whole (the 'off' layout shows the gap). */
function cases() {
  const found: { seed: number; n: number; p: number; gap: number }[] = [];
  const pitch = defaultSettings().body.lineHeight;
  for (const seed of [41, 42, 43, 44]) {
    for (let n = 2; n <= 10; n++) {
      const settings = withBox('off');
      const layout = run(oneChapterBook(source(seed, n), settings));
      for (const page of layout.pages) {
        const boxes = fills(page);
        if (boxes.length !== 2) continue;
        const c = columnOf(settings, page, boxes[0]!.x + 1);
        if (columnOf(settings, page, boxes[1]!.x + 1) !== c) continue;
        // Nothing of the column's text under the second box: it closes the column.
        const below = runs(page).some((r) => (r.line?.role === 'body' || r.line?.role === 'heading') && columnOf(settings, page, r.xs[0]!) === c && r.y > boxes[1]!.y + boxes[1]!.h);
        if (below) continue;
        const frame = pageFrame(settings, page.index);
        const gap = Math.floor((frame.contentTop + frame.contentHeight - (boxes[1]!.y + boxes[1]!.h)) / pitch + 1e-6);
        if (gap >= 1) found.push({ seed, n, p: page.index, gap });
      }
    }
  }
  return found;
}

describe('lever (1) closingBox: first, last, off', () => {
  const found = cases();
  const pitch = defaultSettings().body.lineHeight;

  it('the seeds give short columns closed by two boxes in a row', () => {
    expect(found.length).toBeGreaterThan(2);
  });

  it("'first': both boxes drop together by whole lines, the second ends within a line of the foot, their spacing unchanged", () => {
    for (const { seed, n, p, gap } of found) {
      const off = fills(run(oneChapterBook(source(seed, n), withBox('off'))).pages[p]!);
      const first = fills(run(oneChapterBook(source(seed, n), withBox('first'))).pages[p]!);
      const shiftA = first[0]!.y - off[0]!.y;
      const shiftB = first[1]!.y - off[1]!.y;
      expect(shiftA / pitch, `seed ${seed} n ${n}`).toBeCloseTo(gap, 3);
      expect(shiftB / pitch, `seed ${seed} n ${n}`).toBeCloseTo(gap, 3);
      const frame = pageFrame(withBox('first'), p);
      const bottom = first[1]!.y + first[1]!.h;
      expect(bottom).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
      expect(frame.contentTop + frame.contentHeight - bottom).toBeLessThan(pitch);
    }
  });

  it("'last': only the last box drops; the first stays under the text", () => {
    for (const { seed, n, p, gap } of found) {
      const off = fills(run(oneChapterBook(source(seed, n), withBox('off'))).pages[p]!);
      const last = fills(run(oneChapterBook(source(seed, n), withBox('last'))).pages[p]!);
      expect(last[0]!.y, `seed ${seed} n ${n}`).toBeCloseTo(off[0]!.y, 3);
      expect((last[1]!.y - off[1]!.y) / pitch, `seed ${seed} n ${n}`).toBeCloseTo(gap, 3);
    }
  });

  it("'off' and balancing off leave the boxes where the text put them; the lever is recorded per mode", () => {
    const { seed, n, p } = found[0]!;
    const off = run(oneChapterBook(source(seed, n), withBox('off')));
    const disabled = run(oneChapterBook(source(seed, n), { ...withBox('first'), balancing: { ...withBox('first').balancing!, enabled: false } }));
    expect(fills(disabled.pages[p]!).map((r) => r.y)).toEqual(fills(off.pages[p]!).map((r) => r.y));
    // The text above the boxes never moves.
    const first = run(oneChapterBook(source(seed, n), withBox('first')));
    const top = fills(off.pages[p]!)[0]!.y;
    const above = (page: PageDisplayList) => runs(page).filter((r) => r.y < top).map((r) => `${r.text}@${r.y}`);
    expect(above(first.pages[p]!)).toEqual(above(off.pages[p]!));
    // block.balancing.levers: both boxes with 'first', the second alone with 'last', none when off.
    const last = run(oneChapterBook(source(seed, n), withBox('last')));
    const boxLevers = (layout: typeof off) => (layout.chapters[0]!.levers ?? []).filter((l) => l.lever === 'closingBox' && l.pageIndex === p);
    expect(boxLevers(first).length).toBe(2);
    expect(new Set(boxLevers(first).map((l) => l.lines)).size).toBe(1);
    expect(boxLevers(last).length).toBe(1);
    expect(boxLevers(last)[0]!.block).toBe(boxLevers(first)[1]!.block);
    expect(boxLevers(off)).toEqual([]);
    expect(boxLevers(disabled)).toEqual([]);
  });

  it('incremental layout equals a full one with the lever in both modes', () => {
    for (const mode of ['first', 'last'] as const) {
      const { seed, n } = found[0]!;
      const settings = withBox(mode);
      const chapters = [{ id: 'a', title: '', source: source(seed, n) }, { id: 'b', title: '', source: source(seed + 7, n) }];
      const cache = new EngineCache();
      run({ title: 'T', settings, chapters }, cache);
      const edited = [{ ...chapters[0]!, source: chapters[0]!.source.replace('# Chapter', '# Chapter one') }, chapters[1]!];
      expect(dump(run({ title: 'T', settings, chapters: edited }, cache))).toBe(dump(run({ title: 'T', settings, chapters: edited })));
    }
  });
});
