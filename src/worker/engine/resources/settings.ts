/**
 * The resource-related design, read from the effective configuration (configuration.md §12:
 * resourceTypes, captionStyle, tableStyle, diagramStyle; page.dpi and layout.bitmapResolution),
 * lengths in pt. Declared as applied settings so the configuration module stops reporting them.
 */
import { declareAppliedSettings, effectiveAt, lengthAtPt, resolveConfig, type StoredConfig } from '../../config';
import type { TextStyle } from '../settings';
import { localeNumberFormat } from '../page/number-format';

export interface ResourceType {
  id: string;
  name: string;
  shortLabel: string;
  numberingTemplate: string;
  /** `never` or a heading level 1–6 whose headings restart the counter. */
  resetOn: 'never' | 1 | 2 | 3 | 4 | 5 | 6;
  counterFormat: string;
  captionPrefix: string;
  defaultPlacement?: Record<string, unknown>;
  /** `resourceTypes[id=X].captionStyle` merged over `captionStyle` (configuration.md §12.1); absent = the global caption style. */
  caption?: CaptionSettings;
}

/**
 * `TextAlign` of captions and notes (configuration.md §12.4): `left`/`start` and `justify`'s last
 * line stand on the side the setter starts lines (the right in right-to-left text), `right`/`end`
 * on the other, `center` in the middle of the caption's measure.
 */
export type CaptionAlign = 'left' | 'right' | 'center' | 'justify' | 'start' | 'end';

/** Caption and note look (configuration.md §12.4), lengths in pt. */
export interface CaptionSettings {
  style: TextStyle;
  labelBold: boolean;
  labelItalic: boolean;
  labelColour: string;
  descriptionItalic: boolean;
  /** Space between the picture and its caption, pt. */
  gap: number;
  position: 'above' | 'below';
  labelNumberGap: string;
  labelSeparator: string;
  align: CaptionAlign;
  /** `backgroundEnabled` → the bar's colour (`background`); null = no bar. */
  background: string | null;
  /** Inside the bar, on every side of the caption's lines, pt (only with a bar). */
  padding: number;
  note: { style: TextStyle; gap: number; align: CaptionAlign };
}

export interface ResourceSettings {
  /** px per inch: the natural print size of bitmaps without their own resolution. */
  dpi: number;
  bitmapResolution: 'document' | 'file' | number;
  types: ResourceType[];
  /**
   * `bodyText.hardLineBreaks` (configuration.md §6.1): whether a caption's or note's trailing `\` and
   * mid-line `\\ ` break the line (document-format §12.5), as in the running text (§5.3).
   */
  hardLineBreaks: boolean;
  caption: CaptionSettings;
  table: {
    body: TextStyle;
    header: TextStyle;
    headerBackground: string | null;
    bodyBackground: string | null;
    zebra: string | null;
    rules: 'grid' | 'horizontal' | 'outer' | 'none' | 'booktabs';
    borders: boolean;
    borderColour: string;
    /** pt. */
    borderWidth: number;
    /** pt. */
    padding: number;
    continuedSuffix: string;
    /** Booktabs rules (configuration.md §12.3, body-cell em → pt): top and bottom, under the header, under spanning header cells. */
    heavyRule: number;
    lightRule: number;
    spanRule: number;
    /** Rules under a header cell spanning columns: trimmed at both ends by `spanRuleTrim` (pt), full, or none. */
    spanRules: 'trimmed' | 'full' | 'none';
    spanRuleTrim: number;
    /** A light rule between row groups (a row-spanning first-column cell opens a group). */
    groupRules: boolean;
    /** The rule closing a part the table continues from. */
    continuedFootRule: 'bottom' | 'light' | 'none';
    /** A table taller than its page: continue it, keep the rows that fit, or drop it. */
    overflow: 'split' | 'clip' | 'hide';
    /** An in-flow (`here`) table splits to fill its column (since 1.25); false = it moves whole. */
    splitInline: boolean;
    /** The marker at the foot of a part the table continues from; null = none. */
    continuesMarker: string | null;
    /** Tracking of header cells, pt (header-size em). */
    headerLetterSpacing: number;
    headerUppercase: boolean;
    /** Corner radius of the table's outline, pt. */
    borderRadius: number;
  };
  /** Named table styles (`tableStyles[id=X]`, chosen by `table.styleId`), each complete. */
  tableStyles: Record<string, ResourceSettings['table']>;
  diagram: { singleInk: boolean; ink: string };
  /**
   * `layout.writingMode: 'vertical-rl'`: `placement.rotate` is ignored there (configuration.md §17.2
   * `rotateIgnoredVertical`; page/book.ts `floatSpecOf`). Read for this only: vertical layout is not applied.
   */
  verticalText?: boolean;
}

export const APPLIED_RESOURCE_SETTINGS = [
  'page.dpi',
  'layout.bitmapResolution',
  'resourceTypes',
  'resourceTypes[id=*].*',
  'captionStyle.fontFamily',
  'captionStyle.fontSize',
  'captionStyle.color',
  'captionStyle.gap',
  'captionStyle.labelBold',
  'captionStyle.labelItalic',
  'captionStyle.labelColor',
  'captionStyle.descriptionItalic',
  'captionStyle.position',
  'captionStyle.labelNumberGap',
  'captionStyle.labelSeparator',
  'captionStyle.note.fontSize',
  'captionStyle.note.color',
  'captionStyle.note.italic',
  'captionStyle.note.gap',
  'captionStyle.align',
  'captionStyle.backgroundEnabled',
  'captionStyle.background',
  'captionStyle.padding',
  'captionStyle.note.align',
  'tableStyle.bodyFontFamily',
  'tableStyle.bodyFontSize',
  'tableStyle.bodyColor',
  'tableStyle.headerFontFamily',
  'tableStyle.headerFontSize',
  'tableStyle.headerColor',
  'tableStyle.headerBold',
  'tableStyle.headerItalic',
  'tableStyle.headerBackgroundEnabled',
  'tableStyle.headerBackground',
  'tableStyle.bodyBackgroundEnabled',
  'tableStyle.bodyBackground',
  'tableStyle.bodyAlternateBackgroundEnabled',
  'tableStyle.bodyAlternateBackground',
  'tableStyle.borders',
  'tableStyle.borderColor',
  'tableStyle.borderWidth',
  'tableStyle.cellPadding',
  'tableStyle.rules',
  'tableStyle.continuedSuffix',
  'tableStyle.headerLetterSpacing',
  'tableStyle.headerTextTransform',
  'tableStyle.borderRadius',
  'tableStyle.heavyRuleWidth',
  'tableStyle.lightRuleWidth',
  'tableStyle.spanRuleWidth',
  'tableStyle.spanRules',
  'tableStyle.spanRuleTrim',
  'tableStyle.groupRules',
  'tableStyle.continuedFootRule',
  'tableStyle.overflow',
  'tableStyle.splitInline',
  'tableStyle.continuesMarkerEnabled',
  'tableStyle.continuesMarker',
  'tableStyles',
  'tableStyles[id=*].*',
  'diagramStyle.singleInk',
  'diagramStyle.inkColor',
];
declareAppliedSettings(APPLIED_RESOURCE_SETTINGS);

const memo = new WeakMap<object, ResourceSettings>();

export function resourceSettingsFromConfig(stored: StoredConfig): ResourceSettings {
  const hit = memo.get(stored);
  if (hit) return hit;
  const effective = resolveConfig(stored);
  const at = (path: string): unknown => effectiveAt(stored, path);
  const str = (path: string, fallback: string): string => {
    const v = at(path);
    return typeof v === 'string' ? v : fallback;
  };
  const bool = (path: string, fallback: boolean): boolean => {
    const v = at(path);
    return typeof v === 'boolean' ? v : fallback;
  };
  const pt = (path: string, fallback: number, emPt?: number): number => {
    const v = lengthAtPt(effective, stored, path, emPt);
    return v !== undefined && Number.isFinite(v) ? v : fallback;
  };
  const colour = (path: string, fallback: string): string => {
    const v = at(path);
    if (typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v)) return v.toLowerCase();
    if (v && typeof v === 'object' && 'hex' in v && typeof (v as { hex: unknown }).hex === 'string') return (v as { hex: string }).hex.toLowerCase();
    return fallback;
  };
  const bodySize = pt('bodyText.fontSize', 8);
  const bodyFamily = str('bodyText.fontFamily', 'EB Garamond');
  const bodyColour = colour('bodyText.color', '#000000');
  const dpiValue = at('page.dpi');
  const resolution = at('layout.bitmapResolution');
  const align = (path: string): CaptionAlign => {
    const v = str(path, 'left');
    return v === 'right' || v === 'center' || v === 'justify' || v === 'start' || v === 'end' ? v : 'left';
  };
  /** The caption style read at `prefix`: `captionStyle`, or a type's `resourceTypes[id=X].captionStyle`, whose unset fields follow the global one. */
  const captionSettings = (prefix: string): CaptionSettings => {
    const captionSize = pt(`${prefix}.fontSize`, bodySize);
    const style: TextStyle = { family: str(`${prefix}.fontFamily`, bodyFamily), weight: 400, italic: false, size: captionSize, colour: colour(`${prefix}.color`, bodyColour) };
    const noteSize = pt(`${prefix}.note.fontSize`, 0.85 * captionSize, captionSize);
    return {
      style,
      labelBold: bool(`${prefix}.labelBold`, true),
      labelItalic: bool(`${prefix}.labelItalic`, false),
      labelColour: colour(`${prefix}.labelColor`, style.colour),
      descriptionItalic: bool(`${prefix}.descriptionItalic`, false),
      gap: pt(`${prefix}.gap`, 0.75 * captionSize, captionSize),
      position: str(`${prefix}.position`, 'below') === 'above' ? 'above' : 'below',
      labelNumberGap: str(`${prefix}.labelNumberGap`, '\u00a0'),
      labelSeparator: str(`${prefix}.labelSeparator`, '. '),
      align: align(`${prefix}.align`),
      // The bar's colour follows the palette's main colour (configuration.md §18); #295aa3 is that colour's default.
      background: bool(`${prefix}.backgroundEnabled`, false) ? colour(`${prefix}.background`, '#295aa3') : null,
      padding: pt(`${prefix}.padding`, 0.35 * captionSize, captionSize),
      note: {
        style: { ...style, size: noteSize, italic: bool(`${prefix}.note.italic`, false), colour: colour(`${prefix}.note.color`, style.colour) },
        gap: pt(`${prefix}.note.gap`, 0.35 * noteSize, noteSize),
        align: align(`${prefix}.note.align`),
      },
    };
  };
  const caption = captionSettings('captionStyle');
  /**
   * A type's caption style (§12.1, §18): read at its path, whose unset fields follow the global
   * style; by equality, a label colour or note colour that is the global caption colour follows the
   * type's caption colour, and a note size of 0.85 × the global caption size follows 0.85 × the
   * type's (configuration.md §0.5), unless the type sets them itself.
   */
  const typeCaption = (id: string): CaptionSettings => {
    const own = storedTypeCaption(stored, id);
    const typed = captionSettings(`resourceTypes[id=${id}].captionStyle`);
    const note = own?.['note'] && typeof own['note'] === 'object' && !Array.isArray(own['note']) ? (own['note'] as Record<string, unknown>) : undefined;
    const followsColour = (set: unknown, global: string): boolean => set === undefined && global === caption.style.colour;
    const labelColour = followsColour(own?.['labelColor'], caption.labelColour) ? typed.style.colour : typed.labelColour;
    const noteColour = followsColour(note?.['color'], caption.note.style.colour) ? typed.style.colour : typed.note.style.colour;
    // Only where the type's caption size differs: an untouched type keeps the global note size to the bit.
    const noteSize = note?.['fontSize'] === undefined && typed.style.size !== caption.style.size && Math.abs(caption.note.style.size - 0.85 * caption.style.size) < 1e-9 ? 0.85 * typed.style.size : typed.note.style.size;
    return { ...typed, labelColour, note: { ...typed.note, style: { ...typed.note.style, colour: noteColour, size: noteSize } } };
  };
  /**
   * A table style read at `prefix` (`tableStyle` or `tableStyles[id=X]`); a named style's unset
   * field falls back to `tableStyle`, then to the body text (configuration.md §12.3).
   */
  const tableSettings = (prefix: string): ResourceSettings['table'] => {
    const field = (name: string): string => (prefix !== 'tableStyle' && at(`${prefix}.${name}`) === undefined ? `tableStyle.${name}` : `${prefix}.${name}`);
    const bodySizeHere = pt(field('bodyFontSize'), bodySize);
    const rulesHere = str(field('rules'), 'grid');
    const headerSize = pt(field('headerFontSize'), bodySize);
    const spanRules = str(field('spanRules'), 'trimmed');
    const footRule = str(field('continuedFootRule'), 'light');
    const overflow = str(field('overflow'), 'split');
    return {
      body: { family: str(field('bodyFontFamily'), bodyFamily), weight: 400, italic: false, size: bodySizeHere, colour: colour(field('bodyColor'), bodyColour) },
      header: {
        family: str(field('headerFontFamily'), bodyFamily),
        weight: bool(field('headerBold'), true) ? 700 : 400,
        italic: bool(field('headerItalic'), false),
        size: headerSize,
        colour: colour(field('headerColor'), bodyColour),
      },
      headerBackground: bool(field('headerBackgroundEnabled'), true) ? colour(field('headerBackground'), '#f0f0f0') : null,
      bodyBackground: bool(field('bodyBackgroundEnabled'), false) ? colour(field('bodyBackground'), '#ffffff') : null,
      zebra: bool(field('bodyAlternateBackgroundEnabled'), false) ? colour(field('bodyAlternateBackground'), '#f2f2f2') : null,
      rules: rulesHere === 'horizontal' || rulesHere === 'outer' || rulesHere === 'none' || rulesHere === 'booktabs' ? rulesHere : 'grid',
      borders: bool(field('borders'), true),
      borderColour: colour(field('borderColor'), bodyColour),
      borderWidth: pt(field('borderWidth'), 0.75),
      padding: pt(field('cellPadding'), 0.375 * bodySizeHere, bodySizeHere),
      continuedSuffix: str(field('continuedSuffix'), '(cont.)'),
      heavyRule: pt(field('heavyRuleWidth'), 0.08 * bodySizeHere, bodySizeHere),
      lightRule: pt(field('lightRuleWidth'), 0.05 * bodySizeHere, bodySizeHere),
      spanRule: pt(field('spanRuleWidth'), 0.03 * bodySizeHere, bodySizeHere),
      spanRules: spanRules === 'full' || spanRules === 'none' ? spanRules : 'trimmed',
      spanRuleTrim: pt(field('spanRuleTrim'), 0.5 * bodySizeHere, bodySizeHere),
      groupRules: bool(field('groupRules'), false),
      continuedFootRule: footRule === 'bottom' || footRule === 'none' ? footRule : 'light',
      overflow: overflow === 'clip' || overflow === 'hide' ? overflow : 'split',
      splitInline: bool(field('splitInline'), true),
      continuesMarker: bool(field('continuesMarkerEnabled'), true) ? str(field('continuesMarker'), 'Continued') || null : null,
      headerLetterSpacing: pt(field('headerLetterSpacing'), 0, headerSize),
      headerUppercase: str(field('headerTextTransform'), 'none') === 'uppercase',
      borderRadius: Math.max(0, pt(field('borderRadius'), 0, bodySizeHere)),
    };
  };
  const settings: ResourceSettings = {
    dpi: typeof dpiValue === 'number' && dpiValue > 0 ? dpiValue : 300,
    bitmapResolution: resolution === 'file' ? 'file' : typeof resolution === 'number' && resolution > 0 ? resolution : 'document',
    types: resourceTypes(at('resourceTypes'), str('locale', 'en')).map((type) => ({ ...type, caption: typeCaption(type.id) })),
    hardLineBreaks: bool('bodyText.hardLineBreaks', true),
    caption,
    table: tableSettings('tableStyle'),
    tableStyles: {},
    diagram: { singleInk: bool('diagramStyle.singleInk', false), ink: colour('diagramStyle.inkColor', '#295aa3') },
    ...(str('layout.writingMode', 'horizontal-tb') === 'vertical-rl' ? { verticalText: true } : {}),
  };
  const named = at('tableStyles');
  if (Array.isArray(named)) {
    for (const entry of named) {
      const id = entry && typeof entry === 'object' ? (entry as { id?: unknown }).id : undefined;
      if (typeof id === 'string' && id && !settings.tableStyles[id]) settings.tableStyles[id] = tableSettings(`tableStyles[id=${id}]`);
    }
  }
  memo.set(stored, settings);
  return settings;
}

/** The `captionStyle` a book stores on resource type `id` (what it sets itself), if any. */
function storedTypeCaption(stored: StoredConfig, id: string): Record<string, unknown> | undefined {
  const types = stored['resourceTypes'];
  if (!Array.isArray(types)) return undefined;
  const type = types.find((t) => t && typeof t === 'object' && !Array.isArray(t) && t['id'] === id);
  const own = type && typeof type === 'object' && !Array.isArray(type) ? type['captionStyle'] : undefined;
  return own && typeof own === 'object' && !Array.isArray(own) ? (own as Record<string, unknown>) : undefined;
}

/** `resourceTypes`; `locale` is the book's, for a counter format that follows it (§3 `一`). */
function resourceTypes(value: unknown, locale: string): ResourceType[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw): ResourceType[] => {
    if (!raw || typeof raw !== 'object') return [];
    const t = raw as Record<string, unknown>;
    if (typeof t['id'] !== 'string') return [];
    const name = typeof t['name'] === 'string' ? t['name'] : t['id'];
    const reset = typeof t['resetOn'] === 'string' ? /^h([1-6])$/.exec(t['resetOn']) : null;
    const type: ResourceType = {
      id: t['id'],
      name,
      shortLabel: typeof t['shortLabel'] === 'string' ? t['shortLabel'] : name,
      numberingTemplate: typeof t['numberingTemplate'] === 'string' ? t['numberingTemplate'] : '{h1}.{n}',
      resetOn: reset ? (Number(reset[1]) as 1 | 2 | 3 | 4 | 5 | 6) : t['resetOn'] === 'never' ? 'never' : 1,
      counterFormat: typeof t['counterFormat'] === 'string' ? localeNumberFormat(t['counterFormat'], locale) : 'decimal',
      captionPrefix: typeof t['captionPrefix'] === 'string' ? t['captionPrefix'] : name,
    };
    if (t['defaultPlacement'] && typeof t['defaultPlacement'] === 'object') type.defaultPlacement = t['defaultPlacement'] as Record<string, unknown>;
    return [type];
  });
}

/** The settings with a resource type's own caption style (`resourceTypes[id=X].captionStyle`, §12.1) in force. */
export function withTypeCaption(settings: ResourceSettings, type: ResourceType | undefined): ResourceSettings {
  return type?.caption ? { ...settings, caption: type.caption } : settings;
}
