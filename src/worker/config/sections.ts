/**
 * Design-panel sections and groups (tools.md §7.8) and the per-setting metadata the panel and the search are
 * generated from: label, help, section, control, unit, options, range, visibility, priority, em reference.
 */
import type { AnyNode, ControlKind, EmRef, LeafNode, ListNode, SectionId, Visibility } from './nodes';
import { ROOT } from './catalogue';
import { join } from './paths';
import type { JsonValue } from './types';

/** The panel's settings groups, in order (tools.md §7.8). */
export const SETTINGS_GROUPS = [
  { id: 'page', label: 'Page & columns' },
  { id: 'writing', label: 'Writing system' },
  { id: 'colors', label: 'Colours' },
  { id: 'text', label: 'Typography' },
  { id: 'headings', label: 'Headings & contents' },
  { id: 'lists', label: 'Lists' },
  { id: 'figures', label: 'Figures & tables' },
  { id: 'boxes', label: 'Boxes' },
  { id: 'running', label: 'Headers & footers' },
  { id: 'parts', label: 'Parts' },
  { id: 'export', label: 'Export' },
  { id: 'folio', label: 'Folio' },
  { id: 'advanced', label: 'Advanced' },
  { id: 'comics', label: 'Comics' },
] as const;
export type SettingsGroupId = (typeof SETTINGS_GROUPS)[number]['id'];

export interface SectionInfo {
  /** Section title shown in the panel. */
  section: string;
  /** Settings-group label. */
  group: string;
  /** Settings-group id. */
  settingsGroup: SettingsGroupId;
  /** Configuration keys the section edits. */
  configKeys: string[];
}

const S = (section: string, settingsGroup: SettingsGroupId, configKeys: string[]): SectionInfo => ({
  section,
  group: SETTINGS_GROUPS.find((g) => g.id === settingsGroup)?.label ?? settingsGroup,
  settingsGroup,
  configKeys,
});

export const SECTIONS: Record<SectionId, SectionInfo> = {
  page: S('Page', 'page', ['page']),
  layout: S('Columns', 'page', ['layout']),
  cutLines: S('Crop marks & bleed', 'page', ['page.cutLines']),
  grid: S('Baseline grid', 'advanced', ['page.baselineGrid']),
  language: S('Language & direction', 'writing', ['locale', 'direction', 'numerals']),
  cjk: S('Chinese, Japanese, Korean', 'writing', ['cjk', 'layout.writingMode']),
  colors: S('Palette', 'colors', ['colorPalette']),
  fonts: S('Your fonts', 'text', ['customFonts']),
  bodyText: S('Body text', 'text', ['bodyText']),
  hyphenation: S('Hyphenation', 'text', ['bodyText.hyphenation']),
  justification: S('Justification', 'text', ['bodyText']),
  breaks: S('Page breaks & paragraph splits', 'text', ['bodyText']),
  quotes: S('Quotations & verse', 'text', ['bodyText.blockquote', 'bodyText.verse']),
  headings: S('Headings', 'headings', ['headings']),
  headingLevels: S('Heading levels', 'headings', ['headings.levels']),
  balancing: S('Column balancing', 'headings', ['headings.balancing']),
  headingStyles: S('Heading styles', 'headings', ['headingStyles']),
  toc: S('Contents', 'headings', ['toc']),
  index: S('Index', 'headings', ['index']),
  unorderedLists: S('Bulleted lists', 'lists', ['unorderedLists']),
  orderedLists: S('Numbered lists', 'lists', ['orderedLists']),
  resourceTypes: S('Resource types', 'figures', ['resourceTypes']),
  captions: S('Captions', 'figures', ['captionStyle']),
  tables: S('Tables', 'figures', ['tableStyle', 'tableStyles']),
  diagrams: S('Diagrams', 'figures', ['diagramStyle']),
  video: S('Video', 'figures', ['videoStyle']),
  math: S('Formulas', 'figures', ['math']),
  callouts: S('Callouts', 'boxes', ['calloutStyles']),
  chips: S('Chips', 'boxes', ['chipStyles']),
  code: S('Code', 'boxes', ['codeStyle']),
  paragraphStyles: S('Paragraph styles', 'boxes', ['paragraphStyles']),
  header: S('Header', 'running', ['header']),
  footer: S('Footer', 'running', ['footer']),
  parts: S('Part pages', 'parts', ['parts']),
  footnotes: S('Footnotes', 'text', ['footnotes']),
  lineNumbers: S('Line numbers', 'advanced', ['lineNumbers']),
  crossRefs: S('Cross-references', 'advanced', ['crossRefs']),
  citations: S('Citations', 'advanced', ['citations']),
  htmlViewer: S('HTML viewer', 'export', ['htmlViewer']),
  pdf: S('PDF', 'export', ['pdfGeneration']),
  print: S('Print production', 'export', ['print']),
  folio: S('Folio', 'folio', ['folio']),
  debug: S('Editor aids', 'advanced', ['debug']),
  comics: S('Comics', 'comics', ['comics']),
  legacy: S('Legacy keys', 'advanced', []),
};

/** `fontSize` → `Font size`, `h1` stays. */
export function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Metadata of one setting (a catalogue leaf) at a pattern path (`headings.levels[level=*].fontSize`). */
export interface SettingInfo {
  path: string;
  label: string;
  help: string;
  sectionId: SectionId;
  section: SectionInfo;
  control: Exclude<ControlKind, 'group'>;
  /** Lists: the key items are matched by (`level`, `id`, `name`), absent for lists addressed by index. */
  listKey?: string;
  unit?: string;
  em?: EmRef;
  options?: (string | number | boolean)[];
  min?: number;
  max?: number;
  visible?: Visibility;
  priority?: 'C' | 'M' | 'A';
  /** How the default is found: a value, or "follows …" / a context rule. */
  defaultText: string;
}

function defaultText(n: LeafNode): string {
  const d = n.def;
  if (d.k === 'static') return d.v === undefined ? 'unset' : JSON.stringify(d.v);
  return d.text;
}

/** Walks the catalogue: every leaf with its pattern path, node and inherited section. */
export function walkCatalogue(
  visit: (path: string, node: LeafNode, section: SectionId, parents: AnyNode[]) => void,
  visitList?: (path: string, node: ListNode, section: SectionId) => void,
): void {
  const rec = (node: AnyNode, path: string, sec: SectionId, parents: AnyNode[]): void => {
    const s = node.meta.section ?? sec;
    if (node.node === 'leaf') return visit(path, node, s, parents);
    if (node.node === 'list') {
      visitList?.(path, node, s);
      return rec(node.item, `${path}[${node.key ? `${node.key}=*` : '*'}]`, s, [...parents, node]);
    }
    for (const [k, f] of Object.entries(node.fields)) rec(f, join(path, k), sectionOf(join(path, k), f, s), [...parents, node]);
  };
  rec(ROOT, '', 'page', []);
}

function sectionOf(_path: string, node: AnyNode, inherited: SectionId): SectionId {
  return node.meta.section ?? inherited;
}

let infoCache: SettingInfo[] | undefined;

/** All settings with their metadata (the Design panel is generated from this list). */
export function settingsCatalogue(): SettingInfo[] {
  if (infoCache) return infoCache;
  const out: SettingInfo[] = [];
  walkCatalogue((path, node, sec) => {
    const key = path.split('.').pop() ?? path;
    const info: SettingInfo = {
      path,
      label: node.meta.label ?? humanize(key.replace(/\[.*$/, '')),
      help: node.meta.help,
      sectionId: sec,
      section: SECTIONS[sec],
      control: node.kind,
      defaultText: defaultText(node),
    };
    if (node.kind === 'length' && node.unit) info.unit = node.unit;
    if (node.kind === 'number' && node.numberUnit) info.unit = node.numberUnit;
    if (node.em && node.kind === 'length') info.em = node.em;
    if (node.options) info.options = [...node.options];
    if (node.kind === 'format') info.options = ['decimal', 'lower-roman', 'upper-roman', 'lower-alpha', 'upper-alpha', ...(node.extraWords ?? [])];
    if (node.min !== undefined) info.min = node.min;
    if (node.max !== undefined) info.max = node.max;
    if (node.meta.visible) info.visible = node.meta.visible;
    if (node.meta.p) info.priority = node.meta.p;
    out.push(info);
  }, (path, node, sec) => {
    const key = path.split('.').pop() ?? path;
    const info: SettingInfo = {
      path,
      label: node.meta.label ?? humanize(key.replace(/\[.*$/, '')),
      help: node.meta.help,
      sectionId: sec,
      section: SECTIONS[sec],
      control: 'list',
      defaultText: node.builtins ? 'built-in items' : 'empty',
    };
    if (node.key) info.listKey = node.key;
    if (node.meta.visible) info.visible = node.meta.visible;
    out.push(info);
  });
  infoCache = out;
  return out;
}

/** Pattern of a concrete path: selectors become `[key=*]` / `[*]`. */
export function patternOf(path: string): string {
  return path.replace(/\[(\w+)=[^\]]*\]/g, '[$1=*]').replace(/\[\d+\]/g, '[*]');
}

let byPattern: Map<string, SettingInfo> | undefined;
export function settingInfo(path: string): SettingInfo | undefined {
  if (!byPattern) byPattern = new Map(settingsCatalogue().map((i) => [i.path, i]));
  return byPattern.get(patternOf(path));
}

/**
 * Whether the Design panel shows a setting (tools.md §7.8 context-aware visibility), given the effective config.
 * `itemPath` resolves item-relative conditions (`~.kind`).
 */
export function isSettingVisible(effective: JsonValue, path: string, get: (path: string) => JsonValue | undefined): boolean {
  const info = settingInfo(path);
  const vis = info?.visible;
  if (!vis) return true;
  let target = vis.path;
  if (target.startsWith('~.')) {
    const item = path.slice(0, path.lastIndexOf(']') + 1);
    target = item + target.slice(1);
  }
  void effective;
  const v = get(target);
  if (vis.equals) return vis.equals.some((e) => JSON.stringify(e) === JSON.stringify(v));
  if (vis.not) return !vis.not.some((e) => JSON.stringify(e) === JSON.stringify(v));
  return true;
}
