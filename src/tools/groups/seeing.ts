/** Seeing (tools.md §3.1): get_state, render_page, inspect_pages, inspect_point. */
import { z } from 'zod';
import { Op, type GlyphRunItem, type PageDisplayList } from '../../worker/protocol/displaylist';
import type { BookSnapshot, PageSummary } from '../../worker/protocol/messages';
import { bookAndChapter, ChapterRef, chapterTitle, countWords, isFailure, lineColumn, readyBook, resolveChapter, type ResolvedChapter, type ToolContext } from '../context';
import { defineTool, fail, type McpContent, type ToolResult, type ToolSpec } from '../registry';

const Crop = z
  .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), width: z.number().gt(0).max(1), height: z.number().gt(0).max(1) })
  .strict()
  .describe('Part of the page in fractions (0–1) of its width and height, from the top-left corner.');

const PageArgs = {
  chapter: ChapterRef.optional(),
  page: z.union([z.number().int(), z.string().min(1)]).optional().describe('The number printed on the page (a label such as "iv" works too).'),
  position: z.number().int().min(1).optional().describe('1-based index of the page among the chapter’s pages (for pages without a number).'),
};

/** The chapter's pages, and the page a `page`/`position` pair (or the screen) names. */
async function locatePage(ctx: ToolContext, book: BookSnapshot, chapter: ResolvedChapter, args: { page?: number | string | undefined; position?: number | undefined }) {
  const { pages, chapters } = await ctx.client.getPages();
  const range = chapters.find((c) => c.id === chapter.id);
  if (!range || range.pages === 0) return fail(`Chapter ${chapter.index + 1} has no pages yet; try again once it is laid out.`);
  const own = pages.slice(range.firstPage, range.firstPage + range.pages);
  let index: number;
  if (args.position !== undefined) {
    if (args.position > own.length) return fail(`Chapter ${chapter.index + 1} has ${own.length} pages; give a position from 1 to ${own.length}.`, { chapterPages: own.length });
    index = range.firstPage + args.position - 1;
  } else if (args.page !== undefined) {
    const found = own.find((p) => p.label === String(args.page));
    if (!found) return fail(`Page ${args.page} is not in chapter ${chapter.index + 1}; its pages run from ${own[0]!.label} to ${own[own.length - 1]!.label}.`, { first: own[0]!.label, last: own[own.length - 1]!.label, chapterPages: own.length });
    index = found.index;
  } else {
    const onScreen = ctx.ui?.view().pageLabel;
    index = own.find((p) => p.label === onScreen)?.index ?? range.firstPage;
  }
  void book;
  return { index, own, range, all: pages };
}

function bytesToBase64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < view.length; i += chunk) binary += String.fromCharCode(...view.subarray(i, i + chunk));
  return btoa(binary);
}

const getState = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_get_state',
    title: 'What is open',
    description:
      'What is open and what the Sandbox is doing: the book with its chapters (position, id, title, words, pages, first and last page labels), the total page count, what is on screen, the number of resources and of warnings (the count the Checks panel shows; sandbox_get_warnings lists them). Call it first, and again after changes; `ready: false` comes with `waitingFor`. Example: {}',
    input: z.object({}).strict(),
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    async run() {
      let book: BookSnapshot;
      try {
        book = await ctx.client.getBook();
      } catch {
        return { ok: true, ready: false, waitingFor: 'the book to open' };
      }
      const pages = await ctx.client.getPages();
      // Ready once the layout of this revision covers every chapter (a book just opened reports its chapters as they finish).
      const ready = pages.revision >= book.revision && book.chapters.every((c) => pages.chapters.some((p) => p.id === c.id));
      const view = ctx.ui?.view();
      const onScreen = view?.chapter ?? null;
      const chapters = book.chapters.map((c, i) => {
        const range = pages.chapters.find((p) => p.id === c.id);
        const own = range ? pages.pages.slice(range.firstPage, range.firstPage + range.pages) : [];
        return {
          chapter: i + 1,
          id: c.id,
          title: chapterTitle(book, i),
          ...(onScreen === c.id ? { onScreen: true } : {}),
          words: countWords(c.text),
          pages: range && ready ? range.pages : null,
          ...(own.length > 0 ? { firstPage: own[0]!.label, lastPage: own[own.length - 1]!.label } : {}),
        };
      });
      const chapterOnScreen = onScreen ? book.chapters.findIndex((c) => c.id === onScreen) + 1 : 1;
      const pageOnScreen = view?.pageLabel ?? undefined;
      // A pending question holds the Sandbox until it is answered (tools.md §2.16).
      const screen = ctx.ui?.screen() ?? null;
      const question = screen?.question() ?? null;
      const notice = screen?.notice() ?? null;
      const selected = screen?.selection() ?? null;
      const selectedIndex = selected ? book.chapters.findIndex((c) => c.id === selected.chapterId) : -1;
      const selection = selected && selectedIndex >= 0
        ? { chapter: selectedIndex + 1, line: lineColumn(book.chapters[selectedIndex]!.text, selected.from).line, offset: selected.from, toOffset: selected.to, text: book.chapters[selectedIndex]!.text.slice(selected.from, selected.to).slice(0, 200) }
        : null;
      // The checks' count (sandbox_get_warnings gives the list), asked only once layout has caught up so it never waits.
      const warnings = ready ? ((await ctx.client.getWarnings().catch(() => null))?.total ?? null) : null;
      return {
        ok: true,
        ready: ready && !question,
        ...(question ? { waitingFor: 'an answer to the question (sandbox_answer)', question } : ready ? {} : { waitingFor: 'layout of the latest change' }),
        ...(notice ? { notice } : {}),
        ...(selection ? { selection } : {}),
        book: { kind: book.kind === 'project' ? 'project' : 'sample', id: book.id, name: book.name, language: book.locale },
        pages: pages.pages.length,
        chapters,
        view: { viewer: view?.viewer ?? 'canvas', panel: view?.panel ?? 'none', scope: view?.scope ?? 'chapter', chapter: chapterOnScreen || 1, ...(pageOnScreen ? { page: pageOnScreen } : {}) },
        resources: book.resources.length,
        warnings,
      };
    },
  });

const renderPage = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_render_page',
    title: 'Picture of a page',
    description:
      'A picture of one or more pages of a chapter, as JPEG, PNG or WebP at the width you ask (per page), or of a part of a page (`crop`, fractions from the top-left) for a close look, optionally as print preview (`printPreview`: the sheet with trim, bleed and safe-zone guides and crop marks; `trimmed` leaves the crop marks out). Pages are rendered for you whatever is on screen. Answers with one text part (JSON describing the pages) and one image part per page. Example: { "chapter": 1, "position": 1, "width": 1200, "format": "png" }',
    input: z
      .object({
        ...PageArgs,
        count: z.number().int().min(1).max(8).default(1).describe('Consecutive pages, e.g. 2 for a spread (at most 8).'),
        width: z.number().int().min(100).max(4000).default(1000).describe('Width of each picture in pixels (100–4000).'),
        format: z.enum(['jpeg', 'png', 'webp']).default('jpeg'),
        quality: z.number().min(0).max(1).default(0.85).describe('For jpeg and webp, 0–1.'),
        crop: Crop.optional(),
        printPreview: z.boolean().default(false).describe('Print preview: the sheet as it goes to the printer, with the trim (blue), bleed (magenta) and safe zone (green) drawn, and crop marks when the design has cut lines on.'),
        trimmed: z.boolean().default(false).describe('With printPreview: leave out the crop-mark margin (the picture stops at the bleed).'),
      })
      .strict(),
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    images: true,
    async run(args): Promise<ToolResult> {
      const book = await readyBook(ctx);
      if (isFailure(book)) return imageFailure((book as { error: string }).error);
      const chapter = resolveChapter(ctx, book as BookSnapshot, args.chapter);
      if (isFailure(chapter)) return imageFailure((chapter as { error: string }).error);
      const c = chapter as ResolvedChapter;
      const located = await locatePage(ctx, book as BookSnapshot, c, args);
      if (isFailure(located)) return imageFailure((located as { error: string }).error);
      const { index, range } = located as { index: number; range: { firstPage: number; pages: number } };
      if (args.crop && (args.crop.x + args.crop.width > 1.000001 || args.crop.y + args.crop.height > 1.000001)) {
        return imageFailure('The crop must lie inside the page: x + width ≤ 1 and y + height ≤ 1.');
      }
      const last = Math.min(index + args.count, range.firstPage + range.pages);
      const described: Record<string, unknown>[] = [];
      const images: McpContent['content'] = [];
      const summaries = (await ctx.client.getPages()).pages;
      for (let i = index; i < last; i++) {
        const raster = await ctx.client.renderPage(i, {
          width: args.width,
          format: args.format,
          quality: args.quality,
          ...(args.crop ? { crop: args.crop } : {}),
          ...(args.printPreview ? { printPreview: true, trimmed: args.trimmed } : {}),
        });
        const summary = summaries[i]!;
        described.push({ position: i - range.firstPage + 1, label: summary.label, role: summary.role, pixelWidth: raster.width, pixelHeight: raster.height, ...(args.crop ? { crop: args.crop } : {}), printPreview: args.printPreview });
        images.push({ type: 'image', data: bytesToBase64(raster.bytes), mimeType: raster.mimeType });
      }
      const note = index + args.count > last ? { note: `The chapter ends after ${last - index} page(s); only those were rendered.` } : {};
      const text = JSON.stringify({ ok: true, chapter: c.index + 1, title: c.title, pages: described, ...note });
      return { content: [{ type: 'text', text }, ...images] };
    },
  });

function imageFailure(error: string): ToolResult {
  return { ok: false, error, content: [{ type: 'text', text: error }], isError: true };
}

interface LineOnPage {
  block: string;
  role: string;
  text: string;
  x: number;
  y: number;
  right: number;
  size: number;
  ratio: number;
  hyphenated: boolean;
  ragged: boolean;
}

/**
 * Lines of a page: glyph runs grouped by block and baseline. In vertical text (`vertical`) the
 * runs are in the flow's frame and a line is cut into pieces (engine/page/vertical.ts): a run
 * joins the line of the run drawn just before it when they share block and baseline (a line in
 * another column at the same baseline is drawn later, after other lines).
 */
function linesOf(list: PageDisplayList, vertical = false): LineOnPage[] {
  const lines = new Map<string, LineOnPage>();
  let last: { key: string; block: string; y: number } | undefined;
  let pieces = 0;
  for (const item of list.items) {
    if (item.op !== Op.GlyphRun || !item.line) continue;
    const run = item as GlyphRunItem;
    const right = run.xs[run.xs.length - 1]! + run.size * 0.5;
    let key = `${run.line!.block}@${run.y}@${Math.round(run.xs[0]! / 50)}`;
    if (vertical) {
      const previous = last ? lines.get(last.key) : undefined;
      const continues = previous !== undefined && last!.block === run.line!.block && last!.y === run.y;
      key = continues ? last!.key : `${run.line!.block}@${run.y}@${pieces++}`;
      last = { key, block: run.line!.block, y: run.y };
    }
    const existing = lines.get(key);
    if (existing) {
      existing.text += run.text;
      existing.x = Math.min(existing.x, run.xs[0]!);
      existing.right = Math.max(existing.right, right);
    } else {
      lines.set(key, { block: run.line!.block, role: run.line!.role, text: run.text, x: run.xs[0]!, y: run.y, right, size: run.size, ratio: run.line!.ratio, hyphenated: run.line!.hyphenated === true, ragged: run.line!.ragged === true });
    }
  }
  return [...lines.values()];
}

const inspectPages = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_inspect_pages',
    title: 'Pages as data',
    description:
      'The pages of a chapter as data. Without page/position: one summary row per page (position, printed label, role, line count, how it starts). With one: every block on that page with its column, text, line count, lines ending with a hyphen, loose justified lines (space wider than `looseThreshold` × normal), its box in page fractions and source line; plus how full each column is. Example: { "chapter": 2, "position": 3 }',
    input: z.object({ ...PageArgs, looseThreshold: z.number().min(1).max(5).default(3).describe('A justified line is loose when its spaces pass this multiple of the normal space (default 3).') }).strict(),
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const found = await bookAndChapter(ctx, args.chapter);
      if (isFailure(found)) return found;
      const { book: snapshot, chapter: c } = found as { book: BookSnapshot; chapter: ResolvedChapter };
      const { pages, chapters } = await ctx.client.getPages();
      const range = chapters.find((r) => r.id === c.id)!;
      const own: PageSummary[] = pages.slice(range.firstPage, range.firstPage + range.pages);
      if (args.page === undefined && args.position === undefined) {
        const rows = [];
        const vertical = own.length > 0 && (await ctx.client.getPageGeometry(own[0]!.index))?.vertical === true;
        for (const [i, summary] of own.entries()) {
          const list = await ctx.client.getDisplayList(summary.index);
          const lines = list ? linesOf(list, vertical) : [];
          const body = lines.filter((l) => l.role === 'body' || l.role === 'heading');
          rows.push({ position: i + 1, label: summary.label, role: summary.role, blank: summary.role === 'blank', lines: body.length, figures: 0, starts: (body[0]?.text ?? '').slice(0, 80) });
        }
        return { ok: true, chapter: c.index + 1, title: c.title, chapterPages: own.length, converged: true, pages: rows };
      }
      const located = await locatePage(ctx, snapshot, c, args);
      if (isFailure(located)) return located;
      const { index } = located as { index: number };
      const list = (await ctx.client.getDisplayList(index))!;
      // Vertical text: lines, columns (tiers) and fill in the flow's frame, boxes turned onto the sheet.
      const vertical = (await ctx.client.getPageGeometry(index))?.vertical === true;
      const lines = linesOf(list, vertical);
      const columnEdges = [...new Set(lines.filter((l) => l.role === 'body').map((l) => Math.round(l.x / 40) * 40))].sort((a, b) => a - b);
      const columnOf = (line: LineOnPage) => Math.max(0, columnEdges.findIndex((edge, i) => line.x >= edge - 40 && (i === columnEdges.length - 1 || line.x < columnEdges[i + 1]! - 20)));
      const margins = (await ctx.client.getConfig('page.margins')) as { effective?: { top?: { value: number; unit: string }; bottom?: { value: number; unit: string } } };
      const toPt = (d?: { value: number; unit: string }) => (d ? d.value * ({ cm: 72 / 2.54, mm: 72 / 25.4, in: 72, pt: 1 } as Record<string, number>)[d.unit]! : 0);
      const sheetMargins = vertical ? (await ctx.client.getPageGeometry(index))?.margins : undefined;
      // The flow's top is the sheet's right margin in vertical text, its height the type area's width.
      const top = sheetMargins ? sheetMargins.right : toPt(margins.effective?.top);
      const contentHeight = sheetMargins ? list.width - sheetMargins.left - sheetMargins.right : list.height - top - toPt(margins.effective?.bottom);
      const maxWordSpacing = 2; // bodyText.maxWordSpacing default: r = 1 is 2× normal space
      const blocks = new Map<string, { lines: LineOnPage[] }>();
      for (const line of lines) {
        // Running heads, folios and margin line numbers are no block's text.
        if (line.role === 'header' || line.role === 'footer' || line.role === 'lineNumber') continue;
        const entry = blocks.get(line.block) ?? { lines: [] };
        entry.lines.push(line);
        blocks.set(line.block, entry);
      }
      const sourceText = snapshot.chapters.find((ch) => ch.id === c.id)?.text ?? '';
      const blockRows = [...blocks.entries()].map(([id, { lines: ls }]) => {
        const x = Math.min(...ls.map((l) => l.x));
        const right = Math.max(...ls.map((l) => l.right));
        const yTop = Math.min(...ls.map((l) => l.y - l.size));
        const yBottom = Math.max(...ls.map((l) => l.y + l.size * 0.3));
        const firstRun = list.items.find((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.block === id && i.srcFrom >= 0);
        const loose = ls
          .map((l, n) => ({ line: n + 1, spaceRatio: l.ratio > 0 ? 1 + l.ratio * (maxWordSpacing - 1) : 1, ragged: l.ragged }))
          .filter((l) => l.spaceRatio > args.looseThreshold || l.ragged)
          .map(({ line, spaceRatio }) => ({ line, spaceRatio: Math.round(spaceRatio * 100) / 100 }));
        return {
          type: ls[0]!.role === 'heading' ? 'heading' : ls[0]!.role === 'note' ? 'note' : 'paragraph',
          column: columnOf(ls[0]!),
          text: ls.map((l) => l.text).join(' ').slice(0, 300),
          lines: ls.length,
          hyphenated: ls.map((l, n) => (l.hyphenated ? n + 1 : 0)).filter(Boolean),
          loose,
          // Vertical text: the flow's (x, y) is drawn at the sheet's (width − y, x).
          box: vertical
            ? { x: round((list.width - yBottom) / list.width), y: round(x / list.height), width: round((yBottom - yTop) / list.width), height: round((right - x) / list.height) }
            : { x: round(x / list.width), y: round(yTop / list.height), width: round((right - x) / list.width), height: round((yBottom - yTop) / list.height) },
          ...(firstRun ? { source: { line: lineColumn(sourceText, firstRun.srcFrom).line } } : {}),
        };
      });
      const columns = columnEdges.map((_, i) => {
        const inColumn = lines.filter((l) => (l.role === 'body' || l.role === 'heading') && columnOf(l) === i);
        const bottom = inColumn.length > 0 ? Math.max(...inColumn.map((l) => l.y + l.size * 0.3)) : top;
        return { index: i, fill: round(Math.min(1, Math.max(0, (bottom - top) / contentHeight))) };
      });
      const summary = pages[index]!;
      return { ok: true, chapter: c.index + 1, position: index - range.firstPage + 1, label: summary.label, role: summary.role, size: { width: list.width, height: list.height }, columns, blocks: blockRows };
    },
  });

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}

const inspectPoint = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_inspect_point',
    title: 'What is at a point',
    description:
      'What lies at a point of a page, given in fractions (0–1) from the top-left as in a crop: the block, and the Markdown source line, column, offset and word there. A point seen in a cropped picture maps back by x_page = crop.x + x_img × crop.width. Example: { "chapter": 1, "position": 1, "x": 0.3, "y": 0.42 }',
    input: z.object({ ...PageArgs, x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).strict(),
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const found = await bookAndChapter(ctx, args.chapter);
      if (isFailure(found)) return found;
      const { book: snapshot, chapter } = found as { book: BookSnapshot; chapter: ResolvedChapter };
      const located = await locatePage(ctx, snapshot, chapter as ResolvedChapter, args);
      if (isFailure(located)) return located;
      const { index, all } = located as { index: number; all: PageSummary[] };
      const summary = all[index]!;
      if (summary.role === 'blank') return fail('That page is blank: nothing is set on it. Pick another page.');
      const hit = await ctx.client.hitTest(index, args.x * summary.width, args.y * summary.height);
      if (!hit) return fail('Nothing is set at that point (a margin or the space between blocks). Try a point over text; sandbox_inspect_pages gives each block’s box.');
      const chapterText = snapshot.chapters.find((c) => c.id === hit.chapterId)?.text ?? '';
      const { line, column } = lineColumn(chapterText, hit.offset);
      const wordMatch = wordAt(chapterText, hit.offset);
      const list = await ctx.client.getDisplayList(index);
      const run = list?.items.find((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.chapter === hit.chapterId && i.srcFrom >= 0 && i.srcFrom <= hit.offset && Math.abs(i.y - args.y * summary.height) < i.size * 1.2);
      const blockText = run ? list!.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.block === run.line?.block).map((i) => i.text).join(' ').slice(0, 300) : '';
      const chapterIndex = snapshot.chapters.findIndex((c) => c.id === hit.chapterId);
      return {
        ok: true,
        block: { type: run?.line?.role === 'heading' ? 'heading' : 'paragraph', text: blockText },
        source: { chapter: chapterIndex + 1, line, column, offset: hit.offset, word: wordMatch },
      };
    },
  });

function wordAt(text: string, offset: number): string {
  const isWord = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}'’-]/u.test(ch);
  let start = offset;
  let end = offset;
  while (start > 0 && isWord(text[start - 1])) start--;
  while (end < text.length && isWord(text[end])) end++;
  return text.slice(start, end);
}

export function seeingTools(ctx: ToolContext): ToolSpec[] {
  return [getState(ctx), renderPage(ctx), inspectPages(ctx), inspectPoint(ctx)];
}
