/** Books and files (tools.md §3.7): list, open, save, delete and import books. */
import { z } from 'zod';
import type { BookSnapshot } from '../../worker/protocol/messages';
import { chapterTitle, isFailure, readyBook, type ToolContext } from '../context';
import { defineTool, fail, type ToolResult, type ToolSpec } from '../registry';

/** Largest file a tool accepts (tools.md §2.14), bytes. */
const FILE_LIMIT = 50 * 1024 * 1024;

export const FileArg = z
  .object({
    url: z.string().min(1).optional().describe('An https: URL the page may fetch (CORS), or a data: URL.'),
    base64: z.string().min(1).optional().describe('The file’s bytes, base64.'),
    name: z.string().optional(),
    mimeType: z.string().optional(),
  })
  .strict()
  .describe('A file: exactly one of url or base64.');

/** Reads a file argument into bytes, or says what to send instead. */
export async function readFileArg(file: z.infer<typeof FileArg>): Promise<Uint8Array | ToolResult> {
  if ((file.url === undefined) === (file.base64 === undefined)) return fail('Give the file as exactly one of url or base64.');
  try {
    if (file.base64 !== undefined) {
      const binary = atob(file.base64.replace(/\s+/g, ''));
      if (binary.length > FILE_LIMIT) return fail('The file is larger than 50 MB; send a smaller file.');
      return Uint8Array.from(binary, (c) => c.charCodeAt(0));
    }
    const response = await fetch(file.url!);
    if (!response.ok) return fail(`Fetching ${file.url} answered ${response.status}; send the file as base64 or a data: URL instead.`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > FILE_LIMIT) return fail('The file is larger than 50 MB; send a smaller file.');
    return bytes;
  } catch (error) {
    return fail(`The file could not be read (${error instanceof Error ? error.message : String(error)}); a fetch blocked by CORS works as base64 or a data: URL.`);
  }
}

/** The reference calls samples "sample"; the worker says "preset". */
const kindOf = (kind: string | undefined): 'sample' | 'project' => (kind === 'project' ? 'project' : 'sample');

async function opened(ctx: ToolContext, wait: boolean): Promise<ToolResult> {
  const book = wait ? await readyBook(ctx) : await ctx.client.getBook();
  if (isFailure(book)) return book;
  const snapshot = book as BookSnapshot;
  const pages = await ctx.client.getPages();
  return {
    ok: true,
    book: { kind: kindOf(snapshot.kind), id: snapshot.id, name: snapshot.name, language: snapshot.locale },
    ...(wait ? { pages: pages.pages.length } : { pending: true }),
    chapters: snapshot.chapters.map((c, i) => ({ chapter: i + 1, id: c.id, title: chapterTitle(snapshot, i), ...(wait ? { pages: pages.chapters.find((p) => p.id === c.id)?.pages ?? null } : {}) })),
  };
}

const listBooks = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_list_books',
    title: 'List books',
    description:
      'The sample books and the user’s own projects in this browser: ids, names, descriptions, languages, which samples carry edited drafts, and which book is open. Use an id with sandbox_open_book. Example: {}',
    input: z.object({}).strict(),
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    async run(): Promise<ToolResult> {
      const list = await ctx.client.listBooks();
      return {
        ok: true,
        ...(list.storage === 'unavailable' ? { note: 'This browser’s storage is unavailable: only the samples are listed and nothing is saved.' } : {}),
        open: list.open ? { kind: kindOf(list.open.kind), id: list.open.id, language: list.open.locale } : null,
        projects: list.projects.map((p) => ({ id: p.id, name: p.name, description: p.description, updatedAt: new Date(p.updatedAt).toISOString(), origin: p.origin, chapters: p.chapterCount, cover: p.cover !== null })),
        samples: list.samples.map((s) => ({
          id: s.id,
          name: s.name,
          description: s.description,
          locales: s.locales,
          openLocale: s.openLocale,
          edited: Object.fromEntries(s.edited.map((lang) => [lang, true])),
          available: true,
          thumbnail: s.thumbnail,
        })),
      };
    },
  });

const openBook = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_open_book',
    title: 'Open a book',
    description:
      'Open a sample or one of the user’s projects (the book being left is saved first; opening never asks). An edited sample reopens the user’s draft for that language. Answers with the opened book and its pages. Example: { "kind": "sample", "id": "postext-guide", "language": "ar" }',
    input: z.object({ kind: z.enum(['sample', 'project']), id: z.string().min(1), language: z.string().optional(), wait: z.boolean().default(true) }).strict(),
    annotations: { untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const list = await ctx.client.listBooks();
      if (args.kind === 'sample') {
        if (!list.samples.some((s) => s.id === args.id)) return fail(`No sample book has the id "${args.id}"; give one of ${list.samples.map((s) => `"${s.id}"`).join(', ')} (sandbox_list_books lists every book).`, { valid: list.samples.map((s) => s.id) });
        await ctx.client.openPreset(args.id, args.language);
      } else {
        if (!list.projects.some((p) => p.id === args.id)) return fail(`No project has the id "${args.id}"; sandbox_list_books lists them.`, { valid: list.projects.map((p) => p.id) });
        await ctx.client.openProject(args.id);
      }
      return opened(ctx, args.wait);
    },
  });

const saveBook = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_save_book',
    title: 'Keep a book',
    description:
      'Keep books as the user’s own projects: "copy_current" (the book on screen becomes a project, opened by default), "new_blank" (an empty book), "duplicate" (copy a book without opening it: give kind and id). Example: { "action": "copy_current", "name": "My guide" }',
    input: z
      .object({
        action: z.enum(['copy_current', 'new_blank', 'duplicate']),
        name: z.string().min(1).optional(),
        description: z.string().optional(),
        kind: z.enum(['sample', 'project']).optional().describe('duplicate: the kind of the book to copy.'),
        id: z.string().min(1).optional().describe('duplicate: the id of the book to copy.'),
        language: z.string().optional(),
        open: z.boolean().optional(),
      })
      .strict(),
    annotations: { untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      let project;
      if (args.action === 'new_blank') {
        project = await ctx.client.newBook({ ...(args.name ? { name: args.name } : {}), open: args.open ?? true });
      } else if (args.action === 'copy_current') {
        project = await ctx.client.copyBook({ ...(args.name ? { name: args.name } : {}), open: args.open ?? true });
      } else {
        if (!args.kind || !args.id) return fail('duplicate needs kind ("sample" or "project") and id of the book to copy.');
        const source = args.kind === 'sample' ? { kind: 'preset' as const, presetId: args.id, ...(args.language ? { locale: args.language } : {}) } : { kind: 'project' as const, projectId: args.id };
        project = await ctx.client.copyBook({ source, ...(args.name ? { name: args.name } : {}), open: args.open ?? false });
      }
      if (args.description !== undefined) project = await ctx.client.renameProject({ projectId: project.id, name: project.name, description: args.description });
      const open = (await ctx.client.listBooks()).open;
      return { ok: true, project: { id: project.id, name: project.name }, open: open?.kind === 'project' && open.id === project.id };
    },
  });

const deleteBook = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_delete_book',
    title: 'Delete a project',
    description: 'Delete one of the user’s projects; this cannot be undone (export a .postext first when in doubt). Samples are hidden, never deleted. Deleting the open book opens the built-in sample. Example: { "id": "…" }',
    input: z.object({ id: z.string().min(1) }).strict(),
    annotations: { consequentialHint: true, untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const list = await ctx.client.listBooks();
      if (!list.projects.some((p) => p.id === args.id)) {
        const sample = list.samples.some((s) => s.id === args.id);
        return fail(sample ? `"${args.id}" is a sample book: samples are hidden from the list, not deleted.` : `No project has the id "${args.id}"; sandbox_list_books lists them.`, { valid: list.projects.map((p) => p.id) });
      }
      const { reopened } = await ctx.client.deleteProject(args.id);
      return { ok: true, deleted: args.id, ...(reopened ? { opened: { kind: kindOf(reopened.kind), id: reopened.id, name: reopened.name } } : {}) };
    },
  });

const importBook = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_import_book',
    title: 'Import a .postext',
    description:
      'Import a .postext file as a new project (opened by default), or with `inspect: true` only list the languages it carries. A multilingual file imports the `language` asked for (or its own opening language). Example: { "file": { "base64": "UEsDB…", "name": "book.postext" }, "inspect": true }',
    input: z.object({ file: FileArg, inspect: z.boolean().default(false), language: z.string().optional(), open: z.boolean().default(true) }).strict(),
    annotations: { untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const bytes = await readFileArg(args.file);
      if (!(bytes instanceof Uint8Array)) return bytes;
      try {
        if (args.inspect) {
          const info = await ctx.client.inspectPostext(bytes);
          return { ok: true, name: info.name, locales: info.locales, locale: info.locale, openLocale: info.openLocale };
        }
        const result = await ctx.client.importPostext({ bytes, ...(args.language ? { locale: args.language } : {}), open: args.open, ...(args.file.name ? { fileName: args.file.name } : {}) });
        if (args.open) await readyBook(ctx);
        return { ok: true, project: { id: result.project.id, name: result.project.name }, language: result.project.locale, warnings: result.warnings };
      } catch (error) {
        return fail(`The file was not imported: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  });

export function bookTools(ctx: ToolContext): ToolSpec[] {
  return [listBooks(ctx), openBook(ctx), saveBook(ctx), deleteBook(ctx), importBook(ctx)];
}
