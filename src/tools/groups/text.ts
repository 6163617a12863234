/** Text (tools.md §3.3): read, search, edit, write and undo chapter text; manage and remove chapters. */
import { z } from 'zod';
import { textDiff } from '../../worker/document/mapping';
import type { BookSnapshot, BookOp, TextOp } from '../../worker/protocol/messages';
import { applyAndReport, bookAndChapter, ChapterRef, chapterList, chapterTitle, countWords, deltaSince, isFailure, lineColumn, readyBook, resolveChapter, Wait, type LayoutDelta, type ResolvedChapter, type ToolContext } from '../context';
import { defineTool, fail, type ToolResult, type ToolSpec } from '../registry';

/** Lines a read answers with when no range is given (tools.md: our choice). */
const READ_CAP = 400;

const readText = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_read_text',
    title: 'Read a chapter',
    description:
      'Read a chapter’s Markdown source with line numbers ("40│text"). Without a range: the whole chapter up to 400 lines (then `truncated: true`; ask for the rest with fromLine). Read before editing so your `find` strings match exactly. Example: { "chapter": 2, "fromLine": 40, "toLine": 80 }',
    input: z.object({ chapter: ChapterRef.optional(), fromLine: z.number().int().min(1).optional(), toLine: z.number().int().min(1).optional() }).strict(),
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const found = await bookAndChapter(ctx, args.chapter);
      if (isFailure(found)) return found;
      const { chapter } = found as { chapter: ResolvedChapter };
      const lines = chapter.text.split('\n');
      if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
      const from = Math.min(args.fromLine ?? 1, Math.max(1, lines.length));
      const explicitEnd = args.toLine !== undefined;
      if (explicitEnd && args.toLine! < from) return fail(`toLine (${args.toLine}) comes before fromLine (${from}); give toLine ≥ fromLine.`);
      const to = Math.min(explicitEnd ? args.toLine! : from + READ_CAP - 1, lines.length);
      const text = lines.slice(from - 1, to).map((line, i) => `${from + i}│${line}`).join('\n');
      return { ok: true, chapter: chapter.index + 1, title: chapter.title, totalLines: lines.length, fromLine: from, toLine: to, ...(!explicitEnd && to < lines.length ? { truncated: true } : {}), text };
    },
  });

const searchText = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_search_text',
    title: 'Find a passage',
    description:
      'Where a passage occurs in the book’s source (or one chapter): chapter, line, column, offsets and an excerpt for each match; with `pages: true` also the printed page each match landed on. Example: { "query": "baseline grid", "pages": true }',
    input: z
      .object({
        query: z.string().min(1),
        pages: z.boolean().default(false),
        chapter: ChapterRef.optional().describe('Search only this chapter (default: the whole book).'),
        caseSensitive: z.boolean().default(false),
        limit: z.number().int().min(1).max(500).default(50),
      })
      .strict(),
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const book = await readyBook(ctx);
      if (isFailure(book)) return book;
      const snapshot = book as BookSnapshot;
      let indices = snapshot.chapters.map((_, i) => i);
      if (args.chapter !== undefined) {
        const chapter = resolveChapter(ctx, snapshot, args.chapter);
        if (isFailure(chapter)) return chapter;
        indices = [(chapter as ResolvedChapter).index];
      }
      const needle = args.caseSensitive ? args.query : args.query.toLowerCase();
      const matches: Record<string, unknown>[] = [];
      let total = 0;
      const labels = args.pages ? (await ctx.client.getPages()).pages : [];
      for (const i of indices) {
        const source = snapshot.chapters[i]!;
        const hay = args.caseSensitive ? source.text : source.text.toLowerCase();
        for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + Math.max(1, needle.length))) {
          total++;
          if (matches.length >= args.limit) continue;
          const { line, column } = lineColumn(source.text, at);
          const match: Record<string, unknown> = { chapter: i + 1, line, column, offset: at, toOffset: at + args.query.length, excerpt: excerpt(source.text, at, args.query.length) };
          if (args.pages) {
            const rects = await ctx.client.sourceRects(source.id, at, at + args.query.length);
            const page = rects[0] ? labels[rects[0].pageIndex]?.label : undefined;
            match['page'] = page ?? null;
          }
          matches.push(match);
        }
      }
      return { ok: true, total, matches, ...(total > matches.length ? { note: `Showing ${matches.length} of ${total}; raise limit to see more.` } : {}) };
    },
  });

function excerpt(text: string, at: number, length: number): string {
  const start = Math.max(0, at - 40);
  const end = Math.min(text.length, at + length + 40);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/\s+/g, ' ')}${end < text.length ? '…' : ''}`;
}

const editText = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_edit_text',
    title: 'Edit text',
    description:
      'Exact find-and-replace in one chapter’s Markdown. Each `find` must match the source exactly and occur once (or set `all: true`); edits apply in order; all or nothing — if one fails, nothing changes. One call is one undo step for sandbox_undo_text. Answers after the pages are laid out again, with the pages each changed chapter came to. Example: { "chapter": 2, "edits": [{ "find": "colour", "replace": "color", "all": true }] }',
    input: z
      .object({
        chapter: ChapterRef.optional(),
        edits: z.array(z.object({ find: z.string().min(1), replace: z.string(), all: z.boolean().default(false) }).strict()).min(1),
        wait: Wait,
      })
      .strict(),
    annotations: { untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const found = await bookAndChapter(ctx, args.chapter);
      if (isFailure(found)) return found;
      const { book, chapter } = found as { book: BookSnapshot; chapter: ResolvedChapter };
      // Apply the edits in order to a working copy, recording each replacement against the original text.
      let text = chapter.text;
      const applied: { find: string; count: number }[] = [];
      for (const edit of args.edits) {
        const positions: number[] = [];
        for (let at = text.indexOf(edit.find); at >= 0; at = text.indexOf(edit.find, at + edit.find.length)) positions.push(at);
        if (positions.length === 0) return fail(`The passage ${JSON.stringify(edit.find.slice(0, 80))} is not in chapter ${chapter.index + 1} (after the edits before it). Re-read the chapter with sandbox_read_text and copy the passage exactly.`);
        if (positions.length > 1 && !edit.all) return fail(`The passage ${JSON.stringify(edit.find.slice(0, 80))} occurs ${positions.length} times in chapter ${chapter.index + 1}; add surrounding words to make it unique, or set "all": true.`);
        for (const at of [...positions].reverse()) text = text.slice(0, at) + edit.replace + text.slice(at + edit.find.length);
        applied.push({ find: edit.find, count: positions.length });
      }
      const change = textDiff(chapter.id, chapter.text, text);
      const summary = args.edits.map((e) => `${e.find.slice(0, 30)} → ${e.replace.slice(0, 30)}`).join('; ');
      const { result, delta } = await applyAndReport(ctx, { origin: 'agent', baseRevision: book.revision, ops: [change], undoable: { tool: 'sandbox_edit_text', summary } }, args.wait);
      if (!result.ok) return fail(result.error);
      const first = lineColumn(text, change.from).line;
      const last = lineColumn(text, change.from + change.insert.length).line;
      return { ok: true, chapter: chapter.index + 1, applied, linesChanged: [first, last], ...delta };
    },
  });

const writeText = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_write_text',
    title: 'Replace a chapter',
    description:
      'Replace a whole chapter’s Markdown (undoable with sandbox_undo_text). Prefer sandbox_edit_text for small changes. Example: { "chapter": 3, "markdown": "# Epilogue\\n\\nThe end.\\n" }',
    input: z.object({ chapter: ChapterRef.optional(), markdown: z.string(), wait: Wait }).strict(),
    annotations: { untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const found = await bookAndChapter(ctx, args.chapter);
      if (isFailure(found)) return found;
      const { book, chapter } = found as { book: BookSnapshot; chapter: ResolvedChapter };
      const change: TextOp = { type: 'text', chapterId: chapter.id, from: 0, to: chapter.text.length, insert: args.markdown };
      const { result, delta } = await applyAndReport(ctx, { origin: 'agent', baseRevision: book.revision, ops: [change], undoable: { tool: 'sandbox_write_text', summary: `chapter ${chapter.index + 1} rewritten` } }, args.wait);
      if (!result.ok) return fail(result.error);
      return { ok: true, chapter: chapter.index + 1, lines: args.markdown.split('\n').length, words: countWords(args.markdown), ...delta };
    },
  });

const undoText = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_undo_text',
    title: 'Undo a text edit',
    description:
      'Undo the last text edit made by a tool (sandbox_edit_text, sandbox_write_text), or redo it with `redo: true`. It does not undo typing in the editor, chapter moves, design or resource changes (use the `from` values of those answers). The list is lost on page reload. Example: {}',
    input: z.object({ redo: z.boolean().default(false), steps: z.number().int().min(1).max(50).default(1) }).strict(),
    annotations: { untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const before = await ctx.client.getPages();
      const result = await ctx.client.undoText({ redo: args.redo, steps: args.steps });
      if (!result.ok) return fail(result.error);
      await ctx.client.awaitConvergence(result.revision);
      const touched = new Set(result.done.flatMap((d) => d.chapters));
      const delta = await deltaSince(ctx, before, (id) => touched.has(id));
      // Each step as tools.md §3.3 shapes it: { chapter, tool, summary } (chapter = 1-based position now).
      const book = await ctx.client.getBook();
      const steps = result.done.map((d) => {
        const positions = d.chapters.map((id) => book.chapters.findIndex((c) => c.id === id) + 1).filter((n) => n > 0);
        return { chapter: positions[0] ?? null, ...(positions.length > 1 ? { chapters: positions } : {}), tool: d.tool, summary: d.summary };
      });
      return { ok: true, [args.redo ? 'redone' : 'undone']: steps.length === 1 ? steps[0] : steps, remaining: result.remaining, ...delta };
    },
  });

const manageChapters = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_manage_chapters',
    title: 'Manage chapters',
    description:
      'Add, rename, move, split, split at level-1 headings, merge into the previous chapter, or list the chapters. Per action: add {title, markdown, position?}; rename {chapter, title}; move {chapter, position}; split {chapter, before: the passage the new chapter starts at}; split_at_headings {chapter}; merge {chapter}; list {}. The book’s front matter stays in chapter 1. Example: { "action": "add", "title": "Epilogue", "markdown": "# Epilogue\\n\\nThe end.\\n", "position": 3 }',
    input: z
      .object({
        action: z.enum(['add', 'rename', 'move', 'split', 'split_at_headings', 'merge', 'list']),
        chapter: ChapterRef.optional(),
        title: z.string().optional(),
        markdown: z.string().optional(),
        position: z.number().int().min(1).optional(),
        before: z.string().min(1).optional(),
        wait: Wait,
      })
      .strict(),
    annotations: { untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const book = ready as BookSnapshot;
      const listing = async () => {
        const [pages, latest] = await Promise.all([ctx.client.getPages(), ctx.client.getBook()]);
        return latest.chapters.map((c, i) => ({ chapter: i + 1, id: c.id, title: chapterTitle(latest, i), pages: pages.chapters.find((p) => p.id === c.id)?.pages ?? null }));
      };
      if (args.action === 'list') return { ok: true, chapters: await listing() };
      let ops: BookOp[];
      if (args.action === 'add') {
        if (args.markdown === undefined) return fail('add needs markdown (the new chapter’s text) and a title.');
        ops = [{ type: 'chapter.add', title: args.title ?? '', text: args.markdown, ...(args.position ? { index: args.position - 1 } : {}) }];
      } else {
        const chapter = resolveChapter(ctx, book, args.chapter);
        if (isFailure(chapter)) return chapter;
        const c = chapter as ResolvedChapter;
        if (args.action === 'rename') {
          if (args.title === undefined) return fail('rename needs the new title.');
          ops = [{ type: 'chapter.rename', chapterId: c.id, title: args.title }];
        } else if (args.action === 'move') {
          if (args.position === undefined) return fail(`move needs the target position (1–${book.chapters.length}).`);
          ops = [{ type: 'chapter.move', chapterId: c.id, index: args.position - 1 }];
        } else if (args.action === 'merge') {
          if (c.index === 0) return fail('The first chapter has no previous chapter to merge into; merge chapter 2 or later.');
          const previous = book.chapters[c.index - 1]!;
          const joined = `${previous.text.replace(/\n*$/, '\n\n')}${withoutFrontmatter(c.text)}`;
          ops = [{ type: 'text', chapterId: previous.id, from: 0, to: previous.text.length, insert: joined }, { type: 'chapter.remove', chapterId: c.id }];
        } else if (args.action === 'split') {
          if (!args.before) return fail('split needs `before`: the exact passage the new chapter starts at.');
          const at = c.text.indexOf(args.before);
          if (at < 0) return fail(`The passage ${JSON.stringify(args.before.slice(0, 80))} is not in chapter ${c.index + 1}; re-read it with sandbox_read_text.`);
          if (c.text.indexOf(args.before, at + 1) >= 0) return fail(`The passage ${JSON.stringify(args.before.slice(0, 80))} occurs more than once in chapter ${c.index + 1}; give a longer passage.`);
          ops = splitOps(c, [at], args.title);
        } else {
          const starts = [...c.text.matchAll(/^# .+$/gm)].map((m) => m.index!).filter((i) => i > firstBodyOffset(c.text));
          if (starts.length === 0) return fail(`Chapter ${c.index + 1} has no further level-1 heading to split at.`);
          ops = splitOps(c, starts);
        }
      }
      const { result, delta } = await applyAndReport(ctx, { origin: 'agent', baseRevision: book.revision, ops }, args.wait);
      if (!result.ok) return fail(result.error, { chapters: chapterList(book) });
      // §3.3 answers every chapter; those whose pages moved also carry pagesBefore (§2.10).
      return { ok: true, ...delta, chapters: withPagesBefore(await listing(), delta) };
    },
  });

/** Ops that cut a chapter at the given offsets into consecutive new chapters after it. */
function splitOps(c: ResolvedChapter, cuts: number[], title?: string): BookOp[] {
  const bounds = [...cuts, c.text.length];
  const ops: BookOp[] = [{ type: 'text', chapterId: c.id, from: cuts[0]!, to: c.text.length, insert: '' }];
  for (let i = 0; i < cuts.length; i++) {
    const text = c.text.slice(bounds[i]!, bounds[i + 1]!);
    const heading = /^#\s+(.+?)(?:\s*\{[^}]*\})?\s*$/m.exec(text)?.[1];
    ops.push({ type: 'chapter.add', title: i === 0 && title ? title : heading ?? '', text, index: c.index + 1 + i });
  }
  return ops;
}

/** Where the body starts (after front matter), so a split never cuts the book's front matter off chapter 1. */
function firstBodyOffset(text: string): number {
  const fm = /^---\n[\s\S]*?\n---\n/.exec(text);
  return fm ? fm[0].length : 0;
}

/** Adds `pagesBefore` from the layout delta to the chapters it names. */
function withPagesBefore<T extends { chapter: number }>(chapters: T[], delta: LayoutDelta): (T & { pagesBefore?: number | null })[] {
  const before = new Map((delta.chapters ?? []).map((c) => [c.chapter, c.pagesBefore]));
  return chapters.map((c) => (before.has(c.chapter) ? { ...c, pagesBefore: before.get(c.chapter)! } : c));
}

function withoutFrontmatter(text: string): string {
  return text.slice(firstBodyOffset(text));
}

const removeChapter = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_remove_chapter',
    title: 'Delete a chapter',
    description: 'Delete a chapter. This cannot be undone (export a .postext first when in doubt); the last chapter can never be deleted. Example: { "chapter": 4 }',
    input: z.object({ chapter: ChapterRef, wait: Wait }).strict(),
    annotations: { consequentialHint: true, untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const book = ready as BookSnapshot;
      const chapter = resolveChapter(ctx, book, args.chapter);
      if (isFailure(chapter)) return chapter;
      const c = chapter as ResolvedChapter;
      const { result, delta } = await applyAndReport(ctx, { origin: 'agent', baseRevision: book.revision, ops: [{ type: 'chapter.remove', chapterId: c.id }] }, args.wait);
      if (!result.ok) return fail(result.error);
      // §3.3 answers the chapters that remain; those whose pages moved also carry pagesBefore (§2.10).
      const [latest, pages] = await Promise.all([ctx.client.getBook(), ctx.client.getPages()]);
      const remaining = chapterList(latest).map((entry) => ({ ...entry, pages: pages.chapters.find((p) => p.id === entry.id)?.pages ?? null }));
      return { ok: true, removed: { chapter: c.index + 1, id: c.id, title: c.title }, ...delta, chapters: withPagesBefore(remaining, delta) };
    },
  });

export function textTools(ctx: ToolContext): ToolSpec[] {
  return [readText(ctx), searchText(ctx), editText(ctx), writeText(ctx), undoText(ctx), manageChapters(ctx), removeChapter(ctx)];
}
