/**
 * SVG path data (`d`) as absolute segments: M, L, C, Q and Z only. Relative commands are resolved,
 * H/V become lines, S/T get their reflected control point, and elliptical arcs become cubic
 * Béziers. One reader for every consumer: SVG resources, MathJax's glyph paths and the PDF writer.
 *
 * Error handling follows SVG 1.1 §F.2 / SVG 2 §9.5.4: the path is drawn up to the first error
 * (unknown command, missing numbers, numbers after a closepath, numbers before any command).
 */

export type Segment =
  | { c: 'M' | 'L'; x: number; y: number }
  | { c: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { c: 'Q'; x1: number; y1: number; x: number; y: number }
  | { c: 'Z' };

/** Numbers each command consumes. */
const ARITY: Readonly<Record<string, number>> = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7, Z: 0 };

/** Commands (any letter, so an unknown one can end the path) and numbers, in order. */
function tokenize(d: string): string[] {
  return d.match(/[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
}

const isCommand = (token: string): boolean => /^[A-Za-z]$/.test(token);

export function parsePathData(d: string): Segment[] {
  const tokens = tokenize(d);
  const out: Segment[] = [];
  let i = 0;
  let command = '';
  // Current point and the start of the current subpath (where Z returns to).
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  // The previous segment's last control point, reflected by S (cubic) and T (quadratic).
  let lastCubic: [number, number] | null = null;
  let lastQuad: [number, number] | null = null;
  while (i < tokens.length) {
    if (isCommand(tokens[i]!)) command = tokens[i++]!;
    else if (!command) break; // numbers with no command to take them (also right after Z)
    const upper = command.toUpperCase();
    const arity = ARITY[upper];
    if (arity === undefined) break;
    if (i + arity > tokens.length) break;
    const args: number[] = [];
    for (let k = 0; k < arity; k++) {
      const token = tokens[i + k]!;
      if (isCommand(token)) return out; // too few numbers for this command
      args.push(Number(token));
    }
    i += arity;
    const relative = command !== upper;
    const ox = relative ? x : 0;
    const oy = relative ? y : 0;
    let nextCubic: [number, number] | null = null;
    let nextQuad: [number, number] | null = null;
    switch (upper) {
      case 'M':
        x = ox + args[0]!;
        y = oy + args[1]!;
        startX = x;
        startY = y;
        out.push({ c: 'M', x, y });
        command = relative ? 'l' : 'L'; // further pairs after a moveto are linetos
        break;
      case 'L':
        x = ox + args[0]!;
        y = oy + args[1]!;
        out.push({ c: 'L', x, y });
        break;
      case 'H':
        x = ox + args[0]!;
        out.push({ c: 'L', x, y });
        break;
      case 'V':
        y = oy + args[0]!;
        out.push({ c: 'L', x, y });
        break;
      case 'C':
      case 'S': {
        let x1: number;
        let y1: number;
        let rest = 0;
        if (upper === 'C') {
          x1 = ox + args[0]!;
          y1 = oy + args[1]!;
          rest = 2;
        } else {
          x1 = lastCubic ? 2 * x - lastCubic[0] : x;
          y1 = lastCubic ? 2 * y - lastCubic[1] : y;
        }
        const x2 = ox + args[rest]!;
        const y2 = oy + args[rest + 1]!;
        x = ox + args[rest + 2]!;
        y = oy + args[rest + 3]!;
        out.push({ c: 'C', x1, y1, x2, y2, x, y });
        nextCubic = [x2, y2];
        break;
      }
      case 'Q':
      case 'T': {
        let x1: number;
        let y1: number;
        let rest = 0;
        if (upper === 'Q') {
          x1 = ox + args[0]!;
          y1 = oy + args[1]!;
          rest = 2;
        } else {
          x1 = lastQuad ? 2 * x - lastQuad[0] : x;
          y1 = lastQuad ? 2 * y - lastQuad[1] : y;
        }
        x = ox + args[rest]!;
        y = oy + args[rest + 1]!;
        out.push({ c: 'Q', x1, y1, x, y });
        nextQuad = [x1, y1];
        break;
      }
      case 'A': {
        const endX = ox + args[5]!;
        const endY = oy + args[6]!;
        for (const segment of arcToCubics(x, y, args[0]!, args[1]!, args[2]!, args[3]! !== 0, args[4]! !== 0, endX, endY)) out.push(segment);
        x = endX;
        y = endY;
        break;
      }
      case 'Z':
        out.push({ c: 'Z' });
        x = startX;
        y = startY;
        command = ''; // a closepath takes no numbers: any that follow are an error
        break;
    }
    lastCubic = nextCubic;
    lastQuad = nextQuad;
  }
  return out;
}

/**
 * An elliptical arc in SVG's endpoint form as cubic Béziers of at most 90° each (SVG 1.1
 * appendix F.6: endpoint → centre parameterisation, radii scaled up when too small). A
 * zero radius is a straight line; identical endpoints draw nothing.
 */
function arcToCubics(x1: number, y1: number, rxIn: number, ryIn: number, rotationDeg: number, largeArc: boolean, sweep: boolean, x2: number, y2: number): Segment[] {
  if (x1 === x2 && y1 === y2) return [];
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0) return [{ c: 'L', x: x2, y: y2 }];
  const phi = (rotationDeg * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const x1p = cos * dx + sin * dy;
  const y1p = -sin * dx + cos * dy;
  const lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const numerator = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
  const denominator = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
  const factor = (largeArc === sweep ? -1 : 1) * Math.sqrt(Math.max(0, numerator / denominator));
  const cxp = (factor * rx * y1p) / ry;
  const cyp = (-factor * ry * x1p) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number): number => Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const theta = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry);
  let delta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  // 1e-9 rad of slack so a quarter circle computed as π/2 + ε stays one curve.
  const parts = Math.max(1, Math.ceil(Math.abs(delta) / (Math.PI / 2) - 1e-9));
  const step = delta / parts;
  // Control-point distance along the tangent for an arc of `step` radians on the unit circle.
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number): [number, number] => [cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin, cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos];
  const tangent = (t: number): [number, number] => [-rx * Math.sin(t) * cos - ry * Math.cos(t) * sin, -rx * Math.sin(t) * sin + ry * Math.cos(t) * cos];
  const out: Segment[] = [];
  for (let p = 0; p < parts; p++) {
    const t1 = theta + p * step;
    const t2 = t1 + step;
    const [ax, ay] = point(t1);
    const [bx, by] = p === parts - 1 ? [x2, y2] : point(t2);
    const [dax, day] = tangent(t1);
    const [dbx, dby] = tangent(t2);
    out.push({ c: 'C', x1: ax + k * dax, y1: ay + k * day, x2: bx - k * dbx, y2: by - k * dby, x: bx, y: by });
  }
  return out;
}
