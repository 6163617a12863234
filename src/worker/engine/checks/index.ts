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
import { columnsTooNarrowWarnings } from './columns-narrow';
import { headingDesignCutWarnings } from './heading-design';
import { textWrapWarnings } from './text-wrap';
import { rotateIgnoredWarnings } from './rotate-vertical';
import { fontWarnings } from './fonts';
import type { PageDisplayList } from '../../protocol/displaylist';
import { lineAt, pageOfOffset, type CheckContext, type ChecksInput } from './input';
import { markupWarnings } from './markup';
import { WARNING_CATEGORIES, type Warning, type WarningCategory } from './model';
import { checkOptions } from './options';
import { preflightWarnings } from './preflight';
import { resourceWarnings } from './resources';
import { styleWarnings } from './styles';
import { typesettingWarnings } from './typesetting';
import { lineNumberWarnings } from './line-numbers';
import { indexReadingWarnings } from './index-readings';
import { verticalTabWarnings } from './tabs-vertical';
import { rubyLeadingWarnings } from './ruby';
import { kuntenLeadingWarnings } from './kunten';
import { cjkMarkLeadingWarnings } from './cjk-marks';
import { chipOverlapWarnings } from './chips';

export { WARNING_CATEGORIES, WARNING_KINDS, isWarningKind, type Warning, type WarningCategory, type WarningKind, type WarningSeverity } from './model';
export { checkOptions, CHECK_SETTINGS, type CheckOptions } from './options';
export { ChecksPaused, inSlices, type SliceCarry } from './memo';
import { finished } from './memo';
export type { ChecksInput, CheckResource } from './input';

export interface WarningFilter {
  /** Only this chapter's warnings (by id); book-wide warnings without a chapter are left out. */
  chapterId?: string | undefined;
  category?: WarningCategory | undefined;
}

/** Every warning of the book (or of one chapter / category), located and in triage order. */
export function computeWarnings(input: ChecksInput, filter: WarningFilter = {}): Warning[] {
  const ctx: CheckContext = { ...input, options: checkOptions(input.config), chapterIndex: new Map(input.chapters.map((c, i) => [c.id, i])) };
  // Each detector's warnings, or the ones a paused run of the same slices finished (memo.ts `finished`).
  const detectors = [
    fontWarnings, resourceWarnings, markupWarnings, styleWarnings, citationWarnings, designWarnings, designTextWarnings,
    typesettingWarnings, floatWarnings, floatShrunkWarnings, textWrapWarnings, rotateIgnoredWarnings, afterTextWarnings, hyphenationWarnings, preflightWarnings,
    headingDesignCutWarnings, lineNumberWarnings, indexReadingWarnings, verticalTabWarnings,
    rubyLeadingWarnings,
    kuntenLeadingWarnings,
    chipOverlapWarnings,
    cjkMarkLeadingWarnings,
    columnsTooNarrowWarnings,
  ];
  const all = detectors.flatMap((detect, i) => finished(i, () => detect(ctx)));
  const chosen = all.filter((w) => (filter.chapterId === undefined || w.chapterId === filter.chapterId) && (filter.category === undefined || w.category === filter.category));
  return chosen.map((w) => locate(w, ctx)).sort(byTriage);
}

/** `total` and counts per category, as the tool answers them. */
export function summarise(warnings: readonly Warning[]): { total: number; byCategory: Partial<Record<WarningCategory, number>> } {
  const byCategory: Partial<Record<WarningCategory, number>> = {};
  for (const w of warnings) byCategory[w.category] = (byCategory[w.category] ?? 0) + 1;
  return { total: warnings.length, byCategory };
}

/**
 * Where each warning was last located, with what that depended on: the chapter's position, its
 * source and pages, and the page a page-indexed warning names. The detectors hand back the same
 * warning objects for an unchanged chapter, so after an edit only the edited chapter's are located
 * again.
 */
const lastLocated = new WeakMap<Warning, { index: number; source: string; pages: readonly PageDisplayList[]; page: PageDisplayList | undefined; located: Warning }>();

function locate(w: Warning, ctx: CheckContext): Warning {
  if (w.chapterId === undefined) return w;
  const index = ctx.chapterIndex.get(w.chapterId);
  if (index === undefined) return w;
  const source = ctx.chapters[index]!.source;
  const pages = ctx.layout.chapters.find((c) => c.id === w.chapterId)?.pages ?? NO_PAGES;
  const named = w.pageIndex !== undefined ? ctx.layout.pages[w.pageIndex] : undefined;
  const last = lastLocated.get(w);
  if (last && last.index === index && last.source === source && last.pages === pages && last.page === named) return last.located;
  const located: Warning = { ...w, chapter: index + 1 };
  if (w.offset !== undefined) located.line = lineAt(source, w.offset);
  const page = w.pageIndex !== undefined ? named : w.offset !== undefined ? pageOfOffset(pages, w.offset) : undefined;
  if (page) {
    located.pageIndex = page.index;
    located.page = page.label;
  }
  lastLocated.set(w, { index, source, pages, page: named, located });
  return located;
}

const NO_PAGES: readonly PageDisplayList[] = [];

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
