/**
 * Locale matching for bundles (bundle-format.md §4.2). Pure functions; the table test in
 * tests/unit/bundle/locale.test.ts goes through the spec's cases one by one.
 */

export interface ParsedLocale {
  /** Lower-case primary language subtag (`zh`). */
  language: string;
  /** Title-case script subtag as written (`Hant`), or null. */
  script: string | null;
  /** Upper-case region (`TW`, `419`), or null. */
  region: string | null;
}

export function parseLocale(tag: string): ParsedLocale {
  const parts = tag.trim().split(/[-_]/).filter((p) => p !== '');
  const language = (parts[0] ?? '').toLowerCase();
  let script: string | null = null;
  let region: string | null = null;
  for (const part of parts.slice(1)) {
    if (script === null && region === null && /^[a-zA-Z]{4}$/.test(part)) {
      script = part[0]!.toUpperCase() + part.slice(1).toLowerCase();
    } else if (region === null && (/^[a-zA-Z]{2}$/.test(part) || /^\d{3}$/.test(part))) {
      region = part.toUpperCase();
    }
  }
  return { language, script, region };
}

/** Traditional-Chinese regions (our choice, §4.2). */
const HANT_REGIONS = new Set(['TW', 'HK', 'MO']);

/**
 * Default scripts of languages that are commonly tagged with an explicit script, so that `sr` and
 * `sr-Cyrl` are recognised as the same script. Every other language has one implied script, written
 * here as `*`, which an explicit script subtag never equals — an explicit script is then "the other
 * script" (rule 3), never a false rule-2 match.
 */
const DEFAULT_SCRIPT: Record<string, string> = {
  az: 'Latn', bs: 'Latn', en: 'Latn', es: 'Latn', fr: 'Latn', de: 'Latn', it: 'Latn', pt: 'Latn', ca: 'Latn',
  ha: 'Latn', ms: 'Latn', uz: 'Latn', tr: 'Latn', sr: 'Cyrl', ru: 'Cyrl', uk: 'Cyrl', mn: 'Cyrl', kk: 'Cyrl',
  ar: 'Arab', fa: 'Arab', ur: 'Arab', pa: 'Guru', he: 'Hebr', el: 'Grek', ja: 'Jpan', ko: 'Kore', hi: 'Deva',
};

/** The script a tag is written in: explicit subtag first, then our inference (§4.2, our choice). */
export function inferScript(locale: ParsedLocale): string {
  if (locale.script) return locale.script;
  if (locale.language === 'zh') return locale.region !== null && HANT_REGIONS.has(locale.region) ? 'Hant' : 'Hans';
  return DEFAULT_SCRIPT[locale.language] ?? '*';
}

export type LocaleMatchRule = 'exact' | 'same-script' | 'other-script' | 'primary' | 'first';

export interface LocaleMatch {
  /** The chosen key, spelled as in `keys`. */
  key: string;
  rule: LocaleMatchRule;
}

/**
 * Within one rule several keys may qualify (`es-MX` asked, `es-ES` and `es` offered). The reference's
 * shorter rule reads the base language (`es`), so the key with fewest subtags wins, then key order.
 */
function bestOf(candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestRank = Infinity;
  for (const key of candidates) {
    const parsed = parseLocale(key);
    const rank = (parsed.region ? 2 : 0) + (parsed.script ? 1 : 0);
    if (rank < bestRank) {
      best = key;
      bestRank = rank;
    }
  }
  return best;
}

/**
 * Chooses among `keys` (locales of a `chapters`/`markdown` map, in manifest order) for `requested`:
 * 1 exact tag (case-insensitive) · 2 same language and script · 3 same language, other script ·
 * 4 the preset's own `locale` · 5 the first key. Returns null only when `keys` is empty.
 */
export function matchLocale(requested: string | null, keys: readonly string[], primary: string | null): LocaleMatch | null {
  const found = matchLanguage(requested, keys);
  if (found) return found;
  if (primary !== null) {
    const primaryKey = keys.find((k) => k.toLowerCase() === primary.toLowerCase());
    if (primaryKey !== undefined) return { key: primaryKey, rule: 'primary' };
  }
  const first = keys[0];
  return first === undefined ? null : { key: first, rule: 'first' };
}

/** Rules 1–3 only: the match a `localized` entry needs (no entry → the shared wording). */
export function matchLanguage(requested: string | null, keys: readonly string[]): LocaleMatch | null {
  if (requested === null || requested.trim() === '') return null;
  const wanted = requested.trim().replace(/_/g, '-').toLowerCase();
  const exact = keys.find((k) => k.replace(/_/g, '-').toLowerCase() === wanted);
  if (exact !== undefined) return { key: exact, rule: 'exact' };
  const req = parseLocale(requested);
  if (req.language === '') return null;
  const reqScript = inferScript(req);
  const sameLanguage = keys.filter((k) => parseLocale(k).language === req.language);
  const sameScript = bestOf(sameLanguage.filter((k) => inferScript(parseLocale(k)) === reqScript));
  if (sameScript !== undefined) return { key: sameScript, rule: 'same-script' };
  const otherScript = bestOf(sameLanguage);
  if (otherScript !== undefined) return { key: otherScript, rule: 'other-script' };
  return null;
}

/** Canonical spelling of a tag (`zh-hant` → `zh-Hant`, `pt_br` → `pt-BR`), for display and permalinks. */
export function canonicalLocale(tag: string): string {
  const { language, script, region } = parseLocale(tag);
  return [language, script, region].filter((p): p is string => p !== null && p !== '').join('-');
}
