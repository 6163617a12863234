import { describe, expect, it } from 'vitest';
import { canonicalLocale, inferScript, matchLocale, parseLocale } from '../../../src/worker/bundle';

/**
 * bundle-format.md §4.2, case by case: [requested, keys, primary locale, expected key, rule].
 */
const TABLE: [string | null, string[], string | null, string, string][] = [
  // Rule 1 — the exact tag, compared case-insensitively.
  ['es', ['en', 'es'], 'en', 'es', 'exact'],
  ['ZH-hant', ['zh-Hans', 'zh-Hant'], 'zh-Hans', 'zh-Hant', 'exact'],
  ['pt_BR', ['pt-PT', 'pt-BR'], 'pt-PT', 'pt-BR', 'exact'],
  // Rule 2 — same language and same script.
  ['zh-TW', ['zh-Hans', 'zh-Hant'], 'zh-Hans', 'zh-Hant', 'same-script'],
  ['zh-HK', ['zh-Hans', 'zh-Hant'], null, 'zh-Hant', 'same-script'],
  ['zh-MO', ['zh-Hant', 'zh-Hans'], null, 'zh-Hant', 'same-script'],
  ['zh', ['zh-Hant', 'zh-Hans'], null, 'zh-Hans', 'same-script'],
  ['zh-CN', ['zh-Hant', 'zh-Hans'], null, 'zh-Hans', 'same-script'],
  ['zh-SG', ['zh-Hant', 'zh-Hans'], null, 'zh-Hans', 'same-script'],
  ['zh-Hant-TW', ['zh-Hans', 'zh-Hant'], null, 'zh-Hant', 'same-script'], // explicit script wins
  ['es-MX', ['en', 'es'], 'en', 'es', 'same-script'],
  ['en-GB', ['en', 'es'], 'es', 'en', 'same-script'],
  ['es-MX', ['es-ES', 'es'], null, 'es', 'same-script'], // the reference reads the base language
  ['pt', ['pt-PT', 'pt-BR'], null, 'pt-PT', 'same-script'], // no bare key: first in order
  ['sr', ['sr-Latn', 'sr-Cyrl'], null, 'sr-Cyrl', 'same-script'], // Serbian defaults to Cyrillic
  // Rule 3 — same language in the other script.
  ['zh-TW', ['en', 'zh'], 'en', 'zh', 'other-script'],
  ['zh-Hant', ['zh-Hans', 'en'], 'en', 'zh-Hans', 'other-script'],
  ['zh-CN', ['zh-Hant', 'en'], 'en', 'zh-Hant', 'other-script'],
  ['sr-Latn', ['sr', 'en'], 'en', 'sr', 'other-script'],
  // Rule 4 — the preset's own locale.
  ['fr', ['en', 'es'], 'es', 'es', 'primary'],
  ['ja', ['zh-Hans', 'zh-Hant'], 'zh-hant', 'zh-Hant', 'primary'],
  [null, ['en', 'es'], 'es', 'es', 'primary'],
  // Rule 5 — the first entry.
  ['fr', ['en', 'es'], null, 'en', 'first'],
  ['fr', ['en', 'es'], 'de', 'en', 'first'], // primary not among the keys
  [null, ['ca', 'es'], null, 'ca', 'first'],
  ['', ['ca', 'es'], null, 'ca', 'first'],
];

describe('locale matching (bundle-format.md §4.2)', () => {
  it.each(TABLE)('%s among %j (primary %s) → %s by %s', (requested, keys, primary, key, rule) => {
    expect(matchLocale(requested, keys, primary)).toEqual({ key, rule });
  });

  it('no keys → no match', () => {
    expect(matchLocale('en', [], 'en')).toBeNull();
  });
});

describe('script inference (our choice)', () => {
  it.each([
    ['zh-TW', 'Hant'],
    ['zh-HK', 'Hant'],
    ['zh-MO', 'Hant'],
    ['zh', 'Hans'],
    ['zh-CN', 'Hans'],
    ['zh-SG', 'Hans'],
    ['zh-Hant-CN', 'Hant'],
    ['sr', 'Cyrl'],
    ['sr-Latn', 'Latn'],
    ['es-MX', 'Latn'],
  ])('%s is written in %s', (tag, script) => {
    expect(inferScript(parseLocale(tag))).toBe(script);
  });

  it('canonicalises tags for display and links', () => {
    expect(canonicalLocale('zh-hant')).toBe('zh-Hant');
    expect(canonicalLocale('pt_br')).toBe('pt-BR');
    expect(canonicalLocale('ES-419')).toBe('es-419');
  });
});
