/**
 * Word manuscripts in (tools.md §3.7 sandbox_import_word): the worker converts the .docx
 * (`worker/import/word`) without changing anything; a dry run answers with the report, a real
 * import applies the chapters and resources as one agent transaction and answers after layout.
 */
import { z } from 'zod';
import type { BookOp, BookSnapshot } from '../../worker/protocol/messages';
import { applyAndReport, ChapterRef, chapterList, isFailure, readyBook, resolveChapter, Wait, type ResolvedChapter, type ToolContext } from '../context';
import { defineTool, fail, type ToolResult, type ToolSpec } from '../registry';
import { FileArg, readFileArg } from './books';
import { CharacterTarget, findTemplate, ImportOptions, LAST_TEMPLATE_KEY, ParagraphTarget, saveTemplate } from './word-templates';


/** Characters of Markdown shown in a dry run (as the dialog's preview does). */
const PREVIEW_CHARS = 6000;

const importWord = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_import_word',
    title: 'Import a Word manuscript',
    description:
      'Bring a Word manuscript (.docx) in, with its styles mapped: headings, quotes, captions, callouts, lists, footnotes, links, pictures and tables. Start with `dryRun: true` — nothing changes; the answer is the quality report (verdict clean/mixed/plain, every paragraph and character style with a sample and what it will become, findings such as manual headings or direct formatting), the chapters and resources it would create and a Markdown preview. Fix the `mapping` (by Word style name), then import with `destination`: "chapter" replaces the chapter on screen (or `chapter`), "append" adds chapters after it, "book" replaces the whole book (a chapter at each level-1 heading). "book" cannot be undone: export a .postext first when in doubt. Example: { "file": { "base64": "UEsDB…" }, "dryRun": true }',
    input: z
      .object({
        file: FileArg,
        dryRun: z.boolean().default(false),
        destination: z.enum(['chapter', 'append', 'book']).optional().describe('Default "chapter", or "book" when the document marks its chapters (Postext Chapter paragraphs).'),
        chapter: ChapterRef.optional(),
        mapping: z
          .object({ paragraphs: z.record(z.string(), ParagraphTarget).optional(), characters: z.record(z.string(), CharacterTarget).optional() })
          .strict()
          .optional()
          .describe('Word style name → target, e.g. { "paragraphs": { "Opening quote": { "kind": "quote" } } }.'),
        options: ImportOptions.optional(),
        template: z.string().min(1).optional().describe('A saved template (sandbox_word_templates) by id or name; `mapping` and `options` given here win over it.'),
        saveTemplateAs: z.string().min(1).optional().describe('Save the resulting style mapping and options as a template with this name.'),
        wait: Wait,
      })
      .strict(),
    annotations: { consequentialHint: true, untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const name = args.file.name ?? '';
      if (/\.(doc|rtf|odt|pages)$/i.test(name)) return fail(`"${name}" is not a .docx; save it from Word (or LibreOffice) as a Word Document (.docx) and send that.`);
      const bytes = await readFileArg(args.file);
      if (!(bytes instanceof Uint8Array)) return bytes;
      const saved = args.template ? findTemplate(args.template) : undefined;
      if (args.template && !saved) return fail(`No saved template has the id or name "${args.template}"; sandbox_word_templates lists them.`);
      const mapping = {
        paragraphs: { ...(saved?.paragraphs ?? {}), ...(args.mapping?.paragraphs ?? {}) },
        characters: { ...(saved?.characters ?? {}), ...(args.mapping?.characters ?? {}) },
      };
      const options = { ...(saved?.options ?? {}), ...(args.options ?? {}) };
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const book = ready as BookSnapshot;
      const convert = async (splitChapters: boolean) => {
        try {
          return await ctx.client.convertWord({ bytes, splitChapters, mapping, ...options, takenIds: book.resources.map((r) => r.id) });
        } catch (error) {
          return fail(`The document was not read: ${error instanceof Error ? error.message : String(error)}`);
        }
      };
      const first = await convert(true);
      if (isFailure(first)) return first;
      let conversion = first as Awaited<ReturnType<typeof ctx.client.convertWord>>;
      const marked = (conversion.report['paragraphStyles'] as { target: { kind: string } }[]).some((s) => s.target.kind === 'chapter');
      const destination = args.destination ?? (marked ? 'book' : 'chapter');
      if (destination === 'chapter') {
        const single = await convert(false);
        if (isFailure(single)) return single;
        conversion = single as typeof conversion;
      }
      let templateAnswer: Record<string, unknown> = {};
      if (saved) localStorage.setItem(LAST_TEMPLATE_KEY, saved.id);
      if (args.saveTemplateAs) {
        // The mapping as resolved for this document: every style it uses, with the target it got.
        const paragraphs = Object.fromEntries((conversion.report['paragraphStyles'] as { name: string; target: z.infer<typeof ParagraphTarget> }[]).map((s) => [s.name, s.target]));
        const characters = Object.fromEntries((conversion.report['characterStyles'] as { name: string; target: z.infer<typeof CharacterTarget> }[]).map((s) => [s.name, s.target]));
        const { template, created } = saveTemplate({ name: args.saveTemplateAs, paragraphs, characters, options });
        templateAnswer = { savedTemplate: { id: template.id, name: template.name, created } };
      }
      const summary = {
        ...templateAnswer,
        destination,
        chapters: conversion.chapters.map((c) => ({ title: c.title, words: (c.markdown.match(/[\p{L}\p{N}]+/gu) ?? []).length })),
        resources: conversion.resources.map((r) => ({ id: r.record.id, kind: r.record.kind })),
        ...(conversion.warnings.length > 0 ? { warnings: conversion.warnings } : {}),
      };
      if (args.dryRun) {
        const preview = conversion.chapters.map((c) => c.markdown).join('\n').slice(0, PREVIEW_CHARS);
        return { ok: true, dryRun: true, ...conversion.report, mapping: Object.fromEntries((conversion.report['paragraphStyles'] as { name: string; target: unknown }[]).map((s) => [s.name, s.target])), ...summary, preview };
      }
      if (conversion.chapters.every((c) => !c.markdown.trim())) return fail('The document has no text to import; check that it is the manuscript (a dry run shows what it holds).');
      const resourceOps: BookOp[] = conversion.resources.map((r): BookOp => (r.payload ? { type: 'resource.put', resource: r.record, payload: new Uint8Array(r.payload) } : { type: 'resource.put', resource: r.record }));
      let ops: BookOp[];
      if (destination === 'book') {
        // New chapters first, then the old ones and their resources go: the book is never empty.
        ops = [
          ...conversion.chapters.map((c, i): BookOp => ({ type: 'chapter.add', title: c.title, text: c.markdown, index: book.chapters.length + i })),
          ...book.chapters.map((c): BookOp => ({ type: 'chapter.remove', chapterId: c.id })),
          ...book.resources.map((r): BookOp => ({ type: 'resource.delete', id: r.id })),
          ...resourceOps,
        ];
      } else {
        const chapter = resolveChapter(ctx, book, args.chapter);
        if (isFailure(chapter)) return chapter;
        const c = chapter as ResolvedChapter;
        ops =
          destination === 'chapter'
            ? [{ type: 'text', chapterId: c.id, from: 0, to: c.text.length, insert: conversion.chapters.map((x) => x.markdown).join('\n') }, ...resourceOps]
            : [...conversion.chapters.map((x, i): BookOp => ({ type: 'chapter.add', title: x.title, text: x.markdown, index: c.index + 1 + i })), ...resourceOps];
      }
      const { result, delta } = await applyAndReport(ctx, { origin: 'agent', baseRevision: book.revision, ops }, args.wait);
      if (!result.ok) return fail(`Nothing was imported: ${result.error}`);
      const after = await ctx.client.getBook();
      return { ok: true, ...summary, verdict: conversion.report['verdict'], book: chapterList(after), ...delta };
    },
  });

export function wordTools(ctx: ToolContext): ToolSpec[] {
  return [importWord(ctx)];
}
