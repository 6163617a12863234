import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

async function waitForPages(page: Page): Promise<void> {
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1');
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.locator('.page-canvas[data-painted]').first()).toBeVisible();
}

/** Page canvases painted with what they were last asked to show. */
const settledCanvases = (page: Page) =>
  page.evaluate(() => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('.page-canvas')];
    return { total: canvases.length, settled: canvases.filter((c) => c.dataset['painted'] && c.dataset['painted'] === c.dataset['pending']).length };
  });

test('a change that repaints every page on screen paints one page per frame', async ({ page }) => {
  await page.goto('/');
  await waitForPages(page);
  // Zoomed out with spreads on: many pages on screen, all repainted by a change of the body size.
  for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.getByRole('button', { name: 'Double-page spread' }).click();
  await expect.poll(async () => (await settledCanvases(page)).settled, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  await expect.poll(async () => {
    const c = await settledCanvases(page);
    return c.settled === c.total;
  }).toBe(true);

  // Frame starts: a callback registered before any paint's, every frame (rAF callbacks run in
  // the order they were asked for, and both ask again from inside their frame).
  const changedAt = await page.evaluate(async () => {
    const w = window as unknown as { frameStarts: number[] };
    w.frameStarts = [];
    const tick = () => {
      w.frameStarts.push(performance.now());
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const at = performance.now();
    const result = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'config.set', path: 'bodyText.fontSize', value: { value: 10.5, unit: 'pt' } }] });
    await client.awaitConvergence(result.revision);
    return at;
  });
  await expect.poll(async () => {
    const c = await settledCanvases(page);
    return c.total > 0 && c.settled === c.total;
  }, { timeout: 30_000 }).toBe(true);

  const { paints, canvases } = await page.evaluate((changedAt) => {
    const starts = (window as unknown as { frameStarts: number[] }).frameStarts;
    const paints = performance
      .getEntriesByName('postext:page-paint')
      .filter((e) => e.startTime >= changedAt)
      .map((e) => {
        // The frame a paint ran in: the last frame start before it.
        let frame = -1;
        for (let i = 0; i < starts.length; i++) if (starts[i]! <= e.startTime) frame = i;
        return { page: ((e as PerformanceMeasure).detail as { page: number }).page, frame };
      });
    return { paints, canvases: document.querySelectorAll('.page-canvas').length };
  }, changedAt);

  // Every canvas on screen was painted again, each in a frame of its own.
  expect(canvases).toBeGreaterThanOrEqual(5);
  expect(paints.length).toBeGreaterThanOrEqual(canvases);
  expect(paints.every((p) => p.frame >= 0)).toBe(true);
  const frames = paints.map((p) => p.frame);
  expect(new Set(frames).size).toBe(frames.length);
});
