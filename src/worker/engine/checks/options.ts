/**
 * What the configuration says about the checks: the `debug.warnings.*` toggles, the loose-line
 * threshold and the print preflight limits (configuration.md §16.3, §16.5), read from the
 * effective configuration so defaults apply.
 */
import { declareAppliedSettings, effectiveAt, lengthAtPt, resolveConfig, type StoredConfig } from '../../config';
import type { WarningToggle } from './model';

/** Settings the checks read: not "unapplied" (settingNotApplied would otherwise report them). */
export const CHECK_SETTINGS = ['debug.warnings.*', 'debug.looseLineHighlight.threshold', 'print.standard', 'print.preflight.*'] as const;
declareAppliedSettings(CHECK_SETTINGS);

export interface CheckOptions {
  toggles: Record<WarningToggle, boolean>;
  /** A justified line is loose when its word spaces exceed this multiple of the normal space. */
  looseThreshold: number;
  /** Preflight limits, or null when the book is not set up for print (`print.standard: 'none'`) or preflight is off. */
  preflight: {
    /** pt */
    minRuleWidth: number;
    /** pt */
    smallTextSize: number;
    /** pt from the trim */
    safeZone: number;
    /** pt from the trim */
    bleedSnap: number;
    /** ppi: a warning below, critical below `criticalImageResolution` */
    minImageResolution: number;
    criticalImageResolution: number;
    /** `print.preflight.checkFonts`: report faces the PDF cannot embed. */
    checkFonts: boolean;
  } | null;
}

const TOGGLE_DEFAULTS: Record<WarningToggle, boolean> = {
  missingFont: true,
  looseLines: true,
  headingHierarchy: true,
  consecutiveHeadings: false,
  listAfterHeading: false,
  designIssues: true,
};

export function checkOptions(stored: StoredConfig): CheckOptions {
  const toggles = { ...TOGGLE_DEFAULTS };
  for (const key of Object.keys(toggles) as WarningToggle[]) {
    const value = effectiveAt(stored, `debug.warnings.${key}`);
    if (typeof value === 'boolean') toggles[key] = value;
  }
  const threshold = effectiveAt(stored, 'debug.looseLineHighlight.threshold');
  const standard = effectiveAt(stored, 'print.standard');
  const enabled = effectiveAt(stored, 'print.preflight.enabled') !== false;
  const effective = standard !== 'none' ? resolveConfig(stored) : null;
  const pt = (path: string, fallback: number): number => {
    const n = effective ? lengthAtPt(effective, stored, path) : undefined;
    return n !== undefined && Number.isFinite(n) ? n : fallback;
  };
  const num = (path: string, fallback: number): number => {
    const value = effectiveAt(stored, path);
    return typeof value === 'number' && value > 0 ? value : fallback;
  };
  return {
    toggles,
    // Default 3: the ragged-space ratio (configuration.md §6.3).
    looseThreshold: typeof threshold === 'number' && threshold > 0 ? threshold : 3,
    preflight:
      typeof standard === 'string' && standard !== 'none' && enabled
        ? {
            minRuleWidth: pt('print.preflight.minRuleWidth', 0.25),
            smallTextSize: pt('print.preflight.smallTextSize', 9),
            safeZone: pt('print.preflight.safeZone', (5 / 25.4) * 72),
            bleedSnap: pt('print.preflight.bleedSnap', (3 / 25.4) * 72),
            minImageResolution: num('print.preflight.minImageResolution', 300),
            criticalImageResolution: num('print.preflight.criticalImageResolution', 150),
            checkFonts: effectiveAt(stored, 'print.preflight.checkFonts') !== false,
          }
        : null,
  };
}
