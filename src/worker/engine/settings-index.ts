/**
 * What `:::index` prints (configuration.md §11.6 `index`; document-format §16): the index's own
 * type and leading (body by default, its own rhythm off the baseline grid, §2.2), the indent per
 * sub-level and of turnover lines, the space between entries, the separators, range merging and
 * format, how main locators and cross-references are set, the collation locale and the letter
 * group heads. Lengths in pt; em = the index's own size (`indent`, `turnoverIndent`), the body's
 * for `entrySpacing`. Applied by page/index-entries.ts (the rows) and page/index-layout.ts (setting them).
 */
import { declareAppliedSettings, declareUnappliedValues } from '../config';
import type { ConfigReaders } from './settings-structure';
import type { TextStyle } from './settings';
import type { IndexEntryOptions } from './page/index-entries';

const TYPE_FIELDS = ['fontFamily', 'fontSize', 'lineHeight', 'fontWeight', 'color'];
declareAppliedSettings([
  ...TYPE_FIELDS.map((f) => `index.${f}`),
  ...['indent', 'turnoverIndent', 'entrySpacing', 'separator', 'locatorSeparator', 'rangeSeparator', 'mergeRanges', 'rangeFormat', 'main', 'locale', 'groupBy', 'ignoreArticle'].map((f) => `index.${f}`),
  ...['label', 'alsoLabel', 'italic'].map((f) => `index.see.${f}`),
  ...['enabled', 'fontFamily', 'fontSize', 'fontWeight', 'color', 'marginTop', 'symbolsLabel', 'numbersLabel'].map((f) => `index.groups.${f}`),
]);
// Chinese pinyin / stroke grouping (§16) is not built: such an index is set without group heads,
// sorted by the locale's collation.
declareUnappliedValues('index.groupBy', ['pinyin', 'stroke'], 'none');

export interface IndexLook {
  /** The entries' type and leading (pt). */
  style: TextStyle;
  lineHeight: number;
  /** Group heads' type (index.groups.*: the entries' face, weight 700) and the space above each (pt). */
  group: { style: TextStyle; marginTop: number };
  /** Indent per sub-level and of turnover lines from the entry's own start, pt. */
  indent: number;
  turnoverIndent: number;
  /** Extra space between entries, pt. */
  entrySpacing: number;
  /** What the rows are built with (page/index-entries.ts). */
  entries: IndexEntryOptions;
}

/** Chinese and Korean: `groupBy: 'auto'` would mean pinyin or stroke heads, not built (no heads). */
const NO_AUTO_HEADS = /^(zh|ko)\b/i;

/** The index's look from the configuration (§11.6); `body` = the body text's style and leading (pt). */
export function indexLook(r: ConfigReaders, body: TextStyle, bodyLeading: number, documentLocale: string): IndexLook {
  const size = Math.max(1, r.pt('index.fontSize', body.size, body.size));
  const weight = r.num('index.fontWeight', body.weight);
  const style: TextStyle = {
    ...body,
    family: r.str('index.fontFamily', body.family) || body.family,
    size,
    weight: weight >= 100 && weight <= 900 ? weight : body.weight,
    italic: false,
    colour: r.colour('index.color', body.colour),
  };
  // The body's leading scaled to the index's size when only the size is set (the body's rhythm in the index's type).
  const lineHeight = Math.max(1, r.pt('index.lineHeight', (bodyLeading * size) / body.size, size));
  const groupSize = Math.max(1, r.pt('index.groups.fontSize', size, size));
  const groupWeight = r.num('index.groups.fontWeight', 700);
  const groupStyle: TextStyle = {
    ...style,
    family: r.str('index.groups.fontFamily', style.family) || style.family,
    size: groupSize,
    weight: groupWeight >= 100 && groupWeight <= 900 ? groupWeight : 700,
    colour: r.colour('index.groups.color', style.colour),
  };
  const locale = r.str('index.locale', documentLocale);
  const groupBy = r.str('index.groupBy', 'auto');
  // auto: gojūon rows in Japanese (JIS X 4061), letters in alphabetic scripts (§16).
  const by = groupBy === 'gojuon' || groupBy === 'kana' ? groupBy : groupBy === 'auto' && /^ja\b/i.test(locale) ? 'gojuon' : 'letter';
  const lettered = groupBy === 'letter' || groupBy === 'gojuon' || groupBy === 'kana' || (groupBy === 'auto' && !NO_AUTO_HEADS.test(locale));
  const rangeFormat = r.str('index.rangeFormat', 'full');
  const main = r.str('index.main', 'bold');
  return {
    style,
    lineHeight,
    group: { style: groupStyle, marginTop: Math.max(0, r.pt('index.groups.marginTop', lineHeight, size)) },
    indent: Math.max(0, r.pt('index.indent', size, size)),
    turnoverIndent: Math.max(0, r.pt('index.turnoverIndent', 2 * size, size)),
    entrySpacing: Math.max(0, r.pt('index.entrySpacing', 0, body.size)),
    entries: {
      locale,
      mergeRanges: r.bool('index.mergeRanges', true),
      rangeFormat: rangeFormat === 'chicago' ? 'chicago' : 'full',
      separator: rawString(r, 'index.separator', ', '),
      locatorSeparator: rawString(r, 'index.locatorSeparator', ', '),
      rangeSeparator: rawString(r, 'index.rangeSeparator', '–'),
      main: main === 'italic' || main === 'none' ? main : 'bold',
      see: { label: rawString(r, 'index.see.label', 'see'), alsoLabel: rawString(r, 'index.see.alsoLabel', 'see also'), italic: r.bool('index.see.italic', true) },
      groups: lettered ? { enabled: r.bool('index.groups.enabled', true), symbolsLabel: rawString(r, 'index.groups.symbolsLabel', 'Symbols'), numbersLabel: rawString(r, 'index.groups.numbersLabel', '0–9'), by } : null,
      ignoreArticle: r.bool('index.ignoreArticle', /^ar\b/i.test(documentLocale)),
    },
  };
}

/** The index's look when no configuration is read (engine defaults): body type and leading (§11.6 defaults). */
export function defaultIndexLook(body: TextStyle, bodyLeading: number, locale: string): IndexLook {
  const none: ConfigReaders = { at: () => undefined, pt: (_p, f) => f, bool: (_p, f) => f, str: (_p, f) => f, num: (_p, f) => f, colour: (_p, f) => f };
  return indexLook(none, body, bodyLeading, locale);
}

/** A string setting as stored, an empty string kept (a separator may be set to nothing). */
function rawString(r: ConfigReaders, path: string, fallback: string): string {
  const v = r.at(path);
  return typeof v === 'string' ? v : fallback;
}
