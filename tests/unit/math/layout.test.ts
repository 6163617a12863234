import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookFormulas, defaultSettings, EngineCache, parseCached, type BookInput, type LayoutSettings, type MathTypesetter } from '../../../src/worker/engine';
import { createMathTypesetter } from '../../../src/worker/engine/math/mathjax';
import { mathDiagnostics } from '../../../src/worker/engine/math/diagnostics';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { parseChapter } from '../../../src/worker/engine/parse';
import { Op, type GlyphRunItem, type PageDisplayList, type PathItem } from '../../../src/worker/protocol/displaylist';
import { dump, fonts, run } from '../page/helpers';
import { readText, runEnd } from '../../support/run-text';

const source = readFileSync('tests/fixtures/math/inline-display.md', 'utf8');
let math: MathTypesetter;

function book(settings: LayoutSettings = oneColumn()): BookInput {
  return { title: 'Maths', settings, chapters: [{ id: 'ch1', title: '', source }], math };
}

function oneColumn(): LayoutSettings {
  const s = defaultSettings();
  s.columns = 1;
  return s;
}

const paths = (pages: PageDisplayList[]): PathItem[] => pages.flatMap((p) => p.items.filter((i): i is PathItem => i.op === Op.Path));
const runsOf = (pages: PageDisplayList[]): GlyphRunItem[] => pages.flatMap((p) => p.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun));

/** Extremes of the points of an SVG path in page coordinates. */
function bounds(d: string): { left: number; right: number; top: number; bottom: number } {
  const v = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const xs = v.filter((_, i) => i % 2 === 0);
  const ys = v.filter((_, i) => i % 2 === 1);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

beforeAll(async () => {
  math = await createMathTypesetter();
  const parsed = parseChapter(source, { chapterId: 'ch1', isFirstChapter: true });
  await math.prepare(bookFormulas([parsed]));
});

describe('maths in the layout (fixture tests/fixtures/math/inline-display.md)', () => {
  it('sets inline formulas as vector paths on the baseline of their line (±0.01 pt)', () => {
    const layout = run(book());
    const formula = paths(layout.pages).find((p) => p.text === 'E=F');
    expect(formula, 'the inline formula E=F is drawn').toBeDefined();
    expect(formula!.math).toBe('inline');
    expect(formula!.fill).toBe('#000000');
    // Math italic E and F stand on the baseline with flat feet: the outline's lowest point is it.
    const box = bounds(formula!.d);
    const line = runsOf(layout.pages).find((r) => r.text.includes('A body at rest'));
    expect(line).toBeDefined();
    expect(Math.abs(box.bottom - line!.y)).toBeLessThanOrEqual(0.01);
    // It sits between the words around it, on the same line.
    expect(box.left).toBeGreaterThan(line!.xs[0]!);
    expect(formula!.chapter).toBe('ch1');
    expect(source.slice(formula!.srcFrom!, formula!.srcTo!)).toBe('$E=F$');
  });

  it('numbers labelled displays flush right at the column edge and centres the rest', () => {
    const settings = oneColumn();
    const layout = run(book(settings));
    const page = layout.pages.find((p) => runsOf([p]).some((r) => r.text === '(1)'))!;
    const frame = pageFrame(settings, page.index);
    const columnRight = frame.columnX[0]! + frame.columnWidths[0]!;
    for (const label of ['(1)', '(2)']) {
      // On the display's baseline: the number's baseline crosses the display's outline box (the
      // paragraph's references to it print the same label, elsewhere).
      const display = paths(layout.pages).find((p) => p.math === 'display' && p.text?.includes(label === '(1)' ? 'eq:euler' : 'eq:gauss'))!;
      const box = bounds(display.d);
      const beside = runsOf(layout.pages).filter((r) => r.text === label && r.y > box.top && r.y <= box.bottom);
      expect(beside, label).toHaveLength(1);
      const number = beside[0]!;
      expect(Math.abs(runEnd(number, fonts) - columnRight), `${label} ends at the column edge`).toBeLessThanOrEqual(0.01);
    }
    const unnumbered = paths(layout.pages).find((p) => p.math === 'display' && p.text === 'a^2 + b^2 = c^2')!;
    const box = bounds(unnumbered.d);
    const middle = frame.columnX[0]! + frame.columnWidths[0]! / 2;
    expect(Math.abs((box.left + box.right) / 2 - middle)).toBeLessThan(0.5);
  });

  it('prints the number for \\eqref, :ref and \\ref, in text and inside formulas', () => {
    const layout = run(book());
    const text = readText(runsOf(layout.pages), fonts);
    expect(text).toContain('equation (1) and (2), or');
    expect(text).toMatch(/number 1 alone/);
    // Inside a formula \eqref becomes the number as text: the formula differs from one citing '?'.
    const cited = paths(layout.pages).find((p) => p.text === 'x_{\\eqref{eq:gauss}}')!;
    const unknown = math.typeset('x_{\\text{?}}', false);
    expect(cited.d.length).toBeGreaterThan(0);
    expect(unknown.parts.length).toBeGreaterThan(0);
    expect(math.typeset('x_{\\text{(2)}}', false).width).toBeGreaterThan(unknown.width);
  });

  it('gives exactly one invalidMath warning at the broken formula, and shows its source in a box', () => {
    const parsed = parseChapter(source, { chapterId: 'ch1', isFirstChapter: true });
    const warnings = mathDiagnostics(parsed, math);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.kind).toBe('invalidMath');
    expect(warnings[0]!.line).toBe(source.split('\n').findIndex((l) => l.includes('\\frac{1}{$')) + 1);
    const layout = run(book());
    const broken = paths(layout.pages).filter((p) => p.mathError !== undefined);
    expect(broken).toHaveLength(1);
    expect(broken[0]!.text).toBe('\\frac{1}{');
    // The marked box: a red frame around the source.
    const formulaPaths = paths(layout.pages).filter((p) => p.math === 'inline' && (p.fill === '#cc0000' || p.stroke === '#cc0000'));
    expect(formulaPaths.length).toBeGreaterThan(0);
  });

  it('lays out the same input to byte-identical display lists, fresh and memoised', () => {
    const first = dump(run(book()));
    const second = dump(run(book()));
    expect(second).toBe(first);
    const cache = new EngineCache();
    run(book(), cache);
    expect(dump(run(book(), cache))).toBe(first);
  });

  it('shows grey placeholders without a typesetter, and literal TeX with math.enabled off', () => {
    const noMath = run({ ...book(), math: undefined });
    const grey = paths(noMath.pages).filter((p) => p.math === 'inline' && p.fill === '#c8c8c8');
    expect(grey.length).toBeGreaterThan(0);
    const settings = oneColumn();
    settings.math.enabled = false;
    const literal = run(book(settings));
    expect(runsOf(literal.pages).map((r) => r.text).join(' ')).toContain('$E=F$');
    expect(paths(literal.pages).filter((p) => p.math === 'inline')).toHaveLength(0);
  });

  it('parses through the engine cache like the host does', () => {
    const cache = new EngineCache();
    const parsed = parseCached({ id: 'ch1', title: '', source }, true, cache, defaultSettings());
    expect(bookFormulas([parsed]).length).toBeGreaterThanOrEqual(8);
  });
});
