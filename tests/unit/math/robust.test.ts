import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMathTypesetter } from '../../../src/worker/engine/math/mathjax';
import { formulaPathItems } from '../../../src/worker/engine/math/place';
import type { MathTypesetter, TypesetFormula } from '../../../src/worker/engine/math/types';

let math: MathTypesetter;
beforeAll(async () => {
  math = await createMathTypesetter();
});

function sane(f: TypesetFormula): void {
  for (const v of [f.width, f.height, f.depth, ...f.childX, ...f.rows]) expect(Number.isFinite(v)).toBe(true);
  for (const part of f.parts) for (const c of part.program.coords) expect(Number.isFinite(c)).toBe(true);
  const items = formulaPathItems(f, { x: 10, baseline: 20, em: 10, colour: '#000000', display: false });
  for (const item of items) expect(item.d).not.toMatch(/NaN|Infinity/);
}

const TOKENS = ['x', '1', '+', '=', '^', '_', '{', '}', '\\frac', '\\sqrt', '\\left(', '\\right)', '\\\\', '&', '\\begin{align}', '\\end{align}', '\\alpha', '\\text{é}', '\\color{red}', '\\boxed', '\\cancel', '\\ce{H2O}', '\\def\\a{\\a}\\a', '\\newcommand', '\\label{q}', '\\tag{3}', '$', '%', '\\mathbb{R}', '\\overbrace', '\\unknownmacro', ' '];

describe('the typesetter never crashes', () => {
  it('on enclosures, colours, chemistry, tables and an endless macro', async () => {
    const cases = ['\\boxed{x}', '\\bbox[yellow,5px]{x}', '\\color[RGB]{255,136,0}{y}', '\\ce{2H2 + O2 -> 2H2O}', '\\begin{pmatrix}a&b\\\\c&d\\end{pmatrix}', '\\def\\a{\\a}\\a', '', '\\text{中文}', '\\enclose{circle}{x}'];
    await math.prepare(cases.flatMap((tex) => [{ tex, display: false }, { tex, display: true }]));
    for (const tex of cases) {
      const f = math.typeset(tex, true);
      sane(f);
      expect(f.pending).toBeUndefined();
    }
    expect(math.typeset('\\def\\a{\\a}\\a', false).error).toBeDefined();
    // An enclosure draws a stroked frame; a coloured box keeps its colour.
    expect(math.typeset('\\boxed{x}', false).parts.some((p) => 'stroke' in p.paint && p.program.ops === 'MLLLZ')).toBe(true);
    expect(math.typeset('\\color[RGB]{255,136,0}{y}', false).parts.some((p) => 'fill' in p.paint && p.paint.fill === '#ff8800')).toBe(true);
  });

  it('on arbitrary token soup (seeded)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...TOKENS), { maxLength: 14 }), fc.boolean(), async (tokens, display) => {
        const tex = tokens.join('');
        await math.prepare([{ tex, display }]);
        sane(math.typeset(tex, display));
      }),
      { seed: 15, numRuns: 120 },
    );
  });
});
