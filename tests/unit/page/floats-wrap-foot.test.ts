/**
 * Text wrap beside a float at a column's foot (document-format §12.8 "one-column head/foot column
 * floats with wrap sit at one side of the column"; page/floats-wrap.ts `planFootWrap`). Two
 * columns of the default settings (185.3 pt each, 8 pt body on a 12 pt grid). The picture is
 * 200 × 120 px, made for 0.35 of the column: 64.9 pt wide, 38.9 pt tall, its caption 6 pt under
 * it in 10 pt lines. The float sits at one side of the citing column with its bottom on the last
 * grid line above the notes; the lines level with it and the 12 pt gap above it (whole lines)
 * run beside it, the lines above at the full measure.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { planFootWrap, defaultWrapSettings } from '../../../src/worker/engine/page/floats-wrap';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import type { PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { columnOf, dump, inkExtent, pictureFrame, run, runs } from './helpers';

const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120"><rect x="0" y="0" width="200" height="120" fill="#ff0000"/></svg>');
const PITCH = 12;
const GAP = 12;

function book(placement: Record<string, unknown>, options: { seed?: number; cite?: number; note?: boolean; settings?: LayoutSettings } = {}): BookInput {
  const random = mulberry32(options.seed ?? 5);
  const paragraphs = Array.from({ length: 24 }, () => paragraph(random));
  paragraphs[options.cite ?? 1] += ' As :ref{id="red"} shows.';
  if (options.note) paragraphs[(options.cite ?? 1) + 1] += '[^a]\n\n[^a]: A note under the float. ' + paragraph(random, 2);
  return {
    title: 'Foot',
    settings: options.settings ?? defaultSettings(),
    chapters: [{ id: 'ch1', title: '', source: `# Foot\n\n${paragraphs.join('\n\n')}\n` }],
    resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement }, payload: SVG }], {}),
  };
}

function picture(pages: readonly PageDisplayList[]): { page: PageDisplayList; x: number; y: number; w: number; h: number } {
  for (const page of pages) {
    const frame = pictureFrame(page, '#ff0000');
    if (frame) return { page, ...frame };
  }
  throw new Error('no picture');
}

const extent = inkExtent;

/** Lines of one column of a page with a role: baseline, ink extent. */
function lines(page: PageDisplayList, column: number, role: string, settings = defaultSettings()): { y: number; left: number; right: number }[] {
  const byY = new Map<number, { y: number; left: number; right: number }>();
  for (const r of runs(page)) {
    if (r.line?.role !== role) continue;
    const e = extent(r);
    if (columnOf(settings, page, e.left) !== column) continue;
    const line = byY.get(r.y);
    byY.set(r.y, line ? { y: r.y, left: Math.min(line.left, e.left), right: Math.max(line.right, e.right) } : { y: r.y, ...e });
  }
  return [...byY.values()].sort((a, b) => a.y - b.y);
}

describe('planFootWrap: the band at a column foot', () => {
  const settings = defaultWrapSettings(8, 12);
  it('ends on the foot line, the gap above the resource in whole lines, the resource bottom on the foot', () => {
    // 40 pt tall, 12 pt gap: ceil(52 / 12) = 5 lines; foot at 600 pt, text set down to 300 pt.
    const plan = planFootWrap({ side: 'right', columnWidth: 300, width: 100, height: 40, gap: 12, pitch: 12, rowsLeft: 0, settings, foot: 600, next: 300 });
    expect(plan).toEqual({ side: 'right', boxX: 200, inset: 112, rows: 5, top: 540, bottom: 600, boxY: 560 });
  });
  it('refuses when the band would reach above the text already set, or the text beside would be too narrow', () => {
    expect(planFootWrap({ side: 'left', columnWidth: 300, width: 100, height: 40, gap: 12, pitch: 12, rowsLeft: 0, settings, foot: 600, next: 552 })).toBe('moved');
    expect(planFootWrap({ side: 'left', columnWidth: 150, width: 100, height: 40, gap: 12, pitch: 12, rowsLeft: 0, settings, foot: 600, next: 0 })).toBe('tooNarrow');
  });
});

describe('text wrap beside a float at a column foot', () => {
  for (const [position, side] of [['bottom', 'left'], ['auto', 'right']] as const) {
    it(`${position}/${side}: at the foot of its citing column, the lines level with it and its gap beside it, the lines above at full measure`, () => {
      const settings = defaultSettings();
      const layout = run(book({ position, wrap: side, width: 0.35 }));
      const fig = picture(layout.pages);
      const page = fig.page;
      const f = pageFrame(settings, page.index);
      const column = columnOf(settings, page, fig.x + 1);
      const colLeft = f.columnX[column]!;
      const colRight = colLeft + f.columnWidths[column]!;
      // The citing line is on this page, in this column, above the picture.
      const cite = runs(page).find((r) => r.line?.role === 'body' && r.text.includes('Fig.'));
      expect(cite, 'cited on the same page').toBeDefined();
      expect(columnOf(settings, page, cite!.xs[0]!)).toBe(column);
      expect(cite!.y).toBeLessThan(fig.y);
      // At its side of the column, 0.35 of it wide.
      expect(fig.w).toBeCloseTo(0.35 * f.columnWidths[column]!, 1);
      if (side === 'left') expect(fig.x).toBeCloseTo(colLeft, 1);
      else expect(fig.x + fig.w).toBeCloseTo(colRight, 1);
      // Its bottom (caption included) on the foot line: the column's content foot, on the grid.
      const captions = lines(page, column, 'caption');
      expect(captions.length).toBeGreaterThan(0);
      const figureHeight = fig.h + 6 + 10 * captions.length;
      const foot = f.contentTop + Math.floor(f.contentHeight / PITCH + 1e-6) * PITCH;
      expect(fig.y + figureHeight).toBeCloseTo(foot, 0);
      // Beside it: the rows of the figure and the gap above it, rounded up to whole lines.
      const rows = Math.ceil((figureHeight + GAP) / PITCH - 1e-6);
      const bandTop = foot - rows * PITCH;
      const body = lines(page, column, 'body');
      const beside = body.filter((l) => l.y > bandTop);
      expect(beside).toHaveLength(rows);
      for (const l of beside) {
        if (side === 'left') expect(l.left).toBeGreaterThanOrEqual(fig.x + fig.w + GAP - 0.01);
        else expect(l.right).toBeLessThanOrEqual(fig.x - GAP + 0.01);
        expect(((l.y - body[0]!.y) / PITCH) % 1).toBeCloseTo(0, 3);
      }
      // Set at the reduced measure (re-broken there, not cut): justified lines beside it reach its end.
      // (Not all: at 108 pt some lines of this text cannot be justified and are set ragged.)
      const full = side === 'left' ? beside.filter((l) => l.right > colRight - 1) : beside.filter((l) => l.right > fig.x - GAP - 1);
      expect(full.length).toBeGreaterThanOrEqual(2);
      // Above the band: the full measure.
      const above = body.filter((l) => l.y < bandTop && l.y > cite!.y);
      expect(above.length).toBeGreaterThan(3);
      expect(above.filter((l) => l.right > colRight - 1 && l.left < colLeft + 1).length).toBeGreaterThan(above.length / 2);
      expect(layout.chapters[0]!.wrapsRefused).toBeUndefined();
    });
  }

  it('a note cited beside it sits under it at the column foot; no text runs into the float', () => {
    const settings = defaultSettings();
    const layout = run(book({ position: 'bottom', wrap: 'right', width: 0.35 }, { note: true }));
    const fig = picture(layout.pages);
    const page = fig.page;
    const column = columnOf(settings, page, fig.x + 1);
    const notes = lines(page, column, 'note');
    const captions = lines(page, column, 'caption');
    expect(notes.length, 'the note is cited in the float column').toBeGreaterThan(0);
    const captionBottom = Math.max(...captions.map((c) => c.y));
    for (const n of notes) expect(n.y).toBeGreaterThan(captionBottom);
    // The float moved up by the note area: its bottom still on a grid line.
    const f = pageFrame(settings, page.index);
    const figureBottom = fig.y + fig.h + 6 + 10 * captions.length;
    expect(((figureBottom - f.contentTop) / PITCH) % 1).toBeCloseTo(0, 2);
    for (const l of lines(page, column, 'body')) expect(l.y < fig.y || l.right <= fig.x - GAP + 0.01, `line at ${l.y}`).toBe(true);
  });

  it('a heading between the citing line and the band is set above the band; the text after it runs beside the float', () => {
    const settings = defaultSettings();
    let checked = 0;
    for (const seed of [5, 6, 7, 8]) {
      for (const at of [2, 3]) {
        const input = book({ position: 'bottom', wrap: 'right', width: 0.35 }, { seed });
        const source = input.chapters[0]!.source.split('\n\n');
        // After the H1 and `at` paragraphs: a section heading.
        source.splice(at + 1, 0, '## A short section');
        const layout = run({ ...input, chapters: [{ ...input.chapters[0]!, source: source.join('\n\n') }] });
        const fig = picture(layout.pages);
        const page = fig.page;
        const column = columnOf(settings, page, fig.x + 1);
        const heading = runs(page).filter((r) => r.line?.role === 'heading' && r.text.includes('section') && columnOf(settings, page, r.xs[0]!) === column);
        const cite = runs(page).find((r) => r.line?.role === 'body' && r.text.includes('Fig.'));
        if (heading.length === 0 || !cite || heading[0]!.y < cite.y) continue;
        checked++;
        // The heading sits above the picture, and body lines run beside the picture under it.
        expect(Math.max(...heading.map((r) => r.y)), `seed ${seed} at ${at}`).toBeLessThan(fig.y);
        const beside = lines(page, column, 'body').filter((l) => l.y > fig.y && l.y < fig.y + fig.h);
        expect(beside.length, `seed ${seed} at ${at}`).toBeGreaterThan(1);
        for (const l of beside) expect(l.right).toBeLessThanOrEqual(fig.x - GAP + 0.01);
      }
    }
    expect(checked, 'some headings fall between the citing line and the float').toBeGreaterThan(0);
  });

  it('too narrow to wrap at the foot: a band there and a tooNarrow refusal', () => {
    const layout = run(book({ position: 'bottom', wrap: 'left' }));
    const fig = picture(layout.pages);
    expect(layout.chapters[0]!.wrapsRefused).toEqual([{ id: 'red', pageIndex: fig.page.index, reason: 'tooNarrow' }]);
  });

  it('incremental layout equals a full one', () => {
    const input = book({ position: 'bottom', wrap: 'right', width: 0.35 }, { note: true });
    const chapters = [input.chapters[0]!, { id: 'ch2', title: '', source: book({}, { seed: 9 }).chapters[0]!.source.replace('# Foot', '# More') }];
    const cache = new EngineCache();
    run({ ...input, chapters }, cache);
    const edited = { ...input, chapters: [{ ...chapters[0]!, source: chapters[0]!.source.replace('# Foot', '# Foot, edited') }, chapters[1]!] };
    expect(dump(run(edited, cache))).toBe(dump(run(edited)));
  });
});
