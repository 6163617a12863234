/**
 * `cjk.kunten` (configuration.md §14.1; document-format §18.4): how kanbun reading marks (訓点:
 * return marks 返り点, okurigana 送り仮名, the joining mark 竪点) are set. Kept apart from
 * settings-from-config.ts; read by paragraph/kunten*.ts and checks/kunten.ts.
 *
 * The stored value is one JSON object `{fontSize, color, placement}`; every field is optional.
 */
import { declareAppliedSettings } from '../config';
import type { ConfigReaders } from './settings-structure';
import { annotationSize, storedObject } from './settings-annotation';

declareAppliedSettings([
  // paragraph/kunten.ts (collect), kunten-measure.ts (face, size, colour, inline advance),
  // kunten-lines.ts (marks drawn as glyph runs, the 竪点 as a hairline), checks/kunten.ts.
  'cjk.kunten',
  // Its fields as a config stores them (settingsNotApplied walks the stored object leaf by leaf).
  'cjk.kunten.*',
]);

/**
 * `inline`: the marks stand in the line after their character and take its advance (the wider of
 * the two); `interlinear`: they hang into the leading after it, as ruby does, and take none.
 */
export type KuntenPlacement = 'inline' | 'interlinear';

/** `cjk.kunten` resolved. */
export interface KuntenSettings {
  /** Mark size in em of the base text (0.5 by default); unused when `sizePt` is set. */
  sizeEm: number;
  /** A fixed mark size, pt (fontSize given in an absolute unit). */
  sizePt?: number;
  /** #rrggbb; absent = the base text's colour. */
  colour?: string;
  placement: KuntenPlacement;
}

/** The §14.1 defaults: half size, the text's colour, inline. */
export function defaultKuntenSettings(): KuntenSettings {
  return { sizeEm: 0.5, placement: 'inline' };
}

/** The kunten settings of a book with `cjk.kunten` as stored (absent fields at their defaults). */
export function kuntenSettings(r: ConfigReaders): KuntenSettings {
  const stored = storedObject(r, 'cjk.kunten');
  const out = defaultKuntenSettings();
  Object.assign(out, annotationSize(r, 'cjk.kunten', stored));
  // A colour of its own, else cjk.annotationColor when it is not merely bodyText.color (its default):
  // then absent, so the marks take their character's colour (as ruby readings do, settings-ruby.ts).
  const annotation = r.colour('cjk.annotationColor', '');
  const colour = stored['color'] !== undefined ? r.colour('cjk.kunten.color', '') : annotation !== r.colour('bodyText.color', '') ? annotation : '';
  if (colour) out.colour = colour;
  if (stored['placement'] === 'interlinear') out.placement = 'interlinear';
  return out;
}
