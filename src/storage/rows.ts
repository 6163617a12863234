import { z } from 'zod';
import { jsonObjectSchema, jsonValueSchema, type JsonObject } from './json';

/**
 * Row shapes of the current schema (version 2). Every row read back is checked against these
 * schemas, so a damaged or foreign row surfaces as a `corrupt` StorageError instead of a crash later.
 */

/** Owner key of chapter/resource rows: `project:<id>` or `draft:<presetId>:<locale>`. */
export type OwnerKey = string;

export const projectOwner = (id: string): OwnerKey => `project:${id}`;
export const draftOwner = (presetId: string, locale: string): OwnerKey => `draft:${presetId}:${locale}`;
/** Keys of the `covers` table. */
export const projectCoverKey = (id: string): string => `project:${id}`;
export const presetCoverKey = (presetId: string, locale: string): string => `preset:${presetId}:${locale}`;

export const bytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'expected bytes (Uint8Array)' });

/** Fields shared by projects and sample drafts: one edition of a book. */
const bookFields = {
  /** The edition's language (BCP 47), or null when unknown. */
  locale: z.string().nullable(),
  /**
   * Stored configuration, defaults stripped. Its `customFonts` (the book's own families) is rebuilt
   * from the `fontIds` rows on load (host/book-convert.ts), so a family never names a missing file.
   */
  config: jsonObjectSchema,
  /** The configuration rules `config` is written for (`configuration.md` §19). */
  configVersion: z.number().int(),
  /** Keys of `chapters` rows in book order. */
  chapterIds: z.array(z.string()),
  /** Keys of `resources` rows in manifest order. */
  resourceIds: z.array(z.string()),
  /** Ids of `fonts` rows used by the book. */
  fontIds: z.array(z.string()),
  view: jsonObjectSchema.nullable(),
  start: jsonObjectSchema.nullable(),
  /** Manifest fields we keep for re-export without interpreting them. */
  extras: jsonObjectSchema,
  /** An imported `layouts.json` (optional field: rows written before it have none; no schema bump). */
  layouts: jsonValueSchema.nullable().optional(),
};

export const projectRowSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  description: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  /** Epoch milliseconds. */
  updatedAt: z.number(),
  /** Where the project came from, e.g. `recipe:<slug>:<lang>` or `preset:<id>` (tools.md §7.14). */
  origin: z.string().nullable(),
  ...bookFields,
});
export type ProjectRow = z.infer<typeof projectRowSchema>;

export const draftRowSchema = z.object({
  presetId: z.string().min(1),
  ...bookFields,
  /** The sample edition this draft belongs to; part of the primary key. */
  locale: z.string(),
  /** True once the user changed something: the Books panel shows the *Edited* tag. */
  edited: z.boolean(),
  updatedAt: z.number(),
});
export type DraftRow = z.infer<typeof draftRowSchema>;

export const chapterRowSchema = z.object({
  /** `<owner>/<chapter id>`. */
  key: z.string(),
  owner: z.string(),
  id: z.string(),
  title: z.string(),
  text: z.string(),
});
export type ChapterRow = z.infer<typeof chapterRowSchema>;

export const resourceRowSchema = z.object({
  /** `<owner>/<resource id>`. */
  key: z.string(),
  owner: z.string(),
  id: z.string(),
  /** The manifest record (bundle-format.md §5), kept verbatim. */
  record: jsonObjectSchema,
  /** Payload role (`file`, `pdfFile`, `posterFile`, or `localized:<locale>:file`…) → blob id. */
  payloads: z.record(z.string(), z.string()),
});
export type ResourceRow = z.infer<typeof resourceRowSchema>;

export const blobRowSchema = z.object({
  /** `sha256-<hex>` of `bytes`: identical payloads are stored once. */
  id: z.string(),
  bytes: bytesSchema,
  size: z.number().int().nonnegative(),
});
export type BlobRow = z.infer<typeof blobRowSchema>;

export const fontFormatSchema = z.enum(['otf', 'ttf', 'woff2', 'woff']);
export type FontFormat = z.infer<typeof fontFormatSchema>;

export const fontRowSchema = z.object({
  /** The `fileId` that `config.customFonts[].variants[].fileId` refers to. Immutable: new bytes get a new id. */
  id: z.string(),
  family: z.string(),
  /** 100–900. */
  weight: z.number().int().min(1).max(1000),
  style: z.enum(['normal', 'italic']),
  format: fontFormatSchema,
  fileName: z.string(),
  bytes: bytesSchema,
});
export type FontRow = z.infer<typeof fontRowSchema>;

/**
 * A face downloaded from the open font catalogue (Fontsource's copy of Google Fonts), kept so the
 * family works offline afterwards. Shared by every book (it is not the user's file); keyed
 * `<family lower case>|<weight>|<style>`.
 */
export const catalogueFontRowSchema = z.object({
  key: z.string(),
  family: z.string(),
  weight: z.number().int().min(1).max(1000),
  style: z.enum(['normal', 'italic']),
  /** Where the bytes came from (for the Fonts panel and a later refresh). */
  url: z.string(),
  /** The file as downloaded (WOFF2). */
  bytes: bytesSchema,
  /** ms since 1970, when it was stored. */
  fetchedAt: z.number(),
});
export type CatalogueFontRow = z.infer<typeof catalogueFontRowSchema>;

/** The `catalogueFonts` key of a face. */
export function catalogueFontKey(family: string, weight: number, style: 'normal' | 'italic'): string {
  return `${family.trim().toLowerCase()}|${weight}|${style}`;
}

export const coverRowSchema = z.object({
  key: z.string(),
  bytes: bytesSchema,
  /** `image/png`, `image/jpeg`, `image/webp`, `image/gif` or `image/svg+xml`. */
  mime: z.string(),
  /** True when captured automatically from the first page (an automatic cover may be recaptured). */
  auto: z.boolean(),
  updatedAt: z.number(),
});
export type CoverRow = z.infer<typeof coverRowSchema>;

export const wordTemplateRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  updatedAt: z.number(),
  /** The template itself; its shape belongs to the Word import issue. */
  template: jsonObjectSchema,
});
export type WordTemplateRow = z.infer<typeof wordTemplateRowSchema>;

/** A stored row that does not have the expected shape, or a reference to a row that is missing. */
export class CorruptRowError extends Error {
  override readonly name = 'CorruptRowError';
}

/** Validates a row read from the database; throws a readable CorruptRowError on mismatch. */
export function checkRow<T>(schema: z.ZodType<T>, row: unknown, what: string): T {
  const result = schema.safeParse(row);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : '(row)';
  throw new CorruptRowError(`${what}: ${where}: ${issue?.message ?? 'unexpected shape'}`);
}

export type { JsonObject };
