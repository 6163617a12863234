/**
 * The book structure of the last build, taken again when no chapter changed what it is counted
 * from (page/book.ts `bookStructure`).
 *
 * Typing in a paragraph gives its chapter a new parse, and every build used to count the whole
 * book again — heading and box numbers, sections, parts, contents rows, anchors, floats' first
 * mentions — and hand each chapter new maps, so every chapter's placement and memo key were built
 * again too. Each chapter's *structural digest* lists everything `bookStructure` reads of it: its
 * structural blocks (kind, id, level or name, attributes, heading text, whether ignored), its
 * anchors, the ids it mentions in reading order, whether it prints page labels, how many notes it
 * numbers, the guide-word marks it carries. When every chapter's digest is the one of the last
 * build, under the same settings and resources, the structure is the same but for the parses it
 * holds (`chapters`), which are swapped in. A digest is built once per parse; an unchanged
 * chapter keeps its parse object, and so the very same digest string.
 */
import type { ParsedChapter } from '../parse/model';
import type { LayoutSettings } from '../settings';
import type { ResourceSet } from '../resources';
import { chapterPlacement, chapterPrintsPages, mentionOrder, type BookStructure, type ChapterPlacement } from './book';
import type { NumberingState } from './structure';
import { carryAfter } from './guide-words';
import { chapterNoteCount } from './note-numbering';
import { structuralBlocks } from './structural-blocks';

const digests = new WeakMap<ParsedChapter, { settings: LayoutSettings; digest: string }>();

/** Everything `bookStructure` reads of a chapter under `settings`, as text. */
export function structuralDigest(chapter: ParsedChapter, settings: LayoutSettings): string {
  const known = digests.get(chapter);
  if (known?.settings === settings) return known.digest;
  const blocks = structuralBlocks(chapter).map((b) =>
    b.kind === 'heading' ? ['h', b.id, b.level, b.plainText, b.attrs] : b.kind === 'containerStart' ? ['c', b.id, b.name, b.attrs] : ['d', b.id, b.name, b.ignored === true, b.attrs],
  );
  const anchors = chapter.collected.anchors.map((a) => [a.anchorId, a.kind, a.blockId]);
  // (The running H1 is among the blocks; the marks are the guide words' share of the carry.)
  const marks = carryAfter(chapter, undefined, settings, {}).marks ?? {};
  const digest = JSON.stringify([chapter.chapterId, blocks, anchors, mentionOrder(chapter), chapterPrintsPages(chapter, settings.crossRefs.defaultStyle), chapterNoteCount(chapter), marks]);
  digests.set(chapter, { settings, digest });
  return digest;
}

export class BookStructureMemo {
  private last: { settings: LayoutSettings; resources: ResourceSet | undefined; digests: string[]; structure: BookStructure } | undefined;
  /** Counts the structures computed: a structure taken again keeps the count. */
  private generation = 0;
  /** Each chapter's last placement, with what it was made from (`placement`). */
  private readonly placements = new Map<string, { stamp: string; placement: ChapterPlacement }>();

  /** The structure of `chapters` (its `pageLabels` empty, as `bookStructure` gives it): the last one when nothing it is counted from changed. */
  structure(chapters: readonly ParsedChapter[], settings: LayoutSettings, resources: ResourceSet | undefined, compute: () => BookStructure): BookStructure {
    const now = chapters.map((chapter) => structuralDigest(chapter, settings));
    const last = this.last;
    if (last && last.settings === settings && last.resources === resources && last.digests.length === now.length && now.every((d, i) => d === last.digests[i])) {
      if (last.structure.chapters.every((c, i) => c === chapters[i])) return last.structure;
      const structure = { ...last.structure, chapters };
      this.last = { ...last, structure };
      return structure;
    }
    const structure = compute();
    this.generation++;
    this.last = { settings, resources, digests: now, structure };
    return structure;
  }

  /** Drops the placements of chapters not in `ids` (the book's): each holds the structure it was counted in, and with it that book's parses and settings. */
  keepChapters(ids: ReadonlySet<string>): void {
    for (const id of this.placements.keys()) if (!ids.has(id)) this.placements.delete(id);
  }

  /**
   * A chapter's placement (page/book.ts `chapterPlacement`): the last one while the structure is
   * the one counted then (or taken again since), with the same targets and page labels read
   * (their ids: engine/index.ts), starting with the same page numbering. Not for a chapter that
   * prints an index: its rows read every chapter's index marks, which no digest holds.
   */
  placement(book: BookStructure, chapterId: string, numbering: NumberingState): ChapterPlacement {
    // (Labels without the id of what is read of them: no memo.)
    if (book.indexNames.has(chapterId) || this.last?.structure.settings !== book.settings || (book.pageLabelsKey === undefined && book.pageLabels.size > 0)) return chapterPlacement(book, chapterId, numbering);
    const stamp = `${this.generation}|${book.targetsKey}|${book.pageLabelsKey ?? ''}|${JSON.stringify(numbering)}`;
    const known = this.placements.get(chapterId);
    if (known?.stamp === stamp) return known.placement;
    const placement = chapterPlacement(book, chapterId, numbering);
    this.placements.set(chapterId, { stamp, placement });
    return placement;
  }
}
