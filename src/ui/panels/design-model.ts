/**
 * The Design panel's model, generated from the configuration module's catalogue (labels, help,
 * sections, controls) with values read from the worker (`getConfig`). Pure; the panel renders it.
 */
import { SECTIONS, SETTINGS_GROUPS, settingsCatalogue, type SettingInfo } from '../../worker/config/sections';

export interface SettingEntry {
  path: string;
  set: unknown;
  effective: unknown;
  kind: 'length' | 'color' | 'number' | 'boolean' | 'enum' | 'string' | 'font' | 'json';
  unit?: string;
  options?: (string | number | boolean)[];
  min?: number;
  max?: number;
}

export interface PanelSection {
  id: string;
  title: string;
  configKeys: string[];
}

export interface PanelGroup {
  id: string;
  label: string;
  sections: PanelSection[];
}

/** Groups in the panel's order, each with its sections (tools.md §7.8). */
export function panelGroups(): PanelGroup[] {
  return SETTINGS_GROUPS.map((group) => ({
    id: group.id,
    label: group.label,
    sections: Object.entries(SECTIONS)
      .filter(([, info]) => info.settingsGroup === group.id && info.configKeys.length > 0)
      .map(([id, info]) => ({ id, title: info.section, configKeys: info.configKeys })),
  })).filter((g) => g.sections.length > 0);
}

let byPattern: Map<string, SettingInfo> | null = null;

/** `headings.levels[level=2].fontSize` → `headings.levels[level=*].fontSize`. */
export function patternOf(path: string): string {
  return path.replace(/\[([A-Za-z]+)=[^\]]*\]/g, '[$1=*]').replace(/\[\d+\]/g, '[*]');
}

export function infoFor(path: string): SettingInfo | undefined {
  byPattern ??= new Map(settingsCatalogue().map((info) => [info.path, info]));
  return byPattern.get(patternOf(path));
}

/** A readable label for a concrete path: the catalogue label, with its list item named. */
export function labelFor(path: string): string {
  const info = infoFor(path);
  const item = /\[(?:level|id|name)=([^\]]+)\]/.exec(path)?.[1];
  const base = info?.label ?? path.split('.').pop() ?? path;
  return item ? `${base} (${/^\d+$/.test(item) ? `level ${item}` : item})` : base;
}

/** Settings of a section among entries read for its config keys (a key may feed several sections). */
export function entriesOfSection(sectionId: string, entries: readonly SettingEntry[]): SettingEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (seen.has(entry.path) || entry.kind === 'json') return false;
    seen.add(entry.path);
    return infoFor(entry.path)?.sectionId === sectionId;
  });
}

/** Length values as the panel edits them: a number and a unit. */
export function lengthParts(value: unknown): { value: number; unit: string } | null {
  if (value && typeof value === 'object' && 'value' in value && 'unit' in value) {
    const v = value as { value: unknown; unit: unknown };
    if (typeof v.value === 'number' && typeof v.unit === 'string') return { value: v.value, unit: v.unit };
  }
  if (typeof value === 'number') return { value, unit: 'pt' };
  return null;
}

export function colourHex(value: unknown): string {
  if (typeof value === 'string' && /^#[0-9a-f]{6}/i.test(value)) return value.slice(0, 7);
  if (value && typeof value === 'object' && 'hex' in value && typeof (value as { hex: unknown }).hex === 'string') return (value as { hex: string }).hex.slice(0, 7);
  return '#000000';
}

export const LENGTH_UNITS = ['pt', 'mm', 'cm', 'in', 'px', 'em', 'rem'] as const;
