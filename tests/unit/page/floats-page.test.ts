/**
 * Page-wide floats (document-format §12.6–12.7, `span: 'page'`): positions checked by hand against
 * the page frame and the baseline grid.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import type { PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { columnOf, filledPathBox, run, runs } from './helpers';

const SVG = (fill: string) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160" viewBox="0 0 400 160"><rect x="0" y="0" width="400" height="160" fill="${fill}"/></svg>`);

function book(seed: number, placement: Record<string, unknown>, options: { lead?: number; count?: number; settings?: LayoutSettings } = {}): BookInput {
  const random = mulberry32(seed);
  const paragraphs = Array.from({ length: options.count ?? 30 }, () => paragraph(random));
  paragraphs[options.lead ?? 2] += ' As :ref{id="red"} shows, and later :ref{id="blue"} too.';
  return {
    title: 'Bands',
    settings: options.settings ?? defaultSettings(),
    chapters: [{ id: 'ch1', title: '', source: `# Bands\n\n${paragraphs.join('\n\n')}\n` }],
    resources: prepareResources(
      [
        { record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red band', placement }, payload: SVG('#ff0000') },
        { record: { id: 'blue', typeId: 'figure', kind: 'svg', caption: 'A blue band', placement }, payload: SVG('#0000ff') },
      ],
      {},
    ),
  };
}

type Layout = ReturnType<typeof run>;

/** The box of the picture drawn with `fill` (pt) and its page. */
const box = (layout: Layout, fill: string) => filledPathBox(layout.pages, fill);

/** The page holding the citing line (its runs show the reference text "Fig."). */
function citingPage(layout: Layout): PageDisplayList {
  const page = layout.pages.find((p) => runs(p).some((r) => r.line?.role === 'body' && r.text.includes('Fig.')));
  if (!page) throw new Error('no citing line');
  return page;
}

const bodyRuns = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'body');

describe('page-wide floats (span: page)', () => {
  it('top: heads the page after the citing page across all columns; every column starts under the band on the grid', () => {
    const settings = defaultSettings();
    const layout = run(book(1, { span: 'page', position: 'top' }));
    const cite = citingPage(layout);
    const red = box(layout, '#ff0000');
    const frame = pageFrame(settings, red.page.index);
    expect(red.page.index).toBe(cite.index + 1);
    // The band's picture starts at the content's top-left and is wider than one column.
    expect(red.top).toBeCloseTo(frame.contentTop, 1);
    expect(red.left).toBeCloseTo(frame.contentLeft, 1);
    expect(red.right - red.left).toBeGreaterThan(frame.columnWidth + settings.gutter);
    // Text in both columns starts on the same grid row under the band (one body line of gap).
    const pitch = settings.body.lineHeight;
    const firstBaselines = [0, 1].map((c) => Math.min(...bodyRuns(red.page).filter((r) => columnOf(settings, red.page, r.xs[0]!) === c).map((r) => r.y)));
    expect(firstBaselines[0]).toBeCloseTo(firstBaselines[1]!, 2);
    const rows = (firstBaselines[0]! - frame.contentTop) / pitch;
    // On the grid: the baseline of row k is contentTop + first baseline + k × pitch.
    const firstRowBaseline = Math.min(...bodyRuns(cite).map((r) => r.y)) - frame.contentTop;
    expect(Math.abs(((firstBaselines[0]! - frame.contentTop - firstRowBaseline) / pitch) % 1)).toBeLessThan(1e-3);
    expect(rows * pitch).toBeGreaterThanOrEqual(red.bottom - frame.contentTop + pitch - 0.01);
    for (const r of bodyRuns(red.page)) expect(r.y).toBeGreaterThan(red.bottom);
  });

  it('bottom: takes the foot band of the citing page when every column has room; all text of the page stays above it', () => {
    const layout = run(book(2, { span: 'page', position: 'bottom' }));
    const cite = citingPage(layout);
    const red = box(layout, '#ff0000');
    const blue = box(layout, '#0000ff');
    expect(red.page.index).toBe(cite.index);
    const frame = pageFrame(defaultSettings(), red.page.index);
    expect(blue.bottom).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
    // Blue (cited after red) never overtakes it: below it in the same band, or on a later page.
    expect(blue.page.index * 1e4 + blue.top).toBeGreaterThan(red.page.index * 1e4 + red.bottom);
    for (const r of bodyRuns(red.page)) expect(r.y, r.text).toBeLessThan(red.top);
    // Both columns run down to (one line above) the band: the second column is not left short.
    const settings = defaultSettings();
    const lowest = [0, 1].map((c) => Math.max(...bodyRuns(red.page).filter((r) => columnOf(settings, red.page, r.xs[0]!) === c).map((r) => r.y)));
    expect(Math.abs(lowest[0]! - lowest[1]!)).toBeLessThan(0.01);
  });

  it('auto: never set before the citing line, never overtakes, and no text runs through it', () => {
    for (let seed = 3; seed < 9; seed++) {
      for (const lead of [1, 9, 25]) {
        const layout = run(book(seed, { span: 'page' }, { lead }));
        const cite = citingPage(layout);
        const red = box(layout, '#ff0000');
        const blue = box(layout, '#0000ff');
        expect(red.page.index).toBeGreaterThanOrEqual(cite.index);
        if (red.page.index === cite.index) {
          // On the citing page only in its foot band: under every line of the page.
          for (const r of bodyRuns(red.page)) expect(r.y).toBeLessThan(red.top);
        }
        expect(blue.page.index * 1e4 + blue.top).toBeGreaterThan(red.page.index * 1e4 + red.top);
        for (const b of [red, blue]) for (const r of bodyRuns(b.page)) expect(r.y > b.top - 0.01 && r.y < b.bottom + 0.01, `seed ${seed} lead ${lead}: "${r.text}"`).toBe(false);
      }
    }
  });

  it("a chapter's closing page: the foot band hugs up under the last text (layout.hugClosingFloats)", () => {
    const settings = defaultSettings();
    const pitch = settings.body.lineHeight;
    const layout = run(book(9, { span: 'page', position: 'bottom' }, { count: 2, lead: 1 }));
    const red = box(layout, '#ff0000');
    const last = Math.max(...bodyRuns(red.page).map((r) => r.y));
    // One body line of gap under the line box of the deepest text line.
    const frame = pageFrame(settings, red.page.index);
    const lineBottom = frame.contentTop + Math.ceil((last - frame.contentTop) / pitch) * pitch;
    expect(red.top).toBeGreaterThan(last);
    expect(red.top - lineBottom).toBeLessThanOrEqual(pitch + 0.01);
    const off = run({ ...book(9, { span: 'page', position: 'bottom' }, { count: 2, lead: 1 }), settings: { ...settings, floats: { citingPage: false, maxTopFraction: 0.7, hugClosing: false } } });
    const low = box(off, '#ff0000');
    expect(low.top).toBeGreaterThan(red.top + pitch);
  });

  it('in a one-column layout page ≡ column (configuration.md §4.1)', () => {
    const settings = { ...defaultSettings(), columns: 1 };
    const a = run(book(10, { span: 'page' }, { settings }));
    const b = run(book(10, {}, { settings }));
    expect(box(a, '#ff0000').page.index).toBe(box(b, '#ff0000').page.index);
    expect(box(a, '#ff0000').top).toBeCloseTo(box(b, '#ff0000').top, 2);
  });
});

describe('citing-page floats (placement.citingPage, layout.maxTopFraction)', () => {
  /** The page and column of the citing line, and its baseline. */
  function citing(layout: Layout, settings = defaultSettings()) {
    for (const page of layout.pages) {
      const r = bodyRuns(page).find((x) => x.text.includes('Fig.'));
      if (r) return { page, column: columnOf(settings, page, r.xs[0]!), y: r.y };
    }
    throw new Error('no citing line');
  }

  it('a top column float heads the column of its own citing line (LaTeX t), above it; without citingPage it goes to a later column', () => {
    let headed = 0;
    for (const lead of [4, 12, 20]) {
      const layout = run(book(11, { position: 'top', citingPage: true }, { lead }));
      const cite = citing(layout);
      const red = box(layout, '#ff0000');
      const frame = pageFrame(defaultSettings(), red.page.index);
      const plain = box(run(book(11, { position: 'top' }, { lead })), '#ff0000');
      // Never before its citing page; at the citing column's head when it fits there.
      expect(red.page.index).toBeGreaterThanOrEqual(cite.page.index);
      if (red.page.index === cite.page.index && columnOf(defaultSettings(), red.page, red.left) === cite.column) {
        expect(red.top).toBeCloseTo(frame.contentTop, 1);
        expect(cite.y).toBeGreaterThan(red.bottom);
        headed++;
      }
      // With citingPage it is never later than without.
      expect(red.page.index * 10 + columnOf(defaultSettings(), red.page, red.left)).toBeLessThanOrEqual(plain.page.index * 10 + columnOf(defaultSettings(), plain.page, plain.left));
    }
    expect(headed).toBeGreaterThan(0);
  });

  it('a page-wide top float heads its citing page across the columns; both columns start under it', () => {
    const settings = defaultSettings();
    const layout = run(book(12, { span: 'page', position: 'top', citingPage: true }, { lead: 14 }));
    const cite = citing(layout);
    const red = box(layout, '#ff0000');
    const frame = pageFrame(settings, red.page.index);
    expect(red.page.index).toBe(cite.page.index);
    expect(red.top).toBeCloseTo(frame.contentTop, 1);
    for (const r of bodyRuns(red.page)) expect(r.y).toBeGreaterThan(red.bottom);
    // The document default (layout.floatsAtCitingPage) does the same.
    const byDefault = run({ ...book(12, { span: 'page', position: 'top' }, { lead: 14 }), settings: { ...settings, floats: { citingPage: true, maxTopFraction: 0.7, hugClosing: true } } });
    expect(box(byDefault, '#ff0000').page.index).toBe(red.page.index);
  });

  it('a float taller than layout.maxTopFraction of the column does not head the citing page', () => {
    const settings = { ...defaultSettings(), floats: { citingPage: true, maxTopFraction: 0.1, hugClosing: true } };
    const layout = run({ ...book(12, { span: 'page', position: 'top' }, { lead: 14 }), settings });
    expect(box(layout, '#ff0000').page.index).toBeGreaterThan(citing(layout).page.index);
  });
});
