/**
 * SVG path data → PDF path construction operators (m, l, c, h), in the same coordinates.
 * The shared reader resolves relative and shorthand commands and turns arcs into cubics; PDF has
 * no quadratic operator, so each quadratic becomes the equivalent cubic here.
 */
import { parsePathData } from '../../engine/vector/path-data';
import { num } from './numbers';

/** The PDF operators that build the path `d` (no painting operator). */
export function svgPathToPdf(d: string): string {
  const parts: string[] = [];
  // Current point and subpath start: a quadratic's cubic needs the point it starts from.
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  for (const s of parsePathData(d)) {
    switch (s.c) {
      case 'M':
        parts.push(`${num(s.x)} ${num(s.y)} m`);
        x = startX = s.x;
        y = startY = s.y;
        break;
      case 'L':
        parts.push(`${num(s.x)} ${num(s.y)} l`);
        x = s.x;
        y = s.y;
        break;
      case 'C':
        parts.push(`${num(s.x1)} ${num(s.y1)} ${num(s.x2)} ${num(s.y2)} ${num(s.x)} ${num(s.y)} c`);
        x = s.x;
        y = s.y;
        break;
      case 'Q': {
        // The same curve as a cubic: control points 2/3 of the way from each end to the quadratic's.
        const c1x = x + (2 / 3) * (s.x1 - x);
        const c1y = y + (2 / 3) * (s.y1 - y);
        const c2x = s.x + (2 / 3) * (s.x1 - s.x);
        const c2y = s.y + (2 / 3) * (s.y1 - s.y);
        parts.push(`${num(c1x)} ${num(c1y)} ${num(c2x)} ${num(c2y)} ${num(s.x)} ${num(s.y)} c`);
        x = s.x;
        y = s.y;
        break;
      }
      case 'Z':
        parts.push('h');
        x = startX;
        y = startY;
        break;
    }
  }
  return parts.join('\n');
}
