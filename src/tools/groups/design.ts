/** Design (tools.md §3.2): find_setting, get_config, set_config. */
import { z } from 'zod';
import type { BookSnapshot, ConfigOp } from '../../worker/protocol/messages';
import { applyAndReport, isFailure, readyBook, Wait, type ToolContext } from '../context';
import { defineTool, fail, type ToolResult, type ToolSpec } from '../registry';

const Json = z.unknown();

const findSetting = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_find_setting',
    title: 'Find a setting',
    description:
      'Find setting paths by words, as the Design panel’s search does: labels, help text and option names, accent-insensitive, matching word starts ("marg" finds the margins; "h3" the level-3 heading). Answers each path with its effective value and the Design-panel section it lives in. Example: { "query": "orphan" }',
    input: z.object({ query: z.string().min(1), limit: z.number().int().min(1).max(100).default(20) }).strict(),
    annotations: { readOnlyHint: true },
    async run(args): Promise<ToolResult> {
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      return (await ctx.client.findSetting(args.query, args.limit)) as ToolResult;
    },
  });

const getConfig = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_get_config',
    title: 'Read settings',
    description:
      'Read one setting or a whole section of the book’s design by path, with `set` (what the book stores; null = default) and `effective` (after defaults), plus every setting of the section with its kind, unit and options. Without a path: the top-level keys the book sets. Paths use selectors for list items: "headings.levels[level=2]", "header.elements[id=titleOdd]". Example: { "path": "page.margins" }',
    input: z.object({ path: z.string().min(1).optional().describe('A dotted setting path; omitted → the keys the book sets.') }).strict(),
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      return (await ctx.client.getConfig(args.path)) as ToolResult;
    },
  });

const setConfig = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_set_config',
    title: 'Change settings',
    description:
      'Change any number of design settings in one atomic call, then answer after the pages are laid out again. Give exactly one of: `changes` (a list of { path, value }; null deletes so the default applies), `patch` (deep-merged: objects merge, lists are replaced, null deletes) or `replace` (a whole exported configuration). Lengths: "2.5cm", { "value": 2.5, "unit": "cm" } or a bare number in the setting’s unit; colours: "#1f3a5f". The answer lists each change with `from`/`to` (re-send each `from` to undo), the settings that `followed`, a `note` when the engine resolved something else, and the pages before and after. Example: { "changes": [{ "path": "bodyText.fontSize", "value": "10.5pt" }] }',
    input: z
      .object({
        changes: z.array(z.object({ path: z.string().min(1), value: Json }).strict()).min(1).optional(),
        patch: z.record(z.string(), Json).optional(),
        replace: z.record(z.string(), Json).optional(),
        wait: Wait,
      })
      .strict(),
    annotations: { untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const given = (['changes', 'patch', 'replace'] as const).filter((k) => args[k] !== undefined);
      if (given.length !== 1) return fail('Give exactly one of changes, patch or replace.', { valid: ['changes', 'patch', 'replace'] });
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const book = ready as BookSnapshot;
      const ops: ConfigOp[] = args.changes
        ? args.changes.map((c) => ({ type: 'config.set' as const, path: c.path, value: c.value }))
        : args.patch
          ? [{ type: 'config.patch', patch: args.patch }]
          : [{ type: 'config.replace', config: unwrapExport(args.replace!) }];
      const { result, delta } = await applyAndReport(ctx, { origin: 'agent', baseRevision: book.revision, ops }, args.wait);
      if (!result.ok) return fail(result.error);
      const changed = result.config.flatMap((r) => r.changed);
      const followed = result.config.flatMap((r) => r.followed);
      const notes = result.config.map((r) => r.note).filter((n): n is string => Boolean(n));
      return { ok: true, changed, followed, ...(notes.length > 0 ? { note: notes.join(' ') } : {}), ...delta };
    },
  });

/** An exported `postext-config.json` wraps the config: `{ type: "postext-config", version: 1, config }`. */
function unwrapExport(value: Record<string, unknown>): Record<string, unknown> {
  if (value['type'] === 'postext-config' && value['config'] && typeof value['config'] === 'object') return value['config'] as Record<string, unknown>;
  return value;
}

export function designTools(ctx: ToolContext): ToolSpec[] {
  return [findSetting(ctx), getConfig(ctx), setConfig(ctx)];
}
