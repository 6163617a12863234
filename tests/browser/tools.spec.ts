import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';

import { call, ready, type Envelope } from '../support/tools';

// ready() alone may take 60 s while other builds share the machine; each test gets room for its own calls after it.
test.describe.configure({ timeout: 180_000 });

/** Revision and a hash of every chapter's text and the config: what a refused call must not move. */
async function bookHash(page: Page): Promise<{ revision: number; hash: string }> {
  const book = await page.evaluate(() => window.postextApp!.client.getBook());
  return { revision: book.revision, hash: createHash('sha256').update(JSON.stringify([book.chapters, book.config])).digest('hex') };
}

test.describe('tools through window.postextWebMcp (no WebMCP flag)', () => {
  test('list, state, text reading and searching answer the documented fields', async ({ page }) => {
    await ready(page);
    const names = await page.evaluate(() => window.postextWebMcp!.listTools().map((t) => t.name));
    expect(names).toEqual(expect.arrayContaining(['sandbox_get_state', 'sandbox_set_config', 'sandbox_edit_text', 'sandbox_render_page', 'sandbox_inspect_pages']));
    expect(await page.evaluate(() => (document as unknown as { modelContext?: unknown }).modelContext)).toBeUndefined();

    const state = await call(page, 'sandbox_get_state', {});
    expect(state).toMatchObject({ ok: true, ready: true, book: { id: 'postext-guide', kind: 'sample' } });
    const chapters = state['chapters'] as { chapter: number; id: string; title: string; words: number; pages: number }[];
    expect(chapters.length).toBeGreaterThanOrEqual(6);
    expect(chapters[0]).toMatchObject({ chapter: 1, title: 'Welcome' });
    expect(chapters[0]!.words).toBeGreaterThan(300);
    expect(chapters.reduce((sum, c) => sum + c.pages, 0)).toBe(state['pages']);

    const read = await call(page, 'sandbox_read_text', { chapter: 1, fromLine: 1, toLine: 3 });
    expect(read).toMatchObject({ ok: true, chapter: 1, fromLine: 1, toLine: 3 });
    expect(read['text']).toMatch(/^1│---\n2│title: /);

    const found = await call(page, 'sandbox_search_text', { query: 'baseline grid', pages: true });
    expect(found['ok']).toBe(true);
    const matches = found['matches'] as { chapter: number; line: number; page: string | null }[];
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.some((m) => typeof m.page === 'string')).toBe(true);

    const settings = await call(page, 'sandbox_find_setting', { query: 'orphan' });
    expect((settings['paths'] as { path: string }[]).map((p) => p.path)).toContain('bodyText.avoidOrphans');
  });

  test('set_config answers with the change report and the pages; inspect_pages already shows the change', async ({ page }) => {
    await ready(page);
    const before = await call(page, 'sandbox_get_state', {});
    const result = await call(page, 'sandbox_set_config', { changes: [{ path: 'bodyText.fontSize', value: '10.5pt' }] });
    expect(result).toMatchObject({ ok: true, changed: [{ path: 'bodyText.fontSize', from: null, to: { value: 10.5, unit: 'pt' } }], pagesBefore: before['pages'] });
    expect(result['pagesAfter'] as number).toBeGreaterThan(result['pagesBefore'] as number);
    expect((result['followed'] as unknown[]).length).toBeGreaterThan(0);
    expect((result['chapters'] as unknown[]).length).toBeGreaterThan(0);
    // Right after the answer, without waiting, the pages are the new ones.
    const summary = await call(page, 'sandbox_inspect_pages', { chapter: 1 });
    const state = await call(page, 'sandbox_get_state', {});
    expect(state['pages']).toBe(result['pagesAfter']);
    expect((summary['pages'] as unknown[]).length).toBe((state['chapters'] as { pages: number }[])[0]!.pages);
    // Undo by sending `from` back.
    const undo = await call(page, 'sandbox_set_config', { changes: [{ path: 'bodyText.fontSize', value: null }] });
    expect(undo['pagesAfter']).toBe(before['pages']);
  });

  test('edit_text is exact, all or nothing, and undoable; refusals change nothing', async ({ page }) => {
    await ready(page);
    const start = await bookHash(page);
    for (const [name, args] of [
      ['sandbox_edit_text', { chapter: 1, edits: [{ find: 'This book is about', replace: 'This guide is about' }, { find: 'no such words here', replace: 'x' }] }],
      ['sandbox_edit_text', { chapter: 1, edits: [{ find: 'the', replace: 'THE' }] }],
      ['sandbox_edit_text', { chapter: 99, edits: [{ find: 'a', replace: 'b' }] }],
      ['sandbox_set_config', { changes: [{ path: 'bodyText.fontSize', value: 'huge' }] }],
      ['sandbox_set_config', { chnages: [] }],
      ['sandbox_remove_chapter', {}],
    ] as const) {
      const refused = await call(page, name, args);
      expect(refused.ok, `${name} ${JSON.stringify(args)}`).toBe(false);
      expect(refused.error!.length).toBeGreaterThan(20);
    }
    expect(await bookHash(page)).toEqual(start);

    const edit = await call(page, 'sandbox_edit_text', { chapter: 1, edits: [{ find: 'This book is about', replace: 'This guide is about' }] });
    expect(edit).toMatchObject({ ok: true, chapter: 1, applied: [{ find: 'This book is about', count: 1 }] });
    const pageText = await page.evaluate(async () => {
      const client = window.postextApp!.client;
      return JSON.stringify((await client.getDisplayList(0))!.items.map((i) => ('text' in i ? i.text : '')));
    });
    expect(pageText).toContain('This guide is about');
    const undo = await call(page, 'sandbox_undo_text', {});
    expect(undo).toMatchObject({ ok: true, undone: { tool: 'sandbox_edit_text' }, remaining: 0 });
    expect((await bookHash(page)).hash).toBe(start.hash);
  });

  test('render_page answers in MCP content form with a decodable picture; inspect_point finds the source', async ({ page }) => {
    await ready(page);
    const rendered = (await call(page, 'sandbox_render_page', { chapter: 1, position: 1, width: 600, format: 'png' })) as unknown as { content: { type: string; text?: string; data?: string; mimeType?: string }[] };
    expect(rendered.content[0]!.type).toBe('text');
    expect(JSON.parse(rendered.content[0]!.text!)).toMatchObject({ ok: true, chapter: 1, pages: [{ position: 1, pixelWidth: 600 }] });
    const image = rendered.content[1]!;
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const png = Buffer.from(image.data!, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const point = await call(page, 'sandbox_inspect_point', { chapter: 1, position: 1, x: 0.3, y: 0.2 });
    expect(point).toMatchObject({ ok: true, source: { chapter: 1 } });
    expect((point['source'] as { line: number }).line).toBeGreaterThan(5);
  });

  test('render_page printPreview shows the sheet: bleed band and trim guide; crop marks with cut lines on, left out when trimmed', async ({ page }) => {
    await ready(page);
    type Rendered = { content: { type: string; text?: string; data?: string }[] };
    const picture = async (args: Record<string, unknown>): Promise<{ meta: Record<string, unknown>; png: PNG }> => {
      const answer = (await call(page, 'sandbox_render_page', { chapter: 1, position: 1, width: 500, format: 'png', ...args })) as unknown as Rendered;
      const meta = (JSON.parse(answer.content[0]!.text!) as { pages: Record<string, unknown>[] }).pages[0]!;
      return { meta, png: PNG.sync.read(Buffer.from(answer.content[1]!.data!, 'base64')) };
    };
    const pixel = (png: PNG, x: number, y: number): number[] => {
      const i = (png.width * y + x) * 4;
      return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
    };
    const plain = await picture({});
    const preview = await picture({ printPreview: true });
    expect(plain.meta['printPreview']).toBe(false);
    expect(preview.meta['printPreview']).toBe(true);
    // Same width, more sheet: the bleed (3 mm by default) on every side makes the picture squarer.
    expect(preview.png.width).toBe(500);
    expect(preview.png.height / preview.png.width).toBeLessThan(plain.png.height / plain.png.width);
    // The corner lies in the bleed band: white paper tinted magenta (red and blue above green).
    const [r, g, b] = pixel(preview.png, 1, 1);
    expect(r! - g!).toBeGreaterThan(8);
    expect(b! - g!).toBeGreaterThan(8);

    const before = await call(page, 'sandbox_set_config', { changes: [{ path: 'page.cutLines.enabled', value: true }] });
    expect(before).toMatchObject({ ok: true });
    const marked = await picture({ printPreview: true });
    const trimmed = await picture({ printPreview: true, trimmed: true });
    // The crop-mark margin (offset + mark length beyond the bleed) is on the sheet unless trimmed.
    expect(marked.png.height / marked.png.width).toBeLessThan(trimmed.png.height / trimmed.png.width);
    // A crop mark: grey-to-black pixels (every channel low, unlike the blue trim and magenta bleed
    // guides) in the top-left corner outside the text, none there when trimmed.
    const darkInMarkArea = (png: PNG): boolean => {
      for (let y = 0; y < png.height / 6; y++) for (let x = 0; x < png.width / 20; x++) if (Math.max(...pixel(png, x, y)) < 160) return true;
      return false;
    };
    expect(darkInMarkArea(marked.png)).toBe(true);
    expect(darkInMarkArea(trimmed.png)).toBe(false);
  });
});

test('export hands out the design and a chapter, as data or as a download', async ({ page }) => {
  await ready(page);
  await call(page, 'sandbox_set_config', { changes: [{ path: 'page.margins.top', value: '2.5cm' }] });
  const config = await call(page, 'sandbox_export', { format: 'config', deliver: 'data' });
  expect(config).toMatchObject({ ok: true, format: 'config', mimeType: 'application/json' });
  const parsed = JSON.parse(Buffer.from(config['data'] as string, 'base64').toString('utf8'));
  expect(parsed).toMatchObject({ type: 'postext-config', version: 1, config: { page: { margins: { top: { value: 2.5, unit: 'cm' } } } } });
  const download = page.waitForEvent('download');
  const markdown = await call(page, 'sandbox_export', { format: 'markdown', chapter: 2 });
  expect(markdown).toMatchObject({ ok: true, fileName: expect.stringMatching(/-02-.+\.md$/) });
  const file = await download;
  expect(file.suggestedFilename()).toBe(markdown['fileName']);
  expect((await call(page, 'sandbox_export', { format: 'markdown', scope: 'book' })).ok).toBe(false);
});

test('the scripted flow of tools.md §1.2 works against /ar/sandbox', async ({ page }) => {
  await ready(page, '/ar/sandbox');
  const rendered = (await call(page, 'sandbox_render_page', { chapter: 1, position: 1, width: 1200, format: 'png' })) as unknown as { content: { type: string; data?: string }[] };
  const data = rendered.content.find((p) => p.type === 'image')!.data!;
  const png = Buffer.from(data, 'base64');
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(png.readUInt32BE(16)).toBe(1200); // IHDR width
});
