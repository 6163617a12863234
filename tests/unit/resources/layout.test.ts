import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../src/worker/config';
import { defaultSettings, EngineCache, layoutBook, prepareResources, type BookInput } from '../../../src/worker/engine';
import { Op, serializeDisplayList, type GlyphRunItem, type ImageItem, type PageDisplayList, type PathItem, type RectItem, type RuleItem } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';
import { readText } from '../../support/run-text';
import { HOSTILE_SVG, makePng } from '../../fixtures/resources/pictures';
import type { ResourceRecordInput } from '../../../src/worker/engine/resources/model';

const fonts = nodeFontRegistry();

function oneColumn() {
  const settings = defaultSettings();
  settings.columns = 1;
  return settings;
}

function layout(chapters: string[], resources: { record: ResourceRecordInput; payload?: Uint8Array }[], config: JsonObject = {}) {
  const input: BookInput = {
    title: 'Resources',
    settings: oneColumn(),
    chapters: chapters.map((source, i) => ({ id: `ch${i + 1}`, title: '', source })),
    resources: prepareResources(resources, config),
  };
  const gen = layoutBook(input, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

const items = <T>(pages: PageDisplayList[], op: number): T[] => pages.flatMap((p) => p.items.filter((i) => i.op === op)) as T[];
const text = (pages: PageDisplayList[]): string => readText(items<GlyphRunItem>(pages, Op.GlyphRun), fonts);

const figure = (id: string, px: number, extra: Partial<ResourceRecordInput> = {}) => ({
  record: { id, typeId: 'figure', kind: 'bitmap', resolution: 300, caption: `The *${id}* picture`, ...extra },
  payload: makePng(px, px / 2),
});

describe('figures in the display list', () => {
  it("draws a bitmap at the size its bytes and resolution imply (1200 px at 300 ppi = 288 pt)", () => {
    const book = layout(['# One\n\nSee :ref{id="map"}.\n\n::resource{id="map"}\n\nAfter the figure.'], [figure('map', 1200)]);
    const [image] = items<ImageItem>(book.pages, Op.Image);
    expect(image).toBeDefined();
    expect(image!.w).toBe(288);
    expect(image!.h).toBe(144);
    expect(image!.resource).toBe('map');
    // The caption follows the picture: label with the number, then the caption text.
    const caption = items<GlyphRunItem>(book.pages, Op.GlyphRun).filter((r) => r.line?.role === 'caption');
    expect(caption.map((r) => r.text).join('')).toContain('Figure\u00a01.1.');
    expect(Math.min(...caption.map((r) => r.y))).toBeGreaterThan(image!.y + image!.h);
  });

  it('follows page.dpi for a bitmap without its own resolution', () => {
    const book = layout(['::resource{id="map"}'], [{ record: { id: 'map', typeId: 'figure', kind: 'bitmap' }, payload: makePng(600, 300) }], { page: { dpi: 150 } });
    expect(items<ImageItem>(book.pages, Op.Image)[0]!.w).toBe(288);
  });

  it('numbers figures in first-reference order and :ref prints the number in each form', () => {
    const chapters = [
      '# First\n\nWe cite :ref{id="b"} before :ref{id="a"}, then :ref{id="a" style="full"} and :ref{id="b" style="number"} and :ref{id="a" case="upper"}.',
      '# Second\n\nHere is :ref{id="c"} and again :ref{id="b"}.\n\n::resource{id="c"}',
    ];
    const resources = [figure('a', 300), figure('b', 300), figure('c', 300)];
    const before = text(layout(chapters, resources).pages);
    expect(before).toContain('Fig.\u00a01.1 before Fig.\u00a01.2');
    expect(before).toContain('Figure\u00a01.2');
    expect(before).toMatch(/ 1\.1 and/);
    expect(before).toContain('FIG.\u00a01.2');
    // Counters reset at each H1 ({h1}.{n}); later references reuse the number.
    expect(before).toContain('Fig.\u00a02.1 and again Fig.\u00a01.1');
    expect(before).toContain('Figure\u00a02.1.');
    // Reordering the citations renumbers.
    const swapped = text(layout([chapters[0]!.replace(':ref{id="b"} before :ref{id="a"}', ':ref{id="a"} before :ref{id="b"}'), chapters[1]!], resources).pages);
    expect(swapped).toContain('Fig.\u00a01.1 before Fig.\u00a01.2');
    expect(swapped).toContain('again Fig.\u00a01.2');
  });

  it('a missing resource is a placeholder naming it, not a crash; unknown :ref prints ?', () => {
    const book = layout(['See :ref{id="ghost"}.\n\n::resource{id="ghost"}'], []);
    const rects = items<RectItem>(book.pages, Op.Rect);
    expect(rects.some((r) => r.fill === '#f2f2f2')).toBe(true);
    expect(text(book.pages)).toContain('See ?.');
    expect(text(book.pages)).toContain('\u201cghost\u201d');
  });

  it('draws SVG drawings as vector paths, without what must not run', () => {
    const book = layout(['::resource{id="d"}'], [{ record: { id: 'd', typeId: 'figure', kind: 'svg' }, payload: new TextEncoder().encode(HOSTILE_SVG) }]);
    const paths = items<PathItem>(book.pages, Op.Path);
    expect(paths).toHaveLength(3);
    expect(paths.map((p) => p.fill ?? p.stroke)).toEqual(['#336699', '#ff0000', '#0000ff']);
    expect(items(book.pages, Op.Image)).toHaveLength(0);
    expect(JSON.stringify(book.pages)).not.toContain('attacker');
  });

  it('sets SVG text in the book’s fonts at its anchor', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><g font-family="Open Sans" font-size="20" fill="#123456"><text x="200" y="50" text-anchor="middle">Lantern <tspan font-weight="bold">room</tspan></text></g></svg>`;
    const book = layout(['::resource{id="s"}'], [{ record: { id: 's', typeId: 'figure', kind: 'svg' }, payload: new TextEncoder().encode(svg) }]);
    const runs = items<GlyphRunItem>(book.pages, Op.GlyphRun).filter((r) => r.text.includes('Lantern'));
    expect(runs).toHaveLength(1);
    // 20 px = 15 pt at natural size; the drawing (300 pt) fits the column, so it is not scaled.
    expect(runs[0]!.size).toBe(15);
    expect(runs[0]!.fill).toBe('#123456');
    expect(runs[0]!.text).toBe('Lantern room');
    // Centred on x = 200 px = 150 pt from the drawing's left edge.
    const left = Math.min(...runs[0]!.xs);
    const frameLeft = defaultSettings().margins.left;
    expect(left).toBeLessThan(frameLeft + 150);
    expect(left).toBeGreaterThan(frameLeft + 150 - 60);
  });

  it('recolours SVG to one ink with diagramStyle.singleInk', () => {
    const book = layout(['::resource{id="d"}'], [{ record: { id: 'd', typeId: 'figure', kind: 'svg' }, payload: new TextEncoder().encode(HOSTILE_SVG) }], { diagramStyle: { singleInk: true, inkColor: '#ff0000' } });
    const fills = items<PathItem>(book.pages, Op.Path).map((p) => p.fill).filter(Boolean);
    // Pure red ink tints: the green and blue channels equal, red full.
    for (const fill of fills) expect(fill!.slice(1, 3)).toBe('ff');
  });

  it('is deterministic', () => {
    const a = layout(['::resource{id="map"}\n\nText.'], [figure('map', 900)]);
    const b = layout(['::resource{id="map"}\n\nText.'], [figure('map', 900)]);
    expect(a.pages.map(serializeDisplayList)).toEqual(b.pages.map(serializeDisplayList));
  });
});

const table = (id: string, rows: unknown[][], extra: Record<string, unknown> = {}) => ({
  record: { id, typeId: 'table', kind: 'table', caption: 'Prices in 1850', table: { model: { rows, headerRowCount: 1, ...extra } } } as ResourceRecordInput,
});

describe('tables in the display list', () => {
  it('sets rows, header fill and grid rules', () => {
    const book = layout(['See :ref{id="prices"}.\n\n::resource{id="prices"}'], [table('prices', [['Item', 'Price'], ['Bread', '2d'], ['Ink', '6d']].map((r) => r.map((content) => ({ content }))), { columnWidths: [2, 1] })]);
    const all = text(book.pages);
    for (const word of ['Item', 'Price', 'Bread', '2d', 'Ink', '6d']) expect(all).toContain(word);
    expect(all).toContain('Tab.\u00a01');
    const header = items<RectItem>(book.pages, Op.Rect).filter((r) => r.fill === '#f0f0f0');
    expect(header).toHaveLength(2);
    // Column weights 2:1: the first header cell is twice as wide as the second.
    expect(header[0]!.w / header[1]!.w).toBeCloseTo(2, 3);
    const rules = items<RuleItem>(book.pages, Op.Rule).filter((r) => r.width === 0.75);
    const horizontal = new Set(rules.filter((r) => r.y1 === r.y2).map((r) => r.y1));
    const vertical = new Set(rules.filter((r) => r.x1 === r.x2).map((r) => r.x1));
    expect(horizontal.size).toBe(4); // 3 rows → 4 horizontal lines
    expect(vertical.size).toBe(3); // 2 columns → 3 vertical lines
    // Rows top to bottom in source order.
    const y = (word: string) => items<GlyphRunItem>(book.pages, Op.GlyphRun).find((r) => r.text === word)!.y;
    expect(y('Item')).toBeLessThan(y('Bread'));
    expect(y('Bread')).toBeLessThan(y('Ink'));
  });

  it('a span covers its cells: no rule through a merged cell, the row under it keeps its columns', () => {
    const rows = [
      [{ content: 'Merged head', colSpan: 2 }, { content: '', hiddenBy: 'r0c0' }],
      [{ content: 'Left' }, { content: 'Right' }],
    ];
    const book = layout(['::resource{id="t"}'], [table('t', rows)]);
    const runs = items<GlyphRunItem>(book.pages, Op.GlyphRun);
    const right = runs.find((r) => r.text === 'Right')!;
    const left = runs.find((r) => r.text === 'Left')!;
    const head = runs.find((r) => r.text.startsWith('Merged'))!;
    const rules = items<RuleItem>(book.pages, Op.Rule).filter((r) => r.x1 === r.x2 && r.width === 0.75);
    const middle = rules.filter((r) => r.x1 > left.xs[0]! + 1 && r.x1 < right.xs[0]!);
    expect(middle).toHaveLength(1);
    // The middle rule stops under the merged header row.
    expect(middle[0]!.y1).toBeGreaterThan(head.y);
  });

  it('a named table style (tableStyles, by table.styleId) overrides tableStyle; an unknown one falls back', () => {
    const rows = [['Item', 'Price'], ['Bread', '2d']].map((r) => r.map((content) => ({ content })));
    const record = (styleId: string) => ({ record: { id: 't', typeId: 'table', kind: 'table', table: { model: { rows, headerRowCount: 1 }, styleId } } as ResourceRecordInput });
    const config = { tableStyles: [{ id: 'plain', name: 'Plain', rules: 'booktabs', headerBackgroundEnabled: false }] };
    const styled = layout(['::resource{id="t"}'], [record('plain')], config);
    expect(items<RectItem>(styled.pages, Op.Rect).filter((r) => r.fill === '#f0f0f0')).toHaveLength(0);
    const rules = items<RuleItem>(styled.pages, Op.Rule).filter((r) => r.width < 0.75); // not the running head's rule
    expect(rules.filter((r) => r.x1 === r.x2)).toHaveLength(0); // booktabs: no vertical rules
    expect(rules.filter((r) => r.y1 === r.y2)).toHaveLength(3); // top, under the header, bottom
    const fallback = layout(['::resource{id="t"}'], [record('missing')], config);
    expect(items<RectItem>(fallback.pages, Op.Rect).filter((r) => r.fill === '#f0f0f0')).toHaveLength(2);
  });

  it('a table across two pages repeats its header row', () => {
    const rows = [[{ content: 'Year' }, { content: 'Event' }], ...Array.from({ length: 90 }, (_, i) => [{ content: String(1800 + i) }, { content: `Event number ${i + 1}` }])];
    const book = layout(['# Long\n\n::resource{id="long"}\n\nAfter.'], [table('long', rows)]);
    const pagesWithTable = book.pages.filter((p) => p.items.some((i) => i.op === Op.GlyphRun && i.text === '1800' || (i.op === Op.GlyphRun && /^18\d\d$/.test(i.text))));
    expect(pagesWithTable.length).toBeGreaterThanOrEqual(2);
    for (const page of pagesWithTable) {
      const runs = page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);
      const header = runs.find((r) => r.text === 'Year');
      expect(header, `page ${page.label} repeats the header`).toBeDefined();
      const firstYear = runs.filter((r) => /^18\d\d$/.test(r.text)).sort((a, b) => a.y - b.y)[0]!;
      expect(header!.y).toBeLessThan(firstYear.y);
    }
    // Every row is set exactly once.
    const years = items<GlyphRunItem>(book.pages, Op.GlyphRun).filter((r) => /^18\d\d$/.test(r.text)).map((r) => r.text);
    expect(years).toHaveLength(90);
    expect(new Set(years).size).toBe(90);
  });
});
