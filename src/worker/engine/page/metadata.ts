/**
 * The front-matter placeholders of design slots (configuration.md §5.5 `{title}`, `{subtitle}`,
 * `{author}`, `{publishDate}`; `{title}` falls back to the book's title): the first chapter's front matter, the same for
 * every page of the book. A YAML date is printed in the book's language (the parser keeps it as a
 * calendar day): US English "December 3, 2026", other English "3 December 2026", Spanish
 * "3 de diciembre de 2026"; any other language the ISO day (our choice: no locale tables here,
 * and `Intl` output may differ between the browser and Node).
 */
import type { Frontmatter } from '../parse/model';

const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ES_MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** A calendar day in the book's language (BCP 47 tag). */
export function formatDay(day: { year: number; month: number; day: number }, language: string): string {
  const [lang, region] = language.toLowerCase().split(/[-_]/);
  if (lang === 'en') return !region || region === 'us' ? `${EN_MONTHS[day.month - 1]} ${day.day}, ${day.year}` : `${day.day} ${EN_MONTHS[day.month - 1]} ${day.year}`;
  if (lang === 'es') return `${day.day} de ${ES_MONTHS[day.month - 1]} de ${day.year}`;
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

/**
 * `{title}`, `{subtitle}`, `{author}`, `{publishDate}` from the first chapter's front matter; unset
 * ones are absent (they print empty; `{title}` then prints the book's title, engine/index.ts).
 */
export function metadataValues(frontmatter: Frontmatter | undefined, language: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!frontmatter) return out;
  if (frontmatter.title?.trim()) out['title'] = frontmatter.title.trim();
  if (frontmatter.subtitle?.trim()) out['subtitle'] = frontmatter.subtitle.trim();
  if (frontmatter.author?.trim()) out['author'] = frontmatter.author.trim();
  const day = frontmatter.publishDay;
  if (day && day.month >= 1 && day.month <= 12) out['publishDate'] = formatDay(day, language);
  else if (frontmatter.publishDate?.trim()) out['publishDate'] = frontmatter.publishDate.trim();
  return out;
}
