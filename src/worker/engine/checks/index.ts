/**
 * The checks: every warning of a converged book, for the Checks panel and `sandbox_get_warnings`.
 * Pure (no DOM, no clock): the host calls `computeWarnings` after convergence with what the
 * layout already produced. Each detector file covers one category; this file fills in where each
 * warning is (chapter position, source line, page label) and orders them.
 */
import { citationWarnings } from './citations';
import { designWarnings } from './design';
import { designTextWarnings } from './design-text';
import { afterTextWarnings, floatWarnings, hyphenationWarnings } from './floats';
import { floatShrunkWarnings } from './float-shrink';
import { textWrapWarnings } from './text-wrap';
import { rotateIgnoredWarnings } from './rotate-vertical';
import { fontWarnings } from './fonts';
import { lineAt, pageOfOffset, type CheckContext, type ChecksInput } from './input';
import { markupWarnings } from './markup';
import { WARNING_CATEGORIES, type Warning, type WarningCategory } from './model';
import { checkOptions } from './options';
import { preflightWarnings } from './preflight';
import { resourceWarnings } from './resources';
import { styleWarnings } from './styles';
import { typesettingWarnings } from './typesetting';

export { WARNING_CATEGORIES, WARNING_KINDS, isWarningKind, type Warning, type WarningCategory, type WarningKind, type WarningSeverity } from './model';
export { checkOptions, CHECK_SETTINGS, type CheckOptions } from './options';
export type { ChecksInput, CheckResource } from './input';

export interface WarningFilter {
  /** Only this chapter's warnings (by id); book-wide warnings without a chapter are left out. */
  chapterId?: string | undefined;
  category?: WarningCategory | undefined;
}

/** Every warning of the book (or of one chapter / category), located and in triage order. */
export function computeWarnings(input: ChecksInput, filter: WarningFilter = {}): Warning[] {
  const ctx: CheckContext = { ...input, options: checkOptions(input.config), chapterIndex: new Map(input.chapters.map((c, i) => [c.id, i])) };
  const all = [
    ...fontWarnings(ctx), ...resourceWarnings(ctx), ...markupWarnings(ctx), ...styleWarnings(ctx), ...citationWarnings(ctx), ...designWarnings(ctx), ...designTextWarnings(ctx),
    ...typesettingWarnings(ctx), ...floatWarnings(ctx), ...floatShrunkWarnings(ctx), ...textWrapWarnings(ctx), ...rotateIgnoredWarnings(ctx), ...afterTextWarnings(ctx), ...hyphenationWarnings(ctx), ...preflightWarnings(ctx),
  ];
  const chosen = all.filter((w) => (filter.chapterId === undefined || w.chapterId === filter.chapterId) && (filter.category === undefined || w.category === filter.category));
  return chosen.map((w) => locate(w, ctx)).sort(byTriage);
}

/** `total` and counts per category, as the tool answers them. */
export function summarise(warnings: readonly Warning[]): { total: number; byCategory: Partial<Record<WarningCategory, number>> } {
  const byCategory: Partial<Record<WarningCategory, number>> = {};
  for (const w of warnings) byCategory[w.category] = (byCategory[w.category] ?? 0) + 1;
  return { total: warnings.length, byCategory };
}

function locate(w: Warning, ctx: CheckContext): Warning {
  if (w.chapterId === undefined) return w;
  const index = ctx.chapterIndex.get(w.chapterId);
  if (index === undefined) return w;
  const located: Warning = { ...w, chapter: index + 1 };
  if (w.offset !== undefined) located.line = lineAt(ctx.chapters[index]!.source, w.offset);
  const pages = ctx.layout.chapters.find((c) => c.id === w.chapterId)?.pages ?? [];
  const page = w.pageIndex !== undefined ? ctx.layout.pages[w.pageIndex] : w.offset !== undefined ? pageOfOffset(pages, w.offset) : undefined;
  if (page) {
    located.pageIndex = page.index;
    located.page = page.label;
  }
  return located;
}

function byTriage(a: Warning, b: Warning): number {
  return (
    WARNING_CATEGORIES.indexOf(a.category) - WARNING_CATEGORIES.indexOf(b.category) ||
    (a.chapter ?? 0) - (b.chapter ?? 0) ||
    (a.offset ?? -1) - (b.offset ?? -1) ||
    (a.pageIndex ?? -1) - (b.pageIndex ?? -1) ||
    a.kind.localeCompare(b.kind) ||
    (a.path ?? '').localeCompare(b.path ?? '')
  );
}
