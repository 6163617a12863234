import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1');
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
}

test('a pasted link to another book opens it in place (loading state, never the old pages) with a notice', async ({ page }) => {
  await openApp(page);
  const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
  await page.evaluate(() => (location.hash = '#preset=postext-guide&lang=es&chapter=2'));
  await expect.poll(() => page.evaluate(async () => (await window.postextApp!.client.getBook()).locale)).toBe('es');
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1');
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.getByTestId('notice')).toContainText('Opened');
  // The editor shows the Spanish edition's second chapter, in place (no reload).
  const spanish = await page.evaluate(async () => (await window.postextApp!.client.getBook()).chapters[1]!.text);
  await expect.poll(() => page.evaluate(() => window.postextApp!.ui!.editorText())).toBe(spanish);
  expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
  await page.evaluate(() => (location.hash = '#preset=magazine-piece'));
  await expect.poll(() => page.evaluate(async () => (await window.postextApp!.client.getBook()).id)).toBe('magazine-piece');
  await expect(page.locator('.page-canvas[data-painted]').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A Quiet Harbour');
});

// The Checks panel (groups, counts, badge, entries that open their source) is tested in checks.spec.ts.

test('Notices: shown, dismissable, and reported through the app handle', async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => (location.hash = '#preset=magazine-piece'));
  await expect(page.getByTestId('notice')).toBeVisible();
  const notice = await page.evaluate(() => window.postextApp!.ui!.notice());
  expect(notice).toMatchObject({ level: 'info', text: expect.stringContaining('A Quiet Harbour') });
  await page.evaluate(() => window.postextApp!.ui!.answer({ dismissNotice: true }));
  await expect(page.getByTestId('notice')).toHaveCount(0);
  expect(await page.evaluate(() => window.postextApp!.ui!.question())).toBeNull();
});

test('the Resources and Fonts panels open from the activity bar and keep their buttons', async ({ page }) => {
  await openApp(page);
  for (const [panel, text] of [['resources', /Upload pictures/], ['fonts', /Bundled families/]] as const) {
    await page.locator(`[data-panel="${panel}"]`).click();
    await expect(page.locator('#sidebar')).toContainText(text);
  }
  // Clicking the active panel collapses the sidebar; the viewport takes the room.
  const before = (await page.locator('.viewport').boundingBox())!.width;
  await page.locator('[data-panel="fonts"]').click();
  await expect(page.locator('#sidebar')).toBeHidden();
  expect((await page.locator('.viewport').boundingBox())!.width).toBeGreaterThan(before + 100);
});

test('the sidebar separator resizes with the mouse and the width is remembered', async ({ page }) => {
  await openApp(page);
  const separator = page.getByTestId('sidebar-resizer');
  const box = (await separator.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 300);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + 300, { steps: 5 });
  await page.mouse.up();
  const width = (await page.locator('#sidebar').boundingBox())!.width;
  const value = await separator.getAttribute('aria-valuenow');
  await page.waitForTimeout(300);
  await page.reload();
  await expect(page.getByTestId('sidebar-resizer')).toHaveAttribute('aria-valuenow', value!);
  expect(Math.abs((await page.locator('#sidebar').boundingBox())!.width - width)).toBeLessThan(2);
});
