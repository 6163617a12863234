import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

async function openChapters(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1');
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await page.locator('[data-panel="chapters"]').click();
}

const chapters = (page: Page) => page.evaluate(async () => (await window.postextApp!.client.getBook()).chapters.map((c) => ({ id: c.id, title: c.title, text: c.text })));
const rowMenu = (page: Page, index: number) => page.locator('.chapter-row').nth(index).getByRole('button', { name: /Actions for/ });

test('rows show page ranges from the layout and word counts', async ({ page }) => {
  await openChapters(page);
  const layout = await page.evaluate(async () => window.postextApp!.client.getPages());
  const rows = page.locator('.chapter-row');
  await expect(rows).toHaveCount(layout.chapters.length);
  const first = layout.chapters[0]!;
  const from = layout.pages[first.firstPage]!.label;
  const to = layout.pages[first.firstPage + first.pages - 1]!.label;
  await expect(rows.first()).toContainText(`pp. ${from}–${to}`);
  await expect(rows.first()).toContainText(/[\d,]+ words/);
  const words = Number((await rows.first().locator('.chapter-meta').textContent())!.match(/([\d,]+) words/)![1]!.replace(/,/g, ''));
  expect(words).toBeGreaterThan(500);
  // The word count is live.
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    await client.apply({ origin: 'agent', baseRevision: book.revision, ops: [{ type: 'text', chapterId: book.chapters[0]!.id, from: book.chapters[0]!.text.length, to: book.chapters[0]!.text.length, insert: '\n\none two three four five\n' }] });
  });
  await expect(rows.first()).toContainText(`${(words + 5).toLocaleString('en')} words`);
});

test('add, rename, reorder by menu, merge, split and delete (never the last)', async ({ page }) => {
  await openChapters(page);
  const initial = await chapters(page);
  // Add: after the active chapter, and it becomes active.
  await page.getByRole('button', { name: 'Add chapter' }).click();
  await expect(page.locator('.chapter-row')).toHaveCount(initial.length + 1);
  let now = await chapters(page);
  expect(now[1]!.title).toBe('New chapter');
  await expect(page.locator('.chapter-row').nth(1)).toHaveClass(/active/);

  // Rename inline: Enter commits.
  await rowMenu(page, 1).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const field = page.getByRole('textbox', { name: 'Chapter title' });
  await field.fill('Interlude');
  await field.press('Enter');
  await expect.poll(async () => (await chapters(page))[1]!.title).toBe('Interlude');

  // Move down by menu.
  await rowMenu(page, 1).click();
  await page.getByRole('menuitem', { name: 'Move down' }).click();
  await expect.poll(async () => (await chapters(page))[2]!.title).toBe('Interlude');

  // Merge the interlude into the previous chapter: its text is appended there.
  const before = await chapters(page);
  await rowMenu(page, 2).click();
  await page.getByRole('menuitem', { name: 'Merge into previous chapter' }).click();
  await expect.poll(async () => (await chapters(page)).length).toBe(before.length - 1);
  now = await chapters(page);
  expect(now[1]!.text.endsWith('# New chapter\n\n')).toBe(true);
  expect(now.some((c) => c.title === 'Interlude')).toBe(false);

  // Split it again at its level-1 headings.
  await rowMenu(page, 1).click();
  await page.getByRole('menuitem', { name: 'Split at level-1 headings' }).click();
  await expect.poll(async () => (await chapters(page)).length).toBe(before.length);
  now = await chapters(page);
  expect(now[2]!.title).toBe('New chapter');
  expect(now[2]!.text).toBe('# New chapter\n\n');
  expect(now[1]!.text.trimEnd()).toBe(before[1]!.text.trimEnd()); // merge added a blank line before the heading

  // Delete asks first.
  await rowMenu(page, 2).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('group', { name: /Delete “New chapter”/ }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(async () => (await chapters(page)).length).toBe(before.length - 1);
  expect((await chapters(page)).map((c) => c.id)).toEqual(initial.map((c) => c.id));
});

test('the last chapter cannot be deleted', async ({ page }) => {
  await openChapters(page);
  // Leave one chapter (through transactions, as an agent would).
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    await client.apply({ origin: 'agent', baseRevision: book.revision, ops: book.chapters.slice(1).map((c) => ({ type: 'chapter.remove' as const, chapterId: c.id })) });
  });
  await expect(page.locator('.chapter-row')).toHaveCount(1);
  await rowMenu(page, 0).click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('aria-disabled', 'true');
});

test('dragging a row by its grip reorders the chapters', async ({ page }) => {
  await openChapters(page);
  const initial = await chapters(page);
  const grip = page.locator('.chapter-row').nth(0).locator('.grip');
  await grip.dragTo(page.locator('.chapter-row').nth(2));
  await expect.poll(async () => (await chapters(page)).map((c) => c.id)).toEqual([initial[1]!.id, initial[2]!.id, initial[0]!.id, ...initial.slice(3).map((c) => c.id)]);
});

test('background pagination progress is shown while a big change is laid out', async ({ page }) => {
  await openChapters(page);
  const seen = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const observer = new MutationObserver(() => {
          const line = document.querySelector('[data-testid="pagination-progress"]');
          if (line) resolve(line.textContent ?? '');
        });
        observer.observe(document.body, { childList: true, subtree: true });
        setTimeout(() => resolve('none'), 20_000);
      }),
  );
  // The status line says "updating…" once a relayout has run a moment (not on every quick edit).
  const updating = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const status = document.querySelector('[data-testid="status"]')!;
        const observer = new MutationObserver(() => {
          if (status.textContent?.includes('updating')) resolve(true);
        });
        observer.observe(status, { childList: true, subtree: true, characterData: true });
        setTimeout(() => resolve(false), 20_000);
      }),
  );
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    // Words made from a seeded generator, every paragraph and chapter different: repeated text
    // lets the word and paragraph caches finish the layout before the 300 ms "updating…" delay
    // (this test failed once so, day 38, when the engine got faster).
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const word = () => Array.from({ length: 3 + Math.floor(next() * 8) }, () => String.fromCharCode(97 + Math.floor(next() * 26))).join('');
    const chapterText = () => Array.from({ length: 400 }, () => Array.from({ length: 40 + Math.floor(next() * 60) }, word).join(' ') + '.').join('\n\n');
    await client.apply({ origin: 'agent', baseRevision: client.revision, ops: Array.from({ length: 8 }, (_, i) => ({ type: 'chapter.add' as const, title: `Bulk ${i}`, text: chapterText() })) });
  });
  expect(await seen).toMatch(/Paginating \d+\/\d+/);
  expect(await updating).toBe(true);
  await expect(page.getByTestId('pagination-progress')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('status')).not.toContainText('updating');
});
