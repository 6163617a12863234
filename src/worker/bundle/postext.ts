import JSZip from 'jszip';
import { isJsonObject, jsonValueSchema, type JsonObject, type JsonValue } from '../../storage/json';
import { PAYLOAD_ROLES, type BundleBook, type BundleReadResult, type PayloadRole } from './book';
import { MODELLED_MANIFEST_KEYS, parseJsonFile, parseManifest } from './manifest';
import { baseName, extensionOf } from './paths';
import { bundleLocales, firstHeadingTitle, readBundle, type ReadBundleOptions } from './read';
import { DEFAULT_ZIP_LIMITS, openBundleArchive, type ZipLimits } from './zip';
import type { PostextInfoResult } from '../protocol/messages';

/** The configuration rules every export is stamped with (bundle-format.md §6, decision: 11). */
export const EXPORT_CONFIG_VERSION = 11;
export const POSTEXT_MIME_TYPE = 'application/zip';

// =============================================================================================
// Import

export interface ImportPostextOptions extends ReadBundleOptions {
  limits?: ZipLimits;
}

/**
 * Reads a `.postext` archive into one edition of a book. Writes nothing: the caller stores the
 * result as a new project. Throws BundleError when the archive is refused.
 */
export async function importPostext(bytes: Uint8Array, options: ImportPostextOptions = {}): Promise<BundleReadResult> {
  const archive = await openBundleArchive(bytes, options.limits ?? DEFAULT_ZIP_LIMITS);
  const decoder = new TextDecoder('utf-8');
  const readText = async (path: string): Promise<string | null> => {
    const data = await archive.read(path);
    return data === null ? null : decoder.decode(data);
  };
  const manifest = parseManifest((await readText('preset.json')) ?? '', 'preset.json');
  const { book, warnings } = await readBundle(manifest, { readText, readBytes: (path) => archive.read(path) }, options);

  // Layouts: the edition's own file, else the shared one; a broken file only costs a fresh pagination.
  let layouts: JsonValue | null = null;
  for (const name of [book.locale !== null ? `layouts.${book.locale}.json` : null, 'layouts.json']) {
    if (name === null) continue;
    const text = await readText(name);
    if (text === null) continue;
    try {
      const parsed = jsonValueSchema.safeParse(parseJsonFile(text, name));
      if (parsed.success) layouts = parsed.data;
      else warnings.push(`${name} is not plain JSON and was ignored; the book will be paginated afresh`);
    } catch (error) {
      warnings.push(`${(error as Error).message}; it was ignored and the book will be paginated afresh`);
    }
    break;
  }
  return { book, warnings, layouts };
}

/** What `inspectPostext` tells: the protocol's shape, so the worker hands it on unchanged. */
export type PostextInfo = PostextInfoResult;

/** Lists what a `.postext` holds (name, languages) without reading its chapters or payloads. */
export async function inspectPostext(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<PostextInfo> {
  const archive = await openBundleArchive(bytes, limits);
  const data = await archive.read('preset.json');
  const manifest = parseManifest(data === null ? '' : new TextDecoder().decode(data), 'preset.json');
  const { locales, primary, openLocale } = bundleLocales(manifest);
  return {
    id: manifest.id,
    name: manifest.name,
    description: manifest.description ?? null,
    locale: primary,
    locales,
    openLocale,
    manifestVersion: manifest.version,
  };
}

// =============================================================================================
// Export

export interface ExportPostextOptions {
  /**
   * Modification date written on every entry (zip dates are local time, 2-second steps,
   * 1980–2099). Exports pass the time of export; tests a fixed date so identical input gives
   * identical bytes.
   */
  date: Date;
  /** `layouts.json`: per-chapter page counts and numbering, stamped by the layout module. */
  layouts?: JsonValue;
  /** `layouts.<locale>.json`, one per edition, instead of `layouts.json`. */
  layoutsByLocale?: Record<string, JsonValue>;
}

export interface ExportPostextResult {
  bytes: Uint8Array;
  /** The manifest written as preset.json. */
  manifest: JsonObject;
  /** What was left out (missing bytes, WOFF faces, non-redistributable families…). */
  warnings: string[];
}

/**
 * Writes a `.postext` (§13): manifest version 2, configVersion 11, chapters named by §4.4.
 * `editions`: one book, or several editions of the same book (first = the primary language, whose
 * wording is shared; the others become `localized` entries and per-locale chapter folders).
 * Configs must already be migrated to the current rules and stripped of defaults (config module).
 */
export async function exportPostext(editions: BundleBook | readonly BundleBook[], options: ExportPostextOptions): Promise<ExportPostextResult> {
  const books = Array.isArray(editions) ? (editions as readonly BundleBook[]) : [editions as BundleBook];
  const primary = books[0];
  if (primary === undefined) throw new TypeError('exportPostext needs at least one edition');
  if (books.length > 1) {
    const seen = new Set<string>();
    for (const book of books) {
      if (book.locale === null || seen.has(book.locale.toLowerCase())) {
        throw new TypeError('exportPostext: each edition needs its own distinct locale');
      }
      seen.add(book.locale.toLowerCase());
    }
  }
  const warnings: string[] = [];
  const files = new Map<string, Uint8Array>();
  const encoder = new TextEncoder();
  const names = new UniqueNames();

  for (const book of books) {
    if (book.configVersion === null || book.configVersion < EXPORT_CONFIG_VERSION) {
      const stamp = book.configVersion === null ? 'is unstamped (postext 1.4 rules)' : `is stamped ${book.configVersion}`;
      const which = book.locale === null ? 'The configuration' : `The ${book.locale} configuration`;
      warnings.push(`${which} ${stamp} and is written as ${EXPORT_CONFIG_VERSION}; migrate it first (configuration.md §19) or its pages may change`);
    }
  }

  // ---- chapters (§4.4) ----------------------------------------------------------------------
  const shareChapters = books.every((b) => sameChapters(b, primary));
  const chapterList = (book: BundleBook, folder: string): JsonObject[] => {
    const width = Math.max(2, String(book.chapters.length).length);
    return book.chapters.map((chapter, index) => {
      // An empty title is written as the reader would derive it, so a re-import changes nothing.
      const title = chapter.title.trim() || firstHeadingTitle(chapter.text) || `Chapter ${index + 1}`;
      const slug = slugify(title);
      const file = `${folder}/${String(index + 1).padStart(width, '0')}${slug === '' ? '' : `-${slug}`}.md`;
      files.set(file, encoder.encode(chapter.text));
      return { title, file };
    });
  };
  let chapters: JsonValue;
  if (shareChapters) {
    chapters = chapterList(primary, 'chapters');
  } else {
    const map: JsonObject = {};
    for (const book of books) map[book.locale!] = chapterList(book, `chapters/${safeFileName(book.locale!)}`);
    chapters = map;
  }

  // ---- resources ------------------------------------------------------------------------------
  const resourceBase = new Map<string, string>();
  const resources: JsonObject[] = [];
  for (const resource of primary.resources) {
    const record: JsonObject = { ...resource.record };
    const kind = resource.record.kind;
    const base = names.claim('resources', safeFileName(resource.record.id));
    let skip = false;
    for (const role of PAYLOAD_ROLES) {
      if (record[role] === undefined && resource.payloads[role] === undefined) continue;
      // A print master the record no longer names was detached by an edit of the SVG (§11.1).
      if (role === 'pdfFile' && record[role] === undefined) continue;
      const bytes = resource.payloads[role];
      if (bytes === undefined) {
        if (role === 'file' && (kind === 'svg' || kind === 'bitmap')) {
          warnings.push(`Resource "${resource.record.id}" was left out: its picture has no bytes`);
          skip = true;
          break;
        }
        warnings.push(`Resource "${resource.record.id}": its ${role} has no bytes and was left out`);
        delete record[role];
        continue;
      }
      const path = `resources/${payloadName(base, role, record[role], bytes)}`;
      files.set(path, bytes);
      record[role] = path;
    }
    if (skip) continue;
    resourceBase.set(resource.record.id, base);
    resources.push(record);
  }

  // ---- fonts: shared by every edition (§10) ----------------------------------------------------
  const fonts: JsonObject[] = [];
  const familyNames = new Set<string>();
  for (const book of books) {
    for (const family of book.fonts) {
      if (familyNames.has(family.name)) continue;
      familyNames.add(family.name);
      if (family.redistributable === false) {
        warnings.push(`The font family "${family.name}" is marked not redistributable and was left out`);
        continue;
      }
      const variants: JsonObject[] = [];
      for (const variant of family.variants) {
        const ext = extensionOf(variant.file) || variant.format;
        if (ext === 'woff' || (variant.format as string) === 'woff') {
          warnings.push(`The ${family.name} ${variant.weight} ${variant.style} face is WOFF, which PDF cannot embed; it was left out`);
          continue;
        }
        if (variant.bytes.byteLength === 0) {
          warnings.push(`The ${family.name} ${variant.weight} ${variant.style} face has no bytes and was left out`);
          continue;
        }
        const file = `fonts/${names.claim('fonts', safeFileName(baseName(variant.file)) || `${safeFileName(family.name)}-${variant.weight}-${variant.style}.${variant.format}`)}`;
        files.set(file, variant.bytes);
        variants.push({ weight: variant.weight, style: variant.style, file });
      }
      if (variants.length > 0) fonts.push({ name: family.name, variants });
    }
  }

  // ---- localized entries for the other editions (§10 writer rules) ------------------------------
  const localized: JsonObject = {};
  for (const book of books.slice(1)) {
    const entry: JsonObject = {};
    const config = diffTopLevel(stripFonts(book.config), stripFonts(primary.config));
    if (Object.keys(config).length > 0) entry.config = config;
    const sharedById = new Map(primary.resources.map((r) => [r.record.id, r]));
    const localResources: JsonObject[] = [];
    for (const resource of book.resources) {
      const shared = sharedById.get(resource.record.id);
      const base = resourceBase.get(resource.record.id);
      if (!shared || base === undefined) {
        warnings.push(`The ${book.locale} resource "${resource.record.id}" is not among the shared resources and was left out`);
        continue;
      }
      const local: JsonObject = { id: resource.record.id };
      for (const key of ['caption', 'note', 'altText', 'table'] as const) {
        const value = resource.record[key];
        if (value !== undefined && !jsonEqual(value, shared.record[key])) local[key] = value;
      }
      for (const role of ['file', 'pdfFile'] as const) {
        const bytes = resource.payloads[role];
        if (bytes === undefined || shared.payloads[role] === undefined || bytesEqual(bytes, shared.payloads[role]!)) continue;
        const path = `resources/${safeFileName(book.locale!)}/${payloadName(base, role, resource.record[role], bytes)}`;
        files.set(path, bytes);
        local[role] = path;
      }
      if (Object.keys(local).length > 1) localResources.push(local);
    }
    if (localResources.length > 0) entry.resources = localResources;
    const view = diffTopLevel(book.view ?? {}, primary.view ?? {});
    if (Object.keys(view).length > 0) entry.view = view;
    if (book.start !== null && !jsonEqual(book.start, primary.start)) entry.start = book.start;
    if (Object.keys(entry).length > 0) localized[book.locale!] = entry;
  }

  // ---- thumbnail, layouts ----------------------------------------------------------------------
  let thumbnail: string | undefined;
  if (primary.thumbnail !== null) {
    const ext = extensionOf(primary.thumbnail.file) || sniffImageExtension(primary.thumbnail.bytes) || 'png';
    thumbnail = `thumbnail.${ext}`;
    files.set(thumbnail, primary.thumbnail.bytes);
  }
  if (options.layoutsByLocale) {
    for (const [locale, value] of Object.entries(options.layoutsByLocale)) {
      files.set(`layouts.${safeFileName(locale)}.json`, encoder.encode(`${JSON.stringify(value)}\n`));
    }
  } else if (options.layouts !== undefined) {
    files.set('layouts.json', encoder.encode(`${JSON.stringify(options.layouts)}\n`));
  }

  // ---- manifest: fixed key order, so equal books give equal text ---------------------------------
  const manifest: JsonObject = { version: 2, id: primary.id, name: primary.name };
  if (primary.description !== null) manifest.description = primary.description;
  if (primary.locale !== null) manifest.locale = primary.locale;
  if (books.length > 1) {
    manifest.locales = books.map((b) => b.locale!);
    if (primary.openLocale !== null && books.some((b) => b.locale === primary.openLocale)) manifest.openLocale = primary.openLocale;
  }
  for (const [key, value] of Object.entries(primary.extras)) {
    if (!MODELLED_MANIFEST_KEYS.has(key)) manifest[key] = value;
  }
  if (thumbnail !== undefined) manifest.thumbnail = thumbnail;
  manifest.configVersion = EXPORT_CONFIG_VERSION;
  manifest.chapters = chapters;
  const sharedConfig = stripFonts(primary.config);
  if (Object.keys(sharedConfig).length > 0) manifest.config = sharedConfig;
  if (resources.length > 0) manifest.resources = resources;
  if (fonts.length > 0) manifest.fonts = fonts;
  if (primary.view !== null) manifest.view = primary.view;
  if (primary.start !== null) manifest.start = primary.start;
  if (Object.keys(localized).length > 0) manifest.localized = localized;

  // ---- zip: preset.json first, then every path in sorted order -------------------------------------
  const zip = new JSZip();
  const add = (path: string, data: Uint8Array): void => {
    zip.file(path, data, { binary: true, date: options.date, createFolders: false });
  };
  add('preset.json', encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`));
  for (const path of [...files.keys()].sort(comparePaths)) add(path, files.get(path)!);
  const bytes = await zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
    platform: 'DOS',
  });
  return { bytes, manifest, warnings };
}

// ---- helpers ----------------------------------------------------------------------------------

/** Code-unit order, independent of the runtime's locale. */
function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sameChapters(a: BundleBook, b: BundleBook): boolean {
  return a.chapters.length === b.chapters.length && a.chapters.every((c, i) => c.title === b.chapters[i]!.title && c.text === b.chapters[i]!.text);
}

function stripFonts(config: JsonObject): JsonObject {
  if (!('customFonts' in config)) return config;
  const { customFonts: _fonts, ...rest } = config;
  return rest;
}

/** Top-level keys of `local` that differ from `shared` (keys only in `shared` are not written, §10). */
function diffTopLevel(local: JsonObject, shared: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(local)) if (!jsonEqual(value, shared[key])) out[key] = value;
  return out;
}

function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** §4.4: chapters are named after their title (`01-dusk.md`); letters of any script are kept. */
export function slugify(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '') // Latin/Greek/Cyrillic diacritics only: other scripts' marks are part of the word
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
}

/** A file-name-safe version of an id (no separators, no control characters, no leading dot). */
function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '-').replace(/^\.+/, '').trim();
}

/** Hands out unique names per folder (two ids that sanitise alike get `-2`, `-3`…). */
class UniqueNames {
  private readonly used = new Map<string, Set<string>>();
  claim(folder: string, wanted: string): string {
    const set = this.used.get(folder) ?? new Set<string>();
    this.used.set(folder, set);
    const dot = wanted.lastIndexOf('.');
    const stem = dot > 0 && folder === 'fonts' ? wanted.slice(0, dot) : wanted;
    const ext = dot > 0 && folder === 'fonts' ? wanted.slice(dot) : '';
    let candidate = wanted || 'item';
    for (let n = 2; set.has(candidate.toLowerCase()); n += 1) candidate = `${stem || 'item'}-${n}${ext}`;
    set.add(candidate.toLowerCase());
    return candidate;
  }
}

/** `<id>.<ext>` for the picture, `<id>.pdf` for the print master, `<id>-poster.<ext>` for a poster. */
function payloadName(base: string, role: PayloadRole, originalPath: JsonValue | undefined, bytes: Uint8Array): string {
  const fromPath = typeof originalPath === 'string' ? extensionOf(originalPath) : '';
  if (role === 'pdfFile') return `${base}.pdf`;
  const ext = fromPath || sniffImageExtension(bytes) || 'bin';
  return role === 'posterFile' ? `${base}-poster.${ext}` : `${base}.${ext}`;
}

/** Picture type from the first bytes (for payloads that come without a file name). */
export function sniffImageExtension(bytes: Uint8Array): string | null {
  const b = (i: number): number => bytes[i] ?? -1;
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return 'png';
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpg';
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46) return 'gif';
  if (b(0) === 0x52 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x46 && b(8) === 0x57 && b(9) === 0x45 && b(10) === 0x42 && b(11) === 0x50) return 'webp';
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  return null;
}
