/**
 * Blocks drawn whole in a callout box split between the box's segments (page/callout-split.ts):
 * a code listing by its own rules, a nested box by the box rules. One column 300 pt wide (page
 * 400 × 580 pt, margins 50 pt: a type area of 40 rows of 12 pt, 50…530 pt from the page's top);
 * the box has no padding or margins, its text at the body's 12 pt leading.
 */
import { describe, expect, it } from 'vitest';
import { prepareResources, type BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { expectOpeningEditEqualsFull, oneChapterBook, ptLength as pt, run, runs, TEN_ROW_COLUMN } from './helpers';

const NO_PAD = { top: pt(0), right: pt(0), bottom: pt(0), left: pt(0) };
const BOX_FILL = '#f4f4f4';
const CODE_FILL = '#ddeeff';
const AREA_TOP = 50;
const AREA_FOOT = 530;

function book(source: string, codeStyle: Record<string, unknown> = {}): BookInput {
  const settings = settingsFromConfig({
    ...TEN_ROW_COLUMN,
    page: { ...TEN_ROW_COLUMN.page, width: pt(400), height: pt(580) },
    codeStyle: { background: CODE_FILL, ...codeStyle },
    calloutStyles: [{ id: 'note', padding: NO_PAD, marginTop: pt(0), marginBottom: pt(0) }],
  } as never);
  return oneChapterBook(source, settings);
}

const rects = (page: PageDisplayList, fill: string): RectItem[] => page.items.filter((i): i is RectItem => i.op === Op.Rect && i.fill === fill);
const encloses = (r: RectItem, y: number): boolean => r.y - 1e-6 <= y && y <= r.y + r.h + 1e-6;

/** A listing of `n` source lines `row_1_end` … (no language: one run per line). */
const listing = (n: number): string => ['```', ...Array.from({ length: n }, (_, i) => `row_${i + 1}_end`), '```'].join('\n');

/** Where each listing row's run is drawn: page index and baseline, in source order. */
function rowPlaces(pages: readonly PageDisplayList[], n: number): { page: number; y: number }[] {
  return Array.from({ length: n }, (_, i) => {
    const text = `row_${i + 1}_end`;
    const at = pages.findIndex((p) => runs(p).some((r) => r.text === text));
    expect(at, text).toBeGreaterThanOrEqual(0);
    return { page: at, y: runs(pages[at]!).find((r) => r.text === text)!.y };
  });
}

describe('a code listing inside a callout box, taller than the rows left', () => {
  it('is split between the box segments: every row in the type area, in reading order, each part in its own box inside the box segment', () => {
    const src = ['Above the box.', '', ':::callout', 'Before the listing.', '', listing(120), '', 'After the listing.', ':::', '', 'Under the box.'].join('\n');
    const { pages } = run(book(src));
    const places = rowPlaces(pages, 120);
    for (const [i, { page, y }] of places.entries()) {
      // Within the column's type area (the listing's rows never run past the foot).
      expect(y, `row ${i + 1}`).toBeGreaterThan(AREA_TOP);
      expect(y, `row ${i + 1}`).toBeLessThanOrEqual(AREA_FOOT);
      // In reading order: later page, or lower on the same page.
      if (i > 0) {
        const prev = places[i - 1]!;
        expect(page > prev.page || (page === prev.page && y > prev.y), `row ${i + 1} after row ${i}`).toBe(true);
      }
      // Inside a part of the listing (its own box), itself inside a segment of the callout box.
      const code = rects(pages[page]!, CODE_FILL).find((r) => encloses(r, y));
      expect(code, `row ${i + 1}'s part`).toBeDefined();
      const box = rects(pages[page]!, BOX_FILL).find((r) => r.y - 1e-6 <= code!.y && code!.y + code!.h <= r.y + r.h + 1e-6);
      expect(box, `row ${i + 1}'s box segment`).toBeDefined();
      expect(box!.y + box!.h).toBeLessThanOrEqual(AREA_FOOT + 1e-6);
    }
    // 120 rows of about 12 pt do not fit in fewer than four 40-row columns: at least four parts, one per page, each page one box segment.
    const used = [...new Set(places.map((p) => p.page))];
    expect(used.length).toBeGreaterThanOrEqual(4);
    for (const p of used) {
      expect(rects(pages[p]!, CODE_FILL)).toHaveLength(1);
      expect(rects(pages[p]!, BOX_FILL)).toHaveLength(1);
    }
    // The text after the listing and after the box come after its last row.
    const last = places[119]!;
    const after = pages.findIndex((p) => runs(p).some((r) => r.text.includes('After the listing')));
    expect(after).toBeGreaterThanOrEqual(last.page);
  });

  it('keeps splitMinLines rows on each side of a cut', () => {
    // The box's first row 50…62 pt, a box line, the listing's frame from 74 pt (5.1 pt padding):
    // 37 of its 39 rows fit the first page (74 + 10.2 + 37 × 12 = 528.2 ≤ 530 pt), which would leave
    // 2; with splitMinLines 3 the cut moves up a row: 36 here, 3 on the next page.
    const src = [':::callout', 'Before the listing.', '', listing(39), ':::'].join('\n');
    const { pages } = run(book(src, { splitMinLines: 3 }));
    const places = rowPlaces(pages, 39);
    expect(places.filter((p) => p.page === 0)).toHaveLength(36);
    expect(places.filter((p) => p.page === 1)).toHaveLength(3);
    for (const { y } of places) expect(y).toBeLessThanOrEqual(AREA_FOOT);
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(31);
    const parts: string[] = [];
    for (let i = 0; i < 12; i++) {
      parts.push(paragraph(random));
      if (i % 4 === 1) parts.push([':::callout', paragraph(random, 1), '', listing(30 + 10 * i), '', paragraph(random, 1), ':::'].join('\n'));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull(book, source);
  });
});

describe('a table inside a callout box, taller than the rows left', () => {
  const table = (n: number) => {
    const rows = [[{ content: 'Station', isHeader: true }, { content: 'Hour', isHeader: true }], ...Array.from({ length: n }, (_, i) => [{ content: `Stop${i}` }, { content: `${i}` }])];
    return prepareResources([{ record: { id: 'plan', typeId: 'table', kind: 'table', caption: 'Hours.', placement: { position: 'here' }, table: { model: { rows, headerRowCount: 1 } } } as never }], {});
  };
  const withTable = (source: string, n: number): BookInput => ({ ...book(source), resources: table(n) });

  it('is split between the box segments by its own rules: every row once, in order, in the type area, under its repeated header', () => {
    const src = [':::callout', 'Before the table.', '', '::resource{id="plan"}', '', 'After the table.', ':::', '', 'Under the box.'].join('\n');
    const { pages } = run(withTable(src, 90));
    const stops = pages.flatMap((p) => runs(p).filter((r) => /^Stop\d+$/.test(r.text)).sort((a, b) => a.y - b.y).map((r) => ({ page: p.index, r })));
    expect(stops.map((s) => s.r.text)).toEqual(Array.from({ length: 90 }, (_, i) => `Stop${i}`));
    const used = [...new Set(stops.map((s) => s.page))];
    expect(used.length).toBeGreaterThanOrEqual(2);
    for (const { page, r } of stops) {
      expect(r.y, r.text).toBeGreaterThan(AREA_TOP);
      expect(r.y, r.text).toBeLessThanOrEqual(AREA_FOOT);
      // Inside the box's segment on its page, under that page's header row.
      const box = rects(pages[page]!, BOX_FILL).find((b) => encloses(b, r.y));
      expect(box, r.text).toBeDefined();
      expect(box!.y + box!.h).toBeLessThanOrEqual(AREA_FOOT + 1e-6);
      const header = runs(pages[page]!).find((h) => h.text === 'Station');
      expect(header, `${r.text}'s header`).toBeDefined();
      expect(header!.y).toBeLessThan(r.y);
    }
    // The text after the table after its last row.
    const after = pages.findIndex((p) => runs(p).some((r) => r.text.includes('After the table')));
    expect(after).toBeGreaterThanOrEqual(stops.at(-1)!.page);
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(43);
    const parts: string[] = [];
    for (let i = 0; i < 10; i++) {
      parts.push(paragraph(random));
      if (i === 3) parts.push([':::callout', paragraph(random, 1), '', '::resource{id="plan"}', '', paragraph(random, 1), ':::'].join('\n'));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull((text) => withTable(text, 70), source);
  });
});

describe('a code listing inside a callout box in a `:::columns` group, taller than the rows left', () => {
  // Two sub-columns of (300 − 12) / 2 = 144 pt, 12 pt apart: left edges at 50 and 206 pt.
  const subColumn = (x: number): number => Math.floor((x - 50 + 0.5) / 156);

  it('is split between the box segments in the sub-columns: every row in the type area, in reading order, in its part inside its segment', () => {
    const src = [':::columns{count=2}', 'a0', '', ':::callout', 'Before the listing.', '', listing(100), ':::', '', 'b0', ':::'].join('\n');
    const { pages } = run(book(src));
    const places = rowPlaces(pages, 100).map((p, i) => {
      const r = runs(pages[p.page]!).find((x) => x.text === `row_${i + 1}_end`)!;
      return { ...p, x: r.xs[0]!, column: subColumn(r.xs[0]!) };
    });
    for (const [i, { page, y, x, column }] of places.entries()) {
      expect(y, `row ${i + 1}`).toBeGreaterThan(AREA_TOP);
      expect(y, `row ${i + 1}`).toBeLessThanOrEqual(AREA_FOOT);
      if (i > 0) {
        const prev = places[i - 1]!;
        const later = page > prev.page || (page === prev.page && (column > prev.column || (column === prev.column && y > prev.y)));
        expect(later, `row ${i + 1} after row ${i}`).toBe(true);
      }
      const inside = (r: RectItem): boolean => encloses(r, y) && r.x - 1e-6 <= x && x <= r.x + r.w + 1e-6;
      const code = rects(pages[page]!, CODE_FILL).find(inside);
      expect(code, `row ${i + 1}'s part`).toBeDefined();
      expect(code!.y + code!.h).toBeLessThanOrEqual(AREA_FOOT + 1e-6);
      expect(code!.w).toBeLessThanOrEqual(144 + 1e-6);
      const box = rects(pages[page]!, BOX_FILL).find((r) => inside(r) && r.y - 1e-6 <= code!.y && code!.y + code!.h <= r.y + r.h + 1e-6);
      expect(box, `row ${i + 1}'s box segment`).toBeDefined();
    }
    // 100 rows of 12 pt: the listing in at least three sub-columns.
    expect(new Set(places.map((p) => `${p.page}/${p.column}`)).size).toBeGreaterThanOrEqual(3);
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(41);
    const parts: string[] = [];
    for (let i = 0; i < 10; i++) {
      parts.push(paragraph(random));
      if (i % 3 === 1) parts.push([':::columns{count=2}', paragraph(random, 1), '', ':::callout', paragraph(random, 1), '', listing(40 + 10 * i), ':::', '', paragraph(random, 1), ':::'].join('\n'));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull(book, source);
  });
});

describe('a callout box nested in a callout box, taller than the rows left', () => {
  const INNER_FILL = '#ffeecc';
  function nestedBook(source: string): BookInput {
    const settings = settingsFromConfig({
      ...TEN_ROW_COLUMN,
      page: { ...TEN_ROW_COLUMN.page, width: pt(400), height: pt(580) },
      // The nested style keeps its 0.75 em (7.5 pt) padding and margins; rounded corners, a continues marker.
      calloutStyles: [
        { id: 'note', padding: NO_PAD, marginTop: pt(0), marginBottom: pt(0) },
        { id: 'warn', background: INNER_FILL, borderRadius: pt(6), continuesMarkerEnabled: true, continuesMarker: 'Goes on' },
      ],
    } as never);
    return oneChapterBook(source, settings);
  }
  /** The nested box's fill on a page: a path where a corner is rounded, else a rectangle; its top, bottom and whether its top / bottom corners are rounded. */
  function innerParts(page: PageDisplayList): { top: number; bottom: number; roundTop: boolean; roundBottom: boolean }[] {
    return page.items.flatMap((i) => {
      if (i.op === Op.Rect && i.fill === INNER_FILL) return [{ top: i.y, bottom: i.y + i.h, roundTop: false, roundBottom: false }];
      if (i.op !== Op.Path || i.fill !== INNER_FILL) return [];
      // `M x y` opens at the top edge; the `V` commands and the arcs' ends (`A r r 0 0 1 x y`) reach down to the bottom one.
      const top = Number(/^M[-\d.]+ ([-\d.]+)/.exec(i.d)![1]);
      const ys = [...i.d.matchAll(/V([-\d.]+)|A[-\d.]+ [-\d.]+ 0 0 1 [-\d.]+ ([-\d.]+)/g)].map((m) => Number(m[1] ?? m[2]));
      const bottom = Math.max(...ys);
      // roundedRectPath: `M(x + tl) y H(x + w − tr) A…` — an arc right after the first H where the top is rounded; `V(y + h − br) A…` where the bottom is.
      return [{ top, bottom, roundTop: /^M[^A]*H[-\d.]+A/.test(i.d), roundBottom: /V[-\d.]+A[^V]*H[-\d.]+A/.test(i.d) }];
    });
  }
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `Inner_${i + 1}_line.`).join('\n\n');

  it('is split between the outer box\'s segments by the box rules, each part its own segment of it', () => {
    const src = ['Above.', '', ':::callout', 'Outer first.', '', ':::callout{type=warn}', lines(70), ':::', '', 'Outer last.', ':::', '', 'Under.'].join('\n');
    const { pages } = run(nestedBook(src));
    const places = Array.from({ length: 70 }, (_, i) => {
      const text = `Inner_${i + 1}_line.`;
      const at = pages.findIndex((p) => runs(p).some((r) => r.text.includes(text)));
      expect(at, text).toBeGreaterThanOrEqual(0);
      return { page: at, y: runs(pages[at]!).find((r) => r.text.includes(text))!.y };
    });
    for (const [i, { page, y }] of places.entries()) {
      expect(y, `line ${i + 1}`).toBeGreaterThan(AREA_TOP);
      expect(y, `line ${i + 1}`).toBeLessThanOrEqual(AREA_FOOT);
      if (i > 0) expect(page > places[i - 1]!.page || (page === places[i - 1]!.page && y > places[i - 1]!.y), `line ${i + 1}`).toBe(true);
      // Inside a part of the nested box, itself inside a segment of the outer box, both within the type area.
      const part = innerParts(pages[page]!).find((p) => p.top <= y && y <= p.bottom);
      expect(part, `line ${i + 1}'s part`).toBeDefined();
      expect(part!.bottom).toBeLessThanOrEqual(AREA_FOOT + 1e-6);
      const outer = rects(pages[page]!, BOX_FILL).find((r) => r.y - 1e-6 <= part!.top && part!.bottom <= r.y + r.h + 1e-6);
      expect(outer, `line ${i + 1}'s outer segment`).toBeDefined();
    }
    // 70 lines of 12 pt in 40-row columns: two parts — the first with its rounded top, a square cut
    // edge and the continues marker at its foot; the last with a square top and its rounded bottom.
    const used = [...new Set(places.map((p) => p.page))];
    expect(used).toEqual([0, 1]);
    const [first, last] = [innerParts(pages[0]!), innerParts(pages[1]!)];
    expect(first).toHaveLength(1);
    expect(last).toHaveLength(1);
    expect(first[0]).toMatchObject({ roundTop: true, roundBottom: false });
    expect(last[0]).toMatchObject({ roundTop: false, roundBottom: true });
    // By hand: the first part from 81.5 pt (the outer first row 62…74, the 7.5 pt margin), 7.5 pt padding, 35
    // lines and the marker's row (81.5 + 7.5 + 36 × 12 + 7.5 = 528.5 ≤ 530; a 36th line would need 540.5);
    // the rest from the next page's top: 50 + 7.5 + 35 × 12 + 7.5 = 485 pt.
    expect(first[0]!.top).toBeCloseTo(81.5, 3);
    expect(first[0]!.bottom).toBeCloseTo(528.5, 3);
    expect(places.filter((p) => p.page === 0)).toHaveLength(35);
    expect(last[0]!.top).toBeCloseTo(50, 3);
    expect(last[0]!.bottom).toBeCloseTo(485, 3);
    const marker = runs(pages[0]!).find((r) => r.text.includes('Goes on'));
    expect(marker).toBeDefined();
    expect(marker!.y).toBeGreaterThan(places.filter((p) => p.page === 0).at(-1)!.y);
    expect(marker!.y).toBeLessThan(first[0]!.bottom);
    expect(runs(pages[1]!).some((r) => r.text.includes('Goes on'))).toBe(false);
    // The outer box goes on under the nested one on the second page.
    const outerLast = runs(pages[1]!).find((r) => r.text.includes('Outer last'))!;
    expect(outerLast.y).toBeGreaterThan(last[0]!.bottom);
  });

  it('whose text cites footnotes: the notes go to the foot of the column where the text after the box goes on (§14.1)', () => {
    // Line 3 (on the first page) and line 50 (on the second) cite a note; the outer box ends on the second page.
    const cite = (n: number) => lines(n).replace('Inner_3_line.', 'Inner_3_line.[^a]').replace('Inner_50_line.', 'Inner_50_line.[^b]');
    const src = [':::callout', 'Outer first.', '', ':::callout{type=warn}', cite(60), ':::', '', 'Outer last.', ':::', '', 'Under.', '', '[^a]: Note_A.', '', '[^b]: Note_B.'].join('\n');
    const { pages } = run(nestedBook(src));
    // Both boxes drawn and split (before: the outer box's content flowed without a box).
    expect(rects(pages[0]!, BOX_FILL)).toHaveLength(1);
    expect(rects(pages[1]!, BOX_FILL)).toHaveLength(1);
    expect(innerParts(pages[0]!)).toHaveLength(1);
    expect(innerParts(pages[1]!)).toHaveLength(1);
    const on = (text: string) => pages.flatMap((p) => runs(p).filter((r) => r.text.includes(text)).map((r) => ({ page: p.index, r })));
    expect(on('Inner_3_line')[0]!.page).toBe(0);
    expect(on('Inner_50_line')[0]!.page).toBe(1);
    // Each note set once, as a note, on the page holding the text after the box, under the box and within the type area.
    const box = rects(pages[1]!, BOX_FILL)[0]!;
    for (const text of ['Note_A', 'Note_B']) {
      const found = on(text);
      expect(found, text).toHaveLength(1);
      expect(found[0]!.page, text).toBe(on('Under.')[0]!.page);
      expect(found[0]!.r.line?.role, text).toBe('note');
      expect(found[0]!.r.y, text).toBeGreaterThan(box.y + box.h);
      expect(found[0]!.r.y, text).toBeLessThanOrEqual(AREA_FOOT);
    }
  });

  it('in a box in a `:::columns` group: set in the box\'s sub-column and split with it, the group still in sub-columns', () => {
    // Sub-columns 144 pt wide at 50 and 206 pt; the nested box's lines in reading order through them, each in a part inside a segment of the outer box in its sub-column.
    const subColumn = (x: number): number => Math.floor((x - 50 + 0.5) / 156);
    const src = [':::columns{count=2}', 'a0', '', ':::callout', 'Outer first.', '', ':::callout{type=warn}', lines(50), ':::', '', 'Outer last.', ':::', '', 'b0', ':::'].join('\n');
    const { pages } = run(nestedBook(src));
    const places = Array.from({ length: 50 }, (_, i) => {
      const text = `Inner_${i + 1}_line.`;
      const page = pages.findIndex((p) => runs(p).some((r) => r.text.includes(text)));
      expect(page, text).toBeGreaterThanOrEqual(0);
      const r = runs(pages[page]!).find((x) => x.text.includes(text))!;
      return { page, y: r.y, x: r.xs[0]!, column: subColumn(r.xs[0]!) };
    });
    for (const [i, { page, y, x, column }] of places.entries()) {
      expect(y, `line ${i + 1}`).toBeLessThanOrEqual(AREA_FOOT);
      if (i > 0) {
        const prev = places[i - 1]!;
        expect(page > prev.page || (page === prev.page && (column > prev.column || (column === prev.column && y > prev.y))), `line ${i + 1}`).toBe(true);
      }
      const part = innerParts(pages[page]!).find((p) => p.top <= y && y <= p.bottom);
      expect(part, `line ${i + 1}'s part`).toBeDefined();
      const outer = rects(pages[page]!, BOX_FILL).find((r) => r.x - 1e-6 <= x && x <= r.x + r.w && r.y - 1e-6 <= part!.top && part!.bottom <= r.y + r.h + 1e-6);
      expect(outer, `line ${i + 1}'s outer segment`).toBeDefined();
      expect(outer!.w).toBeLessThanOrEqual(144 + 1e-6);
    }
    // The nested box over both sub-columns of the first page (the group did not flow plain).
    expect(new Set(places.filter((p) => p.page === 0).map((p) => p.column))).toEqual(new Set([0, 1]));
  });

  it('in a `:::columns` group: an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(47);
    const parts: string[] = [];
    for (let i = 0; i < 10; i++) {
      parts.push(paragraph(random));
      if (i % 3 === 1) parts.push([':::columns{count=2}', paragraph(random, 1), '', ':::callout', paragraph(random, 1), '', ':::callout{type=warn}', lines(15 + 10 * i), '', `Cites a note.[^g${i}]`, ':::', ':::', '', paragraph(random, 1), ':::', '', `[^g${i}]: The note of group ${i}.`].join('\n'));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull(nestedBook, source);
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(37);
    const parts: string[] = [];
    for (let i = 0; i < 12; i++) {
      parts.push(paragraph(random));
      if (i % 4 === 1) parts.push([':::callout', paragraph(random, 1), '', ':::callout{type=warn}', lines(20 + 8 * i), '', `Cites a note.[^n${i}]`, '', listing(12), ':::', '', paragraph(random, 1), ':::', '', `[^n${i}]: The note of box ${i}.`].join('\n'));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull(nestedBook, source);
  });
});

describe('seeded books of boxes holding listings and nested boxes', () => {
  it('never set a box, a part or a line past the type area\'s foot (padding, titles, markers and minimums varied)', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const random = mulberry32(seed);
      const pad = pt(Math.floor(random() * 12));
      const settings = settingsFromConfig({
        ...TEN_ROW_COLUMN,
        page: { ...TEN_ROW_COLUMN.page, width: pt(400), height: pt(300 + Math.floor(random() * 300)) },
        codeStyle: { continuesMarkerEnabled: random() < 0.5, repeatTitle: random() < 0.5, splitMinLines: 1 + Math.floor(random() * 4) },
        calloutStyles: [
          { id: 'note', padding: { top: pad, right: pad, bottom: pad, left: pad }, continuesMarkerEnabled: random() < 0.5, repeatTitle: random() < 0.5, splitMinLines: 1 + Math.floor(random() * 3), title: random() < 0.5 ? 'Box title' : '' },
          { id: 'warn', background: '#ffeecc', continuesMarkerEnabled: random() < 0.5, repeatTitle: random() < 0.5, title: 'Inner' },
        ],
      } as never);
      const code = (n: number) => ['```js title="L"', ...Array.from({ length: n }, (_, i) => `const v${i} = ${i};`), '```'].join('\n');
      const parts: string[] = [];
      for (let i = 0; i < 6; i++) {
        parts.push(paragraph(random, 1 + Math.floor(random() * 3)));
        const inner: string[] = [paragraph(random, 1)];
        for (let k = 0; k < 3; k++) {
          const r = random();
          if (r < 0.4) inner.push(code(5 + Math.floor(random() * 60)));
          else if (r < 0.7) inner.push([':::callout{type=warn}', paragraph(random, 2 + Math.floor(random() * 8)), '', code(3 + Math.floor(random() * 30)), ':::'].join('\n'));
          else inner.push(paragraph(random, 2));
        }
        const box = [':::callout', ...inner.flatMap((x) => [x, '']), ':::'].join('\n');
        parts.push(random() < 0.3 ? [':::columns{count=2}', paragraph(random, 1), '', box, ':::'].join('\n') : box);
      }
      const { pages } = run(oneChapterBook(parts.join('\n\n'), settings));
      for (const page of pages) {
        const frame = pageFrame(settings, page.index);
        const foot = frame.contentTop + frame.contentHeight;
        for (const r of runs(page)) expect(r.y, `seed ${seed}, page ${page.index}: ${r.text}`).toBeLessThanOrEqual(foot + 1e-6);
        for (const item of page.items) if (item.op === Op.Rect) expect(item.y + item.h, `seed ${seed}, page ${page.index}: ${item.fill}`).toBeLessThanOrEqual(foot + 1e-6);
      }
    }
  });
});
