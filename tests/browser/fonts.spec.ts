/**
 * User fonts in Chromium (issue 10 "Fonts", issue 12 sandbox_save_font): a TTF uploaded in the
 * Fonts panel becomes the body font and the display lists name its face, also after a reload;
 * sandbox_save_font through window.postextWebMcp answers with the documented fields and its
 * refusals leave the revision alone; an unknown family, offline, falls back with one warning; a
 * family from the open font catalogue (Fontsource's CDN, played back by request interception) is
 * downloaded when named and comes from IndexedDB after a reload.
 * The font file is one bundled with the app (Source Code Pro, a family the sample does not set
 * its body in), uploaded under another family name.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { call, ready } from '../support/tools';

const require = createRequire(import.meta.url);
const CODE_REGULAR = readFileSync(require.resolve('@expo-google-fonts/source-code-pro/400Regular/SourceCodePro_400Regular.ttf'));
const CODE_BOLD = readFileSync(require.resolve('@expo-google-fonts/source-code-pro/700Bold/SourceCodePro_700Bold.ttf'));

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
test.setTimeout(180_000);

/** Font ids of the glyph runs on the first chapter's pages, once layout has caught up. */
async function firstChapterFonts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    await client.awaitConvergence(book.revision);
    const { pages } = await client.getPages();
    const fonts = new Set<string>();
    for (const p of pages.filter((p) => p.chapter === book.chapters[0]!.id).slice(0, 4)) {
      for (const item of (await client.getDisplayList(p.index))?.items ?? []) if (item.op === 1) fonts.add(item.font);
    }
    return [...fonts];
  });
}

const revisionOf = (page: Page): Promise<number> => page.evaluate(async () => (await window.postextApp!.client.getBook()).revision);

test('a TTF uploaded in the Fonts panel becomes the body font at once, and is still there after a reload', async ({ page }) => {
  await ready(page);
  expect((await firstChapterFonts(page)).some((id) => id.startsWith('custom-'))).toBe(false);

  await page.locator('[data-panel="fonts"]').click();
  await page.locator('[data-testid="font-file-input"]').setInputFiles({ name: 'HouseSans-Regular.ttf', mimeType: 'font/ttf', buffer: CODE_REGULAR });
  // Weight and style are read from the file; the family is editable before adding.
  const row = page.locator('.fonts-pending-row[data-file="HouseSans-Regular.ttf"]');
  await expect(row).toBeVisible();
  await expect(row.locator('select').first()).toHaveValue('400');
  await expect(row.locator('select').nth(1)).toHaveValue('normal');
  await row.locator('input').fill('House Sans');
  await page.getByRole('button', { name: 'Add to the book' }).click();
  const family = page.locator('[data-custom-family="House Sans"]');
  await expect(family).toBeVisible();
  await expect(family.locator('[data-face="400 normal"]')).toContainText('HouseSans-Regular.ttf');
  await expect(family).toContainText('Missing faces: 700 normal, 400 italic, 700 italic');
  // Shown in its own face: the worker's face for the family, loaded into the page.
  await expect(family.locator('[data-preview="face"]')).toHaveCount(1);

  const set = await call(page, 'sandbox_set_config', { changes: [{ path: 'bodyText.fontFamily', value: 'House Sans' }] });
  expect(set.ok).toBe(true);
  expect((await firstChapterFonts(page)).some((id) => id.startsWith('custom-house-sans-400-'))).toBe(true);
  await expect(page.locator('.resource-row[data-family="House Sans"]')).toHaveAttribute('data-source', 'sourceCustom');

  // Saved with the book: after a reload the family is back and still sets the body.
  // (flush answers saved: false when autosave has already written everything.)
  expect((await page.evaluate(() => window.postextApp!.client.flush())).error).toBeUndefined();
  await ready(page);
  expect((await firstChapterFonts(page)).some((id) => id.startsWith('custom-house-sans-400-'))).toBe(true);
  const listed = await call(page, 'sandbox_list_fonts', { search: 'house' });
  expect(listed.book).toContainEqual({ family: 'House Sans', role: 'body', source: 'custom' });
});

test('sandbox_save_font through window.postextWebMcp: documented answer; refusals change nothing', async ({ page }) => {
  await ready(page);
  const before = await revisionOf(page);
  const added = await call(page, 'sandbox_save_font', { action: 'add', family: 'Agent Mono', weight: 700, style: 'normal', file: { url: `data:font/ttf;base64,${CODE_BOLD.toString('base64')}` } });
  expect(added).toMatchObject({ ok: true, family: 'Agent Mono', variants: [{ weight: 700, style: 'normal', format: 'ttf', fileName: 'AgentMono-700.ttf' }] });
  expect(added.warnings).toEqual([expect.stringContaining('no 400 normal, 400 italic, 700 italic faces')]);
  expect(typeof added.pagesBefore).toBe('number');
  expect(typeof added.pagesAfter).toBe('number');
  const after = await revisionOf(page);
  expect(after).toBe(before + 1);

  const refusals = [
    ['not a font', { family: 'Junk', file: { base64: Buffer.from('plain text, not a font').toString('base64'), name: 'junk.woff2' } }, /not a font file/],
    ['no file', { action: 'add', family: 'Agent Mono' }, /give file/],
    ['unknown family', { action: 'rename', family: 'Nobody', newFamily: 'Somebody' }, /no font family "Nobody"/],
    ['bad weight', { family: 'Agent Mono', weight: 950, file: { base64: CODE_BOLD.toString('base64') } }, /weight/],
  ] as const;
  for (const [what, args, error] of refusals) {
    const answer = await call(page, 'sandbox_save_font', args);
    expect(answer.ok, what).toBe(false);
    expect(answer.error, what).toMatch(error);
    expect(await revisionOf(page), what).toBe(after);
  }
});

test('offline, an unknown family in the config falls back with one warning, never a failure', async ({ page, context }) => {
  await ready(page);
  await context.setOffline(true);
  const set = await call(page, 'sandbox_set_config', { changes: [{ path: 'bodyText.fontFamily', value: 'Nowhere Grotesk' }] });
  expect(set.ok).toBe(true);
  const fonts = await firstChapterFonts(page);
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.every((id) => !id.includes('nowhere'))).toBe(true);
  const warnings = await call(page, 'sandbox_get_warnings', { scope: 'book', category: 'fonts' });
  expect(warnings.ok).toBe(true);
  const mentions = (warnings.warnings as { kind: string; detail?: string; title?: string }[]).filter((w) => JSON.stringify(w).includes('Nowhere Grotesk'));
  expect(mentions).toHaveLength(1);
  expect(mentions[0]!.kind).toBe('unknownFontFamily');
  await context.setOffline(false);
});

test('font files dropped on the Fonts panel wait as pending faces; a drag without files is ignored', async ({ page }) => {
  await ready(page);
  await page.locator('[data-panel="fonts"]').click();
  const panel = page.locator('section.fonts-panel');
  await expect(panel).toBeVisible();
  // A drag of text is not a file drop: the panel does not light up.
  await panel.dispatchEvent('dragover', { dataTransfer: await page.evaluateHandle(() => { const d = new DataTransfer(); d.setData('text/plain', 'x'); return d; }) });
  await expect(panel).not.toHaveClass(/dragging/);
  // Two files in one drop: both are read (weight from each file's tables).
  const files = await page.evaluateHandle(([regular, bold]) => {
    const d = new DataTransfer();
    d.items.add(new File([new Uint8Array(regular!)], 'Drop-Regular.ttf', { type: 'font/ttf' }));
    d.items.add(new File([new Uint8Array(bold!)], 'Drop-Bold.ttf', { type: 'font/ttf' }));
    return d;
  }, [[...CODE_REGULAR], [...CODE_BOLD]]);
  await panel.dispatchEvent('dragover', { dataTransfer: files });
  await expect(panel).toHaveClass(/dragging/);
  await panel.dispatchEvent('drop', { dataTransfer: files });
  await expect(panel).not.toHaveClass(/dragging/);
  await expect(page.locator('.fonts-pending-row[data-file="Drop-Regular.ttf"] select').first()).toHaveValue('400');
  await expect(page.locator('.fonts-pending-row[data-file="Drop-Bold.ttf"] select').first()).toHaveValue('700');
});

test('a family from the open font catalogue is downloaded once when named, sets the text, and works offline after a reload', async ({ page, context }) => {
  // The catalogue is Fontsource's CDN; here its answers are played back (no network in tests):
  // Source Code Pro's file stands for "Lora" 400 normal, any other face of any family is a 404.
  const asked: string[] = [];
  await context.route('https://cdn.jsdelivr.net/fontsource/**', async (route) => {
    const url = route.request().url();
    asked.push(url);
    if (url.endsWith('/fontsource/fonts/lora@latest/latin-400-normal.woff2')) await route.fulfill({ status: 200, contentType: 'font/woff2', body: CODE_REGULAR });
    else await route.fulfill({ status: 404, body: '' });
  });
  await ready(page);
  const set = await call(page, 'sandbox_set_config', { changes: [{ path: 'bodyText.fontFamily', value: 'Lora' }] });
  expect(set.ok).toBe(true);
  // The tool answered after layout: the pages are already set in the downloaded face.
  expect(await firstChapterFonts(page)).toContain('lora-400');
  expect(asked.filter((u) => u.includes('/lora@latest/latin-400-normal.woff2'))).toHaveLength(1);
  const warnings = await call(page, 'sandbox_get_warnings', { scope: 'book', category: 'fonts' });
  expect((warnings.warnings as unknown[]).filter((w) => JSON.stringify(w).includes('Lora') && JSON.stringify(w).includes('unknownFontFamily'))).toHaveLength(0);

  // After a reload with the catalogue unreachable (every request to it fails): the stored face
  // comes from IndexedDB and is not asked for again (faces the catalogue lacked are retried).
  expect((await page.evaluate(() => window.postextApp!.client.flush())).error).toBeUndefined();
  await context.unroute('https://cdn.jsdelivr.net/fontsource/**');
  const unreachable: string[] = [];
  await context.route('https://cdn.jsdelivr.net/**', (route) => {
    unreachable.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await ready(page);
  expect(await firstChapterFonts(page)).toContain('lora-400');
  expect(unreachable.filter((u) => u.includes('/lora@latest/latin-400-normal'))).toEqual([]);
  const listed = await call(page, 'sandbox_list_fonts', { search: 'lora' });
  expect(listed.book).toContainEqual({ family: 'Lora', role: 'body', source: 'google' });
  await page.locator('[data-panel="fonts"]').click();
  await expect(page.locator('.resource-row[data-family="Lora"]')).toHaveAttribute('data-source', 'sourceCatalogue');
});
