/**
 * Resource numbering (document-format.md §12.4) and the texts numbers appear in: `:ref` labels
 * (§12.2) and caption labels (§12.5). Numbers follow the first mention in reading order (`:ref`
 * or `::resource` in body blocks; mentions inside footnotes do not count), per resource type,
 * with the type's template (`{h1}.{n}`…), counter format and reset level.
 */
import type { ParsedChapter } from '../parse/model';
import type { ResourceType } from './settings';
import { localiseDigits, type Numerals } from '../page/number-format';

export interface ResourceNumber {
  resourceId: string;
  typeId: string;
  /** The printed number, e.g. "2.3"; empty when the type's template is empty. */
  number: string;
  /** Chapter and block of the first mention. */
  chapterId: string;
  blockId: string;
}

/**
 * What numbering reads of a chapter, in reading order: each heading's level, and each body block's
 * mentions (`:ref` targets and `::resource` embeds, by source position; not inside footnotes,
 * which are not reading order, §12.4). Kept per parse (a chapter not edited keeps its parse), so
 * numbering a book after an edit walks the edited chapter's blocks only, not every block of the book.
 */
type NumberingEvent = { heading: number } | { blockId: string; ids: readonly string[] };

const chapterEvents = new WeakMap<ParsedChapter, readonly NumberingEvent[]>();

function eventsOf(chapter: ParsedChapter): readonly NumberingEvent[] {
  let events = chapterEvents.get(chapter);
  if (events !== undefined) return events;
  const mentionsByBlock = new Map<string, { id: string; from: number }[]>();
  const add = (blockId: string, id: string, from: number): void => {
    const list = mentionsByBlock.get(blockId) ?? [];
    list.push({ id, from });
    mentionsByBlock.set(blockId, list);
  };
  for (const ref of chapter.collected.refs) add(ref.blockId, ref.target, ref.range.from);
  for (const embed of chapter.collected.resourceEmbeds) add(embed.blockId, embed.resourceId, embed.range.from);
  const list: NumberingEvent[] = [];
  for (const block of chapter.blocks) {
    if (block.kind === 'heading') list.push({ heading: block.level });
    if (block.kind === 'footnoteDefinition') continue; // notes are not reading order (§12.4)
    const mentions = mentionsByBlock.get(block.id);
    if (mentions) list.push({ blockId: block.id, ids: [...mentions].sort((a, b) => a.from - b.from).map((m) => m.id) });
  }
  events = list;
  chapterEvents.set(chapter, events);
  return events;
}

/**
 * Everything book numbering reads of a chapter, as text: its id, its numbering events (headings'
 * levels and mentions by block, in reading order) and the anchor ids it defines (an anchor of a
 * resource's id takes its references, §13). Once per parse: an unchanged chapter gives the very
 * same string, so comparing a book's keys with the last build's costs the edited chapter only.
 */
const inputKeys = new WeakMap<ParsedChapter, string>();
export function numberingInputKey(chapter: ParsedChapter): string {
  let key = inputKeys.get(chapter);
  if (key === undefined) {
    key = JSON.stringify([chapter.chapterId, eventsOf(chapter), chapter.collected.anchors.map((a) => a.anchorId)]);
    inputKeys.set(chapter, key);
  }
  return key;
}

/** Numbers every mentioned resource of `known` (id → typeId), in first-mention order. */
/** Numbers print in the book's `numerals` (configuration.md §7). */
export function numberResources(chapters: readonly ParsedChapter[], known: ReadonlyMap<string, string>, types: readonly ResourceType[], anchors: ReadonlySet<string>, numerals: Numerals = 'latn', startHeadings: readonly number[] = []): Map<string, ResourceNumber> {
  const numbers = new Map<string, ResourceNumber>();
  const counters = new Map<string, number>();
  /** Heading numbers h1…h6 at the current point of reading (0 = that level has not started), from the book's start (bundle-format §9). */
  const headings = [0, 1, 2, 3, 4, 5].map((i) => startHeadings[i] ?? 0);
  for (const chapter of chapters) {
    for (const event of eventsOf(chapter)) {
      if ('heading' in event) {
        const level = event.heading;
        headings[level - 1]! += 1;
        for (let l = level; l < 6; l++) headings[l] = 0;
        for (const type of types) if (type.resetOn !== 'never' && level <= type.resetOn) counters.set(type.id, 0);
        continue;
      }
      for (const id of event.ids) {
        if (numbers.has(id) || anchors.has(id)) continue;
        const typeId = known.get(id);
        if (typeId === undefined) continue;
        const type = types.find((t) => t.id === typeId);
        const n = (counters.get(typeId) ?? 0) + 1;
        counters.set(typeId, n);
        numbers.set(id, { resourceId: id, typeId, number: localiseDigits(type ? formatNumber(type.numberingTemplate, n, type.counterFormat, headings) : String(n), numerals), chapterId: chapter.chapterId, blockId: event.blockId });
      }
    }
  }
  return numbers;
}

/**
 * Fills a numbering template: `{n}` in the counter format, `{h1}`…`{h6}` as decimal heading
 * numbers; a heading level that has not started drops out with the separator after it (or
 * before it, at the end), so `{h1}.{n}` reads `3` before any H1. Backslash escapes `{ } \`.
 */
export function formatNumber(template: string, n: number, counterFormat: string, headings: readonly number[]): string {
  type Part = { literal: string } | { token: string };
  const parts: Part[] = [];
  let literal = '';
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if (c === '\\' && i + 1 < template.length) {
      literal += template[++i];
      continue;
    }
    const token = c === '{' ? /^\{(n|h[1-6])\}/.exec(template.slice(i)) : null;
    if (token) {
      if (literal) parts.push({ literal });
      literal = '';
      parts.push({ token: token[1]! });
      i += token[0].length - 1;
      continue;
    }
    literal += c;
  }
  if (literal) parts.push({ literal });
  const values = parts.map((p) => ('token' in p ? (p.token === 'n' ? formatCounter(n, counterFormat) : headings[Number(p.token[1]) - 1]! > 0 ? String(headings[Number(p.token[1]) - 1]) : null) : p.literal));
  // Collapse missing heading levels with one neighbouring separator.
  for (let i = 0; i < values.length; i++) {
    if (values[i] !== null) continue;
    if (i + 1 < values.length && 'literal' in parts[i + 1]!) values[i + 1] = '';
    else if (i > 0 && 'literal' in parts[i - 1]!) values[i - 1] = '';
    values[i] = '';
  }
  return values.join('');
}

export function formatCounter(n: number, format: string): string {
  switch (format) {
    case 'roman-lower':
    case 'lower-roman':
      return roman(n).toLowerCase();
    case 'roman-upper':
    case 'upper-roman':
      return roman(n);
    case 'alpha-lower':
    case 'lower-alpha':
    case 'lower-latin':
      return alpha(n);
    case 'alpha-upper':
    case 'upper-alpha':
    case 'upper-latin':
      return alpha(n).toUpperCase();
    default:
      return String(n);
  }
}

function roman(n: number): string {
  if (n <= 0 || n >= 4000) return String(n);
  const table: [number, string][] = [[1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];
  let out = '';
  for (const [value, letters] of table) while (n >= value) {
    out += letters;
    n -= value;
  }
  return out;
}

function alpha(n: number): string {
  let out = '';
  while (n > 0) {
    n--;
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  }
  return out;
}

const NBSP = '\u00a0';

/**
 * What `:ref{id}` to a resource prints (§12.2): short label + NBSP + number by default;
 * `style="number"` the number; `style="full"` the type name + number; `case` recases the label
 * word only; a non-empty `text` replaces the label.
 */
export function resourceRefText(type: ResourceType | undefined, number: string, attrs: Readonly<Record<string, string>>): string {
  if (attrs['text']) return attrs['text'];
  if (attrs['style'] === 'number') return number;
  let label = attrs['style'] === 'full' ? (type?.name ?? '') : (type?.shortLabel ?? '');
  switch (attrs['case']) {
    case 'lower':
      label = label.toLowerCase();
      break;
    case 'upper':
      label = label.toUpperCase();
      break;
    case 'capitalize':
      label = label.charAt(0).toUpperCase() + label.slice(1);
      break;
  }
  if (!number) return label;
  return label ? `${label}${NBSP}${number}` : number;
}

/**
 * The caption's label (§12.5): prefix + gap + number + separator, e.g. "Figure 1.7. ". Trailing
 * spaces of the prefix are dropped; without a number, no extra full stop after a prefix that
 * already ends in punctuation.
 */
export function captionLabel(type: ResourceType | undefined, number: string | undefined, gap: string, separator: string): string {
  const prefix = (type?.captionPrefix ?? '').replace(/\s+$/, '');
  if (!prefix && !number) return '';
  if (!number) return /[.:!?…]$/.test(prefix) ? `${prefix} ` : `${prefix}${separator}`;
  return `${prefix ? prefix + gap : ''}${number}${separator}`;
}
