import { expect, test, type Page } from '@playwright/test';

/**
 * Designed headings (configuration.md §8.2 `advancedDesign`, engine page/heading-design.ts) through
 * the real worker and canvas: a chapter heading's design set in the book's config is in the worker's
 * display list of the chapter's opening page (its box, and the title placeholder in the design's
 * type beside it) and is painted by the viewer on that page.
 */
test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
test.setTimeout(150_000);

const RED = '#cc0000';
const pt = (value: number) => ({ value, unit: 'pt' });
const DESIGN = {
  enabled: true,
  slot: {
    elements: [
      // A 40 pt red square at the band's top-left, the title in 20 pt to its right.
      { kind: 'box', id: 'mark', style: { backgroundColor: RED }, placement: { anchor: { to: 'container', edge: 'top-left' }, size: { width: pt(40), height: pt(40) } } },
      { kind: 'text', id: 'title', content: '{titleText}', fontSize: pt(20), align: 'left', placement: { anchor: { to: 'container', edge: 'top-left' }, offset: { x: pt(50) }, size: { width: 'fill' } } },
    ],
  },
};

async function openApp(page: Page): Promise<void> {
  await page.goto('/#preset=postext-guide&lang=en&chapter=1&page=i');
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1', { timeout: 45_000 });
  await expect(page.locator('.page-canvas[data-painted]').first()).toBeVisible();
}

/** Red pixels on page `index`'s canvas (0 while it is not painted or not on screen). */
function redPixels(page: Page, index: number): Promise<number> {
  return page.evaluate((index) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`.page-slot[data-index="${index}"] .page-canvas`);
    if (!canvas || canvas.width === 0) return 0;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! > 170 && data[i + 1]! < 60 && data[i + 2]! < 60 && data[i + 3]! > 200) count++;
    return count;
  }, index);
}

test('a chapter heading design is laid out by the worker and painted by the viewer', async ({ page }) => {
  await openApp(page);
  const revision = await page.evaluate(async (design) => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const result = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'config.set', path: 'headings.levels[level=1].advancedDesign', value: design }] });
    if (!result.ok) throw new Error(result.error);
    await client.awaitConvergence(result.revision);
    return result.revision;
  }, DESIGN);
  await expect(page.getByTestId('status')).toHaveAttribute('data-revision', String(revision));

  // The worker: the first page carrying the design's box, with the heading's title set in 20 pt beside it.
  const found = await page.evaluate(async (red) => {
    const client = window.postextApp!.client;
    const { pages } = await client.getPages();
    for (const summary of pages) {
      const list = await client.getDisplayList(summary.index);
      const box = list?.items.find((i) => i.op === 3 && 'fill' in i && i.fill === red) as { x: number; y: number; w: number; h: number } | undefined;
      if (!list || !box) continue;
      const titles = list.items.filter((i) => i.op === 1 && 'line' in i && i.line?.role === 'heading' && i.size === 20) as { xs: number[]; y: number; text: string }[];
      return { index: summary.index, label: summary.label, box, titles: titles.map((t) => ({ x: t.xs[0]!, y: t.y, text: t.text })) };
    }
    return null;
  }, RED);
  expect(found).not.toBeNull();
  expect(found!.box.w).toBeCloseTo(40, 3);
  expect(found!.box.h).toBeCloseTo(40, 3);
  expect(found!.titles.length).toBeGreaterThan(0);
  // The title starts 50 pt right of the band's edge, where the box starts: clear of the 40 pt box.
  expect(found!.titles[0]!.x - found!.box.x).toBeCloseTo(50, 0);
  expect(found!.titles[0]!.text.trim().length).toBeGreaterThan(0);

  // The viewer: go to that page; its canvas shows the red square.
  const field = page.getByTestId('page-field');
  await field.fill(found!.label);
  await field.press('Enter');
  await expect.poll(() => redPixels(page, found!.index), { timeout: 30_000 }).toBeGreaterThan(200);

  // Turning the design off takes the square away again (the same page, repainted).
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const result = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'config.set', path: 'headings.levels[level=1].advancedDesign.enabled', value: false }] });
    if (!result.ok) throw new Error(result.error);
    await client.awaitConvergence(result.revision);
  });
  await expect.poll(() => redPixels(page, found!.index), { timeout: 30_000 }).toBe(0);
});
