/**
 * `cjk.warichu` (configuration.md §14.1; document-format §18.4): how a `:warichu[note]` (割注,
 * 双行夹注) is set — its two rows' size and colour and the brackets around it. Kept apart from
 * settings-from-config.ts; read by paragraph/warichu*.ts.
 *
 * The stored value is one JSON object `{fontSize, color, open, close}`; every field is optional.
 * Brackets (§14.1 "（） in Japan"): a Japanese book (`cjk.region` japan, else its locale) puts the
 * note in full-width parentheses （ ）, other books in none; `open`/`close` set them (an empty
 * string: none), and a directive's own `{open close}` attributes win over both.
 */
import { cjkRegion } from '../config/locale';
import { declareAppliedSettings } from '../config';
import type { ConfigReaders } from './settings-structure';
import { annotationSize, storedObject } from './settings-annotation';

declareAppliedSettings([
  // paragraph/warichu.ts (units, breaks, brackets, colour), paragraph/warichu-lines.ts (the two rows).
  // The stored value is one JSON object: its fields (fontSize, color, open, close) are stored leaves
  // of their own, which the not-applied report walks (config/warnings.ts), so they are declared too.
  'cjk.warichu',
  'cjk.warichu.*',
]);

/** `cjk.warichu` with its defaults resolved. */
export interface WarichuSettings {
  /** Row size in em of the surrounding text (0.5 by default), unless `sizePt` is set. */
  sizeEm: number;
  /** A fixed row size, pt (fontSize given in an absolute unit). */
  sizePt?: number;
  /** #rrggbb of the note and its brackets; absent = the surrounding text's colour. */
  colour?: string;
  /** Brackets set at full size before the note's first row and after its last ('' = none). */
  open: string;
  close: string;
}

/** The warichu settings of a book in `locale` (its resolved `region`) with `cjk.warichu` as stored. */
export function warichuSettings(r: ConfigReaders, locale: string, region?: string): WarichuSettings {
  const stored = storedObject(r, 'cjk.warichu');
  const out = defaultWarichuSettings(locale, region);
  Object.assign(out, annotationSize(r, 'cjk.warichu', stored));
  if (stored['color'] !== undefined) {
    const colour = r.colour('cjk.warichu.color', '');
    if (colour) out.colour = colour;
  }
  if (typeof stored['open'] === 'string') out.open = stored['open'];
  if (typeof stored['close'] === 'string') out.close = stored['close'];
  return out;
}

/** The defaults of §14.1 for `locale`: （ ） in Japanese books, no brackets elsewhere. */
export function defaultWarichuSettings(locale: string, region?: string): WarichuSettings {
  const japan = (region && region !== 'auto' ? region : cjkRegion(locale)) === 'japan';
  return { sizeEm: 0.5, open: japan ? '（' : '', close: japan ? '）' : '' };
}
