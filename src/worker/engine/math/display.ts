/**
 * Display formulas (document-format §11): centred in the column, `math.marginTop` above and at
 * least `math.marginBottom` below (in the formula's em; the baseline grid may add below), and —
 * when labelled — numbered flush right at the column edge, on the labelled row's baseline (flush
 * left in a right-to-left block, the mirror image: document-format §18.1).
 * A formula wider than the column (less its number) is scaled down to fit (our choice: never
 * overflow the column); if a centred formula would touch its number it moves left. A formula
 * taller than a whole column is scaled down to the column's height too (our choice: the spec
 * keeps a display whole, and a fresh column is the most room there is); one that fits a column
 * but not the rest of this one moves to the next column (page/paginate.ts).
 * In vertical text (`layout.writingMode: 'vertical-rl'`) a display is laid out so in the flow and
 * drawn turned a quarter clockwise with it (page/vertical.ts): a horizontal block whose baseline
 * runs down the column, centred between its head and foot, its height across the lines — our
 * reading: document-format §18.5 sets Latin sideways, and a formula is not set upright piece by
 * piece. Its number stands at the column's foot as the flow's text (the setter paginate.ts hands
 * it: page/vertical-generated.ts `equationNumberSetter`, a short number one upright em cell, the
 * parentheses in their vertical forms).
 */
import type { PathItem } from '../../protocol/displaylist';
import type { MathDisplayBlock } from '../parse/model';
import type { SetLine } from '../paragraph';
import type { LayoutSettings, TextStyle } from '../settings';
import type { BookMath } from './book';
import { formulaPathItems } from './place';

/** Least space between a display and its number, in the formula's em (TeX's \quad). */
const NUMBER_GAP_EM = 1;

export interface DisplayLayout {
  /** Space above and below, pt. */
  marginTop: number;
  marginBottom: number;
  /** Extent above and below the formula's baseline, pt. */
  height: number;
  depth: number;
  /** The formula's outlines with its baseline's left end at (columnX + its offset, baseline). */
  paths(columnX: number, baseline: number): PathItem[];
  /** Equation numbers: a set line, its x from the column's left edge and its baseline below the formula's, pt. */
  numbers: { line: SetLine; x: number; dy: number }[];
}

export function layoutDisplay(
  block: MathDisplayBlock,
  columnWidth: number,
  settings: LayoutSettings,
  math: BookMath,
  chapterId: string,
  setGenerated: (text: string, style: TextStyle) => SetLine,
  /** Height of a whole column, pt: the most a display may take (the margin above is dropped at a column's top). */
  columnHeight = Number.POSITIVE_INFINITY,
  /** The block's direction (document or container `dir`): RTL puts the number at the left. */
  direction: 'ltr' | 'rtl' = settings.direction,
): DisplayLayout {
  const body = settings.body.style;
  let em = body.size * settings.math.fontSizeScale;
  const marginTop = settings.math.marginTopEm * em;
  const marginBottom = settings.math.marginBottomEm * em;
  const formula = math.setFormula(block.tex, true);
  const marks = math.equations.byBlock.get(block.id) ?? [];
  const numberLines = marks.map((mark) => ({ mark, line: setGenerated(mark.printed, body) }));
  const numberWidth = Math.max(0, ...numberLines.map((n) => n.line.width));
  const reserved = numberLines.length > 0 ? numberWidth + NUMBER_GAP_EM * em : 0;
  const room = columnWidth - reserved;
  if (formula.width * em > room && formula.width > 0 && room > 0) em = room / formula.width;
  const tall = formula.height + formula.depth;
  if (tall * em > columnHeight && tall > 0 && columnHeight > 0) em = columnHeight / tall;
  const width = formula.width * em;
  // Centred in the column; moved left (never past the column's start) to clear the number.
  let x = (columnWidth - width) / 2;
  if (numberLines.length > 0 && x + width > room) x = Math.max(0, room - width);
  // Right to left: the mirror image — the number at the column's left, the formula moved right.
  const rtl = direction === 'rtl';
  if (rtl) x = columnWidth - x - width;
  const colour = settings.math.colour ?? body.colour;
  const source = { chapter: chapterId, from: block.range.from, to: block.range.to, tex: block.tex };
  return {
    marginTop,
    marginBottom,
    height: formula.height * em,
    depth: formula.depth * em,
    paths: (columnX, baseline) => formulaPathItems(formula, { x: columnX + x, baseline, em, colour, display: true, source }),
    numbers: numberLines.map(({ mark, line }) => ({
      line,
      x: rtl ? 0 : columnWidth - line.width,
      // On its row's baseline when the display is a table of rows (align, gather…), else on the formula's.
      dy: formula.rows.length > 1 && mark.row < formula.rows.length ? formula.rows[mark.row]! * em : 0,
    })),
  };
}

/** Height a display needs under the text above it, pt: its margin above and its extent. */
export function displayNeed(display: DisplayLayout): number {
  return display.marginTop + display.height + display.depth;
}
