/**
 * The one SVG path-data reader shared by SVG resources, MathJax glyph paths and the PDF writer:
 * its error rules (draw up to the first error) and the consumers agreeing on the same path.
 */
import { describe, expect, it } from 'vitest';
import { appendPathData, type PathProgram } from '../../../src/worker/engine/math/path';
import { parsePathData } from '../../../src/worker/engine/vector/path-data';
import { parseTransform, multiply, applyMatrix } from '../../../src/worker/engine/vector/transform';
import { svgPathToPdf } from '../../../src/worker/export/pdf/paths';

describe('SVG path data', () => {
  it('stops at numbers after a closepath instead of looping or inventing segments', () => {
    // Once a reader repeated the Z forever here: Z takes no numbers, so "5 5" is an error.
    expect(parsePathData('M0 0 L10 0 Z 5 5 L1 1')).toEqual([{ c: 'M', x: 0, y: 0 }, { c: 'L', x: 10, y: 0 }, { c: 'Z' }]);
  });

  it('stops at an unknown command and at a command short of numbers', () => {
    expect(parsePathData('M1 2 X 3 4 L5 6')).toEqual([{ c: 'M', x: 1, y: 2 }]);
    expect(parsePathData('M1 2 C 1 2 3')).toEqual([{ c: 'M', x: 1, y: 2 }]);
    expect(parsePathData('M1 2 C 1 2 3 L 4 5')).toEqual([{ c: 'M', x: 1, y: 2 }]);
    expect(parsePathData('10 10 L 5 5')).toEqual([]);
  });

  it('returns to the subpath start after Z, so a following relative command starts there', () => {
    const segments = parsePathData('M10 10 l5 0 z l0 5');
    expect(segments.at(-1)).toEqual({ c: 'L', x: 10, y: 15 });
  });

  it('draws a zero-radius arc as a line and a half circle as two quarter curves', () => {
    expect(parsePathData('M0 0 A0 5 0 0 1 10 0')).toEqual([{ c: 'M', x: 0, y: 0 }, { c: 'L', x: 10, y: 0 }]);
    const half = parsePathData('M0 0 A5 5 0 0 1 10 0');
    expect(half.filter((s) => s.c === 'C')).toHaveLength(2);
    // The quarter point of a half circle from (0,0) to (10,0) sweeping clockwise in y-down is (5,-5).
    expect(half[1]).toMatchObject({ c: 'C' });
    expect((half[1] as { x: number }).x).toBeCloseTo(5, 9);
    expect((half[1] as { y: number }).y).toBeCloseTo(-5, 9);
  });

  it('MathJax programs and PDF operators follow the same segments', () => {
    const d = 'M0 0Q10 0 10 10T20 20A5 5 0 0 0 30 20Z';
    const segments = parsePathData(d);
    const program: PathProgram = { ops: '', coords: [] };
    appendPathData(program, d, [2, 0, 0, 2, 1, 1]);
    expect(program.ops).toBe(segments.map((s) => s.c).join(''));
    expect(program.coords.slice(0, 2)).toEqual([1, 1]); // M0 0 under scale 2 + translate 1
    const pdf = svgPathToPdf(d).split('\n');
    expect(pdf.map((line) => line.at(-1))).toEqual(segments.map((s) => (s.c === 'Q' ? 'c' : s.c === 'Z' ? 'h' : s.c.toLowerCase())));
    // A quadratic from (0,0) with control (10,0) is the cubic with controls at 2/3 towards it.
    expect(pdf[1]).toBe('6.667 0 10 3.333 10 10 c');
  });
});

describe('SVG transforms', () => {
  it('composes a transform list left to right and rotates about a centre', () => {
    const m = parseTransform('translate(10 0) scale(2)');
    expect(applyMatrix(m, 1, 1)).toEqual([12, 2]);
    const [x, y] = applyMatrix(parseTransform('rotate(90 5 5)'), 10, 5);
    expect(x).toBeCloseTo(5, 9);
    expect(y).toBeCloseTo(10, 9);
    expect(multiply(parseTransform(undefined), m)).toEqual(m);
  });
});
