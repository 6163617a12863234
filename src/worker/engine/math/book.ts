/**
 * Maths across the book: the one formula setter layout uses (TeX prepared with the book's
 * equation numbers, typeset by the host's MathJax typesetter or a grey placeholder when none is
 * loaded), the memo-key parts that depend on it, and the list of formulas the host prepares.
 */
import type { FontRegistry } from '../fonts/registry';
import type { Block, Inline, ParsedChapter } from '../parse/model';
import type { LayoutSettings } from '../settings';
import type { SetLine } from '../paragraph';
import type { FormulaSetter } from './inline';
import { numberEquations, type EquationNumbers } from './numbering';
import { startingHeadingCounters } from '../page/continuation';
import { placeholderFormula } from './place';
import { prepareTex } from './tex';
import { withTextGlyphs } from './text';
import type { FormulaRequest, MathTypesetter, TypesetFormula } from './types';

export interface BookMath {
  setFormula: FormulaSetter;
  equations: EquationNumbers;
  /** Everything book-wide the maths of a chapter depends on (for the chapter memo key). */
  key: string;
}

export function prepareBookMath(parsed: readonly ParsedChapter[], settings: LayoutSettings, typesetter: MathTypesetter | undefined, fonts?: FontRegistry): BookMath {
  const equations = numberEquations(parsed, settings.math, settings.numerals, startingHeadingCounters(settings));
  const resolve = (label: string, eq: boolean): string => {
    const hit = equations.byLabel.get(label);
    return hit ? (eq ? hit.formatted : hit.plain) : '?';
  };
  // Text MathJax's font lacks, set with the book's fonts once per typeset formula (text.ts).
  const withText = new WeakMap<TypesetFormula, TypesetFormula>();
  const setFormula = (tex: string, display: boolean): TypesetFormula => {
    const prepared = prepareTex(tex, resolve).tex;
    if (!typesetter) return placeholderFormula(tex, display);
    const formula = typesetter.typeset(prepared, display);
    if (!formula.texts) return formula;
    let done = withText.get(formula);
    if (!done) withText.set(formula, (done = withTextGlyphs(formula, fonts, settings.body.style.family)));
    return done;
  };
  // The numbers labels resolve to, and every number a display prints in book order: a display
  // can print a number no label holds (the second of two displays sharing a label), which moves
  // when a display above it is numbered or not.
  let printed = '';
  for (const marks of equations.byBlock.values()) for (const mark of marks) printed += `${mark.printed}\u0001`;
  const key = `math:${typesetter ? 'typeset' : 'placeholder'}|${JSON.stringify([...equations.byLabel])}|${printed}`;
  return { setFormula, equations, key };
}

/** The formulas of a paragraph whose look depends on equation numbers (`\ref` inside), for its memo key. */
export function formulaRefsKey(inlines: readonly Inline[], math: BookMath): string {
  let key = '';
  const walk = (list: readonly Inline[]): void => {
    for (const inline of list) {
      if (inline.kind === 'math' && /\\(eq)?ref\s*\{/.test(inline.tex)) key += `m${prepareTex(inline.tex, (l, eq) => `${eq ? 'e' : ''}${math.equations.byLabel.get(l)?.formatted ?? '?'}`).tex};`;
      else if ('children' in inline && Array.isArray(inline.children)) walk(inline.children);
    }
  };
  walk(inlines);
  return key;
}

/** An inline formula with its range relative to `base` (paragraph memo), at any depth. */
export function rebaseMath(inline: Inline, base: number): Inline {
  if (inline.kind === 'math') return { ...inline, range: { ...inline.range, from: inline.range.from - base, to: inline.range.to - base, line: 0, column: 0 } };
  return inline;
}

/** A memoised line's formulas moved by `delta` in the source (the paragraph moved). */
export function shiftFormulas(line: SetLine, delta: number): SetLine {
  if (!line.formulas) return line;
  return { ...line, formulas: line.formulas.map((f) => ({ ...f, inline: { ...f.inline, from: f.inline.from + delta, to: f.inline.to + delta } })) };
}

/** Every formula of the book as the typesetter will be asked for it (refs as placeholders), for `prepare`. */
export function bookFormulas(parsed: readonly ParsedChapter[]): FormulaRequest[] {
  const out: FormulaRequest[] = [];
  const seen = new Set<string>();
  const add = (tex: string, display: boolean): void => {
    // Refs resolve to numbers set as \text: the same font ranges as the placeholder '?'.
    const prepared = prepareTex(tex, () => '?').tex;
    const key = `${display}|${prepared}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ tex: prepared, display });
  };
  const walk = (list: readonly Inline[]): void => {
    for (const inline of list) {
      if (inline.kind === 'math') add(inline.tex, false);
      else if ('children' in inline && Array.isArray(inline.children)) walk(inline.children);
    }
  };
  for (const chapter of parsed) {
    for (const block of chapter.blocks) {
      if (block.kind === 'mathDisplay') add(block.tex, true);
      else walkBlock(block, walk);
    }
  }
  return out;
}

function walkBlock(block: Block, walk: (list: readonly Inline[]) => void): void {
  if ('inlines' in block && Array.isArray(block.inlines)) walk(block.inlines);
  if (block.kind === 'verse') for (const stanza of block.stanzas) for (const line of stanza) walk(line.inlines);
}

/** True when a chapter source may hold maths (a cheap test before parsing for formulas). */
export function mayHaveMaths(source: string): boolean {
  return source.includes('$');
}
