/**
 * A box behind a run of text: a chip (configuration.md §13.2, document-format §10.5) or inline
 * code under `codeStyle.inline` (§13.3). This file gives the run its type and its box, in pt, at
 * the size the run is set in: paragraph/collect.ts marks the run's styled text with the box,
 * paragraph/items.ts sets the box's horizontal padding (and outline) as advance on either side of
 * the run, never broken, paragraph/lines.ts records where the box stands on its line
 * (`SetLine.boxes`), page/run-boxes.ts draws it behind the glyphs.
 */
import type { ChipStyleSetting, InlineCodeSetting, ScaledLength } from '../settings-chips';
import { BUILT_IN_CHIP } from '../settings-chips';
import type { LayoutSettings, TextStyle } from '../settings';
import type { RubyMark } from './ruby';
import type { KuntenMark } from './kunten';

/** The box of one chip or one inline code span, pt. Each occurrence has its own object (items and lines tell boxes apart by identity). */
export interface RunBoxLook {
  /** Fill colour, or null for none. */
  fill: string | null;
  /** Outline, stroked inside the box; null for none. */
  border: { colour: string; width: number } | null;
  /** Corner radius (clamped to half the box's height when drawn). */
  radius: number;
  /** Advance added before and after the run's text: the horizontal padding and the outline. */
  side: number;
  /** The box's top above the baseline and its bottom below it. */
  above: number;
  below: number;
  /** Least clearance to the text beside the box across a space (§13.2 `gap`); 0 = the space as it is. */
  gap: number;
  /** Advance after the run when it differs from `side` (a ruby base given room for its reading: paragraph/ruby-measure.ts). */
  after?: number;
  /** A ruby base character's box (paragraph/ruby.ts): no fill, no outline; its group's reading is drawn over it. */
  ruby?: RubyMark;
  /** A kanbun character's box (paragraph/kunten.ts): its return mark, okurigana and 竪点, drawn after it. */
  kunten?: KuntenMark;
}

/**
 * The text band of a box (§13.2 "Text band = 0.8 em above + 0.25 em below the baseline"), em of the
 * run: the padding and the outline stand outside it. Never changes the leading (§10.5: it paints
 * outside the line box when it must).
 */
export const BAND_ABOVE_EM = 0.8;
export const BAND_BELOW_EM = 0.25;

const at = (length: ScaledLength, size: number): number => Math.max(0, length.pt + length.em * size);

/**
 * The chip style a `:chip[…]{style}` names (§10.5): the listed one, else the first (the built-in
 * `chip` when the list is the built-in one); checks/styles.ts warns `unknownChipStyle`.
 */
export function chipStyleFor(settings: LayoutSettings, id: string | undefined): ChipStyleSetting {
  const list = settings.chips ?? [BUILT_IN_CHIP];
  return (id !== undefined ? list.find((c) => c.id === id) : undefined) ?? list[0] ?? BUILT_IN_CHIP;
}

/**
 * A chip's type and box over the surrounding text's `around` (§13.2: face, size and colour of the
 * surrounding text unless the style sets them; bold and italic only switch on). `boldWeight`: the
 * weight bold takes in this text.
 */
export function chipRun(chip: ChipStyleSetting, around: TextStyle, boldWeight: number): { style: TextStyle; box: RunBoxLook } {
  const size = chip.size ? at(chip.size, around.size) || around.size : around.size;
  const style: TextStyle = {
    ...around,
    ...(chip.family ? { family: chip.family } : {}),
    size,
    ...(chip.colour ? { colour: chip.colour } : {}),
    ...(chip.bold ? { weight: Math.max(around.weight, boldWeight) } : {}),
    ...(chip.italic ? { italic: true } : {}),
  };
  // The emphasis overline belongs to the text around, not to the chip.
  delete style.overline;
  const border = at(chip.borderWidth, size);
  const box: RunBoxLook = {
    fill: chip.fill,
    border: border > 0 ? { colour: chip.borderColour, width: border } : null,
    radius: at(chip.borderRadius, size),
    side: at(chip.paddingX, size) + border,
    above: BAND_ABOVE_EM * size + at(chip.paddingTop, size) + border,
    below: BAND_BELOW_EM * size + at(chip.paddingBottom, size) + border,
    gap: at(chip.gap, size),
  };
  // Its pieces carry the box too (the chip's emphasised runs inherit it with the style).
  style.box = box;
  return { style, box };
}

/** Inline code under `codeStyle.inline` (§13.3): the code face at 0.9 em of the surrounding text by default, in a filled, outlined box. */
export function inlineCodeRun(code: InlineCodeSetting, around: TextStyle): { style: TextStyle; box: RunBoxLook } {
  // (Unlike a chip it may break at its spaces: each line's part gets a box of its own, cut flush
  // with the glyphs where the line breaks, padded where the code begins and ends; lines.ts.)
  const size = at(code.size, around.size) || around.size;
  const style: TextStyle = { ...around, family: code.family, weight: 400, italic: false, size, ...(code.colour ? { colour: code.colour } : {}) };
  delete style.overline;
  const border = at(code.borderWidth, size);
  const padding = at(code.padding, size);
  const box: RunBoxLook = {
    fill: code.fill,
    border: border > 0 ? { colour: code.borderColour, width: border } : null,
    radius: at(code.borderRadius, size),
    side: padding + border,
    above: BAND_ABOVE_EM * size + padding + border,
    below: BAND_BELOW_EM * size + padding + border,
    gap: 0,
  };
  style.box = box;
  return { style, box };
}
