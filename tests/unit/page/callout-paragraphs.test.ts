/**
 * `:::paragraphs{style}` and `:::part` containers inside a callout box (document-format §8.2, §13.5;
 * page/callout-blocks.ts). One column 300 pt wide (page 400 × 300 pt, margins 50 pt; 10 pt body on a
 * 12 pt leading); the box has no padding or margins, its text at the body's 12 pt leading, so its
 * inner measure is the column's 300 pt (x 50…350) and its rows start at the box's top.
 */
import { describe, expect, it } from 'vitest';
import type { BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type GlyphRunItem, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { expectOpeningEditEqualsFull, inkExtent, oneChapterBook, ptLength as pt, run, runs, TEN_ROW_COLUMN } from './helpers';

const NO_PAD = { top: pt(0), right: pt(0), bottom: pt(0), left: pt(0) };
const BOX_FILL = '#f4f4f4';
const ASCENT = 9.545; // pt: first baseline under a 12 pt line box's top for the 10 pt body

function book(source: string, more: Record<string, unknown> = {}): BookInput {
  const settings = settingsFromConfig({
    ...TEN_ROW_COLUMN,
    ...more,
    page: { ...TEN_ROW_COLUMN.page, width: pt(400), height: pt(300) },
    calloutStyles: [{ id: 'note', padding: NO_PAD, marginTop: pt(0), marginBottom: pt(0) }],
    paragraphStyles: [
      // 8 pt italic on a 10 pt leading, flush right 10 pt from the end, 20 pt in from the start.
      { id: 'aside', italic: true, textAlign: 'right', fontSize: pt(8), lineHeight: pt(10), indent: pt(20), endIndent: pt(10), marginTop: pt(6), marginBottom: pt(12), spaceBetween: pt(3) },
      // Justified, the turnovers 15 pt further in than the first line.
      { id: 'hanging', textAlign: 'justify', firstLineIndent: pt(0), hangingIndent: pt(15) },
      // A two-line drop cap on the group's first paragraph, 10 pt in from the start (the body's type and leading).
      { id: 'opening', indent: pt(10), firstLineIndent: pt(0), dropCap: { lines: 2 } },
      // A three-line drop cap.
      { id: 'deep', firstLineIndent: pt(0), dropCap: { lines: 3 } },
      // Margins of one and two box lines (12 and 24 pt at the box's 12 pt leading).
      { id: 'spaced', firstLineIndent: pt(0), marginTop: pt(12), marginBottom: pt(24) },
    ],
  } as never);
  return oneChapterBook(source, settings);
}

const boxes = (page: PageDisplayList): RectItem[] => page.items.filter((i): i is RectItem => i.op === Op.Rect && i.fill === BOX_FILL);
const runOf = (page: PageDisplayList, text: string): GlyphRunItem => runs(page).find((r) => r.text.includes(text))!;
/** The layout of a source that takes one page holding one box: the page and the box's frame. */
function onePageOneBox(source: string): { page: PageDisplayList; box: RectItem } {
  const { pages } = run(book(source));
  expect(pages).toHaveLength(1);
  const [box, ...more] = boxes(pages[0]!);
  expect(more).toEqual([]);
  return { page: pages[0]!, box: box! };
}

describe('a `:::paragraphs{style}` container inside a callout box', () => {
  it("sets its paragraphs in the box in that style: type, leading, indents, alignment, spacing and margins", () => {
    const src = ['Above the box.', '', ':::callout', 'Before the run.', '', ':::paragraphs{style="aside"}', 'First styled.', '', 'Second styled.', ':::', '', 'After the run.', ':::', '', 'Under the box.'].join('\n');
    const { page, box } = onePageOneBox(src);
    expect(box).toMatchObject({ x: 50, y: 62, w: 300 });
    // Rows: "Before" 62…74; 6 pt (marginTop); "First" 80…90; 3 pt (spaceBetween); "Second" 93…103; 12 pt (marginBottom); "After" 115…127.
    const first = runOf(page, 'First styled');
    const second = runOf(page, 'Second styled');
    expect(runOf(page, 'Before the run').y - ASCENT).toBeCloseTo(62, 3);
    expect(second.y - first.y).toBeCloseTo(13, 3);
    expect(first.y).toBeGreaterThan(80);
    expect(first.y).toBeLessThan(90);
    expect(runOf(page, 'After the run').y - ASCENT).toBeCloseTo(115, 3);
    expect(box.h).toBeCloseTo(127 - 62, 3);
    expect(runOf(page, 'Under the box').y - ASCENT).toBeGreaterThanOrEqual(box.y + box.h - 1e-6);
    // 8 pt italic (another face than the box's roman), flush right at 10 pt from the box's inner end.
    for (const r of [first, second]) {
      expect(r.size).toBe(8);
      expect(r.font).not.toBe(runOf(page, 'Before the run').font);
      expect(inkExtent(r).right).toBeCloseTo(340, 0);
      expect(inkExtent(r).left).toBeGreaterThan(50 + 20);
    }
  });

  it('a justified style with a hanging indent: turnovers further in, justified lines to the inner end', () => {
    const random = mulberry32(7);
    const text = paragraph(random, 4);
    const src = [':::callout', ':::paragraphs{style="hanging"}', text, ':::', ':::'].join('\n');
    const page = run(book(src)).pages[0]!;
    expect(boxes(page)).toHaveLength(1);
    const lines = runs(page).filter((r) => r.line?.role === 'body').sort((a, b) => a.y - b.y);
    const ys = [...new Set(lines.map((r) => r.y))];
    expect(ys.length).toBeGreaterThanOrEqual(3);
    const lineLeft = (y: number) => Math.min(...lines.filter((r) => r.y === y).map((r) => r.xs[0]!));
    const lineRight = (y: number) => Math.max(...lines.filter((r) => r.y === y).map((r) => inkExtent(r).right));
    expect(lineLeft(ys[0]!)).toBeCloseTo(50, 0);
    for (const y of ys.slice(1)) expect(lineLeft(y)).toBeCloseTo(65, 0);
    for (const y of ys.slice(0, -1)) expect(lineRight(y)).toBeCloseTo(350, 0);
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(61);
    const parts: string[] = [];
    for (let i = 0; i < 16; i++) {
      parts.push(paragraph(random));
      if (i % 5 === 1) parts.push([':::callout', paragraph(random, 1), '', ':::paragraphs{style="aside"}', paragraph(random, 2), '', paragraph(random, 1), ':::', '', paragraph(random, 1), ':::'].join('\n'));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull(book, source);
  });
});

describe("a `:::paragraphs{style}` container's drop cap and 'add' spacing inside a callout box", () => {
  const LONG = 'Once upon a time there was a typesetter who set every line of a long book by hand, letter by letter, and who loved the large initials that opened each chapter of the books on the shelf above the case of type.';

  it("opens the container's first paragraph with the style's drop cap at the box's inner measure, beside its first two lines", () => {
    const src = ['Above the box.', '', ':::callout', 'Before the run.', '', ':::paragraphs{style="opening"}', LONG, '', 'The second paragraph takes no initial.', ':::', ':::'].join('\n');
    const { page, box } = onePageOneBox(src);
    const body = runs(page).filter((r) => r.line?.role === 'body' && r.y > box.y && r.y < box.y + box.h);
    const [initial, ...others] = body.filter((r) => r.size > 10.5);
    expect(others).toEqual([]);
    expect(initial!.text).toBe('O');
    const lines = [...new Set(body.filter((r) => r.size <= 10.5 && r.line?.block === initial!.line?.block).map((r) => r.y))].sort((a, b) => a - b);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    // Its first line is the box's second row; the initial stands at the style's indent (10 pt in
    // from the box's inner edge at x 50) on the second line's baseline.
    expect(lines[0]! - ASCENT).toBeCloseTo(box.y + 12, 3);
    expect(initial!.y).toBeCloseTo(lines[1]!, 3);
    expect(inkExtent(initial!).left).toBeGreaterThan(59);
    expect(inkExtent(initial!).left).toBeLessThan(62);
    // The two lines beside it start past it; the third at the style's indent, its text the rest of the word after the initial.
    const lineLeft = (y: number) => Math.min(...body.filter((r) => r.y === y && r.size <= 10.5).map((r) => inkExtent(r).left));
    for (const y of lines.slice(0, 2)) expect(lineLeft(y)).toBeGreaterThan(inkExtent(initial!).right);
    expect(lineLeft(lines[2]!)).toBeCloseTo(60, 0);
    expect(body.find((r) => r.y === lines[0]!)!.text.startsWith('nce upon')).toBe(true);
    expect(runOf(page, 'second paragraph').size).toBe(10);
  });

  it("a heading's drop cap opens the paragraph right after it in the box, plain or styled, as in running text", () => {
    const capped = { headings: { levels: [{ level: 2, dropCap: { lines: 2 } }] } };
    for (const [label, after] of [['plain', [LONG]], ['styled', [':::paragraphs{style="aside"}', LONG, ':::']]] as const) {
      const src = [':::callout', '## Inside the box', '', ...after, '', 'The next paragraph takes no initial.', ':::'].join('\n');
      const { pages } = run(book(src, capped));
      const page = pages[0]!;
      const [box] = boxes(page);
      const body = runs(page).filter((r) => r.line?.role === 'body');
      const caps = body.filter((r) => r.size > 10.5);
      expect(caps.map((r) => r.text), label).toEqual(['O']);
      const initial = caps[0]!;
      expect(initial.y).toBeGreaterThan(box!.y);
      expect(initial.y).toBeLessThan(box!.y + box!.h);
      // On the paragraph's second line, the two lines beside it starting past it.
      const lines = [...new Set(body.filter((r) => r.size <= 10.5 && r.line?.block === initial.line?.block).map((r) => r.y))].sort((a, b) => a - b);
      expect(initial.y, label).toBeCloseTo(lines[1]!, 3);
      for (const y of lines.slice(0, 2)) expect(Math.min(...body.filter((r) => r.y === y && r.size <= 10.5).map((r) => inkExtent(r).left))).toBeGreaterThan(inkExtent(initial).right);
    }
  });

  it('a box cut never parts the initial from the lines beside it', () => {
    // Filler rows put the styled paragraph's third line or second (16 rows a page) at the foot of
    // page 1, where layout.boxChildSplitMinLines (2) alone would cut it: its first three lines go on together.
    let moved = 0;
    for (let n = 12; n <= 14; n++) {
      const filler = Array.from({ length: n }, (_, i) => `Filler ${i + 1}.`).join('\n\n');
      const { pages } = run(book([':::callout', filler, '', ':::paragraphs{style="deep"}', `${LONG} ${LONG}`, ':::', ':::'].join('\n')));
      const caps = pages.map((p) => runs(p).filter((r) => r.line?.role === 'body' && r.size > 10.5));
      expect(caps.flat(), `filler ${n}`).toHaveLength(1);
      const page = pages[caps.findIndex((c) => c.length > 0)]!;
      const cap = caps.flat()[0]!;
      const beside = new Set(runs(page).filter((r) => r.size <= 10.5 && r.line?.block === cap.line?.block && r.y <= cap.y + 1e-6 && r.y >= cap.y - 24 - 1e-6).map((r) => r.y));
      expect(beside.size, `filler ${n}`).toBe(3);
      if (page !== pages[0]) moved++;
    }
    expect(moved).toBeGreaterThan(0);
  });

  it("bodyText.paragraphContainerSpacing 'add': the containers' margins added in whole box lines, as in running text", () => {
    const inner = ['Before the runs.', '', ':::paragraphs{style="spaced"}', 'One styled.', ':::', '', ':::paragraphs{style="spaced"}', 'Two styled.', ':::', '', 'After the runs.'];
    const boxed = (extra: Record<string, unknown>) => {
      const { pages } = run(book([':::callout', ...inner, ':::'].join('\n'), extra));
      const page = pages[0]!;
      const top = boxes(page)[0]!.y;
      return ['One styled', 'Two styled', 'After the runs'].map((t) => runOf(page, t).y - ASCENT - top);
    };
    // Collapse (the default): 12 above One; One's 24 and Two's 12 collapse to 24; 24 under Two.
    expect(boxed({})).toEqual([24, 60, 96].map((v) => expect.closeTo(v, 3)));
    // Add: 12 above One; 24 + 12 between One and Two; 24 under Two.
    const add = { bodyText: { ...TEN_ROW_COLUMN.bodyText, paragraphContainerSpacing: 'add' } };
    const added = boxed(add);
    expect(added).toEqual([24, 72, 108].map((v) => expect.closeTo(v, 3)));
    // The same runs in running text are as far apart (One to Two, Two to After).
    const flat = run(book(inner.join('\n'), add)).pages[0]!;
    expect(runOf(flat, 'Two styled').y - runOf(flat, 'One styled').y).toBeCloseTo(added[1]! - added[0]!, 3);
    expect(runOf(flat, 'After the runs').y - runOf(flat, 'Two styled').y).toBeCloseTo(added[2]! - added[1]!, 3);
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(67);
    const parts: string[] = [];
    for (let i = 0; i < 16; i++) {
      parts.push(paragraph(random));
      if (i % 4 === 1) parts.push([':::callout', paragraph(random, 1), '', ':::paragraphs{style="opening"}', paragraph(random, 2), ':::', '', ':::paragraphs{style="spaced"}', paragraph(random, 1), ':::', '', '## A heading in the box', '', paragraph(random, 1), ':::'].join('\n'));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull((s) => book(s, { bodyText: { ...TEN_ROW_COLUMN.bodyText, paragraphContainerSpacing: 'add' }, headings: { levels: [{ level: 2, dropCap: { lines: 2 } }] } }), source);
  });
});

describe('a `:::part` inside a callout box', () => {
  it("is ignored (our reading: a divider page cannot live in a box): its blocks set as the box's, no part page, no contents row", () => {
    const src = [':::toc', '', 'Above the box.', '', ':::callout', 'Before the part.', '', ':::part{title="Hidden part"}', 'Inside the part.', ':::', '', 'After the part.', ':::', '', 'Under the box.'].join('\n');
    const { page, box } = onePageOneBox(src);
    // Three box lines in order, under the box's top.
    const top = box.y;
    expect(box.h).toBeCloseTo(36, 3);
    expect(runOf(page, 'Before the part').y - ASCENT).toBeCloseTo(top, 3);
    expect(runOf(page, 'Inside the part').y - ASCENT).toBeCloseTo(top + 12, 3);
    expect(runOf(page, 'After the part').y - ASCENT).toBeCloseTo(top + 24, 3);
    expect(runs(page).some((r) => r.text.includes('Hidden'))).toBe(false);
  });

  it('its lines are counted by margin line numbers as the box\'s (§11.2; a part page\'s are not)', () => {
    const src = ['Above the box.', '', ':::callout', 'Before the part.', '', ':::part{title="Hidden part"}', 'Inside the part.', ':::', '', 'After the part.', ':::'].join('\n');
    const page = run(book(src, { lineNumbers: { enabled: true, count: 'all', interval: 1 } })).pages[0]!;
    const numbers = runs(page).filter((r) => r.line?.role === 'lineNumber');
    const beside = (text: string) => numbers.find((n) => n.y === runOf(page, text).y)?.text;
    expect([beside('Above the box'), beside('Before the part'), beside('Inside the part'), beside('After the part')]).toEqual(['1', '2', '3', '4']);
  });
});
