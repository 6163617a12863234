import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1, serviceWorkers: 'allow' });

test('after one visit the Sandbox starts and typesets with the network off', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1');
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  // The service worker has installed (precached everything) and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  expect(manifest.name).toBe('Postext Sandbox');

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1', { timeout: 30_000 });
    await expect(page.locator('canvas[data-page-index="0"][data-painted]')).toHaveCount(1);
    // The whole book laid out offline, not only page 1: the visible chapter is laid out and painted
    // first, so the page count is read once the layout has gone on past it (it once read 2 here).
    await expect.poll(() => page.evaluate(async () => (await window.postextApp!.client.getPages()).pages.length), { timeout: 30_000 }).toBeGreaterThan(5);
    // Editing still typesets: fonts, wasm and the worker all came from the cache.
    const editor = page.getByRole('textbox', { name: /chapter source/i });
    await editor.click();
    await editor.press('Control+Home');
    await editor.pressSequentially('Offline ');
    await expect.poll(() => page.evaluate(async () => (await window.postextApp!.client.getBook()).chapters[0]!.text.startsWith('Offline '))).toBe(true);
    // The /sandbox route works offline too (navigation fallback to the app shell).
    // (The view comes back at the page it showed, by its printed label; the typed text moved the
    // guide's roman numbering one page on, so that page need not be the first: any painted page will do.)
    await page.goto('/sandbox');
    await expect(page.locator('canvas[data-painted]').first()).toBeVisible({ timeout: 30_000 });
  } finally {
    await context.setOffline(false);
  }
});

test('the service worker is registered only once the first book is laid out, not while page 1 is being made', async ({ page }) => {
  // Before any script of the page: when register() is called, and when the status first says the
  // layout has converged (data-busy="false" with a revision).
  await page.addInitScript(() => {
    const w = window as unknown as { swRegisteredAt: number | null; firstConvergedAt: number | null };
    w.swRegisteredAt = null;
    w.firstConvergedAt = null;
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (...args: Parameters<ServiceWorkerContainer['register']>) => {
      w.swRegisteredAt ??= performance.now();
      return register(...args);
    };
    new MutationObserver(() => {
      const status = document.querySelector<HTMLElement>('[data-testid="status"]');
      if (w.firstConvergedAt === null && status?.dataset['busy'] === 'false' && status.dataset['revision'] !== '-1') w.firstConvergedAt = performance.now();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-busy', 'data-revision'] });
  });
  await page.goto('/');
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect.poll(() => page.evaluate(() => (window as unknown as { swRegisteredAt: number | null }).swRegisteredAt), { timeout: 20_000 }).not.toBeNull();
  const { swRegisteredAt, firstConvergedAt } = await page.evaluate(() => {
    const w = window as unknown as { swRegisteredAt: number; firstConvergedAt: number | null };
    return { swRegisteredAt: w.swRegisteredAt, firstConvergedAt: w.firstConvergedAt };
  });
  expect(firstConvergedAt).not.toBeNull();
  expect(swRegisteredAt).toBeGreaterThan(firstConvergedAt!);
  // And it still installs: the app goes offline-ready.
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
});
