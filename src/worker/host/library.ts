/**
 * The book library inside the worker: which book is open (a sample edition or a project), where
 * it comes from and where it goes. Samples are read with the bundle module and never modified;
 * the first accepted edit of a sample saves a *draft* for that sample and language; projects are
 * rows of their own. Saving is debounced (autosave) and flushed on demand (page hide, before
 * another book opens). Storage failures never reach the book: they become a `notice` event and
 * the rows saved before stay as they were (every save is one IndexedDB transaction).
 *
 * The library does not hold the book's text: the host does. It reads it through `LibraryHost`
 * when saving and hands the host a `BookState` to open.
 */
import { StorageError, storageErrorNotice, type BookStorage, type StoredBookContent, type StoredCover, type StoredDraft } from '../../storage';
import type { JsonValue } from '../../storage/json';
import { createAutosave, type Autosave } from '../../storage/autosave';
import {
  bundleBookToStoredContent,
  bundleThumbnailToCover,
  exportPostext,
  firstHeadingTitle,
  importPostext,
  inspectPostext,
  loadPresetBook,
  presetThumbnailPath,
  readPresetIndex,
  slugify,
  storedContentToBundleBook,
  type BundleReadResult,
  type PresetIndexEntry,
  type ReadBytes,
  type ReadText,
} from '../bundle';
import { CONFIG_VERSION } from '../config';
import type { BookResource, BookState } from '../document/book';
import {
  CopyBookSchema,
  ExportBookSchema,
  ImportPostextSchema,
  InspectPostextSchema,
  NewBookSchema,
  OpenProjectSchema,
  ProjectRequestSchema,
  RenameProjectSchema,
  RestoreOriginalSchema,
  OriginalDesignSchema,
  SetCoverSchema,
  type BookCover,
  type BookKind,
  type BookList,
  type BookRef,
  type BookSnapshot,
  type ChapterPages,
  type ChapterSnapshot,
  type ResourceRecord,
  type PageSummary,
  type PostextInfoResult,
  type ProjectEntry,
  type SampleEntry,
  type WorkerEvent,
} from '../protocol/messages';
import { bookStateToStored, bundleToBookState, emptyExtras, FALLBACK_LOCALE, layoutsJson, storedToBookState, type BookExtras } from './book-convert';
import { chapterStartsFrom, layoutStampsOf } from './layouts';

/** The sample that is always there: first in the list, never hidden, the fallback of a deleted open book. */
export const BUILT_IN_PRESET = 'postext-guide';
/** Quiet time before an edit is saved, ms. Short: page hide flushes, but a crash does not. */
const SAVE_DELAY_MS = 300;
/** Automatic covers (tools.md §7.3): a 240 px wide JPEG of the first page. */
const COVER_WIDTH = 240;
/** Automatic covers wait this long after the book converges ("taken when idle"), ms. */
const COVER_IDLE_MS = 800;

export interface LibraryEnvironment {
  /** The presets directory (`/presets/` in the app): text and binary files by relative path. */
  presets: { readText: ReadText; readBytes?: ReadBytes };
  /** Opens the book database; absent or throwing means books live in memory only (the user is told). */
  openStorage?: () => Promise<BookStorage>;
  /** The UI language, for a sample's edition when none is asked for (bundle-format §4.3). */
  uiLocale?: () => string | null;
  /** Wall clock for timestamps, ms since the epoch (default Date.now). */
  clock?: () => number;
  /** Fresh project ids (default crypto.randomUUID). */
  newId?: () => string;
  /** Autosave quiet time, ms (tests shorten it). */
  saveDelayMs?: number;
}

/** What the library needs from the host that owns the open book. */
export interface LibraryHost {
  current(): { book: BookState; revision: number } | null;
  /**
   * Opens a book at a revision: the host emits `opened` and starts layout. `chapterStarts` (from a
   * `layouts.json` whose stamps hold) says where each chapter begins before the first layout ends.
   */
  open(book: BookState, revision: number, chapterStarts?: Map<string, number>): BookSnapshot;
  emit(event: WorkerEvent): void;
  pages(): Promise<{ revision: number; pages: PageSummary[]; chapters: ChapterPages[] }>;
  /** A JPEG of the first page of the current layout, or null where rasterising is impossible. */
  renderFirstPage(width: number): Promise<{ bytes: Uint8Array; mime: string } | null>;
  /** Whether the layout is the current revision's: no change is waiting to be laid out. */
  settled(): boolean;
  /** How long before the worker counts as idle (no layout running, editing paused), ms; 0 when it is. */
  idleIn(): number;
}

/** Where the open book lives. */
type OpenRef =
  | { kind: 'preset'; presetId: string; locale: string; name: string; description: string; edited: boolean }
  | { kind: 'project'; projectId: string; name: string; description: string; createdAt: number; origin: string | null };

export class Library {
  private ref: OpenRef | null = null;
  private extras: BookExtras = emptyExtras();
  private readonly autosave: Autosave;
  private storagePromise: Promise<BookStorage | null> | null = null;
  /** The code of the last storage notice, so a failing autosave does not repeat itself every time. */
  private lastProblem: string | null = null;
  private coverTimer: ReturnType<typeof setTimeout> | null = null;
  /** Covers set or removed by the user so far (an automatic capture under way gives way to one). */
  private coverChoices = 0;
  /** Books whose automatic cover was tried in this session (a failed capture is not retried in a loop). */
  private readonly coverTried = new Set<string>();

  constructor(
    private readonly env: LibraryEnvironment,
    private readonly host: LibraryHost,
  ) {
    this.autosave = createAutosave({
      save: () => this.save(),
      delayMs: env.saveDelayMs ?? SAVE_DELAY_MS,
      // Idle work, as the checks are: not in the middle of someone's typing (autosave's maxDelayMs still bounds it).
      deferFor: () => this.host.idleIn(),
      onError: (error) => this.problem(error),
    });
  }

  // ---- the open book ------------------------------------------------------------------------

  /** The `pdfFile` print master of an SVG resource of the open book (bundle-format §11.1). */
  printMaster(resourceId: string): Uint8Array | undefined {
    return this.extras.otherPayloads.get(resourceId)?.['pdfFile'];
  }

  /** Snapshot fields the host adds: what kind of book is open, and whether a sample is edited. */
  describe(): { kind?: BookKind; edited?: boolean; canvasScope?: 'book' | 'chapter' } {
    if (!this.ref) return {};
    // How the bundle asks the Canvas to open it (bundle-format §8), kept with projects made from it.
    const scope = this.extras.view?.['canvasScope'];
    const canvasScope: { canvasScope?: 'book' | 'chapter' } = scope === 'book' || scope === 'chapter' ? { canvasScope: scope } : {};
    return this.ref.kind === 'preset' ? { kind: 'preset', edited: this.ref.edited, ...canvasScope } : { kind: 'project', ...canvasScope };
  }

  /** Called by the host after every accepted transaction. */
  changed(): void {
    if (this.ref) this.autosave.schedule();
    else if (this.restoring) this.restoredDirty = true;
  }

  /** A crash restore still reading the book's source (storage, sample) in the background. */
  private restoring: Promise<void> | null = null;
  /** An edit arrived while `restoring`: save once the source is known. */
  private restoredDirty = false;

  /**
   * Called by the host on convergence: captures an automatic cover when the book has none, once the
   * book has been left alone for COVER_IDLE_MS. A change made meanwhile (a new book filled right
   * after it was made) waits for its own convergence: capturing then would paint the page being
   * replaced (an empty book's first page, kept as its cover for good) in the middle of the build.
   */
  converged(): void {
    if (!this.ref || this.coverTimer !== null) return;
    const key = this.coverKey(this.ref);
    if (this.coverTried.has(key)) return;
    this.coverTimer = setTimeout(() => {
      this.coverTimer = null;
      if (!this.host.settled()) return; // the next convergence arms the timer again
      if (this.ref && this.coverKey(this.ref) === key) void this.captureCover().catch(() => undefined);
    }, COVER_IDLE_MS);
  }

  async openPreset(presetId: string, locale?: string): Promise<BookSnapshot> {
    const entry = await this.findPreset(presetId);
    if (!entry) {
      // A sample this build no longer serves still opens from its draft (content kept, §7.3).
      const kept = await this.keptDraft(presetId, locale);
      if (kept) {
        await this.leave();
        const opened = storedToBookState(kept.draft, { id: presetId, name: kept.name, locale: kept.draft.locale }, []);
        this.ref = { kind: 'preset', presetId, locale: kept.draft.locale, name: kept.name, description: '', edited: kept.draft.edited };
        this.extras = opened.extras;
        return this.host.open(opened.state, 0);
      }
      // A saved "last book" from before `#project=` links: an id no sample has but a project has.
      const storage = await this.storage();
      if (storage && (await storage.loadProject(presetId).catch(() => null))) return this.openProject({ projectId: presetId });
      throw new Error(`No sample book has the id "${presetId}"; the samples are listed by listBooks().samples.`);
    }
    await this.leave();
    const read = await this.readPreset(entry, locale ?? null);
    const edition = read.book.locale ?? read.book.primaryLocale ?? FALLBACK_LOCALE;
    const draft = await this.withStorage((s) => s.loadDraft(presetId, edition), null);
    const warnings = [...read.warnings];
    const opened = draft
      ? storedToBookState(draft, { id: presetId, name: read.book.name, locale: edition }, warnings)
      : bundleToBookState(read.book, presetId, warnings);
    this.ref = { kind: 'preset', presetId, locale: edition, name: read.book.name, description: read.book.description ?? '', edited: draft?.edited ?? false };
    this.extras = opened.extras;
    const snapshot = await this.host.open(opened.state, 0);
    // What the bundle reader left out or repaired (a .woff face, a missing file…) is told, not dropped.
    if (warnings.length > 0) this.host.emit({ type: 'notice', level: 'info', text: `${read.book.name}: ${warnings.join('; ')}.`, code: 'preset-repaired' });
    return snapshot;
  }

  async openProject(request: unknown): Promise<BookSnapshot> {
    const { projectId } = OpenProjectSchema.parse(request);
    await this.leave();
    const storage = await this.requireStorage();
    const project = await storage.loadProject(projectId);
    if (!project) throw new Error(`No book has the id "${projectId}"; the books are listed by listBooks().projects.`);
    const warnings: string[] = [];
    const opened = storedToBookState(project, { id: project.id, name: project.name }, warnings);
    // An imported book opens paginated when its layouts.json still describes it (bundle-format §13).
    const starts = opened.extras.layouts !== null ? chapterStartsFrom(opened.extras.layouts, opened.state, await layoutStampsOf(opened.state)) : null;
    this.ref = { kind: 'project', projectId, name: project.name, description: project.description, createdAt: project.createdAt, origin: project.origin };
    this.extras = opened.extras;
    return this.host.open(opened.state, 0, starts ?? undefined);
  }

  /**
   * Crash recovery: the mirror the client kept (text and records at `revision`) over what storage
   * (or the sample) has. Pictures, fonts and the book's other files do not travel in snapshots;
   * they come back from storage. Edits newer than the last save come from the mirror and are
   * saved again. Without a source (no storage, a deleted project) the mirror alone is restored.
   */
  async restore(
    snapshot: { id: string; name: string; locale: string; revision: number; chapters: BookState['chapters']; config: Record<string, unknown>; resources: BookResource[]; kind?: BookKind | undefined },
  ): Promise<BookSnapshot> {
    this.autosave.cancel();
    this.ref = null;
    this.extras = emptyExtras();
    const ref: BookRef | null = snapshot.kind === 'project' ? { kind: 'project', projectId: snapshot.id } : snapshot.kind === 'preset' ? { kind: 'preset', presetId: snapshot.id, locale: snapshot.locale } : null;
    const source = (async () => {
      try {
        return await this.sourceOf(ref);
      } catch {
        return null; // the mirror alone still restores the text
      }
    })();
    const stateWith = (base: { state: BookState } | null): BookState => {
      const payloads = new Map((base?.state.resources ?? []).map((r) => [r.record.id, r.payload]));
      return {
        id: snapshot.id,
        name: snapshot.name,
        locale: snapshot.locale,
        chapters: snapshot.chapters,
        config: snapshot.config,
        resources: snapshot.resources.map((r) => ({ record: r.record, payload: r.payload ?? payloads.get(r.record.id) })),
        // Font files do not travel in snapshots either: the source's bytes, by file id.
        ...(base?.state.fontFiles ? { fontFiles: base.state.fontFiles } : {}),
        // Nor does the bundle's `start` (bundle-format §9): the source's.
        ...(base?.state.start ? { start: base.state.start } : {}),
      };
    };
    const adopt = (base: { state: BookState; extras: BookExtras; ref: OpenRef } | null, state: BookState): void => {
      if (!base) return;
      this.ref = base.ref;
      this.extras = base.extras;
      if (this.restoredDirty || !sameContent(base.state, state)) this.autosave.schedule();
    };
    this.restoredDirty = false;
    // Font files the host lacks come only from the source: then the book waits for it (text set in
    // a stand-in face would reflow). Otherwise the text opens at once (a restart must be quick: the
    // watchdog promises the book back within 5 s) and the source is read in the background;
    // pictures it brings are put back into the book with one more layout at the same revision.
    const needsFontFiles = Array.isArray(snapshot.config['customFonts']) && snapshot.config['customFonts'].length > 0;
    if (needsFontFiles) {
      const base = await source;
      const state = stateWith(base);
      adopt(base, state);
      return this.host.open(state, snapshot.revision);
    }
    const state = stateWith(null);
    const missingPictures = state.resources.some((r) => !r.payload && (r.record.kind === 'svg' || r.record.kind === 'bitmap'));
    const result = this.host.open(state, snapshot.revision);
    this.restoring = source.then((base) => {
      // Another book may have opened meanwhile: then this source is not the open book's.
      const current = this.host.current();
      if (current?.book.id !== snapshot.id || this.ref !== null) {
        this.restoring = null;
        return;
      }
      // Pictures, and the bundle's `start` (where the book begins: it moves every page's side and label).
      const withPictures = base && (missingPictures || base.state.start) ? stateWith(base) : null;
      // Only while nothing was edited since (an edit's state is the book now; its pictures come at the next open).
      if (withPictures && current.revision === snapshot.revision && (withPictures.start !== undefined || withPictures.resources.some((r, i) => r.payload && !state.resources[i]!.payload))) {
        adopt(base, withPictures);
        this.host.open(withPictures, snapshot.revision);
      } else {
        adopt(base, state);
      }
      this.restoring = null;
    });
    return result;
  }

  /** Saves pending changes now. Never rejects: a failure is reported as a notice and returned. */
  async flush(): Promise<{ saved: boolean; error?: string }> {
    try {
      if (this.restoring) await this.restoring;
      const pending = this.autosave.pending;
      await this.autosave.flush();
      return { saved: pending };
    } catch (error) {
      this.problem(error);
      return { saved: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  // ---- lists --------------------------------------------------------------------------------

  async listBooks(): Promise<BookList> {
    const index = await readPresetIndex(this.env.presets.readText);
    const storage = await this.storage();
    const projects: ProjectEntry[] = [];
    const samples: SampleEntry[] = [];
    const drafts = storage ? await storage.listDrafts().catch(() => []) : [];
    if (storage) {
      for (const p of await storage.listProjects().catch(() => [])) {
        projects.push({ ...p, cover: toCover(await storage.getProjectCover(p.id).catch(() => null)) });
      }
    }
    // The built-in first, the others in index order.
    const ordered = [...index.presets].sort((a, b) => Number(b.id === BUILT_IN_PRESET) - Number(a.id === BUILT_IN_PRESET));
    for (const entry of ordered) {
      const locales = entry.locales ?? (entry.locale ? [entry.locale] : []);
      const covers: Record<string, BookCover> = {};
      if (storage) {
        for (const locale of locales) {
          const cover = toCover(await storage.getPresetCover(entry.id, locale).catch(() => null));
          if (cover) covers[locale] = cover;
        }
      }
      samples.push({
        id: entry.id,
        name: entry.name,
        description: entry.description ?? null,
        locale: entry.locale ?? null,
        locales,
        openLocale: entry.openLocale ?? entry.locale ?? null,
        builtIn: entry.id === BUILT_IN_PRESET,
        edited: drafts.filter((d) => d.presetId === entry.id && d.edited).map((d) => d.locale),
        covers,
        thumbnail: presetThumbnailPath(entry),
      });
    }
    // Samples opened (and edited) earlier that this build no longer serves: greyed, content kept.
    const served = new Set(index.presets.map((p) => p.id));
    for (const presetId of [...new Set(drafts.map((d) => d.presetId))].filter((id) => !served.has(id)).sort()) {
      const locales = drafts.filter((d) => d.presetId === presetId).map((d) => d.locale).sort();
      const kept = await this.keptDraft(presetId, locales[0]);
      samples.push({
        id: presetId,
        name: kept?.name ?? presetId,
        description: null,
        locale: locales[0] ?? null,
        locales,
        openLocale: locales[0] ?? null,
        builtIn: false,
        edited: drafts.filter((d) => d.presetId === presetId && d.edited).map((d) => d.locale),
        covers: {},
        thumbnail: null,
        unavailable: true,
      });
    }
    const current = this.host.current();
    const open = this.ref && current
      ? { kind: this.ref.kind, id: this.ref.kind === 'preset' ? this.ref.presetId : this.ref.projectId, locale: current.book.locale }
      : null;
    return { storage: storage ? 'ok' : 'unavailable', projects, samples, open };
  }

  // ---- projects -----------------------------------------------------------------------------

  async newBook(request: unknown = {}): Promise<ProjectEntry> {
    const { name, locale, open } = NewBookSchema.parse(request ?? {});
    const storage = await this.requireStorage();
    const now = this.now();
    const title = name ?? 'Untitled book';
    const content: StoredBookContent = {
      locale: locale ?? this.env.uiLocale?.() ?? FALLBACK_LOCALE,
      config: {},
      configVersion: CONFIG_VERSION,
      chapters: [{ id: 'ch1', title: 'Chapter 1', text: '# Chapter 1\n\n' }],
      resources: [],
      fonts: [],
      view: null,
      start: null,
      extras: {},
    };
    const id = this.newId();
    await storage.saveProject({ ...content, id, name: title, description: '', createdAt: now, updatedAt: now, origin: null });
    this.host.emit({ type: 'libraryChanged' });
    if (open !== false) await this.openProject({ projectId: id });
    return this.projectEntry(storage, id);
  }

  async copyBook(request: unknown = {}): Promise<ProjectEntry> {
    const { source, name, open } = CopyBookSchema.parse(request ?? {});
    const storage = await this.requireStorage();
    const from = await this.contentOf(source);
    const now = this.now();
    const id = this.newId();
    // Make my own copy of a sample keeps its name; a copy of a project says so.
    const title = name ?? (from.ref.kind === 'preset' ? from.ref.name : `${from.ref.name} (copy)`);
    const origin = from.ref.kind === 'preset' ? `preset:${from.ref.presetId}:${from.ref.locale}` : `project:${from.ref.projectId}`;
    await storage.saveProject({ ...from.content, id, name: title, description: from.ref.description, createdAt: now, updatedAt: now, origin });
    // Copies adopt the source's cover.
    const cover = await this.coverOf(from.ref).catch(() => null);
    if (cover) await storage.setProjectCover(id, cover);
    this.host.emit({ type: 'libraryChanged' });
    if (open === true) await this.openProject({ projectId: id });
    return this.projectEntry(storage, id);
  }

  async renameProject(request: unknown): Promise<ProjectEntry> {
    const { projectId, name, description } = RenameProjectSchema.parse(request);
    const storage = await this.requireStorage();
    const isOpen = this.ref?.kind === 'project' && this.ref.projectId === projectId;
    // The open project's newest text goes to disk first, so the rename does not write older rows.
    if (isOpen) await this.autosave.flush();
    const project = await storage.loadProject(projectId);
    if (!project) throw new Error(`No book has the id "${projectId}"; the books are listed by listBooks().projects.`);
    const next = { ...project, name, description: description ?? project.description, updatedAt: this.now() };
    await storage.saveProject(next);
    if (isOpen && this.ref?.kind === 'project') this.ref = { ...this.ref, name: next.name, description: next.description };
    this.host.emit({ type: 'libraryChanged' });
    return this.projectEntry(storage, projectId);
  }

  async deleteProject(request: unknown): Promise<{ reopened: BookSnapshot | null }> {
    const { projectId } = ProjectRequestSchema.parse(request);
    const storage = await this.requireStorage();
    const isOpen = this.ref?.kind === 'project' && this.ref.projectId === projectId;
    if (isOpen) {
      // Its pending edits are not worth saving any more.
      this.autosave.cancel();
      this.ref = null;
    }
    await storage.deleteProject(projectId);
    void storage.collectGarbage().catch(() => undefined);
    this.host.emit({ type: 'libraryChanged' });
    // Deleting the open book falls back to the built-in sample (tools.md §7.3).
    return { reopened: isOpen ? await this.openPreset(BUILT_IN_PRESET) : null };
  }

  async restoreOriginal(request: unknown): Promise<{ reopened: BookSnapshot | null }> {
    const { presetId } = RestoreOriginalSchema.parse(request);
    const storage = await this.requireStorage();
    const open = this.ref?.kind === 'preset' && this.ref.presetId === presetId ? this.ref : null;
    if (open) {
      this.autosave.cancel();
      this.ref = null;
    }
    await storage.deleteDrafts(presetId);
    void storage.collectGarbage().catch(() => undefined);
    this.host.emit({ type: 'libraryChanged' });
    return { reopened: open ? await this.openPreset(presetId, open.locale) : null };
  }

  /** The configuration a sample edition's bundle carries (its drafts aside). */
  async originalDesign(request: unknown): Promise<{ config: Record<string, unknown> }> {
    const { presetId, locale } = OriginalDesignSchema.parse(request);
    const entry = await this.findPreset(presetId);
    if (!entry) throw new Error(`No sample book has the id "${presetId}"; the samples are listed by listBooks().samples.`);
    const read = await this.readPreset(entry, locale ?? null);
    return { config: { ...bundleToBookState(read.book, presetId, []).state.config } };
  }

  /** The chapters and resources a sample edition's bundle carries (its drafts aside): the Text panel's Reset. */
  async originalText(request: unknown): Promise<{ chapters: ChapterSnapshot[]; resources: { record: ResourceRecord; payload?: Uint8Array }[] }> {
    const { presetId, locale } = OriginalDesignSchema.parse(request);
    const entry = await this.findPreset(presetId);
    if (!entry) throw new Error(`No sample book has the id "${presetId}"; the samples are listed by listBooks().samples.`);
    const read = await this.readPreset(entry, locale ?? null);
    const { state } = bundleToBookState(read.book, presetId, []);
    return {
      chapters: state.chapters.map((c) => ({ id: c.id, title: c.title, text: c.text })),
      resources: state.resources.map((r) => ({ record: r.record, ...(r.payload ? { payload: r.payload } : {}) })),
    };
  }

  // ---- covers -------------------------------------------------------------------------------

  async setCover(request: unknown): Promise<void> {
    const { book, cover } = SetCoverSchema.parse(request);
    this.coverChoices++;
    const storage = await this.requireStorage();
    const stored = cover ? { bytes: cover.bytes, mime: cover.mime, auto: false } : null;
    if (book.kind === 'project') await storage.setProjectCover(book.projectId, stored);
    else await storage.setPresetCover(book.presetId, book.locale ?? (await this.defaultEdition(book.presetId)), stored);
    // A removed cover may be captured again on a later visit.
    if (!cover) this.coverTried.delete(this.coverKey(book.kind === 'project' ? { kind: 'project', projectId: book.projectId } : { kind: 'preset', presetId: book.presetId, locale: book.locale ?? '' }));
    this.host.emit({ type: 'libraryChanged' });
  }

  /** The open book's automatic cover, from its first page, when it has none. */
  async captureCover(): Promise<{ captured: boolean }> {
    const ref = this.ref;
    if (!ref) return { captured: false };
    const storage = await this.storage();
    if (!storage) return { captured: false };
    this.coverTried.add(this.coverKey(ref));
    const choices = this.coverChoices;
    if (await this.coverOf(ref).catch(() => null)) return { captured: false }; // never replaced
    const shot = await this.host.renderFirstPage(COVER_WIDTH).catch(() => null);
    // A cover chosen (or removed) while the page was painted wins: writing now would replace it.
    if (!shot || this.ref !== ref || this.coverChoices !== choices) return { captured: false };
    const cover: StoredCover = { bytes: shot.bytes, mime: shot.mime, auto: true };
    try {
      if (ref.kind === 'project') await storage.setProjectCover(ref.projectId, cover);
      else await storage.setPresetCover(ref.presetId, ref.locale, cover);
    } catch (error) {
      this.problem(error);
      return { captured: false };
    }
    this.host.emit({ type: 'libraryChanged' });
    return { captured: true };
  }

  // ---- .postext -----------------------------------------------------------------------------

  async exportBook(request: unknown = {}): Promise<{ bytes: Uint8Array; fileName: string; warnings: string[] }> {
    const { book } = ExportBookSchema.parse(request ?? {});
    const from = await this.contentOf(book);
    const cover = await this.coverOf(from.ref).catch(() => null);
    const slug = slugify(from.ref.name) || 'book';
    const bundle = storedContentToBundleBook(from.content, { id: slug, name: from.ref.name, description: from.ref.description, cover });
    // layouts.json describes exactly this book: the imported file while its stamps still hold (so an
    // export → import → export round trip gives it back byte for byte), else the open book's layout
    // of this very revision, else none (the reader paginates afresh).
    const stamps = await layoutStampsOf(from.state);
    let layouts: JsonValue | null = null;
    const kept = from.content.layouts ?? null;
    if (kept !== null && chapterStartsFrom(kept, from.state, stamps)) layouts = kept;
    const current = this.host.current();
    if (layouts === null && from.isOpen && current) {
      const pages = await this.host.pages();
      if (pages.revision === current.revision) layouts = layoutsJson(current.book, pages, stamps);
    }
    const result = await exportPostext(bundle, { date: new Date(this.now()), ...(layouts !== null ? { layouts } : {}) });
    return { bytes: result.bytes, fileName: `${slug}.postext`, warnings: result.warnings };
  }

  async inspectPostext(request: unknown): Promise<PostextInfoResult> {
    const { bytes } = InspectPostextSchema.parse(request);
    return inspectPostext(bytes);
  }

  async importPostext(request: unknown): Promise<{ project: ProjectEntry; warnings: string[] }> {
    const { bytes, locale, open, replaceProjectId } = ImportPostextSchema.parse(request);
    const storage = await this.requireStorage();
    const read = await importPostext(bytes, { requestedLocale: locale ?? null, uiLocale: this.env.uiLocale?.() ?? null });
    const content: StoredBookContent = { ...bundleBookToStoredContent(read.book), layouts: read.layouts };
    const now = this.now();
    // "Replace" (tools.md §7.18): the file's content goes into the existing project, which keeps its
    // id and creation date; anything else makes a new project.
    const replaced = replaceProjectId !== undefined ? await storage.loadProject(replaceProjectId) : null;
    if (replaceProjectId !== undefined && !replaced) throw new Error(`No book has the id "${replaceProjectId}" to replace; the books are listed by listBooks().projects.`);
    const id = replaced?.id ?? this.newId();
    const replacingOpen = replaced !== null && this.ref?.kind === 'project' && this.ref.projectId === id;
    if (replacingOpen) {
      // The open copy is being replaced: its pending edits must not be saved over the file's text.
      this.autosave.cancel();
      this.ref = null;
    }
    await storage.saveProject({ ...content, id, name: read.book.name, description: read.book.description ?? '', createdAt: replaced?.createdAt ?? now, updatedAt: now, origin: `postext:${read.book.id}` });
    const cover = bundleThumbnailToCover(read.book);
    if (cover || replaced) await storage.setProjectCover(id, cover);
    this.host.emit({ type: 'libraryChanged' });
    if (read.warnings.length > 0) this.host.emit({ type: 'notice', level: 'info', text: `${read.book.name}: ${read.warnings.join('; ')}.`, code: 'import-repaired' });
    // A replaced open book reopens with the file's text whatever `open` says: the old text is gone.
    if (open !== false || replacingOpen) await this.openProject({ projectId: id });
    return { project: await this.projectEntry(storage, id), warnings: read.warnings };
  }

  // ---- internals ----------------------------------------------------------------------------

  /** Font file ids of the last save, so a save that drops one collects the orphaned rows. */
  private savedFontKey: string | null = null;

  /** Writes the open book: a sample's draft for its language, or the project's rows. */
  private async save(): Promise<void> {
    const ref = this.ref;
    const current = this.host.current();
    if (!ref || !current) return;
    const storage = await this.storage();
    if (!storage) return; // told once when storage failed to open; the book stays in memory
    const content = bookStateToStored(current.book, this.extras);
    const now = this.now();
    if (ref.kind === 'preset') {
      await storage.saveDraft({ ...content, presetId: ref.presetId, locale: ref.locale, edited: true, updatedAt: now });
      if (!ref.edited) {
        ref.edited = true;
        this.host.emit({ type: 'libraryChanged' });
      }
    } else {
      await storage.saveProject({ ...content, id: ref.projectId, name: ref.name, description: ref.description, createdAt: ref.createdAt, updatedAt: now, origin: ref.origin });
      this.host.emit({ type: 'libraryChanged' });
    }
    // A font file no family uses any more goes from storage too (tools.md §7.7: orphans are collected).
    const fontKey = content.fonts.map((f) => f.id).sort().join('|');
    if (this.savedFontKey !== null && this.savedFontKey !== fontKey) void storage.collectGarbage().catch(() => undefined);
    this.savedFontKey = fontKey;
    if (this.lastProblem !== null && this.lastProblem !== 'unavailable') {
      this.lastProblem = null;
      this.host.emit({ type: 'notice', level: 'info', text: 'The book is saved again.', code: 'saved' });
    }
    this.host.emit({ type: 'saved', kind: ref.kind, id: ref.kind === 'preset' ? ref.presetId : ref.projectId, locale: current.book.locale, revision: current.revision });
  }

  /** The book being left is saved first; a failure is reported and the switch goes on. */
  private async leave(): Promise<void> {
    if (this.coverTimer !== null) clearTimeout(this.coverTimer);
    this.coverTimer = null;
    await this.flush();
    this.autosave.cancel();
    this.ref = null;
  }

  /** A storage failure as a notice (once per kind of failure until a save succeeds again). */
  private problem(error: unknown): void {
    const storageError = error instanceof StorageError ? error : null;
    const code = storageError?.code ?? 'failed';
    if (this.lastProblem === code) return;
    this.lastProblem = code;
    const text = storageError ? storageErrorNotice(storageError) : `The book could not be saved: ${error instanceof Error ? error.message : String(error)}. The last saved version is intact.`;
    this.host.emit({ type: 'notice', level: 'warning', text, code });
  }

  /** The database, opened once; null (and the user told) where there is none. */
  private storage(): Promise<BookStorage | null> {
    this.storagePromise ??= (async () => {
      if (!this.env.openStorage) return null;
      try {
        return await this.env.openStorage();
      } catch (error) {
        this.problem(error instanceof StorageError ? error : new StorageError('unavailable', String(error), error));
        return null;
      }
    })();
    return this.storagePromise;
  }

  private async requireStorage(): Promise<BookStorage> {
    const storage = await this.storage();
    if (!storage) throw new Error('Books cannot be stored in this browser (IndexedDB is unavailable); only the samples can be opened.');
    return storage;
  }

  /** Runs a storage read; a failure is reported and yields `fallback` (the book still opens). */
  private async withStorage<T>(read: (storage: BookStorage) => Promise<T>, fallback: T): Promise<T> {
    const storage = await this.storage();
    if (!storage) return fallback;
    try {
      return await read(storage);
    } catch (error) {
      this.problem(error);
      return fallback;
    }
  }

  private async findPreset(presetId: string): Promise<PresetIndexEntry | undefined> {
    return (await readPresetIndex(this.env.presets.readText)).presets.find((p) => p.id === presetId);
  }

  private readPreset(entry: PresetIndexEntry, locale: string | null): Promise<BundleReadResult> {
    const readBytes = this.env.presets.readBytes ?? (async () => null);
    return loadPresetBook({
      dir: entry.dir,
      expectedId: entry.id,
      requestedLocale: locale,
      uiLocale: this.env.uiLocale?.() ?? null,
      readText: this.env.presets.readText,
      readBytes,
    });
  }

  /**
   * The draft of a sample the presets index no longer lists (one language: the asked one, else
   * the first), with a name from its first chapter (drafts do not store the sample's name).
   */
  private async keptDraft(presetId: string, locale?: string): Promise<{ draft: StoredDraft; name: string } | null> {
    const storage = await this.storage();
    if (!storage) return null;
    const drafts = (await storage.listDrafts(presetId).catch(() => [])).map((d) => d.locale).sort();
    const wanted = locale !== undefined ? drafts.find((l) => l.toLowerCase() === locale.toLowerCase()) : drafts[0];
    if (wanted === undefined) return null;
    const draft = await storage.loadDraft(presetId, wanted).catch(() => null);
    if (!draft) return null;
    const first = draft.chapters[0];
    return { draft, name: (first && (firstHeadingTitle(first.text) ?? first.title)) || presetId };
  }

  private async defaultEdition(presetId: string): Promise<string> {
    const entry = await this.findPreset(presetId);
    return entry?.openLocale ?? entry?.locale ?? FALLBACK_LOCALE;
  }

  /** A book's state, extras and identity, from storage or the bundle (not the open copy). */
  private async sourceOf(ref: BookRef | null): Promise<{ state: BookState; extras: BookExtras; ref: OpenRef } | null> {
    if (ref === null) return null;
    const warnings: string[] = [];
    if (ref.kind === 'project') {
      const storage = await this.storage();
      const project = storage ? await storage.loadProject(ref.projectId) : null;
      if (!project) return null;
      const opened = storedToBookState(project, { id: project.id, name: project.name }, warnings);
      return { ...opened, ref: { kind: 'project', projectId: project.id, name: project.name, description: project.description, createdAt: project.createdAt, origin: project.origin } };
    }
    const entry = await this.findPreset(ref.presetId);
    if (!entry) {
      const kept = await this.keptDraft(ref.presetId, ref.locale);
      if (!kept) return null;
      const opened = storedToBookState(kept.draft, { id: ref.presetId, name: kept.name, locale: kept.draft.locale }, warnings);
      return { ...opened, ref: { kind: 'preset', presetId: ref.presetId, locale: kept.draft.locale, name: kept.name, description: '', edited: kept.draft.edited } };
    }
    const read = await this.readPreset(entry, ref.locale ?? null);
    const edition = read.book.locale ?? read.book.primaryLocale ?? FALLBACK_LOCALE;
    const storage = await this.storage();
    const draft = storage ? await storage.loadDraft(ref.presetId, edition) : null;
    const opened = draft ? storedToBookState(draft, { id: ref.presetId, name: read.book.name, locale: edition }, warnings) : bundleToBookState(read.book, ref.presetId, warnings);
    return { ...opened, ref: { kind: 'preset', presetId: ref.presetId, locale: edition, name: read.book.name, description: read.book.description ?? '', edited: draft?.edited ?? false } };
  }

  /** The content of a book to copy or export: the open one from memory (newest), others from their source. */
  private async contentOf(source: BookRef | undefined): Promise<{ content: StoredBookContent; state: BookState; ref: OpenRef; isOpen: boolean }> {
    const current = this.host.current();
    if (this.ref && current && (source === undefined || this.refersToOpen(source))) {
      return { content: bookStateToStored(current.book, this.extras), state: current.book, ref: this.ref, isOpen: true };
    }
    if (source === undefined) throw new Error('No book is open; name the book to copy or export ({ kind: "preset", presetId } or { kind: "project", projectId }).');
    const found = await this.sourceOf(source);
    if (!found) {
      throw new Error(source.kind === 'project' ? `No book has the id "${source.projectId}"; see listBooks().projects.` : `No sample book has the id "${source.presetId}"; see listBooks().samples.`);
    }
    return { content: bookStateToStored(found.state, found.extras), state: found.state, ref: found.ref, isOpen: false };
  }

  private refersToOpen(source: BookRef): boolean {
    const ref = this.ref;
    if (!ref) return false;
    if (source.kind === 'project') return ref.kind === 'project' && ref.projectId === source.projectId;
    return ref.kind === 'preset' && ref.presetId === source.presetId && (source.locale === undefined || source.locale.toLowerCase() === ref.locale.toLowerCase());
  }

  private async coverOf(ref: OpenRef): Promise<StoredCover | null> {
    const storage = await this.storage();
    if (!storage) return null;
    return ref.kind === 'project' ? storage.getProjectCover(ref.projectId) : storage.getPresetCover(ref.presetId, ref.locale);
  }

  private coverKey(ref: { kind: 'project'; projectId: string } | { kind: 'preset'; presetId: string; locale: string }): string {
    return ref.kind === 'project' ? `project:${ref.projectId}` : `preset:${ref.presetId}:${ref.locale}`;
  }

  private async projectEntry(storage: BookStorage, id: string): Promise<ProjectEntry> {
    const summary = (await storage.listProjects()).find((p) => p.id === id);
    if (!summary) throw new Error(`The book "${id}" was not found after saving it.`);
    return { ...summary, cover: toCover(await storage.getProjectCover(id).catch(() => null)) };
  }

  private now(): number {
    return (this.env.clock ?? Date.now)();
  }

  private newId(): string {
    return this.env.newId?.() ?? `p-${crypto.randomUUID()}`;
  }
}

function toCover(cover: StoredCover | null): BookCover | null {
  return cover ? { bytes: cover.bytes, mime: cover.mime, auto: cover.auto } : null;
}

/** Whether two states have the same text, chapter list, config and resource records. */
function sameContent(a: BookState, b: BookState): boolean {
  const key = (s: BookState): string => JSON.stringify([s.chapters.map((c) => [c.id, c.title, c.text]), s.config, s.resources.map((r) => r.record)]);
  return key(a) === key(b);
}
