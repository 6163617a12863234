/**
 * CJK composition rules (configuration.md §14.1 `cjk`, document-format §18.3) read from the
 * effective configuration and resolved by region: what the paragraph setter applies (text/cjk.ts,
 * text/cjk-rules.ts, paragraph/cjk-punctuation.ts). `auto` values follow the region, and the region
 * (`auto`) the book's `locale` (config/locale.ts `cjkRegion`: zh, zh-Hans, CN, SG → mainland; Hant,
 * TW → taiwan; HK, MO → hongkong; ja → japan; anything else → mainland).
 */
import { declareAppliedSettings } from '../config';
import { cjkRegion } from '../config/locale';
import { defaultLineBreak, type CjkLineBreak, type CjkRegion } from './text/cjk-rules';
import type { CircledNumbers } from './text/circled-numbers';

declareAppliedSettings([
  'cjk.compressAdjacent',
  'cjk.region',
  'cjk.lineBreak',
  'cjk.punctuationWidth',
  'cjk.trimLineStart',
  'cjk.hangingPunctuation',
  'cjk.spaceAfterQuestion',
  'cjk.paragraphStartBracket',
  'cjk.titleMinChars',
  'cjk.composeDesignText',
  // text/circled-numbers.ts (breaks, latinSpacing), paragraph/circled-numbers.ts (face).
  'cjk.circledNumbers',
]);

/**
 * `cjk.punctuationWidth`, resolved: `fullwidth` every mark a full em; `kaiming` (开明式) the
 * sentence-end marks 。？！．full, every other mark whose ink fills one half of the em (、，：；,
 * brackets, quotes) half; `lineEndHalf` full, but a closing mark ending a line half; `halfwidth`
 * every such mark half (？！, whose ink is centred, stay full).
 */
export type PunctuationWidth = 'fullwidth' | 'kaiming' | 'lineEndHalf' | 'halfwidth';

/** The CJK composition rules, resolved (LayoutSettings.cjk). */
export interface CjkRules {
  /** `cjk.latinSpacing`: between CJK and Latin letters or digits where no space is typed, em. */
  latinSpacing: number;
  /** `cjk.wordBreak: 'keep-all'`. */
  keepAll: boolean;
  /** `cjk.compressAdjacent` (auto: on except Taiwan). */
  compressAdjacent: boolean;
  /** `cjk.region`, resolved. */
  region: CjkRegion;
  /** `cjk.lineBreak`, resolved (auto: gb / basic / basic / ja-very-strict). */
  lineBreak: CjkLineBreak;
  /** `cjk.punctuationWidth`, resolved (auto: kaiming in mainland China, fullwidth elsewhere). */
  punctuationWidth: PunctuationWidth;
  /** `cjk.trimLineStart`: an opening bracket starting a line (not the paragraph's first) set half width (auto: on except Taiwan). */
  trimLineStart: boolean;
  /** `cjk.hangingPunctuation`: 、。，． may hang past the line end (auto: allow in Japan, none elsewhere). */
  hangingPunctuation: 'none' | 'allow' | 'force';
  /** `cjk.spaceAfterQuestion`: a full-width space after ？！ inside a paragraph (auto: on in Japan). */
  spaceAfterQuestion: boolean;
  /** `cjk.paragraphStartBracket`: how a paragraph opening with a bracket is indented (auto: half in Japan, indent elsewhere). */
  paragraphStartBracket: 'indent' | 'half' | 'flush';
  /** `cjk.titleMinChars`: fewest characters of a book title 《…》 on a line (1 = no rule). */
  titleMinChars: number;
  /** `cjk.composeDesignText: false`: design text (page/furniture-text.ts) is set without these rules (`plainCjkRules`); absent = with them. */
  composeDesignText?: false;
  /** `cjk.circledNumbers` (text/circled-numbers.ts); absent = `cjk`, the default. */
  circledNumbers?: CircledNumbers;
  /**
   * Set in vertical text (`layout.writingMode: 'vertical-rl'`, §4): punctuation set narrower than
   * its em is placed for its vertical form (paragraph/cjk-punctuation.ts `placeVerticalForms`).
   */
  verticalForms?: true;
  /**
   * Vertical text only: what is set tate-chū-yoko (`cjk.uprightDigits`: numbers of at most that
   * many digits, 0 none; `marks`: Japanese !! !? ?! ??, document-format §18.5), so the paragraph
   * setter gives each such stretch a one-em cell along the line (paragraph/vertical-tcy.ts).
   */
  tcy?: { digits: number; marks: boolean };
}

/**
 * The rules design text is set with under `cjk.composeDesignText: false` (our reading: as before
 * configVersion 11 brought the rules in, which is what the pin keeps): the fixed kinsoku of every
 * class (`strict`), punctuation at the face's full width, no trimming, hanging, added space,
 * bracket placement or book-title rule. What was applied before them stays: latinSpacing,
 * wordBreak, compressAdjacent.
 */
export function plainCjkRules(rules: CjkRules): CjkRules {
  return { latinSpacing: rules.latinSpacing, keepAll: rules.keepAll, compressAdjacent: rules.compressAdjacent, region: rules.region, lineBreak: 'strict', punctuationWidth: 'fullwidth', trimLineStart: false, hangingPunctuation: 'none', spaceAfterQuestion: false, paragraphStartBracket: 'indent', titleMinChars: 1, ...(rules.circledNumbers ? { circledNumbers: rules.circledNumbers } : {}) };
}

/** The rules of a book in `locale` with every `cjk` setting at its default. */
export function defaultCjkRules(locale: string): CjkRules {
  return cjkRulesFrom(() => undefined, locale, { latinSpacing: 0.25, keepAll: false });
}

/**
 * The rules from the effective configuration (`at` reads a path). `base`: what settings-from-config
 * reads itself (latinSpacing needs the body size).
 */
export function cjkRulesFrom(at: (path: string) => unknown, locale: string, base: { latinSpacing: number; keepAll: boolean }): CjkRules {
  const pick = <T extends string>(path: string, values: readonly T[]): T | undefined => {
    const v = at(path);
    return typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : undefined;
  };
  const flag = (path: string, auto: boolean): boolean => {
    const v = at(path);
    return typeof v === 'boolean' ? v : auto;
  };
  const region = pick('cjk.region', ['mainland', 'taiwan', 'hongkong', 'japan'] as const) ?? cjkRegion(locale);
  const japan = region === 'japan';
  const minChars = at('cjk.titleMinChars');
  return {
    latinSpacing: base.latinSpacing,
    keepAll: base.keepAll,
    compressAdjacent: flag('cjk.compressAdjacent', region !== 'taiwan'),
    region,
    lineBreak: pick('cjk.lineBreak', ['none', 'basic', 'gb', 'strict', 'ja-very-strict', 'ja-strict', 'ja-loose'] as const) ?? defaultLineBreak(region),
    punctuationWidth: pick('cjk.punctuationWidth', ['fullwidth', 'kaiming', 'lineEndHalf', 'halfwidth'] as const) ?? (region === 'mainland' ? 'kaiming' : 'fullwidth'),
    trimLineStart: flag('cjk.trimLineStart', region !== 'taiwan'),
    hangingPunctuation: pick('cjk.hangingPunctuation', ['none', 'allow', 'force'] as const) ?? (japan ? 'allow' : 'none'),
    spaceAfterQuestion: flag('cjk.spaceAfterQuestion', japan),
    paragraphStartBracket: pick('cjk.paragraphStartBracket', ['indent', 'half', 'flush'] as const) ?? (japan ? 'half' : 'indent'),
    titleMinChars: typeof minChars === 'number' && Number.isFinite(minChars) ? Math.max(1, Math.round(minChars)) : 2,
    ...(at('cjk.composeDesignText') === false ? { composeDesignText: false as const } : {}),
    ...(pick('cjk.circledNumbers', ['cjk', 'western'] as const) === 'western' ? { circledNumbers: 'western' as const } : {}),
    ...(at('layout.writingMode') === 'vertical-rl' ? { verticalForms: true as const, tcy: { digits: uprightDigits(at('cjk.uprightDigits')), marks: /^ja\b/i.test(locale) } } : {}),
  };
}

/** `cjk.uprightDigits` (§14.1: 0, 2, 3 or 4; anything else the default 2), as settings.vertical reads it. */
function uprightDigits(value: unknown): number {
  return typeof value === 'number' && [0, 2, 3, 4].includes(value) ? value : 2;
}
