/**
 * The resource-related design, read from the effective configuration (configuration.md §12:
 * resourceTypes, captionStyle, tableStyle, diagramStyle; page.dpi and layout.bitmapResolution),
 * lengths in pt. Declared as applied settings so the configuration module stops reporting them.
 */
import { declareAppliedSettings, effectiveAt, lengthAtPt, resolveConfig, type StoredConfig } from '../../config';
import type { TextStyle } from '../settings';

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
}

export interface ResourceSettings {
  /** px per inch: the natural print size of bitmaps without their own resolution. */
  dpi: number;
  bitmapResolution: 'document' | 'file' | number;
  types: ResourceType[];
  caption: {
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
    note: { style: TextStyle; gap: number };
  };
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
  };
  diagram: { singleInk: boolean; ink: string };
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
  const captionSize = pt('captionStyle.fontSize', bodySize);
  const captionStyle: TextStyle = { family: str('captionStyle.fontFamily', bodyFamily), weight: 400, italic: false, size: captionSize, colour: colour('captionStyle.color', bodyColour) };
  const noteSize = pt('captionStyle.note.fontSize', 0.85 * captionSize, captionSize);
  const tableBodySize = pt('tableStyle.bodyFontSize', bodySize);
  const headerBold = bool('tableStyle.headerBold', true);
  const rules = str('tableStyle.rules', 'grid');
  const settings: ResourceSettings = {
    dpi: typeof dpiValue === 'number' && dpiValue > 0 ? dpiValue : 300,
    bitmapResolution: resolution === 'file' ? 'file' : typeof resolution === 'number' && resolution > 0 ? resolution : 'document',
    types: resourceTypes(at('resourceTypes')),
    caption: {
      style: captionStyle,
      labelBold: bool('captionStyle.labelBold', true),
      labelItalic: bool('captionStyle.labelItalic', false),
      labelColour: colour('captionStyle.labelColor', captionStyle.colour),
      descriptionItalic: bool('captionStyle.descriptionItalic', false),
      gap: pt('captionStyle.gap', 0.75 * captionSize, captionSize),
      position: str('captionStyle.position', 'below') === 'above' ? 'above' : 'below',
      labelNumberGap: str('captionStyle.labelNumberGap', '\u00a0'),
      labelSeparator: str('captionStyle.labelSeparator', '. '),
      note: {
        style: { ...captionStyle, size: noteSize, italic: bool('captionStyle.note.italic', false), colour: colour('captionStyle.note.color', captionStyle.colour) },
        gap: pt('captionStyle.note.gap', 0.35 * noteSize, noteSize),
      },
    },
    table: {
      body: { family: str('tableStyle.bodyFontFamily', bodyFamily), weight: 400, italic: false, size: tableBodySize, colour: colour('tableStyle.bodyColor', bodyColour) },
      header: {
        family: str('tableStyle.headerFontFamily', bodyFamily),
        weight: headerBold ? 700 : 400,
        italic: bool('tableStyle.headerItalic', false),
        size: pt('tableStyle.headerFontSize', bodySize),
        colour: colour('tableStyle.headerColor', bodyColour),
      },
      headerBackground: bool('tableStyle.headerBackgroundEnabled', true) ? colour('tableStyle.headerBackground', '#f0f0f0') : null,
      bodyBackground: bool('tableStyle.bodyBackgroundEnabled', false) ? colour('tableStyle.bodyBackground', '#ffffff') : null,
      zebra: bool('tableStyle.bodyAlternateBackgroundEnabled', false) ? colour('tableStyle.bodyAlternateBackground', '#f2f2f2') : null,
      rules: rules === 'horizontal' || rules === 'outer' || rules === 'none' || rules === 'booktabs' ? rules : 'grid',
      borders: bool('tableStyle.borders', true),
      borderColour: colour('tableStyle.borderColor', bodyColour),
      borderWidth: pt('tableStyle.borderWidth', 0.75),
      padding: pt('tableStyle.cellPadding', 0.375 * tableBodySize, tableBodySize),
      continuedSuffix: str('tableStyle.continuedSuffix', '(cont.)'),
    },
    diagram: { singleInk: bool('diagramStyle.singleInk', false), ink: colour('diagramStyle.inkColor', '#295aa3') },
  };
  memo.set(stored, settings);
  return settings;
}

function resourceTypes(value: unknown): ResourceType[] {
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
      counterFormat: typeof t['counterFormat'] === 'string' ? t['counterFormat'] : 'decimal',
      captionPrefix: typeof t['captionPrefix'] === 'string' ? t['captionPrefix'] : name,
    };
    if (t['defaultPlacement'] && typeof t['defaultPlacement'] === 'object') type.defaultPlacement = t['defaultPlacement'] as Record<string, unknown>;
    return [type];
  });
}
