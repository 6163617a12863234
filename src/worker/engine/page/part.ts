/**
 * `:::part{number title palette}` divider pages (document-format §8.3, configuration.md §13.5):
 * the part's page geometry (one column at `parts.margins`), its synthesised title (`{number}
 * {titleText}` in H1 type at the body area's top left), and its palette, which recolours
 * palette-linked colours from the part page until the next part, across chapters.
 */
import type { DisplayItem } from '../../protocol/displaylist';
import type { Attributes, ParsedChapter } from '../parse/model';
import type { LayoutSettings, PartSettings } from '../settings';
import { withGeometry } from './sections';
import { structuralBlocks } from './structural-blocks';

export function partSettings(settings: LayoutSettings): PartSettings {
  return settings.parts ?? { page: true, breakBefore: 'odd', breakAfter: 'any', margins: settings.margins };
}

/** A part page's geometry: a single column at `parts.margins` (§8.3 "single column at parts.margins"). */
export function partGeometry(settings: LayoutSettings): LayoutSettings {
  return withGeometry(settings, 'part', { margins: partSettings(settings).margins, layout: { columns: 1, gutter: settings.gutter } });
}

/**
 * The synthesised title's lines: the number, level 1's `numberSeparator` (§8.2: "level 1 also for
 * parts") and the title; `\\` in the title is a forced break. Empty parts print nothing.
 */
export function partTitleLines(attrs: Attributes, settings: LayoutSettings): string[] {
  const number = (attrs['number'] ?? '').trim();
  const title = (attrs['title'] ?? '').trim();
  const lines = title ? title.split(/\s*\\\\\s*/) : [];
  if (number) {
    if (lines.length === 0) return [number];
    lines[0] = `${number}${settings.headings.levels[0]!.numbering.separator}${lines[0]}`;
  }
  return lines.filter((l) => l.length > 0);
}

/** The text a `:::toc` row prints for a part (document-format §17.1): its title lines joined. */
export function partTocText(attrs: Attributes, settings: LayoutSettings): string {
  return partTitleLines(attrs, settings).join(' ');
}

/**
 * A part's `palette` attribute: `id=#hex` pairs separated by `,`, `;` or spaces, with `=` or `:`,
 * 3, 6 or 8 hex digits (the alpha of 8 is dropped: display-list colours are opaque). Malformed
 * pairs are skipped. Returns ids → lower-case `#rrggbb`.
 */
export function parsePartPalette(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value) return out;
  for (const pair of value.split(/[,;\s]+/)) {
    const m = /^([A-Za-z0-9_-]+)[=:](#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3}(?:[0-9a-fA-F]{2})?)?)$/.exec(pair.trim());
    if (!m) continue;
    let hex = m[2]!.toLowerCase();
    if (hex.length === 4) hex = `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}`;
    out[m[1]!] = hex.slice(0, 7);
  }
  return out;
}

/** The palette in force after a chapter (the last part's), from the one in force at its start. */
export function paletteAfter(chapter: ParsedChapter, start: Readonly<Record<string, string>>): Record<string, string> {
  let palette = start;
  for (const block of structuralBlocks(chapter)) if (block.kind === 'containerStart' && block.name === 'part') palette = parsePartPalette(block.attrs['palette']);
  return { ...palette };
}

/**
 * Recolours a page's items (§13.5): every colour equal to the base value of a palette id the part
 * overrides takes the part's value. Items without such a colour are returned as they are.
 */
export function recolour(items: DisplayItem[], palette: Readonly<Record<string, string>> | undefined, base: Readonly<Record<string, string>> | undefined): DisplayItem[] {
  if (!palette || !base) return items;
  const map = new Map<string, string>();
  for (const [id, hex] of Object.entries(palette)) {
    const from = base[id];
    if (from && from !== hex) map.set(from, hex);
  }
  if (map.size === 0) return items;
  return items.map((item) => {
    const record = item as unknown as Record<string, unknown>;
    let changed: Record<string, unknown> | undefined;
    for (const field of ['fill', 'stroke'] as const) {
      const value = record[field];
      const to = typeof value === 'string' ? map.get(value.toLowerCase()) : undefined;
      if (to) (changed ??= { ...record })[field] = to;
    }
    return changed ? (changed as unknown as DisplayItem) : item;
  });
}

/** The `{partTitle}` / `{partNumber}` placeholder values of a part (configuration.md §5.5). */
export interface PartValues {
  partTitle: string;
  partNumber: string;
}

/**
 * A part's placeholder values: its number as written and its title with the `\\` forced breaks
 * read as spaces (a running head is one line).
 */
export function partValues(attrs: Attributes): PartValues {
  const title = (attrs['title'] ?? '').trim();
  return { partTitle: title.split(/\s*\\\\\s*/).filter((l) => l.length > 0).join(' '), partNumber: (attrs['number'] ?? '').trim() };
}

/** The part in force after a chapter (its last `:::part`), from the one in force at its start. */
export function partValuesAfter(chapter: ParsedChapter, start: PartValues | undefined): PartValues | undefined {
  let values = start;
  for (const block of structuralBlocks(chapter)) if (block.kind === 'containerStart' && block.name === 'part') values = partValues(block.attrs);
  return values;
}
