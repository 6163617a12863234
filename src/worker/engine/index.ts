/**
 * The typesetting pipeline, pure and DOM-free:
 *   parse (per chapter) → set paragraphs (collect → items → line breaks → lines)
 *   → paginate (columns, grid, keeps) → compose (running heads, folios) → display lists.
 * Same input → byte-identical display lists, in Node and in the browser worker.
 * Incremental by memoisation: paragraphs by (content, style, measure); chapters by
 * (source, settings, start page). A memoised relayout therefore equals a full one.
 */
import { DISPLAY_LIST_VERSION, type PageDisplayList } from '../protocol/displaylist';
import type { FontRegistry } from './fonts/registry';
import { parseChapter } from './parse';
import type { Block, Inline, ParsedChapter } from './parse/model';
import { composeFurniture } from './page/compose';
import { paginateChapter, type PageDraft } from './page/paginate';
import { setParagraph, type SetLine } from './paragraph';
import { settingsKey, type LayoutSettings, type TextStyle } from './settings';

export { defaultSettings, type LayoutSettings } from './settings';
export { FontRegistry, type FontSource } from './fonts/registry';

export interface ChapterInput {
  id: string;
  /** Title from the manifest; the first H1 is used when empty. */
  title: string;
  source: string;
}

export interface BookInput {
  title: string;
  chapters: readonly ChapterInput[];
  settings: LayoutSettings;
}

export interface ChapterLayout {
  id: string;
  /** 0-based index of the chapter's first page in the book. */
  firstPage: number;
  pages: PageDisplayList[];
}

export interface BookLayout {
  pages: PageDisplayList[];
  chapters: ChapterLayout[];
}

/** Memo tables owned by the caller (the worker keeps one per open book). */
export class EngineCache {
  readonly parsed = new Map<string, { source: string; parsed: ParsedChapter }>();
  readonly paragraphs = new Map<string, SetLine[]>();
  readonly chapters = new Map<string, { source: string; layout: ChapterLayout }>();
  /** Drops entries the last complete layout did not use, so memory tracks the live book. */
  prune(liveParagraphs: Set<string>, liveChapters: Set<string>): void {
    for (const key of this.paragraphs.keys()) if (!liveParagraphs.has(key)) this.paragraphs.delete(key);
    for (const key of this.chapters.keys()) if (!liveChapters.has(key)) this.chapters.delete(key);
  }
}

/** Parses a chapter, reusing the previous parse when its source is unchanged. */
export function parseCached(chapter: ChapterInput, isFirst: boolean, cache: EngineCache): ParsedChapter {
  const hit = cache.parsed.get(chapter.id);
  if (hit && hit.source === chapter.source) return hit.parsed;
  const parsed = parseChapter(chapter.source, { chapterId: chapter.id, isFirstChapter: isFirst });
  cache.parsed.set(chapter.id, { source: chapter.source, parsed });
  return parsed;
}

/**
 * Lays out a whole book. A generator: it yields between blocks so the caller can share the
 * thread and cancel; it returns the finished layout.
 */
/** Yielded after each chapter (between blocks the generator yields nothing). */
export interface LayoutProgress {
  chaptersDone: number;
  chapters: number;
}

export function* layoutBook(book: BookInput, fonts: FontRegistry, cache: EngineCache): Generator<LayoutProgress | undefined, BookLayout> {
  const chapters: ChapterLayout[] = [];
  const liveParagraphs = new Set<string>();
  const liveChapters = new Set<string>();
  const sKey = settingsKey(book.settings);
  let next = 0;
  for (let c = 0; c < book.chapters.length; c++) {
    const input = book.chapters[c]!;
    // The key names everything a chapter's pages depend on; the source is compared in full.
    const chapterKey = `${input.id}|${c === 0}|${next}|${book.title}|${input.title}|${sKey}`;
    liveChapters.add(chapterKey);
    const hit = cache.chapters.get(chapterKey);
    let layout: ChapterLayout;
    if (!hit || hit.source !== input.source) {
      const parsed = parseCached(input, c === 0, cache);
      layout = yield* layoutChapter(input, parsed, next, book, fonts, cache, liveParagraphs);
      cache.chapters.set(chapterKey, { source: input.source, layout });
    } else {
      layout = hit.layout;
      markParagraphsLive(layout, liveParagraphs, cache);
    }
    chapters.push(layout);
    next += layout.pages.length;
    yield { chaptersDone: c + 1, chapters: book.chapters.length };
  }
  cache.prune(liveParagraphs, liveChapters);
  return { pages: chapters.flatMap((c) => c.pages), chapters };
}

/** Paragraph keys used by a memoised chapter stay live (recorded on the layout at creation). */
const chapterParagraphKeys = new WeakMap<ChapterLayout, string[]>();
function markParagraphsLive(layout: ChapterLayout, live: Set<string>, cache: EngineCache): void {
  for (const key of chapterParagraphKeys.get(layout) ?? []) if (cache.paragraphs.has(key)) live.add(key);
}

function* layoutChapter(
  input: ChapterInput,
  parsed: ParsedChapter,
  firstPage: number,
  book: BookInput,
  fonts: FontRegistry,
  cache: EngineCache,
  liveParagraphs: Set<string>,
): Generator<undefined, ChapterLayout> {
  const settings = book.settings;
  const sKey = settingsKey(settings);
  const usedKeys: string[] = [];
  const setText = (block: Block, style: TextStyle, measure: number, indent: number, justify: boolean): SetLine[] => {
    const inlines = 'inlines' in block ? block.inlines : [];
    const base = block.range.from;
    const key = `${sKey}|${JSON.stringify(style)}|${measure}|${indent}|${justify}|${inlineKey(inlines, base)}`;
    usedKeys.push(key);
    liveParagraphs.add(key);
    let lines = cache.paragraphs.get(key);
    if (!lines) {
      lines = setParagraph({ inlines: rebaseInlines(inlines, base), style, measure, indent, justify }, fonts, settings);
      cache.paragraphs.set(key, lines);
    }
    return shiftLines(lines, base);
  };
  const drafts: PageDraft[] = yield* paginateChapter(parsed, firstPage, settings, fonts, setText);
  const title = input.title || firstHeadingText(parsed) || '';
  const setGenerated = (text: string, style: TextStyle): SetLine => {
    const lines = setParagraph({ inlines: [{ kind: 'text', text, marks: [], range: { from: -1e9, to: -1e9, line: 0, column: 0 } }], style, measure: 1e6, indent: 0, justify: false }, fonts, settings);
    return lines[0] ?? { runs: [], width: 0, ratio: 0, hyphenated: false, emergency: false, srcFrom: -1, srcTo: -1 };
  };
  const pages = drafts.map((draft): PageDisplayList => {
    const label = String(draft.index + 1);
    const furniture = composeFurniture(
      { bookTitle: book.title, chapterTitle: title, chapterId: input.id, label, pageIndex: draft.index, opener: draft.opener, blank: draft.blank },
      settings,
      fonts,
      setGenerated,
    );
    return {
      version: DISPLAY_LIST_VERSION,
      index: draft.index,
      label,
      chapter: input.id,
      width: roundSize(settings.pageWidth),
      height: roundSize(settings.pageHeight),
      items: [...draft.items, ...furniture],
    };
  });
  const layout: ChapterLayout = { id: input.id, firstPage, pages };
  chapterParagraphKeys.set(layout, usedKeys);
  return layout;
}

function roundSize(v: number): number {
  return Math.round(v * 1000) / 1000;
}

function firstHeadingText(parsed: ParsedChapter): string | undefined {
  const heading = parsed.blocks.find((b) => b.kind === 'heading' && b.level === 1);
  if (!heading || heading.kind !== 'heading') return undefined;
  return heading.inlines.map((i) => (i.kind === 'text' ? i.text : '')).join('');
}

/** Content key of a block's inlines with offsets relative to the block start (edits above it keep the key). */
function inlineKey(inlines: readonly Inline[], base: number): string {
  return JSON.stringify(rebaseInlines(inlines, base));
}

function rebaseInlines(inlines: readonly Inline[], base: number): Inline[] {
  return inlines.map((inline) => {
    if (inline.kind !== 'text') return inline;
    return {
      ...inline,
      range: { ...inline.range, from: inline.range.from - base, to: inline.range.to - base, line: 0, column: 0 },
      ...(inline.offsets ? { offsets: inline.offsets.map((o) => o - base) } : {}),
    };
  });
}

function shiftLines(lines: readonly SetLine[], delta: number): SetLine[] {
  if (delta === 0) return lines as SetLine[];
  return lines.map((line) => ({
    ...line,
    srcFrom: line.srcFrom + delta,
    srcTo: line.srcTo + delta,
    runs: line.runs.map((run) => ({ ...run, offsets: run.offsets.map((o) => o + delta) })),
  }));
}

/** FNV-1a over UTF-16 units: a cheap content fingerprint for memo keys (not security). */
export function hashString(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16) + ':' + text.length;
}
