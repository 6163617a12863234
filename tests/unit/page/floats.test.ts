import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type BookInput } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type PageDisplayList, type PathItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { columnOf, dump, run, runs } from './helpers';
import { citingRows, offGridSettings } from './off-grid-lines';

const SVG = (fill: string) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120"><rect x="0" y="0" width="200" height="120" fill="${fill}"/></svg>`);

function floatBook(seed: number, placement: Record<string, unknown> = {}, lead = 3): BookInput {
  const random = mulberry32(seed);
  const paragraphs = Array.from({ length: 30 }, () => paragraph(random));
  paragraphs[lead] += ' As :ref{id="red"} shows, and later :ref{id="blue"} too.';
  return {
    title: 'Floats',
    settings: defaultSettings(),
    chapters: [{ id: 'ch1', title: '', source: `# Floats\n\n${paragraphs.join('\n\n')}\n` }],
    resources: prepareResources(
      [
        { record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement }, payload: SVG('#ff0000') },
        { record: { id: 'blue', typeId: 'figure', kind: 'svg', caption: 'A blue field', placement }, payload: SVG('#0000ff') },
      ],
      {},
    ),
  };
}

/** Where a float drawn with a given fill landed: page index, column, top and bottom y (pt). */
function floatBox(layout: ReturnType<typeof run>, fill: string, settings = defaultSettings()) {
  for (const page of layout.pages) {
    const path = page.items.find((i): i is PathItem => i.op === Op.Path && i.fill === fill);
    if (!path) continue;
    const numbers = (path.d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    const xs = numbers.filter((_, i) => i % 2 === 0);
    const ys = numbers.filter((_, i) => i % 2 === 1);
    return { page, column: columnOf(settings, page, Math.min(...xs)), top: Math.min(...ys), bottom: Math.max(...ys) };
  }
  throw new Error(`no float filled ${fill}`);
}

function citingLine(layout: ReturnType<typeof run>): { page: PageDisplayList; y: number; column: number } {
  for (const page of layout.pages) {
    const r = runs(page).find((run) => run.line?.role === 'body' && run.text.includes('Fig'));
    if (r) return { page, y: r.y, column: columnOf(defaultSettings(), page, r.xs[0]!) };
  }
  throw new Error('no citing line');
}

describe('floats (document-format §12.7)', () => {
  it('sets an auto float after its citing line: at the foot of the citing column when there is room, never before it', () => {
    const layout = run(floatBook(1));
    const cite = citingLine(layout);
    const red = floatBox(layout, '#ff0000');
    const before = red.page.index < cite.page.index || (red.page.index === cite.page.index && (red.column < cite.column || (red.column === cite.column && red.top < cite.y)));
    expect(before).toBe(false);
    // Cited early in the chapter, there is room at the foot of the citing column.
    expect([red.page.index, red.column]).toEqual([cite.page.index, cite.column]);
    {
      // A foot float: no body line of that column below its top.
      const frame = pageFrame(defaultSettings(), red.page.index);
      const below = runs(red.page).filter((r) => r.line?.role === 'body' && columnOf(defaultSettings(), red.page, r.xs[0]!) === red.column && r.y > red.top);
      expect(below).toEqual([]);
      expect(red.bottom).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
    }
  });

  it('sets a top float at the head of a later column', () => {
    const layout = run(floatBook(2, { position: 'top' }));
    const cite = citingLine(layout);
    const red = floatBox(layout, '#ff0000');
    const frame = pageFrame(defaultSettings(), red.page.index);
    expect(red.top).toBeLessThan(frame.contentTop + 1);
    expect(red.page.index * 10 + red.column).toBeGreaterThan(cite.page.index * 10 + cite.column);
  });

  it('keeps floats in citation order and never lets text run through them', () => {
    for (const placement of [{}, { position: 'top' }, { position: 'bottom' }]) {
      const layout = run(floatBook(3, placement));
      const red = floatBox(layout, '#ff0000');
      const blue = floatBox(layout, '#0000ff');
      const order = (b: typeof red) => b.page.index * 1e6 + b.column * 1e4 + b.top;
      expect(order(blue)).toBeGreaterThan(order(red));
      for (const box of [red, blue]) {
        const through = runs(box.page).filter((r) => r.line?.role === 'body' && columnOf(defaultSettings(), box.page, r.xs[0]!) === box.column && r.y > box.top && r.y < box.bottom);
        expect(through, JSON.stringify(placement)).toEqual([]);
      }
    }
  });

  it('sets each float once, even when a ::resource line mentions it again', () => {
    const input = floatBook(4);
    input.chapters = [{ ...input.chapters[0]!, source: input.chapters[0]!.source + '\n::resource{id="red"}\n' }];
    const layout = run(input);
    const reds = layout.pages.flatMap((p) => p.items.filter((i) => i.op === Op.Path && i.fill === '#ff0000'));
    expect(reds.length).toBe(1);
  });

  it('relays out incrementally to what a full layout gives', () => {
    const random = mulberry32(5);
    let input = floatBook(6);
    const cache = new EngineCache();
    run(input, cache);
    for (let edit = 0; edit < 3; edit++) {
      const source = input.chapters[0]!.source;
      const at = source.indexOf('\n\n', Math.floor(random() * source.length));
      input = { ...input, chapters: [{ ...input.chapters[0]!, source: source.slice(0, at) + `\n\n${paragraph(random)}` + source.slice(at) }] };
      expect(dump(run(input, cache))).toBe(dump(run(input)));
    }
  });
});

describe('side floats in a oneAndHalf layout with a float-only side column', () => {
  it('stack in the side channel from the head of the citing page', () => {
    const input = floatBook(7, { span: 'side' });
    const settings = { ...defaultSettings(), columns: 1, sideColumn: { percent: 33, role: 'floats' as const, side: 'right' as const } };
    input.settings = settings;
    const layout = run(input);
    const cite = (() => {
      for (const page of layout.pages) if (runs(page).some((r) => r.line?.role === 'body' && r.text.includes('Fig'))) return page;
      throw new Error('no citing line');
    })();
    const red = floatBox(layout, '#ff0000', settings);
    const blue = floatBox(layout, '#0000ff', settings);
    const frame = pageFrame(settings, cite.index);
    expect(red.page).toBe(cite);
    for (const box of [red, blue]) {
      const path = box.page.items.find((i): i is PathItem => i.op === Op.Path && (i.fill === '#ff0000' || i.fill === '#0000ff'))!;
      const xs = (path.d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number).filter((_, i) => i % 2 === 0);
      expect(Math.min(...xs)).toBeGreaterThanOrEqual(frame.side!.x - 0.01);
      expect(Math.max(...xs)).toBeLessThanOrEqual(frame.side!.x + frame.side!.width + 0.01);
    }
    expect(red.top).toBeCloseTo(frame.contentTop, 1);
    expect(blue.page).toBe(red.page);
    expect(blue.top).toBeGreaterThan(red.bottom);
    // The text keeps to the main column.
    for (const page of layout.pages) for (const r of runs(page)) if (r.line?.role === 'body') expect(Math.max(...r.xs)).toBeLessThan(pageFrame(settings, page.index).side!.x);
  });
});

describe('floats cited by lines off the grid (a paragraph style or a section bodyStyle at a leading of its own)', () => {
  // 7 pt type on 9 pt lines: off the 12 pt body grid, placed line under line (off-grid-lines.ts).
  const styled = offGridSettings();
  /** 80 one-line rows (hard line breaks), row 10 citing `red`. */
  const rows = citingRows(80, 10, ' :ref{id="red"}');
  const book = (source: string, position: string, wrapped = false): BookInput => ({
    title: 'T',
    settings: styled,
    chapters: [{ id: 'ch1', title: '', source }],
    resources: prepareResources(
      [
        { record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement: { position } as never }, payload: SVG('#ff0000') },
        ...(wrapped ? [{ record: { id: 'green', typeId: 'figure', kind: 'svg', caption: 'A green field', placement: { position: 'here', wrap: 'right' } } as never, payload: SVG('#00ff00') }] : []),
      ],
      {},
    ),
  });
  const sources: [string, string, boolean][] = [
    ['a styled paragraph', `Intro.\n\n:::paragraphs{style="tight"}\n${rows}\n:::\n\nAfter.\n`, false],
    ['a styled paragraph beside a wrapped figure', `Intro.\n\n::resource{id="green"}\n\n:::paragraphs{style="tight"}\n${rows}\n:::\n\nAfter.\n`, true],
    ['a list item in a section with such a bodyStyle', `# Aside {style="aside"}\n\n- ${rows}\n`, false],
  ];
  const reds = (pages: readonly PageDisplayList[]) => pages.flatMap((p) => p.items.filter((i): i is PathItem => i.op === Op.Path && i.fill === '#ff0000').map((i) => ({ page: p, frame: i.frame! })));

  for (const [name, source, wrapped] of sources) {
    it(`${name}: a float its :ref cites is set once, after the citing line — bottom at the foot of its page under the text, top heading the next (before: never set)`, () => {
      const bottom = reds(run(book(source, 'bottom', wrapped)).pages);
      expect(bottom).toHaveLength(1);
      const { page, frame } = bottom[0]!;
      expect(page.index).toBe(0);
      expect(runs(page).some((r) => r.text.includes('cites'))).toBe(true);
      for (const line of runs(page).filter((r) => r.line?.role === 'body')) expect(line.y).toBeLessThan(frame.y);
      const top = reds(run(book(source, 'top', wrapped)).pages);
      expect(top).toHaveLength(1);
      expect(top[0]!.page.index).toBe(1);
      expect(top[0]!.frame.y).toBeCloseTo(pageFrame(styled, 1).contentTop, 0);
    });
  }
});
