/**
 * The open book → a PDF: chooses the pages of the scope (the whole book, or one chapter's pages
 * with their book folios), reads metadata from the first chapter's front matter (title, author,
 * subject or description else subtitle, keywords) and the print
 * options from the configuration, and names the file after the first H1 (tools.md §7.10).
 */
import type { StoredConfig } from '../../config';
import type { ParsedChapter } from '../../engine/parse/model';
import type { PageDisplayList } from '../../protocol/displaylist';
import { writePdf, type PdfExportInput, type PdfProgress } from './document';
import type { Subsetter } from './fonts/subset';
import { pdfOptionsFromConfig } from './options';

export interface BookPdfInput {
  book: { name: string; config: Record<string, unknown>; chapters: readonly { id: string }[]; start?: { pageIndexOffset: number } | undefined };
  /** Every page of the converged layout. */
  pages: readonly PageDisplayList[];
  /** Parsed chapters in book order (the first one carries the front matter). */
  parsed: readonly ParsedChapter[];
  scope: 'book' | 'chapter';
  chapterId?: string | undefined;
  language: string;
  fonts: { get(fontId: string): { bytes: Uint8Array } | undefined };
  imageBytes?(key: string): Promise<{ bytes: Uint8Array; mime: string } | null>;
  /** A picture in a format pdf-lib cannot embed (WebP), decoded to RGBA by the environment. */
  decodePicture?: PdfExportInput['decodePicture'];
  /** The `pdfFile` print master of an SVG resource, by resource id (bundle-format §11.1). */
  printMaster?(resourceId: string): Uint8Array | undefined;
  subsetter: Subsetter;
  date?: Date;
  signal?: AbortSignal;
  pause?(): Promise<void>;
  onProgress?(progress: PdfProgress): void;
}

export interface BookPdf {
  bytes: Uint8Array;
  fileName: string;
  pages: number;
  warnings: string[];
}

/** A file name from a title: letters and digits of any script kept, the rest one hyphen. */
export function pdfFileName(title: string | undefined): string {
  const stem = (title ?? '').normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  return stem ? `${stem}.pdf` : 'document.pdf';
}

/** A front-matter value as one line of text (a list joined with commas), or undefined. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number') return String(value).replace(/\s+/g, ' ').trim() || undefined;
  if (Array.isArray(value)) return textOf(value.filter((v) => typeof v === 'string' || typeof v === 'number').join(', '));
  return undefined;
}

/** Front-matter `keywords`: a YAML list, or one string separated by commas or semicolons. */
function keywordsOf(value: unknown): string[] | undefined {
  const list = Array.isArray(value) ? value.map(textOf) : typeof value === 'string' ? value.split(/[,;]/).map(textOf) : [];
  const words = list.filter((k): k is string => k !== undefined);
  return words.length > 0 ? words : undefined;
}

export async function exportBookPdf(input: BookPdfInput): Promise<BookPdf> {
  const pages = input.scope === 'chapter' ? input.pages.filter((p) => p.chapter === input.chapterId) : input.pages;
  if (pages.length === 0) throw new Error(input.scope === 'chapter' ? `The chapter "${input.chapterId}" has no pages to export.` : 'The book has no pages to export.');
  const chapters = input.scope === 'chapter' ? input.parsed.filter((c) => c.chapterId === input.chapterId) : input.parsed;
  const front = input.parsed[0]?.frontmatter;
  const configTitle = typeof input.book.config['title'] === 'string' ? (input.book.config['title'] as string) : undefined;
  const firstH1 = chapters.flatMap((c) => c.collected.headings).find((h) => h.level === 1)?.plainText;
  const options = pdfOptionsFromConfig(input.book.config as StoredConfig, input.language);
  const result = await writePdf({
    pages,
    fontBytes: (id) => input.fonts.get(id)?.bytes,
    ...(input.imageBytes ? { imageBytes: input.imageBytes } : {}),
    ...(input.decodePicture ? { decodePicture: input.decodePicture } : {}),
    // Single-ink drawings are recoloured SVG: their masters would print the original colours (§11.1).
    ...(input.printMaster && !options.singleInk ? { printMaster: input.printMaster } : {}),
    subsetter: input.subsetter,
    metadata: {
      title: front?.title ?? configTitle ?? input.book.name,
      author: front?.author,
      subject: textOf(front?.metadata['subject']) ?? textOf(front?.metadata['description']) ?? front?.subtitle,
      keywords: keywordsOf(front?.metadata['keywords']),
      language: input.language,
    },
    // Internal links may point anywhere in the book; only targets on exported pages get one.
    chapters: input.parsed,
    outlines: options.outlines,
    cutLines: options.cutLines,
    binding: options.binding,
    facing: options.facing,
    // The side of the first exported page, counted from where the book begins (bundle-format §9).
    ...((pages[0]!.index + (input.book.start?.pageIndexOffset ?? 0)) % 2 === 1 ? { firstPageVerso: true } : {}),
    ...(input.date ? { date: input.date } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.pause ? { pause: input.pause } : {}),
    ...(input.onProgress ? { onProgress: input.onProgress } : {}),
  });
  return { bytes: result.bytes, fileName: pdfFileName(firstH1), pages: result.pages, warnings: result.warnings };
}
