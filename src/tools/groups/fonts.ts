/**
 * `sandbox_save_font` (tools.md §3.4): the book's own font files. Add a face (WOFF2, WOFF, TTF or
 * OTF; weight and style default to what the file says), delete a face or a family, rename a
 * family (the typeface settings that name it follow). Each change is one transaction through the
 * worker, which reads the file through first: a file that is not a font is refused with nothing
 * changed.
 */
import { z } from 'zod';
import { BUNDLED_FACES } from '../../worker/engine/fonts/bundled';
import { customFamiliesOf, findFamily, missingVariants, type CustomFontFamily } from '../../worker/engine/fonts/custom';
import type { BookSnapshot, FontOp } from '../../worker/protocol/messages';
import { applyAndReport, isFailure, readyBook, Wait, type ToolContext } from '../context';
import { defineTool, fail, type ToolResult, type ToolSpec } from '../registry';
import { FileArg, readFileArg } from './books';

const Family = z.string().trim().min(1).max(100).describe('The family name, as typeface settings such as bodyText.fontFamily name it, e.g. "My Serif".');

/** The name a file argument goes by: its `name`, else the last part of its URL, else ''. */
function fileNameOf(file: z.infer<typeof FileArg>): string {
  if (file.name?.trim()) return file.name.trim();
  if (file.url && !file.url.startsWith('data:')) {
    try {
      return decodeURIComponent(file.url.split(/[?#]/)[0]!.split('/').pop() ?? '');
    } catch {
      return '';
    }
  }
  return '';
}

/** Variants as the answer lists them. */
function variantsOf(family: CustomFontFamily | undefined): { weight: number; style: string; format: string; fileName: string }[] {
  return (family?.variants ?? []).map((v) => ({ weight: v.weight, style: v.style, format: v.format, fileName: v.fileName }));
}

/** Warnings about a family as it now stands: missing text faces, WOFF files, a bundled family it hides. */
function familyWarnings(family: CustomFontFamily): string[] {
  const out: string[] = [];
  const missing = missingVariants(family);
  if (missing.length > 0) out.push(`"${family.name}" has no ${missing.join(', ')} face${missing.length > 1 ? 's' : ''}: text in ${missing.length > 1 ? 'those' : 'that'} weight and style is set in the nearest face it has (the Checks list it as a font fallback). Add the files to set it properly.`);
  for (const v of family.variants) {
    if (v.format === 'woff') out.push(`${v.fileName} is a WOFF file: it cannot be embedded in a PDF by other Postext tools and is left out of .postext exports (bundle-format.md §7). Upload it as WOFF2, TTF or OTF to keep it with the book.`);
  }
  const bundled = BUNDLED_FACES.find((f) => f.family.toLowerCase() === family.name.toLowerCase());
  if (bundled) out.push(`"${family.name}" takes precedence over the bundled family of the same name in this book.`);
  return out;
}

const saveFont = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_save_font',
    title: 'Add, rename or delete a font',
    description:
      'Upload a font file (WOFF2, WOFF, TTF or OTF) to the book as one face of a family, or rename or delete a family or one of its faces. A family of the same name as a bundled one takes its place in this book. Then use it with sandbox_set_config (e.g. bodyText.fontFamily). weight (100–900) and style default to what the file declares. Answers with the family’s faces and warnings (missing 400/700 × normal/italic faces, WOFF files). Example: { "action": "add", "family": "My Serif", "weight": 700, "style": "italic", "file": { "url": "https://example.org/MySerif-BoldItalic.woff2" } }',
    input: z
      .object({
        action: z.enum(['add', 'rename', 'delete']).default('add').describe('add a face (default), rename a family, or delete a family or one face of it.'),
        family: Family,
        weight: z.number().int().min(100).max(900).optional().describe('100–900. add: the face’s weight (default: what the file declares). delete: only this weight.'),
        style: z.enum(['normal', 'italic']).optional().describe('add: the face’s style (default: what the file declares). delete: only this style.'),
        file: FileArg.optional().describe('add: the font file, as { url } (https: with CORS, or data:) or { base64, name }.'),
        newFamily: Family.optional().describe('rename: the new family name.'),
        updateSettings: z.boolean().default(true).describe('rename: typeface settings naming the family follow the new name (default true).'),
        wait: Wait,
      })
      .strict(),
    annotations: { untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const book = ready as BookSnapshot;
      const families = customFamiliesOf(book.config);
      const notes: string[] = [];
      let op: FontOp;
      let name = args.family.trim();
      if (args.action === 'add') {
        if (!args.file) return fail('To add a face give file: { url } or { base64, name } with a WOFF2, WOFF, TTF or OTF file.');
        if (args.newFamily !== undefined) return fail('newFamily belongs to action "rename"; to add a face give family, file and optionally weight and style.');
        const bytes = await readFileArg(args.file);
        if (!(bytes instanceof Uint8Array)) return bytes;
        const given = fileNameOf(args.file);
        const info = await ctx.client.inspectFont({ bytes, fileName: given });
        if (!info.ok) return fail(info.error, { hint: 'Send a WOFF2, WOFF, TTF or OTF file (base64 or a data: URL always work).' });
        const weight = args.weight ?? info.weight;
        const style = args.style ?? info.style;
        const fileName = given || `${name.replace(/[^A-Za-z0-9]+/g, '')}-${weight}${style === 'italic' ? 'Italic' : ''}.${info.format}`;
        if (args.weight === undefined || args.style === undefined) notes.push(`Weight and style ${args.weight === undefined && args.style === undefined ? 'were' : 'partly'} taken from the file: ${weight} ${style}.`);
        const existing = findFamily(families, name);
        const replaced = existing?.variants.find((v) => v.weight === weight && v.style === style);
        if (replaced) notes.push(`The ${weight} ${style} face (${replaced.fileName}) was replaced.`);
        if (existing) name = existing.name;
        op = { type: 'font.put', family: name, weight, style, fileName, bytes: bytes as Uint8Array<ArrayBuffer> };
      } else if (args.action === 'rename') {
        if (args.newFamily === undefined) return fail('To rename give newFamily, e.g. { "action": "rename", "family": "My Serif", "newFamily": "House Serif" }.');
        const existing = findFamily(families, name);
        if (!existing) return fail(`The book has no font family "${name}".`, { valid: families.map((f) => f.name) });
        op = { type: 'font.rename', family: existing.name, newFamily: args.newFamily, updateSettings: args.updateSettings };
        name = args.newFamily.trim();
      } else {
        const existing = findFamily(families, name);
        if (!existing) return fail(`The book has no font family "${name}".`, { valid: families.map((f) => f.name) });
        name = existing.name;
        op = { type: 'font.delete', family: existing.name, ...(args.weight !== undefined ? { weight: args.weight } : {}), ...(args.style !== undefined ? { style: args.style } : {}) };
      }
      const { result, delta } = await applyAndReport(ctx, { origin: 'agent', baseRevision: book.revision, ops: [op] }, args.wait);
      if (!result.ok) return fail(result.error);
      const after = await ctx.client.getBook();
      const family = findFamily(customFamiliesOf(after.config), name);
      const warnings = family ? familyWarnings(family) : [];
      return {
        ok: true,
        family: family?.name ?? name,
        variants: variantsOf(family),
        warnings,
        ...(notes.length > 0 ? { notes } : {}),
        ...(args.action === 'delete' && !family ? { deleted: 'family' } : {}),
        ...(args.action === 'rename' ? { settingsUpdated: changedSettings(book.config, after.config) } : {}),
        ...delta,
      };
    },
  });

/** How many typeface settings changed between two configs (a rename carries them along). */
function changedSettings(before: Record<string, unknown>, after: Record<string, unknown>): number {
  let count = 0;
  const walk = (a: unknown, b: unknown, key: string): void => {
    if (key === 'customFonts') return;
    if (typeof a === 'string' || typeof b === 'string') {
      if (/fontfamily$/i.test(key) && a !== b) count++;
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) a.forEach((item, i) => walk(item, b[i], key));
    else if (a && b && typeof a === 'object' && typeof b === 'object') for (const k of Object.keys(a)) walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], k);
  };
  walk(before, after, '');
  return count;
}

export function fontTools(ctx: ToolContext): ToolSpec[] {
  return [saveFont(ctx)];
}
