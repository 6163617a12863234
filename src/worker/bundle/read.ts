import { jsonValueSchema, type JsonObject } from '../../storage/json';
import {
  fontFileId,
  type BundleBook,
  type BundleChapter,
  type BundleFile,
  type BundleFontFamily,
  type BundleFontFormat,
  type BundleFontVariant,
  type BundleResource,
  type PayloadRole,
} from './book';
import { BundleError } from './errors';
import { matchLanguage, matchLocale } from './locale';
import {
  describeIssues,
  fontFamilySchema,
  fontVariantSchema,
  MODELLED_MANIFEST_KEYS,
  resourceRecordSchema,
  type ChapterEntry,
  type LocalizedEntry,
  type Manifest,
} from './manifest';
import { extensionOf, normalizeBundlePath } from './paths';

/** Access to the files of one bundle, by path relative to its `preset.json`. Null = no such file. */
export interface BundleFiles {
  readText(path: string): Promise<string | null>;
  readBytes(path: string): Promise<Uint8Array | null>;
}

export interface ReadBundleOptions {
  /** The edition asked for (a click on a language tag, `#lang=`); wins over everything. */
  requestedLocale?: string | null;
  /** The UI language: used when nothing is asked for and the bundle sets no `openLocale` (§4.3). */
  uiLocale?: string | null;
  /** Override for the font storage ids (default §7: derived from the manifest id and the path). */
  fontId?: (path: string) => string;
}

const PICTURE_EXTENSIONS: Record<string, ReadonlySet<string>> = {
  svg: new Set(['svg']),
  bitmap: new Set(['png', 'jpg', 'jpeg', 'webp', 'gif']),
};

/**
 * Reads one edition of a bundle whose manifest is already parsed. Shared by presets (fetch) and
 * `.postext` import (zip). Throws BundleError only for what cannot be repaired (unsafe path, missing
 * chapter); everything else becomes a warning.
 */
export async function readBundle(
  manifest: Manifest,
  files: BundleFiles,
  options: ReadBundleOptions = {},
): Promise<{ book: BundleBook; warnings: string[] }> {
  const warnings: string[] = [];
  const primary = manifest.locale ?? null;
  const localized = manifest.localized ?? {};

  // ---- which edition (§4.2, §4.3) -------------------------------------------------------------
  const requested = options.requestedLocale ?? manifest.openLocale ?? options.uiLocale ?? primary;
  const { chapterEntries, edition, mapKeys } = chooseEdition(manifest, requested, primary, localized);

  // ---- chapters: only the chosen edition's files are read -------------------------------------
  // Every chapter's read is started at once (a preset's files come over HTTP: one round trip for
  // the lot, not one per chapter), then each is taken in order, so a bad path or a missing file is
  // reported for the first chapter that has one, as when they were read one by one.
  const reads = chapterEntries.map((entry, index) => {
    let path: string;
    try {
      path = manifestPath(entry.file, `chapter ${index + 1}`);
    } catch {
      return null; // thrown again, in its turn, below
    }
    const read = files.readText(path);
    read.catch(() => undefined); // awaited below; a rejection before its turn is not unhandled
    return read;
  });
  const chapters: BundleChapter[] = [];
  for (const [index, entry] of chapterEntries.entries()) {
    const path = manifestPath(entry.file, `chapter ${index + 1}`);
    const raw = await (reads[index] ?? files.readText(path));
    if (raw === null) {
      throw new BundleError('missing-file', `Chapter ${index + 1} ("${entry.title?.trim() || path}") names ${path}, which is not in the bundle`);
    }
    const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    const given = (entry.title ?? '').trim();
    chapters.push({ title: given !== '' ? given : (firstHeadingTitle(text) ?? `Chapter ${index + 1}`), file: path, text });
  }

  // ---- the localized entry of this edition (§10): rules 1–3 only; the primary keeps shared wording
  // The candidates include the primary locale and every other edition the bundle lists, so that an
  // edition without an entry of its own (zh-Hans beside a zh-Hant entry, pt-PT beside pt-BR) matches
  // itself and keeps the shared wording instead of borrowing a neighbour's.
  let override: LocalizedEntry | null = null;
  if (edition !== null) {
    const keys = [...new Set([...(primary !== null ? [primary] : []), ...Object.keys(localized), ...(manifest.locales ?? []), ...mapKeys])];
    const found = matchLanguage(edition, keys);
    if (found && Object.hasOwn(localized, found.key)) override = localized[found.key] ?? null;
  }

  // ---- config ---------------------------------------------------------------------------------
  let config: JsonObject = { ...(manifest.config ?? {}), ...(override?.config ?? {}) };
  if ('customFonts' in config) {
    const { customFonts: _ignored, ...rest } = config;
    config = rest;
    warnings.push('The manifest\'s config.customFonts was ignored: a bundle declares its fonts in "fonts" (bundle-format.md §7)');
  }

  const resources = await readResources(manifest, override, files, warnings);
  const fonts = await readFonts(manifest, files, options.fontId ?? ((path) => fontFileId(manifest.id, path)), warnings);

  // ---- view, start, thumbnail -----------------------------------------------------------------
  const view = manifest.view || override?.view ? { ...(manifest.view ?? {}), ...(override?.view ?? {}) } : null;
  const start = override?.start ?? manifest.start ?? null;
  let thumbnail: BundleFile | null = null;
  if (manifest.thumbnail !== undefined) {
    const path = manifestPath(manifest.thumbnail, 'thumbnail');
    const bytes = await files.readBytes(path);
    if (bytes === null) warnings.push(`The cover picture ${path} is not in the bundle; the book has no cover`);
    else thumbnail = { file: path, bytes };
  }

  const extras: JsonObject = {};
  for (const [key, value] of Object.entries(manifest)) {
    if (MODELLED_MANIFEST_KEYS.has(key)) continue;
    const parsed = jsonValueSchema.safeParse(value);
    if (parsed.success) extras[key] = parsed.data;
  }

  const locales = manifest.locales ?? (mapKeys.length > 0 ? mapKeys : edition !== null ? [edition] : []);
  return {
    book: {
      id: manifest.id,
      name: manifest.name,
      description: manifest.description ?? null,
      locale: edition,
      primaryLocale: primary,
      locales,
      openLocale: manifest.openLocale ?? null,
      chapters,
      config,
      configVersion: manifest.configVersion ?? null,
      resources,
      fonts,
      view,
      start,
      thumbnail,
      extras,
    },
    warnings,
  };
}

/** The locales a bundle offers and the one it opens in without a request — for an import dialog. */
export function bundleLocales(manifest: Manifest): { locales: string[]; primary: string | null; openLocale: string | null } {
  const mapKeys = chapterMapKeys(manifest);
  const locales = manifest.locales ?? (mapKeys.length > 0 ? mapKeys : manifest.locale ? [manifest.locale] : []);
  return { locales, primary: manifest.locale ?? null, openLocale: manifest.openLocale ?? null };
}

function chapterMapKeys(manifest: Manifest): string[] {
  if (manifest.chapters !== undefined && !Array.isArray(manifest.chapters)) return Object.keys(manifest.chapters);
  if (manifest.chapters === undefined && manifest.markdown !== undefined && typeof manifest.markdown !== 'string') {
    return Object.keys(manifest.markdown);
  }
  return [];
}

function chooseEdition(
  manifest: Manifest,
  requested: string | null,
  primary: string | null,
  localized: Record<string, LocalizedEntry>,
): { chapterEntries: ChapterEntry[]; edition: string | null; mapKeys: string[] } {
  const mapKeys = chapterMapKeys(manifest);
  // A v1 manifest that nonetheless carries `chapters` is read by its chapters (the newer field).
  const chaptersField = manifest.chapters;
  if (chaptersField !== undefined) {
    if (Array.isArray(chaptersField)) {
      return { chapterEntries: chaptersField, edition: chooseListEdition(manifest, requested, primary, localized), mapKeys };
    }
    const match = matchLocale(requested, mapKeys, primary);
    if (match === null) throw new BundleError('invalid-manifest', 'preset.json → chapters: the locale map is empty; expected at least one locale with its chapters');
    return { chapterEntries: chaptersField[match.key] ?? [], edition: match.key, mapKeys };
  }
  const markdown = manifest.markdown;
  if (typeof markdown === 'string') {
    return { chapterEntries: [{ file: markdown }], edition: chooseListEdition(manifest, requested, primary, localized), mapKeys };
  }
  if (markdown !== undefined) {
    const match = matchLocale(requested, mapKeys, primary);
    if (match === null) throw new BundleError('invalid-manifest', 'preset.json → markdown: the locale map is empty; expected at least one locale with its document');
    return { chapterEntries: [{ file: markdown[match.key] ?? '' }], edition: match.key, mapKeys };
  }
  throw new BundleError('invalid-manifest', 'preset.json names no chapters; expected "chapters" (version 2) or "markdown" (version 1)');
}

/** Chapters shared by every language: the edition is still chosen among the languages offered. */
function chooseListEdition(
  manifest: Manifest,
  requested: string | null,
  primary: string | null,
  localized: Record<string, LocalizedEntry>,
): string | null {
  const offered = manifest.locales ?? [...(primary !== null ? [primary] : []), ...Object.keys(localized)];
  if (offered.length === 0) return null;
  return matchLocale(requested, offered, primary)?.key ?? primary;
}

function manifestPath(raw: string, where: string): string {
  const result = normalizeBundlePath(raw);
  if ('error' in result) {
    throw new BundleError('unsafe-path', `preset.json → ${where}: the path "${raw}" ${result.error}; only paths inside the bundle are allowed`);
  }
  return result.path;
}

async function readResources(
  manifest: Manifest,
  override: LocalizedEntry | null,
  files: BundleFiles,
  warnings: string[],
): Promise<BundleResource[]> {
  const localizedById = new Map((override?.resources ?? []).map((r) => [r.id, r]));
  const out: BundleResource[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of (manifest.resources ?? []).entries()) {
    const parsed = resourceRecordSchema.safeParse(raw);
    const label = `resource ${index + 1}${typeof raw === 'object' && raw !== null && 'id' in raw ? ` (${String((raw as { id: unknown }).id)})` : ''}`;
    if (!parsed.success) {
      warnings.push(`Skipped ${label}: ${describeIssues(parsed.error, 'preset.json').replace(/preset\.json → /g, '')}`);
      continue;
    }
    const record = parsed.data;
    if (seen.has(record.id)) {
      warnings.push(`Skipped ${label}: the id "${record.id}" is used by an earlier resource`);
      continue;
    }
    const kind = record.kind;
    if (kind !== 'svg' && kind !== 'bitmap' && kind !== 'table' && kind !== 'video') {
      warnings.push(`Skipped ${label}: unknown kind "${kind}"; expected "svg", "bitmap", "table" or "video"`);
      continue;
    }
    if (kind === 'table' && record.table === undefined) {
      warnings.push(`Skipped ${label}: a table resource needs "table": { model: { rows, headerRowCount } }`);
      continue;
    }
    const merged: JsonObject = { ...(record as JsonObject) };
    const local = localizedById.get(record.id);
    localizedById.delete(record.id);
    if (local) {
      for (const key of ['caption', 'note', 'altText'] as const) if (local[key] !== undefined) merged[key] = local[key];
      if (local.table !== undefined) merged.table = { ...(record.table as JsonObject | undefined), ...local.table };
    }

    const payloads: Partial<Record<PayloadRole, Uint8Array>> = {};
    let usable = true;
    for (const role of ['file', 'pdfFile', 'posterFile'] as const) {
      const shared = record[role];
      if (shared === undefined) continue;
      if ((role === 'file' && kind === 'table') || (role === 'pdfFile' && kind !== 'svg') || (role === 'posterFile' && kind !== 'video')) {
        warnings.push(`Resource "${record.id}": "${role}" does not apply to a ${kind} resource and was dropped`);
        delete merged[role];
        continue;
      }
      const localPath = role !== 'posterFile' ? local?.[role] : undefined;
      let path = manifestPath(shared, `${label} → ${role}`);
      let bytes: Uint8Array | null = null;
      if (localPath !== undefined) {
        const candidate = manifestPath(localPath, `localized ${label} → ${role}`);
        bytes = await files.readBytes(candidate);
        if (bytes === null) warnings.push(`The localized picture ${candidate} of "${record.id}" is missing; the shared picture is used`);
        else path = candidate;
      }
      bytes ??= await files.readBytes(path);
      if (bytes === null) {
        if (role === 'file' && kind !== 'video') {
          warnings.push(`Skipped ${label}: its file ${path} is not in the bundle`);
          usable = false;
          break;
        }
        warnings.push(`The ${role === 'pdfFile' ? 'print master' : role === 'posterFile' ? 'poster' : 'video file'} ${path} of "${record.id}" is missing and was dropped`);
        delete merged[role];
        continue;
      }
      merged[role] = path;
      payloads[role] = bytes;
    }
    if (!usable) continue;
    if ((kind === 'svg' || kind === 'bitmap') && payloads.file === undefined) {
      warnings.push(`Skipped ${label}: a ${kind} resource needs "file", the picture`);
      continue;
    }
    if ((kind === 'svg' || kind === 'bitmap') && !PICTURE_EXTENSIONS[kind]!.has(extensionOf(String(merged.file)))) {
      warnings.push(`Resource "${record.id}": ${String(merged.file)} does not have a ${kind === 'svg' ? '.svg' : '.png/.jpg/.jpeg/.webp/.gif'} extension`);
    }
    seen.add(record.id);
    out.push({ record: merged as BundleResource['record'], payloads });
  }
  for (const id of localizedById.keys()) {
    warnings.push(`The localized resource "${id}" is not among the resources and was ignored`);
  }
  return out;
}

const FONT_FORMATS: Record<string, BundleFontFormat> = { otf: 'otf', ttf: 'ttf', woff2: 'woff2' };

async function readFonts(
  manifest: Manifest,
  files: BundleFiles,
  fontId: (path: string) => string,
  warnings: string[],
): Promise<BundleFontFamily[]> {
  const out: BundleFontFamily[] = [];
  for (const [index, raw] of (manifest.fonts ?? []).entries()) {
    const family = fontFamilySchema.safeParse(raw);
    if (!family.success) {
      warnings.push(`Skipped font family ${index + 1}: ${describeIssues(family.error, 'fonts').replace(/fonts → /g, '')}`);
      continue;
    }
    const variants: BundleFontVariant[] = [];
    for (const [vIndex, rawVariant] of family.data.variants.entries()) {
      const variant = fontVariantSchema.safeParse(rawVariant);
      const label = `"${family.data.name}" variant ${vIndex + 1}`;
      if (!variant.success) {
        warnings.push(`Skipped font ${label}: ${describeIssues(variant.error, 'variant').replace(/variant → /g, '')}`);
        continue;
      }
      const path = manifestPath(variant.data.file, `fonts → ${label}`);
      const ext = extensionOf(path);
      if (ext === 'woff') {
        warnings.push(`Skipped font ${label} (${path}): WOFF faces cannot be embedded in PDF; use .woff2, .otf or .ttf`);
        continue;
      }
      const format = FONT_FORMATS[ext];
      if (format === undefined) {
        warnings.push(`Skipped font ${label} (${path}): expected an .otf, .ttf or .woff2 file`);
        continue;
      }
      if (variants.some((v) => v.weight === variant.data.weight && v.style === variant.data.style)) {
        warnings.push(`Skipped font ${label}: ${family.data.name} already has a ${variant.data.weight} ${variant.data.style} face`);
        continue;
      }
      const bytes = await files.readBytes(path);
      if (bytes === null || bytes.byteLength === 0) {
        warnings.push(`Skipped font ${label}: ${path} is not in the bundle`);
        continue;
      }
      variants.push({ weight: variant.data.weight, style: variant.data.style, file: path, format, fileId: fontId(path), bytes });
    }
    if (variants.length === 0) {
      warnings.push(`The font family "${family.data.name}" has no usable face and was left out`);
      continue;
    }
    out.push({ name: family.data.name, variants, ...(family.data.redistributable !== undefined ? { redistributable: family.data.redistributable } : {}) });
  }
  return out;
}

/**
 * The title of the first level-1 heading (§4.1), skipping front matter and code fences; the
 * trailing attribute block is removed and `\\` (a forced break in openers) reads as a space.
 */
export function firstHeadingTitle(text: string): string | null {
  const lines = text.split(/\r?\n/);
  let i = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((line, n) => n > 0 && (line.trim() === '---' || line.trim() === '...'));
    if (end > 0) i = end + 1;
  }
  let fence: string | null = null;
  for (; i < lines.length; i += 1) {
    const line = lines[i]!;
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^#\s+(.+)$/.exec(line.trim());
    if (heading) {
      const title = heading[1]!
        .replace(/\s*\{(?:\s*(?:#[\w-]+|[\w-]+(?:=(?:"[^"]*"|'[^']*'|[^\s"'{}]+))?))+\s*\}$/, '')
        .replace(/\\\\/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      return title === '' ? null : title;
    }
  }
  return null;
}
