/**
 * Float levers of issue #6 (document-format §12.6, §12.9; configuration.md §4, §12.2): shrink to
 * slot (`placement.shrink`/`minScale`, `layout.floatShrink`, the `floatShrunk` check), fit to page
 * (`layout.fitFiguresToPage`), column floats across k of N columns (`placement.columns`), and
 * placement fields from the type's `defaultPlacement`. Positions are measured from the picture's
 * own path and checked against the page frame.
 */
import { describe, expect, it } from 'vitest';
import type { StoredConfig } from '../../../src/worker/config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type GlyphRunItem, type PageDisplayList, type PathItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { runChecks, type CheckBook } from '../checks/run-checks';
import { filledPathBox } from './helpers';

const FILL = '#3366aa';

/** An SVG whose picture, fitted to `width` pt, is `height` pt tall (its own units do not matter: it is wider than any column). */
function svg(width: number, height: number): string {
  const w = 4000;
  const h = Math.round((w * height) / width);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect x="0" y="0" width="${w}" height="${h}" fill="${FILL}"/></svg>`).toString('base64');
}

/** A one-chapter book: `lead` paragraphs, then one citing the figure, then `after` more. */
function book(config: StoredConfig, placement: Record<string, unknown>, picture: { width: number; height: number }, options: { lead?: number; after?: number; seed?: number; typeDefault?: Record<string, unknown> } = {}): CheckBook {
  const random = mulberry32(options.seed ?? 7);
  const paragraphs = Array.from({ length: (options.lead ?? 2) + 1 + (options.after ?? 24) }, () => paragraph(random));
  paragraphs[options.lead ?? 2] += ' The plan in :ref{id="plan"} shows it.';
  const types = options.typeDefault ? { resourceTypes: [{ id: 'figure', name: 'Figure', shortLabel: 'Fig.', captionPrefix: 'Figure', numberingTemplate: '{n}', defaultPlacement: options.typeDefault }] } : {};
  return {
    chapters: [{ id: 'c1', source: paragraphs.join('\n\n') }],
    config: { ...config, ...types } as StoredConfig,
    resources: [{ id: 'plan', kind: 'svg', typeId: 'figure', caption: 'The plan of the house.', placement } as CheckBook['resources'] extends (infer R)[] | undefined ? R : never],
    payloads: { plan: svg(picture.width, picture.height) },
  };
}

/** The picture's box (pt) and its page. */
const pictureBox = (pages: readonly PageDisplayList[]) => filledPathBox(pages, FILL);

const runs = (page: PageDisplayList): GlyphRunItem[] => page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);

/** The page of the citing line (the body run printing the reference). */
function citingPage(pages: readonly PageDisplayList[]): PageDisplayList {
  const page = pages.find((p) => runs(p).some((r) => r.line?.role === 'body' && r.text.includes('Fig.')));
  if (!page) throw new Error('no citing line');
  return page;
}

const SINGLE: StoredConfig = { layout: { layoutType: 'single' } } as StoredConfig;

describe('shrink to slot (placement.shrink, minScale, layout.floatShrink)', () => {
  const settings = settingsFromConfig(SINGLE);
  const frame = pageFrame(settings, 0);
  // A picture of 70 % of the content height at the column's width: it fits an empty page with its
  // caption, but not the room left under the citing paragraph.
  const picture = { width: frame.columnWidth, height: 0.7 * frame.contentHeight };

  it("'never': a figure that does not fit under its citing line waits for the next page, at full size", () => {
    const { layout, warnings } = runChecks(book(SINGLE, { shrink: 'never' }, picture, { lead: 3 }));
    const cite = citingPage(layout.pages);
    const box = pictureBox(layout.pages);
    expect(box.page.index).toBeGreaterThan(cite.index);
    expect(box.bottom - box.top).toBeCloseTo(picture.height, 0);
    expect(warnings.filter((w) => w.kind === 'floatShrunk')).toHaveLength(0);
  });

  it("'slot': the same figure stays on its citing page under the citing line, scaled to at least minScale, with a floatShrunk warning", () => {
    const { layout, warnings } = runChecks(book(SINGLE, { shrink: 'slot', minScale: 0.6 }, picture, { lead: 3 }));
    const cite = citingPage(layout.pages);
    const box = pictureBox(layout.pages);
    expect(box.page.index).toBe(cite.index);
    const scale = (box.bottom - box.top) / picture.height;
    expect(scale).toBeLessThan(0.99);
    expect(scale).toBeGreaterThanOrEqual(0.6 - 1e-3);
    // Width and height scale together (aspect kept).
    expect((box.right - box.left) / frame.columnWidth).toBeCloseTo(scale, 2);
    // Under every line of the citing page, and inside the content area with its caption.
    const lastBody = Math.max(...runs(cite).filter((r) => r.line?.role === 'body').map((r) => r.y));
    expect(box.top).toBeGreaterThan(lastBody);
    const caption = runs(cite).filter((r) => r.line?.role === 'caption');
    expect(caption.length).toBeGreaterThan(0);
    expect(Math.max(...caption.map((r) => r.y))).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
    // The warning names the resource and the page; the layout records the same scale.
    const shrunk = warnings.filter((w) => w.kind === 'floatShrunk');
    expect(shrunk).toHaveLength(1);
    expect(shrunk[0]!.resource).toBe('plan');
    expect(shrunk[0]!.page).toBe(cite.label);
    expect(shrunk[0]!.category).toBe('resources');
    expect(layout.chapters[0]!.floatsShrunk?.[0]?.scale).toBeCloseTo(scale, 2);
  });

  it('never below minScale: with minScale 0.95 the figure waits as with never', () => {
    const { layout, warnings } = runChecks(book(SINGLE, { shrink: 'slot', minScale: 0.95 }, picture, { lead: 3 }));
    expect(pictureBox(layout.pages).page.index).toBeGreaterThan(citingPage(layout.pages).index);
    expect(warnings.filter((w) => w.kind === 'floatShrunk')).toHaveLength(0);
  });

  it('layout.floatShrink is the document default of placement.shrink; a placement field overrides it', () => {
    const config = { layout: { layoutType: 'single', floatShrink: { mode: 'slot', minScale: 0.6 } } } as StoredConfig;
    const byDefault = runChecks(book(config, {}, picture, { lead: 3 }));
    expect(pictureBox(byDefault.layout.pages).page.index).toBe(citingPage(byDefault.layout.pages).index);
    const overridden = runChecks(book(config, { shrink: 'never' }, picture, { lead: 3 }));
    expect(pictureBox(overridden.layout.pages).page.index).toBeGreaterThan(citingPage(overridden.layout.pages).index);
  });

  it("'page' shrinks only where nothing is set yet: it does not take the citing page's foot", () => {
    const { layout } = runChecks(book(SINGLE, { shrink: 'page', minScale: 0.6 }, picture, { lead: 3 }));
    const box = pictureBox(layout.pages);
    expect(box.page.index).toBeGreaterThan(citingPage(layout.pages).index);
    expect(box.bottom - box.top).toBeCloseTo(picture.height, 0);
  });
});

describe('fit to page (layout.fitFiguresToPage)', () => {
  const settings = settingsFromConfig(SINGLE);
  const frame = pageFrame(settings, 0);
  // Taller than the content area at the column's width.
  const picture = { width: frame.columnWidth, height: 1.6 * frame.contentHeight };

  it('off: the slot caps the picture alone, so its caption runs past the content area', () => {
    const { layout } = runChecks(book(SINGLE, {}, picture, { lead: 1, after: 6 }));
    const box = pictureBox(layout.pages);
    expect(box.bottom).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
    const caption = runs(box.page).filter((r) => r.line?.role === 'caption' && r.y > box.bottom);
    expect(caption.length).toBeGreaterThan(0);
    expect(Math.max(...caption.map((r) => r.y))).toBeGreaterThan(frame.contentTop + frame.contentHeight);
  });

  it('on: the figure is scaled so picture and caption fit the content area', () => {
    const config = { layout: { layoutType: 'single', fitFiguresToPage: true } } as StoredConfig;
    const { layout } = runChecks(book(config, {}, picture, { lead: 1, after: 6 }));
    const box = pictureBox(layout.pages);
    const caption = runs(box.page).filter((r) => r.line?.role === 'caption' && r.y > box.bottom);
    expect(caption.length).toBeGreaterThan(0);
    expect(Math.max(...caption.map((r) => r.y))).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
    // Scaled, aspect kept: narrower than the column by the same factor as it is shorter.
    const scale = (box.bottom - box.top) / picture.height;
    expect(scale).toBeLessThan(0.7);
    expect((box.right - box.left) / frame.columnWidth).toBeCloseTo(scale, 2);
    // It fills the content area's height less the caption and the float gap (nearly all of it).
    expect(box.bottom - box.top).toBeGreaterThan(0.8 * frame.contentHeight);
  });
});

describe('column floats across k of N columns (placement.columns)', () => {
  const THREE = { layout: { layoutType: 'multiple', columns: 3 } } as StoredConfig;
  const settings = settingsFromConfig(THREE);
  const frame = pageFrame(settings, 0);
  const span2 = 2 * frame.columnWidth + settings.gutter;

  it('a 2-of-3-column float has the width of two columns and a gutter, and no text runs through it', () => {
    for (const position of ['auto', 'top', 'bottom'] as const) {
      const { layout } = runChecks(book(THREE, { columns: 2, position }, { width: span2, height: 120 }, { lead: 4, after: 30 }));
      expect(settings.columns).toBe(3);
      const box = pictureBox(layout.pages);
      const f = pageFrame(settings, box.page.index);
      expect(box.right - box.left, position).toBeCloseTo(span2, 1);
      // It starts at a column's left edge and ends at the next column's right edge.
      const start = f.columnX.findIndex((x) => Math.abs(x - box.left) < 0.05);
      expect(start, position).toBeGreaterThanOrEqual(0);
      expect(start + 2, position).toBeLessThanOrEqual(3);
      expect(box.page.index).toBeGreaterThanOrEqual(citingPage(layout.pages).index);
      for (const r of runs(box.page).filter((x) => x.line?.role === 'body')) {
        const left = Math.min(...r.xs);
        const inside = left >= box.left - 0.5 && left < box.right;
        if (inside) expect(r.y > box.top - 0.01 && r.y < box.bottom + settings.body.lineHeight * 0.25, `${position}: "${r.text}"`).toBe(false);
      }
      // The third column is not cut: some text of the page runs level with the picture there.
      const other = runs(box.page).filter((x) => x.line?.role === 'body' && (Math.min(...x.xs) < box.left - 0.5 || Math.min(...x.xs) >= box.right) && x.y > box.top && x.y < box.bottom);
      expect(other.length, position).toBeGreaterThan(0);
    }
  });

  it('columns ≥ the page columns is page-wide; in a 2-column styled book, columns 2 is page-wide too', () => {
    const { layout } = runChecks(book(THREE, { columns: 3 }, { width: frame.contentWidth, height: 120 }, { lead: 4, after: 30 }));
    const box = pictureBox(layout.pages);
    expect(box.right - box.left).toBeCloseTo(frame.contentWidth, 1);
  });
});

describe("placement fields from the type's defaultPlacement (configuration.md §12.1–12.2)", () => {
  it('a figure type whose defaultPlacement spans the page sets its figures page-wide; the resource own field wins', () => {
    const DOUBLE = { layout: { layoutType: 'double' } } as StoredConfig;
    const settings = settingsFromConfig(DOUBLE);
    const frame = pageFrame(settings, 0);
    const picture = { width: frame.contentWidth, height: 100 };
    const wide = pictureBox(runChecks(book(DOUBLE, {}, picture, { typeDefault: { span: 'page' } })).layout.pages);
    expect(wide.right - wide.left).toBeCloseTo(frame.contentWidth, 1);
    const own = pictureBox(runChecks(book(DOUBLE, { span: 'column' }, picture, { typeDefault: { span: 'page' } })).layout.pages);
    expect(own.right - own.left).toBeCloseTo(frame.columnWidth, 1);
  });
});

describe('float barriers (calloutStyles[id].floatBarrier, document-format §12.7)', () => {
  /** A top float cited in the first paragraph, then a box: with a barrier the float is set before the box. */
  function barrierBook(floatBarrier: boolean): CheckBook {
    const random = mulberry32(21);
    const source = [`${paragraph(random)} The plan in :ref{id="plan"} shows it.`, paragraph(random), ':::callout{type="aside"}', `Inside the box. ${paragraph(random)}`, ':::', ...Array.from({ length: 12 }, () => paragraph(random))].join('\n\n');
    const b = book(SINGLE, { position: 'top' }, { width: 400, height: 160 });
    return { ...b, chapters: [{ id: 'c1', source }], config: { ...(SINGLE as object), calloutStyles: [{ id: 'note' }, { id: 'aside', floatBarrier }] } as StoredConfig };
  }
  /** Page and baseline of the first line of the box. */
  function boxStart(pages: readonly PageDisplayList[]) {
    for (const page of pages) {
      const r = runs(page).find((x) => x.text.startsWith('Inside'));
      if (r) return { page: page.index, y: r.y };
    }
    throw new Error('no box');
  }

  it('without a barrier the box comes before the float (a top float waits for the next page); with one, the float is set first', () => {
    const free = runChecks(barrierBook(false)).layout;
    const freeBox = boxStart(free.pages);
    const freeFloat = pictureBox(free.pages);
    expect(freeFloat.page.index * 1e4 + freeFloat.top).toBeGreaterThan(freeBox.page * 1e4 + freeBox.y);
    const barred = runChecks(barrierBook(true)).layout;
    const box = boxStart(barred.pages);
    const float = pictureBox(barred.pages);
    expect(box.page * 1e4 + box.y).toBeGreaterThan(float.page.index * 1e4 + float.bottom);
  });
});

describe('captionMeasure (placement.captionMeasure, document-format §12.6)', () => {
  const settings = settingsFromConfig(SINGLE);
  const frame = pageFrame(settings, 0);
  // A picture half the column wide: never enlarged, it stays narrower than its slot.
  const w = Math.round(frame.columnWidth / 2);
  const svgSmall = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="60" viewBox="0 0 ${w} 60"><rect x="0" y="0" width="${w}" height="60" fill="${FILL}"/></svg>`).toString('base64');
  const caption = 'A long caption that runs over several lines when it is set at the full width of the column and more still when it is set at the width of the picture.';
  function captionRuns(captionMeasure: 'slot' | 'body') {
    const b = book(SINGLE, { captionMeasure }, { width: 1, height: 1 }, { lead: 1, after: 8 });
    const { layout } = runChecks({ ...b, resources: [Object.assign({}, b.resources![0]!, { caption })], payloads: { plan: svgSmall } });
    const box = pictureBox(layout.pages);
    return { box, lines: runs(box.page).filter((r) => r.line?.role === 'caption') };
  }

  it("'slot' sets the caption at the slot's width; 'body' at the narrower picture's width", () => {
    const slot = captionRuns('slot');
    expect(slot.box.right - slot.box.left).toBeLessThan(frame.columnWidth * 0.6);
    expect(Math.max(...slot.lines.flatMap((r) => r.xs))).toBeGreaterThan(slot.box.right + 20);
    const body = captionRuns('body');
    expect(Math.max(...body.lines.flatMap((r) => r.xs))).toBeLessThanOrEqual(body.box.right + 0.01);
    // Narrower text: more caption lines.
    expect(new Set(body.lines.map((r) => r.y)).size).toBeGreaterThan(new Set(slot.lines.map((r) => r.y)).size);
  });
});

describe('fit the remaining column room (document-format §12.9 safe area)', () => {
  const settings = settingsFromConfig(SINGLE);
  const frame = pageFrame(settings, 0);
  /** Text filling about half a page, then a `here` picture 60 % of the content height tall. */
  function hereBook(safeArea?: { x: number; y: number; width: number; height: number }): CheckBook {
    const random = mulberry32(33);
    const lead = Array.from({ length: 40 }, () => paragraph(random)).join(' ').slice(0, 2600);
    const source = [lead, '::resource{id="plan"}', ...Array.from({ length: 6 }, () => paragraph(random))].join('\n\n');
    const b = book(SINGLE, { position: 'here' }, { width: frame.columnWidth, height: 0.6 * frame.contentHeight });
    return { ...b, chapters: [{ id: 'c1', source }], resources: [{ ...b.resources![0]!, ...(safeArea ? { safeArea } : {}) } as NonNullable<CheckBook['resources']>[number]] };
  }
  const leadPage = (pages: readonly PageDisplayList[]) => pages.findIndex((p) => runs(p).some((r) => r.line?.role === 'body'));

  it('without a safe area the picture moves to the next page; with one it is cropped (not scaled) to the room under the text', () => {
    const plain = runChecks(hereBook()).layout;
    const moved = pictureBox(plain.pages);
    const textPage = leadPage(plain.pages);
    expect(moved.page.index).toBeGreaterThan(textPage);
    const cropped = runChecks(hereBook({ x: 0, y: 0.2, width: 1, height: 0.5 })).layout;
    const box = pictureBox(cropped.pages);
    expect(box.page.index).toBe(leadPage(cropped.pages));
    // Full width (cropped, not scaled), and clipped to a band shorter than the picture.
    expect(box.right - box.left).toBeCloseTo(frame.columnWidth, 1);
    const clip = box.page.items.find((i) => i.op === Op.Clip);
    expect(clip).toBeDefined();
    const ys = ((clip as { d: string }).d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number).filter((_, i) => i % 2 === 1);
    const shown = Math.max(...ys) - Math.min(...ys);
    expect(shown).toBeLessThan(box.bottom - box.top - 1);
    expect(shown).toBeGreaterThanOrEqual(0.5 * (box.bottom - box.top) - 0.01);
    // Below the text, inside the content area.
    expect(Math.max(...ys)).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
  });
});

describe('floats cited by a heading (document-format §12.7 barriers, layout.floatsUnderOpener)', () => {
  function openerBook(underOpener?: boolean): CheckBook {
    const random = mulberry32(5);
    const source = ['# The plan :ref{id="plan"}', ...Array.from({ length: 14 }, () => paragraph(random))].join('\n\n');
    const config = { layout: { layoutType: 'double', ...(underOpener === undefined ? {} : { floatsUnderOpener: underOpener }) }, headings: { levels: [{ level: 1, span: 'page' }] } } as StoredConfig;
    const b = book(config, {}, { width: 300, height: 100 });
    return { ...b, chapters: [{ id: 'c1', source }] };
  }

  it('a float first cited by a page-wide opener is set, at the head of the first column under the band', () => {
    const { layout } = runChecks(openerBook());
    const box = pictureBox(layout.pages);
    const settings = settingsFromConfig(openerBook().config!);
    const f = pageFrame(settings, box.page.index);
    expect(box.page.index).toBe(0);
    expect(box.left).toBeCloseTo(f.columnX[0]!, 1);
    const heading = runs(box.page).filter((r) => r.line?.role === 'heading');
    expect(box.top).toBeGreaterThan(Math.max(...heading.map((r) => r.y)));
    // Above every body line of the first column.
    const first = runs(box.page).filter((r) => r.line?.role === 'body' && Math.min(...r.xs) < f.columnX[0]! + f.columnWidth);
    expect(first.length).toBeGreaterThan(0);
    for (const r of first) expect(r.y).toBeGreaterThan(box.bottom);
  });

  it('with layout.floatsUnderOpener false it is not set at the head of the first column', () => {
    const { layout } = runChecks(openerBook(false));
    const box = pictureBox(layout.pages);
    const settings = settingsFromConfig(openerBook(false).config!);
    const f = pageFrame(settings, box.page.index);
    const atFirstHead = box.page.index === 0 && Math.abs(box.left - f.columnX[0]!) < 0.5 && runs(box.page).some((r) => r.line?.role === 'body' && Math.min(...r.xs) < f.columnX[0]! + f.columnWidth && r.y > box.bottom) && !runs(box.page).some((r) => r.line?.role === 'body' && Math.min(...r.xs) < f.columnX[0]! + f.columnWidth && r.y < box.top);
    expect(atFirstHead).toBe(false);
  });
});

describe("placement.align start/end follow the text's direction (document-format §12.6)", () => {
  function aligned(direction: 'ltr' | 'rtl', align: 'start' | 'end') {
    const config = { direction, layout: { layoutType: 'single' } } as StoredConfig;
    const frame = pageFrame(settingsFromConfig(config), 0);
    const { layout } = runChecks(book(config, { width: 0.4, align }, { width: frame.columnWidth * 0.4, height: 60 }, { lead: 1, after: 6 }));
    const box = pictureBox(layout.pages);
    const f = pageFrame(settingsFromConfig(config), box.page.index);
    return { atLeft: Math.abs(box.left - f.columnX[0]!) < 0.5, atRight: Math.abs(box.right - (f.columnX[0]! + f.columnWidth)) < 0.5 };
  }

  it('start is the left side in left-to-right text and the right side in right-to-left text; end the other', () => {
    expect(aligned('ltr', 'start')).toEqual({ atLeft: true, atRight: false });
    expect(aligned('ltr', 'end')).toEqual({ atLeft: false, atRight: true });
    expect(aligned('rtl', 'start')).toEqual({ atLeft: false, atRight: true });
    expect(aligned('rtl', 'end')).toEqual({ atLeft: true, atRight: false });
  });
});

describe('spans over k of N columns obey the placement rules (generated books)', () => {
  const PLACEMENTS: Record<string, unknown>[] = [{}, { position: 'top' }, { position: 'bottom' }, { columns: 2 }, { columns: 2, position: 'top' }, { columns: 2, position: 'bottom' }, { span: 'page' }];

  for (const seed of [41, 42, 43]) {
    it(`seed ${seed}, 3 columns: after the citing line, in citation order, no text through a float, inside the content area`, () => {
      const random = mulberry32(seed);
      const config = { layout: { layoutType: 'multiple', columns: 3 } } as StoredConfig;
      const settings = settingsFromConfig(config);
      const pitch = settings.body.lineHeight;
      const paragraphs = Array.from({ length: 40 }, () => paragraph(random));
      const figures = Array.from({ length: 6 }, (_, k) => {
        const id = `f${k + 1}`;
        const at = Math.min(paragraphs.length - 1, Math.floor(((k + 0.3 + random() * 0.5) / 6) * paragraphs.length));
        paragraphs[at] += ` See :ref{id="${id}"}.`;
        const fill = `#${(0x200000 + (k + 1) * 0x0a0b07).toString(16).slice(-6)}`;
        const h = 300 + Math.floor(random() * 500);
        const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="${h}" viewBox="0 0 2000 ${h}"><rect x="0" y="0" width="2000" height="${h}" fill="${fill}"/></svg>`).toString('base64');
        return { id, fill, svg, placement: PLACEMENTS[Math.floor(random() * PLACEMENTS.length)]! };
      });
      const { layout } = runChecks({
        chapters: [{ id: 'c1', source: paragraphs.join('\n\n') }],
        config,
        // Records as the host stores them (a caption too), read by the checks as CheckResource.
        resources: figures.map((f): NonNullable<CheckBook['resources']>[number] => Object.assign({ id: f.id, kind: 'svg', typeId: 'figure', placement: f.placement }, { caption: `Figure ${f.id}` })),
        payloads: Object.fromEntries(figures.map((f) => [f.id, f.svg])),
      });
      let last = -1;
      figures.forEach((figure, k) => {
        const label = `${figure.id} ${JSON.stringify(figure.placement)}`;
        const page = layout.pages.find((p) => p.items.some((i) => i.op === Op.Path && (i as PathItem).fill === figure.fill))!;
        expect(page, label).toBeDefined();
        const path = page.items.find((i): i is PathItem => i.op === Op.Path && i.fill === figure.fill)!;
        const n = (path.d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
        const box = { left: Math.min(...n.filter((_, i) => i % 2 === 0)), right: Math.max(...n.filter((_, i) => i % 2 === 0)), top: Math.min(...n.filter((_, i) => i % 2 === 1)), bottom: Math.max(...n.filter((_, i) => i % 2 === 1)) };
        const f = pageFrame(settings, page.index);
        const column = f.columnX.findIndex((x) => Math.abs(x - box.left) < 0.5);
        const spanned = Math.round((box.right - box.left + settings.gutter) / (f.columnWidth + settings.gutter));
        const expected = figure.placement['span'] === 'page' ? 3 : ((figure.placement['columns'] as number | undefined) ?? 1);
        expect(spanned, label).toBe(expected);
        expect(column, label).toBeGreaterThanOrEqual(0);
        expect(column + spanned, label).toBeLessThanOrEqual(3);
        expect(box.top, label).toBeGreaterThanOrEqual(f.contentTop - 0.01);
        expect(box.bottom, label).toBeLessThanOrEqual(f.contentTop + f.contentHeight + 0.01);
        // The citing line ("Fig. k"): the float is on its page or later; on its page, in its column or later, below it in its column.
        const pattern = new RegExp(`Fig\\.\\s${k + 1}(?!\\d)`, 'u');
        const cite = layout.pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'body' && pattern.test(r.text)).map((r) => ({ page: p.index, column: pageFrame(settings, p.index).columnX.findIndex((x, c) => r.xs[0]! >= x - 0.01 && r.xs[0]! < x + f.columnWidth + 0.01 && c >= 0), y: r.y })))[0]!;
        expect(cite, label).toBeDefined();
        expect(page.index, label).toBeGreaterThanOrEqual(cite.page);
        const body = runs(page).filter((r) => r.line?.role === 'body');
        if (page.index === cite.page && spanned < 3) {
          expect(column + spanned - 1, label).toBeGreaterThanOrEqual(cite.column);
          if (column <= cite.column && cite.column < column + spanned) expect(box.top, label).toBeGreaterThan(cite.y);
        }
        // No text through it.
        for (const r of body) {
          const over = Math.min(box.right, Math.max(...r.xs)) - Math.max(box.left, Math.min(...r.xs));
          if (over > 1) expect(r.y > box.top - 0.01 && r.y < box.bottom + pitch * 0.25, `${label}: "${r.text}"`).toBe(false);
        }
        // Citation order: by page, then by the first column it takes (page-wide head first), head before foot.
        const textBelow = body.some((r) => r.y > box.bottom && Math.min(...r.xs) >= box.left - 0.5 && Math.min(...r.xs) < box.right);
        const slot = spanned === 3 ? (textBelow ? 0 : 999) : 1 + 3 * column + (textBelow ? 0 : 1);
        const rank = page.index * 1000 + slot;
        expect(rank, label).toBeGreaterThanOrEqual(last);
        last = rank;
      });
    }, 120_000);
  }
});
