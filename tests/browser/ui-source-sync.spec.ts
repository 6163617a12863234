import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('status')).toContainText('pages');
  // Pages show while a new book is still being laid out: wait for convergence too.
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.locator('canvas[data-page-index="0"][data-painted]')).toHaveCount(1);
}

/** A point (pt) in the middle of a letter of a body word on page 0, with the word it belongs to. */
async function pickWord(page: Page): Promise<{ x: number; y: number; word: string; width: number; height: number }> {
  return page.evaluate(async () => {
    const list = (await window.postextApp!.client.getDisplayList(0))!;
    const runs = list.items.filter((i) => i.op === 1 && i.line?.role === 'body') as Extract<(typeof list.items)[number], { op: 1 }>[];
    // The fourth body line, a word of at least six letters in its middle.
    for (const run of runs.slice(3)) {
      const match = /[A-Za-z]{6,}/.exec(run.text.slice(Math.floor(run.text.length / 3)));
      if (!match) continue;
      const start = Math.floor(run.text.length / 3) + match.index + 2;
      const glyph = run.clusters.findIndex((c) => c >= start);
      if (glyph < 0 || glyph + 1 >= run.xs.length) continue;
      return { x: (run.xs[glyph]! + run.xs[glyph + 1]!) / 2, y: run.y - run.size * 0.3, word: match[0], width: list.width, height: list.height };
    }
    throw new Error('no word found');
  });
}

test('clicking a word on the canvas puts the editor caret at its source offset', async ({ page }) => {
  await openApp(page);
  // Start from another panel: the click must bring the Text panel back.
  await page.locator('[data-panel="chapters"]').click();
  const target = await pickWord(page);
  const expected = await page.evaluate(({ x, y }) => window.postextApp!.client.hitTest(0, x, y), target);
  expect(expected).not.toBeNull();
  const canvas = page.locator('canvas[data-page-index="0"]');
  const box = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: (target.x / target.width) * box.width, y: (target.y / target.height) * box.height } });

  await expect(page.locator('[data-panel="text"]')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => page.evaluate(() => window.postextApp!.ui!.selection())).toEqual({ chapterId: expected!.chapterId, from: expected!.offset, to: expected!.offset });
  // The offset really is inside the clicked word of the chapter source.
  const around = await page.evaluate(async ({ chapterId, offset }) => {
    const book = await window.postextApp!.client.getBook();
    const text = book.chapters.find((c) => c.id === chapterId)!.text;
    let a = offset;
    let b = offset;
    while (a > 0 && /[A-Za-z]/.test(text[a - 1]!)) a--;
    while (b < text.length && /[A-Za-z]/.test(text[b]!)) b++;
    return text.slice(a, b);
  }, expected!);
  expect(around).toBe(target.word);
  // The editor has focus, so typing goes there.
  await expect(page.getByRole('textbox', { name: /chapter source/i })).toBeFocused();

  // The caret is drawn on the page's overlay canvas (never into the page canvas).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const overlay = document.querySelector<HTMLCanvasElement>('.page-slot[data-index="0"] .overlay-canvas')!;
        // (An overlay with nothing to show has no bitmap yet: no pixels.)
        if (overlay.width === 0 || overlay.height === 0) return 0;
        const data = overlay.getContext('2d')!.getImageData(0, 0, overlay.width, overlay.height).data;
        let blue = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 100 && data[i + 2]! > 200 && data[i]! < 80) blue++;
        return blue;
      }),
    )
    .toBeGreaterThan(5);
});

test('a selection in the editor is highlighted on the pages', async ({ page }) => {
  await openApp(page);
  const editor = page.getByRole('textbox', { name: /chapter source/i });
  await editor.click();
  await editor.press('Control+Home');
  // Select the first lines (front matter and the title).
  for (let i = 0; i < 12; i++) await editor.press('Shift+ArrowDown');
  const selection = await page.evaluate(() => window.postextApp!.ui!.selection());
  expect(selection!.to).toBeGreaterThan(selection!.from);
  const rects = await page.evaluate((s) => window.postextApp!.client.sourceRects(s!.chapterId, s!.from, s!.to), selection);
  expect(rects.length).toBeGreaterThan(0);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const overlay = document.querySelector<HTMLCanvasElement>('.page-slot[data-index="0"] .overlay-canvas')!;
        // (An overlay with nothing to show has no bitmap yet: no pixels.)
        if (overlay.width === 0 || overlay.height === 0) return 0;
        const data = overlay.getContext('2d')!.getImageData(0, 0, overlay.width, overlay.height).data;
        let yellow = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 60 && data[i]! > 200 && data[i + 1]! > 180 && data[i + 2]! < 120) yellow++;
        return yellow;
      }),
    )
    .toBeGreaterThan(100);
  // The page canvas itself is untouched by the highlight: it matches the worker raster as before.
  const pagePixelsYellow = await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-page-index="0"]')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let yellow = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! > 230 && data[i + 1]! > 200 && data[i + 2]! < 120) yellow++;
    return yellow;
  });
  expect(pagePixelsYellow).toBe(0);
});
