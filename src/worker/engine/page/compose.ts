import type { DisplayItem } from '../../protocol/displaylist';
import { Op, roundPt } from '../../protocol/displaylist';
import type { FontRegistry } from '../fonts/registry';
import type { LayoutSettings } from '../settings';
import { sheetFrame } from './geometry';
import { partSettings } from './part';
import { isRecto } from './continuation';
import { composeSlot, type SlotPage, type TruncatedText } from './furniture-elements';
import type { SlotImages } from './furniture-images';
import type { SetDesignText } from './furniture-text';
import type { FurnitureElement } from '../settings-furniture';
import { glyphRun, type SetGenerated } from './paginate';

export interface FurnitureContext {
  bookTitle: string;
  chapterTitle: string;
  chapterId: string;
  /** Printed page number label. */
  label: string;
  pageIndex: number;
  opener: boolean;
  blank: boolean;
  /** A `:::part` divider page (our choice: no running head, no folio — a blind folio). */
  part?: boolean;
  /** A styled section's designed slots (page/sections.ts). */
  headerElements?: FurnitureElement[];
  footerElements?: FurnitureElement[];
  /** Setting paths of a section's slots (page/sections.ts); the document's are `header` / `footer`. */
  headerPath?: string;
  footerPath?: string;
  /** The `:::part` in force: `{partTitle}`, `{partNumber}` (§5.5; page/part.ts). */
  partValues?: { partTitle: string; partNumber: string };
  /** Front-matter values (`{subtitle}`, `{author}`, `{publishDate}`, §5.5; page/metadata.ts). */
  metadata?: Readonly<Record<string, string>>;
  /** Guide words and chapter values on this page (`firstMark.<key>`, `lastMark.<key>`, `chapterNumber`, `chapterTitleAtTop`, `attr.<key>`…, §5.5; page/guide-words.ts). */
  marks?: Readonly<Record<string, string>>;
  /** Pages of this chapter (`{totalPages}`, §5.5). */
  totalPages?: number;
  /** Pages of the whole book, blanks included (`{bookTotalPages}`, §5.5), once known (engine/index.ts). */
  bookTotalPages?: string;
  /** A styled section's empty header / footer slot removes them (configuration.md §5.1, §13.6). */
  header?: boolean;
  footer?: boolean;
}

const printsBookTotal = new WeakMap<LayoutSettings, boolean>();
/** Whether a designed slot (document, section or part design) prints `{bookTotalPages}` (§5.5): only then is it composed. */
export function usesBookTotalPages(settings: LayoutSettings): boolean {
  let found = printsBookTotal.get(settings);
  if (found === undefined) {
    const parts = partSettings(settings);
    found = /\{\s*bookTotalPages\s*\}/.test(JSON.stringify([settings.furniture.header, settings.furniture.footer, settings.headingStyles, parts.design, parts.versoDesign]));
    printsBookTotal.set(settings, found);
  }
  return found;
}

/**
 * Running heads and folios with the built-in slots of configuration.md §5.2: the book title on
 * odd pages (right), the chapter title on even pages (left), a rule under both, and the page
 * number centred in the footer. (our choice) Heads are suppressed on openers; blank pages carry
 * nothing, as book typography expects.
 */
/** A designed text line cut to its box, with the setting path of its slot (`header`, `headingStyles[id=X].footer`, …). */
export interface SlotTruncation extends TruncatedText {
  slot: string;
}

export function composeFurniture(ctx: FurnitureContext, settings: LayoutSettings, fonts: FontRegistry, setGenerated: SetGenerated, images?: SlotImages, truncated?: (cut: SlotTruncation) => void, setText?: SetDesignText): DisplayItem[] {
  // A styled section's designed slot replaces the document's on its pages.
  const header = ctx.headerElements ?? settings.furniture.header;
  const footer = ctx.footerElements ?? settings.furniture.footer;
  if (header === undefined && footer === undefined) return builtInSlots(ctx, settings, fonts, setGenerated);
  // Designed slots (§5.3–5.5) filter by page role themselves (`pages`: blank and part pages too);
  // an unset slot beside a designed one keeps its built-in default.
  const frame = sheetFrame(settings, ctx.pageIndex);
  const page: SlotPage = {
    pageIndex: ctx.pageIndex,
    recto: isRecto(settings, ctx.pageIndex),
    role: ctx.blank ? 'blank' : ctx.part ? 'part' : ctx.opener ? 'opener' : 'body',
    chapterId: ctx.chapterId,
    pageWidth: settings.pageWidth,
    pageHeight: settings.pageHeight,
    bleed: settings.furniture.bleed ?? 0,
    content: { left: frame.contentLeft, top: frame.contentTop, width: frame.contentWidth, height: frame.contentHeight },
    values: { ...(ctx.metadata ?? {}), pageNumber: ctx.label, title: ctx.bookTitle, chapterTitle: ctx.chapterTitle, ...(ctx.totalPages !== undefined ? { totalPages: String(ctx.totalPages) } : {}), ...(ctx.bookTotalPages !== undefined ? { bookTotalPages: ctx.bookTotalPages } : {}), ...(ctx.partValues ?? {}), ...(ctx.marks ?? {}) },
  };
  const items: DisplayItem[] = [];
  const extras = (slot: string) => ({ ...(images ? { images } : {}), ...(setText ? { setText } : {}), ...(truncated ? { truncated: (cut: TruncatedText) => truncated({ ...cut, slot }) } : {}) });
  const headerPath = ctx.headerElements ? (ctx.headerPath ?? 'header') : 'header';
  const footerPath = ctx.footerElements ? (ctx.footerPath ?? 'footer') : 'footer';
  if (ctx.header !== false) items.push(...(header ? composeSlot('header', header, page, fonts, setGenerated, extras(headerPath)) : builtInSlots({ ...ctx, footer: false }, settings, fonts, setGenerated)));
  if (ctx.footer !== false) items.push(...(footer ? composeSlot('footer', footer, page, fonts, setGenerated, extras(footerPath)) : builtInSlots({ ...ctx, header: false }, settings, fonts, setGenerated)));
  return items;
}

/** The built-in slots of §5.2 (either may be switched off through `ctx.header` / `ctx.footer`). */
function builtInSlots(ctx: FurnitureContext, settings: LayoutSettings, fonts: FontRegistry, setGenerated: SetGenerated): DisplayItem[] {
  if (ctx.blank || ctx.part) return [];
  const items: DisplayItem[] = [];
  const frame = sheetFrame(settings, ctx.pageIndex);
  const style = settings.furniture.style;
  const face = fonts.match(style.family, style.weight, 'normal');
  const descent = (-face.descender / face.upem) * style.size;
  const ascent = (face.ascender / face.upem) * style.size;
  const odd = isRecto(settings, ctx.pageIndex);
  const bodyTop = frame.contentTop;
  const bodyBottom = frame.contentTop + frame.contentHeight;

  if (!ctx.opener && ctx.header !== false) {
    const text = odd ? ctx.bookTitle : ctx.chapterTitle;
    if (text) {
      const line = setGenerated(text, style);
      const x = odd ? frame.contentLeft + frame.contentWidth - line.width : frame.contentLeft;
      // Anchored to the header container's bottom, 16 pt above the body (§5.2): that is the text's bottom.
      const baseline = bodyTop - 16 - descent;
      for (const run of line.runs) items.push(glyphRun(run, x, baseline, ctx.chapterId, undefined));
    }
    if (settings.furniture.ruleWidth > 0) {
      const y = roundPt(bodyTop - 13);
      items.push({ op: Op.Rule, x1: roundPt(frame.contentLeft), y1: y, x2: roundPt(frame.contentLeft + frame.contentWidth), y2: y, width: settings.furniture.ruleWidth, stroke: settings.furniture.ruleColour });
    }
  }
  if (ctx.footer === false) return items;
  const folio = setGenerated(ctx.label, style);
  const folioX = frame.contentLeft + (frame.contentWidth - folio.width) / 2;
  // Footer: the folio's top sits 16 pt below the body (§5.2).
  for (const run of folio.runs) items.push(glyphRun(run, folioX, bodyBottom + 16 + ascent, ctx.chapterId, undefined));
  return items;
}
