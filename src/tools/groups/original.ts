/**
 * Bringing back what a sample book started from (tools.md §3.2 sandbox_reset_to_original):
 * its design alone (one revertible transaction), or everything — the Books panel's "Restore the
 * original…", which discards the user's drafts of the sample in every language.
 */
import { z } from 'zod';
import type { BookSnapshot } from '../../worker/protocol/messages';
import { applyAndReport, chapterTitle, isFailure, readyBook, Wait, type ToolContext } from '../context';
import { defineTool, fail, type ToolResult, type ToolSpec } from '../registry';

const resetToOriginal = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_reset_to_original',
    title: 'Restore the original',
    description:
      'Bring back what a sample book started from. `part: "config"` restores the design of the open sample (the answer lists every `changed` setting with its `from`, so it can be re-applied with sandbox_set_config). `part: "all"` (default) discards the user’s edits of a sample — text, figures, design — in every language, like the Books panel’s "Restore the original…"; with `sample` it resets a sample that is not open. This cannot be undone: export a .postext first when in doubt. Books the user made or imported have no original. Example: { "part": "config" }',
    input: z
      .object({
        part: z.enum(['config', 'all']).default('all').describe('"config": the design only; "all": text, figures and design.'),
        sample: z.string().min(1).optional().describe('Id of a sample book to reset without opening it (sandbox_list_books lists them).'),
        wait: Wait,
      })
      .strict(),
    annotations: { consequentialHint: true, untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const book = ready as BookSnapshot;
      const openSample = book.kind === 'preset' ? book.id : null;
      const list = await ctx.client.listBooks();
      if (args.sample !== undefined && !list.samples.some((s) => s.id === args.sample)) {
        return fail(`No sample book has the id "${args.sample}"; books the user made or imported have no original.`, { valid: list.samples.map((s) => s.id) });
      }
      const target = args.sample ?? openSample;
      if (!target) return fail('The open book was made or imported by the user, so it has no original to restore. Name a sample with `sample`, or undo design changes with the `from` values sandbox_set_config answered.');

      if (args.part === 'config') {
        if (target !== openSample) return fail(`The design is restored on the open book only; open "${target}" first (sandbox_open_book), or reset it whole with part "all".`);
        const { config } = await ctx.client.originalDesign(target, book.locale);
        const { result, delta } = await applyAndReport(ctx, { origin: 'agent', baseRevision: book.revision, ops: [{ type: 'config.replace', config }] }, args.wait);
        if (!result.ok) return fail(result.error);
        const changed = result.config.flatMap((r) => r.changed);
        return { ok: true, restored: ['config'], book: { kind: 'sample', id: target, language: book.locale }, changed, ...(changed.length === 0 ? { note: 'The design was already the original one.' } : {}), ...delta };
      }

      const edited = list.samples.find((s) => s.id === target)?.edited ?? [];
      const isOpen = target === openSample;
      const pagesBefore = isOpen ? (await ctx.client.getPages()).pages.length : undefined;
      const { reopened } = await ctx.client.restoreOriginal(target);
      const answer = { ok: true as const, restored: ['text', 'resources', 'config'], book: { kind: 'sample', id: target }, languages: edited, ...(edited.length === 0 && !isOpen ? { note: 'The sample had no edits to discard.' } : {}) };
      if (!reopened) return answer;
      if (!args.wait) return { ...answer, pagesBefore, pending: true };
      const after = await readyBook(ctx);
      if (isFailure(after)) return after;
      const snapshot = after as BookSnapshot;
      const pages = await ctx.client.getPages();
      return {
        ...answer,
        pagesBefore,
        pagesAfter: pages.pages.length,
        chapters: snapshot.chapters.map((c, i) => ({ chapter: i + 1, title: chapterTitle(snapshot, i), pages: pages.chapters.find((p) => p.id === c.id)?.pages ?? 0 })),
      };
    },
  });

export function originalTools(ctx: ToolContext): ToolSpec[] {
  return [resetToOriginal(ctx)];
}
