import type { Table } from 'dexie';
import { StorageError, toStorageError } from './errors';
import { contentId } from './hash';
import type { JsonObject, JsonValue } from './json';
import {
  blobRowSchema,
  catalogueFontKey,
  catalogueFontRowSchema,
  type CatalogueFontRow,
  chapterRowSchema,
  checkRow,
  CorruptRowError,
  coverRowSchema,
  draftOwner,
  draftRowSchema,
  fontRowSchema,
  presetCoverKey,
  projectCoverKey,
  projectOwner,
  projectRowSchema,
  resourceRowSchema,
  wordTemplateRowSchema,
  type BlobRow,
  type ChapterRow,
  type CoverRow,
  type DraftRow,
  type FontFormat,
  type FontRow,
  type ProjectRow,
  type ResourceRow,
  type WordTemplateRow,
} from './rows';
import { DATABASE_NAME, SandboxDatabase } from './schema';
import type { ProjectSummary } from '../worker/protocol/messages';

// ---------------------------------------------------------------------------------------------
// Public shapes: what the book worker hands to storage and gets back. Binary payloads travel as
// Uint8Array; storage deduplicates them by content.

export interface StoredChapter {
  /** Stable chapter id within the book (the worker's id; unique per book). */
  id: string;
  title: string;
  text: string;
}

export interface StoredResource {
  /** The manifest id cited from the Markdown. Unique per book. */
  id: string;
  /** Manifest record (bundle-format.md §5), kept verbatim. */
  record: JsonObject;
  /** Payload bytes by role: `file`, `pdfFile`, `posterFile`, … */
  payloads: Record<string, Uint8Array>;
}

export interface StoredFont {
  /** The `fileId` of `config.customFonts[].variants[]`. Immutable: different bytes need a different id. */
  id: string;
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  format: FontFormat;
  fileName: string;
  bytes: Uint8Array;
}

/** One edition of a book, as the worker keeps it. */
export interface StoredBookContent {
  locale: string | null;
  config: JsonObject;
  configVersion: number;
  chapters: StoredChapter[];
  resources: StoredResource[];
  fonts: StoredFont[];
  view: JsonObject | null;
  start: JsonObject | null;
  extras: JsonObject;
  /**
   * `layouts.json` of the file the book was imported from (bundle-format §13): kept as read so an
   * export gives it back, and used to open paginated while its stamps still hold. Absent: none.
   */
  layouts?: JsonValue | null;
}

export interface StoredProject extends StoredBookContent {
  id: string;
  name: string;
  description: string;
  createdAt: number;
  updatedAt: number;
  origin: string | null;
}

export interface StoredDraft extends StoredBookContent {
  presetId: string;
  locale: string;
  edited: boolean;
  updatedAt: number;
}

export interface StoredCover {
  bytes: Uint8Array;
  mime: string;
  /** Captured automatically from the first page (may be recaptured) rather than chosen by the user. */
  auto: boolean;
}

/** The list shape of a project is the protocol's (one type for storage, library and UI). */
export type { ProjectSummary } from '../worker/protocol/messages';

export interface DraftSummary {
  presetId: string;
  locale: string;
  edited: boolean;
  updatedAt: number;
}

export interface WordTemplate {
  id: string;
  name: string;
  updatedAt: number;
  template: JsonObject;
}

export interface OpenStorageOptions {
  /** Database name; tests use a fresh one per case. */
  name?: string;
  /** IndexedDB factory; defaults to the global one (the worker's). Tests pass fake-indexeddb. */
  indexedDB?: { open: IDBFactory['open'] } & Partial<IDBFactory>;
  IDBKeyRange?: typeof IDBKeyRange;
}

const BOOK_TABLES = ['projects', 'presetDrafts', 'chapters', 'resources', 'blobs', 'fonts', 'covers'] as const;

/**
 * Opens (creating or migrating) the Sandbox database.
 * Throws StorageError `unavailable` when there is no IndexedDB or it refuses to open.
 */
export async function openBookStorage(options: OpenStorageOptions = {}): Promise<BookStorage> {
  const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  const keyRange = options.IDBKeyRange ?? (globalThis as { IDBKeyRange?: typeof IDBKeyRange }).IDBKeyRange;
  if (!factory || !keyRange) {
    throw new StorageError('unavailable', 'IndexedDB is not available in this context');
  }
  const db = new SandboxDatabase(options.name ?? DATABASE_NAME, { indexedDB: factory, IDBKeyRange: keyRange });
  try {
    await db.open();
  } catch (error) {
    db.close();
    throw toStorageError(error, 'Opening the book database');
  }
  return new BookStorage(db);
}

/**
 * Book persistence for the book worker (the only writer). Every multi-row write is one Dexie
 * transaction: when it fails (quota, abort) IndexedDB rolls it back and the previous rows stay
 * exactly as they were.
 */
export class BookStorage {
  constructor(private readonly db: SandboxDatabase) {}

  /**
   * The chapter rows this connection last wrote for the owner (project or draft) it saved last,
   * with the `updatedAt` of the book row written with them. A save that finds that stamp still on
   * the book row (nobody wrote the book since: another tab would have stamped it anew) writes only
   * the chapters that differ. An autosave after a one-paragraph edit rewrote every chapter, and
   * IndexedDB clones what it is given on the calling thread — the book worker's.
   * One owner only: the rows hold their chapters' texts, and kept for every book saved they held
   * every book opened in the session (a book saved again after another was the last writes all
   * its chapters once).
   */
  private readonly written = new Map<string, { updatedAt: number; chapters: Map<string, ChapterRow> }>();

  /**
   * Runs a save of `owner`'s book, giving it a function that answers what this connection last
   * wrote for it when the stored book row still carries that save's stamp; records the committed
   * save's chapter rows (a failed save leaves none: the next one writes everything).
   */
  private async remembering(owner: string, updatedAt: number, prepared: PreparedContent, save: (lastWritten: (stored: unknown) => Map<string, ChapterRow> | undefined) => Promise<void>): Promise<void> {
    const last = this.written.get(owner);
    this.written.delete(owner);
    await save((stored) => {
      const stamp = typeof stored === 'object' && stored !== null ? (stored as { updatedAt?: unknown }).updatedAt : undefined;
      return last && last.updatedAt === stamp ? last.chapters : undefined;
    });
    this.written.clear();
    this.written.set(owner, { updatedAt, chapters: new Map(prepared.chapters.map((c) => [c.key, c])) });
  }

  close(): void {
    this.db.close();
  }

  // ---- projects ---------------------------------------------------------------------------

  async listProjects(): Promise<ProjectSummary[]> {
    return this.run('Listing books', async () => {
      const rows = await this.db.projects.orderBy('updatedAt').reverse().toArray();
      return rows.map((raw) => {
        const row = checkRow(projectRowSchema, raw, 'project');
        return {
          id: row.id,
          name: row.name,
          description: row.description,
          locale: row.locale,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
          origin: row.origin,
          chapterCount: row.chapterIds.length,
        };
      });
    });
  }

  async loadProject(id: string): Promise<StoredProject | null> {
    return this.run(`Loading book ${id}`, () =>
      this.db.transaction('r', [...BOOK_TABLES], async () => {
        const raw = await this.db.projects.get(id);
        if (!raw) return null;
        const row = checkRow(projectRowSchema, raw, `project ${id}`);
        const content = await this.readContent(row);
        return {
          id: row.id,
          name: row.name,
          description: row.description,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
          origin: row.origin,
          ...content,
        };
      }),
    );
  }

  /** Writes the whole project atomically (unchanged payloads are not rewritten). */
  async saveProject(project: StoredProject): Promise<void> {
    const owner = projectOwner(project.id);
    const prepared = await prepareContent(owner, project);
    await this.remembering(owner, project.updatedAt, prepared, (lastWritten) => this.run(`Saving book "${project.name}"`, () =>
      this.db.transaction('rw', [...BOOK_TABLES], async () => {
        const previous = lastWritten(await this.db.projects.get(project.id));
        const row: ProjectRow = {
          id: project.id,
          name: project.name,
          description: project.description,
          createdAt: project.createdAt,
          updatedAt: project.updatedAt,
          origin: project.origin,
          ...prepared.bookFields,
        };
        await this.writeContent(owner, prepared, previous);
        await this.db.projects.put(row);
      }),
    ));
  }

  /** Deletes a project, its chapters, resources and cover. Payloads go at the next `collectGarbage`. */
  async deleteProject(id: string): Promise<void> {
    const owner = projectOwner(id);
    await this.run(`Deleting book ${id}`, () =>
      this.db.transaction('rw', [...BOOK_TABLES], async () => {
        await this.db.chapters.where('owner').equals(owner).delete();
        await this.db.resources.where('owner').equals(owner).delete();
        await this.db.covers.delete(projectCoverKey(id));
        await this.db.projects.delete(id);
      }),
    );
  }

  // ---- sample drafts (per sample and language) ----------------------------------------------

  async loadDraft(presetId: string, locale: string): Promise<StoredDraft | null> {
    return this.run(`Loading the draft of ${presetId} (${locale})`, () =>
      this.db.transaction('r', [...BOOK_TABLES], async () => {
        const raw = await this.db.presetDrafts.get([presetId, locale]);
        if (!raw) return null;
        const row = checkRow(draftRowSchema, raw, `draft ${presetId}/${locale}`);
        const content = await this.readContent(row);
        return { ...content, presetId: row.presetId, locale: row.locale, edited: row.edited, updatedAt: row.updatedAt };
      }),
    );
  }

  async saveDraft(draft: StoredDraft): Promise<void> {
    const owner = draftOwner(draft.presetId, draft.locale);
    const prepared = await prepareContent(owner, draft);
    await this.remembering(owner, draft.updatedAt, prepared, (lastWritten) => this.run(`Saving the draft of ${draft.presetId} (${draft.locale})`, () =>
      this.db.transaction('rw', [...BOOK_TABLES], async () => {
        const previous = lastWritten(await this.db.presetDrafts.get([draft.presetId, draft.locale]));
        const row: DraftRow = {
          presetId: draft.presetId,
          edited: draft.edited,
          updatedAt: draft.updatedAt,
          ...prepared.bookFields,
          // The key's locale is the edition's; the content's own `locale` is not allowed to differ.
          locale: draft.locale,
        };
        await this.writeContent(owner, prepared, previous);
        await this.db.presetDrafts.put(row);
      }),
    ));
  }

  /** Drafts of one sample (every language) or of all samples. */
  async listDrafts(presetId?: string): Promise<DraftSummary[]> {
    return this.run('Listing sample drafts', async () => {
      const rows = presetId === undefined
        ? await this.db.presetDrafts.toArray()
        : await this.db.presetDrafts.where('presetId').equals(presetId).toArray();
      return rows.map((raw) => {
        const row = checkRow(draftRowSchema, raw, 'draft');
        return { presetId: row.presetId, locale: row.locale, edited: row.edited, updatedAt: row.updatedAt };
      });
    });
  }

  /** "Restore the original…": discards the drafts of a sample in every language (covers stay). */
  async deleteDrafts(presetId: string): Promise<void> {
    await this.run(`Discarding the drafts of ${presetId}`, () =>
      this.db.transaction('rw', [...BOOK_TABLES], async () => {
        const keys = await this.db.presetDrafts.where('presetId').equals(presetId).primaryKeys();
        for (const [, locale] of keys) {
          const owner = draftOwner(presetId, locale);
          await this.db.chapters.where('owner').equals(owner).delete();
          await this.db.resources.where('owner').equals(owner).delete();
        }
        await this.db.presetDrafts.bulkDelete(keys);
      }),
    );
  }

  // ---- covers -------------------------------------------------------------------------------

  async getProjectCover(projectId: string): Promise<StoredCover | null> {
    return this.getCover(projectCoverKey(projectId));
  }
  async setProjectCover(projectId: string, cover: StoredCover | null): Promise<void> {
    return this.setCover(projectCoverKey(projectId), cover);
  }
  async getPresetCover(presetId: string, locale: string): Promise<StoredCover | null> {
    return this.getCover(presetCoverKey(presetId, locale));
  }
  async setPresetCover(presetId: string, locale: string, cover: StoredCover | null): Promise<void> {
    return this.setCover(presetCoverKey(presetId, locale), cover);
  }

  private async getCover(key: string): Promise<StoredCover | null> {
    return this.run('Reading a cover', async () => {
      const raw = await this.db.covers.get(key);
      if (!raw) return null;
      const row = checkRow(coverRowSchema, raw, `cover ${key}`);
      return { bytes: row.bytes, mime: row.mime, auto: row.auto };
    });
  }

  private async setCover(key: string, cover: StoredCover | null): Promise<void> {
    await this.run('Saving a cover', async () => {
      if (cover === null) {
        await this.db.covers.delete(key);
        return;
      }
      const row: CoverRow = { key, bytes: cover.bytes, mime: cover.mime, auto: cover.auto, updatedAt: Date.now() };
      await this.db.covers.put(row);
    });
  }

  // ---- fonts and payloads -------------------------------------------------------------------

  async getFont(id: string): Promise<StoredFont | null> {
    return this.run(`Reading font ${id}`, async () => {
      const raw = await this.db.fonts.get(id);
      return raw ? fontFromRow(checkRow(fontRowSchema, raw, `font ${id}`)) : null;
    });
  }

  /** A face downloaded from the open font catalogue earlier, or null (fonts shared by all books). */
  async getCatalogueFont(family: string, weight: number, style: 'normal' | 'italic'): Promise<CatalogueFontRow | null> {
    const key = catalogueFontKey(family, weight, style);
    return this.run(`Reading the downloaded font ${family}`, async () => {
      const raw = await this.db.catalogueFonts.get(key);
      return raw ? checkRow(catalogueFontRowSchema, raw, `downloaded font ${key}`) : null;
    });
  }

  /** Keeps a downloaded catalogue face (replacing an older copy of the same face). */
  async putCatalogueFont(row: Omit<CatalogueFontRow, 'key'>): Promise<void> {
    const full = catalogueFontRowSchema.parse({ ...row, key: catalogueFontKey(row.family, row.weight, row.style) });
    await this.run(`Saving the downloaded font ${row.family}`, () => this.db.catalogueFonts.put(full));
  }

  /**
   * Deletes payloads and fonts that no project or draft references any more
   * (tools.md §7.14: "garbage-collected when unreferenced"). Returns how many rows went.
   */
  async collectGarbage(): Promise<{ blobs: number; fonts: number }> {
    return this.run('Cleaning up unused files', () =>
      this.db.transaction('rw', [...BOOK_TABLES], async () => {
        const usedFonts = new Set<string>();
        const addFonts = (row: { fontIds?: unknown }): void => {
          if (Array.isArray(row.fontIds)) for (const id of row.fontIds) if (typeof id === 'string') usedFonts.add(id);
        };
        await this.db.projects.each(addFonts);
        await this.db.presetDrafts.each(addFonts);
        const usedBlobs = new Set<string>();
        await this.db.resources.each((row) => {
          for (const id of Object.values(row.payloads ?? {})) usedBlobs.add(id);
        });
        const blobKeys = await this.db.blobs.toCollection().primaryKeys();
        const fontKeys = await this.db.fonts.toCollection().primaryKeys();
        const deadBlobs = blobKeys.filter((k) => !usedBlobs.has(k));
        const deadFonts = fontKeys.filter((k) => !usedFonts.has(k));
        await this.db.blobs.bulkDelete(deadBlobs);
        await this.db.fonts.bulkDelete(deadFonts);
        return { blobs: deadBlobs.length, fonts: deadFonts.length };
      }),
    );
  }

  // ---- Word templates (the table only; the Word issue fills in the behaviour) ----------------

  async listWordTemplates(): Promise<WordTemplate[]> {
    return this.run('Listing Word templates', async () =>
      (await this.db.wordTemplates.orderBy('updatedAt').reverse().toArray()).map((raw) =>
        checkRow(wordTemplateRowSchema, raw, 'Word template'),
      ),
    );
  }
  async saveWordTemplate(template: WordTemplate): Promise<void> {
    const row: WordTemplateRow = { ...template };
    await this.run(`Saving Word template "${template.name}"`, async () => {
      await this.db.wordTemplates.put(row);
    });
  }
  async deleteWordTemplate(id: string): Promise<void> {
    await this.run('Deleting a Word template', async () => {
      await this.db.wordTemplates.delete(id);
    });
  }

  // ---- internals ----------------------------------------------------------------------------

  private async run<T>(action: string, body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (error) {
      if (error instanceof StorageError) throw error;
      if (error instanceof CorruptRowError) throw new StorageError('corrupt', `${action}: ${error.message}`, error);
      throw toStorageError(error, action);
    }
  }

  private async readContent(row: ProjectRow | DraftRow): Promise<StoredBookContent> {
    const chapterRows = await this.db.chapters.bulkGet(row.chapterIds);
    const chapters = chapterRows.map((raw, index): StoredChapter => {
      if (!raw) throw new CorruptRowError(`chapter ${row.chapterIds[index]} is listed by the book but missing`);
      const chapter = checkRow(chapterRowSchema, raw, `chapter ${row.chapterIds[index]}`);
      return { id: chapter.id, title: chapter.title, text: chapter.text };
    });
    const resourceRows = (await this.db.resources.bulkGet(row.resourceIds)).map((raw, index) => {
      if (!raw) throw new CorruptRowError(`resource ${row.resourceIds[index]} is listed by the book but missing`);
      return checkRow(resourceRowSchema, raw, `resource ${row.resourceIds[index]}`);
    });
    const blobIds = [...new Set(resourceRows.flatMap((r) => Object.values(r.payloads)))];
    const blobs = new Map<string, Uint8Array>();
    (await this.db.blobs.bulkGet(blobIds)).forEach((raw, index) => {
      if (!raw) throw new CorruptRowError(`payload ${blobIds[index]} is referenced but missing`);
      blobs.set(blobIds[index]!, checkRow(blobRowSchema, raw, `payload ${blobIds[index]}`).bytes);
    });
    const resources = resourceRows.map((r): StoredResource => {
      const payloads: Record<string, Uint8Array> = {};
      for (const [role, blobId] of Object.entries(r.payloads)) payloads[role] = blobs.get(blobId)!;
      return { id: r.id, record: r.record, payloads };
    });
    const fonts = (await this.db.fonts.bulkGet(row.fontIds)).map((raw, index) => {
      if (!raw) throw new CorruptRowError(`font ${row.fontIds[index]} is used by the book but missing`);
      return fontFromRow(checkRow(fontRowSchema, raw, `font ${row.fontIds[index]}`));
    });
    return {
      locale: row.locale,
      config: row.config,
      configVersion: row.configVersion,
      chapters,
      resources,
      fonts,
      view: row.view,
      start: row.start,
      extras: row.extras,
      ...(row.layouts !== undefined ? { layouts: row.layouts } : {}),
    };
  }

  /** `previous`: the owner's chapter rows as this connection last wrote them, when they are still the stored ones. */
  private async writeContent(owner: string, prepared: PreparedContent, previous?: ReadonlyMap<string, ChapterRow>): Promise<void> {
    const db = this.db;
    // Payloads are content-addressed and fonts immutable by id: only missing ones are written.
    await putMissing(db.blobs, prepared.blobs, (b) => b.id);
    await putMissing(db.fonts, prepared.fonts, (f) => f.id);
    // Replace the owner's chapter and resource rows with the new set.
    const keepChapters = new Set(prepared.chapters.map((c) => c.key));
    const staleChapters = (await db.chapters.where('owner').equals(owner).primaryKeys()).filter((k) => !keepChapters.has(k));
    await db.chapters.bulkDelete(staleChapters);
    const same = (row: ChapterRow): boolean => {
      const before = previous?.get(row.key);
      return before !== undefined && before.id === row.id && before.title === row.title && before.text === row.text;
    };
    await db.chapters.bulkPut(previous ? prepared.chapters.filter((row) => !same(row)) : prepared.chapters);
    const keepResources = new Set(prepared.resources.map((r) => r.key));
    const staleResources = (await db.resources.where('owner').equals(owner).primaryKeys()).filter((k) => !keepResources.has(k));
    await db.resources.bulkDelete(staleResources);
    await db.resources.bulkPut(prepared.resources);
  }
}

interface PreparedContent {
  bookFields: Pick<ProjectRow, 'locale' | 'config' | 'configVersion' | 'chapterIds' | 'resourceIds' | 'fontIds' | 'view' | 'start' | 'extras' | 'layouts'>;
  chapters: ChapterRow[];
  resources: ResourceRow[];
  blobs: BlobRow[];
  fonts: FontRow[];
}

/** Builds the rows outside the transaction (hashing is async work that must not keep a transaction open). */
async function prepareContent(owner: string, content: StoredBookContent): Promise<PreparedContent> {
  const seenChapters = new Set<string>();
  const chapters = content.chapters.map((chapter): ChapterRow => {
    if (seenChapters.has(chapter.id)) throw new StorageError('failed', `Chapter id "${chapter.id}" appears twice in the book`);
    seenChapters.add(chapter.id);
    return { key: `${owner}/${chapter.id}`, owner, id: chapter.id, title: chapter.title, text: chapter.text };
  });
  const blobs = new Map<string, BlobRow>();
  const seenResources = new Set<string>();
  const resources: ResourceRow[] = [];
  for (const resource of content.resources) {
    if (seenResources.has(resource.id)) throw new StorageError('failed', `Resource id "${resource.id}" appears twice in the book`);
    seenResources.add(resource.id);
    const payloads: Record<string, string> = {};
    for (const [role, bytes] of Object.entries(resource.payloads)) {
      const id = await contentId(bytes);
      payloads[role] = id;
      blobs.set(id, { id, bytes, size: bytes.byteLength });
    }
    resources.push({ key: `${owner}/${resource.id}`, owner, id: resource.id, record: resource.record, payloads });
  }
  const fonts = new Map<string, FontRow>();
  for (const font of content.fonts) fonts.set(font.id, { ...font });
  return {
    bookFields: {
      locale: content.locale,
      config: content.config,
      configVersion: content.configVersion,
      chapterIds: chapters.map((c) => c.key),
      resourceIds: resources.map((r) => r.key),
      fontIds: [...fonts.keys()],
      view: content.view,
      start: content.start,
      extras: content.extras,
      ...(content.layouts !== undefined ? { layouts: content.layouts } : {}),
    },
    chapters,
    resources,
    blobs: [...blobs.values()],
    fonts: [...fonts.values()],
  };
}

async function putMissing<T>(table: Table<T, string>, rows: T[], keyOf: (row: T) => string): Promise<void> {
  if (rows.length === 0) return;
  const present = new Set(await table.where(':id').anyOf(rows.map(keyOf)).primaryKeys());
  const missing = rows.filter((row) => !present.has(keyOf(row)));
  if (missing.length > 0) await table.bulkPut(missing);
}

function fontFromRow(row: FontRow): StoredFont {
  return {
    id: row.id,
    family: row.family,
    weight: row.weight,
    style: row.style,
    format: row.format,
    fileName: row.fileName,
    bytes: row.bytes,
  };
}
