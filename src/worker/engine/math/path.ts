/**
 * SVG path data → an absolute, transform-applied path program.
 *
 * MathJax writes glyph outlines as SVG path data inside nested `<g transform>` groups. Flattening
 * resolves every command to absolute M/L/C/Q/Z in the formula's own coordinate system (em, y down
 * from the baseline), so placing a formula on a page is one scale and one translation.
 */

/** An affine matrix [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f (SVG's order). */
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 · m2: applies m2 first, then m1. */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  const [a, b, c, d, e, f] = m1;
  const [A, B, C, D, E, F] = m2;
  return [a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f];
}

/** Parses an SVG `transform` attribute (translate, scale, matrix, rotate, skewX/Y) into one matrix. */
export function parseTransform(text: string | undefined): Matrix {
  if (!text) return IDENTITY;
  let m: Matrix = IDENTITY;
  const re = /(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/g;
  for (let hit = re.exec(text); hit; hit = re.exec(text)) {
    const v = (hit[2]!.match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []).map(Number);
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
        const r = ((v[0] ?? 0) * Math.PI) / 180;
        const rot: Matrix = [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0];
        const cx = v[1] ?? 0;
        const cy = v[2] ?? 0;
        t = multiply(multiply([1, 0, 0, 1, cx, cy], rot), [1, 0, 0, 1, -cx, -cy]);
        break;
      }
      case 'skewX':
        t = [1, 0, Math.tan(((v[0] ?? 0) * Math.PI) / 180), 1, 0, 0];
        break;
      case 'skewY':
        t = [1, Math.tan(((v[0] ?? 0) * Math.PI) / 180), 0, 1, 0, 0];
        break;
    }
    m = multiply(m, t);
  }
  return m;
}

/**
 * A path as absolute commands: `ops[i]` is one of M, L, C, Q, Z and consumes 2, 2, 6, 4 or 0
 * numbers of `coords` (x, y pairs) in order.
 */
export interface PathProgram {
  ops: string;
  coords: number[];
}

/** Numbers each SVG path command consumes. */
const NEEDS: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7, Z: 0 };

/** Appends SVG path data `d`, transformed by `m`, to a program. Unknown commands end the path. */
export function appendPathData(out: PathProgram, d: string, m: Matrix): void {
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  let i = 0;
  let cmd = '';
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  // The last control point, for the smooth commands S and T (reflected about the current point).
  let lastCubic: [number, number] | null = null;
  let lastQuad: [number, number] | null = null;
  const num = (): number => Number(tokens[i++]);
  const point = (px: number, py: number): void => {
    out.coords.push(m[0] * px + m[2] * py + m[4], m[1] * px + m[3] * py + m[5]);
  };
  while (i < tokens.length) {
    if (/^[a-zA-Z]$/.test(tokens[i]!)) cmd = tokens[i++]!;
    else if (!cmd) return;
    const need = NEEDS[cmd.toUpperCase()];
    if (need === undefined || i + need > tokens.length) return;
    for (let k = i; k < i + need; k++) if (/^[a-zA-Z]$/.test(tokens[k]!)) return; // too few numbers: malformed
    const rel = cmd === cmd.toLowerCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    switch (cmd.toUpperCase()) {
      case 'M': {
        x = ox + num();
        y = oy + num();
        startX = x;
        startY = y;
        out.ops += 'M';
        point(x, y);
        // Further pairs after a moveto are implicit linetos.
        cmd = rel ? 'l' : 'L';
        lastCubic = lastQuad = null;
        break;
      }
      case 'L':
        x = ox + num();
        y = oy + num();
        out.ops += 'L';
        point(x, y);
        lastCubic = lastQuad = null;
        break;
      case 'H':
        x = ox + num();
        out.ops += 'L';
        point(x, y);
        lastCubic = lastQuad = null;
        break;
      case 'V':
        y = (rel ? y : 0) + num();
        out.ops += 'L';
        point(x, y);
        lastCubic = lastQuad = null;
        break;
      case 'C': {
        const x1 = ox + num(), y1 = oy + num(), x2 = ox + num(), y2 = oy + num();
        x = ox + num();
        y = oy + num();
        out.ops += 'C';
        point(x1, y1);
        point(x2, y2);
        point(x, y);
        lastCubic = [x2, y2];
        lastQuad = null;
        break;
      }
      case 'S': {
        const x1: number = lastCubic ? 2 * x - lastCubic[0] : x;
        const y1: number = lastCubic ? 2 * y - lastCubic[1] : y;
        const x2 = ox + num(), y2 = oy + num();
        x = ox + num();
        y = oy + num();
        out.ops += 'C';
        point(x1, y1);
        point(x2, y2);
        point(x, y);
        lastCubic = [x2, y2];
        lastQuad = null;
        break;
      }
      case 'Q': {
        const x1 = ox + num(), y1 = oy + num();
        x = ox + num();
        y = oy + num();
        out.ops += 'Q';
        point(x1, y1);
        point(x, y);
        lastQuad = [x1, y1];
        lastCubic = null;
        break;
      }
      case 'T': {
        const x1: number = lastQuad ? 2 * x - lastQuad[0] : x;
        const y1: number = lastQuad ? 2 * y - lastQuad[1] : y;
        x = ox + num();
        y = oy + num();
        out.ops += 'Q';
        point(x1, y1);
        point(x, y);
        lastQuad = [x1, y1];
        lastCubic = null;
        break;
      }
      case 'A': {
        // Arcs are not used in MathJax's glyph data; approximate one by a straight line to its end.
        for (let k = 0; k < 5; k++) num();
        x = ox + num();
        y = oy + num();
        out.ops += 'L';
        point(x, y);
        lastCubic = lastQuad = null;
        break;
      }
      case 'Z':
        out.ops += 'Z';
        x = startX;
        y = startY;
        lastCubic = lastQuad = null;
        // Z takes no numbers: a number right after it is malformed and ends the path (below).
        cmd = '';
        break;
      default:
        return;
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
