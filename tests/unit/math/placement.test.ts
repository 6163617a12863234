import { beforeAll, describe, expect, it } from 'vitest';
import { bookFormulas, defaultSettings, EngineCache, layoutBook, type BookInput, type LayoutSettings, type MathTypesetter } from '../../../src/worker/engine';
import type { FontRegistry } from '../../../src/worker/engine/fonts/registry';
import { nodeFontRegistry } from '../../support/node-world';
import { createMathTypesetter } from '../../../src/worker/engine/math/mathjax';
import { parseChapter } from '../../../src/worker/engine/parse';
import { baselineInLineBox, pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type GlyphRunItem, type PageDisplayList, type PathItem, type RectItem } from '../../../src/worker/protocol/displaylist';
import { settingsNotApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { equationLabels, mathDiagnostics } from '../../../src/worker/engine/math/diagnostics';
import { fonts, run } from '../page/helpers';
import { readText } from '../../support/run-text';

let math: MathTypesetter;

async function layout(source: string, settings: LayoutSettings) {
  await math.prepare(bookFormulas([parseChapter(source, { chapterId: 'ch1', isFirstChapter: true })]));
  const input: BookInput = { title: 'Maths', settings, chapters: [{ id: 'ch1', title: '', source }], math };
  return run(input);
}
const pathsOf = (page: PageDisplayList) => page.items.filter((i): i is PathItem => i.op === Op.Path);
const runsOf = (page: PageDisplayList) => page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);
function bounds(d: string) {
  const v = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const xs = v.filter((_, i) => i % 2 === 0);
  const ys = v.filter((_, i) => i % 2 === 1);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}
/** Page index of the first glyph run starting with `text`, and of the display path whose TeX is `tex`. */
const pageOfRun = (pages: PageDisplayList[], text: string) => pages.findIndex((p) => runsOf(p).some((r) => r.text.startsWith(text)));
const pageOfFormula = (pages: PageDisplayList[], tex: string) => pages.findIndex((p) => pathsOf(p).some((i) => i.text === tex));

function oneColumn(): LayoutSettings {
  const s = defaultSettings();
  s.columns = 1;
  return s;
}

/** `n` one-line filler paragraphs, then a lead-in line with a display glued under it. */
function leadInSource(n: number): string {
  const filler = Array.from({ length: n }, (_, i) => `Filler ${i + 1}.`).join('\n\n');
  return `${filler}\n\nLead-in line:\n$$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$$\nwhere the text goes on.\n`;
}
const DISPLAY = '\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}';

beforeAll(async () => {
  math = await createMathTypesetter();
});

describe('display formulas and the column', () => {
  it('math.keepWithLeadIn moves the lead-in line with a display that does not fit under it', async () => {
    const settings = oneColumn();
    const frame = pageFrame(settings, 0);
    const perColumn = Math.floor(frame.contentHeight / settings.body.lineHeight + 1e-9);
    // Find a filler count that puts the lead-in at the foot of page 1 and the display on page 2.
    let split: number | null = null;
    for (let n = perColumn - 3; n <= perColumn && split === null; n++) {
      const pages = (await layout(leadInSource(n), settings)).pages;
      if (pageOfRun(pages, 'Lead-in') === 0 && pageOfFormula(pages, DISPLAY) === 1) split = n;
    }
    expect(split, 'some filler count separates the lead-in from its display by default').not.toBeNull();
    const kept = oneColumn();
    kept.math.keepWithLeadIn = true;
    const pages = (await layout(leadInSource(split!), kept)).pages;
    expect(pageOfRun(pages, 'Lead-in')).toBe(1);
    expect(pageOfFormula(pages, DISPLAY)).toBe(1);
    // The lead-in is the first line of its new page, the display right under it.
    const lead = runsOf(pages[1]!).find((r) => r.text.startsWith('Lead-in'))!;
    expect(Math.min(...runsOf(pages[1]!).map((r) => r.y))).toBe(lead.y);
    const display = bounds(pathsOf(pages[1]!).find((i) => i.text === DISPLAY)!.d);
    expect(display.top).toBeGreaterThan(lead.y);
    expect(display.top - lead.y).toBeLessThan(3 * settings.body.lineHeight);
    // The filler before stays where it was.
    expect(pageOfRun(pages, `Filler ${split!}.`)).toBe(0);
  });

  it('keeps the default (keepWithLeadIn off) from moving any line', async () => {
    const settings = oneColumn();
    const pages = (await layout(leadInSource(3), settings)).pages;
    expect(pageOfRun(pages, 'Lead-in')).toBe(0);
    expect(pageOfFormula(pages, DISPLAY)).toBe(0);
  });

  it('scales a display taller than a whole column to the column, inside the page', async () => {
    const settings = oneColumn();
    const rows = Array.from({ length: 80 }, (_, i) => `x_{${i}} &= ${i}`).join(' \\\\\n');
    const source = `Before it.\n\n$$\n\\begin{aligned}\n${rows}\n\\end{aligned}\n$$\n\nAfter it.\n`;
    const pages = (await layout(source, settings)).pages;
    const index = pages.findIndex((p) => pathsOf(p).some((i) => i.math === 'display'));
    const frame = pageFrame(settings, pages[index]!.index);
    const items = pathsOf(pages[index]!).filter((i) => i.math === 'display' && i.d);
    const top = Math.min(...items.map((i) => bounds(i.d).top));
    const bottom = Math.max(...items.map((i) => bounds(i.d).bottom));
    expect(bottom - top).toBeLessThanOrEqual(frame.contentHeight + 0.01);
    expect(top).toBeGreaterThanOrEqual(frame.contentTop - 0.01);
    expect(bottom).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
    // The text after it is on a later line, not drawn over it.
    const after = pages.flatMap((p, k) => runsOf(p).filter((r) => r.text.startsWith('After')).map((r) => ({ k, y: r.y })))[0]!;
    expect(after.k > index || after.y > bottom).toBe(true);
  });
});

describe('inline formulas taller than the line', () => {
  it('stay inside the room the text face has above and below the baseline, never reaching the next line', async () => {
    const settings = oneColumn();
    const tall = '\\displaystyle\\frac{1}{\\sum_{k=1}^{n} k^2}';
    const high = '\\displaystyle\\sum_{i=1}^{n}\\frac{a_i}{b_i}';
    // Many lines, both formulas several times, so some land on neighbouring lines.
    const words = Array.from({ length: 40 }, (_, i) => (i % 5 === 0 ? `$${tall}$` : i % 5 === 2 ? `$${high}$` : 'word')).join(' ');
    const source = `${words} ${words}\n`;
    const result = await layout(source, settings);
    const page = result.pages[0]!;
    const body = settings.body.style;
    const face = fonts.match(body.family, body.weight, 'normal');
    const L = settings.body.lineHeight;
    const B = baselineInLineBox(L, body.size, face.ascender / face.upem, face.descender / face.upem);
    const above = Math.max(B, (face.ascender / face.upem) * body.size);
    const below = Math.max(L - B, (-face.descender / face.upem) * body.size);
    const baselines = [...new Set(runsOf(page).map((r) => r.y))].sort((a, b) => a - b);
    const formulas = pathsOf(page).filter((i) => i.math === 'inline' && i.d);
    expect(formulas.length).toBeGreaterThan(4);
    for (const f of formulas) {
      const box = bounds(f.d);
      // Its line: the nearest baseline at or below its top.
      const baseline = baselines.find((y) => y >= box.top - 0.01 && y <= box.bottom + L)!;
      expect(baseline, 'the formula sits on a text line').toBeDefined();
      expect(baseline - box.top).toBeLessThanOrEqual(above + 0.02);
      expect(box.bottom - baseline).toBeLessThanOrEqual(below + 0.02);
    }
    // Formulas of neighbouring lines never overlap.
    for (const a of formulas) {
      for (const b of formulas) {
        if (a === b) continue;
        const p = bounds(a.d);
        const q = bounds(b.d);
        const sharesX = p.left < q.right && q.left < p.right;
        if (sharesX && Math.abs(p.top - q.top) > L / 2) expect(p.bottom <= q.top + 0.02 || q.bottom <= p.top + 0.02).toBe(true);
      }
    }
  });
});

describe('characters the maths font lacks', () => {
  async function layoutWith(registry: FontRegistry, source: string) {
    await math.prepare(bookFormulas([parseChapter(source, { chapterId: 'ch1', isFirstChapter: true })]));
    const gen = layoutBook({ title: 'Maths', settings: oneColumn(), chapters: [{ id: 'ch1', title: '', source }], math }, registry, new EngineCache());
    let step = gen.next();
    while (!step.done) step = gen.next();
    return step.value.pages;
  }
  const inkOf = (pages: PageDisplayList[]) => pathsOf(pages[0]!).filter((i) => i.math === 'inline' && i.d);

  it('are set with the book fonts (and their fallback) as outlines in the room MathJax gave them', async () => {
    const registry = nodeFontRegistry(['Noto Serif SC']);
    const formula = inkOf(await layoutWith(registry, 'Area $S_{\\text{面积}} = \\pi r^2$ here.\n'));
    expect(formula.length).toBeGreaterThan(0);
    // No outlined box (tofu): every path is filled, none stroked.
    expect(formula.every((i) => i.fill !== undefined && i.stroke === undefined)).toBe(true);
    // The glyphs of 面积 came from the CJK face, through the registry's fallback (recorded there).
    expect(registry.fallbacks().some((s) => s.text === '面' && s.used === 'noto-serif-sc-400')).toBe(true);
    // Without the characters the formula is narrower: the CJK glyphs take their room.
    const withText = bounds(formula.map((i) => i.d).join(' '));
    const bareBox = bounds(inkOf(await layoutWith(registry, 'Area $S_{\\text{}} = \\pi r^2$ here.\n')).map((i) => i.d).join(' '));
    expect(withText.right - withText.left).toBeGreaterThan(bareBox.right - bareBox.left + 5);
  });

  it('are recorded as missing when no face has them (the fonts check reports it) and still drawn, not dropped', async () => {
    const registry = nodeFontRegistry();
    const formula = inkOf(await layoutWith(registry, 'A rune $\\text{ᚠ}+x$ here.\n'));
    expect(registry.fallbacks().some((s) => s.text === 'ᚠ' && s.used === null)).toBe(true);
    // The face's missing-glyph box stands in its room: ink left of the '+' (x from MathJax's font).
    const plus = inkOf(await layoutWith(registry, 'A rune $\\text{}+x$ here.\n'));
    const width = (items: PathItem[]) => bounds(items.map((i) => i.d).join(' ')).right - bounds(items.map((i) => i.d).join(' ')).left;
    expect(width(formula)).toBeGreaterThan(width(plus) + 2);
  });
});

describe('the math settings', () => {
  it('are all applied: none is reported as settingNotApplied, and each reaches the layout settings', () => {
    const stored = {
      math: {
        enabled: true,
        fontSizeScale: 1.2,
        color: '#224466',
        marginTop: { value: 1, unit: 'em' },
        marginBottom: { value: 1.5, unit: 'em' },
        indentAfterDisplay: false,
        keepWithLeadIn: true,
        equationNumbering: { enabled: true, numberingTemplate: '{h1}.{n}', resetOn: 'h1', counterFormat: 'roman-lower', format: '[{n}]' },
      },
    };
    expect(settingsNotApplied(stored).map((w) => w.path)).toEqual([]);
    const m = settingsFromConfig(stored).math;
    expect(m).toMatchObject({ fontSizeScale: 1.2, colour: '#224466', marginTopEm: 1, marginBottomEm: 1.5, indentAfterDisplay: false, keepWithLeadIn: true });
    expect(m.numbering).toEqual({ enabled: true, template: '{h1}.{n}', resetOn: 1, counterFormat: 'roman-lower', format: '[{n}]' });
  });
});

describe('inline formulas on their line', () => {
  it('have their baseline on the line\'s baseline (±0.01 pt), each of them', async () => {
    const settings = oneColumn();
    const source = 'Sums $\\sum_{i=1}^{n} x_i$ and roots $\\sqrt[3]{y}$ and $p_{k}^{2}$ on one line and the next, $\\int_0^1 f$ too.\n';
    const page = (await layout(source, settings)).pages[0]!;
    const boxes = pathsOf(page).filter((i) => i.math === 'inline' && i.mathBox);
    expect(boxes.length).toBe(4);
    const baselines = runsOf(page).map((r) => r.y);
    for (const item of boxes) {
      const nearest = baselines.reduce((best, y) => (Math.abs(y - item.mathBox!.baseline) < Math.abs(best - item.mathBox!.baseline) ? y : best), Infinity);
      expect(Math.abs(nearest - item.mathBox!.baseline), item.text).toBeLessThanOrEqual(0.01);
    }
  });
});

describe('displays inside a callout (a theorem box)', () => {
  it('are set in the box at its inner width, numbered flush right at its inner edge, the text glued under continuing flush', async () => {
    const settings = oneColumn();
    const source = 'Before the box.\n\n:::callout{title="Theorem"}\nFor every $n$ we have\n$$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2} \\label{eq:gauss-sum}$$\nwhere the sum runs over $k$.\n:::\n\nAs \\eqref{eq:gauss-sum} shows.\n';
    const page = (await layout(source, settings)).pages[0]!;
    const style = settings.callouts.styles[settings.callouts.order[0]!]!;
    const box = page.items.find((i): i is RectItem => i.op === Op.Rect && i.fill === style.fill)!;
    expect(box, 'the callout is drawn as a box').toBeDefined();
    const display = pathsOf(page).filter((i) => i.math === 'display' && i.d);
    expect(display.length).toBeGreaterThan(0);
    const ink = bounds(display.map((i) => i.d).join(' '));
    // Inside the box, centred in its inner width (left of the number's room).
    expect(ink.top).toBeGreaterThan(box.y);
    expect(ink.bottom).toBeLessThan(box.y + box.h);
    expect(ink.left).toBeGreaterThan(box.x + style.padding.left);
    const number = runsOf(page).find((r) => r.text === '(1)' && r.y > box.y && r.y < box.y + box.h)!;
    expect(number, 'the number is in the box').toBeDefined();
    const face = fonts.get(number.font)!;
    const last = number.glyphs.length - 1;
    const right = number.xs[last]! + (face.glyphAdvance(number.glyphs[last]!) * number.size) / face.upem;
    const stripe = style.stripe.enabled && style.stripe.side === 'right' ? style.stripe.width : 0;
    expect(Math.abs(right - (box.x + box.w - style.padding.right - stripe))).toBeLessThanOrEqual(0.01);
    // "where …" continues the paragraph: flush with the box's inner left edge.
    const where = runsOf(page).find((r) => r.text.startsWith('where'))!;
    const stripeLeft = style.stripe.enabled && style.stripe.side === 'left' ? style.stripe.width : 0;
    expect(where.xs[0]).toBeCloseTo(box.x + style.padding.left + stripeLeft, 2);
    expect(where.y).toBeGreaterThan(ink.bottom);
    // The reference after the box prints the number.
    expect(readText(runsOf(page), fonts)).toContain('As (1) shows.');
  });
});

describe('equation numbers in the configured format', () => {
  it('follow numberingTemplate, resetOn, counterFormat and format; \\tag is uncounted; references print the same', async () => {
    const settings = oneColumn();
    settings.math.numbering = { enabled: true, template: '{h1}.{n}', resetOn: 1, counterFormat: 'roman-lower', format: '[{n}]' };
    const source = [
      '# One', '', '$$a=1 \\label{eq:a}$$', '', '$$b=2 \\tag{B}$$', '', '$$c=3 \\label{eq:c}$$', '',
      '# Two', '', '$$d=4 \\label{eq:d}$$', '', 'See \\eqref{eq:c}, \\ref{eq:d} and @eq:a.', '',
    ].join('\n');
    const result = await layout(source, settings);
    const all = result.pages.flatMap((p) => runsOf(p));
    // The displays' own numbers: not the paragraph citing them, whose references print the same labels.
    const citing = all.find((r) => r.text.startsWith('See'))!.line!.block;
    expect(all.filter((r) => /^\[.*\]$/.test(r.text) && r.line?.block !== citing).map((r) => r.text)).toEqual(['[1.i]', '[B]', '[1.ii]', '[2.i]']);
    expect(readText(all, fonts)).toContain('See [1.ii], 2.i and [1.i].');
    // Numbering off: no numbers, references print '?'.
    settings.math.numbering.enabled = false;
    const off = (await layout(source, settings)).pages.flatMap((p) => runsOf(p).map((r) => r.text));
    expect(off.filter((t) => /^\[.*\]$/.test(t))).toEqual([]);
  });
});

describe('references inside formulas', () => {
  it('to a label no display defines print "?" and warn once at the formula; known labels do not warn', async () => {
    const source = '$$a = b \\label{eq:known}$$\n\nSee $x_{\\eqref{eq:known}}$ and $y_{\\ref{eq:nope}} + z_{\\eqref{eq:nope}}$ here.\n';
    const chapter = parseChapter(source, { chapterId: 'ch1', isFirstChapter: true });
    await math.prepare(bookFormulas([chapter]));
    const warnings = mathDiagnostics(chapter, math, equationLabels([chapter]));
    expect(warnings.map((w) => w.kind)).toEqual(['unknownResourceId']);
    expect(warnings[0]!.message).toContain('eq:nope');
    expect(source.slice(warnings[0]!.from, warnings[0]!.to)).toBe('$y_{\\ref{eq:nope}} + z_{\\eqref{eq:nope}}$');
    // Without the book's labels (the older call) nothing is said about references.
    expect(mathDiagnostics(chapter, math)).toEqual([]);
  });
});
