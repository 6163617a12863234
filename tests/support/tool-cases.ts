import { expect, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { Envelope } from './tools';

/**
 * One table for every registered agent tool (issue 12, "Tests that must exist"): per tool a
 * refused call that must leave the book's revision and content hash as they were, then a call
 * that succeeds and whose documented fields (tools.md §3) are checked. The same table runs
 * through each transport — `window.postextWebMcp` without the WebMCP flag, and with the flag
 * `document.modelContext.executeTool` and the CDP `WebMCP.invokeTool` path — so the three are
 * shown to behave alike.
 *
 * Cases run in order on one page and build on each other (a chapter is added, then written,
 * then removed); they work on the small `magazine-piece` sample, opened by the `open_book` case.
 */

/** Calls a tool through one transport and resolves to the answer object. */
export type Invoke = (name: string, args: Record<string, unknown>) => Promise<Envelope>;

interface CaseContext {
  page: Page;
  invoke: Invoke;
  /** Values one case leaves for a later one (ids, exported bytes). */
  memo: Record<string, unknown>;
}

export interface ToolCase {
  name: string;
  /** Arguments that must be refused with a sentence, changing nothing. */
  refuse: Record<string, unknown> | ((c: CaseContext) => Promise<Record<string, unknown>>);
  /** What the refusal's sentence must mention (what to send instead). */
  refusalSays?: RegExp;
  /** Arguments of a call that succeeds (may prepare the book through the same transport first). */
  succeed: Record<string, unknown> | ((c: CaseContext) => Promise<Record<string, unknown>>);
  /** Checks the documented fields of the answer. */
  check(answer: Envelope, c: CaseContext): Promise<void> | void;
}

/** Tools of the registry that this table leaves to their own specs, and why. */
export const COVERED_ELSEWHERE: Record<string, string> = {
  sandbox_import_word: 'Word import (not in issue 12): tests/browser/tools-word.spec.ts',
  sandbox_word_templates: 'Word import templates (not in issue 12): tests/browser/tools-word.spec.ts',
};

/** Revision and a hash of the chapters, configuration and resources: what a refused call must not move. */
export async function bookHash(page: Page): Promise<{ revision: number; hash: string }> {
  const book = await page.evaluate(() => window.postextApp!.client.getBook());
  return { revision: book.revision, hash: createHash('sha256').update(JSON.stringify([book.chapters, book.config, book.resources])).digest('hex') };
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => v as Obj;
const list = (v: unknown): Obj[] => {
  expect(Array.isArray(v), `expected an array, got ${JSON.stringify(v)?.slice(0, 200)}`).toBe(true);
  return v as Obj[];
};

/** The layout-delta block every mutating tool answers with (tools.md §2.10). */
function expectDelta(answer: Envelope): void {
  expect(typeof answer['pagesBefore']).toBe('number');
  expect(answer['pagesAfter'] as number).toBeGreaterThan(0);
  for (const c of list(answer['chapters'])) {
    expect(c).toMatchObject({ chapter: expect.any(Number), title: expect.any(String), pages: expect.any(Number) });
    expect('pagesBefore' in c).toBe(true);
  }
}

const CHAPTER = '# Table test\n\nA short chapter added by the tool table.\n';
const REWRITTEN = '# Table test\n\nRewritten by the tool table, with a second sentence.\n';

export const TOOL_CASES: ToolCase[] = [
  {
    name: 'sandbox_get_state',
    refuse: { verbose: true },
    refusalSays: /unknown parameter "verbose"/,
    succeed: {},
    check(a) {
      expect(a).toMatchObject({ ok: true, ready: true, book: { kind: 'sample', id: 'postext-guide', name: expect.any(String) }, view: { viewer: expect.any(String), panel: expect.any(String), scope: expect.any(String), chapter: expect.any(Number) } });
      const chapters = list(a['chapters']);
      expect(chapters.length).toBeGreaterThan(1);
      expect(chapters[0]).toMatchObject({ chapter: 1, id: expect.any(String), title: expect.any(String), words: expect.any(Number), pages: expect.any(Number) });
      expect(chapters.reduce((sum, c) => sum + (c['pages'] as number), 0)).toBe(a['pages']);
      expect(typeof a['resources']).toBe('number');
      expect(typeof a['warnings']).toBe('number');
    },
  },
  {
    name: 'sandbox_list_books',
    refuse: { kind: 'sample' },
    succeed: {},
    check(a) {
      expect(a).toMatchObject({ ok: true, open: { kind: 'sample', id: 'postext-guide' } });
      expect(Array.isArray(a['projects'])).toBe(true);
      const magazine = list(a['samples']).find((s) => s['id'] === 'magazine-piece');
      expect(magazine).toMatchObject({ name: 'A Quiet Harbour', locales: ['en'], openLocale: 'en' });
    },
  },
  {
    name: 'sandbox_open_book',
    refuse: { kind: 'sample', id: 'no-such-book' },
    refusalSays: /magazine-piece|sandbox_list_books/,
    succeed: { kind: 'sample', id: 'magazine-piece' },
    check(a) {
      expect(a).toMatchObject({ ok: true, book: { kind: 'sample', id: 'magazine-piece', name: 'A Quiet Harbour', language: 'en' } });
      expect(a['pages'] as number).toBeGreaterThan(0);
      expect(list(a['chapters'])).toEqual([expect.objectContaining({ chapter: 1, title: 'A Quiet Harbour', pages: a['pages'] })]);
    },
  },
  {
    name: 'sandbox_render_page',
    refuse: { chapter: 1, position: 999 },
    refusalSays: /position from 1 to/,
    succeed: { chapter: 1, position: 1, width: 300, format: 'png' },
    check(a) {
      const content = (a as unknown as { content: { type: string; text?: string; data?: string; mimeType?: string }[] }).content;
      expect(content[0]!.type).toBe('text');
      expect(JSON.parse(content[0]!.text!)).toMatchObject({ ok: true, chapter: 1, title: 'A Quiet Harbour', pages: [{ position: 1, label: expect.any(String), pixelWidth: 300, pixelHeight: expect.any(Number) }] });
      expect(content).toHaveLength(2);
      expect(content[1]).toMatchObject({ type: 'image', mimeType: 'image/png' });
      const png = Buffer.from(content[1]!.data!, 'base64');
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(300);
    },
  },
  {
    name: 'sandbox_inspect_pages',
    refuse: { chapter: 5 },
    refusalSays: /position \(1–1\)/,
    succeed: { chapter: 1 },
    check(a) {
      expect(a).toMatchObject({ ok: true, chapter: 1, title: 'A Quiet Harbour', converged: expect.any(Boolean) });
      const pages = list(a['pages']);
      expect(pages.length).toBe(a['chapterPages']);
      expect(pages[0]).toMatchObject({ position: 1, label: expect.any(String), role: expect.any(String), blank: false, figures: expect.any(Number), starts: expect.any(String) });
      expect(pages[0]!['lines'] as number).toBeGreaterThan(10);
    },
  },
  {
    name: 'sandbox_inspect_point',
    refuse: { chapter: 1, position: 1, x: 1.5, y: 0.5 },
    async succeed(c) {
      // The middle of the page's first multi-line block, from the page's own data.
      const detail = await c.invoke('sandbox_inspect_pages', { chapter: 1, position: 1 });
      const block = list(detail['blocks']).find((b) => (b['lines'] as number) > 2)!;
      const box = obj(block['box']) as { x: number; y: number; width: number; height: number };
      c.memo['pointText'] = block['text'];
      return { chapter: 1, position: 1, x: box.x + box.width / 2, y: box.y + box.height / 2 };
    },
    check(a, c) {
      expect(String(c.memo['pointText'])).toContain(String(obj(a['block'])['text']).slice(0, 40));
      expect(a).toMatchObject({ ok: true, block: { type: expect.any(String), text: expect.any(String) }, source: { chapter: 1, line: expect.any(Number), column: expect.any(Number), offset: expect.any(Number) } });
      expect(obj(a['source'])['line'] as number).toBeGreaterThan(7); // past the front matter and the heading
    },
  },
  {
    name: 'sandbox_get_warnings',
    refuse: { scope: 'chapter', chapter: 9 },
    succeed: { scope: 'chapter', chapter: 1 },
    check(a) {
      expect(a).toMatchObject({ ok: true, scope: 'chapter', total: expect.any(Number), byCategory: expect.any(Object) });
      const warnings = list(a['warnings']);
      expect(a['total'] as number).toBeGreaterThanOrEqual(warnings.length);
      expect(Object.values(obj(a['byCategory'])).reduce((s: number, n) => s + (n as number), 0)).toBe(a['total']);
      for (const w of warnings) expect(w).toMatchObject({ kind: expect.any(String), category: expect.any(String), title: expect.any(String), detail: expect.any(String) });
    },
  },
  {
    name: 'sandbox_find_setting',
    refuse: { query: 'orphan', limt: 3 },
    refusalSays: /query, limit/,
    succeed: { query: 'orphan' },
    check(a) {
      expect(list(a['paths'])).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'bodyText.avoidOrphans', effective: true })]));
      expect(list(a['sections'])[0]).toMatchObject({ section: expect.any(String), group: expect.any(String), configKeys: expect.any(Array) });
    },
  },
  {
    name: 'sandbox_get_config',
    refuse: { path: 'bodyText.fontSizze' },
    refusalSays: /bodyText\.fontSize/,
    succeed: { path: 'bodyText.fontSize' },
    check(a) {
      expect(a).toMatchObject({ ok: true, path: 'bodyText.fontSize', effective: { value: expect.any(Number), unit: expect.any(String) } });
      expect('set' in a).toBe(true);
    },
  },
  {
    name: 'sandbox_set_config',
    refuse: { changes: [{ path: 'bodyText.fontSize', value: 'huge' }] },
    refusalSays: /pt/,
    succeed: { changes: [{ path: 'bodyText.fontSize', value: '11.5pt' }] },
    check(a) {
      expect(a).toMatchObject({ ok: true, changed: [{ path: 'bodyText.fontSize', to: { value: 11.5, unit: 'pt' }, effective: { to: { value: 11.5, unit: 'pt' } } }] });
      expect('from' in list(a['changed'])[0]!).toBe(true);
      expect(Array.isArray(a['followed'])).toBe(true);
      expectDelta(a);
    },
  },
  {
    name: 'sandbox_read_text',
    refuse: { chapter: 1, fromLine: 10, toLine: 2 },
    refusalSays: /toLine/,
    succeed: { chapter: 1, fromLine: 1, toLine: 3 },
    check(a) {
      expect(a).toMatchObject({ ok: true, chapter: 1, title: 'A Quiet Harbour', fromLine: 1, toLine: 3, totalLines: expect.any(Number) });
      expect(a['text']).toMatch(/^1│---\n2│title: A Quiet Harbour\n3│/);
    },
  },
  {
    name: 'sandbox_search_text',
    refuse: { query: 'Skerrvik', limit: 0 },
    succeed: { query: 'Skerrvik', pages: true },
    check(a) {
      const matches = list(a['matches']);
      expect(a['total'] as number).toBeGreaterThan(1);
      expect(matches[0]).toMatchObject({ chapter: 1, line: expect.any(Number), column: expect.any(Number), offset: expect.any(Number), toOffset: expect.any(Number), excerpt: expect.stringContaining('Skerrvik'), page: expect.any(String) });
      expect((matches[0]!['toOffset'] as number) - (matches[0]!['offset'] as number)).toBe('Skerrvik'.length);
    },
  },
  {
    name: 'sandbox_edit_text',
    // All or nothing: the first edit would apply, the second cannot, so neither is made.
    refuse: { chapter: 1, edits: [{ find: 'The road to Skerrvik ends at the water.', replace: 'The road stops.' }, { find: 'words that are not in the article', replace: 'x' }] },
    refusalSays: /sandbox_read_text/,
    succeed: { chapter: 1, edits: [{ find: 'The road to Skerrvik ends at the water.', replace: 'The road to Skerrvik stops at the water.' }] },
    check(a) {
      expect(a).toMatchObject({ ok: true, chapter: 1, applied: [{ find: 'The road to Skerrvik ends at the water.', count: 1 }], linesChanged: [expect.any(Number), expect.any(Number)] });
      expectDelta(a);
    },
  },
  {
    name: 'sandbox_undo_text',
    refuse: { redo: true }, // nothing has been undone yet
    succeed: { steps: 1 },
    async check(a, c) {
      expect(a).toMatchObject({ ok: true, undone: { chapter: 1, tool: 'sandbox_edit_text' }, remaining: expect.any(Number) });
      expect((await c.invoke('sandbox_search_text', { query: 'Skerrvik ends at the water' }))['total']).toBe(1);
    },
  },
  {
    name: 'sandbox_manage_chapters',
    refuse: { action: 'merge', chapter: 1 },
    refusalSays: /merge chapter 2 or later/,
    succeed: { action: 'add', title: 'Table test', markdown: CHAPTER },
    check(a) {
      const chapters = list(a['chapters']);
      expect(chapters).toHaveLength(2);
      expect(chapters[1]).toMatchObject({ chapter: 2, id: expect.any(String), title: 'Table test' });
      expect(a['pagesAfter'] as number).toBeGreaterThan(a['pagesBefore'] as number);
    },
  },
  {
    name: 'sandbox_write_text',
    refuse: { chapter: 2 },
    succeed: { chapter: 2, markdown: REWRITTEN },
    async check(a, c) {
      expect(a).toMatchObject({ ok: true, chapter: 2, lines: 4, words: 11 });
      expectDelta(a);
      expect((await c.invoke('sandbox_read_text', { chapter: 2 }))['text']).toContain('3│Rewritten by the tool table');
    },
  },
  {
    name: 'sandbox_select_text',
    refuse: { chapter: 2, line: 999 },
    refusalSays: /from 1 to/,
    succeed: { chapter: 2, text: 'Rewritten' },
    check(a) {
      expect(a).toMatchObject({ ok: true, chapter: 2, line: 3, offset: REWRITTEN.indexOf('Rewritten'), toOffset: REWRITTEN.indexOf('Rewritten') + 9, text: 'Rewritten' });
    },
  },
  {
    name: 'sandbox_save_resource',
    refuse: { id: 'Not a slug!', table: { rows: [['Item', 'Price']] } },
    succeed: { id: 'prices', caption: 'Prices in the harbour', table: { rows: [['Item', 'Price'], ['Rivets', '2d']] } },
    check(a) {
      expect(a).toMatchObject({ ok: true, created: true, directive: '::resource{id="prices"}', resource: { id: 'prices', caption: 'Prices in the harbour' } });
    },
  },
  {
    name: 'sandbox_list_resources',
    refuse: { id: 'no-such-resource' },
    refusalSays: /sandbox_list_resources|No resource/,
    succeed: {},
    check(a) {
      expect(list(a['resources'])).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'prices', kind: 'table', caption: 'Prices in the harbour', uses: 0 })]));
    },
  },
  {
    name: 'sandbox_delete_resource',
    refuse: { id: 'no-such-resource' },
    succeed: { id: 'prices' },
    check(a) {
      expect(a).toMatchObject({ ok: true, deleted: 'prices', danglingReferences: 0, pagesBefore: expect.any(Number) });
    },
  },
  {
    name: 'sandbox_list_fonts',
    refuse: { limit: 0 },
    succeed: { search: '' },
    check(a) {
      const book = list(a['book']);
      expect(book.length).toBeGreaterThan(0);
      expect(book[0]).toMatchObject({ family: expect.any(String), role: expect.stringMatching(/^(body|headings|other)$/) });
      expect(list(a['catalogue']).length).toBeGreaterThan(0);
    },
  },
  {
    name: 'sandbox_save_font',
    refuse: { family: 'Table Junk', file: { base64: Buffer.from('plain text, not a font').toString('base64'), name: 'junk.ttf' } },
    refusalSays: /not a font file/,
    // A bundled file under a family name of its own (fonts.spec.ts covers the panel and reloads).
    succeed: { action: 'add', family: 'Table Mono', style: 'normal', file: { base64: readFileSync(createRequire(import.meta.url).resolve('@expo-google-fonts/source-code-pro/700Bold/SourceCodePro_700Bold.ttf')).toString('base64'), name: 'TableMono-Bold.ttf' } },
    check(a) {
      expect(a).toMatchObject({ ok: true, family: 'Table Mono', variants: [{ weight: 700, style: 'normal', format: 'ttf', fileName: 'TableMono-Bold.ttf' }] });
      expect(list(a['warnings'] as unknown).length).toBeGreaterThan(0); // the missing 400/700 × normal/italic faces
      expect(typeof a['pagesBefore']).toBe('number');
    },
  },
  {
    name: 'sandbox_remove_chapter',
    refuse: { chapter: 9 },
    refusalSays: /position \(1–2\)/,
    succeed: { chapter: 2 },
    check(a) {
      expect(a).toMatchObject({ ok: true, removed: { chapter: 2, title: 'Table test' }, chapters: [{ chapter: 1, title: 'A Quiet Harbour' }] });
      expect(a['pagesAfter'] as number).toBeLessThan(a['pagesBefore'] as number);
    },
  },
  {
    name: 'sandbox_set_view',
    refuse: { viewer: 'folio' },
    refusalSays: /"canvas"/,
    succeed: { panel: 'chapters', fit: 'width' },
    async check(a, c) {
      expect(a).toMatchObject({ ok: true, view: { viewer: 'canvas', panel: 'chapters', fit: 'width', chapter: 1 } });
      await expect(c.page.locator('#sidebar .panel-title')).toHaveText('Chapters');
    },
  },
  {
    name: 'sandbox_go_to_page',
    refuse: { page: '9999' },
    refusalSays: /pages run from/,
    succeed: { chapter: 1, position: 1 },
    async check(a, c) {
      expect(a).toMatchObject({ ok: true, view: { viewer: 'canvas', chapter: 1, position: 1, page: expect.any(String) } });
      const label = obj(a['view'])['page'];
      await expect.poll(() => c.page.evaluate(() => window.postextApp!.ui!.view().page)).toBe(label);
    },
  },
  {
    name: 'sandbox_export',
    refuse: { format: 'markdown', scope: 'book' },
    refusalSays: /one chapter at a time/,
    succeed: { format: 'config', deliver: 'data' },
    check(a) {
      expect(a).toMatchObject({ ok: true, format: 'config', fileName: expect.stringMatching(/\.json$/), mimeType: 'application/json', bytes: expect.any(Number) });
      const json = Buffer.from(a['data'] as string, 'base64');
      expect(json.byteLength).toBe(a['bytes']);
      expect(JSON.parse(json.toString('utf8'))).toMatchObject({ type: 'postext-config', version: 1, config: { bodyText: { fontSize: { value: 11.5, unit: 'pt' } } } });
    },
  },
  {
    name: 'sandbox_save_book',
    refuse: { action: 'duplicate', kind: 'project', id: 'no-such-project' },
    succeed: { action: 'copy_current', name: 'Table copy', open: false },
    check(a, c) {
      expect(a).toMatchObject({ ok: true, project: { id: expect.any(String), name: 'Table copy' }, open: false });
      c.memo['copy'] = obj(a['project'])['id'];
    },
  },
  {
    name: 'sandbox_import_book',
    refuse: { file: { base64: Buffer.from('not a zip file').toString('base64'), name: 'broken.postext' } },
    async succeed(c) {
      const exported = await c.invoke('sandbox_export', { format: 'postext', deliver: 'data' });
      expect(exported).toMatchObject({ ok: true, format: 'postext' });
      return { file: { base64: exported['data'], name: 'harbour.postext' }, open: false };
    },
    check(a, c) {
      expect(a).toMatchObject({ ok: true, project: { id: expect.any(String), name: 'A Quiet Harbour' }, language: 'en', warnings: expect.any(Array) });
      c.memo['imported'] = obj(a['project'])['id'];
    },
  },
  {
    name: 'sandbox_delete_book',
    refuse: { id: 'magazine-piece' },
    refusalSays: /sample/,
    succeed: async (c) => ({ id: c.memo['copy'] }),
    async check(a, c) {
      expect(a).toMatchObject({ ok: true, deleted: c.memo['copy'] });
      const projects = list((await c.invoke('sandbox_list_books', {}))['projects']).map((p) => p['id']);
      expect(projects).not.toContain(c.memo['copy']);
      expect(projects).toContain(c.memo['imported']);
    },
  },
  {
    name: 'sandbox_reset_to_original',
    refuse: { sample: 'no-such-sample' },
    succeed: { part: 'config' },
    check(a) {
      expect(a).toMatchObject({ ok: true, restored: ['config'], book: { kind: 'sample', id: 'magazine-piece' } });
      expect(list(a['changed'])).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'bodyText.fontSize', from: { value: 11.5, unit: 'pt' }, to: null })]));
      expectDelta(a);
    },
  },
  {
    name: 'sandbox_run_viewer',
    refuse: { action: 'play_video' },
    refusalSays: /play_video needs a viewer that plays videos/,
    succeed: { action: 'regenerate', viewer: 'pdf' },
    async check(a, c) {
      expect(a).toMatchObject({ ok: true, action: 'regenerate', viewer: 'pdf', scope: 'book', fileName: expect.stringMatching(/\.pdf$/), ms: expect.any(Number) });
      expect(a['bytes'] as number).toBeGreaterThan(1000);
      const pages = await c.page.evaluate(async () => (await window.postextApp!.client.getPages()).pages.length);
      expect(a['pages']).toBe(pages);
      await expect(c.page.locator('#tab-pdf')).toHaveAttribute('aria-selected', 'true');
      await expect(c.page.getByTestId('pdf-status')).toHaveAttribute('data-bytes', String(a['bytes']));
    },
  },
  {
    name: 'sandbox_answer',
    refuse: { dismissNotice: true }, // nothing is shown yet
    refusalSays: /nothing to dismiss/,
    async succeed(c) {
      // A pasted link to another edition opens it in place and says so in a notice.
      await c.page.evaluate(() => (location.hash = '#preset=postext-guide&lang=es'));
      await expect(c.page.getByTestId('notice')).toHaveCount(1, { timeout: 60_000 });
      return { dismissNotice: true };
    },
    async check(a, c) {
      expect(a).toMatchObject({ ok: true, dismissed: { id: expect.any(Number), text: expect.any(String) } });
      await expect(c.page.getByTestId('notice')).toHaveCount(0);
    },
  },
];

/**
 * Walks the table through one transport. Every registered tool must have a case (or a reason in
 * COVERED_ELSEWHERE), so a new tool cannot join the surface untested.
 */
export async function runToolTable(page: Page, invoke: Invoke, registered: string[]): Promise<void> {
  const covered = new Set(TOOL_CASES.map((c) => c.name));
  expect(registered.filter((n) => !covered.has(n) && !(n in COVERED_ELSEWHERE)), 'registered tools without a case').toEqual([]);
  expect([...covered].filter((n) => !registered.includes(n)), 'cases for tools that are not registered').toEqual([]);
  const c: CaseContext = { page, invoke, memo: {} };
  for (const tc of TOOL_CASES) {
    const refuseArgs = typeof tc.refuse === 'function' ? await tc.refuse(c) : tc.refuse;
    const before = await bookHash(page);
    const refused = await invoke(tc.name, refuseArgs);
    expect(refused.ok, `${tc.name} ${JSON.stringify(refuseArgs)} must be refused`).toBe(false);
    expect(typeof refused.error, `${tc.name}: a refusal carries a sentence`).toBe('string');
    expect(refused.error!.length, `${tc.name}: the sentence says what to send instead`).toBeGreaterThan(20);
    if (tc.refusalSays) expect(refused.error, `${tc.name} refusal`).toMatch(tc.refusalSays);
    expect(await bookHash(page), `${tc.name}: a refused call changes nothing`).toEqual(before);

    const args = typeof tc.succeed === 'function' ? await tc.succeed(c) : tc.succeed;
    const answer = await invoke(tc.name, args);
    if (!('content' in answer)) expect(answer.ok, `${tc.name} ${JSON.stringify(args).slice(0, 200)} → ${answer.error ?? ''}`).toBe(true);
    await tc.check(answer, c);
  }
}
