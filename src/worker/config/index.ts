/**
 * Public API of the configuration model (issue 4). Pure and DOM-free: shared by the book worker, the Design panel
 * and the agent tools.
 */
import type { Effective } from './nodes';
import type { RootNode } from './catalogue';
import type { ConfigWarning, JsonValue, StoredConfig } from './types';
import { resolveConfig, resolveWithWarnings, unwrapExport } from './model';
import { stripConfigDefaults } from './resolve';
import { collectConfigWarnings } from './warnings';
import { CONFIG_VERSION, migrateConfig } from './version';
import { clone, isPlainObject } from './values';
import { Resolver } from './resolve';
import { isSettingVisible as isSettingVisibleImpl } from './sections';

export type { ColorValue, Dimension, Unit, JsonValue, JsonObject, StoredConfig, ConfigWarning, ConfigError } from './types';
export { UNITS } from './types';
export { parseLength, parseColorText, lengthToPt, lengthToPx, convertLength, normalizeNumberFormat, canonicalNumberFormat, NUMBER_FORMAT_SPELLINGS } from './values';
export type { LengthContext, FormatFamily } from './values';
export { parsePath, formatPath, locate } from './paths';
export { stripConfigDefaults } from './resolve';
export {
  resolveConfig, resolveWithWarnings, getConfig, setConfig, applyChanges, patchToChanges, exportConfig, unwrapExport, followedDiff,
} from './model';
export type { GetConfigResult, SetConfigResult, SetConfigRequest, PathChange, ChangeEntry, FollowedEntry, SettingEntry } from './model';
export { findSetting } from './search';
export type { FindSettingResult, FoundSetting } from './search';
export { settingsCatalogue, settingInfo, isSettingVisible, patternOf, SECTIONS, SETTINGS_GROUPS } from './sections';
export type { SettingInfo, SectionInfo } from './sections';
export { cjkGridWarnings, collectConfigWarnings, settingsNotApplied, declareAppliedSettings, declareUnappliedValues, appliedSettings, isApplied, NotAppliedTracker } from './warnings';
export { CONFIG_VERSION, migrateConfig, rulesAfter } from './version';
export type { MigrationResult } from './version';
export { emReferenceOf, emBasePt, lengthAtPt, bodySizePt } from './units';
export { localeStrings, defaultResourceTypes, hyphenationId, defaultNumerals, cjkRegion, isRtlLocale, isArabicScript, stringsLanguage } from './locale';
export { configSchema, checkConfigShape } from './schema';
export { PAGE_PRESET_SIZES } from './catalogue';
export type { EmRef, Visibility } from './nodes';

/** The complete effective configuration, typed from the catalogue (the layout engine's accessor). */
export type EffectiveConfig = Effective<RootNode>;

/** Typed effective configuration of a stored one. */
export function effectiveConfig(stored: StoredConfig): EffectiveConfig {
  return resolveConfig(stored) as unknown as EffectiveConfig;
}

/** Effective value at any path (`headings.levels[level=2].fontSize`), or undefined when the path does not exist. */
export function effectiveAt(stored: StoredConfig, path: string): JsonValue | undefined {
  return new Resolver(stored).get(path);
}

export interface LoadedConfig {
  /** The stored config: migrated once, defaults stripped, unknown keys kept. */
  config: StoredConfig;
  /** Stamp to store with it (always CONFIG_VERSION). */
  configVersion: number;
  /** Pins written by the migration (empty for configs stamped 11). */
  pins: string[];
  warnings: ConfigWarning[];
}

/**
 * Reads a configuration from a bundle, a saved project or an imported `postext-config.json`: never fails (imported
 * books keep everything), migrates older stamps once (configuration.md §19) and strips defaults.
 */
export function loadConfig(raw: unknown, opts: { configVersion?: number; content?: string } = {}): LoadedConfig {
  const unwrapped = isPlainObject(raw) ? unwrapExport(clone(raw)) : undefined;
  const base: StoredConfig = unwrapped ?? {};
  const stamp = opts.configVersion;
  const m = stamp !== undefined && stamp >= CONFIG_VERSION ? { config: base, pins: [] as string[] } : migrateConfig(base, stamp, opts.content !== undefined ? { content: opts.content } : {});
  const config = stripConfigDefaults(m.config);
  return { config, configVersion: CONFIG_VERSION, pins: m.pins, warnings: collectConfigWarnings(config) };
}

/** Warnings of the resolution only (fast path for the worker). */
export function resolutionWarnings(stored: StoredConfig): ConfigWarning[] {
  return resolveWithWarnings(stored).warnings;
}

/** Whether the Design panel shows the setting at `path` for this book. */
export function settingVisible(stored: StoredConfig, path: string): boolean {
  const r = new Resolver(stored);
  return isSettingVisibleImpl(resolveConfig(stored), path, (p) => r.get(p));
}
