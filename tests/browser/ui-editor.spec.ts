import { expect, test, type Page } from '@playwright/test';
import type { DisplayItem } from '../../src/worker/protocol/displaylist';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('status')).toContainText('pages');
  // Pages show while a new book is still being laid out: wait for convergence too.
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.locator('canvas[data-page-index="0"][data-painted]')).toHaveCount(1);
}

/** Every word the typeset pages show, from the worker's display lists. */
function allPageText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const client = window.postextApp!.client;
    const { pages } = await client.getPages();
    const texts = await Promise.all(pages.map(async (p: { index: number }) => (await client.getDisplayList(p.index))!.items.map((i: DisplayItem) => ('text' in i ? i.text : '')).join(' ')));
    return texts.join(' ');
  });
}

function chapterText(page: Page, index = 0): Promise<string> {
  return page.evaluate(async (i) => (await window.postextApp!.client.getBook()).chapters[i]!.text, index);
}

test('typing in the CodeMirror editor reaches the pages', async ({ page }) => {
  await openApp(page);
  const editor = page.getByRole('textbox', { name: /chapter source/i });
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await editor.click();
  await editor.press('Control+End');
  await editor.pressSequentially('\n\nQuokka marmalade zeppelin.\n');
  await expect.poll(() => allPageText(page), { timeout: 20_000 }).toContain('Quokka marmalade zeppelin.');
  // Every keystroke reached the worker exactly once: editor and worker hold the same text.
  await expect.poll(async () => (await page.evaluate(() => window.postextApp!.ui!.editorText())) === (await chapterText(page))).toBe(true);
  expect((await chapterText(page)).match(/Quokka/g)).toHaveLength(1);
  // The canvas repainted at the new layout revision.
  const revision = await page.evaluate(async () => (await window.postextApp!.client.getPages()).revision);
  expect(revision).toBeGreaterThan(0);
});

test('an agent edit arrives in the open editor and Ctrl+Z does not undo it', async ({ page }) => {
  await openApp(page);
  const editor = page.getByRole('textbox', { name: /chapter source/i });
  await editor.click();
  await editor.press('Control+End');
  await editor.pressSequentially(' userword');
  await expect.poll(() => chapterText(page)).toMatch(/ userword$/);

  // The agent inserts at the very start of the chapter, through the same client.
  const result = await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    return client.apply({ origin: 'agent', baseRevision: book.revision, ops: [{ type: 'text', chapterId: book.chapters[0]!.id, from: 0, to: 0, insert: 'AGENTMARK ' }] });
  });
  expect(result.ok).toBe(true);
  // It shows in the editor.
  const editorText = () => page.evaluate(() => window.postextApp!.ui!.editorText());
  await expect.poll(editorText).toMatch(/^AGENTMARK .* userword$/s);

  // Undo removes the user's typing, never the agent's edit.
  await editor.focus();
  await editor.press('Control+z');
  await expect.poll(() => chapterText(page)).not.toMatch(/userword/);
  expect(await chapterText(page)).toMatch(/^AGENTMARK /);
  expect(await editorText()).toMatch(/^AGENTMARK /);
  // Undoing further (history empty) still keeps it.
  await editor.press('Control+z');
  await editor.press('Control+z');
  await page.waitForTimeout(300);
  expect(await chapterText(page)).toMatch(/^AGENTMARK /);
  expect(await editorText()).toBe(await chapterText(page));
});

test('each chapter keeps its own undo history and caret', async ({ page }) => {
  await openApp(page);
  const editor = page.getByRole('textbox', { name: /chapter source/i });
  await editor.click();
  await editor.press('Control+End');
  await editor.pressSequentially(' alpha-one');
  await expect.poll(() => chapterText(page, 0)).toMatch(/alpha-one$/);

  await page.getByRole('button', { name: 'Next chapter' }).click();
  await expect(editor).toHaveAccessibleName(/chapter source.*2|chapter source/i);
  await editor.click();
  await editor.press('Control+End');
  await editor.pressSequentially(' beta-two');
  await expect.poll(() => chapterText(page, 1)).toMatch(/beta-two$/);

  // Back to chapter 1: undo there undoes alpha-one only.
  await page.getByRole('button', { name: 'Previous chapter' }).click();
  await expect(page.locator('.cm-content')).toContainText('alpha-one');
  const caret = await page.evaluate(() => window.postextApp!.ui!.selection());
  const length = (await chapterText(page, 0)).length;
  expect(caret?.from).toBe(length); // the caret came back where it was
  await editor.focus();
  await editor.press('Control+z');
  await expect.poll(() => chapterText(page, 0)).not.toMatch(/alpha-one/);
  expect(await chapterText(page, 1)).toMatch(/beta-two$/);
});

test('the editor colours headings, directives and attribute blocks', async ({ page }) => {
  await openApp(page);
  const editor = page.getByRole('textbox', { name: /chapter source/i });
  await editor.click();
  await editor.press('Control+End');
  await editor.pressSequentially('\n\n:::pagebreak\n\nSee :smallcaps[abc]{style="x"} and $x^2$.\n');
  const colours = await page.evaluate(() => {
    const colourOf = (text: string) => {
      const spans = [...document.querySelectorAll<HTMLElement>('.cm-content span')];
      const span = spans.find((s) => s.textContent === text || s.textContent?.startsWith(text));
      return span ? getComputedStyle(span).color : null;
    };
    const plain = getComputedStyle(document.querySelector('.cm-content')!).color;
    return { plain, directive: colourOf(':smallcaps'), attribute: colourOf('{style="x"}'), math: colourOf('$x^2$'), block: colourOf(':::pagebreak') };
  });
  expect(colours.directive).not.toBeNull();
  expect(colours.directive).not.toBe(colours.plain);
  expect(colours.attribute).not.toBe(colours.plain);
  expect(colours.math).not.toBe(colours.plain);
  expect(colours.block).not.toBe(colours.plain);
});

test('the formatting toolbar edits through the same undoable transactions', async ({ page }) => {
  await openApp(page);
  const editor = page.getByRole('textbox', { name: /chapter source/i });
  await editor.click();
  await editor.press('Control+End');
  await editor.pressSequentially('\n\nplain words here');
  // Select "words" (5 characters before " here").
  for (let i = 0; i < 5; i++) await editor.press('ArrowLeft');
  for (let i = 0; i < 5; i++) await editor.press('Shift+ArrowLeft');
  await page.getByRole('button', { name: 'Bold' }).click();
  await expect.poll(() => chapterText(page)).toMatch(/plain \*\*words\*\* here$/);
  await page.getByRole('button', { name: 'Heading 2' }).click();
  await expect.poll(() => chapterText(page)).toMatch(/\n## plain \*\*words\*\* here$/);
  await page.getByRole('button', { name: 'Page break' }).click();
  await expect.poll(() => chapterText(page)).toMatch(/## plain \*\*words\*\* here\n\n:::pagebreak\n\n$/);
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => chapterText(page)).toMatch(/\nplain \*\*words\*\* here$/);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect.poll(() => chapterText(page)).toMatch(/\n## plain \*\*words\*\* here$/);
  // Focus stays in the editor, so typing goes on.
  await expect(editor).toBeFocused();
});
