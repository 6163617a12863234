/**
 * Maths for reflowable exports (EPUB): each formula as MathML — the same MathJax parse the pages
 * are typeset from, so a reader's MathML engine shows what the book prints — with its TeX as
 * `alttext`, plus the book's equation numbers and what references to them print.
 *
 * The MathML is cleaned for EPUB 3 content documents: MathJax's `data-*` bookkeeping attributes
 * are dropped (the MathML schema epubcheck applies has no data attributes), `display` is set from
 * the formula's kind, and invalid or unfinished formulas give null (the writer then shows the TeX).
 */
import type { ParsedChapter } from '../parse/model';
import type { MathSettings } from '../settings';
import { equationRefText, numberEquations } from './numbering';
import { prepareTex } from './tex';
import type { MathTypesetter } from './types';

export interface ExportMath {
  /** The formula as a `<math>` element, or null when it cannot be set (invalid TeX, no typesetter result). */
  mathml(tex: string, display: boolean): string | null;
  /** Printed numbers of a display block, in row order ("(3)"); empty when unnumbered. */
  numbers(blockId: string): readonly string[];
  /** What a reference to an equation label prints (`form` 'latex' = `\ref`: the bare number), or undefined for other targets. */
  refText(target: string, form: string): string | undefined;
}

/** The book's maths for an export: `chapters` are every chapter of the book, in order (numbering is book-wide). */
export function exportMath(chapters: readonly Pick<ParsedChapter, 'blocks'>[], settings: MathSettings, typesetter: MathTypesetter): ExportMath {
  const equations = numberEquations(chapters, settings);
  const resolve = (label: string, eq: boolean): string => {
    const hit = equations.byLabel.get(label);
    return hit ? (eq ? hit.formatted : hit.plain) : '?';
  };
  return {
    mathml(tex, display) {
      const formula = typesetter.typeset(prepareTex(tex, resolve).tex, display);
      if (formula.error !== undefined || formula.pending || !formula.mathml) return null;
      return cleanMathml(formula.mathml, tex, display);
    },
    numbers: (blockId) => (equations.byBlock.get(blockId) ?? []).map((mark) => mark.printed),
    refText: (target, form) => equationRefText(equations, target, form),
  };
}

/** MathJax's serialised MathML → an EPUB-ready `<math>`: no data attributes, display and alttext set. */
export function cleanMathml(mathml: string, tex: string, display: boolean): string {
  let out = mathml.replace(/\s+data-[\w-]+="[^"]*"/g, '').replace(/>\n\s*</g, '><').trim();
  // The root's own display and alttext, replaced (MathJax writes display only for blocks).
  out = out.replace(/^<math\b([^>]*)>/, (_, attrs: string) => {
    const kept = attrs.replace(/\s+(display|alttext)="[^"]*"/g, '');
    return `<math${kept} display="${display ? 'block' : 'inline'}" alttext="${escapeAttr(tex.replace(/\s+/g, ' ').trim())}">`;
  });
  return out;
}

function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
