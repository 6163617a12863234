/**
 * Conversions between the three shapes one book takes in the worker: the bundle reader's
 * `BundleBook` (presets, `.postext`), storage's `StoredBookContent` (IndexedDB rows) and the
 * host's `BookState` (what transactions change). Pure functions, no I/O.
 *
 * `BookState` holds only what the engine and the transactions need (chapters, config, resource
 * records with their main picture, the book's own font files with `config.customFonts` naming
 * them). Everything else a book carries — `view`, `start`,
 * showcase fields, print masters and posters of resources — travels beside it as `BookExtras`,
 * so that saving and exporting give back what was read.
 */
import type { StoredBookContent, StoredFont, StoredResource } from '../../storage/books';
import type { JsonObject, JsonValue } from '../../storage/json';
import type { BundleBook } from '../bundle/book';
import { CONFIG_VERSION, loadConfig } from '../config';
import type { BookResource, BookState } from '../document/book';
import { customFamiliesOf, sortVariants, type CustomFontFamily } from '../engine/fonts/custom';
import { readContinuation, type Continuation } from '../engine/page/continuation';
import { ResourceRecordSchema, type ChapterPages, type PageSummary } from '../protocol/messages';

/** What a book carries beside its `BookState` (kept by the library, saved and exported with it). */
export interface BookExtras {
  view: JsonObject | null;
  start: JsonObject | null;
  extras: JsonObject;
  /** Payloads of roles other than `file` (print masters, posters), per resource id. */
  otherPayloads: Map<string, Record<string, Uint8Array>>;
  /** The `layouts.json` an imported book came with (see `layouts.ts`), or null. */
  layouts: JsonValue | null;
}

/** The edition language of a book that names none (the engine needs one for hyphenation). */
export const FALLBACK_LOCALE = 'en';

export function emptyExtras(): BookExtras {
  return { view: null, start: null, extras: {}, otherPayloads: new Map(), layouts: null };
}

/**
 * Resource records and their pictures, as the host keeps them. A record the protocol's schema
 * refuses is left out with a warning (the bundle reader accepts a few shapes the engine cannot use).
 */
function toBookResources(
  resources: readonly { id: string; record: JsonObject; payloads: Partial<Record<string, Uint8Array>> }[],
  warnings: string[],
): { resources: BookResource[]; otherPayloads: Map<string, Record<string, Uint8Array>> } {
  const out: BookResource[] = [];
  const otherPayloads = new Map<string, Record<string, Uint8Array>>();
  for (const resource of resources) {
    const parsed = ResourceRecordSchema.safeParse({ ...resource.record, id: resource.id });
    if (!parsed.success) {
      warnings.push(`The resource "${resource.id}" was left out: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'record'}: ${i.message}`).join('; ')}`);
      continue;
    }
    out.push({ record: parsed.data, payload: resource.payloads['file'] });
    const others: Record<string, Uint8Array> = {};
    for (const [role, bytes] of Object.entries(resource.payloads)) if (role !== 'file' && bytes) others[role] = bytes;
    if (Object.keys(others).length > 0) otherPayloads.set(resource.id, others);
  }
  return { resources: out, otherPayloads };
}

/**
 * The config as the host keeps it: read once through the config module with the bundle's
 * `configVersion` pins (configuration.md §19) and stripped of defaults.
 */
function readConfig(config: JsonObject, configVersion: number | null, chapters: readonly { text: string }[]): Record<string, unknown> {
  const content = chapters.map((c) => c.text).join('\n');
  return loadConfig(config, { ...(configVersion !== null ? { configVersion } : {}), content }).config as Record<string, unknown>;
}

/** A freshly read bundle edition as the host's book (sample chapter ids `ch1`, `ch2`… in book order). */
export function bundleToBookState(book: BundleBook, id: string, warnings: string[]): { state: BookState; extras: BookExtras } {
  const chapters = book.chapters.map((c, i) => ({ id: `ch${i + 1}`, title: c.title, text: c.text }));
  const { resources, otherPayloads } = toBookResources(
    book.resources.map((r) => ({ id: r.record.id, record: r.record, payloads: r.payloads })),
    warnings,
  );
  const fonts: StoredFont[] = book.fonts.flatMap((family) =>
    family.variants.map((v) => ({
      id: v.fileId,
      family: family.name,
      weight: v.weight,
      style: v.style,
      format: v.format,
      fileName: v.file.slice(v.file.lastIndexOf('/') + 1),
      bytes: v.bytes,
    })),
  );
  const redistributable = new Set(book.fonts.filter((f) => f.redistributable === false).map((f) => f.name));
  return {
    state: {
      id,
      name: book.name,
      locale: book.locale ?? book.primaryLocale ?? FALLBACK_LOCALE,
      chapters,
      resources,
      ...withFonts(readConfig(book.config, book.configVersion, chapters), fonts, redistributable),
      ...startOf(book.start, warnings),
    },
    extras: { view: book.view, start: book.start, extras: book.extras, otherPayloads, layouts: null },
  };
}

/** A stored project or draft as the host's book. */
export function storedToBookState(content: StoredBookContent, meta: { id: string; name: string; locale?: string }, warnings: string[]): { state: BookState; extras: BookExtras } {
  const chapters = content.chapters.map((c) => ({ id: c.id, title: c.title, text: c.text }));
  const { resources, otherPayloads } = toBookResources(
    content.resources.map((r: StoredResource) => ({ id: r.id, record: r.record, payloads: r.payloads })),
    warnings,
  );
  return {
    state: {
      id: meta.id,
      name: meta.name,
      locale: meta.locale ?? content.locale ?? FALLBACK_LOCALE,
      chapters,
      resources,
      ...withFonts(readConfig(content.config, content.configVersion, chapters), content.fonts),
      ...startOf(content.start, warnings),
    },
    extras: { view: content.view, start: content.start, extras: content.extras, otherPayloads, layouts: content.layouts ?? null },
  };
}

/**
 * The `start` the layout applies (bundle-format §9; engine/page/continuation.ts). A field of the
 * wrong shape is left out with a warning; the raw object stays in `BookExtras.start` either way,
 * so saving and exporting give back what was read.
 */
function startOf(start: JsonObject | null, warnings: string[]): { start?: Continuation } {
  const read = readContinuation(start);
  warnings.push(...read.warnings);
  return read.continuation ? { start: read.continuation } : {};
}

/**
 * The config with `customFonts` listing exactly the stored font files (grouped by family, in
 * the order the files come; fields the config's own entries carry, such as `redistributable`,
 * kept) and those files' bytes by id. A config entry whose files are all missing is dropped: it
 * could set no text.
 */
function withFonts(config: Record<string, unknown>, fonts: readonly StoredFont[], notRedistributable: ReadonlySet<string> = new Set()): { config: Record<string, unknown>; fontFiles?: Map<string, Uint8Array> } {
  const { customFonts: _listed, ...rest } = config;
  if (fonts.length === 0) return { config: rest };
  const listed = customFamiliesOf(config);
  const families = new Map<string, CustomFontFamily>();
  const fontFiles = new Map<string, Uint8Array>();
  for (const font of fonts) {
    fontFiles.set(font.id, font.bytes);
    const key = font.family.toLowerCase();
    const own = listed.find((f) => f.name.toLowerCase() === key);
    const family = families.get(key) ?? { name: own?.name ?? font.family, variants: [], ...(own?.redistributable === false || notRedistributable.has(font.family) ? { redistributable: false } : {}) };
    families.set(key, family);
    if (!family.variants.some((v) => v.weight === font.weight && v.style === font.style)) {
      family.variants.push({ weight: font.weight, style: font.style, fileId: font.id, format: font.format, fileName: font.fileName });
    }
  }
  const customFonts = [...families.values()].map((f) => ({ ...f, variants: sortVariants(f.variants) }));
  return { config: { ...rest, customFonts }, fontFiles };
}

/** The font files the book's families use, as storage rows' content (unused files are not kept). */
function storedFontsOf(state: BookState): StoredFont[] {
  const out: StoredFont[] = [];
  const seen = new Set<string>();
  for (const family of customFamiliesOf(state.config)) {
    for (const v of family.variants) {
      const bytes = state.fontFiles?.get(v.fileId);
      if (!bytes || seen.has(v.fileId)) continue;
      seen.add(v.fileId);
      out.push({ id: v.fileId, family: family.name, weight: v.weight, style: v.style, format: v.format, fileName: v.fileName, bytes });
    }
  }
  return out;
}

/** The host's book as storage content (the inverse of `storedToBookState`). */
export function bookStateToStored(state: BookState, extras: BookExtras): StoredBookContent {
  return {
    locale: state.locale,
    // The host's config is plain JSON by construction (validated ops, JSON files).
    config: structuredClone(state.config) as JsonObject,
    configVersion: CONFIG_VERSION,
    chapters: state.chapters.map((c) => ({ id: c.id, title: c.title, text: c.text })),
    resources: state.resources.map((r) => {
      const payloads: Record<string, Uint8Array> = { ...(extras.otherPayloads.get(r.record.id) ?? {}) };
      if (r.payload) payloads['file'] = r.payload;
      return { id: r.record.id, record: structuredClone(r.record) as JsonObject, payloads };
    }),
    fonts: storedFontsOf(state),
    view: extras.view,
    start: extras.start,
    extras: extras.extras,
    ...(extras.layouts !== null ? { layouts: extras.layouts } : {}),
  };
}

/**
 * `layouts.json` of an export (bundle-format §1, §13): per-chapter page counts and numbering of
 * the current layout, stamped so a reader can tell whether they still hold. Our own shape,
 * version 1; a reader that finds a stamp differing from its own paginates afresh.
 */
export function layoutsJson(
  state: BookState,
  pages: { revision: number; pages: PageSummary[]; chapters: ChapterPages[] },
  stamps: { engine: number; configHash: string; resourcesHash: string; textHash: string },
): JsonValue | null {
  if (pages.revision < 0 || pages.chapters.length !== state.chapters.length) return null;
  return {
    version: 1,
    engine: stamps.engine,
    configVersion: CONFIG_VERSION,
    config: stamps.configHash,
    resources: stamps.resourcesHash,
    // Our addition to the stamps: page counts follow the text too, so an edited book's file is stale.
    text: stamps.textHash,
    pages: pages.pages.length,
    chapters: pages.chapters.map((c, i) => ({
      index: i,
      title: state.chapters[i]?.title ?? '',
      pages: c.pages,
      firstPage: c.firstPage,
      firstLabel: pages.pages[c.firstPage]?.label ?? String(c.firstPage + 1),
      lastLabel: pages.pages[c.firstPage + c.pages - 1]?.label ?? String(c.firstPage + c.pages),
    })),
  };
}
