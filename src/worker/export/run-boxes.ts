/**
 * Chips (`:chip[…]{style}`, document-format §10.5; configuration.md §13.2 `chipStyles`) and boxed
 * inline code (§13.3 `codeStyle.inline`) in the document exports: the looks the layout reads
 * (engine/settings-chips.ts), resolved the way the layout resolves them (an unknown style id takes
 * the first style, paragraph/run-box.ts `chipStyleFor`), and written as CSS for the EPUB. The
 * DOCX runs are in docx/run-boxes.ts.
 *
 * Lengths are kept as the layout keeps them, pt + em: a chip's em is its own size (§13.2 "chip
 * lengths: chip's own size"), so in CSS the padding, radius and outline are in the span's own em
 * and its font size in the surrounding text's em — the same units CSS gives `em` there.
 */
import { BUILT_IN_CHIP, type ChipStyleSetting, type InlineCodeSetting, type ScaledLength } from '../engine/settings-chips';

/** What the exporters know about boxed runs. */
export interface ExportRunBoxes {
  /** `chipStyles` in list order (the built-in `chip` when the book declares none). */
  chips: readonly ChipStyleSetting[];
  /** `codeStyle.inline` when set; null = inline code in the text face, no box. */
  inlineCode: InlineCodeSetting | null;
  /** The body size, pt: the em of the surrounding text where a format has no em (DOCX). */
  bodySize: number;
}

/** Body size of the §6.1 default (8 pt), for books exported without settings. */
const DEFAULT_BODY_PT = 8;

export function exportRunBoxes(input: { chips?: readonly ChipStyleSetting[] | undefined; inlineCode?: InlineCodeSetting | undefined; bodySize?: number | undefined }): ExportRunBoxes {
  return {
    chips: input.chips && input.chips.length > 0 ? input.chips : [BUILT_IN_CHIP],
    inlineCode: input.inlineCode ?? null,
    bodySize: input.bodySize !== undefined && input.bodySize > 0 ? input.bodySize : DEFAULT_BODY_PT,
  };
}

/**
 * The style id a chip names: its `style` attribute (§10.5: the only attribute read); a bare word
 * (`{gloss}`, as the Word import writes a "Chip: Gloss" run back) stands for it when `style` is absent.
 */
export function chipStyleId(attrs: Readonly<Record<string, string>>): string | undefined {
  return attrs['style'] ?? Object.keys(attrs).find((key) => key !== 'id' && attrs[key] === '');
}

/** The style a chip takes and its place in the list: the named one, else the first (§10.5). */
export function chipLook(boxes: ExportRunBoxes, id: string | undefined): { style: ChipStyleSetting; index: number } {
  const found = id === undefined ? -1 : boxes.chips.findIndex((c) => c.id === id);
  const index = found >= 0 ? found : 0;
  return { style: boxes.chips[index] ?? BUILT_IN_CHIP, index };
}

/** The CSS classes of a chip's span: `chip` and one per style in list order (`chip-1`, …). */
export function chipClass(boxes: ExportRunBoxes, id: string | undefined): string {
  return `chip chip-${chipLook(boxes, id).index + 1}`;
}

/** A length as CSS: pt, em, or their sum. */
export function cssLength(length: ScaledLength): string {
  const num = (n: number) => String(Math.round(n * 1000) / 1000);
  if (length.em === 0) return `${num(Math.max(0, length.pt))}pt`;
  if (length.pt === 0) return `${num(Math.max(0, length.em))}em`;
  return `calc(${num(length.pt)}pt + ${num(length.em)}em)`;
}

const isZero = (length: ScaledLength) => length.pt === 0 && length.em === 0;

/** A family name as a CSS string. */
function cssFamily(family: string): string {
  return `"${family.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** `#rrggbb` or `#rrggbbaa` (configuration colours) as CSS: the same hex forms CSS Color 4 reads. */
const cssColour = (colour: string) => colour;

function boxRules(look: { fill: string | null; borderColour: string; borderWidth: ScaledLength; borderRadius: ScaledLength }, padding: { top: ScaledLength; x: ScaledLength; bottom: ScaledLength }): string[] {
  return [
    look.fill ? `background-color: ${cssColour(look.fill)};` : 'background: none;',
    isZero(look.borderWidth) ? 'border: none;' : `border: ${cssLength(look.borderWidth)} solid ${cssColour(look.borderColour)};`,
    ...(isZero(look.borderRadius) ? [] : [`border-radius: ${cssLength(look.borderRadius)};`]),
    `padding: ${cssLength(padding.top)} ${cssLength(padding.x)} ${cssLength(padding.bottom)};`,
  ];
}

/**
 * The stylesheet's rules for chips and boxed inline code. A chip never breaks (§10.5: nowrap);
 * its vertical padding paints outside the line box and never opens the leading, which is what CSS
 * does with an inline box's padding. Not in CSS: the radius is not clamped to half the box's height
 * (§13.2) and the style's `gap` (least room to the text beside) is not kept.
 */
export function runBoxCss(boxes: ExportRunBoxes): string {
  const rules: string[] = [];
  boxes.chips.forEach((chip, i) => {
    const declarations = [
      'white-space: nowrap;',
      ...boxRules(chip, { top: chip.paddingTop, x: chip.paddingX, bottom: chip.paddingBottom }),
      ...(chip.family ? [`font-family: ${cssFamily(chip.family)};`] : []),
      ...(chip.size ? [`font-size: ${cssLength(chip.size)};`] : []),
      ...(chip.colour ? [`color: ${cssColour(chip.colour)};`] : []),
      ...(chip.bold ? ['font-weight: bold;'] : []),
      ...(chip.italic ? ['font-style: italic;'] : []),
    ];
    rules.push(`/* chipStyles[id=${chip.id.replace(/\*\//g, '* /')}] */\n.chip-${i + 1} { ${declarations.join(' ')} }`);
  });
  const code = boxes.inlineCode;
  if (code) {
    // Inline code only: a listing's <code> stands in <pre>, a formula's TeX fallback is code.math.
    const declarations = [`font-family: ${cssFamily(code.family)}, monospace;`, `font-size: ${cssLength(code.size)};`, ...(code.colour ? [`color: ${cssColour(code.colour)};`] : []), ...boxRules(code, { top: code.padding, x: code.padding, bottom: code.padding })];
    rules.push(`/* codeStyle.inline */\n:not(pre) > code:not(.math) { ${declarations.join(' ')} }`);
  }
  return rules.length > 0 ? `${rules.join('\n')}\n` : '';
}
