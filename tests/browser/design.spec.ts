import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1400, height: 1000 } });

async function bodySize(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const client = window.postextApp!.client;
    const list = await client.getDisplayList(1);
    const run = list!.items.find((i) => 'line' in i && (i as { line?: { role: string } }).line?.role === 'body') as { size: number };
    return run.size;
  });
}

async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    await client.awaitConvergence((await client.getBook()).revision);
  });
}

test('a change in the Design panel changes the pages; the field reset restores them', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('status')).toContainText(/\d/);
  await settled(page);
  expect(await bodySize(page)).toBe(8);
  const pagesBefore = await page.evaluate(async () => (await window.postextApp!.client.getPages()).pages.length);

  await page.getByRole('button', { name: /^design$/i }).first().click();
  const section = page.locator('details[data-section="bodyText"]');
  await section.locator('summary').click();
  const row = section.locator('[data-path="bodyText.fontSize"]');
  await expect(row).toBeVisible();
  const size = row.locator('input[type="number"]');
  await size.fill('11');
  await size.press('Enter');
  await expect.poll(async () => (await settled(page), bodySize(page))).toBe(11);
  const pagesAfter = await page.evaluate(async () => (await window.postextApp!.client.getPages()).pages.length);
  expect(pagesAfter).toBeGreaterThan(pagesBefore);
  await expect(row).toHaveClass(/design-row-changed/);

  await row.getByRole('button', { name: /reset/i }).click();
  await expect.poll(async () => (await settled(page), bodySize(page))).toBe(8);
  expect(await page.evaluate(async () => (await window.postextApp!.client.getPages()).pages.length)).toBe(pagesBefore);
});

test('the panel finds settings by words, and an invalid import is refused with its reason', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('status')).toContainText(/\d/);
  await settled(page);
  await page.getByRole('button', { name: /^design$/i }).first().click();
  await page.getByRole('searchbox', { name: /search settings/i }).fill('orphan');
  await expect(page.locator('[data-path="bodyText.avoidOrphans"]')).toBeVisible();
  const revision = await page.evaluate(() => window.postextApp!.client.revision);
  await page.locator('input[type="file"][aria-label="Import a configuration file"]').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"page": {"margins": {"top": "wide"}}}') });
  await expect(page.locator('.design-error')).toContainText('page.margins.top');
  expect(await page.evaluate(() => window.postextApp!.client.revision)).toBe(revision);
});

test('settings that cannot apply are hidden: the gutter shows only for multi-column layouts', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('status')).toContainText(/\d/);
  await settled(page);
  await page.getByRole('button', { name: /^design$/i }).first().click();
  const columns = page.locator('details[data-section="layout"]');
  await columns.locator('summary').click();
  await expect(columns.locator('[data-path="layout.gutterWidth"]')).toBeVisible();
  await columns.locator('[data-path="layout.layoutType"] select').selectOption('single');
  await expect(columns.locator('[data-path="layout.gutterWidth"]')).toHaveCount(0);
  await columns.locator('[data-path="layout.layoutType"] select').selectOption('double');
  await expect(columns.locator('[data-path="layout.gutterWidth"]')).toBeVisible();
});
