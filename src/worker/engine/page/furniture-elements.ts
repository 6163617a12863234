/**
 * Header and footer slots drawn from their design elements (configuration.md §5): text with
 * placeholders (§5.5), rules and boxes, each filtered by parity and page role and placed by its
 * anchor, offset and size (§5.4). Slots never reserve space: they paint inside the margins, on
 * top of the body. Positions in pt, y down from the trim's top.
 *
 * Our choices where §5 leaves room: a single-line text box is as tall as the face's ascent plus
 * descent (so `bottom` anchors measure to the text's bottom and `top` anchors to its top, the way
 * the built-in slots of §5.2 sit); a horizontal rule's box has no height (its anchor is its centre
 * line); `wrap` text breaks between words within its box's width, `lineHeight` apart, and a
 * newline (or a literal `\n`) forces a line in every mode; single-line modes cut a line wider than
 * its box at word boundaries (`ellipsis-start`/`-middle`/`-end`) or at the box edge (`clip`, a
 * clip group from the start edge) and report it (`SlotExtras.truncated`); wrapped text that is
 * justified or hyphenated is set by the paragraph engine (page/furniture-text.ts), justified lines
 * reaching both edges of the box and the last line of each forced piece set at the start;
 * an anchor to an element that is not drawn on the page (or comes later) anchors to the container.
 * Part designs (`parts.design`, `versoDesign`) use the same elements in the `design` slot, whose
 * container is the trim box (§13.5).
 */
import { Op, roundPt, type DisplayItem, type LineInfo } from '../../protocol/displaylist';
import type { SetLine } from '../paragraph/lines';
import type { FontRegistry } from '../fonts/registry';
import type { FurnitureElement, TextElement } from '../settings-furniture';
import type { TextStyle } from '../settings';
import { glyphRun, type SetGenerated } from './paginate';
import type { SlotImages } from './furniture-images';
import type { SetDesignText } from './furniture-text';

/** A slot of §5 (running heads) or a part design (§13.5: container = the trim box). */
export type SlotKind = 'header' | 'footer' | 'design';

/** What a slot draws beyond text, rules and boxes. */
export interface SlotExtras {
  /** Image elements' pictures (page/furniture-images.ts); without it, images are placed but not drawn. */
  images?: SlotImages;
  /** Line info for the text runs (a part design's title carries the part's block for `:::toc`). */
  line?: LineInfo;
  /** Told of every text line cut to its box (`ellipsis-*`, `clip`): the `designTextTruncated` check. */
  truncated?: (cut: TruncatedText) => void;
  /** The paragraph engine for justified or hyphenated wrapped text (page/furniture-text.ts); without it such text wraps word by word. */
  setText?: SetDesignText;
}

export type PageRole = 'body' | 'opener' | 'part' | 'blank';

export interface SlotPage {
  /** 0-based index in the book. */
  pageIndex: number;
  /** An odd (recto) page, counted from where the book begins in a longer one (page/continuation.ts). */
  recto: boolean;
  role: PageRole;
  chapterId: string;
  pageWidth: number;
  pageHeight: number;
  /** pt beyond the trim on every side. */
  bleed: number;
  /** The body's frame on this page, pt. */
  content: { left: number; top: number; width: number; height: number };
  /** Placeholder values by name (`pageNumber`, `title`, `chapterTitle`, …); absent ones print empty. */
  values: Readonly<Record<string, string>>;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** `{name}` placeholders, `{{`/`}}` literal braces; unknown names and `{attr.*}` print nothing (§5.5). */
export function resolvePlaceholders(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (match, name: string | undefined) => {
    if (match === '{{') return '{';
    if (match === '}}') return '}';
    return values[(name ?? '').trim()] ?? '';
  });
}

function visible(element: FurnitureElement, page: SlotPage): boolean {
  const odd = page.recto;
  if (element.parity === 'odd' && !odd) return false;
  if (element.parity === 'even' && odd) return false;
  return element.pages === 'all' || element.pages === page.role;
}

function containerOf(slot: SlotKind, to: string, page: SlotPage): Box {
  const c = page.content;
  if (slot === 'design' && to !== 'bleed') return { x: 0, y: 0, w: page.pageWidth, h: page.pageHeight };
  const top = slot === 'header' ? 0 : c.top + c.height;
  const bottom = slot === 'header' ? c.top : page.pageHeight;
  if (to === 'page') return { x: 0, y: 0, w: page.pageWidth, h: page.pageHeight };
  if (to === 'bleed') return { x: -page.bleed, y: -page.bleed, w: page.pageWidth + 2 * page.bleed, h: page.pageHeight + 2 * page.bleed };
  if (to === 'outer') {
    // The outer margin: right of the body on a recto, left of it on a verso.
    const recto = page.recto;
    const x = recto ? c.left + c.width : 0;
    return { x, y: top, w: recto ? page.pageWidth - x : c.left, h: bottom - top };
  }
  return { x: c.left, y: top, w: c.width, h: bottom - top };
}

/** Places a w × h box at a frame edge of `frame`, then moves it by the offset. */
function atFrameEdge(frame: Box, edge: string, w: number, h: number, dx: number, dy: number): Box {
  const left = edge.endsWith('left') || edge === 'left';
  const right = edge.endsWith('right') || edge === 'right';
  const top = edge.startsWith('top');
  const bottom = edge.startsWith('bottom');
  const x = left ? frame.x : right ? frame.x + frame.w - w : frame.x + (frame.w - w) / 2;
  const y = top ? frame.y : bottom ? frame.y + frame.h - h : frame.y + (frame.h - h) / 2;
  return { x: x + dx, y: y + dy, w, h };
}

/** Places a w × h box against an earlier element's box (§5.4 element edges). */
function atElement(ref: Box, edge: string, w: number, h: number, dx: number, dy: number): Box {
  switch (edge) {
    case 'left-of': return { x: ref.x - w + dx, y: ref.y + dy, w, h };
    case 'below': return { x: ref.x + dx, y: ref.y + ref.h + dy, w, h };
    case 'above': return { x: ref.x + dx, y: ref.y - h + dy, w, h };
    case 'align-top': return { x: ref.x + dx, y: ref.y + dy, w, h };
    case 'align-bottom': return { x: ref.x + dx, y: ref.y + ref.h - h + dy, w, h };
    case 'align-left': return { x: ref.x + dx, y: ref.y + dy, w, h };
    case 'align-right': return { x: ref.x + ref.w - w + dx, y: ref.y + dy, w, h };
    // right-of, and frame edges misused on an element: corner to corner (§5.4 "read as top-left").
    default: return { x: ref.x + ref.w + dx, y: ref.y + dy, w, h };
  }
}

/**
 * The room an auto-width element may take (§5.4): from its anchor point to the container edge it
 * grows toward; twice the distance to the nearer edge for centred anchors. pt.
 */
function autoRoom(frame: Box, edge: string, dx: number): number {
  if (edge.endsWith('left') || edge === 'left') return Math.max(0, frame.w - dx);
  if (edge.endsWith('right') || edge === 'right') return Math.max(0, frame.w + dx);
  const centre = frame.w / 2 + dx;
  return Math.max(0, 2 * Math.min(centre, frame.w - centre));
}

function textStyleOf(element: TextElement): TextStyle {
  return { family: element.fontFamily, weight: element.fontWeight, italic: element.italic, size: element.fontSize, colour: element.colour };
}

/** `text` broken between words into lines no wider than `room` pt (a word wider than the room stands alone). */
function wrapped(text: string, room: number, width: (t: string) => number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && width(candidate) > room + 0.01) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** The single-line `overflow` modes (§5.3): every mode but `wrap`. */
export type CutMode = 'ellipsis-start' | 'ellipsis-middle' | 'ellipsis-end' | 'clip';

/**
 * `text` cut with an ellipsis at word boundaries so that it fits `room` pt (§5.3): `ellipsis-end`
 * keeps the leading words, `ellipsis-start` the trailing ones, `ellipsis-middle` both ends (the
 * head one word longer when the count is odd), with a space either side of the ellipsis. When not
 * even one word fits beside it, the ellipsis stands alone (a word is never split).
 */
export function ellipsised(text: string, room: number, mode: Exclude<CutMode, 'clip'>, width: (t: string) => number): string {
  const words = text.split(/\s+/).filter((w) => w !== '');
  const fits = (candidate: string): boolean => width(candidate) <= room + 0.01;
  for (let kept = words.length - 1; kept >= 1; kept--) {
    if (mode === 'ellipsis-end') {
      const candidate = `${words.slice(0, kept).join(' ')}…`;
      if (fits(candidate)) return candidate;
    } else if (mode === 'ellipsis-start') {
      const candidate = `…${words.slice(words.length - kept).join(' ')}`;
      if (fits(candidate)) return candidate;
    } else {
      // Balanced first, then the head one word longer or shorter.
      for (const head of new Set([Math.ceil(kept / 2), Math.floor(kept / 2)])) {
        const tail = kept - head;
        const candidate = head === 0 ? `… ${words.slice(words.length - tail).join(' ')}` : tail === 0 ? `${words.slice(0, head).join(' ')} …` : `${words.slice(0, head).join(' ')} … ${words.slice(words.length - tail).join(' ')}`;
        if (fits(candidate)) return candidate;
      }
    }
  }
  return '…';
}

/** A line of design text that did not fit its box and was cut (§5.3: the `designTextTruncated` warning). */
export interface TruncatedText {
  /** The element's id. */
  element: string;
  /** The text as resolved, before the cut. */
  text: string;
  /** What is printed: the ellipsised text, or for `clip` the text itself (cut by the box). */
  shown: string;
  mode: CutMode;
}

/** SVG path data of a rectangle, pt (page coordinates). */
function rectPath(x: number, y: number, w: number, h: number): string {
  return `M${roundPt(x)} ${roundPt(y)}H${roundPt(x + w)}V${roundPt(y + h)}H${roundPt(x)}Z`;
}

/** One slot's items on one page, in paint order. */
export function composeSlot(slot: SlotKind, elements: readonly FurnitureElement[], page: SlotPage, fonts: FontRegistry, setGenerated: SetGenerated, extras: SlotExtras = {}): DisplayItem[] {
  const items: DisplayItem[] = [];
  const boxes = new Map<string, Box>();
  for (const element of elements) {
    if (!visible(element, page)) continue;
    const p = element.placement;
    const ref = p.to.startsWith('#') ? boxes.get(p.to.slice(1)) : undefined;
    const frame = containerOf(slot, ref ? 'container' : p.to, page);
    const fixedW = typeof p.width === 'number' ? p.width : p.width === 'fill' ? Math.max(0, frame.w - Math.abs(p.x)) : undefined;
    const fixedH = typeof p.height === 'number' ? p.height : p.height === 'fill' ? Math.max(0, frame.h - Math.abs(p.y)) : undefined;
    const place = (w: number, h: number): Box => (ref ? atElement(ref, p.edge, w, h, p.x, p.y) : atFrameEdge(frame, p.edge, w, h, p.x, p.y));

    if (element.kind === 'text') {
      const style = textStyleOf(element);
      const face = fonts.match(style.family, style.weight, style.italic ? 'italic' : 'normal');
      const ascent = (face.ascender / face.upem) * style.size;
      const descent = (-face.descender / face.upem) * style.size;
      // A newline (or a literal `\n`) forces a line (§5.3).
      const forced = resolvePlaceholders(element.content, page.values).split(/\\n|\n/).map((t) => t.trim());
      const text = (element.uppercase ? forced.join('\n').toUpperCase() : forced.join('\n')).trim();
      const widthOf = (t: string): number => setGenerated(t, style).width;
      let room = fixedW ?? autoRoom(frame, ref ? 'left' : p.edge, p.x);
      if (p.maxWidth !== undefined) room = Math.min(room, p.maxWidth);
      const texts: string[] = [];
      /** Lines wider than the box under `clip`: drawn from the start edge and cut by the box. */
      const clipped = new Set<number>();
      const rtl = element.direction === 'rtl';
      // Justified or hyphenated wrapped text: the paragraph engine at the box's measure.
      const justify = element.align === 'justify';
      const engine = element.overflow === 'wrap' && (justify || element.hyphenate) && extras.setText ? extras.setText : undefined;
      const measure = fixedW ?? room;
      const engineLines: SetLine[] = [];
      for (const piece of text.split('\n')) {
        const mode = element.overflow;
        if (engine) {
          const set = piece ? engine(piece, style, measure, { justify, hyphenate: element.hyphenate, direction: rtl ? 'rtl' : 'ltr' }) : [];
          engineLines.push(...(set.length > 0 ? set : [setGenerated('', style)]));
        } else if (mode === 'wrap') texts.push(...wrapped(piece, room, widthOf));
        else if (!piece || widthOf(piece) <= room + 0.01) texts.push(piece);
        else {
          const shown = mode === 'clip' ? piece : ellipsised(piece, room, mode, widthOf);
          if (mode === 'clip') clipped.add(texts.length);
          texts.push(shown);
          extras.truncated?.({ element: element.id, text: piece, shown, mode });
        }
      }
      const lines = engine ? engineLines : texts.map((t) => setGenerated(t, style));
      // Justified text fills its measure: the box is as wide as the room.
      const w = fixedW ?? (engine && justify ? measure : Math.min(Math.max(...lines.map((l) => l.width)), room));
      // The first line's ascent to the last line's descent, `lineHeight` (pt) between baselines.
      const contentHeight = ascent + descent + (lines.length - 1) * element.lineHeight;
      const box = place(w, fixedH ?? contentHeight);
      boxes.set(element.id, box);
      if (!text) continue;
      const align = element.align === 'start' || element.align === 'justify' ? (rtl ? 'right' : 'left') : element.align === 'end' ? (rtl ? 'left' : 'right') : element.align;
      const top = element.verticalAlign === 'top' ? box.y : element.verticalAlign === 'bottom' ? box.y + box.h - contentHeight : box.y + (box.h - contentHeight) / 2;
      lines.forEach((line, i) => {
        const cut = clipped.has(i);
        // A clipped line starts at the box's start edge (like CSS overflow) and is cut at its other edge.
        const lineAlign = cut ? (rtl ? 'right' : 'left') : align;
        // The ink's left edge by alignment; a right-to-left line from the engine carries its inset in its glyph positions.
        const x = (lineAlign === 'right' ? box.x + box.w - line.width : lineAlign === 'center' ? box.x + (box.w - line.width) / 2 : box.x) - (line.inset ?? 0);
        const baseline = top + ascent + i * element.lineHeight;
        // The clip band is the box's width and the line's height with a font size above and below (accents, descenders).
        if (cut) items.push({ op: Op.Clip, d: rectPath(box.x, baseline - ascent - style.size, box.w, ascent + descent + 2 * style.size) });
        for (const run of line.runs) items.push(glyphRun(run, x, baseline, page.chapterId, extras.line));
        if (cut) items.push({ op: Op.ClipEnd });
      });
    } else if (element.kind === 'rule') {
      const horizontal = element.direction === 'horizontal';
      const length = horizontal ? (fixedW ?? frame.w) : (fixedH ?? frame.h);
      const box = place(horizontal ? length : 0, horizontal ? 0 : length);
      boxes.set(element.id, box);
      if (element.thickness <= 0 || length <= 0) continue;
      const x2 = horizontal ? box.x + box.w : box.x;
      const y2 = horizontal ? box.y : box.y + box.h;
      items.push({ op: Op.Rule, x1: roundPt(box.x), y1: roundPt(box.y), x2: roundPt(x2), y2: roundPt(y2), width: element.thickness, stroke: element.colour });
    } else if (element.kind === 'image') {
      // One side auto keeps the picture's aspect; both auto: its natural size (§5.3).
      const image = extras.images?.(resolvePlaceholders(element.resourceId, page.values).trim());
      const natural = image?.natural ?? { width: 20, height: 20 };
      const w = fixedW ?? (fixedH !== undefined ? (fixedH * natural.width) / natural.height : natural.width);
      const h = fixedH ?? (fixedW !== undefined ? (fixedW * natural.height) / natural.width : natural.height);
      const box = place(w, h);
      boxes.set(element.id, box);
      if (image && w > 0 && h > 0) items.push(...image.draw(box.x, box.y, box.w, box.h));
    } else {
      // A box element: 20 × 20 pt unless sized (the Design panel's default, §5.3).
      const box = place(fixedW ?? 20, fixedH ?? 20);
      boxes.set(element.id, box);
      if (!element.fill && !(element.stroke && element.strokeWidth > 0)) continue;
      items.push({
        op: Op.Rect,
        x: roundPt(box.x),
        y: roundPt(box.y),
        w: roundPt(box.w),
        h: roundPt(box.h),
        ...(element.fill ? { fill: element.fill } : {}),
        ...(element.stroke && element.strokeWidth > 0 ? { stroke: element.stroke, strokeWidth: element.strokeWidth } : {}),
      });
    }
  }
  return items;
}
