/**
 * What each chapter's pagination needs from the rest of the book (heading numbers, reference
 * targets, the page numbering it starts with) and the memo key that names all of it, so a chapter
 * is re-laid out exactly when something it prints changes (ARCHITECTURE invariant 6).
 */
import type { Attributes, Inline, ParsedChapter } from '../parse/model';
import type { LayoutSettings } from '../settings';
import type { ResourceSet } from '../resources';
import { placementOf } from '../resources/placement';
import type { ChapterStructure, FloatSpec } from './paginate';
import { partSettings, partTocText, paletteAfter, partValuesAfter, type PartValues } from './part';
import { sectionsAfter, type OpenSection } from './sections';
import { chapterNoteCount } from './note-numbering';
import { headingRefText, numberedTitle, numberHeadings, type HeadingNumbers, type HeadingTarget, type NumberingState } from './structure';
import { headingNumbering } from './heading-look';
import { turnOf } from './floats-rotate';
import { carryAfter, type RunningCarry } from './guide-words';
import { boxRefText, numberBoxes, type BoxNumber, type BoxNumbers } from './callout-numbers';
import { chapterIndexNames, placedMarks } from './index-marks';
import { indexRows, type IndexRow } from './index-entries';
import { indexLookOf } from './index-layout';
import { structuralBlocks } from './structural-blocks';

/** One `:::toc` entry (document-format §17.1): a heading of a level listed in `toc.levels`. */
export interface TocEntry {
  /** `chapterId|blockId` of the heading: the key of its page label. */
  key: string;
  level: number;
  /** Number (template output) and title as the entry prints them. */
  text: string;
  /** The same in two parts, for a number set in its own column (configuration.md §11.5 `number*`): the number with its separator, trailing spaces dropped, and the title. Absent for parts and for a number that replaces the title. */
  number?: string;
  title?: string;
  /** A `numbered: false` heading (attribute or heading style): set in `toc.unnumbered`'s look. */
  unnumbered?: true;
  /** The heading's `toc.subtitle.attr` attribute when subtitles are enabled and it has one: printed under the entry. */
  subtitle?: string;
  /** A `:::part`'s row (configuration.md §11.5 `toc.parts`). */
  part?: true;
  /** A part row's fence attributes (number, title…): the placeholders of `toc.parts.design`. */
  partAttrs?: Attributes;
}

export interface BookStructure {
  settings: LayoutSettings;
  headings: HeadingNumbers;
  toc: TocEntry[];
  /** Page label of each target block (`chapterId|blockId`) from the previous layout pass. */
  pageLabels: ReadonlyMap<string, string>;
  /**
   * The labels a chapter printing pages reads (the contents' rows with theirs, those of anchored
   * blocks), for its memo key: a short id from the caller (engine/index.ts), or absent — then the
   * key holds every label and the contents.
   */
  pageLabelsKey?: string;
  /** Anchor id → `chapterId|blockId` of the block that holds it (first definition wins). */
  anchorBlocks: Map<string, string>;
  /** Chapters that print page labels (a `:::toc`, or a page reference): their memo key includes them. */
  usesPages: Set<string>;
  /** Floating resources by the chapter that first mentions them (reading order, book-wide). */
  floats: Map<string, Map<string, FloatSpec>>;
  /** Heading anchors book-wide (first definition wins). */
  targets: Map<string, HeadingTarget>;
  /** Numbered boxes by chapter (page/callout-numbers.ts). */
  boxes: BoxNumbers;
  /** Anchors of numbered boxes book-wide (first definition wins): `:ref` prints "Theorem 2". */
  boxTargets: Map<string, BoxNumber>;
  /** Everything in `targets` and `boxTargets`, for memo keys. */
  targetsKey: string;
  /** Notes numbered in the chapters before each one (footnotes.numbering 'document'; else 0). */
  noteOffsets: Map<string, number>;
  /**
   * Styled sections open, the part palette, the part in force and what the running heads carry
   * (the running H1, guide words: page/guide-words.ts) where each chapter starts (page/sections.ts, page/part.ts).
   */
  startState: Map<string, ChapterStart>;
  /** The parsed chapters, in book order (`:::index` reads every chapter's marks). */
  chapters: readonly ParsedChapter[];
  /** The indexes each chapter prints (`:::index{index}` names; '' = the main index), for chapters that print one. */
  indexNames: Map<string, string[]>;
}

/** What a chapter file starts with from the files before it (all of it in the chapter's memo key). */
export interface ChapterStart {
  sections: OpenSection[];
  palette: Record<string, string>;
  part?: PartValues;
  running?: RunningCarry;
}

export function bookStructure(
  chapters: readonly ParsedChapter[],
  settings: LayoutSettings,
  pageLabels: ReadonlyMap<string, string> = new Map(),
  floatSpec: (resourceId: string) => FloatSpec | undefined = () => undefined,
): BookStructure {
  const headings = numberHeadings(chapters, settings);
  const boxes = numberBoxes(chapters, settings);
  const boxTargets = new Map<string, BoxNumber>();
  const targets = new Map<string, HeadingTarget>();
  const anchorBlocks = new Map<string, string>();
  const toc: TocEntry[] = [];
  const usesPages = new Set<string>();
  const indexNames = new Map<string, string[]>();
  // Sections and part palettes carry over chapter boundaries: what each chapter starts with.
  const startState = new Map<string, ChapterStart>();
  let sections: OpenSection[] = [];
  let palette: Record<string, string> = {};
  let part: PartValues | undefined;
  let running: RunningCarry = {};
  for (const chapter of chapters) {
    const numbers = headings.byChapter.get(chapter.chapterId);
    startState.set(chapter.chapterId, { sections, palette, ...(part ? { part } : {}), ...(running.chapter || running.marks ? { running } : {}) });
    sections = sectionsAfter(chapter, settings, sections);
    palette = paletteAfter(chapter, palette);
    part = partValuesAfter(chapter, part);
    running = carryAfter(chapter, numbers, settings, running);
    for (const block of structuralBlocks(chapter)) {
      if (block.kind === 'directive' && block.name === 'toc' && !block.ignored) usesPages.add(chapter.chapterId);
      // One contents row per part with a divider page (document-format §17.1), in reading order.
      // toc.parts.enabled false (§11.5): parts are not listed.
      if (block.kind === 'containerStart' && block.name === 'part' && partSettings(settings).page) {
        const text = partTocText(block.attrs, settings);
        if (text && settings.toc.look?.parts?.enabled !== false) toc.push({ key: `${chapter.chapterId}|${block.id}`, level: 1, text, part: true, ...(settings.toc.look?.parts?.design ? { partAttrs: block.attrs } : {}) });
        continue;
      }
      if (block.kind !== 'heading' || block.attrs['toc'] === 'false' || settings.headingStyles[block.attrs['style'] ?? '']?.toc === false || !settings.toc.levels.includes(block.level)) continue;
      const number = numbers?.get(block.id)?.trim();
      // Numbered as in the flow: its style's separator and position over the level's (page/heading-look.ts).
      const numbering = headingNumbering(block, settings);
      const entry: TocEntry = { key: `${chapter.chapterId}|${block.id}`, level: block.level, text: numberedTitle(number, block.plainText, { numbering }) };
      if (numbering.position !== 'replace') {
        entry.title = block.plainText;
        if (number) entry.number = `${number}${numbering.separator}`.trimEnd();
      }
      if (block.attrs['numbered'] === 'false' || settings.headingStyles[block.attrs['style'] ?? '']?.numbered === false) entry.unnumbered = true;
      const subtitleAttr = settings.toc.look?.subtitleAttr;
      const subtitle = subtitleAttr ? block.attrs[subtitleAttr]?.trim() : undefined;
      if (subtitle) entry.subtitle = subtitle;
      toc.push(entry);
    }
    if (chapterPrintsPages(chapter, settings.crossRefs.defaultStyle)) usesPages.add(chapter.chapterId);
    // `:::index` (document-format §16) prints the pages its marks landed on: page labels, converging like the contents'.
    const names = chapterIndexNames(chapter);
    if (names.length > 0) {
      indexNames.set(chapter.chapterId, names);
      usesPages.add(chapter.chapterId);
    }
    for (const anchor of chapter.collected.anchors) {
      if (!anchorBlocks.has(anchor.anchorId)) anchorBlocks.set(anchor.anchorId, `${chapter.chapterId}|${anchor.blockId}`);
      if (targets.has(anchor.anchorId) || boxTargets.has(anchor.anchorId)) continue;
      const box = anchor.kind === 'container' ? boxes.get(chapter.chapterId)?.get(anchor.blockId) : undefined;
      if (box) boxTargets.set(anchor.anchorId, box);
      // (Only a heading's anchor is a heading target: the heading is among the structural blocks.)
      const block = structuralBlocks(chapter).find((b) => b.id === anchor.blockId);
      if (block?.kind !== 'heading') continue;
      const number = numbers?.get(block.id);
      targets.set(anchor.anchorId, { title: block.plainText, level: block.level, ...(number ? { number } : {}) });
    }
  }
  // Footnotes numbered through the book (footnotes.numbering 'document'): notes cited before each chapter.
  const noteOffsets = new Map<string, number>();
  let notesBefore = 0;
  for (const chapter of chapters) {
    noteOffsets.set(chapter.chapterId, notesBefore);
    if (settings.notes.numbering === 'document') notesBefore += chapterNoteCount(chapter);
  }
  // Floats: the first mention in reading order (a `:ref` or a `::resource`) queues the resource.
  const floats = new Map<string, Map<string, FloatSpec>>();
  const mentioned = new Set<string>();
  for (const chapter of chapters) {
    const own = new Map<string, FloatSpec>();
    for (const id of mentionOrder(chapter)) {
      if (mentioned.has(id) || anchorBlocks.has(id)) continue;
      mentioned.add(id);
      const spec = floatSpec(id);
      if (spec) own.set(id, spec);
    }
    floats.set(chapter.chapterId, own);
  }
  return { settings, headings, toc, pageLabels, anchorBlocks, usesPages, floats, targets, boxes, boxTargets, targetsKey: JSON.stringify([...targets]) + (boxTargets.size > 0 ? JSON.stringify([...boxTargets]) : ''), noteOffsets, startState, chapters, indexNames };
}

/**
 * The ids a chapter mentions — by a `:ref` or a `::resource` embed — in reading order, once per
 * parsed chapter (unchanged chapters keep their parse object across builds).
 */
const mentionOrders = new WeakMap<ParsedChapter, readonly string[]>();
export function mentionOrder(chapter: ParsedChapter): readonly string[] {
  let ids = mentionOrders.get(chapter);
  if (ids === undefined) {
    const mentions = [...chapter.collected.refs.map((r) => ({ id: r.target, at: r.range.from })), ...chapter.collected.resourceEmbeds.map((e) => ({ id: e.resourceId, at: e.range.from }))].sort((a, b) => a.at - b.at);
    ids = mentions.map((m) => m.id);
    mentionOrders.set(chapter, ids);
  }
  return ids;
}

/** A resource's float placement (`placement.position` auto/top/bottom; `here` and unknown ids set in flow). */
export function floatSpecOf(resources: ResourceSet | undefined, id: string): FloatSpec | undefined {
  const resource = resources?.resources.get(id);
  if (!resource) return undefined;
  // The resource's own fields over its type's defaultPlacement (resources/placement.ts).
  const placement = placementOf(resource, resources?.settings.types);
  const position = placement?.['position'] ?? 'auto';
  // A turned resource is always a page-span float alone on its own page, whatever its position
  // and span (configuration.md §12.2 `rotate`; page/floats-rotate.ts); never planned at its citing page.
  // Not in vertical text (configuration.md §17.2 `rotateIgnoredVertical`): the resource is placed unturned.
  const rotate = resources?.settings.verticalText ? undefined : turnOf(placement?.['rotate']);
  if (rotate) return { position: 'auto', span: 'page', rotate, citingPage: false };
  // A side float is a float whatever its position (the side column is float-only).
  if (placement?.['span'] === 'side') return { position: position === 'top' || position === 'bottom' ? position : 'auto', span: 'side' };
  if (position !== 'auto' && position !== 'top' && position !== 'bottom') return undefined;
  // Page-wide bands and citing-page heads (page/floats-page.ts); `columns` decides against the page's column count there.
  const columns = placement?.['columns'];
  const citingPage = placement?.['citingPage'];
  // Shrink to a slot (page/floats-shrink.ts); absent fields follow layout.floatShrink.
  const shrink = placement?.['shrink'];
  const minScale = placement?.['minScale'];
  return {
    position,
    ...(placement?.['span'] === 'page' ? { span: 'page' as const } : {}),
    ...(typeof columns === 'number' && Number.isInteger(columns) && columns > 1 ? { columns } : {}),
    ...(typeof citingPage === 'boolean' ? { citingPage } : {}),
    ...(shrink === 'never' || shrink === 'page' || shrink === 'slot' ? { shrink } : {}),
    ...(typeof minScale === 'number' && minScale > 0 && minScale <= 1 ? { minScale } : {}),
  };
}

/**
 * Whether a chapter's text prints page labels (`:ref{style=page}`), once per parsed chapter: the
 * parse memo hands back the same object while a chapter is unchanged, so a build after an edit
 * walks only the edited chapter's inlines.
 */
const printsPagesMemo = new WeakMap<ParsedChapter, { defaultStyle: string; prints: boolean }>();
export function chapterPrintsPages(chapter: ParsedChapter, defaultStyle: string): boolean {
  const known = printsPagesMemo.get(chapter);
  if (known?.defaultStyle === defaultStyle) return known.prints;
  const prints = chapter.blocks.some((b) => 'inlines' in b && Array.isArray(b.inlines) && printsPage(b.inlines, defaultStyle));
  printsPagesMemo.set(chapter, { defaultStyle, prints });
  return prints;
}

/**
 * Whether inlines hold a reference that prints a page label: `style=page` or `pageNumber`, or no
 * style with `crossRefs.defaultStyle: 'page'` (configuration.md §12: every reference then prints
 * "p. 12"; one to a resource or an equation prints its number, and is counted all the same).
 */
function printsPage(inlines: readonly Inline[], defaultStyle: string): boolean {
  return inlines.some((inline) => (inline.kind === 'ref' && pageStyle(inline.attrs['style'] ?? defaultStyle)) || ('children' in inline && Array.isArray(inline.children) && printsPage(inline.children, defaultStyle)));
}

const pageStyle = (style: string): boolean => style === 'page' || style === 'pageNumber';

/** One chapter's share of the book structure. */
export interface ChapterPlacement {
  numbering: NumberingState;
  structure: ChapterStructure;
  /** The text of a reference to a heading, or undefined for other targets. */
  refText(target: string, attrs: Record<string, string>): string | undefined;
  /** What the running heads carry in from earlier chapter files (page/guide-words.ts). */
  running?: RunningCarry;
  key: string;
}

export function chapterPlacement(book: BookStructure, chapterId: string, numbering: NumberingState): ChapterPlacement {
  const headingNumbers = book.headings.byChapter.get(chapterId) ?? new Map<string, string>();
  const headingCounters = book.headings.countersByChapter.get(chapterId) ?? new Map<string, number>();
  const start = book.startState.get(chapterId);
  const boxNumbers = book.boxes.get(chapterId);
  const index = chapterIndexRows(book, chapterId);
  return {
    numbering,
    structure: {
      headingNumbers,
      headingCounters,
      floats: book.floats.get(chapterId) ?? new Map(),
      noteOffset: book.noteOffsets.get(chapterId) ?? 0,
      ...(book.usesPages.has(chapterId) ? { toc: book.toc.map((entry) => ({ ...entry, label: book.pageLabels.get(entry.key) ?? '?' })) } : {}),
      ...(start && start.sections.length > 0 ? { sections: start.sections } : {}),
      ...(start && Object.keys(start.palette).length > 0 ? { palette: start.palette } : {}),
      ...(start?.part ? { part: start.part } : {}),
      ...(boxNumbers ? { boxNumbers } : {}),
      ...(index ? { index } : {}),
    },
    ...(start?.running ? { running: start.running } : {}),
    refText: (target, attrs) => {
      const heading = book.targets.get(target);
      const blockKey = book.anchorBlocks.get(target);
      const label = blockKey === undefined ? undefined : book.pageLabels.get(blockKey);
      if (heading) return headingRefText(heading, attrs, book.settings, label);
      // A numbered box (document-format §13): its label and number, unless the page is asked for.
      const box = book.boxTargets.get(target);
      if (box && attrs['style'] !== 'page' && attrs['style'] !== 'pageNumber') return boxRefText(box, attrs);
      // Page references to other anchors (document-format §13): `p. 12`, or the bare label.
      if (blockKey !== undefined && (attrs['style'] === 'page' || attrs['style'] === 'pageNumber')) return headingRefText({ title: '', level: 2 }, attrs, book.settings, label);
      return undefined;
    },
    key: JSON.stringify([numbering, [...headingNumbers], [...headingCounters], book.targetsKey, book.noteOffsets.get(chapterId) ?? 0, book.usesPages.has(chapterId) ? (book.pageLabelsKey ?? [[...book.pageLabels], book.toc]) : 0, [...(book.floats.get(chapterId) ?? [])], start ?? 0, boxNumbers ? [...boxNumbers] : 0, index ? [...index] : 0]),
  };
}

/**
 * The rows of each index a chapter prints (document-format §16; page/index-entries.ts), from every
 * mark of the book with the page the previous pass put it on; undefined when it prints none.
 */
function chapterIndexRows(book: BookStructure, chapterId: string): Map<string, IndexRow[]> | undefined {
  const names = book.indexNames.get(chapterId);
  if (!names) return undefined;
  const options = indexLookOf(book.settings).entries;
  return new Map(names.map((name) => [name, indexRows(placedMarks(book.chapters, book.pageLabels, name), options)]));
}
