/**
 * Boxed runs of running text, kept apart from settings-from-config.ts: chips (configuration.md
 * §13.2 `chipStyles[id=X]`, document-format §10.5 `:chip[text]{style}`) and inline code
 * (§13.3 `codeStyle.inline`, document-format §10 "text face unless `codeStyle.inline`").
 *
 * Their lengths are in ems of a size only known where the run is set (a chip's own size, the
 * surrounding text's), so they are kept as `pt + em × size` (`ScaledLength`) and resolved by
 * paragraph/run-box.ts for each run.
 */
import { declareAppliedSettings } from '../config';
import type { ConfigReaders } from './settings-structure';

declareAppliedSettings([
  // paragraph/collect.ts (the run's type), paragraph/items.ts (padding as advance, never broken,
  // the gap across a space), paragraph/lines.ts (the box's place on the line), page/run-boxes.ts (drawn).
  'chipStyles',
  // (`name` is the editor's label, not the layout's: not declared.)
  ...['id', 'backgroundEnabled', 'background', 'borderColor', 'borderWidth', 'borderRadius', 'paddingX', 'paddingY', 'paddingTop', 'paddingBottom', 'fontFamily', 'fontSize', 'color', 'bold', 'italic', 'gap'].map((f) => `chipStyles[id=*].${f}`),
  ...['fontFamily', 'fontSize', 'color', 'background', 'borderRadius', 'borderWidth', 'padding'].map((f) => `codeStyle.inline.${f}`),
]);

/** A length that scales with a size known only when the run is set: `pt + em × size`, pt. */
export interface ScaledLength {
  pt: number;
  em: number;
}

/** One `chipStyles` entry (§13.2), colours as #rrggbb. Lengths in the chip's own em, `size` in the surrounding text's. */
export interface ChipStyleSetting {
  id: string;
  /** `background` when `backgroundEnabled`, else null (no fill). */
  fill: string | null;
  borderColour: string;
  borderWidth: ScaledLength;
  /** At most half the box's height (clamped when drawn). */
  borderRadius: ScaledLength;
  paddingX: ScaledLength;
  paddingTop: ScaledLength;
  paddingBottom: ScaledLength;
  /** Least clearance to the text beside the chip across a space. */
  gap: ScaledLength;
  /** Absent: the surrounding text's face / size / colour. */
  family?: string;
  size?: ScaledLength;
  colour?: string;
  bold: boolean;
  italic: boolean;
}

/** `codeStyle.inline` when set (§13.3): its face and a filled, bordered box behind the run. */
export interface InlineCodeSetting {
  family: string;
  /** In the surrounding text's em (0.9 em by default). */
  size: ScaledLength;
  /** Absent: the surrounding text's colour. */
  colour?: string;
  fill: string;
  borderColour: string;
  borderWidth: ScaledLength;
  /** The rest in the code's own em. */
  borderRadius: ScaledLength;
  padding: ScaledLength;
}

/** The built-in chip style (§13.2 defaults; `borderColor` the default palette's main colour). */
export const BUILT_IN_CHIP: ChipStyleSetting = {
  id: 'chip',
  fill: '#e8eef7',
  borderColour: '#295aa3',
  borderWidth: { pt: 0.5, em: 0 },
  borderRadius: { pt: 0, em: 0.3 },
  paddingX: { pt: 0, em: 0.3 },
  paddingTop: { pt: 0, em: 0.1 },
  paddingBottom: { pt: 0, em: 0.1 },
  gap: { pt: 0, em: 0.25 },
  bold: false,
  italic: false,
};

/** The length at `path` as pt + em × size (the reader is linear in the em size); `fallback` when unset. */
function scaled(r: ConfigReaders, path: string, fallback: ScaledLength): ScaledLength {
  const zero = r.pt(path, NaN, 0);
  const one = r.pt(path, NaN, 1);
  if (!Number.isFinite(zero) || !Number.isFinite(one)) return fallback;
  return { pt: zero, em: one - zero };
}

const optionalColour = (r: ConfigReaders, path: string): string | undefined => (r.at(path) === undefined ? undefined : r.colour(path, '#000000'));

/** `chipStyles` in list order (the first is the fallback of an unknown style) and `codeStyle.inline` when set. */
export function chipSettings(r: ConfigReaders): { chips: ChipStyleSetting[]; inlineCode?: InlineCodeSetting } {
  const list = r.at('chipStyles');
  const ids = Array.isArray(list) ? list.flatMap((c) => (c && typeof c === 'object' && typeof (c as { id?: unknown }).id === 'string' ? [(c as { id: string }).id] : [])) : [];
  const chips = ids.map((id): ChipStyleSetting => {
    const p = `chipStyles[id=${id}]`;
    const paddingY = scaled(r, `${p}.paddingY`, BUILT_IN_CHIP.paddingTop);
    const family = r.at(`${p}.fontFamily`);
    const colour = optionalColour(r, `${p}.color`);
    const size = r.at(`${p}.fontSize`) === undefined ? undefined : scaled(r, `${p}.fontSize`, { pt: 0, em: 1 });
    return {
      id,
      fill: r.bool(`${p}.backgroundEnabled`, true) ? r.colour(`${p}.background`, BUILT_IN_CHIP.fill!) : null,
      borderColour: r.colour(`${p}.borderColor`, BUILT_IN_CHIP.borderColour),
      borderWidth: scaled(r, `${p}.borderWidth`, BUILT_IN_CHIP.borderWidth),
      borderRadius: scaled(r, `${p}.borderRadius`, BUILT_IN_CHIP.borderRadius),
      paddingX: scaled(r, `${p}.paddingX`, BUILT_IN_CHIP.paddingX),
      // paddingTop / paddingBottom: paddingY when unset (§13.2).
      paddingTop: scaled(r, `${p}.paddingTop`, paddingY),
      paddingBottom: scaled(r, `${p}.paddingBottom`, paddingY),
      gap: scaled(r, `${p}.gap`, BUILT_IN_CHIP.gap),
      ...(typeof family === 'string' && family !== '' ? { family } : {}),
      ...(size ? { size } : {}),
      ...(colour ? { colour } : {}),
      bold: r.bool(`${p}.bold`, false),
      italic: r.bool(`${p}.italic`, false),
    };
  });
  const out: { chips: ChipStyleSetting[]; inlineCode?: InlineCodeSetting } = { chips: chips.length > 0 ? chips : [BUILT_IN_CHIP] };
  // codeStyle.inline: unset = inline code in the text face (§13.3, document-format §10); set (any
  // object, even empty) = its fields over the §13.3 defaults: the listings' face, 0.9 em, a box.
  const inline = r.at('codeStyle.inline');
  if (inline && typeof inline === 'object') {
    const p = 'codeStyle.inline';
    const colour = optionalColour(r, `${p}.color`);
    out.inlineCode = {
      family: r.str(`${p}.fontFamily`, r.str('codeStyle.fontFamily', 'Source Code Pro')),
      size: scaled(r, `${p}.fontSize`, { pt: 0, em: 0.9 }),
      ...(colour ? { colour } : {}),
      // Reading: "with fill" and no colour given — the listings' fill and their border colour.
      fill: r.colour(`${p}.background`, r.colour('codeStyle.background', '#f4f4f4')),
      borderColour: r.colour('codeStyle.border.color', '#cccccc'),
      borderWidth: scaled(r, `${p}.borderWidth`, { pt: 0.5, em: 0 }),
      borderRadius: scaled(r, `${p}.borderRadius`, { pt: 0, em: 0.2 }),
      padding: scaled(r, `${p}.padding`, { pt: 0, em: 0.2 }),
    };
  }
  return out;
}
