/**
 * The main thread's one client of the book worker, used by the UI and the agent tools alike.
 * It relays worker events, keeps a mirror of the book's text for crash recovery, watches the
 * worker's liveness and, if it dies or hangs, restarts it and reopens the book at the same
 * revision. DOM-free: the worker is created by an injected factory (a Worker in the browser,
 * a MessagePort in tests).
 */
import * as Comlink from 'comlink';
import type { FontFileInfo } from './messages';
import type { PageDisplayList } from './displaylist';
import type {
  BookDiagnostic,
  BookList,
  BookRef,
  PostextInfoResult,
  ProjectEntry,
  BookSnapshot,
  BookWorkerApi,
  ChapterPages,
  PageGeometry,
  PageSummary,
  RasterRequest,
  Transaction,
  TransactionResult,
  UndoTextResult,
  ExportedFile,
  WordConversion,
  PdfExport,
  WarningCategory,
  WarningsResult,
  WorkerEvent,
  ResourceInfo,
  RenameResourceResult,
  DeleteResourceResult,
  Origin,
} from './messages';


/** A timer late by more than this (ms) means the main thread itself was stalled. */
const STALL_GRACE_MS = 500;
export interface WorkerHandle {
  endpoint: Comlink.Endpoint;
  terminate(): void;
  /** Called once if the worker reports an uncaught error. */
  onCrash(callback: (message: string) => void): void;
}

/** Events of the client itself, beside the worker's. */
export type ClientEvent = WorkerEvent | { type: 'workerLost'; reason: string } | { type: 'workerRestored'; revision: number };

export interface ClientOptions {
  /** How often the watchdog pings, ms. */
  pingIntervalMs?: number;
  /** A ping unanswered this long means the worker hangs, ms. */
  pingTimeoutMs?: number;
}

export class WorkerLostError extends Error {
  override readonly name = 'WorkerLostError';
}

export class BookClient {
  private handle!: WorkerHandle;
  private api!: Comlink.Remote<BookWorkerApi>;
  private readonly listeners = new Set<(event: ClientEvent) => void>();
  private mirror: BookSnapshot | null = null;
  /** The revision of the open book that the worker last reported as saved (see `unsavedSnapshot`). */
  private savedRevision = 0;
  private lost!: Promise<never>;
  private loseWorker!: (reason: string) => void;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  /** The port the current worker posts its events to (closed when the worker is replaced). */
  private events: MessagePort | null = null;
  private restarting = false;
  private readonly pingIntervalMs: number;
  private readonly pingTimeoutMs: number;
  /** Latest revision the worker announced. */
  revision = 0;

  constructor(private readonly createWorker: () => WorkerHandle, options: ClientOptions = {}) {
    this.pingIntervalMs = options.pingIntervalMs ?? 1000;
    this.pingTimeoutMs = options.pingTimeoutMs ?? 2500;
  }

  /** Starts the worker and subscribes to its events. */
  async start(): Promise<void> {
    this.connect();
    await this.subscribe();
    this.watchdog = setInterval(() => void this.checkAlive(), this.pingIntervalMs);
  }

  stop(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    this.events?.close();
    this.events = null;
    this.handle.terminate();
  }

  on(listener: (event: ClientEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  openPreset(presetId: string, locale?: string): Promise<BookSnapshot> {
    return this.call(() => this.api.openPreset(locale ? { presetId, locale } : { presetId }));
  }
  getBook(): Promise<BookSnapshot> {
    return this.call(() => this.api.getBook());
  }
  getConfig(path?: string): Promise<unknown> {
    return this.call(() => this.api.getConfig(path));
  }
  findSetting(query: string, limit?: number): Promise<unknown> {
    return this.call(() => this.api.findSetting(query, limit));
  }
  apply(transaction: Transaction): Promise<TransactionResult> {
    return this.call<TransactionResult>(() => this.api.apply(transaction) as Promise<TransactionResult>);
  }
  awaitConvergence(revision: number): Promise<{ revision: number; pages: number; chapters: ChapterPages[] }> {
    return this.call(() => this.api.awaitConvergence(revision));
  }
  setVisibleChapter(chapterId: string | null): Promise<void> {
    return this.call(() => this.api.setVisibleChapter(chapterId));
  }
  getPages(): Promise<{ revision: number; pages: PageSummary[]; chapters: ChapterPages[] }> {
    return this.call(() => this.api.getPages());
  }
  getDisplayList(pageIndex: number, version?: string): Promise<PageDisplayList | null> {
    return this.call(() => (version === undefined ? this.api.getDisplayList(pageIndex) : this.api.getDisplayList(pageIndex, version)));
  }
  hitTest(pageIndex: number, x: number, y: number): Promise<{ chapterId: string; offset: number; pageIndex: number } | null> {
    return this.call(() => this.api.hitTest(pageIndex, x, y));
  }
  sourceRects(chapterId: string, from: number, to: number): Promise<{ pageIndex: number; x: number; y: number; width: number; height: number }[]> {
    return this.call(() => this.api.sourceRects(chapterId, from, to));
  }
  getPageGeometry(pageIndex: number): Promise<PageGeometry | null> {
    return this.call(() => this.api.getPageGeometry(pageIndex));
  }
  getGlyphOutlines(fontId: string, glyphs: number[]): Promise<{ fontId: string; upem: number; paths: string[] }> {
    return this.call(() => this.api.getGlyphOutlines(fontId, glyphs));
  }
  renderPage(pageIndex: number, request: RasterRequest): Promise<{ bytes: ArrayBuffer; mimeType: string; width: number; height: number }> {
    return this.call(() => this.api.renderPage(pageIndex, request));
  }
  getDiagnostics(): Promise<{ revision: number; diagnostics: BookDiagnostic[] }> {
    return this.call(() => this.api.getDiagnostics());
  }
  getWarnings(request: { chapterId?: string; category?: WarningCategory } = {}): Promise<WarningsResult> {
    return this.call(() => this.api.getWarnings(request));
  }
  undoText(request: { redo?: boolean; steps?: number }): Promise<UndoTextResult> {
    return this.call<UndoTextResult>(() => this.api.undoText(request) as Promise<UndoTextResult>);
  }
  // ---- resources (tools.md §3.4, §7.6) ----
  listResources(): Promise<{ revision: number; resources: ResourceInfo[] }> {
    return this.call(() => this.api.listResources());
  }
  getImage(key: string): Promise<{ bytes: Uint8Array; mime: string } | null> {
    return this.call(() => this.api.getImage(key));
  }
  getResourcePayload(id: string): Promise<{ bytes: Uint8Array; mime: string } | null> {
    return this.call(() => this.api.getResourcePayload(id));
  }
  renameResource(request: { id: string; newId: string; updateReferences?: boolean; origin?: Origin }): Promise<RenameResourceResult> {
    return this.call<RenameResourceResult>(() => this.api.renameResource(request) as Promise<RenameResourceResult>);
  }
  deleteResource(request: { id: string; origin?: Origin }): Promise<DeleteResourceResult> {
    return this.call<DeleteResourceResult>(() => this.api.deleteResource(request) as Promise<DeleteResourceResult>);
  }
  /** Checks a font file and reads its family, weight and style (tools.md sandbox_save_font); changes nothing. */
  inspectFont(request: { bytes: Uint8Array; fileName?: string }): Promise<FontFileInfo> {
    return this.call<FontFileInfo>(() => this.api.inspectFont(request) as Promise<FontFileInfo>);
  }
  /** The face that sets a family (custom or bundled), as SFNT bytes for a preview; null when missing or large. */
  getFontFace(request: { family: string; weight?: number; style?: 'normal' | 'italic' }): Promise<{ id: string; bytes: Uint8Array; catalogue: boolean } | null> {
    return this.call(() => this.api.getFontFace(request));
  }
  // ---- books (tools.md §7.3, §7.13–§7.15) ----
  openProject(projectId: string): Promise<BookSnapshot> {
    return this.call(() => this.api.openProject({ projectId }));
  }
  /** Saves pending edits now (page hide, before another book opens); never rejects for storage failures. */
  flush(): Promise<{ saved: boolean; error?: string }> {
    return this.call(() => this.api.flush());
  }
  listBooks(): Promise<BookList> {
    return this.call(() => this.api.listBooks());
  }
  newBook(request: Parameters<BookWorkerApi['newBook']>[0] = {}): Promise<ProjectEntry> {
    return this.call(() => this.api.newBook(request));
  }
  copyBook(request: Parameters<BookWorkerApi['copyBook']>[0] = {}): Promise<ProjectEntry> {
    return this.call(() => this.api.copyBook(request));
  }
  renameProject(request: Parameters<BookWorkerApi['renameProject']>[0]): Promise<ProjectEntry> {
    return this.call(() => this.api.renameProject(request));
  }
  deleteProject(projectId: string): Promise<{ reopened: BookSnapshot | null }> {
    return this.call(() => this.api.deleteProject({ projectId }));
  }
  restoreOriginal(presetId: string): Promise<{ reopened: BookSnapshot | null }> {
    return this.call(() => this.api.restoreOriginal({ presetId }));
  }
  setCover(request: Parameters<BookWorkerApi['setCover']>[0]): Promise<void> {
    return this.call(() => this.api.setCover(request));
  }
  captureCover(): Promise<{ captured: boolean }> {
    return this.call(() => this.api.captureCover());
  }
  /**
   * The open book (or the chapter with this id) as EPUB or DOCX, written in the worker. An EPUB
   * written under an `exportId` reports `exportProgress` events and stops on `cancelExport`.
   */
  exportDocument(format: 'epub' | 'docx', chapterId?: string, exportId?: string): Promise<ExportedFile> {
    return this.call(() => this.api.exportDocument({ format, ...(chapterId ? { chapterId } : {}), ...(exportId ? { exportId } : {}) }));
  }
  /**
   * A print-ready PDF of the book or one chapter. Progress arrives as `exportProgress` events
   * with the same `exportId`; `cancelExport(exportId)` stops it (the promise then rejects).
   */
  exportPdf(request: { scope?: 'book' | 'chapter'; chapterId?: string; exportId?: string } = {}): Promise<PdfExport> {
    return this.call(() => this.api.exportPdf(request));
  }
  cancelExport(exportId: string): Promise<boolean> {
    return this.call(() => this.api.cancelExport(exportId));
  }
  convertWord(request: Parameters<BookWorkerApi['convertWord']>[0]): Promise<WordConversion> {
    return this.call(() => this.api.convertWord(request));
  }
  originalDesign(presetId: string, locale?: string): Promise<{ config: Record<string, unknown> }> {
    return this.call(() => this.api.originalDesign({ presetId, ...(locale ? { locale } : {}) }));
  }
  originalText(presetId: string, locale?: string): ReturnType<BookWorkerApi['originalText']> {
    return this.call(() => this.api.originalText({ presetId, ...(locale ? { locale } : {}) }));
  }
  exportBook(book?: BookRef): Promise<{ bytes: Uint8Array; fileName: string; warnings: string[] }> {
    return this.call(() => this.api.exportBook(book ? { book } : {}));
  }
  inspectPostext(bytes: Uint8Array): Promise<PostextInfoResult> {
    return this.call(() => this.api.inspectPostext({ bytes }));
  }
  importPostext(request: Parameters<BookWorkerApi['importPostext']>[0]): Promise<{ project: ProjectEntry; warnings: string[] }> {
    return this.call(() => this.api.importPostext(request));
  }
  /**
   * The open book when it has edits the worker has not reported saved, else null. The page keeps
   * it on hide (a closing page may end the worker before its save lands) and sends the difference
   * as a transaction on the next visit.
   */
  unsavedSnapshot(): BookSnapshot | null {
    return this.mirror && this.mirror.kind && this.mirror.revision > this.savedRevision ? structuredClone(this.mirror) : null;
  }
  /** Test hook: makes the worker stop answering, to exercise recovery. */
  debugHang(): void {
    void this.api.debugHang();
  }

  private connect(): void {
    this.handle = this.createWorker();
    this.api = Comlink.wrap<BookWorkerApi>(this.handle.endpoint);
    this.lost = new Promise<never>((_, reject) => {
      this.loseWorker = (reason) => reject(new WorkerLostError(reason));
    });
    this.lost.catch(() => undefined); // observed by call(); never an unhandled rejection
    this.handle.onCrash((message) => void this.recover(`the book worker crashed: ${message}`));
  }

  /** Every call races the worker's death, so nothing waits forever on a dead worker. */
  private call<T>(run: () => Promise<T>): Promise<T> {
    return Promise.race([run(), this.lost]);
  }

  private async checkAlive(): Promise<void> {
    if (this.restarting) return;
    const api = this.api;
    const sent = Date.now();
    const reply = api.ping().catch(() => 'timeout' as const);
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), this.pingTimeoutMs));
    let answer = await Promise.race([reply, timeout]);
    // A timer that fires far later than asked means this thread was stalled (a long paint, a big
    // font decoded here): the worker's answer may be queued behind it. That is not the worker's
    // hang, so it gets the same time again, counted from now.
    const lateMs = Date.now() - sent - this.pingTimeoutMs;
    if (answer === 'timeout' && lateMs > STALL_GRACE_MS) {
      answer = await Promise.race([reply, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), this.pingTimeoutMs))]);
    }
    // Pings overlap while a worker hangs: one sent to a worker already replaced (or while it was
    // being restored) says nothing about the new one.
    if (answer === 'timeout' && api === this.api && !this.restarting) await this.recover('the book worker stopped answering');
  }

  /** Restarts the worker and reopens the book at the revision it had. */
  private async recover(reason: string): Promise<void> {
    if (this.restarting) return;
    this.restarting = true;
    this.loseWorker(reason);
    this.emit({ type: 'workerLost', reason });
    this.handle.terminate();
    this.connect();
    try {
      await this.subscribe();
      if (this.mirror) {
        const snapshot = await this.call(() => this.api.restore(this.mirror!));
        this.emit({ type: 'workerRestored', revision: snapshot.revision });
      }
    } finally {
      this.restarting = false;
    }
  }

  /**
   * Events come on a port of their own, posted one way by the worker. Through a Comlink proxy each
   * was a call the main thread answered: four round trips per keystroke (revision, text changed,
   * pages ready, converged), each a message each way, a generated id and a listener added and
   * removed on both threads. The events of one worker task come as one message, an array in order
   * (book-host.ts `batchedPost`).
   */
  private async subscribe(): Promise<void> {
    this.events?.close();
    const channel = new MessageChannel();
    this.events = channel.port1;
    channel.port1.onmessage = (message: MessageEvent<WorkerEvent[]>) => {
      for (const event of message.data) this.onWorkerEvent(event);
    };
    await this.call(() => this.api.subscribe(Comlink.transfer(channel.port2, [channel.port2])));
  }

  private onWorkerEvent(event: WorkerEvent): void {
    switch (event.type) {
      case 'saved':
        if (this.mirror && event.id === this.mirror.id) this.savedRevision = Math.max(this.savedRevision, event.revision);
        break;
      case 'opened':
        // A book just opened is what storage (or the sample) holds.
        this.savedRevision = event.revision;
        this.mirror = structuredClone(event.book);
        this.revision = event.revision;
        break;
      case 'revision':
        this.revision = event.revision;
        if (this.mirror) this.mirror.revision = event.revision;
        break;
      case 'textChanged':
        if (this.mirror) applyToMirror(this.mirror, event.changes);
        break;
      case 'designChanged':
        // Without these a restarted worker reopened the design and resources of the book as it was opened.
        if (this.mirror) {
          this.mirror.config = event.config;
          this.mirror.resources = event.resources;
        }
        break;
      case 'chaptersChanged':
        // Rare: refresh the whole mirror (a new chapter's text is not in the event).
        void this.getBook().then((book) => {
          if (this.mirror && book.revision >= this.mirror.revision) this.mirror = book;
        }).catch(() => undefined);
        break;
      default:
        break;
    }
    this.emit(event);
  }

  private emit(event: ClientEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

function applyToMirror(mirror: BookSnapshot, changes: { chapterId: string; from: number; to: number; insert: string }[]): void {
  const byChapter = new Map<string, typeof changes>();
  for (const c of changes) byChapter.set(c.chapterId, [...(byChapter.get(c.chapterId) ?? []), c]);
  for (const chapter of mirror.chapters) {
    const list = byChapter.get(chapter.id);
    if (!list) continue;
    for (const c of [...list].sort((a, b) => b.from - a.from)) chapter.text = chapter.text.slice(0, c.from) + c.insert + chapter.text.slice(c.to);
  }
}
