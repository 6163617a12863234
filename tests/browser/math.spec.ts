import { expect, test } from '@playwright/test';
import { BookHost } from '../../src/worker/host/book-host';
import { Op, serializeDisplayList, type PathItem } from '../../src/worker/protocol/displaylist';
import { nodeEnvironment } from '../support/node-host';

test.use({ viewport: { width: 1400, height: 1000 }, deviceScaleFactor: 1 });

test('the built app loads MathJax lazily in the worker and sets the guide\'s formulas as the same paths as Node', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByTestId('status')).toContainText('pages');
  // Pages show while a new book is still being laid out: wait for convergence too.
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  const browser = await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    await client.awaitConvergence(book.revision);
    const { pages } = await client.getPages();
    const lists: string[] = [];
    for (const p of pages) lists.push(JSON.stringify(await client.getDisplayList(p.index)));
    return lists;
  });
  // MathJax is its own chunk, fetched because the guide has formulas.
  expect(scripts.some((url) => /\/mathjax-[\w-]+\.js$/.test(url))).toBe(true);
  const formulas = browser.flatMap((l) => (JSON.parse(l) as { items: PathItem[] }).items.filter((i) => i.op === Op.Path && i.math !== undefined));
  const display = formulas.find((f) => f.math === 'display' && f.text === 'b = 100\\,|r|^3');
  expect(display, 'the display formula is drawn as a path').toBeDefined();
  expect(display!.d.length).toBeGreaterThan(200);
  expect(formulas.some((f) => f.fill === '#c8c8c8'), 'no grey placeholder once loaded').toBe(false);
  // Node lays out the same book: the pages holding formulas are byte-identical.
  const host = new BookHost(nodeEnvironment('public/presets'));
  await host.openPreset({ presetId: 'postext-guide' });
  const done = await host.awaitConvergence(0);
  expect(browser.length).toBe(done.pages);
  for (let i = 0; i < done.pages; i++) {
    if (!browser[i]!.includes('"math":')) continue;
    expect(browser[i], `page ${i + 1}`).toBe(serializeDisplayList((await host.getDisplayList(i))!));
  }
  expect(errors).toEqual([]);
});
