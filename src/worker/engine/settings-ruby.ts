/**
 * `cjk.ruby` (configuration.md §14.1; document-format §18.4): how ruby readings (振り仮名, 注音,
 * pinyin) are set. Kept apart from settings-from-config.ts; read by paragraph/ruby*.ts.
 *
 * The stored value is one JSON object `{fontFamily, fontSize, color, position, overhang, align,
 * smallKana}`; every field is optional. Its `auto` values are resolved here from the book's locale:
 * Japanese books let a long reading overhang neighbouring kana and punctuation and spread a group
 * base 1:2:1 (JIS X 4051), Chinese books centre and never overhang (pinyin is spaced out with its
 * characters in Chinese primers).
 */
import { cjkRegion } from '../config/locale';
import { declareAppliedSettings } from '../config';
import type { ConfigReaders } from './settings-structure';
import { annotationSize, storedObject } from './settings-annotation';

declareAppliedSettings([
  // paragraph/ruby-collect.ts (units, mode, align, position), paragraph/ruby-measure.ts (face, size,
  // colour, overhang, spreading, small kana), paragraph/ruby-lines.ts (readings drawn as glyph runs).
  // The stored object is walked field by field (config/warnings.ts storedLeaves): each field too.
  'cjk.ruby',
  'cjk.ruby.*',
  // The readings' colour when cjk.ruby.color is unset (the catalogue: "Colour of ruby and annotations").
  'cjk.annotationColor',
]);

export type RubyPosition = 'over' | 'under' | 'right';
export type RubyAlign = 'center' | 'jis' | 'start';
/** Where a reading longer than its base may reach over the characters beside it. */
export type RubyOverhang = 'none' | 'kana' | 'any';

/** `cjk.ruby` with its `auto` values resolved. */
export interface RubySettings {
  /** The readings' face; absent = the base text's. */
  family?: string;
  /** Reading size in em of the base text (0.5 by default), or, with `sizePt`, unused. */
  sizeEm: number;
  /** A fixed reading size, pt (fontSize given in an absolute unit). */
  sizePt?: number;
  /** #rrggbb; absent = the base text's colour. */
  colour?: string;
  /** `auto` stays auto: zhuyin readings go to the right, others over (paragraph/ruby-collect.ts). */
  position: RubyPosition | 'auto';
  overhang: RubyOverhang;
  /** `auto` stays auto: jis in Japanese books, center elsewhere; a `:ruby{align}` wins. */
  align: RubyAlign;
  /** `full`: small kana in readings are set full size (ぁ → あ, ッ → ツ). */
  fullKana: boolean;
}

const POSITIONS: readonly string[] = ['auto', 'over', 'under', 'right'];
const ALIGNS: readonly string[] = ['center', 'jis', 'start'];
const OVERHANGS: readonly string[] = ['none', 'kana', 'any'];

/** The ruby settings of a book in `locale` with `cjk.ruby` as stored (absent fields at their defaults). */
export function rubySettings(r: ConfigReaders, locale: string): RubySettings {
  const stored = storedObject(r, 'cjk.ruby');
  const out = defaultRubySettings(locale);
  if (typeof stored['fontFamily'] === 'string' && stored['fontFamily']) out.family = stored['fontFamily'];
  Object.assign(out, annotationSize(r, 'cjk.ruby', stored));
  // A colour of its own, else cjk.annotationColor — unless that merely follows bodyText.color (its
  // default): then absent, so a reading takes its own base's colour (a heading's, a link's).
  const annotation = r.colour('cjk.annotationColor', '');
  const colour = stored['color'] !== undefined ? r.colour('cjk.ruby.color', '') : annotation !== r.colour('bodyText.color', '') ? annotation : '';
  if (colour) out.colour = colour;
  const position = stored['position'];
  if (typeof position === 'string' && POSITIONS.includes(position)) out.position = position as RubySettings['position'];
  const overhang = stored['overhang'];
  if (typeof overhang === 'string' && OVERHANGS.includes(overhang)) out.overhang = overhang as RubyOverhang;
  const align = stored['align'];
  if (typeof align === 'string' && ALIGNS.includes(align)) out.align = align as RubyAlign;
  if (stored['smallKana'] === 'full') out.fullKana = true;
  return out;
}

/** The defaults of §14.1 with `auto` resolved for `locale`. */
export function defaultRubySettings(locale: string): RubySettings {
  const japan = cjkRegion(locale) === 'japan';
  return { sizeEm: 0.5, position: 'auto', overhang: japan ? 'kana' : 'none', align: japan ? 'jis' : 'center', fullKana: false };
}
