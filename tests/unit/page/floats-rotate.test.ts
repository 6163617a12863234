/**
 * Turned floats (configuration.md §12.2 `rotate`, document-format §12.6: "quarter turn; always
 * page-span float on its own page, height rounded to whole grid lines minus one; tables continue
 * turned with header repeated"): where the float goes, the turned box measured through the
 * Transform item's matrix against the page frame, and the same turn in the PDF's `cm`.
 */
import { describe, expect, it } from 'vitest';
import type { StoredConfig } from '../../../src/worker/config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { turnMatrix, turnedMeasure } from '../../../src/worker/engine/page/floats-rotate';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { hitTest, sourceOffsetOf, sourceRects } from '../../../src/worker/engine/query';
import { pageContent } from '../../../src/worker/export/pdf/content';
import { GlyphPathCache, paintPage } from '../../../src/worker/paint/painter';
import { recordingContext } from '../../support/paint-context';
import { itemMatrices, Op, type GlyphRunItem, type PageDisplayList, type PathItem, type TransformItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { runChecks, type CheckBook } from '../checks/run-checks';

const FILL = '#3366aa';

/** An SVG `ratio` times as tall as it is wide, far wider than any measure (fitted down to it). */
function svg(ratio: number): string {
  const w = 4000;
  const h = Math.round(w * ratio);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect x="0" y="0" width="${w}" height="${h}" fill="${FILL}"/></svg>`).toString('base64');
}

function book(config: StoredConfig, placement: Record<string, unknown>, ratio: number, resource: Partial<NonNullable<CheckBook['resources']>[number]> = {}): CheckBook {
  const random = mulberry32(11);
  const paragraphs = Array.from({ length: 30 }, () => paragraph(random));
  paragraphs[2] += ' The plan in :ref{id="plan"} shows it.';
  return {
    chapters: [{ id: 'c1', source: paragraphs.join('\n\n') }],
    config,
    resources: [{ id: 'plan', kind: 'svg', typeId: 'figure', caption: 'The plan of the house, turned.', placement, ...resource } as NonNullable<CheckBook['resources']>[number]],
    payloads: { plan: svg(ratio) },
  };
}

const runs = (page: PageDisplayList): GlyphRunItem[] => page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);

/** Applies a display-list matrix to a point. */
function apply(m: TransformItem['matrix'], x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The turned page: its Transform, the picture's unturned corners, and every item's turned bounds. */
function turnedPage(pages: readonly PageDisplayList[]) {
  const page = pages.find((p) => p.items.some((i) => i.op === Op.Transform));
  if (!page) throw new Error('no turned page');
  const transform = page.items.find((i): i is TransformItem => i.op === Op.Transform)!;
  const path = page.items.find((i): i is PathItem => i.op === Op.Path && i.fill === FILL)!;
  const n = (path.d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  const xs = n.filter((_, i) => i % 2 === 0);
  const ys = n.filter((_, i) => i % 2 === 1);
  const picture = { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
  // Turned bounds of the picture and of the caption's glyph pens (baselines ± size).
  const points: [number, number][] = [
    apply(transform.matrix, picture.left, picture.top),
    apply(transform.matrix, picture.right, picture.top),
    apply(transform.matrix, picture.left, picture.bottom),
    apply(transform.matrix, picture.right, picture.bottom),
  ];
  // Only what the group turns (running heads and folios stay upright outside it).
  const from = page.items.indexOf(transform);
  const to = page.items.findIndex((i, k) => k > from && i.op === Op.TransformEnd);
  const inside = page.items.slice(from, to).filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);
  for (const run of inside) for (const x of run.xs) points.push(apply(transform.matrix, x, run.y - run.size), apply(transform.matrix, x, run.y + run.size * 0.2));
  const bounds = { left: Math.min(...points.map((p) => p[0])), right: Math.max(...points.map((p) => p[0])), top: Math.min(...points.map((p) => p[1])), bottom: Math.max(...points.map((p) => p[1])) };
  return { page, transform, picture, bounds, topLeft: points[0]! };
}

const citing = (pages: readonly PageDisplayList[]): PageDisplayList => pages.find((p) => runs(p).some((r) => r.line?.role === 'body' && r.text.includes('Fig.')))!;

describe('placement.rotate', () => {
  for (const layoutType of ['single', 'double'] as const) {
    const config = { layout: { layoutType } } as StoredConfig;
    const settings = settingsFromConfig(config);
    const frame = pageFrame(settings, 0);
    const pitch = settings.body.lineHeight;

    it(`${layoutType}: ccw — alone on a page after the citing page, set at whole grid lines less one, turned inside the content area`, () => {
      const { layout } = runChecks(book(config, { rotate: 'ccw' }, 0.4));
      const cite = citing(layout.pages);
      const turned = turnedPage(layout.pages);
      expect(turned.page.index).toBeGreaterThan(cite.index);
      // Alone: no body or heading line on its page; the text goes on before and after it.
      expect(runs(turned.page).filter((r) => r.line?.role === 'body' || r.line?.role === 'heading')).toHaveLength(0);
      expect(runs(turned.page).some((r) => r.line?.role === 'caption' && r.text.includes('Figure'))).toBe(true);
      expect(layout.pages.some((p) => p.index > turned.page.index && runs(p).some((r) => r.line?.role === 'body'))).toBe(true);
      // The unturned measure: the content height in whole lines, less one.
      const lines = Math.floor(frame.contentHeight / pitch + 1e-9) - 1;
      expect(turned.picture.right - turned.picture.left).toBeCloseTo(lines * pitch, 2);
      expect(turnedMeasure(frame.contentHeight, pitch)).toBeCloseTo(lines * pitch, 6);
      // Turned, everything lies in the content area (picture and caption).
      const f = pageFrame(settings, turned.page.index);
      expect(turned.bounds.left).toBeGreaterThanOrEqual(f.contentLeft - 0.01);
      expect(turned.bounds.right).toBeLessThanOrEqual(f.contentLeft + f.contentWidth + 0.01);
      expect(turned.bounds.top).toBeGreaterThanOrEqual(f.contentTop - 0.01);
      expect(turned.bounds.bottom).toBeLessThanOrEqual(f.contentTop + f.contentHeight + 0.01);
      // ccw: the picture's top-left corner lands at the turned box's bottom-left (its top edge runs up the left side).
      const pictureHeight = turned.picture.bottom - turned.picture.top;
      expect(turned.topLeft[1]).toBeCloseTo(f.contentTop + lines * pitch, 2);
      expect(turned.topLeft[0]).toBeLessThan(f.contentLeft + f.contentWidth / 2 - pictureHeight / 2 + 1);
      // The turned picture is as wide as the unturned one is tall.
      expect(turned.bounds.right - turned.bounds.left).toBeGreaterThanOrEqual(pictureHeight - 0.01);
    });
  }

  it('cw turns the other way: the picture\'s top-left lands at the box\'s top-right', () => {
    const config = { layout: { layoutType: 'single' } } as StoredConfig;
    const settings = settingsFromConfig(config);
    const { layout } = runChecks(book(config, { rotate: 'cw' }, 0.4));
    const turned = turnedPage(layout.pages);
    const f = pageFrame(settings, turned.page.index);
    expect(turned.topLeft[1]).toBeCloseTo(f.contentTop, 2);
    expect(turned.topLeft[0]).toBeCloseTo(turned.bounds.right, 0);
  });

  it('a picture taller than the content width is fitted so it fits across the page turned', () => {
    const config = { layout: { layoutType: 'single' } } as StoredConfig;
    const settings = settingsFromConfig(config);
    const { layout } = runChecks(book(config, { rotate: 'ccw' }, 1.5));
    const turned = turnedPage(layout.pages);
    const f = pageFrame(settings, turned.page.index);
    expect(turned.bounds.right - turned.bounds.left).toBeLessThanOrEqual(f.contentWidth + 0.01);
    expect(turned.picture.bottom - turned.picture.top).toBeGreaterThan(f.contentWidth / 2);
  });

  it('a rotated `here` resource becomes a turned float too', () => {
    const config = { layout: { layoutType: 'single' } } as StoredConfig;
    const { layout } = runChecks(book(config, { rotate: 'cw', position: 'here' }, 0.4));
    expect(turnedPage(layout.pages).page.index).toBeGreaterThan(citing(layout.pages).index);
  });
});

describe('a turned table', () => {
  it('continues turned on the next page, alone, with its header row repeated', () => {
    const config = { layout: { layoutType: 'single' } } as StoredConfig;
    const settings = settingsFromConfig(config);
    const rows = [[{ content: 'Station', isHeader: true }, { content: 'Hour', isHeader: true }], ...Array.from({ length: 60 }, (_, i) => [{ content: `Stop ${i + 1}` }, { content: `${8 + (i % 12)}:${String((i * 7) % 60).padStart(2, '0')}` }])];
    const base = book(config, { rotate: 'ccw' }, 0.4);
    const { layout } = runChecks({ ...base, resources: [{ id: 'plan', kind: 'table', typeId: 'table', caption: 'Hours of the line.', placement: { rotate: 'ccw' }, table: { model: { rows, headerRowCount: 1 } } } as NonNullable<CheckBook['resources']>[number]], payloads: {} });
    const turned = layout.pages.filter((p) => p.items.some((i) => i.op === Op.Transform));
    expect(turned.length).toBeGreaterThanOrEqual(2);
    // Consecutive pages, none with body text, each with the header cell, the rows in order across them.
    expect(turned.map((p) => p.index)).toEqual(turned.map((_, i) => turned[0]!.index + i));
    const text = (p: PageDisplayList) => runs(p).map((r) => r.text);
    for (const page of turned) {
      // Nothing outside the turned group but running heads and folios (the cells are inside it).
      const from = page.items.findIndex((i) => i.op === Op.Transform);
      const to = page.items.findIndex((i) => i.op === Op.TransformEnd);
      expect(page.items.filter((i, k) => (k < from || k > to) && i.op === Op.GlyphRun && (i.line?.role === 'body' || i.line?.role === 'heading' || i.line?.role === 'caption'))).toHaveLength(0);
      expect(text(page)).toContain('Station');
      const f = pageFrame(settings, page.index);
      const transform = page.items.find((i): i is TransformItem => i.op === Op.Transform)!;
      // Each part's turned box fits the content width: its unturned height is centred on the turn's centre.
      const ys = page.items.slice(from, to).filter((i): i is GlyphRunItem => i.op === Op.GlyphRun).map((r) => apply(transform.matrix, r.xs[0]!, r.y)[0]);
      expect(Math.min(...ys)).toBeGreaterThanOrEqual(f.contentLeft - 0.01);
      expect(Math.max(...ys)).toBeLessThanOrEqual(f.contentLeft + f.contentWidth + 0.01);
    }
    expect(text(turned[0]!)).toContain('Stop 1');
    expect(text(turned[turned.length - 1]!)).toContain('Stop 60');
  });
});

describe('the turn in every backend', () => {
  it('the painter draws a turned group through the composed device matrix', () => {
    const log: string[] = [];
    let transform = '';
    const ctx = recordingContext({
      save: () => log.push('save'),
      restore: () => log.push('restore'),
      setTransform: (...m: number[]) => void (transform = m.join(' ')),
      fillRect: (x, y, w, h) => log.push(`fillRect ${x} ${y} ${w} ${h} @ ${transform}`),
    });
    // ccw about (50, 50) at 2 device px per pt: S M S⁻¹ = [0 −1 1 0 0 200].
    const list: PageDisplayList = { version: 1, index: 0, label: '1', chapter: 'c', role: 'body', width: 100, height: 100, items: [{ op: Op.Transform, matrix: turnMatrix('ccw', 50, 50) }, { op: Op.Rect, x: 10, y: 10, w: 20, h: 5, fill: '#000000' }, { op: Op.TransformEnd }, { op: Op.Rect, x: 1, y: 1, w: 1, h: 1, fill: '#000000' }] };
    paintPage(ctx, list, new GlyphPathCache(), 2);
    expect(log).toEqual(['save', 'fillRect 0 0 200 200 @ 1 0 0 1 0 0', 'save', 'fillRect 20 20 40 10 @ 0 -1 1 0 0 200', 'restore', 'fillRect 2 2 2 2 @ 1 0 0 1 0 0', 'restore']);
  });


  it('turnMatrix turns about the given centre', () => {
    // ccw about (50, 30): the point right of the centre goes above it.
    expect(apply(turnMatrix('ccw', 50, 30), 60, 30)).toEqual([50, 20]);
    expect(apply(turnMatrix('cw', 50, 30), 60, 30)).toEqual([50, 40]);
  });

  it('the PDF writes the matrix conjugated by the y flip, inside q … Q', () => {
    // ccw about the centre of a 100 pt page: M = [0 −1 1 0 0 100]; in PDF space [0 1 −1 0 100 0].
    const list: PageDisplayList = { version: 1, index: 0, label: '1', chapter: 'c', role: 'body', width: 100, height: 100, items: [{ op: Op.Transform, matrix: turnMatrix('ccw', 50, 50) }, { op: Op.Rect, x: 10, y: 10, w: 20, h: 5, fill: '#000000' }, { op: Op.TransformEnd }] };
    const content = pageContent(list, { font: () => undefined, opacity: () => 'GS0', image: () => undefined });
    expect(content).toMatch(/q\n0 1 -1 0 100 0 cm\n/);
    const lines = content.split('\n');
    expect(lines.filter((l) => l === 'q').length).toBe(lines.filter((l) => l === 'Q').length);
    // Checked by hand: the page point (10, 10) is PDF (10, 90); turned it must land where M sends it, page (10, 90) = PDF (10, 10).
    const [a, b, c, d, e, f] = [0, 1, -1, 0, 100, 0];
    expect([a * 10 + c * 90 + e, b * 10 + d * 90 + f]).toEqual([10, 10]);
  });
});

describe('vertical text', () => {
  it('a rotated resource in a vertical-rl book is placed unturned, and rotateIgnoredVertical says so', () => {
    const config = { layout: { layoutType: 'single', writingMode: 'vertical-rl' } } as StoredConfig;
    const { layout, warnings } = runChecks(book(config, { rotate: 'ccw' }, 0.4));
    // Unturned on the sheet: the page's quarter turn and the picture's turn back (page/vertical.ts, resources/figure.ts) compose to none.
    const pictures = layout.pages.flatMap((p) => {
      const matrices = itemMatrices(p.items);
      return p.items.flatMap((i, k) => (i.op === Op.Path && i.fill === FILL ? [matrices[k]!] : []));
    });
    expect(pictures).toHaveLength(1);
    expect(pictures[0]!.slice(0, 4).map((v) => Math.round(v) + 0)).toEqual([1, 0, 0, 1]);
    expect(warnings.filter((w) => w.kind === 'rotateIgnoredVertical').map((w) => w.resource)).toEqual(['plan']);
    // Horizontal: turned, and no warning.
    const horizontal = runChecks(book({ layout: { layoutType: 'single' } } as StoredConfig, { rotate: 'ccw' }, 0.4));
    expect(horizontal.warnings.filter((w) => w.kind === 'rotateIgnoredVertical')).toHaveLength(0);
  });
});

describe('checks around a turned float', () => {
  it('its caption, on a page of its own, is not taken for lines of the citing paragraph (no widow or orphan)', () => {
    const config = { layout: { layoutType: 'single' } } as StoredConfig;
    const { layout, warnings } = runChecks(book(config, { rotate: 'ccw' }, 0.4));
    const turned = turnedPage(layout.pages);
    expect(warnings.filter((w) => (w.kind === 'orphan' || w.kind === 'widow') && w.pageIndex === turned.page.index)).toHaveLength(0);
  });
});

describe('preflight around a turned float', () => {
  it('checks the turned caption where it is drawn: inside the content area, so no safeZone warning', () => {
    const config = { layout: { layoutType: 'single' }, print: { standard: 'pdfx4' } } as unknown as StoredConfig;
    const { layout, warnings } = runChecks(book(config, { rotate: 'ccw' }, 0.4));
    const turned = turnedPage(layout.pages);
    // Unturned, the caption's first glyph would start left of the trim (the measure is wider than the page).
    const caption = turned.page.items.find((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.role === 'caption')!;
    expect(caption.xs[0]!).toBeLessThan(0);
    expect(warnings.filter((w) => w.kind === 'safeZone')).toHaveLength(0);
  });
});

describe('click-to-source and selection on a turned float', () => {
  it('hitTest finds the turned caption where it is drawn, sourceRects draw its selection there', () => {
    const config = { layout: { layoutType: 'single' } } as StoredConfig;
    const { layout } = runChecks(book(config, { rotate: 'ccw' }, 0.4));
    const turned = turnedPage(layout.pages);
    // A caption run with source text (the caption's own words), and a point on its third glyph, turned.
    const run = turned.page.items.find((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.role === 'caption' && i.srcFrom >= 0 && i.glyphs.length > 3)!;
    const gx = run.xs[2]! + (run.xs[3]! - run.xs[2]!) / 4; // the left quarter of the glyph: the caret goes before it
    const [px, py] = apply(turned.transform.matrix, gx, run.y - run.size * 0.3);
    const hit = hitTest(turned.page, px, py);
    expect(hit).not.toBeNull();
    expect(hit!.offset).toBe(sourceOffsetOf(run, run.clusters[2]!));
    // The selection of that run's source: a box taller than wide (the line stands on end), containing the point.
    const from = sourceOffsetOf(run, 0)!;
    const rects = sourceRects([turned.page], run.chapter, from, from + 3).filter((r) => r.pageIndex === turned.page.index);
    expect(rects.length).toBeGreaterThan(0);
    const r = rects[0]!;
    expect(r.height).toBeGreaterThan(r.width);
    const [sx, sy] = apply(turned.transform.matrix, run.xs[0]! + 0.5, run.y - run.size * 0.3);
    expect(sx).toBeGreaterThanOrEqual(r.x - 0.01);
    expect(sx).toBeLessThanOrEqual(r.x + r.width + 0.01);
    expect(sy).toBeGreaterThanOrEqual(r.y - 0.01);
    expect(sy).toBeLessThanOrEqual(r.y + r.height + 0.01);
  });
});
