/**
 * The page display list: the one truth every backend draws (canvas, raster, PDF).
 *
 * Format rules (bump DISPLAY_LIST_VERSION on any change of meaning):
 * - Units are points (1/72 in). The origin is the top-left corner of the trim box; y grows down.
 * - Every coordinate and size is rounded by `roundPt` (to 1/1000 pt, half away from zero, no −0),
 *   so the same layout serialises to the same bytes in Node and in the browser.
 * - Items are a closed union tagged by a numeric opcode. Opcodes start at 1 and are never
 *   renumbered; a removed opcode stays listed here as a comment.
 * - Glyph runs carry glyph ids and absolute pen positions (kerning and justification are already
 *   in the positions), plus the shaping clusters mapped to the run's text and to source offsets:
 *   PDF ToUnicode and click-to-source read them.
 */
export const DISPLAY_LIST_VERSION = 1;

export const Op = {
  /** A run of shaped glyphs from one face at one size. */
  GlyphRun: 1,
  /** A straight stroked line. */
  Rule: 2,
  /** An axis-aligned rectangle, filled and/or stroked. */
  Rect: 3,
  /** An SVG-syntax path in page coordinates (pt). */
  Path: 4,
  /** A picture (bitmap resource) drawn into a box, optionally cropped. */
  Image: 5,
  /** Starts a clipped group: the items up to the matching ClipEnd draw only inside its path. */
  Clip: 6,
  /** Ends the innermost open clipped group. */
  ClipEnd: 7,
  /** Starts a transformed group: the items up to the matching TransformEnd are drawn through its matrix. */
  Transform: 8,
  /** Ends the innermost open transformed group. */
  TransformEnd: 9,
} as const;

/** Colour as `#rrggbb` or `#rrggbbaa`. */
export type Colour = string;

export interface GlyphRunItem {
  op: typeof Op.GlyphRun;
  /** Font id from the worker's font registry (stable for the session and across Node/browser). */
  font: string;
  /** Font size, pt. */
  size: number;
  fill: Colour;
  /** Baseline y of the run, pt from the top of the trim box. */
  y: number;
  /** Glyph ids in visual order. */
  glyphs: number[];
  /** Pen x of each glyph (origin + offset), pt from the left of the trim box. */
  xs: number[];
  /** Vertical offset of each glyph from the baseline, pt (positive = down); omitted when all 0. */
  dys?: number[];
  /** The characters the run shows, in logical order. */
  text: string;
  /** For each glyph, the UTF-16 index in `text` where its cluster starts. */
  clusters: number[];
  /** Chapter the text comes from. */
  chapter: string;
  /** Source offset (UTF-16, in the chapter file) of text[0]. */
  srcFrom: number;
  /** Source offset of every UTF-16 unit of `text`, only when not contiguous from srcFrom. */
  srcMap?: number[];
  /** Line-breaking role and quality, for checks, guides and tools. */
  line?: LineInfo;
  /** Id of the SVG resource whose text this run sets (a PDF print master replaces it). */
  resource?: string;
  /**
   * 0-based index of the book page the run leads to (`PageDisplayList.index`): a back-of-book
   * index locator (page/index-layout.ts), a link to that page's top in the PDF. Per run, where
   * `line.target` names one target for a whole line.
   */
  linkPage?: number;
}

export interface LineInfo {
  /** Block id in the parsed chapter. */
  block: string;
  /** `lineNumber`: a margin line number (configuration.md §11.2), `block` the numbered line's. */
  role: 'body' | 'heading' | 'caption' | 'note' | 'header' | 'footer' | 'lineNumber';
  /** Knuth–Plass adjustment ratio (> 0 stretched, < 0 shrunk). */
  ratio: number;
  /** The line ends with a hyphen inserted by line breaking. */
  hyphenated?: boolean;
  /** Its spaces would have passed 3× normal, so it was set ragged (a loose line for the checks). */
  ragged?: boolean;
  /** No feasible break existed: set overfull or loose as an emergency (flagged, never clipped). */
  emergency?: boolean;
  /** Block id of what the line leads to (a `:::toc` entry's heading): a link in the PDF. */
  target?: string;
}

export interface RuleItem {
  op: typeof Op.Rule;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Stroke width, pt. */
  width: number;
  stroke: Colour;
}

export interface RectItem {
  op: typeof Op.Rect;
  x: number;
  y: number;
  w: number;
  h: number;
  fill?: Colour;
  stroke?: Colour;
  /** Stroke width, pt (only with stroke). */
  strokeWidth?: number;
}

export interface PathItem {
  op: typeof Op.Path;
  /** SVG path data in page coordinates, pt. */
  d: string;
  fill?: Colour;
  stroke?: Colour;
  strokeWidth?: number;
  /** Fill rule; nonzero when absent (SVG drawings may ask for evenodd). */
  fillRule?: 'evenodd';
  /**
   * A formula's outlines (engine/math): `inline` or `display`. The first path of a formula
   * carries `text`, `chapter` and the source range; the others (other colours, strokes) only this.
   */
  math?: 'inline' | 'display';
  /** What a reader extracts for the path: a formula's TeX source (PDF ActualText). */
  text?: string;
  /** Chapter and source range (UTF-16 offsets in the chapter file) the path comes from. */
  chapter?: string;
  srcFrom?: number;
  srcTo?: number;
  /** Invalid TeX: MathJax's message (the path then shows the source in a marked box). */
  mathError?: string;
  /**
   * On a formula's first path: its advance box, pt — left x, baseline y, width — where a PDF puts
   * the invisible glyph its ActualText (the TeX) is extracted from.
   */
  mathBox?: { x: number; baseline: number; width: number };
  /** Id of the SVG resource this path draws (a PDF print master replaces all its items). */
  resource?: string;
  /**
   * On the first path of an SVG drawing: the drawing's whole box (pt), where a print master is
   * placed, and the part of it shown when the figure is cropped to its safe area.
   */
  frame?: { x: number; y: number; w: number; h: number; clip?: { x: number; y: number; w: number; h: number } };
}

/**
 * A bitmap picture scaled into the box (x, y, w, h), pt. The bytes are not in the list: `image`
 * is their content key, which the worker serves (`getImage`) and painters decode once and cache.
 */
export interface ImageItem {
  op: typeof Op.Image;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Content key of the picture's bytes (changes whenever the bytes change). */
  image: string;
  /** Id of the resource it shows (for tools and click-to-source). */
  resource: string;
  /** The part of the picture shown, in fractions of its width and height from its top-left; whole when absent. */
  crop?: { x: number; y: number; w: number; h: number };
}

/**
 * Opens a clipped group (an SVG clip path, a drawing cropped to its safe area): every item up to
 * the matching `ClipEnd` is drawn only inside the path; nested groups intersect. Groups are
 * balanced within a page's list. Painters: save, clip, … restore; PDF: q, path W n, … Q.
 */
export interface ClipItem {
  op: typeof Op.Clip;
  /** SVG path data in page coordinates, pt. */
  d: string;
  /** Clip rule; nonzero when absent. */
  clipRule?: 'evenodd';
  /** Id of the SVG resource whose drawing it clips (a PDF print master replaces its items). */
  resource?: string;
}

export interface ClipEndItem {
  op: typeof Op.ClipEnd;
  resource?: string;
}

/**
 * Opens a transformed group (a float turned a quarter, `placement.rotate`): every item up to the
 * matching `TransformEnd` keeps its own page coordinates and is drawn through `matrix`
 * [a, b, c, d, e, f], which maps a point (x, y) of those items to the page point
 * (a·x + c·y + e, b·x + d·y + f), pt, y down (the canvas `transform` convention). Groups nest
 * (matrices compose) and may hold Clip groups; they are balanced within a page's list.
 * Painters: save, transform, … restore; PDF: q, the matrix conjugated by the y flip, cm … Q.
 * Readers that look only at coordinates (hit tests, checks) see the items untransformed.
 */
export interface TransformItem {
  op: typeof Op.Transform;
  matrix: [number, number, number, number, number, number];
  /** Id of the resource the group turns (tools, click-to-source). */
  resource?: string;
}

export interface TransformEndItem {
  op: typeof Op.TransformEnd;
  resource?: string;
}

export type DisplayItem = GlyphRunItem | RuleItem | RectItem | PathItem | ImageItem | ClipItem | ClipEndItem | TransformItem | TransformEndItem;

export interface PageDisplayList {
  version: typeof DISPLAY_LIST_VERSION;
  /** 0-based index of the page in the book. */
  index: number;
  /** Printed page label (folio), e.g. "3" or "iv". */
  label: string;
  /** Chapter the page belongs to. */
  chapter: string;
  /** `opener`: a breaking heading opens it; `blank`: parity padding; `part`: a `:::part` divider page; else `body`. */
  role: 'opener' | 'body' | 'blank' | 'part';
  /** Trim size, pt. */
  width: number;
  height: number;
  /** Page background, or absent for none (paper). */
  background?: Colour;
  items: DisplayItem[];
}

/** An affine matrix [a, b, c, d, e, f]: (x, y) → (a·x + c·y + e, b·x + d·y + f) (TransformItem). */
export type Matrix = TransformItem['matrix'];

/** `outer ∘ inner`: the matrix applying `inner` first. */
export function composeMatrix(outer: Readonly<Matrix>, inner: Readonly<Matrix>): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [A, B, C, D, E, F] = inner;
  return [a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f];
}

/** A point through a matrix. */
export function applyMatrix(m: Readonly<Matrix>, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The inverse matrix, or null for a singular one. */
export function invertMatrix(m: Readonly<Matrix>): Matrix | null {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  if (Math.abs(det) < 1e-12) return null;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

/**
 * The matrix each item of a list is drawn through (Transform groups composed; null outside any),
 * by index: what readers of coordinates (hit tests, selection rectangles, checks) apply.
 */
export function itemMatrices(items: readonly DisplayItem[]): (Matrix | null)[] {
  const out: (Matrix | null)[] = [];
  const open: (Matrix | null)[] = [];
  let current: Matrix | null = null;
  for (const item of items) {
    if (item.op === Op.Transform) {
      open.push(current);
      current = current ? composeMatrix(current, item.matrix) : item.matrix;
    } else if (item.op === Op.TransformEnd && open.length > 0) {
      out.push(current);
      current = open.pop() ?? null;
      continue;
    }
    out.push(current);
  }
  return out;
}

/** Rounds a length to the display list's grid of 1/1000 pt (half away from zero; never −0). */
export function roundPt(value: number): number {
  const scaled = Math.abs(value) * 1000;
  const rounded = Math.floor(scaled + 0.5) / 1000;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Canonical serialisation: the bytes two layouts must share to count as identical. */
export function serializeDisplayList(list: PageDisplayList): string {
  return JSON.stringify(list);
}
