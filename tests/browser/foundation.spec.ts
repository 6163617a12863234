import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { BookHost } from '../../src/worker/host/book-host';
import { serializeDisplayList } from '../../src/worker/protocol/displaylist';
import { nodeEnvironment } from '../support/node-host';
import { canvasAgainstRaster } from '../support/raster';
import type { DisplayItem } from '../../src/worker/protocol/displaylist';

/** Opens the app and waits until the default book has converged and page 1 is painted. */
async function openApp(page: Page, errors: string[] = []): Promise<void> {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByTestId('status')).toContainText('pages');
  // Pages show while a new book is still being laid out: wait for convergence too.
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.locator('canvas[data-page-index="0"][data-painted]')).toHaveCount(1);
}

test.use({ viewport: { width: 1400, height: 1000 }, deviceScaleFactor: 1 });

test('the app opens the guide with no console errors and paints its first page', async ({ page }) => {
  const errors: string[] = [];
  await openApp(page, errors);
  await expect(page.locator('.book-name')).toHaveText(/guide/i);
  const pageCount = await page.evaluate(async () => (await window.postextApp!.client.getPages()).pages.length);
  expect(pageCount).toBeGreaterThan(5);
  // Every page paint leaves a performance measure (issue 9's repaint budget is read from these).
  const paints = await page.evaluate(() => performance.getEntriesByName('postext:page-paint').map((e) => ({ duration: e.duration, detail: (e as PerformanceMeasure).detail as { page: number } })));
  expect(paints.length).toBeGreaterThan(0);
  expect(paints.some((p) => p.detail.page === 0)).toBe(true);
  for (const p of paints) expect(Number.isFinite(p.duration) && p.duration >= 0).toBe(true);
  expect(errors).toEqual([]);
});

test('page 1 on screen matches the worker raster of the same display list (< 0.5 % pixels differ)', async ({ page }) => {
  await openApp(page);
  const result = (await canvasAgainstRaster(page, 0))!;
  expect(result).not.toBeNull();
  expect(result.inked).toBeGreaterThan(2000); // the page really has text on it
  expect(result.differing / result.total).toBeLessThan(0.005);
});

test('display lists made in the browser worker are byte-identical to those made in Node', async ({ page }) => {
  await openApp(page);
  const browserDigest = await page.evaluate(async () => {
    const { pages } = await window.postextApp!.client.getPages();
    const lists: string[] = [];
    for (const p of pages) lists.push(JSON.stringify(await window.postextApp!.client.getDisplayList(p.index)));
    return lists;
  });
  const host = new BookHost(nodeEnvironment('public/presets'));
  await host.openPreset({ presetId: 'postext-guide' });
  await host.awaitConvergence(0);
  const nodeLists: string[] = [];
  const { pages } = await host.getPages();
  for (const p of pages) nodeLists.push(serializeDisplayList((await host.getDisplayList(p.index))!));
  expect(browserDigest.length).toBe(nodeLists.length);
  const digest = (lists: string[]) => createHash('sha256').update(lists.join('\n')).digest('hex');
  expect(digest(browserDigest)).toBe(digest(nodeLists));
});

test('a hung worker is noticed, restarted and the book comes back at the same revision within 5 s', async ({ page }) => {
  await openApp(page);
  // Type in the editor so the revision is not the initial one.
  const editor = page.getByRole('textbox', { name: /chapter source/i });
  await editor.click();
  await editor.press('Control+Home');
  await editor.pressSequentially('Hello ');
  // Wait until every keystroke has reached the worker.
  await expect.poll(() => page.evaluate(async () => (await window.postextApp!.client.getBook()).chapters[0]!.text.startsWith('Hello '))).toBe(true);
  const revision = await page.evaluate(async () => (await window.postextApp!.client.getBook()).revision);
  expect(revision).toBeGreaterThanOrEqual(1);
  const started = Date.now();
  await page.evaluate(() => window.postextApp!.client.debugHang());
  await expect(page.getByTestId('notice')).toContainText(/restarted/i, { timeout: 5000 });
  expect(Date.now() - started).toBeLessThan(5000);
  const book = await page.evaluate(() => window.postextApp!.client.getBook());
  expect(book.revision).toBe(revision);
  expect(book.chapters[0]!.text.startsWith('Hello ')).toBe(true);
  // And it typesets again.
  await expect(page.locator('canvas[data-page-index="0"][data-painted]')).toHaveCount(1);
});

test('a design change and a resource change made since the book opened come back after a restart', async ({ page }) => {
  await openApp(page);
  const before = await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const resource = book.resources[0];
    const ops: Parameters<typeof client.apply>[0]['ops'] = [{ type: 'config.set', path: 'bodyText.fontSize', value: { value: 9.75, unit: 'pt' } }];
    if (resource) {
      const { payloadBytes: _bytes, ...record } = resource;
      ops.push({ type: 'resource.put', resource: { ...record, caption: 'A caption set after opening' } });
    }
    const result = await client.apply({ origin: 'ui', baseRevision: book.revision, ops });
    if (!result.ok) throw new Error(result.error);
    await client.awaitConvergence(result.revision);
    return { revision: result.revision, resource: resource?.id ?? null };
  });
  await page.evaluate(() => window.postextApp!.client.debugHang());
  await expect(page.getByTestId('notice')).toContainText(/restarted/i, { timeout: 5000 });
  const after = await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    return { revision: book.revision, fontSize: book.config['bodyText'], captions: book.resources.map((r) => [r.id, r.caption ?? null]) };
  });
  expect(after.revision).toBe(before.revision);
  expect(after.fontSize).toMatchObject({ fontSize: { value: 9.75, unit: 'pt' } });
  if (before.resource) expect(after.captions).toContainEqual([before.resource, 'A caption set after opening']);
});

test('typing in the editor changes the typeset page', async ({ page }) => {
  await openApp(page);
  const before = await page.evaluate(async () => (await window.postextApp!.client.getDisplayList(0))!.items.map((i: DisplayItem) => ('text' in i ? i.text : '')).join(' '));
  expect(before).not.toContain('Zanzibar');
  const editor = page.getByRole('textbox', { name: /chapter source/i });
  await editor.click();
  await editor.press('Control+End');
  await editor.pressSequentially('\n\nZanzibar quince fjord.\n');
  await expect
    .poll(async () => page.evaluate(async () => {
      const client = window.postextApp!.client;
      const { pages } = await client.getPages();
      const texts = await Promise.all(pages.map(async (p: { index: number }) => (await client.getDisplayList(p.index))!.items.map((i: DisplayItem) => ('text' in i ? i.text : '')).join(' ')));
      return texts.join(' ');
    }))
    .toContain('Zanzibar quince fjord.');
});
