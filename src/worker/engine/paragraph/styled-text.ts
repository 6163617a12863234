import type { InlineFormula } from '../math/inline';
import type { TextStyle } from '../settings';
import type { RunBoxLook } from './run-box';

/**
 * A piece of text in one style, with the source offset of each UTF-16 unit. Every field is
 * present in every object, `undefined` when it does not apply (made by `styledText`, or copied
 * from one so made): one object shape for buildItems' loops, which V8 otherwise compiled again
 * each time a piece of another shape reached them (`analyse`, `sharedWord`: "wrong map"
 * deoptimisations during a book's first layout).
 */
export interface StyledText {
  text: string;
  style: TextStyle;
  /**
   * Source offset (chapter file, UTF-16) of each unit of `text`; negative for generated text.
   * Absent when they are `from`, `from + 1`, … (a text inline's own characters, nearly every
   * piece): no number per character built for each paragraph set. Read with `styledOffset`.
   */
  offsets: number[] | undefined;
  /** With `offsets` absent: the source offset of text[0]. */
  from: number | undefined;
  /** Baseline shift, pt, positive = up (superscripts). */
  rise: number;
  /** A forced line break (hard break) after this piece. */
  breakAfter: boolean | undefined;
  /**
   * Set without advance (a footnote mark 'side', configuration.md §11.1): its glyphs end where the
   * text before it ends (start there in right-to-left text) and the text after it goes on from there
   * (paragraph/items.ts `withoutAdvance`).
   */
  noAdvance: true | undefined;
  /** `:smallcaps[…]` (document-format §10.4): lower case set as capitals at 70 %, synthesised. */
  smallCaps: boolean | undefined;
  /** An inline formula (its `text` is the one object character FORMULA_CHAR). */
  formula: InlineFormula | undefined;
  /**
   * The box the text stands in (a chip, boxed inline code: paragraph/run-box.ts): the consecutive
   * pieces sharing one box object are one unbreakable run padded on both sides (items.ts).
   */
  box: RunBoxLook | undefined;
}

/** What a StyledText holds besides its text, style and rise (each absent one set `undefined`). */
export interface StyledTextExtras {
  offsets?: number[];
  from?: number;
  breakAfter?: boolean;
  noAdvance?: true;
  smallCaps?: boolean;
  formula?: InlineFormula;
  box?: RunBoxLook;
}

/** A StyledText with every field in the one order (see StyledText); its style made uniform (`uniformStyle`). */
export function styledText(text: string, style: TextStyle, rise: number, extras: StyledTextExtras): StyledText {
  return {
    text,
    style: uniformStyle(style),
    offsets: extras.offsets,
    from: extras.from,
    rise,
    breakAfter: extras.breakAfter,
    noAdvance: extras.noAdvance,
    smallCaps: extras.smallCaps,
    formula: extras.formula,
    box: extras.box,
  };
}

/**
 * Each style met, as an object with every TextStyle field in the one order (`undefined` where the
 * style has none), made once per style object and kept as long as it: the same identity for the
 * same style (the shared-word tables and every per-style map key on it), one hidden class for all.
 * Styles come from many places (the settings, spreads adding bold or a size, callouts, chips), and
 * each way of building one gave V8 another hidden class with the same fields: six in a layout of
 * the bench book, so that the reads of `size`, `colour` and the rest in the line setter and the
 * word tables were megamorphic — a slow generic lookup each, and `size` (a double) boxed in a new
 * heap number on every read.
 */
const uniformStyles = new WeakMap<TextStyle, TextStyle>();
export function uniformStyle(style: TextStyle): TextStyle {
  let uniform = uniformStyles.get(style);
  if (uniform === undefined) {
    // Every field named (the type makes a field added to TextStyle and missed here an error).
    const every: { [K in keyof Required<TextStyle>]: TextStyle[K] } = { family: style.family, weight: style.weight, italic: style.italic, size: style.size, colour: style.colour, look: style.look, overline: style.overline, cjkMarks: style.cjkMarks, box: style.box };
    uniform = every;
    uniformStyles.set(style, uniform);
    // A uniform style given again is itself.
    uniformStyles.set(uniform, uniform);
  }
  return uniform;
}
// The first uniform style made has a fractional size, so `size` is a double field of the hidden
// class from the start: made first with a whole size (10 pt) and then with 6.5 pt, V8 would
// deprecate the class and leave the styles made before on the old one until each is migrated.
uniformStyle({ family: '', weight: 400, italic: false, size: 0.5, colour: '' });
