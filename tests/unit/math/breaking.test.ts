import { beforeAll, describe, expect, it } from 'vitest';
import { bookFormulas, defaultSettings, type BookInput, type LayoutSettings, type MathTypesetter } from '../../../src/worker/engine';
import { createMathTypesetter } from '../../../src/worker/engine/math/mathjax';
import { parseChapter } from '../../../src/worker/engine/parse';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type GlyphRunItem, type PageDisplayList, type PathItem } from '../../../src/worker/protocol/displaylist';
import { fonts, run } from '../page/helpers';
import { readText } from '../../support/run-text';

let math: MathTypesetter;

async function layout(source: string, settings: LayoutSettings = defaultSettings()) {
  await math.prepare(bookFormulas([parseChapter(source, { chapterId: 'ch1', isFirstChapter: true })]));
  const input: BookInput = { title: 'Maths', settings, chapters: [{ id: 'ch1', title: '', source }], math };
  return run(input);
}
const paths = (pages: PageDisplayList[]) => pages.flatMap((p) => p.items.filter((i): i is PathItem => i.op === Op.Path));
const runsOf = (pages: PageDisplayList[]) => pages.flatMap((p) => p.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun));
function bounds(d: string) {
  const v = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const xs = v.filter((_, i) => i % 2 === 0);
  const ys = v.filter((_, i) => i % 2 === 1);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

beforeAll(async () => {
  math = await createMathTypesetter();
});

describe('inline formulas and line breaking', () => {
  it('break only after a top-level relation or binary operator, each slice on its own baseline', async () => {
    const tex = 'a+b+c+d+e+f+g+h+i+j+k+l+m+n+o+p+q+r+s+t+u+v+w+x+y+z=\\alpha+\\beta+\\gamma+\\delta+\\epsilon';
    const source = `A long formula $${tex}$ must be broken somewhere along the line, as TeX would do it.\n`;
    const result = await layout(source);
    const from = source.indexOf('$');
    const slices = paths(result.pages).filter((p) => p.srcFrom === from);
    expect(slices.length).toBeGreaterThanOrEqual(2);
    expect(slices.filter((p) => p.text === tex)).toHaveLength(1);
    // A line made only of formula has no glyph run: baselines are the grid's, from the first line's.
    const first = runsOf(result.pages).find((r) => r.text.startsWith('A long'))!.y;
    const pitch = defaultSettings().body.lineHeight;
    const baselines = new Set<number>();
    for (const slice of slices) {
      // Each slice sits on one grid baseline: its ink reaches at most a descender below (g, p, β:
      // about 0.2 em) and never up into the line above.
      const box = bounds(slice.d);
      const k = Math.round((box.bottom - first) / pitch);
      const baseline = first + k * pitch;
      expect(box.bottom - baseline).toBeGreaterThanOrEqual(-0.01);
      expect(box.bottom - baseline).toBeLessThan(0.3 * defaultSettings().body.style.size);
      expect(box.top).toBeGreaterThan(baseline - pitch);
      baselines.add(k);
    }
    expect(baselines.size).toBeGreaterThanOrEqual(2);
    // Slices never overlap horizontally on one line and never leave the column.
    const settings = defaultSettings();
    const frame = pageFrame(settings, 0);
    for (const slice of slices) {
      const box = bounds(slice.d);
      const column = frame.columnX.findIndex((x, i) => box.left >= x - 0.5 && box.right <= x + frame.columnWidths[i]! + 0.5);
      expect(column, 'slice inside a column').toBeGreaterThanOrEqual(0);
    }
  });

  it('keep a formula glued to the punctuation after it (no break between)', async () => {
    const source = 'Words before the end of the sentence and then $x^2$, which is glued to its comma.\n';
    const result = await layout(source);
    const formula = paths(result.pages).find((p) => p.text === 'x^2')!;
    const comma = runsOf(result.pages).find((r) => r.text.includes(', which'))!;
    const box = bounds(formula.d);
    // The comma follows the formula on the same line, right after it.
    const commaX = comma.xs[comma.clusters.indexOf(comma.text.indexOf(','))]!;
    expect(Math.abs(comma.y - box.bottom)).toBeLessThan(3);
    expect(commaX).toBeGreaterThanOrEqual(box.right - 0.5);
    expect(commaX - box.right).toBeLessThan(2);
  });

  it('scale a formula taller than the line box down to fit it', async () => {
    const settings = defaultSettings();
    const source = 'A tall one $\\displaystyle\\sum_{i=1}^{n}\\frac{a_i}{b_i}$ in a line of text.\n';
    const result = await layout(source, settings);
    const formula = paths(result.pages).find((p) => p.text?.startsWith('\\displaystyle'))!;
    const box = bounds(formula.d);
    expect(box.bottom - box.top).toBeLessThanOrEqual(settings.body.lineHeight + 0.01);
  });

  it('size formulas by math.fontSizeScale', async () => {
    const source = '$$x+y$$\n';
    const base = bounds(paths((await layout(source)).pages).find((p) => p.text === 'x+y')!.d);
    const settings = defaultSettings();
    settings.math.fontSizeScale = 2;
    const big = bounds(paths((await layout(source, settings)).pages).find((p) => p.text === 'x+y')!.d);
    expect((big.right - big.left) / (base.right - base.left)).toBeCloseTo(2, 2);
  });
});

describe('numbered rows and paragraphs around displays', () => {
  it('numbers labelled rows of align on their own baselines, in reading order', async () => {
    const settings = defaultSettings();
    settings.columns = 1;
    const source = [
      'First $$a=b \\label{eq:one}$$ is inline text, not a display.',
      '',
      '$$',
      '\\begin{align}',
      'a &= b \\label{eq:r1} \\\\',
      'c &= d \\\\',
      'e &= f \\label{eq:r3}',
      '\\end{align}',
      '$$',
      '',
      'Rows \\eqref{eq:r1} and \\ref{eq:r3}.',
      '',
    ].join('\n');
    const result = await layout(source, settings);
    const display = bounds(paths(result.pages).find((p) => p.math === 'display')!.d);
    // The display's own numbers, on its rows (the references to them below are runs of the paragraph).
    const numbers = runsOf(result.pages).filter((r) => /^\(\d\)$/.test(r.text) && r.y > display.top && r.y <= display.bottom);
    expect(numbers.map((r) => r.text)).toEqual(['(1)', '(2)']);
    // Row 1 near the top of the display, row 3 near its bottom: two rows apart.
    expect(numbers[1]!.y - numbers[0]!.y).toBeGreaterThan(settings.body.style.size * 2);
    expect(numbers[0]!.y).toBeLessThan(display.top + (display.bottom - display.top) / 2);
    expect(numbers[1]!.y).toBeGreaterThan(display.top + (display.bottom - display.top) / 2);
    expect(readText(runsOf(result.pages), fonts)).toContain('Rows (1) and 2.');
  });

  it('continues the paragraph unindented under a glued display, and indents after a blank line', async () => {
    const settings = defaultSettings();
    settings.columns = 1;
    const source = 'The lead-in line introduces it:\n$$x=1$$\nwhere the text goes on.\n\n$$y=2$$\n\nA new paragraph.\n';
    const result = await layout(source, settings);
    const left = pageFrame(settings, 0).columnX[0]!;
    const where = runsOf(result.pages).find((r) => r.text.startsWith('where'))!;
    const next = runsOf(result.pages).find((r) => r.text.startsWith('A new'))!;
    expect(where.xs[0]).toBeCloseTo(left, 2);
    expect(next.xs[0]! - left).toBeCloseTo(settings.body.firstLineIndent, 2);
    settings.math.indentAfterDisplay = false;
    const flush = await layout(source, settings);
    expect(runsOf(flush.pages).find((r) => r.text.startsWith('A new'))!.xs[0]).toBeCloseTo(left, 2);
  });
});
