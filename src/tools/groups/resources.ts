/**
 * Resources and fonts (tools.md §3.4): list, save and delete the book's figures and tables, and
 * list the font families a book can use. Every change goes through the worker as a transaction
 * (renames and deletes through its resource commands, which count the references).
 */
import { z } from 'zod';
import { UNITS } from '../../worker/config/types';
import { BUNDLED_FACES } from '../../worker/engine/fonts/bundled';
import { customFamiliesOf } from '../../worker/engine/fonts/custom';
import { looksLikeSvg, readBitmapInfo } from '../../worker/engine/resources/picture-info';
import type { BookSnapshot, ResourceInfo, ResourceRecord } from '../../worker/protocol/messages';
import { applyAndReport, deltaSince, isFailure, readyBook, Wait, type ToolContext } from '../context';
import { defineTool, fail, type ToolResult, type ToolSpec } from '../registry';
import { FileArg, readFileArg } from './books';

const ID_RULE = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
const ResourceId = z.string().min(1).describe('The resource id (a slug such as "harbour-map"), as :ref{id="…"} and ::resource{id="…"} name it.');

const directiveOf = (id: string): string => `::resource{id="${id}"}`;

/** Turns a file name or caption into an id suggestion: lower case, ASCII letters and digits joined by "-". */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.[A-Za-z0-9]{2,5}$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'resource';
}

const Placement = z
  .object({
    position: z.enum(['auto', 'top', 'bottom', 'here']).optional(),
    span: z.enum(['column', 'page', 'side']).optional(),
    columns: z.number().int().min(1).optional(),
    width: z.number().gt(0).lt(1).optional(),
    align: z.enum(['left', 'center', 'right', 'start', 'end']).optional(),
    captionSide: z.boolean().optional(),
    rotate: z.enum(['ccw', 'cw']).optional(),
    shrink: z.enum(['never', 'page', 'slot']).optional(),
    minScale: z.number().gt(0).max(1).optional(),
    captionMeasure: z.enum(['slot', 'body']).optional(),
    wrap: z.enum(['none', 'left', 'right', 'start', 'end']).optional(),
    wrapGap: z
      .object({ value: z.number().min(0), unit: z.enum(UNITS) })
      .strict()
      .optional()
      .describe('Gap between a wrapped resource and the text beside it, e.g. {"value": 6, "unit": "pt"}; absent = layout.wrap.gap (one body line).'),
    citingPage: z.boolean().optional(),
  })
  .strict()
  .describe('ResourcePlacement (configuration.md §12.2): position auto|top|bottom|here, span column|page|side, width fraction + align, …');

const SafeArea = z
  .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), width: z.number().gt(0).max(1), height: z.number().gt(0).max(1) })
  .strict()
  .refine((a) => a.x + a.width <= 1.000001 && a.y + a.height <= 1.000001, { message: 'the safe area must lie inside the picture (x + width ≤ 1, y + height ≤ 1)' })
  .describe('The part of the picture always shown, in fractions from its top-left.');

const TableArg = z
  .object({
    rows: z.array(z.array(z.string())).min(1).optional().describe('Rows of cell texts (inline Markdown); the first headerRows rows are the header.'),
    columnWidths: z.array(z.number().positive()).optional().describe('Relative column weights, e.g. [2, 1].'),
    headerRows: z.number().int().min(0).default(1),
    model: z.record(z.string(), z.unknown()).optional().describe('A full TableModel as in bundle-format.md §5.2 (rows of cells with content, colSpan, rowSpan, isHeader, align…), instead of rows.'),
    styleId: z.string().optional(),
  })
  .strict();

const SvgArg = z.union([FileArg, z.object({ source: z.string().min(1).describe('The SVG markup.') }).strict()]);

async function resourceInfo(ctx: ToolContext, id: string): Promise<ResourceInfo | undefined> {
  return (await ctx.client.listResources()).resources.find((r) => r.record.id === id);
}

const listResources = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_list_resources',
    title: 'List resources',
    description:
      'The book’s figures and tables: id, type, kind, caption, number and how many references use it. With id, one resource in full (table cells with their formatting, SVG source, picture size). Example: {} or { "id": "harbour" }',
    input: z.object({ id: z.string().min(1).optional(), type: z.string().min(1).optional().describe('Only resources of this type id (figure, table, …).') }).strict(),
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const { resources } = await ctx.client.listResources();
      if (args.id === undefined) {
        return {
          ok: true,
          resources: resources
            .filter((r) => args.type === undefined || r.record.typeId === args.type)
            .map((r) => ({ id: r.record.id, typeId: r.record.typeId, kind: r.record.kind, caption: r.record.caption ?? '', uses: r.uses, number: r.number, label: r.label })),
        };
      }
      const found = resources.find((r) => r.record.id === args.id);
      if (!found) return fail(`No resource has the id "${args.id}"; ${resources.length > 0 ? `the book's resources are ${resources.map((r) => `"${r.record.id}"`).join(', ')}` : 'the book has no resources'}.`, { valid: resources.map((r) => r.record.id), hint: 'List them with sandbox_list_resources {}.' });
      return { ok: true, resource: await fullRecord(ctx, found), directive: directiveOf(found.record.id) };
    },
  });

async function fullRecord(ctx: ToolContext, info: ResourceInfo): Promise<Record<string, unknown>> {
  const { payloadBytes: _bytes, ...record } = info.record;
  const out: Record<string, unknown> = { ...record, uses: info.uses, number: info.number, label: info.label };
  if (info.natural) out['naturalSize'] = { ...info.natural, unit: 'pt' };
  if (info.problem) out['problem'] = info.problem;
  if (record.kind === 'bitmap' && info.pixels) out['bitmap'] = { width: info.pixels.width, height: info.pixels.height, format: info.pixels.format, resolution: record.resolution ?? null, fileResolution: info.pixels.fileResolution ?? null };
  if (record.kind === 'svg') {
    const payload = await ctx.client.getResourcePayload(record.id);
    out['svg'] = { source: payload ? new TextDecoder().decode(payload.bytes) : null, width: record.width ?? info.natural?.width ?? null, height: record.height ?? info.natural?.height ?? null };
  }
  return out;
}

const saveResource = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_save_resource',
    title: 'Add or change a resource',
    description:
      'Add a figure (image: PNG/JPEG/WebP/GIF, or svg) or a table, or change one: an existing id changes only what is given; newId renames it and, by default, every reference. Answers with the stored record and the ::resource line that places it (write it with sandbox_edit_text). Example: { "id": "prices", "caption": "Prices in 1850", "table": { "rows": [["Item","Price"],["Bread","2d"]], "columnWidths": [2, 1] } }',
    input: z
      .object({
        id: ResourceId,
        newId: z.string().min(1).optional().describe('Rename the resource to this id.'),
        updateReferences: z.boolean().default(true).describe('With newId: rename every :ref / ::resource too (default true).'),
        image: FileArg.optional(),
        svg: SvgArg.optional(),
        video: z.object({ url: z.string() }).strict().optional(),
        table: TableArg.optional(),
        caption: z.string().optional(),
        altText: z.string().optional(),
        note: z.string().optional(),
        typeId: z.string().min(1).optional(),
        placement: Placement.optional(),
        safeArea: SafeArea.optional(),
        resolution: z.number().positive().optional().describe('A bitmap’s ppi at its natural print size (1200 px at 300 ppi = 288 pt).'),
        wait: Wait,
      })
      .strict(),
    annotations: { untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const book = ready as BookSnapshot;
      if (args.video) return fail('Videos are not supported yet; add the figure as an image (a poster) instead.');
      const payloads = [args.image, args.svg, args.table].filter((p) => p !== undefined).length;
      if (payloads > 1) return fail('Give one payload: image, svg or table.');
      const existing = book.resources.find((r) => r.id === args.id);
      if (!existing && !ID_RULE.test(args.id)) return fail(`"${args.id}" is not a valid id; ids use letters, digits, ., _, : and -, for example "${slugify(args.id)}".`);
      if (!existing && payloads === 0) return fail(`No resource has the id "${args.id}"; to create it give image, svg or table.`, { valid: book.resources.map((r) => r.id) });
      let record: ResourceRecord = existing ? stripSize({ ...existing }) : { id: args.id, typeId: 'figure', kind: 'bitmap' };
      let payload: Uint8Array | undefined;
      if (args.image) {
        const bytes = await readFileArg(args.image);
        if (!(bytes instanceof Uint8Array)) return bytes;
        const info = readBitmapInfo(bytes);
        if (!info) return fail('The image is not a PNG, JPEG, WebP or GIF file (its header could not be read); send one of those, or an SVG as svg.');
        payload = bytes;
        record = { ...withoutTable(record), kind: 'bitmap', typeId: args.typeId ?? (existing?.kind === 'bitmap' || existing?.kind === 'svg' ? existing.typeId : 'figure'), width: info.width, height: info.height };
      } else if (args.svg) {
        let bytes: Uint8Array;
        if ('source' in args.svg) bytes = new TextEncoder().encode(args.svg.source);
        else {
          const read = await readFileArg(args.svg);
          if (!(read instanceof Uint8Array)) return read;
          bytes = read;
        }
        if (!looksLikeSvg(bytes)) return fail('The svg is not SVG markup (no <svg> element); send the drawing’s source or file.');
        payload = bytes;
        record = { ...withoutTable(record), kind: 'svg', typeId: args.typeId ?? (existing?.kind === 'bitmap' || existing?.kind === 'svg' ? existing.typeId : 'figure') };
      } else if (args.table) {
        const t = args.table;
        let model: Record<string, unknown>;
        if (t.model) model = t.model;
        else if (t.rows) model = { rows: t.rows.map((row) => row.map((content) => ({ content }))), headerRowCount: Math.min(t.headerRows, t.rows.length), ...(t.columnWidths ? { columnWidths: t.columnWidths } : {}) };
        else if (existing?.table) model = { ...(existing.table.model as Record<string, unknown>), ...(t.columnWidths ? { columnWidths: t.columnWidths } : {}) };
        else return fail('A table needs rows (e.g. [["Item","Price"],["Bread","2d"]]) or a full model.');
        const { width: _w, height: _h, resolution: _r, ...rest } = record;
        record = { ...rest, kind: 'table', typeId: args.typeId ?? (existing?.kind === 'table' ? existing.typeId : 'table'), table: { model, ...(t.styleId ? { styleId: t.styleId } : {}) } };
      }
      for (const key of ['caption', 'altText', 'note', 'typeId', 'placement', 'safeArea', 'resolution'] as const) {
        if (args[key] !== undefined) (record as Record<string, unknown>)[key] = args[key];
      }
      const { result, delta } = await applyAndReport(ctx, { origin: 'agent', baseRevision: book.revision, ops: [{ type: 'resource.put', resource: record, ...(payload ? { payload: payload as Uint8Array<ArrayBuffer> } : {}) }] }, args.wait && args.newId === undefined);
      if (!result.ok) return fail(result.error);
      let id = args.id;
      let renamed: number | undefined;
      if (args.newId !== undefined && args.newId !== args.id) {
        const rename = await ctx.client.renameResource({ id: args.id, newId: args.newId, updateReferences: args.updateReferences, origin: 'agent' });
        if (!rename.ok) return fail(`The resource was saved as "${args.id}" but not renamed: ${rename.error}`);
        id = args.newId;
        renamed = rename.renamedReferences;
        if (args.wait) await ctx.client.awaitConvergence(rename.revision);
      }
      const info = await resourceInfo(ctx, id);
      return {
        ok: true,
        resource: info ? await fullRecord(ctx, info) : record,
        directive: directiveOf(id),
        created: !existing,
        ...(renamed !== undefined ? { renamedReferences: renamed } : {}),
        ...delta,
        ...(args.newId !== undefined && args.wait ? { pagesAfter: (await ctx.client.getPages()).pages.length } : {}),
      };
    },
  });

/** Sizes are read from a new picture's bytes; an edit keeps the stored ones unless a payload replaces them. */
function stripSize(record: ResourceRecord & { payloadBytes?: number }): ResourceRecord {
  const { payloadBytes: _bytes, ...rest } = record;
  return rest;
}

function withoutTable(record: ResourceRecord): ResourceRecord {
  const { table: _table, ...rest } = record;
  return rest;
}

const deleteResource = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_delete_resource',
    title: 'Delete a resource',
    description:
      'Delete a figure or table. This cannot be undone (export a .postext first when in doubt); answers with the number of :ref / ::resource references left pointing at nothing. Example: { "id": "harbour" }',
    input: z.object({ id: ResourceId, wait: Wait }).strict(),
    annotations: { consequentialHint: true, untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const book = ready as BookSnapshot;
      if (!book.resources.some((r) => r.id === args.id)) return fail(`No resource has the id "${args.id}"; ${book.resources.length > 0 ? `the book's resources are ${book.resources.map((r) => `"${r.id}"`).join(', ')}` : 'the book has no resources'} (sandbox_list_resources lists them).`, { valid: book.resources.map((r) => r.id) });
      const before = await ctx.client.getPages();
      const result = await ctx.client.deleteResource({ id: args.id, origin: 'agent' });
      if (!result.ok) return fail(result.error);
      if (!args.wait) return { ok: true, deleted: args.id, danglingReferences: result.danglingReferences, pagesBefore: before.pages.length, pending: true };
      await ctx.client.awaitConvergence(result.revision);
      // The same layout-delta block as every mutating tool (tools.md §2.10); no chapter's text changed.
      return { ok: true, deleted: args.id, danglingReferences: result.danglingReferences, ...(await deltaSince(ctx, before, () => false)) };
    },
  });

/** Families and their faces bundled with the app: the catalogue this Sandbox can load offline. */
function bundledCatalogue(): { family: string; category: string; weights: number[]; styles: string[] }[] {
  const families = new Map<string, { family: string; category: string; weights: Set<number>; styles: Set<string> }>();
  for (const face of BUNDLED_FACES) {
    const entry = families.get(face.family) ?? { family: face.family, category: face.genre, weights: new Set<number>(), styles: new Set<string>() };
    entry.weights.add(face.weight);
    entry.styles.add(face.style);
    families.set(face.family, entry);
  }
  return [...families.values()].map((f) => ({ family: f.family, category: f.category, weights: [...f.weights].sort((a, b) => a - b), styles: [...f.styles].sort() }));
}

/** The roles a family plays in the design: the paths that name fonts. */
const FONT_ROLES: { path: string; role: 'body' | 'headings' | 'other' }[] = [
  { path: 'bodyText.fontFamily', role: 'body' },
  { path: 'headings.fontFamily', role: 'headings' },
  { path: 'codeStyle.fontFamily', role: 'other' },
  { path: 'captionStyle.fontFamily', role: 'other' },
  { path: 'tableStyle.bodyFontFamily', role: 'other' },
  { path: 'tableStyle.headerFontFamily', role: 'other' },
];

const listFonts = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_list_fonts',
    title: 'List fonts',
    description:
      'The font families the book uses (with their role: body, headings or other, and source: custom = uploaded to this book, bundled, google = downloaded from the open font catalogue when named (kept for offline use), or missing = falls back) and the families this Sandbox can load, filtered by a search. Set a family with sandbox_set_config (e.g. bodyText.fontFamily); upload one with sandbox_save_font. Example: { "search": "Garamond" }',
    input: z.object({ search: z.string().default(''), limit: z.number().int().min(1).max(200).default(20) }).strict(),
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      // The book's own families (sandbox_save_font) come first: they win over bundled ones of the same name.
      const custom = customFamiliesOf((ready as BookSnapshot).config).filter((f) => f.variants.length > 0);
      const isCustom = (family: string): boolean => custom.some((f) => f.name.toLowerCase() === family.toLowerCase());
      const catalogue = [
        ...custom.map((f) => ({ family: f.name, category: 'custom', weights: [...new Set(f.variants.map((v) => v.weight))].sort((a, b) => a - b), styles: [...new Set(f.variants.map((v) => v.style))].sort() })),
        ...bundledCatalogue().filter((c) => !isCustom(c.family)),
      ];
      const known = new Set(catalogue.map((c) => c.family.toLowerCase()));
      const used = new Map<string, 'body' | 'headings' | 'other'>();
      for (const { path, role } of FONT_ROLES) {
        const answer = (await ctx.client.getConfig(path)) as { effective?: unknown } | undefined;
        const family = typeof answer?.effective === 'string' ? answer.effective : undefined;
        if (family && !used.has(family)) used.set(family, role);
      }
      // Uploaded families no setting names yet are the book's too.
      for (const f of custom) if (![...used.keys()].some((u) => u.toLowerCase() === f.name.toLowerCase())) used.set(f.name, 'other');
      // A family neither the book's nor bundled may have come from the open font catalogue.
      const downloaded = new Set<string>();
      for (const family of used.keys()) {
        if (isCustom(family) || known.has(family.toLowerCase())) continue;
        if ((await ctx.client.getFontFace({ family }).catch(() => null))?.catalogue) downloaded.add(family.toLowerCase());
      }
      const needle = args.search.trim().toLowerCase();
      return {
        ok: true,
        book: [...used].map(([family, role]) => ({ family, role, source: isCustom(family) ? 'custom' : known.has(family.toLowerCase()) ? 'bundled' : downloaded.has(family.toLowerCase()) ? 'google' : 'missing' })),
        catalogue: catalogue.filter((c) => !needle || c.family.toLowerCase().includes(needle)).slice(0, args.limit),
        note: 'The catalogue lists the book’s own families (category "custom", added with sandbox_save_font) and the families bundled with the Sandbox (they work offline). Any other Google Fonts family can be named in a setting: when online it is downloaded (Latin subset) and kept for offline use ("google"). A family marked "missing" falls back to a bundled face.',
      };
    },
  });

export function resourceTools(ctx: ToolContext): ToolSpec[] {
  return [listResources(ctx), saveResource(ctx), deleteResource(ctx), listFonts(ctx)];
}
