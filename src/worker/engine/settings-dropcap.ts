/**
 * Drop caps of body paragraphs (configuration.md §6.7 `ParagraphDropCap`), read for the heading
 * levels (§8.2: the first body paragraph after the heading), the heading styles (§13.6: over the
 * level's; `false` removes it) and the paragraph styles (§13.1: the first paragraph of each
 * `:::paragraphs{style}` group, every one with `each`). Applied by page/drop-cap.ts and
 * page/paginate.ts. Lengths are kept as pt + em so they resolve at the paragraph's own size.
 */
import { declareAppliedSettings } from '../config';
import type { ConfigReaders } from './settings-structure';

/** The §6.7 fields the engine applies (page/drop-cap.ts). */
export const DROP_CAP_FIELDS = ['lines', 'sink', 'characters', 'fontFamily', 'fontWeight', 'italic', 'fontSize', 'color', 'gap', 'punctuation', 'leadIn', 'leadIn.words', 'leadIn.smallCaps', 'leadIn.uppercase', 'shortParagraph'] as const;

declareAppliedSettings([
  // A bare `dropCap` (`false`, or an object set whole) and each field we apply.
  ...['headings.levels[level=*]', 'headingStyles[id=*]', 'paragraphStyles[id=*]'].flatMap((owner) => [`${owner}.dropCap`, ...DROP_CAP_FIELDS.map((f) => `${owner}.dropCap.${f}`)]),
  'paragraphStyles[id=*].dropCap.each',
]);

/** A length in the paragraph's em: `pt` + `em` × its size (pt). */
export interface EmLength {
  pt: number;
  em: number;
}

/** One resolved `ParagraphDropCap` (§6.7). */
export interface DropCap {
  /** Lines beside the initial (≥ 1): they are narrower by its width and the gap. */
  lines: number;
  /** The line (1-based, 1 … `lines`) on whose baseline the initial sits. */
  sink: number;
  /** Grapheme clusters the initial takes from the paragraph (≥ 1). */
  characters: number;
  /** Absent: the paragraph's face and weight. */
  family?: string;
  weight?: number;
  italic: boolean;
  /** Absent: computed so its cap top is level with the first line's (§6.7). */
  size?: EmLength;
  /** Absent: the paragraph's colour. */
  colour?: string;
  gap: EmLength;
  /** Opening punctuation before the initial: set with it, hung before it, or in the text's size before it. */
  punctuation: 'with-cap' | 'hang' | 'text';
  /** A paragraph of fewer lines than `lines`: keep the room, shrink the initial to its lines, or no initial. */
  shortParagraph: 'reserve' | 'shrink' | 'skip';
  /** Paragraph styles: every paragraph of the group, not only its first. */
  each: boolean;
  /** The words after the initial set apart (§6.7 `leadIn`); absent: none. */
  leadIn?: LeadIn;
}

/**
 * A lead-in (§6.7): the first `words` words after the initial's clusters (the rest of the
 * initial's word counts as the first), or those on the paragraph's first line (`'line'`), in small
 * capitals (lower case as capitals at 70 %), in capitals, or with both in capitals all at the small
 * capitals' size.
 */
export interface LeadIn {
  words: number | 'line';
  smallCaps: boolean;
  uppercase: boolean;
}

/** `leadIn` as stored: `{words: n | 'line', smallCaps, uppercase}`; undefined when unset or it changes nothing. */
function leadInOf(v: unknown): LeadIn | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const d = record(v);
  const w = d['words'];
  // Absent: the whole first line, the classic book opening.
  const words = typeof w === 'number' && Number.isFinite(w) ? Math.max(1, Math.min(100, Math.round(w))) : 'line';
  // Neither look given: small capitals (a lead-in set no differently would not be one).
  const given = typeof d['smallCaps'] === 'boolean' || typeof d['uppercase'] === 'boolean';
  const smallCaps = given ? d['smallCaps'] === true : true;
  const uppercase = d['uppercase'] === true;
  return smallCaps || uppercase ? { words, smallCaps, uppercase } : undefined;
}

/** The drop caps set in the configuration; absent when none is (nothing changes). */
export interface DropCaps {
  /** By heading level − 1: the level's drop cap, if any. */
  levels: (DropCap | undefined)[];
  /** A heading style's own: an object over the level's, `false` to remove it. */
  headingStyles: Record<string, DropCap | false>;
  paragraphStyles: Record<string, DropCap>;
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const ids = (list: unknown): string[] => (Array.isArray(list) ? list.flatMap((item) => (typeof record(item)['id'] === 'string' ? [record(item)['id'] as string] : [])) : []);

/** The `dropCap` at `path` (the effective value: fields defaulted), `false`, or undefined when unset. */
export function dropCapAt(r: ConfigReaders, path: string): DropCap | false | undefined {
  const v = r.at(path);
  if (v === false) return false;
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const d = record(v);
  const whole = (x: unknown, fallback: number): number => (typeof x === 'number' && Number.isFinite(x) ? Math.max(1, Math.min(20, Math.round(x))) : fallback);
  const lines = whole(d['lines'], 3);
  // The sink defaults to the lines spanned; an initial sinks no lower than its last line.
  const sink = Math.min(lines, whole(d['sink'], lines));
  // Lengths in the paragraph's em: pt at em 0 and at em 1 (lengthAtPt is linear in the em).
  const emLength = (field: string): EmLength | undefined => {
    if (d[field] === undefined || d[field] === null) return undefined;
    const [zero, one] = [r.pt(`${path}.${field}`, Number.NaN, 0), r.pt(`${path}.${field}`, Number.NaN, 1)];
    return Number.isFinite(zero) && Number.isFinite(one) ? { pt: zero, em: one - zero } : undefined;
  };
  const size = emLength('fontSize');
  const colour = r.colour(`${path}.color`, '');
  const punctuation = d['punctuation'] === 'hang' || d['punctuation'] === 'text' ? d['punctuation'] : 'with-cap';
  const shortParagraph = d['shortParagraph'] === 'shrink' || d['shortParagraph'] === 'skip' ? d['shortParagraph'] : 'reserve';
  const leadIn = leadInOf(d['leadIn']);
  return {
    lines,
    sink,
    characters: whole(d['characters'], 1),
    ...(typeof d['fontFamily'] === 'string' && d['fontFamily'] ? { family: d['fontFamily'] } : {}),
    ...(typeof d['fontWeight'] === 'number' && d['fontWeight'] >= 1 && d['fontWeight'] <= 1000 ? { weight: d['fontWeight'] } : {}),
    italic: d['italic'] === true,
    ...(size && size.pt + size.em > 0 ? { size } : {}),
    ...(colour ? { colour } : {}),
    // 0.15 em of the paragraph by default (§6.7).
    gap: emLength('gap') ?? { pt: 0, em: 0.15 },
    punctuation,
    shortParagraph,
    each: d['each'] === true,
    ...(leadIn ? { leadIn } : {}),
  };
}

/** Every drop cap of the configuration (§6.7); undefined when none is set. */
export function dropCapSettings(r: ConfigReaders): { dropCaps?: DropCaps } {
  const levels = [1, 2, 3, 4, 5, 6].map((level) => dropCapAt(r, `headings.levels[level=${level}].dropCap`) || undefined);
  const headingStyles: Record<string, DropCap | false> = {};
  for (const id of ids(r.at('headingStyles'))) {
    const cap = dropCapAt(r, `headingStyles[id=${id}].dropCap`);
    if (cap !== undefined) headingStyles[id] = cap;
  }
  const paragraphStyles: Record<string, DropCap> = {};
  for (const id of ids(r.at('paragraphStyles'))) {
    const cap = dropCapAt(r, `paragraphStyles[id=${id}].dropCap`);
    if (cap) paragraphStyles[id] = cap;
  }
  const any = levels.some((l) => l !== undefined) || Object.keys(headingStyles).length > 0 || Object.keys(paragraphStyles).length > 0;
  return any ? { dropCaps: { levels, headingStyles, paragraphStyles } } : {};
}
