/** Files out (tools.md §3.7 sandbox_export): the formats whose writers exist join the enum as they land. */
import { z } from 'zod';
import type { BookSnapshot } from '../../worker/protocol/messages';
import { ChapterRef, isFailure, readyBook, resolveChapter, type ResolvedChapter, type ToolContext } from '../context';
import { defineTool, fail, type ToolResult, type ToolSpec } from '../registry';

/** File names keep letters and digits of any script; everything else becomes a hyphen. */
function slug(text: string): string {
  return text.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'book';
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function download(fileName: string, mimeType: string, text: string): void {
  downloadBytes(fileName, mimeType, new TextEncoder().encode(text));
}

/** Hands a file to the browser's download machinery (the user's downloads folder). */
function downloadBytes(fileName: string, mimeType: string, bytes: Uint8Array): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const exportTool = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_export',
    title: 'Export',
    description:
      'Write the book out as a file: `pdf` (the print-ready PDF of the whole book, or with scope "chapter" one chapter’s pages with their book page numbers), `postext` (the whole book as a .postext bundle; a book that is not open may be named with kind and id), `epub` (a reflowable EPUB 3 of the whole book, or of one chapter with scope "chapter"), `docx` (a Word document of the book or one chapter, with the Word import template embedded so it comes back unchanged), `config` (postext-config.json, the design with defaults stripped, for the whole book) or `markdown` (one chapter’s .md). `deliver: "download"` saves it in the browser’s downloads; `"data"` answers with the bytes as base64. The book itself is unchanged. Example: { "format": "config", "deliver": "data" }',
    input: z
      .object({
        format: z.enum(['postext', 'config', 'markdown', 'epub', 'docx', 'pdf']),
        kind: z.enum(['sample', 'project']).optional().describe('postext only: export a book that is not open (with id).'),
        id: z.string().min(1).optional(),
        language: z.string().optional(),
        scope: z.enum(['chapter', 'book']).optional().describe('markdown: chapter (default); config: the whole book.'),
        chapter: ChapterRef.optional(),
        deliver: z.enum(['download', 'data']).default('download'),
        rendition: z.enum(['reflowable']).optional().describe('epub only: the reflowable rendition (reading order, text that reflows).'),
      })
      .strict(),
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      if (args.format === 'postext') {
        if ((args.kind === undefined) !== (args.id === undefined)) return fail('To export a book that is not open give both kind and id (sandbox_list_books lists them); leave both out for the open book.');
        const ref = args.kind === undefined ? undefined : args.kind === 'sample' ? { kind: 'preset' as const, presetId: args.id!, ...(args.language ? { locale: args.language } : {}) } : { kind: 'project' as const, projectId: args.id! };
        const out = await ctx.client.exportBook(ref);
        const mimeType = 'application/zip';
        if (args.deliver === 'download') downloadBytes(out.fileName, mimeType, out.bytes);
        return { ok: true, format: 'postext', fileName: out.fileName, bytes: out.bytes.byteLength, mimeType, ...(out.warnings.length > 0 ? { warnings: out.warnings } : {}), ...(args.deliver === 'data' ? { data: bytesToBase64(out.bytes) } : {}) };
      }
      if (args.rendition !== undefined && args.format !== 'epub') return fail('rendition applies to the epub format only; leave it out.');
      if (args.format === 'pdf') {
        // Written in the worker from the same display lists the canvas paints (export/pdf).
        if (args.kind !== undefined || args.id !== undefined) return fail('Only a .postext can be written from a book that is not open; open it first (sandbox_open_book) to export pdf.');
        const ready = await readyBook(ctx);
        if (isFailure(ready)) return ready;
        let chapterId: string | undefined;
        if (args.scope === 'chapter' || args.chapter !== undefined) {
          if (args.scope === 'book') return fail('Give either scope "book" or a chapter, not both.');
          const chapter = resolveChapter(ctx, ready as BookSnapshot, args.chapter);
          if (isFailure(chapter)) return chapter;
          chapterId = (chapter as ResolvedChapter).id;
        }
        const out = await ctx.client.exportPdf(chapterId ? { scope: 'chapter', chapterId } : { scope: 'book' });
        if (args.deliver === 'download') downloadBytes(out.fileName, out.mimeType, out.bytes);
        return { ok: true, format: 'pdf', scope: out.scope, fileName: out.fileName, bytes: out.bytes.byteLength, mimeType: out.mimeType, pages: out.pages, ms: out.ms, ...(out.warnings.length > 0 ? { warnings: out.warnings } : {}), ...(args.deliver === 'data' ? { data: bytesToBase64(out.bytes) } : {}) };
      }
      if (args.format === 'epub' || args.format === 'docx') {
        // Written in the worker from the document model: the whole book, or one chapter.
        if (args.kind !== undefined || args.id !== undefined) return fail(`Only a .postext can be written from a book that is not open; open it first (sandbox_open_book) to export ${args.format}.`);
        const ready = await readyBook(ctx);
        if (isFailure(ready)) return ready;
        let chapterId: string | undefined;
        if (args.scope === 'chapter' || args.chapter !== undefined) {
          if (args.scope === 'book') return fail('Give either scope "book" or a chapter, not both.');
          const chapter = resolveChapter(ctx, ready as BookSnapshot, args.chapter);
          if (isFailure(chapter)) return chapter;
          chapterId = (chapter as ResolvedChapter).id;
        }
        const out = await ctx.client.exportDocument(args.format, chapterId);
        if (args.deliver === 'download') downloadBytes(out.fileName, out.mimeType, out.bytes);
        return { ok: true, format: args.format, ...(args.format === 'epub' ? { rendition: 'reflowable' } : {}), scope: chapterId ? 'chapter' : 'book', fileName: out.fileName, bytes: out.bytes.byteLength, mimeType: out.mimeType, ...(out.warnings.length > 0 ? { warnings: out.warnings } : {}), ...(args.deliver === 'data' ? { data: bytesToBase64(out.bytes) } : {}) };
      }
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const book = ready as BookSnapshot;
      let fileName: string;
      let mimeType: string;
      let text: string;
      if (args.format === 'config') {
        if (args.scope === 'chapter') return fail('The configuration belongs to the whole book: export it with scope "book" (or leave scope out).');
        fileName = `${slug(book.name)}-postext-config.json`;
        mimeType = 'application/json';
        text = `${JSON.stringify({ type: 'postext-config', version: 1, config: book.config }, null, 2)}\n`;
      } else {
        if (args.scope === 'book') return fail('Markdown is exported one chapter at a time: give scope "chapter" and the chapter (a .postext keeps the whole book).');
        const chapter = resolveChapter(ctx, book, args.chapter);
        if (isFailure(chapter)) return chapter;
        const c = chapter as ResolvedChapter;
        fileName = `${slug(book.name)}-${String(c.index + 1).padStart(2, '0')}-${slug(c.title)}.md`;
        mimeType = 'text/markdown';
        text = c.text;
      }
      const bytes = new TextEncoder().encode(text).byteLength;
      if (args.deliver === 'download') download(fileName, mimeType, text);
      return { ok: true, format: args.format, fileName, bytes, mimeType, ...(args.deliver === 'data' ? { data: toBase64(text) } : {}) };
    },
  });

export function exportTools(ctx: ToolContext): ToolSpec[] {
  return [exportTool(ctx)];
}
