import { expect, test, type Page } from '@playwright/test';
import { SCHEMA_VERSION } from '../../src/storage/schema';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
// Several cold starts and reloads per test on a loaded machine.
test.setTimeout(150_000);

/** A cold start (fonts, parser, first layout) on a loaded 2-core machine can pass 15 s. */
const COLD_START_MS = 45_000;

async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
}

async function openBooks(page: Page): Promise<void> {
  if ((await page.locator('[data-panel="books"]').getAttribute('aria-pressed')) !== 'true') await page.locator('[data-panel="books"]').click();
  await expect(page.locator('.books-panel')).toBeVisible();
}

const openBook = (page: Page) => page.evaluate(async () => {
  const book = await window.postextApp!.client.getBook();
  return { id: book.id, kind: book.kind, name: book.name, text: book.chapters.map((c) => c.text).join('\n') };
});

/** A project made through the client, with a marker in its first chapter; returns its id. */
async function makeProject(page: Page, name: string, marker: string): Promise<string> {
  return page.evaluate(async ({ name, marker }) => {
    const client = window.postextApp!.client;
    const project = await client.newBook({ name, open: true });
    const book = await client.getBook();
    const end = book.chapters[0]!.text.length;
    await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'text', chapterId: book.chapters[0]!.id, from: end, to: end, insert: `${marker}\n` }] });
    await client.flush();
    return project.id;
  }, { name, marker });
}

test('#project= permalinks: written for an open project, opened in place when pasted, restored on a plain visit', async ({ page }) => {
  await openApp(page);
  const id = await makeProject(page, 'Heron atlas', 'Heron marker sentence.');
  // The fragment names the project, not a sample.
  await expect.poll(() => page.evaluate(() => location.hash)).toContain(`project=${id}`);
  expect(await page.evaluate(() => location.hash)).not.toContain('preset=');

  // Another book by link, then the project's link pasted: it opens in place (no reload).
  await page.evaluate(() => { (window as unknown as { marker: number }).marker = 7; location.hash = '#preset=postext-guide&lang=en'; });
  await expect.poll(async () => (await openBook(page)).id).toBe('postext-guide');
  // While the other book opens, the loading state shows and never the previous book's pages.
  await page.evaluate(() => {
    const w = window as unknown as { staleFrames: number; sawLoading: boolean };
    w.staleFrames = 0;
    w.sawLoading = false;
    const watch = () => {
      if (document.querySelector('.book-name')?.textContent === 'Opening the book…') {
        w.sawLoading = true;
        if (document.querySelector('#viewer-canvas .page-slot')) w.staleFrames++;
      }
      requestAnimationFrame(watch);
    };
    watch();
  });
  await page.evaluate((projectId) => { location.hash = `#project=${projectId}&chapter=1`; }, id);
  await expect.poll(async () => (await openBook(page)).id).toBe(id);
  expect((await openBook(page)).text).toContain('Heron marker sentence.');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  expect(await page.evaluate(() => (window as unknown as { sawLoading: boolean }).sawLoading)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { staleFrames: number }).staleFrames)).toBe(0);

  // A fresh visit by link opens the project.
  await page.goto(`/sandbox#project=${id}`);
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
  await expect.poll(async () => (await openBook(page)).id).toBe(id);

  // A plain visit without a fragment brings back the project open last.
  await page.waitForTimeout(300);
  await page.goto('/sandbox');
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
  await expect.poll(async () => (await openBook(page)).id).toBe(id);
  await expect.poll(() => page.evaluate(() => location.hash)).toContain(`project=${id}`);
});

test('a link to a project that does not exist opens the built-in sample and says so', async ({ page }) => {
  await page.goto('/#project=p-no-such-book');
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
  await expect.poll(async () => (await openBook(page)).id).toBe('postext-guide');
  await expect(page.getByTestId('notice').filter({ hasText: 'not in My books' })).toBeVisible();
});

test('importing a file whose book is already in My books asks: Replace keeps one book, Keep both adds one', async ({ page }) => {
  await openApp(page);
  await makeProject(page, 'Osprey notes', 'First version of the osprey.');
  const file = await page.evaluate(async () => [...(await window.postextApp!.client.exportBook()).bytes]);
  const buffer = Buffer.from(file);
  const importFile = () => page.getByTestId('postext-input').setInputFiles({ name: 'osprey-notes.postext', mimeType: 'application/zip', buffer });
  const projects = () => page.evaluate(async () => (await window.postextApp!.client.listBooks()).projects.map((p) => ({ id: p.id, origin: p.origin })));

  // The first import has nothing to replace: a second project, from the file, no question.
  await openBooks(page);
  await importFile();
  await expect.poll(async () => (await projects()).length).toBe(2);
  await expect(page.getByTestId('question')).toHaveCount(0);
  const fromFile = (await projects()).find((p) => p.origin === 'postext:osprey-notes')!;
  expect(fromFile).toBeTruthy();
  // Change the imported copy, so a replacement is visible.
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'text', chapterId: book.chapters[0]!.id, from: 0, to: 0, insert: 'Edited copy. ' }] });
    await client.flush();
  });

  // Again: the question, readable by tools, with Keep both focused first.
  await openBooks(page);
  await importFile();
  const dialog = page.getByTestId('question');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Osprey notes');
  expect(await page.evaluate(() => window.postextApp!.ui!.question())).toMatchObject({ kind: 'replaceCopy', book: { id: fromFile.id }, options: ['keep', 'replace'] });
  await expect(dialog.getByRole('button', { name: 'Keep both' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Replace' }).click();
  // The panel moves to Chapters once the book opens; the outcome stays readable as a notice.
  await expect(page.getByTestId('notice').filter({ hasText: 'Replaced “Osprey notes” with the file.' })).toBeVisible();
  expect(await projects()).toHaveLength(2);
  expect((await openBook(page)).id).toBe(fromFile.id);
  expect((await openBook(page)).text).not.toContain('Edited copy.');

  // And once more, answered by an agent with keep: both are kept (a third project).
  await openBooks(page);
  await importFile();
  await expect(dialog).toBeVisible();
  await page.evaluate(() => window.postextApp!.ui!.answer({ replaceCopy: false }));
  await expect.poll(async () => (await projects()).length).toBe(3);
  await expect(page.getByTestId('notice').filter({ hasText: 'Kept your copy' })).toBeVisible();
});

test('the Books panel speaks Spanish and Arabic', async ({ page }) => {
  await openApp(page);
  await openBooks(page);
  await expect(page.getByRole('button', { name: 'New', exact: true })).toBeVisible();
  await expect(page.locator('.books-panel h3').first()).toHaveText('My books');

  await page.getByTestId('language-select').selectOption('es');
  await expect(page.locator('.books-panel h3').first()).toHaveText('Mis libros');
  await page.getByRole('button', { name: 'Nuevo', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Libro en blanco' })).toBeVisible();
  const guide = page.locator('[data-testid="sample-row"][data-book-id="postext-guide"]');
  await guide.locator('.books-more').click();
  await expect(guide.getByRole('menuitem', { name: 'Hacer mi propia copia' })).toBeVisible();

  await page.getByTestId('language-select').selectOption('ar');
  await expect(page.locator('.books-panel h3').first()).toHaveText('كتبي');
  await expect(guide.getByRole('menuitem', { name: 'إنشاء نسختي الخاصة' })).toBeVisible();
  await expect(guide.locator('.books-more')).toHaveAttribute('aria-label', 'إجراءات أخرى');
});

test('a database written by schema version 1 is migrated when the app opens it (real IndexedDB)', async ({ page }) => {
  // A same-origin document that does not start the app: the database is written before any worker opens it.
  await page.goto('/presets/index.json');
  await page.evaluate(async () => {
    await new Promise<void>((resolve, reject) => {
      const del = indexedDB.deleteDatabase('postext-sandbox');
      del.onsuccess = () => resolve();
      del.onerror = () => reject(del.error);
    });
    // Dexie's version 1 is IndexedDB version 10 (Dexie multiplies by ten); stores as STORES_V1 declares them.
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('postext-sandbox', 10);
      open.onupgradeneeded = () => {
        const d = open.result;
        d.createObjectStore('projects', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
        d.createObjectStore('presetDrafts', { keyPath: ['presetId', 'locale'] }).createIndex('presetId', 'presetId');
        d.createObjectStore('presetCovers', { keyPath: ['presetId', 'locale'] });
        d.createObjectStore('blobs', { keyPath: 'id' });
        d.createObjectStore('fonts', { keyPath: 'id' });
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
    const book = { locale: 'en', config: {}, configVersion: 11, resources: [], fontIds: [], view: null, start: null };
    const tx = db.transaction(['projects', 'presetDrafts', 'presetCovers'], 'readwrite');
    tx.objectStore('projects').put({
      ...book,
      id: 'p-legacy',
      name: 'Legacy almanac',
      description: 'Written by version 1',
      createdAt: 1_600_000_000_000,
      updatedAt: 1_600_000_000_000,
      cover: { bytes: png, mime: 'image/png' },
      chapters: [{ title: 'Old one', text: '# Old one\n\nQuokka lighthouse keeper.\n' }, { title: 'Old two', text: '# Old two\n\nSecond legacy chapter.\n' }],
    });
    tx.objectStore('presetDrafts').put({ ...book, presetId: 'postext-guide', locale: 'en', updatedAt: 1_600_000_000_000, chapters: [{ title: 'Draft', text: '# Draft\n\nNarwhal draft from version 1.\n' }] });
    tx.objectStore('presetCovers').put({ presetId: 'postext-guide', locale: 'en', bytes: png, mime: 'image/png' });
    // A draft of a sample this build does not serve (any more).
    tx.objectStore('presetDrafts').put({ ...book, presetId: 'retired-almanac', locale: 'es', updatedAt: 1_600_000_000_000, chapters: [{ title: 'Retirado', text: '# Almanaque retirado\n\nTexto conservado.\n' }] });
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });

  // The app opens the built-in sample: the version 1 draft of its English edition comes back, edited.
  await page.goto('/#preset=postext-guide&lang=en');
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
  expect((await openBook(page)).text).toContain('Narwhal draft from version 1.');
  const list = await page.evaluate(async () => {
    const books = await window.postextApp!.client.listBooks();
    const guide = books.samples.find((s) => s.id === 'postext-guide')!;
    return { projects: books.projects.map((p) => ({ id: p.id, name: p.name, chapters: p.chapterCount, cover: p.cover?.mime ?? null })), edited: guide.edited, guideCover: guide.covers['en']?.mime ?? null };
  });
  expect(list).toEqual({ projects: [{ id: 'p-legacy', name: 'Legacy almanac', chapters: 2, cover: 'image/png' }], edited: ['en'], guideCover: 'image/png' });
  // The sample this build does not serve is listed greyed, "Not available in this build", and still opens.
  await page.locator('[data-panel="books"]').click();
  const retired = page.locator('[data-testid="sample-row"][data-book-id="retired-almanac"]');
  await expect(retired.getByTestId('unavailable-tag')).toHaveText('Not available in this build');
  await expect(retired.locator('.book-row-name')).toHaveText('Almanaque retirado');
  await retired.locator('.book-open').click();
  await expect.poll(async () => (await openBook(page)).text).toContain('Texto conservado.');
  // The project opens with its chapters, and the database is at the current version.
  await page.evaluate(() => { location.hash = '#project=p-legacy'; });
  await expect.poll(async () => (await openBook(page)).text).toContain('Quokka lighthouse keeper.');
  expect((await openBook(page)).text).toContain('Second legacy chapter.');
  const stores = await page.evaluate(() => new Promise<{ version: number; stores: string[] }>((resolve) => {
    const open = indexedDB.open('postext-sandbox');
    open.onsuccess = () => {
      const result = { version: open.result.version, stores: [...open.result.objectStoreNames].sort() };
      open.result.close();
      resolve(result);
    };
  }));
  // Dexie version n is IndexedDB version 10·n: schema 3 (catalogueFonts) is the current one.
  expect(stores.version).toBe(SCHEMA_VERSION * 10);
  expect(stores.stores).toContain('chapters');
  expect(stores.stores).toContain('catalogueFonts');
  expect(stores.stores).not.toContain('presetCovers');
});
