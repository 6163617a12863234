/**
 * The PDF document: pdf-lib 1.17.1 as the object writer only (platform-notes.md §4). Pages get
 * content streams written from their display lists (content.ts) inside the printed sheet
 * (sheet.ts); fonts are embedded once all pages are written, as HarfBuzz subsets of exactly the
 * glyphs shown (fonts/); then the outline, links, page labels, metadata and viewer preferences.
 * Long exports yield between pages (`pause`), report progress and stop when `signal` aborts.
 */
import { Duplex, PDFArray, PDFDocument, PDFHexString, PDFName, PrintScaling, ReadingDirection, type PDFContext, type PDFRef } from 'pdf-lib';
import type { ParsedChapter } from '../../engine/parse/model';
import { Op, type PageDisplayList } from '../../protocol/displaylist';
import { pageContent, type PlacedMaster } from './content';
import { flateStream } from './deflate';
import { decodeGif } from './gif';
import { embedRgba, type RgbaPicture } from './picture';
import { embedFont, FontUsage, pdfTextString } from './fonts/embed';
import type { Subsetter } from './fonts/subset';
import { labelRanges } from './labels';
import { linkAreas, type LinkArea } from './links';
import { num } from './numbers';
import { blockPositions, outlineEntries, withUnprintedHeadings, writeOutline, xyzDestination, type HeadingInfo, type PdfDictLiteral } from './outline';
import { REGISTRATION_COLOUR_SPACE, sheetBoxes, sheetEpilogue, sheetFor, sheetPrologue, type CutLines, type Sheet } from './sheet';

/** Page content streams being compressed at once (memory bound: a page's content is ≈ 20 KB). */
const COMPRESSING_AT_ONCE = 32;

export interface PdfMetadata {
  title?: string | undefined;
  author?: string | undefined;
  subject?: string | undefined;
  keywords?: string[] | undefined;
  /** BCP 47 language of the text (catalog /Lang). */
  language?: string | undefined;
}

export interface PdfProgress {
  phase: 'pictures' | 'pages' | 'fonts' | 'saving';
  done: number;
  total: number;
}

export interface PdfExportInput {
  /** The pages to write, in order (a chapter's pages keep their book folios). */
  pages: readonly PageDisplayList[];
  /** The font file (TTF/OTF bytes) of a display-list font id. */
  fontBytes(fontId: string): Uint8Array | undefined;
  /** A picture's bytes by content key (display-list Image op). */
  imageBytes?(key: string): Promise<{ bytes: Uint8Array; mime: string } | null>;
  /**
   * Decodes a picture neither pdf-lib nor this writer reads (WebP) to RGBA; the browser worker
   * uses `createImageBitmap`. Absent or null → a grey box and a warning.
   */
  decodePicture?(bytes: Uint8Array, mime: string): Promise<RgbaPicture | null>;
  /**
   * The one-page vector PDF print master of an SVG resource (bundle-format §11.1), placed in the
   * PDF instead of the drawing; undefined (or unreadable bytes) draws the SVG.
   */
  printMaster?(resourceId: string): Uint8Array | undefined;
  subsetter: Subsetter;
  metadata: PdfMetadata;
  /** Parsed chapters (for the outline's headings and the links); none → neither is written. */
  chapters?: readonly ParsedChapter[];
  outlines: boolean;
  cutLines: CutLines | null;
  binding: 'left' | 'right';
  /** Facing pages: shown as spreads (page 1 alone, as a recto) and printed on both sides. */
  facing?: boolean;
  /** The first page is a verso (a book that continues a longer one, bundle-format §9): spreads pair from it. */
  firstPageVerso?: boolean;
  /** CreationDate/ModDate; fixed in tests so the same book gives the same bytes. */
  date?: Date;
  signal?: AbortSignal;
  /** Called between pages so the caller can give the event loop a turn. */
  pause?(): Promise<void>;
  onProgress?(progress: PdfProgress): void;
}

export interface PdfResult {
  bytes: Uint8Array;
  pages: number;
  /** Things the PDF could not carry as asked (missing fonts, pictures it cannot embed). */
  warnings: string[];
}

export class PdfExportCancelled extends Error {
  override readonly name = 'PdfExportCancelled';
  constructor() {
    super('The PDF export was cancelled.');
  }
}

/** Writes the PDF of `input.pages`. */
export async function writePdf(input: PdfExportInput): Promise<PdfResult> {
  const warnings: string[] = [];
  const check = () => {
    if (input.signal?.aborted) throw new PdfExportCancelled();
  };
  const doc = await PDFDocument.create({ updateMetadata: false });
  const context = doc.context;
  const resourcesRef = context.nextRef();

  const fonts = new Map<string, FontUsage | null>();
  const fontFor = (fontId: string): FontUsage | undefined => {
    let usage = fonts.get(fontId);
    if (usage === undefined) {
      const bytes = input.fontBytes(fontId);
      if (!bytes) warnings.push(`The font "${fontId}" is not available: its text is left out of the PDF.`);
      usage = bytes ? new FontUsage(fontId, `F${fonts.size + 1}`, bytes, context.nextRef()) : null;
      fonts.set(fontId, usage);
    }
    return usage ?? undefined;
  };
  const opacities = new Map<number, string>();
  const opacity = (alpha: number): string => {
    const key = Math.round(alpha * 1000) / 1000;
    let name = opacities.get(key);
    if (!name) opacities.set(key, (name = `GS${opacities.size + 1}`));
    return name;
  };
  const images = await embedImages(doc, input, warnings, check);
  const masters = await embedMasters(doc, input, images, warnings);

  // Pages.
  const pageRefs: PDFRef[] = [];
  const sheets: Sheet[] = [];
  const total = input.pages.length;
  const compressing: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    check();
    const list = input.pages[i]!;
    const sheet = sheetFor(list.width, list.height, input.cutLines);
    const boxes = sheetBoxes(sheet);
    const content = `${sheetPrologue(sheet)}\n${pageContent(list, { font: fontFor, opacity, image: (key) => images.names.get(key), master: (id) => masters.get(id) })}\n${sheetEpilogue(sheet)}\n`;
    const page = doc.addPage([boxes.media[2], boxes.media[3]]);
    // The compressor runs while the next pages are written (awaiting each page left the worker
    // idle a fifth of the time); the reference is taken now so object numbers stay in page order.
    const contentsRef = context.nextRef();
    page.node.set(PDFName.of('Contents'), contentsRef);
    compressing.push(flateStream(context, content).then((stream) => context.assign(contentsRef, stream)));
    // At most a few dozen pages' content (≈ 20 KB each) wait in memory at once.
    if (compressing.length >= COMPRESSING_AT_ONCE) await Promise.all(compressing.splice(0));
    page.node.set(PDFName.of('Resources'), resourcesRef);
    page.node.set(PDFName.of('TrimBox'), context.obj(boxes.trim));
    if (boxes.bleed) page.node.set(PDFName.of('BleedBox'), context.obj(boxes.bleed));
    pageRefs.push(page.ref);
    sheets.push(sheet);
    input.onProgress?.({ phase: 'pages', done: i + 1, total });
    if (input.pause) await input.pause();
  }

  await Promise.all(compressing);

  // Fonts: subsets of exactly the glyphs shown.
  const used = [...fonts.values()].filter((f): f is FontUsage => f !== null && f.glyphs.size > 0);
  for (let i = 0; i < used.length; i++) {
    check();
    await embedFont(context, used[i]!, input.subsetter);
    input.onProgress?.({ phase: 'fonts', done: i + 1, total: used.length });
    if (input.pause) await input.pause();
  }

  context.assign(resourcesRef, context.obj(resourceDictionary(context, used, opacities, images, input.cutLines !== null)));

  /** `[page /XYZ left top null]` for a point of an exported page (pt from the trim's top-left). */
  const destination = (page: number, top: number): unknown[] => {
    const sheet = sheets[page]!;
    return xyzDestination(pageRefs[page]!, 0, Math.round((sheet.margin + sheet.height - top) * 1000) / 1000);
  };

  // Outline and links from the parsed chapters.
  const catalog = doc.catalog;
  if (input.chapters && input.chapters.length > 0) {
    const positions = blockPositions(input.pages);
    if (input.outlines) {
      const headings: HeadingInfo[] = input.chapters.flatMap((c) => c.collected.headings.map((h) => ({ blockId: h.blockId, level: h.level, title: h.plainText })));
      const outline = writeOutline(context, outlineEntries(headings, withUnprintedHeadings(input.chapters, positions)), (entry) => destination(entry.page, entry.top));
      if (outline) {
        catalog.set(PDFName.of('Outlines'), outline);
        catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
      }
    }
    writeLinks(context, linkAreas(input.chapters, input.pages, positions), pageRefs, sheets, destination);
  }

  // Page labels: the printed folios.
  const nums: unknown[] = [];
  for (const range of labelRanges(input.pages.map((p) => p.label))) {
    const dict: PdfDictLiteral = {};
    if (range.style) dict['S'] = range.style;
    if (range.first !== undefined && range.first !== 1) dict['St'] = range.first;
    if (range.prefix !== undefined) dict['P'] = pdfTextString(range.prefix);
    nums.push(range.start, context.obj(dict));
  }
  if (nums.length > 0) catalog.set(PDFName.of('PageLabels'), context.obj({ Nums: nums as PdfDictLiteral[string] }));

  // Metadata and viewer preferences.
  const meta = input.metadata;
  if (meta.title) doc.setTitle(meta.title, { showInWindowTitleBar: true });
  if (meta.author) doc.setAuthor(meta.author);
  if (meta.subject) doc.setSubject(meta.subject);
  if (meta.keywords?.length) doc.setKeywords(meta.keywords);
  if (meta.language) doc.setLanguage(meta.language);
  doc.setCreator('Postext Sandbox');
  doc.setProducer('Postext Sandbox PDF writer (pdf-lib 1.17.1)');
  const date = input.date ?? new Date();
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const preferences = catalog.getOrCreateViewerPreferences();
  // Print-ready: print at 100 %, never scaled to the printer's page.
  preferences.setPrintScaling(PrintScaling.None);
  if (input.binding === 'right') preferences.setReadingDirection(ReadingDirection.R2L);
  if (input.binding === 'right' || input.facing) {
    // Spreads as printed: page 1 stands alone as a recto, then verso and recto side by side. A
    // first page that is a verso starts a spread with the page after it (odd pages on the left).
    catalog.set(PDFName.of('PageLayout'), PDFName.of(input.firstPageVerso ? 'TwoPageLeft' : 'TwoPageRight'));
  }
  if (input.facing) preferences.setDuplex(Duplex.DuplexFlipLongEdge);

  check();
  input.onProgress?.({ phase: 'saving', done: 0, total: 1 });
  const bytes = await doc.save({ useObjectStreams: true, addDefaultPage: false });
  input.onProgress?.({ phase: 'saving', done: 1, total: 1 });
  return { bytes, pages: total, warnings };
}

/** The one resource dictionary every page shares. */
function resourceDictionary(context: PDFContext, fonts: readonly FontUsage[], opacities: ReadonlyMap<number, string>, images: EmbeddedImages, registration: boolean): PdfDictLiteral {
  const dict: PdfDictLiteral = { ProcSet: ['PDF', 'Text', 'ImageB', 'ImageC'] };
  if (fonts.length > 0) dict['Font'] = Object.fromEntries(fonts.map((f) => [f.resourceName, f.ref]));
  if (opacities.size > 0) dict['ExtGState'] = Object.fromEntries([...opacities].map(([alpha, name]) => [name, context.obj({ Type: 'ExtGState', ca: alpha, CA: alpha })]));
  if (images.refs.size > 0) dict['XObject'] = Object.fromEntries([...images.refs]);
  if (registration) {
    // Registration colour: the marks print on every separation (configuration.md §2, cut lines).
    const tint = context.obj({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: [1, 1, 1, 1], N: 1 });
    dict['ColorSpace'] = { [REGISTRATION_COLOUR_SPACE]: [PDFName.of('Separation'), PDFName.of('All'), PDFName.of('DeviceCMYK'), tint] };
  }
  return dict;
}

interface EmbeddedImages {
  /** Content key → XObject resource name. */
  names: Map<string, string>;
  /** Resource name → the image XObject. */
  refs: Map<string, PDFRef>;
}

/** One picture as an image XObject: PNG and JPEG through pdf-lib, GIF decoded here, others by the environment. */
async function embedPicture(doc: PDFDocument, found: { bytes: Uint8Array; mime: string }, decode: PdfExportInput['decodePicture']): Promise<PDFRef | null> {
  try {
    if (found.mime === 'image/jpeg') return (await doc.embedJpg(found.bytes)).ref;
    if (found.mime === 'image/png') return (await doc.embedPng(found.bytes)).ref;
  } catch (error) {
    // A variant pdf-lib does not read (a rare PNG or JPEG flavour): the environment's decoder may.
    if (!decode) throw error;
  }
  const pixels = found.mime === 'image/gif' ? decodeGif(found.bytes) : decode ? await decode(found.bytes, found.mime) : null;
  return pixels ? embedRgba(doc.context, pixels) : null;
}

/** Embeds the pictures the pages draw (PNG, JPEG, GIF; WebP through `decodePicture`). */
async function embedImages(doc: PDFDocument, input: PdfExportInput, warnings: string[], check: () => void): Promise<EmbeddedImages> {
  const out: EmbeddedImages = { names: new Map(), refs: new Map() };
  const keys = new Set<string>();
  for (const page of input.pages) {
    for (const item of page.items) {
      const image = (item as { op: number; image?: unknown }).op === 5 ? (item as { image?: unknown }).image : undefined;
      if (typeof image === 'string') keys.add(image);
    }
  }
  if (keys.size === 0) return out;
  let done = 0;
  for (const key of keys) {
    check();
    const found = input.imageBytes ? await input.imageBytes(key).catch(() => null) : null;
    done++;
    input.onProgress?.({ phase: 'pictures', done, total: keys.size });
    if (!found) {
      warnings.push(`A picture (${key}) is missing: a grey box stands in its place.`);
      continue;
    }
    try {
      const ref = await embedPicture(doc, found, input.decodePicture);
      if (!ref) {
        warnings.push(`A ${found.mime} picture (${key}) cannot go into the PDF here (PNG, JPEG and GIF can; WebP needs the browser's decoder): a grey box stands in its place.`);
        continue;
      }
      const name = `Im${out.names.size + 1}`;
      out.names.set(key, name);
      out.refs.set(name, ref);
    } catch (error) {
      warnings.push(`A picture (${key}) could not be read: ${error instanceof Error ? error.message : String(error)}.`);
    }
  }
  return out;
}

/**
 * Embeds the print masters of the SVG drawings the pages draw (page 1 of each, its crop box as
 * the form's box) as form XObjects named `FmN` in the shared XObject resources.
 */
async function embedMasters(doc: PDFDocument, input: PdfExportInput, images: EmbeddedImages, warnings: string[]): Promise<Map<string, PlacedMaster>> {
  const out = new Map<string, PlacedMaster>();
  if (!input.printMaster) return out;
  const ids = new Set<string>();
  for (const page of input.pages) for (const item of page.items) if (((item.op === Op.Path && item.frame) || item.op === Op.Image) && item.resource) ids.add(item.resource);
  for (const id of ids) {
    const bytes = input.printMaster(id);
    if (!bytes) continue;
    try {
      const source = await PDFDocument.load(bytes, { updateMetadata: false });
      const first = source.getPage(0);
      const box = first.getCropBox();
      const embedded = await doc.embedPage(first, { left: box.x, bottom: box.y, right: box.x + box.width, top: box.y + box.height });
      const name = `Fm${out.size + 1}`;
      // A page with /Rotate is seen turned clockwise: the frame fits the page as a reader sees it.
      const rotation = ((((Math.round(first.getRotation().angle / 90) * 90) % 360) + 360) % 360) as PlacedMaster['rotation'];
      const quarter = rotation === 90 || rotation === 270;
      out.set(id, { name, width: quarter ? embedded.height : embedded.width, height: quarter ? embedded.width : embedded.height, rotation });
      images.refs.set(name, embedded.ref);
    } catch (error) {
      warnings.push(`The print master of "${id}" could not be read (${error instanceof Error ? error.message : String(error)}): its SVG is drawn instead.`);
    }
  }
  return out;
}

/** Appends /Link annotations to their pages' /Annots. */
function writeLinks(context: PDFContext, areas: readonly LinkArea[], pageRefs: readonly PDFRef[], sheets: readonly Sheet[], destination: (page: number, top: number) => unknown[]): void {
  const byPage = new Map<number, PDFRef[]>();
  for (const area of areas) {
    const sheet = sheets[area.page]!;
    const m = sheet.margin;
    const rect = [m + area.x, m + sheet.height - area.y - area.height, m + area.x + area.width, m + sheet.height - area.y].map((v) => Number(num(v)));
    const dict: PdfDictLiteral = { Type: 'Annot', Subtype: 'Link', Rect: rect, Border: [0, 0, 0] };
    if (area.target.kind === 'uri') dict['A'] = { S: 'URI', URI: PDFHexString.of(asciiHex(area.target.uri)) };
    else dict['Dest'] = destination(area.target.page, area.target.top) as PdfDictLiteral[string];
    const ref = context.register(context.obj(dict));
    byPage.set(area.page, [...(byPage.get(area.page) ?? []), ref]);
  }
  for (const [page, refs] of byPage) {
    const leaf = context.lookup(pageRefs[page]!);
    if (!leaf || !('set' in leaf)) continue;
    const annots = PDFArray.withContext(context);
    for (const ref of refs) annots.push(ref);
    (leaf as { set(key: PDFName, value: PDFArray): void }).set(PDFName.of('Annots'), annots);
  }
}

/** Hex of an ASCII string (a PDF byte string, as /URI wants). */
function asciiHex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += (text.charCodeAt(i) & 0xff).toString(16).padStart(2, '0');
  return hex;
}
