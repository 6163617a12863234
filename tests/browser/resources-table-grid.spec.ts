/**
 * The Resources panel's table grid editor in Chromium: a table edited with the keyboard (arrows,
 * Enter to edit, Tab), a TSV paste that grows it, a merge; each change reaches the worker (the
 * stored record and the page's display list), and Ctrl+Z restores the previous table.
 */
import { expect, test, type Page } from '@playwright/test';
import { ready } from '../support/tools';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

type Cell = { content: string; colSpan?: number; hiddenBy?: string };

async function storedRows(page: Page, id: string): Promise<Cell[][]> {
  return page.evaluate(async (rid) => {
    const client = window.postextApp!.client;
    const found = (await client.listResources()).resources.find((r) => r.record.id === rid);
    return ((found?.record.table?.model?.['rows'] as Cell[][] | undefined) ?? []) as Cell[][];
  }, id);
}

/** The texts of the glyph runs on the first chapter's pages after convergence. */
async function chapterTexts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    await client.awaitConvergence(book.revision);
    const { pages } = await client.getPages();
    const out: string[] = [];
    for (const p of pages.filter((p) => p.chapter === book.chapters[0]!.id)) {
      const list = await client.getDisplayList(p.index);
      for (const item of list?.items ?? []) if ((item as { op: number }).op === 1) out.push((item as { text: string }).text);
    }
    return out;
  });
}

test('a table edited in the grid with the keyboard and a paste reaches the page; undo restores it', async ({ page }) => {
  test.setTimeout(180_000);
  await ready(page);
  // Place the table the panel is about to make ("table") in the first chapter.
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const chapter = book.chapters[0]!;
    const result = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'text', chapterId: chapter.id, from: chapter.text.length, to: chapter.text.length, insert: '\n\n::resource{id="table"}\n' }] });
    if (!result.ok) throw new Error(result.error);
  });
  await page.locator('[data-panel="resources"]').click();
  await page.getByRole('button', { name: 'New table' }).click();
  const grid = page.getByRole('grid', { name: 'Table cells' });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('columnheader')).toHaveCount(2);
  await expect(grid.getByRole('gridcell')).toHaveCount(2);

  // Keyboard: focus the first header cell, Enter edits, type, Enter commits; → then Enter edits the next.
  await grid.locator('[data-row="0"][data-col="0"]').click();
  await expect(grid.locator('[data-row="0"][data-col="0"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Harbour');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await expect(grid.locator('[data-row="0"][data-col="1"]')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Depth');
  await page.keyboard.press('Tab'); // commits and moves to the next cell (row 2, column 1)
  await expect(grid.locator('[data-row="1"][data-col="0"]')).toBeFocused();
  await expect.poll(async () => (await storedRows(page, 'table'))[0]!.map((c) => c.content)).toEqual(['Harbour', 'Depth']);
  // A cell's accessible name is its text, then where it is.
  await expect(grid.getByRole('columnheader', { name: 'Harbour, Row 1, column 1, header' })).toHaveAttribute('aria-selected', 'false');

  // Paste three rows of TSV at the focused cell: the table grows from 2 to 4 rows.
  await expect(grid.locator('[data-row="1"][data-col="0"]')).toHaveAttribute('aria-selected', 'true');
  await grid.locator('[data-row="1"][data-col="0"]').evaluate((cell) => {
    const data = new DataTransfer();
    data.setData('text/plain', 'Quay\t12 m\nBreakwater\t"9,5 m"\nMole\t7 m\n');
    cell.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect.poll(async () => (await storedRows(page, 'table')).map((r) => r.map((c) => c.content))).toEqual([
    ['Harbour', 'Depth'],
    ['Quay', '12 m'],
    ['Breakwater', '9,5 m'],
    ['Mole', '7 m'],
  ]);
  await expect(grid.getByRole('row')).toHaveCount(4);
  await expect.poll(() => chapterTexts(page)).toEqual(expect.arrayContaining(['Breakwater', 'Harbour']));

  // Shift+↓ selects Quay and Breakwater; Merge makes one cell over two rows.
  await grid.locator('[data-row="1"][data-col="0"]').click();
  await page.keyboard.press('Shift+ArrowDown');
  await page.getByRole('button', { name: 'Merge cells' }).click();
  await expect(grid.locator('[data-row="1"][data-col="0"]')).toHaveAttribute('rowspan', '2');
  await expect.poll(async () => (await storedRows(page, 'table'))[2]![0]).toEqual({ content: '', hiddenBy: 'r1c0' });

  // Undo (Ctrl+Z in the grid) takes the merge back, in the record and on the page.
  await grid.locator('[data-row="1"][data-col="0"]').focus();
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(async () => (await storedRows(page, 'table')).map((r) => r.map((c) => c.content))).toEqual([
    ['Harbour', 'Depth'],
    ['Quay', '12 m'],
    ['Breakwater', '9,5 m'],
    ['Mole', '7 m'],
  ]);
  // Undo twice more: the paste goes, so "Breakwater" leaves the page.
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(async () => (await storedRows(page, 'table')).length).toBe(2);
  await expect.poll(() => chapterTexts(page)).not.toContain('Breakwater');
  expect(await chapterTexts(page)).toContain('Depth');
  // Redo brings it back.
  await page.keyboard.press('ControlOrMeta+y');
  await expect.poll(async () => (await storedRows(page, 'table')).length).toBe(4);
});
