/**
 * Helpers for the PDF tests: the sample book exported in Node through the real host, poppler's
 * tools on the bytes, and a few readers of the PDF's structure through pdf-lib's parser.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, PDFString, PDFHexString, type PDFObject } from 'pdf-lib';
import { BookHost } from '../../../../src/worker/host/book-host';
import type { PageDisplayList } from '../../../../src/worker/protocol/displaylist';
import type { PdfExport, WorkerEvent } from '../../../../src/worker/protocol/messages';
import { nodeEnvironment } from '../../../support/node-host';

export interface ExportedBook {
  host: BookHost;
  pdf: PdfExport;
  /** The PDF written to a temporary file, for poppler. */
  file: string;
  /** Display lists of every page of the book. */
  pages: PageDisplayList[];
  events: WorkerEvent[];
}

/** Opens a sample in a Node host, waits for layout, exports the PDF. */
export async function exportSample(presetId = 'postext-guide', request: { scope?: 'book' | 'chapter'; chapterId?: string } = {}): Promise<ExportedBook> {
  const host = new BookHost(nodeEnvironment());
  const events: WorkerEvent[] = [];
  await host.subscribe((event) => events.push(event));
  const opened = await host.openPreset({ presetId });
  const converged = await host.awaitConvergence(opened.revision);
  const pages: PageDisplayList[] = [];
  for (let i = 0; i < converged.pages; i++) pages.push((await host.getDisplayList(i))!);
  const pdf = await host.exportPdf(request);
  const file = join(mkdtempSync(join(tmpdir(), 'postext-pdf-')), pdf.fileName);
  writeFileSync(file, pdf.bytes);
  return { host, pdf, file, pages, events };
}

/** Runs a poppler tool and returns its standard output. */
export function poppler(tool: 'pdftotext' | 'pdffonts' | 'pdftoppm' | 'pdfinfo', args: string[]): string {
  return execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** Whitespace collapsed to single spaces. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export interface BboxWord {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The words of one page as `pdftotext -bbox` reports them (pt, top-left origin). */
export function bboxWords(file: string, page: number): BboxWord[] {
  const html = poppler('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-']);
  const words: BboxWord[] = [];
  const pattern = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    words.push({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: decodeEntities(m[5]!) });
  }
  return words;
}

function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));
}

/** A parsed PDF and a way from page references to 0-based page indices. */
export async function parsePdf(bytes: Uint8Array): Promise<{ doc: PDFDocument; pageIndex(ref: PDFObject | undefined): number }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const refs = doc.getPages().map((p) => p.ref);
  return { doc, pageIndex: (ref) => (ref instanceof PDFRef ? refs.findIndex((r) => r === ref || (r.objectNumber === ref.objectNumber && r.generationNumber === ref.generationNumber)) : -1) };
}

/** A PDF text string (literal or UTF-16BE hex with BOM) as a JavaScript string. */
export function pdfText(value: PDFObject | undefined): string {
  if (value instanceof PDFHexString || value instanceof PDFString) return value.decodeText();
  return '';
}

export function lookupDict(doc: PDFDocument, value: PDFObject | undefined): PDFDict | undefined {
  const resolved = value instanceof PDFRef ? doc.context.lookup(value) : value;
  return resolved instanceof PDFDict ? resolved : undefined;
}

export interface OutlineItem {
  title: string;
  depth: number;
  page: number;
  /** The destination's top, PDF user space (y up). */
  top: number;
}

/** Walks /Outlines depth first. */
export async function readOutline(bytes: Uint8Array): Promise<OutlineItem[]> {
  const { doc, pageIndex } = await parsePdf(bytes);
  const root = lookupDict(doc, doc.catalog.get(PDFName.of('Outlines')));
  const items: OutlineItem[] = [];
  const walk = (first: PDFObject | undefined, depth: number) => {
    for (let node = lookupDict(doc, first); node; node = lookupDict(doc, node.get(PDFName.of('Next')))) {
      const dest = node.lookup(PDFName.of('Dest'));
      const array = dest instanceof PDFArray ? dest : undefined;
      const top = array?.get(3);
      items.push({ title: pdfText(node.lookup(PDFName.of('Title'))), depth, page: pageIndex(array?.get(0)), top: top instanceof PDFNumber ? top.asNumber() : NaN });
      walk(node.get(PDFName.of('First')), depth + 1);
    }
  };
  if (root) walk(root.get(PDFName.of('First')), 0);
  return items;
}
