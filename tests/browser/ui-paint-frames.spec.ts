import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

async function waitForPages(page: Page): Promise<void> {
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1');
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.locator('.page-canvas[data-painted]').first()).toBeVisible();
}

/** Page canvases painted with what they were last asked to show, and of those, how many differ from `before` (tokens by page). */
const settledCanvases = (page: Page, before: Record<string, string> = {}) =>
  page.evaluate((before) => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('.page-canvas')];
    const settled = canvases.filter((c) => c.dataset['painted'] && c.dataset['painted'] === c.dataset['pending']);
    return { total: canvases.length, settled: settled.length, changed: settled.filter((c) => before[c.dataset['pageIndex']!] !== c.dataset['painted']).length };
  }, before);

test('a change that repaints every page on screen paints one page per frame, the pages in view first', async ({ page }) => {
  await page.goto('/');
  await waitForPages(page);
  // Zoomed out with spreads on: many pages on screen, all repainted by a change of the body size.
  for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.getByRole('button', { name: 'Double-page spread' }).click();
  // Two rows down: pages above the view and below it are kept painted beside the pages in view.
  await page.evaluate(() => {
    const viewer = document.querySelector<HTMLElement>('.viewer')!;
    const rows = [...document.querySelectorAll<HTMLElement>('.page-slot')].map((slot) => slot.offsetTop).filter((top, i, all) => all.indexOf(top) === i).sort((a, b) => a - b);
    viewer.scrollTop = rows[2]! - 8;
  });
  await expect.poll(async () => (await settledCanvases(page)).settled, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  await expect.poll(async () => {
    const c = await settledCanvases(page);
    return c.settled === c.total;
  }).toBe(true);

  const tokens = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll<HTMLCanvasElement>('.page-canvas')].map((c) => [c.dataset['pageIndex']!, c.dataset['painted']!])));

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
  // Every canvas painted again with the new pages.
  await expect.poll(async () => {
    const c = await settledCanvases(page, tokens);
    return c.total > 0 && c.changed === c.total;
  }, { timeout: 30_000 }).toBe(true);

  const { paints, canvases, inView } = await page.evaluate((changedAt) => {
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
    // Which painted canvases show in the viewer now (the view has not moved since the change).
    const viewer = document.querySelector('.viewer')!.getBoundingClientRect();
    const inView = [...document.querySelectorAll<HTMLCanvasElement>('.page-canvas')]
      .filter((c) => {
        const r = c.getBoundingClientRect();
        return r.bottom > viewer.top && r.top < viewer.bottom && r.right > viewer.left && r.left < viewer.right;
      })
      .map((c) => Number(c.dataset['pageIndex']));
    return { paints, canvases: document.querySelectorAll('.page-canvas').length, inView };
  }, changedAt);

  // Every canvas on screen was painted again, each in a frame of its own.
  expect(canvases).toBeGreaterThanOrEqual(5);
  expect(paints.length).toBeGreaterThanOrEqual(canvases);
  expect(paints.every((p) => p.frame >= 0)).toBe(true);
  const frames = paints.map((p) => p.frame);
  expect(new Set(frames).size).toBe(frames.length);
  // The pages in view were painted before the neighbours kept ready beside them.
  const order = [...paints].sort((a, b) => a.frame - b.frame).map((p) => inView.includes(p.page));
  expect(order.filter((v) => !v).length).toBeGreaterThan(0);
  expect(order.indexOf(false)).toBe(order.filter((v) => v).length);
});
