import JSZip from 'jszip';
import { expect, test } from '@playwright/test';
import { call, ready } from '../support/tools';

// ready() alone may take 60 s while other builds share the machine; the import lays the book out again.
test.describe.configure({ timeout: 180_000 });

/** Where this book begins in the longer one (bundle-format §9): page 58, a verso, in chapter 4. */
const START = { pageIndexOffset: 57, pageNumbering: { startAt: 58 }, headings: { h1: 3 } };

/** A `.postext` written by hand (bundle-format §3, §13) whose manifest carries `start`, with chapters long enough for several pages. */
async function continuedBook(): Promise<string> {
  const zip = new JSZip();
  const watch = Array.from({ length: 30 }, (_, i) => `Night ${i + 1}: the keeper trimmed the wick at dusk, wound the clockwork that turned the lens, and wrote the weather, the ships and the state of the sea in the log before dawn.`).join('\n\n');
  zip.file('preset.json', JSON.stringify({
    version: 2,
    id: 'lighthouse-continued',
    name: 'The Lighthouse Log, part two',
    locale: 'en',
    configVersion: 11,
    chapters: [{ title: 'Night watch', file: 'chapters/01-night-watch.md' }],
    config: { headings: { levels: [{ level: 1, numberingTemplate: 'Chapter {1}.' }] } },
    start: START,
  }));
  zip.file('chapters/01-night-watch.md', `# Night watch\n\n${watch}\n`);
  return (await zip.generateAsync({ type: 'nodebuffer' })).toString('base64');
}

test('a .postext with a start opens on its page number and counters, and exports the start unchanged', async ({ page }) => {
  await ready(page);
  const imported = await call(page, 'sandbox_import_book', { file: { base64: await continuedBook(), name: 'lighthouse-continued.postext' } });
  expect(imported).toMatchObject({ ok: true, project: { name: 'The Lighthouse Log, part two' } });
  expect(imported['warnings']).toEqual([]);

  const pages = await call(page, 'sandbox_inspect_pages', { chapter: 1 });
  expect(pages.ok).toBe(true);
  const rows = pages['pages'] as { label: string }[];
  expect(rows.length).toBeGreaterThan(1);
  // The first page is the longer book's 58th; labels go on from there.
  expect(rows.map((r) => r.label).slice(0, 3)).toEqual(['58', '59', '60'].slice(0, Math.min(3, rows.length)));
  // Three chapters were counted before this book: its H1 is chapter 4.
  const first = await call(page, 'sandbox_inspect_pages', { chapter: 1, page: 58 });
  const blocks = first['blocks'] as { type: string; text: string }[];
  expect(blocks.find((b) => b.type === 'heading')?.text).toMatch(/^Chapter 4\.?\s*Night watch/);

  const exported = await call(page, 'sandbox_export', { format: 'postext', deliver: 'data' });
  expect(exported).toMatchObject({ ok: true, format: 'postext' });
  const zip = await JSZip.loadAsync(Buffer.from(exported['data'] as string, 'base64'));
  const manifest = JSON.parse(await zip.file('preset.json')!.async('string')) as { start?: unknown };
  expect(manifest.start).toEqual(START);
});
