import { expect, test, type Page } from '@playwright/test';

/**
 * Changed pages are drawn by the paint worker (worker/paint/paint-worker.ts), not on the main
 * thread: without a GPU the thread that draws a canvas also rasterises it, and a page full of
 * glyph outlines held the main thread 100–270 ms a page in the bench's traces, while the book
 * worker's answers waited. The main thread only copies the finished picture. A canvas with no
 * picture yet is drawn on the main thread at once (the first page of a book sooner); where the
 * paint worker cannot run, every page is drawn there as before.
 */
test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

/** Counts the main thread's 2D drawing calls on page canvases (glyph fills, picture copies). */
async function countMainThreadDrawing(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counts = { fill: 0, drawImage: 0 };
    (window as unknown as { drawingCalls: typeof counts }).drawingCalls = counts;
    const proto = CanvasRenderingContext2D.prototype;
    const fill = proto.fill;
    const drawImage = proto.drawImage;
    proto.fill = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      if (this.canvas.classList.contains('page-canvas')) counts.fill++;
      return (fill as (...a: unknown[]) => void).apply(this, args);
    } as typeof proto.fill;
    proto.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      if (this.canvas.classList.contains('page-canvas')) counts.drawImage++;
      return (drawImage as (...a: unknown[]) => void).apply(this, args);
    } as typeof proto.drawImage;
    // Who drew each canvas's first picture (a page the open's later passes changed is painted
    // again, by the paint worker, before the test looks).
    const firstPainters: string[] = [];
    (window as unknown as { firstPainters: string[] }).firstPainters = firstPainters;
    new MutationObserver((records) => {
      for (const record of records) if (record.oldValue === null) firstPainters.push((record.target as HTMLElement).dataset['paintedBy'] ?? '');
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-painted-by'], attributeOldValue: true });
  });
}

async function openGuide(page: Page): Promise<void> {
  await page.goto('/#preset=postext-guide&lang=en');
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1', { timeout: 45_000 });
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.locator('.page-canvas[data-painted]').first()).toBeVisible();
}

/** Painted page canvases: who drew them, and how many of their pixels are ink (not white). */
function paintedPages(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLCanvasElement>('.page-canvas[data-painted]')].map((canvas) => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 200) ink++;
      return { by: canvas.dataset['paintedBy'], ink };
    }),
  );
}

/** Sets the body size and waits until every page canvas shows the new pages (painted again, nothing pending). */
async function changeBodySize(page: Page): Promise<void> {
  const tokens = await page.evaluate(() => [...document.querySelectorAll<HTMLCanvasElement>('.page-canvas')].map((c) => c.dataset['painted']));
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const result = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'config.set', path: 'bodyText.fontSize', value: { value: 10.5, unit: 'pt' } }] });
    await client.awaitConvergence(result.revision);
  });
  await expect.poll(() => page.evaluate((tokens) => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('.page-canvas')];
    return canvases.length > 0 && canvases.every((c, i) => c.dataset['painted'] && c.dataset['painted'] === c.dataset['pending'] && c.dataset['painted'] !== tokens[i]);
  }, tokens), { timeout: 30_000 }).toBe(true);
}

const drawingCalls = (page: Page) => page.evaluate(() => ({ ...(window as unknown as { drawingCalls: { fill: number; drawImage: number } }).drawingCalls }));
const resetDrawingCalls = (page: Page) => page.evaluate(() => Object.assign((window as unknown as { drawingCalls: { fill: number; drawImage: number } }).drawingCalls, { fill: 0, drawImage: 0 }));

test('a changed page is drawn by the paint worker; the main thread only copies its picture (a blank canvas is drawn at once on the main thread)', async ({ page }) => {
  await countMainThreadDrawing(page);
  await openGuide(page);
  // First pictures: drawn here, at once.
  const first = await page.evaluate(() => [...(window as unknown as { firstPainters: string[] }).firstPainters]);
  expect(first.length).toBeGreaterThan(0);
  expect(first.every((by) => by === 'main')).toBe(true);
  expect((await drawingCalls(page)).fill).toBeGreaterThan(1000);

  // A global change repaints every page on screen: off the main thread.
  await resetDrawingCalls(page);
  await page.evaluate(() => performance.clearMeasures('postext:page-paint'));
  await changeBodySize(page);
  const after = await paintedPages(page);
  expect(after.every((p) => p.by === 'paint-worker')).toBe(true);
  expect(after.some((p) => p.ink > 2000)).toBe(true);
  const calls = await drawingCalls(page);
  // No glyph was filled on the main thread; each page paint was one copy.
  expect(calls.fill).toBe(0);
  expect(calls.drawImage).toBeGreaterThanOrEqual(after.length);
  const measures = await page.evaluate(() => performance.getEntriesByName('postext:page-paint').map((e) => ((e as PerformanceMeasure).detail as { offThread: boolean }).offThread));
  expect(measures.length).toBe(calls.drawImage);
  expect(measures.every(Boolean)).toBe(true);
});

test('where the paint worker cannot start, changed pages are drawn on the main thread', async ({ page }) => {
  await page.route(/paint-worker-[^/]*\.js$/, (route) => route.abort());
  await countMainThreadDrawing(page);
  await openGuide(page);
  await resetDrawingCalls(page);
  await changeBodySize(page);
  const after = await paintedPages(page);
  expect(after.every((p) => p.by === 'main')).toBe(true);
  expect(after.some((p) => p.ink > 2000)).toBe(true);
  expect((await drawingCalls(page)).fill).toBeGreaterThan(1000);
});
