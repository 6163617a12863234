/**
 * The callout settings of settings-from-config.ts that go beyond the box's frame and title
 * (configuration.md §13.4 `calloutStyles[id=X]`): the text inside the box (`body.*`, which follows
 * `bodyText`) and its lists (`lists.*`, which follow `unorderedLists`). Applied by page/paginate.ts
 * `placeCallout`, paragraph/collect.ts (bold and italic runs, small capitals) and paragraph/index.ts
 * (hyphenation). All lengths in pt; em = the box's body size (§0.4: `calloutStyles[].padding`,
 * `lists.*`).
 */
import { declareAppliedSettings } from '../config';
import { isDimension, lengthToPt } from '../config/values';
import { storedListItem, type ConfigReaders } from './settings-structure';
import { MAIN_COLOUR, type LayoutSettings, type TextStyle } from './settings';
import { DEFAULT_FIXED, FIXED_EDGES, type CalloutFixed, type FixedEdge } from './page/callout-fixed';

const BODY_FIELDS = [
  'fontFamily', 'fontSize', 'lineHeight', 'color', 'boldColor', 'italicColor', 'fontWeight', 'boldFontWeight',
  'textAlign', 'paragraphSpacing', 'firstLineIndent', 'italic', 'smallCaps', 'hyphenation',
];
const LIST_FIELDS = ['bulletChar', 'color', 'indent', 'gap', 'itemSpacing', 'bulletFontSize', 'bulletFontWeight'];
declareAppliedSettings([
  ...BODY_FIELDS.map((f) => `calloutStyles[id=*].body.${f}`),
  ...LIST_FIELDS.map((f) => `calloutStyles[id=*].lists.${f}`),
  // Where the box goes (page/callout-where.ts); a fixed box's anchor and offset (page/callout-fixed.ts).
  ...['span', 'placement', 'columns', 'width'].map((f) => `calloutStyles[id=*].${f}`),
  'calloutStyles[id=*].fixed',
  // Side boxes at a column's end, early or late (page/paginate.ts placeSide).
  'calloutStyles[id=*].sideAtColumnEnd',
  'calloutStyles[id=*].fixed.*',
  // The title's capitals, tracking and indent (page/paginate.ts calloutParts).
  ...['textTransform', 'letterSpacing', 'indent'].map((f) => `calloutStyles[id=*].titleStyle.${f}`),
  // Numbered boxes (page/callout-numbers.ts, page/book.ts, page/paginate.ts calloutParts).
  'calloutStyles[id=*].numbering.*',
  // The label tab on the box's top edge (page/paginate.ts drawCalloutSegment). (`label` and
  // `numbering` are objects: their stored fields are the leaves the warnings check, hence `.*`.)
  'calloutStyles[id=*].label.*',
  // The end mark, rounded corners and the gap of `:::columns` inside (page/paginate.ts, page/box-shape.ts).
  ...['endMark', 'borderRadius', 'columnGap'].map((f) => `calloutStyles[id=*].${f}`),
  // What a box split across columns or pages keeps and prints (page/paginate.ts placeCallout).
  ...['splitMinLines', 'repeatTitle', 'continuedSuffix', 'continuesMarkerEnabled', 'continuesMarker', 'continuesMarkerAlign', 'continuesMarkerItalic'].map((f) => `calloutStyles[id=*].${f}`),
  // Whether the flow re-snaps to the grid after a box in flow (page/paginate.ts placeCallout).
  'calloutStyles[id=*].snapToGrid',
  // The icon in the box and the marker outside it (page/paginate.ts calloutParts, drawCalloutSegment;
  // page/callout-icons.ts): a glyph, or (kind 'resource') a picture of the book's resources — an
  // unknown id is reported (checks/resources.ts) and the box set without it.
  // (A bare string is the glyph: `icon: '⚠'`.)
  'calloutStyles[id=*].icon',
  'calloutStyles[id=*].marker',
  ...['kind', 'glyph', 'resourceId', 'fontFamily', 'fontWeight', 'size', 'width', 'color', 'align', 'position', 'cornerSide', 'gap'].map((f) => `calloutStyles[id=*].icon.${f}`),
  ...['kind', 'glyph', 'resourceId', 'fontFamily', 'fontWeight', 'size', 'color', 'align', 'gap', 'rule'].map((f) => `calloutStyles[id=*].marker.${f}`),
  'calloutStyles[id=*].marker.rule.*',
]);

/**
 * How a box's runs are set where they differ from running text, carried in the text style so the
 * paragraph memo keys hold it (paragraph/collect.ts, paragraph/index.ts).
 */
export interface RunLook {
  /** `**strong**`: this weight and colour. */
  boldWeight: number;
  boldColour: string;
  /** `*emphasis*`: this colour (italic; upright in an italic box, the typographic toggle). */
  italicColour: string;
  /** `smallCaps`: the whole text in synthesised small capitals, as `:smallcaps[…]` sets them. */
  smallCaps: boolean;
  /** `hyphenation`: whether words may break at hyphenation points (justified text, or ragged with `bodyText.hyphenation.ragged`). */
  hyphenate: boolean;
  /**
   * A paragraph style's `wordBreak` (configuration.md §13.1) where it differs from `cjk.wordBreak`:
   * true = keep-all (no break between two CJK characters of a word), false = normal; absent = the
   * document's (paragraph/index.ts hands it to the CJK break analysis).
   */
  keepAll?: boolean;
}

/** `calloutStyles[id].body` (§13.4) as set, pt. */
export interface CalloutBody {
  /** The text's type, its `look` always present. */
  style: TextStyle & { look: RunLook };
  /** Leading inside the box (off the grid), pt. */
  lineHeight: number;
  /** `textAlign`: justify, or ragged on the end side (start, end and left read as the body text reads them). */
  align: 'justify' | 'left';
  /** A blank line (one box leading) between two paragraphs. */
  paragraphSpacing: boolean;
  /** Indent of a paragraph's first line after another paragraph, pt. */
  firstLineIndent: number;
}

/** `calloutStyles[id]` `span`, `placement`, `columns` and `width` (§13.4; page/callout-where.ts): the fence's attributes win. */
export interface CalloutFlow {
  span: 'column' | 'page' | 'side';
  placement: 'here' | 'auto' | 'top' | 'bottom' | 'fixed';
  columns: number;
  /** `auto`: the box shrink-wrapped to its widest line (at the start side of its measure). */
  width: 'fill' | 'auto';
  /** `fixed` (anchor and offset of a `placement: 'fixed'` box, page/callout-fixed.ts) when stored; absent = container bottom-left. */
  fixed?: CalloutFixed;
  /** `sideAtColumnEnd: 'after'`: a side box with no room beside its text at the column's end waits for the next page; absent = 'before' (it rises on this page). */
  sideAtColumnEnd?: 'after';
}

/** `calloutStyles[id].titleStyle` `textTransform`, `letterSpacing`, `indent` (§13.4) when not the defaults, pt. */
export interface CalloutTitleLook {
  /** `textTransform: 'uppercase'`: the title set in capitals (the source case is kept elsewhere). */
  upper: boolean;
  /** Space added between two clusters of the title, pt (`letterSpacing`, the title's own em). */
  tracking: number;
  /** The whole title moved in from the box's inner start edge, pt (`indent`, the box text's em). */
  indent: number;
}

/**
 * `calloutStyles[id].numbering` (§13.4; document-format §8.1 "Numbered statements"): the boxes of
 * the style counted like amsthm theorems (page/callout-numbers.ts).
 */
export interface CalloutNumbering {
  /** The word before the number ("Theorem", "Box"); unset: the style's `name` (else its id) with a capital. */
  label: string;
  /** The counter the boxes advance (styles naming the same one share it; default the style id); false: the label alone. */
  counter: string | false;
  /** `numberingTemplate`: `{n}` the counter in `format`, `{h1}`…`{h6}` the heading numbers. */
  template: string;
  /** `resetOn` 'hN' as N: the counter restarts at every heading of level N or higher; 0 = never. */
  resetOn: number;
  /** `counterFormat` of `{n}` (decimal, roman-lower…; resources/numbering.ts formatCounter). */
  format: string;
  /** 'runIn': "Theorem 2 (Title)." leads the box's first paragraph; 'title': the label heads the title row. */
  placement: 'runIn' | 'title';
  /** The run-in label's type: bold and/or italic. */
  bold: boolean;
  italic: boolean;
  /** After the run-in label (and its title); between the label and the title in the title row. */
  suffix: string;
}

/**
 * `calloutStyles[id].label` (§13.4): a tab on the box's top edge printing the fence's `label`
 * (document-format §8.1), else the box's number label; lengths in pt.
 */
export interface CalloutLabel {
  /** Its type: the headings' face, the body size, 700, white by default. */
  style: TextStyle;
  /** Fill of the tab: the main colour by default. */
  background: string;
  /** Which top corner the tab sits at (physical, not mirrored in right-to-left text). */
  position: 'top-left' | 'top-right';
  /** Tab height (1.4 em of the label size) and its padding on each side of the text (0.6 em). */
  height: number;
  paddingX: number;
  /** How far the tab reaches down over the box's top edge (0: standing on it). */
  offset: number;
  /** Distance of the tab from its corner along the top edge. */
  inset: number;
  /** `icon`: a glyph (or short text) set before the label text, a word space apart. */
  icon?: string;
  /** `rule`: a rule of this width (pt) and colour along the box's top edge, joining the tab. */
  rule?: { width: number; colour: string };
}

/**
 * A picture of the book's resources standing where an icon's or marker's glyph would (kind
 * `resource`, `resourceId`; our reading of §13.4): fitted, aspect kept, in a box `width` wide and
 * `height` tall (pt; an absent side does not bound it). `size` is the height (as a glyph's size is
 * its em), `width` the width; with neither set the picture is the glyph's default 1.5 em tall.
 */
export interface CalloutPicture {
  resourceId: string;
  width?: number;
  height?: number;
}

/**
 * `calloutStyles[id].icon` (§13.4): a symbol (⚠, ℹ, ✎ …) in its own type, or a picture, set
 * in the box (`inline`: a column at the box's inner start edge, the text beside it; `corner`: the
 * top corner at `cornerSide`, the title row — or, without a title, a band as tall as the icon —
 * beside it). Lengths in pt.
 */
export interface CalloutIcon {
  /** The glyph ('' for a picture). */
  text: string;
  /** Kind `resource`: the picture drawn instead of the glyph. */
  picture?: CalloutPicture;
  /** Its type: the headings' face, weight 400, 1.5 em of the box text, the main colour by default. */
  style: TextStyle;
  /** The width the icon takes (its column, or its corner), pt: `width`, else its advance or its size, the larger (a picture: its width). */
  width?: number;
  /** `align`: the icon's top level with the first line's top (`top`), or centred on the segment's text (`center`). */
  align: 'top' | 'center';
  position: 'inline' | 'corner';
  /** Physical side of a corner icon (not mirrored: a design choice the style makes). */
  cornerSide: 'left' | 'right';
  /** Between the icon and the text, pt (our default: 0.5 em of the box text). */
  gap: number;
}

/**
 * `calloutStyles[id].marker` (§13.4): a glyph (or a picture) outside the box on its start side
 * (the margin side of a left column) `gap` from its edge, with an optional vertical `rule` through
 * the marker's column for the box segment's height (broken around the glyph). Lengths in pt.
 */
export interface CalloutMarker {
  /** The glyph ('' for a picture). */
  text: string;
  picture?: CalloutPicture;
  style: TextStyle;
  align: 'top' | 'center';
  gap: number;
  rule?: { width: number; colour: string };
}

/**
 * A stored `icon` or `marker`: its glyph (a bare string is one) or, kind `resource`, the resource
 * id; undefined for none, no glyph or no id.
 */
function calloutGlyph(raw: unknown): { v: Record<string, unknown>; text: string; resourceId?: string } | undefined {
  if (typeof raw === 'string') return raw.trim() ? { v: {}, text: raw.trim() } : undefined;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const v = raw as Record<string, unknown>;
  const kind = typeof v['kind'] === 'string' ? v['kind'] : 'glyph';
  if (kind === 'resource') {
    const resourceId = typeof v['resourceId'] === 'string' ? v['resourceId'].trim() : '';
    return resourceId ? { v, text: '', resourceId } : undefined;
  }
  const text = typeof v['glyph'] === 'string' ? v['glyph'].trim() : '';
  return kind === 'glyph' && text ? { v, text } : undefined;
}

/** The glyph's type: `fontFamily` (headings' face), `fontWeight` (400), `size` (1.5 em of the box text), `color` (main). */
function glyphStyle(v: Record<string, unknown>, s: LayoutSettings, em: number, main: string, dpi: number): TextStyle {
  return {
    family: typeof v['fontFamily'] === 'string' && v['fontFamily'] ? v['fontFamily'] : s.headings.family,
    weight: typeof v['fontWeight'] === 'number' ? v['fontWeight'] : 400,
    italic: false,
    size: Math.max(1, jsonLength(v['size'], em, s.body.style.size, dpi, 1.5 * em)),
    colour: jsonColour(v['color'], main),
  };
}

/** A picture's box (CalloutPicture): `size` its height, `width` its width, 1.5 em tall when neither is set. */
function calloutPicture(v: Record<string, unknown>, resourceId: string, style: TextStyle, width: number | undefined): CalloutPicture {
  const height = v['size'] !== undefined || width === undefined ? style.size : undefined;
  return { resourceId, ...(width !== undefined ? { width } : {}), ...(height !== undefined ? { height } : {}) };
}

function calloutIcon(raw: unknown, s: LayoutSettings, em: number, main: string, dpi: number): CalloutIcon | undefined {
  const glyph = calloutGlyph(raw);
  if (!glyph) return undefined;
  const { v, text, resourceId } = glyph;
  const stored = v['width'] === undefined ? undefined : jsonLength(v['width'], em, s.body.style.size, dpi, 0);
  const width = stored !== undefined && stored > 0 ? stored : undefined;
  const style = glyphStyle(v, s, em, main, dpi);
  return {
    text,
    ...(resourceId ? { picture: calloutPicture(v, resourceId, style, width) } : {}),
    style,
    ...(width !== undefined ? { width } : {}),
    align: v['align'] === 'center' ? 'center' : 'top',
    position: v['position'] === 'corner' ? 'corner' : 'inline',
    cornerSide: v['cornerSide'] === 'left' ? 'left' : 'right',
    gap: Math.max(0, jsonLength(v['gap'], em, s.body.style.size, dpi, 0.5 * em)),
  };
}

function calloutMarker(raw: unknown, s: LayoutSettings, em: number, main: string, dpi: number): CalloutMarker | undefined {
  const glyph = calloutGlyph(raw);
  if (!glyph) return undefined;
  const { v, text, resourceId } = glyph;
  const style = glyphStyle(v, s, em, main, dpi);
  const rule = v['rule'];
  const ruleObject = rule && typeof rule === 'object' && !Array.isArray(rule) ? (rule as Record<string, unknown>) : undefined;
  // `rule`: true (0.5 pt in the marker's colour), a width, or { width, color }.
  const ruleWidth = rule === true ? 0.5 : typeof rule === 'number' || typeof rule === 'string' ? jsonLength(rule, em, s.body.style.size, dpi, 0.5) : ruleObject ? jsonLength(ruleObject['width'], em, s.body.style.size, dpi, 0.5) : 0;
  return {
    text,
    // A marker has no `width` (§13.4): a picture is `size` tall.
    ...(resourceId ? { picture: calloutPicture(v, resourceId, style, undefined) } : {}),
    style,
    align: v['align'] === 'top' ? 'top' : 'center',
    gap: Math.max(0, jsonLength(v['gap'], em, s.body.style.size, dpi, 0.5 * em)),
    ...(ruleWidth > 0 ? { rule: { width: ruleWidth, colour: jsonColour(ruleObject?.['color'], style.colour) } } : {}),
  };
}

/** What a box split across columns or pages keeps and prints (§13.4; document-format §8.1). */
export interface CalloutContinuation {
  /** `splitMinLines`: fewest lines of the box on each side of a split. */
  minLines: number;
  /** `repeatTitle`: every continued segment opens with the title and `continuedSuffix` ("Title (cont.)"). */
  repeatTitle: boolean;
  suffix: string;
  /** `continuesMarkerEnabled`: `continuesMarker` at the foot of every segment the box goes on from, aligned and italic as set. */
  marker?: { text: string; align: 'left' | 'right' | 'center'; italic: boolean };
}

/** `calloutStyles[id].lists` (§13.4): only the fields the style sets (each unset one follows the document's lists), pt. */
export interface CalloutLists {
  /** Bullet of every unordered item in the box. */
  bullet?: string;
  /** Colour of bullets and numbers. */
  colour?: string;
  /** Start of a level-1 marker from the box's inner edge (deeper levels 1.5 em further per level). */
  indent?: number;
  /** Marker box → text. */
  gap?: number;
  /** Extra space between two items. */
  itemSpacing?: number;
  /** Size and weight of bullets. */
  bulletSize?: number;
  bulletWeight?: number;
}

/** A stored `numbering` object read with the spec's defaults (§13.4); undefined when unset or not an object. */
function calloutNumbering(raw: unknown, name: string, id: string): CalloutNumbering | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const v = raw as Record<string, unknown>;
  const text = (key: string, fallback: string): string => (typeof v[key] === 'string' ? (v[key] as string) : fallback);
  const flag = (key: string, fallback: boolean): boolean => (typeof v[key] === 'boolean' ? (v[key] as boolean) : fallback);
  const reset = /^h([1-6])$/.exec(text('resetOn', 'never'));
  return {
    label: text('label', name.charAt(0).toUpperCase() + name.slice(1)),
    counter: v['counter'] === false ? false : text('counter', '') || id,
    template: text('numberingTemplate', '{n}'),
    resetOn: reset ? Number(reset[1]) : 0,
    format: text('counterFormat', 'decimal'),
    placement: v['placement'] === 'title' ? 'title' : 'runIn',
    bold: flag('bold', true),
    italic: flag('italic', false),
    suffix: text('suffix', '.'),
  };
}

/** A stored length in a JSON field: a Dimension, a bare number (pt) or a string like "6pt" / "1.4em"; `em` in pt. */
function jsonLength(v: unknown, em: number, rem: number, dpi: number, fallback: number): number {
  const ctx = { emPt: em, remPt: rem, dpi };
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (isDimension(v)) return lengthToPt(v, ctx);
  const m = typeof v === 'string' ? /^\s*(-?\d+(?:\.\d+)?)\s*(pt|mm|cm|in|px|em|rem)?\s*$/.exec(v) : null;
  return m ? lengthToPt({ value: Number(m[1]), unit: (m[2] ?? 'pt') as 'pt' }, ctx) : fallback;
}

/**
 * A stored `fixed` object (§13.4 `{anchor{to: container|page|bleed, edge (9)}, offset}`, §5.4):
 * unknown or missing fields take the default (container, bottom-left, no offset); offsets in the
 * box text's em. Undefined when nothing is stored.
 */
function calloutFixed(raw: unknown, em: number, rem: number, dpi: number): CalloutFixed | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const v = raw as Record<string, unknown>;
  const anchor = v['anchor'] && typeof v['anchor'] === 'object' ? (v['anchor'] as Record<string, unknown>) : {};
  const offset = v['offset'] && typeof v['offset'] === 'object' ? (v['offset'] as Record<string, unknown>) : {};
  const to = anchor['to'] === 'page' || anchor['to'] === 'bleed' ? anchor['to'] : DEFAULT_FIXED.to;
  const edge = typeof anchor['edge'] === 'string' && (FIXED_EDGES as readonly string[]).includes(anchor['edge']) ? (anchor['edge'] as FixedEdge) : DEFAULT_FIXED.edge;
  return { to, edge, x: jsonLength(offset['x'], em, rem, dpi, 0), y: jsonLength(offset['y'], em, rem, dpi, 0) };
}

/** A stored colour in a JSON field: `#rrggbb` or a `{ hex }` value. */
function jsonColour(v: unknown, fallback: string): string {
  if (typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v)) return v.toLowerCase();
  if (v && typeof v === 'object' && typeof (v as { hex?: unknown }).hex === 'string') return (v as { hex: string }).hex.toLowerCase();
  return fallback;
}

/** A stored `label` object with the spec's defaults (§13.4 "when used: headings font, body size, 700, white on main, 1.4 em tall, 0.6 em padding"). */
function calloutLabel(raw: unknown, s: LayoutSettings, main: string, dpi: number): CalloutLabel | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const v = raw as Record<string, unknown>;
  const body = s.body.style.size;
  const size = Math.max(1, jsonLength(v['fontSize'], body, body, dpi, body));
  // Heights and paddings in the label's own em.
  const len = (key: string, fallback: number): number => jsonLength(v[key], size, body, dpi, fallback);
  const rule = v['rule'];
  const ruleObject = rule && typeof rule === 'object' ? (rule as Record<string, unknown>) : undefined;
  const background = jsonColour(v['background'], main);
  const icon = typeof v['icon'] === 'string' ? v['icon'] : v['icon'] && typeof v['icon'] === 'object' && typeof (v['icon'] as { glyph?: unknown }).glyph === 'string' ? (v['icon'] as { glyph: string }).glyph : undefined;
  return {
    style: {
      family: typeof v['fontFamily'] === 'string' && v['fontFamily'] ? v['fontFamily'] : s.headings.family,
      weight: typeof v['fontWeight'] === 'number' ? v['fontWeight'] : 700,
      italic: false,
      size,
      colour: jsonColour(v['color'], '#ffffff'),
    },
    background,
    position: v['position'] === 'top-left' ? 'top-left' : 'top-right',
    height: Math.max(size, len('height', 1.4 * size)),
    paddingX: Math.max(0, len('paddingX', 0.6 * size)),
    offset: Math.max(0, len('offset', 0)),
    inset: Math.max(0, len('inset', 0)),
    ...(icon ? { icon } : {}),
    ...(rule === true ? { rule: { width: 1, colour: background } } : ruleObject ? { rule: { width: Math.max(0, jsonLength(ruleObject['width'], size, body, dpi, 1)), colour: jsonColour(ruleObject['color'], background) } } : {}),
  };
}

/**
 * Each style's `body` and `lists`, added to the styles `settingsFromConfig` read (`s.callouts`).
 * `body` is left absent when every field resolves to the body text's own (a box that only
 * follows `bodyText` sets its text as before, the same style object); `lists` holds only the
 * fields stored in the style, since unset ones follow `unorderedLists` and numbered lists keep
 * their own.
 */
export function addCalloutText(s: LayoutSettings, r: ConfigReaders, stored: unknown): void {
  const b = s.body;
  for (const id of s.callouts.order) {
    const style = s.callouts.styles[id];
    if (!style) continue;
    const p = `calloutStyles[id=${id}]`;
    const size = r.pt(`${p}.body.fontSize`, b.style.size);
    const look: RunLook = {
      boldWeight: r.num(`${p}.body.boldFontWeight`, b.boldWeight),
      boldColour: r.colour(`${p}.body.boldColor`, b.boldColour),
      italicColour: r.colour(`${p}.body.italicColor`, b.italicColour),
      smallCaps: r.bool(`${p}.body.smallCaps`, false),
      hyphenate: r.bool(`${p}.body.hyphenation`, s.hyphenation.enabled),
    };
    const text: CalloutBody = {
      style: {
        family: r.str(`${p}.body.fontFamily`, b.style.family),
        weight: r.num(`${p}.body.fontWeight`, b.style.weight),
        italic: r.bool(`${p}.body.italic`, false),
        size,
        colour: r.colour(`${p}.body.color`, b.style.colour),
        look,
      },
      // The leading's em is the box's own size (bodyText.lineHeight's em is the body's, §0.4).
      lineHeight: Math.max(1, r.pt(`${p}.body.lineHeight`, (b.lineHeight / b.style.size) * size, size)),
      align: r.str(`${p}.body.textAlign`, b.align) === 'justify' ? 'justify' : 'left',
      paragraphSpacing: r.bool(`${p}.body.paragraphSpacing`, b.paragraphSpacing === true),
      firstLineIndent: Math.max(0, r.pt(`${p}.body.firstLineIndent`, b.firstLineIndent, size)),
    };
    const same =
      text.style.family === b.style.family && text.style.weight === b.style.weight && !text.style.italic && text.style.size === b.style.size &&
      text.style.colour === b.style.colour && look.boldWeight === b.boldWeight && look.boldColour === b.boldColour && look.italicColour === b.italicColour &&
      !look.smallCaps && look.hyphenate === s.hyphenation.enabled && Math.abs(text.lineHeight - b.lineHeight) < 1e-9 && text.align === b.align &&
      text.paragraphSpacing === (b.paragraphSpacing === true) && Math.abs(text.firstLineIndent - b.firstLineIndent) < 1e-9;
    if (!same) style.body = text;
    // lists.*: the fields stored in this style only.
    const item = storedListItem(stored, 'calloutStyles', id);
    const listsSet = item && typeof item['lists'] === 'object' && item['lists'] !== null ? (item['lists'] as Record<string, unknown>) : {};
    const lists: CalloutLists = {};
    const has = (field: string): boolean => listsSet[field] !== undefined;
    if (has('bulletChar')) lists.bullet = r.str(`${p}.lists.bulletChar`, s.lists.bullet);
    if (has('color')) lists.colour = r.colour(`${p}.lists.color`, s.lists.markerColour);
    if (has('indent')) lists.indent = Math.max(0, r.pt(`${p}.lists.indent`, 0, size));
    if (has('gap')) lists.gap = Math.max(0, r.pt(`${p}.lists.gap`, s.lists.gap, size));
    if (has('itemSpacing')) lists.itemSpacing = Math.max(0, r.pt(`${p}.lists.itemSpacing`, 0, size));
    if (has('bulletFontSize')) lists.bulletSize = Math.max(1, r.pt(`${p}.lists.bulletFontSize`, size, size));
    if (has('bulletFontWeight')) lists.bulletWeight = r.num(`${p}.lists.bulletFontWeight`, s.lists.markerWeight);
    if (Object.keys(lists).length > 0) style.lists = lists;
    // Where the box goes; the defaults (column, here, 1, fill) are left absent.
    const span = r.str(`${p}.span`, 'column');
    const placement = r.str(`${p}.placement`, 'here');
    const flow: CalloutFlow = {
      span: span === 'page' || span === 'side' ? span : 'column',
      placement: placement === 'auto' || placement === 'top' || placement === 'bottom' || placement === 'fixed' ? placement : 'here',
      columns: Math.max(1, Math.round(r.num(`${p}.columns`, 1))),
      width: r.str(`${p}.width`, 'fill') === 'auto' ? 'auto' : 'fill',
    };
    const fixed = calloutFixed(r.at(`${p}.fixed`), size, b.style.size, r.num('page.dpi', 300));
    if (fixed) flow.fixed = fixed;
    if (r.str(`${p}.sideAtColumnEnd`, 'before') === 'after') flow.sideAtColumnEnd = 'after';
    if (flow.span !== 'column' || flow.placement !== 'here' || flow.columns !== 1 || flow.width !== 'fill' || fixed || flow.sideAtColumnEnd) style.flow = flow;
    // The title's capitals, tracking (its own em) and indent (the box text's em); defaults left absent.
    const titleLook: CalloutTitleLook = {
      upper: r.str(`${p}.titleStyle.textTransform`, 'none') === 'uppercase',
      tracking: r.pt(`${p}.titleStyle.letterSpacing`, 0, style.titleStyle.size),
      indent: Math.max(0, r.pt(`${p}.titleStyle.indent`, 0, size)),
    };
    if (titleLook.upper || titleLook.tracking !== 0 || titleLook.indent > 0) style.titleLook = titleLook;
    const numbering = calloutNumbering(r.at(`${p}.numbering`), r.str(`${p}.name`, id), id);
    if (numbering) style.numbering = numbering;
    const label = calloutLabel(r.at(`${p}.label`), s, r.colour('colorPalette[id=main-color].value', MAIN_COLOUR), r.num('page.dpi', 300));
    if (label) style.label = label;
    // icon and marker (glyphs in the box's text em).
    const main = r.colour('colorPalette[id=main-color].value', MAIN_COLOUR);
    const icon = calloutIcon(r.at(`${p}.icon`), s, size, main, r.num('page.dpi', 300));
    if (icon) style.icon = icon;
    const marker = calloutMarker(r.at(`${p}.marker`), s, size, main, r.num('page.dpi', 300));
    if (marker) style.marker = marker;
    // endMark (e.g. '∎'), borderRadius and columnGap (1.5 em of the box text).
    const endMark = r.str(`${p}.endMark`, '');
    if (endMark) style.endMark = endMark;
    const radius = Math.max(0, r.pt(`${p}.borderRadius`, 0, size));
    if (radius > 0) style.radius = radius;
    style.columnGap = Math.max(0, r.pt(`${p}.columnGap`, 1.5 * size, size));
    // Splits: the suffix and marker words follow the locale (the configuration resolves them).
    const align = r.str(`${p}.continuesMarkerAlign`, 'right');
    const markerText = r.str(`${p}.continuesMarker`, 'Continued');
    if (!r.bool(`${p}.snapToGrid`, true)) style.snapToGrid = false;
    style.continuation = {
      minLines: Math.max(1, Math.round(r.num(`${p}.splitMinLines`, 2))),
      repeatTitle: r.bool(`${p}.repeatTitle`, false),
      suffix: r.str(`${p}.continuedSuffix`, '(cont.)'),
      ...(r.bool(`${p}.continuesMarkerEnabled`, false) && markerText ? { marker: { text: markerText, align: align === 'left' || align === 'center' ? align : 'right', italic: r.bool(`${p}.continuesMarkerItalic`, true) } } : {}),
    };
  }
}
