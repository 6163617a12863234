/**
 * SVG drawings → vector shapes, in pure code (the worker has no DOM). The supported subset is the
 * one drawings use most: paths and basic shapes, groups, `use` of an element in the same file,
 * transforms, solid fills and strokes, opacity and fill rules. SVG is untrusted: nothing in it
 * runs (scripts, event attributes and `foreignObject` are dropped) and nothing is fetched (an
 * external `href` is ignored). Anything outside the subset is left out and counted, so the caller
 * can warn; gradients (drawn in their first stop's colour) and text are approximations.
 *
 * Clip paths (`clip-path="url(#id)"` on shapes, groups, `use` and text) become clip regions in
 * `SvgDrawing.clips`, each item naming the innermost one it draws in (`clip`), nested clips
 * naming their parent; the figure turns them into the display list's Clip/ClipEnd items. A clip
 * path's shapes are joined into one path (their union, exact unless shapes of opposite winding
 * overlap under the nonzero rule); `clipPathUnits="objectBoundingBox"` maps the unit square onto
 * the bounding box of the clipped element's drawn shapes; `text` inside a clip path is left out.
 */

import { applyMatrix, IDENTITY, multiply, parseTransform, svgNumbers, type Matrix } from '../vector/transform';
import { parsePathData, type Segment } from '../vector/path-data';

/** One drawn shape: absolute path segments in pt at the drawing's natural size, y down. */
export interface SvgShape {
  segments: Segment[];
  fill?: string;
  stroke?: string;
  /** Stroke width, pt at natural size. */
  strokeWidth?: number;
  evenOdd?: boolean;
  /** Index in `SvgDrawing.clips` of the innermost clip region it draws in. */
  clip?: number;
}

/** A clip region: absolute segments in pt at natural size, inside its parent region when nested. */
export interface SvgClip {
  segments: Segment[];
  evenOdd?: boolean;
  /** Index of the enclosing clip region (a clipped group inside a clipped group). */
  parent?: number;
}


export interface SvgDrawing {
  /** Natural size, pt (1 CSS px = 0.75 pt). */
  width: number;
  height: number;
  shapes: SvgShape[];
  /** Text runs (`text`/`tspan`), drawn in the book's fonts. */
  texts: SvgText[];
  /** Elements left out because they are outside the subset (or unsafe), by name. */
  skipped: string[];
  /** Clip regions the shapes and texts refer to (`clip`). */
  clips: SvgClip[];
  /**
   * Features a drawn element uses that the vector subset cannot draw faithfully (`filter`, `mask`,
   * `pattern`, `gradient`, `marker`, an embedded `image`), deduplicated in document order: the
   * host rasterises such a drawing (host/svg-raster.ts) and the figure draws that picture instead.
   */
  rasterFeatures: string[];
}

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Character data of a `#text` node. */
  text?: string;
}

/** A run of SVG text, set later in the book's fonts (the engine's shaper), at natural size. */
export interface SvgText {
  /** Anchor point (pt at natural size): the baseline start, middle or end per `anchor`. */
  x: number;
  y: number;
  /** Font size, pt at natural size. */
  size: number;
  family: string;
  weight: number;
  italic: boolean;
  fill: string;
  anchor: 'start' | 'middle' | 'end';
  text: string;
  /** Index in `SvgDrawing.clips` of the innermost clip region it draws in. */
  clip?: number;
}

/** CSS px → pt. */
const PX = 0.75;

/** Parses SVG markup; null when it has no `<svg>` root. Never throws. */
export function parseSvg(source: string): SvgDrawing | null {
  let root: XmlElement | null;
  try {
    root = parseXml(source);
  } catch {
    return null;
  }
  if (!root || localName(root.name) !== 'svg') return null;
  const viewBox = svgNumbers(root.attrs['viewBox'] ?? '');
  const vb = viewBox.length === 4 && viewBox[2]! > 0 && viewBox[3]! > 0 ? viewBox : null;
  const width = length(root.attrs['width']) ?? (vb ? vb[2]! * PX : 300 * PX);
  const height = length(root.attrs['height']) ?? (vb ? vb[3]! * PX : 150 * PX);
  // viewBox → natural size in pt, preserveAspectRatio xMidYMid meet (the default).
  let base: Matrix = [PX, 0, 0, PX, 0, 0];
  if (vb) {
    const k = Math.min(width / vb[2]!, height / vb[3]!);
    const tx = (width - vb[2]! * k) / 2 - vb[0]! * k;
    const ty = (height - vb[3]! * k) / 2 - vb[1]! * k;
    base = (root.attrs['preserveAspectRatio'] ?? '').trim() === 'none' ? [width / vb[2]!, 0, 0, height / vb[3]!, -vb[0]! * (width / vb[2]!), -vb[1]! * (height / vb[3]!)] : [k, 0, 0, k, tx, ty];
  }
  const ids = new Map<string, XmlElement>();
  const index = (el: XmlElement): void => {
    if (el.attrs['id']) ids.set(el.attrs['id'], el);
    el.children.forEach(index);
  };
  index(root);
  const drawing: SvgDrawing = { width, height, shapes: [], texts: [], skipped: [], clips: [], rasterFeatures: [] };
  walk(root, base, { fill: '#000000', stroke: undefined, strokeWidth: 1, opacity: 1, fillOpacity: 1, strokeOpacity: 1, evenOdd: false, clipEvenOdd: false, fontFamily: '', fontSize: 16, fontWeight: 400, italic: false, anchor: 'start' }, drawing, ids, 0, undefined);
  return drawing;
}

interface Paint {
  fill: string | undefined;
  stroke: string | undefined;
  strokeWidth: number;
  opacity: number;
  fillOpacity: number;
  strokeOpacity: number;
  evenOdd: boolean;
  /** `clip-rule: evenodd` (used by shapes inside a clip path). */
  clipEvenOdd: boolean;
  fontFamily: string;
  /** User units. */
  fontSize: number;
  fontWeight: number;
  italic: boolean;
  anchor: 'start' | 'middle' | 'end';
}

/** Elements that never draw (definitions, metadata) — skipped silently. */
const SILENT = new Set(['defs', 'title', 'desc', 'metadata', 'lineargradient', 'radialgradient', 'stop', 'clippath', 'mask', 'pattern', 'marker', 'symbol', 'style', 'filter']);
/** Never executed, never fetched: counted as skipped. */
const UNSAFE = new Set(['script', 'foreignobject', 'iframe', 'audio', 'video']);

function walk(el: XmlElement, parent: Matrix, inherited: Paint, out: SvgDrawing, ids: Map<string, XmlElement>, depth: number, outerClip: number | undefined): void {
  if (depth > 64) return; // a `use` cycle or absurd nesting
  const name = localName(el.name).toLowerCase();
  const style = styleOf(el, inherited, ids);
  if (style.hidden) return;
  const matrix = multiply(parent, parseTransform(el.attrs['transform'] ?? ''));
  const paint = style.paint;
  if (!UNSAFE.has(name) && !SILENT.has(name)) noteRasterFeatures(el, name, ids, out.rasterFeatures);
  if (style.clipPath !== undefined && !SILENT.has(name) && !UNSAFE.has(name)) {
    const target = clipTarget(style.clipPath, ids);
    if (target === 'unsupported') out.skipped.push('clip-path');
    else if (target) {
      // The element draws inside the clip region: its items name the region (nested in the outer one).
      const index = out.clips.length;
      out.clips.push({ segments: [], ...(outerClip !== undefined ? { parent: outerClip } : {}) });
      const firstShape = out.shapes.length;
      const firstText = out.texts.length;
      walkInside(el, name, matrix, paint, out, ids, depth + 1, index);
      const bbox = target.attrs['clipPathUnits'] === 'objectBoundingBox' ? boundsOf(out.shapes.slice(firstShape)) : null;
      const region = clipRegion(target, matrix, bbox, target.attrs['clipPathUnits'] === 'objectBoundingBox', inherited, ids, out);
      if (region.segments.length === 0) {
        // An empty clip region shows nothing of the element (SVG 1.1 §14.3.5).
        out.shapes.length = firstShape;
        out.texts.length = firstText;
        out.clips[index] = { segments: [] };
        return;
      }
      out.clips[index] = { ...region, ...(outerClip !== undefined ? { parent: outerClip } : {}) };
      return;
    }
  }
  walkInside(el, name, matrix, paint, out, ids, depth, outerClip);
}

/** Properties whose non-trivial values only a rasteriser draws faithfully. */
const RASTER_PROPS = ['filter', 'mask', 'marker', 'marker-start', 'marker-mid', 'marker-end', 'fill', 'stroke'];

/** Records what of `el` lies outside the vector subset (see `SvgDrawing.rasterFeatures`). */
function noteRasterFeatures(el: XmlElement, name: string, ids: Map<string, XmlElement>, out: string[]): void {
  const note = (feature: string): void => {
    if (!out.includes(feature)) out.push(feature);
  };
  const props: Record<string, string> = {};
  for (const key of RASTER_PROPS) if (el.attrs[key] !== undefined) props[key] = el.attrs[key]!;
  for (const declaration of (el.attrs['style'] ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    const key = declaration.slice(0, colon).trim().toLowerCase();
    if (colon > 0 && RASTER_PROPS.includes(key)) props[key] = declaration.slice(colon + 1).trim();
  }
  for (const [key, raw] of Object.entries(props)) {
    const value = raw.trim();
    if (value === '' || value === 'none') continue;
    if (key === 'filter') note('filter');
    else if (key === 'mask') note('mask');
    else if (key.startsWith('marker')) note('marker');
    else {
      // A paint server: gradients and patterns (external ones are never fetched and paint nothing).
      const url = /^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/.exec(value);
      const target = url ? localName(ids.get(url[1]!)?.name ?? '').toLowerCase() : '';
      if (target === 'lineargradient' || target === 'radialgradient') note('gradient');
      else if (target === 'pattern') note('pattern');
    }
  }
  // Only an embedded picture (a data: address) is drawn; an external one is never fetched.
  if (name === 'image' && /^\s*data:image\//i.test(el.attrs['href'] ?? el.attrs['xlink:href'] ?? '')) note('image');
}

/** The element's own drawing (its clip path, if any, already applied by `walk`). */
function walkInside(el: XmlElement, name: string, matrix: Matrix, paint: Paint, out: SvgDrawing, ids: Map<string, XmlElement>, depth: number, clip: number | undefined): void {
  switch (name) {
    case 'svg':
    case 'g':
    case 'a':
    case 'switch':
      for (const child of el.children) walk(child, matrix, paint, out, ids, depth + 1, clip);
      return;
    case 'text':
      emitText(el, matrix, paint, out, clip);
      return;
    case '#text':
      return;
    case 'use': {
      const href = el.attrs['href'] ?? el.attrs['xlink:href'] ?? '';
      // Only references inside the same file; an external address is never fetched.
      const target = href.startsWith('#') ? ids.get(href.slice(1)) : undefined;
      if (!target) {
        out.skipped.push('use');
        return;
      }
      const shift: Matrix = [1, 0, 0, 1, num(el.attrs['x']), num(el.attrs['y'])];
      const inner = localName(target.name).toLowerCase() === 'symbol' ? { ...target, name: 'g' } : target;
      walk(inner, multiply(matrix, shift), paint, out, ids, depth + 1, clip);
      return;
    }
    default: {
      const segments = shapeSegments(name, el.attrs);
      if (segments) {
        emitShape(segments, matrix, paint, out, clip);
        return;
      }
      if (SILENT.has(name)) return;
      out.skipped.push(UNSAFE.has(name) ? name : name || 'unknown');
    }
  }
}

/**
 * A `text` element: its character data and that of its `tspan`s (in order), as one run at the
 * element's x/y (a tspan's own x/y starts a new run). Rotation and skew are not followed.
 */
function emitText(el: XmlElement, m: Matrix, paint: Paint, out: SvgDrawing, clip: number | undefined): void {
  const first = svgNumbers(el.attrs['x'] ?? '0')[0] ?? 0;
  const firstY = svgNumbers(el.attrs['y'] ?? '0')[0] ?? 0;
  const runs: { x: number; y: number; paint: Paint; text: string }[] = [];
  let current = { x: first, y: firstY, paint, text: '' };
  const visit = (node: XmlElement, p: Paint): void => {
    for (const child of node.children) {
      if (child.name === '#text') {
        current.text += child.text ?? '';
        continue;
      }
      if (localName(child.name).toLowerCase() !== 'tspan') continue;
      const style = styleOf(child, p, new Map());
      if (style.hidden) continue;
      if (child.attrs['x'] !== undefined || child.attrs['y'] !== undefined) {
        runs.push(current);
        current = { x: svgNumbers(child.attrs['x'] ?? '')[0] ?? current.x, y: svgNumbers(child.attrs['y'] ?? '')[0] ?? current.y, paint: style.paint, text: '' };
      } else if (style.paint !== p && current.text === '') current.paint = style.paint;
      visit(child, style.paint);
    }
  };
  visit(el, paint);
  runs.push(current);
  const scale = Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
  for (const run of runs) {
    const text = run.text.replace(/\s+/g, ' ').trim();
    const fill = withAlpha(run.paint.fill, run.paint.opacity * run.paint.fillOpacity);
    if (!text || !fill) continue;
    const [x, y] = applyMatrix(m, run.x, run.y);
    out.texts.push({ x, y, size: run.paint.fontSize * scale, family: run.paint.fontFamily, weight: run.paint.fontWeight, italic: run.paint.italic, fill, anchor: run.paint.anchor, text, ...(clip !== undefined ? { clip } : {}) });
  }
}

function emitShape(segments: Segment[], m: Matrix, paint: Paint, out: SvgDrawing, clip: number | undefined): void {
  if (segments.length === 0) return;
  const shape: SvgShape = { segments: segments.map((s) => transformSegment(s, m)) };
  const fill = withAlpha(paint.fill, paint.opacity * paint.fillOpacity);
  const stroke = withAlpha(paint.stroke, paint.opacity * paint.strokeOpacity);
  if (fill) shape.fill = fill;
  if (stroke && paint.strokeWidth > 0) {
    shape.stroke = stroke;
    // A non-uniform scale would need a transformed pen; the mean scale is close enough for drawings.
    shape.strokeWidth = paint.strokeWidth * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
  }
  if (paint.evenOdd) shape.evenOdd = true;
  if (clip !== undefined) shape.clip = clip;
  if (shape.fill || shape.stroke) out.shapes.push(shape);
}

// ---- clip paths ---------------------------------------------------------------------------------

/** The `clipPath` element a `clip-path` value names; null for none or a missing id (drawn unclipped). */
function clipTarget(value: string, ids: Map<string, XmlElement>): XmlElement | null | 'unsupported' {
  const v = value.trim();
  if (v === '' || v === 'none') return null;
  const url = /^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)$/.exec(v);
  // CSS basic shapes (inset(), circle(), …) and external references are outside the subset.
  if (!url) return 'unsupported';
  const target = ids.get(url[1]!);
  return target && localName(target.name).toLowerCase() === 'clippath' ? target : null;
}

/**
 * A clip path's region in drawing pt: its shapes (and same-file `use` of shapes) under the
 * clipped element's matrix, the clip path's own transform and each shape's transform; with
 * `objectBoundingBox` units the unit square maps onto `bbox` (already in drawing pt).
 */
function clipRegion(clipPath: XmlElement, matrix: Matrix, bbox: Bounds | null, boxUnits: boolean, inherited: Paint, ids: Map<string, XmlElement>, out: SvgDrawing): SvgClip {
  if (boxUnits && !bbox) return { segments: [] };
  const base = boxUnits && bbox ? multiply([bbox.right - bbox.left, 0, 0, bbox.bottom - bbox.top, bbox.left, bbox.top], parseTransform(clipPath.attrs['transform'] ?? '')) : multiply(matrix, parseTransform(clipPath.attrs['transform'] ?? ''));
  const segments: Segment[] = [];
  const rules = new Set<boolean>();
  const own = styleOf(clipPath, inherited, ids).paint;
  const add = (el: XmlElement, m: Matrix, paint: Paint, depth: number): void => {
    if (depth > 16) return;
    const name = localName(el.name).toLowerCase();
    const style = styleOf(el, paint, ids);
    if (style.hidden) return;
    const local = multiply(m, parseTransform(el.attrs['transform'] ?? ''));
    if (name === 'use') {
      const href = el.attrs['href'] ?? el.attrs['xlink:href'] ?? '';
      const target = href.startsWith('#') ? ids.get(href.slice(1)) : undefined;
      if (target) add(target, multiply(local, [1, 0, 0, 1, num(el.attrs['x']), num(el.attrs['y'])]), style.paint, depth + 1);
      return;
    }
    const shape = shapeSegments(name, el.attrs);
    if (!shape) {
      if (name !== '#text' && name !== 'title' && name !== 'desc') out.skipped.push(`clipPath ${name}`);
      return;
    }
    if (shape.length === 0) return;
    segments.push(...shape.map((s) => transformSegment(s, local)));
    rules.add(style.paint.clipEvenOdd);
  };
  for (const child of clipPath.children) add(child, base, own, 0);
  // One even-odd shape keeps its rule; joined shapes are a union under nonzero.
  return { segments, ...(rules.size === 1 && rules.has(true) ? { evenOdd: true } : {}) };
}

interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Bounds of shapes' points (end and control points: exact for lines, a close cover for curves). */
/**
 * Whether anything of the drawing may show outside its viewport (0…width × 0…height pt): the
 * root `svg` clips there (`overflow: hidden`, SVG's default), so the figure clips only when this
 * says so. Shapes are judged by their control points widened by half their stroke; text always
 * counts (its extent is known only once shaped in the book's fonts).
 */
export function overflowsViewport(drawing: SvgDrawing): boolean {
  if (drawing.texts.length > 0) return true;
  const eps = 1e-6;
  return drawing.shapes.some((shape) => {
    const pad = shape.stroke ? (shape.strokeWidth ?? 1) / 2 : 0;
    const b = boundsOf([shape]) ?? pointBounds(shape);
    return b !== null && (b.left - pad < -eps || b.top - pad < -eps || b.right + pad > drawing.width + eps || b.bottom + pad > drawing.height + eps);
  });
}

/** Bounds of a degenerate shape (a line), which `boundsOf` leaves out. */
function pointBounds(shape: SvgShape): Bounds | null {
  const points = shape.segments.flatMap((s) => (s.c === 'Z' ? [] : s.c === 'C' ? [[s.x1, s.y1], [s.x2, s.y2], [s.x, s.y]] : s.c === 'Q' ? [[s.x1, s.y1], [s.x, s.y]] : [[s.x, s.y]]));
  if (points.length === 0) return null;
  const xs = points.map((p) => p[0]!);
  const ys = points.map((p) => p[1]!);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

function boundsOf(shapes: readonly SvgShape[]): Bounds | null {
  let b: Bounds | null = null;
  const add = (x: number, y: number): void => {
    b = b ? { left: Math.min(b.left, x), top: Math.min(b.top, y), right: Math.max(b.right, x), bottom: Math.max(b.bottom, y) } : { left: x, top: y, right: x, bottom: y };
  };
  for (const shape of shapes)
    for (const s of shape.segments) {
      if (s.c === 'Z') continue;
      add(s.x, s.y);
      if (s.c === 'C') {
        add(s.x1, s.y1);
        add(s.x2, s.y2);
      } else if (s.c === 'Q') add(s.x1, s.y1);
    }
  const found = b as Bounds | null;
  return found && found.right > found.left && found.bottom > found.top ? found : null;
}

// ---- shapes ------------------------------------------------------------------------------------

function shapeSegments(name: string, a: Record<string, string>): Segment[] | null {
  switch (name) {
    case 'path':
      return parsePathData(a['d'] ?? '');
    case 'rect': {
      const x = num(a['x']);
      const y = num(a['y']);
      const w = num(a['width']);
      const h = num(a['height']);
      if (w <= 0 || h <= 0) return [];
      let rx = a['rx'] !== undefined ? num(a['rx']) : a['ry'] !== undefined ? num(a['ry']) : 0;
      let ry = a['ry'] !== undefined ? num(a['ry']) : rx;
      rx = Math.min(rx, w / 2);
      ry = Math.min(ry, h / 2);
      if (rx <= 0 || ry <= 0) return [{ c: 'M', x, y }, { c: 'L', x: x + w, y }, { c: 'L', x: x + w, y: y + h }, { c: 'L', x, y: y + h }, { c: 'Z' }];
      return parsePathData(`M${x + rx},${y}H${x + w - rx}A${rx},${ry} 0 0 1 ${x + w},${y + ry}V${y + h - ry}A${rx},${ry} 0 0 1 ${x + w - rx},${y + h}H${x + rx}A${rx},${ry} 0 0 1 ${x},${y + h - ry}V${y + ry}A${rx},${ry} 0 0 1 ${x + rx},${y}Z`);
    }
    case 'circle':
    case 'ellipse': {
      const cx = num(a['cx']);
      const cy = num(a['cy']);
      const rx = name === 'circle' ? num(a['r']) : num(a['rx']);
      const ry = name === 'circle' ? num(a['r']) : num(a['ry']);
      if (rx <= 0 || ry <= 0) return [];
      return parsePathData(`M${cx + rx},${cy}A${rx},${ry} 0 0 1 ${cx},${cy + ry}A${rx},${ry} 0 0 1 ${cx - rx},${cy}A${rx},${ry} 0 0 1 ${cx},${cy - ry}A${rx},${ry} 0 0 1 ${cx + rx},${cy}Z`);
    }
    case 'line':
      return [{ c: 'M', x: num(a['x1']), y: num(a['y1']) }, { c: 'L', x: num(a['x2']), y: num(a['y2']) }];
    case 'polyline':
    case 'polygon': {
      const p = svgNumbers(a['points'] ?? '');
      const segments: Segment[] = [];
      for (let i = 0; i + 1 < p.length; i += 2) segments.push({ c: i === 0 ? 'M' : 'L', x: p[i]!, y: p[i + 1]! });
      if (name === 'polygon' && segments.length > 0) segments.push({ c: 'Z' });
      return segments;
    }
    default:
      return null;
  }
}

// ---- transforms ---------------------------------------------------------------------------------

function transformSegment(s: Segment, m: Matrix): Segment {
  switch (s.c) {
    case 'Z':
      return s;
    case 'M':
    case 'L': {
      const [x, y] = applyMatrix(m, s.x, s.y);
      return { c: s.c, x, y };
    }
    case 'C': {
      const [x1, y1] = applyMatrix(m, s.x1, s.y1);
      const [x2, y2] = applyMatrix(m, s.x2, s.y2);
      const [x, y] = applyMatrix(m, s.x, s.y);
      return { c: 'C', x1, y1, x2, y2, x, y };
    }
    case 'Q': {
      const [x1, y1] = applyMatrix(m, s.x1, s.y1);
      const [x, y] = applyMatrix(m, s.x, s.y);
      return { c: 'Q', x1, y1, x, y };
    }
  }
}

// ---- paint --------------------------------------------------------------------------------------

function styleOf(el: XmlElement, inherited: Paint, ids: Map<string, XmlElement>): { paint: Paint; hidden: boolean; clipPath?: string } {
  const props: Record<string, string> = {};
  for (const key of ['fill', 'stroke', 'stroke-width', 'opacity', 'fill-opacity', 'stroke-opacity', 'fill-rule', 'clip-rule', 'clip-path', 'display', 'visibility', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor']) {
    if (el.attrs[key] !== undefined) props[key] = el.attrs[key]!;
  }
  // Inline `style` declarations win over presentation attributes (CSS cascade).
  for (const declaration of (el.attrs['style'] ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) props[declaration.slice(0, colon).trim().toLowerCase()] = declaration.slice(colon + 1).trim();
  }
  const paint: Paint = { ...inherited, opacity: 1 };
  if (props['fill'] !== undefined) paint.fill = colour(props['fill'], ids);
  if (props['stroke'] !== undefined) paint.stroke = colour(props['stroke'], ids);
  if (props['stroke-width'] !== undefined) paint.strokeWidth = Math.max(0, parseFloat(props['stroke-width']) || 0);
  // Group opacity is approximated by multiplying it into each shape's colours.
  paint.opacity = inherited.opacity * clamp01(props['opacity']);
  if (props['fill-opacity'] !== undefined) paint.fillOpacity = clamp01(props['fill-opacity']);
  if (props['stroke-opacity'] !== undefined) paint.strokeOpacity = clamp01(props['stroke-opacity']);
  if (props['fill-rule'] !== undefined) paint.evenOdd = props['fill-rule'] === 'evenodd';
  if (props['clip-rule'] !== undefined) paint.clipEvenOdd = props['clip-rule'] === 'evenodd';
  if (props['font-family'] !== undefined) paint.fontFamily = (props['font-family'].split(',')[0] ?? '').trim().replace(/^['"]|['"]$/g, '');
  if (props['font-size'] !== undefined) {
    const size = parseFloat(props['font-size']);
    if (size > 0) paint.fontSize = /pt\s*$/.test(props['font-size']) ? size / PX : size;
  }
  if (props['font-weight'] !== undefined) paint.fontWeight = props['font-weight'] === 'bold' || props['font-weight'] === 'bolder' ? 700 : props['font-weight'] === 'normal' ? 400 : Number(props['font-weight']) || paint.fontWeight;
  if (props['font-style'] !== undefined) paint.italic = props['font-style'] === 'italic' || props['font-style'] === 'oblique';
  if (props['text-anchor'] === 'middle' || props['text-anchor'] === 'end' || props['text-anchor'] === 'start') paint.anchor = props['text-anchor'];
  // `clip-path` is not inherited: it applies to this element (and so to what it contains).
  return { paint, hidden: props['display'] === 'none' || props['visibility'] === 'hidden', ...(props['clip-path'] !== undefined ? { clipPath: props['clip-path'] } : {}) };
}

function clamp01(text: string | undefined): number {
  if (text === undefined) return 1;
  const v = text.trim().endsWith('%') ? parseFloat(text) / 100 : parseFloat(text);
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1;
}

const NAMED: Record<string, string> = {
  black: '#000000', white: '#ffffff', red: '#ff0000', green: '#008000', blue: '#0000ff', yellow: '#ffff00', cyan: '#00ffff', aqua: '#00ffff',
  magenta: '#ff00ff', fuchsia: '#ff00ff', gray: '#808080', grey: '#808080', silver: '#c0c0c0', maroon: '#800000', olive: '#808000', lime: '#00ff00',
  navy: '#000080', purple: '#800080', teal: '#008080', orange: '#ffa500', brown: '#a52a2a', pink: '#ffc0cb', gold: '#ffd700', darkgray: '#a9a9a9',
  darkgrey: '#a9a9a9', lightgray: '#d3d3d3', lightgrey: '#d3d3d3', darkblue: '#00008b', darkred: '#8b0000', darkgreen: '#006400', steelblue: '#4682b4',
  skyblue: '#87ceeb', tomato: '#ff6347', indigo: '#4b0082', violet: '#ee82ee', crimson: '#dc143c', coral: '#ff7f50', salmon: '#fa8072', beige: '#f5f5dc',
  ivory: '#fffff0', khaki: '#f0e68c', tan: '#d2b48c', wheat: '#f5deb3', slategray: '#708090', dimgray: '#696969', whitesmoke: '#f5f5f5',
};

/** A paint value → `#rrggbb` or `#rrggbbaa`; undefined for `none`. Gradients paint in their first stop's colour. */
function colour(value: string, ids: Map<string, XmlElement>): string | undefined {
  const v = value.trim().toLowerCase();
  if (v === 'none' || v === 'transparent') return undefined;
  if (v === 'currentcolor') return '#000000';
  const url = /^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/.exec(value.trim());
  if (url) {
    const stop = ids.get(url[1]!)?.children.find((c) => localName(c.name).toLowerCase() === 'stop');
    const stopColour = stop ? (stop.attrs['stop-color'] ?? /stop-color\s*:\s*([^;]+)/.exec(stop.attrs['style'] ?? '')?.[1]) : undefined;
    return stopColour ? colour(stopColour, new Map()) : '#808080';
  }
  if (/^#[0-9a-f]{3,4}$/.test(v)) return '#' + [...v.slice(1)].map((c) => c + c).join('');
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(v)) return v;
  const rgb = /^rgba?\(([^)]*)\)$/.exec(v);
  if (rgb) {
    const parts = rgb[1]!.split(/[\s,/]+/).filter(Boolean);
    const channel = (p: string | undefined): number => (p === undefined ? 0 : p.endsWith('%') ? (parseFloat(p) * 255) / 100 : parseFloat(p));
    const hex = [0, 1, 2].map((i) => Math.round(Math.min(255, Math.max(0, channel(parts[i]) || 0))).toString(16).padStart(2, '0')).join('');
    const alpha = parts[3] !== undefined ? clamp01(parts[3]) : 1;
    return withAlpha('#' + hex, alpha);
  }
  return NAMED[v] ?? '#000000';
}

function withAlpha(hex: string | undefined, alpha: number): string | undefined {
  if (!hex) return undefined;
  const base = hex.slice(0, 7);
  const own = hex.length === 9 ? parseInt(hex.slice(7), 16) / 255 : 1;
  const a = own * alpha;
  if (a <= 0) return undefined;
  return a >= 1 ? base : base + Math.round(a * 255).toString(16).padStart(2, '0');
}

// ---- XML ----------------------------------------------------------------------------------------

/** A small XML reader for SVG: elements, attributes and character data (`#text` nodes); comments, prolog and CDATA dropped. */
function parseXml(source: string): XmlElement | null {
  const stack: XmlElement[] = [{ name: '#document', attrs: {}, children: [] }];
  let i = 0;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    if (lt < 0) break;
    if (lt > i) stack[stack.length - 1]!.children.push({ name: '#text', attrs: {}, children: [], text: decodeEntities(source.slice(i, lt)) });
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt + 4);
      i = end < 0 ? source.length : end + 3;
      continue;
    }
    if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt);
      i = end < 0 ? source.length : end + 3;
      continue;
    }
    if (source[lt + 1] === '?' || source[lt + 1] === '!') {
      // Prolog, processing instruction, DOCTYPE (with an internal subset in brackets, never expanded).
      let depth = 0;
      let j = lt + 1;
      for (; j < source.length; j++) {
        if (source[j] === '[') depth++;
        else if (source[j] === ']') depth--;
        else if (source[j] === '>' && depth <= 0) break;
      }
      i = j + 1;
      continue;
    }
    if (source[lt + 1] === '/') {
      const end = source.indexOf('>', lt);
      if (stack.length > 1) stack.pop();
      i = end < 0 ? source.length : end + 1;
      continue;
    }
    const tag = /^<([A-Za-z_][\w:.-]*)/.exec(source.slice(lt, lt + 200));
    if (!tag) {
      i = lt + 1;
      continue;
    }
    const el: XmlElement = { name: tag[1]!, attrs: {}, children: [] };
    let j = lt + tag[0].length;
    const attr = /\s*([A-Za-z_][\w:.-]*)\s*=\s*("([^"]*)"|'([^']*)')|\s*(\/?>)/y;
    let selfClosing = false;
    for (;;) {
      attr.lastIndex = j;
      const m = attr.exec(source);
      if (!m) {
        // Malformed tag: skip to its end.
        const end = source.indexOf('>', j);
        j = end < 0 ? source.length : end + 1;
        break;
      }
      j = attr.lastIndex;
      if (m[5]) {
        selfClosing = m[5] === '/>';
        break;
      }
      el.attrs[m[1]!] = decodeEntities(m[3] ?? m[4] ?? '');
    }
    stack[stack.length - 1]!.children.push(el);
    if (!selfClosing) stack.push(el);
    i = j;
  }
  const doc = stack[0]!;
  return doc.children.find((c) => c.name !== '#text') ?? null;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[lower] ?? whole;
  });
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon >= 0 ? name.slice(colon + 1) : name;
}

function num(text: string | undefined): number {
  const v = parseFloat(text ?? '');
  return Number.isFinite(v) ? v : 0;
}

/** An SVG length → pt; undefined for percentages, `auto` or nothing. */
function length(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const m = /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(px|pt|pc|mm|cm|in)?\s*$/.exec(text);
  if (!m) return undefined;
  const v = Number(m[1]);
  if (!(v > 0)) return undefined;
  const unit = m[2] ?? 'px';
  const perUnit: Record<string, number> = { px: PX, pt: 1, pc: 12, mm: 72 / 25.4, cm: 72 / 2.54, in: 72 };
  return v * perUnit[unit]!;
}

/** Path data for a shape placed with scale `k` (pt per natural pt) at (x, y), rounded to 1/1000 pt. */
export function shapePathData(shape: SvgShape, k: number, x: number, y: number, round: (v: number) => number): string {
  const p = (px: number, py: number): string => `${round(x + px * k)} ${round(y + py * k)}`;
  return shape.segments
    .map((s) => {
      switch (s.c) {
        case 'M':
        case 'L':
          return `${s.c}${p(s.x, s.y)}`;
        case 'C':
          return `C${p(s.x1, s.y1)} ${p(s.x2, s.y2)} ${p(s.x, s.y)}`;
        case 'Q':
          return `Q${p(s.x1, s.y1)} ${p(s.x, s.y)}`;
        case 'Z':
          return 'Z';
      }
    })
    .join('');
}
