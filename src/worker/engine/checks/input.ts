/**
 * What the checks read — everything the host already has after convergence: the chapters'
 * sources and parses, the stored configuration and the settings the layout used, the resource
 * records, the converged layout and the fonts. Nothing here is computed twice: parses and
 * display lists come from the layout's caches.
 */
import type { StoredConfig } from '../../config';
import type { PageDisplayList } from '../../protocol/displaylist';
import type { FontRegistry } from '../fonts/registry';
import type { BookLayout, ChapterInput } from '../index';
import type { Diagnostic, ParsedChapter } from '../parse/model';
import { settingsKey, type LayoutSettings } from '../settings';
import type { CheckOptions } from './options';

/** A resource record as far as the checks care (protocol `ResourceRecord`). */
export interface CheckResource {
  id: string;
  kind: string;
  typeId?: string | undefined;
  /** A bitmap's size in pixels, as its file says (absent for SVG, tables, or bytes not at hand). */
  pixels?: { width: number; height: number } | undefined;
  /** A table's data; the checks read only its `styleId`. */
  table?: { model?: unknown; styleId?: unknown } | undefined;
  /** What keeps the engine from drawing it (engine/resources `EngineResource.problem`): bytes missing or unreadable. */
  problem?: string | undefined;
  /** The record's placement (whether it floats: page/book.ts `floatSpecOf`). */
  placement?: Record<string, unknown> | undefined;
}

export interface ChecksInput {
  chapters: readonly ChapterInput[];
  /** Same order as `chapters`. */
  parsed: readonly ParsedChapter[];
  config: StoredConfig;
  settings: LayoutSettings;
  resources: readonly CheckResource[];
  layout: BookLayout;
  fonts: FontRegistry;
  /** Diagnostics raised outside the parser, by the host's other phases (`invalidMath` from the maths typesetter). */
  diagnostics?: readonly Diagnostic[] | undefined;
  /**
   * `settingsKey(settings)`, when the caller has it: the host checks one layout in many slices and
   * builds it once for them (a JSON of the whole settings; building it in every slice took as long
   * as the slice's own work).
   */
  settingsKey?: string | undefined;
}

/** The input plus what every detector shares. */
export interface CheckContext extends ChecksInput {
  options: CheckOptions;
  /** Chapter position (0-based) by id. */
  chapterIndex: Map<string, number>;
}

/** The settings' key of one run of the checks, built at most once per run (or given: `ChecksInput.settingsKey`). */
const runSettingsKeys = new WeakMap<CheckContext, string>();
export function checkedSettingsKey(ctx: CheckContext): string {
  if (ctx.settingsKey !== undefined) return ctx.settingsKey;
  let key = runSettingsKeys.get(ctx);
  if (key === undefined) {
    key = settingsKey(ctx.settings);
    runSettingsKeys.set(ctx, key);
  }
  return key;
}

/** Sources kept with their line starts (a book's chapters; more are dropped all at once). */
const LINE_INDEX_LIMIT = 256;
/** Offsets where each line of a source begins, by source text. */
const lineIndex = new Map<string, number[]>();

/**
 * 1-based line of a UTF-16 offset in a source text. The line starts of a source are found once
 * (every warning of a chapter asks, and counting newlines from the start for each was quadratic).
 */
export function lineAt(source: string, offset: number): number {
  let starts = lineIndex.get(source);
  if (!starts) {
    starts = [0];
    for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1);
    if (lineIndex.size >= LINE_INDEX_LIMIT) lineIndex.clear();
    lineIndex.set(source, starts);
  }
  // The number of newlines before `end` is the number of line starts (after the first) at or before it.
  const end = Math.min(Math.max(0, offset), source.length);
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= end) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** A chapter's glyph runs with source, in page order: the source range each covers and its page. */
interface SourceSpans {
  from: Float64Array;
  to: Float64Array;
  page: PageDisplayList[];
}
/** By the chapter's pages array (the same object while the chapter's layout is unchanged). */
const spansOf = new WeakMap<readonly PageDisplayList[], SourceSpans>();

function sourceSpans(pages: readonly PageDisplayList[]): SourceSpans {
  let spans = spansOf.get(pages);
  if (spans) return spans;
  const from: number[] = [];
  const to: number[] = [];
  const page: PageDisplayList[] = [];
  for (const p of pages) {
    for (const item of p.items) {
      if (item.op !== 1 || item.srcFrom < 0) continue;
      let first = item.srcFrom;
      let last = item.srcFrom + item.text.length;
      if (item.srcMap) {
        first = Infinity;
        last = -Infinity;
        for (const o of item.srcMap) {
          if (o >= 0 && o < first) first = o;
          if (o > last) last = o;
        }
        last += 1;
      }
      from.push(first);
      to.push(last);
      page.push(p);
    }
  }
  spans = { from: Float64Array.from(from), to: Float64Array.from(to), page };
  spansOf.set(pages, spans);
  return spans;
}

/**
 * The page a chapter's source offset landed on: the first glyph run at or after the offset in
 * that chapter (text not printed, such as a fence line, takes the page of what follows it; past
 * the last run, the chapter's last page).
 */
export function pageOfOffset(pages: readonly PageDisplayList[], offset: number): PageDisplayList | undefined {
  const { from, to, page } = sourceSpans(pages);
  let best = -1;
  let bestDistance = Infinity;
  for (let i = 0; i < from.length; i++) {
    const start = from[i]!;
    if (offset >= start && offset < to[i]!) return page[i];
    if (start >= offset && start - offset < bestDistance) {
      best = i;
      bestDistance = start - offset;
    }
  }
  return best >= 0 ? page[best] : pages[pages.length - 1];
}
