/**
 * Designed headings (configuration.md §8.2 `advancedDesign`): a heading whose level (or heading
 * style, field by field over the level's) enables a design is drawn from its slot's elements
 * (§5.3) instead of as plain text. The slot's container is the heading's band in the flow: the
 * column (or the content width for a `span: 'page'` heading) from the heading's top; `page` and
 * `bleed` anchors are the trim box and the bleed box (§5.4; `outer` is the container).
 *
 * Reserved height (§8.2): max(the heading's own text height, the lowest bottom of the counting
 * elements, `minHeight`) + `marginBottom`, rounded up to whole grid lines. An element counts unless
 * it has `reserve: false`, a `fill` height, or is anchored to the band's middle or bottom row (or
 * to an element that does not count, or is not drawn); page/bleed-anchored elements count only
 * below the heading's top. When that height does not fit in the rest of the column (the page, for a
 * page-wide band) the design claims the rest of it and the flow goes on in the next column or page.
 *
 * Our readings where the spec leaves room: "own text height" is the height the heading's lines
 * would take as a plain heading (lines × the level's leading) at the band's width; the band's own
 * height — what `middle`/`bottom` anchors and `fill` heights measure — is the reserved height less
 * `marginBottom` (so a rule at the band's bottom sits `marginBottom` above the next grid line), or
 * the rest of the column when the design claims it. Text runs of the design carry the heading's
 * block with role 'heading' (the contents, PDF outline, running heads and guide words find the
 * heading through them); the runs showing `{titleText}` map to the title's source offsets.
 *
 * Placeholders (§5.5): `{titleText}` (the title's plain text, `\\` title breaks as forced lines),
 * `{number}` (the printed number), `{numberDecimal}`, `{numberRoman}`, … (the level's counter),
 * `{attr.<key>}` (the heading's own attribute, then its chapter H1's), `{chapterTitle}` /
 * `{chapterNumber}` (the heading itself for an H1, else the chapter's last H1 before it; with none
 * in its chapter, the running H1 in force where the chapter file starts — an earlier file's — else
 * the chapter's title: our reading of "last H1 begun on/before the page" for a heading, which
 * prints the chapter it stands in, not one begun after it on its page; the value is known to the
 * first drawing, so the band holds it), `{partTitle}`, `{partNumber}` and the front-matter values
 * `{title}`, `{subtitle}`, `{author}`, `{publishDate}`; and, drawn again by engine/index.ts once the
 * pages are labelled (page/part-design.ts `redrawPartDesigns`), the page's own (`{pageNumber}`,
 * `{totalPages}`, `{bookTotalPages}`). The flow keeps the height the first drawing reserved, which
 * holds the widest value each of the page's own numbers may print (`pageStandIns`), so the redraw
 * never runs past the band.
 */
import type { DisplayItem, GlyphRunItem, LineInfo } from '../../protocol/displaylist';
import type { FontRegistry } from '../fonts/registry';
import type { Block, HeadingBlock, Inline } from '../parse/model';
import type { FurnitureElement, TextElement } from '../settings-furniture';
import type { HeadingDesign, LayoutSettings } from '../settings';
import { composeSlot, type Box, type SlotPage, type TruncatedText } from './furniture-elements';
import type { SlotImages } from './furniture-images';
import type { SetDesignText } from './furniture-text';
import { partDesignValues } from './part-design';
import type { PartValues } from './part';
import type { RunningChapter } from './guide-words';
import type { SetGenerated } from './paginate';
import { canonicalNumberFormat } from '../../config/values';
import { formatNumber, localeNumberFormat } from './number-format';
import { initialNumbering } from './structure';

/** The design in force for a heading: its style's fields over its level's; undefined when not enabled. */
export function headingDesignOf(block: HeadingBlock, settings: LayoutSettings): HeadingDesign | undefined {
  const level = settings.headings.levels[block.level - 1]?.design;
  const own = settings.headingStyles[block.attrs['style'] ?? '']?.design;
  if (!(own?.enabled ?? level?.enabled ?? false)) return undefined;
  const minHeight = own?.minHeight ?? level?.minHeight;
  return { enabled: true, elements: own?.elements ?? level?.elements ?? [], ...(minHeight !== undefined ? { minHeight } : {}) };
}

/** Text with the source offset of each UTF-16 unit (−1 = generated). */
export interface SourcedText {
  text: string;
  offsets: number[];
}

/**
 * A heading's title as `{titleText}` prints it (document-format §5.1: plain text, "`\\` = forced
 * break where the title is displayed as a title"), with each unit's source offset.
 */
export function titleTextOf(inlines: readonly Inline[]): SourcedText {
  let text = '';
  const offsets: number[] = [];
  const add = (t: string, at: (i: number) => number): void => {
    for (let i = 0; i < t.length; i++) offsets.push(at(i));
    text += t;
  };
  const walk = (list: readonly Inline[]): void => {
    for (const inline of list) {
      switch (inline.kind) {
        case 'text':
          add(inline.text, (i) => inline.offsets?.[i] ?? inline.range.from + i);
          break;
        case 'hardBreak':
          add('\n', () => -1);
          break;
        case 'math':
          add(inline.tex, () => inline.range.from);
          break;
        case 'citation':
          add(inline.raw, () => inline.range.from);
          break;
        case 'link':
        case 'chip':
        case 'directive':
          walk(inline.children);
          break;
        case 'anchor':
        case 'indexMark':
          if (inline.children) walk(inline.children);
          break;
        default:
          break;
      }
    }
  };
  walk(inlines);
  // Each forced line trimmed (design text trims them too), the offsets kept in step.
  const lines = text.split('\n');
  let at = 0;
  const outText: string[] = [];
  const outOffsets: number[] = [];
  lines.forEach((line, k) => {
    const start = line.length - line.trimStart().length;
    const end = line.trimEnd().length;
    if (k > 0) {
      outText.push('\n');
      outOffsets.push(-1);
    }
    outText.push(line.slice(start, Math.max(start, end)));
    outOffsets.push(...offsets.slice(at + start, at + Math.max(start, end)));
    at += line.length + 1;
  });
  return { text: outText.join(''), offsets: outOffsets };
}

/** What a heading's placeholders print (§5.5), apart from `{titleText}`. */
export interface HeadingDesignContext {
  /** The printed number (numbering template, §8.3); absent = unnumbered. */
  number?: string;
  /** The counter of the heading's own level; absent = unnumbered. */
  counter?: number;
  /** The chapter's last H1 before this heading (its attributes, title and number), if any. */
  h1?: { block: HeadingBlock; number?: string };
  /**
   * The running H1 in force where the chapter file starts (an earlier file's, page/guide-words.ts
   * `RunningCarry`; before the book's first H1, the chapter's title): what the chapter values print
   * for a heading with no H1 before it in its chapter.
   */
  running?: RunningChapter;
  part?: PartValues;
  /** Front-matter values (`title`, `subtitle`, `author`, `publishDate`). */
  metadata?: Readonly<Record<string, string>>;
  language: string;
}

export function headingDesignValues(block: HeadingBlock, title: string, context: HeadingDesignContext): Record<string, string> {
  const values: Record<string, string> = { ...context.metadata };
  // The level's counter in other systems (words in the book's language), as in part designs.
  if (context.counter !== undefined && context.counter > 0) {
    for (const [key, value] of Object.entries(partDesignValues({ number: String(context.counter) }, context.language))) {
      if (key.startsWith('number') && key !== 'number') values[key] = value;
    }
  }
  values['titleText'] = title;
  values['number'] = (context.number ?? '').trim();
  const h1 = block.level === 1 ? { block, ...(context.number !== undefined ? { number: context.number } : {}) } : context.h1;
  if (h1) {
    values['chapterTitle'] = h1.block.plainText;
    values['chapterNumber'] = (h1.number ?? '').trim();
  } else if (context.running) {
    values['chapterTitle'] = context.running.title;
    values['chapterNumber'] = context.running.number;
  }
  if (context.part) {
    values['partTitle'] = context.part.partTitle;
    values['partNumber'] = context.part.partNumber;
  }
  // {attr.<key>}: the heading's own attribute, then its chapter H1's (§5.5).
  const h1Attrs = h1 ? (h1.block !== block ? h1.block.attrs : {}) : (context.running?.attrs ?? {});
  for (const [key, value] of Object.entries({ ...h1Attrs, ...block.attrs })) values[`attr.${key}`] = value;
  return values;
}

/** The chapter's last H1 before `index` in `blocks`. */
export function h1Before(blocks: readonly Block[], index: number): HeadingBlock | undefined {
  for (let i = index - 1; i >= 0; i--) {
    const b = blocks[i]!;
    if (b.kind === 'heading' && b.level === 1) return b;
  }
  return undefined;
}

/** Where a designed heading goes and what the flow gives it (pt; page coordinates unless said). */
export interface HeadingDesignPlace {
  /** The page as the slot sees it (values and band are filled in here). */
  page: Omit<SlotPage, 'values' | 'band'>;
  /** The band's left edge, top and width: the column's (or the content width of a page-wide heading) at the heading's top. */
  band: { x: number; y: number; w: number };
  /** The heading's own lines' height (lines × leading), pt. */
  textHeight: number;
  marginBottom: number;
  /** Baseline grid pitch, pt; `snap` false keeps the exact height (headings `snapToGrid`). */
  pitch: number;
  snap: boolean;
  /** Room from the band's top to the foot of the column (of the page, for a page-wide band), pt. */
  room: number;
  values: Readonly<Record<string, string>>;
  title: SourcedText;
  /** The line record of the design's text runs (the heading's block, role 'heading'). */
  line: LineInfo;
  images?: SlotImages;
  setText?: SetDesignText;
  truncated?: (cut: TruncatedText) => void;
  /** Stand-ins for the page's own values the redraw prints (`pageStandIns`): the band reserved holds the widest of them. */
  standIns?: readonly Readonly<Record<string, string>>[];
}

/** The placeholders drawn again with the page's values once the pages are labelled (engine/index.ts). */
const PAGE_VALUES = ['pageNumber', 'totalPages', 'bookTotalPages'] as const;

/**
 * Page counts the stand-ins are made from: a book of fewer than 10,000 pages (our bound), its
 * four-digit numbers printed with every digit, each letter of the widest three-letter alphabetic
 * labels' reach (9126 = `mmm`) and the longest roman numeral (3888 = `mmmdccclxxxviii`); the one
 * the element's face sets widest is found by setting them all (`layoutHeadingDesign`).
 */
const STAND_IN_COUNTS: readonly number[] = [1111, 2222, 3333, 4444, 5555, 6666, 7777, 8888, 9999, 3888, 9126];

/**
 * Values for the page's own placeholders (`{pageNumber}`, `{totalPages}`, `{bookTotalPages}`) a
 * design's text may print, to reserve a band the real values fit in (our reading of §8.2: the
 * first drawing knows no page yet — a chapter is paginated from a stand-in first page — and what
 * prints the page's label is drawn again in the band it reserved): the widest each page-number
 * format this chapter may print in can produce — `startFormat`, the one in force where the chapter
 * starts (the book's `pageNumbering.format`, or the one a `:::numbering` of an earlier chapter
 * switched to: the chapter's placement, in its memo key), and those of the chapter's own
 * `:::numbering{format}` — up to 9,999 pages. Empty when the design prints none of them (nothing
 * to reserve for).
 */
export function pageStandIns(design: HeadingDesign, settings: LayoutSettings, blocks: readonly Block[], startFormat = initialNumbering(settings).format): Record<string, string>[] {
  const prints = design.elements.some((e) => e.kind === 'text' && PAGE_VALUES.some((name) => new RegExp(`\\{\\s*${name}\\s*\\}`).test(e.content)));
  if (!prints) return [];
  const formats = new Set([startFormat]);
  for (const b of blocks) {
    const format = b.kind === 'directive' && b.name === 'numbering' ? b.attrs['format'] : undefined;
    if (format && canonicalNumberFormat(format)) formats.add(localeNumberFormat(format, settings.locale ?? settings.language));
  }
  return [...formats].flatMap((format) => STAND_IN_COUNTS.map((n) => ({ pageNumber: formatNumber(n, format, settings.numerals), totalPages: String(n), bookTotalPages: String(n) })));
}

export interface DesignedHeading {
  items: DisplayItem[];
  /** Height the flow moves on by, pt (grid-rounded, `marginBottom` included); equals `room` when the design claims the rest of it. */
  reserved: number;
  /** The design did not fit: it takes the rest of the column (page), and the flow goes on in the next. */
  claims: boolean;
  /** The band's height the elements were placed in, pt. */
  bandHeight: number;
  /** The element reaching furthest past the trim (the bleed box, for bleed-anchored ones) and by how much, pt: the post-hoc `headingDesignCut` check. */
  cut?: { element: string; by: number };
  /** The elements placed again in the same band with the page's values (`{pageNumber}`, `{totalPages}`…; the heading's own win), cut text told to `truncated`. */
  redraw: (pageValues: Readonly<Record<string, string>>, setText: SetDesignText | undefined, truncated: ((cut: TruncatedText) => void) | undefined) => DisplayItem[];
  /** The same design `dy` pt lower (a balancing lever adding lines above it, page/levers-designs.ts): its items drawn there with the first values, and its redraw there. */
  movedBy: (dy: number) => MovedDesign;
}

/** A heading design drawn again in its band moved down (page/levers-designs.ts). */
export interface MovedDesign {
  items: DisplayItem[];
  redraw: DesignedHeading['redraw'];
  movedBy: (dy: number) => MovedDesign;
}

const TOP_ROW: readonly string[] = ['top', 'top-left', 'top-right'];

/** The design's items and the height it reserves (see the file comment). */
export function layoutHeadingDesign(design: HeadingDesign, place: HeadingDesignPlace, fonts: FontRegistry, setGenerated: SetGenerated): DesignedHeading {
  const top = place.band.y;
  // First placement: which elements count, and how low they reach (they do not depend on the band's height).
  const counting = new Set<string>();
  let lowest = 0;
  const probe = (element: FurnitureElement, box: Box): void => {
    const p = element.placement;
    if (element.reserve === false || p.height === 'fill') return;
    const to = p.to;
    const counts = to.startsWith('#') ? counting.has(to.slice(1)) : to === 'page' || to === 'bleed' || TOP_ROW.includes(p.edge);
    if (!counts) return;
    counting.add(element.id);
    // Page/bleed-anchored elements (and what hangs from them) count only below the heading's top.
    lowest = Math.max(lowest, box.y + box.h - top);
  };
  const common = { ...(place.images ? { images: place.images } : {}), ...(place.setText ? { setText: place.setText } : {}) };
  // With the first values, and with each stand-in for the page's own (the redraw's values must fit the band).
  for (const values of [place.values, ...(place.standIns ?? []).map((standIn) => ({ ...standIn, ...place.values }))]) {
    counting.clear();
    composeSlot('heading', design.elements, { ...place.page, values, band: { ...place.band, h: place.textHeight } }, fonts, setGenerated, { ...common, placed: probe });
  }
  const height = Math.max(place.textHeight, lowest, design.minHeight ?? 0);
  const total = height + place.marginBottom;
  // "snapped to grid" (§8.2): whole grid lines, so the text below is back on the grid.
  const reserved = place.snap && place.pitch > 0 ? Math.ceil(total / place.pitch - 1e-9) * place.pitch : total;
  const claims = reserved > place.room + 1e-6;
  const bandHeight = claims ? Math.max(0, Math.min(reserved - place.marginBottom, place.room)) : reserved - place.marginBottom;
  // `dy`: the band moved down by a lever, pt (its container-anchored elements move with it; page- and bleed-anchored ones stay).
  const draw = (values: Readonly<Record<string, string>>, setText: SetDesignText | undefined, truncated: ((cut: TruncatedText) => void) | undefined, placed?: (element: FurnitureElement, box: Box) => void, dy = 0): DisplayItem[] => {
    const at = { ...place, values };
    return composeSlot('heading', design.elements, { ...place.page, values, band: { ...place.band, y: place.band.y + dy, h: bandHeight } }, fonts, setGenerated, {
      ...(place.images ? { images: place.images } : {}),
      ...(setText ? { setText } : {}),
      ...(truncated ? { truncated } : {}),
      ...(placed ? { placed } : {}),
      runOf: titleRuns(at),
    });
  };
  // What the trim cuts off: an element past the page's edges (past the bleed box when anchored to it).
  let cut: { element: string; by: number } | undefined;
  const { pageWidth, pageHeight, bleed } = place.page;
  const items = draw(place.values, place.setText, place.truncated, (element, box) => {
    const b = element.placement.to === 'bleed' ? bleed : 0;
    const by = Math.max(-b - box.x, -b - box.y, box.x + box.w - pageWidth - b, box.y + box.h - pageHeight - b);
    if (by > 0.01 && (!cut || by > cut.by)) cut = { element: element.id, by };
  });
  return {
    items,
    reserved: claims ? Math.max(0, place.room) : reserved,
    claims,
    bandHeight,
    ...(cut ? { cut } : {}),
    redraw: (pageValues, setText, truncated) => draw({ ...pageValues, ...place.values }, setText ?? place.setText, truncated),
    movedBy: (dy) => moved(dy),
  };
  function moved(dy: number): MovedDesign {
    return {
      items: draw(place.values, place.setText, undefined, undefined, dy),
      redraw: (pageValues, setText, truncated) => draw({ ...pageValues, ...place.values }, setText ?? place.setText, truncated, undefined, dy),
      movedBy: (more) => moved(dy + more),
    };
  }
}

/**
 * The run rewriter of a heading design: every text run carries the heading's line record; runs of
 * an element printing `{titleText}` get the title's source offsets (found in the element's
 * resolved text in drawing order; a hyphen added at a break maps to none).
 */
function titleRuns(place: HeadingDesignPlace): (element: TextElement, run: GlyphRunItem) => GlyphRunItem {
  const resolved = new Map<string, SourcedText & { at: number } | null>();
  const sourcedOf = (element: TextElement): (SourcedText & { at: number }) | null => {
    let s = resolved.get(element.id);
    if (s === undefined) {
      s = element.content.includes('{titleText}') ? { ...resolveSourced(element.content, place.values, place.title), at: 0 } : null;
      if (s && element.uppercase) {
        const upper = s.text.toUpperCase();
        s = upper.length === s.text.length ? { ...s, text: upper } : null;
      }
      resolved.set(element.id, s);
    }
    return s;
  };
  return (element, run) => {
    const s = sourcedOf(element);
    const found = s ? findRun(s, run.text) : undefined;
    if (!s || !found) return { ...run, line: place.line };
    const offsets = run.text.split('').map((_, i) => (i < found.length ? (s.offsets[found.index + i] ?? -1) : -1));
    const first = offsets.find((o) => o >= 0);
    if (first === undefined) return { ...run, line: place.line };
    const contiguous = offsets.every((o, i) => o === first + i);
    const { line: _line, srcMap: _map, ...rest } = run;
    return { ...rest, srcFrom: first, ...(contiguous ? {} : { srcMap: offsets }), line: place.line };
  };
}

/** Where a run's text is in the element's resolved text, from the last match on (without a trailing hyphen if need be). */
function findRun(s: { text: string; at: number }, text: string): { index: number; length: number } | undefined {
  for (const t of [text, text.replace(/[-\u2010]$/, '')]) {
    if (!t.trim()) continue;
    let index = s.text.indexOf(t, s.at);
    if (index < 0) index = s.text.indexOf(t);
    if (index >= 0) {
      s.at = index + t.length;
      return { index, length: t.length };
    }
  }
  return undefined;
}

/** A template's placeholders resolved (as `resolvePlaceholders`), `{titleText}` carrying its source offsets. */
function resolveSourced(template: string, values: Readonly<Record<string, string>>, title: SourcedText): SourcedText {
  let text = '';
  const offsets: number[] = [];
  const generated = (t: string): void => {
    text += t;
    for (let i = 0; i < t.length; i++) offsets.push(-1);
  };
  let last = 0;
  for (const match of template.matchAll(/\{\{|\}\}|\{([^{}]*)\}/g)) {
    generated(template.slice(last, match.index));
    last = match.index + match[0].length;
    if (match[0] === '{{') generated('{');
    else if (match[0] === '}}') generated('}');
    else if ((match[1] ?? '').trim() === 'titleText') {
      text += title.text;
      offsets.push(...title.offsets);
    } else generated(values[(match[1] ?? '').trim()] ?? '');
  }
  generated(template.slice(last));
  return { text, offsets };
}
