import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { Op, type PageDisplayList, type PathItem } from '../../../src/worker/protocol/displaylist';
import { dump, run, runs, twoSubColumns } from './helpers';

/**
 * Foot room for the floats of a `:::columns` group (document-format §8.4 "cited figures float
 * normally", §12.7: a float goes in the first free slot after its mention — an auto or bottom
 * float the foot of the column its mention is set in, when it fits there). A segment of a group is
 * placed whole, so the floats it first mentions are queued under it; as the main flow keeps foot
 * room before a citing line, a segment is planned short by their foot band when the shorter
 * segment still holds every row mentioning them: a floating resource embedded (`::resource`) in a
 * snake group or cited in a callout box set in it (queued with the row of text after the embed or
 * box) and one cited by a `:ref` in a parallel stream (`flow=parallel`). (Before: no room was kept for either; the segment filled the
 * column, and the float went to a later page.)
 */
const oneLiners = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join('\n\n');
const single = (): LayoutSettings => ({ ...defaultSettings(), columns: 1 });
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160" viewBox="0 0 400 160"><rect x="0" y="0" width="400" height="160" fill="#ff0000"/></svg>');
const book = (source: string, settings: LayoutSettings, position: string): BookInput => ({
  title: 'T',
  settings,
  chapters: [{ id: 'ch1', title: '', source }],
  resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red band', placement: { position } }, payload: SVG }], {}),
});
const pictures = (pages: readonly PageDisplayList[]) => pages.flatMap((p) => p.items.filter((i): i is PathItem => i.op === Op.Path && i.fill === '#ff0000').map((i) => ({ page: p.index, frame: i.frame! })));
const pageOf = (pages: readonly PageDisplayList[], text: string) => pages.findIndex((p) => runs(p).some((r) => r.line?.role === 'body' && r.text === text));
/** Baselines of the page's body lines, pt. */
const bodyBaselines = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'body').map((r) => r.y);

describe(':::columns: foot room for the floats a segment mentions', () => {
  const settings = single();
  const { frame } = twoSubColumns(settings);

  /** The float set once, on the page of its mention, at the foot of the column under the group's lines there, within the type area. */
  const expectAtFootOf = (pages: readonly PageDisplayList[], page: number): void => {
    const set = pictures(pages);
    expect(set).toHaveLength(1);
    expect(set[0]!.page).toBe(page);
    const f = set[0]!.frame;
    expect(f.y).toBeGreaterThan(Math.max(...bodyBaselines(pages[page]!)));
    expect(f.y + f.h).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
  };

  it('an auto float embedded in the first segment of a snake group takes the foot of its page', () => {
    // The group runs over three pages; the embed stands after its fourth line, nothing cites it before.
    const source = `Intro.\n\n:::columns{count=2}\n${oneLiners(3, 'a')}\n\n::resource{id="red"}\n\nAnchor\n\n${oneLiners(240, 'b')}\n:::\n\nAfter.`;
    const layout = run(book(source, settings, 'auto'));
    expect(pageOf(layout.pages, "Anchor")).toBe(0);
    expectAtFootOf(layout.pages, 0);
    // The group goes on, on the next page: the band's rows were kept, no line lost.
    expect(pageOf(layout.pages, 'b239')).toBeGreaterThan(1);
  });

  it('a bottom float embedded in a later segment takes the foot of that page', () => {
    const source = `:::columns{count=2}\n${oneLiners(150, 'a')}\n\n::resource{id="red"}\n\nAnchor\n\n${oneLiners(150, 'b')}\n:::`;
    const layout = run(book(source, settings, 'bottom'));
    const page = pageOf(layout.pages, "Anchor");
    expect(page).toBeGreaterThan(0);
    expectAtFootOf(layout.pages, page);
  });

  it('an auto float cited in a callout box of a snake group takes the foot of its page', () => {
    const source = `Intro.\n\n:::columns{count=2}\n${oneLiners(3, 'a')}\n\n:::callout{type=note}\nBoxed, see :ref{id="red"}.\n:::\n\nAnchor\n\n${oneLiners(240, 'b')}\n:::\n\nAfter.`;
    const layout = run(book(source, settings, 'auto'));
    expect(pageOf(layout.pages, 'Anchor')).toBe(0);
    expectAtFootOf(layout.pages, 0);
  });

  it('an auto float cited by :ref in a parallel stream takes the foot of the citing page', () => {
    const source = `Intro.\n\n:::columns{count=2 flow=parallel}\n${oneLiners(120, 'a')}\n\n:::columnbreak\n\n${oneLiners(3, 'c')}\n\nSee :ref{id="red"} here.\n\n${oneLiners(120, 'b')}\n:::\n\nAfter.`;
    const layout = run(book(source, settings, 'auto'));
    expect(pageOf(layout.pages, 'See')).toBe(0);
    expectAtFootOf(layout.pages, 0);
    // Both streams go on level on the next page.
    expect(pageOf(layout.pages, 'a119')).toBeGreaterThan(0);
    expect(pageOf(layout.pages, 'b119')).toBeGreaterThan(0);
  });

  it('incremental equals full around a group embedding a float, in two page columns', () => {
    const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
    const group = `:::columns{count=2}\n${words(150, 'g')}\n\n::resource{id="red"}\n\n${words(400, 'k')}\n:::`;
    const input = (extra: string): BookInput => book(`# B\n\n${words(200, 'w')}${extra}\n\n${group}\n\nAfter ${words(50, 'z')}`, defaultSettings(), 'auto');
    const cache = new EngineCache();
    const first = run(input(''), cache);
    expect(pictures(first.pages)).toHaveLength(1);
    const edited = input(` ${words(120, 'y')}`);
    expect(dump(run(edited, cache))).toBe(dump(run(edited, new EngineCache(false))));
  });
});
