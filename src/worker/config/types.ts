/**
 * Shared value types of the configuration model (configuration.md §0.2).
 * Pure data: no DOM, no worker globals — used by the book worker, the Design panel and the agent tools.
 */

/** Any JSON value as stored in a book's configuration. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** Length units accepted everywhere a `Dimension` is expected (§0.2). */
export const UNITS = ['cm', 'mm', 'in', 'pt', 'px', 'em', 'rem'] as const;
export type Unit = (typeof UNITS)[number];

/** `{ value, unit }` — a length. `value` is in `unit`; em/rem are relative (§0.6). */
export interface Dimension {
  value: number;
  unit: Unit;
}

export const COLOR_MODELS = ['hex', 'rgb', 'cmyk', 'hsl'] as const;
export type ColorModel = (typeof COLOR_MODELS)[number];

/** Process colour values in percent (0–100) for print renders. */
export interface Cmyk {
  c: number;
  m: number;
  y: number;
  k: number;
}

/** Stored colour (§0.2): `paletteId`, when present, wins over the inline `hex`. */
export interface ColorValue {
  hex: string;
  model: ColorModel;
  paletteId?: string;
  cmyk?: Cmyk;
}

/** A stored ("set") configuration: partial, defaults stripped, unknown keys kept verbatim. */
export type StoredConfig = JsonObject;

/** A configuration warning (configuration.md §17.1). */
export interface ConfigWarning {
  kind:
    | 'unknownNumberFormat'
    | 'fontFamilyStack'
    | 'sideColumnPercentClamped'
    | 'columnCountClamped'
    | 'cjkGridClamped'
    | 'unknownConfigKey'
    | 'unknownConfigValue'
    | 'lineNumbersUnsupported'
    | 'wrapUnsupported'
    | 'unknownNumerals'
    | 'settingNotApplied';
  /** Dotted path with selectors, e.g. `headings.levels[level=2].fontSize`. */
  path: string;
  /** The value found in the configuration. */
  value: JsonValue;
  /** The value the engine uses instead (absent when nothing is substituted). */
  used?: JsonValue;
  /** Nearest valid key or value, when one is close. */
  suggestion?: string;
  /** One sentence for people. */
  message: string;
}

/** Failure answer: one sentence that says what went wrong and what to send instead (tools.md §2.1). */
export interface ConfigError {
  ok: false;
  error: string;
  /** Closest existing paths, for unknown paths. */
  suggestions?: string[];
  /** Valid enum values or the accepted forms. */
  valid?: string[];
}
