/**
 * Markup checks: the parser's diagnostics, per chapter and book-wide (duplicate anchors,
 * footnotes, index ranges, unknown resource ids), and those the host's other phases raise
 * (`invalidMath`), with the kinds document-format.md §21 names.
 */
import { combineBook } from '../parse';
import type { Diagnostic } from '../parse/model';
import type { CheckContext } from './input';
import { isWarningKind, warning, type Warning } from './model';

/** The parser's note on an orientation override (parse/inlines.ts: `:name[…] is recognised…`). */
const VERTICAL_ONLY = /^:(tcy|upright|sideways)\[/;
/** The parser's note on a CJK mark directive: they are set now (paragraph/cjk-marks.ts, document-format §18.4). */
const CJK_MARKS = /^:(dots|name|book|sideline)\[/;

export function markupWarnings(ctx: CheckContext): Warning[] {
  const book = combineBook([...ctx.parsed], { resourceIds: ctx.resources.map((r) => r.id) });
  const diagnostics: Diagnostic[] = [...ctx.parsed.flatMap((p) => p.diagnostics), ...book.diagnostics, ...(ctx.diagnostics ?? [])];
  const out: Warning[] = [];
  for (const d of diagnostics) {
    // Every kind the parser can raise is catalogued (a test reads the parser's sources to keep
    // it so); a kind added there without an entry is left out here rather than mislabelled.
    if (!isWarningKind(d.kind)) continue;
    // :tcy, :upright and :sideways are set in vertical text (page/vertical.ts); in horizontal text
    // they have no effect (document-format §18.5) and keep the parser's note.
    if (ctx.settings.vertical && d.kind === 'unsupportedConstruct' && VERTICAL_ONLY.test(d.message)) continue;
    if (d.kind === 'unsupportedConstruct' && CJK_MARKS.test(d.message)) continue;
    const place = { chapterId: d.chapterId, offset: d.from, toOffset: d.to };
    const severity = d.severity === 'error' ? 'critical' : d.severity;
    if (d.kind === 'unknownResourceId') {
      const id = /"([^"]*)"/.exec(d.message)?.[1];
      out.push(warning(d.kind, d.message, { ...place, ...(id ? { resource: id } : {}) }, severity));
    } else out.push(warning(d.kind, d.message, place, severity));
  }
  return out;
}
