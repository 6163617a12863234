/**
 * Bundles: preset directories and `.postext` archives (shared/spec/bundle-format.md). Reading
 * returns data and never writes storage; the book worker decides what to store.
 */
export { appendCustomFonts, fontFileId, PAYLOAD_ROLES } from './book';
export type {
  BundleBook,
  BundleChapter,
  BundleFile,
  BundleFontFamily,
  BundleFontFormat,
  BundleFontVariant,
  BundleReadResult,
  BundleResource,
  PayloadRole,
} from './book';
export { BundleError, type BundleErrorCode } from './errors';
export { canonicalLocale, inferScript, matchLanguage, matchLocale, parseLocale, type LocaleMatch, type LocaleMatchRule, type ParsedLocale } from './locale';
export { parseManifest, type Manifest, type ResourceRecord } from './manifest';
export { normalizeBundlePath } from './paths';
export {
  EXPORT_CONFIG_VERSION,
  exportPostext,
  importPostext,
  inspectPostext,
  POSTEXT_MIME_TYPE,
  slugify,
  sniffImageExtension,
  type ExportPostextOptions,
  type ExportPostextResult,
  type ImportPostextOptions,
  type PostextInfo,
} from './postext';
export { loadPresetBook, presetThumbnailPath, readPresetIndex, type LoadPresetOptions, type PresetIndex, type PresetIndexEntry, type ReadBytes, type ReadText } from './preset';
export { bundleLocales, firstHeadingTitle, readBundle, type BundleFiles, type ReadBundleOptions } from './read';
export { DEFAULT_ZIP_LIMITS, scanZip, type ZipLimits } from './zip';
export { bundleBookToStoredContent, bundleThumbnailToCover, storedContentToBundleBook, type StoredBookMeta } from './convert';
export { createFetchReaders } from './fetch';
