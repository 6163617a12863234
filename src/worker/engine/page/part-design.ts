/**
 * Part page designs (configuration.md §13.5): `parts.design` drawn over the part page instead of
 * the synthesised title, and `parts.versoDesign` on the page after it when that page is left
 * blank. Both are design elements (§5.3) in a slot whose container is the trim box; they never
 * reserve space. Placeholders (§5.5 "heading/part designs"): `{titleText}` (forced breaks `\\`
 * kept as lines), `{number}` as written and re-formatted (`{numberDecimal}`, `{numberRoman}`,
 * `{numberRomanLower}`, `{numberAlpha}`, `{numberAlphaLower}`), `{partTitle}`, `{partNumber}`.
 */
import type { DisplayItem, LineInfo } from '../../protocol/displaylist';
import type { FontRegistry } from '../fonts/registry';
import type { Attributes } from '../parse/model';
import type { FurnitureElement } from '../settings-furniture';
import type { SlotImages } from './furniture-images';
import { composeSlot, type SlotPage } from './furniture-elements';
import { formatNumber } from './number-format';
import { partValues } from './part';
import type { SetGenerated } from './paginate';

const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/** The value of a part number written in decimal (ASCII or Arabic-Indic) or roman digits; undefined otherwise. */
export function partNumberValue(written: string): number | undefined {
  const t = written.trim().replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  if (/^\d+$/.test(t)) return Number(t);
  if (!/^[ivxlcdm]+$/i.test(t)) return undefined;
  const ds = [...t.toLowerCase()].map((c) => ROMAN_VALUES[c]!);
  return ds.reduce((sum, v, i) => sum + (v < (ds[i + 1] ?? 0) ? -v : v), 0);
}

/** Placeholder values of a part design. */
export function partDesignValues(attrs: Attributes): Record<string, string> {
  const values: Record<string, string> = { ...partValues(attrs) };
  const number = (attrs['number'] ?? '').trim();
  values['number'] = number;
  values['titleText'] = (attrs['title'] ?? '').split(/\s*\\\\\s*/).map((l) => l.trim()).filter((l) => l).join('\n');
  const n = partNumberValue(number);
  if (n !== undefined && n > 0) {
    values['numberDecimal'] = String(n);
    values['numberRoman'] = formatNumber(n, 'upper-roman');
    values['numberRomanLower'] = formatNumber(n, 'lower-roman');
    values['numberAlpha'] = formatNumber(n, 'upper-alpha');
    values['numberAlphaLower'] = formatNumber(n, 'lower-alpha');
  }
  return values;
}

export interface DesignPage {
  pageIndex: number;
  /** An odd (recto) page, counted from where the book begins (page/continuation.ts `isRecto`). */
  recto: boolean;
  role: 'part' | 'blank';
  chapterId: string;
  pageWidth: number;
  pageHeight: number;
  bleed: number;
  content: { left: number; top: number; width: number; height: number };
}

/** A part design's items on one page (its text runs carry `line`, so `:::toc` finds the part page). */
export function partDesignItems(
  elements: readonly FurnitureElement[],
  attrs: Attributes,
  page: DesignPage,
  fonts: FontRegistry,
  setGenerated: SetGenerated,
  extras: { line?: LineInfo; images?: SlotImages } = {},
): DisplayItem[] {
  const slotPage: SlotPage = { ...page, values: partDesignValues(attrs) };
  return composeSlot('design', elements, slotPage, fonts, setGenerated, extras);
}
