import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type GlyphRunItem, type RectItem } from '../../../src/worker/protocol/displaylist';
import { run, runs } from './helpers';

/** Parts in the contents (configuration.md §11.5 `toc.parts`; document-format §17.1 "one row per :::part"). */
const chapters = [
  { id: 'front', title: '', source: '# Contents {toc="false"}\n\n:::toc' },
  { id: 'b', title: '', source: ':::part{number="I" title="Foundations"}\n:::\n\n# The lantern\n\nSome words.' },
  { id: 'c', title: '', source: ':::part{number="II" title="Practice"}\n:::\n\n# The wick\n\nMore words.' },
];

function contentsOf(parts: Record<string, unknown> = {}) {
  const settings = settingsFromConfig({ layout: { layoutType: 'single' }, toc: { parts } } as never);
  const layout = run({ title: 'Book', settings, chapters });
  const pages = layout.chapters[0]!.pages;
  // The contents' runs, with the page each is on.
  const rows = pages.flatMap((page) => runs(page).filter((r) => r.line?.target !== undefined).map((r) => ({ run: r, page: page.index })));
  const row = (text: string): { run: GlyphRunItem; page: number } | undefined => rows.find((r) => r.run.text.includes(text));
  return { rows, row, y: (text: string) => row(text)!.run.y };
}
const pt = (n: number) => ({ value: n, unit: 'pt' });
/** The page label printed at the end of a plain row: the last run on the row's baseline that leads to the same target. */
const tocLabel = (c: ReturnType<typeof contentsOf>, text: string): string => {
  const row = c.row(text)!;
  const same = c.rows.filter((r) => r.page === row.page && Math.abs(r.run.y - row.run.y) < 0.01 && r.run.line?.target === row.run.line?.target && /^\S+$/.test(r.run.text) && !/^\.+$/.test(r.run.text));
  return same[same.length - 1]!.run.text;
};

describe('toc part rows (§11.5 toc.parts)', () => {
  it('declares enabled, breakBefore, height, the margins and the design', () => {
    for (const f of ['enabled', 'breakBefore', 'height', 'marginTop', 'marginBottom', 'design']) expect(isApplied(`toc.parts.${f}`), f).toBe(true);
    expect(isApplied('toc.parts.design.elements[id=label].content')).toBe(true);
  });

  it('design: the row drawn from its elements in a band the column wide and `height` tall, with the part\'s placeholders and its page label', () => {
    const design = {
      elements: [
        { kind: 'box', id: 'band', style: { backgroundColor: '#ddeeff' }, placement: { anchor: { to: 'container', edge: 'top-left' }, size: { width: 'fill', height: 'fill' } } },
        { kind: 'text', id: 'label', content: 'Part {numberWords}: {titleText}, page {pageNumber}', fontFamily: 'Open Sans', fontSize: pt(9), align: 'left', placement: { anchor: { to: 'container', edge: 'left' } } },
      ],
    };
    const plain = contentsOf();
    const designed = contentsOf({ design, height: pt(40) });
    // The synthesised row is gone; the design's text leads to the part and prints its page label.
    expect(designed.row('I Foundations')).toBeUndefined();
    const label = designed.row('Part One: Foundations, page')!;
    expect(label).toBeDefined();
    expect(label.run.text).toMatch(/page \d+$/);
    expect(designed.row('Part Two: Practice, page')).toBeDefined();
    // The box fills the band: the column's width, 40 pt tall, from the row's top; the text sits in its middle row.
    const settings = settingsFromConfig({ layout: { layoutType: 'single' } } as never);
    const layout = run({ title: 'Book', settings: settingsFromConfig({ layout: { layoutType: 'single' }, toc: { parts: { design, height: pt(40) } } } as never), chapters });
    const page = layout.chapters[0]!.pages[0]!;
    const bands = page.items.filter((i): i is RectItem => i.op === Op.Rect && (i as RectItem).fill === '#ddeeff');
    expect(bands.length).toBe(2);
    expect(bands[0]!.h).toBeCloseTo(40, 2);
    expect(bands[0]!.w).toBeCloseTo(settings.pageWidth - settings.margins.left - settings.margins.right, 1);
    expect(label.run.y).toBeGreaterThan(bands[0]!.y);
    expect(label.run.y).toBeLessThan(bands[0]!.y + 40);
    // The next row under the band, back on the grid: where it is under a plain row of that height.
    const tall = contentsOf({ height: pt(40) });
    expect(designed.y('The lantern')).toBeCloseTo(tall.y('The lantern'), 3);
    expect(designed.y('The lantern')).toBeGreaterThan(bands[0]!.y + 40);
    // The page label is the part's, as the plain row prints it.
    expect(label.run.text.endsWith(` ${plain.row('I Foundations')!.run.text === '' ? '' : tocLabel(plain, 'I Foundations')}`)).toBe(true);
  });

  it("without a design a part's row is `{number} {titleText}` and its page label in the level-1 entry's type (§11.5), the body's when toc.levels sets none", () => {
    // Default settings: body type (8 pt, black), as the chapters' level-1 rows.
    const plain = contentsOf();
    expect(plain.row('I Foundations')!.run.size).toBeCloseTo(8, 3);
    expect(plain.row('I Foundations')!.run.size).toBeCloseTo(plain.row('The lantern')!.run.size, 3);
    // toc.levels[level=1] set: the part row takes its size and colour, title and page label alike.
    const settings = settingsFromConfig({ layout: { layoutType: 'single' }, toc: { levels: [{ level: 1, fontSize: pt(14), color: '#aa0000' }] } } as never);
    const page = run({ title: 'Book', settings, chapters }).chapters[0]!.pages[0]!;
    const onRow = (text: string) => {
      const title = runs(page).find((r) => r.text === text)!;
      return runs(page).filter((r) => Math.abs(r.y - title.y) < 0.01 && !/^\.+$/.test(r.text));
    };
    for (const text of ['I Foundations', 'II Practice', 'The lantern']) {
      const row = onRow(text);
      expect(row.length, text).toBe(2); // the title and its page label
      for (const r of row) expect([r.size, r.fill], `${text}: ${r.text}`).toEqual([14, '#aa0000']);
    }
  });

  it('enabled false: no part rows, the chapters still listed', () => {
    const listed = contentsOf();
    expect(listed.row('I Foundations')).toBeDefined();
    const off = contentsOf({ enabled: false });
    expect(off.row('Foundations')).toBeUndefined();
    expect(off.row('Practice')).toBeUndefined();
    expect(off.row('The lantern')).toBeDefined();
    expect(off.row('The wick')).toBeDefined();
  });

  it('height: a part row takes at least 2 body ems by default (16 pt), the next row back on the grid', () => {
    const flat = contentsOf({ height: pt(0) });
    // With no height of its own the row is one grid line: the pitch.
    const pitch = flat.y('The lantern') - flat.y('I Foundations');
    expect(pitch).toBeGreaterThan(0);
    const lines = (h: number) => Math.ceil(h / pitch - 1e-9) * pitch;
    // (16 pt is more than one line of this grid, so the default moves the next row.)
    expect(lines(16)).toBeGreaterThan(pitch);
    const byDefault = contentsOf();
    expect(byDefault.y('The lantern') - byDefault.y('I Foundations')).toBeCloseTo(lines(16), 3);
    const tall = contentsOf({ height: pt(40) });
    expect(tall.y('The lantern') - tall.y('I Foundations')).toBeCloseTo(lines(40), 3);
    expect(tall.y('II Practice') - tall.y('The lantern')).toBeCloseTo(pitch, 3);
  });

  it('marginTop and marginBottom: space above and below each part row', () => {
    const flat = contentsOf({ height: pt(0) });
    const pitch = flat.y('The lantern') - flat.y('I Foundations');
    const spaced = contentsOf({ height: pt(0), marginTop: pt(20), marginBottom: pt(7) });
    const lines = (h: number) => Math.ceil(h / pitch - 1e-9) * pitch;
    expect(spaced.y('II Practice') - spaced.y('The lantern')).toBeCloseTo(pitch + lines(20), 3);
    expect(spaced.y('The wick') - spaced.y('II Practice')).toBeCloseTo(pitch + lines(7), 3);
  });

  it("breakBefore: each part row after the contents' first starts a new page", () => {
    const together = contentsOf();
    expect(together.row('II Practice')!.page).toBe(together.row('I Foundations')!.page);
    const broken = contentsOf({ breakBefore: true });
    const first = broken.row('I Foundations')!;
    const second = broken.row('II Practice')!;
    expect(second.page).toBeGreaterThan(first.page);
    // The first row stays on the page of the contents' heading, under it.
    expect(first.page).toBe(0);
    expect(broken.row('The lantern')!.page).toBe(first.page);
    expect(broken.row('The wick')!.page).toBe(second.page);
  });
});
