import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
// Several cold starts, saves and full layouts per test on a loaded 2-core machine (load averages above 30 seen).
test.setTimeout(300_000);

/** A cold start (fonts, parser, first layout) on a loaded 2-core machine can pass 15 s. */
const COLD_START_MS = 90_000;
/** The first save of an edit (autosave after 300 ms) when the worker shares the CPU with a layout. */
const SAVE_MS = 60_000;
/** A whole book laid out (automatic covers wait for it). */
const LAYOUT_MS = 120_000;

async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
}

function chapterTexts(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await window.postextApp!.client.getBook()).chapters.map((c) => c.text));
}

async function openPanel(page: Page, panel: string): Promise<void> {
  const button = page.locator(`[data-panel="${panel}"]`);
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
}

test('a project opened from the Books panel shows "Opening the book…" in the viewport, then its own pages; the Chapters panel says whose book it is', async ({ page }) => {
  await openApp(page);
  await openPanel(page, 'chapters');
  await expect(page.getByTestId('book-kind')).toHaveText('Sample book · EN');

  const id = await page.evaluate(async () => (await window.postextApp!.client.newBook({ name: 'Quiet harbour notes', open: false })).id);
  await openPanel(page, 'books');
  const row = page.locator(`[data-testid="project-row"][data-book-id="${id}"]`);
  await expect(row).toBeVisible();
  // Record what the viewport shows while the book opens (Solid writes the DOM synchronously).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenWhileOpening: string[] }).seenWhileOpening = seen;
    new MutationObserver(() => {
      const placeholder = document.querySelector('#viewer-canvas .placeholder');
      if (placeholder?.textContent) seen.push(placeholder.textContent);
      if (document.querySelector('#viewer-canvas .page-slot') && placeholder) seen.push('pages and placeholder together');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await row.locator('.book-open').click();
  await expect.poll(() => page.evaluate(async () => (await window.postextApp!.client.getBook()).id)).toBe(id);
  await expect(page.getByTestId('status')).toContainText('page', { timeout: COLD_START_MS });
  const seen = await page.evaluate(() => (window as unknown as { seenWhileOpening: string[] }).seenWhileOpening);
  expect(seen).toContain('Opening the book…');
  expect(seen).not.toContain('pages and placeholder together');
  // The sidebar moved to Chapters, which names the book's kind.
  await expect(page.getByTestId('book-kind')).toHaveText(/^Your book · EN/); // a blank book takes the browser's language (en-US here)
});

test('a sample is tagged Edited in the Chapters panel after its first edit', async ({ page }) => {
  await openApp(page);
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const end = book.chapters[0]!.text.length;
    await client.apply({ origin: 'agent', baseRevision: book.revision, ops: [{ type: 'text', chapterId: book.chapters[0]!.id, from: end, to: end, insert: '\nNarwhal.\n' }] });
  });
  await openPanel(page, 'chapters');
  await expect(page.getByTestId('book-kind')).toHaveText('Sample book · EN · Edited', { timeout: SAVE_MS });
});

test('Text panel: Export (.md) downloads the chapter, Import (.md) replaces it (Ctrl+Z undoes), other files are refused, and Reset brings back the sample text', async ({ page }) => {
  await openApp(page);
  await openPanel(page, 'text');
  const editor = page.getByRole('textbox', { name: /chapter source/i });
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  const original = await chapterTexts(page);

  // Export: the open chapter as it is, named after its position and title.
  const download = page.waitForEvent('download');
  await page.getByTestId('text-export-md').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('01-welcome.md');
  expect(readFileSync((await file.path())!, 'utf8')).toBe(original[0]);

  // Import: replaces the chapter through the editor, as one undoable change.
  const imported = '# Imported\n\nAardvark tessellation.\n';
  await page.getByTestId('text-md-input').setInputFiles({ name: 'imported.md', mimeType: 'text/markdown', buffer: Buffer.from(`\ufeff${imported.replace(/\n/g, '\r\n')}`) });
  await expect(page.getByTestId('text-status')).toContainText('“imported.md” replaced the text of this chapter.');
  await expect.poll(async () => (await chapterTexts(page))[0]).toBe(imported);
  await editor.click();
  await editor.press('Control+z');
  await expect.poll(async () => (await chapterTexts(page))[0]).toBe(original[0]);

  // Another kind of file is refused and changes nothing.
  await page.getByTestId('text-md-input').setInputFiles({ name: 'draft.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from('PK\u0003\u0004') });
  await expect(page.getByTestId('text-status')).toContainText('"draft.docx" is not a Markdown file; choose a .md file');
  expect((await chapterTexts(page))[0]).toBe(original[0]);

  // The toolbar's directive inserters write the spec's directives.
  await editor.click();
  await editor.press('Control+End');
  await page.getByRole('button', { name: 'Two columns' }).click();
  await expect.poll(async () => (await chapterTexts(page))[0]).toContain(':::columns{count=2}\n\n:::');

  // Reset: typed text, a removed chapter and a changed title all come back from the bundle.
  await editor.press('Control+End');
  await editor.pressSequentially('Wombat overture.');
  await expect.poll(async () => (await chapterTexts(page))[0]).toContain('Wombat overture.');
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    await client.apply({ origin: 'agent', baseRevision: book.revision, ops: [{ type: 'chapter.remove', chapterId: book.chapters[2]!.id }, { type: 'chapter.rename', chapterId: book.chapters[1]!.id, title: 'Renamed' }] });
  });
  await expect.poll(async () => (await chapterTexts(page)).length).toBe(original.length - 1);
  await page.getByTestId('text-reset').click();
  await page.getByTestId('text-reset-confirm').click();
  await expect(page.getByTestId('text-status')).toContainText('The text and resources are the sample’s again.');
  await expect.poll(() => chapterTexts(page)).toEqual(original);
  const titles = await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const [book, bundle] = await Promise.all([client.getBook(), client.originalText('postext-guide', 'en')]);
    return [book.chapters.map((c) => [c.id, c.title]), bundle.chapters.map((c) => [c.id, c.title])];
  });
  expect(titles[0]).toEqual(titles[1]);
  // The open editor shows the restored text too (a Reset is not the editor's own echo).
  await expect.poll(() => page.evaluate(() => window.postextApp!.ui!.editorText())).toBe(original[0]);
});

test('a book of more than 200 chapters is shown one chapter at a time; Whole book is disabled and says why', async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('scope-select').locator('option[value="book"]')).toBeEnabled();
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    await client.newBook({ name: 'Almanac', open: true });
    const book = await client.getBook();
    const ops = Array.from({ length: 200 }, (_, i) => ({ type: 'chapter.add' as const, title: `Day ${i + 2}`, text: `# Day ${i + 2}\n\nA short entry.\n` }));
    await client.apply({ origin: 'agent', baseRevision: book.revision, ops });
  });
  await expect.poll(() => page.evaluate(async () => (await window.postextApp!.client.getBook()).chapters.length)).toBe(201);
  const bookOption = page.getByTestId('scope-select').locator('option[value="book"]');
  await expect(bookOption).toBeDisabled();
  await expect(bookOption).toHaveText('Whole book (over 200 chapters: shown one chapter at a time)');
  await expect(page.getByTestId('scope-select')).toHaveValue('chapter');
  expect(await page.evaluate(() => window.postextApp!.ui!.view().scope)).toBe('chapter');
});

/** What a stored cover is: automatic or chosen, its type and its pixel width. */
function coverOf(page: Page, book: { sample: string; locale: string } | { project: string }) {
  return page.evaluate(async (ref) => {
    const list = await window.postextApp!.client.listBooks();
    const cover = 'sample' in ref ? list.samples.find((s) => s.id === ref.sample)?.covers[ref.locale] : list.projects.find((p) => p.id === ref.project)?.cover;
    if (!cover) return null;
    const bitmap = await createImageBitmap(new Blob([cover.bytes as Uint8Array<ArrayBuffer>], { type: cover.mime }));
    return { auto: cover.auto, mime: cover.mime, width: bitmap.width };
  }, book);
}

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('covers: a book without one gets its first page as a 240 px JPEG; a chosen cover is never replaced; a removed one is captured again on a later visit', async ({ page }) => {
  await openApp(page);
  await expect.poll(() => coverOf(page, { sample: 'postext-guide', locale: 'en' }), { timeout: LAYOUT_MS }).toEqual({ auto: true, mime: 'image/jpeg', width: 240 });

  const id = await page.evaluate(async (png) => {
    const client = window.postextApp!.client;
    const project = await client.newBook({ name: 'Covered', open: false });
    await client.setCover({ book: { kind: 'project', projectId: project.id }, cover: { bytes: new Uint8Array(png), mime: 'image/png' } });
    await client.openProject(project.id);
    return project.id;
  }, [...PNG]);
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await page.waitForTimeout(2500); // past the idle wait of an automatic capture
  expect(await coverOf(page, { project: id })).toEqual({ auto: false, mime: 'image/png', width: 1 });

  // Removed: the next visit (the book opened again) captures the first page.
  await page.evaluate(async (projectId) => {
    const client = window.postextApp!.client;
    await client.setCover({ book: { kind: 'project', projectId }, cover: null });
    await client.openPreset('postext-guide');
    await client.openProject(projectId);
  }, id);
  await expect.poll(() => coverOf(page, { project: id }), { timeout: LAYOUT_MS }).toEqual({ auto: true, mime: 'image/jpeg', width: 240 });
});

test('a sample hidden from the list moves under "Hidden sample books", stays hidden after a reload, and Show brings it back; the built-in cannot be hidden', async ({ page }) => {
  await openApp(page);
  await openPanel(page, 'books');
  const row = page.locator('[data-testid="sample-row"][data-book-id="magazine-piece"]');
  await row.locator('.books-more').click();
  await row.getByRole('menuitem', { name: 'Hide from the list' }).click();
  await expect(row).toHaveCount(0);
  const hidden = page.locator('details.books-hidden');
  await expect(hidden.locator('summary')).toHaveText('Hidden sample books');

  await page.reload();
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
  await openPanel(page, 'books');
  await expect(row).toHaveCount(0);
  await hidden.locator('summary').click();
  await expect(hidden.getByText('A Quiet Harbour')).toBeVisible();
  await hidden.getByRole('button', { name: 'Show in the list' }).click();
  await expect(row).toBeVisible();
  await expect(hidden).toHaveCount(0);

  const guide = page.locator('[data-testid="sample-row"][data-book-id="postext-guide"]');
  await guide.locator('.books-more').click();
  await expect(guide.getByRole('menuitem', { name: 'Hide from the list' })).toHaveCount(0);
});

test("the Chapters panel's book menu: Download, Make my own copy and Restore the original… for a sample; Rename… and Duplicate for a project", async ({ page }) => {
  await openApp(page);
  const original = await chapterTexts(page);
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const end = book.chapters[0]!.text.length;
    await client.apply({ origin: 'agent', baseRevision: book.revision, ops: [{ type: 'text', chapterId: book.chapters[0]!.id, from: end, to: end, insert: '\nTapir.\n' }] });
  });
  await openPanel(page, 'chapters');
  await expect(page.getByTestId('book-kind')).toContainText('Edited', { timeout: SAVE_MS });
  const menu = page.getByTestId('book-menu');

  await menu.click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download (.postext)' }).click();
  expect((await download).suggestedFilename()).toBe('postext-sandbox-guide.postext');
  await expect(page.getByTestId('chapters-status')).toHaveText('Downloaded postext-sandbox-guide.postext.');

  await menu.click();
  await page.getByRole('menuitem', { name: 'Make my own copy' }).click();
  await expect(page.getByTestId('chapters-status')).toHaveText('Made “Postext Sandbox guide” in My books.');
  const copies = await page.evaluate(async () => (await window.postextApp!.client.listBooks()).projects);
  expect(copies).toHaveLength(1);

  await menu.click();
  await page.getByRole('menuitem', { name: 'Restore the original…' }).click();
  await page.getByRole('button', { name: 'Restore the original', exact: true }).click();
  await expect.poll(() => chapterTexts(page)).toEqual(original);
  await expect(page.getByTestId('book-kind')).not.toContainText('Edited');

  // The copy, opened: Rename… and Duplicate.
  await page.evaluate(async (id) => void (await window.postextApp!.client.openProject(id)), copies[0]!.id);
  await expect(page.getByTestId('book-kind')).toHaveText(/^Your book/);
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Restore the original…' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Rename…' }).click();
  const field = page.getByRole('textbox', { name: 'Book name' });
  await field.fill('Harbour log');
  await field.press('Enter');
  await expect(page.getByTestId('chapters-status')).toHaveText('Renamed to “Harbour log”.');
  await expect(page.locator('.chapters-panel .book-title')).toHaveText('Harbour log');
  await menu.click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByTestId('chapters-status')).toHaveText('Made “Harbour log (copy)” in My books.');
  expect((await page.evaluate(async () => (await window.postextApp!.client.listBooks()).projects)).map((p) => p.name).sort()).toEqual(['Harbour log', 'Harbour log (copy)']);
});

test('the Text panel chapter switcher shows page ranges, and above 30 chapters a search field finds chapters by number and title words (Enter opens the first)', async ({ page }) => {
  await openApp(page);
  await openPanel(page, 'text');
  const switcher = page.getByRole('combobox', { name: 'Chapter', exact: true });
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: LAYOUT_MS });
  await expect(switcher.locator('option').first()).toHaveText(/^1\. Welcome · pp?\. \S+/);
  await expect(page.getByTestId('chapter-search')).toHaveCount(0);

  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    await client.newBook({ name: 'Logbook', open: true });
    const book = await client.getBook();
    const ops = Array.from({ length: 39 }, (_, i) => ({ type: 'chapter.add' as const, title: i === 20 ? 'Storm over Dover' : `Day ${i + 2}`, text: `# Day ${i + 2}\n\nCalm.\n` }));
    await client.apply({ origin: 'agent', baseRevision: book.revision, ops });
  });
  const search = page.getByTestId('chapter-search');
  await expect(search).toBeVisible();
  await search.fill('storm dov');
  // The current chapter stays listed; the match is the only other one.
  await expect(switcher.locator('option')).toHaveText([/^1\. Chapter 1/, /^22\. Storm over Dover/]);
  await search.press('Enter');
  await expect(switcher).toHaveValue(await page.evaluate(async () => (await window.postextApp!.client.getBook()).chapters[21]!.id));
  await search.fill('3');
  // 3 and 30–39 (and the open chapter).
  await expect(switcher.locator('option')).toHaveCount(12);
});
