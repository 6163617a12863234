/**
 * Saved Word import templates (tools.md §3.7 sandbox_word_templates, §7.14): the mappings of Word
 * styles to Postext targets, kept in this browser's localStorage under the reference's keys, so
 * the Text panel's import dialog and the tools share them.
 */
import { z } from 'zod';
import { defineTool, fail, type ToolResult, type ToolSpec } from '../registry';
import type { ToolContext } from '../context';

export const TEMPLATES_KEY = 'postext-sandbox-word-templates';
export const LAST_TEMPLATE_KEY = 'postext-sandbox-word-last-template';

export const ParagraphTarget = z.union([
  z.object({ kind: z.enum(['body', 'quote', 'caption', 'markup', 'chapter', 'drop']) }).strict(),
  z.object({ kind: z.literal('heading'), level: z.number().int().min(1).max(6) }).strict(),
  z.object({ kind: z.enum(['callout', 'calloutTitle']), type: z.string().min(1) }).strict(),
]);
export const CharacterTarget = z.union([z.enum(['text', 'bold', 'italic', 'boldItalic', 'smallCaps', 'sup', 'sub', 'markup', 'drop']), z.object({ kind: z.literal('chip'), style: z.string().min(1) }).strict()]);
export const ImportOptions = z
  .object({
    lineBreaks: z.enum(['keep', 'space', 'paragraph']).optional(),
    pageBreaks: z.enum(['keep', 'drop']).optional(),
    images: z.boolean().optional(),
    tables: z.boolean().optional(),
  })
  .strict();

const TemplateBody = z
  .object({
    name: z.string().min(1),
    paragraphs: z.record(z.string(), ParagraphTarget).default({}),
    characters: z.record(z.string(), CharacterTarget).default({}),
    options: ImportOptions.default({}),
  })
  .strict();

export type WordTemplate = z.output<typeof TemplateBody> & { id: string; updatedAt: string };

export function loadTemplates(): WordTemplate[] {
  try {
    const list = JSON.parse(localStorage.getItem(TEMPLATES_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? (list.filter((t) => t && typeof t === 'object' && typeof (t as WordTemplate).id === 'string') as WordTemplate[]) : [];
  } catch {
    return [];
  }
}

function store(list: WordTemplate[]): void {
  localStorage.setItem(TEMPLATES_KEY, JSON.stringify(list));
}

/** A template by id, or by name (case-insensitive). */
export function findTemplate(ref: string): WordTemplate | undefined {
  const list = loadTemplates();
  return list.find((t) => t.id === ref) ?? list.find((t) => t.name.toLowerCase() === ref.toLowerCase());
}

/** Saves (a new one, or the one with this name) and remembers it as the last used. */
export function saveTemplate(body: z.input<typeof TemplateBody>, id?: string): { template: WordTemplate; created: boolean } {
  const parsed = TemplateBody.parse(body);
  const list = loadTemplates();
  const existing = id ? list.find((t) => t.id === id) : list.find((t) => t.name.toLowerCase() === parsed.name.toLowerCase());
  // Template ids as the reference spells them: wt-<base36 time>-<5 random>.
  const template: WordTemplate = { ...parsed, id: existing?.id ?? `wt-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7).padEnd(5, '0')}`, updatedAt: new Date().toISOString() };
  store(existing ? list.map((t) => (t.id === existing.id ? template : t)) : [...list, template]);
  localStorage.setItem(LAST_TEMPLATE_KEY, template.id);
  return { template, created: !existing };
}

const wordTemplates = (_ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_word_templates',
    title: 'Word import templates',
    description:
      'List, read, save and delete the saved Word import templates (mappings of Word style names to Postext targets, plus import options) that sandbox_import_word takes as `template` and writes with `saveTemplateAs`. Save replaces the template with the same id or name. Example: { "action": "save", "template": { "name": "Our press", "paragraphs": { "Opening quote": { "kind": "quote" } } } }',
    input: z
      .object({
        action: z.enum(['list', 'get', 'save', 'delete']),
        id: z.string().min(1).optional().describe('get, delete, save: the template’s id (or, for get and delete, its name).'),
        template: TemplateBody.optional().describe('save: { name, paragraphs, characters, options }.'),
      })
      .strict(),
    annotations: { untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const list = loadTemplates();
      if (args.action === 'list') {
        return { ok: true, templates: list.map((t) => ({ id: t.id, name: t.name, updatedAt: t.updatedAt, paragraphs: Object.keys(t.paragraphs).length, characters: Object.keys(t.characters).length })), last: localStorage.getItem(LAST_TEMPLATE_KEY) };
      }
      if (args.action === 'save') {
        if (!args.template) return fail('save needs `template`: { name, paragraphs, characters, options }.');
        if (args.id && !list.some((t) => t.id === args.id)) return fail(`No template has the id "${args.id}"; leave id out to save a new one.`, { valid: list.map((t) => t.id) });
        const { template, created } = saveTemplate(args.template, args.id);
        return { ok: true, template, created };
      }
      if (!args.id) return fail(`${args.action} needs the template’s id or name (action "list" lists them).`, { valid: list.map((t) => t.id) });
      const found = findTemplate(args.id);
      if (!found) return fail(`No template has the id or name "${args.id}".`, { valid: list.map((t) => t.id) });
      if (args.action === 'get') return { ok: true, template: found };
      store(list.filter((t) => t.id !== found.id));
      if (localStorage.getItem(LAST_TEMPLATE_KEY) === found.id) localStorage.removeItem(LAST_TEMPLATE_KEY);
      return { ok: true, deleted: found.id, name: found.name };
    },
  });

export function wordTemplateTools(ctx: ToolContext): ToolSpec[] {
  return [wordTemplates(ctx)];
}
