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
import { Op, roundPt, type DisplayItem, type GlyphRunItem, type LineInfo } from '../../protocol/displaylist';
import { runOffset, type SetLine } from '../paragraph/lines';
import type { FontRegistry } from '../fonts/registry';
import type { FurnitureElement, TextElement } from '../settings-furniture';
import type { TextStyle } from '../settings';
import { glyphRun, type SetGenerated } from './paginate';
import type { SlotImages } from './furniture-images';
import { markedSegments, type DesignSegment, type SetDesignText } from './furniture-text';
import { capHeightRatio, outlineItems, spreadSpaces, trackedLine, transparent, uprightMatrix, verticalMatrix, verticalPieces } from './furniture-letters';

/** A slot of §5 (running heads), a part design (§13.5: container = the trim box) or a heading design (§8.2: container = the heading's band). */
export type SlotKind = 'header' | 'footer' | 'design' | 'heading';

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
  /** Told of every element's box as placed (pt, page coordinates): a heading design's reserved height (page/heading-design.ts). */
  placed?: (element: FurnitureElement, box: Box) => void;
  /** Rewrites a text element's glyph run as drawn (a heading design's title runs get the heading's source offsets). */
  runOf?: (element: TextElement, run: GlyphRunItem) => GlyphRunItem;
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
  /** A heading design's band (pt, page coordinates): its `container` (§8.2). */
  band?: Box;
}

export interface Box {
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
  if (slot === 'heading') {
    // §8.2: the band in the flow; `page` is the trim box, `bleed` the trim and bleed; `outer` is the container (§5.4).
    if (to === 'page') return { x: 0, y: 0, w: page.pageWidth, h: page.pageHeight };
    if (to === 'bleed') return { x: -page.bleed, y: -page.bleed, w: page.pageWidth + 2 * page.bleed, h: page.pageHeight + 2 * page.bleed };
    return page.band ?? { x: c.left, y: c.top, w: c.width, h: c.height };
  }
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

/** The index after the whitespace at `at` in `text`. */
function skipSpaces(text: string, at: number): number {
  let i = at;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

/** The index in `text` after `count` printed (non-space) characters from `at`. */
function afterPrinted(text: string, at: number, count: number): number {
  let i = at;
  for (let n = 0; i < text.length && n < count; i++) if (!/\s/.test(text[i]!)) n++;
  return i;
}

/** Printed characters of a set line: non-space units of its runs' text, less a hyphen added at a break (offset −1). */
function printedCharacters(line: SetLine): number {
  let n = 0;
  for (const run of line.runs) {
    for (let u = 0; u < run.text.length; u++) if (!/\s/.test(run.text[u]!) && runOffset(run, u) !== -1) n++;
  }
  return n;
}

/** Marked segments from plain-text index `at` on (the text before it dropped). */
function segmentsFrom(segments: readonly DesignSegment[], at: number): DesignSegment[] {
  const out: DesignSegment[] = [];
  let seen = 0;
  for (const seg of segments) {
    const end = seen + seg.text.length;
    if (end > at) out.push(at > seen ? { text: seg.text.slice(at - seen), marks: seg.marks } : seg);
    seen = end;
  }
  return out;
}

/** `autoRoom` down the page, for vertical text (§5.3 `writingMode`): from a top anchor down, a bottom one up, twice the nearer distance from a middle one. pt. */
function autoRoomDown(frame: Box, edge: string, dy: number): number {
  if (edge.startsWith('top')) return Math.max(0, frame.h - dy);
  if (edge.startsWith('bottom')) return Math.max(0, frame.h + dy);
  const centre = frame.h / 2 + dy;
  return Math.max(0, 2 * Math.min(centre, frame.h - centre));
}

function textStyleOf(element: TextElement): TextStyle {
  return { family: element.fontFamily, weight: element.fontWeight, italic: element.italic, size: element.fontSize, colour: element.colour };
}

/** `text` broken between words into lines no wider than `room` pt (a word wider than the room stands alone). */
function wrapped(text: string, room: number, width: (t: string) => number): string[] {
  return wrappedBy(text, () => room, width);
}

/** `wrapped` with a room per line (`roomOf(i)` pt for line i: lines beside a drop cap are narrower). */
function wrappedBy(text: string, roomOf: (line: number) => number, width: (t: string) => number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && width(candidate) > roomOf(lines.length) + 0.01) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** The single-line `overflow` modes (§5.3): every mode but `wrap`. */
export type CutMode = 'ellipsis-start' | 'ellipsis-middle' | 'ellipsis-end' | 'clip';

/** The (head, tail) word counts an ellipsis may keep, most words first (§5.3 "cut at word boundaries"). */
function* cuts(count: number, mode: Exclude<CutMode, 'clip'>): Generator<[number, number]> {
  for (let kept = count - 1; kept >= 1; kept--) {
    if (mode === 'ellipsis-end') yield [kept, 0];
    else if (mode === 'ellipsis-start') yield [0, kept];
    // Balanced first, then the head one word longer or shorter.
    else for (const head of new Set([Math.ceil(kept / 2), Math.floor(kept / 2)])) yield [head, kept - head];
  }
}

/** Words joined around an ellipsis: `head…`, `…tail`, or `head … tail` for the middle. */
function aroundEllipsis<T>(head: readonly T[], tail: readonly T[], mode: Exclude<CutMode, 'clip'>, join: (parts: readonly (T | ' ' | '…')[]) => T): T {
  const spaced = (words: readonly T[]): (T | ' ')[] => words.flatMap((w, i) => (i === 0 ? [w] : [' ' as const, w]));
  if (mode === 'ellipsis-end') return join([...spaced(head), '…']);
  if (mode === 'ellipsis-start') return join(['…', ...spaced(tail)]);
  if (head.length === 0) return join(['…', ' ', ...spaced(tail)]);
  if (tail.length === 0) return join([...spaced(head), ' ', '…']);
  return join([...spaced(head), ' ', '…', ' ', ...spaced(tail)]);
}

/**
 * `words` cut with an ellipsis so that the result `fits` (§5.3): `ellipsis-end` keeps the leading
 * words, `ellipsis-start` the trailing ones, `ellipsis-middle` both ends (the head one word longer
 * when the count is odd), with a space either side of the ellipsis. When not even one word fits
 * beside it, the ellipsis stands alone (a word is never split).
 */
function cutAtWords<T>(words: readonly T[], mode: Exclude<CutMode, 'clip'>, join: (parts: readonly (T | ' ' | '…')[]) => T, fits: (candidate: T) => boolean): T {
  for (const [head, tail] of cuts(words.length, mode)) {
    const candidate = aroundEllipsis(words.slice(0, head), words.slice(words.length - tail), mode, join);
    if (fits(candidate)) return candidate;
  }
  return join(['…']);
}

/** `text` cut with an ellipsis at word boundaries so that it fits `room` pt (see `cutAtWords`). */
export function ellipsised(text: string, room: number, mode: Exclude<CutMode, 'clip'>, width: (t: string) => number): string {
  const words = text.split(/\s+/).filter((w) => w !== '');
  return cutAtWords(words, mode, (parts) => parts.join(''), (candidate) => width(candidate) <= room + 0.01);
}

/** Marked design text (`inlineMarks`) cut the same way; a word keeps its marks. */
export function ellipsisedSegments(segments: readonly DesignSegment[], room: number, mode: Exclude<CutMode, 'clip'>, width: (t: readonly DesignSegment[]) => number): DesignSegment[] {
  // Words as lists of segments: whitespace ends a word, marks may change inside one.
  const words: DesignSegment[][] = [];
  let current: DesignSegment[] = [];
  for (const seg of segments) {
    for (const piece of seg.text.split(/(\s+)/)) {
      if (piece === '') continue;
      if (/^\s+$/.test(piece)) {
        if (current.length > 0) words.push(current);
        current = [];
      } else current.push({ text: piece, marks: seg.marks });
    }
  }
  if (current.length > 0) words.push(current);
  const join = (parts: readonly (DesignSegment[] | ' ' | '…')[]): DesignSegment[] => parts.flatMap((p) => (typeof p === 'string' ? [{ text: p, marks: [] }] : p));
  return cutAtWords(words, mode, join, (candidate) => width(candidate) <= room + 0.01);
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

const NO_PADDING = { top: 0, right: 0, bottom: 0, left: 0 } as const;

/** A text element's `box` (§5.3): its fill and border (stroked inside) over the element box, corners rounded by its radius. */
function textBoxItems(style: NonNullable<TextElement['box']>, box: Box): DisplayItem[] {
  const stroke = style.stroke && style.strokeWidth > 0 ? { stroke: style.stroke, strokeWidth: style.strokeWidth } : {};
  if (!style.fill && !('stroke' in stroke)) return [];
  // Stroked inside the box: the path runs half a border width in.
  const inset = 'stroke' in stroke ? style.strokeWidth / 2 : 0;
  const x = box.x + inset;
  const y = box.y + inset;
  const w = Math.max(0, box.w - 2 * inset);
  const h = Math.max(0, box.h - 2 * inset);
  const r = Math.min(style.radius, w / 2, h / 2);
  if (r <= 0) return [{ op: Op.Rect, x: roundPt(x), y: roundPt(y), w: roundPt(w), h: roundPt(h), ...(style.fill ? { fill: style.fill } : {}), ...stroke }];
  const f = roundPt;
  const d = `M${f(x + r)} ${f(y)}H${f(x + w - r)}A${f(r)} ${f(r)} 0 0 1 ${f(x + w)} ${f(y + r)}V${f(y + h - r)}A${f(r)} ${f(r)} 0 0 1 ${f(x + w - r)} ${f(y + h)}H${f(x + r)}A${f(r)} ${f(r)} 0 0 1 ${f(x)} ${f(y + h - r)}V${f(y + r)}A${f(r)} ${f(r)} 0 0 1 ${f(x + r)} ${f(y)}Z`;
  return [{ op: Op.Path, d, ...(style.fill ? { fill: style.fill } : {}), ...stroke }];
}

/** SVG path data of a rectangle, pt (page coordinates). */
function rectPath(x: number, y: number, w: number, h: number): string {
  return `M${roundPt(x)} ${roundPt(y)}H${roundPt(x + w)}V${roundPt(y + h)}H${roundPt(x)}Z`;
}

/** One slot's items on one page, in paint order. */
export function composeSlot(slot: SlotKind, elements: readonly FurnitureElement[], page: SlotPage, fonts: FontRegistry, setGenerated: SetGenerated, extras: SlotExtras = {}): DisplayItem[] {
  const items: DisplayItem[] = [];
  const boxes = new Map<string, Box>();
  const setBox = (element: FurnitureElement, box: Box): void => {
    boxes.set(element.id, box);
    extras.placed?.(element, box);
  };
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
      // `letterSpacing` (§5.3): every set line is tracked, and measured tracked (page/furniture-letters.ts).
      const tracking = element.letterSpacing;
      const track = (line: SetLine): SetLine => (tracking !== 0 ? trackedLine(line, tracking) : line);
      const setLine = (t: string): SetLine => track(setGenerated(t, style));
      const widthOf = (t: string): number => setLine(t).width;
      // `writingMode: vertical-rl` (§5.3): the lines run down the page, so their length is the box's height.
      const vertical = element.writingMode === 'vertical-rl';
      const fixedLength = vertical ? fixedH : fixedW;
      const fixedThickness = vertical ? fixedW : fixedH;
      let room = fixedLength ?? (vertical ? autoRoomDown(frame, ref ? 'top' : p.edge, p.y) : autoRoom(frame, ref ? 'left' : p.edge, p.x));
      if (p.maxWidth !== undefined && !vertical) room = Math.min(room, p.maxWidth);
      // `box` padding (§5.3) is inside the element box: the text has the room less it.
      const pad = element.box?.padding ?? NO_PADDING;
      const padAlong = vertical ? pad.top + pad.bottom : pad.left + pad.right;
      const padAcross = vertical ? pad.left + pad.right : pad.top + pad.bottom;
      room = Math.max(0, room - padAlong);
      /** The lines to draw; those wider than the box under `clip` are drawn from the start edge and cut by the box. */
      const lines: SetLine[] = [];
      const clipped = new Set<number>();
      /** Start-side indent of a line beside a drop cap, pt, by line index. */
      const besideCap = new Map<number, number>();
      let cap: { line: SetLine; lines: number; width: number } | undefined;
      const rtl = element.direction === 'rtl';
      const direction = rtl ? 'rtl' : 'ltr';
      const justify = element.align === 'justify';
      const setText = extras.setText;
      const measure = room;
      /** A single line of plain or marked text, unbounded. */
      const oneLine = (content: string | readonly DesignSegment[]): SetLine =>
        track(typeof content === 'string' || !setText ? setGenerated(typeof content === 'string' ? content : content.map((c) => c.text).join(''), style) : (setText(content, style, 1e6, { justify: false, hyphenate: false, direction })[0] ?? setGenerated('', style)));
      let engineJustified = false;
      /**
       * Text set by the paragraph engine at `width` pt (first line indented `indent` pt), tracked; set
       * narrower by what tracking adds while it runs over (a few tries), justified lines spread back to the width.
       */
      const engineSet = (content: string | readonly DesignSegment[], width: number, indent: number): SetLine[] => {
        if (!setText) return [];
        let engineMeasure = width;
        let set: SetLine[] = [];
        for (let attempt = 0; attempt < 4; attempt++) {
          set = setText(content, style, engineMeasure, { justify, hyphenate: element.hyphenate, direction, ...(indent > 0 ? { indent } : {}) }).map(track);
          const over = Math.max(0, ...set.map((l, i) => l.width + (i === 0 ? indent : 0) - width));
          if (tracking <= 0 || over <= 0.01) break;
          engineMeasure = Math.max(1, engineMeasure - over);
        }
        return justify && tracking !== 0 ? set.map((l, i) => (i < set.length - 1 ? spreadSpaces(l, width - (i === 0 ? indent : 0) - l.width) : l)) : set;
      };
      text.split('\n').forEach((piece, k) => {
        // A drop cap forces wrapping (§5.3).
        const mode = element.dropCap ? 'wrap' : element.overflow;
        // `paragraphIndent` (§5.3): each forced line after the first opens a paragraph, its first line indented (wrapped text).
        const indent = k > 0 && mode === 'wrap' ? element.paragraphIndent : 0;
        // `inlineMarks` (§5.3): `**b**`, `*i*`, `^sup^`, `~sub~` in the resolved text, set by the paragraph engine.
        const segments = element.inlineMarks && setText && /[*^~]/.test(piece) ? markedSegments(piece) : undefined;
        const marked = segments?.some((seg) => seg.marks.length > 0) ? segments : undefined;
        const plain = marked ? marked.map((seg) => seg.text).join('') : piece;
        if (k === 0 && element.dropCap && plain) {
          // `dropCap` (§5.3): the opening letter (with any punctuation before it) spans `lines` lines at
          // the start side; the lines beside it are narrower by its width and gap.
          const dc = element.dropCap;
          const initial = /^\p{P}*./su.exec(plain)![0];
          const size = dc.fontSize ?? ((dc.lines - 1) * element.lineHeight + capHeightRatio(fonts, style.family, style.weight) * style.size) / capHeightRatio(fonts, dc.fontFamily, dc.fontWeight);
          const capLine = setGenerated(initial, { family: dc.fontFamily, weight: dc.fontWeight, italic: false, size, colour: dc.colour });
          const aside = capLine.width + dc.gap;
          const narrow = Math.max(0, room - aside);
          cap = { line: capLine, lines: dc.lines, width: capLine.width };
          const restStart = skipSpaces(plain, initial.length);
          const from = (at: number): string | readonly DesignSegment[] => (marked ? segmentsFrom(marked, at) : plain.slice(at));
          if (setText && (justify || element.hyphenate || marked)) {
            // Justified, hyphenated or marked: the paragraph engine at the narrow measure for the lines
            // beside the initial, and what they leave (counted in printed characters) at the full one.
            const beside = restStart < plain.length ? engineSet(from(restStart), narrow, 0) : [];
            const kept = beside.slice(0, dc.lines);
            kept.forEach((line, i) => {
              lines.push(line);
              besideCap.set(i, aside);
            });
            if (beside.length > dc.lines) {
              const tailStart = skipSpaces(plain, afterPrinted(plain, restStart, kept.reduce((n, line) => n + printedCharacters(line), 0)));
              if (tailStart < plain.length) lines.push(...engineSet(from(tailStart), room, 0));
            }
          } else {
            // Set word by word from the plain text.
            const rest = wrappedBy(plain.slice(restStart), (i) => (i < dc.lines ? narrow : room), widthOf);
            rest.forEach((t, i) => {
              const line = setLine(t);
              const lineRoom = i < dc.lines ? narrow : room;
              // Justified: word spaces spread to the line's room, all but the last line.
              lines.push(justify && i < rest.length - 1 ? spreadSpaces(line, lineRoom - line.width) : line);
              if (i < dc.lines) besideCap.set(i, aside);
            });
          }
          engineJustified ||= justify;
        } else if (mode === 'wrap' && setText && (justify || element.hyphenate || marked || indent > 0)) {
          // Justified, hyphenated, marked or indented wrapped text: the paragraph engine at the box's measure.
          const set = piece ? engineSet(marked ?? piece, measure, indent) : [];
          lines.push(...(set.length > 0 ? set : [setGenerated('', style)]));
          engineJustified ||= justify;
        } else if (mode === 'wrap') lines.push(...wrapped(piece, room, widthOf).map(setLine));
        else {
          const full = oneLine(marked ?? piece);
          if (!piece || full.width <= room + 0.01) lines.push(full);
          else if (mode === 'clip') {
            clipped.add(lines.length);
            lines.push(full);
            extras.truncated?.({ element: element.id, text: plain, shown: plain, mode });
          } else {
            const cut = marked ? ellipsisedSegments(marked, room, mode, (c) => oneLine(c).width) : ellipsised(piece, room, mode, widthOf);
            lines.push(oneLine(cut));
            extras.truncated?.({ element: element.id, text: plain, shown: typeof cut === 'string' ? cut : cut.map((seg) => seg.text).join(''), mode });
          }
        }
      });
      // Justified text fills its measure: the box is as long as the room.
      const length = fixedLength ?? (engineJustified ? measure : Math.min(Math.max(...lines.map((l, i) => l.width + (besideCap.get(i) ?? 0)), cap ? cap.width : 0), room)) + padAlong;
      // The first line's ascent to the last line's descent, `lineHeight` (pt) between baselines; a drop cap's lines at least.
      const contentHeight = ascent + descent + (Math.max(lines.length, cap ? cap.lines : 1) - 1) * element.lineHeight;
      const thickness = fixedThickness ?? contentHeight + padAcross;
      const box = vertical ? place(thickness, length) : place(length, thickness);
      setBox(element, box);
      if (element.box) items.push(...textBoxItems(element.box, box));
      // The lines sit in the box less its padding; vertical text is laid out across the turned box, then turned.
      const inside: Box = { x: box.x + pad.left, y: box.y + pad.top, w: Math.max(0, box.w - pad.left - pad.right), h: Math.max(0, box.h - pad.top - pad.bottom) };
      const inner: Box = vertical ? { x: inside.x, y: inside.y, w: inside.h, h: inside.w } : inside;
      if (!text) continue;
      if (vertical) items.push({ op: Op.Transform, matrix: verticalMatrix(inside.x, inside.y, inside.w) });
      const align = element.align === 'start' || element.align === 'justify' ? (rtl ? 'right' : 'left') : element.align === 'end' ? (rtl ? 'left' : 'right') : element.align;
      const top = element.verticalAlign === 'top' ? inner.y : element.verticalAlign === 'bottom' ? inner.y + inner.h - contentHeight : inner.y + (inner.h - contentHeight) / 2;
      /** The glyph runs of a line at (x, baseline), hollow or outlined by `stroke` (§5.3). */
      const drawLine = (whole: SetLine, x: number, baseline: number): void => {
        const stroke = element.stroke;
        // In vertical text CJK glyphs stand upright, each in a group turned back a quarter (page/furniture-letters.ts).
        for (const { line, upright } of vertical ? verticalPieces(whole, fonts) : [{ line: whole }]) {
          if (upright) items.push({ op: Op.Transform, matrix: uprightMatrix(x + upright.cx, baseline + upright.cy) });
          for (const run of line.runs) {
            const drawn = glyphRun(run, x, baseline, page.chapterId, extras.line);
            const item = extras.runOf ? extras.runOf(element, drawn) : drawn;
            items.push(stroke?.hollow ? { ...item, fill: transparent(item.fill) } : item);
          }
          if (stroke) items.push(...outlineItems(line, x, baseline, stroke, fonts));
          if (upright) items.push({ op: Op.TransformEnd });
        }
      };
      if (cap) {
        // The initial's baseline is that of the last line it spans; it stands at the start edge.
        const capX = rtl ? inner.x + inner.w - cap.width : inner.x;
        drawLine(cap.line, capX - (cap.line.inset ?? 0), top + ascent + (cap.lines - 1) * element.lineHeight);
      }
      lines.forEach((line, i) => {
        const cut = clipped.has(i);
        const aside = besideCap.get(i) ?? 0;
        // Beside a drop cap, the line's box starts after the initial and its gap.
        const left = inner.x + (rtl ? 0 : aside);
        const width = inner.w - aside;
        // A clipped line starts at the box's start edge (like CSS overflow) and is cut at its other edge.
        const lineAlign = cut ? (rtl ? 'right' : 'left') : align;
        // The ink's left edge by alignment; a right-to-left line from the engine carries its inset in its glyph positions.
        const x = (lineAlign === 'right' ? left + width - line.width : lineAlign === 'center' ? left + (width - line.width) / 2 : left) - (line.inset ?? 0);
        const baseline = top + ascent + i * element.lineHeight;
        // The clip band is the box's width and the line's height with a font size above and below (accents, descenders).
        if (cut) items.push({ op: Op.Clip, d: rectPath(inner.x, baseline - ascent - style.size, inner.w, ascent + descent + 2 * style.size) });
        drawLine(line, x, baseline);
        if (cut) items.push({ op: Op.ClipEnd });
      });
      if (vertical) items.push({ op: Op.TransformEnd });
    } else if (element.kind === 'rule') {
      const horizontal = element.direction === 'horizontal';
      const length = horizontal ? (fixedW ?? frame.w) : (fixedH ?? frame.h);
      const box = place(horizontal ? length : 0, horizontal ? 0 : length);
      setBox(element, box);
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
      setBox(element, box);
      if (image && w > 0 && h > 0) items.push(...image.draw(box.x, box.y, box.w, box.h));
    } else {
      // A box element: 20 × 20 pt unless sized (the Design panel's default, §5.3).
      const box = place(fixedW ?? 20, fixedH ?? 20);
      setBox(element, box);
      // Filled, stroked inside and rounded as a text element's box (§5.3 `style`).
      items.push(...textBoxItems({ ...element, padding: NO_PADDING }, box));
    }
  }
  return items;
}
