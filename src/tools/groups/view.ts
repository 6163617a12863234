/**
 * Showing (tools.md §3.6) and pointing at text (§3.3 select_text): set_view, go_to_page,
 * select_text. They move what the user sees through the UI's navigation channel
 * (`ui-bridge.ts`); the book itself changes only for the baseline-grid guide, which is a setting.
 */
import { z } from 'zod';
import type { BookSnapshot, PageSummary } from '../../worker/protocol/messages';
import { applyAndReport, bookAndChapter, ChapterRef, isFailure, lineColumn, readyBook, resolveChapter, type ResolvedChapter, type ToolContext } from '../context';
import { defineTool, fail, type ToolResult, type ToolSpec } from '../registry';
import type { SandboxScreen, ViewChange } from '../ui-bridge';

/** Chapters above which the UI shows a book one chapter at a time (tools.md §7.13). */
const WHOLE_BOOK_CHAPTER_CAP = 200;
/** How long a tool waits for the viewer to report the page it was sent to, ms. */
const SETTLE_MS = 3000;

/** The viewer tabs that exist; more join as their viewers land. */
const VIEWERS = ['canvas', 'pdf', 'epub'] as const;
/** The EPUB reader's text size (tools.md §3.6 fontScale, §7.10): 0.6–2.5, the UI steps ×1.1. */
const FONT_SCALE_MIN = 0.6;
const FONT_SCALE_MAX = 2.5;
/** How long go_to_page waits for the EPUB tab to finish writing before it can show a contents entry, ms. */
const CONTENTS_WAIT_MS = 60_000;
const PANELS = ['books', 'chapters', 'text', 'resources', 'fonts', 'design', 'checks', 'none'] as const;

function screenOf(ctx: ToolContext): SandboxScreen | ToolResult {
  const screen = ctx.ui?.screen() ?? null;
  if (!screen) return fail('The Sandbox interface is not on screen, so there is no view to move. Open /sandbox in this tab and try again.');
  return screen;
}

/** The `view` object of get_state, from the screen. */
export async function describeView(ctx: ToolContext, screen: SandboxScreen): Promise<Record<string, unknown>> {
  const view = screen.view();
  const book = await ctx.client.getBook();
  const chapterIndex = view.chapter ? book.chapters.findIndex((c) => c.id === view.chapter) : -1;
  const { pages, chapters } = await ctx.client.getPages();
  let position: number | undefined;
  if (view.pageLabel && chapterIndex >= 0) {
    const range = chapters.find((c) => c.id === view.chapter);
    const own = range ? pages.slice(range.firstPage, range.firstPage + range.pages) : [];
    const at = own.findIndex((p) => p.label === view.pageLabel);
    if (at >= 0) position = at + 1;
  }
  return {
    viewer: view.viewer,
    panel: view.panel,
    scope: view.scope,
    chapter: chapterIndex + 1 || 1,
    ...(view.pageLabel ? { page: view.pageLabel } : {}),
    ...(position !== undefined ? { position } : {}),
    ...(view.zoom !== undefined ? { zoom: view.zoom } : {}),
    ...(view.fit !== undefined ? { fit: view.fit } : {}),
    ...(view.pages !== undefined ? { pages: view.pages } : {}),
    ...(view.baselineGrid !== undefined ? { guides: { baselineGrid: view.baselineGrid } } : {}),
    ...(view.fontScale !== undefined ? { fontScale: view.fontScale } : {}),
    ...(view.viewer === 'epub' ? { epubRendition: 'reflowable' } : {}),
    ...(view.contents !== undefined ? { contents: view.contents } : {}),
  };
}

/** Waits until the viewer shows `label` (it scrolls in an animation frame), or gives up quietly. */
async function settleOn(screen: SandboxScreen, label: string): Promise<boolean> {
  const deadline = Date.now() + SETTLE_MS;
  while (Date.now() < deadline) {
    if (screen.view().pageLabel === label) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return screen.view().pageLabel === label;
}

const setView = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_set_view',
    title: 'Change the view',
    description:
      'Direct the user’s eyes: the viewer tab (canvas, pdf or epub), the side panel, one chapter or the whole book, a chapter to show, zoom (0.25–4, cancels fit), fit to width or height, single pages or spreads, the EPUB reader’s text size (fontScale 0.6–2.5, 1 = default) and the baseline-grid guide (a setting: the answer lists it under `changed`). Only the options given change. Answers with the resulting view. Example: { "panel": "design", "pages": "spread", "fit": "height", "guides": { "baselineGrid": true } }',
    input: z
      .object({
        viewer: z.enum(VIEWERS).optional().describe('The viewer tab.'),
        panel: z.enum(PANELS).optional().describe('The side panel; "none" closes the sidebar.'),
        scope: z.enum(['chapter', 'book']).optional().describe('Show the current chapter or the whole book.'),
        chapter: ChapterRef.optional(),
        zoom: z.number().min(0.25).max(4).optional().describe('Zoom factor, 0.25–4 (1 = 100 %).'),
        fit: z.enum(['width', 'height', 'none']).optional(),
        pages: z.enum(['single', 'spread']).optional().describe('Single pages or double-page spreads.'),
        guides: z.object({ baselineGrid: z.boolean().optional() }).strict().optional().describe('Guides drawn on the Canvas pages (never in output).'),
        fontScale: z
          .number({ message: `fontScale is a number from ${FONT_SCALE_MIN} to ${FONT_SCALE_MAX} (1 = the reader's default size)` })
          .min(FONT_SCALE_MIN, `fontScale is at least ${FONT_SCALE_MIN}`)
          .max(FONT_SCALE_MAX, `fontScale is at most ${FONT_SCALE_MAX}`)
          .optional()
          .describe('The EPUB reader’s text size, 0.6–2.5 (the toolbar steps ×1.1).'),
        epubRendition: z
          .enum(['reflowable'], { error: (issue) => (issue.input === 'fixed' ? 'this Sandbox writes only the reflowable EPUB rendition so far; send "reflowable" or leave epubRendition out' : 'epubRendition is "reflowable"') })
          .optional()
          .describe('The EPUB rendition the EPUB tab shows; only "reflowable" exists so far.'),
      })
      .strict(),
    annotations: {},
    async run(args): Promise<ToolResult> {
      const given = Object.keys(args).filter((k) => (args as Record<string, unknown>)[k] !== undefined);
      if (given.length === 0) return fail('Give at least one of viewer, panel, scope, chapter, zoom, fit, pages, fontScale or guides; sandbox_get_state shows the current view.', { valid: ['viewer', 'panel', 'scope', 'chapter', 'zoom', 'fit', 'pages', 'fontScale', 'epubRendition', 'guides'] });
      const screen = screenOf(ctx);
      if (isFailure(screen)) return screen;
      const s = screen as SandboxScreen;
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const book = ready as BookSnapshot;
      const change: ViewChange = {};
      const notes: string[] = [];
      if (args.chapter !== undefined) {
        const chapter = resolveChapter(ctx, book, args.chapter);
        if (isFailure(chapter)) return chapter;
        change.chapter = (chapter as ResolvedChapter).id;
      }
      if (args.viewer && !s.viewers().includes(args.viewer)) return fail(`The ${args.viewer} viewer is not available here; use one of: ${s.viewers().join(', ')}.`, { valid: s.viewers() });
      if (args.viewer) change.viewer = args.viewer;
      if (args.panel) change.panel = args.panel;
      if (args.scope === 'book' && book.chapters.length > WHOLE_BOOK_CHAPTER_CAP) notes.push(`This book has more than ${WHOLE_BOOK_CHAPTER_CAP} chapters, so it is shown one chapter at a time; scope was left as it was.`);
      else if (args.scope) change.scope = args.scope;
      if (args.zoom !== undefined) change.zoom = args.zoom;
      if (args.fit) change.fit = args.fit;
      if (args.zoom !== undefined && args.fit && args.fit !== 'none') notes.push('A zoom cancels fit, so fit was applied after the zoom.');
      if (args.pages) change.pages = args.pages;
      if (args.fontScale !== undefined) change.fontScale = args.fontScale;
      let configAnswer: Record<string, unknown> = {};
      const grid = args.guides?.baselineGrid;
      if (grid !== undefined) {
        // The baseline grid is the setting page.baselineGrid.enabled (tools.md §3.6 decision),
        // written as the UI toggle writes it; the Canvas overlay follows.
        const { result, delta } = await applyAndReport(ctx, { origin: 'agent', baseRevision: book.revision, ops: [{ type: 'config.set', path: 'page.baselineGrid.enabled', value: grid ? true : null }] }, true);
        if (!result.ok) return fail(result.error);
        configAnswer = { changed: result.config.flatMap((r) => r.changed), ...delta };
        change.baselineGrid = grid;
      }
      s.setView(change);
      // Let the UI's effects run (new page list, new scale) before reading the view back.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { ok: true, view: await describeView(ctx, s), ...configAnswer, ...(notes.length > 0 ? { note: notes.join(' ') } : {}) };
    },
  });

/** Where a resource, heading or anchor id is written in the sources: chapter index and offset. */
function findAnchor(book: BookSnapshot, id: string): { index: number; offset: number } | null {
  const quoted = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const patterns = [
    new RegExp(`::resource\\{[^}\\n]*\\bid=(?:"${quoted}"|'${quoted}'|${quoted}(?=[\\s}]))`), // a placed resource
    new RegExp(`\\{[^}\\n]*#${quoted}(?=[\\s}])`), // a heading, container or bracketed anchor id
  ];
  for (const pattern of patterns) {
    for (const [index, chapter] of book.chapters.entries()) {
      const match = pattern.exec(chapter.text);
      if (match) {
        // A heading's attribute block ends its line: go to the line's start.
        const lineStart = chapter.text.lastIndexOf('\n', match.index) + 1;
        return { index, offset: chapter.text.startsWith('::', lineStart) ? match.index : lineStart };
      }
    }
  }
  return null;
}

const goToPage = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_go_to_page',
    title: 'Go to a page',
    description:
      'Move the on-screen viewer to a page, so the user sees what you are talking about. Give one target: `page` (the printed number; searched in `chapter` when given, else the whole book), `position` (1-based among the chapter’s pages), `step` (±n pages from the page on screen; spreads count as one step), `text` (a passage of the source), `anchor` (a resource, heading or anchor id) or, in the EPUB tab only, `contents` (an entry of the EPUB’s table of contents: its title, or its 1-based position); `chapter` alone goes to its first page. Example: { "anchor": "harbour" }',
    input: z
      .object({
        step: z.number().int().optional().describe('Pages (or spreads) forward (+) or back (−) from the page on screen.'),
        page: z.union([z.number().int(), z.string().min(1)]).optional().describe('The number printed on the page.'),
        position: z.number().int().min(1).optional().describe('1-based index among the chapter’s pages.'),
        text: z.string().min(1).optional().describe('A passage of the Markdown source; the page it is set on.'),
        anchor: z.string().min(1).optional().describe('A resource id, heading id or anchor id.'),
        contents: z
          .union([z.number().int().min(1), z.string().min(1)], { message: 'contents is an entry of the EPUB’s table of contents: its title (a string) or its 1-based position' })
          .optional()
          .describe('EPUB tab only: an entry of the EPUB’s table of contents, by title or 1-based position.'),
        chapter: ChapterRef.optional(),
      })
      .strict(),
    annotations: {},
    async run(args): Promise<ToolResult> {
      const targets = (['step', 'page', 'position', 'text', 'anchor', 'contents'] as const).filter((k) => args[k] !== undefined);
      if (targets.length > 1) return fail(`Give one target, not ${targets.join(' and ')}.`, { valid: ['step', 'page', 'position', 'text', 'anchor', 'contents', 'chapter'] });
      if (targets.length === 0 && args.chapter === undefined) return fail('Give a target: page, position, step, text, anchor, contents (EPUB tab), or a chapter alone.', { valid: ['step', 'page', 'position', 'text', 'anchor', 'contents', 'chapter'] });
      const screen = screenOf(ctx);
      if (isFailure(screen)) return screen;
      const s = screen as SandboxScreen;
      if (args.contents !== undefined) return goToContents(s, args.contents, args.chapter !== undefined);
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const book = ready as BookSnapshot;
      const { pages, chapters } = await ctx.client.getPages();
      const chapterRange = (id: string) => {
        const range = chapters.find((c) => c.id === id);
        return range ? pages.slice(range.firstPage, range.firstPage + range.pages) : [];
      };
      let named: ResolvedChapter | null = null;
      if (args.chapter !== undefined) {
        const chapter = resolveChapter(ctx, book, args.chapter);
        if (isFailure(chapter)) return chapter;
        named = chapter as ResolvedChapter;
      }
      let target: PageSummary | undefined;
      if (args.page !== undefined) {
        const pool = named ? chapterRange(named.id) : pages;
        target = pool.find((p) => p.label === String(args.page)) ?? pool.find((p) => p.label.toLowerCase() === String(args.page).toLowerCase());
        if (!target) {
          return fail(`No page is numbered ${args.page}${named ? ` in chapter ${named.index + 1}` : ''}; the pages run from ${pool[0]?.label ?? '–'} to ${pool[pool.length - 1]?.label ?? '–'}.`, { first: pool[0]?.label, last: pool[pool.length - 1]?.label, ...(named ? { chapterPages: pool.length } : { pages: pool.length }) });
        }
      } else if (args.position !== undefined) {
        const chapter = named ?? (resolveChapter(ctx, book, undefined) as ResolvedChapter);
        const own = chapterRange(chapter.id);
        target = own[args.position - 1];
        if (!target) return fail(`Chapter ${chapter.index + 1} has ${own.length} pages; give a position from 1 to ${own.length}.`, { chapterPages: own.length });
      } else if (args.step !== undefined) {
        const view = s.view();
        const scoped = view.scope === 'book' ? pages : pages.filter((p) => p.chapter === view.chapter);
        const current = scoped.findIndex((p) => p.label === view.pageLabel);
        const stride = view.pages === 'spread' ? 2 : 1;
        const at = Math.min(scoped.length - 1, Math.max(0, (current < 0 ? 0 : current) + args.step * stride));
        target = scoped[at];
        if (!target) return fail('There are no pages on screen to step through yet; try again once the book is laid out.');
      } else if (args.text !== undefined || args.anchor !== undefined) {
        let found: { index: number; offset: number; length: number } | null = null;
        if (args.text !== undefined) {
          const order = named ? [named.index] : book.chapters.map((_, i) => i);
          for (const i of order) {
            const text = book.chapters[i]!.text;
            let at = text.indexOf(args.text);
            if (at < 0) at = text.toLowerCase().indexOf(args.text.toLowerCase());
            if (at >= 0) {
              found = { index: i, offset: at, length: args.text.length };
              break;
            }
          }
          if (!found) return fail(`The passage ${JSON.stringify(args.text.slice(0, 80))} is not in ${named ? `chapter ${named.index + 1}` : 'the book'}; sandbox_search_text finds passages.`);
        } else {
          const hit = findAnchor(book, args.anchor!);
          if (!hit) return fail(`No resource, heading or anchor has the id "${args.anchor}"; sandbox_list_resources lists resources, and headings take ids as {#id}.`);
          found = { ...hit, length: 1 };
        }
        const chapter = book.chapters[found.index]!;
        const rects = await ctx.client.sourceRects(chapter.id, found.offset, found.offset + Math.max(1, found.length));
        target = rects.length > 0 ? pages[rects[0]!.pageIndex] : chapterRange(chapter.id)[0];
        if (!target) return fail('That place has no page yet; try again once the book is laid out.');
      } else {
        target = chapterRange(named!.id)[0];
        if (!target) return fail(`Chapter ${named!.index + 1} has no pages yet; try again once it is laid out.`);
      }
      s.goToPage(target.chapter, target.label);
      const settled = await settleOn(s, target.label);
      const chapterIndex = book.chapters.findIndex((c) => c.id === target!.chapter);
      const position = chapterRange(target.chapter).findIndex((p) => p.index === target!.index) + 1;
      return {
        ok: true,
        view: { viewer: s.view().viewer, chapter: chapterIndex + 1, page: target.label, position },
        ...(settled ? {} : { note: 'The viewer has not reported reaching the page yet; it may still be scrolling.' }),
      };
    },
  });

const selectText = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_select_text',
    title: 'Show a passage',
    description:
      'Show the user a place in the text: opens the Text panel on the chapter with the passage selected, as clicking a result in the Checks panel does. Give one of `text` (the exact passage; `occurrence` picks a repeat), `line` (with optional `toLine`) or `offset` (with optional `toOffset`, e.g. from sandbox_get_warnings). Example: { "chapter": 2, "text": "baseline grid" }',
    input: z
      .object({
        chapter: ChapterRef.optional(),
        text: z.string().min(1).optional(),
        occurrence: z.number().int().min(1).default(1).describe('Which occurrence of `text` (1 = first).'),
        line: z.number().int().min(1).optional(),
        toLine: z.number().int().min(1).optional(),
        offset: z.number().int().min(0).optional(),
        toOffset: z.number().int().min(0).optional(),
      })
      .strict(),
    annotations: { untrustedContentHint: true },
    async run(args): Promise<ToolResult> {
      const ways = (['text', 'line', 'offset'] as const).filter((k) => args[k] !== undefined);
      if (ways.length !== 1) return fail('Give exactly one of text, line or offset.', { valid: ['text', 'line', 'offset'] });
      const screen = screenOf(ctx);
      if (isFailure(screen)) return screen;
      const found = await bookAndChapter(ctx, args.chapter);
      if (isFailure(found)) return found;
      const { chapter } = found as { chapter: ResolvedChapter };
      const source = chapter.text;
      let from: number;
      let to: number;
      if (args.text !== undefined) {
        let at = -1;
        let seen = 0;
        for (let i = source.indexOf(args.text); i >= 0; i = source.indexOf(args.text, i + 1)) {
          seen++;
          if (seen === args.occurrence) {
            at = i;
            break;
          }
        }
        if (at < 0) {
          const total = countOccurrences(source, args.text);
          return fail(total === 0 ? `The passage ${JSON.stringify(args.text.slice(0, 80))} is not in chapter ${chapter.index + 1}; re-read it with sandbox_read_text.` : `The passage occurs ${total} time(s) in chapter ${chapter.index + 1}; give an occurrence from 1 to ${total}.`);
        }
        from = at;
        to = at + args.text.length;
      } else if (args.line !== undefined) {
        const starts = [0];
        for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1);
        const lastLine = args.toLine ?? args.line;
        if (args.line > starts.length || lastLine > starts.length) return fail(`Chapter ${chapter.index + 1} has ${starts.length} lines; give line (and toLine) from 1 to ${starts.length}.`);
        if (lastLine < args.line) return fail('toLine comes before line; give toLine ≥ line.');
        from = starts[args.line - 1]!;
        const next = starts[lastLine];
        to = next === undefined ? source.length : next - 1;
      } else {
        from = args.offset!;
        to = args.toOffset ?? from;
        if (from > source.length || to > source.length) return fail(`Chapter ${chapter.index + 1} is ${source.length} characters long; give offsets from 0 to ${source.length}.`);
        if (to < from) return fail('toOffset comes before offset; give toOffset ≥ offset.');
      }
      await (screen as SandboxScreen).selectText(chapter.id, from, to);
      return { ok: true, chapter: chapter.index + 1, line: lineColumn(source, from).line, offset: from, toOffset: to, text: source.slice(from, to).slice(0, 400) };
    },
  });

/** Viewers with a Regenerate button (and, for the PDF, Print). */
const RUN_VIEWERS = ['pdf', 'epub'] as const;

/** go_to_page { contents }: the EPUB tab's Contents list, by title or 1-based position. */
async function goToContents(s: SandboxScreen, wanted: string | number, withChapter: boolean): Promise<ToolResult> {
  const onScreen = s.view().viewer;
  if (onScreen !== 'epub' || !s.epubContents || !s.goToContents) {
    return fail(`contents names an entry of the EPUB’s table of contents, which only the EPUB tab shows (the ${onScreen} tab is on screen); call sandbox_set_view { "viewer": "epub" } first, or use page, text or anchor here.`, { valid: ['step', 'page', 'position', 'text', 'anchor', 'chapter'] });
  }
  if (withChapter) return fail('contents already names the place; leave chapter out.');
  // The tab writes its EPUB when it is first shown: wait for the contents to be there.
  const deadline = Date.now() + CONTENTS_WAIT_MS;
  while (s.epubContents().length === 0 && Date.now() < deadline && s.view().viewer === 'epub') await new Promise((resolve) => setTimeout(resolve, 100));
  const entries = s.epubContents();
  if (entries.length === 0) return fail('The EPUB tab has no contents yet (it is still being written, or writing failed); sandbox_run_viewer { "action": "regenerate", "viewer": "epub" } writes it and answers when done.');
  let index = -1;
  if (typeof wanted === 'number') {
    index = wanted - 1;
    if (index >= entries.length) return fail(`The EPUB’s contents have ${entries.length} entries; give a position from 1 to ${entries.length}, or a title.`, { entries: entries.map((e) => e.title) });
  } else {
    const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
    const key = fold(wanted);
    index = entries.findIndex((e) => fold(e.title) === key);
    if (index < 0) index = entries.findIndex((e) => fold(e.title).includes(key));
    if (index < 0) return fail(`No entry of the EPUB’s contents is titled ${JSON.stringify(wanted.slice(0, 80))}; the entries are listed under entries.`, { entries: entries.map((e) => e.title) });
  }
  const entry = entries[index]!;
  const shown = await s.goToContents(index);
  return {
    ok: true,
    view: { viewer: 'epub', chapter: entry.spineIndex + 1, position: index + 1, contents: entry.title },
    ...(shown ? {} : { note: 'The reader has not finished loading that section yet.' }),
  };
}

const runViewer = (ctx: ToolContext) =>
  defineTool({
    name: 'sandbox_run_viewer',
    title: 'Press a viewer button',
    description:
      'Press a toolbar button of a viewer tab, as the user would; the tab is shown first. `regenerate` rewrites the PDF (of the scope chosen on the PDF tab: whole book or current chapter) or the EPUB (the whole book, reflowable) from the book as it is now and answers when it is written and shown, with its size in bytes, the ms it took and any warnings; writing a long book takes minutes. `print` opens the browser’s print dialog for that PDF (written first when there is none or it is out of date); the user confirms or cancels printing there. `viewer` defaults to the tab on screen. Use sandbox_export with format "pdf" instead to get the file itself. Example: { "action": "regenerate", "viewer": "pdf" }',
    input: z
      .object({
        action: z.enum(['regenerate', 'print'], {
          error: (issue) => (issue.input === 'play_video' ? 'play_video needs a viewer that plays videos on the page (Folio or HTML), and this Sandbox has none yet' : undefined),
        }).describe('The button: regenerate (write the PDF again) or print (open the print dialog).'),
        viewer: z.enum(RUN_VIEWERS, { message: 'viewer is "pdf" or "epub" (the tabs with a Regenerate button)' }).optional().describe('The viewer whose button to press; default: the tab on screen.'),
      })
      .strict(),
    annotations: {},
    async run(args, signal): Promise<ToolResult> {
      const screen = screenOf(ctx);
      if (isFailure(screen)) return screen;
      const s = screen as SandboxScreen;
      const onScreen = s.view().viewer;
      const viewer = args.viewer ?? (RUN_VIEWERS as readonly string[]).find((v) => v === onScreen);
      if (!viewer || !s.runViewer || !s.viewers().includes(viewer as 'pdf' | 'epub')) {
        return fail(`The ${onScreen} tab on screen has no ${args.action === 'print' ? 'Print' : 'Regenerate'} button (its pages follow every change by themselves); name the viewer, e.g. { "action": "${args.action}", "viewer": "pdf" }.`, { valid: [...RUN_VIEWERS] });
      }
      // The PDF is written from the book as it is once the layout has caught up.
      const ready = await readyBook(ctx);
      if (isFailure(ready)) return ready;
      const started = Date.now();
      if (viewer === 'epub') {
        if (args.action === 'print') return fail('The EPUB tab has no Print button; print the PDF with { "action": "print", "viewer": "pdf" }.', { valid: ['regenerate'] });
        const run = await s.runViewer({ viewer: 'epub', action: 'regenerate' }, signal);
        if (!run.ok) return fail(`The EPUB could not be written: ${run.error}. Try again, or write it with sandbox_export { "format": "epub" } to see the error in full.`);
        return { ok: true, action: 'regenerate', viewer, rendition: 'reflowable', scope: 'book', fileName: run.fileName, bytes: run.bytes, sections: run.pages, ms: run.ms, ...(run.warnings.length > 0 ? { warnings: run.warnings } : {}) };
      }
      const run = await s.runViewer({ viewer: 'pdf', action: args.action }, signal);
      if (!run.ok) return fail(`The PDF could not be written: ${run.error}. Try again, or write it with sandbox_export { "format": "pdf" } to see the error in full.`);
      const common = { viewer, scope: run.scope, fileName: run.fileName, bytes: run.bytes, pages: run.pages, ...(run.warnings.length > 0 ? { warnings: run.warnings } : {}) };
      if (args.action === 'regenerate') return { ok: true, action: 'regenerate', ...common, ms: run.ms };
      return {
        ok: true,
        action: 'print',
        ...common,
        ms: Date.now() - started,
        regenerated: run.regenerated,
        note: run.printed === 'tab' ? 'The browser would not print from the PDF tab, so the PDF was opened in a new browser tab; the user prints it from there.' : 'The browser’s print dialog was opened for the PDF; the user confirms or cancels printing there.',
      };
    },
  });

function countOccurrences(text: string, needle: string): number {
  let n = 0;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) n++;
  return n;
}

export function viewTools(ctx: ToolContext): ToolSpec[] {
  return [setView(ctx), goToPage(ctx), selectText(ctx), runViewer(ctx)];
}
