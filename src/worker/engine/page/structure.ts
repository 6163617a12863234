/**
 * Book structure that spans chapters: heading numbers (configuration.md §8.3), page labels
 * (`page.pageNumbering`, `:::numbering`, document-format §7.2, §17.2) and what cross-references
 * print (document-format §13, configuration.md §11.3). Heading numbers come from the parsed
 * chapters alone; page labels and page references from the pages, so they converge over passes.
 */
import type { ParsedChapter } from '../parse/model';
import type { LayoutSettings } from '../settings';
import { formatNumber, localeNumberFormat, localiseDigits, type Numerals } from './number-format';
import { numberLocaleOf } from '../settings-number-formats';
import { startingHeadingCounters } from './continuation';
import { headingNumbering } from './heading-look';
import { structuralBlocks } from './structural-blocks';

/** The printed number of every numbered heading, by chapter id then block id, and each chapter's starting counters. */
export interface HeadingNumbers {
  byChapter: Map<string, Map<string, string>>;
  /** The counter of its own level each numbered heading took, by chapter id then block id (heading designs' `{numberDecimal}`…, §5.5). */
  countersByChapter: Map<string, Map<string, number>>;
  /** Counters (levels 1–6) in force where each chapter starts: part of its memo key. */
  startCounters: Map<string, number[]>;
}

/**
 * Counts headings through the book: a heading of level L advances counter L (or sets it to its
 * `startAt`) and restarts the levels below it; hidden headings are numbered too (§8.2 `hidden`).
 * A level with an empty `numberingTemplate` prints no number.
 */
export function numberHeadings(chapters: readonly ParsedChapter[], settings: LayoutSettings): HeadingNumbers {
  // A book that continues a longer one starts from the headings already counted (bundle-format §9).
  const counters = startingHeadingCounters(settings);
  const byChapter = new Map<string, Map<string, string>>();
  const countersByChapter = new Map<string, Map<string, number>>();
  const startCounters = new Map<string, number[]>();
  for (const chapter of chapters) {
    startCounters.set(chapter.chapterId, counters.slice());
    const numbers = new Map<string, string>();
    const own = new Map<string, number>();
    for (const block of structuralBlocks(chapter)) {
      if (block.kind !== 'heading') continue;
      // An unnumbered heading (attribute, or a heading style with numbered: false) does not advance the count.
      if (block.attrs['numbered'] === 'false' || settings.headingStyles[block.attrs['style'] ?? '']?.numbered === false) continue;
      const level = block.level - 1;
      const startAt = Number(block.attrs['startAt']);
      counters[level] = Number.isInteger(startAt) && startAt >= 0 ? startAt : counters[level]! + 1;
      for (let deeper = level + 1; deeper < 6; deeper++) counters[deeper] = 0;
      own.set(block.id, counters[level]!);
      // A heading style's numberingTemplate over the level's (§13.6; the counter stays the level's).
      const template = headingNumbering(block, settings).template;
      if (template) numbers.set(block.id, applyNumberingTemplate(template, counters, settings.numerals, numberLocaleOf(settings)));
    }
    byChapter.set(chapter.chapterId, numbers);
    countersByChapter.set(chapter.chapterId, own);
  }
  return { byChapter, countersByChapter, startCounters };
}

/**
 * Fills a numbering template (§8.3): `{1}`…`{6}` with an optional format after a colon (`{1:I}`,
 * `{2:a}`, `{1:01}` zero-padded, any §3 word); `\{` and `\}` print braces. A counter still at
 * zero (e.g. `{1}` before any chapter) prints nothing and takes the literal before it along.
 * `locale` (the book's) says what `{1:一}` prints (§3, `localeNumberFormat`).
 */
export function applyNumberingTemplate(template: string, counters: readonly number[], numerals: Numerals = 'latn', locale?: string): string {
  type Part = { literal: string } | { level: number; format: string };
  const parts: Part[] = [];
  let literal = '';
  for (let i = 0; i < template.length; i++) {
    const ch = template[i]!;
    if (ch === '\\' && i + 1 < template.length) {
      literal += template[++i]!;
      continue;
    }
    const token = ch === '{' ? /^\{([1-6])(?::([^}]*))?\}/.exec(template.slice(i)) : null;
    if (!token) {
      literal += ch;
      continue;
    }
    if (literal) parts.push({ literal });
    literal = '';
    parts.push({ level: Number(token[1]) - 1, format: localeNumberFormat(token[2] ?? 'decimal', locale) });
    i += token[0].length - 1;
  }
  if (literal) parts.push({ literal });
  let out = '';
  parts.forEach((part, i) => {
    if ('literal' in part) {
      const next = parts[i + 1];
      // An empty counter takes its separator along: the literal after it, or (at the end) the one
      // before it; a literal at the very start stays.
      const previous = parts[i - 1];
      if (previous && !('literal' in previous) && counters[previous.level] === 0) return;
      if (i > 0 && next && !('literal' in next) && counters[next.level] === 0 && i + 2 >= parts.length) return;
      out += part.literal;
      return;
    }
    const n = counters[part.level] ?? 0;
    if (n === 0) return;
    out += /^0+\d*$/.test(part.format) && part.format.length > 1 ? localiseDigits(String(n).padStart(part.format.length, '0'), numerals) : formatNumber(n, part.format, numerals);
  });
  return out;
}

/** The heading's title with its number, as set in the flow and running heads (numberSeparator, numberPosition). */
export function numberedTitle(number: string | undefined, title: string, level: Pick<LayoutSettings['headings']['levels'][number], 'numbering'>): string {
  if (!number) return title;
  return level.numbering.position === 'replace' ? number : `${number}${level.numbering.separator}${title}`;
}

/** Page numbering in force: the label of page index i is `format(i + offset)`. */
export interface NumberingState {
  format: string;
  offset: number;
}

export function initialNumbering(settings: LayoutSettings): NumberingState {
  // A continuation's format (page/continuation.ts) is applied after the settings' own were resolved.
  return { format: localeNumberFormat(settings.pageNumbering.format, numberLocaleOf(settings)), offset: settings.pageNumbering.startAt };
}

/** A `:::numbering` change recorded on the page where it takes effect. */
export interface NumberingChange {
  format?: string;
  startAt?: number;
}

/**
 * Labels for a chapter's pages (0-based book indices from `firstPage`), applying the changes
 * recorded on them, and the numbering in force after the chapter.
 */
export function labelPages(firstPage: number, changes: readonly (NumberingChange | undefined)[], start: NumberingState, numerals: Numerals = 'latn'): { labels: string[]; end: NumberingState } {
  let state = start;
  const labels = changes.map((change, i) => {
    const index = firstPage + i;
    if (change) {
      state = {
        format: change.format ?? state.format,
        offset: change.startAt !== undefined ? change.startAt - index : state.offset,
      };
    }
    return formatNumber(index + state.offset, state.format, numerals);
  });
  return { labels, end: state };
}

/** What a heading target of a cross-reference knows (document-format §13). */
export interface HeadingTarget {
  title: string;
  level: number;
  number?: string;
}

/**
 * The text of a reference to a heading: `style=title` its title; `style=number` its number;
 * `style=page` the `crossRefs.page` words with its page label; default (`crossRefs.defaultStyle`)
 * the `crossRefs.chapter`/`section` words with the number, or the title when it has no number.
 * A number that already contains letters (a template like 'Chapter {1}') prints as is.
 */
export function headingRefText(target: HeadingTarget, attrs: Record<string, string>, settings: LayoutSettings, pageLabel: string | undefined): string {
  if (attrs['text']) return attrs['text']; // text="…" replaces the computed label (§12.2)
  const style = attrs['style'] ?? settings.crossRefs.defaultStyle;
  const bare = target.number?.replace(/[\s.:·–—-]+$/u, '');
  const fill = (template: string, value: string): string => (template.includes('{n}') ? template.split('{n}').join(value) : `${template}\u00a0${value}`);
  let text: string;
  if (style === 'title') text = target.title;
  else if (style === 'page') text = fill(settings.crossRefs.page, pageLabel ?? '?');
  else if (style === 'pageNumber') text = pageLabel ?? '?';
  else if (!bare) text = target.title;
  else if (style === 'number' || /\p{L}/u.test(bare.replace(/[ivxlcdm]+/giu, ''))) text = bare;
  else text = fill(target.level === 1 ? settings.crossRefs.chapter : settings.crossRefs.section, bare);
  return attrs['case'] === 'capitalize' ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
