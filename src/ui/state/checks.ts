/**
 * The Checks panel's model: the worker's warnings (engine/checks, the same list
 * `sandbox_get_warnings` answers with), fetched a moment after each convergence so that computing
 * them never delays typing (issue 11), grouped by category in triage order (tools.md §7.9).
 */
import type { Warning, WarningCategory } from '../../worker/protocol/messages';
import { WARNING_CATEGORIES } from '../../worker/engine/checks/model';
import type { UiLanguage } from '../i18n';

export interface CheckEntry {
  /** Stable within one list (for keyed rendering and tests). */
  key: string;
  kind: string;
  category: WarningCategory;
  severity: Warning['severity'];
  title: string;
  detail: string;
  chapterId?: string | undefined;
  chapterNumber?: number | undefined;
  line?: number | undefined;
  offset?: number | undefined;
  toOffset?: number | undefined;
  /** Printed page label. */
  page?: string | undefined;
  path?: string | undefined;
  resource?: string | undefined;
}

export interface CheckGroup {
  category: WarningCategory;
  count: number;
  entries: CheckEntry[];
}

/** Warnings → entries grouped by category, in triage order; empty groups are left out. */
export function groupWarnings(warnings: readonly Warning[]): CheckGroup[] {
  const groups = new Map<WarningCategory, CheckEntry[]>();
  warnings.forEach((w, i) => {
    const entry: CheckEntry = {
      key: `${i}:${w.kind}:${w.chapterId ?? ''}:${w.offset ?? w.path ?? w.resource ?? w.pageIndex ?? ''}`,
      kind: w.kind,
      category: w.category,
      severity: w.severity,
      title: w.title,
      detail: w.detail,
      chapterId: w.chapterId,
      chapterNumber: w.chapter,
      line: w.line,
      offset: w.offset,
      toOffset: w.toOffset,
      page: w.page,
      path: w.path,
      resource: w.resource,
    };
    groups.set(w.category, [...(groups.get(w.category) ?? []), entry]);
  });
  return WARNING_CATEGORIES.filter((c) => groups.has(c)).map((category) => ({ category, count: groups.get(category)!.length, entries: groups.get(category)! }));
}

/** What a click on an entry does: open the source (and its page), show a page, or nothing to move to. */
export type CheckTarget =
  | { kind: 'source'; chapterId: string; from: number; to: number; page?: string | undefined }
  | { kind: 'page'; chapterId?: string | undefined; page: string }
  | { kind: 'setting'; path: string }
  | { kind: 'resource'; id: string }
  | { kind: 'none' };

export function targetOf(entry: CheckEntry): CheckTarget {
  if (entry.chapterId !== undefined && entry.offset !== undefined) {
    return { kind: 'source', chapterId: entry.chapterId, from: entry.offset, to: entry.toOffset ?? entry.offset, page: entry.page };
  }
  // A setting opens the Design panel at it (the editor does not move, tools.md §7.9).
  if (entry.path !== undefined) return { kind: 'setting', path: entry.path };
  // Preflight entries open their page (even when they name a picture); other resource entries the Resources panel.
  if (entry.resource !== undefined && entry.category !== 'preflight') return { kind: 'resource', id: entry.resource };
  if (entry.page !== undefined) return { kind: 'page', chapterId: entry.chapterId, page: entry.page };
  return { kind: 'none' };
}

/** The panel's own words (the warnings' titles and details come from the worker, in English). */
const WORDS: Record<UiLanguage, { groups: Record<WarningCategory, string>; chapter: string; line: string; page: string }> = {
  en: {
    groups: { fonts: 'Fonts', resources: 'Figures & tables', markup: 'Text & markup', design: 'Design', typesetting: 'Typesetting', preflight: 'Preflight', browser: 'Browser', comics: 'Comics' },
    chapter: 'Ch.',
    line: 'Line',
    page: 'p.',
  },
  es: {
    groups: { fonts: 'Fuentes', resources: 'Figuras y tablas', markup: 'Texto y marcado', design: 'Diseño', typesetting: 'Composición', preflight: 'Preimpresión', browser: 'Navegador', comics: 'Cómics' },
    chapter: 'Cap.',
    line: 'Línea',
    page: 'p.',
  },
  ar: {
    groups: { fonts: 'الخطوط', resources: 'الأشكال والجداول', markup: 'النص والترميز', design: 'التصميم', typesetting: 'التنضيد', preflight: 'فحص ما قبل الطباعة', browser: 'المتصفح', comics: 'القصص المصورة' },
    chapter: 'الفصل',
    line: 'السطر',
    page: 'ص',
  },
};

export function checkWords(language: UiLanguage): (typeof WORDS)['en'] {
  return WORDS[language] ?? WORDS.en;
}

/** "Ch. 2 · Line 14 · p. 31", or the setting path / resource the entry names. */
export function whereOf(entry: CheckEntry, language: UiLanguage): string {
  const w = checkWords(language);
  const parts: string[] = [];
  if (entry.chapterNumber !== undefined) parts.push(`${w.chapter} ${entry.chapterNumber}`);
  if (entry.line !== undefined) parts.push(`${w.line} ${entry.line}`);
  if (entry.page !== undefined) parts.push(`${w.page} ${entry.page}`);
  if (entry.path !== undefined) parts.push(entry.path);
  if (entry.resource !== undefined && entry.path === undefined) parts.push(entry.resource);
  return parts.join(' · ');
}
