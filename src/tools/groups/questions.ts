/**
 * Questions and notices (tools.md §2.16, §3.7 sandbox_answer, §7.18): the Sandbox's pending
 * question (keep or replace a copy of a book) and its Books-panel notices, through the UI bridge.
 */
import { z } from 'zod';
import { readyBook, type ToolContext } from '../context';
import { defineTool, fail, type ToolResult, type ToolSpec } from '../registry';

const answer = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_answer',
    title: 'Answer the Sandbox',
    description:
      'Answer the Sandbox’s pending question or clear its notice (sandbox_get_state shows them as `question` and `notice`). `replaceCopy: false` keeps the user’s copy of a book; `replaceCopy: true` replaces it with the published book and deletes the copy (cannot be undone: export a .postext first when in doubt). `dismissNotice: true` clears the Books-panel message. Example: { "dismissNotice": true }',
    input: z
      .object({
        replaceCopy: z.boolean().optional().describe('Answer to the keep-or-replace question: false keeps the copy, true replaces it.'),
        dismissNotice: z.boolean().optional().describe('true clears the notice on screen.'),
      })
      .strict(),
    annotations: { consequentialHint: true },
    async run(args): Promise<ToolResult> {
      if (args.replaceCopy === undefined && args.dismissNotice !== true) return fail('Give replaceCopy (true or false) to answer the question, or dismissNotice: true to clear the notice.', { valid: ['replaceCopy', 'dismissNotice'] });
      const screen = ctx.ui?.screen() ?? null;
      if (!screen) return fail('The Sandbox interface is not on screen, so nothing is asked or shown. Open /sandbox in this tab and try again.');
      const question = screen.question();
      const notice = screen.notice();
      if (args.replaceCopy !== undefined && !question) return fail(`No question is pending${notice ? '; there is a notice, cleared with dismissNotice: true' : ''}.`, { notice });
      if (args.dismissNotice === true && !notice && args.replaceCopy === undefined) return fail('No notice is shown, so there is nothing to dismiss.');
      screen.answer({ ...(args.replaceCopy !== undefined ? { replaceCopy: args.replaceCopy } : {}), ...(args.dismissNotice ? { dismissNotice: true } : {}) });
      const answered: Record<string, unknown> = { ok: true };
      if (args.replaceCopy !== undefined) answered['answered'] = { question: question!.id, kind: question!.kind, choice: args.replaceCopy ? 'replace' : 'keep' };
      if (args.dismissNotice && notice) answered['dismissed'] = { id: notice.id, text: notice.text };
      // Answering may open a book: answer once it is ready, as every change does.
      if (args.replaceCopy !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const ready = await readyBook(ctx);
        if (ready && (ready as { ok?: boolean }).ok === false) return ready as ToolResult;
      }
      return answered as ToolResult;
    },
  });

export function questionTools(ctx: ToolContext): ToolSpec[] {
  return [answer(ctx)];
}
