/**
 * Margin line numbers (configuration.md §11.2 `lineNumbers`, off by default) and a paragraph
 * style's opt in or out (§13.1 `paragraphStyles[id=X].lineNumbers`), read apart from
 * settings-from-config.ts. Applied by page/line-numbers.ts after pagination: the numbers are
 * painted in the margins and never move a line (§18 "keys that never move a line").
 * Not in vertical text (`layout.writingMode: 'vertical-rl'`): the configuration warns
 * (`lineNumbersUnsupported`, config/warnings.ts) and the settings leave them out.
 * Lengths in pt.
 */
import { declareAppliedSettings } from '../config';
import { localeNumberFormat } from './page/number-format';
import type { ConfigReaders } from './settings-structure';
import type { TextStyle } from './settings';

const FIELDS = ['enabled', 'count', 'interval', 'numberFirst', 'restart', 'startAt', 'position', 'multiColumn', 'gap', 'align', 'fontFamily', 'fontWeight', 'color', 'fontSize', 'italic', 'format'];
declareAppliedSettings([...FIELDS.map((f) => `lineNumbers.${f}`), 'paragraphStyles[id=*].lineNumbers']);

export type LineNumberRestart = 'document' | 'chapter' | 'section' | 'page' | 'poem';
export type LineNumberPosition = 'outer' | 'inner' | 'left' | 'right' | 'start' | 'end' | 'side';

export interface LineNumberSettings {
  /** `verse`: the lines of `:::verse` poems only; `all`: every line of running text. */
  count: 'verse' | 'all';
  /** Only numbers that are multiples of it are printed (≥ 1). */
  interval: number;
  /** The first counted line after each restart is printed too. */
  numberFirst: boolean;
  restart: LineNumberRestart;
  /** The number of the first counted line after each restart. */
  startAt: number;
  position: LineNumberPosition;
  multiColumn: 'each' | 'gutter' | 'outer-edges';
  /** Between the number and its column's edge, pt (1 em of the number's own size by default). */
  gap: number;
  align: 'auto' | 'left' | 'right';
  /** The numbers' type: the body's face, weight and colour at 0.8 of its size, upright, unless set. */
  style: TextStyle;
  /** A §3 number-format word (resolved for the book's language). */
  format: string;
  /** `paragraphStyles[id=X].lineNumbers` where a style sets it: true counts its paragraphs whatever `count` says, false never. */
  paragraphStyles: Record<string, boolean>;
}

const oneOf = <T extends string>(value: string, values: readonly T[], fallback: T): T => ((values as readonly string[]).includes(value) ? (value as T) : fallback);

/**
 * The §11.2 settings; undefined when line numbers are off (the default) or the text is vertical.
 * `body` is the body text's style; `locale` the language number formats follow.
 */
export function lineNumberSettings(r: ConfigReaders, body: TextStyle, vertical: boolean, locale: string): LineNumberSettings | undefined {
  if (!r.bool('lineNumbers.enabled', false) || vertical) return undefined;
  const count = oneOf(r.str('lineNumbers.count', 'verse'), ['verse', 'all'] as const, 'verse');
  // §11.2: the count restarts with each poem when counting verse, on each page when counting every line.
  const restart = oneOf(r.str('lineNumbers.restart', count === 'all' ? 'page' : 'poem'), ['document', 'chapter', 'section', 'page', 'poem'] as const, count === 'all' ? 'page' : 'poem');
  // fontSize: 0.8 em of the body size (§0.6, §18 "body (size × 0.8)").
  const size = Math.max(1, r.pt('lineNumbers.fontSize', 0.8 * body.size, body.size));
  const weight = r.num('lineNumbers.fontWeight', body.weight);
  const style: TextStyle = {
    family: r.str('lineNumbers.fontFamily', body.family) || body.family,
    weight: weight >= 100 && weight <= 900 ? weight : body.weight,
    italic: r.bool('lineNumbers.italic', false),
    size,
    colour: r.colour('lineNumbers.color', body.colour),
  };
  const paragraphStyles: Record<string, boolean> = {};
  const list = r.at('paragraphStyles');
  for (const item of Array.isArray(list) ? list : []) {
    const id = item && typeof item === 'object' && 'id' in item ? (item as { id: unknown }).id : undefined;
    if (typeof id !== 'string') continue;
    const own = r.at(`paragraphStyles[id=${id}].lineNumbers`);
    if (typeof own === 'boolean') paragraphStyles[id] = own;
  }
  return {
    count,
    interval: Math.max(1, Math.round(r.num('lineNumbers.interval', 5))),
    numberFirst: r.bool('lineNumbers.numberFirst', false),
    restart,
    startAt: Math.round(r.num('lineNumbers.startAt', 1)),
    position: oneOf(r.str('lineNumbers.position', 'outer'), ['outer', 'inner', 'left', 'right', 'start', 'end', 'side'] as const, 'outer'),
    multiColumn: oneOf(r.str('lineNumbers.multiColumn', 'outer-edges'), ['each', 'gutter', 'outer-edges'] as const, 'outer-edges'),
    // gap: in the number's own ems (§0.6).
    gap: Math.max(0, r.pt('lineNumbers.gap', size, size)),
    align: oneOf(r.str('lineNumbers.align', 'auto'), ['auto', 'left', 'right'] as const, 'auto'),
    style,
    format: localeNumberFormat(r.str('lineNumbers.format', 'decimal'), locale),
    paragraphStyles,
  };
}
