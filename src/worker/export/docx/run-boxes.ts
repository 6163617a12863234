/**
 * Chips (configuration.md §13.2) and boxed inline code (§13.3 `codeStyle.inline`) as Word run
 * properties: the fill as run shading, the outline as a run border (`w:bdr`) whose spacing stands
 * for the horizontal padding, the face, size, colour, bold and italic of the style. Lengths in the
 * surrounding text's em are read at the body size (Word has no em). Word cannot round a run's
 * border or pad it above and below: the radius and the vertical padding are left out.
 */
import { BorderStyle, ShadingType, type IRunStylePropertiesOptions } from 'docx';
import type { ChipStyleSetting, InlineCodeSetting, ScaledLength } from '../../engine/settings-chips';

const at = (length: ScaledLength, size: number): number => Math.max(0, length.pt + length.em * size);

/** `#rrggbb[aa]` → Word's `RRGGBB` (Word has no alpha: the colour is kept opaque). */
export function wordColour(colour: string): string {
  return colour.replace(/^#/, '').slice(0, 6).toUpperCase();
}

/** Word's border width is in eighths of a point, from 2 to 96 (0.25 to 12 pt). */
const borderEighths = (pt: number): number => Math.min(96, Math.max(2, Math.round(pt * 8)));
/** Word's border spacing is whole points, 0 to 31. */
const borderSpace = (pt: number): number => Math.min(31, Math.max(0, Math.round(pt)));

function boxProperties(fill: string | null, borderColour: string, borderWidth: number, paddingX: number): IRunStylePropertiesOptions {
  return {
    ...(fill ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: wordColour(fill) } } : {}),
    ...(borderWidth > 0 ? { border: { style: BorderStyle.SINGLE, color: wordColour(borderColour), size: borderEighths(borderWidth), space: borderSpace(paddingX) } } : {}),
  };
}

/** A chip style's run properties at body size `bodySize` pt (the chip's own size from its `fontSize`, else the body's). */
export function chipRunProperties(chip: ChipStyleSetting, bodySize: number): IRunStylePropertiesOptions {
  const size = chip.size ? at(chip.size, bodySize) || bodySize : bodySize;
  return {
    ...boxProperties(chip.fill, chip.borderColour, at(chip.borderWidth, size), at(chip.paddingX, size)),
    ...(chip.family ? { font: chip.family } : {}),
    // Half-points.
    ...(chip.size ? { size: Math.round(size * 2) } : {}),
    ...(chip.colour ? { color: wordColour(chip.colour) } : {}),
    ...(chip.bold ? { bold: true } : {}),
    ...(chip.italic ? { italics: true } : {}),
  };
}

/** `codeStyle.inline`'s run properties at body size `bodySize` pt: the code face and size in a shaded, bordered run. */
export function inlineCodeRunProperties(code: InlineCodeSetting, bodySize: number): IRunStylePropertiesOptions {
  const size = at(code.size, bodySize) || bodySize;
  return {
    font: code.family,
    size: Math.round(size * 2),
    ...(code.colour ? { color: wordColour(code.colour) } : {}),
    ...boxProperties(code.fill, code.borderColour, at(code.borderWidth, size), at(code.padding, size)),
  };
}
