import JSZip from 'jszip';
import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
// A cold start and an import with its first layout on a loaded 2-core machine.
test.setTimeout(300_000);

const COLD_START_MS = 90_000;
const LAYOUT_MS = 120_000;

/** A one-language `.postext` written by hand (bundle-format §3, §13): one chapter with a marker sentence. */
async function lighthouseBook(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('preset.json', JSON.stringify({ version: 2, id: 'lighthouse-log', name: 'The Lighthouse Log', locale: 'en', configVersion: 11, chapters: [{ title: 'Night watch', file: 'chapters/01-night-watch.md' }], config: {} }));
  zip.file('chapters/01-night-watch.md', '# Night watch\n\nThe keeper trimmed the wick at dusk and wrote the weather in the log.\n');
  return zip.generateAsync({ type: 'nodebuffer' });
}

async function openBooks(page: Page): Promise<void> {
  const button = page.locator('[data-panel="books"]');
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  await expect(page.locator('.books-panel')).toBeVisible();
}

test('a .postext dropped on the Books panel is imported as a project and opens with its chapter text; a drag without files is ignored', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('status')).toContainText('pages', { timeout: COLD_START_MS });
  await openBooks(page);
  const panel = page.locator('.books-panel');

  // Dragging text over the panel is not a file drop: no highlight, and a drop of it imports nothing.
  const text = await page.evaluateHandle(() => {
    const d = new DataTransfer();
    d.setData('text/plain', 'not a book');
    return d;
  });
  await panel.dispatchEvent('dragover', { dataTransfer: text });
  await expect(panel).not.toHaveClass(/books-dragging/);
  await panel.dispatchEvent('drop', { dataTransfer: text });
  expect(await page.evaluate(async () => (await window.postextApp!.client.listBooks()).projects.length)).toBe(0);

  // The file: the panel lights up while it is dragged over, and the drop imports and opens it.
  const file = await page.evaluateHandle((bytes) => {
    const d = new DataTransfer();
    d.items.add(new File([new Uint8Array(bytes)], 'lighthouse-log.postext', { type: 'application/zip' }));
    return d;
  }, [...(await lighthouseBook())]);
  await panel.dispatchEvent('dragover', { dataTransfer: file });
  await expect(panel).toHaveClass(/books-dragging/);
  await panel.dispatchEvent('drop', { dataTransfer: file });

  // The imported book opens (the sidebar moves on to its chapters).
  await expect.poll(() => page.evaluate(async () => (await window.postextApp!.client.getBook()).kind), { timeout: LAYOUT_MS }).toBe('project');
  const book = await page.evaluate(async () => {
    const b = await window.postextApp!.client.getBook();
    return { name: b.name, chapters: b.chapters.map((c) => ({ title: c.title, text: c.text })) };
  });
  expect(book).toEqual({ name: 'The Lighthouse Log', chapters: [{ title: 'Night watch', text: '# Night watch\n\nThe keeper trimmed the wick at dusk and wrote the weather in the log.\n' }] });
  const projects = await page.evaluate(async () => (await window.postextApp!.client.listBooks()).projects.map((p) => p.name));
  expect(projects).toEqual(['The Lighthouse Log']);
  // Its pages show its text.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const client = window.postextApp!.client;
          const { pages } = await client.getPages();
          const lists = await Promise.all(pages.map((p) => client.getDisplayList(p.index)));
          return lists.flatMap((l) => (l?.items ?? []).map((i) => ('text' in i ? i.text : ''))).join(' ');
        }),
      { timeout: LAYOUT_MS },
    )
    .toContain('keeper');
  // Back in the Books panel: the highlight is gone and the book's row is there.
  await openBooks(page);
  await expect(panel).not.toHaveClass(/books-dragging/);
  await expect(page.locator('[data-testid="project-row"] .book-row-name')).toHaveText(['The Lighthouse Log']);
});
