import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { BookHost } from '../../src/worker/host/book-host';
import { serializeDisplayList } from '../../src/worker/protocol/displaylist';
import { nodeEnvironment } from '../support/node-host';

/** Opens a sample book in the app's worker and returns every page's display list, as JSON. */
async function browserLists(page: Page, presetId: string): Promise<string[]> {
  await page.goto('/');
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: 90_000 });
  return page.evaluate(async (id) => {
    const client = window.postextApp!.client;
    const book = await client.openPreset(id);
    await client.awaitConvergence(book.revision);
    const { pages } = await client.getPages();
    const lists: string[] = [];
    for (const p of pages) lists.push(JSON.stringify(await client.getDisplayList(p.index)));
    return lists;
  }, presetId);
}

async function nodeLists(presetId: string): Promise<string[]> {
  const host = new BookHost(nodeEnvironment('public/presets'));
  const book = await host.openPreset({ presetId });
  await host.awaitConvergence(book.revision);
  const { pages } = await host.getPages();
  const lists: string[] = [];
  for (const p of pages) lists.push(serializeDisplayList((await host.getDisplayList(p.index))!));
  return lists;
}

const digest = (lists: string[]) => createHash('sha256').update(lists.join('\n')).digest('hex');

// Both right-to-left and CJK samples: their on-demand faces are large (the CJK ones 10–15 MB),
// which once made the main thread stall long enough for the watchdog to blame the worker.
for (const [presetId, face] of [['arabic-book', 'amiri-400'], ['chinese-book', 'noto-serif-sc-400']] as const) {
  test(`${presetId}: its on-demand faces load in the worker, no glyph is missing, and the pages equal Node's byte for byte`, async ({ page }) => {
    test.setTimeout(180_000);
    const lists = await browserLists(page, presetId);
    expect(lists.length).toBeGreaterThanOrEqual(10);
    const all = lists.join('\n');
    expect(all).toContain(`"font":"${face}"`);
    // Glyph id 0 is .notdef: a character no face could draw.
    expect(all).not.toMatch(/"glyphs":\[(?:[^\]]*,)?0(?:,|\])/);
    expect(digest(lists)).toBe(digest(await nodeLists(presetId)));
  });
}
