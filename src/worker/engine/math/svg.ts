/**
 * MathJax SVG output (as a lite-DOM tree) → formula parts in em, y down from the baseline.
 *
 * MathJax draws in units of 1/1000 em with y up inside a `scale(1,-1)` group; the outer
 * `viewBox` is the formula's box (its top at −height, its bottom at depth, baseline at 0).
 * Glyphs are `<path>` (fontCache 'none', so no `<use>`), rules are `<rect>`, slashes and
 * enclosures `<line>`/`<ellipse>`/`<path fill=none>`; colour comes from `fill`/`stroke`
 * attributes on groups ('currentColor' = the formula's colour).
 */
import { appendEllipse, appendPathData, appendRect, type PathProgram } from './path';
import { multiply, parseTransform, type Matrix } from '../vector/transform';
import type { FormulaBreak, FormulaPart, FormulaText, MathPaint } from './types';

/** The shape of liteAdaptor's nodes that the flattener reads. */
export interface SvgNode {
  kind: string;
  attributes?: Record<string, string | number | undefined>;
  children?: SvgNode[];
  value?: string;
}

export interface FlatFormula {
  width: number;
  height: number;
  depth: number;
  parts: FormulaPart[];
  childX: number[];
  breaks: FormulaBreak[];
  rows: number[];
  texts?: FormulaText[];
}

/** MathJax's units per em. */
const UNITS = 1000;

/** TeX's \relpenalty and \binoppenalty (The TeXbook, ch. 17). */
const REL_PENALTY = 500;
const BIN_PENALTY = 700;

/** Relations (TeX class Rel) and binary operators (Bin) by character, for breaks after them. */
const RELATIONS = new Set([...'=<>≤≥≠≈≡∼≃≅∝→←↔⇒⇐⇔↦⟶⟵⟹⟸⟺∈∉∋⊂⊃⊆⊇⊊⊋≺≻⪯⪰≪≫∣∥⊥⊢⊨≐≔∶≍']);
const BINARIES = new Set([...'+−-±∓×÷·∘∗∪∩∧∨⊕⊖⊗⊘⊙⋅⋆∖⊓⊔⊎']);

/**
 * The advance MathJax gave a `<text>` node (a character its font lacks), in the node's own
 * units (1/1000 em). The typesetter passes its adaptor's estimate; this default mirrors it.
 */
export type TextMeasure = (node: SvgNode, text: string) => number;

const estimate: TextMeasure = (_node, text) => [...text].reduce((w, ch) => w + (ch.codePointAt(0)! >= 0x2e80 ? 1000 : 600), 0);

/** Flattens the `<svg>` MathJax produced for one formula. */
export function flattenSvg(root: SvgNode, measure: TextMeasure = estimate): FlatFormula {
  const svg = findFirst(root, (n) => n.kind === 'svg');
  if (!svg) return { width: 0, height: 0, depth: 0, parts: [], childX: [], breaks: [], rows: [] };
  const box = numbers(attr(svg, 'viewBox') ?? attr(svg, 'data-mjx-viewBox') ?? '0 0 0 0');
  const [minX = 0, minY = 0, w = 0, h = 0] = box;
  const out = new Collector(measure);
  const start: Matrix = multiply([1 / UNITS, 0, 0, 1 / UNITS, 0, 0], [1, 0, 0, 1, -minX, 0]);
  for (const child of svg.children ?? []) out.walk(child, start, { fill: 'current', stroke: 'current', strokeWidth: 0 }, -1);
  const flat = out.finish();
  return { width: w / UNITS, height: -minY / UNITS, depth: (minY + h) / UNITS, ...flat };
}

interface Inherited {
  fill: string;
  stroke: string;
  strokeWidth: number;
}

class Collector {
  constructor(private readonly measure: TextMeasure) {}

  readonly texts: FormulaText[] = [];
  private readonly parts = new Map<string, FormulaPart>();
  private readonly order: string[] = [];
  private childX: number[] = [];
  private childOps: (string | null)[] = [];
  private rows: number[] = [];
  private seenMath = false;

  walk(node: SvgNode, parent: Matrix, paint: Inherited, child: number): void {
    if (node.kind === '#text' || node.kind === '#comment') return;
    const m = node.kind === 'svg' ? multiply(parent, [1, 0, 0, 1, num(attr(node, 'x')), num(attr(node, 'y'))]) : multiply(parent, parseTransform(attr(node, 'transform')));
    const own: Inherited = {
      fill: attr(node, 'fill') ?? paint.fill,
      stroke: attr(node, 'stroke') ?? paint.stroke,
      strokeWidth: attr(node, 'stroke-width') !== undefined ? num(attr(node, 'stroke-width')) : paint.strokeWidth,
    };
    const role = attr(node, 'data-mml-node');
    if (role === 'math' && !this.seenMath) {
      // The formula's top-level children: where inline breaks may fall, and table rows.
      this.seenMath = true;
      const kids = (node.children ?? []).filter((k) => k.kind !== '#text');
      kids.forEach((kid, index) => {
        const km = multiply(m, parseTransform(attr(kid, 'transform')));
        this.childX.push(km[4]);
        this.childOps.push(attr(kid, 'data-mml-node') === 'mo' ? operatorChar(kid) : null);
        if (kids.length === 1 && attr(kid, 'data-mml-node') === 'mtable') this.collectRows(kid, km);
        this.walk(kid, m, own, index);
      });
      return;
    }
    switch (node.kind) {
      case 'path': {
        const d = attr(node, 'd');
        // A path with fill="none" is an outline (enclosures, arrows drawn as strokes).
        if (d) this.add(child, m, own, own.fill === 'none', (p) => appendPathData(p, d, m));
        break;
      }
      case 'rect': {
        const x = num(attr(node, 'x'));
        const y = num(attr(node, 'y'));
        const width = num(attr(node, 'width'));
        const height = num(attr(node, 'height'));
        // Rules and backgrounds are filled; a rect with fill="none" is a frame (\boxed, \fbox).
        if (width > 0 && height > 0) this.add(child, m, own, own.fill === 'none', (p) => appendRect(p, x, y, width, height, m));
        break;
      }
      case 'line': {
        const x1 = num(attr(node, 'x1')), y1 = num(attr(node, 'y1')), x2 = num(attr(node, 'x2')), y2 = num(attr(node, 'y2'));
        this.add(child, m, own, true, (p) => appendPathData(p, `M${x1} ${y1}L${x2} ${y2}`, m));
        break;
      }
      case 'ellipse':
      case 'circle': {
        const cx = num(attr(node, 'cx')), cy = num(attr(node, 'cy'));
        const rx = node.kind === 'circle' ? num(attr(node, 'r')) : num(attr(node, 'rx'));
        const ry = node.kind === 'circle' ? rx : num(attr(node, 'ry'));
        this.add(child, m, own, own.fill === 'none', (p) => appendEllipse(p, cx, cy, rx, ry, m));
        break;
      }
      case 'polygon':
      case 'polyline': {
        const v = numbers(attr(node, 'points') ?? '');
        if (v.length >= 4) {
          let d = `M${v[0]} ${v[1]}`;
          for (let k = 2; k + 1 < v.length; k += 2) d += `L${v[k]} ${v[k + 1]}`;
          if (node.kind === 'polygon') d += 'Z';
          this.add(child, m, own, own.fill === 'none' || node.kind === 'polyline', (p) => appendPathData(p, d, m));
        }
        break;
      }
      case 'text': {
        // A character MathJax's font lacks: MathJax leaves it to the browser's fonts, which a
        // display list cannot use. Kept as text with the room MathJax gave it; the engine sets
        // it with the book's fonts (text.ts).
        const text = (node.children ?? []).map((c) => c.value ?? '').join('');
        if (text && own.fill !== 'none') {
          this.texts.push({
            child,
            text,
            matrix: m,
            size: num(attr(node, 'font-size')) || 884,
            width: this.measure(node, text),
            italic: attr(node, 'font-style') === 'italic' || /italic/.test(attr(node, 'data-variant') ?? ''),
            bold: attr(node, 'font-weight') === 'bold' || /bold/.test(attr(node, 'data-variant') ?? ''),
            paint: { fill: this.colour(own.fill) },
          });
        }
        break;
      }
      default:
        for (const kid of node.children ?? []) this.walk(kid, m, own, child);
    }
  }

  private collectRows(table: SvgNode, m: Matrix): void {
    for (const row of table.children ?? []) {
      const role = attr(row, 'data-mml-node');
      if (role !== 'mtr' && role !== 'mlabeledtr') continue;
      const rm = multiply(m, parseTransform(attr(row, 'transform')));
      this.rows.push(rm[5]);
    }
  }

  private add(child: number, m: Matrix, paint: Inherited, stroked: boolean, draw: (p: PathProgram) => void): void {
    let resolved: MathPaint;
    if (stroked) {
      if (paint.stroke === 'none') return;
      // Stroke width scales with the group's transform (its mean linear scale).
      const scale = Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
      const width = (paint.strokeWidth || 0) * scale;
      if (!(width > 0)) return;
      resolved = { stroke: this.colour(paint.stroke), width };
    } else {
      if (paint.fill === 'none') return;
      resolved = { fill: this.colour(paint.fill) };
    }
    const key = `${child}|${JSON.stringify(resolved)}`;
    let part = this.parts.get(key);
    if (!part) {
      part = { child, paint: resolved, program: { ops: '', coords: [] } };
      this.parts.set(key, part);
      this.order.push(key);
    }
    draw(part.program);
  }

  private colour(value: string): string {
    if (value === 'current' || value === 'currentColor') return 'current';
    return cssColour(value) ?? 'current';
  }

  finish(): { parts: FormulaPart[]; childX: number[]; breaks: FormulaBreak[]; rows: number[]; texts?: FormulaText[] } {
    const parts = this.order.map((k) => this.parts.get(k)!).filter((p) => p.program.ops.length > 0);
    const breaks: FormulaBreak[] = [];
    const n = this.childOps.length;
    for (let i = 1; i < n - 1; i++) {
      const op = this.childOps[i];
      if (op === null || op === undefined) continue;
      // TeX breaks after a relation or binary operator, never before the next one (no break
      // inside "= -"), and never after an operator that opens the formula (a unary sign).
      const next = this.childOps[i + 1];
      if (next !== null && next !== undefined && (RELATIONS.has(next) || BINARIES.has(next))) continue;
      const penalty = RELATIONS.has(op) ? REL_PENALTY : BINARIES.has(op) ? BIN_PENALTY : null;
      if (penalty === null) continue;
      breaks.push({ child: i + 1, x: this.childX[i + 1]!, penalty });
    }
    return { parts, childX: this.childX, breaks, rows: this.rows, ...(this.texts.length > 0 ? { texts: this.texts } : {}) };
  }
}

/** The character an `<mo>` group draws (from its glyph paths' `data-c` code points). */
function operatorChar(node: SvgNode): string | null {
  const path = findFirst(node, (n) => n.kind === 'path' && attr(n, 'data-c') !== undefined);
  if (!path) return null;
  const code = parseInt(attr(path, 'data-c')!, 16);
  return Number.isFinite(code) ? String.fromCodePoint(code) : null;
}

function findFirst(node: SvgNode, test: (n: SvgNode) => boolean): SvgNode | undefined {
  if (test(node)) return node;
  for (const child of node.children ?? []) {
    const hit = findFirst(child, test);
    if (hit) return hit;
  }
  return undefined;
}

function attr(node: SvgNode, name: string): string | undefined {
  const v = node.attributes?.[name];
  return v === undefined ? undefined : String(v);
}

function num(text: string | undefined): number {
  const v = parseFloat(text ?? '');
  return Number.isFinite(v) ? v : 0;
}

function numbers(text: string): number[] {
  return (text.match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []).map(Number);
}

/**
 * CSS colour → `#rrggbb` (display-list form). MathJax's color package passes names (the dvips
 * and SVG basics) and `#hex`/`rgb()` through to the SVG; unknown names give undefined.
 */
export function cssColour(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  if (/^#[0-9a-f]{3}$/.test(v)) return '#' + [...v.slice(1)].map((c) => c + c).join('');
  const rgb = /^rgb\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*\)$/.exec(v);
  if (rgb) return '#' + [rgb[1], rgb[2], rgb[3]].map((c) => Math.max(0, Math.min(255, Math.round(Number(c)))).toString(16).padStart(2, '0')).join('');
  return NAMED[v];
}

const NAMED: Record<string, string> = {
  black: '#000000', white: '#ffffff', red: '#ff0000', green: '#008000', blue: '#0000ff', cyan: '#00ffff',
  magenta: '#ff00ff', yellow: '#ffff00', gray: '#808080', grey: '#808080', darkgray: '#404040', lightgray: '#c0c0c0',
  orange: '#ffa500', purple: '#800080', brown: '#a52a2a', lime: '#00ff00', olive: '#808000', pink: '#ffc0cb',
  teal: '#008080', violet: '#ee82ee', navy: '#000080', maroon: '#800000', silver: '#c0c0c0', gold: '#ffd700',
};
