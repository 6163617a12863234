/**
 * The book host: the single owner of the open book inside the worker. It applies
 * transactions atomically, bumps the revision, maps stale positions, schedules layout with
 * last-wins cancellation and announces convergence. It has no DOM and no transport: main.ts
 * exposes it over Comlink, tests drive it directly or over an in-memory port.
 */
import { findSetting, getConfig, setConfig, type JsonObject, type JsonValue, type StoredConfig } from '../config';
import { settingsFromConfig } from '../engine/settings-from-config';
import { codeReading } from '../engine/settings-code';
import { createHyphenator, EngineCache, FontRegistry, Shaper, layoutBook, layoutChapterAt, parseCached, releaseSharedWords, resolveHyphenationLanguage, withContinuation, type BookInput, type BookLayout, type ChapterLayout, type FontSource, type Hyphenator, type LayoutSettings } from '../engine';
import { offPracticeSize, practiseEdits, practiseOffSize, type PracticeRun } from '../engine/practice';
import { settingsKey } from '../engine/settings';
import type { PageDisplayList } from '../protocol/displaylist';
import { keepServedIds } from './served-ids';
import {
  OpenPresetSchema,
  WarningsRequestSchema,
  type WarningsResult,
  PROTOCOL_VERSION,
  RasterRequestSchema,
  RestoreSchema,
  TransactionSchema,
  type BookList,
  type BookSnapshot,
  type PostextInfoResult,
  type ProjectEntry,
  type BookWorkerApi,
  type ChapterPages,
  type ConfigReport,
  type PageGeometry,
  type PageSummary,
  type RasterRequest,
  type TextOp,
  type Transaction,
  type TransactionResult,
  type UndoTextResult,
  type BookDiagnostic,
  type EventSink,
  type WorkerEvent,
  ExportDocumentSchema,
  ConvertWordSchema,
  type ExportedFile,
  type WordConversion,
} from '../protocol/messages';
import { ExportPdfSchema, type PdfExport } from '../protocol/messages';
import type { Subsetter } from '../export/pdf';
import { applyChapterOp, applyResourceOp, applyTextChanges, designOf, OpError, snapshotOf, type BookState } from '../document/book';
import { applyFontOp } from '../document/fonts';
import { HostFonts } from './fonts';
import type { FontFileInfo } from '../protocol/messages';
import { mapChange } from '../document/mapping';
import { hitTest, sourceRects, type SourcePoint, type SourceRect } from '../engine/query';
import { firstChapterStandsAlone } from '../engine/first-chapter';
import { yieldToEventLoop } from './yield';
import type { BundledFace } from '../engine/fonts/bundled';
import { facesToLoad } from '../engine/fonts/demand';
import { Library, type LibraryEnvironment } from './library';
import { bookFormulas, mayHaveMaths, type MathTypesetter } from '../engine';
import { equationLabels, mathDiagnostics } from '../engine/math/diagnostics';
import { exportMath } from '../engine/math/export';
import { cropMarkColour, pageGeometry } from './page-geometry';
import { CatalogueFonts, type CatalogueFaceRequest } from './catalogue-fonts';
import type { RasterOptions } from './raster';
import { pdfOptionsFromConfig } from '../export/pdf/options';
import { ChecksPaused, computeWarnings, inSlices, summarise, type SliceCarry, type Warning } from '../engine/checks';
import { SvgRasteriser } from './svg-raster';
import { danglingAfterDelete, HostResources, listResourceInfo, mimeOfBytes, renameOps } from './resources';
import { DeleteResourceSchema, RenameResourceSchema, type DeleteResourceResult, type RenameResourceResult, type ResourceInfo } from '../protocol/messages';

/** What the host needs from the place it runs in (worker or Node); presets and storage: see LibraryEnvironment. */
export interface HostEnvironment extends LibraryEnvironment {
  loadFonts(): Promise<FontSource[]>;
  /** Bytes of harfbuzzjs's `harfbuzz.wasm`, for the shaper's own instance (engine/fonts/shaper.ts). */
  loadShaperWasm(): Promise<Uint8Array>;
  /**
   * Bytes of an on-demand bundled face (Arabic, CJK: fonts/bundled.ts), loaded only when a book
   * needs it; absent = such books fall back to the startup faces (and report missing glyphs).
   */
  loadBundledFace?(face: BundledFace): Promise<FontSource | undefined>;
  /**
   * A face of a family from the open font catalogue (catalogue-fonts.ts): the stored copy, else
   * downloaded when online and stored; undefined when it cannot be had. Absent = no catalogue.
   */
  loadCatalogueFace?(request: CatalogueFaceRequest): Promise<Uint8Array | undefined>;
  /** Bytes of hyphenopoly's `patterns/<id>.wasm`; undefined when that language is not shipped. */
  loadPatterns(id: string): Promise<Uint8Array | undefined>;
  /** Monotonic clock, ms (for time-slicing only; layout itself never reads it). */
  now(): number;
  /**
   * How long no transaction must have arrived, and its layout converged, before idle work (keeping
   * paragraphs, the checks, autosave) starts, ms; default IDLE_QUIET_MS. Tests that count idle slices set 0.
   */
  idleQuietMs?: number;
  /**
   * Practise the edit path once, at idle after the first layout (engine/practice.ts), so the first
   * keystroke does not pay for its compilation. The browser worker sets it; Node hosts and tests
   * that count idle work leave it off.
   */
  practiseEdits?: boolean;
  /** Bytes of harfbuzzjs's `harfbuzz-subset.wasm` (PDF font subsetting); absent = no PDF export. */
  loadSubsetWasm?(): Promise<Uint8Array>;
  /** Bytes of resvg's `index_bg.wasm` (SVG outside the vector subset → PNG); absent = such drawings stay approximate vectors. */
  loadResvgWasm?(): Promise<Uint8Array>;
  /** Decodes a picture to RGBA pixels (WebP for the PDF, which pdf-lib cannot embed); absent in Node. */
  decodePicture?(bytes: Uint8Array, mime: string): Promise<{ width: number; height: number; rgba: Uint8ClampedArray } | null>;
  /** Rasterises a display list; absent where no OffscreenCanvas exists (Node). */
  raster?: (list: PageDisplayList, fonts: FontRegistry, request: RasterOptions, images?: (key: string) => { bytes: Uint8Array; mime: string } | null) => Promise<{ bytes: ArrayBuffer; mimeType: string; width: number; height: number }>;
}

/** How long layout runs before giving the event loop a turn, ms. Keeps cancel latency low. */
const SLICE_MS = 6;
/**
 * A build reports its progress once it has run this long, ms. An edit's build (10-30 ms, a few
 * slices) reports none: each report is a message that wakes the main thread (0.8-1.5 ms of the
 * worker's time in a trace at load 6-8) to show a bar that would vanish at once. 100 ms is about
 * the longest wait still felt as immediate.
 */
const PROGRESS_AFTER_MS = 100;
/** Idle work (keeping paragraphs, the checks) runs in slices this long, ms: shorter than a layout slice, as nothing waits for it. */
const IDLE_SLICE_MS = 3;
/**
 * Idle work waits until no transaction has arrived for this long, ms. Someone typing sends one
 * every 100–300 ms; the keeping of a just-opened book's paragraphs (seconds of work in 3 ms
 * slices) then waits for a pause instead of taking the CPU between keystrokes: in the bench's
 * trace its slices ran up to 25 ms each (a paragraph is kept whole) while edits waited on a
 * 2-CPU machine. 250 ms is a pause in typing, not a gap between two keys.
 */
const IDLE_QUIET_MS = 250;
/** Revisions of text changes kept for mapping stale transactions. */
const HISTORY_LIMIT = 1000;

interface Waiter {
  revision: number;
  resolve: (value: { revision: number; pages: number; chapters: ChapterPages[] }) => void;
}

export class BookHost implements BookWorkerApi {
  private book: BookState | null = null;
  private revision = 0;
  /** Text changes applied at each revision, for mapping transactions based on older ones. */
  private history: { revision: number; changes: TextOp[] }[] = [];
  private readonly listeners: ((event: WorkerEvent) => void)[] = [];
  private readonly cache = new EngineCache();
  private fonts: FontRegistry | null = null;
  private fontsLoading: Promise<FontRegistry> | null = null;
  private layout: BookLayout | null = null;
  private layoutRevision = -1;
  /** The book state the converged layout was built from (the checks read it with the layout). */
  private layoutSource: BookState | null = null;
  /** The settings the last build started with (`releaseSharedWords` when the next starts with others). */
  private lastBuildSettings: LayoutSettings | null = null;
  /** The settings whose layout's shared-word tables the idle step let go (once per settings). */
  private tablesReleasedFor: LayoutSettings | null = null;
  /**
   * The checks' warnings of one converged layout, computed on first request; dropped when another
   * layout converges or a book is opened. Kept past that, it held the layout before a global change,
   * its pages and, through the settings they were set under, that size's word tables: a second
   * layout's worth of the worker's kept heap whenever the checks were not asked again (a Chromium
   * heap snapshot of the bench, 2026-12-07).
   */
  private warningsMemo: { layout: BookLayout; warnings: Warning[] } | null = null;
  /** The visible chapter laid out ahead of the book for a newer revision, until the book converges. */
  private preview: { revision: number; firstPage: number; pages: PageDisplayList[] } | null = null;
  /**
   * The running build's chapters so far, in book order from page 1. A freshly opened book shows
   * these before it converges (its first pages are final as soon as its first chapter is done).
   */
  private partial: { revision: number; pages: PageDisplayList[]; chapters: ChapterLayout[] } | null = null;
  /** What the practice (env.practiseEdits) lays out: the last build's input and book, until it has run for that book (its edits once per worker, its off-size layout once per book). */
  private practiceSource: { input: BookInput; fonts: FontRegistry; book: BookState } | null = null;
  /** Edits the practice made once it ran to its end (null: not run, or not finished yet). */
  private practisedEdits: number | null = null;
  /** Pages the practice laid out at its off-size body size (null: none, or not yet). */
  private practisedOffSizePages: number | null = null;
  /** The book (id) whose design the off-size layout last ran under: once per book opened, the edit practice once per worker. */
  private offSizePractisedFor: string | null = null;
  /** The build in progress; a newer build replaces the token and the old one stops at its next slice. */
  private buildToken: object | null = null;
  /** Host clock (env.now, ms) of the last accepted transaction: idle work waits for a pause after it. */
  private lastChangeAt = -Infinity;
  /**
   * Host clock of the convergence of the last transaction's layout, when one has converged since
   * (−Infinity while a book opened with no edit yet has nothing to wait for).
   */
  private lastEditConvergedAt = -Infinity;
  private waiters: Waiter[] = [];
  private visibleChapter: string | null = null;
  /** Where chapters start before the first layout of a book ends (an imported `layouts.json`). */
  private chapterStarts: Map<string, number> | null = null;
  private readonly hyphenators = new Map<string, Promise<Hyphenator | undefined>>();
  /** MathJax (engine/math), loaded lazily when a book first has formulas. */
  private mathLoading: Promise<MathTypesetter> | null = null;
  private mathTypesetter: MathTypesetter | null = null;
  /** PDF and EPUB exports running, by export id (cancelExport aborts them). */
  private readonly pdfExports = new Map<string, AbortController>();
  private pdfExportCount = 0;
  private subsetter: Promise<Subsetter> | null = null;
  /**
   * Agent text edits that `undoText` can undo, newest last: each holds the ops that revert it,
   * written against the revision it produced (mapped through later changes when applied).
   */
  private undoStack: UndoEntry[] = [];
  private redoStack: UndoEntry[] = [];
  private hung = false;

  /** Where the open book comes from and goes to: samples, drafts, projects, .postext. */
  private readonly library: Library;

  constructor(private readonly env: HostEnvironment) {
    if (env.loadCatalogueFace) this.catalogueFonts = new CatalogueFonts(env.loadCatalogueFace.bind(env));
    this.library = new Library(env, {
      current: () => (this.book ? { book: this.book, revision: this.revision } : null),
      open: (book, revision, chapterStarts) => this.open(book, revision, chapterStarts),
      emit: (event) => this.emit(event),
      pages: () => this.getPages(),
      renderFirstPage: async (width) => {
        if (!this.env.raster || !this.layout?.pages[0]) return null;
        const shot = await this.renderPage(0, { width, format: 'jpeg', quality: 0.85 });
        return { bytes: new Uint8Array(shot.bytes), mime: shot.mimeType };
      },
      settled: () => this.settled(),
      // A layout still running: look again a quiet time later (its convergence starts the quiet anew).
      idleIn: () => (this.settled() ? Math.max(0, this.idleWaitMs()) : this.env.idleQuietMs ?? IDLE_QUIET_MS),
    });
  }

  async hello(): Promise<{ protocolVersion: number }> {
    return { protocolVersion: PROTOCOL_VERSION };
  }

  async ping(): Promise<number> {
    return this.revision;
  }

  async subscribe(sink: EventSink): Promise<void> {
    if (typeof sink === 'function') this.listeners.push(sink);
    else if (sink !== null && typeof sink === 'object' && typeof sink.postMessage === 'function') this.listeners.push(batchedPost(sink));
    else throw new Error('subscribe was refused: send a function (event) => void, or a MessagePort the events are posted to.');
  }

  async openPreset(request: { presetId: string; locale?: string | undefined }): Promise<BookSnapshot> {
    const { presetId, locale } = OpenPresetSchema.parse(request);
    return this.library.openPreset(presetId, locale);
  }

  async restore(snapshot: BookSnapshot): Promise<BookSnapshot> {
    const valid = RestoreSchema.parse(snapshot);
    // Payload bytes do not travel in snapshots: a restored book keeps the bytes this worker still
    // has; the library fills in the rest from storage or the sample (and saves newer edits again).
    const bytes = new Map((this.book?.resources ?? []).map((r) => [r.record.id, r.payload]));
    const resources = valid.resources.map(({ payloadBytes: _size, ...record }) => ({ record, payload: bytes.get(record.id) }));
    return this.library.restore({ id: valid.id, name: valid.name, locale: valid.locale, revision: valid.revision, chapters: valid.chapters, config: valid.config, resources, kind: valid.kind });
  }

  // ---- books (the library: samples, drafts, projects, covers, .postext) ----
  openProject(request: { projectId: string }): Promise<BookSnapshot> { return this.library.openProject(request); }
  flush(): Promise<{ saved: boolean; error?: string }> { return this.library.flush(); }
  listBooks(): Promise<BookList> { return this.library.listBooks(); }
  newBook(request?: unknown): Promise<ProjectEntry> { return this.library.newBook(request); }
  copyBook(request?: unknown): Promise<ProjectEntry> { return this.library.copyBook(request); }
  renameProject(request: unknown): Promise<ProjectEntry> { return this.library.renameProject(request); }
  deleteProject(request: unknown): Promise<{ reopened: BookSnapshot | null }> { return this.library.deleteProject(request); }
  restoreOriginal(request: unknown): Promise<{ reopened: BookSnapshot | null }> { return this.library.restoreOriginal(request); }
  originalDesign(request: unknown): Promise<{ config: Record<string, unknown> }> { return this.library.originalDesign(request); }
  originalText(request: unknown): ReturnType<Library['originalText']> { return this.library.originalText(request); }
  setCover(request: unknown): Promise<void> { return this.library.setCover(request); }
  captureCover(): Promise<{ captured: boolean }> { return this.library.captureCover(); }
  exportBook(request?: unknown): Promise<{ bytes: Uint8Array; fileName: string; warnings: string[] }> { return this.library.exportBook(request); }
  inspectPostext(request: unknown): Promise<PostextInfoResult> { return this.library.inspectPostext(request); }
  importPostext(request: unknown): Promise<{ project: ProjectEntry; warnings: string[] }> { return this.library.importPostext(request); }

  /** A .docx converted to Markdown chapters and resources (nothing changes; the tool applies it as a transaction). */
  async convertWord(request: unknown): Promise<WordConversion> {
    const { bytes, splitChapters, mapping, lineBreaks, pageBreaks, images, tables, takenIds } = ConvertWordSchema.parse(request);
    const { convertWord } = await import('../import/word/convert');
    const result = await convertWord(bytes, {
      splitChapters,
      mapping: mapping as Parameters<typeof convertWord>[1]['mapping'],
      lineBreaks,
      pageBreaks,
      images,
      tables,
      takenIds: takenIds ?? this.book?.resources.map((r) => r.record.id) ?? [],
    });
    return { ...result, report: { ...result.report } };
  }

  /** EPUB (reflowable) or DOCX of the open book or one chapter; the writers load on first use. */
  async exportDocument(request: unknown): Promise<ExportedFile> {
    const { format, chapterId, exportId } = ExportDocumentSchema.parse(request);
    const book = this.book;
    if (!book) throw new Error('No book is open; open one before exporting.');
    const index = chapterId === undefined ? undefined : book.chapters.findIndex((c) => c.id === chapterId);
    if (index === -1) throw new Error(`No chapter has the id "${chapterId}"; getBook().chapters lists them.`);
    // bodyText.hardLineBreaks (§6.1), codeStyle.blocks / indentedCode (§13.3): the documents read the
    // trailing `\` and code as the layout does.
    const read = settingsFor(book);
    // Chips and boxed inline code take the design's looks (chipStyles §13.2, codeStyle.inline §13.3).
    const input = { id: book.id, name: book.name, locale: book.locale, chapters: book.chapters, resources: book.resources, hardLineBreaks: read.body.hardLineBreaks !== false, ...codeReading(read.listing), chips: read.chips, inlineCode: read.inlineCode, bodySize: read.body.style.size };
    if (format === 'epub') {
      const { writeEpub } = await import('../export/epub');
      // Formulas as MathML with the book's equation numbers, when the book has maths (MathJax loads then).
      const settings = settingsFor(book);
      const typesetter = await this.mathFor(book, settings);
      const math = typesetter ? { math: (chapters: Parameters<typeof exportMath>[0]) => exportMath(chapters, settings.math, typesetter) } : {};
      if (exportId !== undefined && this.pdfExports.has(exportId)) throw new Error(`An export named "${exportId}" is already running; wait for it or cancel it.`);
      // Named runs report progress (at most one event per 50 ms, plus each phase's end) and can be cancelled.
      const controller = new AbortController();
      if (exportId !== undefined) this.pdfExports.set(exportId, controller);
      let sliceStart = this.env.now();
      let lastEvent = -Infinity;
      try {
        // The host may read the clock (the engine may not): dcterms:modified is the time of writing.
        const out = await writeEpub(input, {
          modified: new Date(),
          ...(index !== undefined ? { chapter: index } : {}),
          ...math,
          ...(exportId !== undefined
            ? {
                signal: controller.signal,
                pause: async () => {
                  if (this.env.now() - sliceStart < SLICE_MS) return;
                  await yieldToEventLoop();
                  sliceStart = this.env.now();
                },
                onProgress: (progress: { phase: 'chapters' | 'saving'; done: number; total: number }) => {
                  const now = this.env.now();
                  if (progress.done < progress.total && now - lastEvent < 50) return;
                  lastEvent = now;
                  this.emit({ type: 'exportProgress', exportId, format: 'epub', ...progress });
                },
              }
            : {}),
        });
        return { ...out, mimeType: 'application/epub+zip' };
      } catch (error) {
        if (error instanceof Error && error.name === 'EpubExportCancelled') throw new Error(`The EPUB export "${exportId}" was cancelled.`);
        throw error;
      } finally {
        if (exportId !== undefined) this.pdfExports.delete(exportId);
      }
    }
    const { writeDocx } = await import('../export/docx');
    const out = await writeDocx(input, index !== undefined ? { chapter: index } : {});
    return { ...out, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  }

  private open(book: BookState, revision: number, chapterStarts?: Map<string, number>): BookSnapshot {
    this.book = book;
    this.chapterStarts = chapterStarts ?? null;
    this.revision = revision;
    this.history = [];
    this.layout = null;
    this.layoutSource = null;
    this.warningsMemo = null;
    this.layoutRevision = -1;
    this.preview = null;
    this.partial = null;
    const snapshot = { ...snapshotOf(book, revision), ...this.library.describe() };
    this.emit({ type: 'opened', revision, book: snapshot });
    this.scheduleLayout();
    return snapshot;
  }

  async getBook(): Promise<BookSnapshot> {
    return { ...snapshotOf(this.requireBook(), this.revision), ...this.library.describe() };
  }

  async getConfig(path?: string): Promise<unknown> {
    return getConfig(this.requireBook().config as StoredConfig, path);
  }

  async findSetting(query: string, limit?: number): Promise<unknown> {
    return findSetting(this.requireBook().config as StoredConfig, String(query), limit ?? 20);
  }

  /**
   * One transaction, all or nothing: validated, its text positions mapped from its base
   * revision to now, applied to a copy; only if every op succeeds does the book change.
   */
  async apply(input: Transaction): Promise<TransactionResult> {
    const parsed = TransactionSchema.safeParse(input);
    if (!parsed.success) {
      return { ok: false, error: `The transaction was refused: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'transaction'}: ${i.message}`).join('; ')}.`, revision: this.revision };
    }
    const tx = parsed.data;
    // Font files are read through before anything changes: one that is not a font refuses the
    // whole transaction (the only await of apply, so the book read below is the current one).
    for (const op of tx.ops) {
      if (op.type !== 'font.put') continue;
      const report = await this.customFonts.inspect(op.bytes, op.fileName);
      if (!report.ok) return { ok: false, error: report.error, revision: this.revision };
    }
    if (!this.book) return { ok: false, error: 'No book is open; open a preset first.', revision: this.revision };
    if (tx.baseRevision > this.revision) {
      return { ok: false, error: `baseRevision ${tx.baseRevision} is newer than the book (revision ${this.revision}); send the revision you read.`, revision: this.revision };
    }
    const since = this.history.filter((h) => h.revision > tx.baseRevision);
    if (since.length > 0 && since[0]!.revision !== tx.baseRevision + 1 && tx.baseRevision < this.revision - HISTORY_LIMIT) {
      return { ok: false, error: `baseRevision ${tx.baseRevision} is too old to map; read the book again and resend.`, revision: this.revision };
    }
    let book = this.book;
    const textChanges: TextOp[] = [];
    const configReports: ConfigReport[] = [];
    try {
      // Ops apply in order; consecutive text ops form one simultaneous set (CodeMirror style).
      let pendingText: TextOp[] = [];
      const flushText = (): void => {
        if (pendingText.length === 0) return;
        const mapped = pendingText.map((op) => mapChange(op, since.map((h) => h.changes)));
        book = applyTextChanges(book, mapped);
        textChanges.push(...mapped);
        pendingText = [];
      };
      for (const op of tx.ops) {
        if (op.type === 'text') {
          pendingText.push(op);
          continue;
        }
        flushText();
        if (op.type === 'config.set' || op.type === 'config.patch' || op.type === 'config.replace') {
          const request = op.type === 'config.set' ? { changes: [{ path: op.path, value: op.value as JsonValue }] } : op.type === 'config.patch' ? { patch: op.patch as JsonObject } : { replace: op.config as JsonObject };
          const result = setConfig(book.config as StoredConfig, request);
          if (!result.ok) {
            const hints = [result.suggestions?.length ? `closest paths: ${result.suggestions.join(', ')}` : '', result.valid?.length ? `accepted: ${result.valid.join(', ')}` : ''].filter(Boolean).join('; ');
            throw new OpError(hints ? `${result.error} (${hints})` : result.error);
          }
          book = { ...book, config: result.config };
          configReports.push({ changed: result.changed, followed: result.followed, warnings: result.warnings, ...(result.note ? { note: result.note } : {}) });
          continue;
        }
        if (op.type === 'resource.put' || op.type === 'resource.delete') {
          book = applyResourceOp(book, op);
          continue;
        }
        if (op.type === 'font.put' || op.type === 'font.delete' || op.type === 'font.rename') {
          book = applyFontOp(book, op);
          continue;
        }
        book = applyChapterOp(book, op);
      }
      flushText();
    } catch (error) {
      if (error instanceof OpError) return { ok: false, error: error.message, revision: this.revision };
      throw error;
    }
    const previous = this.book;
    this.book = book;
    this.revision++;
    this.lastChangeAt = this.env.now();
    if (tx.undoable && textChanges.length > 0) {
      this.undoStack.push({ revision: this.revision, ops: inverseOf(previous, textChanges), tool: tx.undoable.tool, summary: tx.undoable.summary });
      if (this.undoStack.length > UNDO_LIMIT) this.undoStack.shift();
      this.redoStack = [];
    }
    this.history.push({ revision: this.revision, changes: textChanges });
    if (this.history.length > HISTORY_LIMIT) this.history.shift();
    this.emit({ type: 'revision', revision: this.revision, origin: tx.origin });
    // The editor applies changes it did not type itself as remote changes.
    if (textChanges.length > 0) this.emit({ type: 'textChanged', revision: this.revision, origin: tx.origin, changes: textChanges });
    if (tx.ops.some((op) => op.type.startsWith('chapter.'))) {
      this.emit({ type: 'chaptersChanged', revision: this.revision, chapters: book.chapters.map((c) => ({ id: c.id, title: c.title })) });
    }
    if (tx.ops.some((op) => op.type.startsWith('config.') || op.type.startsWith('resource.') || op.type.startsWith('font.'))) {
      // The client's mirror (what a restarted worker reopens) follows the text through textChanged; the rest through this.
      this.emit({ type: 'designChanged', revision: this.revision, ...designOf(book) });
    }
    this.scheduleLayout();
    this.library.changed(); // autosave (debounced)
    return { ok: true, revision: this.revision, textChanges, config: configReports };
  }

  awaitConvergence(revision: number): Promise<{ revision: number; pages: number; chapters: ChapterPages[] }> {
    if (this.layout && this.layoutRevision >= revision) return Promise.resolve(this.convergedSummary());
    return new Promise((resolve) => this.waiters.push({ revision, resolve }));
  }

  async setVisibleChapter(chapterId: string | null): Promise<void> {
    this.visibleChapter = chapterId;
  }

  async getPages(): Promise<{ revision: number; pages: PageSummary[]; chapters: ChapterPages[] }> {
    const partial = this.partial;
    if (!this.layout && partial) {
      // Not converged yet (a book just opened): the chapters finished so far.
      const config = this.book?.config ?? null;
      const pages = partial.pages.map((p) => ({ index: p.index, label: p.label, chapter: p.chapter, width: p.width, height: p.height, role: p.role, ...sideOf(this.book, p.index), version: this.pageVersion(p, config) }));
      return { revision: partial.revision, pages, chapters: chapterPages({ pages: partial.pages, chapters: partial.chapters }) };
    }
    const layout = this.layout;
    const config = this.layoutSource?.config ?? null;
    return {
      revision: this.layoutRevision,
      pages: layout ? layout.pages.map((p) => ({ index: p.index, label: p.label, chapter: p.chapter, width: p.width, height: p.height, role: p.role, ...sideOf(this.layoutSource, p.index), version: this.pageVersion(p, config) })) : [],
      chapters: layout ? chapterPages(layout) : [],
    };
  }

  /** Display lists the UI fetched by version (`getDisplayList`): the pages a first chapter shown alone keeps the versions of. */
  private readonly fetched = new WeakSet<object>();

  /** Ids of display lists and configurations served, for `PageSummary.version` (by identity: a memoised chapter keeps its page objects). */
  private readonly servedIds = new WeakMap<object, number>();
  private nextServedId = 1;
  private servedId(of: object): number {
    let id = this.servedIds.get(of);
    if (id === undefined) {
      id = this.nextServedId++;
      this.servedIds.set(of, id);
    }
    return id;
  }

  /** The page's version: its display list object and the configuration its geometry reads. */
  private pageVersion(page: PageDisplayList, config: object | null): string {
    return `${this.servedId(page)}.${config ? this.servedId(config) : 0}`;
  }

  async getDisplayList(pageIndex: number, version?: string): Promise<PageDisplayList | null> {
    if (typeof version === 'string') {
      // Exactly the page the caller's page list named (never the visible chapter laid out ahead).
      const partial = this.partial;
      const served = !this.layout && partial ? { page: partial.pages[pageIndex], config: this.book?.config ?? null } : { page: this.layout?.pages[pageIndex], config: this.layoutSource?.config ?? null };
      if (!served.page || this.pageVersion(served.page, served.config) !== version) return null;
      this.fetched.add(served.page);
      return served.page;
    }
    // Pages of the visible chapter laid out ahead of the book are newer than the last convergence.
    const preview = this.preview;
    if (preview && preview.revision > this.layoutRevision) {
      const page = preview.pages[pageIndex - preview.firstPage];
      if (page) return page;
    }
    const partial = this.partial;
    if (partial && partial.revision > this.layoutRevision && pageIndex < partial.pages.length) return partial.pages[pageIndex] ?? null;
    return this.layout?.pages[pageIndex] ?? null;
  }

  async hitTest(pageIndex: number, x: number, y: number): Promise<SourcePoint | null> {
    const page = this.layout?.pages[pageIndex];
    return page && Number.isFinite(x) && Number.isFinite(y) ? hitTest(page, x, y) : null;
  }

  async getPageGeometry(pageIndex: number): Promise<PageGeometry | null> {
    if (!this.book || !Number.isInteger(pageIndex)) return null;
    // The page as the viewer shows it: a book just opened shows chapters as they finish.
    const page = await this.getDisplayList(pageIndex);
    if (!page) return null;
    return pageGeometry(settingsFor(this.book), this.book.config as StoredConfig, { index: pageIndex, width: page.width, height: page.height });
  }

  async sourceRects(chapterId: string, from: number, to: number): Promise<SourceRect[]> {
    return this.layout ? sourceRects(this.layout.pages, chapterId, from, to) : [];
  }

  async getGlyphOutlines(fontId: string, glyphs: number[]): Promise<{ fontId: string; upem: number; paths: string[] }> {
    // A page waiting to be painted goes before the build: layout slices wait until it is answered.
    this.painting++;
    try {
      const fonts = await this.loadFonts();
      const face = fonts.get(fontId);
      if (!face) throw new Error(`No font has the id "${fontId}".`);
      // CJK outlines are large: a page's worth can take long enough that the client's watchdog
      // ping must be answered in between, so the work is cut into ~8 ms slices.
      const paths: string[] = [];
      let sliceStart = this.env.now();
      for (const g of glyphs) {
        paths.push(face.glyphPath(g));
        if (this.env.now() - sliceStart > 8) {
          await yieldToEventLoop();
          sliceStart = this.env.now();
        }
      }
      return { fontId, upem: face.upem, paths };
    } finally {
      if (--this.painting === 0) for (const resume of this.paintingDone.splice(0)) resume();
    }
  }

  /** Glyph-outline requests being answered (`getGlyphOutlines`), and builds waiting for them to end. */
  private painting = 0;
  private readonly paintingDone: (() => void)[] = [];

  /**
   * A build's turn between slices: the event loop first (a newer transaction, a cancel, a page
   * request), then, while a page's glyph outlines are being made, nothing until they are. Before,
   * outlines and layout took 8 ms and 6 ms slices in turn, so a book just opened painted its
   * first page about twice as late as the outlines alone took.
   */
  private async giveWay(): Promise<void> {
    await yieldToEventLoop();
    while (this.painting > 0) await new Promise<void>((resume) => this.paintingDone.push(resume));
  }

  async renderPage(pageIndex: number, request: RasterRequest): Promise<{ bytes: ArrayBuffer; mimeType: string; width: number; height: number }> {
    const valid = RasterRequestSchema.parse(request);
    if (!this.env.raster) throw new Error('Rasterising needs OffscreenCanvas, which this environment lacks.');
    const list = this.layout?.pages[pageIndex];
    if (!list) throw new Error(`There is no page ${pageIndex + 1}; the book has ${this.layout?.pages.length ?? 0} pages.`);
    const book = this.book;
    const { printPreview, trimmed, ...picture } = valid;
    let options: RasterOptions = picture;
    if (printPreview && book) {
      // The sheet as the PDF prints it (tools.md §7.11): bleed and safe zone from the page's own
      // geometry, crop marks from page.cutLines unless the picture is `trimmed`.
      const geometry = pageGeometry(settingsFor(book), book.config as StoredConfig, { index: pageIndex, width: list.width, height: list.height });
      const cut = pdfOptionsFromConfig(book.config as StoredConfig, '').cutLines;
      options = {
        ...picture,
        preview: {
          bleed: geometry.bleed,
          safeZone: geometry.safeZone,
          marks: cut && !trimmed ? { offset: cut.markOffset, length: cut.markLength, width: cut.markWidth, colour: cropMarkColour(book.config as StoredConfig) } : null,
        },
      };
    }
    return this.env.raster(list, await this.loadFonts(), options, (key) => (book ? this.resources.image(book, key) : null));
  }

  // ---- the book's own fonts (tools.md sandbox_save_font, §7.7) ----
  private readonly customFonts = new HostFonts();
  /** Families from the open font catalogue; null where the environment has none (Node). */
  private catalogueFonts: CatalogueFonts | null = null;

  async inspectFont(request: { bytes: Uint8Array; fileName?: string }): Promise<FontFileInfo> {
    if (!(request?.bytes instanceof Uint8Array)) return { ok: false, error: 'Send the font file as bytes (Uint8Array).' };
    const report = await this.customFonts.inspect(request.bytes, request.fileName ?? '');
    if (!report.ok) return report;
    const { sfnt: _sfnt, ...info } = report;
    return info;
  }

  async getFontFace(request: { family: string; weight?: number; style?: 'normal' | 'italic' }): Promise<{ id: string; bytes: Uint8Array; catalogue: boolean } | null> {
    const family = typeof request?.family === 'string' ? request.family : '';
    const fonts = await this.loadFonts();
    // The open book's families are registered by its builds; this one's may still be on its way.
    if (this.book && (await this.customFonts.sync(fonts, this.book))) {
      this.cache.paragraphs.clear();
      this.cache.chapters.clear();
    }
    if (!family || !fonts.hasFamily(family)) return null;
    const face = fonts.match(family, Number(request.weight ?? 400) || 400, request.style === 'italic' ? 'italic' : 'normal');
    return face.bytes.byteLength > 4 * 1024 * 1024 ? null : { id: face.id, bytes: face.bytes, catalogue: face.catalogue && !face.custom };
  }

  // ---- resources (tools.md §3.4, §7.6) ----
  /** SVG drawings outside the vector subset, rendered to PNG with resvg before layout (svg-raster.ts). */
  private readonly resources = new HostResources(new SvgRasteriser(() => this.env.loadResvgWasm?.bind(this.env), async () => (await this.loadFonts()).all()));

  async listResources(): Promise<{ revision: number; resources: ResourceInfo[] }> {
    const book = this.requireBook();
    const parsed = book.chapters.map((chapter, i) => parseCached({ id: chapter.id, title: chapter.title, source: chapter.text }, i === 0, this.cache, settingsFor(book)));
    return { revision: this.revision, resources: listResourceInfo(book, this.resources.setFor(book), parsed) };
  }

  async getImage(key: string): Promise<{ bytes: Uint8Array; mime: string } | null> {
    return this.book ? this.resources.image(this.book, String(key)) : null;
  }

  async getResourcePayload(id: string): Promise<{ bytes: Uint8Array; mime: string } | null> {
    const payload = this.book?.resources.find((r) => r.record.id === id)?.payload;
    return payload ? { bytes: payload, mime: mimeOfBytes(payload) } : null;
  }

  async renameResource(request: unknown): Promise<RenameResourceResult> {
    const parsed = RenameResourceSchema.safeParse(request);
    if (!parsed.success) return { ok: false, error: `The rename was refused: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ')}.`, revision: this.revision };
    const { id, newId, updateReferences, origin } = parsed.data;
    const plan = renameOps(this.requireBook(), id, newId, updateReferences !== false);
    if ('error' in plan) return { ok: false, error: plan.error, revision: this.revision };
    if (plan.ops.length === 0) return { ok: true, revision: this.revision, renamedReferences: 0 };
    const result = await this.apply({ origin: origin ?? 'ui', baseRevision: this.revision, ops: plan.ops });
    return result.ok ? { ok: true, revision: result.revision, renamedReferences: plan.references } : { ok: false, error: result.error, revision: result.revision };
  }

  async deleteResource(request: unknown): Promise<DeleteResourceResult> {
    const parsed = DeleteResourceSchema.safeParse(request);
    if (!parsed.success) return { ok: false, error: `The delete was refused: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ')}.`, revision: this.revision };
    const book = this.requireBook();
    const dangling = danglingAfterDelete(book, parsed.data.id);
    const result = await this.apply({ origin: parsed.data.origin ?? 'ui', baseRevision: this.revision, ops: [{ type: 'resource.delete', id: parsed.data.id }] });
    return result.ok ? { ok: true, revision: result.revision, danglingReferences: dangling } : { ok: false, error: result.error, revision: result.revision };
  }

  async getDiagnostics(): Promise<{ revision: number; diagnostics: BookDiagnostic[] }> {
    const book = this.requireBook();
    // Parses reuse the layout's cache, so this costs nothing for chapters already laid out.
    const diagnostics = book.chapters.flatMap((chapter, i) =>
      parseCached({ id: chapter.id, title: chapter.title, source: chapter.text }, i === 0, this.cache, settingsFor(book)).diagnostics.map((d) => ({
        kind: d.kind,
        severity: d.severity,
        message: d.message,
        chapterId: chapter.id,
        line: d.line,
        column: d.column,
        from: d.from,
        to: d.to,
      })),
    );
    // invalidMath (engine/math): read from the typesetter's cache, once it is loaded.
    if (this.mathTypesetter) {
      const math = this.mathTypesetter;
      const all = book.chapters.map((chapter, i) => parseCached({ id: chapter.id, title: chapter.title, source: chapter.text }, i === 0, this.cache, settingsFor(book)));
      const labels = equationLabels(all);
      for (const [i, chapter] of book.chapters.entries()) {
        const parsed = all[i]!;
        for (const d of mathDiagnostics(parsed, math, labels)) diagnostics.push({ kind: d.kind, severity: d.severity, message: d.message, chapterId: chapter.id, line: d.line, column: d.column, from: d.from, to: d.to });
      }
    }
    return { revision: this.revision, diagnostics };
  }

  /**
   * MathJax, loaded on first need (a lazy chunk: only books with `$` pay for it), with every
   * formula of the book prepared so layout typesets synchronously and deterministically.
   * Undefined when the book has no maths, `math.enabled` is off, or MathJax failed to load
   * (formulas then show grey placeholders).
   */
  private async mathFor(book: BookState, settings: LayoutSettings): Promise<MathTypesetter | undefined> {
    if (!settings.math.enabled || !book.chapters.some((c) => mayHaveMaths(c.text))) return undefined;
    try {
      this.mathLoading ??= import('../engine/math/mathjax').then((m) => m.createMathTypesetter());
      const math = await this.mathLoading;
      this.mathTypesetter = math;
      const parsed = book.chapters.map((c, i) => parseCached({ id: c.id, title: c.title, source: c.text }, i === 0, this.cache, settingsFor(book)));
      await math.prepare(bookFormulas(parsed));
      return math;
    } catch {
      this.mathLoading = null;
      return undefined;
    }
  }

  /**
   * The checks' warnings (engine/checks) for the book or one chapter. They describe the converged
   * layout: a request while layout runs waits for it, and nothing is computed on the typing path
   * (the UI asks after each convergence). Computed once per layout, then filtered.
   */
  async getWarnings(request?: unknown): Promise<WarningsResult> {
    const parsed = WarningsRequestSchema.safeParse(request ?? {});
    if (!parsed.success) throw new Error(`getWarnings was refused: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ')}. Send { chapterId?, category? }.`);
    const { chapterId, category } = parsed.data;
    const current = this.requireBook();
    if (chapterId !== undefined && !current.chapters.some((c) => c.id === chapterId)) {
      throw new Error(`No chapter has the id "${chapterId}"; the chapters are: ${current.chapters.map((c) => c.id).join(', ')}.`);
    }
    let memo: { layout: BookLayout; warnings: Warning[] };
    /** The detectors finished by paused runs over one layout (engine/checks `SliceCarry`). */
    let carry = null as { layout: BookLayout; math: MathTypesetter | null; finished: SliceCarry; diagnostics: ReturnType<typeof mathDiagnostics>; settingsKey: string } | null;
    // In idle slices between builds (engine/checks `inSlices`): a whole book checked at once (after
    // a global change every chapter is new) held the worker far longer than an edit's layout, and
    // the UI asks 250 ms after each convergence, while the next edit may already be waiting. A
    // transaction arriving meanwhile is laid out first (no slice runs until it converges), and the
    // newer layout is the one checked (what was computed for unchanged chapters stays).
    for (;;) {
      if (!this.layout || this.layoutRevision < this.revision) await this.awaitConvergence(this.revision);
      const layout = this.layout!;
      if (this.warningsMemo?.layout === layout) {
        memo = this.warningsMemo;
        break;
      }
      // Idle work, as keeping paragraphs is: not while the book is being edited, only after a pause
      // (IDLE_QUIET_MS) since the last transaction and its convergence (idleWaitMs). A detector's
      // share of one chapter runs whole (10-50 ms), and a keystroke's layout arriving meanwhile
      // waited for it: in the bench's worker
      // profile of thirty edits the checks took more of the worker than the layouts.
      const quiet = this.idleWaitMs();
      if (quiet > 0) {
        await new Promise((resolve) => setTimeout(resolve, quiet));
        continue;
      }
      const book = this.layoutSource!;
      const fonts = await this.loadFonts();
      if (this.layout !== layout) continue;
      const chapters = book.chapters.map((c) => ({ id: c.id, title: c.title, source: c.text }));
      const parsed = chapters.map((c, i) => parseCached(c, i === 0, this.cache, settingsFor(book)));
      // invalidMath comes from the maths typesetter (its cache), once it is loaded.
      const math = this.mathTypesetter;
      const prepared = this.resources.setFor(book);
      // Same input, same carry: the layout, and the maths typesetter (its diagnostics, read once per carry), which may load meanwhile.
      if (carry?.layout !== layout || carry.math !== math) {
        carry = { layout, math, finished: new Map(), diagnostics: math ? ((labels) => parsed.flatMap((p) => mathDiagnostics(p, math, labels)))(equationLabels(parsed)) : [], settingsKey: settingsKey(settingsFor(book)) };
      }
      const { finished, diagnostics } = carry;
      const checkedKey = carry.settingsKey;
      const sliceStart = this.env.now();
      let warnings: Warning[];
      try {
        warnings = inSlices(
          () => this.env.now() - sliceStart > IDLE_SLICE_MS,
          () =>
            computeWarnings({
              chapters,
              parsed,
              diagnostics,
              // Built once for every slice over this layout.
              settingsKey: checkedKey,
              config: book.config as StoredConfig,
              settings: settingsFor(book),
              // Bitmaps' pixel sizes from the prepared resources (preflight's effective resolution), and
              // what keeps a picture from being drawn (missingImage).
              resources: book.resources.map((r) => {
                const engine = prepared.resources.get(r.record.id);
                const bitmap = engine?.bitmap;
                const problem = engine?.problem !== undefined ? { problem: engine.problem } : {};
                return bitmap ? { ...r.record, ...problem, pixels: { width: bitmap.width, height: bitmap.height } } : { ...r.record, ...problem };
              }),
              layout,
              fonts,
            }),
          finished,
        );
      } catch (error) {
        if (!(error instanceof ChecksPaused)) throw error;
        await yieldToEventLoop();
        continue;
      }
      memo = { layout, warnings };
      this.warningsMemo = memo;
      break;
    }
    const warnings = memo.warnings.filter((w) => (chapterId === undefined || w.chapterId === chapterId) && (category === undefined || w.category === category));
    return { revision: this.layoutRevision, ...summarise(warnings), warnings };
  }

  async undoText(request: { redo?: boolean; steps?: number }): Promise<UndoTextResult> {
    const redo = request?.redo === true;
    const steps = Math.max(1, Math.min(100, Math.floor(Number(request?.steps ?? 1)) || 1));
    const from = redo ? this.redoStack : this.undoStack;
    const to = redo ? this.undoStack : this.redoStack;
    if (from.length === 0) {
      return { ok: false, error: redo ? 'There is no undone agent edit to redo.' : 'There is no agent text edit to undo (the list holds edits made by tools since the page was loaded; typing in the editor is undone there).', revision: this.revision };
    }
    const done: { tool: string; summary: string; chapters: string[] }[] = [];
    for (let i = 0; i < steps && from.length > 0; i++) {
      const entry = from.pop()!;
      const before = this.book!;
      const result = await this.apply({ origin: 'agent', baseRevision: entry.revision, ops: entry.ops });
      if (!result.ok) {
        from.push(entry);
        return { ok: false, error: `The edit "${entry.summary}" can no longer be ${redo ? 'redone' : 'undone'}: ${result.error}`, revision: this.revision };
      }
      to.push({ revision: result.revision, ops: inverseOf(before, result.textChanges), tool: entry.tool, summary: entry.summary });
      done.push({ tool: entry.tool, summary: entry.summary, chapters: [...new Set(entry.ops.map((op) => op.chapterId))] });
    }
    return { ok: true, revision: this.revision, done, remaining: from.length };
  }

  /**
   * A print-ready PDF of the converged layout (export/pdf): the whole book or one chapter's pages.
   * It waits for layout to catch up, writes in slices (the worker keeps answering), reports
   * `exportProgress` and stops when `cancelExport` names it.
   */
  async exportPdf(request?: unknown): Promise<PdfExport> {
    const parsed = ExportPdfSchema.safeParse(request ?? {});
    if (!parsed.success) throw new Error(`exportPdf was refused: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ')}. Send { scope: "book" } or { scope: "chapter", chapterId }.`);
    const { scope, chapterId } = parsed.data;
    const exportId = parsed.data.exportId ?? `pdf-${++this.pdfExportCount}`;
    if (this.pdfExports.has(exportId)) throw new Error(`A PDF export named "${exportId}" is already running; wait for it or cancel it.`);
    const current = this.requireBook();
    if (scope === 'chapter' && !current.chapters.some((c) => c.id === chapterId)) {
      throw new Error(`No chapter has the id "${chapterId}"; the chapters are: ${current.chapters.map((c) => c.id).join(', ')}.`);
    }
    const loadWasm = this.env.loadSubsetWasm?.bind(this.env);
    if (!loadWasm) throw new Error('PDF export needs harfbuzz-subset.wasm, which this environment does not provide.');
    const controller = new AbortController();
    this.pdfExports.set(exportId, controller);
    try {
      if (!this.layout || this.layoutRevision < this.revision) await this.awaitConvergence(this.revision);
      const layout = this.layout!;
      const revision = this.layoutRevision;
      const book = this.requireBook();
      const pdf = await import('../export/pdf');
      this.subsetter ??= loadWasm().then((bytes) => pdf.createSubsetter(bytes as BufferSource));
      const subsetter = await this.subsetter.catch((error: unknown) => {
        this.subsetter = null;
        throw error;
      });
      const fonts = await this.loadFonts();
      const started = this.env.now();
      let sliceStart = started;
      let lastEvent = -Infinity;
      const out = await pdf.exportBookPdf({
        book,
        pages: layout.pages,
        parsed: book.chapters.map((c, i) => parseCached({ id: c.id, title: c.title, source: c.text }, i === 0, this.cache, settingsFor(book))),
        scope,
        chapterId,
        language: settingsFor(book).language,
        fonts,
        // Pictures by content key, as the painters get them.
        imageBytes: (key) => this.getImage(key),
        ...(this.env.decodePicture ? { decodePicture: this.env.decodePicture.bind(this.env) } : {}),
        // A print master counts while the record still names it (an edited SVG detaches it).
        printMaster: (id) => (typeof book.resources.find((r) => r.record.id === id)?.record['pdfFile'] === 'string' ? this.library.printMaster(id) : undefined),
        subsetter,
        // The host may read the clock (the engine may not): the PDF's creation date.
        date: new Date(),
        signal: controller.signal,
        pause: async () => {
          if (this.env.now() - sliceStart < SLICE_MS) return;
          await yieldToEventLoop();
          sliceStart = this.env.now();
        },
        onProgress: (progress) => {
          // At most one event per 50 ms, plus the end of every phase.
          const now = this.env.now();
          if (progress.done < progress.total && now - lastEvent < 50) return;
          lastEvent = now;
          this.emit({ type: 'exportProgress', exportId, format: 'pdf', ...progress });
        },
      });
      return { bytes: out.bytes, fileName: out.fileName, mimeType: 'application/pdf', pages: out.pages, revision, scope, ...(chapterId ? { chapterId } : {}), ms: Math.round(this.env.now() - started), warnings: out.warnings };
    } catch (error) {
      if (error instanceof Error && error.name === 'PdfExportCancelled') throw new Error(`The PDF export "${exportId}" was cancelled.`);
      throw error;
    } finally {
      this.pdfExports.delete(exportId);
    }
  }

  async cancelExport(exportId: string): Promise<boolean> {
    const controller = this.pdfExports.get(String(exportId));
    if (!controller) return false;
    controller.abort();
    return true;
  }

  async debugHang(): Promise<void> {
    this.hung = true;
    // Busy-wait forever: the worker stops answering, as a real hang would.
    for (;;) if (!this.hung) break;
  }

  /** The revision layout has caught up with, or −1. */
  get convergedRevision(): number {
    return this.layoutRevision;
  }

  private requireBook(): BookState {
    if (!this.book) throw new Error('No book is open.');
    return this.book;
  }

  private loadFonts(): Promise<FontRegistry> {
    if (this.fonts) return Promise.resolve(this.fonts);
    this.fontsLoading ??= Promise.all([this.env.loadFonts(), this.env.loadShaperWasm().then((wasm) => Shaper.load(wasm))]).then(([sources, shaper]) => {
      const registry = new FontRegistry(shaper);
      for (const source of sources) registry.add(source);
      this.fonts = registry;
      return registry;
    });
    return this.fontsLoading;
  }

  private readonly faceLoads = new Map<string, Promise<FontSource | undefined>>();

  /**
   * Loads the on-demand faces a book needs (its design's families, fallbacks for its scripts)
   * before it is laid out. When faces were added, memoised paragraphs and chapters are dropped:
   * text set before may now take another face (a character that was missing has one now).
   */
  private async loadFacesFor(fonts: FontRegistry, settings: LayoutSettings, book: BookState): Promise<void> {
    const load = this.env.loadBundledFace?.bind(this.env);
    if (!load) return;
    const needed = facesToLoad(settings, book.chapters.map((c) => c.text), fonts);
    if (needed.length === 0) return;
    const sources = await Promise.all(
      needed.map((face) => {
        let pending = this.faceLoads.get(face.file);
        if (!pending) {
          pending = load(face).catch(() => undefined);
          this.faceLoads.set(face.file, pending);
        }
        return pending;
      }),
    );
    const before = fonts.generation;
    for (const source of sources) {
      if (!source) continue;
      fonts.add(source);
      // A CJK face is 10–15 MB: reading it into HarfBuzz takes long enough that the client's
      // watchdog must get its ping answered between two faces.
      await yieldToEventLoop();
    }
    if (fonts.generation !== before) {
      this.cache.paragraphs.clear();
      this.cache.chapters.clear();
    }
  }

  /**
   * Starts what every book's first layout waits for, before any book is opened: the startup
   * faces and the English hyphenator (en-us is every hyphenator's fallback). Called once by the
   * browser's host when the worker starts, so these downloads and their parsing run while the UI
   * boots and the book is read, instead of one after the other once its build has begun (at app
   * start they were ~0.3–0.6 s and ~0.35 s of the wait for page 1). A failure is not reported
   * here: the build that needs the fonts or patterns asks again and reports it.
   */
  warmUp(): void {
    void this.loadFonts().catch(() => {
      this.fontsLoading = null;
    });
    void this.hyphenatorFor('en-US').catch(() => undefined);
  }

  /** A hyphenator with the patterns of a language (and en-us, the spec's fallback), loaded once. */
  private hyphenatorFor(language: string): Promise<Hyphenator | undefined> {
    const id = resolveHyphenationLanguage(language).patterns;
    if (id === null || id === undefined) return Promise.resolve(undefined);
    let pending = this.hyphenators.get(id);
    if (!pending) {
      pending = (async () => {
        const ids = [...new Set([id, 'en-us'])];
        // Fetched together; en-us's bytes are shared by every language's hyphenator.
        const loaded = await Promise.all(ids.map((pid) => this.patternsOf(pid)));
        const bytes = new Map<string, Uint8Array>();
        ids.forEach((pid, i) => {
          if (loaded[i]) bytes.set(pid, loaded[i]);
        });
        if (bytes.size === 0) return undefined;
        return createHyphenator({ languages: [...bytes.keys()], loadPatterns: (pid) => bytes.get(pid) });
      })();
      // A failed download is not kept: the next build asks again.
      pending.catch(() => this.hyphenators.delete(id));
      this.hyphenators.set(id, pending);
    }
    return pending;
  }

  private readonly patternBytes = new Map<string, Promise<Uint8Array | undefined>>();

  /** The bytes of one language's patterns, fetched once (a failed fetch is tried again by the next call). */
  private patternsOf(id: string): Promise<Uint8Array | undefined> {
    let pending = this.patternBytes.get(id);
    if (!pending) {
      pending = this.env.loadPatterns(id);
      pending.catch(() => this.patternBytes.delete(id));
      this.patternBytes.set(id, pending);
    }
    return pending;
  }

  private emit(event: WorkerEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener that throws (e.g. a closed port) must not stop the others.
      }
    }
  }

  /** Starts a build for the current revision; any build in progress stops at its next slice. */
  private scheduleLayout(): void {
    const token = {};
    this.buildToken = token;
    void this.build(token);
  }

  /**
   * Runs a layout to its end in slices of SLICE_MS, yielding to the event loop between them; null
   * when a newer transaction superseded the build meanwhile. `clock.start`: when the current slice
   * began, carried on to the caller's next slice.
   */
  private async sliced<T>(steps: Generator<unknown, T>, token: object, clock: { start: number }): Promise<T | null> {
    let step = steps.next();
    while (!step.done) {
      if (this.env.now() - clock.start > SLICE_MS) {
        await this.giveWay();
        if (this.buildToken !== token) return null;
        clock.start = this.env.now();
      }
      step = steps.next();
    }
    return step.value;
  }

  private async build(token: object): Promise<void> {
    // The transaction that scheduled this build is answered first: without this turn the build's
    // synchronous start (the new settings, ~2 ms for a config change) ran before the reply was
    // posted, which a superseding change (cancel latency) and every tool call waited for.
    await yieldToEventLoop();
    if (this.buildToken !== token) return;
    // MathJax (a lazy chunk) loads while the fonts do, not after them (engine/math).
    if (this.book && !this.mathLoading) void this.mathFor(this.book, settingsFor(this.book));
    // And the book's hyphenator while the fonts load (its patterns are a download of their own).
    if (this.book) void this.hyphenatorFor(settingsFor(this.book).language).catch(() => undefined);
    const fonts = await this.loadFonts();
    // Let a burst of transactions land before starting (each would cancel this build anyway).
    await yieldToEventLoop();
    if (this.buildToken !== token || !this.book) return;
    const revision = this.revision;
    const book = this.book;
    const settings = settingsFor(book);
    const hyphenator = await this.hyphenatorFor(settings.language);
    if (this.buildToken !== token) return;
    const math = await this.mathFor(book, settings);
    if (this.buildToken !== token) return;
    if (await this.customFonts.sync(fonts, book)) {
      // Text set before may now take another face (a custom family shadows a bundled one).
      this.cache.paragraphs.clear();
      this.cache.chapters.clear();
    }
    if (this.buildToken !== token) return;
    if (this.catalogueFonts && (await this.catalogueFonts.loadFor(fonts, settings))) {
      // A family the design names exists now: text set in its stand-in is set again.
      this.cache.paragraphs.clear();
      this.cache.chapters.clear();
    }
    if (this.buildToken !== token) return;
    await this.loadFacesFor(fonts, settings, book);
    if (this.buildToken !== token) return;
    await this.resources.prepareRasters(book);
    if (this.buildToken !== token) return;
    const input = {
      title: typeof book.config['title'] === 'string' ? (book.config['title'] as string) : book.name,
      chapters: book.chapters.map((c) => ({ id: c.id, title: c.title, source: c.text })),
      settings,
      hyphenator,
      math,
      resources: this.resources.setFor(book),
    };
    // Settings of another object than the last build's (a design change, another book): their
    // style objects are new, and the shared-word tables are by style object, so this build finds
    // none of the last settings' tables. Let go now, they are not held beside the new ones while a
    // global change builds (the worker's heap peaks there).
    if (settings !== this.lastBuildSettings) {
      if (this.lastBuildSettings !== null) releaseSharedWords();
      this.lastBuildSettings = settings;
    }
    let sliceStart = this.env.now();
    const buildStart = sliceStart;
    // The chapter on screen first: laid out where it started last time and published at once.
    const visibleIndex = this.visibleChapter ? book.chapters.findIndex((c) => c.id === this.visibleChapter) : -1;
    const previousStart = visibleIndex >= 0
      ? (this.layout?.chapters.find((c) => c.id === this.visibleChapter)?.firstPage ?? (this.layout ? undefined : this.chapterStarts?.get(this.visibleChapter!)))
      : undefined;
    if (visibleIndex > 0 && previousStart !== undefined) {
      const clock = { start: sliceStart };
      const chapter = await this.sliced(layoutChapterAt(input, visibleIndex, previousStart, fonts, this.cache), token, clock);
      if (!chapter) return;
      sliceStart = clock.start;
      this.preview = { revision, firstPage: previousStart, pages: chapter.pages };
      this.emit({ type: 'pagesReady', revision, chapterId: chapter.id, firstPage: previousStart, pages: chapter.pages.length, speculative: true });
    } else if (!this.layout && visibleIndex <= 0 && input.chapters.length > 1 && !this.partial?.pages.length && input.chapters.some((c) => this.cache.parsed.get(c.id)?.source !== c.source)) {
      // A book just opened, nothing of it on screen, its text not all parsed yet: its first chapter
      // laid out as a book of one chapter, when it lays out so (engine/first-chapter.ts), and shown
      // as the book's first pages while the whole book is parsed and laid out (speculative, first
      // page 0: the UI takes it only when it shows no page). The whole layout's first chapter
      // replaces it, the same pages. (A book parsed already — reopened in this worker — goes
      // straight to the whole layout: the parse it would save is done.)
      const first = parseCached(input.chapters[0]!, true, this.cache, settings);
      const resourceIds = new Set(book.resources.map((resource) => resource.record.id));
      if (firstChapterStandsAlone(first, settings, resourceIds, JSON.stringify(book.config).includes('bookTotalPages'))) {
        const clock = { start: sliceStart };
        const chapter = await this.sliced(layoutChapterAt({ ...input, chapters: input.chapters.slice(0, 1) }, 0, 0, fonts, this.cache), token, clock);
        if (!chapter) return;
        sliceStart = clock.start;
        this.partial = { revision, pages: chapter.pages, chapters: [chapter] };
        this.emit({ type: 'pagesReady', revision, chapterId: chapter.id, firstPage: 0, pages: chapter.pages.length, speculative: true });
      }
    }
    const steps = layoutBook(input, fonts, this.cache);
    // The first chapter shown alone (above) is served until the whole layout's first chapter takes its place.
    const shownAlone = this.partial?.revision === revision && this.partial.pages.length > 0 ? this.partial : null;
    this.partial = shownAlone ?? { revision, pages: [], chapters: [] };
    /** The converged layout this build follows (null for a book just opened): its chapters need no second announcement. */
    const before = this.layout;
    let latest: { done: number; total: number } | null = null;
    let reported = 0;
    let result = steps.next();
    while (!result.done) {
      const progress = result.value;
      if (progress) {
        latest = { done: progress.chaptersDone, total: progress.chapters };
        if (progress.chapter) {
          // Each chapter is announced as it is finished; the UI shows a new book's pages as they
          // come. A chapter the converged layout already has as it is (the memo gave the same
          // object, at the same place) is not: after an edit only the chapters it changed are.
          if (this.partial === shownAlone) {
            // The same pages as those shown alone keep their versions: the UI neither fetches nor paints them again.
            keepServedIds(this.servedIds, shownAlone.pages, progress.chapter.pages, (page) => this.fetched.has(page));
            this.partial = { revision, pages: [], chapters: [] };
          }
          this.partial.chapters.push(progress.chapter);
          this.partial.pages.push(...progress.chapter.pages);
          if (before?.chapters[progress.chaptersDone - 1] !== progress.chapter) {
            this.emit({ type: 'pagesReady', revision, chapterId: progress.chapter.id, firstPage: progress.chapter.firstPage, pages: progress.chapter.pages.length, speculative: false });
          }
        }
      }
      if (this.env.now() - sliceStart > SLICE_MS) {
        // Progress is reported where the build gives the thread up (at most once a slice), once
        // it has run PROGRESS_AFTER_MS: an edit's build reports none, and each event costs both
        // threads a message (one per chapter was ~50 round trips per one-paragraph edit).
        if (latest && latest.done > reported && this.env.now() - buildStart >= PROGRESS_AFTER_MS) {
          this.emit({ type: 'progress', revision, done: latest.done, total: latest.total });
          reported = latest.done;
        }
        await this.giveWay();
        if (this.buildToken !== token) return; // superseded: last wins
        sliceStart = this.env.now();
      }
      result = steps.next();
    }
    if (this.buildToken !== token) return;
    this.layout = result.value;
    this.layoutSource = book;
    if (this.warningsMemo?.layout !== this.layout) this.warningsMemo = null;
    this.layoutRevision = revision;
    this.preview = null;
    this.partial = null;
    if (this.lastChangeAt !== -Infinity) this.lastEditConvergedAt = this.env.now();
    const summary = this.convergedSummary();
    this.emit({ type: 'converged', ...summary });
    this.library.converged();
    const ready = this.waiters.filter((w) => w.revision <= revision);
    this.waiters = this.waiters.filter((w) => w.revision > revision);
    for (const waiter of ready) waiter.resolve(summary);
    if (this.env.practiseEdits && (this.practisedEdits === null || this.offSizePractisedFor !== book.id)) this.practiceSource = { input, fonts, book };
    void this.keepParagraphsWhileIdle(token);
  }

  /**
   * After convergence, while no newer build runs and once editing has paused (IDLE_QUIET_MS):
   * the paragraphs set during it are kept as columns (engine/paragraph,
   * `PreparedParagraphs.keepWaiting`), so a new measure re-breaks them without shaping or
   * hyphenating. In short slices: a transaction arriving meanwhile waits at most one slice, and
   * its build takes over (what is left waits for the next convergence).
   */
  private async keepParagraphsWhileIdle(token: object): Promise<void> {
    // Not before the convergence is answered: the resolved waiters' replies are posted in this
    // task's microtasks, and a first slice run here delayed every edit's reply by up to a slice.
    await yieldToEventLoop();
    if (this.buildToken !== token) return;
    // Not while the book is being edited: after a pause (IDLE_QUIET_MS) since the last transaction and its layout.
    for (let wait = this.idleWaitMs(); wait > 0; wait = this.idleWaitMs()) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (this.buildToken !== token) return;
    }
    // The edit-path practice first, once: a fifth of a second, where keeping a big book's
    // paragraphs takes seconds, and the first keystroke after a pause must find it done.
    await this.practiseWhileIdle(token);
    if (this.buildToken !== token) return;
    for (;;) {
      const sliceStart = this.env.now();
      const done = this.cache.prepared.keepWaiting(() => this.buildToken !== token || this.env.now() - sliceStart > IDLE_SLICE_MS);
      if (done) {
        // Every paragraph kept: the word tables' pieces are read by nothing until text is set again.
        // Once per settings (a book opened, a design change): after an edit they hold only what
        // its paragraphs built, and letting those go after every edit would have each next edit
        // build them again for nothing.
        if (this.tablesReleasedFor !== this.lastBuildSettings) {
          releaseSharedWords();
          this.tablesReleasedFor = this.lastBuildSettings;
        }
        return;
      }
      await yieldToEventLoop();
      if (this.buildToken !== token) return;
    }
  }

  /**
   * The edit-path practice (engine/practice.ts), once per worker, at the first pause after a
   * layout (before the paragraphs are kept), ending with its off-size layout; for each book opened
   * after it, the off-size layout alone. In idle slices; a transaction arriving meanwhile is laid
   * out first, and the practice starts over at the next pause (its cache is its own: nothing of the
   * book's changes).
   */
  private async practiseWhileIdle(token: object): Promise<void> {
    const source = this.practiceSource;
    if (!source) return;
    const edits = this.practisedEdits === null;
    // Nothing left to do for this book: the edits practised, its off-size layout made (or refused).
    const offSize = edits || this.offSizePractisedFor !== source.book.id ? (offSizeSettings(source.book, source.input.settings) ?? undefined) : undefined;
    if (!edits && !offSize) {
      this.offSizePractisedFor = source.book.id;
      this.practiceSource = null;
      return;
    }
    const steps: Generator<undefined, PracticeRun | number> = edits ? practiseEdits(source.input, source.fonts, offSize) : practiseOffSize(source.input, source.fonts, offSize!);
    for (;;) {
      const sliceStart = this.env.now();
      let step = steps.next();
      while (!step.done && this.env.now() - sliceStart <= IDLE_SLICE_MS) step = steps.next();
      if (step.done) {
        const run = step.value;
        if (typeof run === 'number') this.practisedOffSizePages = run;
        else {
          this.practisedEdits = run.edits;
          this.practisedOffSizePages = run.offSizePages;
        }
        this.offSizePractisedFor = source.book.id;
        this.practiceSource = null;
        return;
      }
      await yieldToEventLoop();
      if (this.buildToken !== token) return;
    }
  }

  /** Edits the edit-path practice made, once it has run (null before): for tests and diagnostics. */
  practiceRun(): number | null {
    return this.practisedEdits;
  }

  /** Pages the practice's last off-size layout laid out, once one has run (null before, or when it made none). */
  practiceOffSizePages(): number | null {
    return this.practisedOffSizePages;
  }

  /** Whether the layout is the current revision's: no change is waiting to be laid out. */
  private settled(): boolean {
    return this.layout !== null && this.layoutRevision === this.revision;
  }

  /**
   * How long idle work (the checks, keeping paragraphs, autosave) must still wait, ms (≤ 0: it may
   * run): a pause of IDLE_QUIET_MS after the last transaction and after its layout's convergence.
   * From the transaction alone, a layout that took longer than the pause (a major collection of the
   * worker's heap fell in it: 150–480 ms in the bench's trace) converged with the pause already
   * over, and the idle work began at once: the next keystroke, sent on that convergence, waited
   * behind a detector's share of a chapter and a save (the two slowest edits of thirty came in
   * such pairs).
   */
  private idleWaitMs(): number {
    return Math.max(this.lastChangeAt, this.lastEditConvergedAt) + (this.env.idleQuietMs ?? IDLE_QUIET_MS) - this.env.now();
  }

  private convergedSummary(): { revision: number; pages: number; chapters: ChapterPages[] } {
    const layout = this.layout!;
    return { revision: this.layoutRevision, pages: layout.pages.length, chapters: chapterPages(layout) };
  }
}

/**
 * Events for a port, posted together: those of one task (a transaction's `revision` and
 * `textChanged`; a build's last `pagesReady` and its `converged`) in one message, an array in
 * order, at the end of the task (a microtask, so before the replies its resolved promises post).
 * Each message wakes the main thread; in a Chromium trace of thirty edits at load 6-8, a post
 * that woke it took 0.8-1.4 ms of the worker's time (the woken thread took the CPU), where a post
 * to a thread already awake takes 0.02 ms: four or five per keystroke came to ~4 ms of an edit.
 */
function batchedPost(sink: { postMessage(events: WorkerEvent[]): void }): (event: WorkerEvent) => void {
  let queue: WorkerEvent[] = [];
  const flush = (): void => {
    const events = queue;
    queue = [];
    sink.postMessage(events);
  };
  return (event) => {
    if (queue.length === 0) queueMicrotask(flush);
    queue.push(event);
  };
}

/** Agent edits kept for undo (tools.md §2.12 speaks of one undo step per tool call). */
const UNDO_LIMIT = 200;

interface UndoEntry {
  revision: number;
  ops: TextOp[];
  tool: string;
  summary: string;
}

/**
 * The ops that revert a set of simultaneous text changes, written against the text after them:
 * each inserted span goes back to the text it replaced.
 */
function inverseOf(before: BookState, changes: readonly TextOp[]): TextOp[] {
  const byChapter = new Map<string, TextOp[]>();
  for (const change of changes) byChapter.set(change.chapterId, [...(byChapter.get(change.chapterId) ?? []), change]);
  const inverse: TextOp[] = [];
  for (const [chapterId, list] of byChapter) {
    const text = before.chapters.find((c) => c.id === chapterId)?.text ?? '';
    let delta = 0;
    for (const change of [...list].sort((a, b) => a.from - b.from)) {
      const from = change.from + delta;
      inverse.push({ type: 'text', chapterId, from, to: from + change.insert.length, insert: text.slice(change.from, change.to) });
      delta += change.insert.length - (change.to - change.from);
    }
  }
  return inverse;
}

/** The engine's settings for a book, from its effective configuration (memoised per config object). */
const settingsMemo = new WeakMap<object, LayoutSettings>();
function settingsFor(book: BookState): LayoutSettings {
  let settings = settingsMemo.get(book.config);
  if (!settings) {
    settings = settingsFromConfig(book.config as StoredConfig);
    // A book without its own language setting speaks the language it was opened in.
    if (book.config['locale'] === undefined && book.locale) settings.language = book.locale;
    settingsMemo.set(book.config, settings);
  }
  // Where the book begins in a longer one (bundle-format §9): part of the settings, so of every memo key.
  return withContinuation(settings, book.start);
}

/**
 * The book's settings at the practice's off-size body size (engine/practice.ts `offPracticeSize`),
 * made as a designer's change of `bodyText.fontSize` makes them; null when the change is refused.
 */
function offSizeSettings(book: BookState, settings: LayoutSettings): LayoutSettings | null {
  const result = setConfig(book.config as StoredConfig, { changes: [{ path: 'bodyText.fontSize', value: { value: offPracticeSize(settings.body.style.size), unit: 'pt' } }] });
  return result.ok ? settingsFor({ ...book, config: result.config }) : null;
}

/** A page's side for the viewer's spreads, only when the book's `start` moves it (bundle-format §9). */
function sideOf(book: BookState | null | undefined, index: number): { recto?: boolean } {
  return book?.start && book.start.pageIndexOffset % 2 !== 0 ? { recto: (index + book.start.pageIndexOffset) % 2 === 0 } : {};
}

function chapterPages(layout: BookLayout): ChapterPages[] {
  return layout.chapters.map((c) => ({ id: c.id, pages: c.pages.length, firstPage: c.firstPage }));
}
