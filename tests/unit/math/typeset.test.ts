import { describe, expect, it } from 'vitest';
import { createMathTypesetter } from '../../../src/worker/engine/math/mathjax';

describe('MathJax typesetter (lite DOM, SVG → parts)', () => {
  it('typesets inline TeX to outlines with a box on the baseline', async () => {
    const math = await createMathTypesetter();
    await math.prepare([{ tex: 'x^2+\\frac{a}{b}', display: false }]);
    const f = math.typeset('x^2+\\frac{a}{b}', false);
    expect(f.error).toBeUndefined();
    expect(f.pending).toBeUndefined();
    expect(f.width).toBeGreaterThan(1);
    expect(f.height).toBeGreaterThan(0.5);
    expect(f.depth).toBeGreaterThan(0.1);
    expect(f.parts.length).toBeGreaterThan(0);
    expect(f.parts.every((p) => /^M/.test(p.program.ops))).toBe(true);
    expect(f.mathml).toContain('<mfrac');
    // Every outline lies inside the box (em, y down from the baseline), with a little slack for overshoot.
    for (const part of f.parts) {
      for (let i = 0; i < part.program.coords.length; i += 2) {
        expect(part.program.coords[i]!).toBeGreaterThanOrEqual(-0.05);
        expect(part.program.coords[i]!).toBeLessThanOrEqual(f.width + 0.05);
        expect(part.program.coords[i + 1]!).toBeGreaterThanOrEqual(-f.height - 0.05);
        expect(part.program.coords[i + 1]!).toBeLessThanOrEqual(f.depth + 0.05);
      }
    }
    // A break after the top-level '+' (binary operator), none after the first child.
    expect(f.breaks.map((b) => b.penalty)).toEqual([700]);
  });

  it('loads dynamic font ranges in prepare, then typesets synchronously and identically', async () => {
    const math = await createMathTypesetter();
    const tex = 'a \\rightsquigarrow b \\leftrightarrows c';
    await math.prepare([{ tex, display: true }]);
    const first = math.typeset(tex, true);
    expect(first.pending).toBeUndefined();
    expect(JSON.stringify(math.typeset(tex, true))).toBe(JSON.stringify(first));
  });

  it('reports invalid TeX with a message and shows its source in a marked box', async () => {
    const math = await createMathTypesetter();
    await math.prepare([{ tex: '\\frac{1}{', display: false }]);
    const f = math.typeset('\\frac{1}{', false);
    expect(f.error).toMatch(/brace/i);
    expect(f.parts.some((p) => 'stroke' in p.paint || ('fill' in p.paint && p.paint.fill === '#cc0000'))).toBe(true);
    expect(f.width).toBeGreaterThan(3);
  });

  it('forgets macros between formulas (a formula never depends on another)', async () => {
    const math = await createMathTypesetter();
    await math.prepare([{ tex: '\\newcommand{\\foo}{x}\\foo', display: false }, { tex: '\\foo', display: false }]);
    expect(math.typeset('\\newcommand{\\foo}{x}\\foo', false).error).toBeUndefined();
    expect(math.typeset('\\foo', false).error).toMatch(/foo/);
  });
});
