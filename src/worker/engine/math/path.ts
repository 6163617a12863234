/**
 * SVG path data → an absolute, transform-applied path program.
 *
 * MathJax writes glyph outlines as SVG path data inside nested `<g transform>` groups. Flattening
 * resolves every command to absolute M/L/C/Q/Z in the formula's own coordinate system (em, y down
 * from the baseline), so placing a formula on a page is one scale and one translation.
 */

import { parsePathData } from '../vector/path-data';
import type { Matrix } from '../vector/transform';

/**
 * A path as absolute commands: `ops[i]` is one of M, L, C, Q, Z and consumes 2, 2, 6, 4 or 0
 * numbers of `coords` (x, y pairs) in order.
 */
export interface PathProgram {
  ops: string;
  coords: number[];
}

/** Appends SVG path data `d`, transformed by `m`, to a program (drawn up to the first error, as SVG does). */
export function appendPathData(out: PathProgram, d: string, m: Matrix): void {
  const point = (px: number, py: number): void => {
    out.coords.push(m[0] * px + m[2] * py + m[4], m[1] * px + m[3] * py + m[5]);
  };
  for (const s of parsePathData(d)) {
    out.ops += s.c;
    switch (s.c) {
      case 'M':
      case 'L':
        point(s.x, s.y);
        break;
      case 'C':
        point(s.x1, s.y1);
        point(s.x2, s.y2);
        point(s.x, s.y);
        break;
      case 'Q':
        point(s.x1, s.y1);
        point(s.x, s.y);
        break;
      case 'Z':
        break;
    }
  }
}

/** Appends an axis-aligned rectangle (x, y, w, h in the source system) as a closed subpath. */
export function appendRect(out: PathProgram, x: number, y: number, w: number, h: number, m: Matrix): void {
  appendPathData(out, `M${x} ${y}H${x + w}V${y + h}H${x}Z`, m);
}

/** Appends an ellipse as four cubic Béziers (κ = 0.5523: the standard quarter-circle fit). */
export function appendEllipse(out: PathProgram, cx: number, cy: number, rx: number, ry: number, m: Matrix): void {
  const k = 0.5522847498;
  const ox = rx * k;
  const oy = ry * k;
  appendPathData(
    out,
    `M${cx + rx} ${cy}C${cx + rx} ${cy + oy} ${cx + ox} ${cy + ry} ${cx} ${cy + ry}C${cx - ox} ${cy + ry} ${cx - rx} ${cy + oy} ${cx - rx} ${cy}` +
      `C${cx - rx} ${cy - oy} ${cx - ox} ${cy - ry} ${cx} ${cy - ry}C${cx + ox} ${cy - ry} ${cx + rx} ${cy - oy} ${cx + rx} ${cy}Z`,
    m,
  );
}

const ARITY: Record<string, number> = { M: 2, L: 2, C: 6, Q: 4, Z: 0 };

/**
 * Serialises a program placed at (x0, y0) with a uniform scale `k`, each number rounded by
 * `round` (the display list's roundPt), as compact SVG path data.
 */
export function serializeProgram(program: PathProgram, k: number, x0: number, y0: number, round: (v: number) => number): string {
  let out = '';
  let c = 0;
  for (const op of program.ops) {
    out += op;
    const n = ARITY[op] ?? 0;
    for (let j = 0; j < n; j += 2) {
      const x = round(x0 + program.coords[c++]! * k);
      const y = round(y0 + program.coords[c++]! * k);
      out += (j > 0 ? ' ' : '') + x + ' ' + y;
    }
  }
  return out;
}
