import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';

import { call, ready } from '../support/tools';

async function bookHash(page: Page): Promise<{ revision: number; hash: string }> {
  const book = await page.evaluate(() => window.postextApp!.client.getBook());
  return { revision: book.revision, hash: createHash('sha256').update(JSON.stringify([book.chapters, book.config, book.resources])).digest('hex') };
}

test.describe('Word manuscripts through window.postextWebMcp', () => {
  test('worked flow 3 (tools.md §4): new blank book → import_word dry run → import as the book → warnings → export', async ({ page }) => {
    test.setTimeout(180_000);
    await ready(page);
    // The manuscript: the guide written out as Word by sandbox_export.
    const guide = await call(page, 'sandbox_get_state', {});
    const guideChapters = (guide['chapters'] as { title: string }[]).map((c) => c.title);
    const docx = await call(page, 'sandbox_export', { format: 'docx', scope: 'book', deliver: 'data' });
    expect(docx['ok']).toBe(true);
    const file = { base64: docx['data'] as string, name: 'guide.docx' };

    const blank = await call(page, 'sandbox_save_book', { action: 'new_blank', name: 'From Word' });
    expect(blank).toMatchObject({ ok: true, open: true });
    await expect.poll(async () => ((await call(page, 'sandbox_get_state', {}))['book'] as { kind: string; name: string }).name).toBe('From Word');
    const start = await bookHash(page);

    for (const args of [{ file: { base64: 'aGVsbG8=', name: 'notes.doc' } }, { file: { base64: 'aGVsbG8=' } }, { file, destination: 'shelf' }, { file, mapping: { paragraphs: { Quote: { kind: 'poster' } } } }]) {
      const refused = await call(page, 'sandbox_import_word', args);
      expect(refused.ok, JSON.stringify(args).slice(0, 80)).toBe(false);
      expect(refused.error!.length).toBeGreaterThan(20);
    }
    expect(await bookHash(page)).toEqual(start);

    const dry = await call(page, 'sandbox_import_word', { file, dryRun: true });
    expect(dry).toMatchObject({ ok: true, dryRun: true, verdict: 'clean', destination: 'book', embeddedTemplate: true });
    expect((dry['chapters'] as { title: string }[]).map((c) => c.title)).toEqual(guideChapters);
    expect((dry['paragraphStyles'] as { name: string; target: { kind: string } }[]).find((s) => s.name === 'Heading 1')).toMatchObject({ target: { kind: 'heading', level: 1 } });
    expect(dry['preview']).toMatch(/^---\ntitle: /);
    expect(await bookHash(page)).toEqual(start); // a dry run changes nothing

    const imported = await call(page, 'sandbox_import_word', { file, destination: 'book' });
    expect(imported).toMatchObject({ ok: true, destination: 'book', verdict: 'clean' });
    expect((imported['book'] as { title: string }[]).map((c) => c.title)).toEqual(guideChapters);
    expect(imported['pagesAfter'] as number).toBeGreaterThan(imported['pagesBefore'] as number);
    // Right after the answer the pages are there.
    const pages = await call(page, 'sandbox_inspect_pages', { chapter: 1 });
    expect((pages['pages'] as unknown[]).length).toBeGreaterThan(0);
    const read = await call(page, 'sandbox_read_text', { chapter: 1, fromLine: 1, toLine: 12 });
    expect(read['text']).toContain('# Welcome');

    const warnings = await call(page, 'sandbox_get_warnings', { scope: 'book' });
    expect(warnings).toMatchObject({ ok: true, scope: 'book' });
    const epub = await call(page, 'sandbox_export', { format: 'epub', scope: 'book', deliver: 'data' });
    expect(epub).toMatchObject({ ok: true, format: 'epub' });
    expect(epub['bytes'] as number).toBeGreaterThan(5000);
  });

  test('a chapter replaced by a manuscript, with a mapping that turns a style into quotes', async ({ page }) => {
    await ready(page);
    const docx = await call(page, 'sandbox_export', { format: 'docx', chapter: 2, deliver: 'data' });
    const file = { base64: docx['data'] as string, name: 'two.docx' };
    const before = await call(page, 'sandbox_read_text', { chapter: 1 });
    const second = (await call(page, 'sandbox_read_text', { chapter: 2 }))['text'] as string;
    const heading = /\d+│## ([^{\n]+)\n/.exec(second)![1]!;
    // The mapping is kept as a template by a dry run, then used by name.
    const dry = await call(page, 'sandbox_import_word', { file, dryRun: true, mapping: { paragraphs: { 'Heading 2': { kind: 'quote' } } }, saveTemplateAs: 'Quotes press' });
    expect(dry).toMatchObject({ ok: true, dryRun: true, savedTemplate: { name: 'Quotes press', created: true } });
    const listed = await call(page, 'sandbox_word_templates', { action: 'list' });
    const id = (dry['savedTemplate'] as { id: string }).id;
    expect(id).toMatch(/^wt-[0-9a-z]+-[0-9a-z]{5}$/);
    expect(listed).toMatchObject({ ok: true, templates: [{ id, name: 'Quotes press' }], last: id });
    expect(await call(page, 'sandbox_word_templates', { action: 'get', id: 'quotes press' })).toMatchObject({ ok: true, template: { id, paragraphs: { 'Heading 2': { kind: 'quote' } } } });
    expect((await call(page, 'sandbox_word_templates', { action: 'get', id: 'nope' })).ok).toBe(false);
    expect((await call(page, 'sandbox_import_word', { file, template: 'no such template' })).ok).toBe(false);
    const result = await call(page, 'sandbox_import_word', { file, destination: 'chapter', chapter: 1, template: 'Quotes press' });
    expect(result).toMatchObject({ ok: true, destination: 'chapter' });
    const after = await call(page, 'sandbox_read_text', { chapter: 1 });
    expect(after['text']).not.toBe(before['text']);
    expect(after['text']).toContain(`│> ${heading}\n`);
    expect(after['text']).not.toContain(`│## ${heading}\n`);
    const state = await call(page, 'sandbox_get_state', {});
    expect((state['chapters'] as unknown[]).length).toBe(6);
    expect(await call(page, 'sandbox_word_templates', { action: 'delete', id })).toMatchObject({ ok: true, deleted: id });
    expect(await call(page, 'sandbox_word_templates', { action: 'list' })).toMatchObject({ ok: true, templates: [], last: null });
  });
});
