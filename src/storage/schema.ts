import Dexie, { type Table, type Transaction } from 'dexie';
import { z } from 'zod';
import { jsonObjectSchema } from './json';
import {
  bytesSchema,
  draftOwner,
  presetCoverKey,
  projectCoverKey,
  projectOwner,
  type BlobRow,
  type CatalogueFontRow,
  type ChapterRow,
  type CoverRow,
  type DraftRow,
  type FontRow,
  type ProjectRow,
  type ResourceRow,
  type WordTemplateRow,
} from './rows';

/**
 * The IndexedDB schema, versioned. One module defines it for every context that opens the
 * database (the book worker writes; the UI may read lists), so versions never race.
 *
 * Version history
 * - 1: projects and sample drafts held their chapters and resources inline; sample covers lived in
 *   `presetCovers` keyed by [presetId+locale]; project covers inline in the project row.
 * - 2: chapters and resources move to their own tables (an edit rewrites one chapter's row, not the
 *   whole book), all covers move to `covers`, drafts gain the `edited` flag, `wordTemplates` appears.
 * - 3: `catalogueFonts` appears (faces downloaded from the open font catalogue, shared by all books);
 *   nothing else changes, so there is no upgrade step.
 *
 * Rules: never edit a published version's stores; add a version with an `upgrade` and a test that
 * opens a database written by the previous version.
 */
export const DATABASE_NAME = 'postext-sandbox';
export const SCHEMA_VERSION = 3;

export const STORES_V1 = {
  projects: 'id, updatedAt',
  presetDrafts: '[presetId+locale], presetId',
  presetCovers: '[presetId+locale]',
  blobs: 'id',
  fonts: 'id',
} as const;

export const STORES_V2 = {
  projects: 'id, updatedAt',
  presetDrafts: '[presetId+locale], presetId',
  chapters: 'key, owner',
  resources: 'key, owner',
  covers: 'key',
  blobs: 'id',
  fonts: 'id',
  wordTemplates: 'id, updatedAt',
  presetCovers: null,
} as const;

/** Version 3 adds one table; Dexie keeps the version 2 stores as they are. */
export const STORES_V3_ADDED = {
  catalogueFonts: 'key',
} as const;

// ---- Version 1 row shapes, read only by the migration. Lenient: a field a v1 writer left out gets
// its neutral value rather than aborting the upgrade (an aborted upgrade would lock the user out).

const v1ChapterSchema = z.object({ title: z.string().catch(''), text: z.string().catch('') });
const v1ResourceSchema = z.object({
  id: z.string(),
  record: jsonObjectSchema.catch({}),
  payloads: z.record(z.string(), z.string()).catch({}),
});
const v1BookFields = {
  locale: z.string().nullable().catch(null),
  config: jsonObjectSchema.catch({}),
  configVersion: z.number().int().catch(11),
  chapters: z.array(v1ChapterSchema).catch([]),
  resources: z.array(z.unknown()).catch([]),
  fontIds: z.array(z.string()).catch([]),
  view: jsonObjectSchema.nullable().catch(null),
  start: jsonObjectSchema.nullable().catch(null),
};
export const projectRowV1Schema = z.object({
  id: z.string(),
  name: z.string().catch('Untitled book'),
  description: z.string().catch(''),
  createdAt: z.number().catch(0),
  updatedAt: z.number().catch(0),
  cover: z
    .object({ bytes: bytesSchema, mime: z.string() })
    .nullable()
    .catch(null),
  ...v1BookFields,
});
export type ProjectRowV1 = z.input<typeof projectRowV1Schema>;
export const draftRowV1Schema = z.object({
  ...v1BookFields,
  presetId: z.string(),
  locale: z.string(),
  updatedAt: z.number().catch(0),
});
export type DraftRowV1 = z.input<typeof draftRowV1Schema>;
export const presetCoverRowV1Schema = z.object({
  presetId: z.string(),
  locale: z.string(),
  bytes: bytesSchema,
  mime: z.string(),
});
export type PresetCoverRowV1 = z.input<typeof presetCoverRowV1Schema>;

export class SandboxDatabase extends Dexie {
  declare projects: Table<ProjectRow, string>;
  declare presetDrafts: Table<DraftRow, [string, string]>;
  declare chapters: Table<ChapterRow, string>;
  declare resources: Table<ResourceRow, string>;
  declare covers: Table<CoverRow, string>;
  declare blobs: Table<BlobRow, string>;
  declare fonts: Table<FontRow, string>;
  declare wordTemplates: Table<WordTemplateRow, string>;
  declare catalogueFonts: Table<CatalogueFontRow, string>;

  /**
   * @param upToVersion declare only the versions up to this one. @internal Tests use 1 to write a
   *   database as the previous release did.
   */
  constructor(name: string, options: ConstructorParameters<typeof Dexie>[1] = {}, upToVersion = SCHEMA_VERSION) {
    super(name, options);
    this.version(1).stores(STORES_V1);
    if (upToVersion >= 2) this.version(2).stores(STORES_V2).upgrade(upgradeV1toV2);
    if (upToVersion >= 3) this.version(3).stores(STORES_V3_ADDED);
  }
}

/** Splits one v1 book (project or draft) into v2 chapter and resource rows. */
function splitBook(
  owner: string,
  book: { chapters: { title: string; text: string }[]; resources: unknown[] },
): { chapters: ChapterRow[]; resources: ResourceRow[] } {
  const chapters = book.chapters.map((chapter, index): ChapterRow => {
    const id = `c${index + 1}`;
    return { key: `${owner}/${id}`, owner, id, title: chapter.title, text: chapter.text };
  });
  const resources: ResourceRow[] = [];
  for (const raw of book.resources) {
    const parsed = v1ResourceSchema.safeParse(raw);
    if (!parsed.success) continue; // a v1 resource without an id could never be cited
    const { id, record, payloads } = parsed.data;
    resources.push({ key: `${owner}/${id}`, owner, id, record, payloads });
  }
  return { chapters, resources };
}

/** @internal exported for the migration test. */
export async function upgradeV1toV2(tx: Transaction): Promise<void> {
  const now = Date.now();
  const chapters = tx.table<ChapterRow, string>('chapters');
  const resources = tx.table<ResourceRow, string>('resources');
  const covers = tx.table<CoverRow, string>('covers');

  const projects = tx.table('projects');
  for (const raw of (await projects.toArray()) as unknown[]) {
    const parsed = projectRowV1Schema.safeParse(raw);
    if (!parsed.success) continue; // not a project row at all (no id): leave it untouched
    const old = parsed.data;
    const owner = projectOwner(old.id);
    const split = splitBook(owner, old);
    await chapters.bulkPut(split.chapters);
    await resources.bulkPut(split.resources);
    if (old.cover) {
      await covers.put({ key: projectCoverKey(old.id), bytes: old.cover.bytes, mime: old.cover.mime, auto: false, updatedAt: now });
    }
    const row: ProjectRow = {
      id: old.id,
      name: old.name,
      description: old.description,
      createdAt: old.createdAt,
      updatedAt: old.updatedAt,
      origin: null,
      locale: old.locale,
      config: old.config,
      configVersion: old.configVersion,
      chapterIds: split.chapters.map((c) => c.key),
      resourceIds: split.resources.map((r) => r.key),
      fontIds: old.fontIds,
      view: old.view,
      start: old.start,
      extras: {},
    };
    await projects.put(row);
  }

  const drafts = tx.table('presetDrafts');
  for (const raw of (await drafts.toArray()) as unknown[]) {
    const parsed = draftRowV1Schema.safeParse(raw);
    if (!parsed.success) continue;
    const old = parsed.data;
    const split = splitBook(draftOwner(old.presetId, old.locale), old);
    await chapters.bulkPut(split.chapters);
    await resources.bulkPut(split.resources);
    const row: DraftRow = {
      presetId: old.presetId,
      locale: old.locale,
      // Version 1 wrote a draft only on the first edit, so every v1 draft is an edited one.
      edited: true,
      updatedAt: old.updatedAt,
      config: old.config,
      configVersion: old.configVersion,
      chapterIds: split.chapters.map((c) => c.key),
      resourceIds: split.resources.map((r) => r.key),
      fontIds: old.fontIds,
      view: old.view,
      start: old.start,
      extras: {},
    };
    await drafts.put(row);
  }

  // `presetCovers` is dropped by this version; Dexie deletes removed stores after the upgrade runs,
  // so its rows are still readable here.
  for (const raw of (await tx.table('presetCovers').toArray()) as unknown[]) {
    const parsed = presetCoverRowV1Schema.safeParse(raw);
    if (!parsed.success) continue;
    const old = parsed.data;
    await covers.put({ key: presetCoverKey(old.presetId, old.locale), bytes: old.bytes, mime: old.mime, auto: true, updatedAt: now });
  }
}
