/**
 * A column float across k of N columns at the head of its citing page (document-format §12.6
 * `citingPage`: "a `top`/`auto` float may head the page/column of its own citing line", with
 * `columns: k`; page/passes.ts, page/floats-page.ts). Reading: a span over k columns heads the
 * citing page over the k columns that hold the citing column, starting there when k − 1 columns
 * follow it on the page, else at column N − k (the head of the citing page counts as before the
 * citing line, as for a page-wide float); within `layout.maxTopFraction`, never overtaking.
 * Three columns of the `multiple` layout; the picture is made as wide as two columns and a gutter.
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { columnOf, dump, filledPathBox, run, runs } from './helpers';

const RED = '#ff0000';
const BLUE = '#0000ff';
const three = (citingPage?: boolean): LayoutSettings => {
  const s = settingsFromConfig({ layout: { layoutType: 'multiple', columnCount: 3 } } as never);
  if (citingPage !== undefined) s.floats = { ...s.floats!, citingPage };
  return s;
};
const SVG = (fill: string) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120" viewBox="0 0 400 120"><rect x="0" y="0" width="400" height="120" fill="${fill}"/></svg>`);

function book(lead: number, placement: Record<string, unknown>, settings = three(), seed = 17): BookInput {
  const random = mulberry32(seed);
  const paragraphs = Array.from({ length: 40 }, () => paragraph(random));
  paragraphs[lead] += ' The plan in :ref{id="red"} shows it.';
  paragraphs[lead + 6] += ' A second plan, :ref{id="blue"}, follows.';
  return {
    title: 'Spans',
    settings,
    chapters: [{ id: 'ch1', title: '', source: `# Spans\n\n${paragraphs.join('\n\n')}\n` }],
    resources: prepareResources(
      [
        { record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red plan', placement }, payload: SVG(RED) },
        { record: { id: 'blue', typeId: 'figure', kind: 'svg', caption: 'A blue plan', placement }, payload: SVG(BLUE) },
      ],
      {},
    ),
  };
}

/** Page, column and baseline of the body line citing the red plan (the first "Fig."). */
function citing(pages: readonly PageDisplayList[], settings: LayoutSettings) {
  for (const page of pages) {
    const r = runs(page).find((x) => x.line?.role === 'body' && x.text.includes('Fig.'));
    if (r) return { page: page.index, column: columnOf(settings, page, r.xs[0]!), y: r.y };
  }
  throw new Error('no citing line');
}

const slot = (page: number, column: number) => page * 10 + column;

describe('a float across k of N columns at the head of its citing page (citingPage)', () => {
  it('heads the k columns holding the citing column on the citing page; the text of those columns starts under it', () => {
    const settings = three();
    let headed = 0;
    // (Page 0 opens the chapter: no citing-page heads there, as for any float, page/passes.ts.)
    for (const lead of [1, 11, 13, 15, 17, 19, 21]) {
      const on = run(book(lead, { columns: 2, position: 'top', citingPage: true }));
      const off = run(book(lead, { columns: 2, position: 'top' }));
      const cite = citing(on.pages, settings);
      const red = filledPathBox(on.pages, RED);
      const plain = filledPathBox(off.pages, RED);
      const f = pageFrame(settings, red.page.index);
      const first = columnOf(settings, red.page, red.left + 1);
      const plainAt = slot(plain.page.index, columnOf(settings, plain.page, plain.left + 1));
      // Never later than without citingPage, never before the citing page.
      expect(slot(red.page.index, first), `lead ${lead}`).toBeLessThanOrEqual(plainAt);
      expect(red.page.index).toBeGreaterThanOrEqual(cite.page);
      // Two columns and a gutter wide, from a column's left edge.
      expect(red.right - red.left).toBeCloseTo(2 * f.columnWidth + settings.gutter, 1);
      expect(red.left).toBeCloseTo(f.columnX[first]!, 1);
      if (red.page.index !== cite.page) continue;
      if (first > cite.column) {
        // A later column's head of the citing page: where it goes without citingPage too.
        expect(slot(red.page.index, first), `lead ${lead}`).toBe(plainAt);
        continue;
      }
      headed++;
      // At the head of the citing page, over the citing column: from it, or from N − k.
      expect(red.top, `lead ${lead}`).toBeCloseTo(f.contentTop, 1);
      expect(first, `lead ${lead}`).toBe(Math.min(cite.column, 3 - 2));
      expect(cite.y).toBeGreaterThan(red.bottom);
      // No text of the two columns runs level with it; the third column's does.
      const page = red.page;
      for (const r of runs(page).filter((x) => x.line?.role === 'body')) {
        const c = columnOf(settings, page, r.xs[0]!);
        if (c === first || c === first + 1) expect(r.y > red.top - 0.01 && r.y < red.bottom + 0.01, `lead ${lead}: "${r.text}"`).toBe(false);
      }
      // Without citingPage it went to a later column or page.
      expect(plainAt).toBeGreaterThan(slot(red.page.index, first));
    }
    expect(headed, 'some citing lines leave room at their page head').toBeGreaterThan(3);
  });

  it('the document default layout.floatsAtCitingPage does the same; maxTopFraction keeps a tall float off the citing page', () => {
    const settings = three(true);
    for (const lead of [13, 17]) {
      const own = filledPathBox(run(book(lead, { columns: 2, position: 'top', citingPage: true })).pages, RED);
      const byDefault = filledPathBox(run(book(lead, { columns: 2, position: 'top' }, settings)).pages, RED);
      expect([byDefault.page.index, byDefault.left, byDefault.top]).toEqual([own.page.index, own.left, own.top]);
    }
    const tight = three(true);
    tight.floats = { ...tight.floats!, maxTopFraction: 0.05 };
    const layout = run(book(17, { columns: 2, position: 'top' }, tight));
    expect(filledPathBox(layout.pages, RED).page.index).toBeGreaterThan(citing(layout.pages, tight).page);
  });

  it('floats keep their order: the blue plan (cited later) is never set before the red one', () => {
    for (const lead of [11, 15, 19]) {
      const layout = run(book(lead, { columns: 2, position: 'top', citingPage: true }));
      const red = filledPathBox(layout.pages, RED);
      const blue = filledPathBox(layout.pages, BLUE);
      expect(blue.page.index * 1e4 + blue.top, `lead ${lead}`).toBeGreaterThanOrEqual(red.page.index * 1e4 + red.top);
    }
  });

  it('incremental layout equals a full one', () => {
    const input = book(15, { columns: 2, position: 'top', citingPage: true });
    const chapters = [input.chapters[0]!, { id: 'ch2', title: '', source: book(9, {}).chapters[0]!.source.replace('# Spans', '# More') }];
    const cache = new EngineCache();
    run({ ...input, chapters }, cache);
    const edited = { ...input, chapters: [{ ...chapters[0]!, source: chapters[0]!.source.replace('# Spans', '# Spans, edited') }, chapters[1]!] };
    expect(dump(run(edited, cache))).toBe(dump(run(edited)));
  });
});
