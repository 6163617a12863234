/**
 * `:::paragraphs{style align indent endIndent}` (document-format §8.2, configuration.md §13.1):
 * the paragraph style in force for the paragraph blocks of a container (lists, quotes and
 * headings inside keep theirs). An unknown or missing style is body text; `align`, `indent` and
 * `endIndent` override the style's. Lengths in pt.
 */
import type { Attributes, Block } from '../parse/model';
import type { LayoutSettings, ParagraphStyleSettings } from '../settings';

/** A bare number is in ems of the style's size; else a length with pt, em, mm, cm, in or px. */
export function attributeLength(value: string | undefined, em: number): number | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(-?\d*\.?\d+)\s*(pt|em|mm|cm|in|px)?\s*$/.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]);
  switch (m[2]) {
    case 'pt':
      return n;
    case 'mm':
      return (n * 72) / 25.4;
    case 'cm':
      return (n * 72) / 2.54;
    case 'in':
      return n * 72;
    case 'px':
      return n * 0.75; // CSS px at 96 per inch
    default:
      return n * em;
  }
}

/** Body text as a paragraph style: what an unknown id, or a container with only `align`/`indent`, starts from. */
export function bodyParagraphStyle(settings: LayoutSettings): ParagraphStyleSettings {
  return {
    style: settings.body.style,
    lineHeight: settings.body.lineHeight,
    align: settings.body.align,
    indent: 0,
    endIndent: 0,
    firstLineIndent: settings.body.firstLineIndent,
    spaceBetween: 0,
    marginTop: 0,
    marginBottom: 0,
  };
}

/** The container's style with its attributes over it (document-format §8.2). */
export function resolveParagraphStyle(attrs: Attributes, settings: LayoutSettings, rtl: boolean): ParagraphStyleSettings {
  const named = settings.paragraphStyles?.[attrs['style'] ?? ''];
  const base = named ?? bodyParagraphStyle(settings);
  const em = base.style.size;
  const align = attrs['align'];
  // start/end are text sides: they mirror in right-to-left blocks (document-format §18.1).
  const side = (name: 'start' | 'end'): 'left' | 'right' => ((name === 'start') !== rtl ? 'left' : 'right');
  const resolvedAlign = align === 'center' || align === 'justify' || align === 'left' || align === 'right' ? align : align === 'start' || align === 'end' ? side(align) : base.align;
  return {
    ...base,
    align: resolvedAlign,
    indent: Math.max(0, attributeLength(attrs['indent'], em) ?? base.indent),
    endIndent: Math.max(0, attributeLength(attrs['endIndent'], em) ?? base.endIndent),
  };
}

/** The open `:::paragraphs` containers, innermost last. */
export class ParagraphStyleScope {
  private readonly open: { endId: string; id: string; style: ParagraphStyleSettings; paragraphs: number }[] = [];

  enter(start: Extract<Block, { kind: 'containerStart' }>, settings: LayoutSettings, rtl: boolean): ParagraphStyleSettings {
    const style = resolveParagraphStyle(start.attrs, settings, rtl);
    this.open.push({ endId: start.endId, id: start.attrs['style'] ?? '', style, paragraphs: 0 });
    return style;
  }

  /** The end and bottom margin (pt) of the container closed last (bodyText.paragraphContainerSpacing). */
  private closed: { endId: string; marginBottom: number } | undefined;

  /** Closes the container whose end this is; returns its style, or undefined for another end. */
  leave(end: Extract<Block, { kind: 'containerEnd' }>): ParagraphStyleSettings | undefined {
    const top = this.open[this.open.length - 1];
    if (!top || top.endId !== end.id) return undefined;
    this.open.pop();
    this.closed = { endId: end.id, marginBottom: top.style.marginBottom };
    return top.style;
  }

  /** Whether a container is open (its paragraphs are set in its style). */
  active(): boolean {
    return this.open.length > 0;
  }

  /** The bottom margin, pt, of the container this end closed (0 for another end). */
  closedBottom(end: Extract<Block, { kind: 'containerEnd' }>): number {
    return this.closed?.endId === end.id ? Math.max(0, this.closed.marginBottom) : 0;
  }

  /** The style in force (and its `paragraphStyles` id, '' for none), and whether the paragraph about to be set is the container's first. */
  next(): { style: ParagraphStyleSettings; id: string; first: boolean } | undefined {
    const top = this.open[this.open.length - 1];
    if (!top) return undefined;
    return { style: top.style, id: top.id, first: top.paragraphs++ === 0 };
  }
}

/** Horizontal shift of a line inside its measure for centred and flush-right styles, pt. */
export function alignShift(align: ParagraphStyleSettings['align'], measure: number, width: number): number {
  if (align === 'center') return Math.max(0, (measure - width) / 2);
  if (align === 'right') return Math.max(0, measure - width);
  return 0;
}
