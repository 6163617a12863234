/**
 * The header and footer design slots (configuration.md §5) as the page engine draws them: the
 * stored `header.elements` / `footer.elements` read into plain records with every length in pt.
 * An unset slot stays undefined (the built-in running heads of §5.2 are drawn by page/compose.ts);
 * an empty list means no running head / folio. Values the reader does not understand fall back to
 * the field's default from §5.3, as the configuration's own resolution does.
 */
import { declareAppliedSettings } from '../config';
import { upgradeLegacyElement } from '../config/resolve';
import type { JsonValue } from '../config/types';
import { isDimension, lengthToPt, type LengthContext } from '../config/values';

/** The element fields this reader gives the layout (the others are reported as not applied yet). */
const DRAWN_FIELDS = [
  'kind', 'id', 'parity', 'pages', 'placement.*', 'content', 'align', 'direction', 'fontFamily', 'fontSize', 'fontWeight',
  'italic', 'color', 'overflow', 'verticalAlign', 'textTransform', 'thickness', 'width', 'style.backgroundColor',
  'style.borderColor', 'style.borderWidth', 'style.borderRadius', 'lineHeight', 'resourceId', 'decorative', 'hyphenate', 'inlineMarks', 'box', 'box.*', 'paragraphIndent',
  'letterSpacing', 'dropCap', 'dropCap.*', 'stroke', 'stroke.*', 'writingMode',
];
/**
 * Read only in running-head slots: the legacy flat shape (§5.1 "Legacy shape", read as a placement by
 * `runningSlotElements`) and `reserve`, which §5.3 gives an effect in heading designs only (so a
 * running head's `reserve` rightly changes nothing).
 */
const RUNNING_ONLY_FIELDS = ['marginFromBody', 'marginFromEdge', 'reserve'];
declareAppliedSettings(
  ['header', 'footer', 'headingStyles[id=*].header', 'headingStyles[id=*].footer'].flatMap((slot) =>
    ['[id=*]', '[*]'].flatMap((item) => [...DRAWN_FIELDS, ...RUNNING_ONLY_FIELDS].map((field) => `${slot}.elements${item}.${field}`)),
  ),
);

export type ElementParity = 'all' | 'odd' | 'even';
export type ElementPages = 'all' | 'body' | 'opener' | 'part' | 'blank';
/** Frame edges (§5.4) and, for `#id` anchors, the element-relative edges. */
export type AnchorEdge =
  | 'top' | 'top-left' | 'top-right' | 'bottom' | 'bottom-left' | 'bottom-right' | 'left' | 'right' | 'center'
  | 'right-of' | 'left-of' | 'below' | 'above' | 'align-top' | 'align-bottom' | 'align-left' | 'align-right';
/** A size field: a length (pt), `fill` (to the container edge) or `auto` (the content's own). */
export type ElementSize = number | 'fill' | 'auto';

export interface ElementPlacement {
  /** `container`, `page`, `bleed`, `outer`, or `#id` of an earlier element. */
  to: string;
  edge: AnchorEdge;
  /** pt; y grows downwards. */
  x: number;
  y: number;
  width: ElementSize;
  height: ElementSize;
  /** pt, for auto widths only. */
  maxWidth?: number;
}

interface ElementBase {
  id: string;
  parity: ElementParity;
  pages: ElementPages;
  placement: ElementPlacement;
  /** Heading designs only (§5.3 `reserve`, default true): false = the element does not count toward the height the heading reserves. */
  reserve?: false;
}

export interface TextElement extends ElementBase {
  kind: 'text';
  content: string;
  align: 'left' | 'right' | 'center' | 'justify' | 'start' | 'end';
  direction: 'ltr' | 'rtl' | 'auto';
  fontFamily: string;
  /** pt */
  fontSize: number;
  fontWeight: number;
  italic: boolean;
  colour: string;
  overflow: 'wrap' | 'ellipsis-start' | 'ellipsis-middle' | 'ellipsis-end' | 'clip';
  verticalAlign: 'top' | 'middle' | 'bottom';
  /** pt between baselines. */
  lineHeight: number;
  uppercase: boolean;
  /** Syllable breaks in wrapped or justified text (§5.3 `hyphenate`). */
  hyphenate: boolean;
  /** Read `**b**`, `*i*`, `^sup^`, `~sub~` in the resolved text (§5.3 `inlineMarks`). */
  inlineMarks: boolean;
  /** Background, border and padding behind the text (§5.3 `box`); lengths pt. */
  box?: TextBox;
  /** pt: first-line indent of the paragraphs (forced lines) after the first, in wrapped text (§5.3 `paragraphIndent`). */
  paragraphIndent: number;
  /** pt added after every character (CSS-like tracking, negative allowed; §5.3 `letterSpacing`). */
  letterSpacing: number;
  /** Outlined letters (§5.3 `stroke`). */
  stroke?: TextStroke;
  /** A drop cap opening the text (§5.3 `dropCap`; forces wrapping). */
  dropCap?: DesignDropCap;
  /** `vertical-rl`: the element's lines run top to bottom, stacked right to left (a fore-edge running head, §5.3). */
  writingMode: 'horizontal-tb' | 'vertical-rl';
}

/** A text element's `stroke` (§5.3 `{width, color?, hollow?}`). */
export interface TextStroke {
  /** pt, centred on the outline. */
  width: number;
  /** Default: the text's colour. */
  colour: string;
  /** Outline only: the letters are not filled. */
  hollow: boolean;
}

/** A text element's `dropCap` (§5.3 `{lines, fontFamily, fontWeight, fontSize, color, gap}`). */
export interface DesignDropCap {
  /** Lines the initial spans (≥ 1; default 2). */
  lines: number;
  fontFamily: string;
  fontWeight: number;
  /** pt; absent = computed so that the initial's cap top is level with the first line's (§6.7). */
  fontSize?: number;
  colour: string;
  /** pt between the initial and the text (default 0.15 em of the element, as §6.7). */
  gap: number;
}

/** A text element's `box` (§5.3 ElementBoxStyle, our reading of its fields: those of a box element's `style` plus padding). */
export interface TextBox {
  fill?: string;
  stroke?: string;
  /** pt, stroked inside the box. */
  strokeWidth: number;
  /** pt, clamped to half the short side. */
  radius: number;
  /** pt per side, inside the element box. */
  padding: { top: number; right: number; bottom: number; left: number };
}

export interface RuleElement extends ElementBase {
  kind: 'rule';
  direction: 'horizontal' | 'vertical';
  colour: string;
  /** pt */
  thickness: number;
}

export interface BoxElement extends ElementBase {
  kind: 'box';
  fill?: string;
  stroke?: string;
  /** pt, stroked inside the box. */
  strokeWidth: number;
  /** pt, clamped to half the short side when drawn (§5.3 `style.borderRadius`). */
  radius: number;
}

export interface ImageElement extends ElementBase {
  kind: 'image';
  /** Resource id; may hold placeholders (`{attr.vignette}`, §5.3). */
  resourceId: string;
}

export type FurnitureElement = TextElement | RuleElement | BoxElement | ImageElement;

const EDGES: readonly string[] = ['top', 'top-left', 'top-right', 'bottom', 'bottom-left', 'bottom-right', 'left', 'right', 'center', 'right-of', 'left-of', 'below', 'above', 'align-top', 'align-bottom', 'align-left', 'align-right'];
const ALIGNS: readonly string[] = ['left', 'right', 'center', 'justify', 'start', 'end'];
const OVERFLOWS: readonly string[] = ['wrap', 'ellipsis-start', 'ellipsis-middle', 'ellipsis-end', 'clip'];

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const oneOf = <T extends string>(v: unknown, allowed: readonly string[], fallback: T): T => (typeof v === 'string' && allowed.includes(v) ? (v as T) : fallback);

/** A stored length: a Dimension object, a bare number (pt) or a string such as "8pt" or "0.5em". */
function lengthPt(v: unknown, ctx: LengthContext, fallback: number): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (isDimension(v)) return lengthToPt(v, ctx);
  if (typeof v === 'string') {
    const m = /^\s*(-?\d+(?:\.\d+)?)\s*(pt|mm|cm|in|px|em|rem)?\s*$/.exec(v);
    if (m) return lengthToPt({ value: Number(m[1]), unit: (m[2] ?? 'pt') as 'pt' }, ctx);
  }
  return fallback;
}

function sizeOf(v: unknown, ctx: LengthContext, fallback: ElementSize): ElementSize {
  if (v === 'fill' || v === 'auto') return v;
  if (v === undefined || v === null) return fallback;
  const pt = lengthPt(v, ctx, Number.NaN);
  return Number.isFinite(pt) && pt >= 0 ? pt : fallback;
}

/** `#rrggbb`, or a palette-linked `{ hex }` value; anything else keeps the fallback. */
function colourOf(v: unknown, fallback: string): string {
  if (typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v)) return v.toLowerCase();
  const hex = record(v)['hex'];
  return typeof hex === 'string' && /^#[0-9a-f]{6}$/i.test(hex) ? hex.toLowerCase() : fallback;
}

/**
 * A text element's `box`: `backgroundColor`, `borderColor`, `borderWidth`, `borderRadius` (as a box
 * element's `style`) and `padding` (all sides) with `paddingTop`/`Right`/`Bottom`/`Left` over it;
 * em = the element's font size. Nothing when the value is not an object.
 */
function textBoxOf(v: unknown, ctx: LengthContext): { box?: TextBox } {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  const b = record(v);
  const fill = b['backgroundColor'] === 'transparent' ? undefined : colourOf(b['backgroundColor'], '');
  const stroke = b['borderColor'] === 'transparent' ? undefined : colourOf(b['borderColor'], '');
  const all = Math.max(0, lengthPt(b['padding'], ctx, 0));
  const side = (key: string): number => Math.max(0, lengthPt(b[key], ctx, all));
  return {
    box: {
      ...(fill ? { fill } : {}),
      ...(stroke ? { stroke } : {}),
      strokeWidth: Math.max(0, lengthPt(b['borderWidth'], ctx, 0)),
      radius: Math.max(0, lengthPt(b['borderRadius'], ctx, 0)),
      padding: { top: side('paddingTop'), right: side('paddingRight'), bottom: side('paddingBottom'), left: side('paddingLeft') },
    },
  };
}

/** `stroke` (§5.3): a positive width, the colour (default the text's) and `hollow`; nothing otherwise. */
function strokeOf(v: unknown, ctx: LengthContext, textColour: string): { stroke?: TextStroke } {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  const s = record(v);
  const width = lengthPt(s['width'], ctx, 0);
  if (!(width > 0)) return {};
  return { stroke: { width, colour: colourOf(s['color'], textColour), hollow: s['hollow'] === true } };
}

/** `dropCap` (§5.3): `true` or an object; family, weight and colour default to the element's. */
function dropCapOf(v: unknown, ctx: LengthContext, text: { family: string; weight: number; colour: string }): { dropCap?: DesignDropCap } {
  if (v !== true && (!v || typeof v !== 'object' || Array.isArray(v))) return {};
  const d = record(v);
  const lines = typeof d['lines'] === 'number' && Number.isFinite(d['lines']) ? Math.max(1, Math.min(10, Math.round(d['lines']))) : 2;
  const size = d['fontSize'] === undefined ? Number.NaN : lengthPt(d['fontSize'], ctx, Number.NaN);
  return {
    dropCap: {
      lines,
      fontFamily: typeof d['fontFamily'] === 'string' && d['fontFamily'] ? d['fontFamily'] : text.family,
      fontWeight: typeof d['fontWeight'] === 'number' && d['fontWeight'] >= 1 && d['fontWeight'] <= 1000 ? d['fontWeight'] : text.weight,
      ...(size > 0 ? { fontSize: size } : {}),
      colour: colourOf(d['color'], text.colour),
      gap: Math.max(0, lengthPt(d['gap'], ctx, 0.15 * ctx.emPt)),
    },
  };
}

function placementOf(v: unknown, ctx: LengthContext): ElementPlacement {
  const p = record(v);
  const anchor = record(p['anchor']);
  const offset = record(p['offset']);
  const size = record(p['size']);
  const to = typeof anchor['to'] === 'string' && anchor['to'] ? anchor['to'] : 'container';
  const maxWidth = size['maxWidth'] === undefined ? undefined : lengthPt(size['maxWidth'], ctx, Number.NaN);
  return {
    to,
    edge: oneOf<AnchorEdge>(anchor['edge'], EDGES, to.startsWith('#') ? 'right-of' : 'top-left'),
    x: lengthPt(offset['x'], ctx, 0),
    y: lengthPt(offset['y'], ctx, 0),
    width: sizeOf(size['width'], ctx, 'auto'),
    height: sizeOf(size['height'], ctx, 'auto'),
    ...(maxWidth !== undefined && Number.isFinite(maxWidth) ? { maxWidth } : {}),
  };
}

/**
 * One slot's elements, or undefined for an unset slot. `base` gives the rem reference (body size,
 * pt) and the dpi for px lengths; an element's em is its own font size (§0.6 "element").
 */
export function furnitureElements(slot: unknown, base: { bodyPt: number; dpi: number }, slotKind: 'running' | 'design' = 'running'): FurnitureElement[] | undefined {
  if (slot === undefined || slot === null) return undefined;
  const elements = record(slot)['elements'];
  if (!Array.isArray(elements)) return undefined;
  const out: FurnitureElement[] = [];
  elements.forEach((raw, index) => {
    const e = record(raw);
    const kind = oneOf<'text' | 'rule' | 'box' | 'image'>(e['kind'], ['text', 'rule', 'box', 'image'], 'text');
    // §5.3: text defaults to 8 pt; em lengths of the element are its font size.
    const fontSizeCtx: LengthContext = { emPt: base.bodyPt, remPt: base.bodyPt, dpi: base.dpi };
    const fontSize = Math.max(0.5, lengthPt(e['fontSize'], fontSizeCtx, 8));
    const ctx: LengthContext = { emPt: fontSize, remPt: base.bodyPt, dpi: base.dpi };
    const common: ElementBase = {
      id: typeof e['id'] === 'string' && e['id'] ? e['id'] : `element-${index + 1}`,
      parity: oneOf<ElementParity>(e['parity'], ['all', 'odd', 'even'], 'all'),
      pages: oneOf<ElementPages>(e['pages'], ['all', 'body', 'opener', 'part', 'blank'], 'all'),
      placement: placementOf(e['placement'], ctx),
      ...(e['reserve'] === false ? { reserve: false as const } : {}),
    };
    if (kind === 'text') {
      const lineHeightRaw = e['lineHeight'];
      const lineHeight = typeof lineHeightRaw === 'number' ? lineHeightRaw * fontSize : lengthPt(lineHeightRaw, ctx, 1.2 * fontSize);
      out.push({
        ...common,
        kind,
        content: typeof e['content'] === 'string' ? e['content'] : '',
        align: oneOf(e['align'], ALIGNS, 'center'),
        direction: oneOf(e['direction'], ['ltr', 'rtl', 'auto'], 'auto'),
        fontFamily: typeof e['fontFamily'] === 'string' && e['fontFamily'] ? e['fontFamily'] : 'EB Garamond',
        fontSize,
        fontWeight: typeof e['fontWeight'] === 'number' && e['fontWeight'] >= 1 && e['fontWeight'] <= 1000 ? e['fontWeight'] : 400,
        italic: e['italic'] === true,
        colour: colourOf(e['color'], '#000000'),
        // §5.3: `ellipsis-end` in running heads, `wrap` in heading and part designs.
        overflow: oneOf(e['overflow'], OVERFLOWS, slotKind === 'design' ? 'wrap' : 'ellipsis-end'),
        verticalAlign: oneOf(e['verticalAlign'], ['top', 'middle', 'bottom'], 'middle'),
        lineHeight: Math.max(0, lineHeight),
        uppercase: e['textTransform'] === 'uppercase',
        hyphenate: e['hyphenate'] === true,
        inlineMarks: e['inlineMarks'] === true,
        ...textBoxOf(e['box'], ctx),
        paragraphIndent: Math.max(0, lengthPt(e['paragraphIndent'], ctx, 0)),
        letterSpacing: lengthPt(e['letterSpacing'], ctx, 0),
        ...strokeOf(e['stroke'], ctx, colourOf(e['color'], '#000000')),
        ...dropCapOf(e['dropCap'], ctx, { family: typeof e['fontFamily'] === 'string' && e['fontFamily'] ? e['fontFamily'] : 'EB Garamond', weight: typeof e['fontWeight'] === 'number' && e['fontWeight'] >= 1 && e['fontWeight'] <= 1000 ? e['fontWeight'] : 400, colour: colourOf(e['color'], '#000000') }),
        writingMode: e['writingMode'] === 'vertical-rl' ? 'vertical-rl' : 'horizontal-tb',
      });
    } else if (kind === 'rule') {
      // Legacy rules: `width: 'full'` is a rule across the container (§5.1 "Legacy shape").
      const placement = e['width'] === 'full' && common.placement.width === 'auto' ? { ...common.placement, width: 'fill' as const } : common.placement;
      out.push({ ...common, placement, kind, direction: e['direction'] === 'vertical' ? 'vertical' : 'horizontal', colour: colourOf(e['color'], '#000000'), thickness: Math.max(0, lengthPt(e['thickness'], ctx, 0.5)) });
    } else if (kind === 'box') {
      const style = record(e['style']);
      const fill = style['backgroundColor'] === 'transparent' ? undefined : colourOf(style['backgroundColor'], '');
      const stroke = style['borderColor'] === 'transparent' ? undefined : colourOf(style['borderColor'], '');
      out.push({
        ...common,
        kind,
        ...(fill ? { fill } : {}),
        ...(stroke ? { stroke } : {}),
        strokeWidth: Math.max(0, lengthPt(style['borderWidth'], ctx, 0)),
        radius: Math.max(0, lengthPt(style['borderRadius'], ctx, 0)),
      });
    } else {
      // Drawn through the book's resources (page/furniture-images.ts); always decoration (§5.3).
      out.push({ ...common, kind, resourceId: typeof e['resourceId'] === 'string' ? e['resourceId'] : '' });
    }
  });
  return out;
}

/**
 * A running-head slot (`header` / `footer`, the document's or a heading style's) as stored, with
 * legacy elements (flat `align` + `marginFromBody` + `marginFromEdge`, rule `width: 'full'`) read
 * as placements the way the configuration resolves them (§5.1 "Legacy shape").
 */
export function runningSlotElements(which: 'header' | 'footer', slot: unknown, base: { bodyPt: number; dpi: number }): FurnitureElement[] | undefined {
  if (!slot || typeof slot !== 'object' || Array.isArray(slot)) return furnitureElements(slot, base);
  const elements = (slot as { elements?: unknown }).elements;
  if (!Array.isArray(elements)) return furnitureElements(slot, base);
  return furnitureElements({ ...slot, elements: elements.map((e) => upgradeLegacyElement(which, e as JsonValue)) }, base);
}
