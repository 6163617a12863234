/**
 * Figures (document-format.md §12.5, §12.9): the picture at its natural print size — a bitmap's
 * pixels at its resolution, an SVG's own size — never enlarged, scaled down to the slot with
 * its aspect kept; a picture with a safe area is cropped (height only) before it is shrunk.
 * The caption (label + number + text) and the note follow, or precede with `position: above`.
 */
import { Op, roundPt, type ClipItem, type DisplayItem, type ImageItem, type PathItem } from '../../protocol/displaylist';
import type { Inline } from '../parse/model';
import type { TextStyle } from '../settings';
import { EMPTY_BLOCK, stack, type BlockEnvironment, type FlowBlock } from './block';
import { alignedTextBlock, captionBar, LABEL_OFFSET, labelColoured } from './caption-layout';
import { glyphRun } from '../page/paginate';
import type { EngineResource } from './model';
import { captionLabel } from './numbering';
import { withTypeCaption, type ResourceSettings, type ResourceType } from './settings';
import { parseSnippet } from './snippet';
import { placementOf } from './placement';
import { overflowsViewport, shapePathData } from './svg';

/** Natural size of a picture, pt (document-format §12.9). */
export function naturalSize(resource: EngineResource, settings: ResourceSettings): { width: number; height: number } | null {
  if (resource.bitmap) {
    const b = resource.bitmap;
    // Which ppi sets the print size: the resource's own, else layout.bitmapResolution ('file' ignores 72/96, the screen defaults).
    const fromFile = b.fileResolution !== undefined && Math.abs(b.fileResolution - 72) > 0.5 && Math.abs(b.fileResolution - 96) > 0.5 ? b.fileResolution : undefined;
    const ppi = b.resolution ?? (settings.bitmapResolution === 'file' ? (fromFile ?? settings.dpi) : settings.bitmapResolution === 'document' ? settings.dpi : settings.bitmapResolution);
    return { width: (b.width * 72) / ppi, height: (b.height * 72) / ppi };
  }
  if (resource.svg) {
    const d = resource.svg.drawing;
    const width = resource.svg.width ?? d.width;
    const height = resource.svg.height ?? (resource.svg.width ? (resource.svg.width * d.height) / d.width : d.height);
    return { width, height };
  }
  return null;
}

export interface PictureFit {
  /** Drawn size, pt. */
  width: number;
  height: number;
  /** Part of the picture shown (fractions), when cropped to its safe area. */
  crop?: { x: number; y: number; w: number; h: number };
}

/**
 * Fits a picture into a slot `maxWidth` × `maxHeight` pt: never enlarged; too wide → scaled to
 * the width; then too tall → cropped towards its safe area (width fixed, the cut shared by the
 * margins above and below the area in proportion), and only then scaled down.
 */
export function fitPicture(natural: { width: number; height: number }, maxWidth: number, maxHeight: number, safeArea?: { x: number; y: number; width: number; height: number }): PictureFit {
  const k = Math.min(1, maxWidth / natural.width);
  const width = natural.width * k;
  const height = natural.height * k;
  if (height <= maxHeight + 1e-9) return { width, height };
  if (safeArea && safeArea.height < 1) {
    const minHeight = height * safeArea.height;
    const above = safeArea.y;
    const below = 1 - safeArea.y - safeArea.height;
    const cropTo = (shownFraction: number): { x: number; y: number; w: number; h: number } => {
      const cut = 1 - shownFraction;
      const y = above + below > 0 ? (cut * above) / (above + below) : 0;
      return { x: 0, y, w: 1, h: shownFraction };
    };
    if (minHeight <= maxHeight + 1e-9) return { width, height: maxHeight, crop: cropTo(maxHeight / height) };
    // Even the safe area is too tall: show exactly the safe area, scaled down.
    const s = maxHeight / minHeight;
    return { width: width * s, height: maxHeight, crop: cropTo(safeArea.height) };
  }
  const s = maxHeight / height;
  return { width: width * s, height: maxHeight };
}

/** The picture part of a figure: an Image item, vector paths for SVG, or a placeholder box. */
export function pictureBlock(resource: EngineResource, fit: PictureFit, settings: ResourceSettings, env?: BlockEnvironment): FlowBlock {
  return {
    height: fit.height,
    width: fit.width,
    emit(x, y) {
      if (resource.bitmap) {
        const item: ImageItem = { op: Op.Image, x: roundPt(x), y: roundPt(y), w: roundPt(fit.width), h: roundPt(fit.height), image: resource.bitmap.key, resource: resource.id };
        if (fit.crop) item.crop = { x: roundCrop(fit.crop.x), y: roundCrop(fit.crop.y), w: roundCrop(fit.crop.w), h: roundCrop(fit.crop.h) };
        return [item];
      }
      if (resource.svg?.raster) {
        // A drawing outside the vector subset: the host's PNG rendering of the whole drawing, cropped like a bitmap.
        const item: ImageItem = { op: Op.Image, x: roundPt(x), y: roundPt(y), w: roundPt(fit.width), h: roundPt(fit.height), image: resource.svg.raster.key, resource: resource.id };
        if (fit.crop) item.crop = { x: roundCrop(fit.crop.x), y: roundCrop(fit.crop.y), w: roundCrop(fit.crop.w), h: roundCrop(fit.crop.h) };
        return [item];
      }
      if (resource.svg) return svgItems(resource, fit, x, y, settings, env);
      return placeholder(x, y, fit.width, fit.height);
    },
  };
}

/**
 * A picture set turned a quarter anticlockwise in its `fit` box (flow pt), so that vertical text's
 * clockwise turn of the page (page/vertical.ts) stands it upright on the sheet: the picture itself
 * is drawn `fit.height` wide and `fit.width` tall, in a Transform group mapping its own (u, v)
 * from (0, 0) to the flow point (x + v, y + fit.height − u).
 */
function turnedBackPicture(resource: EngineResource, fit: PictureFit, settings: ResourceSettings, env: BlockEnvironment): FlowBlock {
  const picture = pictureBlock(resource, { width: fit.height, height: fit.width }, settings, env);
  return {
    height: fit.height,
    width: fit.width,
    emit: (x, y) => [{ op: Op.Transform, matrix: [0, -1, 1, 0, roundPt(x), roundPt(y + fit.height)], resource: resource.id }, ...picture.emit(0, 0), { op: Op.TransformEnd, resource: resource.id }],
  };
}

function svgItems(resource: EngineResource, fit: PictureFit, x: number, y: number, settings: ResourceSettings, env: BlockEnvironment | undefined): DisplayItem[] {
  const drawing = resource.svg!.drawing;
  // Drawing pt → drawn pt (the width is never cropped); a crop shifts the drawing up.
  const k = fit.width / drawing.width;
  const shown = fit.crop ?? { x: 0, y: 0, w: 1, h: 1 };
  const fullHeight = fit.height / shown.h;
  const top = y - shown.y * fullHeight;
  const ink = settings.diagram.singleInk ? settings.diagram.ink : null;
  const items: DisplayItem[] = [];
  // A drawing cropped to its safe area shows only the frame's shown band: one clipped group
  // around all its items (canvas, rasters and PDF clip alike, as they do for a cropped bitmap).
  if (fit.crop) items.push({ op: Op.Clip, d: rectPathData(x, y, fit.width, fit.height), resource: resource.id });
  // Uncropped, the root viewport clips (SVG's default `overflow: hidden`): content outside the
  // viewBox/viewport does not show. Only emitted when something could reach outside it.
  const viewportClip = !fit.crop && overflowsViewport(drawing);
  if (viewportClip) items.push({ op: Op.Clip, d: rectPathData(x, top, fit.width, fullHeight), resource: resource.id });
  // The drawing's own clip paths: each item is drawn inside the chain of clip regions it names,
  // opened and closed as the chain changes from one item to the next.
  const open: number[] = [];
  const enterClip = (clip: number | undefined): void => {
    const chain: number[] = [];
    for (let c = clip; c !== undefined; c = drawing.clips[c]?.parent) chain.unshift(c);
    let common = 0;
    while (common < open.length && common < chain.length && open[common] === chain[common]) common++;
    while (open.length > common) {
      items.push({ op: Op.ClipEnd, resource: resource.id });
      open.pop();
    }
    for (const index of chain.slice(common)) {
      const region = drawing.clips[index]!;
      const item: ClipItem = { op: Op.Clip, d: shapePathData({ segments: region.segments }, k, x, top, roundPt), resource: resource.id };
      if (region.evenOdd) item.clipRule = 'evenodd';
      items.push(item);
      open.push(index);
    }
  };
  let framed = false;
  for (const shape of drawing.shapes) {
    enterClip(shape.clip);
    const item: PathItem = { op: Op.Path, d: shapePathData(shape, k, x, top, roundPt), resource: resource.id };
    if (!framed) {
      framed = true;
      // Where a PDF print master of the drawing goes (bundle-format §11.1).
      item.frame = { x: roundPt(x), y: roundPt(top), w: roundPt(fit.width), h: roundPt(fullHeight) };
      if (fit.crop) item.frame.clip = { x: roundPt(x), y: roundPt(y), w: roundPt(fit.width), h: roundPt(fit.height) };
    }
    if (shape.fill) item.fill = ink ? singleInk(shape.fill, ink) : shape.fill;
    if (shape.stroke) {
      item.stroke = ink ? singleInk(shape.stroke, ink) : shape.stroke;
      item.strokeWidth = roundPt((shape.strokeWidth ?? 1) * k);
    }
    if (shape.evenOdd) item.fillRule = 'evenodd';
    items.push(item);
  }
  // Text in the book's fonts (bundle-format §11.2): shaped like any generated text, placed at the
  // drawing's anchor; a family the book cannot load falls back as everywhere else.
  if (env) {
    for (const t of drawing.texts) {
      enterClip(t.clip);
      const style: TextStyle = { family: t.family || settings.caption.style.family, weight: t.weight, italic: t.italic, size: t.size * k, colour: (ink ? singleInk(t.fill, ink) : t.fill).slice(0, 7) };
      const inline: Inline = { kind: 'text', text: t.text, marks: [], range: { from: 0, to: 0, line: 0, column: 0 }, offsets: t.text.split('').map(() => -1) };
      const line = env.setText({ base: 0, inlines: [inline], style, measure: 1e6, indent: 0, justify: false })[0];
      if (!line) continue;
      const shift = t.anchor === 'middle' ? line.width / 2 : t.anchor === 'end' ? line.width : 0;
      for (const run of line.runs) items.push({ ...glyphRun(run, x + t.x * k - shift, top + t.y * k, env.chapterId, undefined), resource: resource.id });
    }
  }
  enterClip(undefined);
  if (fit.crop || viewportClip) items.push({ op: Op.ClipEnd, resource: resource.id });
  return items;
}

/** A rectangle as path data, pt (rounded to the display list's grid). */
function rectPathData(x: number, y: number, w: number, h: number): string {
  const [l, t, r, b] = [roundPt(x), roundPt(y), roundPt(x + w), roundPt(y + h)];
  return `M${l} ${t}L${r} ${t}L${r} ${b}L${l} ${b}Z`;
}

/**
 * Single-ink recolouring (configuration.md §12.5 diagramStyle.singleInk): each colour becomes a
 * tint of the ink with strength 1 − its Rec. 709 luminance; alpha is kept.
 */
export function singleInk(colour: string, ink: string): string {
  const channel = (hex: string, i: number): number => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
  const luminance = 0.2126 * channel(colour, 0) + 0.7152 * channel(colour, 1) + 0.0722 * channel(colour, 2);
  const strength = 1 - luminance;
  const mixed = [0, 1, 2].map((i) => Math.round(255 * (1 - strength * (1 - channel(ink, i)))).toString(16).padStart(2, '0')).join('');
  return `#${mixed}${colour.length === 9 ? colour.slice(7) : ''}`;
}

/** A neutral placeholder (a resource that is missing or cannot be drawn): a light box with a cross. */
export function placeholder(x: number, y: number, w: number, h: number): DisplayItem[] {
  return [
    { op: Op.Rect, x: roundPt(x), y: roundPt(y), w: roundPt(w), h: roundPt(h), fill: '#f2f2f2', stroke: '#b3b3b3', strokeWidth: 0.5 },
    { op: Op.Rule, x1: roundPt(x), y1: roundPt(y), x2: roundPt(x + w), y2: roundPt(y + h), width: 0.5, stroke: '#b3b3b3' },
    { op: Op.Rule, x1: roundPt(x + w), y1: roundPt(y), x2: roundPt(x), y2: roundPt(y + h), width: 0.5, stroke: '#b3b3b3' },
  ];
}

function roundCrop(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/** A caption's lines: bold label with its number, then the caption snippet (§12.5). */
export function captionBlock(resource: EngineResource, type: ResourceType | undefined, number: string | undefined, measure: number, settings: ResourceSettings, env: BlockEnvironment, suffix = ''): FlowBlock {
  const c = settings.caption;
  const label = captionLabel(type, number, c.labelNumberGap, c.labelSeparator);
  const text = (resource.caption ?? '').trim();
  if (!label && !text) return EMPTY_BLOCK;
  const marks = [...(c.labelBold ? (['strong'] as const) : []), ...(c.labelItalic ? (['emphasis'] as const) : [])];
  const labelText = suffix ? `${label.trimEnd()} ${suffix} ` : label;
  const inlines: Inline[] = [];
  // A label in its own colour (§12.4 labelColor) is set with offsets the caption text cannot have, to be found and coloured after setting.
  const ownColour = c.labelColour !== c.style.colour;
  if (labelText) inlines.push({ kind: 'text', text: text ? labelText : labelText.trimEnd(), marks: [...marks], range: { from: 0, to: 0, line: 0, column: 0 }, offsets: labelText.split('').map(() => (ownColour ? LABEL_OFFSET : -1)) });
  const body = parseSnippet(text, settings.hardLineBreaks);
  inlines.push(...(c.descriptionItalic ? body.map((i) => (i.kind === 'text' ? { ...i, marks: [...i.marks, 'emphasis' as const] } : i)) : body));
  const style = c.style;
  // On a bar (§12.4 backgroundEnabled) the lines are set `padding` pt in from both sides of the measure.
  const inner = c.background ? Math.max(1, measure - 2 * c.padding) : measure;
  const set = env.setText({ base: 0, inlines, style: { ...style }, measure: inner, indent: 0, justify: c.align === 'justify' });
  const lines = ownColour ? labelColoured(set, c.labelColour) : set;
  const block = alignedTextBlock(lines, style, lineHeightOf(style), env, 'caption', c.align, inner);
  return c.background ? captionBar(block, c.background, c.padding, measure) : block;
}

export function noteBlock(resource: EngineResource, measure: number, settings: ResourceSettings, env: BlockEnvironment): FlowBlock {
  const text = (resource.note ?? '').trim();
  if (!text) return EMPTY_BLOCK;
  const { style, align } = settings.caption.note;
  const lines = env.setText({ base: 0, inlines: parseSnippet(text, settings.hardLineBreaks), style: { ...style }, measure, indent: 0, justify: align === 'justify' });
  return alignedTextBlock(lines, style, lineHeightOf(style), env, 'note', align, measure);
}

/** Leading of caption-like text: 1.25 em (our choice, close to the body's 1.5 em at smaller sizes). */
export function lineHeightOf(style: TextStyle): number {
  return 1.25 * style.size;
}

/**
 * What `maxHeight` caps (configuration.md §4 `layout.fitFiguresToPage`, §12.2 `shrink`): `figure`
 * — the picture with its caption and note (fit-to-page, shrink-to-slot); `picture` — the picture
 * alone (the slot caps the picture's size, §12.9; its caption may then run past `maxHeight`).
 */
export type FigureFit = 'figure' | 'picture';

/** A whole figure: picture, caption and note, with the caption above or below (§12.5). */
export function figureBlock(resource: EngineResource, type: ResourceType | undefined, number: string | undefined, measure: number, maxHeight: number, base: ResourceSettings, env: BlockEnvironment, fitTo: FigureFit = 'figure'): FlowBlock {
  // The type's own caption style over the global one (configuration.md §12.1 `captionStyle`).
  const settings = withTypeCaption(base, type);
  // The resource's placement over its type's defaultPlacement (resources/placement.ts).
  const placement = placementOf(resource, type ? [type] : undefined);
  const width = placementWidth(placement, measure);
  const natural = naturalSize(resource, settings);
  const drawable = natural !== null && !resource.problem;
  /** Caption and note at a measure (pt), and the height they take with their gaps. */
  const texts = (at: number) => {
    const caption = captionBlock(resource, type, number, at, settings, env);
    const note = noteBlock(resource, at, settings, env);
    return { caption, note, height: caption.height + note.height + (caption.height > 0 ? settings.caption.gap : 0) + (note.height > 0 ? settings.caption.note.gap : 0) };
  };
  // Room for the picture, pt (never below 12 pt, a picture still recognisable as one).
  // A picture that cannot be drawn keeps a 4:3 placeholder of the slot's width (max 6 lines of body height).
  // Vertical text (page/vertical.ts): the flow is drawn turned a quarter clockwise, so a picture
  // stands upright on the sheet only if it is set turned back in the flow — fitted with its width
  // and height swapped (no safe-area crop: the crop runs along the picture's own height).
  const upright = drawable && settings.verticalText === true;
  const fitBeside = (textHeight: number): PictureFit => {
    const room = Math.max(12, fitTo === 'picture' ? maxHeight : maxHeight - textHeight);
    if (upright) return fitPicture({ width: natural.height, height: natural.width }, width, room);
    return drawable ? fitPicture(natural, width, room, resource.safeArea) : { width, height: Math.min(width * 0.75, room) };
  };
  const pictureOf = (fit: PictureFit): FlowBlock => (upright ? turnedBackPicture(resource, fit, settings, env) : pictureBlock(resource, fit, settings, env));
  // captionSide (§12.6): caption and note in the side channel level with the picture, which then
  // has its slot's height to itself (page/caption-side.ts places the aside).
  const aside = placement?.['captionSide'] === true && env.captionSide !== undefined && env.captionSide > 0 ? env.captionSide : undefined;
  if (aside !== undefined) {
    const side = texts(aside);
    const fit = fitBeside(0);
    const picture = alignIn(pictureOf(fit), measure, placement, env.direction === 'rtl');
    const parts = [side.caption, side.note].filter((b) => b.height > 0).map((block, i) => ({ block, gapBefore: i > 0 ? settings.caption.note.gap : 0 }));
    const withAside = parts.length > 0 ? { ...picture, aside: stack(parts) } : picture;
    return drawable ? { ...withAside, picture: { width: fit.width, height: fit.height } } : withAside;
  }
  let text = texts(width);
  let fit = fitBeside(text.height);
  // captionMeasure 'body' (§12.6, since 1.24): caption and note as wide as a narrower picture,
  // not its slot; the picture is fitted once more beside the (taller) narrower text.
  if (placement?.['captionMeasure'] === 'body' && drawable && fit.width < width - 1e-6) {
    text = texts(fit.width);
    fit = fitBeside(text.height);
  }
  const { caption, note } = text;
  const picture = pictureOf(fit);
  const parts: { block: FlowBlock; gapBefore: number }[] = [];
  if (settings.caption.position === 'above') {
    if (caption.height > 0) parts.push({ block: caption, gapBefore: 0 });
    parts.push({ block: picture, gapBefore: settings.caption.gap });
  } else {
    parts.push({ block: picture, gapBefore: 0 });
    if (caption.height > 0) parts.push({ block: caption, gapBefore: settings.caption.gap });
  }
  if (note.height > 0) parts.push({ block: note, gapBefore: settings.caption.note.gap });
  const block = alignIn(stack(parts), measure, placement, env.direction === 'rtl');
  return drawable ? { ...block, picture: { width: fit.width, height: fit.height } } : block;
}

/** `placement.width` (a fraction of the slot) narrows a figure; used by captions too (captionMeasure: slot). */
function placementWidth(placement: Record<string, unknown> | undefined, measure: number): number {
  const w = placement?.['width'];
  return typeof w === 'number' && w > 0 && w < 1 ? measure * w : measure;
}

/**
 * Shifts a narrower block by `placement.align` inside the measure (left by default; `start`/`end`
 * are the text's sides, mirrored in right-to-left text); in vertical text, along the line — left at
 * the lines' head, right at their foot — for a picture or table standing upright (table.ts). The
 * parts of a block that splits keep the whole block's shift (our reading of document-format §12.6:
 * `align` places the resource, and a table cut between pages is one resource — its parts' header
 * rows stand level, as its parts side by side on one page do, however short the last part).
 */
export function alignIn(block: FlowBlock, measure: number, placement: Record<string, unknown> | undefined, rtl = false): FlowBlock {
  const align = placement?.['align'];
  const free = Math.max(0, measure - block.width);
  const right = align === 'right' || (align === 'end' && !rtl) || (align === 'start' && rtl);
  return shifted(block, align === 'center' ? free / 2 : right ? free : 0);
}

/** `block` drawn `dx` pt further along its measure, and every part it splits into by the same `dx`. */
function shifted(block: FlowBlock, dx: number): FlowBlock {
  if (dx === 0) return block;
  const { split } = block;
  const parts = split
    ? {
        split: (maxHeight: number) => {
          const cut = split(maxHeight);
          return cut && { first: shifted(cut.first, dx), rest: shifted(cut.rest, dx) };
        },
      }
    : {};
  return { ...block, emit: (x, y) => block.emit(x + dx, y), ...parts };
}
