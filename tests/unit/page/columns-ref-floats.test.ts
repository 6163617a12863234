import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { Op, type PageDisplayList, type PathItem } from '../../../src/worker/protocol/displaylist';
import { dump, run, runs, twoSubColumns } from './helpers';

/**
 * A floating resource cited by a `:ref` in a `:::columns` group's text (document-format §8.4 "cited
 * figures float normally", §12.7) is queued at its citing line, as in the main flow: the first free
 * slot after that line — the foot of the column under the segment holding it, room kept there as
 * for a citing line, else the head of the next column — never before its first mention, once.
 * (Before: a `:ref` in a group queued nothing; the float waited for its embed, under the segment
 * holding the embed, and one never embedded was never set.)
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

describe(':::columns: floats cited by :ref queued at their line', () => {
  const settings = single();
  const { frame, pitch, width } = twoSubColumns(settings);

  it('an auto float cited in the first segment takes the foot of the citing page, its embed two pages on', () => {
    // The group runs over three pages; the float is cited on its fourth line and embedded near its end.
    const source = `Intro.\n\n:::columns{count=2}\n${oneLiners(3, 'a')}\n\nSee :ref{id="red"} here.\n\n${oneLiners(240, 'b')}\n\n::resource{id="red"}\n\n${oneLiners(4, 'c')}\n:::\n\nAfter.`;
    const layout = run(book(source, settings, 'auto'));
    const cited = pageOf(layout.pages, 'See');
    expect(cited).toBe(0);
    expect(pageOf(layout.pages, 'c0')).toBeGreaterThanOrEqual(cited + 2);
    const set = pictures(layout.pages);
    expect(set).toHaveLength(1);
    expect(set[0]!.page).toBe(cited);
    // At the column's foot, at its width (not a sub-column's), under every line of the group on that page and inside the type area.
    const f = set[0]!.frame;
    expect(f.w).toBeGreaterThan(width + 1);
    const lowest = Math.max(...runs(layout.pages[cited]!).filter((r) => r.line?.role === 'body').map((r) => r.y));
    expect(f.y).toBeGreaterThan(lowest);
    expect(f.y + f.h).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
    // The group goes on, level, on the next page (the band's rows were kept, not lost).
    expect(pageOf(layout.pages, 'b100')).toBeGreaterThan(0);
  });

  it('a top float cited in the first segment heads the next page, not the page after the embed', () => {
    const source = `Intro.\n\n:::columns{count=2}\n${oneLiners(3, 'a')}\n\nSee :ref{id="red"} here.\n\n${oneLiners(240, 'b')}\n\n::resource{id="red"}\n\n${oneLiners(4, 'c')}\n:::\n\nAfter.`;
    const layout = run(book(source, settings, 'top'));
    const set = pictures(layout.pages);
    expect(set).toHaveLength(1);
    expect(set[0]!.page).toBe(1);
    expect(set[0]!.frame.y).toBeLessThan(frame.contentTop + pitch);
  });

  it('a float a group cites by :ref and never embeds is set, once, after its mention', () => {
    const source = `Intro.\n\n:::columns{count=2}\n${oneLiners(6, 'a')}\n\nSee :ref{id="red"} here.\n\n${oneLiners(6, 'b')}\n:::\n\nAfter.`;
    const layout = run(book(source, settings, 'auto'));
    const set = pictures(layout.pages);
    expect(set).toHaveLength(1);
    expect(set[0]!.page).toBeGreaterThanOrEqual(pageOf(layout.pages, 'See'));
  });

  it('a float cited by :ref in a parallel stream is set, once', () => {
    const source = `:::columns{count=2}\n${oneLiners(6, 'a')}\n\n:::columnbreak\n\nSee :ref{id="red"} here.\n\n${oneLiners(6, 'b')}\n:::\n\nAfter.`;
    expect(pictures(run(book(source, settings, 'auto')).pages)).toHaveLength(1);
  });

  for (const [what, mention] of [
    ['citing a float by :ref', ' as :ref{id="red"} shows.'],
    ['embedding a float', '\n\n::resource{id="red"}'],
  ] as const) {
    it(`incremental equals full around a group ${what}, in two page columns`, () => {
      const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
      const group = `:::columns{count=2}\n${words(150, 'g')}${mention}\n\n${words(400, 'k')}\n:::`;
      const input = (extra: string): BookInput => book(`# B\n\n${words(200, 'w')}${extra}\n\n${group}\n\nAfter ${words(50, 'z')}`, defaultSettings(), 'auto');
      const cache = new EngineCache();
      const first = run(input(''), cache);
      expect(pictures(first.pages)).toHaveLength(1);
      const edited = input(` ${words(120, 'y')}`);
      expect(dump(run(edited, cache))).toBe(dump(run(edited, new EngineCache(false))));
    });
  }
});

/**
 * Foot room for the floats of a `:::columns` group (§12.7: a float goes in the first free slot after
 * its mention — an auto or bottom float the foot of the column its mention is set in, when it fits
 * there). A segment of a group is placed whole, so the floats it first mentions are queued under
 * it; as the main flow keeps foot room before a citing line, a segment is planned short by their
 * foot band when the shorter segment still holds every row mentioning them: a floating resource
 * embedded (`::resource`) in a snake group or cited in a callout box set in it (queued with the row
 * of text after the embed or box) and one cited by a `:ref` in a parallel stream (`flow=parallel`).
 * (Before: no room was kept for either; the segment filled the column, and the float went to a
 * later page.)
 */
describe(':::columns: foot room for the floats a segment mentions', () => {
  const settings = single();
  const { frame } = twoSubColumns(settings);

  /** The float set once, on the page of its mention, at the foot of the column under the group's lines there, within the type area. */
  const expectAtFootOf = (pages: readonly PageDisplayList[], page: number): void => {
    const set = pictures(pages);
    expect(set).toHaveLength(1);
    expect(set[0]!.page).toBe(page);
    const f = set[0]!.frame;
    expect(f.y).toBeGreaterThan(Math.max(...runs(pages[page]!).filter((r) => r.line?.role === 'body').map((r) => r.y)));
    expect(f.y + f.h).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
  };

  for (const [what, mention] of [
    ['embedded in', '::resource{id="red"}'],
    ['cited in a callout box of', ':::callout{type=note}\nBoxed, see :ref{id="red"}.\n:::'],
  ] as const) {
    it(`an auto float ${what} the first segment of a snake group takes the foot of its page`, () => {
      // The group runs over three pages; the mention stands after its third line, nothing cites the float before.
      const source = `Intro.\n\n:::columns{count=2}\n${oneLiners(3, 'a')}\n\n${mention}\n\nAnchor\n\n${oneLiners(240, 'b')}\n:::\n\nAfter.`;
      const layout = run(book(source, settings, 'auto'));
      expect(pageOf(layout.pages, 'Anchor')).toBe(0);
      expectAtFootOf(layout.pages, 0);
      // The group goes on, on the next pages: the band's rows were kept, no line lost.
      expect(pageOf(layout.pages, 'b239')).toBeGreaterThan(1);
    });
  }

  it('a bottom float embedded in a later segment takes the foot of that page', () => {
    const source = `:::columns{count=2}\n${oneLiners(150, 'a')}\n\n::resource{id="red"}\n\nAnchor\n\n${oneLiners(150, 'b')}\n:::`;
    const layout = run(book(source, settings, 'bottom'));
    const page = pageOf(layout.pages, 'Anchor');
    expect(page).toBeGreaterThan(0);
    expectAtFootOf(layout.pages, page);
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
});
