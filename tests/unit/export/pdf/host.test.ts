/**
 * exportPdf through the host: one chapter's pages keep their book folios, a bad request is
 * refused with what to send, and cancelExport stops a running export.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { BookHost } from '../../../../src/worker/host/book-host';
import type { WorkerEvent } from '../../../../src/worker/protocol/messages';
import { nodeEnvironment, presetFiles } from '../../../support/node-host';
import { chapterMarkdown, mulberry32 } from '../../../support/prose';
import { parsePdf } from './support';

async function openBook(): Promise<{ host: BookHost; events: WorkerEvent[] }> {
  const random = mulberry32(13);
  const host = new BookHost(nodeEnvironment(presetFiles([chapterMarkdown(random, 'First', 30), chapterMarkdown(random, 'Second', 30)])));
  const events: WorkerEvent[] = [];
  await host.subscribe((event) => events.push(event));
  const opened = await host.openPreset({ presetId: 'test-book' });
  await host.awaitConvergence(opened.revision);
  return { host, events };
}

describe('exportPdf in the host', () => {
  it('writes one chapter with its book folios, named after its H1', async () => {
    const { host } = await openBook();
    const { pages, chapters } = await host.getPages();
    const second = chapters[1]!;
    const pdf = await host.exportPdf({ scope: 'chapter', chapterId: second.id });
    expect(pdf.pages).toBe(second.pages);
    expect(pdf.fileName).toBe('Second.pdf');
    const { doc } = await parsePdf(pdf.bytes);
    expect(doc.getPageCount()).toBe(second.pages);
    // The first exported page is labelled with its folio in the book, not "1".
    const folio = pages[second.firstPage]!.label;
    expect(folio).not.toBe('1');
    const nums = (doc.catalog.lookup(PDFName.of('PageLabels'), PDFDict).lookup(PDFName.of('Nums'), PDFArray)).asArray();
    const first = doc.context.lookup(nums[1], PDFDict).lookup(PDFName.of('St'));
    expect(first instanceof PDFNumber ? String(first.asNumber()) : '1').toBe(folio);
  }, 120_000);

  it('refuses a chapter scope without a chapter, saying what to send', async () => {
    const { host } = await openBook();
    await expect(host.exportPdf({ scope: 'chapter' })).rejects.toThrow(/chapterId/);
    await expect(host.exportPdf({ scope: 'chapter', chapterId: 'nope' })).rejects.toThrow(/No chapter has the id "nope"/);
  }, 120_000);

  it('stops when cancelExport names it', async () => {
    const { host, events } = await openBook();
    const pending = host.exportPdf({ scope: 'book', exportId: 'to-cancel' });
    // Cancel as soon as the first progress event arrives.
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (events.some((e) => e.type === 'exportProgress' && e.exportId === 'to-cancel')) {
          clearInterval(poll);
          resolve();
        }
      }, 1);
    });
    expect(await host.cancelExport('to-cancel')).toBe(true);
    await expect(pending).rejects.toThrow(/cancelled/);
    expect(await host.cancelExport('to-cancel')).toBe(false);
  }, 120_000);
});
