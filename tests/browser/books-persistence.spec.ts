import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
// Several cold starts and reloads per test on a loaded machine.
test.setTimeout(150_000);

/** A cold start (fonts, parser, first layout) on a loaded 2-core machine can pass 15 s. */
const COLD_START_MS = 45_000;

async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
}

function chapterText(page: Page, index = 0): Promise<string> {
  return page.evaluate(async (i) => (await window.postextApp!.client.getBook()).chapters[i]!.text, index);
}

async function typeAtEnd(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: /chapter source/i });
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await editor.click();
  await editor.press('Control+End');
  await editor.pressSequentially(text);
  // The worker has every keystroke.
  await expect.poll(() => chapterText(page)).toContain(text);
}

async function openBooks(page: Page): Promise<void> {
  if ((await page.locator('[data-panel="books"]').getAttribute('aria-pressed')) !== 'true') await page.locator('[data-panel="books"]').click();
  await expect(page.locator('.books-panel')).toBeVisible();
}

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('typed text survives a reload 100 ms later (IndexedDB, flushed on page hide)', async ({ page }) => {
  await openApp(page);
  await typeAtEnd(page, ' Zanzibar quillwort');
  await page.waitForTimeout(100);
  await page.reload();
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
  await expect.poll(() => chapterText(page)).toContain(' Zanzibar quillwort');
});

test('typed text survives closing the page', async ({ context }) => {
  const first = await context.newPage();
  await openApp(first);
  await typeAtEnd(first, ' Marmoset lanternfish');
  await first.close();
  const second = await context.newPage();
  await openApp(second);
  await expect.poll(() => chapterText(second)).toContain(' Marmoset lanternfish');
});

test('an edited sample keeps its draft across reloads and Restore the original brings the bundle back', async ({ page }) => {
  await openApp(page);
  const original = await chapterText(page);
  await typeAtEnd(page, ' Ocelot parchment');
  await openBooks(page);
  const guide = page.locator('[data-testid="sample-row"][data-book-id="postext-guide"]');
  await expect(guide.getByTestId('edited-tag')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
  await expect.poll(() => chapterText(page)).toContain(' Ocelot parchment');
  await openBooks(page);
  await expect(guide.getByTestId('edited-tag')).toBeVisible();

  await guide.locator('.books-more').click();
  await guide.getByRole('menuitem', { name: 'Restore the original…' }).click();
  await guide.getByRole('button', { name: 'Restore the original', exact: true }).click();
  await expect.poll(() => chapterText(page)).toBe(original);
  await expect(guide.getByTestId('edited-tag')).toHaveCount(0);
  await expect(page.getByTestId('books-status')).toContainText('Restored the original');
  // And it stays restored.
  await page.reload();
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
  expect(await chapterText(page)).toBe(original);
});

test('a copy exported as .postext, deleted and imported again brings back its text and cover', async ({ page }) => {
  await openApp(page);
  await openBooks(page);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Copy of the open book' }).click();
  await expect.poll(() => page.evaluate(async () => (await window.postextApp!.client.getBook()).kind)).toBe('project');
  const projectId = await page.evaluate(async () => (await window.postextApp!.client.getBook()).id);

  // A marker in the copy's first chapter.
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const end = book.chapters[0]!.text.length;
    await client.apply({ origin: 'agent', baseRevision: book.revision, ops: [{ type: 'text', chapterId: book.chapters[0]!.id, from: end, to: end, insert: '\n\nPangolin harpsichord.\n' }] });
  });

  // A cover chosen while renaming.
  await openBooks(page);
  const row = page.locator(`[data-testid="project-row"][data-book-id="${projectId}"]`);
  await row.locator('.books-more').click();
  await row.getByRole('menuitem', { name: 'Rename…' }).click();
  const chooser = page.waitForEvent('filechooser');
  await row.getByRole('button', { name: 'Choose a cover picture' }).click();
  await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('books-status')).toContainText('The cover is set');
  await row.getByRole('textbox', { name: 'Name' }).fill('Pangolin book');
  await row.getByRole('textbox', { name: 'Name' }).press('Enter');
  await expect(row.locator('.book-row-name')).toHaveText('Pangolin book');

  // Download.
  await row.locator('.books-more').click();
  const downloading = page.waitForEvent('download');
  await row.getByRole('menuitem', { name: 'Download (.postext)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('pangolin-book.postext');
  const file = readFileSync((await download.path())!);
  const names = await page.evaluate(async (bytes) => (await window.postextApp!.client.inspectPostext(new Uint8Array(bytes))).name, [...file]);
  expect(names).toBe('Pangolin book');

  // Delete (the open book): the built-in sample opens.
  await row.locator('.books-more').click();
  await row.getByRole('menuitem', { name: 'Delete…' }).click();
  await row.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect.poll(() => page.evaluate(async () => (await window.postextApp!.client.getBook()).id)).toBe('postext-guide');
  await expect(page.locator('[data-testid="project-row"]')).toHaveCount(0);

  // Import the file: a new project with the text and the cover.
  await openBooks(page);
  await page.getByTestId('postext-input').setInputFiles({ name: 'pangolin-book.postext', mimeType: 'application/zip', buffer: file });
  await expect.poll(() => page.evaluate(async () => (await window.postextApp!.client.getBook()).kind)).toBe('project');
  expect(await chapterText(page)).toContain('Pangolin harpsichord.');
  const imported = await page.evaluate(async () => {
    const list = await window.postextApp!.client.listBooks();
    return list.projects.map((p) => ({ name: p.name, cover: p.cover ? [...p.cover.bytes] : null }));
  });
  expect(imported).toEqual([{ name: 'Pangolin book', cover: [...PNG] }]);
});

test('edits a closed page left unsaved come back at the next visit: text, a changed record and a renamed picture with its bytes', async ({ page }) => {
  await openApp(page);
  // What the page keeps in localStorage on pagehide when a save has not landed (books-state.ts):
  // the client's mirror, here made from the book as opened with edits the worker never saw.
  const before = await page.evaluate(async () => {
    const book = await window.postextApp!.client.getBook();
    const picture = book.resources.find((r) => r.kind === 'svg' || r.kind === 'bitmap')!;
    const unsaved = structuredClone(book);
    unsaved.revision = book.revision + 3;
    unsaved.chapters[0]!.text += '\n\nA line the last visit typed.\n';
    unsaved.resources = unsaved.resources.map((r) => (r.id === picture.id ? { ...r, id: `${r.id}-renamed`, caption: 'Caption the last visit set.' } : r));
    localStorage.setItem('postext-sandbox-unsaved', JSON.stringify(unsaved));
    return { id: picture.id, bytes: picture.payloadBytes ?? 0, count: book.resources.length };
  });
  expect(before.bytes).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
  await expect.poll(() => chapterText(page)).toContain('A line the last visit typed.');
  const resources = await page.evaluate(async () => (await window.postextApp!.client.listResources()).resources.map((r) => ({ id: r.record.id, bytes: r.record.payloadBytes ?? 0, caption: r.record.caption })));
  expect(resources).toHaveLength(before.count);
  expect(resources.some((r) => r.id === before.id)).toBe(false);
  expect(resources).toContainEqual({ id: `${before.id}-renamed`, bytes: before.bytes, caption: 'Caption the last visit set.' });
  // And it is saved: the mirror is gone once the save lands, and another reload still has it.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('postext-sandbox-unsaved'))).toBeNull();
  await page.evaluate(() => window.postextApp!.client.flush());
  await page.reload();
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
  await expect.poll(() => page.evaluate(async () => (await window.postextApp!.client.listResources()).resources.map((r) => r.record.id))).toContain(`${before.id}-renamed`);
});

test('unsaved edits the book refuses at the next visit are said in a notice, and none of them is applied', async ({ page }) => {
  await openApp(page);
  await page.evaluate(async () => {
    const book = await window.postextApp!.client.getBook();
    const unsaved = structuredClone(book);
    unsaved.revision = book.revision + 2;
    unsaved.chapters[0]!.text += '\n\nA line that must not come back alone.\n';
    // A design the worker refuses (a length as a word): the whole transaction is refused.
    unsaved.config = { ...unsaved.config, bodyText: { fontSize: 'huge' } };
    localStorage.setItem('postext-sandbox-unsaved', JSON.stringify(unsaved));
  });
  await page.reload();
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
  await expect(page.getByTestId('notice')).toContainText('could not be restored');
  await expect(page.getByTestId('notice')).toContainText('bodyText.fontSize');
  expect(await chapterText(page)).not.toContain('A line that must not come back alone.');
});
