/**
 * The structural settings of settings-from-config.ts, kept apart from it: heading-style sections
 * (configuration.md §13.6: margins, column layout, running heads, span and break), parts (§13.5),
 * paragraph styles (§13.1), the column rule and `flowColumns` (§4) and the colour palette (§15.1).
 * All lengths in pt.
 */
import { declareAppliedSettings } from '../config';
import { canonicalNumberFormat } from '../config/values';
import { isNumberFormat } from './page/number-format';
import { furnitureElements, runningSlotElements } from './settings-furniture';
import type { BreakParity, GeometryOverride, HeadingDesign, HeadingStyleSettings, LayoutSettings, OrderedLevel, ParagraphStyleSettings, PartSettings, SectionBodyStyle } from './settings';

// Applied by the page engine (page/sections.ts, page/part.ts, page/section-design.ts).
const BODY_STYLE_FIELDS = [
  'fontFamily', 'fontSize', 'lineHeight', 'color', 'textAlign', 'bulletColor', 'numberColor',
  'unorderedLists.bulletChar', 'unorderedLists.color', 'unorderedLists.fontWeight', 'unorderedLists.gap', 'unorderedLists.marginTop', 'unorderedLists.marginBottom',
  'orderedLists.color', ...['numberFormat', 'prefix', 'separator'].flatMap((f) => [`orderedLists.${f}`, `orderedLists.levels[level=*].${f}`]),
];
declareAppliedSettings([
  // A heading style's snapToGrid over its level's (§13.6; page/heading-look.ts headingSnaps).
  'headingStyles[id=*].snapToGrid',
  // paragraphStyles (§13.1) beyond settings-from-config's list: the run look and the case.
  ...['boldColor', 'italicColor', 'boldFontWeight', 'smallCaps', 'hyphenation', 'textTransform', 'snapToGrid', 'wordBreak'].map((f) => `paragraphStyles[id=*].${f}`),
  ...BODY_STYLE_FIELDS.map((f) => `headingStyles[id=*].bodyStyle.${f}`),
  ...BODY_STYLE_FIELDS.map((f) => `parts.bodyStyle.${f}`),
  'page.backgroundColor',
  ...['numberFormat', 'prefix', 'separator'].flatMap((f) => [`orderedLists.${f}`, `orderedLists.levels[level=*].${f}`]),
  ...['design', 'versoDesign'].flatMap((slot) => ['[id=*]', '[*]'].map((item) => `parts.${slot}.elements${item}.*`)),
  // Designed headings (§8.2 `advancedDesign`, page/heading-design.ts), per level and per heading style.
  ...['headings.levels[level=*]', 'headingStyles[id=*]'].flatMap((owner) => [
    `${owner}.advancedDesign.enabled`,
    `${owner}.advancedDesign.minHeight`,
    ...['[id=*]', '[*]'].map((item) => `${owner}.advancedDesign.slot.elements${item}.*`),
  ]),
]);

/**
 * `advancedDesign` (configuration.md §8.2) as set: `enabled`, `minHeight` (pt through `pt`, em =
 * the body size) and the slot's elements (§5.3, text wrapping by default as in part designs).
 * Only the fields present in `raw`, so a heading style can override the level's field by field;
 * undefined when none is.
 */
export function headingDesignFields(raw: unknown, bodyPt: number, pt: (field: string, fallback: number) => number): Partial<HeadingDesign> | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const d = raw as Record<string, unknown>;
  const out: Partial<HeadingDesign> = {};
  if (typeof d['enabled'] === 'boolean') out.enabled = d['enabled'];
  const minHeight = d['minHeight'] === undefined ? Number.NaN : pt('minHeight', Number.NaN);
  if (Number.isFinite(minHeight) && minHeight >= 0) out.minHeight = minHeight;
  const elements = furnitureElements(d['slot'], { bodyPt, dpi: 300 }, 'design');
  if (elements) out.elements = elements;
  return Object.keys(out).length > 0 ? out : undefined;
}

const hexOf = (v: unknown): string | undefined => {
  const hex = typeof v === 'string' ? v : v && typeof v === 'object' ? (v as { hex?: unknown }).hex : undefined;
  return typeof hex === 'string' && /^#[0-9a-f]{6}$/i.test(hex) ? hex.toLowerCase() : undefined;
};

/**
 * A `bodyStyle` (configuration.md §13.5, §13.6) over the body text: family, size, leading (a
 * Dimension, em = the style's own size; unset keeps the body's leading, the grid pitch), colour,
 * alignment, the list marker colours, and `unorderedLists` / `orderedLists` partial overrides
 * (§13.5 "partial overrides": the fields the document's lists apply; a section's list-wide
 * `orderedLists` field beats the document's per-level one, our reading of "overrides"). `raw` is
 * the stored or effective object; undefined when it changes nothing (the body text is set as before).
 */
export function bodyStyleOf(raw: unknown, s: LayoutSettings, pt: (field: string, fallback: number, emPt?: number) => number): SectionBodyStyle | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const b = raw as Record<string, unknown>;
  const body = s.body.style;
  const size = Math.max(1, pt('fontSize', body.size));
  const alignRaw = b['textAlign'];
  const align = alignRaw === 'center' || alignRaw === 'right' || alignRaw === 'justify' || alignRaw === 'left' ? alignRaw : alignRaw === 'end' ? 'right' : alignRaw === 'start' ? 'left' : s.body.align;
  const style: SectionBodyStyle = {
    style: { ...body, family: typeof b['fontFamily'] === 'string' && b['fontFamily'] ? b['fontFamily'] : body.family, size, colour: hexOf(b['color']) ?? body.colour },
    lineHeight: Math.max(1, pt('lineHeight', s.body.lineHeight, size)),
    align,
    indent: 0,
    endIndent: 0,
    firstLineIndent: s.body.firstLineIndent,
    spaceBetween: 0,
    marginTop: 0,
    marginBottom: 0,
    // bulletColor / numberColor follow the section's unorderedLists.color / orderedLists.color (§13.5).
    bulletColour: hexOf(b['bulletColor']) ?? hexOf(record(b['unorderedLists'])['color']) ?? s.lists.markerColour,
    numberColour: hexOf(b['numberColor']) ?? hexOf(record(b['orderedLists'])['color']) ?? s.lists.markerColour,
  };
  const lists = unorderedOverride(record(b['unorderedLists']), s, size, pt);
  if (lists) style.lists = lists;
  const ordered = orderedOverride(record(b['orderedLists']));
  if (ordered) style.orderedLists = ordered;
  const same =
    style.style.family === body.family && Math.abs(size - body.size) < 1e-6 && style.style.colour === body.colour && Math.abs(style.lineHeight - s.body.lineHeight) < 1e-6 &&
    align === s.body.align && style.bulletColour === s.lists.markerColour && style.numberColour === s.lists.markerColour && !lists && !ordered;
  return same ? undefined : style;
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** `bodyStyle.unorderedLists` over the document's list settings; undefined when it sets none of the applied fields. Lengths: em = the section's size. */
function unorderedOverride(u: Record<string, unknown>, s: LayoutSettings, size: number, pt: (field: string, fallback: number, emPt?: number) => number): LayoutSettings['lists'] | undefined {
  const has = (k: string): boolean => u[k] !== undefined && u[k] !== null;
  if (!['bulletChar', 'fontWeight', 'gap', 'marginTop', 'marginBottom'].some(has)) return undefined;
  const weight = u['fontWeight'];
  return {
    ...s.lists,
    ...(typeof u['bulletChar'] === 'string' && u['bulletChar'] ? { bullet: u['bulletChar'] } : {}),
    ...(typeof weight === 'number' && weight >= 100 && weight <= 900 ? { markerWeight: weight } : {}),
    ...(has('gap') ? { gap: Math.max(0, pt('unorderedLists.gap', s.lists.gap, size)) } : {}),
    ...(has('marginTop') ? { marginTop: Math.max(0, pt('unorderedLists.marginTop', s.lists.marginTop, size)) } : {}),
    ...(has('marginBottom') ? { marginBottom: Math.max(0, pt('unorderedLists.marginBottom', s.lists.marginBottom, size)) } : {}),
  };
}

/** The number-style fields of an `orderedLists` object or level (an unknown format word prints decimal, §3). */
function levelFields(o: Record<string, unknown>): Partial<OrderedLevel> {
  const out: Partial<OrderedLevel> = {};
  if (typeof o['numberFormat'] === 'string') out.format = isNumberFormat(o['numberFormat']) ? o['numberFormat'] : 'arabic';
  if (typeof o['prefix'] === 'string') out.prefix = o['prefix'];
  if (typeof o['separator'] === 'string') out.separator = o['separator'];
  return out;
}

/** `bodyStyle.orderedLists` number styles, list-wide and per level (`levels: [{ level: N, … }]`); undefined when none is set. */
function orderedOverride(o: Record<string, unknown>): SectionBodyStyle['orderedLists'] {
  const list = levelFields(o);
  const levels: Partial<OrderedLevel>[] = [{}, {}, {}, {}, {}];
  for (const raw of Array.isArray(o['levels']) ? o['levels'] : []) {
    const level = record(raw);
    const n = level['level'];
    if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 5) levels[n - 1] = levelFields(level);
  }
  const any = Object.keys(list).length > 0 || levels.some((l) => Object.keys(l).length > 0);
  return any ? { list, levels } : undefined;
}

/** The readers settings-from-config.ts builds over the effective configuration. */
export interface ConfigReaders {
  at(path: string): unknown;
  pt(path: string, fallback: number, emPt?: number): number;
  bool(path: string, fallback: boolean): boolean;
  str(path: string, fallback: string): string;
  num(path: string, fallback: number): number;
  colour(path: string, fallback: string): string;
}

const PARITIES: readonly string[] = ['any', 'odd', 'even', 'always-odd', 'always-even'];
const parity = (v: unknown, fallback: BreakParity): BreakParity => (typeof v === 'string' && PARITIES.includes(v) ? (v as BreakParity) : fallback);

/**
 * What a heading style changes beyond its heading's own type: span and break (level fields, §8.2),
 * section margins and column layout (field-wise over the document's), and whether the section's
 * header/footer slot is empty. `item` is the style object as stored (defaults not filled in:
 * an unset field keeps the level's or the document's value).
 */
export function headingStyleSection(item: Record<string, unknown>, s: LayoutSettings, pt: (path: string, fallback: number, emPt?: number) => number): Partial<HeadingStyleSettings> {
  const id = String(item['id']);
  const p = `headingStyles[id=${id}]`;
  const out: Partial<HeadingStyleSettings> = {};
  if (item['span'] === 'page' || item['span'] === 'column') out.span = item['span'];
  if (typeof item['spanBreak'] === 'boolean') out.spanBreak = item['spanBreak'];
  if (item['runningChapter'] === false) out.runningChapter = false;
  if (typeof item['snapToGrid'] === 'boolean') out.snapToGrid = item['snapToGrid'];
  const breakBefore = item['breakBefore'];
  if (breakBefore && typeof breakBefore === 'object') {
    const b = breakBefore as { enabled?: unknown; parity?: unknown };
    const merged = { ...(typeof b.enabled === 'boolean' ? { enabled: b.enabled } : {}), ...(typeof b.parity === 'string' && PARITIES.includes(b.parity) ? { parity: b.parity as BreakParity } : {}) };
    if (merged.enabled !== undefined || merged.parity !== undefined) out.breakBefore = merged;
  }
  const margins = item['margins'];
  if (margins && typeof margins === 'object') {
    const m = margins as Record<string, unknown>;
    out.margins = {
      top: pt(`${p}.margins.top`, s.margins.top),
      bottom: pt(`${p}.margins.bottom`, s.margins.bottom),
      left: pt(`${p}.margins.left`, s.margins.left),
      right: pt(`${p}.margins.right`, s.margins.right),
      mirror: typeof m['mirror'] === 'boolean' ? m['mirror'] : s.margins.mirror,
    };
  }
  const layout = item['layout'];
  if (layout && typeof layout === 'object') out.layout = resolveLayout(layout as Record<string, unknown>, s, (field, fallback) => pt(`${p}.layout.${field}`, fallback));
  // Section palette (§13.6): id → hex, the same pairs a part's palette takes.
  const palette = item['palette'];
  if (palette && typeof palette === 'object' && !Array.isArray(palette)) {
    const pairs: Record<string, string> = {};
    for (const [key, value] of Object.entries(palette as Record<string, unknown>)) {
      const hex = typeof value === 'string' ? value : value && typeof value === 'object' ? (value as { hex?: unknown }).hex : undefined;
      if (typeof hex === 'string' && /^#[0-9a-f]{6}$/i.test(hex)) pairs[key] = hex.toLowerCase();
    }
    if (Object.keys(pairs).length > 0) out.palette = pairs;
  }
  const bodyStyle = bodyStyleOf(item['bodyStyle'], s, (field, fallback, emPt) => pt(`${p}.bodyStyle.${field}`, fallback, emPt));
  if (bodyStyle) out.bodyStyle = bodyStyle;
  const design = headingDesignFields(item['advancedDesign'], s.body.style.size, (field, fallback) => pt(`${p}.advancedDesign.${field}`, fallback));
  if (design) out.design = design;
  // Running heads of the section (§5.1 "Section override"): an empty slot removes them; a slot
  // with elements replaces the document's slot on the section's pages.
  for (const slot of ['header', 'footer'] as const) {
    const value = item[slot];
    if (value && typeof value === 'object') {
      const elements = (value as { elements?: unknown }).elements;
      // A designed slot is drawn from its elements (page/furniture-elements.ts).
      out[slot] = Array.isArray(elements) && elements.length === 0 ? 'none' : (runningSlotElements(slot, value, { bodyPt: s.body.style.size, dpi: 300 }) ?? 'default');
    }
  }
  return out;
}

/** A section's column model, unset fields taking the document's (configuration.md §4.1, last paragraph). */
function resolveLayout(layout: Record<string, unknown>, s: LayoutSettings, pt: (field: string, fallback: number) => number): NonNullable<GeometryOverride['layout']> {
  const type = typeof layout['layoutType'] === 'string' ? layout['layoutType'] : s.sideColumn ? 'oneAndHalf' : s.columns === 1 ? 'single' : s.columns === 2 ? 'double' : 'multiple';
  const count = typeof layout['columnCount'] === 'number' && Number.isFinite(layout['columnCount']) ? Math.min(8, Math.max(3, Math.round(layout['columnCount']))) : s.columns >= 3 ? s.columns : 3;
  const gutter = pt('gutterWidth', s.gutter);
  const rule = layout['columnRule'];
  const columnRule = rule && typeof rule === 'object' ? { ...(s.columnRule ?? defaultColumnRule()), ...ruleFields(rule as Record<string, unknown>, (field, fallback) => pt(`columnRule.${field}`, fallback)) } : undefined;
  const base = { gutter, ...(columnRule ? { columnRule } : {}) };
  if (type === 'single') return { ...base, columns: 1 };
  if (type === 'multiple') return { ...base, columns: count };
  if (type === 'oneAndHalf') {
    const doc = s.sideColumn;
    const percentRaw = layout['sideColumnPercent'];
    const percent = typeof percentRaw === 'number' && Number.isFinite(percentRaw) ? Math.min(98, Math.max(1, percentRaw)) : doc?.percent ?? 33;
    const roleRaw = layout['sideColumnRole'];
    const role = roleRaw === 'floats' || roleRaw === 'text' ? roleRaw : doc?.role ?? 'text';
    const sideRaw = layout['sideColumnSide'];
    const side = sideRaw === 'left' || sideRaw === 'right' || sideRaw === 'outer' || sideRaw === 'inner' ? sideRaw : doc?.side ?? 'right';
    return { ...base, columns: role === 'text' ? 2 : 1, sideColumn: { percent, role, side } };
  }
  return { ...base, columns: 2 };
}

function ruleFields(rule: Record<string, unknown>, pt: (field: string, fallback: number) => number): Partial<{ enabled: boolean; colour: string; width: number }> {
  const out: Partial<{ enabled: boolean; colour: string; width: number }> = {};
  if (typeof rule['enabled'] === 'boolean') out.enabled = rule['enabled'];
  const colour = rule['color'];
  const hex = typeof colour === 'string' ? colour : colour && typeof colour === 'object' ? (colour as { hex?: unknown }).hex : undefined;
  if (typeof hex === 'string' && /^#[0-9a-f]{6}$/i.test(hex)) out.colour = hex.toLowerCase();
  if (rule['lineWidth'] !== undefined) out.width = pt('lineWidth', 0.5);
  return out;
}

/** A list item as stored (e.g. `headingStyles` by id), without the defaults the effective config fills in. */
export function storedListItem(stored: unknown, list: string, id: string): Record<string, unknown> | undefined {
  const items = stored && typeof stored === 'object' ? (stored as Record<string, unknown>)[list] : undefined;
  if (!Array.isArray(items)) return undefined;
  const found = items.find((x) => x && typeof x === 'object' && (x as { id?: unknown }).id === id);
  return found && typeof found === 'object' ? (found as Record<string, unknown>) : undefined;
}

export function defaultColumnRule(): { enabled: boolean; colour: string; width: number } {
  return { enabled: false, colour: '#cccccc', width: 0.5 };
}

/** Parts, paragraph styles, column rule, `flowColumns` and palette from the effective configuration. */
/**
 * `orderedLists` number styles by depth (configuration.md §9.2): each level's `numberFormat`,
 * `prefix` and `separator` over the list's. Undefined when every level prints the defaults
 * (decimal, no prefix, `.`), so markers stay as they were set before.
 */
export function orderedListLevels(r: ConfigReaders): LayoutSettings['orderedLevels'] {
  const base = { format: r.str('orderedLists.numberFormat', 'arabic'), prefix: r.str('orderedLists.prefix', ''), separator: r.str('orderedLists.separator', '.') };
  const levels = [1, 2, 3, 4, 5].map((level) => {
    const p = `orderedLists.levels[level=${level}]`;
    const format = r.str(`${p}.numberFormat`, base.format);
    // An unknown word prints decimal (§3; the configuration warns about it).
    return { format: isNumberFormat(format) ? format : 'arabic', prefix: r.str(`${p}.prefix`, base.prefix), separator: r.str(`${p}.separator`, base.separator) };
  });
  const plain = levels.every((l) => canonicalNumberFormat(l.format) === 'decimal' && l.prefix === '' && l.separator === '.');
  return plain ? undefined : levels;
}

export function structureSettings(s: LayoutSettings, r: ConfigReaders): Pick<LayoutSettings, 'parts' | 'paragraphStyles' | 'columnRule' | 'flowColumns' | 'palette' | 'pageBackground' | 'orderedLevels'> {
  const parts: PartSettings = {
    page: r.bool('parts.page', true),
    breakBefore: parity(r.at('parts.breakBefore.parity'), 'odd'),
    breakAfter: r.bool('parts.breakAfter.enabled', true) ? parity(r.at('parts.breakAfter.parity'), 'any') : 'none',
    margins: {
      top: r.pt('parts.margins.top', s.margins.top),
      bottom: r.pt('parts.margins.bottom', s.margins.bottom),
      left: r.pt('parts.margins.left', s.margins.left),
      right: r.pt('parts.margins.right', s.margins.right),
      mirror: r.bool('parts.margins.mirror', s.margins.mirror),
    },
  };
  // Part pages' body text and designs (page/part.ts); part designs wrap their text by default (§5.3).
  const partBody = bodyStyleOf(r.at('parts.bodyStyle'), s, (field, fallback, emPt) => r.pt(`parts.bodyStyle.${field}`, fallback, emPt));
  if (partBody) parts.bodyStyle = partBody;
  for (const slot of ['design', 'versoDesign'] as const) {
    const elements = furnitureElements(r.at(`parts.${slot}`), { bodyPt: s.body.style.size, dpi: 300 }, 'design');
    if (elements && elements.length > 0) parts[slot] = elements;
  }
  const paragraphStyles: Record<string, ParagraphStyleSettings> = {};
  const list = r.at('paragraphStyles');
  for (const item of Array.isArray(list) ? list : []) {
    const id = item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
    if (typeof id !== 'string') continue;
    const p = `paragraphStyles[id=${id}]`;
    const size = r.pt(`${p}.fontSize`, s.body.style.size);
    const align = r.str(`${p}.textAlign`, s.body.align);
    paragraphStyles[id] = {
      style: {
        family: r.str(`${p}.fontFamily`, s.body.style.family),
        weight: r.num(`${p}.fontWeight`, s.body.style.weight),
        italic: r.bool(`${p}.italic`, false),
        size,
        colour: r.colour(`${p}.color`, s.body.style.colour),
        // Bold and italic runs, small capitals and hyphenation (§13.1), each the body's unless the
        // style sets it (italicColor does not follow the style's colour); in an italic style
        // emphasis turns upright (paragraph/collect.ts reads the look).
        look: {
          boldWeight: r.num(`${p}.boldFontWeight`, s.body.boldWeight),
          boldColour: r.colour(`${p}.boldColor`, s.body.boldColour),
          italicColour: r.colour(`${p}.italicColor`, s.body.italicColour),
          smallCaps: r.bool(`${p}.smallCaps`, false),
          hyphenate: r.bool(`${p}.hyphenation`, s.hyphenation.enabled),
          // wordBreak (§13.1, default cjk.wordBreak): kept in the look only where it differs, so the
          // style (and the paragraph memo key holding it) is unchanged for a style that follows the document.
          ...((r.str(`${p}.wordBreak`, s.cjk.keepAll ? 'keep-all' : 'normal') === 'keep-all') !== s.cjk.keepAll ? { keepAll: !s.cjk.keepAll } : {}),
        },
      },
      // Leading in the style's own ems (§13.1); follows the body's when unset.
      lineHeight: r.pt(`${p}.lineHeight`, (s.body.lineHeight / s.body.style.size) * size, size),
      align: align === 'center' || align === 'right' || align === 'justify' ? align : align === 'end' ? 'right' : 'left',
      indent: Math.max(0, r.pt(`${p}.indent`, 0, size)),
      endIndent: Math.max(0, r.pt(`${p}.endIndent`, 0, size)),
      firstLineIndent: r.pt(`${p}.firstLineIndent`, s.body.firstLineIndent, size),
      spaceBetween: r.pt(`${p}.spaceBetween`, 0, size),
      marginTop: r.pt(`${p}.marginTop`, 0, size),
      marginBottom: r.pt(`${p}.marginBottom`, 0, size),
      ...(r.str(`${p}.textTransform`, 'none') === 'uppercase' ? { uppercase: true } : {}),
      // snapToGrid false (§13.1): the text after the container is not taken back to the grid (page/paginate.ts).
      ...(r.bool(`${p}.snapToGrid`, true) ? {} : { snapToGrid: false as const }),
    };
  }
  const palette: Record<string, string> = {};
  const entries = r.at('colorPalette');
  for (const entry of Array.isArray(entries) ? entries : []) {
    if (!entry || typeof entry !== 'object') continue;
    const { id, value } = entry as { id?: unknown; value?: unknown };
    const hex = typeof value === 'string' ? value : value && typeof value === 'object' ? (value as { hex?: unknown }).hex : undefined;
    if (typeof id === 'string' && typeof hex === 'string' && /^#[0-9a-f]{6}$/i.test(hex)) palette[id] = hex.toLowerCase();
  }
  return {
    parts,
    paragraphStyles,
    columnRule: { enabled: r.bool('layout.columnRule.enabled', false), colour: r.colour('layout.columnRule.color', '#cccccc'), width: r.pt('layout.columnRule.lineWidth', 0.5) },
    flowColumns: r.bool('layout.flowColumns', true),
    palette,
    // Opaque `#rrggbb` only: `transparent` (the default) paints nothing.
    ...(/^#[0-9a-f]{6}$/.test(r.colour('page.backgroundColor', '')) ? { pageBackground: r.colour('page.backgroundColor', '') } : {}),
    ...((levels) => (levels ? { orderedLevels: levels } : {}))(orderedListLevels(r)),
  };
}
