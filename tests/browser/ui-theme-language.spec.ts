import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1, colorScheme: 'light' });

async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1');
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.locator('.page-canvas[data-painted]').first()).toBeVisible();
}

const cssVar = (page: Page, name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test('the theme toggle switches the CSS variables between light and dark, and is remembered', async ({ page }) => {
  await openApp(page);
  const lightBackground = await cssVar(page, '--background');
  const lightBrand = await cssVar(page, '--brand');
  expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
  await page.getByTestId('theme-toggle').click();
  expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');
  const darkBackground = await cssVar(page, '--background');
  expect(darkBackground).not.toBe(lightBackground);
  expect(await cssVar(page, '--brand')).not.toBe(lightBrand);
  // The panels really use the variables.
  const sidebarBg = await page.locator('.sidebar').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(sidebarBg).not.toBe('rgb(255, 255, 255)');
  await page.waitForTimeout(300);
  await page.reload();
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1');
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');
  expect(await cssVar(page, '--background')).toBe(darkBackground);
});

test('a host page can restyle the Sandbox through the variables', async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => document.documentElement.style.setProperty('--brand', 'rgb(1, 2, 3)'));
  const marker = await page.locator('.activity-button[aria-pressed="true"]').evaluate((el) => getComputedStyle(el).boxShadow);
  expect(marker).toContain('rgb(1, 2, 3)');
});

test('the language switcher changes the labels; Arabic flips the UI to right-to-left', async ({ page }) => {
  await openApp(page);
  await expect(page.locator('[data-panel="chapters"]')).toContainText('Chapters');
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();

  await page.getByTestId('language-select').selectOption('es');
  await expect(page.locator('[data-panel="chapters"]')).toContainText('Capítulos');
  await expect(page.getByRole('button', { name: 'Acercar' })).toBeVisible();
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['es', 'ltr']);

  const barBefore = (await page.locator('.activity-bar').boundingBox())!;
  expect(barBefore.x).toBeLessThan(10);
  await page.getByTestId('language-select').selectOption('ar');
  await expect(page.locator('[data-panel="chapters"]')).toContainText('الفصول');
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
  // The activity bar moves to the right edge; the sidebar follows it.
  const bar = (await page.locator('.activity-bar').boundingBox())!;
  expect(bar.x + bar.width).toBeGreaterThan(1400 - 10);
  const sidebar = (await page.locator('.sidebar').boundingBox())!;
  expect(sidebar.x).toBeLessThan(bar.x);
  // The editor's accessible name follows the language.
  await expect(page.getByRole('textbox', { name: /النص المصدر للفصل/ })).toBeVisible();

  // Remembered across a reload.
  await page.waitForTimeout(300);
  await page.reload();
  await expect(page.locator('[data-panel="chapters"]')).toContainText('الفصول');
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await page.getByTestId('language-select').selectOption('en');
  await expect(page.locator('[data-panel="chapters"]')).toContainText('Chapters');
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
});
