/**
 * A callout box in a running-text `:::columns` group whose placement is not plain flow
 * (page/columns-group-box.ts; configuration.md §13.4, document-format §8.1, §8.4, §12.7, §12.8).
 * Our reading: a floated, fixed or page-wide box leaves the group — set at the group's level (the
 * text column's width, or the page's) as the main flow sets it, queued under the segment holding
 * its place (foot room kept under that segment for one that may take the column's foot) — while a
 * wrapped box and a float barrier are set in their sub-column. Before, each of them made the whole
 * group flow plain. One page column of default settings unless said.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type PageDisplayList, type PathItem, type RectItem } from '../../../src/worker/protocol/displaylist';
import { expectOpeningEditEqualsFull, oneChapterBook, run, runs, twoSubColumns } from './helpers';

const oneLiners = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join('\n\n');
const single = (): LayoutSettings => ({ ...defaultSettings(), columns: 1 });
const boxes = (page: PageDisplayList): RectItem[] => page.items.filter((i): i is RectItem => i.op === Op.Rect && i.fill !== undefined);
const bodyRun = (page: PageDisplayList, text: string) => runs(page).find((r) => r.line?.role === 'body' && r.text.startsWith(text))!;
/** A group of six one-liners, the box (`fence` attributes), six more, then a line after the group. */
const grouped = (fence: string): string => `:::columns{count=2}\n${oneLiners(6, 'a')}\n\n:::callout{${fence}}\nBoxed words.\n:::\n\n${oneLiners(6, 'b')}\n:::\n\nAfter the group.`;

/** The group's one-liners stand in two sub-columns: b0 (the seventh of twelve rows) opens the second, level with a0. */
function expectSubColumns(page: PageDisplayList): void {
  const a0 = bodyRun(page, 'a0');
  const b0 = bodyRun(page, 'b0');
  expect(b0.y).toBeCloseTo(a0.y, 2);
  expect(b0.xs[0]!).toBeGreaterThan(a0.xs[0]! + 50);
}

/** The settings with the `note` box style a float barrier (§12.7). */
const withBarrier = (settings: LayoutSettings): LayoutSettings => ({ ...settings, callouts: { ...settings.callouts, styles: { ...settings.callouts.styles, note: { ...settings.callouts.styles['note']!, floatBarrier: true } } } });
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160" viewBox="0 0 400 160"><rect x="0" y="0" width="400" height="160" fill="#ff0000"/></svg>');
/** A book whose one resource `red` is a figure floating to `top`. */
const withFigure = (source: string, settings: LayoutSettings): BookInput => ({
  title: 'T',
  settings,
  chapters: [{ id: 'ch1', title: '', source }],
  resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red band', placement: { position: 'top' } }, payload: SVG }], {}),
});
const pictures = (pages: readonly PageDisplayList[]) => pages.flatMap((p) => p.items.filter((i): i is PathItem => i.op === Op.Path && i.fill === '#ff0000').map((i) => ({ page: p.index, frame: i.frame! })));

describe('a callout box leaving a :::columns group', () => {
  const settings = single();
  const { frame, width, left } = twoSubColumns(settings);

  it('floated (placement bottom): at the foot of the text column at its width, the group in sub-columns', () => {
    const page = run(oneChapterBook(grouped('type=note placement=bottom'), settings)).pages[0]!;
    expectSubColumns(page);
    const [box, ...more] = boxes(page);
    expect(more).toEqual([]);
    expect(box!.x).toBeCloseTo(frame.contentLeft, 1);
    expect(box!.w).toBeCloseTo(frame.contentWidth, 1);
    expect(box!.y + box!.h).toBeCloseTo(frame.contentTop + frame.contentHeight, 0);
    const boxed = runs(page).find((r) => r.text.includes('Boxed'))!;
    expect(boxed.y).toBeGreaterThan(box!.y);
    expect(boxed.y).toBeLessThan(box!.y + box!.h);
    // The text after the group is not displaced by the box: under the group's six rows.
    expect(bodyRun(page, 'After').y).toBeLessThan(box!.y);
  });

  it('floated (placement bottom) from a group running on: its segment keeps foot room, the box at the foot of the page it is met on', () => {
    const source = `:::columns{count=2}\n${oneLiners(3, 'a')}\n\n:::callout{type=note placement=bottom}\nBoxed words.\n:::\n\n${oneLiners(200, 'b')}\n:::`;
    const { pages } = run(oneChapterBook(source, settings));
    const onPage = pages.findIndex((p) => boxes(p).length > 0);
    expect(onPage).toBe(0);
    const box = boxes(pages[0]!)[0]!;
    expect(box.y + box.h).toBeCloseTo(frame.contentTop + frame.contentHeight, 0);
    // The group's rows on page 0 end above the box (the segment planned short by its band), in both sub-columns.
    const lowest = Math.max(...runs(pages[0]!).filter((r) => r.line?.role === 'body' && !r.text.includes('Boxed')).map((r) => r.y));
    expect(lowest).toBeLessThan(box.y);
    const a0 = bodyRun(pages[0]!, 'a0');
    expect(runs(pages[0]!).some((r) => r.line?.role === 'body' && Math.abs(r.y - a0.y) < 1e-3 && r.xs[0]! > left(1) - 1e-3)).toBe(true);
  });

  it('fixed: pinned at its anchor (the type area\'s bottom-left), the group in sub-columns', () => {
    const page = run(oneChapterBook(grouped('type=note placement=fixed'), settings)).pages[0]!;
    expectSubColumns(page);
    const [box] = boxes(page);
    expect(box!.x).toBeCloseTo(frame.contentLeft, 1);
    expect(box!.w).toBeCloseTo(frame.contentWidth, 1);
    expect(box!.y + box!.h).toBeCloseTo(frame.contentTop + frame.contentHeight, 0);
  });

  it('spanning the page in a two-column page: a page-wide band at the page\'s foot, the group in sub-columns of its column', () => {
    const two = defaultSettings();
    const f = pageFrame(two, 0);
    const page = run(oneChapterBook(grouped('type=note span=page'), two)).pages[0]!;
    expectSubColumns(page);
    expect(bodyRun(page, 'b0').xs[0]!).toBeLessThan(f.columnX[1]!);
    const [box] = boxes(page);
    expect(box!.x).toBeCloseTo(f.contentLeft, 1);
    expect(box!.w).toBeCloseTo(f.contentWidth, 1);
    expect(box!.y).toBeGreaterThan(bodyRun(page, 'After').y);
  });

  it('wrapped: set in flow across its sub-column, at the sub-column\'s width', () => {
    const page = run(oneChapterBook(grouped('type=note wrap=right width=0.4'), settings)).pages[0]!;
    const [box] = boxes(page);
    expect(box!.x).toBeCloseTo(left(1), 1);
    expect(box!.w).toBeCloseTo(width, 1);
    // a0…a5 in the first sub-column, the box heading the second, then b0 (indented) under it.
    const a0 = bodyRun(page, 'a0');
    expect(box!.y).toBeLessThan(a0.y);
    expect(bodyRun(page, 'b0').xs[0]!).toBeGreaterThan(left(1));
    expect(bodyRun(page, 'b0').xs[0]!).toBeLessThan(left(1) + 20);
    expect(bodyRun(page, 'b0').y).toBeGreaterThan(box!.y + box!.h);
  });

  it('a float barrier: set in its sub-column, the group in sub-columns', () => {
    const page = run(oneChapterBook(grouped('type=note'), withBarrier(settings))).pages[0]!;
    const [box] = boxes(page);
    expect(box!.x).toBeCloseTo(left(1), 1);
    expect(box!.w).toBeCloseTo(width, 1);
    expect(bodyRun(page, 'b0').y).toBeGreaterThan(box!.y + box!.h);
  });

  it('a float barrier: a top float cited before the group is set before the box — the group\'s rows above the box first (without a barrier the box goes first)', () => {
    const source = `Intro. See :ref{id="red"} here.\n\n${grouped('type=note')}`;
    const free = run(withFigure(source, settings)).pages;
    expect(pictures(free)[0]!.page).toBe(1);
    expect(boxes(free[0]!)).toHaveLength(1);
    const barred = run(withFigure(source, withBarrier(settings))).pages;
    const [float] = pictures(barred);
    expect(float!.page).toBe(1);
    // a0…a5, above the box, stay on page 0 in two sub-columns (a3 level with a0), as text before a barrier does in the main flow.
    const a0 = bodyRun(barred[0]!, 'a0');
    expect(bodyRun(barred[0]!, 'a3').y).toBeCloseTo(a0.y, 2);
    expect(boxes(barred[0]!)).toEqual([]);
    // The box opens page 1's part of the group, under the float, b0 under the box.
    const page = barred[1]!;
    const [box] = boxes(page);
    expect(box!.x).toBeCloseTo(left(0), 1);
    expect(box!.y).toBeGreaterThan(float!.frame.y + float!.frame.h);
    expect(bodyRun(page, 'b0').y).toBeGreaterThan(box!.y + box!.h);
  });

  /** The group with `red` cited by `:ref` in its first line, before the box. */
  const citing = (fence: string): string => grouped(fence).replace('a0', 'a0 :ref{id="red"}');

  it('a float barrier holds back a top float the group itself cites before it: the rows above the box, the float, then the box (fails when only floats cited before the group are held)', () => {
    const free = run(withFigure(citing('type=note'), settings)).pages;
    expect(pictures(free)[0]!.page).toBe(1);
    expect(boxes(free[0]!)).toHaveLength(1);
    const barred = run(withFigure(citing('type=note'), withBarrier(settings))).pages;
    const [float] = pictures(barred);
    expect(float!.page).toBe(1);
    expect(bodyRun(barred[0]!, 'a3').y).toBeCloseTo(bodyRun(barred[0]!, 'a0').y, 2);
    expect(boxes(barred[0]!)).toEqual([]);
    const [box] = boxes(barred[1]!);
    expect(box!.y).toBeGreaterThan(float!.frame.y + float!.frame.h);
    expect(bodyRun(barred[1]!, 'b0').y).toBeGreaterThan(box!.y + box!.h);
  });

  it('a float barrier after a float the group cites that takes the column\'s foot at once: the group goes on under the rows above the box, on the same page', () => {
    const bottom = (source: string, s: LayoutSettings): BookInput => {
      const book = withFigure(source, s);
      return { ...book, resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red band', placement: { position: 'bottom' } }, payload: SVG }], {}) };
    };
    const barred = run(bottom(citing('type=note'), withBarrier(settings))).pages;
    const [float] = pictures(barred);
    expect(float!.page).toBe(0);
    const page = barred[0]!;
    const [box] = boxes(page);
    // a0…a5 balanced above the box (a3 level with a0), the box across the first sub-column under them, above the float.
    const a0 = bodyRun(page, 'a0');
    expect(bodyRun(page, 'a3').y).toBeCloseTo(a0.y, 2);
    expect(box!.x).toBeCloseTo(left(0), 1);
    expect(box!.y).toBeGreaterThan(bodyRun(page, 'a2').y);
    expect(box!.y + box!.h).toBeLessThan(float!.frame.y);
    // Without the barrier the box heads the second sub-column, level with a0's row.
    const [free] = boxes(run(bottom(citing('type=note'), settings)).pages[0]!);
    expect(free!.x).toBeCloseTo(left(1), 1);
    expect(free!.y).toBeLessThan(a0.y);
  });

  it('a float barrier after a mention of a float already set (cited before the group) cuts nothing: the box in its sub-column as without a mention', () => {
    const bottom: BookInput = { ...withFigure(`Intro. See :ref{id="red"} here.\n\n${citing('type=note')}`, withBarrier(settings)), resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red band', placement: { position: 'bottom' } }, payload: SVG }], {}) };
    const { pages } = run(bottom);
    const [float] = pictures(pages);
    expect(float!.page).toBe(0);
    const [box] = boxes(pages[0]!);
    expect(box!.x).toBeCloseTo(left(1), 1);
    expect(box!.y).toBeLessThan(bodyRun(pages[0]!, 'a0').y);
  });

  it('a box floated out at the group\'s end, after its last row citing a float: the float is queued first, and a barrier sets it before the box — as in running text (fails when the box is queued before the last row\'s :ref)', () => {
    // The last row of text cites `red`; the box (floated to the top) follows it, the group's last block.
    const tail = `${oneLiners(11, 'a')}\n\na11 :ref{id="red"}\n\n:::callout{type=note placement=top}\nBoxed words.\n:::`;
    const placements = (pages: readonly PageDisplayList[]) => ({ floats: pictures(pages), boxes: pages.flatMap((p) => boxes(p).map((b) => ({ page: p.index, x: b.x, y: b.y }))) });
    for (const position of ['bottom', 'top'] as const) {
      for (const s of [settings, withBarrier(settings)]) {
        const book = (source: string): BookInput => ({ ...withFigure(source, s), resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red band', placement: { position } }, payload: SVG }], {}) });
        const grouped = run(book(`:::columns{count=2}\n${tail}\n:::\n\nAfter the group.`)).pages;
        const plain = run(book(`${tail}\n\nAfter the group.`)).pages;
        // Set once, where running text with the same mentions sets the float and the box.
        expect(pictures(grouped)).toHaveLength(1);
        expect(placements(grouped)).toEqual(placements(plain));
        const [float] = pictures(grouped);
        const [box] = placements(grouped).boxes;
        if (position === 'bottom') {
          // At page 0's foot under the group, where it is cited; the box heads page 1.
          expect(float!.page).toBe(0);
          expect(box!.page).toBe(1);
        } else {
          // Heading page 1, the box under it (free) or, behind the barrier, on the next page.
          expect(float!.page).toBe(1);
          expect(box!.page > 1 || box!.y > float!.frame.y + float!.frame.h).toBe(true);
        }
      }
    }
  });

  it('a float barrier in a parallel stream holds back a float the level rows above it cite', () => {
    // Stream 1: a paragraph citing `red`, then another; stream 2: a paragraph, then the box (two blocks each: level rows).
    const long = (tag: string) => Array.from({ length: 30 }, (_, i) => `${tag}${i}`).join(' ');
    const source = `:::columns{count=2 breaks=3}\nP ${long('p')} :ref{id="red"}\n\nQ ${long('q')}\n\nR ${long('r')}\n\n:::callout{type=note}\nBoxed words.\n:::\n:::`;
    const free = run(withFigure(source, settings)).pages;
    expect(boxes(free[0]!)).toHaveLength(1);
    const barred = run(withFigure(source, withBarrier(settings))).pages;
    const [float] = pictures(barred);
    expect(float!.page).toBe(1);
    // The first blocks of both streams on page 0, the second ones (Q and the box) under the float on page 1.
    expect(runs(barred[0]!).some((r) => r.text.startsWith('P'))).toBe(true);
    expect(runs(barred[0]!).some((r) => r.text.startsWith('R'))).toBe(true);
    const [box] = boxes(barred[1]!);
    expect(box!.x).toBeCloseTo(left(1), 1);
    expect(box!.y).toBeGreaterThan(float!.frame.y + float!.frame.h);
    const q = bodyRun(barred[1]!, 'Q');
    expect(q.xs[0]!).toBeLessThan(left(1));
    expect(q.y).toBeGreaterThan(float!.frame.y + float!.frame.h);
    expect(q.y).toBeLessThan(box!.y + box!.h);
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
    const group = (fence: string) => `:::columns{count=2}\n${words(90, 'g')}\n\n:::callout{${fence}}\n${words(30, 'x')}\n:::\n\n${words(120, 'k')}\n:::`;
    const source = [words(150, 'w'), group('type=note placement=top'), words(80, 'v'), group('type=note placement=fixed'), words(60, 'u'), group('type=note wrap=left'), words(40, 't'), group('type=note placement=bottom'), `After ${words(40, 'z')}`].join('\n\n');
    expectOpeningEditEqualsFull((s) => oneChapterBook(s, settings), source);
    expectOpeningEditEqualsFull((s) => oneChapterBook(s, defaultSettings()), source.replace('placement=top', 'span=page'));
    // Float barriers after floats the groups cite, in a snake group and in parallel streams; a barrier box floated out at a group's end.
    const barred = `${words(100, 'w')}\n\n${citing('type=note')}\n\n${words(80, 'v')}\n\n:::columns{count=2 breaks=2}\nS ${words(60, 's')} :ref{id="red"}\n\n:::callout{type=note}\n${words(20, 'x')}\n:::\n:::\n\n${words(60, 'u')}\n\n${citing('type=note placement=top')}\n\n:::columns{count=2}\n${words(50, 'y')} :ref{id="red"}\n\n:::callout{type=note placement=top}\nBoxed words.\n:::\n:::`;
    expectOpeningEditEqualsFull((s) => withFigure(s, withBarrier(settings)), barred);
  });
});
