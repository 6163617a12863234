/**
 * Part page designs (configuration.md §13.5): `parts.design` drawn over the part page instead of
 * the synthesised title, and `parts.versoDesign` on the page after it when that page is left
 * blank. Both are design elements (§5.3) in a slot whose container is the trim box; they never
 * reserve space. Placeholders (§5.5 "heading/part designs"): `{titleText}` (forced breaks `\\`
 * kept as lines), `{number}` as written and re-formatted (`{numberDecimal}`, `{numberRoman}`,
 * `{numberRomanLower}`, `{numberAlpha}`, `{numberAlphaLower}`, `{numberWords}`, `{numberWordsLower}`,
 * `{numberOrdinalWords}`, `{numberOrdinalWordsLower}` in the book's language (page/number-words.ts),
 * `{numberHan}`), `{partTitle}`, `{partNumber}`, and the page's own values (`{pageNumber}`,
 * `{title}`, `{chapterTitle}`, `{totalPages}`, §5.5). Page labels are known only once the chapter
 * is paginated: paginate.ts draws the design (so the page is not empty) and records it on the
 * page draft (`PageDraft.designs`); engine/index.ts redraws it with the page's values.
 */
import type { DisplayItem, LineInfo } from '../../protocol/displaylist';
import { capitaliseWords, numberWords } from './number-words';
import type { TruncatedText } from './furniture-elements';
import type { SetDesignText } from './furniture-text';
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

/** Placeholder values of a part design (`language`: the book's, for the number in words). */
export function partDesignValues(attrs: Attributes, language = 'en'): Record<string, string> {
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
    const words = numberWords(n, language);
    const ordinal = numberWords(n, language, true);
    values['numberWords'] = capitaliseWords(words, language);
    values['numberWordsLower'] = words;
    values['numberOrdinalWords'] = capitaliseWords(ordinal, language);
    values['numberOrdinalWordsLower'] = ordinal;
    values['numberHan'] = formatNumber(n, 'simp-chinese-informal');
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

export interface PartDesignExtras {
  line?: LineInfo;
  images?: SlotImages;
  /** The book's language (`{numberWords}`…). */
  language?: string;
  /** The page's own values (`{pageNumber}`, `{title}`…); absent ones print empty. */
  pageValues?: Readonly<Record<string, string>>;
  truncated?: (cut: TruncatedText) => void;
  /** Justified or hyphenated wrapped text (page/furniture-text.ts). */
  setText?: SetDesignText;
}

/** A part design's items on one page (its text runs carry `line`, so `:::toc` finds the part page). */
export function partDesignItems(
  elements: readonly FurnitureElement[],
  attrs: Attributes,
  page: DesignPage,
  fonts: FontRegistry,
  setGenerated: SetGenerated,
  extras: PartDesignExtras = {},
): DisplayItem[] {
  const slotPage: SlotPage = { ...page, values: { ...extras.pageValues, ...partDesignValues(attrs, extras.language) } };
  const { line, images, truncated, setText } = extras;
  return composeSlot('design', elements, slotPage, fonts, setGenerated, { ...(line ? { line } : {}), ...(images ? { images } : {}), ...(truncated ? { truncated } : {}), ...(setText ? { setText } : {}) });
}

/** A part design as paginate.ts drew it on a page: enough to draw it again with the page's values. */
export interface PartDesignDraw {
  elements: readonly FurnitureElement[];
  attrs: Attributes;
  page: DesignPage;
  extras: PartDesignExtras;
  /** The items drawn, and where they went in the page's items. */
  items: readonly DisplayItem[];
  at: number;
}

/**
 * A heading design as paginate.ts drew it on a page (page/heading-design.ts): `draw` places its
 * elements again in the same band with the page's values (the flow's height stays as reserved).
 */
export interface HeadingDesignDraw {
  kind: 'heading';
  /** The setting path of its slot (the `designTextTruncated` check). */
  slot: string;
  draw: (pageValues: Readonly<Record<string, string>>, setText: SetDesignText | undefined, truncated: ((cut: TruncatedText) => void) | undefined) => DisplayItem[];
  items: readonly DisplayItem[];
  at: number;
  /** The design drawn lower by `dy` pt, when a balancing lever adds lines above it (page/levers-designs.ts). */
  move?: (dy: number) => { items: DisplayItem[]; redraw: HeadingDesignDraw['draw']; movedBy: NonNullable<HeadingDesignDraw['move']> };
}

/**
 * The page's items with each recorded part (or heading) design drawn again with the page's values (`{pageNumber}`,
 * `{title}`…). The first drawing is found by its item objects; one that was moved or rewritten since
 * (items shifted without it; a lever moving a heading design draws it again and updates its record:
 * page/levers-designs.ts) is left as drawn.
 */
export function redrawPartDesigns(
  items: readonly DisplayItem[],
  designs: readonly (PartDesignDraw | HeadingDesignDraw)[],
  pageValues: Readonly<Record<string, string>>,
  fonts: FontRegistry,
  setGenerated: SetGenerated,
  truncated?: (cut: TruncatedText & { slot: string }) => void,
  setText?: SetDesignText,
): DisplayItem[] {
  let out = [...items];
  // Last first, so the positions of earlier drawings stay valid.
  for (const design of [...designs].reverse()) {
    const at = design.items.length > 0 ? out.indexOf(design.items[0]!) : design.at;
    if (at < 0 || at > out.length || design.items.some((item, i) => out[at + i] !== item)) continue;
    if ('kind' in design) {
      const slot = design.slot;
      const redrawn = design.draw(pageValues, setText, truncated ? (cut: TruncatedText) => truncated({ ...cut, slot }) : undefined);
      out = [...out.slice(0, at), ...redrawn, ...out.slice(at + design.items.length)];
      continue;
    }
    const slot = design.page.role === 'part' ? 'parts.design' : 'parts.versoDesign';
    const redrawn = partDesignItems(design.elements, design.attrs, design.page, fonts, setGenerated, {
      ...design.extras,
      pageValues,
      ...(setText ? { setText } : {}),
      ...(truncated ? { truncated: (cut: TruncatedText) => truncated({ ...cut, slot }) } : {}),
    });
    out = [...out.slice(0, at), ...redrawn, ...out.slice(at + design.items.length)];
  }
  return out;
}
