import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolRegistry } from '../../../src/tools';
import { ToolRegistry, defineTool } from '../../../src/tools/registry';
import type { BookClient } from '../../../src/worker/protocol/client';

const echo = new ToolRegistry([
  defineTool({
    name: 'demo_echo',
    title: 'Echo',
    description: 'Echoes its word.',
    input: z.object({ word: z.string(), times: z.number().int().min(1).default(1), mode: z.enum(['loud', 'quiet']).optional() }).strict(),
    annotations: { readOnlyHint: true },
    async run(args) {
      return { ok: true, said: Array(args.times).fill(args.word).join(' ') };
    },
  }),
  defineTool({
    name: 'demo_boom',
    title: 'Boom',
    description: 'Always throws.',
    input: z.object({}).strict(),
    annotations: {},
    async run() {
      throw new Error('kaboom');
    },
  }),
]);

describe('the tool registry', () => {
  it('validates before running: a misspelt parameter is refused with the valid names', async () => {
    const result = await echo.execute('demo_echo', { wrod: 'hi' });
    expect(result).toMatchObject({ ok: false, valid: ['word', 'times', 'mode'] });
    expect((result as { error: string }).error).toMatch(/unknown parameter "wrod".*word, times, mode/);
  });

  it('names the parameter and the allowed values of an enum', async () => {
    const result = (await echo.execute('demo_echo', { word: 'hi', mode: 'shouty' })) as { ok: boolean; error: string };
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/mode must be one of "loud", "quiet"/);
  });

  it('fills defaults and answers with data at the top level', async () => {
    expect(await echo.execute('demo_echo', { word: 'hi', times: 2 })).toEqual({ ok: true, said: 'hi hi' });
  });

  it('never throws: unknown tools, bad argument types and throwing handlers become envelopes', async () => {
    expect(await echo.execute('nope', {})).toMatchObject({ ok: false, valid: ['demo_echo', 'demo_boom'] });
    expect(await echo.execute('demo_echo', 'text')).toMatchObject({ ok: false });
    expect(await echo.execute('demo_boom', {})).toMatchObject({ ok: false, error: expect.stringContaining('kaboom') });
  });

  it('runs calls one at a time, in order', async () => {
    const order: number[] = [];
    const slow = new ToolRegistry([
      defineTool({
        name: 'demo_wait',
        title: 'Wait',
        description: 'Waits.',
        input: z.object({ n: z.number(), ms: z.number() }).strict(),
        annotations: {},
        async run(args) {
          await new Promise((r) => setTimeout(r, args.ms));
          order.push(args.n);
          return { ok: true };
        },
      }),
    ]);
    await Promise.all([slow.execute('demo_wait', { n: 1, ms: 30 }), slow.execute('demo_wait', { n: 2, ms: 1 })]);
    expect(order).toEqual([1, 2]);
  });

  it('publishes JSON Schemas that forbid unknown properties', () => {
    for (const tool of createToolRegistry({} as BookClient).describe()) {
      expect(tool.inputSchema['type']).toBe('object');
      expect(tool.inputSchema['additionalProperties']).toBe(false);
      expect(tool.name).toMatch(/^sandbox_[a-z_]+$/);
      expect(tool.description.length).toBeGreaterThan(60);
    }
  });

  it('keeps the tool surface (names, annotations, schemas) under review', async () => {
    const surface = createToolRegistry({} as BookClient)
      .describe()
      .map((t) => ({ name: t.name, title: t.title, annotations: t.annotations, inputSchema: t.inputSchema }));
    await expect(JSON.stringify(surface, null, 2) + '\n').toMatchFileSnapshot('./tool-surface.snapshot.json');
  });

  it('carries the annotation matrix of tools.md §5', () => {
    const byName = new Map(createToolRegistry({} as BookClient).describe().map((t) => [t.name, t.annotations]));
    for (const name of ['sandbox_get_state', 'sandbox_render_page', 'sandbox_inspect_pages', 'sandbox_inspect_point', 'sandbox_get_config', 'sandbox_read_text', 'sandbox_search_text', 'sandbox_list_books', 'sandbox_export']) {
      expect(byName.get(name)).toMatchObject({ readOnlyHint: true, untrustedContentHint: true });
    }
    expect(byName.get('sandbox_find_setting')).toEqual({ readOnlyHint: true });
    for (const name of ['sandbox_set_config', 'sandbox_edit_text', 'sandbox_write_text', 'sandbox_undo_text', 'sandbox_manage_chapters', 'sandbox_open_book', 'sandbox_save_book', 'sandbox_import_book']) {
      expect(byName.get(name)).toEqual({ untrustedContentHint: true });
    }
    expect(byName.get('sandbox_remove_chapter')).toEqual({ consequentialHint: true, untrustedContentHint: true, destructiveHint: true });
    expect(byName.get('sandbox_delete_book')).toEqual({ consequentialHint: true, untrustedContentHint: true, destructiveHint: true });
    expect(byName.get('sandbox_reset_to_original')).toEqual({ consequentialHint: true, untrustedContentHint: true, destructiveHint: true });
    expect(byName.get('sandbox_answer')).toEqual({ consequentialHint: true, destructiveHint: true });
    expect(byName.get('sandbox_import_word')).toEqual({ consequentialHint: true, untrustedContentHint: true, destructiveHint: true });
    expect(byName.get('sandbox_word_templates')).toEqual({ untrustedContentHint: true });
    for (const name of ['sandbox_list_resources', 'sandbox_list_fonts']) expect(byName.get(name)).toEqual({ readOnlyHint: true, untrustedContentHint: true });
    expect(byName.get('sandbox_save_resource')).toEqual({ untrustedContentHint: true });
    expect(byName.get('sandbox_save_font')).toEqual({ untrustedContentHint: true });
    expect(byName.get('sandbox_delete_resource')).toEqual({ consequentialHint: true, untrustedContentHint: true, destructiveHint: true });
    expect(byName.get('sandbox_select_text')).toEqual({ untrustedContentHint: true });
    for (const name of ['sandbox_set_view', 'sandbox_go_to_page', 'sandbox_run_viewer']) expect(byName.get(name)).toEqual({});
  });

  it('lists only tools of the contract (tools.md §10), each once', () => {
    const contract = new Set([
      'sandbox_get_state', 'sandbox_render_page', 'sandbox_inspect_pages', 'sandbox_inspect_point',
      'sandbox_read_text', 'sandbox_write_text', 'sandbox_edit_text', 'sandbox_undo_text', 'sandbox_select_text', 'sandbox_search_text', 'sandbox_manage_chapters', 'sandbox_remove_chapter',
      'sandbox_get_config', 'sandbox_set_config', 'sandbox_find_setting', 'sandbox_reset_to_original',
      'sandbox_set_view', 'sandbox_go_to_page', 'sandbox_run_viewer',
      'sandbox_list_resources', 'sandbox_save_resource', 'sandbox_delete_resource', 'sandbox_list_fonts', 'sandbox_save_font',
      'sandbox_inspect_comic', 'sandbox_edit_comic',
      'sandbox_list_books', 'sandbox_open_book', 'sandbox_save_book', 'sandbox_delete_book', 'sandbox_import_book', 'sandbox_export',
      'sandbox_import_word', 'sandbox_word_templates', 'sandbox_answer', 'sandbox_get_warnings',
    ]);
    expect(contract.size).toBe(36);
    const names = createToolRegistry({} as BookClient).names();
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => !contract.has(n))).toEqual([]);
  });

  it('view tools without a Sandbox on screen refuse and say so', async () => {
    const registry = createToolRegistry({} as BookClient);
    for (const [name, args] of [['sandbox_set_view', { panel: 'design' }], ['sandbox_go_to_page', { page: 3 }], ['sandbox_select_text', { line: 2 }], ['sandbox_answer', { dismissNotice: true }], ['sandbox_run_viewer', { action: 'regenerate', viewer: 'pdf' }]] as const) {
      const result = (await registry.execute(name, args)) as { ok: boolean; error: string };
      expect(result.ok, name).toBe(false);
      expect(result.error, name).toMatch(/not on screen/);
    }
  });

  it('run_viewer offers only buttons that exist, and says why the others are missing', async () => {
    const registry = createToolRegistry({} as BookClient);
    const schema = registry.describe().find((t) => t.name === 'sandbox_run_viewer')!.inputSchema as { properties: Record<string, { enum?: string[] }>; required: string[] };
    expect(schema.properties['action']!.enum).toEqual(['regenerate', 'print']);
    expect(schema.properties['viewer']!.enum).toEqual(['pdf', 'epub']);
    expect(schema.required).toEqual(['action']);
    const video = (await registry.execute('sandbox_run_viewer', { action: 'play_video' })) as { ok: boolean; error: string; valid: string[] };
    expect(video.ok).toBe(false);
    expect(video.error).toMatch(/action must be one of "regenerate", "print" \(play_video needs a viewer that plays videos/);
    // The EPUB tab has a Regenerate button: the call is valid and only wants a Sandbox on screen.
    const epub = (await registry.execute('sandbox_run_viewer', { action: 'regenerate', viewer: 'epub' })) as { ok: boolean; error: string };
    expect(epub.error).toMatch(/not on screen/);
    const folio = (await registry.execute('sandbox_run_viewer', { action: 'regenerate', viewer: 'folio' })) as { ok: boolean; error: string };
    expect(folio.error).toMatch(/viewer must be one of "pdf", "epub"/);
    const other = (await registry.execute('sandbox_run_viewer', { action: 'reload' })) as { ok: boolean; error: string };
    expect(other.error).toMatch(/action must be one of "regenerate", "print"\.$/);
  });

  it('an image tool refuses in both shapes: the envelope and MCP content with isError (tools.md §2.3)', async () => {
    const registry = createToolRegistry({} as BookClient);
    const refused = (await registry.execute('sandbox_render_page', { widht: 800 })) as { ok: boolean; error: string; isError: boolean; content: { type: string; text: string }[] };
    expect(refused).toMatchObject({ ok: false, isError: true });
    expect(refused.error).toMatch(/unknown parameter "widht"/);
    expect(refused.content).toEqual([{ type: 'text', text: refused.error }]);
    expect(await registry.execute('sandbox_get_state', { x: 1 })).not.toHaveProperty('isError');
  });
});
