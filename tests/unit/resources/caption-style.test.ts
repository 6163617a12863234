/**
 * Caption look (configuration.md §12.4): `align` and `note.align` place the lines in the caption's
 * measure, `backgroundEnabled`/`background`/`padding` put the caption on a bar, and a resource
 * type's own `captionStyle` (§12.1) overrides the global one for its resources only.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../src/worker/config';
import { defaultSettings, EngineCache, layoutBook, prepareResources, type BookInput } from '../../../src/worker/engine';
import { Op, type GlyphRunItem, type PageDisplayList, type RectItem, type RuleItem } from '../../../src/worker/protocol/displaylist';
import type { ResourceRecordInput } from '../../../src/worker/engine/resources/model';
import { nodeFontRegistry } from '../../support/node-world';
import { makePng } from '../../fixtures/resources/pictures';

const fonts = nodeFontRegistry();

function layout(source: string, resources: { record: ResourceRecordInput; payload?: Uint8Array }[], config: JsonObject = {}): PageDisplayList[] {
  const settings = defaultSettings();
  settings.columns = 1;
  const input: BookInput = { title: 'Captions', settings, chapters: [{ id: 'ch1', title: '', source }], resources: prepareResources(resources, config) };
  const gen = layoutBook(input, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value.pages;
}

const runs = (pages: PageDisplayList[], role: 'caption' | 'note'): GlyphRunItem[] => pages.flatMap((p) => p.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.role === role));
/** Pen x of a line's first glyph (pt): the leftmost glyph of the runs on the first baseline. */
const firstX = (lines: GlyphRunItem[]): number => {
  const top = Math.min(...lines.map((r) => r.y));
  return Math.min(...lines.filter((r) => r.y === top).flatMap((r) => r.xs));
};

const prices = {
  record: {
    id: 'prices',
    typeId: 'table',
    kind: 'table',
    caption: 'Prices',
    note: 'Ledger',
    table: { model: { rows: [['Item', 'Price'], ['Bread', '2d']].map((r) => r.map((content) => ({ content }))), headerRowCount: 1 } },
  } as ResourceRecordInput,
};
const source = 'See :ref{id="prices"}.\n\n::resource{id="prices"}\n\nAfter.';

/** The table's outer edges (pt): its outermost vertical grid rules, which span the caption's measure. */
function tableEdges(pages: PageDisplayList[]): { left: number; right: number } {
  const vertical = pages.flatMap((p) => p.items.filter((i): i is RuleItem => i.op === Op.Rule && i.x1 === i.x2 && i.width === 0.75));
  return { left: Math.min(...vertical.map((r) => r.x1)), right: Math.max(...vertical.map((r) => r.x1)) };
}

describe('captionStyle.align and note.align', () => {
  it('a centred caption has equal room on both sides of its line; a right-aligned one ends at the measure', () => {
    const left = layout(source, [prices]);
    const { left: xl, right: xr } = tableEdges(left);
    const leftX = firstX(runs(left, 'caption'));
    expect(leftX).toBeCloseTo(xl, 2); // the default: flush left, as before
    const right = layout(source, [prices], { captionStyle: { align: 'right' } });
    const centre = layout(source, [prices], { captionStyle: { align: 'center' } });
    const rightX = firstX(runs(right, 'caption'));
    const centreX = firstX(runs(centre, 'caption'));
    // The line is `width` pt wide; flush right it ends at the table's right edge: width = xr − rightX.
    const width = xr - rightX;
    expect(width).toBeGreaterThan(10);
    expect(width).toBeLessThan((xr - xl) / 2);
    // Centred: the room left of the line equals the room right of it.
    expect(centreX - xl).toBeCloseTo(xr - (centreX + width), 2);
  });

  it('note.align places the note on its own, the caption stays left', () => {
    const pages = layout(source, [prices], { captionStyle: { note: { align: 'right' } } });
    const { left: xl, right: xr } = tableEdges(pages);
    expect(firstX(runs(pages, 'caption'))).toBeCloseTo(xl, 2);
    const noteX = firstX(runs(pages, 'note'));
    expect(noteX).toBeGreaterThan((xl + xr) / 2);
    // Flush right: a centred note starts half as far in as the right-aligned one.
    const centred = layout(source, [prices], { captionStyle: { note: { align: 'center' } } });
    expect(firstX(runs(centred, 'note')) - xl).toBeCloseTo((noteX - xl) / 2, 2);
  });
});

describe('captionStyle.backgroundEnabled, background and padding', () => {
  it('puts the caption on a bar across its measure, the lines padding pt in from every side', () => {
    const config = { captionStyle: { backgroundEnabled: true, background: '#ddeeff', padding: '4pt', fontSize: '10pt' } };
    const pages = layout(source, [prices], config);
    const { left: xl, right: xr } = tableEdges(pages);
    const bars = pages.flatMap((p) => p.items.filter((i): i is RectItem => i.op === Op.Rect && i.fill === '#ddeeff'));
    expect(bars).toHaveLength(1);
    const bar = bars[0]!;
    const caption = runs(pages, 'caption');
    const baselines = [...new Set(caption.map((r) => r.y))];
    expect(baselines).toHaveLength(1);
    // One line of 10 pt captions (leading 1.25 em = 12.5 pt) with 4 pt above and below it.
    expect(bar.h).toBeCloseTo(12.5 + 2 * 4, 3);
    expect(bar.x).toBeCloseTo(xl, 3);
    expect(bar.w).toBeCloseTo(xr - xl, 3);
    expect(firstX(caption)).toBeCloseTo(xl + 4, 3);
    expect(baselines[0]!).toBeGreaterThan(bar.y + 4);
    expect(baselines[0]!).toBeLessThan(bar.y + bar.h - 4);
    // The bar is drawn before the caption's glyphs, which stand on it.
    const page = pages.find((p) => p.items.includes(bar))!;
    expect(page.items.indexOf(bar)).toBeLessThan(page.items.indexOf(caption[0]!));
    // Below the table, the caption gap (0.75 em = 7.5 pt) to the bar.
    const bottom = Math.max(...page.items.filter((i): i is RuleItem => i.op === Op.Rule && i.x1 !== i.x2 && i.width === 0.75).map((r) => r.y1));
    expect(bar.y - bottom).toBeCloseTo(7.5, 3);
  });

  it('draws no bar by default', () => {
    const pages = layout(source, [prices], { captionStyle: { background: '#ddeeff' } });
    expect(pages.flatMap((p) => p.items.filter((i) => i.op === Op.Rect && i.fill === '#ddeeff'))).toHaveLength(0);
  });
});

describe("a resource type's own captionStyle", () => {
  it('centres the captions of its resources only', () => {
    const figure = { record: { id: 'map', typeId: 'figure', kind: 'bitmap', resolution: 300, caption: 'Map' } as ResourceRecordInput, payload: makePng(600, 300) };
    const config: JsonObject = {
      resourceTypes: [
        { id: 'figure', name: 'Figure', shortLabel: 'Fig.', captionPrefix: 'Figure' },
        { id: 'table', name: 'Table', shortLabel: 'Tab.', captionPrefix: 'Table', captionStyle: { align: 'right' } },
      ],
    };
    const pages = layout('See :ref{id="map"} and :ref{id="prices"}.\n\n::resource{id="map"}\n\n::resource{id="prices"}\n\nAfter.', [figure, prices], config);
    const { left: xl } = tableEdges(pages);
    const caption = runs(pages, 'caption');
    const figureCaption = caption.filter((r) => r.text.includes('Figure') || r.text.includes('Map'));
    const tableCaption = caption.filter((r) => r.text.includes('Table') || r.text.includes('Prices'));
    expect(firstX(figureCaption)).toBeCloseTo(xl, 2);
    expect(firstX(tableCaption)).toBeGreaterThan(xl + 50);
  });
});

describe("a type's caption colour and size carry its note (follow by equality, configuration.md §0.5)", () => {
  it('a red 10 pt table caption has an 8.5 pt red note; a note colour set on the type stays', () => {
    const types = (captionStyle: JsonObject): JsonObject => ({ resourceTypes: [{ id: 'table', name: 'Table', shortLabel: 'Tab.', captionPrefix: 'Table', captionStyle }] });
    const pages = layout(source, [prices], types({ color: '#cc0000', fontSize: '10pt' }));
    expect(runs(pages, 'caption').find((r) => r.text.includes('Prices'))!.fill).toBe('#cc0000');
    const note = runs(pages, 'note')[0]!;
    expect(note.fill).toBe('#cc0000');
    expect(note.size).toBeCloseTo(8.5, 6);
    const own = layout(source, [prices], types({ color: '#cc0000', note: { color: '#0000cc' } }));
    expect(runs(own, 'note')[0]!.fill).toBe('#0000cc');
    // An untouched type: the global note (0.85 × 8 pt, the caption colour).
    const plain = runs(layout(source, [prices]), 'note')[0]!;
    expect(plain.size).toBeCloseTo(6.8, 6);
  });
});

describe('captionStyle.labelColor', () => {
  it('draws the label and number in the label colour, the caption text in the caption colour', () => {
    const pages = layout(source, [prices], { captionStyle: { labelColor: '#0000cc' } });
    const caption = runs(pages, 'caption');
    expect(caption.find((r) => r.text.startsWith('Table'))!.fill).toBe('#0000cc');
    expect(caption.find((r) => r.text.includes('Prices'))!.fill).toBe('#000000');
    // Generated text keeps the generated source offset (−1).
    expect(caption.every((r) => r.srcFrom === -1)).toBe(true);
  });

  it('a label set in the caption face (neither bold nor italic) is cut from the caption text in its own colour, in place', () => {
    const plain = runs(layout(source, [prices], { captionStyle: { labelBold: false } }), 'caption');
    const coloured = runs(layout(source, [prices], { captionStyle: { labelBold: false, labelColor: '#0000cc' } }), 'caption');
    expect(coloured.map((r) => r.text).join('')).toBe(plain.map((r) => r.text).join(''));
    expect(coloured.flatMap((r) => r.xs)).toEqual(plain.flatMap((r) => r.xs));
    const label = coloured.filter((r) => r.fill === '#0000cc').map((r) => r.text).join('');
    expect(label).toMatch(/^Table\u00a01\. ?$/);
    expect(coloured.filter((r) => r.fill === '#000000').map((r) => r.text).join('').trim()).toBe('Prices');
  });

  it("follows a type's own caption colour when the label colour is the caption's (follow by equality)", () => {
    const config: JsonObject = { resourceTypes: [{ id: 'table', name: 'Table', shortLabel: 'Tab.', captionPrefix: 'Table', captionStyle: { color: '#cc0000' } }] };
    expect(runs(layout(source, [prices], config), 'caption').find((r) => r.text.startsWith('Table'))!.fill).toBe('#cc0000');
  });
});

describe('declared applied', () => {
  it('the caption fields of §12.4 laid out here are no longer reported as not applied', async () => {
    const { isApplied } = await import('../../../src/worker/config');
    await import('../../../src/worker/engine/resources/settings');
    for (const path of ['captionStyle.align', 'captionStyle.backgroundEnabled', 'captionStyle.background', 'captionStyle.padding', 'captionStyle.note.align']) expect(isApplied(path), path).toBe(true);
  });
});
