/**
 * References to a resource in the chapters' Markdown (`:ref{id="…"}`, `::resource{id="…"}` and
 * the LaTeX/Pandoc forms), found with the parser so code spans and escapes never match: counted
 * for the panels and tools (usage, dangling references after a delete) and rewritten on a rename.
 */
import { parseChapter } from '../parse';

export interface ChapterText {
  id: string;
  text: string;
}

interface Found {
  chapterId: string;
  /** Source range of the id inside the reference, UTF-16 offsets in the chapter. */
  from: number;
  to: number;
}

function find(chapters: readonly ChapterText[], id: string): Found[] {
  const out: Found[] = [];
  chapters.forEach((chapter, index) => {
    const parsed = parseChapter(chapter.text, { chapterId: chapter.id, isFirstChapter: index === 0 });
    const ranges = [
      ...parsed.collected.refs.filter((r) => r.target === id).map((r) => r.range),
      ...parsed.collected.resourceEmbeds.filter((r) => r.resourceId === id).map((r) => r.range),
    ];
    for (const range of ranges) {
      const source = chapter.text.slice(range.from, range.to);
      const at = locateId(source, id);
      if (at >= 0) out.push({ chapterId: chapter.id, from: range.from + at, to: range.from + at + id.length });
    }
  });
  return out.sort((a, b) => (a.chapterId === b.chapterId ? a.from - b.from : 0));
}

/** Where the id sits inside one reference's source: after `id=` (quoted or not), else as a whole word. */
function locateId(source: string, id: string): number {
  const attr = new RegExp(`id\\s*=\\s*["']?(${escapeRegExp(id)})(?=["'\\s}])`).exec(source);
  if (attr) return attr.index + attr[0].length - id.length;
  const word = new RegExp(`(^|[^\\w.:-])(${escapeRegExp(id)})(?![\\w.:-])`).exec(source);
  return word ? word.index + word[1]!.length : -1;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** How many references (`:ref`, `::resource`, …) name the id, book-wide. */
export function countReferences(chapters: readonly ChapterText[], id: string): number {
  return find(chapters, id).length;
}

/** The text changes that rename every reference to `from` into `to` (one per reference). */
export function renameReferences(chapters: readonly ChapterText[], from: string, to: string): { chapterId: string; from: number; to: number; insert: string }[] {
  return find(chapters, from).map((f) => ({ chapterId: f.chapterId, from: f.from, to: f.to, insert: to }));
}
