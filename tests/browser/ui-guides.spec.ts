import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
// Each test reloads or relays out the book several times; a loaded machine needs the room.
test.setTimeout(150_000);

async function openApp(page: Page): Promise<void> {
  await page.goto('/#preset=postext-guide&lang=en&chapter=1&page=i'); // the first chapter is numbered i, ii
  // A cold start on a loaded machine may take a while; the tests are about what follows.
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1', { timeout: 45_000 });
  await expect(page.locator('.page-canvas[data-painted]').first()).toBeVisible();
}

/** Applies config changes and waits until the pages show them. */
async function setConfig(page: Page, changes: Record<string, unknown>): Promise<void> {
  await page.evaluate(async (changes) => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const result = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: Object.entries(changes).map(([path, value]) => ({ type: 'config.set' as const, path, value })) });
    if (!result.ok) throw new Error(result.error);
    await client.awaitConvergence(result.revision);
  }, changes);
  const revision = await page.evaluate(async () => (await window.postextApp!.client.getBook()).revision);
  await expect(page.getByTestId('status')).toHaveAttribute('data-revision', String(revision));
}

/** Counts overlay pixels of one page by colour family, and where the first of each sits on a row. */
function overlayPixels(page: Page, index: number, row?: number) {
  return page.evaluate(({ index, row }) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`.page-slot[data-index="${index}"] .overlay-canvas`);
    // Virtualised: a page far from the view has no canvas (the caller polls).
    if (!canvas) return { counts: {} as Record<string, number>, firstOnRow: {} as Record<string, number>, bleed: 0, grow: { left: 0, width: 0 }, slotWidth: 0, missing: true };
    // An overlay with nothing to show has no bitmap (page-painter.ts): no pixels.
    const data = canvas.width > 0 && canvas.height > 0 ? canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data : new Uint8ClampedArray(0);
    const kind = (i: number): string | null => {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (a < 40) return null;
      // Order matters: magenta and violet before blue (all three are blue-heavy).
      if (g > r + 40 && g > b + 10) return 'green';
      if (r > 150 && b > 150 && g < 140) return 'magenta';
      if (r > g + 40 && b > g + 40) return 'violet';
      if (b > r + 60 && b > g + 30) return 'blue';
      if (r > g + 80 && r > b + 80) return 'red';
      return 'other';
    };
    const counts: Record<string, number> = {};
    for (let i = 0; i < data.length; i += 4) {
      const k = kind(i);
      if (k) counts[k] = (counts[k] ?? 0) + 1;
    }
    const firstOnRow: Record<string, number> = {};
    if (row !== undefined) {
      const y = Math.round(row * canvas.height);
      for (let x = 0; x < canvas.width; x++) {
        const k = kind((y * canvas.width + x) * 4);
        if (k && firstOnRow[k] === undefined) firstOnRow[k] = x;
      }
    }
    const slot = canvas.parentElement!.getBoundingClientRect();
    const box = canvas.getBoundingClientRect();
    return { counts, firstOnRow, bleed: Number(canvas.dataset['bleed'] ?? 0), grow: { left: slot.left - box.left, width: box.width - slot.width }, slotWidth: slot.width, missing: false };
  }, { index, row });
}

test('the worker answers each page’s own geometry: mirrored margins swap on even pages, bleed and safe zone from the config', async ({ page }) => {
  await openApp(page);
  await setConfig(page, { 'page.margins.left': '4cm', 'page.margins.right': '1cm', 'page.margins.mirror': true, 'page.cutLines.bleed': '5mm', 'print.preflight.safeZone': '8mm', 'layout.layoutType': 'single' });
  const [first, second, beyond] = await page.evaluate(async () => {
    const client = window.postextApp!.client;
    return [await client.getPageGeometry(0), await client.getPageGeometry(1), await client.getPageGeometry(100000)];
  });
  const cm = 72 / 2.54;
  expect(first!.margins.left).toBeCloseTo(4 * cm, 1);
  expect(first!.margins.right).toBeCloseTo(1 * cm, 1);
  // Page 2 is a verso: the inner (spine) margin is on its right.
  expect(second!.margins.left).toBeCloseTo(1 * cm, 1);
  expect(second!.margins.right).toBeCloseTo(4 * cm, 1);
  expect(first!.bleed).toBeCloseTo(5 * cm / 10, 1);
  expect(first!.safeZone).toBeCloseTo(8 * cm / 10, 1);
  expect(first!.columns).toBe(1);
  expect(beyond).toBeNull();
});

test('an overlay with nothing to show holds no bitmap; a guide gives it one, and turned off it has none again', async ({ page }) => {
  await openApp(page);
  const overlaySize = () =>
    page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('.page-slot[data-index="0"] .overlay-canvas');
      return canvas && canvas.dataset['painted'] ? canvas.width * canvas.height : -1;
    });
  // Painted (its token set) with no guide, no preview and no selection: 0 device pixels.
  await expect.poll(overlaySize).toBe(0);
  await page.getByRole('button', { name: 'Margins and columns' }).click();
  await expect.poll(async () => (await overlayPixels(page, 0, 0.5)).counts['violet'] ?? 0).toBeGreaterThan(100);
  expect(await overlaySize()).toBeGreaterThan(100_000);
  await page.getByRole('button', { name: 'Margins and columns' }).click();
  await expect.poll(overlaySize).toBe(0);
});

test('margin guides sit on the page’s own margins, page by page', async ({ page }) => {
  await openApp(page);
  await setConfig(page, { 'page.margins.left': '4cm', 'page.margins.right': '1cm', 'page.margins.mirror': true });
  await page.getByRole('button', { name: 'Margins and columns' }).click();
  const geometry = await page.evaluate(() => window.postextApp!.client.getPageGeometry(0));
  await expect.poll(async () => (await overlayPixels(page, 0, 0.5)).counts['violet'] ?? 0).toBeGreaterThan(100);
  const recto = await overlayPixels(page, 0, 0.5);
  const pxPerPt = recto.slotWidth / geometry!.width;
  expect(Math.abs(recto.firstOnRow['violet']! - geometry!.margins.left * pxPerPt)).toBeLessThan(3);
  // The verso's text area starts at its (swapped) left margin, 1 cm.
  await page.locator('.page-slot[data-index="1"]').scrollIntoViewIfNeeded();
  let verso = await overlayPixels(page, 1, 0.5);
  await expect.poll(async () => {
    verso = await overlayPixels(page, 1, 0.5);
    return verso.counts['violet'] ?? 0;
  }).toBeGreaterThan(100);
  const versoGeometry = await page.evaluate(() => window.postextApp!.client.getPageGeometry(1));
  expect(Math.abs(verso.firstOnRow['violet']! - versoGeometry!.margins.left * pxPerPt)).toBeLessThan(3);
  expect(verso.firstOnRow['violet']!).toBeLessThan(recto.firstOnRow['violet']! - 50);
});

test('print preview draws trim (blue), bleed (magenta, outside the page) and safe zone (green); off removes them; remembered', async ({ page }) => {
  await openApp(page);
  await setConfig(page, { 'page.cutLines.bleed': '6mm' });
  const before = await overlayPixels(page, 0);
  expect(before.bleed).toBe(0);
  expect(before.counts['green'] ?? 0).toBe(0);
  await page.getByRole('button', { name: /Print preview/ }).click();
  await expect(page.getByRole('button', { name: /Print preview/ })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await overlayPixels(page, 0)).bleed).toBeGreaterThan(0);
  const on = await overlayPixels(page, 0);
  const bleedPt = (6 * 72) / 25.4;
  expect(on.bleed).toBeCloseTo(bleedPt, 1);
  // The overlay reaches beyond the page by the bleed on each side.
  const pxPerPt = on.slotWidth / (await page.evaluate(() => window.postextApp!.client.getPageGeometry(0)))!.width;
  expect(on.grow.left).toBeCloseTo(bleedPt * pxPerPt, 0);
  expect(on.grow.width).toBeCloseTo(2 * bleedPt * pxPerPt, 0);
  expect(on.counts['blue'] ?? 0).toBeGreaterThan(200);
  expect(on.counts['magenta'] ?? 0).toBeGreaterThan(200);
  expect(on.counts['green'] ?? 0).toBeGreaterThan(100);

  await page.waitForTimeout(300);
  await page.reload();
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1');
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.getByRole('button', { name: /Print preview/ })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await overlayPixels(page, 0)).counts['green'] ?? 0).toBeGreaterThan(100);

  await page.getByRole('button', { name: /Print preview/ }).click();
  await expect.poll(async () => (await overlayPixels(page, 0)).bleed).toBe(0);
  expect((await overlayPixels(page, 0)).counts['green'] ?? 0).toBe(0);
});

test('the loose-lines guide marks body lines whose spaces reach the threshold', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Loose lines' }).click();
  // Threshold 1 × the normal space: every stretched body line is loose.
  await setConfig(page, { 'debug.looseLineHighlight.threshold': 1 });
  await expect.poll(async () => (await overlayPixels(page, 0)).counts['red'] ?? 0).toBeGreaterThan(500);
  // A threshold no line reaches: nothing is marked.
  await setConfig(page, { 'debug.looseLineHighlight.threshold': 50 });
  await expect.poll(async () => (await overlayPixels(page, 0)).counts['red'] ?? 0).toBe(0);
  // The book itself can ask for the highlight (debug.looseLineHighlight.enabled) with the guide off.
  await setConfig(page, { 'debug.looseLineHighlight.threshold': 1, 'debug.looseLineHighlight.enabled': true });
  await page.getByRole('button', { name: 'Loose lines' }).click();
  await expect(page.getByRole('button', { name: 'Loose lines' })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await overlayPixels(page, 0)).counts['red'] ?? 0).toBeGreaterThan(500);
});

test('the Canvas toolbar hides when idle, comes back on pointer movement or focus, and stays when pinned', async ({ page }) => {
  await openApp(page);
  const toolbar = page.getByTestId('canvas-toolbar');
  await expect(toolbar).toHaveAttribute('data-hidden', 'true', { timeout: 8000 });
  // The fade takes a moment after data-hidden flips: wait for it to end.
  await expect.poll(() => toolbar.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
  const viewer = (await page.getByTestId('viewer').boundingBox())!;
  await page.mouse.move(viewer.x + viewer.width / 2, viewer.y + viewer.height / 2);
  await page.mouse.move(viewer.x + viewer.width / 2 + 20, viewer.y + viewer.height / 2 + 20);
  await expect(toolbar).toHaveAttribute('data-hidden', 'false');
  await expect(toolbar).toHaveAttribute('data-hidden', 'true', { timeout: 8000 });
  // Keyboard: focusing a control shows the toolbar and keeps it while focused.
  await page.getByRole('button', { name: 'Zoom in' }).focus();
  await expect(toolbar).toHaveAttribute('data-hidden', 'false');
  await page.waitForTimeout(3500);
  await expect(toolbar).toHaveAttribute('data-hidden', 'false');
  // Pinned: it stays after the idle time, and across a reload.
  await page.getByRole('button', { name: 'Keep the toolbar on screen' }).click();
  await page.getByTestId('viewer').focus();
  await page.waitForTimeout(3500);
  await expect(toolbar).toHaveAttribute('data-hidden', 'false');
  await page.waitForTimeout(300);
  await page.reload();
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1');
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Keep the toolbar on screen' })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(3500);
  await expect(page.getByTestId('canvas-toolbar')).toHaveAttribute('data-hidden', 'false');
});
