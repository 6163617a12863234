/**
 * Text wrap beside a resource (document-format §12.8, configuration.md §4 `layout.wrap.*`, §12.2
 * `placement.wrap`; page/floats-wrap.ts). One-column pages of the default settings: content from
 * x 42.52 pt, 396.85 pt wide; body 8 pt on a 12 pt grid. The picture is 200 × 120 px = 150 × 90 pt,
 * its caption one 10 pt line 6 pt under it, so the figure is 106 pt tall; with the one-line gap
 * under it that is 118 pt = 10 grid lines (rounded up) beside it.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { columnOf, dump, inkExtent, pictureFrame, run, runs } from './helpers';

const SVG = (width: number) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${(width * 120) / 200}" viewBox="0 0 200 120"><rect x="0" y="0" width="200" height="120" fill="#ff0000"/></svg>`);

function singleColumn(direction: 'ltr' | 'rtl' = 'ltr'): LayoutSettings {
  const s = defaultSettings();
  s.columns = 1;
  s.direction = direction;
  return s;
}

function wrapBook(placement: Record<string, unknown>, settings: LayoutSettings = singleColumn(), svgWidth = 200, source?: string): BookInput {
  const random = mulberry32(7);
  const paragraphs = Array.from({ length: 8 }, () => paragraph(random));
  paragraphs.splice(1, 0, '::resource{id="red"}');
  return {
    title: 'Wrap',
    settings,
    chapters: [{ id: 'ch1', title: '', source: source ?? `# Wrap\n\n${paragraphs.join('\n\n')}\n` }],
    resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement: { position: 'here', ...placement } }, payload: SVG(svgWidth) }], {}),
  };
}

/** The red picture's box on a page (pt). */
function picture(page: PageDisplayList): { x: number; y: number; w: number; h: number } {
  const frame = pictureFrame(page, '#ff0000');
  if (!frame) throw new Error('no picture');
  return frame;
}

const extent = inkExtent;

/** Body lines of a page by column and baseline: their left and right extent over all their runs. */
function bodyLines(page: PageDisplayList, settings: LayoutSettings = singleColumn()): { y: number; left: number; right: number; column: number }[] {
  const byLine = new Map<string, { y: number; left: number; right: number; column: number }>();
  for (const r of runs(page)) {
    if (r.line?.role !== 'body') continue;
    const e = extent(r);
    const column = columnOf(settings, page, e.left);
    const key = `${column}|${r.y}`;
    const line = byLine.get(key);
    byLine.set(key, line ? { ...line, left: Math.min(line.left, e.left), right: Math.max(line.right, e.right) } : { y: r.y, column, ...e });
  }
  return [...byLine.values()].sort((a, b) => a.column - b.column || a.y - b.y);
}

const PITCH = 12; // pt: 8 pt body × 1.5
const GAP = 12; // pt: layout.wrap.gap = one body line
const ROWS = 10; // ceil((90 + 6 + 10 + 12) / 12): grid lines beside the figure

describe('text wrap beside a resource (document-format §12.8)', () => {
  it('sets a right-wrapped figure at the column’s right edge, the text beside it ending before figure.x − gap, on the grid, for the figure’s lines', () => {
    const settings = singleColumn();
    const layout = run(wrapBook({ wrap: 'right' }, settings));
    const page = layout.pages[0]!;
    const f = pageFrame(settings, 0);
    const colRight = f.columnX[0]! + f.columnWidths[0]!;
    const fig = picture(page);
    // No width: the figure is made for 0.45 of the column (178.6 pt); its picture is 150 pt wide, flush right.
    expect(fig.w).toBeCloseTo(150, 2);
    expect(fig.x + fig.w).toBeCloseTo(colRight, 1);
    // Its top on the grid (a line box top).
    expect(((fig.y - f.contentTop) / PITCH) % 1).toBeCloseTo(0, 3);
    const lines = bodyLines(page);
    const first = lines[0]!.y;
    // Every body line on the grid.
    for (const line of lines) expect(((line.y - first) / PITCH) % 1).toBeCloseTo(0, 3);
    const beside = lines.filter((l) => l.y > fig.y && l.y < fig.y + ROWS * PITCH);
    expect(beside).toHaveLength(ROWS);
    for (const line of beside) expect(line.right).toBeLessThanOrEqual(fig.x - GAP + 0.01);
    // Justified lines beside it fill the reduced measure (all but a paragraph's last line).
    expect(beside.filter((l) => l.right > fig.x - GAP - 1).length).toBeGreaterThan(ROWS / 2);
    // From the line box under the figure and its gap on: the full measure again.
    const after = lines.filter((l) => l.y > fig.y + ROWS * PITCH);
    expect(after.length).toBeGreaterThan(5);
    expect(after[0]!.y - fig.y).toBeGreaterThan(ROWS * PITCH);
    expect(after[0]!.y - fig.y).toBeLessThan((ROWS + 1) * PITCH);
    expect(after.filter((l) => l.right > colRight - 1).length).toBeGreaterThan(after.length / 2);
    // Above it, the lines of the first paragraph run full width too.
    const above = lines.filter((l) => l.y < fig.y);
    expect(above.length).toBeGreaterThan(0);
    expect(Math.max(...above.map((l) => l.right))).toBeGreaterThan(colRight - 1);
    // Nothing refused.
    expect(layout.chapters[0]!.wrapsRefused).toBeUndefined();
  });

  it('mirrors for left: the figure at the left edge, the text beside it starting after its right edge + gap', () => {
    const settings = singleColumn();
    const layout = run(wrapBook({ wrap: 'left' }, settings));
    const page = layout.pages[0]!;
    const f = pageFrame(settings, 0);
    const fig = picture(page);
    expect(fig.x).toBeCloseTo(f.columnX[0]!, 1);
    const beside = bodyLines(page).filter((l) => l.y > fig.y && l.y < fig.y + ROWS * PITCH);
    expect(beside).toHaveLength(ROWS);
    for (const line of beside) expect(line.left).toBeGreaterThanOrEqual(fig.x + fig.w + GAP - 0.01);
    expect(beside.filter((l) => l.right > f.columnX[0]! + f.columnWidths[0]! - 1).length).toBeGreaterThan(ROWS / 2);
  });

  it('start and end follow the block direction: in right-to-left text start is the right side, end the left', () => {
    const settings = singleColumn('rtl');
    const f = pageFrame(settings, 0);
    const colLeft = f.columnX[0]!;
    const colRight = colLeft + f.columnWidths[0]!;
    const start = run(wrapBook({ wrap: 'start' }, settings)).pages[0]!;
    const atStart = picture(start);
    expect(atStart.x + atStart.w).toBeCloseTo(colRight, 1);
    const besideStart = bodyLines(start).filter((l) => l.y > atStart.y && l.y < atStart.y + ROWS * PITCH);
    expect(besideStart).toHaveLength(ROWS);
    for (const line of besideStart) expect(line.right).toBeLessThanOrEqual(atStart.x - GAP + 0.01);
    const end = run(wrapBook({ wrap: 'end' }, settings)).pages[0]!;
    const atEnd = picture(end);
    expect(atEnd.x).toBeCloseTo(colLeft, 1);
    const besideEnd = bodyLines(end).filter((l) => l.y > atEnd.y && l.y < atEnd.y + ROWS * PITCH);
    expect(besideEnd).toHaveLength(ROWS);
    for (const line of besideEnd) expect(line.left).toBeGreaterThanOrEqual(atEnd.x + atEnd.w + GAP - 0.01);
    // Right-to-left lines start at the right edge of their measure: beside an end (left) figure, at the column's right.
    expect(besideEnd.filter((l) => l.right > colRight - 1).length).toBeGreaterThan(ROWS / 2);
    // And in left-to-right text start is the left side.
    const ltr = picture(run(wrapBook({ wrap: 'start' }, singleColumn())).pages[0]!);
    expect(ltr.x).toBeCloseTo(colLeft, 1);
  });

  it('uses wrapGap and placement.width over layout.wrap', () => {
    const settings = singleColumn();
    const layout = run(wrapBook({ wrap: 'right', wrapGap: { value: 24, unit: 'pt' }, width: 0.3 }, settings, 400));
    const page = layout.pages[0]!;
    const f = pageFrame(settings, 0);
    const fig = picture(page);
    // 0.3 of the 396.85 pt column.
    expect(fig.w).toBeCloseTo(0.3 * f.columnWidths[0]!, 1);
    const beside = bodyLines(page).filter((l) => l.y > fig.y && l.y < fig.y + fig.h);
    expect(beside.length).toBeGreaterThan(2);
    for (const line of beside) expect(line.right).toBeLessThanOrEqual(fig.x - 24 + 0.01);
    expect(Math.max(...beside.map((l) => l.right))).toBeGreaterThan(fig.x - 24 - 2);
  });

  it('takes its band (full width, text below) with a textWrap refusal when the text beside would be too narrow', () => {
    const settings = singleColumn();
    // 0.8 of the column: 396.85 × 0.2 − 12 = 67.4 pt beside, under 12 em (96 pt).
    const layout = run(wrapBook({ wrap: 'right', width: 0.8 }, settings, 800));
    const page = layout.pages[0]!;
    const f = pageFrame(settings, 0);
    const fig = picture(page);
    expect(fig.w).toBeCloseTo(0.8 * f.columnWidths[0]!, 1);
    // Set in flow as without wrap: from the column's left (align left), no body line level with it.
    expect(fig.x).toBeCloseTo(f.columnX[0]!, 1);
    const lines = bodyLines(page);
    expect(lines.filter((l) => l.y > fig.y && l.y < fig.y + fig.h)).toHaveLength(0);
    expect(lines.filter((l) => l.y > fig.y + fig.h).length).toBeGreaterThan(5);
    expect(layout.chapters[0]!.wrapsRefused).toEqual([{ id: 'red', pageIndex: 0, reason: 'tooNarrow' }]);
    // The same when layout.wrap.minTextWidth is a fraction of the column the text beside cannot reach.
    const strict = singleColumn();
    strict.floats = { ...strict.floats!, wrap: { gap: 12, minTextWidth: { fraction: 0.7 }, minLinesBeside: 2, defaultWidth: 0.45 } };
    expect(run(wrapBook({ wrap: 'right' }, strict)).chapters[0]!.wrapsRefused).toEqual([{ id: 'red', pageIndex: 0, reason: 'tooNarrow' }]);
  });

  it('takes its band with fewLines when fewer than layout.wrap.minLinesBeside lines fit beside it', () => {
    const settings = singleColumn();
    // The figure is 106 pt: 9 lines level with it, fewer than 12.
    settings.floats = { ...settings.floats!, wrap: { gap: 12, minTextWidth: { pt: 96 }, minLinesBeside: 12, defaultWidth: 0.45 } };
    const layout = run(wrapBook({ wrap: 'right' }, settings));
    expect(layout.chapters[0]!.wrapsRefused).toEqual([{ id: 'red', pageIndex: 0, reason: 'fewLines' }]);
    const fig = picture(layout.pages[0]!);
    expect(bodyLines(layout.pages[0]!).filter((l) => l.y > fig.y && l.y < fig.y + fig.h)).toHaveLength(0);
  });

  it('runs list items beside it too: markers and text past a left figure, text short of a right one', () => {
    const settings = singleColumn();
    const random = mulberry32(9);
    const items = Array.from({ length: 6 }, () => `- ${paragraph(random, 1)}`).join('\n');
    const source = `# Lists\n\n${paragraph(random)}\n\n::resource{id="red"}\n\n${items}\n\n${paragraph(random)}\n`;
    for (const wrap of ['left', 'right'] as const) {
      const page = run(wrapBook({ wrap }, settings, 200, source)).pages[0]!;
      const fig = picture(page);
      const beside = bodyLines(page).filter((l) => l.y > fig.y && l.y < fig.y + ROWS * PITCH);
      expect(beside.length).toBeGreaterThan(ROWS / 2); // the list's space above it may leave a row empty
      // Every run level with it (markers included) keeps clear of the figure and its gap.
      for (const r of runs(page).filter((r) => r.line?.role === 'body' && r.y > fig.y && r.y < fig.y + ROWS * PITCH)) {
        const e = extent(r);
        if (wrap === 'left') expect(e.left).toBeGreaterThanOrEqual(fig.x + fig.w + GAP - 0.01);
        else expect(e.right).toBeLessThanOrEqual(fig.x - GAP + 0.01);
      }
      // The bullets are there, beside it.
      expect(runs(page).filter((r) => r.text === '•' && r.y > fig.y && r.y < fig.y + ROWS * PITCH).length).toBeGreaterThan(1);
    }
  });

  it('sends a heading after the figure below it, and its text at full measure', () => {
    const settings = singleColumn();
    const random = mulberry32(3);
    const source = `# Wrap\n\n${paragraph(random)}\n\n::resource{id="red"}\n\n${paragraph(random, 1)}\n\n## Below\n\n${paragraph(random)}\n`;
    const layout = run(wrapBook({ wrap: 'right' }, settings, 200, source));
    const page = layout.pages[0]!;
    const fig = picture(page);
    const heading = runs(page).find((r) => r.line?.role === 'heading' && r.text.includes('Below'))!;
    expect(heading.y).toBeGreaterThan(fig.y + ROWS * PITCH);
  });

  it('wraps a top float at the head of a later column: text beside it from the column’s top, then full measure', () => {
    const settings = defaultSettings(); // two columns of 185.3 pt
    const random = mulberry32(5);
    const paragraphs = Array.from({ length: 24 }, () => paragraph(random));
    paragraphs[1] += ' As :ref{id="red"} shows.';
    const source = `# Top\n\n${paragraphs.join('\n\n')}\n`;
    // 0.35 of the column: 64.9 pt + 12 pt gap leaves 108.4 pt beside it, over 12 em (96 pt).
    const layout = run({ ...wrapBook({ position: 'top', wrap: 'right', width: 0.35 }, settings), chapters: [{ id: 'ch1', title: '', source }] });
    const page = layout.pages.find((p) => p.items.some((i) => i.op === Op.Path && i.fill === '#ff0000'))!;
    const f = pageFrame(settings, page.index);
    const fig = picture(page);
    // The head of a column (after its citing line), at its right edge.
    const column = f.columnX.findIndex((x, c) => fig.x >= x - 0.01 && fig.x < x + f.columnWidths[c]!);
    const colLeft = f.columnX[column]!;
    const colRight = colLeft + f.columnWidths[column]!;
    expect(fig.y).toBeCloseTo(f.contentTop, 2);
    expect(fig.x + fig.w).toBeCloseTo(colRight, 1);
    expect(fig.w).toBeCloseTo(0.35 * f.columnWidths[column]!, 1);
    // Its height: picture, 6 pt caption gap, 10 pt per caption line; with the 12 pt gap, in whole 12 pt lines.
    const captionLines = new Set(runs(page).filter((r) => r.line?.role === 'caption' && r.xs[0]! >= colLeft - 0.01 && r.xs[0]! < colRight).map((r) => r.y)).size;
    expect(captionLines).toBeGreaterThan(0);
    const rows = Math.ceil((fig.h + 6 + 10 * captionLines + GAP) / PITCH - 1e-6);
    const inColumn = bodyLines(page, settings).filter((l) => l.column === column);
    const beside = inColumn.filter((l) => l.y < fig.y + rows * PITCH);
    expect(beside).toHaveLength(rows);
    for (const line of beside) {
      expect(line.right).toBeLessThanOrEqual(fig.x - GAP + 0.01);
      expect(((line.y - inColumn[0]!.y) / PITCH) % 1).toBeCloseTo(0, 3);
    }
    expect(beside[0]!.y).toBeLessThan(f.contentTop + PITCH); // from the column's first line
    const after = inColumn.filter((l) => l.y > fig.y + rows * PITCH);
    expect(after.length).toBeGreaterThan(5);
    expect(after.filter((l) => l.right > colRight - 1).length).toBeGreaterThan(after.length / 2);
    expect(layout.chapters[0]!.wrapsRefused).toBeUndefined();
    // At the default 0.45 of this column the text beside would be 89.9 pt: a band, and tooNarrow.
    const narrow = run({ ...wrapBook({ position: 'top', wrap: 'right' }, settings), chapters: [{ id: 'ch1', title: '', source }] });
    expect(narrow.chapters[0]!.wrapsRefused).toEqual([{ id: 'red', pageIndex: page.index, reason: 'tooNarrow' }]);
  });

  it('an auto float that can wrap takes the foot of its citing column, wrapped there, not a later column head (page/floats-wrap-foot.test.ts)', () => {
    const settings = defaultSettings();
    const random = mulberry32(5);
    const paragraphs = Array.from({ length: 24 }, () => paragraph(random));
    paragraphs[1] += ' As :ref{id="red"} shows.';
    const source = `# Auto\n\n${paragraphs.join('\n\n')}\n`;
    const layout = run({ ...wrapBook({ position: 'auto', wrap: 'left', width: 0.35 }, settings), chapters: [{ id: 'ch1', title: '', source }] });
    const page = layout.pages.find((p) => p.items.some((i) => i.op === Op.Path && i.fill === '#ff0000'))!;
    const f = pageFrame(settings, page.index);
    const fig = picture(page);
    const column = f.columnX.findIndex((x, c) => fig.x >= x - 0.01 && fig.x < x + f.columnWidths[c]!);
    const cite = runs(page).find((r) => r.line?.role === 'body' && r.text.includes('Fig.'))!;
    // The citing column's foot (the first free slot after the citing line, §12.7), at its left side.
    expect(columnOf(settings, page, cite.xs[0]!)).toBe(column);
    expect(fig.y).toBeGreaterThan(cite.y);
    expect(fig.y).toBeGreaterThan(f.contentTop + 100);
    expect(fig.x).toBeCloseTo(f.columnX[column]!, 1);
    const beside = bodyLines(page, settings).filter((l) => l.column === column && l.y > fig.y && l.y < fig.y + fig.h);
    expect(beside.length).toBeGreaterThan(2);
    for (const line of beside) expect(line.left).toBeGreaterThanOrEqual(fig.x + fig.w + GAP - 0.01);
    expect(layout.chapters[0]!.wrapsRefused).toBeUndefined();
  });

  it('records a textWrap refusal for a float at a column foot too narrow to wrap (a band there)', () => {
    const settings = defaultSettings();
    const random = mulberry32(5);
    const paragraphs = Array.from({ length: 24 }, () => paragraph(random));
    paragraphs[1] += ' As :ref{id="red"} shows.';
    const layout = run({ ...wrapBook({ position: 'bottom', wrap: 'left' }, settings), chapters: [{ id: 'ch1', title: '', source: `# Foot\n\n${paragraphs.join('\n\n')}\n` }] });
    const page = layout.pages.find((p) => p.items.some((i) => i.op === Op.Path && i.fill === '#ff0000'))!;
    // At the default 0.45 of the 185.3 pt column the text beside would be 89.9 pt, under 12 em (96 pt).
    expect(layout.chapters[0]!.wrapsRefused).toEqual([{ id: 'red', pageIndex: page.index, reason: 'tooNarrow' }]);
  });

  it('does not wrap in vertical text: a band and a verticalText refusal', () => {
    const settings = singleColumn();
    settings.floats = { ...settings.floats!, wrap: { ...settingsFromConfig({}).floats!.wrap!, vertical: true } };
    const layout = run(wrapBook({ wrap: 'right' }, settings));
    expect(layout.chapters[0]!.wrapsRefused).toEqual([{ id: 'red', pageIndex: 0, reason: 'verticalText' }]);
  });

  it('reads layout.wrap from the configuration (lengths in pt, a bare minTextWidth as a fraction) and writingMode', () => {
    const defaults = settingsFromConfig({}).floats!.wrap!;
    // One body line (8 pt × 1.5), 12 em of the 8 pt body, 2 lines, 0.45.
    expect(defaults).toEqual({ gap: 12, minTextWidth: { pt: 96 }, minLinesBeside: 2, defaultWidth: 0.45 });
    const own = settingsFromConfig({ layout: { wrap: { gap: { value: 6, unit: 'pt' }, minTextWidth: 0.5, minLinesBeside: 3, defaultWidth: 0.3 } } }).floats!.wrap!;
    expect(own).toEqual({ gap: 6, minTextWidth: { fraction: 0.5 }, minLinesBeside: 3, defaultWidth: 0.3 });
    expect(settingsFromConfig({ layout: { wrap: { minTextWidth: { value: 2, unit: 'cm' } } } }).floats!.wrap!.minTextWidth).toEqual({ pt: expect.closeTo(56.69, 2) });
    expect(settingsFromConfig({ layout: { writingMode: 'vertical-rl' } }).floats!.wrap!.vertical).toBe(true);
  });

  it('wraps a callout box (:::callout{wrap width}): the box at the side, never split, the text beside it', () => {
    const settings = singleColumn();
    const random = mulberry32(13);
    const box = `:::callout{title="Aside" wrap="right" width="0.4"}\n${paragraph(random, 1)}\n:::`;
    const source = `# Box\n\n${paragraph(random)}\n\n${box}\n\n${paragraph(random)}\n\n${paragraph(random)}\n`;
    const layout = run({ title: 'Box', settings, chapters: [{ id: 'ch1', title: '', source }] });
    const page = layout.pages[0]!;
    const f = pageFrame(settings, 0);
    const colRight = f.columnX[0]! + f.columnWidths[0]!;
    // The box's own rectangles: 0.4 of the column, flush right.
    const rects = page.items.filter((i): i is Extract<typeof i, { op: typeof Op.Rect }> => i.op === Op.Rect && Math.abs(i.w - 0.4 * f.columnWidths[0]!) < 2);
    expect(rects.length).toBeGreaterThan(0);
    const boxRect = rects.reduce((a, b) => (b.w > a.w ? b : a));
    expect(boxRect.x + boxRect.w).toBeCloseTo(colRight, 0);
    expect(((boxRect.y - f.contentTop) / PITCH) % 1).toBeCloseTo(0, 3);
    // Body lines outside the box and level with it end before its left edge less the gap.
    const beside = bodyLines(page).filter((l) => l.y > boxRect.y && l.y < boxRect.y + boxRect.h && l.left < boxRect.x);
    expect(beside.length).toBeGreaterThan(2);
    for (const line of beside) expect(line.right).toBeLessThanOrEqual(boxRect.x - GAP + 0.01);
    expect(beside.filter((l) => l.right > boxRect.x - GAP - 2).length).toBeGreaterThan(beside.length / 2);
    expect(layout.chapters[0]!.wrapsRefused).toBeUndefined();
    // Too wide to leave 12 em beside it: across the column, and a textWrap refusal at its fence.
    const wide = run({ title: 'Box', settings, chapters: [{ id: 'ch1', title: '', source: source.replace('width="0.4"', 'width="0.9"') }] });
    expect(wide.chapters[0]!.wrapsRefused).toEqual([{ id: 'Aside', pageIndex: 0, reason: 'tooNarrow', at: source.indexOf(':::callout') }]);
  });

  it('is deterministic and incremental layout equals a full one', () => {
    const settings = defaultSettings(); // two columns
    const random = mulberry32(11);
    const chapter = (n: number) => Array.from({ length: 12 }, (_, i) => (i === 2 ? '::resource{id="red"}' : paragraph(random))).join('\n\n') + `\n\nChapter ${n}.\n`;
    const second = `# B\n\n${chapter(2)}`;
    const book = (first: string): BookInput => ({ ...wrapBook({ wrap: 'end' }, settings), chapters: [{ id: 'a', title: '', source: first }, { id: 'b', title: '', source: second }] });
    const firstA = `# A\n\n${chapter(1)}`;
    const cache = new EngineCache();
    const before = dump(run(book(firstA), cache));
    expect(dump(run(book(firstA)))).toBe(before);
    const edited = firstA.replace('Chapter 1.', 'Chapter one, edited.');
    const incremental = dump(run(book(edited), cache));
    expect(incremental).toBe(dump(run(book(edited))));
  });
});
