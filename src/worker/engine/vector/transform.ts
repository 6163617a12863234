/**
 * 2-D affine transforms as SVG writes them: `[a, b, c, d, e, f]` maps (x, y) to
 * (a·x + c·y + e, b·x + d·y + f). Shared by the maths typesetter (MathJax's SVG), the SVG
 * resource reader and anything else that reads an SVG `transform` attribute.
 */
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** The composition m1 · m2 (apply m2 first, then m1), as nested SVG groups compose. */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

/** The point (x, y) under `m`. */
export function applyMatrix(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The numbers in an SVG attribute (lists separated by spaces and/or commas, exponents allowed). */
export function svgNumbers(text: string): number[] {
  return (text.match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? []).map(Number);
}

const degrees = (v: number | undefined): number => ((v ?? 0) * Math.PI) / 180;

/**
 * An SVG `transform` attribute as one matrix (SVG 1.1 §7.6: the listed transforms apply right to
 * left, i.e. compose left to right). Unknown functions are ignored; an absent attribute is the identity.
 */
export function parseTransform(text: string | undefined): Matrix {
  if (!text) return IDENTITY;
  let m: Matrix = IDENTITY;
  for (const hit of text.matchAll(/(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/g)) {
    const v = svgNumbers(hit[2]!);
    let t: Matrix = IDENTITY;
    switch (hit[1]) {
      case 'matrix':
        if (v.length === 6) t = [v[0]!, v[1]!, v[2]!, v[3]!, v[4]!, v[5]!];
        break;
      case 'translate':
        t = [1, 0, 0, 1, v[0] ?? 0, v[1] ?? 0];
        break;
      case 'scale':
        t = [v[0] ?? 1, 0, 0, v[1] ?? v[0] ?? 1, 0, 0];
        break;
      case 'rotate': {
        const r = degrees(v[0]);
        const rotation: Matrix = [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0];
        // rotate(a, cx, cy) turns about (cx, cy): translate there, rotate, translate back.
        const cx = v[1] ?? 0;
        const cy = v[2] ?? 0;
        t = multiply(multiply([1, 0, 0, 1, cx, cy], rotation), [1, 0, 0, 1, -cx, -cy]);
        break;
      }
      case 'skewX':
        t = [1, 0, Math.tan(degrees(v[0])), 1, 0, 0];
        break;
      case 'skewY':
        t = [1, Math.tan(degrees(v[0])), 0, 1, 0, 0];
        break;
    }
    m = multiply(m, t);
  }
  return m;
}
