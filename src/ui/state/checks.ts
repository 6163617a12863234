/**
 * The Checks panel's entries: the worker's diagnostics, fetched after each convergence so that
 * computing them never delays typing (issue 11). The UI does not parse Markdown itself; the kinds
 * are the parser's, named as document-format.md names them.
 */
import type { BookDiagnostic } from '../../worker/protocol/messages';

export interface CheckEntry {
  group: 'text';
  kind: string;
  title: string;
  detail: string;
  chapterId: string;
  chapterNumber: number;
  line: number;
  offset: number;
}

/** `unclosedCodeBlock` → `Unclosed code block`. */
function titleOf(kind: string): string {
  const words = kind.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Warnings and errors become entries, in book order; informational notes are left out. */
export function checksFromDiagnostics(diagnostics: readonly BookDiagnostic[], chapterIds: readonly string[]): CheckEntry[] {
  return diagnostics
    .filter((d) => d.severity !== 'info')
    .map((d) => ({ group: 'text' as const, kind: d.kind, title: titleOf(d.kind), detail: d.message, chapterId: d.chapterId, chapterNumber: chapterIds.indexOf(d.chapterId) + 1, line: d.line, offset: d.from }))
    .sort((a, b) => a.chapterNumber - b.chapterNumber || a.offset - b.offset);
}
