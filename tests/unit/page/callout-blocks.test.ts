/**
 * Blocks other than text inside a callout box (document-format §8.1, configuration.md §13.4;
 * page/callout-blocks.ts). One column 300 pt wide (page 400 × 300 pt, margins 50 pt; 10 pt body on a
 * 12 pt leading); the box has no padding or margins, its text at the body's 12 pt leading, so its
 * inner measure is the column's 300 pt and its rows are 12 pt apart from the box's top.
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, type BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, inkExtent, oneChapterBook, ptLength as pt, run, runs, TEN_ROW_COLUMN } from './helpers';

const NO_PAD = { top: pt(0), right: pt(0), bottom: pt(0), left: pt(0) };
const BOX_FILL = '#f4f4f4';
const CODE_FILL = '#ddeeff';
const ASCENT = 9.545; // pt: first baseline under a 12 pt line box's top for the 10 pt body

function book(source: string, height = 300): BookInput {
  const settings = settingsFromConfig({
    ...TEN_ROW_COLUMN,
    page: { ...TEN_ROW_COLUMN.page, width: pt(400), height: pt(height) },
    codeStyle: { background: CODE_FILL },
    calloutStyles: [{ id: 'note', padding: NO_PAD, marginTop: pt(0), marginBottom: pt(0) }],
  } as never);
  return oneChapterBook(source, settings);
}

const rects = (page: PageDisplayList, fill: string): RectItem[] => page.items.filter((i): i is RectItem => i.op === Op.Rect && i.fill === fill);

/** Baselines (pt) of the runs holding `text`. */
const baselineOf = (page: PageDisplayList, text: string): number => runs(page).find((r) => r.text.includes(text))!.y;

const LISTING = ['```js', 'const answer = 42;', 'function ask() {', '  return answer;', '}', '```'].join('\n');

describe('a code listing inside a callout box', () => {
  it('is set in its own box inside the callout, at its inner measure, a box line above and below', () => {
    const src = ['Above the box.', '', ':::callout', 'Before the listing.', '', LISTING, '', 'After the listing.', ':::', '', 'Under the box.'].join('\n');
    const page = run(book(src)).pages[0]!;
    const [box, ...more] = rects(page, BOX_FILL);
    expect(more).toEqual([]);
    // The box under the first line (row 0, 50…62 pt), across the column.
    expect(box).toMatchObject({ x: 50, y: 62, w: 300 });
    const [code, ...moreCode] = rects(page, CODE_FILL);
    expect(moreCode).toEqual([]);
    // The listing's frame a box line (12 pt) under the first row: 62 + 12 + 12 = 86 pt, at the inner measure.
    expect(code!.y).toBeCloseTo(86, 3);
    expect(code!.x).toBeCloseTo(50, 3);
    expect(code!.w).toBeCloseTo(300, 3);
    expect(code!.y + code!.h).toBeLessThan(box!.y + box!.h);
    // Its four rows' glyph runs inside its frame and the box's.
    const codeRuns = runs(page).filter((r) => ['const', 'function', 'return', '}'].some((t) => r.text.includes(t)));
    expect(codeRuns.length).toBeGreaterThanOrEqual(4);
    for (const r of codeRuns) {
      const e = inkExtent(r);
      expect(e.left).toBeGreaterThanOrEqual(code!.x);
      expect(e.right).toBeLessThanOrEqual(code!.x + code!.w);
      expect(r.y).toBeGreaterThan(code!.y);
      expect(r.y).toBeLessThan(code!.y + code!.h);
    }
    // The text after it one box line under its frame, on the box's row there; the text after the box under the box.
    const after = baselineOf(page, 'After the listing');
    expect(after - ASCENT).toBeCloseTo(code!.y + code!.h + 12, 3);
    expect(box!.y + box!.h).toBeCloseTo(after - ASCENT + 12, 3);
    expect(baselineOf(page, 'Under the box') - ASCENT).toBeGreaterThanOrEqual(box!.y + box!.h - 1e-6);
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(11);
    const parts: string[] = [];
    for (let i = 0; i < 20; i++) {
      parts.push(paragraph(random));
      if (i % 5 === 1) parts.push([':::callout', paragraph(random, 1), '', LISTING, '', paragraph(random, 2), ':::'].join('\n'));
    }
    const source = parts.join('\n\n');
    const cache = new EngineCache();
    run(book(source), cache);
    const edited = `A new opening sentence, long enough to move the lines after it.\n\n${source}`;
    expect(dump(run(book(edited), cache))).toBe(dump(run(book(edited), new EngineCache(false))));
  });
});
