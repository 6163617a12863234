/**
 * Kanbun marks, phase 1b (between collect and items, after ruby-measure.ts): each `:kunten` box's
 * return mark and okurigana are shaped in the base's face (falling back character by character as
 * text does) at `cjk.kunten.fontSize` (0.5 em of the base by default), in `cjk.kunten.color` (else
 * `cjk.annotationColor` when set apart from the text colour, else the base's).
 *
 * Under `placement: inline` (the default) the two marks stand one over the other in a column after
 * the base, as wide as the wider of them: that width is added to the box's closing padding
 * (`RunBoxLook.after`, set as advance by items.ts), so the line's advance grows by it. Under
 * `interlinear` they hang into the leading and take no advance (kunten-lines.ts).
 *
 * In vertical text the okurigana stands beside the base's lower half at the right of the column
 * and the return mark below the base at its left (kunten-lines.ts): under `inline` the advance is
 * the room the column needs after the base — the return mark's length, or what the okurigana runs
 * past the base's foot (its length less half an em of the base), the larger.
 */
import type { FontRegistry } from '../fonts/registry';
import type { LayoutSettings } from '../settings';
import { defaultKuntenSettings, type KuntenSettings } from '../settings-kunten';
import type { StyledText } from './collect';
import type { KuntenMark } from './kunten';
import { shapeAnnotation } from './ruby-measure';

/** The kunten settings a paragraph is set with (absent: the §14.1 defaults). */
export function kuntenOf(settings: LayoutSettings): KuntenSettings {
  return settings.kunten ?? defaultKuntenSettings();
}

/** Shapes the marks of the kunten boxes in `texts` and gives inline marks their advance. No-op without kunten. */
export function measureKunten(texts: readonly StyledText[], fonts: FontRegistry, settings: LayoutSettings): void {
  const seen = new Set<KuntenMark>();
  const kunten = kuntenOf(settings);
  for (const text of texts) {
    const look = text.box;
    const mark = look?.kunten;
    if (!look || !mark || seen.has(mark)) continue;
    seen.add(mark);
    const base = mark.baseStyle;
    const size = kunten.sizePt ?? base.size * kunten.sizeEm;
    const colour = kunten.colour ?? base.colour;
    mark.size = size;
    mark.colour = colour;
    const face = fonts.match(base.family, base.weight, 'normal');
    if (mark.kaeri) mark.kaeriShaped = shapeAnnotation(mark.kaeri, face, fonts, size, colour, settings.language);
    if (mark.okuri) mark.okuriShaped = shapeAnnotation(mark.okuri, face, fonts, size, colour, settings.language);
    const widest = Math.max(mark.kaeriShaped?.width ?? 0, mark.okuriShaped?.width ?? 0);
    if (settings.vertical) mark.vertical = true;
    // pt along the column after the base (vertical text, see the file's comment).
    const below = Math.max(mark.kaeriShaped?.width ?? 0, (mark.okuriShaped?.width ?? 0) - base.size / 2, 0);
    mark.advance = mark.placement === 'inline' ? (mark.vertical ? below : widest) : 0;
    // After ruby-measure.ts has set the closing padding (a reading's room), the marks' column after it.
    look.after = (look.after ?? look.side) + mark.advance;
  }
}
