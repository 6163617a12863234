/**
 * Blocks drawn whole in a callout box split between the box's segments (page/callout-split.ts):
 * a code listing by its own rules. One column 300 pt wide (page
 * 400 × 580 pt, margins 50 pt: a type area of 40 rows of 12 pt, 50…530 pt from the page's top);
 * the box has no padding or margins, its text at the body's 12 pt leading.
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, type BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, oneChapterBook, ptLength as pt, run, runs, TEN_ROW_COLUMN } from './helpers';

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
    const cache = new EngineCache();
    run(book(source), cache);
    const edited = `A new opening sentence, long enough to move the lines after it.\n\n${source}`;
    expect(dump(run(book(edited), cache))).toBe(dump(run(book(edited), new EngineCache(false))));
  });
});
