import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { Op, type PageDisplayList, type PathItem, type RectItem } from '../../../src/worker/protocol/displaylist';
import { dump, inkExtent, run, runs, twoSubColumns } from './helpers';

/** `n` one-word paragraphs `tag0` … : one grid row each in a sub-column. */
const oneLiners = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join('\n\n');
const single = (): LayoutSettings => ({ ...defaultSettings(), columns: 1 });
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160" viewBox="0 0 400 160"><rect x="0" y="0" width="400" height="160" fill="#ff0000"/></svg>');
const book = (source: string, settings: LayoutSettings, placement: Record<string, unknown> = { position: 'here' }): BookInput => ({
  title: 'T',
  settings,
  chapters: [{ id: 'ch1', title: '', source }],
  resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red band', placement }, payload: SVG }], {}),
});
const bodyRun = (page: PageDisplayList, text: string) => runs(page).find((r) => r.line?.role === 'body' && r.text === text)!;

describe(':::columns holding listings, displays and resources (document-format §8.4)', () => {
  const settings = single();
  const { frame, pitch, width, left, subColumn } = twoSubColumns(settings);
  /** Whether `y` (page pt) is the top of a grid row of the group (it starts at the content top). */
  const onRowTop = (y: number) => Math.abs(((y - frame.contentTop) / pitch) % 1) < 1e-3 || Math.abs(((y - frame.contentTop) / pitch) % 1) > 1 - 1e-3;

  it('a code listing is one box at the sub-column width, on a row top, the text going on under it on the grid', () => {
    const source = `:::columns{count=2}\n${oneLiners(3, 'a')}\n\n\`\`\`js\nconst x = 1;\nconst y = 2;\n\`\`\`\n\n${oneLiners(10, 'b')}\n:::`;
    const page = run(book(source, settings)).pages[0]!;
    // The listing's fill (codeStyle.backgroundEnabled, on by default): the only rectangle on the page.
    const box = page.items.find((i): i is RectItem => i.op === Op.Rect)!;
    expect(box).toBeDefined();
    // In the first sub-column, as wide as it (never over the gap), its top on the row under a2.
    expect(box.x).toBeCloseTo(left(0), 1);
    expect(box.w).toBeLessThanOrEqual(width + 0.01);
    expect(box.w).toBeGreaterThan(width - 1);
    expect(onRowTop(box.y)).toBe(true);
    expect(box.y).toBeGreaterThan(bodyRun(page, 'a2').y);
    // The listing's text inside the box.
    const code = runs(page).filter((r) => r.text.includes('const'));
    expect(code).toHaveLength(2);
    for (const r of code) {
      expect(r.y).toBeGreaterThan(box.y);
      expect(r.y).toBeLessThan(box.y + box.h);
      expect(subColumn(r.xs[0]!)).toBe(0);
    }
    // The next line under the box, back on the grid (same phase as a0's).
    // (Rows: a0–a2, the margin above, the box, b0–b9: the balanced cut falls after the box.)
    const next = bodyRun(page, 'b0');
    expect(subColumn(next.xs[0]!)).toBe(0);
    expect(next.y).toBeGreaterThan(box.y + box.h);
    expect(((next.y - bodyRun(page, 'a0').y) / pitch) % 1).toBeCloseTo(0, 3);
  });

  it('a figure in flow (caption with it) takes whole rows of one sub-column, at its width; nothing overlaps it', () => {
    const source = `:::columns{count=2}\n${oneLiners(8, 'a')}\n\n::resource{id="red"}\n\n${oneLiners(8, 'b')}\n:::\n\nAfter.`;
    const layout = run(book(source, settings));
    expect(layout.pages).toHaveLength(1);
    const page = layout.pages[0]!;
    const picture = page.items.find((i): i is PathItem => i.op === Op.Path && i.fill === '#ff0000')!;
    const f = picture.frame!;
    const c = subColumn(f.x);
    expect(f.x).toBeCloseTo(left(c), 1);
    expect(f.w).toBeLessThanOrEqual(width + 0.01);
    // Scaled to the sub-column's width (400 × 160 → width × 0.4 width).
    expect(f.h).toBeCloseTo(f.w * 0.4, 1);
    expect(onRowTop(f.y)).toBe(true);
    // The caption under the picture in the same sub-column.
    const caption = runs(page).filter((r) => r.line?.role === 'caption');
    expect(caption.length).toBeGreaterThan(0);
    for (const r of caption) {
      expect(subColumn(r.xs[0]!)).toBe(c);
      expect(r.y).toBeGreaterThan(f.y + f.h);
    }
    const bottom = Math.max(...caption.map((r) => r.y));
    // No body line of that sub-column inside the figure's rows.
    for (const r of runs(page).filter((x) => x.line?.role === 'body' && subColumn(x.xs[0]!) === c)) expect(r.y < f.y || r.y > bottom).toBe(true);
    // The text after the group under the taller sub-column.
    expect(bodyRun(page, 'After.').y).toBeGreaterThan(bottom);
  });

  it('a balanced cut that would fall in a figure keeps the group level: the figure stays up, the text after it goes over', () => {
    // Rows: a0–a3, a blank, the figure (F ≥ 3 rows with its caption), a blank, b0–b5. Half of them
    // falls inside the figure; moving the cut up before it would leave F + 7 rows in the second
    // sub-column, cutting after it leaves F + 5 in the first and six in the second.
    const source = `:::columns{count=2}\n${oneLiners(4, 'a')}\n\n::resource{id="red"}\n\n${oneLiners(6, 'b')}\n:::`;
    const page = run(book(source, settings)).pages[0]!;
    const picture = page.items.find((i): i is PathItem => i.op === Op.Path && i.fill === '#ff0000')!;
    expect(subColumn(picture.frame!.x)).toBe(0);
    expect(picture.frame!.y).toBeGreaterThan(bodyRun(page, 'a3').y);
    expect(subColumn(bodyRun(page, 'b0').xs[0]!)).toBe(1);
    expect(bodyRun(page, 'b0').y).toBeCloseTo(bodyRun(page, 'a0').y, 2);
  });

  it('a display formula is centred in its sub-column', () => {
    const source = `:::columns{count=2}\n${oneLiners(6, 'a')}\n\n$$\nx^2 + y^2 = z^2\n$$\n\n${oneLiners(6, 'b')}\n:::`;
    const page = run(book(source, settings)).pages[0]!;
    const formula = page.items.find((i): i is PathItem => i.op === Op.Path && i.math === 'display')
      ?? null;
    if (formula) {
      const box = formula.mathBox!;
      const c = subColumn(box.x);
      expect(box.x + box.width / 2).toBeCloseTo(left(c) + width / 2, 0);
    } else {
      // Without maths the TeX source is set, centred in italic, inside the sub-column.
      const tex = runs(page).find((r) => r.text.includes('x^2'))!;
      const c = subColumn(tex.xs[0]!);
      const ink = inkExtent(tex);
      expect((ink.left + ink.right) / 2).toBeCloseTo(left(c) + width / 2, -1);
    }
  });

  it('a floating resource floats at the group\'s level (the text column\'s slot, its width), the group set in sub-columns under it', () => {
    const source = `:::columns{count=2}\n${oneLiners(4, 'a')}\n\n::resource{id="red"}\n\n${oneLiners(4, 'b')}\n:::`;
    const layout = run(book(source, settings, { position: 'top' }));
    const page = layout.pages[0]!;
    // Sub-columns: a0 and b0 side by side on one baseline (eight rows, four each).
    expect(subColumn(bodyRun(page, 'a0').xs[0]!)).toBe(0);
    expect(subColumn(bodyRun(page, 'b0').xs[0]!)).toBe(1);
    expect(bodyRun(page, 'b0').y).toBeCloseTo(bodyRun(page, 'a0').y, 2);
    // Cited under text already set on the page, a top float heads the next page (as in the text), once.
    const pictures = layout.pages.flatMap((p) => p.items.filter((i): i is PathItem => i.op === Op.Path && i.fill === '#ff0000').map((i) => ({ page: p.index, frame: i.frame! })));
    expect(pictures).toHaveLength(1);
    expect(pictures[0]!.page).toBe(1);
    const f = pictures[0]!.frame;
    // The column's width, not a sub-column's (document-format §8.4 "cited figures float normally").
    expect(f.w).toBeGreaterThan(width + 1);
    expect(f.y).toBeLessThan(frame.contentTop + pitch);
  });

  it('incremental equals full around a group citing a floating figure, in two page columns', () => {
    const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
    const group = `:::columns{count=2}\n${words(250, 'g')}\n\n::resource{id="red"}\n\n${words(300, 'k')}\n:::`;
    const input = (extra: string): BookInput => book(`# B\n\n${words(200, 'w')}${extra}\n\n${group}\n\nAfter ${words(50, 'z')}`, defaultSettings(), { position: 'auto' });
    const cache = new EngineCache();
    const first = run(input(''), cache);
    // The figure is set once, as a float (not in a sub-column).
    expect(first.pages.flatMap((p) => p.items.filter((i) => i.op === Op.Path && i.fill === '#ff0000'))).toHaveLength(1);
    const edited = input(` ${words(120, 'y')}`);
    expect(dump(run(edited, cache))).toBe(dump(run(edited)));
  });

  it('incremental equals full around a group of listings, displays and figures, in two page columns', () => {
    const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
    const group = `:::columns{count=2 rule}\n${words(150, 'g')}\n\n\`\`\`\nline one\nline two\nline three\n\`\`\`\n\n${words(150, 'h')}\n\n::resource{id="red"}\n\n$$\na + b\n$$\n\n${words(300, 'k')}\n:::`;
    const input = (extra: string): BookInput => ({ ...book(`# B\n\n${words(200, 'w')}${extra}\n\n${group}\n\nAfter ${words(50, 'z')}`, defaultSettings()) });
    const cache = new EngineCache();
    run(input(''), cache);
    const edited = input(` ${words(120, 'y')}`);
    expect(dump(run(edited, cache))).toBe(dump(run(edited)));
  });
});
