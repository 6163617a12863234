/**
 * Where the index marks landed (document-format §16): each mark's page, read from the laid-out
 * pages' glyph runs, and the marks of the book with those pages for `:::index` (page/index-entries.ts).
 *
 * A mark's page: `:index[text]` — the page of its first printed character; `:index{…}` prints
 * nothing and takes the page of the word just before it on its source line, or of the word after it
 * when it opens the line (nothing of its block printed between the line's start and the mark).
 * Only glyphs of the mark's own block count; a mark whose block printed nothing (a line of marks
 * only is removed) takes the page of the nearest later block that printed, else the nearest earlier.
 *
 * The pages join the book's page labels (engine/index.ts `blockPageLabels`) under a key per mark,
 * `chapterId|@index<k>` (k = the mark's place among its chapter's marks), so they converge over the
 * passes that `:::toc` labels converge over (ARCHITECTURE invariant 6) and enter the memo key of the
 * chapters that print an index.
 */
import { Op, type PageDisplayList } from '../../protocol/displaylist';
import type { Block, ParsedChapter } from '../parse/model';
import type { PlacedIndexMark } from './index-entries';
import { structuralBlocks } from './structural-blocks';

/** The page-label key of a chapter's k-th index mark. */
export function indexMarkKey(chapterId: string, k: number): string {
  return `${chapterId}|@index${k}`;
}

/** A mark's page as stored among the page labels: its 0-based page index and label. */
export function encodeMarkPage(pageIndex: number, label: string): string {
  return `${pageIndex}\u0000${label}`;
}

function decodeMarkPage(value: string | undefined): { page: number; label: string } {
  if (value === undefined) return { page: -1, label: '?' };
  const cut = value.indexOf('\u0000');
  return { page: Number(value.slice(0, cut)), label: value.slice(cut + 1) };
}

/** The source offsets one glyph run covers (lowest and highest ≥ 0) and its page. */
interface RunSpan {
  lo: number;
  hi: number;
  page: number;
  label: string;
}

/**
 * Each index mark's page in one laid-out chapter, keyed by `indexMarkKey` and valued by
 * `encodeMarkPage`. Empty when the chapter has no marks.
 */
export function chapterMarkPages(chapterId: string, parsed: ParsedChapter, pages: readonly PageDisplayList[]): Map<string, string> {
  const out = new Map<string, string>();
  const marks = parsed.collected.indexMarks;
  if (marks.length === 0) return out;
  // The spans of the text each block printed, in page order (runs in margins and running heads excluded).
  const spans = new Map<string, RunSpan[]>();
  for (const page of pages) {
    for (const item of page.items) {
      if (item.op !== Op.GlyphRun || !item.line || item.chapter !== chapterId) continue;
      const role = item.line.role;
      if (role === 'lineNumber' || role === 'header' || role === 'footer') continue;
      let lo = Number.POSITIVE_INFINITY;
      let hi = -1;
      if (item.srcMap) {
        for (const o of item.srcMap) {
          if (o < 0) continue;
          if (o < lo) lo = o;
          if (o > hi) hi = o;
        }
      } else if (item.srcFrom >= 0) {
        lo = item.srcFrom;
        hi = item.srcFrom + Math.max(0, item.text.length - 1);
      }
      if (hi < 0) continue;
      let list = spans.get(item.line.block);
      if (!list) spans.set(item.line.block, (list = []));
      list.push({ lo, hi, page: page.index, label: page.label });
    }
  }
  const blockOrder = new Map<string, number>(parsed.blocks.map((b: Block, i) => [b.id, i]));
  marks.forEach((mark, k) => {
    const own = spans.get(mark.blockId) ?? [];
    const at = markSpan(own, mark.range.from, mark.range.to, mark.range.from - mark.range.column + 1) ?? nearestBlock(parsed.blocks, blockOrder.get(mark.blockId), spans);
    if (at) out.set(indexMarkKey(chapterId, k), encodeMarkPage(at.page, at.label));
  });
  return out;
}

/** Each laid-out chapter's mark pages, by its pages (the same array while the layout is memoised). */
const markPagesMemo = new WeakMap<readonly PageDisplayList[], Map<string, string>>();

/** Adds a laid-out chapter's mark pages (`chapterMarkPages`, once per layout) to the book's page labels. */
export function addMarkPages(chapterId: string, parsed: ParsedChapter | undefined, pages: readonly PageDisplayList[], labels: Map<string, string>): void {
  if (!parsed || parsed.collected.indexMarks.length === 0) return;
  let own = markPagesMemo.get(pages);
  if (!own) {
    own = chapterMarkPages(chapterId, parsed, pages);
    markPagesMemo.set(pages, own);
  }
  for (const [key, page] of own) labels.set(key, page);
}

/** The span whose page a mark at [from, to) takes among its block's spans; `lineStart` = the source offset its line starts at. */
function markSpan(spans: readonly RunSpan[], from: number, to: number, lineStart: number): RunSpan | undefined {
  let printed: RunSpan | undefined;
  let before: RunSpan | undefined;
  let after: RunSpan | undefined;
  for (const s of spans) {
    // `:index[text]`: its own words are printed; the first of them decides.
    if (s.lo < to && s.hi >= from && (!printed || Math.max(s.lo, from) < Math.max(printed.lo, from))) printed = s;
    if (s.hi < from && (!before || s.hi > before.hi)) before = s;
    if (s.lo >= to && (!after || s.lo < after.lo)) after = s;
  }
  if (printed) return printed;
  // The word before it on its source line, else the word after it (it opens the line).
  if (before && before.hi >= lineStart) return before;
  return after ?? before;
}

/** The first span of the nearest later block that printed anything, else of the nearest earlier one. */
function nearestBlock(blocks: readonly Block[], index: number | undefined, spans: ReadonlyMap<string, RunSpan[]>): RunSpan | undefined {
  if (index === undefined) return undefined;
  for (let i = index + 1; i < blocks.length; i++) {
    const s = spans.get(blocks[i]!.id);
    if (s?.length) return s[0];
  }
  for (let i = index - 1; i >= 0; i--) {
    const s = spans.get(blocks[i]!.id);
    if (s?.length) return s[s.length - 1];
  }
  return undefined;
}

/** The names of the indexes a chapter prints (`:::index` = '', `:::index{index="names"}` = 'names'). */
export function chapterIndexNames(chapter: ParsedChapter): string[] {
  const names: string[] = [];
  for (const block of structuralBlocks(chapter)) {
    if (block.kind !== 'directive' || block.name !== 'index' || block.ignored) continue;
    const name = block.attrs['index'] ?? '';
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** The book's marks of index `name` in book order, with the pages of the previous pass ('?' before the first). */
export function placedMarks(chapters: readonly ParsedChapter[], pageLabels: ReadonlyMap<string, string>, name: string): PlacedIndexMark[] {
  const out: PlacedIndexMark[] = [];
  for (const chapter of chapters) {
    chapter.collected.indexMarks.forEach((mark, k) => {
      if ((mark.attrs['index'] ?? '') !== name || !mark.term) return;
      const { page, label } = decodeMarkPage(pageLabels.get(indexMarkKey(chapter.chapterId, k)));
      out.push({ term: mark.term, attrs: mark.attrs, page, label });
    });
  }
  return out;
}
