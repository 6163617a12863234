/**
 * Styled paragraphs beside a wrapped resource (document-format §12.8 "following paragraphs …
 * run beside at the reduced measure"; §8.2 `:::paragraphs{style}`; page/floats-wrap.ts). One
 * column of the default settings: content from x 42.52 pt, 396.85 pt wide, body 8 pt on a 12 pt
 * grid. The picture is 150 × 90 pt, its caption one 10 pt line 6 pt under it: 106 pt, with the
 * 12 pt gap 118 pt = 10 grid lines beside it. A paragraph style at the body leading stays on the
 * grid and runs beside the figure, its alignment and indents taken inside the reduced measure; at
 * another leading (7 pt type on 9 pt) it is set off the grid beside the figure too: each line whose
 * 9 pt box meets the 10 grid rows of the figure and its gap at the reduced measure, the next at the
 * full one, and the grid taken up again after the container (configuration.md §2.2, §13.1).
 * Above a bottom float wrapped at the column's foot (0.35 of the column) the same style runs at the
 * full measure down to its band, beside it to the foot; a note it cites first moves the float up.
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { measureAtBox } from '../../../src/worker/engine/page/floats-wrap';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, inkExtent, pageOverlaps, pictureFrame, run, runs, runsOver } from './helpers';

const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120"><rect x="0" y="0" width="200" height="120" fill="#ff0000"/></svg>');
const PITCH = 12;
const GAP = 12;
const ROWS = 10;

const settings = (): LayoutSettings =>
  settingsFromConfig({
    layout: { layoutType: 'single' },
    paragraphStyles: [
      { id: 'centred', textAlign: 'center', firstLineIndent: { value: 0, unit: 'pt' } },
      { id: 'flushRight', textAlign: 'right', indent: { value: 10, unit: 'pt' } },
      { id: 'indented', textAlign: 'justify', indent: { value: 16, unit: 'pt' } },
      { id: 'tight', fontSize: { value: 7, unit: 'pt' }, lineHeight: { value: 9, unit: 'pt' } },
    ],
  } as never);

function book(style: string, wrap: 'left' | 'right', seed = 3, count = 4): BookInput {
  const random = mulberry32(seed);
  const styled = Array.from({ length: count }, () => paragraph(random, 2)).join('\n\n');
  const source = `# Styled\n\n${paragraph(random, 2)}\n\n::resource{id="red"}\n\n:::paragraphs{style="${style}"}\n${styled}\n:::\n\n${paragraph(random)}\n`;
  return {
    title: 'Styled',
    settings: settings(),
    chapters: [{ id: 'ch1', title: '', source }],
    resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement: { position: 'here', wrap } }, payload: SVG }], {}),
  };
}

function picture(page: PageDisplayList): { x: number; y: number; w: number; h: number } {
  const frame = pictureFrame(page, '#ff0000');
  if (!frame) throw new Error('no picture');
  return frame;
}

const extent = inkExtent;

/** Top of the 12 pt grid row whose body baseline is `y` (page coordinates): the baseline's share of the row is the same in every row. */
function bodyBaselineOffset(firstBaseline: number, contentTop: number): number {
  return (firstBaseline - contentTop) % PITCH;
}

/** Body lines by baseline with their ink extent. */
function lines(page: PageDisplayList): { y: number; left: number; right: number; size: number }[] {
  const byY = new Map<number, { y: number; left: number; right: number; size: number }>();
  for (const r of runs(page)) {
    if (r.line?.role !== 'body') continue;
    const e = extent(r);
    const line = byY.get(r.y);
    byY.set(r.y, line ? { ...line, left: Math.min(line.left, e.left), right: Math.max(line.right, e.right) } : { y: r.y, size: r.size, ...e });
  }
  return [...byY.values()].sort((a, b) => a.y - b.y);
}

describe('measureAtBox: the measure of a line box off the grid beside a band', () => {
  // A right figure 150 pt wide with a 12 pt gap in a 400 pt column, its band rows 48…168 pt.
  const band = { page: 0, column: 0, top: 48, bottom: 168, side: 'right' as const, inset: 162 };
  it('reduced while the box meets the band, full above and below it, and elsewhere', () => {
    expect(measureAtBox(band, 0, 0, 48, 9, 400)).toEqual({ width: 238, x: 0 });
    expect(measureAtBox(band, 0, 0, 40, 9, 400)).toEqual({ width: 238, x: 0 }); // 40…49 meets 48
    expect(measureAtBox(band, 0, 0, 39, 9, 400)).toEqual({ width: 400, x: 0 }); // ends on the band's top
    expect(measureAtBox(band, 0, 0, 165, 9, 400)).toEqual({ width: 238, x: 0 }); // starts in the gap rows
    expect(measureAtBox(band, 0, 0, 168, 9, 400)).toEqual({ width: 400, x: 0 });
    expect(measureAtBox({ ...band, side: 'left' }, 0, 0, 100, 9, 400)).toEqual({ width: 238, x: 162 });
    expect(measureAtBox(band, 0, 1, 100, 9, 400)).toEqual({ width: 400, x: 0 });
    expect(measureAtBox(band, 1, 0, 100, 9, 400)).toEqual({ width: 400, x: 0 });
    expect(measureAtBox(null, 0, 0, 100, 9, 400)).toEqual({ width: 400, x: 0 });
  });
});

describe('styled paragraphs beside a wrapped resource', () => {
  it('centred lines run beside a right figure, centred in the measure left of it, on the grid', () => {
    const layout = run(book('centred', 'right'));
    const page = layout.pages[0]!;
    const f = pageFrame(settings(), 0);
    const fig = picture(page);
    const left = f.columnX[0]!;
    const beside = lines(page).filter((l) => l.y > fig.y && l.y < fig.y + ROWS * PITCH);
    expect(beside).toHaveLength(ROWS);
    for (const l of beside) {
      expect(l.right).toBeLessThanOrEqual(fig.x - GAP + 0.01);
      expect(((l.y - beside[0]!.y) / PITCH) % 1).toBeCloseTo(0, 3);
    }
    // The short last lines of the centred paragraphs: centred in [left, fig.x − gap], not in the column.
    const reduced = fig.x - GAP - left;
    const short = beside.filter((l) => l.right - l.left < reduced - 20);
    expect(short.length).toBeGreaterThan(0);
    for (const l of short) expect((l.left + l.right) / 2).toBeCloseTo(left + reduced / 2, -0.5);
    expect(layout.chapters[0]!.wrapsRefused).toBeUndefined();
  });

  it('flush-right lines end at the gap before a right figure; indented lines start their indent after a left one', () => {
    const right = run(book('flushRight', 'right')).pages[0]!;
    const fig = picture(right);
    const beside = lines(right).filter((l) => l.y > fig.y && l.y < fig.y + ROWS * PITCH);
    expect(beside).toHaveLength(ROWS);
    // Flush right: the lines of the styled paragraphs end within a glyph's side bearing of the reduced measure's end.
    const flush = beside.filter((l) => l.left > pageFrame(settings(), 0).columnX[0]! + 11);
    expect(flush.length).toBeGreaterThan(0);
    for (const l of flush) expect(fig.x - GAP - l.right).toBeLessThan(1.5);

    const left = run(book('indented', 'left')).pages[0]!;
    const lfig = picture(left);
    const indented = lines(left).filter((l) => l.y > lfig.y && l.y < lfig.y + ROWS * PITCH);
    expect(indented).toHaveLength(ROWS);
    // Every line beside it starts at least 16 pt (the style's start indent) past the figure and the gap.
    for (const l of indented) expect(l.left).toBeGreaterThanOrEqual(lfig.x + lfig.w + GAP + 16 - 0.01);
  });

  it('a style off the body leading (7/9 pt) runs beside a right figure off the grid, then at the full measure, and the grid comes back after it', () => {
    const layout = run(book('tight', 'right', 3, 8));
    const page = layout.pages[0]!;
    const f = pageFrame(settings(), 0);
    const fig = picture(page);
    // The band: the figure's top row and 10 grid rows (the 106 pt figure and the 12 pt gap, 118 pt).
    const bandTop = fig.y;
    const bandBottom = bandTop + ROWS * PITCH;
    const all = lines(page);
    const small = all.filter((l) => l.size === 7);
    // Each 9 pt line box starts 9 pt under the last, the first at the band's top; its baseline sits
    // the same distance (ascent share of the 9 pt box) under the box top every time.
    const offset = small[0]!.y - bandTop;
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(9);
    small.forEach((l, i) => expect(l.y).toBeCloseTo(bandTop + offset + 9 * i, 2));
    // Boxes at bandTop + 9k meet the band for k = 0 … 13 (117 < 120 pt): 14 lines at the reduced
    // measure, ending at or before the gap left of the figure; the 15th starts under the band.
    const beside = small.filter((l) => l.y - offset < bandBottom - 1e-6);
    expect(beside).toHaveLength(14);
    for (const l of beside) expect(l.right, `${l.y}`).toBeLessThanOrEqual(fig.x - GAP + 0.01);
    const under = small.filter((l) => l.y - offset >= bandBottom - 1e-6);
    expect(under.length).toBeGreaterThan(2);
    // Full measure again: justified lines under the band reach past where the figure stood.
    expect(under.filter((l) => l.right > fig.x + fig.w - 1).length).toBeGreaterThan(0);
    for (const l of under) expect(l.right).toBeLessThanOrEqual(f.columnX[0]! + f.columnWidth + 0.01);
    // The grid comes back after the container: the next body line on a grid baseline (12 pt from
    // the first body baseline of the page), its box under the last 9 pt box.
    const body = all.filter((l) => l.size === 8);
    const after = body.filter((l) => l.y > small[small.length - 1]!.y);
    expect(after.length).toBeGreaterThan(0);
    for (const l of after) expect(((l.y - body[0]!.y) / PITCH) % 1 < 1e-3 || ((l.y - body[0]!.y) / PITCH) % 1 > 1 - 1e-3, `${l.y}`).toBe(true);
    expect(after[0]!.y - bodyBaselineOffset(body[0]!.y, f.contentTop)).toBeGreaterThanOrEqual(small[small.length - 1]!.y - offset + 9 - 0.01);
    expect(layout.chapters[0]!.wrapsRefused).toBeUndefined();
    // Invariants: nothing over the picture, lines inside the content area, none over another (9 pt the closest).
    expect(runsOver(page, fig)).toEqual([]);
    expect(pageOverlaps(settings(), page, 9)).toEqual([]);
  });

  it('a style off the body leading beside a left figure starts each line past the figure and its gap', () => {
    const page = run(book('tight', 'left', 4, 8)).pages[0]!;
    const fig = picture(page);
    const small = lines(page).filter((l) => l.size === 7);
    const offset = small[0]!.y - fig.y;
    const beside = small.filter((l) => l.y - offset < fig.y + ROWS * PITCH - 1e-6);
    expect(beside).toHaveLength(14);
    for (const l of beside) expect(l.left).toBeGreaterThanOrEqual(fig.x + fig.w + GAP - 0.01);
    const under = small.filter((l) => l.y - offset >= fig.y + ROWS * PITCH - 1e-6);
    expect(under.some((l) => l.left < fig.x + 1)).toBe(true);
    expect(runsOver(page, fig)).toEqual([]);
    expect(pageOverlaps(settings(), page, 9)).toEqual([]);
  });

  /** The tight style after a paragraph citing a bottom float wrapped at the right (0.35 of the column: 138.9 × 83.3 pt, its figure 99.3 pt). */
  function footBook(note?: number): BookInput {
    const random = mulberry32(3);
    const styled = Array.from({ length: 45 }, (_, i) => paragraph(random, 2) + (i === note ? `[^a]\n\n[^a]: A note. ${paragraph(random, 2)}` : '')).join('\n\n');
    const source = `# Styled\n\n${paragraph(random, 2)} As :ref{id="red"} shows.\n\n:::paragraphs{style="tight"}\n${styled}\n:::\n\n${paragraph(random)}\n`;
    return { ...book('tight', 'right'), chapters: [{ id: 'ch1', title: '', source }], resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement: { position: 'bottom', wrap: 'right', width: 0.35 } }, payload: SVG }], {}) };
  }

  it('a style off the body leading above a float wrapped at the column foot: full measure above its band, beside it in the band, down to the foot', () => {
    const layout = run(footBook());
    const page = layout.pages[0]!;
    const fig = picture(page);
    // The figure (picture, 6 pt, one 10 pt caption line) ends on the foot line; its band is
    // ceil((99.3 + 12) / 12) = 10 rows above it.
    const foot = fig.y + fig.h + 16;
    const bandTop = foot - ROWS * PITCH;
    const small = lines(page).filter((l) => l.size === 7);
    // Baseline 6.98 pt under the box top in a 9 pt line box (the first styled line starts on a grid row).
    const offset = (small[0]!.y - pageFrame(settings(), 0).contentTop) % PITCH;
    const box = (l: { y: number }) => l.y - offset;
    const above = small.filter((l) => box(l) + 9 <= bandTop + 1e-6);
    const beside = small.filter((l) => box(l) + 9 > bandTop + 1e-6);
    expect(above.some((l) => l.right > fig.x + 1), 'full measure above the band').toBe(true);
    expect(beside.length).toBeGreaterThanOrEqual(Math.floor((ROWS * PITCH) / 9));
    for (const l of beside) expect(l.right, `${l.y}`).toBeLessThanOrEqual(fig.x - GAP + 0.01);
    // Down to the foot and no further: the last line box ends on or above it, the next would not fit.
    expect(box(small[small.length - 1]!) + 9).toBeLessThanOrEqual(foot + 0.01);
    expect(box(small[small.length - 1]!) + 18).toBeGreaterThan(foot);
    expect(layout.chapters[0]!.wrapsRefused).toBeUndefined();
    expect(runsOver(page, fig)).toEqual([]);
    expect(pageOverlaps(settings(), page, 9)).toEqual([]);
  });

  it('a note cited by a styled line above the band moves the foot float up; the lines beside it follow the band', () => {
    const plain = picture(run(footBook()).pages[0]!);
    const page = run(footBook(22)).pages[0]!;
    const fig = picture(page);
    // Moved up by whole grid lines (the note's two 8 pt lines and its rule), the same size.
    const moved = plain.y - fig.y;
    expect(moved).toBeGreaterThan(0);
    expect((moved / PITCH) % 1 < 1e-3 || (moved / PITCH) % 1 > 1 - 1e-3).toBe(true);
    const foot = fig.y + fig.h + 16;
    const notes = runs(page).filter((r) => r.line?.role === 'note');
    expect(notes.length).toBeGreaterThan(0);
    for (const n of notes) expect(n.y).toBeGreaterThan(foot);
    const small = lines(page).filter((l) => l.size === 7);
    const offset = (small[0]!.y - pageFrame(settings(), 0).contentTop) % PITCH;
    for (const l of small) {
      const top = l.y - offset;
      if (top + 9 > foot - ROWS * PITCH + 1e-6) expect(l.right, `${l.y}`).toBeLessThanOrEqual(fig.x - GAP + 0.01);
      expect(top + 9, `${l.y} above the foot`).toBeLessThanOrEqual(foot + 0.01);
    }
    expect(runsOver(page, fig)).toEqual([]);
    expect(pageOverlaps(settings(), page, settings().notes.lineHeight)).toEqual([]);
  });

  it('incremental layout equals a full one', () => {
    const first = book('centred', 'right');
    const chapters = [first.chapters[0]!, { id: 'ch2', title: '', source: book('indented', 'left', 5).chapters[0]!.source }, { id: 'ch3', title: '', source: book('tight', 'right', 6, 8).chapters[0]!.source }];
    const input = { ...first, chapters };
    const cache = new EngineCache();
    run(input, cache);
    const edited = { ...input, chapters: [{ ...chapters[0]!, source: chapters[0]!.source.replace('# Styled', '# Styled, edited') }, chapters[1]!, chapters[2]!] };
    expect(dump(run(edited, cache))).toBe(dump(run(edited)));
  });

  it('incremental layout equals a full one with styled lines beside a foot float that a note moved up', () => {
    const foot = footBook(22);
    const intro = (extra: number) => ({ id: 'ch0', title: '', source: `# Intro\n\n${Array.from({ length: 3 + extra }, (_, i) => paragraph(mulberry32(40 + i))).join('\n\n')}\n` });
    const cache = new EngineCache();
    run({ ...foot, chapters: [intro(0), foot.chapters[0]!] }, cache);
    const edited = { ...foot, chapters: [intro(2), foot.chapters[0]!] };
    expect(dump(run(edited, cache))).toBe(dump(run(edited)));
  });
});
