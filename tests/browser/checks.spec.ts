import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1', { timeout: 60_000 });
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
}

type Answer = { ok: boolean; scope: string; total: number; byCategory: Record<string, number>; warnings: Record<string, unknown>[] };
/** What the activity bar shows for a count. */
const badge = (n: number) => (n > 99 ? '99+' : String(n));
const warningsOf = (page: Page, args: Record<string, unknown>) => page.evaluate(async (a) => (await window.postextWebMcp!.executeTool('sandbox_get_warnings', a)) as unknown, args) as Promise<Answer>;

test('Checks: groups by category with counts, a live badge, and an entry opens its source and page', async ({ page }) => {
  await openApp(page);
  // The badge and the panel show what sandbox_get_warnings answers for the whole book.
  const before = await warningsOf(page, { scope: 'book' });
  expect(before.ok).toBe(true);
  await expect(page.getByTestId('checks-badge')).toHaveText(badge(before.total));
  await page.locator('[data-panel="checks"]').click();
  const order = ['fonts', 'resources', 'markup', 'design', 'typesetting', 'preflight', 'browser', 'comics'];
  const categories = Object.keys(before.byCategory).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  await expect(page.locator('.check-group')).toHaveCount(categories.length);
  expect(await page.locator('.check-group').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-category')))).toEqual(categories);
  for (const category of categories) await expect(page.getByTestId(`checks-count-${category}`)).toHaveText(String(before.byCategory[category]));

  // An agent writes an unknown directive and an unclosed code fence into chapter 2: two markup warnings more.
  const { offset, chapterId } = await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const end = book.chapters[1]!.text.length;
    await client.apply({ origin: 'agent', baseRevision: book.revision, ops: [{ type: 'text', chapterId: book.chapters[1]!.id, from: end, to: end, insert: '\n\n:::frobnicate\n\nText.\n\n```\nnever closed\n' }] });
    return { offset: end + 2, chapterId: book.chapters[1]!.id };
  });
  const after = await warningsOf(page, { scope: 'book' });
  expect(after.total).toBe(before.total + 2);
  expect(after.byCategory['markup']).toBe((before.byCategory['markup'] ?? 0) + 2);
  await expect(page.getByTestId('checks-badge')).toHaveText(badge(after.total));
  await expect(page.getByTestId('checks-count-markup')).toHaveText(String(after.byCategory['markup']));

  // sandbox_get_warnings answers the documented shape for the chapter.
  const chapter = await warningsOf(page, { chapter: 2, category: 'markup' });
  expect(chapter).toMatchObject({ ok: true, scope: 'chapter', total: 2, byCategory: { markup: 2 } });
  const directive = chapter.warnings.find((w) => w['kind'] === 'unknownDirective')!;
  expect(directive).toMatchObject({ category: 'markup', severity: 'warning', title: 'Unknown directive', chapter: 2, chapterId, offset, toOffset: offset + ':::frobnicate'.length, page: expect.any(String) });
  expect(String(directive['detail'])).toContain('frobnicate');
  expect(directive['line']).toBeGreaterThan(1);

  // Clicking the entry opens chapter 2 in the Text panel with the source selected, and shows its page.
  const entry = page.locator('.check-entry[data-kind="unknownDirective"]');
  await expect(entry).toContainText(`Ch. 2 · Line ${directive['line']} · p. ${directive['page']}`);
  await entry.click();
  await expect(page.locator('[data-panel="text"]')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => page.evaluate(() => window.postextApp!.ui!.selection())).toEqual({ chapterId, from: offset, to: offset + ':::frobnicate'.length });
  await expect.poll(() => page.evaluate(() => window.postextApp!.ui!.view().page)).toBe(directive['page']);
  await expect.poll(() => page.evaluate(() => window.postextApp!.ui!.view().chapterId)).toBe(chapterId);
});

test('Checks: "All clear" for a book without warnings', async ({ page }) => {
  await openApp(page);
  // A clean single chapter: the agent replaces the book's text and the design's unapplied settings
  // stay; the guide's figures and table, cited by no text any more, go too (else: unusedResource).
  const total = await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const ops = [
      ...book.chapters.slice(1).map((c) => ({ type: 'chapter.remove' as const, chapterId: c.id })),
      ...book.resources.map((r) => ({ type: 'resource.delete' as const, id: r.id })),
    ];
    const first = book.chapters[0]!;
    const result = await client.apply({ origin: 'agent', baseRevision: book.revision, ops: [...ops, { type: 'text', chapterId: first.id, from: 0, to: first.text.length, insert: '# Clean\n\nA short and plain paragraph.\n' }, { type: 'config.replace', config: {} }] as never });
    if (!result.ok) throw new Error(result.error);
    await client.awaitConvergence(result.revision);
    return (await client.getWarnings()).total;
  });
  expect(total).toBe(0);
  await page.locator('[data-panel="checks"]').click();
  await expect(page.getByTestId('checks-badge')).toHaveText('0');
  await expect(page.getByTestId('checks-clear')).toHaveText('All clear');
});

test('Checks: an entry naming a setting opens the Design panel at it; one naming a resource opens the Resources panel at it', async ({ page }) => {
  // Two relayouts and two panel switches: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  await openApp(page);
  // A gutter on one-column pages (settingWithoutEffect, path layout.gutterWidth) and a table nothing places (unusedResource).
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const result = await client.apply({
      origin: 'agent',
      baseRevision: book.revision,
      ops: [
        { type: 'config.set', path: 'layout.layoutType', value: 'single' },
        { type: 'config.set', path: 'layout.gutterWidth', value: '1cm' },
        { type: 'resource.put', resource: { id: 'spare-table', typeId: 'table', kind: 'table', table: { model: { rows: [[{ content: 'A' }, { content: 'B' }]] } } } },
      ] as never,
    });
    if (!result.ok) throw new Error(result.error);
    await client.awaitConvergence(result.revision);
  });
  const setting = (await warningsOf(page, { scope: 'book', category: 'design' })).warnings.find((w) => w['kind'] === 'settingWithoutEffect');
  expect(setting).toMatchObject({ path: 'layout.gutterWidth', severity: 'info' });
  expect(String(setting!['detail'])).toContain('layout.layoutType');

  await page.locator('[data-panel="checks"]').click();
  const entry = page.locator('.check-entry[data-kind="settingWithoutEffect"]');
  await expect(entry).toContainText('layout.gutterWidth');
  const editorSelection = await page.evaluate(() => window.postextApp!.ui!.selection());
  await entry.click();
  await expect(page.locator('[data-panel="design"]')).toHaveAttribute('aria-pressed', 'true');
  // The row is shown although the Design panel hides it on one-column pages, marked, in view, and its control has the focus.
  const row = page.locator('.design-row[data-path="layout.gutterWidth"]');
  await expect(row).toHaveClass(/design-row-focused/);
  await expect(row).toBeInViewport();
  await expect.poll(() => row.evaluate((r) => r.contains(document.activeElement))).toBe(true);
  // A setting entry does not move the editor (tools.md §7.9).
  expect(await page.evaluate(() => window.postextApp!.ui!.selection())).toEqual(editorSelection);

  await page.locator('[data-panel="checks"]').click();
  const unused = page.locator('.check-entry[data-kind="unusedResource"]').filter({ hasText: 'spare-table' });
  await unused.click();
  await expect(page.locator('[data-panel="resources"]')).toHaveAttribute('aria-pressed', 'true');
  const resourceRow = page.locator('.resource-row[data-resource="spare-table"]');
  await expect(resourceRow).toHaveAttribute('aria-current', 'true');
  await expect(resourceRow).toBeInViewport();
});
