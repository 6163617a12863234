/**
 * Blocks other than text inside a callout box (document-format §8.1, configuration.md §13.4;
 * page/callout-blocks.ts). One column 300 pt wide (page 400 × 300 pt, margins 50 pt; 10 pt body on a
 * 12 pt leading); the box has no padding or margins, its text at the body's 12 pt leading, so its
 * inner measure is the column's 300 pt and its rows are 12 pt apart from the box's top.
 */
import { describe, expect, it } from 'vitest';
import type { BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { expectOpeningEditEqualsFull, inkExtent, oneChapterBook, ptLength as pt, run, runs, TEN_ROW_COLUMN } from './helpers';

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
    expectOpeningEditEqualsFull(book, source);
  });
});

describe('a heading inside a callout box', () => {
  const headingRuns = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'heading' && r.text.includes('Inside'));

  it('is set in the box at its inner measure in its level\'s type, the text after it under it', () => {
    const src = ['Above the box.', '', ':::callout', 'Before the heading.', '', '## Inside the box', '', 'After the heading.', ':::', '', 'Under the box.'].join('\n');
    const layout = run(book(src));
    const page = layout.pages[0]!;
    const [box, ...more] = rects(page, BOX_FILL);
    expect(more).toEqual([]);
    expect(box).toMatchObject({ x: 50, y: 62, w: 300 });
    const [heading] = headingRuns(page);
    expect(heading).toBeDefined();
    // Its level's type (larger than the 10 pt body), its ink inside the box.
    expect(heading!.size).toBeGreaterThan(10);
    const e = inkExtent(heading!);
    expect(e.left).toBeGreaterThanOrEqual(box!.x);
    expect(e.right).toBeLessThanOrEqual(box!.x + box!.w);
    // Level 2: 15 pt on an 18 pt leading, margins 1.5 em (22.5 pt → two box lines, 24 pt) above and
    // 0.5 em (7.5 pt → one box line, 12 pt) below. Its line box at 62 + 12 + 24 = 98 pt, 18 pt tall.
    expect(heading!.size).toBe(15);
    expect(heading!.y).toBeGreaterThan(98);
    expect(heading!.y).toBeLessThan(116);
    // The text after it one box line under it (116 + 12 = 128 pt), the box ending under that row (140 pt).
    const after = baselineOf(page, 'After the heading');
    expect(after - ASCENT).toBeCloseTo(128, 3);
    expect(box!.y + box!.h).toBeCloseTo(140, 3);
    expect(baselineOf(page, 'Under the box') - ASCENT).toBeGreaterThanOrEqual(box!.y + box!.h - 1e-6);
  });

  it("lineSpan (行取り): centred in a band of whole box lines instead of its margins, the band kept at the box's top", () => {
    // Level 2 in a band of 4 box lines (48 pt): its 18 pt line box 15 pt under the band's top.
    const spanned = (source: string): PageDisplayList => {
      const settings = settingsFromConfig({
        ...TEN_ROW_COLUMN,
        page: { ...TEN_ROW_COLUMN.page, width: pt(400), height: pt(300) },
        headings: { levels: [{ level: 2, lineSpan: 4 }] },
        calloutStyles: [{ id: 'note', padding: NO_PAD, marginTop: pt(0), marginBottom: pt(0) }],
      } as never);
      return run(oneChapterBook(source, settings)).pages[0]!;
    };
    const page = spanned(['Above the box.', '', ':::callout', 'Before the heading.', '', '## Inside the box', '', 'After the heading.', ':::'].join('\n'));
    const [box] = rects(page, BOX_FILL);
    const [heading] = headingRuns(page);
    // The band from 74 pt (under the first row) to 122 pt; the heading's line box 89…107 pt.
    expect(heading!.size).toBe(15);
    expect(heading!.y).toBeGreaterThan(89);
    expect(heading!.y).toBeLessThan(107);
    expect(baselineOf(page, 'After the heading') - ASCENT).toBeCloseTo(122, 3);
    expect(box!.y + box!.h).toBeCloseTo(134, 3);
    // As the box's first block its band's upper half stays: the line box 15 pt under the box's top.
    const first = spanned(['Above the box.', '', ':::callout', '## Inside the box', '', 'After the heading.', ':::'].join('\n'));
    const [top] = rects(first, BOX_FILL);
    expect(headingRuns(first)[0]!.y - heading!.y).toBeCloseTo(top!.y - 12 - box!.y, 3);
    expect(baselineOf(first, 'After the heading') - ASCENT).toBeCloseTo(top!.y + 48, 3);
  });

  it('a box cut never leaves a heading at a segment\'s foot (keep with next)', () => {
    // A 10-row column (page 220 pt tall): the heading would fall on the page's last rows.
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `Line ${i + 1} of the box.`).join('\n\n');
    for (let n = 4; n <= 8; n++) {
      const src = [':::callout', lines(n), '', '## Inside the box', '', paragraph(mulberry32(n), 3), ':::'].join('\n');
      const layout = run(book(src, 220));
      const at = layout.pages.findIndex((p) => headingRuns(p).length > 0);
      const page = layout.pages[at]!;
      const [heading] = headingRuns(page);
      const box = rects(page, BOX_FILL).find((r) => r.y <= heading!.y && heading!.y <= r.y + r.h)!;
      // A body line of the box under the heading in the same segment.
      const under = runs(page).filter((r) => r.line?.role === 'body' && r.y > heading!.y && r.y < box.y + box.h);
      expect(under.length, `n = ${n}`).toBeGreaterThan(0);
    }
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(13);
    const parts: string[] = [];
    for (let i = 0; i < 20; i++) {
      parts.push(paragraph(random));
      if (i % 5 === 1) parts.push([':::callout', paragraph(random, 1), '', `## Boxed heading ${i}`, '', paragraph(random, 2), ':::'].join('\n'));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull(book, source);
  });
});

describe('a poem inside a callout box', () => {
  const POEM = [':::verse', 'The first line of the first stanza', 'and the second line of it', '', 'The second stanza opens here', 'and closes the poem', ':::'].join('\n');

  it('is set in the box at its inner measure, a box line above and below, one box line a line', () => {
    const src = ['Above the box.', '', ':::callout', 'Before the poem.', '', POEM, '', 'After the poem.', ':::', '', 'Under the box.'].join('\n');
    const page = run(book(src)).pages[0]!;
    const [box, ...more] = rects(page, BOX_FILL);
    expect(more).toEqual([]);
    expect(box).toMatchObject({ x: 50, y: 62, w: 300 });
    const verse = ['The first line', 'and the second line', 'The second stanza', 'and closes'].map((t) => runs(page).find((r) => r.text.includes(t))!);
    // The first line a box line under the first row (62 + 12 + 12 = 86 pt), the next 12 pt under it;
    // one blank box line between the stanzas (bodyText.verse.stanzaSpace, one line).
    expect(verse.map((r) => r.y - ASCENT)).toEqual([86, 98, 122, 134].map((y) => expect.closeTo(y, 3)));
    for (const r of verse) {
      const e = inkExtent(r);
      expect(e.left).toBeGreaterThanOrEqual(box!.x);
      expect(e.right).toBeLessThanOrEqual(box!.x + box!.w);
    }
    // The text after it a box line under its last line (146 + 12 = 158 pt), the box ending under it (170 pt).
    expect(baselineOf(page, 'After the poem') - ASCENT).toBeCloseTo(158, 3);
    expect(box!.y + box!.h).toBeCloseTo(170, 3);
    expect(baselineOf(page, 'Under the box') - ASCENT).toBeGreaterThanOrEqual(box!.y + box!.h - 1e-6);
  });

  it('a box cut never parts a verse line from its turnovers', () => {
    const long = 'Begin this verse line with words enough to run past the measure of the box and turn over at least once more before it comes to its Finis';
    for (let n = 3; n <= 9; n++) {
      const lines = Array.from({ length: n }, (_, i) => `Line ${i + 1} of the box.`).join('\n\n');
      const src = [':::callout', lines, '', ':::verse', 'A short line', long, 'A last line', ':::', '', 'After the poem.', ':::'].join('\n');
      const layout = run(book(src, 220));
      const pageOf = (text: string): number => layout.pages.findIndex((p) => runs(p).some((r) => r.text.includes(text)));
      expect(pageOf('Finis'), `n = ${n}`).toBe(pageOf('Begin this'));
      expect(pageOf('Begin this'), `n = ${n}`).toBeGreaterThanOrEqual(0);
    }
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(17);
    const parts: string[] = [];
    for (let i = 0; i < 20; i++) {
      parts.push(paragraph(random));
      if (i % 5 === 1) parts.push([':::callout', paragraph(random, 1), '', POEM, '', paragraph(random, 2), ':::'].join('\n'));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull(book, source);
  });
});

describe('a :::space inside a callout box', () => {
  it('takes its lines of the box between two blocks, additive', () => {
    const src = ['Above the box.', '', ':::callout', 'Before the space.', '', ':::space{lines=2}', '', ':::space', '', 'After the space.', ':::', '', 'Under the box.'].join('\n');
    const page = run(book(src)).pages[0]!;
    const [box, ...more] = rects(page, BOX_FILL);
    expect(more).toEqual([]);
    expect(box).toMatchObject({ x: 50, y: 62, w: 300 });
    // Three box lines (2 + 1, 36 pt) between the first row (62…74 pt) and the next: 110 pt; the box ends at 122 pt.
    expect(baselineOf(page, 'After the space') - ASCENT).toBeCloseTo(110, 3);
    expect(box!.h).toBeCloseTo(60, 3);
    expect(baselineOf(page, 'Under the box') - ASCENT).toBeGreaterThanOrEqual(122 - 1e-6);
  });

  it('is dropped before the box\'s first block, kept under its title or as its only content', () => {
    const first = run(book(['Above.', '', ':::callout', ':::space{lines=3}', '', 'The only line.', ':::'].join('\n'))).pages[0]!;
    const [box1] = rects(first, BOX_FILL);
    expect(box1).toMatchObject({ y: 62, h: 12 });
    expect(baselineOf(first, 'The only line') - ASCENT).toBeCloseTo(62, 3);
    // A worksheet's answer box: four box lines (48 pt) and nothing else.
    const only = run(book(['Above.', '', ':::callout', ':::space{lines=4}', ':::', '', 'Under.'].join('\n'))).pages[0]!;
    const [box2] = rects(only, BOX_FILL);
    expect(box2).toMatchObject({ y: 62, h: 48 });
    // Under a title: the title row and its gap, then the four lines.
    const titled = run(book(['Above.', '', ':::callout{title="Answer"}', ':::space{lines=4}', ':::', '', 'Under.'].join('\n'))).pages[0]!;
    const [box3] = rects(titled, BOX_FILL);
    const title = runs(titled).find((r) => r.text.includes('Answer'))!;
    expect(title.y).toBeGreaterThan(box3!.y);
    expect(box3!.h).toBeGreaterThan(48 + 12);
    expect(box3!.y + box3!.h - 48).toBeGreaterThan(title.y);
  });

  it('goes on with a heading above it: a box cut leaves neither at a segment\'s foot', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `Line ${i + 1} of the box.`).join('\n\n');
    for (let n = 4; n <= 8; n++) {
      const src = [':::callout', lines(n), '', '## Inside the box', '', ':::space', '', paragraph(mulberry32(n), 3), ':::'].join('\n');
      const layout = run(book(src, 220));
      const at = layout.pages.findIndex((p) => runs(p).some((r) => r.line?.role === 'heading' && r.text.includes('Inside')));
      const page = layout.pages[at]!;
      const heading = runs(page).find((r) => r.line?.role === 'heading' && r.text.includes('Inside'))!;
      const box = rects(page, BOX_FILL).find((r) => r.y <= heading.y && heading.y <= r.y + r.h)!;
      const under = runs(page).filter((r) => r.line?.role === 'body' && r.y > heading.y && r.y < box.y + box.h);
      expect(under.length, `n = ${n}`).toBeGreaterThan(0);
    }
  });

  it('a directive a box ignores (:::pagebreak) sets no row and the box is drawn', () => {
    const page = run(book(['Above.', '', ':::callout', 'One.', '', ':::pagebreak', '', 'Two.', ':::', '', 'Under.'].join('\n'))).pages[0]!;
    const [box, ...more] = rects(page, BOX_FILL);
    expect(more).toEqual([]);
    expect(box).toMatchObject({ y: 62, h: 24 });
    expect(baselineOf(page, 'Two.') - ASCENT).toBeCloseTo(74, 3);
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(19);
    const parts: string[] = [];
    for (let i = 0; i < 20; i++) {
      parts.push(paragraph(random));
      if (i % 5 === 1) parts.push([':::callout{title="Answer"}', paragraph(random, 1), '', ':::space{lines=3}', '', paragraph(random, 2), '', ':::space{lines=1.5}', ':::'].join('\n'));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull(book, source);
  });
});

describe('a callout box holding these blocks inside a :::columns group', () => {
  it('is set in its sub-column (before, the group flowed plain): a listing, a heading, a poem and a space in its frame', () => {
    const src = [':::columns{count=2}', 'a0', '', 'a1', '', ':::callout', 'Boxed text.', '', '## Boxed heading', '', LISTING, '', ':::verse', 'A boxed verse line', ':::', '', ':::space', '', 'Boxed end.', ':::', '', 'b0', '', 'b1', ':::'].join('\n');
    const page = run(book(src)).pages[0]!;
    const [box, ...more] = rects(page, BOX_FILL);
    expect(more).toEqual([]);
    // Two sub-columns of (300 − 12) / 2 = 144 pt: the box in one of them.
    expect(box!.w).toBeCloseTo(144, 3);
    const [code] = rects(page, CODE_FILL);
    expect(code!.x).toBeGreaterThanOrEqual(box!.x);
    expect(code!.x + code!.w).toBeLessThanOrEqual(box!.x + box!.w + 1e-6);
    expect(code!.y).toBeGreaterThan(box!.y);
    expect(code!.y + code!.h).toBeLessThan(box!.y + box!.h);
    for (const text of ['Boxed heading', 'A boxed verse', 'Boxed end']) {
      const r = runs(page).find((x) => x.text.includes(text))!;
      expect(r.y, text).toBeGreaterThan(box!.y);
      expect(r.y, text).toBeLessThan(box!.y + box!.h);
      expect(inkExtent(r).right, text).toBeLessThanOrEqual(box!.x + box!.w + 1e-6);
    }
  });

  it('a box cut between sub-columns never leaves a heading at a segment\'s foot', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `Line ${i + 1}.`).join('\n\n');
    for (let n = 4; n <= 9; n++) {
      // Taller than a sub-column (10 rows), so it splits.
      const src = [':::columns{count=2}', 'a0', '', ':::callout', lines(n), '', '## Boxed heading', '', lines(8), ':::', ':::'].join('\n');
      const page = run(book(src, 220)).pages[0]!;
      const heading = runs(page).find((r) => r.line?.role === 'heading' && r.text.includes('Boxed heading'))!;
      const box = rects(page, BOX_FILL).find((r) => r.x <= heading.xs[0]! && heading.xs[0]! <= r.x + r.w && r.y <= heading.y && heading.y <= r.y + r.h)!;
      const under = runs(page).filter((r) => r.line?.role === 'body' && r.y > heading.y && r.y < box.y + box.h && r.xs[0]! >= box.x && r.xs[0]! <= box.x + box.w);
      expect(under.length, `n = ${n}`).toBeGreaterThan(0);
    }
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(23);
    const parts: string[] = [];
    for (let i = 0; i < 16; i++) {
      parts.push(paragraph(random));
      if (i % 4 === 1) parts.push([':::columns{count=2}', paragraph(random, 1), '', ':::callout', paragraph(random, 1), '', '## Boxed', '', LISTING, '', ':::space', '', paragraph(random, 1), ':::', ':::'].join('\n'));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull(book, source);
  });
});

describe('a callout box nested in a callout box', () => {
  const INNER_FILL = '#ffeecc';
  function nestedBook(source: string): BookInput {
    const settings = settingsFromConfig({
      ...TEN_ROW_COLUMN,
      page: { ...TEN_ROW_COLUMN.page, width: pt(400), height: pt(300) },
      // The nested style keeps its 0.75 em (7.5 pt) padding and margins.
      calloutStyles: [{ id: 'note', padding: NO_PAD, marginTop: pt(0), marginBottom: pt(0) }, { id: 'warn', background: INNER_FILL }],
    } as never);
    return oneChapterBook(source, settings);
  }

  it('is its own-styled box at the outer box\'s inner measure, inside it, its margins above and below', () => {
    const src = ['Above.', '', ':::callout', 'Outer first.', '', ':::callout{type=warn}', 'Inner line.', ':::', '', 'Outer last.', ':::', '', 'Under.'].join('\n');
    const page = run(nestedBook(src)).pages[0]!;
    const [outer, ...more] = rects(page, BOX_FILL);
    expect(more).toEqual([]);
    const [inner] = rects(page, INNER_FILL);
    // Under the first row (62…74 pt) and its 7.5 pt margin; 7.5 + 12 + 7.5 = 27 pt tall, the outer measure wide.
    expect(inner).toMatchObject({ x: 50, w: 300 });
    expect(inner!.y).toBeCloseTo(81.5, 3);
    expect(inner!.h).toBeCloseTo(27, 3);
    const line = runs(page).find((r) => r.text.includes('Inner line'))!;
    expect(line.y - ASCENT).toBeCloseTo(89, 3);
    expect(inkExtent(line).left).toBeGreaterThanOrEqual(57.5 - 1e-6);
    // The outer text after it 7.5 pt under it (116 pt), the outer box ending at 128 pt.
    expect(baselineOf(page, 'Outer last') - ASCENT).toBeCloseTo(116, 3);
    expect(outer).toMatchObject({ y: 62 });
    expect(outer!.y + outer!.h).toBeCloseTo(128, 3);
  });

  it('one whose text cites a footnote is set too, its note at the foot of the column under the box (§14.1)', () => {
    const src = ['Above.', '', ':::callout', 'Outer first.', '', ':::callout{type=warn}', 'Inner line.[^n]', ':::', ':::', '', '[^n]: The note.'].join('\n');
    const page = run(nestedBook(src)).pages[0]!;
    // Both boxes drawn (before: the outer box's content flowed without a box); the citing line inside the nested one.
    const [outer, ...more] = rects(page, BOX_FILL);
    expect(more).toEqual([]);
    const [inner] = rects(page, INNER_FILL);
    expect(outer).toMatchObject({ y: 62 });
    expect(inner!.y).toBeCloseTo(81.5, 3);
    const line = runs(page).find((r) => r.text.includes('Inner line'))!;
    expect(line.y).toBeGreaterThan(inner!.y);
    expect(line.y).toBeLessThan(inner!.y + inner!.h);
    // The note set once, under the box, at the column's foot (type area 50…250 pt).
    const notes = runs(page).filter((r) => r.text.includes('The note'));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.line?.role).toBe('note');
    expect(notes[0]!.y).toBeGreaterThan(outer!.y + outer!.h);
    expect(notes[0]!.y).toBeLessThanOrEqual(250);
  });

  it('a floated box holding one that cites a footnote stays in flow, as one citing in its own text', () => {
    const paras = ['P1.', '', 'P2.', '', 'P3.', ''];
    const box = [':::callout{placement=top}', 'Outer first.', '', ':::callout{type=warn}', 'Inner line.[^n]', ':::', ':::', '', 'After.', '', '[^n]: The note.'];
    // Without the note it floats to the next page's head (50 pt: this page's head is above its place);
    // with it, it stays in flow under the three lines (50 + 3 × 12 = 86 pt).
    const floated = run(nestedBook([...paras, ...box].join('\n').replace('[^n]', ''))).pages;
    expect(rects(floated[0]!, BOX_FILL)).toEqual([]);
    expect(rects(floated[1]!, BOX_FILL)[0]!.y).toBeCloseTo(50, 3);
    const page = run(nestedBook([...paras, ...box].join('\n'))).pages[0]!;
    expect(rects(page, BOX_FILL)[0]!.y).toBeCloseTo(86, 3);
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(29);
    const parts: string[] = [];
    for (let i = 0; i < 20; i++) {
      parts.push(paragraph(random));
      if (i % 5 === 1) parts.push([':::callout', paragraph(random, 1), '', ':::callout{type=warn}', paragraph(random, 2), ':::', '', paragraph(random, 1), ':::'].join('\n'));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull(nestedBook, source);
  });
});

describe('a raw-body block inside a callout box', () => {
  it('`:::references` prints nothing in the box as in running text (§15); the box is drawn around the text', () => {
    const src = ['Above the box.', '', ':::callout', 'Before the data.', '', ':::references{format=bibtex}', '@book{knuth84, title={The TeXbook}, author={Knuth, Donald}, year={1984}}', ':::', '', 'After the data.', ':::', '', 'Under the box.'].join('\n');
    const page = run(book(src)).pages[0]!;
    const [box, ...more] = rects(page, BOX_FILL);
    expect(more).toEqual([]);
    expect(box).toMatchObject({ x: 50, y: 62, w: 300 });
    expect(box!.h).toBeCloseTo(24, 3);
    expect(baselineOf(page, 'After the data') - ASCENT).toBeCloseTo(74, 3);
    expect(runs(page).some((r) => r.text.includes('TeXbook'))).toBe(false);
  });
});

describe('a `:::paper` run inside a callout box', () => {
  it('is ignored in the box (document-format §8.5): its blocks set as the box\'s, the box drawn', () => {
    const src = ['Above the box.', '', ':::callout', 'Before the run.', '', ':::paper{type=coatedGloss}', 'Inside the run.', ':::', '', 'After the run.', ':::', '', 'Under the box.'].join('\n');
    const { pages } = run(book(src));
    expect(pages).toHaveLength(1);
    const page = pages[0]!;
    // The box under the first line (62 pt), three box lines tall, its text on its rows in order.
    const [box, ...more] = rects(page, BOX_FILL);
    expect(more).toEqual([]);
    expect(box).toMatchObject({ x: 50, y: 62, w: 300 });
    expect(box!.h).toBeCloseTo(36, 3);
    expect(baselineOf(page, 'Before the run') - ASCENT).toBeCloseTo(62, 3);
    expect(baselineOf(page, 'Inside the run') - ASCENT).toBeCloseTo(74, 3);
    expect(baselineOf(page, 'After the run') - ASCENT).toBeCloseTo(86, 3);
    expect(baselineOf(page, 'Under the box') - ASCENT).toBeGreaterThanOrEqual(98 - 1e-6);
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(53);
    const parts: string[] = [];
    for (let i = 0; i < 16; i++) {
      parts.push(paragraph(random));
      if (i % 5 === 1) parts.push([':::callout', paragraph(random, 1), '', ':::paper{type=bible}', paragraph(random, 2), ':::', '', paragraph(random, 1), ':::'].join('\n'));
    }
    const source = parts.join('\n\n');
    expectOpeningEditEqualsFull(book, source);
  });
});
