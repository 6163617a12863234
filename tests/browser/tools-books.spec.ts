import { expect, test } from '@playwright/test';
import { call, ready } from '../support/tools';

// ready() alone may take 60 s while other builds share the machine; each test gets room for its own calls after it.
test.describe.configure({ timeout: 180_000 });

test('book tools: list, open an edition, keep a copy, export, delete and import it back', async ({ page }) => {
  await ready(page);
  const list = await call(page, 'sandbox_list_books', {});
  expect(list).toMatchObject({ ok: true, open: { kind: 'sample', id: 'postext-guide' } });
  const samples = list['samples'] as { id: string; locales: string[] }[];
  expect(samples.find((s) => s.id === 'postext-guide')!.locales).toEqual(expect.arrayContaining(['en', 'es', 'ar']));

  const spanish = await call(page, 'sandbox_open_book', { kind: 'sample', id: 'postext-guide', language: 'es' });
  expect(spanish).toMatchObject({ ok: true, book: { kind: 'sample', id: 'postext-guide', language: 'es' } });
  expect(spanish['pages'] as number).toBeGreaterThan(3);
  expect((await call(page, 'sandbox_open_book', { kind: 'sample', id: 'no-such-book' })).ok).toBe(false);

  const copy = await call(page, 'sandbox_save_book', { action: 'copy_current', name: 'Mi guía' });
  expect(copy).toMatchObject({ ok: true, project: { name: 'Mi guía' }, open: true });
  const projectId = (copy['project'] as { id: string }).id;
  await call(page, 'sandbox_edit_text', { chapter: 1, edits: [{ find: '# ', replace: '# Copia: ' }] });
  const firstLines = (await call(page, 'sandbox_read_text', { chapter: 1 }))['text'] as string;

  const exported = await call(page, 'sandbox_export', { format: 'postext', deliver: 'data' });
  expect(exported).toMatchObject({ ok: true, format: 'postext', mimeType: 'application/zip' });
  const data = exported['data'] as string;
  expect(Buffer.from(data, 'base64').subarray(0, 2).toString()).toBe('PK');

  const deleted = await call(page, 'sandbox_delete_book', { id: projectId });
  expect(deleted).toMatchObject({ ok: true, deleted: projectId, opened: { id: 'postext-guide' } });
  expect(((await call(page, 'sandbox_list_books', {}))['projects'] as { id: string }[]).some((p) => p.id === projectId)).toBe(false);
  expect((await call(page, 'sandbox_delete_book', { id: 'postext-guide' })).error).toMatch(/sample/);

  const inspected = await call(page, 'sandbox_import_book', { file: { base64: data, name: 'mi-guia.postext' }, inspect: true });
  expect(inspected).toMatchObject({ ok: true, name: 'Mi guía' });
  const imported = await call(page, 'sandbox_import_book', { file: { base64: data, name: 'mi-guia.postext' } });
  expect(imported).toMatchObject({ ok: true, project: { name: 'Mi guía' } });
  expect((await call(page, 'sandbox_read_text', { chapter: 1 }))['text']).toBe(firstLines);
});
