/**
 * The contents' own type (configuration.md §11.5 `toc`): each listed level's face, size, weight,
 * italic, colour, indent, leading and space above and below, its heading number's column and type,
 * the overrides for unnumbered headings (`toc.unnumbered`), and the page number's type and column
 * width. Unset fields follow the body text (§0.5: "`toc.levels[].*` / `pageNumber` face — bodyText
 * (leading = body leading) / level-1 entry"). Applied by page/paginate.ts `placeToc`. Lengths in pt;
 * em = the body size, except a level's `lineHeight` (em = the entry's own size).
 * `toc.subtitle`: a line under the entry from a heading attribute, in the entry's type with the
 * subtitle's fields over it (italic by default).
 * `toc.parts`: whether parts are listed, and their rows' page break, least height and margins (the
 * row in the level-1 entry's type), and `design`: design elements (§5.3) drawn in the row instead.
 */
import { declareAppliedSettings } from '../config';
import type { ConfigReaders } from './settings-structure';
import type { TextStyle } from './settings';
import { furnitureElements, type FurnitureElement } from './settings-furniture';

const TYPE_FIELDS = ['fontFamily', 'fontSize', 'fontWeight', 'italic', 'color', 'indent', 'marginTop', 'marginBottom', 'lineHeight'];
const NUMBER_FIELDS = ['numberWidth', 'numberGap', 'numberFontFamily', 'numberFontSize', 'numberFontWeight', 'numberColor'];
const LEVEL_FIELDS = [...TYPE_FIELDS, ...NUMBER_FIELDS];
const SUBTITLE_FIELDS = ['enabled', 'attr', 'italic', 'fontFamily', 'fontSize', 'fontWeight', 'color', 'indent'];
declareAppliedSettings([
  ...LEVEL_FIELDS.map((f) => `toc.levels[level=*].${f}`),
  ...LEVEL_FIELDS.map((f) => `toc.unnumbered.${f}`),
  ...['fontFamily', 'fontSize', 'fontWeight', 'italic', 'color', 'width'].map((f) => `toc.pageNumber.${f}`),
  ...SUBTITLE_FIELDS.map((f) => `toc.subtitle.${f}`),
  ...['enabled', 'breakBefore', 'height', 'marginTop', 'marginBottom'].map((f) => `toc.parts.${f}`),
  // The part row's design (page/paginate.ts placeToc): its elements' stored fields.
  'toc.parts.design',
  ...['[id=*]', '[*]'].map((item) => `toc.parts.design.elements${item}.*`),
]);

/** A part's row in the contents (§11.5 `toc.parts`; document-format §17.1). Lengths in pt. */
export interface TocPartRows {
  /** false: parts are not listed. */
  enabled: boolean;
  /** Each part's row starts a new page (not the contents' first row). */
  breakBefore: boolean;
  /** The least height the row takes (2 body ems by default); what its lines leave is space under them. */
  height: number;
  marginTop: number;
  marginBottom: number;
  /**
   * `design` (§11.5): elements drawn in the row, whose container is the row — the column's width,
   * `height` tall — with the part's placeholders (`{number}`, `{titleText}`…, page/part-design.ts)
   * and `{pageNumber}` its page label; absent or empty = the synthesised row (number, title and page
   * number in level-1 type).
   */
  design?: readonly FurnitureElement[];
}

/** The spec's defaults (§11.5): listed, no break, 2 em of the body tall, no margins. */
export function defaultPartRows(bodySize: number): TocPartRows {
  return { enabled: true, breakBefore: false, height: 2 * bodySize, marginTop: 0, marginBottom: 0 };
}

/** The heading number set in a column of its own before the entry's title (§11.5 `number*`). */
export interface TocNumberLook {
  style: TextStyle;
  /** The column's width from the entry's indent, pt: the title starts there, or after the number and its gap when the number is wider. */
  width: number;
  /** The least space between the number and the title, pt; absent = a word space of the number's type. */
  gap?: number;
}

export interface TocLevelLook {
  style: TextStyle;
  /** From the column's start edge, pt. */
  indent: number;
  /** Space above and below each entry of the level, pt (dropped at a column top, as any block's). */
  marginTop: number;
  marginBottom: number;
  /** The entry's leading, pt, when set; absent (or equal to the body leading) = on the baseline grid. */
  lineHeight?: number;
  /** The number in its own column and type, when the level sets any `number*` field; absent = "number separator title" as one text. */
  number?: TocNumberLook;
  /** The subtitle line's type (`toc.subtitle` over the entry's) and indent from the column's start edge (pt; absent = under the title), when subtitles are enabled. */
  subtitle?: { style: TextStyle; indent?: number };
}

export interface TocLook {
  /** By heading level 1–6 (every level, listed or not: a part's row is a level-1 entry). */
  levels: Record<number, TocLevelLook>;
  /** The page label's type, and the width kept for it at the end of every entry's lines (pt; a longer label takes its own). */
  pageNumber: { style: TextStyle; width: number };
  /** By heading level: the look of headings with `numbered: false` (`toc.unnumbered` over the level's); absent = the level's. */
  unnumbered?: Record<number, TocLevelLook>;
  /** `toc.subtitle.attr` when subtitles are enabled: the heading attribute printed under the entry (document-format §17.1). */
  subtitleAttr?: string;
  /** Part rows; absent = `defaultPartRows`. */
  parts?: TocPartRows;
}

/** Each type field set at `p` over the `base` style (the body's for a level, the level's for unnumbered headings). */
function styleOver(r: ConfigReaders, p: string, base: TextStyle, bodySize: number, prefix = ''): TextStyle {
  const field = (name: string) => `${p}.${prefix}${prefix ? name[0]!.toUpperCase() + name.slice(1) : name}`;
  const weight = r.num(field('fontWeight'), base.weight);
  return {
    ...base,
    family: r.str(field('fontFamily'), base.family) || base.family,
    size: Math.max(1, r.pt(field('fontSize'), base.size, bodySize)),
    weight: weight >= 100 && weight <= 900 ? weight : base.weight,
    ...(prefix ? {} : { italic: r.bool(field('italic'), base.italic) }),
    colour: r.colour(field('color'), base.colour),
  };
}

/** The entry look the fields at `p` make over `base`. */
function lookOver(r: ConfigReaders, p: string, base: TocLevelLook, bodySize: number): TocLevelLook {
  const style = styleOver(r, p, base.style, bodySize);
  const look: TocLevelLook = {
    style,
    indent: Math.max(0, r.pt(`${p}.indent`, base.indent, bodySize)),
    marginTop: Math.max(0, r.pt(`${p}.marginTop`, base.marginTop, bodySize)),
    marginBottom: Math.max(0, r.pt(`${p}.marginBottom`, base.marginBottom, bodySize)),
  };
  // Leading in the entry's own ems (as a paragraph's): at least 1 pt.
  const lineHeight = r.pt(`${p}.lineHeight`, base.lineHeight ?? Number.NaN, style.size);
  if (Number.isFinite(lineHeight)) look.lineHeight = Math.max(1, lineHeight);
  // The number's column: only when a number field is set here or on the base look; its type over the entry's.
  if (base.number || NUMBER_FIELDS.some((f) => r.at(`${p}.${f}`) !== undefined)) {
    const gap = r.pt(`${p}.numberGap`, base.number?.gap ?? Number.NaN, bodySize);
    look.number = {
      style: styleOver(r, p, base.number ? { ...base.number.style, italic: style.italic } : style, bodySize, 'number'),
      width: Math.max(0, r.pt(`${p}.numberWidth`, base.number?.width ?? 0, bodySize)),
      ...(Number.isFinite(gap) ? { gap: Math.max(0, gap) } : {}),
    };
  }
  return look;
}

const isSetObject = (v: unknown, fields: readonly string[]): boolean => !!v && typeof v === 'object' && fields.some((f) => (v as Record<string, unknown>)[f] !== undefined);

/** The contents' look; undefined when the book sets none of it (the entries in body type, 1.5 em per level). */
export function tocLook(r: ConfigReaders, body: TextStyle, bodySize: number): TocLook | undefined {
  const stored = r.at('toc.levels');
  const setLevels = Array.isArray(stored) ? stored.filter((l) => isSetObject(l, LEVEL_FIELDS)) : [];
  const pageNumber = r.at('toc.pageNumber');
  const unnumbered = isSetObject(r.at('toc.unnumbered'), LEVEL_FIELDS);
  const subtitles = r.bool('toc.subtitle.enabled', false);
  const partsSet = r.at('toc.parts') !== undefined && r.at('toc.parts') !== null;
  if (setLevels.length === 0 && (pageNumber === undefined || pageNumber === null) && !unnumbered && !subtitles && !partsSet) return undefined;
  const levels: Record<number, TocLevelLook> = {};
  for (let level = 1; level <= 6; level++) {
    // Our default indent (the spec gives none): one and a half body ems per level below the first.
    levels[level] = lookOver(r, `toc.levels[level=${level}]`, { style: body, indent: (level - 1) * 1.5 * bodySize, marginTop: 0, marginBottom: 0 }, bodySize);
  }
  // The page number's face follows the level-1 entry's; its weight the body's (§11.5).
  const first = levels[1]!.style;
  const weight = r.num('toc.pageNumber.fontWeight', body.weight);
  const numberStyle: TextStyle = {
    ...first,
    family: r.str('toc.pageNumber.fontFamily', first.family) || first.family,
    size: Math.max(1, r.pt('toc.pageNumber.fontSize', first.size, bodySize)),
    weight: weight >= 100 && weight <= 900 ? weight : body.weight,
    italic: r.bool('toc.pageNumber.italic', first.italic),
    colour: r.colour('toc.pageNumber.color', first.colour),
  };
  const look: TocLook = { levels, pageNumber: { style: numberStyle, width: Math.max(0, r.pt('toc.pageNumber.width', 2 * bodySize, bodySize)) } };
  // Part rows: `height` in body ems ("so 2em ≠ two lines", §0.6), the margins too.
  const parts = defaultPartRows(bodySize);
  look.parts = {
    enabled: r.bool('toc.parts.enabled', parts.enabled),
    breakBefore: r.bool('toc.parts.breakBefore', parts.breakBefore),
    height: Math.max(0, r.pt('toc.parts.height', parts.height, bodySize)),
    marginTop: Math.max(0, r.pt('toc.parts.marginTop', parts.marginTop, bodySize)),
    marginBottom: Math.max(0, r.pt('toc.parts.marginBottom', parts.marginBottom, bodySize)),
  };
  const design = furnitureElements(r.at('toc.parts.design'), { bodyPt: bodySize, dpi: r.num('page.dpi', 300) }, 'design');
  if (design && design.length > 0) look.parts.design = design;
  if (unnumbered) {
    look.unnumbered = {};
    for (let level = 1; level <= 6; level++) look.unnumbered[level] = lookOver(r, 'toc.unnumbered', levels[level]!, bodySize);
  }
  if (subtitles) {
    look.subtitleAttr = r.str('toc.subtitle.attr', 'author');
    // In each entry's type with the subtitle's fields over it; italic unless the book says otherwise (§11.5).
    const indent = r.pt('toc.subtitle.indent', Number.NaN, bodySize);
    const subtitleOf = (entry: TocLevelLook): TocLevelLook['subtitle'] => ({
      style: { ...styleOver(r, 'toc.subtitle', entry.style, bodySize), italic: r.bool('toc.subtitle.italic', true) },
      ...(Number.isFinite(indent) ? { indent: Math.max(0, indent) } : {}),
    });
    for (const entry of [...Object.values(levels), ...Object.values(look.unnumbered ?? {})]) entry.subtitle = subtitleOf(entry);
  }
  return look;
}
