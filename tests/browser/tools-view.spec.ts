import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';

import { call, ready, type Envelope } from '../support/tools';

// ready() alone may take 60 s while other builds share the machine; each test gets room for its own calls after it.
test.describe.configure({ timeout: 180_000 });

/** Revision and a hash of every chapter's text and the config: what a refused call must not move. */
async function bookHash(page: Page): Promise<{ revision: number; hash: string }> {
  const book = await page.evaluate(() => window.postextApp!.client.getBook());
  return { revision: book.revision, hash: createHash('sha256').update(JSON.stringify([book.chapters, book.config])).digest('hex') };
}

async function expectRefused(page: Page, name: string, args: unknown): Promise<Envelope> {
  const result = await call(page, name, args);
  expect(result.ok, `${name} ${JSON.stringify(args)}`).toBe(false);
  expect(result.error!.length, `${name}: a sentence saying what to send`).toBeGreaterThan(20);
  return result;
}

test.describe('view, selection, questions, reset and document exports through window.postextWebMcp', () => {
  test('set_view changes what is on screen; the baseline grid is a setting; refusals change nothing', async ({ page }) => {
    await ready(page);
    const start = await bookHash(page);
    await expectRefused(page, 'sandbox_set_view', {});
    const badViewer = await expectRefused(page, 'sandbox_set_view', { viewer: 'folio' });
    expect(badViewer.error).toContain('"canvas"');
    await expectRefused(page, 'sandbox_set_view', { chapter: 99 });
    await expectRefused(page, 'sandbox_set_view', { zoom: 9 });
    await expectRefused(page, 'sandbox_set_view', { panle: 'design' });
    expect(await bookHash(page)).toEqual(start);

    const view = await call(page, 'sandbox_set_view', { panel: 'design', scope: 'chapter', chapter: 2, pages: 'spread', zoom: 1.25 });
    expect(view).toMatchObject({ ok: true, view: { viewer: 'canvas', panel: 'design', scope: 'chapter', chapter: 2, pages: 'spread', zoom: 1.25, fit: 'none' } });
    expect(await bookHash(page)).toEqual(start); // the view is not the book
    await expect(page.locator('#sidebar .panel-title')).toHaveText('Design');
    await expect(page.getByTestId('scope-select')).toHaveValue('chapter');
    expect(await page.evaluate(() => window.postextApp!.ui!.view())).toMatchObject({ panel: 'design', scope: 'chapter', spread: true, zoom: 1.25 });
    const state = await call(page, 'sandbox_get_state', {});
    expect(state['view']).toMatchObject({ panel: 'design', scope: 'chapter', chapter: 2 });

    const pdf = await call(page, 'sandbox_set_view', { viewer: 'pdf' });
    expect(pdf).toMatchObject({ ok: true, view: { viewer: 'pdf' } });
    await expect(page.locator('#tab-pdf')).toHaveAttribute('aria-selected', 'true');
    expect(await call(page, 'sandbox_set_view', { viewer: 'canvas' })).toMatchObject({ ok: true, view: { viewer: 'canvas' } });
    await expect(page.locator('#tab-canvas')).toHaveAttribute('aria-selected', 'true');

    const fit = await call(page, 'sandbox_set_view', { fit: 'width', pages: 'single', panel: 'none' });
    expect(fit).toMatchObject({ ok: true, view: { fit: 'width', pages: 'single', panel: 'none' } });
    await expect(page.locator('#sidebar')).toBeHidden();

    const grid = await call(page, 'sandbox_set_view', { guides: { baselineGrid: true } });
    expect(grid).toMatchObject({ ok: true, view: { guides: { baselineGrid: true } }, changed: [{ path: 'page.baselineGrid.enabled', from: null, to: true }] });
    expect(typeof grid['pagesAfter']).toBe('number');
    expect(await call(page, 'sandbox_get_config', { path: 'page.baselineGrid.enabled' })).toMatchObject({ ok: true, set: true, effective: true });
    expect(await page.getByRole('button', { name: /baseline/i }).first().getAttribute('aria-pressed')).toBe('true');
    const off = await call(page, 'sandbox_set_view', { guides: { baselineGrid: false } });
    expect(off).toMatchObject({ ok: true, changed: [{ path: 'page.baselineGrid.enabled', from: true, to: null }] });
  });

  test('go_to_page moves the viewer by printed number, position, step, passage and anchor', async ({ page }) => {
    await ready(page);
    const state = await call(page, 'sandbox_get_state', {});
    const chapters = state['chapters'] as { chapter: number; firstPage: string; lastPage: string; pages: number }[];
    const third = chapters[2]!;
    const start = await bookHash(page);
    await expectRefused(page, 'sandbox_go_to_page', {});
    await expectRefused(page, 'sandbox_go_to_page', { page: 3, position: 1 });
    const missing = await expectRefused(page, 'sandbox_go_to_page', { page: '9999' });
    const labels = await page.evaluate(async () => (await window.postextApp!.client.getPages()).pages.map((p) => p.label));
    expect(missing).toMatchObject({ first: labels[0], last: labels[labels.length - 1] });
    await expectRefused(page, 'sandbox_go_to_page', { chapter: 1, position: 999 });
    await expectRefused(page, 'sandbox_go_to_page', { text: 'words that are nowhere in this book' });
    await expectRefused(page, 'sandbox_go_to_page', { anchor: 'no-such-anchor' });
    expect(await bookHash(page)).toEqual(start);

    const byPage = await call(page, 'sandbox_go_to_page', { page: third.firstPage });
    expect(byPage).toMatchObject({ ok: true, view: { viewer: 'canvas', chapter: 3, page: third.firstPage, position: 1 } });
    expect(byPage['note']).toBeUndefined();
    await expect.poll(() => page.evaluate(() => window.postextApp!.ui!.view().page)).toBe(third.firstPage);

    const next = await call(page, 'sandbox_go_to_page', { step: 1 });
    expect(next).toMatchObject({ ok: true, view: { chapter: 3, position: 2 } });
    expect((next['view'] as { page: string }).page).not.toBe(third.firstPage);

    const byPosition = await call(page, 'sandbox_go_to_page', { chapter: 2, position: 2 });
    expect(byPosition).toMatchObject({ ok: true, view: { chapter: 2, position: 2 } });

    // A passage of chapter 4: the page it is set on, as search_text reports it.
    const passage = ((await call(page, 'sandbox_read_text', { chapter: 4, fromLine: 1, toLine: 60 }))['text'] as string)
      .split('\n')
      .map((l) => l.replace(/^\d+│/, ''))
      .find((l) => /^[A-Z][a-z]+ [a-z]+ [a-z]+ [a-z]+/.test(l))!
      .slice(0, 30);
    const found = await call(page, 'sandbox_search_text', { query: passage, chapter: 4, pages: true });
    const expected = (found['matches'] as { page: string }[])[0]!.page;
    const byText = await call(page, 'sandbox_go_to_page', { text: passage });
    expect(byText).toMatchObject({ ok: true, view: { chapter: 4, page: expected } });

    // A heading id written as {#…}: add one, then go to it.
    await call(page, 'sandbox_manage_chapters', { action: 'add', title: 'Anchored', markdown: '# Anchored {#far-away}\n\nText.\n' });
    const byAnchor = await call(page, 'sandbox_go_to_page', { anchor: 'far-away' });
    expect(byAnchor).toMatchObject({ ok: true, view: { chapter: chapters.length + 1, position: 1 } });
  });

  test('select_text opens the Text panel with the passage selected', async ({ page }) => {
    await ready(page);
    const read = await call(page, 'sandbox_read_text', { chapter: 2, fromLine: 1, toLine: 40 });
    const line = (read['text'] as string).split('\n').find((l) => /│[A-Z][a-z]+ [a-z]+/.test(l))!;
    const lineNumber = Number(line.split('│')[0]);
    const words = line.split('│')[1]!.slice(0, 20);
    const start = await bookHash(page);
    await expectRefused(page, 'sandbox_select_text', { chapter: 2 });
    await expectRefused(page, 'sandbox_select_text', { chapter: 2, text: 'not in this chapter at all, surely' });
    await expectRefused(page, 'sandbox_select_text', { chapter: 2, line: 99999 });
    await expectRefused(page, 'sandbox_select_text', { chapter: 2, offset: 10, toOffset: 5 });
    await call(page, 'sandbox_set_view', { panel: 'books' });

    const selected = await call(page, 'sandbox_select_text', { chapter: 2, text: words });
    expect(selected).toMatchObject({ ok: true, chapter: 2, line: lineNumber, text: words });
    const offset = selected['offset'] as number;
    expect(selected['toOffset']).toBe(offset + words.length);
    await expect(page.locator('#sidebar .panel-title')).toHaveText('Text');
    await expect.poll(() => page.evaluate(() => window.postextApp!.ui!.selection())).toMatchObject({ from: offset, to: offset + words.length });
    const state = await call(page, 'sandbox_get_state', {});
    expect(state['selection']).toMatchObject({ chapter: 2, line: lineNumber, offset, toOffset: offset + words.length, text: words });

    const byLine = await call(page, 'sandbox_select_text', { chapter: 2, line: lineNumber });
    expect(byLine).toMatchObject({ ok: true, line: lineNumber, text: line.split('│')[1] });
    expect(await bookHash(page)).toEqual(start);
  });

  test('answer dismisses the notice; with nothing pending it is refused', async ({ page }) => {
    await ready(page);
    await expect(page.getByTestId('notice')).toHaveCount(0);
    await expectRefused(page, 'sandbox_answer', { dismissNotice: true });
    await expectRefused(page, 'sandbox_answer', { replaceCopy: true });
    await expectRefused(page, 'sandbox_answer', {});
    // A pasted link to another edition opens it in place and reports it as a notice.
    await page.evaluate(() => (location.hash = '#preset=postext-guide&lang=es'));
    await expect(page.getByTestId('notice')).toHaveCount(1);
    const state = await call(page, 'sandbox_get_state', {});
    const notice = state['notice'] as { id: number; text: string; level: string };
    expect(notice.level).toBe('info');
    expect(notice.text.length).toBeGreaterThan(5);
    const answered = await call(page, 'sandbox_answer', { dismissNotice: true });
    expect(answered).toMatchObject({ ok: true, dismissed: { id: notice.id, text: notice.text } });
    await expect(page.getByTestId('notice')).toHaveCount(0);
    expect((await call(page, 'sandbox_get_state', {}))['notice']).toBeUndefined();
  });

  test('reset_to_original brings back the design, then everything; a project has no original', async ({ page }) => {
    await ready(page);
    const original = await call(page, 'sandbox_read_text', { chapter: 1, fromLine: 1, toLine: 400 });
    const before = await call(page, 'sandbox_get_state', {});
    await call(page, 'sandbox_set_config', { changes: [{ path: 'bodyText.fontSize', value: '12pt' }] });
    const sentence = /Nothing is sent to a server\./;
    expect(original['text']).toMatch(sentence);
    expect(await call(page, 'sandbox_edit_text', { chapter: 1, edits: [{ find: 'Nothing is sent to a server.', replace: 'EDITED BY THE AGENT.' }] })).toMatchObject({ ok: true });

    const design = await call(page, 'sandbox_reset_to_original', { part: 'config' });
    expect(design).toMatchObject({ ok: true, restored: ['config'], book: { kind: 'sample', id: 'postext-guide' } });
    expect(design['changed']).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'bodyText.fontSize', from: { value: 12, unit: 'pt' }, to: null })]));
    expect(design['pagesAfter']).toBe(before['pages']);
    expect((await call(page, 'sandbox_read_text', { chapter: 1, fromLine: 1, toLine: 400 }))['text']).toContain('EDITED BY THE AGENT.');

    const all = await call(page, 'sandbox_reset_to_original', {});
    expect(all).toMatchObject({ ok: true, restored: ['text', 'resources', 'config'], book: { kind: 'sample', id: 'postext-guide' }, pagesAfter: before['pages'] });
    expect((await call(page, 'sandbox_read_text', { chapter: 1, fromLine: 1, toLine: 400 }))['text']).toBe(original['text']);
    await expect(page.locator('.cm-content')).toContainText('Nothing is sent to a server.');
    await expect(page.locator('.cm-content')).not.toContainText('EDITED BY THE AGENT');

    await expectRefused(page, 'sandbox_reset_to_original', { sample: 'no-such-sample' });
    await expectRefused(page, 'sandbox_reset_to_original', { part: 'config', sample: 'arabic-book' });
    const copy = await call(page, 'sandbox_save_book', { action: 'copy_current', name: 'Mine' });
    expect(copy).toMatchObject({ ok: true, open: true });
    await expect.poll(async () => ((await call(page, 'sandbox_get_state', {}))['book'] as { kind: string }).kind).toBe('project');
    const start = await bookHash(page);
    const refused = await expectRefused(page, 'sandbox_reset_to_original', { part: 'config' });
    expect(refused.error).toMatch(/no original/);
    expect(await bookHash(page)).toEqual(start);
  });

  test('export writes EPUB (epubcheck passes) and DOCX (opens as Word XML) of the book and of one chapter', async ({ page }) => {
    test.setTimeout(180_000); // a whole book written twice, and epubcheck's JVM, on a shared machine
    await ready(page);
    const start = await bookHash(page);
    await expectRefused(page, 'sandbox_export', { format: 'epub', kind: 'sample', id: 'arabic-book' });
    await expectRefused(page, 'sandbox_export', { format: 'docx', scope: 'book', chapter: 2 });
    await expectRefused(page, 'sandbox_export', { format: 'docx', rendition: 'reflowable' });
    await expectRefused(page, 'sandbox_export', { format: 'epub', chapter: 42 });

    const epub = await call(page, 'sandbox_export', { format: 'epub', scope: 'book', deliver: 'data' });
    expect(epub).toMatchObject({ ok: true, format: 'epub', rendition: 'reflowable', scope: 'book', mimeType: 'application/epub+zip' });
    const epubBytes = Buffer.from(epub['data'] as string, 'base64');
    expect(epubBytes.byteLength).toBe(epub['bytes']);
    const dir = mkdtempSync(join(tmpdir(), 'tools-epub-'));
    writeFileSync(join(dir, 'book.epub'), epubBytes);
    const check = (() => {
      try {
        return { code: 0, out: execFileSync('java', ['-jar', '/usr/share/java/epubcheck.jar', join(dir, 'book.epub'), '-e'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
      } catch (error) {
        const e = error as { status: number; stdout: string };
        return { code: e.status, out: e.stdout };
      }
    })();
    expect(check.out).not.toMatch(/ERROR|FATAL/);
    expect(check.code).toBe(0);
    const zip = await JSZip.loadAsync(epubBytes);
    const state = await call(page, 'sandbox_get_state', {});
    expect(Object.keys(zip.files).filter((f) => /^OEBPS\/text\/chapter-\d+\.xhtml$/.test(f))).toHaveLength((state['chapters'] as unknown[]).length);

    const docx = await call(page, 'sandbox_export', { format: 'docx', chapter: 2, deliver: 'data' });
    expect(docx).toMatchObject({ ok: true, format: 'docx', scope: 'chapter', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(docx['fileName']).toMatch(/-02-.*\.docx$/);
    const word = await JSZip.loadAsync(Buffer.from(docx['data'] as string, 'base64'));
    const documentXml = await word.file('word/document.xml')!.async('string');
    const title = (state['chapters'] as { title: string }[])[1]!.title;
    expect(documentXml).toContain(`<w:pStyle w:val="PostextChapter"/>`);
    expect(documentXml).toContain(title.replace(/&/g, '&amp;'));
    expect(documentXml).not.toContain((state['chapters'] as { title: string }[])[0]!.title);

    // The download path hands the browser a file.
    const [download] = await Promise.all([page.waitForEvent('download'), call(page, 'sandbox_export', { format: 'epub', chapter: 1 })]);
    expect(download.suggestedFilename()).toMatch(/-01-.*\.epub$/);
    expect(await bookHash(page)).toEqual(start);
  });
});

test('run_viewer presses the PDF tab’s Regenerate and Print: the tab is shown, the PDF is written for the book as it is, print opens the dialog', async ({ page }) => {
  test.setTimeout(240_000); // the guide's PDF is written twice on a shared machine
  // Count print dialogs instead of opening them (in every frame: the PDF viewer's frame prints).
  await page.addInitScript(() => {
    window.print = () => {
      const top = window.top as unknown as { __printCalls?: number };
      top.__printCalls = (top.__printCalls ?? 0) + 1;
    };
  });
  await ready(page);
  const start = await bookHash(page);
  // Canvas on screen: it has no such button, and the sentence says what to send.
  const onCanvas = await expectRefused(page, 'sandbox_run_viewer', { action: 'regenerate' });
  expect(onCanvas.error).toContain('"viewer": "pdf"');
  expect((await expectRefused(page, 'sandbox_run_viewer', { action: 'print', viewer: 'epub' })).error).toMatch(/EPUB tab has no Print button/);
  expect((await expectRefused(page, 'sandbox_run_viewer', { action: 'play_video' })).error).toMatch(/plays videos/);
  await expect(page.locator('#tab-canvas')).toHaveAttribute('aria-selected', 'true');
  expect(await bookHash(page)).toEqual(start);

  const regenerated = await call(page, 'sandbox_run_viewer', { action: 'regenerate', viewer: 'pdf' });
  expect(regenerated).toMatchObject({ ok: true, action: 'regenerate', viewer: 'pdf', scope: 'book', ms: expect.any(Number), fileName: expect.stringMatching(/\.pdf$/) });
  await expect(page.locator('#tab-pdf')).toHaveAttribute('aria-selected', 'true');
  const status = page.getByTestId('pdf-status');
  await expect(status).toHaveAttribute('data-state', 'ready');
  await expect(status).toHaveAttribute('data-bytes', String(regenerated['bytes']));
  const state = await call(page, 'sandbox_get_state', {});
  expect(regenerated['pages']).toBe(state['pages']);
  expect(state['view']).toMatchObject({ viewer: 'pdf' });
  const firstRevision = Number(await status.getAttribute('data-revision'));

  // A fresh PDF prints as it is; after an edit, print writes the PDF for the new text first.
  const fresh = await call(page, 'sandbox_run_viewer', { action: 'print' });
  expect(fresh).toMatchObject({ ok: true, action: 'print', viewer: 'pdf', regenerated: false, bytes: regenerated['bytes'] });
  expect(fresh['note']).toMatch(/print dialog/);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __printCalls?: number }).__printCalls ?? 0)).toBe(1);
  expect(await call(page, 'sandbox_edit_text', { chapter: 1, edits: [{ find: 'Nothing is sent to a server.', replace: 'Nothing at all is sent to a server.' }] })).toMatchObject({ ok: true });
  await expect(page.getByTestId('pdf-stale')).toBeVisible();
  const stale = await call(page, 'sandbox_run_viewer', { action: 'print', viewer: 'pdf' });
  expect(stale).toMatchObject({ ok: true, action: 'print', regenerated: true });
  expect(Number(await status.getAttribute('data-revision'))).toBeGreaterThan(firstRevision);
  await expect(page.getByTestId('pdf-stale')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __printCalls?: number }).__printCalls ?? 0)).toBe(2);
});
