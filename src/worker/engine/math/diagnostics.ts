/**
 * `invalidMath` (document-format §11, §21): one warning per formula MathJax cannot parse, at the
 * formula's source position, with MathJax's message. Read from the typesetter's cache, so it
 * costs nothing for a book already laid out. Given the book's equation labels, a `\ref`/`\eqref`
 * inside a formula to a label no display defines also warns (§11 "Unknown label → ? + warning",
 * under §13's kind for unknown ids, `unknownResourceId`), once per formula and label.
 */
import type { Diagnostic, Inline, ParsedChapter } from '../parse/model';
import { prepareTex } from './tex';
import type { MathTypesetter } from './types';

export function mathDiagnostics(chapter: ParsedChapter, typesetter: MathTypesetter, labels?: ReadonlySet<string>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const check = (tex: string, display: boolean, range: { from: number; to: number; line: number; column: number }): void => {
    const unknown = new Set<string>();
    // References inside a formula print numbers as text: they cannot make it invalid.
    const prepared = prepareTex(tex, (label) => {
      if (labels && !labels.has(label)) unknown.add(label);
      return '?';
    });
    for (const label of unknown) {
      out.push({
        kind: 'unknownResourceId',
        severity: 'warning',
        message: `No display formula is labelled "${label}": the reference inside this formula prints ?.`,
        chapterId: chapter.chapterId,
        line: range.line,
        column: range.column,
        from: range.from,
        to: range.to,
      });
    }
    const result = typesetter.typeset(prepared.tex, display);
    if (result.error === undefined) return;
    out.push({
      kind: 'invalidMath',
      severity: 'warning',
      message: `Invalid formula: ${result.error} (its source is shown in a red box).`,
      chapterId: chapter.chapterId,
      line: range.line,
      column: range.column,
      from: range.from,
      to: range.to,
    });
  };
  const walk = (list: readonly Inline[]): void => {
    for (const inline of list) {
      if (inline.kind === 'math') check(inline.tex, false, inline.range);
      else if ('children' in inline && Array.isArray(inline.children)) walk(inline.children);
    }
  };
  for (const block of chapter.blocks) {
    if (block.kind === 'mathDisplay') check(block.tex, true, block.range);
    else if ('inlines' in block && Array.isArray(block.inlines)) walk(block.inlines);
    else if (block.kind === 'verse') for (const stanza of block.stanzas) for (const line of stanza) walk(line.inlines);
  }
  return out;
}

/** Every `\label` of the book's display formulas (what a reference inside a formula may name). */
export function equationLabels(chapters: readonly Pick<ParsedChapter, 'blocks'>[]): Set<string> {
  const labels = new Set<string>();
  for (const chapter of chapters) for (const block of chapter.blocks) if (block.kind === 'mathDisplay') for (const mark of prepareTex(block.tex, () => '').labels) labels.add(mark.label);
  return labels;
}
