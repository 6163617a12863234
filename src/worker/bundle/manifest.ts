import { z } from 'zod';
import { jsonObjectSchema, type JsonObject } from '../../storage/json';
import { BundleError } from './errors';

/**
 * Schemas of the files a bundle carries (bundle-format.md §2–§10). Objects are "loose": unknown keys
 * pass through, so a manifest written by a newer reference keeps every field when we re-export it.
 */

const localeTag = z.string().min(1, 'expected a locale tag such as "en" or "zh-Hant"');

export const indexEntrySchema = z.looseObject({
  id: z.string().regex(/^[a-z0-9-]+$/, 'expected an id made of a-z, 0-9 and "-"'),
  dir: z.string().min(1, 'expected the preset directory name'),
  name: z.string(),
  description: z.string().optional(),
  locale: localeTag.optional(),
  default: z.boolean().optional(),
  locales: z.array(localeTag).optional(),
  openLocale: localeTag.optional(),
  thumbnail: z.string().optional(),
  license: z.string().optional(),
  credits: z.string().optional(),
  tags: z.array(z.string()).optional(),
  binding: z.enum(['left', 'right']).optional(),
});
export type IndexEntry = z.infer<typeof indexEntrySchema>;

export const indexFileSchema = z.looseObject({
  version: z.literal(1, 'expected 1'),
  presets: z.array(z.unknown(), 'expected a list of presets'),
});

const chapterEntrySchema = z.looseObject({
  /** Empty or missing: derived from the file's first level-1 heading (§4.1). */
  title: z.string().optional(),
  file: z.string().min(1, 'expected the chapter file, relative to preset.json'),
});
export type ChapterEntry = z.infer<typeof chapterEntrySchema>;

const chapterListSchema = z.array(chapterEntrySchema, 'expected a list of { title, file }');

export const chaptersFieldSchema = z.union([chapterListSchema, z.record(localeTag, chapterListSchema)], {
  error: 'expected a list of { title, file } or a map from locale to such lists',
});

export const markdownFieldSchema = z.union([z.string().min(1), z.record(localeTag, z.string().min(1))], {
  error: 'expected a file name or a map from locale to file names',
});

const safeAreaSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/** One record of `resources` (§5). Kind-specific requirements are checked by the reader. */
export const resourceRecordSchema = z.looseObject({
  id: z.string().min(1, 'expected the resource id'),
  typeId: z.string().min(1, 'expected a resource type id such as "figure"'),
  kind: z.string().min(1, 'expected "svg", "bitmap", "table" or "video"'),
  file: z.string().min(1).optional(),
  width: z.number().positive().optional(),
  height: z.number().positive().optional(),
  resolution: z.number().positive().optional(),
  pdfFile: z.string().min(1).optional(),
  posterFile: z.string().min(1).optional(),
  inlineFonts: z.boolean().optional(),
  caption: z.string().optional(),
  altText: z.string().optional(),
  note: z.string().optional(),
  safeArea: safeAreaSchema.optional(),
  placement: jsonObjectSchema.optional(),
  table: z
    .looseObject({
      model: z.looseObject({
        rows: z.array(z.array(jsonObjectSchema), 'expected rows: a list of lists of cells'),
        headerRowCount: z.number().int().nonnegative().optional(),
        columnWidths: z.array(z.number().nonnegative()).optional(),
      }),
      styleId: z.string().optional(),
    })
    .optional(),
  video: jsonObjectSchema.optional(),
});
export type ResourceRecord = z.infer<typeof resourceRecordSchema>;

export const fontVariantSchema = z.looseObject({
  weight: z.number().int().min(100, 'expected a weight from 100 to 900').max(900, 'expected a weight from 100 to 900'),
  style: z.enum(['normal', 'italic'], 'expected "normal" or "italic"'),
  file: z.string().min(1, 'expected the font file, relative to preset.json'),
});

export const fontFamilySchema = z.looseObject({
  name: z.string().min(1, 'expected the family name'),
  variants: z.array(z.unknown(), 'expected a list of { weight, style, file }'),
  redistributable: z.boolean().optional(),
});

const localizedResourceSchema = z.looseObject({
  id: z.string().min(1),
  caption: z.string().optional(),
  note: z.string().optional(),
  altText: z.string().optional(),
  table: jsonObjectSchema.optional(),
  file: z.string().min(1).optional(),
  pdfFile: z.string().min(1).optional(),
});
export type LocalizedResource = z.infer<typeof localizedResourceSchema>;

export const localizedEntrySchema = z.looseObject({
  config: jsonObjectSchema.optional(),
  resources: z.array(localizedResourceSchema).optional(),
  view: jsonObjectSchema.optional(),
  start: jsonObjectSchema.optional(),
});
export type LocalizedEntry = z.infer<typeof localizedEntrySchema>;

export const manifestSchema = z
  .looseObject({
    version: z.union([z.literal(1), z.literal(2)], { error: 'expected 1 or 2' }),
    id: z.string().min(1, 'expected the preset id'),
    name: z.string(),
    description: z.string().optional(),
    locale: localeTag.optional(),
    default: z.boolean().optional(),
    locales: z.array(localeTag).optional(),
    openLocale: localeTag.optional(),
    license: z.string().optional(),
    credits: z.string().optional(),
    tags: z.array(z.string()).optional(),
    binding: z.enum(['left', 'right']).optional(),
    thumbnail: z.string().min(1).optional(),
    configVersion: z.number().int().nonnegative().optional(),
    chapters: chaptersFieldSchema.optional(),
    markdown: markdownFieldSchema.optional(),
    config: jsonObjectSchema.optional(),
    /** Checked record by record: one bad record is skipped with a warning, not fatal. */
    resources: z.array(z.unknown(), 'expected a list of resource records').optional(),
    /** Checked family by family, like resources. */
    fonts: z.array(z.unknown(), 'expected a list of font families').optional(),
    view: jsonObjectSchema.optional(),
    start: jsonObjectSchema.optional(),
    localized: z.record(localeTag, localizedEntrySchema).optional(),
  })
  .superRefine((m, ctx) => {
    if (m.version === 2 && m.chapters === undefined) {
      ctx.addIssue({ code: 'custom', path: ['chapters'], message: 'a version-2 manifest needs "chapters": the chapter list in book order' });
    }
    if (m.version === 1 && m.markdown === undefined && m.chapters === undefined) {
      ctx.addIssue({ code: 'custom', path: ['markdown'], message: 'a version-1 manifest needs "markdown": the document file' });
    }
  });
export type Manifest = z.infer<typeof manifestSchema>;

/** Keys of the manifest we interpret; everything else is kept verbatim in `extras`. */
export const MODELLED_MANIFEST_KEYS = new Set([
  'version', 'id', 'name', 'description', 'locale', 'locales', 'openLocale', 'thumbnail', 'configVersion',
  'chapters', 'markdown', 'config', 'resources', 'fonts', 'view', 'start', 'localized',
]);

/** `chapters[0].title` style path for messages. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out === '' ? '(top level)' : out;
}

/** One line per problem: `<file> → <path>: <what is wrong / what is expected>`. */
export function describeIssues(error: z.ZodError, file: string): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${file} → ${formatPath(issue.path)}: ${issue.message}`)
    .join('; ');
}

/** Parses JSON text; throws an `invalid-manifest` BundleError saying which file is not JSON. */
export function parseJsonFile(text: string, file: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new BundleError('invalid-manifest', `${file} is not valid JSON (${detail}); expected a JSON object`);
  }
}

export function parseManifest(text: string, file = 'preset.json'): Manifest {
  const raw = parseJsonFile(text, file);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new BundleError('invalid-manifest', `${file} holds ${Array.isArray(raw) ? 'a list' : typeof raw}; expected a JSON object with version, id, name and chapters`);
  }
  const result = manifestSchema.safeParse(raw);
  if (!result.success) throw new BundleError('invalid-manifest', describeIssues(result.error, file));
  return result.data;
}

export type { JsonObject };
