import AxeBuilder from '@axe-core/playwright';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';

import { call, ready } from '../support/tools';

// The sample is laid out and written as EPUB (more than once) on a shared machine.
test.describe.configure({ timeout: 240_000 });

/** The first Markdown heading of each chapter's source (what the reader must show as text). */
async function chapterHeadings(page: Page): Promise<string[]> {
  const book = await page.evaluate(() => window.postextApp!.client.getBook());
  return book.chapters.map((chapter) => {
    const line = chapter.text.split('\n').find((l) => /^#{1,6}\s/.test(l)) ?? '';
    // Without the marks and an attribute block such as {#id}.
    return line.replace(/^#{1,6}\s+/, '').replace(/\s*\{[^}]*\}\s*$/, '').replace(/[*_`]/g, '').trim();
  });
}

async function bodyFontSize(frame: FrameLocator): Promise<number> {
  return frame.locator('body').evaluate((body) => parseFloat(getComputedStyle(body.querySelector('p') ?? body).fontSize));
}

test('the EPUB tab writes the book, reads it in a sandboxed frame, jumps through Contents, sizes the text and regenerates for the tools', async ({ page }) => {
  await ready(page);
  const headings = await chapterHeadings(page);
  expect(headings.length, 'the sample has chapters to jump between').toBeGreaterThan(1);
  expect(headings[0]!.length).toBeGreaterThan(0);

  // The tab sits after Canvas and PDF; the arrow keys reach it (ArrowLeft from Canvas wraps to the last tab), and showing it writes the EPUB.
  await expect(page.getByRole('tab')).toHaveText(['Canvas', 'PDF', 'EPUB']);
  await page.locator('#tab-canvas').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('#tab-epub')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#tab-epub')).toBeFocused();
  const status = page.getByTestId('epub-status');
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  const bytes = Number(await status.getAttribute('data-bytes'));
  expect(bytes).toBeGreaterThan(1000);

  // The reader frame: sandboxed without scripts, showing the first chapter's heading.
  const frameElement = page.getByTestId('epub-frame');
  const sandbox = (await frameElement.getAttribute('sandbox')) ?? '';
  expect(frameElement).toBeTruthy();
  expect(await frameElement.evaluate((el) => el.hasAttribute('sandbox'))).toBe(true);
  expect(sandbox.split(/\s+/)).not.toContain('allow-scripts');
  const frame = page.frameLocator('[data-testid="epub-frame"]');
  await expect(frame.locator('h1, h2').first()).toContainText(headings[0]!);
  expect(await frameElement.getAttribute('src')).toMatch(/^blob:/);

  // Every control of the tab is labelled (axe, on the tab's own panel).
  const axe = await new AxeBuilder({ page }).include('#viewer-epub').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Download offers the same bytes, with their size on the button.
  const download = page.getByTestId('epub-download');
  await expect(download).toHaveAttribute('download', /\.epub$/);
  await expect(download).toContainText(/\d+(\.\d)? (kB|MB)/);
  const downloaded = await download.evaluate(async (a) => (await (await fetch((a as HTMLAnchorElement).href)).arrayBuffer()).byteLength);
  expect(downloaded).toBe(bytes);

  // Contents lists every chapter; choosing the last one shows its text.
  const contents = page.getByTestId('epub-contents');
  const entries = (await contents.locator('option:not([disabled])').allTextContents()).map((t) => t.replace(/\u00a0/g, ' ').trim());
  expect(entries.length).toBe(headings.length);
  const last = entries.length - 1;
  await contents.selectOption(String(last));
  await expect(frame.locator('h1, h2').first()).toContainText(headings[last]!);
  await expect(page.getByTestId('epub-section')).toHaveAttribute('data-section', String(last + 1));
  // ‹ goes back one section (a left-to-right book), and the first heading comes back after stepping to the start.
  await page.getByTestId('epub-left').click();
  await expect(page.getByTestId('epub-section')).toHaveAttribute('data-section', String(last));

  // A+ makes the text in the frame larger (×1.1 on the root); A− brings it back.
  const before = await bodyFontSize(frame);
  await page.getByTestId('epub-font-larger').click();
  await expect.poll(() => bodyFontSize(frame)).toBeGreaterThan(before * 1.05);
  await page.getByTestId('epub-font-smaller').click();
  await expect.poll(() => bodyFontSize(frame)).toBeCloseTo(before, 0);

  // The tools: set_view sizes the text, go_to_page { contents } jumps, run_viewer regenerates.
  const view = await call(page, 'sandbox_set_view', { viewer: 'epub', fontScale: 2 });
  expect(view).toMatchObject({ ok: true, view: { viewer: 'epub', fontScale: 2 } });
  await expect.poll(() => bodyFontSize(frame)).toBeGreaterThan(before * 1.8);
  expect((await call(page, 'sandbox_set_view', { fontScale: 3 })).ok).toBe(false);

  const jumped = await call(page, 'sandbox_go_to_page', { contents: entries[0] });
  expect(jumped).toMatchObject({ ok: true, view: { viewer: 'epub', chapter: 1, position: 1 } });
  await expect(frame.locator('h1, h2').first()).toContainText(headings[0]!);
  const byNumber = await call(page, 'sandbox_go_to_page', { contents: 2 });
  expect(byNumber).toMatchObject({ ok: true, view: { viewer: 'epub', position: 2 } });
  await expect(frame.locator('h1, h2').first()).toContainText(headings[1]!);
  expect((await call(page, 'sandbox_go_to_page', { contents: 'No such chapter anywhere' })).ok).toBe(false);

  // An edit makes the EPUB stale; run_viewer writes it again and answers when it is shown.
  const book = await page.evaluate(() => window.postextApp!.client.getBook());
  const marker = 'Freshly added words for the EPUB reader.';
  const edited = await page.evaluate(
    ([chapterId, revision, end, text]) => window.postextApp!.client.apply({ origin: 'ui', baseRevision: revision as number, ops: [{ type: 'text', chapterId: chapterId as string, from: end as number, to: end as number, insert: text as string }] }),
    [book.chapters[1]!.id, book.revision, book.chapters[1]!.text.length, `\n\n${marker}\n`] as const,
  );
  expect((edited as { ok: boolean }).ok).toBe(true);
  await expect(page.getByTestId('epub-stale')).toBeVisible({ timeout: 60_000 });
  const run = await page.evaluate(() => window.postextWebMcp!.executeTool('sandbox_run_viewer', { action: 'regenerate', viewer: 'epub' }) as Promise<Record<string, unknown>>);
  expect(run).toMatchObject({ ok: true, action: 'regenerate', viewer: 'epub', fileName: expect.stringMatching(/\.epub$/), ms: expect.any(Number) });
  await expect(page.getByTestId('epub-stale')).toBeHidden();
  await expect(status).toHaveAttribute('data-bytes', String(run['bytes']));
  // The reader stays in the second section and now shows the new words.
  await expect(frame.locator('body')).toContainText(marker);
  // The EPUB tab has Regenerate only.
  expect((await call(page, 'sandbox_run_viewer', { action: 'print', viewer: 'epub' })).error).toMatch(/no Print button/);

  // contents outside the EPUB tab is refused with what to do instead.
  await call(page, 'sandbox_set_view', { viewer: 'canvas' });
  expect((await call(page, 'sandbox_go_to_page', { contents: 1 })).error).toMatch(/only the EPUB tab/);
});

test('the EPUB reader runs no script from the book and fetches nothing from the network', async ({ page }) => {
  await ready(page);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (!/^(blob|data):/.test(request.url()) && !request.url().startsWith(new URL(page.url()).origin)) requests.push(request.url());
  });
  await page.locator('#tab-epub').click();
  await expect(page.getByTestId('epub-status')).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  const frame = page.frameLocator('[data-testid="epub-frame"]');
  // The document carries a policy that forbids scripts and any fetch outside the zip.
  const policy = await frame.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain("default-src 'none'");
  expect(policy).not.toMatch(/script-src/);
  // A script element added to the book document does not run (sandbox without allow-scripts).
  const ran = await frame.locator('body').evaluate((body) => {
    const doc = body.ownerDocument;
    const script = doc.createElementNS('http://www.w3.org/1999/xhtml', 'script');
    script.textContent = 'document.body.setAttribute("data-ran", "yes")';
    body.appendChild(script);
    return body.getAttribute('data-ran');
  });
  expect(ran).toBeNull();
  expect(requests).toEqual([]);
});

test('a right-to-left book turns right to left: the left button moves on to the next section', async ({ page }) => {
  await ready(page);
  const opened = await call(page, 'sandbox_open_book', { kind: 'sample', id: 'postext-guide', language: 'ar' });
  expect(opened.ok).toBe(true);
  const headings = await chapterHeadings(page);
  await call(page, 'sandbox_set_view', { viewer: 'epub' });
  await expect(page.getByTestId('epub-status')).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  const frame = page.frameLocator('[data-testid="epub-frame"]');
  await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(frame.locator('h1, h2').first()).toContainText(headings[0]!);
  const section = page.getByTestId('epub-section');
  await expect(section).toHaveAttribute('data-section', '1');
  // At the start the right button (back) is off and the left one (next) turns the page.
  await expect(page.getByTestId('epub-right')).toBeDisabled();
  await page.getByTestId('epub-left').click();
  await expect(section).toHaveAttribute('data-section', '2');
  await expect(frame.locator('h1, h2').first()).toContainText(headings[1]!);
  // ArrowRight goes back in a right-to-left book.
  await page.getByTestId('epub-viewer').press('ArrowRight');
  await expect(section).toHaveAttribute('data-section', '1');
});
