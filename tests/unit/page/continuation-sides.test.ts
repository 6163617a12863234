/**
 * Sides outside the engine for a book that begins on a verso (bundle-format §9 `start`): the
 * Canvas pairs its spreads from the first page, and the PDF shows odd pages on the left.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { layoutColumn } from '../../../src/ui/canvas/layout';
import { createSubsetter, type Subsetter } from '../../../src/worker/export/pdf';
import { exportBookPdf } from '../../../src/worker/export/pdf/book';
import type { PageDisplayList } from '../../../src/worker/protocol/displaylist';
import type { PageSummary } from '../../../src/worker/protocol/messages';
import { parsePdf } from '../export/pdf/support';

const require = createRequire(import.meta.url);
let subsetter: Subsetter;
beforeAll(async () => {
  subsetter = await createSubsetter(readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')));
});

const summary = (index: number, recto?: boolean): PageSummary => ({ index, label: String(index + 1), chapter: 'c1', width: 300, height: 400, role: 'body', version: `${index}.1`, ...(recto === undefined ? {} : { recto }) });
const rowsOf = (pages: PageSummary[]): number[][] => layoutColumn(pages, 1, true).rows.map((row) => row.pages.map((p) => p.page.index));

describe('Canvas spreads', () => {
  it('a book that begins on a recto shows its first page alone, then verso|recto', () => {
    expect(rowsOf([0, 1, 2, 3].map((i) => summary(i)))).toEqual([[0], [1, 2], [3]]);
  });

  it('a book that begins on a verso pairs its first page with the next one', () => {
    expect(rowsOf([0, 1, 2, 3].map((i) => summary(i, i % 2 === 1)))).toEqual([[0, 1], [2, 3]]);
  });
});

describe('PDF page layout', () => {
  const page = (index: number): PageDisplayList => ({ version: 1, index, label: String(58 + index), chapter: 'c1', role: 'body', width: 300, height: 400, items: [] });
  const exportWith = async (start: { pageIndexOffset: number } | undefined) => {
    const pdf = await exportBookPdf({
      book: { name: 'Continued', config: { page: { margins: { mirror: true } } }, chapters: [{ id: 'c1' }], start },
      pages: [page(0), page(1), page(2)],
      parsed: [],
      scope: 'book',
      language: 'en',
      fonts: { get: () => undefined },
      subsetter,
      date: new Date(0),
    });
    const { doc } = await parsePdf(pdf.bytes);
    return doc.catalog.lookup(PDFName.of('PageLayout'));
  };

  it('facing pages open as TwoPageRight (page 1 alone, a recto) without a start, TwoPageLeft when the book begins on a verso', async () => {
    expect(await exportWith(undefined)).toBe(PDFName.of('TwoPageRight'));
    expect(await exportWith({ pageIndexOffset: 57 })).toBe(PDFName.of('TwoPageLeft'));
    expect(await exportWith({ pageIndexOffset: 10 })).toBe(PDFName.of('TwoPageRight'));
  });
});
