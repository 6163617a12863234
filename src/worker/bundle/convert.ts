import type { StoredBookContent, StoredCover, StoredFont } from '../../storage/books';
import type { JsonObject } from '../../storage/json';
import type { BundleBook, BundleFontFamily, BundleFontFormat, BundleResource, PayloadRole } from './book';
import { PAYLOAD_ROLES } from './book';
import { baseName } from './paths';

/**
 * Glue between bundles and storage, for the book worker: an imported or copied book becomes stored
 * content, and a stored book becomes a BundleBook for export. Pure functions, no I/O.
 */

/** A BundleBook as storage rows' content (chapter ids `c1`, `c2`… in book order). */
export function bundleBookToStoredContent(book: BundleBook): StoredBookContent {
  const fonts: StoredFont[] = [];
  for (const family of book.fonts) {
    for (const v of family.variants) {
      fonts.push({ id: v.fileId, family: family.name, weight: v.weight, style: v.style, format: v.format, fileName: baseName(v.file), bytes: v.bytes });
    }
  }
  return {
    locale: book.locale,
    config: withoutCustomFonts(book.config),
    // An unstamped manifest (postext ≤ 1.4) is stored as 0 until the config module migrates it.
    configVersion: book.configVersion ?? 0,
    chapters: book.chapters.map((c, i) => ({ id: `c${i + 1}`, title: c.title, text: c.text })),
    resources: book.resources.map((r) => {
      const payloads: Record<string, Uint8Array> = {};
      for (const role of PAYLOAD_ROLES) if (r.payloads[role]) payloads[role] = r.payloads[role]!;
      return { id: r.record.id, record: r.record, payloads };
    }),
    fonts,
    view: book.view,
    start: book.start,
    extras: book.extras,
  };
}

/** The cover picture of a BundleBook, as stored (`auto: false`: it came with the book). */
export function bundleThumbnailToCover(book: BundleBook): StoredCover | null {
  if (book.thumbnail === null) return null;
  return { bytes: book.thumbnail.bytes, mime: MIME_BY_EXT[extOf(book.thumbnail.file)] ?? 'application/octet-stream', auto: false };
}

export interface StoredBookMeta {
  id: string;
  name: string;
  description: string;
  cover: StoredCover | null;
}

/** A stored book (project or draft) as a BundleBook, ready for `exportPostext`. */
export function storedContentToBundleBook(content: StoredBookContent, meta: StoredBookMeta): BundleBook {
  const families = new Map<string, BundleFontFamily>();
  // A family the config marks `redistributable: false` stays that way in the bundle (the writer leaves it out, §7).
  const listed = Array.isArray(content.config.customFonts) ? content.config.customFonts : [];
  const closed = new Set(listed.flatMap((f) => (typeof f === 'object' && f !== null && !Array.isArray(f) && f.redistributable === false && typeof f.name === 'string' ? [f.name.toLowerCase()] : [])));
  for (const font of content.fonts) {
    if (font.format === 'woff') continue; // not a bundle format (§7); the exporter would drop it anyway
    const family = families.get(font.family) ?? { name: font.family, variants: [], ...(closed.has(font.family.toLowerCase()) ? { redistributable: false } : {}) };
    families.set(font.family, family);
    family.variants.push({
      weight: font.weight,
      style: font.style,
      file: `fonts/${font.fileName}`,
      format: font.format as BundleFontFormat,
      fileId: font.id,
      bytes: font.bytes,
    });
  }
  const resources: BundleResource[] = content.resources.map((r) => {
    const payloads: Partial<Record<PayloadRole, Uint8Array>> = {};
    for (const role of PAYLOAD_ROLES) if (r.payloads[role]) payloads[role] = r.payloads[role];
    const record = { ...r.record, id: r.id, kind: String(r.record.kind ?? ''), typeId: String(r.record.typeId ?? '') };
    return { record, payloads };
  });
  return {
    id: meta.id,
    name: meta.name,
    description: meta.description === '' ? null : meta.description,
    locale: content.locale,
    primaryLocale: content.locale,
    locales: content.locale === null ? [] : [content.locale],
    openLocale: null,
    chapters: content.chapters.map((c) => ({ title: c.title, file: '', text: c.text })),
    config: withoutCustomFonts(content.config),
    configVersion: content.configVersion,
    resources,
    fonts: [...families.values()],
    view: content.view,
    start: content.start,
    thumbnail: meta.cover === null ? null : { file: `thumbnail.${EXT_BY_MIME[meta.cover.mime] ?? 'png'}`, bytes: meta.cover.bytes },
    extras: content.extras,
  };
}

const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', svg: 'image/svg+xml',
};
const EXT_BY_MIME: Record<string, string> = {
  'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'image/svg+xml': 'svg',
};

function extOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? '' : path.slice(dot + 1).toLowerCase();
}

function withoutCustomFonts(config: JsonObject): JsonObject {
  if (!('customFonts' in config)) return config;
  const { customFonts: _fonts, ...rest } = config;
  return rest;
}
