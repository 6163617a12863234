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
import type { LayoutSettings } from '../settings';
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
}

/** The input plus what every detector shares. */
export interface CheckContext extends ChecksInput {
  options: CheckOptions;
  /** Chapter position (0-based) by id. */
  chapterIndex: Map<string, number>;
}

/** 1-based line of a UTF-16 offset in a source text. */
export function lineAt(source: string, offset: number): number {
  let line = 1;
  const end = Math.min(Math.max(0, offset), source.length);
  for (let i = 0; i < end; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * The page a chapter's source offset landed on: the first glyph run at or after the offset in
 * that chapter (text not printed, such as a fence line, takes the page of what follows it; past
 * the last run, the chapter's last page).
 */
export function pageOfOffset(pages: readonly PageDisplayList[], offset: number): PageDisplayList | undefined {
  let best: { page: PageDisplayList; distance: number } | undefined;
  for (const page of pages) {
    for (const item of page.items) {
      if (item.op !== 1 || item.srcFrom < 0) continue;
      const from = item.srcMap ? Math.min(...item.srcMap.filter((o) => o >= 0)) : item.srcFrom;
      const to = item.srcMap ? Math.max(...item.srcMap) + 1 : item.srcFrom + item.text.length;
      if (offset >= from && offset < to) return page;
      if (from >= offset && (!best || from - offset < best.distance)) best = { page, distance: from - offset };
    }
  }
  return best?.page ?? pages[pages.length - 1];
}
