import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

async function waitForPages(page: Page): Promise<void> {
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1');
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.locator('canvas[data-page-index="0"][data-painted]').or(page.locator('.page-canvas[data-painted]')).first()).toBeVisible();
}

const view = (page: Page) => page.evaluate(() => window.postextApp!.ui!.view());
const slotBox = async (page: Page, index: number) => (await page.locator(`.page-slot[data-index="${index}"]`).boundingBox())!;
const labelsOf = (page: Page) => page.evaluate(async () => (await window.postextApp!.client.getPages()).pages.map((p) => p.label));
const hashParams = (page: Page) => page.evaluate(() => Object.fromEntries(new URLSearchParams(location.hash.slice(1))));

test('zoom steps ×1.25 between 25 % and 400 %, and fit width / height size the page to the viewer', async ({ page }) => {
  await page.goto('/');
  await waitForPages(page);
  const zoomValue = page.getByTestId('zoom-value');
  await expect(zoomValue).toHaveText('100%');
  const width100 = (await slotBox(page, 0)).width;
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoomValue).toHaveText('125%');
  expect((await slotBox(page, 0)).width).toBeCloseTo(width100 * 1.25, 0);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(zoomValue).toHaveText('80%');
  for (let i = 0; i < 12; i++) await page.getByRole('button', { name: 'Zoom out' }).click({ force: true });
  await expect(zoomValue).toHaveText('25%');
  await expect(page.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  for (let i = 0; i < 14; i++) await page.getByRole('button', { name: 'Zoom in' }).click({ force: true });
  await expect(zoomValue).toHaveText('400%');
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeDisabled();

  // Fit width: the page fills the viewer's width less its margins.
  await page.getByRole('button', { name: 'Fit width' }).click();
  await expect(page.getByRole('button', { name: 'Fit width' })).toHaveAttribute('aria-pressed', 'true');
  const viewer = (await page.getByTestId('viewer').boundingBox())!;
  const clientWidth = await page.getByTestId('viewer').evaluate((el) => el.clientWidth);
  await expect.poll(async () => Math.round((await slotBox(page, 0)).width)).toBe(Math.round(clientWidth - 48));
  // Fit height: the whole page is visible at once.
  await page.getByRole('button', { name: 'Fit height' }).click();
  const clientHeight = await page.getByTestId('viewer').evaluate((el) => el.clientHeight);
  await expect.poll(async () => Math.round((await slotBox(page, 0)).height)).toBe(Math.round(clientHeight - 48));
  expect(viewer.height).toBeGreaterThan(0);
  // Manual zoom cancels fit.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByRole('button', { name: 'Fit height' })).toHaveAttribute('aria-pressed', 'false');
  expect((await view(page)).fit).toBe('none');
});

test('spreads: the first page stands alone as a recto, then verso|recto pairs', async ({ page }) => {
  await page.goto('/');
  await waitForPages(page);
  await page.getByRole('button', { name: 'Double-page spread' }).click();
  await expect(page.getByRole('button', { name: 'Double-page spread' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.page-slot[data-index="1"]')).toBeVisible();
  const [p0, p1] = [await slotBox(page, 0), await slotBox(page, 1)];
  // Page 1 sits on the right half of its row; page 2 (index 1) starts the next row on the left.
  expect(p1.y).toBeGreaterThan(p0.y + p0.height);
  expect(p0.x).toBeGreaterThanOrEqual(p1.x + p1.width - 1);
  await page.getByTestId('viewer').evaluate((el) => (el.scrollTop = 0));
  // The third page by its printed label (the guide's opening pages are numbered in roman).
  await page.getByTestId('page-field').fill((await labelsOf(page))[2]!);
  await page.getByTestId('page-field').press('Enter');
  await expect(page.locator('.page-slot[data-index="2"]')).toBeVisible();
  const [q1, q2] = [await slotBox(page, 1), await slotBox(page, 2)];
  expect(Math.abs(q1.y - q2.y)).toBeLessThan(1); // one row
  expect(q2.x).toBeCloseTo(q1.x + q1.width, 0); // verso | recto, touching at the spine
});

test('the page field takes a printed page label, clamps, and the permalink follows', async ({ page }) => {
  await page.goto('/');
  await waitForPages(page);
  const field = page.getByTestId('page-field');
  // Printed labels, not indices: the guide opens in roman and restarts at 1 with its second chapter.
  const labels = await labelsOf(page);
  await field.fill(labels[6]!);
  await field.press('Enter');
  await expect(field).toHaveValue(labels[6]!);
  await expect.poll(async () => (await hashParams(page))['page']).toBe(labels[6]!);
  const viewerTop = (await page.getByTestId('viewer').boundingBox())!.y;
  const slot = await slotBox(page, 6);
  expect(Math.abs(slot.y - viewerTop)).toBeLessThan(40);
  // A number past the end clamps to the last page of the scope.
  const last = await page.evaluate(async () => (await window.postextApp!.client.getPages()).pages.at(-1)!.label);
  await field.fill('9999');
  await field.press('Enter');
  await expect(field).toHaveValue(last);
  // Next/previous page buttons step by one row.
  await field.fill(labels[3]!);
  await field.press('Enter');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(field).toHaveValue(labels[4]!);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(field).toHaveValue(labels[3]!);
});

test('chapter scope shows only the current chapter; the field clamps to its range', async ({ page }) => {
  await page.goto('/');
  await waitForPages(page);
  const chapters = await page.evaluate(async () => (await window.postextApp!.client.getPages()).chapters);
  await page.getByTestId('scope-select').selectOption('chapter');
  await page.getByRole('combobox', { name: 'Chapter', exact: true }).selectOption({ index: 2 });
  const third = chapters[2]!;
  await expect.poll(() => page.locator('.page-slot').evaluateAll((slots) => slots.map((s) => Number((s as HTMLElement).dataset['index'])))).toContain(third.firstPage);
  const indices = await page.locator('.page-slot').evaluateAll((slots) => slots.map((s) => Number((s as HTMLElement).dataset['index'])));
  for (const i of indices) expect(i >= third.firstPage && i < third.firstPage + third.pages).toBe(true);
  await page.getByTestId('page-field').fill('1');
  await page.getByTestId('page-field').press('Enter');
  const firstLabel = await page.evaluate(async (i) => (await window.postextApp!.client.getPages()).pages[i]!.label, third.firstPage);
  await expect(page.getByTestId('page-field')).toHaveValue(firstLabel);
});

test('permalinks open in place, and a reload restores zoom, spread and page', async ({ page }) => {
  await page.goto('/#preset=postext-guide&lang=en&view=canvas&chapter=3&page=7');
  await waitForPages(page);
  await expect(page.getByTestId('page-field')).toHaveValue('7');
  await expect(page.getByRole('combobox', { name: 'Chapter', exact: true })).toHaveValue((await page.evaluate(async () => (await window.postextApp!.client.getBook()).chapters[2]!.id)));
  // Pasting another link into the open Sandbox moves the view without a reload.
  const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  // (The guide's first chapter is numbered in lower-case roman: its second page is "ii".)
  await page.evaluate(() => (location.hash = '#preset=postext-guide&lang=en&view=canvas&chapter=1&page=ii'));
  await expect(page.getByTestId('page-field')).toHaveValue('ii');
  expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
  // The hash is rewritten with replaceState: no history entries pile up.
  const historyLength = await page.evaluate(() => history.length);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect.poll(async () => (await hashParams(page))['page']).toBe((await labelsOf(page))[2]!);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Double-page spread' }).click();
  await page.getByTestId('page-field').fill('9');
  await page.getByTestId('page-field').press('Enter');
  await expect.poll(async () => (await hashParams(page))['page']).toBe('9');
  await page.waitForTimeout(300); // the UI state is saved on a short debounce
  // Reload without the hash: the saved state brings everything back.
  await page.goto('/');
  await waitForPages(page);
  await expect(page.getByTestId('zoom-value')).toHaveText('125%');
  await expect(page.getByRole('button', { name: 'Double-page spread' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('page-field')).toHaveValue(/^(8|9)$/); // page 9 shares its spread with 8
  // And a plain reload keeps the permalink's place too.
  await page.reload();
  await waitForPages(page);
  await expect(page.getByTestId('page-field')).toHaveValue(/^(8|9)$/);
});

test('the app answers at /sandbox and /es/sandbox (Spanish UI)', async ({ page }) => {
  await page.goto('/sandbox');
  await waitForPages(page);
  await expect(page.locator('[data-panel="chapters"]')).toContainText('Chapters');
  await page.goto('/es/sandbox#preset=postext-guide&page=ii');
  await waitForPages(page);
  await expect(page.locator('[data-panel="chapters"]')).toContainText('Capítulos');
  await expect(page.getByTestId('page-field')).toHaveValue('ii');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
});
