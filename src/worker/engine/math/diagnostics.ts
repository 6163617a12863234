/**
 * `invalidMath` (document-format §11, §21): one warning per formula MathJax cannot parse, at the
 * formula's source position, with MathJax's message. Read from the typesetter's cache, so it
 * costs nothing for a book already laid out.
 */
import type { Diagnostic, Inline, ParsedChapter } from '../parse/model';
import { prepareTex } from './tex';
import type { MathTypesetter } from './types';

export function mathDiagnostics(chapter: ParsedChapter, typesetter: MathTypesetter): Diagnostic[] {
  const out: Diagnostic[] = [];
  const check = (tex: string, display: boolean, range: { from: number; to: number; line: number; column: number }): void => {
    // References inside a formula print numbers as text: they cannot make it invalid.
    const result = typesetter.typeset(prepareTex(tex, () => '?').tex, display);
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
