/**
 * Book pass (document-format.md §1 "Books", §13, §14.1, §12.4, §16): combines independently parsed
 * chapters. Only the first chapter's front matter counts; anchors, index marks, references and citation
 * keys are book-wide. Cheap: it concatenates each chapter's `collected` tables, so editing one chapter
 * means re-parsing that chapter and calling `combineBook` again.
 */
import { parseChapter } from './chapter';
import type { BookIndex, Diagnostic, ParsedBook, ParsedChapter, SourceRange } from './model';

export interface BookChapterInput {
  id: string;
  source: string;
}

export interface BookOptions {
  /**
   * Ids of the book's resources (figures, tables, videos live outside the Markdown, §12.1). When given,
   * a `:ref`/`::resource` whose target is neither an anchor nor a resource raises `unknownResourceId`.
   */
  resourceIds?: Iterable<string>;
}

export function parseBook(chapters: BookChapterInput[], options: BookOptions = {}): ParsedBook {
  const parsed = chapters.map((c, i) => parseChapter(c.source, { chapterId: c.id, isFirstChapter: i === 0 }));
  return combineBook(parsed, options);
}

function diag(kind: string, message: string, chapterId: string, r: SourceRange): Diagnostic {
  return { kind, message, chapterId, line: r.line, column: r.column, from: r.from, to: r.to, severity: 'warning' };
}

export function combineBook(chapters: ParsedChapter[], options: BookOptions = {}): ParsedBook {
  const diagnostics: Diagnostic[] = [];
  const index: BookIndex = { anchors: {}, footnotes: {}, resourceMentions: [], indexMarks: [], citationKeys: [], outline: [] };
  const seenCitation = new Set<string>();
  const resourceIds = options.resourceIds ? new Set(options.resourceIds) : undefined;

  for (const ch of chapters) {
    const c = ch.collected;
    for (const a of c.anchors) {
      // Ids are unique book-wide; the first wins (§13).
      if (Object.prototype.hasOwnProperty.call(index.anchors, a.anchorId)) {
        diagnostics.push(diag('duplicateAnchor', `Anchor id "${a.anchorId}" is already used; the first one wins.`, ch.chapterId, a.range));
        continue;
      }
      index.anchors[a.anchorId] = { ...a, chapterId: ch.chapterId };
    }
    const defs: Record<string, { blockId: string; range: SourceRange }> = {};
    for (const d of c.footnoteDefs) if (!Object.prototype.hasOwnProperty.call(defs, d.noteId)) defs[d.noteId] = { blockId: d.blockId, range: d.range };
    index.footnotes[ch.chapterId] = defs;
    for (const h of c.headings) index.outline.push({ ...h, chapterId: ch.chapterId });
    for (const m of c.indexMarks) index.indexMarks.push({ ...m, chapterId: ch.chapterId });
    for (const k of c.citationKeys) {
      if (seenCitation.has(k.key)) continue;
      seenCitation.add(k.key);
      index.citationKeys.push(k.key);
    }
  }

  // Resource mentions in reading order: refs and embeds interleaved by block order within a chapter.
  const seenResource = new Set<string>();
  for (const ch of chapters) {
    const order = new Map(ch.blocks.map((b, i) => [b.id, i] as const));
    const mentions = [
      ...ch.collected.refs.map((r) => ({ id: r.target, blockId: r.blockId, range: r.range, usage: 'ref' as const })),
      ...ch.collected.resourceEmbeds.map((r) => ({ id: r.resourceId, blockId: r.blockId, range: r.range, usage: 'embed' as const })),
    ].sort((a, b) => (order.get(a.blockId)! - order.get(b.blockId)!) || a.range.from - b.range.from);
    for (const m of mentions) {
      const isAnchor = Object.prototype.hasOwnProperty.call(index.anchors, m.id);
      if (isAnchor) continue;
      if (resourceIds && !resourceIds.has(m.id)) {
        diagnostics.push(diag('unknownResourceId', `No resource or anchor "${m.id}" (usage: ${m.usage}).`, ch.chapterId, m.range));
        continue;
      }
      if (seenResource.has(m.id)) continue;
      seenResource.add(m.id);
      index.resourceMentions.push({ resourceId: m.id, chapterId: ch.chapterId, blockId: m.blockId, usage: m.usage });
    }
  }

  // Footnotes (§14.1): a marker resolves in its chapter, else to the first definition elsewhere (our choice).
  const usedNotes = new Set<string>();
  for (const ch of chapters) {
    for (const r of ch.collected.footnoteRefs) {
      const own = index.footnotes[ch.chapterId]!;
      if (Object.prototype.hasOwnProperty.call(own, r.noteId)) {
        usedNotes.add(`${ch.chapterId}\u0000${r.noteId}`);
        continue;
      }
      const other = chapters.find((o) => Object.prototype.hasOwnProperty.call(index.footnotes[o.chapterId]!, r.noteId));
      if (other) usedNotes.add(`${other.chapterId}\u0000${r.noteId}`);
      else diagnostics.push(diag('undefinedFootnote', `Footnote "${r.noteId}" has no definition.`, ch.chapterId, r.range));
    }
  }
  for (const ch of chapters)
    for (const [noteId, d] of Object.entries(index.footnotes[ch.chapterId]!))
      if (!usedNotes.has(`${ch.chapterId}\u0000${noteId}`)) diagnostics.push(diag('unusedFootnote', `Footnote "${noteId}" is never cited.`, ch.chapterId, d.range));

  // Index marks (§16): range pairs and `see` targets, book-wide.
  const terms = new Set(index.indexMarks.map((m) => m.term).filter(Boolean));
  const openRanges = new Map<string, (typeof index.indexMarks)[number][]>();
  for (const m of index.indexMarks) {
    const key = `${m.attrs.index ?? ''}\u0000${m.term}`;
    if (m.attrs.range === 'start') openRanges.set(key, [...(openRanges.get(key) ?? []), m]);
    else if (m.attrs.range === 'end') {
      const open = openRanges.get(key);
      if (open?.length) open.pop();
      else diagnostics.push(diag('indexRangeUnclosed', `Index range end for "${m.term}" has no start.`, m.chapterId, m.range));
    }
    for (const key2 of ['see', 'seealso'] as const) {
      const target = m.attrs[key2];
      if (target && !terms.has(target) && ![...terms].some((t) => t.startsWith(`${target}!`)))
        diagnostics.push(diag('indexSeeUnknown', `Index cross-reference target "${target}" is not an entry.`, m.chapterId, m.range));
    }
  }
  for (const list of openRanges.values())
    for (const m of list) diagnostics.push(diag('indexRangeUnclosed', `Index range for "${m.term}" is never closed.`, m.chapterId, m.range));

  const book: ParsedBook = { chapters, index, diagnostics };
  const fm = chapters[0]?.frontmatter;
  if (fm) book.frontmatter = fm;
  return book;
}
