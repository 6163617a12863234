import { expect, test, type Page } from '@playwright/test';

/**
 * The editor's accessible name names the chapter on screen (TextPanel: "Chapter source text:
 * <title>"). ChapterEditors gives the view a new name only when the chapter's state does not carry
 * it (a reconfiguration updates the whole view): switching chapters, back to one opened before,
 * renaming the one on screen and switching the interface language must each still show the right name.
 */
test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.locator('canvas[data-page-index="0"][data-painted]')).toHaveCount(1);
}

const editorName = (page: Page) => page.locator('.cm-content').getAttribute('aria-label');

async function showChapter(page: Page, index: number): Promise<string> {
  const chapter = await page.evaluate(async (i) => (await window.postextApp!.client.getBook()).chapters[i]!, index);
  const answer = await page.evaluate((id) => window.postextWebMcp!.executeTool('sandbox_set_view', { panel: 'text', chapter: id }), chapter.id);
  expect(JSON.stringify(answer)).not.toMatch(/"isError":\s*true/);
  return chapter.title;
}

test('the editor is named after the chapter it shows, through switches, a rename and a language change', async ({ page }) => {
  await openApp(page);
  const first = await showChapter(page, 0);
  await expect.poll(() => editorName(page)).toBe(`Chapter source text: ${first}`);
  const second = await showChapter(page, 1);
  expect(second).not.toBe(first);
  await expect.poll(() => editorName(page)).toBe(`Chapter source text: ${second}`);
  // Back to a chapter whose state was made before: its name is its own again.
  await showChapter(page, 0);
  await expect.poll(() => editorName(page)).toBe(`Chapter source text: ${first}`);
  // The chapter on screen renamed.
  const renamed = await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const result = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'chapter.rename', chapterId: book.chapters[0]!.id, title: 'A renamed opening' }] });
    return result.ok;
  });
  expect(renamed).toBe(true);
  await expect.poll(() => editorName(page)).toBe('Chapter source text: A renamed opening');
  // The second chapter, opened before the rename, keeps its own name.
  await showChapter(page, 1);
  await expect.poll(() => editorName(page)).toBe(`Chapter source text: ${second}`);
  // Another interface language: the Spanish name, for the chapter on screen.
  await page.getByTestId('language-select').selectOption('es');
  await expect.poll(() => editorName(page)).toBe(`Texto fuente del capítulo: ${second}`);
  // And back to the first chapter, whose state still carries its English name: it is named anew.
  await showChapter(page, 0);
  await expect.poll(() => editorName(page)).toBe('Texto fuente del capítulo: A renamed opening');
});
