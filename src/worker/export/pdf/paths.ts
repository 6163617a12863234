/**
 * SVG path data → PDF path construction operators (m, l, c, h), in the same coordinates.
 * Quadratic curves become cubics, arcs become cubic Béziers (≤ 90° each), and the relative and
 * shorthand commands are resolved, so any `d` the display list carries draws as vectors.
 */
import { num } from './numbers';

/** Splits path data into commands and numbers (SVG 1.1 §8.3 grammar, leniently). */
function tokens(d: string): (string | number)[] {
  const out: (string | number)[] = [];
  const pattern = /([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/g;
  for (let match = pattern.exec(d); match; match = pattern.exec(d)) {
    out.push(match[1] ?? Number(match[2]));
  }
  return out;
}

/** Number of arguments each command takes. */
const ARITY: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7, Z: 0 };

/** The PDF operators that build the path `d` (no painting operator). */
export function svgPathToPdf(d: string): string {
  const parts: string[] = [];
  const list = tokens(d);
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  // The last control point, for the S and T shorthands.
  let lastCubic: [number, number] | null = null;
  let lastQuad: [number, number] | null = null;
  let command = '';
  let i = 0;
  const cubic = (x1: number, y1: number, x2: number, y2: number, x3: number, y3: number) => {
    parts.push(`${num(x1)} ${num(y1)} ${num(x2)} ${num(y2)} ${num(x3)} ${num(y3)} c`);
  };
  while (i < list.length) {
    const token = list[i]!;
    if (typeof token === 'string') {
      command = token;
      i++;
      if (command === 'Z' || command === 'z') {
        parts.push('h');
        x = startX;
        y = startY;
        lastCubic = lastQuad = null;
        continue;
      }
    } else if (!command) {
      return parts.join('\n'); // numbers before any command: invalid data, stop (as browsers do)
    }
    const upper = command.toUpperCase();
    const relative = command !== upper;
    const arity = ARITY[upper] ?? 0;
    const args: number[] = [];
    for (let k = 0; k < arity; k++) {
      const value = list[i + k];
      if (typeof value !== 'number') return parts.join('\n');
      args.push(value);
    }
    i += arity;
    const ox = relative ? x : 0;
    const oy = relative ? y : 0;
    switch (upper) {
      case 'M':
        x = args[0]! + ox;
        y = args[1]! + oy;
        startX = x;
        startY = y;
        parts.push(`${num(x)} ${num(y)} m`);
        // Further pairs after a moveto are implicit linetos.
        command = relative ? 'l' : 'L';
        lastCubic = lastQuad = null;
        break;
      case 'L':
        x = args[0]! + ox;
        y = args[1]! + oy;
        parts.push(`${num(x)} ${num(y)} l`);
        lastCubic = lastQuad = null;
        break;
      case 'H':
        x = args[0]! + ox;
        parts.push(`${num(x)} ${num(y)} l`);
        lastCubic = lastQuad = null;
        break;
      case 'V':
        y = args[0]! + oy;
        parts.push(`${num(x)} ${num(y)} l`);
        lastCubic = lastQuad = null;
        break;
      case 'C': {
        const [x1, y1, x2, y2, x3, y3] = [args[0]! + ox, args[1]! + oy, args[2]! + ox, args[3]! + oy, args[4]! + ox, args[5]! + oy];
        cubic(x1, y1, x2, y2, x3, y3);
        lastCubic = [x2, y2];
        lastQuad = null;
        x = x3;
        y = y3;
        break;
      }
      case 'S': {
        const x1 = lastCubic ? 2 * x - lastCubic[0] : x;
        const y1 = lastCubic ? 2 * y - lastCubic[1] : y;
        const [x2, y2, x3, y3] = [args[0]! + ox, args[1]! + oy, args[2]! + ox, args[3]! + oy];
        cubic(x1, y1, x2, y2, x3, y3);
        lastCubic = [x2, y2];
        lastQuad = null;
        x = x3;
        y = y3;
        break;
      }
      case 'Q':
      case 'T': {
        let qx: number;
        let qy: number;
        let ex: number;
        let ey: number;
        if (upper === 'Q') {
          [qx, qy, ex, ey] = [args[0]! + ox, args[1]! + oy, args[2]! + ox, args[3]! + oy];
        } else {
          qx = lastQuad ? 2 * x - lastQuad[0] : x;
          qy = lastQuad ? 2 * y - lastQuad[1] : y;
          [ex, ey] = [args[0]! + ox, args[1]! + oy];
        }
        // A quadratic is the cubic with control points 2/3 of the way to the quadratic's.
        cubic(x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey), ex, ey);
        lastQuad = [qx, qy];
        lastCubic = null;
        x = ex;
        y = ey;
        break;
      }
      case 'A': {
        const ex = args[5]! + ox;
        const ey = args[6]! + oy;
        for (const segment of arcToCubics(x, y, args[0]!, args[1]!, args[2]!, args[3]! !== 0, args[4]! !== 0, ex, ey)) cubic(...segment);
        x = ex;
        y = ey;
        lastCubic = lastQuad = null;
        break;
      }
      default:
        break;
    }
  }
  return parts.join('\n');
}

type Cubic = [number, number, number, number, number, number];

/** An elliptical arc (SVG endpoint form) as cubic Béziers (SVG 1.1 appendix F.6 conversion). */
function arcToCubics(x1: number, y1: number, rxIn: number, ryIn: number, rotationDeg: number, largeArc: boolean, sweep: boolean, x2: number, y2: number): Cubic[] {
  if (x1 === x2 && y1 === y2) return [];
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0) return [[x1, y1, x2, y2, x2, y2]];
  const phi = (rotationDeg * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const x1p = cos * dx + sin * dy;
  const y1p = -sin * dx + cos * dy;
  // Radii too small for the endpoints are scaled up (F.6.6).
  const lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const numerator = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
  const denominator = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
  let factor = Math.sqrt(Math.max(0, numerator / denominator));
  if (largeArc === sweep) factor = -factor;
  const cxp = (factor * rx * y1p) / ry;
  const cyp = (-factor * ry * x1p) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number) => {
    const a = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
    return a;
  };
  const theta1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry);
  let delta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const count = Math.ceil(Math.abs(delta) / (Math.PI / 2));
  const step = delta / count;
  // Control-point distance for a circular arc of `step` radians on the unit circle.
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number): [number, number] => [cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin, cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos];
  const derivative = (t: number): [number, number] => [-rx * Math.sin(t) * cos - ry * Math.cos(t) * sin, -rx * Math.sin(t) * sin + ry * Math.cos(t) * cos];
  const out: Cubic[] = [];
  for (let s = 0; s < count; s++) {
    const t1 = theta1 + s * step;
    const t2 = t1 + step;
    const [p1x, p1y] = point(t1);
    const [p2x, p2y] = point(t2);
    const [d1x, d1y] = derivative(t1);
    const [d2x, d2y] = derivative(t2);
    out.push([p1x + k * d1x, p1y + k * d1y, p2x - k * d2x, p2y - k * d2y, s === count - 1 ? x2 : p2x, s === count - 1 ? y2 : p2y]);
  }
  return out;
}
