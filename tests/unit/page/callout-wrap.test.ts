/**
 * A wrapped resource inside a callout box (document-format §12.8, §8.1; page/callout-wrap.ts): the
 * box is set, the resource at one side of its inner measure, the box's text after it beside it at
 * the reduced measure for the resource's height and gap in whole box lines, then at the full
 * measure; the resource and the lines beside it never split between box segments.
 * One column 300 pt wide (page 400 × 300 pt, margins 50 pt; 10 pt body on a 12 pt leading); the box
 * has no padding or margins, its text at the body's 12 pt leading. The picture is 40 × 24 px =
 * 30 × 18 pt, its caption one line under it; the wrap gap is one body line (12 pt).
 */
import { describe, expect, it } from 'vitest';
import { prepareResources, type BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { expectOpeningEditEqualsFull, inkExtent, oneChapterBook, pictureFrame, ptLength as pt, run, runs, TEN_ROW_COLUMN } from './helpers';

const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="24" viewBox="0 0 40 24"><rect x="0" y="0" width="40" height="24" fill="#ff0000"/></svg>');
const NO_PAD = { top: pt(0), right: pt(0), bottom: pt(0), left: pt(0) };
const BOX_FILL = '#f4f4f4';
const GAP = 12; // pt: layout.wrap.gap, one body line
const ASCENT = 9.545; // pt: first baseline under a 12 pt line box's top for the 10 pt body

function book(source: string, wrap: string, height = 300): BookInput {
  const settings = settingsFromConfig({
    ...TEN_ROW_COLUMN,
    page: { ...TEN_ROW_COLUMN.page, width: pt(400), height: pt(height) },
    calloutStyles: [{ id: 'note', padding: NO_PAD, marginTop: pt(0), marginBottom: pt(0) }],
  } as never);
  return {
    ...oneChapterBook(source, settings),
    resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement: { position: 'here', wrap } }, payload: SVG }], {}),
  };
}

/** Body lines of a page: baseline, left and right ink extent (pt). */
function bodyLines(page: PageDisplayList): { y: number; left: number; right: number; text: string }[] {
  const byLine = new Map<number, { y: number; left: number; right: number; text: string }>();
  for (const r of runs(page)) {
    if (r.line?.role !== 'body') continue;
    const e = inkExtent(r);
    const line = byLine.get(r.y);
    byLine.set(r.y, line ? { ...line, left: Math.min(line.left, e.left), right: Math.max(line.right, e.right), text: line.text + r.text } : { y: r.y, ...e, text: r.text });
  }
  return [...byLine.values()].sort((a, b) => a.y - b.y);
}

const boxes = (page: PageDisplayList): RectItem[] => page.items.filter((i): i is RectItem => i.op === Op.Rect && i.fill === BOX_FILL);

function source(): string {
  const random = mulberry32(3);
  return ['Above the box.', '', ':::callout', 'Before the picture.', '', '::resource{id="red"}', '', paragraph(random, 2), '', paragraph(random, 4), ':::', '', 'Under the box.'].join('\n');
}

describe('a wrapped resource inside a callout box', () => {
  for (const side of ['right', 'left'] as const) {
    it(`wrap ${side}: the box is set; the text after the resource runs beside it in the box, then at the box's full measure`, () => {
      const page = run(book(source(), side)).pages[0]!;
      const [box, ...more] = boxes(page);
      expect(more).toEqual([]);
      expect(box).toMatchObject({ x: 50, y: 62, w: 300 });
      const picture = pictureFrame(page, '#ff0000')!;
      // In the box, its top a box line (12 pt) under the first row (62 + 12 + 12 = 86 pt).
      expect(picture.y).toBeCloseTo(86, 3);
      expect(picture.y + picture.h).toBeLessThan(box!.y + box!.h);
      if (side === 'left') expect(picture.x).toBeCloseTo(50, 3);
      else expect(picture.x).toBeGreaterThan(200);
      const caption = runs(page).find((r) => r.text === 'A red field')!;
      const captionBottom = caption.y + 3; // under the caption's baseline, within its descent
      const lines = bodyLines(page).filter((l) => l.y > 86 && l.y < box!.y + box!.h);
      // The first line beside it level with the picture's top.
      expect(lines[0]!.y - ASCENT).toBeCloseTo(picture.y, 3);
      // Lines whose box starts above the band's foot (the figure and the gap, in whole lines) run beside it.
      const bandFoot = picture.y + Math.ceil((captionBottom - picture.y + GAP) / 12 - 1e-6) * 12;
      const beside = lines.filter((l) => l.y - ASCENT < bandFoot - 1e-6);
      const after = lines.filter((l) => l.y - ASCENT >= bandFoot - 1e-6);
      expect(beside.length).toBeGreaterThanOrEqual(3);
      expect(after.length).toBeGreaterThanOrEqual(2);
      const figureLeft = Math.min(picture.x, inkExtent(caption).left);
      const figureRight = Math.max(picture.x + picture.w, ...runs(page).filter((r) => r.line?.role === 'caption').map((r) => inkExtent(r).right));
      for (const l of beside) {
        if (side === 'right') expect(l.right).toBeLessThanOrEqual(figureLeft - GAP + 0.5);
        else expect(l.left).toBeGreaterThanOrEqual(figureRight + GAP - 0.5);
      }
      // A justified full line after the band reaches past where the figure starts (or starts at the box's edge).
      if (side === 'right') expect(Math.max(...after.map((l) => l.right))).toBeGreaterThan(figureLeft);
      else expect(Math.min(...after.map((l) => l.left))).toBeCloseTo(50, 0);
      // All on the box's 12 pt rows, and the text after the box under it.
      for (const l of lines) {
        const rows = (l.y - lines[0]!.y) / 12;
        expect(Math.abs(rows - Math.round(rows))).toBeLessThan(1e-6);
      }
      const under = bodyLines(page).find((l) => l.text.includes('Under the box'))!;
      expect(under.y).toBeGreaterThan(box!.y + box!.h);
    });
  }

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(9);
    const parts: string[] = [];
    for (let i = 0; i < 20; i++) {
      parts.push(paragraph(random));
      if (i % 5 === 1) parts.push([':::callout', paragraph(random, 1), '', '::resource{id="red"}', '', paragraph(random, 3), ':::'].join('\n'));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull((text) => book(text, 'left'), source);
  });

  it('a wrap the box cannot give (too narrow) sets the resource across the box and is reported, in flow and in a floated box', () => {
    // layout.wrap.minTextWidth 0.9 of the 300 pt measure (270 pt) is more than the text beside the figure would get: tooNarrow.
    const settings = settingsFromConfig({
      ...TEN_ROW_COLUMN,
      layout: { ...TEN_ROW_COLUMN.layout, wrap: { minTextWidth: 0.9 } },
      page: { ...TEN_ROW_COLUMN.page, width: pt(400), height: pt(300) },
      calloutStyles: [{ id: 'note', padding: NO_PAD, marginTop: pt(0), marginBottom: pt(0) }],
    } as never);
    for (const placement of ['here', 'top']) {
      const source = ['Above.', '', `:::callout{placement="${placement}"}`, 'Before.', '', '::resource{id="red"}', '', 'After the picture.', ':::', '', 'Under.'].join('\n');
      const layout = run({ ...book(source, 'right'), settings });
      expect(layout.chapters[0]!.wrapsRefused, placement).toEqual([{ id: 'red', reason: 'tooNarrow', pageIndex: 0 }]);
      // Across the box: the text after it under the figure, at the box's start edge (its first-line indent, 15 pt, in).
      const page = layout.pages.find((p) => pictureFrame(p, '#ff0000') !== undefined)!;
      const picture = pictureFrame(page, '#ff0000')!;
      const after = bodyLines(page).find((l) => l.text.includes('After the picture'))!;
      expect(after.y - ASCENT, placement).toBeGreaterThan(picture.y + picture.h);
      expect(after.left, placement).toBeCloseTo(65, 0);
    }
  });

  it('a split box keeps the resource and the lines beside it in one segment', () => {
    const random = mulberry32(5);
    // A 10-row column (page 220 pt tall): seven lines before the resource leave too few rows for it and its band.
    const text = Array.from({ length: 7 }, (_, i) => `Line ${i + 1} before.`).join('\n\n');
    const src = [':::callout', text, '', '::resource{id="red"}', '', paragraph(random, 2), ':::'].join('\n');
    const layout = run(book(src, 'right', 220));
    const at = layout.pages.findIndex((p) => pictureFrame(p, '#ff0000') !== undefined);
    expect(at).toBe(1);
    const page = layout.pages[1]!;
    const picture = pictureFrame(page, '#ff0000')!;
    const [box] = boxes(page);
    // At the head of the second segment, inside it.
    expect(picture.y).toBeGreaterThanOrEqual(box!.y);
    expect(picture.y + picture.h).toBeLessThanOrEqual(box!.y + box!.h);
    const first = bodyLines(page)[0]!;
    expect(first.y - ASCENT).toBeCloseTo(picture.y, 3);
  });
});

describe('a wrapped resource inside a callout box in a `:::columns` group', () => {
  // Page 560 pt wide: one 460 pt column, two sub-columns of (460 − 12) / 2 = 224 pt at 50 and 286 pt.
  // (Narrower, the text beside the 30 pt picture and its caption would be under layout.wrap.minTextWidth, 12 em: refused.)
  function groupBook(src: string): BookInput {
    const settings = settingsFromConfig({
      ...TEN_ROW_COLUMN,
      page: { ...TEN_ROW_COLUMN.page, width: pt(560), height: pt(580) },
      calloutStyles: [{ id: 'note', padding: NO_PAD, marginTop: pt(0), marginBottom: pt(0) }],
    } as never);
    return { ...oneChapterBook(src, settings), resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement: { position: 'here', wrap: 'right' } }, payload: SVG }], {}) };
  }
  const groupSource = (random: () => number): string => [':::columns{count=2}', 'a0', '', ':::callout', 'Before the picture.', '', '::resource{id="red"}', '', paragraph(random, 3), ':::', '', 'b0', ':::'].join('\n');

  it('is set in the box in its sub-column, the box\'s text beside it at the reduced measure, then at the full one', () => {
    const page = run(groupBook(groupSource(mulberry32(3)))).pages[0]!;
    // The group in sub-columns: a0 in the first, the box (and the text after it) in the second.
    const [box, ...more] = boxes(page);
    expect(more).toEqual([]);
    expect(box).toMatchObject({ x: 286, w: 224 });
    expect(runs(page).find((r) => r.text === 'a0')!.xs[0]).toBeCloseTo(50, 3);
    const picture = pictureFrame(page, '#ff0000')!;
    // At the sub-column's right edge, a box line (12 pt) under the box's first row (50…62 pt).
    expect(picture.x + picture.w).toBeGreaterThan(box!.x + box!.w - 40);
    expect(picture.x + picture.w).toBeLessThanOrEqual(box!.x + box!.w + 1e-6);
    expect(picture.y).toBeCloseTo(74, 3);
    // Box lines beside it end a gap (12 pt) short of it; at least one such line, and a line after at the full measure, past it.
    const lines = bodyLines(page).filter((l) => l.left >= box!.x - 1e-6 && l.y > picture.y && l.y < box!.y + box!.h);
    const beside = lines.filter((l) => l.y - ASCENT < picture.y + picture.h);
    expect(beside.length).toBeGreaterThan(0);
    for (const l of beside) expect(l.right).toBeLessThanOrEqual(picture.x - GAP + 1e-6);
    expect(lines.some((l) => l.right > picture.x)).toBe(true);
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(19);
    const parts: string[] = [];
    for (let i = 0; i < 12; i++) {
      parts.push(paragraph(random));
      if (i === 4) parts.push(groupSource(random));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull(groupBook, source);
  });
});
