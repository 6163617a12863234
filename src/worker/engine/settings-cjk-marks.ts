/**
 * The CJK marks' settings (configuration.md §14.1 `cjk.emphasis`, `cjk.emphasisMark`,
 * `cjk.bookTitleMark`, `cjk.bookTitleBrackets`, `cjk.annotationColor`; document-format §18.3–18.4),
 * resolved once per configuration into `LayoutSettings.cjkMarks`, which paragraph/cjk-marks.ts reads
 * when it collects `:dots`, `:name`, `:book`, `:sideline` and `*…*` on CJK characters.
 *
 * Our readings where the spec is silent:
 * - `cjk.emphasis: auto` is 'dots' when the locale's language is Chinese or Japanese (the spec's
 *   "zh/ja documents"), 'italic' otherwise (Korean included).
 * - `cjk.emphasisMark` auto: Japan (the region) → sesame, filled, over (right of a vertical line);
 *   every other region → dot, filled, under (the mainland 着重号; Taiwan and Hong Kong too).
 * - `cjk.bookTitleBrackets`: a list of `{open, close}` pairs taken by nesting depth, the deepest
 *   cycling through the list; anything else (auto, an empty or malformed list) is the region's
 *   pairs — 『』「」 in Japan, 《》〈〉 elsewhere.
 * - `cjk.annotationColor` follows the text colour (its catalogue follower of `bodyText.color`):
 *   while it equals the body colour the marks take the colour of the text they mark (a heading's
 *   marks its colour); another colour is used for every mark.
 */
import { declareAppliedSettings } from '../config';
import { languageOf } from '../config/locale';
import type { CjkRegion } from './text/cjk-rules';

declareAppliedSettings(['cjk.emphasis', 'cjk.emphasisMark.style', 'cjk.emphasisMark.fill', 'cjk.emphasisMark.position', 'cjk.bookTitleMark', 'cjk.bookTitleBrackets', 'cjk.annotationColor']);
// A stored bracket list is walked item by item, field by field (config/warnings.ts storedLeaves).
declareAppliedSettings(['cjk.bookTitleBrackets[*].open', 'cjk.bookTitleBrackets[*].close']);

export type DotShape = 'dot' | 'circle' | 'sesame';
export type MarkSide = 'over' | 'under';

/** One bracket pair around a book title (`cjk.bookTitleBrackets`). */
export interface BracketPair {
  open: string;
  close: string;
}

/** The resolved marks' settings (see the file comment for the auto values). */
export interface CjkMarkSettings {
  /** `cjk.emphasis`: what `*…*` does to CJK characters. */
  emphasis: 'italic' | 'dots';
  /** `cjk.emphasisMark`: the dots of `*…*` and the defaults of `:dots`. */
  dots: { shape: DotShape; open: boolean; side: MarkSide };
  /** `cjk.bookTitleMark`. */
  bookTitle: 'brackets' | 'wavy' | 'none';
  /** `cjk.bookTitleBrackets`: pairs by nesting depth (at least one). */
  brackets: BracketPair[];
  /** `cjk.annotationColor` when it is not the text colour (#rrggbb); absent = each mark in its text's colour. */
  colour?: string;
}

/** The marks' settings of a book without a configuration: every value auto for `language` and `region`. */
export function defaultCjkMarks(language: string, region: CjkRegion): CjkMarkSettings {
  return resolveCjkMarks(() => undefined, language, region);
}

/**
 * Reads the marks' settings from the effective configuration `at`, for `locale` and its region
 * (`cjk.region` as the composition rules resolve it, settings-cjk-rules.ts: the marks read it only
 * for their auto values).
 */
export function resolveCjkMarks(at: (path: string) => unknown, locale: string, region: CjkRegion, bodyColour?: string): CjkMarkSettings {
  const japan = region === 'japan';
  const language = languageOf(locale);
  const emphasis = at('cjk.emphasis');
  const style = at('cjk.emphasisMark.style');
  const fill = at('cjk.emphasisMark.fill');
  const position = at('cjk.emphasisMark.position');
  const book = at('cjk.bookTitleMark');
  const out: CjkMarkSettings = {
    emphasis: emphasis === 'italic' || emphasis === 'dots' ? emphasis : language === 'zh' || language === 'ja' ? 'dots' : 'italic',
    dots: {
      shape: style === 'dot' || style === 'circle' || style === 'sesame' ? style : japan ? 'sesame' : 'dot',
      open: fill === 'open',
      side: position === 'over' || position === 'under' ? position : japan ? 'over' : 'under',
    },
    // auto: brackets on the mainland and in Japan, a wavy line in Taiwan and Hong Kong (§14.1).
    bookTitle: book === 'brackets' || book === 'wavy' || book === 'none' ? book : region === 'taiwan' || region === 'hongkong' ? 'wavy' : 'brackets',
    brackets: bracketPairs(at('cjk.bookTitleBrackets')) ?? (japan ? [{ open: '『', close: '』' }, { open: '「', close: '」' }] : [{ open: '《', close: '》' }, { open: '〈', close: '〉' }]),
  };
  const colour = hexColour(at('cjk.annotationColor'));
  if (colour !== undefined && colour !== bodyColour) out.colour = colour;
  return out;
}

/** A list of `{open, close}` string pairs, or undefined when the value is anything else. */
function bracketPairs(value: unknown): BracketPair[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const pairs: BracketPair[] = [];
  for (const entry of value) {
    if (!entry || typeof entry !== 'object') return undefined;
    const { open, close } = entry as { open?: unknown; close?: unknown };
    if (typeof open !== 'string' || typeof close !== 'string') return undefined;
    pairs.push({ open, close });
  }
  return pairs;
}

function hexColour(value: unknown): string | undefined {
  if (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  if (value && typeof value === 'object' && 'hex' in value && typeof (value as { hex: unknown }).hex === 'string') return (value as { hex: string }).hex.toLowerCase();
  return undefined;
}
