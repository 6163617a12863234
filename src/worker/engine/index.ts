/**
 * The typesetting pipeline, pure and DOM-free:
 *   parse (per chapter) → set paragraphs (collect → items → line breaks → lines)
 *   → paginate (columns, grid, keeps) → compose (running heads, folios) → display lists.
 * Same input → byte-identical display lists, in Node and in the browser worker.
 * Incremental by memoisation: paragraphs by (content, style, measure); chapters by
 * (source, settings, start page). A memoised relayout therefore equals a full one.
 */
import { DISPLAY_LIST_VERSION, Op, type DisplayItem, type PageDisplayList } from '../protocol/displaylist';
import type { FontRegistry } from './fonts/registry';
import { parseChapter } from './parse';
import { codeReading } from './settings-code';
import { movedFrom } from './parse/inline-memo';
import type { Inline, ParsedChapter } from './parse/model';
import type { Hyphenator } from './text/hyphenate';
import { composeFurniture, usesBookTotalPages, type SlotTruncation } from './page/compose';
import { lineNumberItems } from './page/line-numbers';
import { flowOntoSheet, orientationOverrides } from './page/vertical';
import { redrawPartDesigns } from './page/part-design';
import { designTextSetter } from './page/furniture-text';
import { chapterPageValues, guideWordValues, markBlocks, usesGuideWords, type RunningChapter } from './page/guide-words';
import type { NarrowColumns } from './page/columns-narrow';
import { metadataValues } from './page/metadata';
import { slotImages } from './page/furniture-images';
import { wrapRequestOf, type WrapRefusal } from './page/floats-wrap';
import { pageFill } from './page/sections';
import { partSettings, recolour } from './page/part';
import { noteMarker } from './page/notes';
import { footnoteNumbers, paginateChapter, type PageDraft, type TextRequest } from './page/paginate';
import type { LeverRecord } from './page/levers';
import { paginatePasses, type PassEdit, type PassPlan } from './page/passes';
import type { StartOrigin } from './page/resume';
import { EditResumes, type ChapterStarts } from './page/edit-resume';
import { BookStructureMemo, structuralDigest } from './page/book-structure-memo';
import { paragraphUse, ParagraphUses, type ParagraphUse } from './paragraph-use';
import { initialNoteNumbers, noteRenumberer } from './page/note-numbering';
import { bookStructure, chapterPlacement, floatSpecOf, type BookStructure, type ChapterPlacement } from './page/book';
import { addMarkPages } from './page/index-marks';
import { initialNumbering, labelPages, type NumberingState } from './page/structure';
import { movedDrafts, openingBreak, openingDrafts, openingStart, paginationStart, sharedOpening, type SideBreak } from './page/chapter-start';
import { startingHeadingCounters } from './page/continuation';
import { PreparedParagraphs, setParagraph, setParagraphIf, type InlineContext, type LineRun, type LineShape, type SetLine, type WordTapeSlot } from './paragraph';
import { movedLine, runOffsets } from './paragraph/lines';
import { SetRun } from './paragraph/set-run';
import { paragraphSettingsKey, settingsKey, type LayoutSettings, type TextStyle } from './settings';
import { FNV_OFFSET_BASIS, FNV_PRIME } from './text/text-table';
import { numberBook, resourceFlowBlock, type ResourceNumbering, type ResourceSet } from './resources';
import { formulaRefsKey, prepareBookMath, rebaseMath, shiftFormulas, type BookMath } from './math/book';
import { equationRefText } from './math/numbering';
import type { MathTypesetter } from './math/types';

export { defaultSettings, type LayoutSettings } from './settings';
export { readContinuation, withContinuation, type Continuation } from './page/continuation';
export { FontRegistry, type FontSource } from './fonts/registry';
export { Shaper } from './fonts/shaper';
export { createHyphenator, resolveHyphenationLanguage, type Hyphenator } from './text/hyphenate';
export { prepareResources, type ResourceSet } from './resources';
export { bookFormulas, mayHaveMaths } from './math/book';
export { releaseSharedWords } from './paragraph/items';
export type { MathTypesetter } from './math/types';

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
  /** Hyphenation patterns for the book's language, loaded by the host; absent = no hyphenation. */
  hyphenator?: Hyphenator | undefined;
  /** The book's figures and tables, prepared by `prepareResources` (engine/resources); absent = none. */
  resources?: ResourceSet | undefined;
  /** MathJax, loaded by the host when the book has formulas (engine/math); absent = grey placeholders. */
  math?: MathTypesetter | undefined;
}

export interface ChapterLayout {
  id: string;
  /** 0-based index of the chapter's first page in the book. */
  firstPage: number;
  /** Page numbering in force after the chapter (the next chapter starts with it). */
  numbering: NumberingState;
  pages: PageDisplayList[];
  /** Floats scaled into their slot, by page index, with their picture's scale (page/floats-shrink.ts; the `floatShrunk` check). */
  floatsShrunk?: { id: string; pageIndex: number; scale: number }[];
  /** Wrapped resources set as full bands instead, by page index, and why (page/floats-wrap.ts; the `textWrap` check). */
  wrapsRefused?: { id: string; pageIndex: number; reason: WrapRefusal; at?: number }[];
  /** Design text lines cut to their box (`overflow` ellipsis/clip, page/furniture-elements.ts; the `designTextTruncated` check). */
  designTruncated?: DesignTruncation[];
  /** Designed headings with an element past the trim, by page index (page/heading-design.ts; the `headingDesignCut` check). */
  headingDesignsCut?: { block: string; element: string; by: number; pageIndex: number }[];
  /** `:::columns` groups set in sub-columns under 6 em, by page index: the group's block, a sub-column's width and the floor, pt (page/columns-narrow.ts; the `columnsTooNarrow` check). */
  columnsTooNarrow?: (NarrowColumns & { pageIndex: number })[];
  /** Balancing levers that fired, per block, by page index (configuration.md §8.5 `block.balancing.levers`; page/levers.ts). */
  levers?: (LeverRecord & { pageIndex: number })[];
  /** The last margin line number it counted (lineNumbers.restart 'document', §11.2): the next chapter goes on from it. */
  lineNumbersEnd?: number;
}

/** One design text line cut on one page: its slot's setting path, element id, full and printed text. */
export interface DesignTruncation extends SlotTruncation {
  pageIndex: number;
}

export interface BookLayout {
  pages: PageDisplayList[];
  chapters: ChapterLayout[];
  /** Page labels printed by `:::toc` or page references still moved after the last allowed pass. */
  labelsUnsettled?: true;
}

/**
 * Stale paragraph entries tolerated before the memo is pruned: a few hundred set paragraphs
 * (~50 kB each at most) against a book's thousands; about a hundred one-paragraph edits.
 */
const PARAGRAPH_PRUNE_SLACK = 256;

/**
 * A paragraph memo entry: its lines with source offsets at `base` (UTF-16 units into the chapter;
 * 0 = as set, relative to the block start), the copy last handed out. Moving them to another base
 * is additive — offsets ≥ 0 stay ≥ 0 and move by the difference, generated ones keep their class
 * (`shiftLines`, `shiftMovableLines`) — so lines moved from here equal lines moved from the set
 * ones, and the memo keeps no second, block-relative copy of every line and run (~34 MB of a
 * 1,000-page book's heap when it did).
 */
interface PlacedLines {
  lines: SetLine[];
  base: number;
  /**
   * The rebased inlines the lines were set from. The memo key carries only their digest
   * (`contentDigest`): a lookup whose entry was set from other content is a miss (`sameContent`).
   */
  source: Rebased;
}

/** A setting `TextRequest.accept` refused (`EngineCache.refused`): the lines' shapes, and the content it was set from (as `PlacedLines.source`). */
interface RefusedSetting {
  source: Rebased;
  shapes: readonly LineShape[];
}

/** Memo tables owned by the caller (the worker keeps one for every book it opens: `prune` forgets the chapters a new book does not have). */
export class EngineCache {
  /**
   * @param resumePasses a chapter's later passes go on from a block start of its plain pass
   * (page/resume.ts); false: every pass from the chapter's first block (the reference the tests compare with).
   */
  constructor(readonly resumePasses = true) {}
  readonly parsed = new Map<string, { source: string; hardLineBreaks: boolean; codeBlocks: boolean; indentedCode: boolean; parsed: ParsedChapter }>();
  /** Set paragraphs by memo key, as last placed (`PlacedLines`): one copy of their lines and runs each. */
  readonly paragraphs = new Map<string, PlacedLines>();
  /**
   * Settings a caller refused before their lines were set (`TextRequest.accept`: balancing lever 7
   * trying looser settings, page/lever-paragraphs.ts), by paragraph memo key: the lines' shapes, so a
   * later pass or build asks again without breaking the paragraph again.
   */
  readonly refused = new Map<string, RefusedSetting>();
  /** Paragraph items kept by their (stable, rebased) inlines: a new measure re-breaks without re-shaping (paragraph/index.ts). */
  readonly prepared = new PreparedParagraphs();
  /** Chapter layouts by memo key, with the settings only composition reads that they were composed with (`composedOnlyKey`). */
  readonly chapters = new Map<string, { source: string; layout: ChapterLayout; composed: string }>();
  /**
   * Block starts of each plain pass of each chapter's last layout (page/resume.ts), by chapter id,
   * with its memo key: an edit's passes go on from them (page/edit-resume.ts); and that layout
   * itself, for the first pass to stop once in step with it again (page/converge.ts).
   */
  readonly chapterStarts = new Map<string, ChapterStarts>();
  /** What each chapter's last layout asked of the paragraph memo, by chapter id (paragraph-use.ts): the next layout of it keeps the keys of the pages it takes over. */
  readonly paragraphUse = new ParagraphUses();
  /**
   * The last paragraph memo key built for each inline array (the parse's, stable while its block is
   * unchanged), with what it was built from: `head` (style, measure, generated texts…) and `base`.
   */
  readonly textRequests = new WeakMap<readonly Inline[], { head: string; base: number; key: string; placed: PlacedLines; movable: boolean }>();
  /** Page numbering each chapter started with in the last full layout (for a chapter laid out alone first). */
  readonly numberingAt = new Map<string, NumberingState>();
  /** The book's page count in the last full layout: what `{bookTotalPages}` prints until the new one is known. */
  bookTotalPages: number | undefined;
  /** The part page that ended the previous chapter file in the last full layout, by chapter (`partPageAtEnd`). */
  readonly partBeforeAt = new Map<string, PartBlock>();
  /** The margin line number each chapter's count went on from in the last full layout (lineNumbers.restart 'document'), by chapter. */
  readonly lineCarryAt = new Map<string, number>();
  /**
   * Page label of every block (`chapterId|blockId`) in the last full layout: what `:::toc` and page
   * references print. Read from that layout's glyph runs when first asked for: a book that prints
   * no page labels never asks, and walking every page's runs after each edit cost ~4 % of it.
   */
  get pageLabels(): ReadonlyMap<string, string> {
    if (this.labelsOf) {
      this.labels = blockPageLabels(this.labelsOf);
      this.labelsOf = null;
    }
    return this.labels;
  }
  set pageLabels(labels: ReadonlyMap<string, string>) {
    this.labels = labels;
    this.labelsOf = null;
  }
  /** The layout whose labels `pageLabels` gives, read when first asked for. */
  labelsFromLayout(chapters: readonly ChapterLayout[]): void {
    this.labelsOf = chapters;
  }
  private labels: ReadonlyMap<string, string> = new Map();
  private labelsOf: readonly ChapterLayout[] | null = null;
  /** Generated one-line texts (running heads, folios, markers) for one settings key and font registry generation. */
  private generated: { key: string; fonts: FontRegistry; lines: Map<string, SetLine> } | null = null;
  /** The generated-line memo for `key` (settings) and `fonts` at its generation: a new one when either changed. */
  generatedLines(key: string, fonts: FontRegistry): Map<string, SetLine> {
    const full = `${key}|${fonts.generation}`;
    if (!this.generated || this.generated.key !== full || this.generated.fonts !== fonts) this.generated = { key: full, fonts, lines: new Map() };
    return this.generated.lines;
  }
  /** Long key parts (the settings' JSON, ~3,600 UTF-16 units) by a short id, for paragraph memo keys. */
  private readonly keyIds = new Map<string, string>();
  /**
   * A short stand-in for `text` in memo keys, unique per distinct text for this cache's life
   * (exact, unlike a hash: no two texts share an id). Paragraph keys were mostly the settings'
   * JSON, and every lookup hashed and compared it again.
   */
  intern(text: string): string {
    let id = this.keyIds.get(text);
    if (id === undefined) {
      id = `#${this.keyIds.size}`;
      this.keyIds.set(text, id);
    }
    return id;
  }
  /** The book structure of the last build, taken again while no chapter changed what it is counted from (page/book-structure-memo.ts). */
  readonly structures = new BookStructureMemo();
  /** The last text given to `latestId` for each slot, with its id. */
  private readonly latest = new Map<string, { text: string; id: string }>();
  /**
   * A short stand-in for `text` in memo keys, for a slot whose text is book-wide and long (every
   * heading's number and title, every reference text: tens of kB in a 1,000-page book) and is put
   * in every chapter's key: the same id as the last build's when the text is the same, else a new
   * one. Exact (an id never stands for two texts), and only the last text is kept, where `intern`
   * would keep every text ever seen — a text that changes with each keystroke in a heading.
   */
  latestId(slot: string, text: string): string {
    const last = this.latest.get(slot);
    if (last?.text === text) return last.id;
    const id = `${slot}#${++this.latestCount}`;
    this.latest.set(slot, { text, id });
    return id;
  }
  private latestCount = 0;
  /**
   * Drops at once the paragraph entries a chapter's previous layout used, under another chapter
   * key (a change of the settings it reads, or of its start), that its new layout did not ask for
   * (`use`): set under settings no longer in force, they wait for nothing but the end-of-build
   * prune. Dropped as each chapter is laid out, the old settings' lines are let go while the build
   * goes on, instead of being held with the new ones until the book is done (the worker's heap
   * peaks there during a global change). An entry another chapter's layout uses is kept.
   */
  dropLeftBehind(before: ParagraphUse, use: ReadonlyMap<string, number>): void {
    for (const key of before.bases.keys()) {
      if (use.has(key) || !(this.paragraphs.has(key) || this.refused.has(key))) continue;
      // Another chapter's last layout uses it: this chapter's new use, recorded already, does not.
      if (this.paragraphUse.users(key) > 0) continue;
      this.paragraphs.delete(key);
      this.refused.delete(key);
    }
  }

  /**
   * Drops entries the last complete layout did not use, so memory tracks the live book.
   * `liveParagraphs` lists each chapter's distinct paragraph keys. Walking them all costs about as
   * much as relaying out the edited chapter, so paragraphs are pruned only once more than
   * `PARAGRAPH_PRUNE_SLACK` entries could be stale (an edit leaves a few: its changed paragraphs).
   */
  prune(liveParagraphs: readonly (readonly string[])[], liveChapters: Set<string>, bookChapters: readonly { id: string }[]): void {
    const chapterGone = this.forgetChaptersOutside(bookChapters);
    let used = 0;
    for (const keys of liveParagraphs) used += keys.length;
    // (A key is in `paragraphs` or in `refused`, never in both.) A chapter gone (another book
    // opened) leaves every paragraph of it stale, however few: they are dropped at once.
    if (chapterGone || this.paragraphs.size + this.refused.size > used + PARAGRAPH_PRUNE_SLACK) {
      const live = new Set<string>();
      for (const keys of liveParagraphs) for (const key of keys) live.add(key);
      for (const key of this.paragraphs.keys()) if (!live.has(key)) this.paragraphs.delete(key);
      for (const key of this.refused.keys()) if (!live.has(key)) this.refused.delete(key);
    }
    for (const key of this.chapters.keys()) if (!liveChapters.has(key)) this.chapters.delete(key);
    for (const [id, entry] of this.chapterStarts) if (!liveChapters.has(entry.key)) this.chapterStarts.delete(id);
    for (const [id, entry] of this.paragraphUse) if (!liveChapters.has(entry.chapterKey)) this.paragraphUse.delete(id);
  }

  /**
   * Drops what is kept by chapter id for chapters the book no longer has: a deleted chapter, or
   * every chapter of the book opened before (the worker keeps one cache for all the books it
   * opens). A parse kept here holds everything memoised for it by identity — its paragraphs'
   * prepared items and placed lines (`prepared`, `textRequests`), its running-head carry — and,
   * through the settings those were made under, that book's word tables: in a Chromium heap
   * snapshot of the bench, the sample book opened at start kept two settings and their tables
   * alive beside the bench book's (2026-12-07). Says whether a parsed chapter went.
   */
  private forgetChaptersOutside(bookChapters: readonly { id: string }[]): boolean {
    const ids = new Set<string>();
    for (const chapter of bookChapters) ids.add(chapter.id);
    let gone = false;
    for (const id of this.parsed.keys()) {
      if (ids.has(id)) continue;
      this.parsed.delete(id);
      gone = true;
    }
    for (const map of [this.numberingAt, this.partBeforeAt, this.lineCarryAt]) for (const id of map.keys()) if (!ids.has(id)) map.delete(id);
    this.structures.keepChapters(ids);
    if (gone) this.prepared.forgetWaiting();
    return gone;
  }
}

/**
 * Parses a chapter, reusing the previous parse when its source and the settings the parser reads
 * (`bodyText.hardLineBreaks`, `settings.body.hardLineBreaks`; `codeStyle.blocks` / `indentedCode`,
 * `settings.listing`) are unchanged.
 */
export function parseCached(chapter: ChapterInput, isFirst: boolean, cache: EngineCache, settings: Pick<LayoutSettings, 'body' | 'listing'>): ParsedChapter {
  const hardLineBreaks = settings.body.hardLineBreaks !== false;
  const { codeBlocks, indentedCode } = codeReading(settings.listing);
  const hit = cache.parsed.get(chapter.id);
  if (hit && hit.source === chapter.source && hit.hardLineBreaks === hardLineBreaks && hit.codeBlocks === codeBlocks && hit.indentedCode === indentedCode) return hit.parsed;
  // The previous parse lends the inlines of every block the edit did not touch (parse/inline-memo.ts;
  // its keys hold the hard-break reading, so a parse under the other value lends only what reads the same).
  const parsed = parseChapter(chapter.source, { chapterId: chapter.id, isFirstChapter: isFirst, previous: hit, hardLineBreaks, codeBlocks, indentedCode });
  cache.parsed.set(chapter.id, { source: chapter.source, hardLineBreaks, codeBlocks, indentedCode, parsed });
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
  /** The chapter just finished: final for this build, since its start depends only on earlier chapters. */
  chapter?: ChapterLayout;
}

/**
 * Generated page labels (`:::toc`, page references) converge over passes: a pass prints the labels
 * of the previous layout; when they changed, the book is laid out again — only the chapters that
 * print them miss the memo — at most `MAX_LABEL_PASSES` more times (configuration.md §11.5).
 */
const MAX_LABEL_PASSES = 3;

export function* layoutBook(book: BookInput, fonts: FontRegistry, cache: EngineCache, pass = 0): Generator<LayoutProgress | undefined, BookLayout> {
  const chapters: ChapterLayout[] = [];
  const live: LiveKeys = { paragraphs: [], chapters: new Set<string>() };
  const shared = yield* prepareBook(book, cache, fonts);
  let next = 0;
  let numbering = initialNumbering(book.settings);
  let partBefore: PartBlock | undefined;
  // The last margin line number counted so far (lineNumbers.restart 'document', §11.2).
  let lineCarry: number | undefined;
  for (let c = 0; c < book.chapters.length; c++) {
    const id = book.chapters[c]!.id;
    cache.numberingAt.set(id, numbering);
    if (partBefore) cache.partBeforeAt.set(id, partBefore);
    else cache.partBeforeAt.delete(id);
    if (lineCarry === undefined) cache.lineCarryAt.delete(id);
    else cache.lineCarryAt.set(id, lineCarry);
    const layout = yield* chapterAt(book, shared, c, next, fonts, cache, live, numbering, partBefore, lineCarry);
    numbering = layout.numbering;
    lineCarry = layout.lineNumbersEnd;
    partBefore = partPageAtEnd(layout, shared.parsed[c]!, book.settings);
    chapters.push(layout);
    next += layout.pages.length;
    yield { chaptersDone: c + 1, chapters: book.chapters.length, chapter: layout };
  }
  let settled = true;
  if (shared.structure.usesPages.size === 0) cache.labelsFromLayout(chapters);
  else {
    const labels = blockPageLabels(chapters, shared.structure.indexNames.size > 0);
    settled = sameLabels(labels, cache.pageLabels);
    cache.pageLabels = labels;
  }
  // Later passes report no progress: the host has announced these chapters already (their
  // labels are fixed by the final layout, which it announces at convergence).
  if (!settled && pass < MAX_LABEL_PASSES) return yield* withoutProgress(layoutBook(book, fonts, cache, pass + 1));
  cache.prune(live.paragraphs, live.chapters, book.chapters);
  // `{bookTotalPages}` (configuration.md §5.5, "needs a second pass"): now known, printed on every chapter's pages.
  cache.bookTotalPages = next;
  const final = chapters.map((layout) => bookTotalLayout(layout, next));
  // (A loop, not flatMap: a thousand pages through flatMap's generic path took ~2 % of an edit.)
  const pages: PageDisplayList[] = [];
  for (const chapter of final) for (const page of chapter.pages) pages.push(page);
  return { pages, chapters: final, ...(settled ? {} : { labelsUnsettled: true as const }) };
}

/**
 * Chapters whose slots print `{bookTotalPages}`: the total they were composed with and how to
 * compose their pages with another (engine-internal; the chapter memo keeps the first composition).
 */
const bookTotals = new WeakMap<ChapterLayout, { total: string; compose: (total: string) => { pages: PageDisplayList[]; truncated: DesignTruncation[] } }>();
/** The same chapter composed with another total, by the memoised layout (the same object while total and layout stay). */
const withTotal = new WeakMap<ChapterLayout, { total: string; layout: ChapterLayout }>();

/** The chapter with `{bookTotalPages}` printing `total`: itself when it printed that already or prints none. */
function bookTotalLayout(layout: ChapterLayout, total: number): ChapterLayout {
  const entry = bookTotals.get(layout);
  const printed = String(total);
  if (!entry || entry.total === printed) return layout;
  const hit = withTotal.get(layout);
  if (hit && hit.total === printed) return hit.layout;
  const { pages, truncated } = entry.compose(printed);
  const relabelled: ChapterLayout = { ...layout, pages };
  if (truncated.length > 0) relabelled.designTruncated = truncated;
  else delete relabelled.designTruncated;
  withTotal.set(layout, { total: printed, layout: relabelled });
  return relabelled;
}

/**
 * Chapters numbering their lines on from the chapter before (lineNumbers.restart 'document',
 * configuration.md §11.2; page/line-numbers.ts): where each page's numbers sit in its items, how
 * many, and how to count them from another number. The memo keeps the chapter as laid out (counted
 * from `startAt`); the count carried in only changes its numbers, so the chapter is not laid out again.
 */
const lineCarries = new WeakMap<ChapterLayout, { at: readonly number[]; counts: readonly number[]; palettes: readonly (Readonly<Record<string, string>> | undefined)[]; base: Readonly<Record<string, string>> | undefined; parsed: ParsedChapter; renumber: (carry: number) => { pages: DisplayItem[][]; end: number } }>();
/** The chapter numbered from a carried count, by the memoised layout (the same object while the count and layout stay). */
const withLineCarry = new WeakMap<ChapterLayout, { carry: number; layout: ChapterLayout }>();

/** The chapter with its margin line numbers counted on from `carry`: itself for the first chapter or when it does not carry counts. */
function carriedLineNumbers(layout: ChapterLayout, carry: number | undefined): ChapterLayout {
  const entry = lineCarries.get(layout);
  if (!entry || carry === undefined) return layout;
  const hit = withLineCarry.get(layout);
  if (hit && hit.carry === carry) return hit.layout;
  const numbers = entry.renumber(carry);
  // Each page's numbers replaced in place, recoloured as the page's other items are (page/part.ts).
  const swap = (pages: readonly PageDisplayList[]): PageDisplayList[] =>
    pages.map((page, d) => {
      const at = entry.at[d]!;
      const fresh = recolour(numbers.pages[d] ?? [], entry.palettes[d], entry.base);
      return { ...page, items: [...page.items.slice(0, at), ...fresh, ...page.items.slice(at + entry.counts[d]!)] };
    });
  const carried: ChapterLayout = { ...layout, pages: swap(layout.pages), lineNumbersEnd: numbers.end };
  // `{bookTotalPages}` composed again keeps these numbers.
  const total = bookTotals.get(layout);
  if (total) bookTotals.set(carried, { total: total.total, compose: (printed) => {
    const composed = total.compose(printed);
    return { ...composed, pages: swap(composed.pages) };
  } });
  layoutParses.set(carried, entry.parsed);
  withLineCarry.set(layout, { carry, layout: carried });
  return carried;
}

/**
 * Lays out one chapter as if it started at `firstPage` — the chapter on screen, before the whole
 * book. The result is memoised under the same key the full pass uses, so when the guess of the
 * start page was right the full pass reuses it and nothing is set twice.
 */
export function* layoutChapterAt(book: BookInput, index: number, firstPage: number, fonts: FontRegistry, cache: EngineCache): Generator<undefined, ChapterLayout> {
  const live: LiveKeys = { paragraphs: [], chapters: new Set<string>() };
  const id = book.chapters[index]!.id;
  const layout = yield* chapterAt(book, yield* prepareBook(book, cache, fonts), index, firstPage, fonts, cache, live, cache.numberingAt.get(id), cache.partBeforeAt.get(id), cache.lineCarryAt.get(id));
  // `{bookTotalPages}`: the last full layout's total.
  return cache.bookTotalPages === undefined ? layout : bookTotalLayout(layout, cache.bookTotalPages);
}

interface LiveKeys {
  /** Each chapter's distinct paragraph keys. */
  paragraphs: (readonly string[])[];
  chapters: Set<string>;
}

interface SharedBook {
  parsed: ParsedChapter[];
  refs: Map<string, string>;
  /** Resource numbers in first-mention order (document-format §12.4), when the book has resources. */
  numbering?: ResourceNumbering | undefined;
  /** Equation numbers and the formula setter (engine/math). */
  math: BookMath;
  /** Heading numbers and reference targets (engine/page/book.ts). */
  structure: BookStructure;
  /** `{subtitle}`, `{author}`, `{publishDate}` of design slots: the first chapter's front matter (page/metadata.ts). */
  metadata: Record<string, string>;
  /** Everything book-wide a chapter's pages depend on besides its own source and start page. */
  key: string;
}

const NO_LABELS: ReadonlyMap<string, string> = new Map();

function* prepareBook(book: BookInput, cache: EngineCache, fonts: FontRegistry): Generator<undefined, SharedBook> {
  // Parse every chapter first (cached): cross-references are book-wide. A yield after each
  // chapter parsed anew: parsing a new 300-page book took ~0.9 s in one step, and a build is
  // only cancelled (and the worker only answers) between steps.
  const parsed: ParsedChapter[] = [];
  for (let c = 0; c < book.chapters.length; c++) {
    const input = book.chapters[c]!;
    const before = cache.parsed.get(input.id);
    const chapter = parseCached(input, c === 0, cache, book.settings);
    parsed.push(chapter);
    if (before?.parsed !== chapter) yield undefined;
  }
  const refs = referenceTexts(parsed);
  // Whether hyphenation patterns are at hand changes every paragraph's breaks: part of the key.
  const numbering = book.resources ? numberBook(book.resources, parsed, book.settings.numerals, startingHeadingCounters(book.settings)) : undefined;
  const resourcesKey = book.resources ? `|${hashString(book.resources.key)}|${JSON.stringify([...numbering!.numbers.values()].map((n) => [n.resourceId, n.number]))}` : '';
  const math = prepareBookMath(parsed, book.settings, book.math, fonts);
  const metadata = metadataValues(parsed[0]?.frontmatter, book.settings.language);
  // By a short id (`latestId`): each chapter's memo key holds it, and a ~4 kB part (tens of kB of reference texts in a long book) made every chapter's key long to build and hash.
  // Settings only composition reads (margin line numbers, running heads and folios, the page's fill) are not in it: a chapter is composed again for them (chapterAt).
  const key = cache.latestId('book', `${settingsKey(paginatedSettings(book.settings))}|${book.hyphenator ? 'hyphenate' : 'whole-words'}|${book.title}|${JSON.stringify(metadata)}|${JSON.stringify([...refs])}${resourcesKey}|${math.key}`);
  // Each chapter's structural digest under these settings (what the structure memo compares), a
  // step each: after a global change all are built again (new settings). 5.3 ms of one cancel
  // window of the bench's Chromium trace was spent there, in one step a superseding change waited
  // behind (under 1 ms in Node after warm-up runs). Known digests are a lookup.
  for (const chapter of parsed) {
    structuralDigest(chapter, book.settings);
    yield undefined;
  }
  // Every heading target of the book is in each chapter's key (a reference prints its number and
  // title): by a short id, as the key above, not the text built, escaped and hashed once per chapter.
  const counted = cache.structures.structure(parsed, book.settings, book.resources, () => bookStructure(parsed, book.settings, NO_LABELS, (id) => floatSpecOf(book.resources, id)));
  const structure = { ...counted, targetsKey: cache.latestId('targets', counted.targetsKey) };
  // Page labels are printed by chapters that use them (`usesPages`) and, with page-style
  // references by default, by any reference: read them only then.
  const printsLabels = structure.usesPages.size > 0 || book.settings.crossRefs.defaultStyle === 'page';
  return { parsed, refs, numbering, math, key, metadata, structure: printsLabels ? { ...structure, pageLabels: cache.pageLabels, pageLabelsKey: cache.latestId('labels', labelsRead(structure, cache.pageLabels)) } : structure };
}

/**
 * A chapter's memo key: `head` (its id, start, title, the book's key), its placement's key (kB
 * long: heading numbers, sections, floats, part and running carry), `tail`. The same string
 * object as the last build's while its parts are the same and the placement is the same object
 * (page/book-structure-memo.ts keeps it): a string keeps its hash, so the memo lookup does not
 * copy and hash the whole key again for every chapter of every build.
 */
const memoKeys = new WeakMap<ChapterPlacement, { head: string; tail: string; key: string }>();
function chapterMemoKey(head: string, placement: ChapterPlacement, tail: string): string {
  const known = memoKeys.get(placement);
  if (known && known.head === head && known.tail === tail) return known.key;
  const key = `${head}${placement.key}${tail}`;
  memoKeys.set(placement, { head, tail, key });
  return key;
}

/**
 * The page labels a chapter that prints pages reads (page/book.ts chapterPlacement), as text: the
 * contents' rows with their labels, and the labels of the blocks anchors name (a reference to an
 * anchor prints its block's page). The rows of the indexes it prints hold their pages and are in
 * the key apart. Every other block's label — most of them — is in no chapter's key: a page moved
 * under a paragraph relays no chapter that cannot print it.
 */
function labelsRead(structure: BookStructure, labels: ReadonlyMap<string, string>): string {
  return JSON.stringify([structure.toc, structure.toc.map((entry) => labels.get(entry.key) ?? '?'), [...structure.anchorBlocks.values()].map((block) => labels.get(block) ?? '?')]);
}

/**
 * Each chapter layout's composition at another first page from the same pagination (page/chapter-start.ts),
 * or null when its pagination does not hold there (a first page on the other side).
 */
const composers = new WeakMap<ChapterLayout, (firstPage: number, settings: LayoutSettings) => ChapterLayout | null>();

/**
 * The settings pagination reads: all but those only composition reads — margin line numbers
 * (`lineNumbers`, configuration.md §18 "keys that never move a line": page/line-numbers.ts runs
 * over the finished drafts) and the running heads and folios (`furniture`: its style, rule and
 * designed slots, set by page/compose.ts on the finished pages; not `bleed`, which designs drawn
 * in the flow anchor to) and the page's fill (`pageBackground`, page/sections.ts `pageFill`, drawn
 * under each composed page). A change to those composes each chapter again from its pagination.
 * New code in pagination that reads one of them must take it out of here.
 */
function paginatedSettings(settings: LayoutSettings): LayoutSettings {
  const { lineNumbers: _numbers, pageBackground: _fill, furniture, ...paginated } = settings;
  return { ...paginated, furniture: { bleed: furniture.bleed } as LayoutSettings['furniture'] };
}

/** The settings only composition reads (`paginatedSettings` leaves them out), as a key. */
function composedOnlyKey(settings: LayoutSettings): string {
  // Once per settings object: it was written out for every chapter of every build.
  let key = composedOnlyKeys.get(settings);
  if (key === undefined) {
    key = JSON.stringify([settings.lineNumbers ?? null, settings.furniture, settings.pageBackground ?? null]);
    composedOnlyKeys.set(settings, key);
  }
  return key;
}
const composedOnlyKeys = new WeakMap<LayoutSettings, string>();

function* chapterAt(book: BookInput, shared: SharedBook, c: number, firstPage: number, fonts: FontRegistry, cache: EngineCache, live: LiveKeys, numberingStart: NumberingState = initialNumbering(book.settings), partBefore?: PartBlock, lineCarry?: number): Generator<undefined, ChapterLayout> {
  const input = book.chapters[c]!;
  // The key names everything a chapter's pages depend on; the source is compared in full.
  const bookPlacement = cache.structures.placement(shared.structure, input.id, numberingStart);
  // A part page ending the previous file: its verso design may fall on this file's first page.
  const placement = partBefore ? { ...bookPlacement, structure: { ...bookPlacement.structure, partBefore } } : bookPlacement;
  // The start page enters the key only as far as pagination reads it (page/chapter-start.ts): a chapter
  // opening with a break to one side keys none, the others their side; a hit at another first page is composed again there.
  const opening = openingBreak(shared.parsed[c]!, book.settings, firstPage, partBefore !== undefined);
  const chapterKey = chapterMemoKey(`${input.id}|${c === 0}|${opening ? `opens ${opening}` : paginationStart(firstPage)}|${input.title}|${shared.key}|`, placement, partBefore ? `|${JSON.stringify([partBefore.id, partBefore.attrs])}` : '');
  live.chapters.add(chapterKey);
  const hit = cache.chapters.get(chapterKey);
  const composed = composedOnlyKey(book.settings);
  const layout = hit && hit.source === input.source ? (hit.layout.firstPage === firstPage && hit.composed === composed ? hit.layout : composers.get(hit.layout)!(firstPage, book.settings)) : null;
  if (layout) {
    if (layout !== hit!.layout) cache.chapters.set(chapterKey, { source: input.source, layout, composed });
    live.paragraphs.push(chapterParagraphKeys.get(layout) ?? []);
    return carriedLineNumbers(layout, lineCarry);
  }
  const laid = yield* layoutChapter(input, shared.parsed[c]!, firstPage, book, fonts, cache, live.paragraphs, shared.refs, shared.numbering, shared.math, placement, shared.metadata, chapterKey, opening);
  cache.chapters.set(chapterKey, { source: input.source, layout: laid, composed });
  return carriedLineNumbers(laid, lineCarry);
}

/**
 * What each reference target prints when it is not numbered (document-format §13): a heading
 * its title, an anchor its words. First definition wins, book-wide.
 */
function referenceTexts(chapters: readonly ParsedChapter[]): Map<string, string> {
  return firstWins(chapters, chapterReferences, chapterReferenceTexts);
}

/**
 * Per-chapter maps merged in book order, the first definition of a key winning. Each chapter's
 * map is computed once per chapter object (`memo`): the parse and layout memos hand back the same
 * object while a chapter is unchanged, so a build after a one-paragraph edit reads only the edited
 * chapter.
 */
function firstWins<T extends object>(chapters: readonly T[], memo: WeakMap<T, Map<string, string>>, compute: (chapter: T) => Map<string, string>): Map<string, string> {
  const merged = new Map<string, string>();
  for (const chapter of chapters) {
    let own = memo.get(chapter);
    if (!own) {
      own = compute(chapter);
      memo.set(chapter, own);
    }
    for (const [key, value] of own) if (!merged.has(key)) merged.set(key, value);
  }
  return merged;
}

/**
 * One chapter's reference texts (first definition in the chapter wins). Blocks are found by id
 * through one map per chapter instead of a search per anchor.
 */
const chapterReferences = new WeakMap<ParsedChapter, Map<string, string>>();
function chapterReferenceTexts(chapter: ParsedChapter): Map<string, string> {
  const texts = new Map<string, string>();
  let blocks: Map<string, ParsedChapter['blocks'][number]> | null = null;
  for (const anchor of chapter.collected.anchors) {
    if (texts.has(anchor.anchorId)) continue;
    if (blocks === null) {
      blocks = new Map();
      // The first block of an id, as `find` would give.
      for (const b of chapter.blocks) if (!blocks.has(b.id)) blocks.set(b.id, b);
    }
    const block = blocks.get(anchor.blockId);
    if (!block) continue;
    if (block.kind === 'heading') texts.set(anchor.anchorId, block.plainText);
    else if ('inlines' in block) {
      const words = anchorWords(block.inlines, anchor.anchorId);
      if (words !== null) texts.set(anchor.anchorId, words);
    }
  }
  return texts;
}

function anchorWords(inlines: readonly Inline[], id: string): string | null {
  for (const inline of inlines) {
    if (inline.kind === 'anchor' && inline.anchorId === id) return plainText(inline.children ?? []);
    if ('children' in inline && Array.isArray(inline.children)) {
      const inner = anchorWords(inline.children, id);
      if (inner !== null) return inner;
    }
  }
  return null;
}

function plainText(inlines: readonly Inline[]): string {
  return inlines.map((i) => (i.kind === 'text' ? i.text : 'children' in i && Array.isArray(i.children) ? plainText(i.children) : '')).join('');
}

type PartBlock = Extract<ParsedChapter['blocks'][number], { kind: 'containerStart' }>;

/**
 * The `:::part` whose page is the chapter file's last page, when `parts.versoDesign` is set
 * (configuration.md §13.5): with `parts.breakAfter: none` nothing after it opens the page after it,
 * so the next file's first page is that page, and takes the verso design if left blank.
 */
function partPageAtEnd(layout: ChapterLayout, parsed: ParsedChapter, settings: LayoutSettings): PartBlock | undefined {
  if (!partSettings(settings).versoDesign || layout.pages[layout.pages.length - 1]?.role !== 'part') return undefined;
  for (let b = parsed.blocks.length - 1; b >= 0; b--) {
    const block = parsed.blocks[b]!;
    if (block.kind === 'containerStart' && block.name === 'part') return block;
  }
  return undefined;
}

/** Paragraph keys used by a memoised chapter stay live (recorded on the layout at creation, distinct). */
const chapterParagraphKeys = new WeakMap<ChapterLayout, readonly string[]>();

function* layoutChapter(
  input: ChapterInput,
  parsed: ParsedChapter,
  firstPage: number,
  book: BookInput,
  fonts: FontRegistry,
  cache: EngineCache,
  liveParagraphs: (readonly string[])[],
  refs: ReadonlyMap<string, string>,
  numbering?: ResourceNumbering,
  math: BookMath = prepareBookMath([parsed], book.settings, book.math, fonts),
  placement: ChapterPlacement = chapterPlacement(bookStructure([parsed], book.settings), input.id, initialNumbering(book.settings)),
  metadata: Readonly<Record<string, string>> = {},
  /** The chapter's memo key (all but its text): its first pass may go on from a block start of its previous layout under the same key. */
  chapterKey?: string,
  /** The break to one side the chapter opens with, when its pagination is shared between first pages (page/chapter-start.ts `openingBreak`). */
  opening: SideBreak | null = null,
): Generator<undefined, ChapterLayout> {
  const settings = book.settings;
  // Only the settings the paragraph engine reads (paragraphSettingsKey): a design change that cannot
  // move a line (a heading colour, a running head, the contents' look) keeps every paragraph's memo.
  const sKey = cache.intern(`${paragraphSettingsKey(settings)}|${book.hyphenator ? 'hyphenate' : 'whole-words'}|${book.math ? 'math' : 'no-math'}`);
  /** Paragraph memo keys this layout asks for, each with the block start it is asked at (paragraph-use.ts). */
  const keysAsked = new Map<string, number>();
  // Footnote numbers (footnotes.numbering, page/note-numbering.ts): page-based modes are refined by the passes.
  const noteMode = settings.notes.numbering ?? 'chapter';
  let notes = initialNoteNumbers(parsed, noteMode, placement.structure.noteOffset ?? 0);
  const context: InlineContext = {
    footnoteMark: (noteId) => {
      const n = notes.get(noteId);
      return n === undefined ? undefined : noteMarker(n, settings.notes, settings.numerals);
    },
    refText: (target, form, attrs) => equationRefText(math.equations, target, form) ?? numbering?.refText(target, attrs) ?? placement.refText(target, attrs) ?? refs.get(target) ?? '?',
    formula: math.setFormula,
  };
  const env = { fonts, settings, context, hyphenator: book.hyphenator, prepared: cache.prepared };
  let lastHead = '';
  const setText = (request: TextRequest): SetLine[] => {
    const { base } = request;
    // Everything in the key but the paragraph's content: short, so it is built on every request.
    let head = `${sKey}|${styleId(request.style)}|${request.measure}|${request.indent}|${request.justify}|${request.verbatim === true}|${request.direction ?? ''}|${contextKey(request.inlines, context)}${formulaRefsKey(request.inlines, math)}${request.looseness ? `|loose${request.looseness}` : ''}${request.hang ? `|hang${request.hang}${request.hangFirst ? 'all' : ''}` : ''}${request.firstFit ? '|firstFit' : ''}${request.tighten ? '|tighten' : ''}${request.initialRoom ? `|cap${request.initialRoom.lines}:${request.initialRoom.width}` : ''}${request.avoidRunts === false ? '|noRunts' : ''}${request.kashidaFill !== undefined ? `|fill${request.kashidaFill}` : ''}`;
    // One string for the requests of one head in a row (nearly all of a chapter's): the entries
    // below keep it, and each kept a copy of its own (~2.4 MB of a 1,000-page book, day 38).
    if (head === lastHead) head = lastHead;
    else lastHead = head;
    // The same inlines asked for with the same head and base as last time (every unchanged
    // paragraph, on every pass and build): the key string built then, and its memo entry while the
    // memo still holds it. Building the key anew meant copying and hashing the paragraph's JSON.
    const asked = cache.textRequests.get(request.inlines);
    let key: string;
    let placed: PlacedLines | undefined;
    let movable: boolean;
    if (asked && asked.head === head && asked.base === base && cache.paragraphs.get(asked.key) === asked.placed) {
      ({ key, placed, movable } = asked);
    } else {
      // The inlines rebased to the block start, once: their JSON is the key's content (offsets
      // relative to the block, so edits above it keep the key) and, on a miss, setParagraph's input.
      // A paragraph of text, note markers and references is rebased whole (`movable`): its key then
      // survives an edit above it in the chapter, where the markers' chapter offsets used to miss it.
      const found = rebasedInlines(request.inlines, base);
      movable = found.movable;
      key = paragraphKey(found, head);
      placed = cache.paragraphs.get(key);
      // The key names the content by its digest: an entry set from other content (a digest shared
      // by two paragraphs) is not this paragraph's, and is replaced below.
      if (placed !== undefined) {
        if (!sameContent(placed.source, found)) placed = undefined;
        // The same content from another parse (or another paragraph): the entry names the live one.
        else placed.source = found;
      }
      if (!placed) {
        const { accept } = request;
        let lines: SetLine[];
        if (accept) {
          // Set only if the caller takes the lines' shapes (refused ones are remembered by key).
          const held = cache.refused.get(key);
          const refused = held !== undefined && sameContent(held.source, found) ? held.shapes : undefined;
          const result = refused && !accept(refused) ? null : setParagraphIf({ ...request, inlines: found.rebased, words: found.words }, env, refused ? undefined : accept);
          if (!result?.lines) {
            if (result) cache.refused.set(key, { source: found, shapes: result.shapes });
            keysAsked.set(key, base);
            return [];
          }
          cache.refused.delete(key);
          lines = result.lines;
        } else lines = setParagraph({ ...request, inlines: found.rebased, words: found.words }, env);
        // Lines just set belong to no one yet: moved to this base in place, where a moved copy of
        // every line and run (below) was garbage the moment it was made.
        placed = { lines: moveFreshLines(lines, base, movable), base, source: found };
        cache.paragraphs.set(key, placed);
      }
      // A loosened or tried setting (balancing lever 7, page/lever-paragraphs.ts) does not displace the paragraph's usual one here.
      if (!request.looseness && !request.accept) cache.textRequests.set(request.inlines, { head, base, key, placed, movable });
    }
    keysAsked.set(key, base);
    // (Shapes only: the same at any base.)
    if (request.accept && !request.accept(placed.lines)) return [];
    // The lines at this base, the very objects of the last build when it placed them at the same
    // offsets (later passes, relayouts after an edit below the paragraph); else moved from the last
    // base to this one, and kept in their place. (The movable mode is part of the key.)
    if (placed.base !== base) {
      const delta = base - placed.base;
      placed.lines = movable ? shiftMovableLines(placed.lines, delta) : shiftLines(placed.lines, delta);
      placed.base = base;
    }
    return placed.lines;
  };
  // Generated one-line texts (running heads, folios, note numbers, list markers, toc leaders)
  // recur on page after page: set each (text, style) once for these settings and fonts. The key is
  // the text and the style's content (callers build equal styles as fresh objects). Callers only
  // read the line (glyphRun copies its arrays).
  // Kept across chapters and builds (EngineCache.generatedLines): a chapter laid out again after
  // an edit finds its heads and folios set already.
  const generated = cache.generatedLines(sKey, fonts);
  const setGenerated = (text: string, style: TextStyle, direction?: 'ltr' | 'rtl'): SetLine => {
    const key = `${JSON.stringify(style)}|${direction ?? ''}|${text}`;
    let line = generated.get(key);
    if (!line) {
      const lines = setParagraph({ inlines: [{ kind: 'text', text, marks: [], range: { from: -1e9, to: -1e9, line: 0, column: 0 } }], style, measure: 1e6, indent: 0, justify: false, ...(direction ? { direction } : {}) }, { ...env, hyphenator: undefined });
      line = lines[0] ?? { runs: [], width: 0, ratio: 0, hyphenated: false, ragged: false, emergency: false, srcFrom: -1, srcTo: -1 };
      generated.set(key, line);
    }
    return line;
  };
  // Image elements of running heads and part designs (configuration.md §5.3), drawn from the book's resources.
  const images = slotImages(book.resources, { fonts, setText, chapterId: input.id, blockId: '' });
  // Justified or hyphenated wrapped design text: the paragraph engine with the book's patterns (page/furniture-text.ts).
  const setDesignText = designTextSetter({ fonts, settings, context, hyphenator: book.hyphenator });
  // Pagination reads the start page only for its side: it goes from a stand-in page, and its drafts are
  // moved to the real first page when composed (page/chapter-start.ts).
  let start = opening ? openingStart(opening, settings) : paginationStart(firstPage);
  // The chapter's title: what {chapterTitle} prints before the book's first running H1.
  const title = input.title || firstHeadingText(parsed) || '';
  // What a designed heading with no H1 before it in this file prints as {chapterTitle}, {chapterNumber}
  // and {attr.<key>}: the running H1 carried in (in the memo key with the chapter's start), else the title (page/heading-design.ts).
  const running: RunningChapter = placement.running?.chapter ?? { title, number: '', attrs: {} };
  // Extra passes (page/passes.ts): note numbers by page/column/spread, citing-page floats, the closing page's balance.
  const pass = (plan: PassPlan): Generator<undefined, PageDraft[]> =>
    paginateChapter(parsed, start, settings, fonts, setText, setGenerated, (block, measure, maxHeight, fitTo, direction, captionSide) =>
      resourceFlowBlock(book.resources, numbering, block.resourceId, measure, maxHeight, { fonts, setText, chapterId: input.id, blockId: block.id, ...(direction ? { direction } : {}), ...(captionSide ? { captionSide } : {}), ...(settings.cjk.tcy ? { tcy: settings.cjk.tcy } : {}) }, fitTo),
      math,
      { ...placement.structure, plan, noteNumbers: notes, images, wrapOf: (id) => wrapRequestOf(book.resources, id, settings.body.style.size), headingDesign: { metadata: { ...metadata, title: metadata['title'] ?? book.title }, setText: setDesignText, running, pageFormat: placement.numbering.format } },
    );
  // After an edit, each plain pass goes on from a block start the same pass of the chapter's previous
  // layout recorded, that the edit left valid (page/edit-resume.ts); with note numbers by page the
  // origin is read at each pass's start, with the numbers that pass prints.
  // (Nothing of this scope's closures may read `resumes`: it holds the previous layout's pages, and a
  // variable any closure here reads lives as long as `compose` and `draftsAt` in the chapter memo:
  // tests/unit/page/retention.test.ts.)
  const renumber = noteRenumberer(noteMode, () => notes, (next) => (notes = next), settings.start?.pageIndexOffset ?? 0);
  const resumes = cache.resumePasses && chapterKey !== undefined ? new EditResumes(cache.chapterStarts, input.id, chapterKey, () => resumeOrigin(input.source, parsed, context, notes, math)) : undefined;
  // Each plain pass may stop once in step with the same pass of the previous layout again, after the edit (page/converge.ts).
  const edit: PassEdit = {};
  let paginated: PageDraft[] = yield* paginatePasses(pass, settings, renumber, cache.resumePasses, resumes, edit);
  resumes?.finish(paginated, edit.simple === true);
  // A chapter opening with a break to one side shares its pagination between first pages when the break
  // left one bare blank page (page/chapter-start.ts); otherwise it is paginated from a page on its own side.
  const sharedStart = opening !== null && sharedOpening(paginated);
  if (opening !== null && !sharedStart) {
    start = paginationStart(firstPage);
    notes = initialNoteNumbers(parsed, noteMode, placement.structure.noteOffset ?? 0);
    paginated = yield* paginatePasses(pass, settings, noteRenumberer(noteMode, () => notes, (next) => (notes = next), settings.start?.pageIndexOffset ?? 0), false);
  }
  /** The drafts at first page `at`, or null when this pagination does not hold there. */
  const draftsAt = (at: number): readonly PageDraft[] | null =>
    sharedStart ? openingDrafts(paginated, opening!, at, settings) : paginationStart(at) === start ? movedDrafts(paginated, start, at) : null;
  /**
   * The chapter's pages from its drafts at `firstPage`, composed: labels, running heads and folios,
   * designs with the page's values, margin line numbers. Called again, by chapterAt, when the
   * chapter moves by an even number of pages, or with settings that differ only in what composition
   * reads (`paginatedSettings`); a fresh layout there composes the same drafts with the same settings.
   */
  /** The paragraph memo keys this chapter's layouts keep alive (set at the first composition). */
  let use: Map<string, number> | undefined;
  const compose = (firstPage: number, settings: LayoutSettings): ChapterLayout | null => {
    const drafts = draftsAt(firstPage);
    if (drafts === null) return null;
    // Page labels (page.pageNumbering, :::numbering), continuing from the previous chapter.
    const labelled = labelPages(firstPage, drafts.map((d) => d.numbering), placement.numbering, settings.numerals);
    // Guide words (`{firstMark.h2}`, `{lastMark.entry}`…), only when a slot prints them, the last marks of earlier files carried in (page/guide-words.ts).
    const marks = usesGuideWords(settings) ? guideWordValues(drafts, markBlocks(parsed.blocks), placement.running?.marks) : undefined;
    // {chapterTitle}, {chapterNumber}, {chapterTitleAtTop}, {chapterNumberAtTop}, {attr.<key>} per page from the
    // running H1s, the one in force where the file starts carried in; before the book's first H1, the chapter's title.
    const chapterValues = chapterPageValues(drafts, parsed.blocks, placement.structure.headingNumbers, settings, placement.running?.chapter);
    /**
     * The chapter's pages with `{bookTotalPages}` printing `bookTotal`, and the design lines cut on
     * them. The book's total is known only once every chapter is laid out: layoutBook composes the
     * pages again when the one printed here (the last build's total) was not it (`bookTotalLayout`).
     */
    // {title} (§5.5 "front-matter metadata (first chapter's for a book)", document-format §4): the first chapter's front-matter title, else the book's.
    const bookTitle = metadata['title'] ?? book.title;
    // Vertical text: the chapter's :tcy/:upright/:sideways ranges (document-format §18.5; page/vertical.ts).
    const orientation = settings.vertical ? orientationOverrides(parsed.blocks) : undefined;
    // Margin line numbers (configuration.md §11.2, page/line-numbers.ts): added beside the placed lines, none moved.
    const lineNumbers = settings.lineNumbers ? lineNumberItems(drafts, parsed, settings, settings.lineNumbers, setGenerated, input.id) : undefined;
    const numbered = lineNumbers?.pages;
    // Where each page's numbers start in its items: a count carried in from the chapter before replaces them there (`carriedLineNumbers`).
    const numbersAt: number[] = [];
    const composePages = (bookTotal: string | undefined): { pages: PageDisplayList[]; truncated: DesignTruncation[] } => {
      const truncated: DesignTruncation[] = [];
      const pages = drafts.map((draft, d): PageDisplayList => {
        const label = labelled.labels[d]!;
        const chapterTitle = chapterValues[d]?.['chapterTitle'] ?? title;
        const onTruncated = (cut: SlotTruncation): void => void truncated.push({ ...cut, pageIndex: draft.index });
        // Part designs drawn again with the page's label and the book's title (page/part-design.ts).
        const drawn = draft.designs ? redrawPartDesigns(draft.items, draft.designs, { ...metadata, pageNumber: label, title: bookTitle, chapterTitle, totalPages: String(drafts.length), ...(bookTotal !== undefined ? { bookTotalPages: bookTotal } : {}) }, fonts, setGenerated, onTruncated, setDesignText) : draft.items;
        const furniture = composeFurniture(
          { bookTitle, chapterTitle, chapterId: input.id, label, pageIndex: draft.index, opener: draft.opener, blank: draft.blank, totalPages: drafts.length, ...(bookTotal !== undefined ? { bookTotalPages: bookTotal } : {}), ...(draft.part ? { part: true } : {}), ...(draft.partValues ? { partValues: draft.partValues } : {}), marks: { ...chapterValues[d], ...marks?.[d] }, metadata, ...(draft.furniture ?? {}) },
          draft.geometry ?? settings,
          fonts,
          setGenerated,
          images,
          onTruncated,
          setDesignText,
        );
        const flow = [...pageFill(settings), ...flowOntoSheet(drawn, settings, fonts, orientation)];
        numbersAt[d] = flow.length;
        return {
          version: DISPLAY_LIST_VERSION,
          index: draft.index,
          label,
          chapter: input.id,
          role: draft.blank ? 'blank' : draft.part ? 'part' : draft.opener ? 'opener' : 'body',
          width: roundSize(settings.pageWidth),
          height: roundSize(settings.pageHeight),
          // A part palette recolours what the page prints, furniture included (page/part.ts).
          // page.backgroundColor under everything, recoloured with the rest (it follows section palettes, §2).
          // Vertical text: the flow turned onto the sheet, CJK upright (page/vertical.ts); furniture stays horizontal.
          items: recolour([...flow, ...(numbered?.[d] ?? []), ...furniture], draft.palette, settings.palette),
        };
      });
      return { pages, truncated };
    };
    // Before the book's total is known, the pages up to this chapter's end stand in for it.
    const bookTotal = usesBookTotalPages(settings) ? String(cache.bookTotalPages ?? firstPage + drafts.length) : undefined;
    const { pages, truncated } = composePages(bookTotal);
    const shrunk = drafts.flatMap((draft) => (draft.floatsShrunk ?? []).map((s) => ({ id: s.id, pageIndex: draft.index, scale: s.scale })));
    const designsCut = drafts.flatMap((draft) => (draft.headingDesignsCut ?? []).map((c) => ({ ...c, pageIndex: draft.index })));
    const narrow = drafts.flatMap((draft) => (draft.columnsTooNarrow ?? []).map((n) => ({ ...n, pageIndex: draft.index })));
    const refused = drafts.flatMap((draft) => (draft.wrapsRefused ?? []).map((w) => ({ id: w.id, pageIndex: draft.index, reason: w.reason, ...(w.at !== undefined ? { at: w.at } : {}) })));
    const levers = drafts.flatMap((draft) => (draft.levers ?? []).map((lever) => ({ ...lever, pageIndex: draft.index })));
    const layout: ChapterLayout = { id: input.id, firstPage, numbering: labelled.end, pages, ...(shrunk.length > 0 ? { floatsShrunk: shrunk } : {}), ...(refused.length > 0 ? { wrapsRefused: refused } : {}), ...(levers.length > 0 ? { levers } : {}), ...(truncated.length > 0 ? { designTruncated: truncated } : {}), ...(designsCut.length > 0 ? { headingDesignsCut: designsCut } : {}), ...(narrow.length > 0 ? { columnsTooNarrow: narrow } : {}) };
    // With the keys of the pages taken over from the chapter's previous layout (paragraph-use.ts),
    // read at the first composition, while that layout's use is the one recorded.
    if (!use) {
      const before = cache.paragraphUse.get(input.id);
      use = paragraphUse(keysAsked, chapterKey, input.source, before);
      if (chapterKey !== undefined) cache.paragraphUse.set(input.id, { chapterKey, source: input.source, bases: use });
      if (before && chapterKey !== undefined && before.chapterKey !== chapterKey) cache.dropLeftBehind(before, use);
    } else for (const [key, base] of keysAsked) cache.paragraphUse.extend(input.id, use, key, base);
    chapterParagraphKeys.set(layout, [...use.keys()]);
    layoutParses.set(layout, parsed);
    composers.set(layout, compose);
    if (bookTotal !== undefined) bookTotals.set(layout, { total: bookTotal, compose: composePages });
    // lineNumbers.restart 'document' (§11.2): the count goes on from the chapter before, carried in by chapterAt.
    if (lineNumbers && settings.lineNumbers!.restart === 'document') {
      layout.lineNumbersEnd = lineNumbers.end;
      const ln = settings.lineNumbers!;
      lineCarries.set(layout, { at: numbersAt, counts: lineNumbers.pages.map((p) => p.length), palettes: drafts.map((draft) => draft.palette), base: settings.palette, parsed, renumber: (carry) => lineNumberItems(drafts, parsed, settings, ln, setGenerated, input.id, carry) });
    }
    return layout;
  };
  const layout = compose(firstPage, settings)!;
  liveParagraphs.push(chapterParagraphKeys.get(layout)!);
  return layout;
}

/**
 * The chapter's text as a start's origin (page/resume.ts): with what each block printed from
 * outside its own text, by block id — note marks and reference texts for blocks citing them
 * (`contextKey`), equation numbers for display formulas, and the numbers formulas cite
 * (`formulaRefsKey`) — so a start or a convergence after a block whose printed numbers changed is
 * refused. Undefined (no start recorded or used) when a citing block holds its inlines elsewhere
 * than `inlines`.
 */
function resumeOrigin(source: string, parsed: ParsedChapter, context: InlineContext, notes: ReadonlyMap<string, number>, math: BookMath): StartOrigin | undefined {
  const citing = new Set<string>();
  for (const ref of parsed.collected.refs) citing.add(ref.blockId);
  for (const ref of parsed.collected.footnoteRefs) citing.add(ref.blockId);
  const answers = new Map<string, string>();
  const equations = math.equations.byBlock;
  // Only a chapter whose text cites a number somewhere can hold a formula that does.
  const citesNumbers = /\\(eq)?ref\s*\{/.test(source);
  for (const block of parsed.blocks) {
    // A display's numbers (math/numbering.ts) run through the book: a tag or label added above moves them.
    if (block.kind === 'mathDisplay') {
      const marks = equations.get(block.id);
      if (marks) answers.set(block.id, marks.map((m) => m.printed).join('\u0001'));
      continue;
    }
    if (!('inlines' in block)) {
      if (citing.has(block.id)) return undefined;
      continue;
    }
    const refs = citesNumbers ? formulaRefsKey(block.inlines, math) : '';
    if (!citing.has(block.id)) {
      if (refs) answers.set(block.id, refs);
      continue;
    }
    answers.set(block.id, contextKey(block.inlines, context) + refs);
    citing.delete(block.id);
  }
  // (A citation in no top-level block: in a table cell or the like.)
  return citing.size === 0 ? { source, parsed, answers, notes } : undefined;
}

function* withoutProgress<T>(steps: Generator<LayoutProgress | undefined, T>): Generator<undefined, T> {
  let step = steps.next();
  while (!step.done) {
    yield undefined;
    step = steps.next();
  }
  return step.value;
}

/** The label of the first page each block appears on, by `chapterId|blockId`. */
function blockPageLabels(chapters: readonly ChapterLayout[], withMarks = false): Map<string, string> {
  const labels = firstWins(chapters, chapterLabels, chapterBlockLabels);
  // Where each index mark landed, when the book prints an index (document-format §16; page/index-marks.ts).
  if (withMarks) for (const chapter of chapters) addMarkPages(chapter.id, layoutParses.get(chapter), chapter.pages, labels);
  return labels;
}

/** The same for one chapter layout (read from its glyph runs). */
const chapterLabels = new WeakMap<ChapterLayout, Map<string, string>>();
function chapterBlockLabels(chapter: ChapterLayout): Map<string, string> {
  const labels = new Map<string, string>();
  for (const page of chapter.pages) {
    for (const item of page.items) {
      if (item.op !== Op.GlyphRun || !item.line) continue;
      const key = `${chapter.id}|${item.line.block}`;
      if (!labels.has(key)) labels.set(key, page.label);
    }
  }
  // A heading that prints nothing (hidden, configuration.md §8.2 / document-format §5: "still
  // numbered/toc/bookmark/running head") is on the page where what follows it begins, as its
  // running head is (page/guide-words.ts): the nearest later block with a label.
  const parsed = layoutParses.get(chapter);
  if (parsed) {
    let next: string | undefined;
    for (let i = parsed.blocks.length - 1; i >= 0; i--) {
      const block = parsed.blocks[i]!;
      const key = `${chapter.id}|${block.id}`;
      const own = labels.get(key);
      if (own !== undefined) next = own;
      else if (block.kind === 'heading' && next !== undefined) labels.set(key, next);
    }
  }
  return labels;
}

/** The parse each chapter layout was made from (chapterBlockLabels reads its block order). */
const layoutParses = new WeakMap<ChapterLayout, ParsedChapter>();

function sameLabels(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, label] of a) if (b.get(key) !== label) return false;
  return true;
}

/**
 * A short name for a text style's content in memo keys (`s` and a number), once per style object:
 * equal styles built as separate objects get the same name. The style's JSON (~300 characters)
 * was in every paragraph key, copied and hashed with it on every lookup that missed, and kept in
 * the memo with it.
 */
const styleIds = new WeakMap<TextStyle, string>();
/** Style JSON → its name. Never reused: a name always means one content. */
const styleIdsByJson = new Map<string, string>();
let styleIdCount = 0;
/**
 * Names kept before the table starts again (a body-size change brings a few dozen new styles). A
 * style named again after that gets a new name: its paragraphs' keys miss once, and nothing can
 * hit a key made for other content, since no name is given twice.
 */
const STYLE_IDS_KEPT = 4096;
function styleId(style: TextStyle): string {
  let id = styleIds.get(style);
  if (id === undefined) {
    const json = JSON.stringify(style);
    id = styleIdsByJson.get(json);
    if (id === undefined) {
      if (styleIdsByJson.size >= STYLE_IDS_KEPT) styleIdsByJson.clear();
      id = `s${styleIdCount++}`;
      styleIdsByJson.set(json, id);
    }
    styleIds.set(style, id);
  }
  return id;
}

/** The generated texts (note numbers, reference texts) a paragraph prints, for its memo key. */
function contextKey(inlines: readonly Inline[], context: InlineContext): string {
  let key = '';
  const walk = (list: readonly Inline[]): void => {
    for (const inline of list) {
      if (inline.kind === 'footnoteRef') key += `n${context.footnoteMark(inline.noteId) ?? '?'};`;
      else if (inline.kind === 'ref') key += `r${context.refText(inline.target, inline.form, inline.attrs)};`;
      else if ('children' in inline && Array.isArray(inline.children)) walk(inline.children);
    }
  };
  walk(inlines);
  return key;
}

function roundSize(v: number): number {
  return Math.round(v * 1000) / 1000;
}

function firstHeadingText(parsed: ParsedChapter): string | undefined {
  const heading = parsed.blocks.find((b) => b.kind === 'heading' && b.level === 1);
  if (!heading || heading.kind !== 'heading') return undefined;
  return heading.plainText;
}

/** A paragraph's inlines rebased to its start (the memo key's content) and their digest. */
interface Rebased {
  movable: boolean;
  rebased: Inline[];
  /**
   * `contentDigest` of the rebased inlines' JSON: what the memo key says of the content. The JSON
   * itself is not kept (~0.5–2 kB a paragraph, ~5.6 MB of a 1,000-page book's kept heap, day 38):
   * `sameContent` makes it again in the rare lookup that needs it.
   */
  digest: string;
  /** Its word tape (paragraph/items.ts `WordTape`): a new body size finds its words without reading its text again. */
  words: WordTapeSlot;
  /** The memo key last built from it (`paragraphKey`) and the head it was built under. */
  built: { head: string; key: string } | undefined;
}

/**
 * Rebased inlines by the parse's inline array (for a copy the inline memo moved, by the array it
 * came from, at the base moved back): a paragraph the edit did not touch is not walked and
 * serialised again. A movable paragraph's rebased form is the same wherever it moved (every
 * position in it is relative); any other's only for the same array at the same base.
 */
const rebasedMemo = new WeakMap<readonly Inline[], Rebased & { base: number }>();
function rebasedInlines(inlines: readonly Inline[], base: number): Rebased {
  const moved = movedFrom.get(inlines);
  const origin = moved?.origin ?? inlines;
  const originBase = base - (moved?.delta ?? 0);
  const hit = rebasedMemo.get(origin);
  if (hit && hit.base === originBase && (origin === inlines || (hit.movable && base >= 0))) return hit;
  const movable = base >= 0 && movableInlines(inlines, base);
  const rebased = rebaseInlines(inlines, base, movable);
  const entry = { base: originBase, movable, rebased, digest: contentDigest(JSON.stringify(rebased)), words: { tape: null }, built: undefined };
  if (origin === inlines || movable) rebasedMemo.set(origin, entry);
  return entry;
}

/**
 * Whether the lines a memo entry was set from `held` may stand for `found`, found under the same
 * key (so with the same digest): the same rebased form, else the same JSON. The JSON is made again
 * only for a form from another parse or paragraph with that digest (a paragraph that is not movable
 * moved by an edit above it, two paragraphs of the same text, a digest collision).
 */
function sameContent(held: Rebased, found: Rebased): boolean {
  return held === found || (held.digest === found.digest && JSON.stringify(held.rebased) === JSON.stringify(found.rebased));
}

/**
 * The memo key of a paragraph's rebased inlines under a request head, built once per (rebased
 * form, head): a paragraph moved by an edit above it keeps its rebased form (rebasedMemo), so its
 * lookups reuse one string whose hash V8 has already computed. Kept on the rebased form itself,
 * not in a weak table by it: an entry per paragraph there was an ephemeron every major
 * collection's pause goes over (ARCHITECTURE.md, engine phases).
 * The content is named by its digest, not its JSON: the JSON (~0.5–2 kB a paragraph) made every
 * key that long, copied and hashed again on each lookup that missed — every paragraph of a build
 * under new settings — and kept in the memo's tables (~6 MB of a 1,000-page book's kept heap).
 * The entries found by key carry the rebased form they were set from, and a lookup compares it (`sameContent`).
 */
function paragraphKey(found: Rebased, head: string): string {
  const built = found.built;
  if (built !== undefined && built.head === head) return built.key;
  const key = `${head}|${found.movable ? 'm' : ''}${found.digest}`;
  found.built = { head, key };
  return key;
}

/**
 * A paragraph JSON's digest for its memo key: its length and two 32-bit hashes of its UTF-16
 * units (FNV-1a, and a multiply-xorshift with other constants), in base 36. Two contents sharing
 * a digest cost a miss, never wrong lines (the memo's entries are checked against the JSON).
 */
export function contentDigest(json: string): string {
  let a = FNV_OFFSET_BASIS;
  // A second hash independent of the first: another seed and multiplier (MurmurHash2's), mixed by a shift.
  let b = 0x2545f491;
  for (let i = 0; i < json.length; i++) {
    const unit = json.charCodeAt(i);
    a = Math.imul(a ^ unit, FNV_PRIME);
    b = Math.imul(b ^ unit, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return `${json.length.toString(36)}.${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}`;
}

/**
 * Inline kinds whose only use of their own source position in setting a paragraph is a note
 * marker's or reference's generated offsets `-1 - position` (paragraph/collect.ts). A paragraph of
 * only these, each marker at least one unit into it, is `movable`: set at offsets relative to its
 * start, its generated offsets are `-1 - relative` (≤ −2, never the hyphen's −1) and move back by
 * the base exactly (`shiftMovableLines`), so the lines equal those set at chapter offsets.
 */
const MOVABLE_KINDS: ReadonlySet<Inline['kind']> = new Set(['text', 'hardBreak', 'link', 'anchor', 'indexMark', 'footnoteRef', 'ref']);

function movableInlines(inlines: readonly Inline[], base: number): boolean {
  for (const inline of inlines) {
    if (!MOVABLE_KINDS.has(inline.kind)) return false;
    if ((inline.kind === 'footnoteRef' || inline.kind === 'ref') && inline.range.from - base < 1) return false;
    if ('children' in inline && Array.isArray(inline.children) && !movableInlines(inline.children, base)) return false;
  }
  return true;
}

/** The inlines at offsets relative to `base`: text always, every inline's own range too when `all` (a movable paragraph). */
function rebaseInlines(inlines: readonly Inline[], base: number, all = false): Inline[] {
  return inlines.map((inline): Inline => {
    if (inline.kind === 'math') return rebaseMath(inline, base);
    const range = all ? { ...inline.range, from: inline.range.from - base, to: inline.range.to - base, line: 0, column: 0 } : inline.range;
    // Links, anchors and index marks hold text of their own: it moves with the paragraph too.
    if ('children' in inline && Array.isArray(inline.children)) return { ...inline, range, children: rebaseInlines(inline.children, base, all) } as Inline;
    if (inline.kind !== 'text') return all ? ({ ...inline, range } as Inline) : inline;
    return {
      ...inline,
      range: { ...inline.range, from: inline.range.from - base, to: inline.range.to - base, line: 0, column: 0 },
      ...(inline.offsets ? { offsets: inline.offsets.map((o) => o - base) } : {}),
    };
  });
}

function shiftLines(lines: readonly SetLine[], delta: number): SetLine[] {
  if (delta === 0) return lines as SetLine[];
  // Negative offsets are generated text (hyphens, note numbers): they map to no source and stay.
  return lines.map((line) => movedLine(line, movedOffset(line.srcFrom, delta, false), movedOffset(line.srcTo, delta, false), line.runs.map(shiftRun, delta), shiftFormulas(line, delta).formulas));
}

/**
 * `shiftLines` for a movable paragraph: generated offsets of its markers (≤ −2, and a line's
 * `srcFrom` ≤ −2 / `srcTo` ≤ −1 taken from them) move by −delta, back to `-1 - chapter offset`;
 * the hyphen's −1 stays.
 */
function shiftMovableLines(lines: readonly SetLine[], delta: number): SetLine[] {
  if (delta === 0) return lines as SetLine[];
  return lines.map((line) => movedLine(line, movedOffset(line.srcFrom, delta, true), movedLineEnd(line.srcTo, delta, true), line.runs.map(shiftMovableRun, delta), shiftFormulas(line, delta).formulas));
}

/**
 * `shiftLines` / `shiftMovableLines` (`movable`) done in place, on lines just set and held by no one
 * else: the same offsets, in the same lines and runs (`from`, listed `offsets`, `srcFrom`/`srcTo`,
 * formulas' ranges). A listed offsets array is replaced, never written (it may be a piece's).
 */
function moveFreshLines(lines: SetLine[], delta: number, movable: boolean): SetLine[] {
  if (delta === 0) return lines;
  for (const line of lines) {
    if (line.formulas) line.formulas = shiftFormulas(line, delta).formulas;
    line.srcFrom = movedOffset(line.srcFrom, delta, movable);
    line.srcTo = movedLineEnd(line.srcTo, delta, movable);
    for (const run of line.runs) {
      if (run.offsets === undefined && run.from! + delta >= 0) {
        run.from = run.from! + delta;
        continue;
      }
      run.offsets = movedOffsets(run, delta, movable);
      run.from = 0;
      run.hyphen = false;
    }
  }
  return lines;
}

/** A source offset moved by `delta`: generated ones (< 0) stay, but a movable paragraph's markers (≤ −2) move by −delta. */
function movedOffset(offset: number, delta: number, movable: boolean): number {
  return offset < -1 ? (movable ? offset - delta : offset) : offset < 0 ? offset : offset + delta;
}

/** The run's offsets listed, each moved by `delta` (`movedOffset`): a new array. */
function movedOffsets(run: LineRun, delta: number, movable: boolean): number[] {
  const offsets = runOffsets(run);
  const shifted = new Array<number>(offsets.length);
  for (let i = 0; i < offsets.length; i++) shifted[i] = movedOffset(offsets[i]!, delta, movable);
  return shifted;
}

/** A line's `srcTo` moved by `delta`: in a movable paragraph one taken from a marker (any < 0) moves by −delta. */
function movedLineEnd(srcTo: number, delta: number, movable: boolean): number {
  return srcTo < 0 ? (movable ? srcTo - delta : srcTo) : srcTo + delta;
}

function shiftMovableRun(this: number, run: LineRun): LineRun {
  const delta = this;
  // Consecutive offsets (≥ 0) all move by delta: only their first changes.
  if (run.offsets === undefined && run.from! + delta >= 0) return movedRun(run, undefined, run.from! + delta);
  return movedRun(run, movedOffsets(run, delta, true), 0);
}

/**
 * A run with its source offsets moved by `this` (the delta, UTF-16 units). Built field by field
 * rather than `{ ...run, offsets }`: this runs for every run of every placed paragraph, and an
 * object spread is a slow generic copy. The glyph arrays are shared.
 */
function shiftRun(this: number, run: LineRun): LineRun {
  const delta = this;
  // Consecutive offsets (≥ 0) all move by delta: only their first changes.
  if (run.offsets === undefined && run.from! + delta >= 0) return movedRun(run, undefined, run.from! + delta);
  return movedRun(run, movedOffsets(run, delta, false), 0);
}

/**
 * The run with other source offsets (listed, or consecutive from `from`, its line-end hyphen kept);
 * glyph arrays shared. Its fields in the set runs' literal and order (paragraph/lines.ts
 * `setLines`: the eleven, then `rtl`, `overline`, `cjkMarks` and `dys` as the builder adds them), so a
 * moved run has the hidden class of the runs it copies: with `dys` among the ten (undefined on
 * nearly every run) it had another, and each optimised reader of runs (`glyphRun`, `placedRun`,
 * `emit`, the notes' marker scan) was thrown back to the interpreter by the first one it met.
 */
export function movedRun(run: LineRun, offsets: number[] | undefined, from: number): LineRun {
  // A set run (paragraph/set-run.ts) keeps its segments, not glyph arrays: its copy shares them.
  if (run instanceof SetRun) return run.moved(offsets, from, offsets === undefined && run.hyphen === true);
  const moved: LineRun = { fontId: run.fontId, sizeIndex: run.sizeIndex, colour: run.colour, glyphs: run.glyphs, xs: run.xs, text: run.text, clusters: run.clusters, offsets, from, hyphen: offsets === undefined && run.hyphen === true, drawn: undefined };
  if (run.rtl) moved.rtl = true;
  if (run.overline) moved.overline = true;
  if (run.cjkMarks) moved.cjkMarks = run.cjkMarks;
  if (run.dys) moved.dys = run.dys;
  if (run.ruby) moved.ruby = true;
  // Its pens are `run`'s array: drawn again, its item shares them (page/run-items.ts `PlacedGlyphRun`);
  // it has no item of its own yet (`drawn`: the item of `run` is not handed out for it).
  return moved;
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
