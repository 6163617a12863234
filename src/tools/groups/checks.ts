/** Checks (tools.md §3.1 sandbox_get_warnings, §7.9): the warnings the Checks panel shows. */
import { z } from 'zod';
import { WARNING_CATEGORIES } from '../../worker/engine/checks/model';
import type { BookSnapshot, Warning } from '../../worker/protocol/messages';
import { ChapterRef, chapterTitle, isFailure, readyBook, resolveChapter, type ResolvedChapter, type ToolContext } from '../context';
import { defineTool, type ToolSpec } from '../registry';

const getWarnings = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_get_warnings',
    title: 'What the checks found',
    description:
      'The warnings of the Checks panel for one chapter or the whole book, whatever is on screen: markup the engine could not read, style ids the design lacks, missing fonts and glyphs, unknown, unused or missing resources, loose, overfull and emergency lines, widows, orphans, runts, hyphen ladders, overflowing columns and code, floats far from their reference, missing hyphenation patterns, heading skips, unknown placeholders or missing placeholder metadata, pale text, settings not applied or without effect, and print preflight (pictures, rules, small text, trim, fonts that cannot be embedded). Each warning has kind, category, severity, title, detail and where it is: chapter, line, offset/toOffset (for sandbox_select_text), page (for sandbox_render_page), path (a setting, for sandbox_set_config) or resource. `scope: "book"` lays out every chapter (slow on long books). Examples: {} · {"scope":"book","category":"typesetting"} · {"chapter":4}',
    input: z
      .object({
        scope: z.enum(['chapter', 'book']).default('chapter').describe('"chapter" (default): one chapter; "book": every chapter, plus warnings about the whole book (settings, unused resources).'),
        chapter: ChapterRef.optional(),
        category: z.enum(WARNING_CATEGORIES).optional().describe(`Only one group: ${WARNING_CATEGORIES.join(', ')}.`),
      })
      .strict(),
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    async run(args) {
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const book = ready as BookSnapshot;
      let chapter: ResolvedChapter | undefined;
      if (args.scope === 'chapter') {
        const resolved = resolveChapter(ctx, book, args.chapter);
        if (isFailure(resolved)) return resolved;
        chapter = resolved as ResolvedChapter;
      }
      const result = await ctx.client.getWarnings({ ...(chapter ? { chapterId: chapter.id } : {}), ...(args.category ? { category: args.category } : {}) });
      const pages = await ctx.client.getPages();
      const firstPage = new Map(pages.chapters.map((c) => [c.id, c.firstPage]));
      return {
        ok: true,
        scope: args.scope,
        ...(chapter ? { chapter: { chapter: chapter.index + 1, id: chapter.id, title: chapterTitle(book, chapter.index) } } : {}),
        ...(args.category ? { category: args.category } : {}),
        revision: result.revision,
        total: result.total,
        byCategory: result.byCategory,
        warnings: result.warnings.map((w) => answerOf(w, firstPage)),
      };
    },
  });

/** A warning as the tool answers it: the field names of tools.md §3.1, plus the page's position in its chapter. */
function answerOf(w: Warning, firstPage: ReadonlyMap<string, number>): Record<string, unknown> {
  const start = w.chapterId !== undefined ? firstPage.get(w.chapterId) : undefined;
  return {
    kind: w.kind,
    category: w.category,
    severity: w.severity,
    title: w.title,
    detail: w.detail,
    ...(w.chapter !== undefined ? { chapter: w.chapter, chapterId: w.chapterId } : {}),
    ...(w.line !== undefined ? { line: w.line } : {}),
    ...(w.offset !== undefined ? { offset: w.offset, toOffset: w.toOffset } : {}),
    ...(w.page !== undefined ? { page: w.page } : {}),
    ...(w.pageIndex !== undefined && start !== undefined ? { position: w.pageIndex - start + 1 } : {}),
    ...(w.path !== undefined ? { path: w.path } : {}),
    ...(w.resource !== undefined ? { resource: w.resource } : {}),
  };
}

export function checkTools(ctx: ToolContext): ToolSpec[] {
  return [getWarnings(ctx)];
}
