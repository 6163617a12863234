/**
 * Inline formulas in a paragraph (document-format §11): each `$…$` is one styled run standing
 * for a typeset formula. In the item list it is an unbreakable box — or, where TeX allows a
 * break after a top-level relation (\relpenalty 500) or binary operator (\binoppenalty 700),
 * several boxes with those penalties between them. It sits on the text baseline; a formula
 * taller than the line box is scaled down uniformly to fit it (the baseline grid holds): its
 * height to the room above the baseline and its depth to the room below, each the line box's
 * or the text font's own extent, whichever is larger — so it reaches no further into the lines
 * above and below than the text's own letters may, and never overlaps them.
 */
import type { FontFace } from '../fonts/registry';
import { ShapedGlyphs } from '../fonts/shaped-glyphs';
import { baselineInLineBox } from '../page/geometry';
import type { MathInline } from '../parse/model';
import type { LayoutSettings, TextStyle } from '../settings';
import { boxItem, penaltyItem, type Item } from '../text/items';
import { styledText, type StyledText } from '../paragraph/styled-text';
import type { ShapedPiece, WordPayload } from '../paragraph/items';
import type { TypesetFormula } from './types';

/** The character an inline formula's run holds in the paragraph text (U+FFFC OBJECT REPLACEMENT). */
export const FORMULA_CHAR = '\ufffc';

export interface InlineFormula {
  formula: TypesetFormula;
  /** The formula's em, pt (surrounding size × math.fontSizeScale × any fit-to-line scale). */
  em: number;
  /** Height of the line box it sits in, pt (the body's leading, in proportion for other sizes). */
  lineBox: number;
  colour: string;
  /** TeX source (between the dollars) and the source range of `$…$`. */
  tex: string;
  from: number;
  to: number;
}

/** A slice of an inline formula as one box of a line: top-level children [fromChild, toChild). */
export interface FormulaSlice {
  inline: InlineFormula;
  fromChild: number;
  toChild: number;
}

/** Where a formula slice landed on a set line: x from the line's left edge, pt. */
export interface LineFormula extends FormulaSlice {
  x: number;
}

/** Typesets a formula's TeX for the paragraph (prepared TeX, refs resolved), or undefined without maths. */
export type FormulaSetter = (tex: string, display: boolean) => TypesetFormula;

/**
 * The styled run for a `$…$`: the formula (as one object character), or — with `math.enabled`
 * off — its source printed literally.
 */
export function inlineFormulaText(inline: MathInline, style: TextStyle, settings: LayoutSettings, setFormula: FormulaSetter): StyledText {
  const { from, to } = inline.range;
  if (!settings.math.enabled) {
    const text = `$${inline.tex}$`;
    const offsets = Array.from({ length: text.length }, (_, i) => Math.min(from + i, to - 1));
    return styledText(text, style, 0, { offsets });
  }
  const formula = setFormula(inline.tex, false);
  const em = style.size * settings.math.fontSizeScale;
  // The line box of this text: the body's leading, in proportion for other sizes. The fit to it
  // needs the text's face (its ascender and descender): `formulaItems` scales.
  const lineBox = settings.body.lineHeight * (style.size / settings.body.style.size);
  const colour = settings.math.colour ?? style.colour;
  return styledText(FORMULA_CHAR, style, 0, { offsets: [from], formula: { formula, em, lineBox, colour, tex: inline.tex, from, to } });
}

/**
 * The formula scaled down (never up) so it reaches no higher above the baseline and no lower
 * below it than the line box or the text face's ascender/descender allow, whichever is larger.
 */
export function fitToLine(inline: InlineFormula, style: TextStyle, face: FontFace): InlineFormula {
  const f = inline.formula;
  const ascender = face.ascender / face.upem;
  const descender = face.descender / face.upem;
  const baseline = baselineInLineBox(inline.lineBox, style.size, ascender, descender);
  const above = Math.max(baseline, ascender * style.size);
  const below = Math.max(inline.lineBox - baseline, -descender * style.size);
  let em = inline.em;
  if (f.height > 0 && f.height * em > above) em = above / f.height;
  if (f.depth > 0 && f.depth * em > below) em = below / f.depth;
  return em === inline.em ? inline : { ...inline, em };
}

/** The item-list boxes (and break penalties) of an inline formula. */
export function formulaItems(unfitted: InlineFormula, style: TextStyle, face: FontFace, level: number): Item<WordPayload>[] {
  const inline = fitToLine(unfitted, style, face);
  const f = inline.formula;
  const cuts = f.breaks.filter((b) => b.child > 0 && b.child < f.childX.length);
  const bounds = [0, ...cuts.map((b) => b.child), Number.POSITIVE_INFINITY];
  const items: Item<WordPayload>[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const fromChild = bounds[k]!;
    const toChild = bounds[k + 1]!;
    const startEm = fromChild === 0 ? 0 : f.childX[fromChild]!;
    const endEm = Number.isFinite(toChild) ? f.childX[toChild]! : f.width;
    const width = Math.max(0, endEm - startEm) * inline.em;
    const piece: ShapedPiece = {
      text: '',
      // The source range of the whole `$…$` (click-to-source, the line's source range).
      offsets: [inline.from, inline.to - 1],
      style,
      rise: undefined,
      face,
      shaped: ShapedGlyphs.EMPTY,
      width,
      level: level % 2 === 1 ? level + 1 : level,
      formula: { inline, fromChild, toChild: Number.isFinite(toChild) ? toChild : f.childX.length },
    };
    items.push(boxItem(width, { pieces: [piece] }));
    if (k + 2 < bounds.length) items.push(penaltyItem(0, cuts[k]!.penalty, false));
  }
  return items;
}
