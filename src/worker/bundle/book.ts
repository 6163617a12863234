import type { JsonObject, JsonValue } from '../../storage/json';

/**
 * One edition of a book as read from a preset directory or a `.postext` file, or as handed to the
 * exporter. Plain data (structured-cloneable): the worker converts it to its book model and to
 * storage rows. Nothing in it is validated against the engine's configuration rules — that is the
 * config module's job (`config` stays "as stored").
 */
export interface BundleBook {
  /** Preset id (`[a-z0-9-]`). */
  id: string;
  name: string;
  description: string | null;
  /** The edition this book holds (chosen by §4.2 on reading), or null when the bundle names none. */
  locale: string | null;
  /** The manifest's primary `locale` (the shared wording), or null. */
  primaryLocale: string | null;
  /** Every edition the source offers (manifest `locales`, else the chapter map's keys, else `[locale]`). */
  locales: string[];
  /** The edition to open when none is asked for (§4.3), or null. */
  openLocale: string | null;
  /** Chapters of this edition in book order. */
  chapters: BundleChapter[];
  /** Shared config with this edition's `localized` config applied; never contains `customFonts`. */
  config: JsonObject;
  /** The rules `config` is written for (§6); null when the manifest has no stamp (postext ≤ 1.4). */
  configVersion: number | null;
  resources: BundleResource[];
  fonts: BundleFontFamily[];
  /** `view` with this edition's overrides (§8), or null. */
  view: JsonObject | null;
  /** `start` of this edition (§9), or null. */
  start: JsonObject | null;
  /** The cover picture (`thumbnail`), or null. */
  thumbnail: BundleFile | null;
  /**
   * Manifest fields kept verbatim for re-export: the showcase fields (`default`, `license`,
   * `credits`, `tags`, `binding`) and any key this version does not know.
   */
  extras: JsonObject;
}

export interface BundleChapter {
  /** Never empty after reading: a missing title is taken from the first level-1 heading. */
  title: string;
  /** Path of the Markdown file inside the bundle (informative; the exporter renames files, §4.4). */
  file: string;
  text: string;
}

export interface BundleFile {
  /** Path inside the bundle; its extension tells the format. */
  file: string;
  bytes: Uint8Array;
}

export interface BundleResource {
  /**
   * The manifest record (§5) with this edition's localized wording merged in. Its `file`,
   * `pdfFile` and `posterFile` name the paths the payloads were read from.
   */
  record: JsonObject & { id: string; kind: string; typeId: string };
  /** Payload bytes by the record field that names them: `file`, `pdfFile`, `posterFile`. */
  payloads: Partial<Record<PayloadRole, Uint8Array>>;
}

export const PAYLOAD_ROLES = ['file', 'pdfFile', 'posterFile'] as const;
export type PayloadRole = (typeof PAYLOAD_ROLES)[number];

export type BundleFontFormat = 'otf' | 'ttf' | 'woff2';

export interface BundleFontVariant {
  weight: number;
  style: 'normal' | 'italic';
  /** Path inside the bundle. */
  file: string;
  format: BundleFontFormat;
  /** Storage id of the face (§7: derived from the preset id and the file path). */
  fileId: string;
  bytes: Uint8Array;
}

export interface BundleFontFamily {
  name: string;
  variants: BundleFontVariant[];
  /** `false`: the writer leaves the family out (§7). */
  redistributable?: boolean;
}

/** Result of reading: the book plus what was repaired on the way (shown to the user, never fatal). */
export interface BundleReadResult {
  book: BundleBook;
  warnings: string[];
  /** `layouts.json` / `layouts.<locale>.json` of a `.postext`, unvalidated (the layout module checks stamps). */
  layouts: JsonValue | null;
}

/** §7: the storage id of a font face, derived from the preset id and the path. */
export function fontFileId(bookId: string, path: string): string {
  return `font:${bookId}:${path}`;
}

/**
 * Appends the bundle's families to `config.customFonts` (configuration.md §15.2), as the preset is
 * applied (§7). Returns a new config; families already present by name are left as they are.
 */
export function appendCustomFonts(config: JsonObject, fonts: readonly BundleFontFamily[]): JsonObject {
  const existing = Array.isArray(config.customFonts) ? config.customFonts : [];
  const names = new Set(existing.map((f) => (typeof f === 'object' && f !== null && !Array.isArray(f) ? f.name : undefined)));
  const added = fonts
    .filter((family) => !names.has(family.name))
    .map((family) => ({
      name: family.name,
      variants: family.variants.map((v) => ({
        weight: v.weight,
        style: v.style,
        fileId: v.fileId,
        format: v.format,
        fileName: v.file.slice(v.file.lastIndexOf('/') + 1),
      })),
      ...(family.redistributable === false ? { redistributable: false } : {}),
    }));
  if (added.length === 0) return config;
  return { ...config, customFonts: [...existing, ...added] };
}
