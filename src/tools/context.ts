/**
 * What every tool handler shares: the worker client (the same one the UI uses), an optional view
 * of the UI's navigation, chapter addressing (tools.md §2.5), waiting for layout (§2.4) and the
 * layout-delta block every mutating tool answers with (§2.10).
 */
import { countPlainWords } from '../worker/engine/text/words';
import { z } from 'zod';
import type { BookClient } from '../worker/protocol/client';
import type { BookSnapshot, ChapterPages, Transaction, TransactionResult } from '../worker/protocol/messages';
import { fail, type ToolResult } from './registry';
import type { SandboxScreen } from './ui-bridge';

/** What the UI tells the tools about the screen; absent in headless use. */
export interface UiView {
  viewer: string;
  panel: string;
  scope: 'chapter' | 'book';
  /** Id of the chapter on screen. */
  chapter: string | null;
  /** Printed label of the page on screen, if any. */
  pageLabel?: string | null;
  zoom?: number;
  fit?: 'width' | 'height' | 'none';
  pages?: 'single' | 'spread';
  baselineGrid?: boolean;
  /** The EPUB reader's text size (0.6–2.5), once the EPUB tab has mounted. */
  fontScale?: number;
  /** The EPUB contents entry on screen, when the EPUB tab is. */
  contents?: string;
}

export interface UiBridge {
  view(): UiView;
  /** The mounted Sandbox UI's reads and commands (`ui-bridge.ts`), or null when none is on screen. */
  screen(): SandboxScreen | null;
}

export interface ToolContext {
  client: BookClient;
  ui?: UiBridge | undefined;
}

/** `chapter`: 1-based position, id, or exact title (case-insensitive). */
export const ChapterRef = z.union([z.number().int().min(1), z.string().min(1)]).describe('Chapter: its 1-based position, its id, or its title. Omitted: the chapter on screen.');
export const Wait = z.boolean().default(true).describe('Wait until the pages are laid out again before answering (default true).');

/** Longest a tool waits for the book to be ready, ms (tools.md §2.4). */
const READY_TIMEOUT_MS = 60_000;

export interface ResolvedChapter {
  /** 0-based index in the book. */
  index: number;
  id: string;
  title: string;
  text: string;
}

/** Waits (≤ 60 s) until a book is open and laid out; returns it, or a failure naming the wait. */
export async function readyBook(ctx: ToolContext): Promise<BookSnapshot | ToolResult> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      const book = await ctx.client.getBook();
      await withTimeout(ctx.client.awaitConvergence(book.revision), deadline - Date.now());
      return book;
    } catch (error) {
      if (Date.now() > deadline) return fail(`The Sandbox is not ready (waitingFor: ${error instanceof Error ? error.message : 'the book to load'}). Try sandbox_get_state later.`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export function isFailure(value: unknown): value is ToolResult & { ok: false } {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('layout')), Math.max(0, ms)))]);
}

export function chapterTitle(book: BookSnapshot, index: number): string {
  const chapter = book.chapters[index]!;
  if (chapter.title) return chapter.title;
  const heading = /^#\s+(.+?)(?:\s*\{[^}]*\})?\s*$/m.exec(chapter.text);
  return heading?.[1]?.trim() ?? `Chapter ${index + 1}`;
}

/** Resolves a chapter reference (§2.5); omitted → the chapter on screen, else the first. */
export function resolveChapter(ctx: ToolContext, book: BookSnapshot, ref: number | string | undefined): ResolvedChapter | ToolResult {
  let index = -1;
  if (ref === undefined) {
    const onScreen = ctx.ui?.view().chapter;
    index = Math.max(0, onScreen ? book.chapters.findIndex((c) => c.id === onScreen) : 0);
  } else if (typeof ref === 'number') {
    index = ref - 1;
  } else {
    index = book.chapters.findIndex((c) => c.id === ref);
    if (index < 0) {
      const matches = book.chapters.map((_, i) => i).filter((i) => chapterTitle(book, i).toLowerCase() === ref.toLowerCase());
      if (matches.length > 1) return fail(`Several chapters are titled "${ref}"; name one by position or id.`, { chapters: chapterList(book) });
      index = matches[0] ?? -1;
    }
  }
  const chapter = book.chapters[index];
  if (!chapter) return fail(`There is no chapter ${JSON.stringify(ref)}. Name a chapter by position (1–${book.chapters.length}), id or title.`, { chapters: chapterList(book) });
  return { index, id: chapter.id, title: chapterTitle(book, index), text: chapter.text };
}

export function chapterList(book: BookSnapshot): { chapter: number; id: string; title: string }[] {
  return book.chapters.map((c, i) => ({ chapter: i + 1, id: c.id, title: chapterTitle(book, i) }));
}

export interface LayoutDelta {
  pagesBefore: number;
  pagesAfter?: number;
  chapters?: { chapter: number; title: string; pages: number; pagesBefore: number | null }[];
  pending?: true;
}

/**
 * Applies a transaction and, unless `wait` is false, waits for the layout of the revision it
 * produced; answers with the layout delta of §2.10 (changed chapters only).
 */
export async function applyAndReport(ctx: ToolContext, transaction: Transaction, wait: boolean): Promise<{ result: TransactionResult; delta: LayoutDelta }> {
  const before = await ctx.client.getPages();
  const result = await ctx.client.apply(transaction);
  const pagesBefore = before.pages.length;
  if (!result.ok) return { result, delta: { pagesBefore } };
  if (!wait) return { result, delta: { pagesBefore, pending: true } };
  await ctx.client.awaitConvergence(result.revision);
  return { result, delta: await deltaSince(ctx, before, (id) => touched(transaction, id)) };
}

/**
 * The layout-delta block (§2.10) once the layout has caught up: the totals before and now, and
 * the chapters whose pages moved or whose text `wasTouched` says changed.
 */
export async function deltaSince(ctx: ToolContext, before: { pages: readonly unknown[]; chapters: readonly ChapterPages[] }, wasTouched: (chapterId: string) => boolean): Promise<LayoutDelta> {
  const [after, book] = await Promise.all([ctx.client.getPages(), ctx.client.getBook()]);
  const previous = new Map<string, ChapterPages>(before.chapters.map((c) => [c.id, c]));
  const chapters = after.chapters
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => {
      const p = previous.get(c.id);
      return !p || p.pages !== c.pages || p.firstPage !== c.firstPage || wasTouched(c.id);
    })
    .map(({ c, i }) => ({ chapter: i + 1, title: chapterTitle(book, i), pages: c.pages, pagesBefore: previous.get(c.id)?.pages ?? null }));
  return { pagesBefore: before.pages.length, pagesAfter: after.pages.length, chapters };
}

function touched(transaction: Transaction, chapterId: string): boolean {
  return transaction.ops.some((op) => 'chapterId' in op && op.chapterId === chapterId);
}

/** Words of a chapter's text: Latin-like words, plus every Han/kana/hangul character (issue 7). */
export function countWords(text: string): number {
  return countPlainWords(text);
}

/** 1-based line and column of an offset in a text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/** The ready book and the chapter a tool names (or the one on screen), or the failure to answer with. */
export async function bookAndChapter(ctx: ToolContext, ref: number | string | undefined): Promise<{ book: BookSnapshot; chapter: ResolvedChapter } | ToolResult> {
  const book = await readyBook(ctx);
  if (isFailure(book)) return book;
  const chapter = resolveChapter(ctx, book as BookSnapshot, ref);
  if (isFailure(chapter)) return chapter;
  return { book: book as BookSnapshot, chapter: chapter as ResolvedChapter };
}
