/**
 * Chips (configuration.md §13.2 `chipStyles`, document-format §10.5 `:chip[text]{style}`) and inline
 * code (§13.3 `codeStyle.inline`): the run's type, the box behind it (paragraph/run-box.ts,
 * page/run-boxes.ts), its padding as advance and its gap across a space (paragraph/items.ts), never
 * broken, and the fallback of an unknown style.
 */
import { describe, expect, it } from 'vitest';
import { isApplied, settingsNotApplied } from '../../../src/worker/config';
import { EngineCache, layoutBook, prepareResources, type BookInput } from '../../../src/worker/engine';
import type { ResourceRecordInput } from '../../../src/worker/engine/resources/model';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type DisplayItem, type GlyphRunItem, type PageDisplayList, type PathItem, type RectItem } from '../../../src/worker/protocol/displaylist';
import { fonts, inkExtent, oneChapterBook, run } from './helpers';
import { runChecks } from '../checks/run-checks';

const all = (pages: readonly PageDisplayList[]): DisplayItem[] => pages.flatMap((p) => p.items);
const glyphRuns = (pages: readonly PageDisplayList[]): GlyphRunItem[] => all(pages).filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);
const runWith = (pages: readonly PageDisplayList[], text: string): GlyphRunItem => {
  const found = glyphRuns(pages).find((r) => r.text.includes(text));
  expect(found, text).toBeDefined();
  return found!;
};

/** The box (pt) of a filled path or rect: its extreme coordinates. */
function boxOf(item: PathItem | RectItem): { left: number; right: number; top: number; bottom: number } {
  if (item.op === Op.Rect) return { left: item.x, right: item.x + item.w, top: item.y, bottom: item.y + item.h };
  const n = (item.d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  // Arcs carry radii and flags between their points; the M/H/V coordinates bound the box, and
  // every arc ends on a corner's edge point, so the extremes are the box's.
  const points = item.d.split(/(?=[MHVAZ])/);
  const xs: number[] = [];
  const ys: number[] = [];
  let x = 0;
  let y = 0;
  for (const p of points) {
    const v = (p.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    if (p[0] === 'M') [x, y] = [v[0]!, v[1]!];
    else if (p[0] === 'H') x = v[0]!;
    else if (p[0] === 'V') y = v[0]!;
    else if (p[0] === 'A') [x, y] = [v[5]!, v[6]!];
    else continue;
    xs.push(x);
    ys.push(y);
  }
  expect(n.length).toBeGreaterThan(0);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

/** Ink extent (pt) of a left-to-right run's glyphs from text unit `from` on. */
function inkFrom(run: GlyphRunItem, from: number): { left: number; right: number } {
  const whole = inkExtent(run);
  const first = run.clusters.findIndex((c) => c >= from);
  return { left: run.xs[first]!, right: whole.right };
}

const filled = (pages: readonly PageDisplayList[], fill: string): (PathItem | RectItem)[] =>
  all(pages).filter((i): i is PathItem | RectItem => (i.op === Op.Path || i.op === Op.Rect) && i.fill === fill);
const stroked = (pages: readonly PageDisplayList[], stroke: string): (PathItem | RectItem)[] =>
  all(pages).filter((i): i is PathItem | RectItem => (i.op === Op.Path || i.op === Op.Rect) && i.stroke === stroke);

function layout(source: string, config: Record<string, unknown>): { pages: PageDisplayList[]; size: number } {
  const settings = settingsFromConfig({ layout: { layoutType: 'single' }, ...config } as never);
  return { pages: run(oneChapterBook(source, settings)).pages, size: settings.body.style.size };
}

const KEY = { id: 'key', color: '#aa0000', bold: true, background: '#ddeeff', borderColor: '#123456', gap: { value: 1, unit: 'em' } };

describe('chips (§13.2, document-format §10.5)', () => {
  it("take the style's colour and weight, and stand in a box that encloses the text with the padding", () => {
    const { pages, size } = layout('Press :chip[Save file]{style="key"} to keep it.', { chipStyles: [KEY] });
    const chip = runWith(pages, 'Save');
    // The whole chip, its space kept from breaking (a no-break space), in one bold red run.
    expect(chip.text).toBe('Save\u00a0file');
    expect(chip.font).toBe('eb-garamond-700');
    expect(chip.fill).toBe('#aa0000');
    expect(chip.size).toBe(size);
    const fills = filled(pages, '#ddeeff');
    expect(fills).toHaveLength(1);
    const box = boxOf(fills[0]!);
    const ink = inkExtent(chip);
    // paddingX 0.3 em and the 0.5 pt outline on each side; the band 0.8 em above and 0.25 em below
    // the baseline, with paddingY 0.1 em and the outline outside it.
    const side = 0.3 * size + 0.5;
    expect(box.left).toBeCloseTo(ink.left - side, 2);
    expect(box.right).toBeCloseTo(ink.right + side, 2);
    expect(box.top).toBeCloseTo(chip.y - (0.8 + 0.1) * size - 0.5, 2);
    expect(box.bottom).toBeCloseTo(chip.y + (0.25 + 0.1) * size + 0.5, 2);
    // The outline in the border colour, stroked inside the box; both drawn before (under) the text.
    const outline = stroked(pages, '#123456');
    expect(outline).toHaveLength(1);
    const items = pages[0]!.items;
    expect(items.indexOf(fills[0]!)).toBeLessThan(items.indexOf(chip));
    expect(items.indexOf(outline[0]!)).toBeLessThan(items.indexOf(chip));
  });

  it('keep the words beside them at least the style gap away across a space', () => {
    const { pages, size } = layout('Press :chip[Save]{style="key"} to keep it.', { chipStyles: [KEY] });
    const box = boxOf(filled(pages, '#ddeeff')[0]!);
    const before = inkExtent(runWith(pages, 'Press'));
    const after = inkExtent(runWith(pages, 'to keep'));
    // gap: 1 em, wider than the word space (≈ 0.23 em in EB Garamond).
    expect(box.left - before.right).toBeGreaterThanOrEqual(size - 0.01);
    expect(after.left - box.right).toBeGreaterThanOrEqual(size - 0.01);
    // Without the gap the space is an ordinary word space, narrower than 1 em.
    const plain = layout('Press :chip[Save]{style="key"} to keep it.', { chipStyles: [{ ...KEY, gap: { value: 0, unit: 'pt' } }] });
    const plainBox = boxOf(filled(plain.pages, '#ddeeff')[0]!);
    expect(plainBox.left - inkExtent(runWith(plain.pages, 'Press')).right).toBeLessThan(0.5 * size);
  });

  it('are never broken: in a narrow column each chip stays whole on one line', () => {
    const words = 'the patient reader follows every word of this sentence while';
    const source = Array.from({ length: 12 }, (_, i) => `${words} :chip[Ctrl Alt ${i}]{style="key"}`).join(' ') + '.';
    const { pages } = layout(source, { chipStyles: [KEY], page: { margins: { left: { value: 6, unit: 'cm' }, right: { value: 6, unit: 'cm' } } } });
    for (let i = 0; i < 12; i++) {
      const parts = glyphRuns(pages).filter((r) => new RegExp(`Alt\u00a0${i}(?!\\d)`).test(r.text));
      expect(parts, `chip ${i}`).toHaveLength(1);
      expect(parts[0]!.text).toContain(`Ctrl\u00a0Alt\u00a0${i}`);
    }
    // One box per chip, every one beside its own text.
    expect(filled(pages, '#ddeeff')).toHaveLength(12);
  });

  it('fall back to the first style for an unknown one, with an unknownChipStyle warning', () => {
    const chipStyles = [
      { id: 'first', color: '#00aa00', background: '#eeeeee' },
      { id: 'second', color: '#0000aa', background: '#dddddd' },
    ];
    const { pages } = layout('A :chip[Mystery]{style="nope"} and a :chip[Known]{style="second"}.', { chipStyles });
    expect(runWith(pages, 'Mystery').fill).toBe('#00aa00');
    expect(runWith(pages, 'Known').fill).toBe('#0000aa');
    expect(filled(pages, '#eeeeee')).toHaveLength(1);
    expect(filled(pages, '#dddddd')).toHaveLength(1);
    const warnings = runChecks({ chapters: [{ id: 'c1', source: '# T\n\nA :chip[Mystery]{style="nope"}.' }], config: { chipStyles } }).warnings.filter((w) => w.kind === 'unknownChipStyle');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.detail).toContain('"nope"');
  });

  it('the built-in chip: surrounding type, the default fill and the main colour outline; an empty chip is an answer blank', () => {
    const { pages, size } = layout('Fill in :chip[ ] or press :chip[OK].', {});
    const ok = runWith(pages, 'OK');
    expect(ok.font).toBe('eb-garamond-400');
    const boxes = filled(pages, '#e8eef7').map(boxOf);
    expect(boxes).toHaveLength(2);
    expect(stroked(pages, '#295aa3')).toHaveLength(2);
    // The blank: four no-break spaces of the text's type, with the padding on either side.
    expect(boxes[0]!.right - boxes[0]!.left).toBeGreaterThan(0.6 * size);
  });

  it('are drawn in captions and table cells too', () => {
    const settings = settingsFromConfig({ layout: { layoutType: 'single' }, chipStyles: [KEY] } as never);
    const resources: { record: ResourceRecordInput; payload?: Uint8Array }[] = [
      { record: { id: 'prices', typeId: 'table', kind: 'table', caption: 'Keys like :chip[Esc]{style="key"}', table: { model: { rows: [[{ content: 'Key' }, { content: 'Use' }], [{ content: ':chip[Tab]{style="key"}' }, { content: 'next' }]], headerRowCount: 1 } } } as ResourceRecordInput },
    ];
    const input: BookInput = { title: 'Chips', settings, chapters: [{ id: 'ch1', title: '', source: 'See :ref{id="prices"}.\n\n::resource{id="prices"}\n' }], resources: prepareResources(resources, {}) };
    const gen = layoutBook(input, fonts, new EngineCache());
    let step = gen.next();
    while (!step.done) step = gen.next();
    const pages = step.value.pages;
    const boxes = filled(pages, '#ddeeff').map(boxOf);
    expect(boxes).toHaveLength(2);
    // The cell's chip is a run of its own; the caption's shares its run with the words before it (same type).
    const cell = glyphRuns(pages).find((r) => r.text === 'Tab')!;
    const caption = glyphRuns(pages).find((r) => r.text.endsWith('Esc'))!;
    const side = 0.3 * cell.size + 0.5;
    for (const [r, ink] of [[cell, inkExtent(cell)], [caption, inkFrom(caption, caption.text.indexOf('Esc'))]] as const) {
      expect(boxes.some((b) => Math.abs(b.left - (ink.left - side)) < 0.01 && Math.abs(b.right - (ink.right + side)) < 0.01 && b.top < r.y - 0.8 * r.size && b.bottom > r.y + 0.25 * r.size), r.text).toBe(true);
    }
  });

  it('in right-to-left text: the box encloses the glyphs of the chip, wherever the order of the line puts them', () => {
    const { pages } = layout('اضغط :chip[حفظ الملف]{style="key"} ثم تابع القراءة.', { locale: 'ar', chipStyles: [KEY] });
    const line = glyphRuns(pages).find((r) => r.text.includes('حفظ'))!;
    const from = line.text.indexOf('حفظ');
    const face = fonts.get(line.font)!;
    const glyphs = line.glyphs.map((g, i) => ({ x: line.xs[i]!, end: line.xs[i]! + (face.glyphAdvance(g) * line.size) / face.upem, at: line.clusters[i]! }));
    const chip = glyphs.filter((g) => g.at >= from && g.at < from + 'حفظ الملف'.length);
    const box = boxOf(filled(pages, '#ddeeff')[0]!);
    const side = 0.3 * line.size + 0.5;
    expect(box.left).toBeCloseTo(Math.min(...chip.map((g) => g.x)) - side, 2);
    expect(box.right).toBeCloseTo(Math.max(...chip.map((g) => g.end)) + side, 2);
    // The words around it stay outside the box.
    const others = glyphs.filter((g) => g.at < from || g.at >= from + 'حفظ الملف'.length);
    expect(others.every((g) => g.end <= box.left + 0.01 || g.x >= box.right - 0.01)).toBe(true);
  });

  it('are declared applied', () => {
    for (const f of ['background', 'borderColor', 'paddingX', 'paddingTop', 'fontSize', 'bold', 'gap']) expect(isApplied(`chipStyles[id=*].${f}`), f).toBe(true);
    expect(settingsNotApplied({ chipStyles: [KEY], codeStyle: { inline: { padding: { value: 0.3, unit: 'em' } } } } as never)).toEqual([]);
  });
});

describe('inline code (§13.3 codeStyle.inline)', () => {
  it('unset: set in the text face at the text size, with no box', () => {
    const { pages, size } = layout('Type `make all` to build.', {});
    const code = runWith(pages, 'make');
    expect(code.font).toBe('eb-garamond-400');
    expect(code.size).toBe(size);
    expect(filled(pages, '#f4f4f4')).toHaveLength(0);
  });

  it('set: the code face at 0.9 em in a filled, outlined box with 0.2 em padding', () => {
    const { pages, size } = layout('Type `make all` to build.', { codeStyle: { inline: {} } });
    const code = runWith(pages, 'make');
    expect(code.font).toMatch(/^source-code-pro/);
    expect(code.size).toBeCloseTo(0.9 * size, 6);
    expect(code.text).toBe('make all');
    const fills = filled(pages, '#f4f4f4');
    expect(fills).toHaveLength(1);
    const box = boxOf(fills[0]!);
    const ink = inkExtent(code);
    const side = 0.2 * code.size + 0.5;
    expect(box.left).toBeCloseTo(ink.left - side, 2);
    expect(box.right).toBeCloseTo(ink.right + side, 2);
    expect(box.top).toBeCloseTo(code.y - 0.8 * code.size - side, 2);
    expect(stroked(pages, '#cccccc')).toHaveLength(1);
    expect(filled(pages, '#f4f4f4').every((f) => pages[0]!.items.indexOf(f) < pages[0]!.items.indexOf(code))).toBe(true);
    // Its own colour and fill when given.
    const coloured = layout('Type `make` now.', { codeStyle: { inline: { color: '#336699', background: '#fafafa' } } });
    expect(runWith(coloured.pages, 'make').fill).toBe('#336699');
    expect(filled(coloured.pages, '#fafafa')).toHaveLength(1);
  });

  it('set: a long span breaks at its spaces, the part on each line in a box of its own, padded only where the code begins and ends', () => {
    const words = Array.from({ length: 14 }, (_, i) => `argument${i}`).join(' ');
    const { pages } = layout(`Call \`configure ${words}\` and go on.`, { codeStyle: { inline: {} }, page: { margins: { left: { value: 6, unit: 'cm' }, right: { value: 6, unit: 'cm' } } } });
    const code = glyphRuns(pages).filter((r) => r.font.startsWith('source-code-pro'));
    const lines = [...new Set(code.map((r) => r.y))];
    expect(lines.length).toBeGreaterThan(1);
    const boxes = filled(pages, '#f4f4f4').map(boxOf);
    expect(boxes).toHaveLength(lines.length);
    const side = 0.2 * code[0]!.size + 0.5;
    lines.forEach((y, k) => {
      const ink = code.filter((r) => r.y === y).map(inkExtent);
      const left = Math.min(...ink.map((i) => i.left));
      const right = Math.max(...ink.map((i) => i.right));
      const box = boxes.find((b) => b.top < y && b.bottom > y)!;
      expect(box, `line ${k}`).toBeDefined();
      // Padded at the code's first and last glyphs, flush with the glyphs where a line breaks it.
      expect(box.left).toBeCloseTo(k === 0 ? left - side : left, 2);
      expect(box.right).toBeCloseTo(k === lines.length - 1 ? right + side : right, 2);
    });
  });
});
