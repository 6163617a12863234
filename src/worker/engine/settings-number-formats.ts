/**
 * Number formats that follow the book's language (configuration.md §3): the spelling `一` prints
 * Japanese numerals in a Japanese book and Chinese ones (in the locale's script) in a Chinese book.
 * Resolved once, after the settings are read, in every format the settings hold: page labels,
 * footnote numbers, ordered-list levels (the document's, styled sections' and part pages'
 * `bodyStyle`), the equation counter. Heading templates (`{1:一}`, page/structure.ts), resource
 * counters (resources/settings.ts), `:::numbering{format=一}` (page/paginate.ts) and a
 * continuation's page numbering (page/structure.ts `initialNumbering`) resolve where they are read.
 */
import { localeNumberFormat } from './page/number-format';
import type { LayoutSettings, SectionBodyStyle } from './settings';

/** The language number formats follow: `locale`, else the document language. */
export function numberLocaleOf(s: Pick<LayoutSettings, 'language' | 'locale'>): string {
  return s.locale ?? s.language;
}

function sectionLists(body: SectionBodyStyle | undefined, locale: string): void {
  const ordered = body?.orderedLists;
  if (!ordered) return;
  if (ordered.list.format !== undefined) ordered.list.format = localeNumberFormat(ordered.list.format, locale);
  for (const level of ordered.levels) if (level.format !== undefined) level.format = localeNumberFormat(level.format, locale);
}

/** Rewrites, in place, every format word of freshly read settings that depends on the language. */
export function resolveLocaleNumberFormats(s: LayoutSettings): void {
  const locale = numberLocaleOf(s);
  s.pageNumbering.format = localeNumberFormat(s.pageNumbering.format, locale);
  s.notes.format = localeNumberFormat(s.notes.format, locale);
  s.math.numbering.counterFormat = localeNumberFormat(s.math.numbering.counterFormat, locale);
  if (s.orderedLevels) s.orderedLevels = s.orderedLevels.map((level) => ({ ...level, format: localeNumberFormat(level.format, locale) }));
  for (const style of Object.values(s.headingStyles)) sectionLists(style.bodyStyle, locale);
  sectionLists(s.parts?.bodyStyle, locale);
}
