/**
 * An SVG drawing outside the vector subset (here a blur filter) in Chromium: the worker renders it
 * with resvg's wasm (served from the app's own assets) and lays it out as one Image item whose
 * PNG has the drawing's colours; its script never runs and its external references are never
 * requested.
 */
import { expect, test } from '@playwright/test';
import { call, ready } from '../support/tools';
import { hostileFilteredSvg } from '../support/hostile-svg';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

const FILTERED = hostileFilteredSvg({ onload: 'attacked', script: 'attacked' }, 'attacker.example');

test('a filtered SVG is rasterised in the worker and drawn as an image; nothing runs or is requested', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await ready(page);
  await page.evaluate(() => ((window as unknown as { attacked: boolean }).attacked = false));
  const saved = await call(page, 'sandbox_save_resource', { id: 'soft-plan', svg: { source: FILTERED }, caption: 'A soft plan' });
  expect(saved.ok, saved.error).toBe(true);
  const result = await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const chapter = book.chapters[0]!;
    const insert = '\n\n::resource{id="soft-plan"}\n';
    const applied = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'text', chapterId: chapter.id, from: chapter.text.length, to: chapter.text.length, insert }] });
    if (!applied.ok) throw new Error(applied.error);
    await client.awaitConvergence(applied.revision);
    const { pages } = await client.getPages();
    const items: Record<string, unknown>[] = [];
    for (const p of pages) for (const item of (await client.getDisplayList(p.index))?.items ?? []) if ((item as { resource?: string }).resource === 'soft-plan') items.push(item as unknown as Record<string, unknown>);
    const image = items.find((i) => i['op'] === 5);
    if (!image) return { ops: items.map((i) => i['op']), pixels: null };
    const served = await client.getImage(String(image['image']));
    const bitmap = await createImageBitmap(new Blob([served!.bytes as Uint8Array<ArrayBuffer>], { type: served!.mime }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const at = (fx: number, fy: number) => [...ctx.getImageData(Math.floor(fx * bitmap.width), Math.floor(fy * bitmap.height), 1, 1).data];
    return { ops: items.map((i) => i['op']), mime: served!.mime, width: bitmap.width, left: at(0.25, 0.5), right: at(0.75, 0.5), w: image['w'] };
  });
  expect(result.ops).toEqual([5]);
  expect(result).toMatchObject({ mime: 'image/png', width: 1250, left: [255, 0, 0, 255], right: [0, 255, 0, 255], w: 150 });
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { attacked: boolean }).attacked)).toBe(false);
  expect(requests.filter((url) => url.includes('attacker.example'))).toEqual([]);
});
