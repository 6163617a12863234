/**
 * The one protocol between the main thread (UI, tools) and the book worker. Every command,
 * query and event is declared here; the transport is Comlink (worker side `expose`, main side
 * `wrap`), and everything that crosses is validated with the zod schemas below.
 * Bump PROTOCOL_VERSION on any incompatible change.
 */
import { z } from 'zod';
import type { PageDisplayList } from './displaylist';
import { WARNING_CATEGORIES, type Warning, type WarningCategory } from '../engine/checks/model';

export const PROTOCOL_VERSION = 1;

/** Who made a change: the user in the UI, an agent through the tools, or storage/loading. */
export const OriginSchema = z.enum(['ui', 'agent', 'storage']);
export type Origin = z.infer<typeof OriginSchema>;

const chapterId = z.string().min(1, 'chapterId must name a chapter (see getBook().chapters[].id)');
const offset = z.number().int('offsets are whole UTF-16 positions').nonnegative('offsets start at 0');

/** A text change in one chapter, CodeMirror change-set style: replace [from, to) with `insert`. */
export const TextOpSchema = z
  .object({ type: z.literal('text'), chapterId, from: offset, to: offset, insert: z.string() })
  .strict()
  .refine((op) => op.to >= op.from, { message: 'a text change needs to ≥ from' });
export type TextOp = z.infer<typeof TextOpSchema>;

export const ConfigOpSchema = z.union([
  z.object({ type: z.literal('config.set'), path: z.string().min(1), value: z.unknown() }).strict(),
  z.object({ type: z.literal('config.patch'), patch: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ type: z.literal('config.replace'), config: z.record(z.string(), z.unknown()) }).strict(),
]);
export type ConfigOp = z.infer<typeof ConfigOpSchema>;

export const ChapterOpSchema = z.union([
  z
    .object({
      type: z.literal('chapter.add'),
      id: z.string().regex(/^[A-Za-z0-9_-]+$/, 'chapter ids use letters, digits, - and _').optional(),
      title: z.string(),
      text: z.string(),
      /** Position in book order; appended when absent. */
      index: z.number().int().nonnegative().optional(),
    })
    .strict(),
  z.object({ type: z.literal('chapter.remove'), chapterId }).strict(),
  z.object({ type: z.literal('chapter.rename'), chapterId, title: z.string() }).strict(),
  z.object({ type: z.literal('chapter.move'), chapterId, index: z.number().int().nonnegative() }).strict(),
]);
export type ChapterOp = z.infer<typeof ChapterOpSchema>;

/** A resource record as the bundle format defines it (bundle-format.md §5); unknown fields kept. */
export const ResourceRecordSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'resource ids use letters, digits, ., _, : and -, starting with a letter or digit'),
    typeId: z.string().min(1, 'typeId names a resource type such as "figure" or "table"'),
    kind: z.enum(['svg', 'bitmap', 'table']),
    file: z.string().optional(),
    width: z.number().positive().optional(),
    height: z.number().positive().optional(),
    resolution: z.number().positive().optional(),
    caption: z.string().optional(),
    altText: z.string().optional(),
    note: z.string().optional(),
    safeArea: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), width: z.number().min(0).max(1), height: z.number().min(0).max(1) }).optional(),
    placement: z.record(z.string(), z.unknown()).optional(),
    table: z.object({ model: z.record(z.string(), z.unknown()) }).passthrough().optional(),
  })
  .passthrough();
export type ResourceRecord = z.infer<typeof ResourceRecordSchema>;

export const ResourceOpSchema = z.union([
  z
    .object({
      type: z.literal('resource.put'),
      resource: ResourceRecordSchema,
      /** The picture's bytes (svg and bitmap kinds); kept when absent and the id exists. */
      payload: z.instanceof(Uint8Array).optional(),
    })
    .strict(),
  z.object({ type: z.literal('resource.delete'), id: z.string().min(1) }).strict(),
]);
export type ResourceOp = z.infer<typeof ResourceOpSchema>;

/**
 * The book's own font families (configuration.md §15.2 `customFonts`; tools.md sandbox_save_font):
 * add or replace one face (its bytes travel with the op and are stored by a content id), delete a
 * face or a whole family, rename a family (by default the typeface settings naming it follow).
 */
const fontFamilyName = z.string().trim().min(1, 'family names the font family, e.g. "My Serif"').max(100, 'a family name has at most 100 characters');
const fontWeight = z.number().int('weight is a whole number').min(100, 'weight is 100–900').max(900, 'weight is 100–900');
const fontStyle = z.enum(['normal', 'italic']);
export const FontOpSchema = z.union([
  z
    .object({
      type: z.literal('font.put'),
      family: fontFamilyName,
      weight: fontWeight,
      style: fontStyle,
      fileName: z.string().min(1, 'fileName is the uploaded file’s name, e.g. "MySerif-Bold.woff2"'),
      /** The file as uploaded (WOFF2, WOFF, TTF or OTF). */
      bytes: z.instanceof(Uint8Array),
    })
    .strict(),
  z.object({ type: z.literal('font.delete'), family: fontFamilyName, weight: fontWeight.optional(), style: fontStyle.optional() }).strict(),
  z.object({ type: z.literal('font.rename'), family: fontFamilyName, newFamily: fontFamilyName, updateSettings: z.boolean().default(true) }).strict(),
]);
export type FontOp = z.infer<typeof FontOpSchema>;

/** What a font file says about itself (`inspectFont`), or why it is refused. */
export type FontFileInfo =
  | { ok: true; format: 'ttf' | 'otf' | 'woff' | 'woff2'; family: string; weight: number; style: 'normal' | 'italic'; guessedFrom: 'file' | 'fileName' | 'default'; glyphs: number; characters: number }
  | { ok: false; error: string };

export const OpSchema = z.union([TextOpSchema, ConfigOpSchema, ChapterOpSchema, ResourceOpSchema, FontOpSchema]);
export type BookOp = z.infer<typeof OpSchema>;

export const TransactionSchema = z
  .object({
    origin: OriginSchema,
    /** The revision the ops were written against; text positions are mapped from it to now. */
    baseRevision: z.number().int().nonnegative(),
    ops: z.array(OpSchema).min(1, 'a transaction needs at least one op'),
    /**
     * An agent's text edit that `undoText` may undo (tools.md §2.12), with a summary for the answer.
     * Typing in the editor is never recorded here: the editor has its own undo.
     */
    undoable: z.object({ tool: z.string(), summary: z.string() }).strict().optional(),
  })
  .strict();
export type Transaction = z.infer<typeof TransactionSchema>;

/** What a config op changed (configuration.md §0.5; tools.md sandbox_set_config). */
export interface ConfigReport {
  changed: { path: string; from: unknown; to: unknown }[];
  followed: { path: string; from: unknown; to: unknown }[];
  warnings: { kind: string; path?: string; message?: string }[];
  note?: string;
}

export type TransactionResult =
  | { ok: true; revision: number; textChanges: TextOp[]; config: ConfigReport[] }
  | { ok: false; error: string; revision: number };

export interface ChapterSnapshot {
  id: string;
  title: string;
  text: string;
}

export interface BookSnapshot {
  /** Book id (a preset id or a project id). */
  id: string;
  name: string;
  locale: string;
  revision: number;
  chapters: ChapterSnapshot[];
  /** The stored (set) configuration. */
  config: Record<string, unknown>;
  /** Resource records (payload bytes stay in the worker; see `payloadBytes`). */
  resources: (ResourceRecord & { payloadBytes?: number })[];
  /** A sample (`id` is the preset id) or one of the user's projects; absent for a bare restore. */
  kind?: BookKind;
  /** A sample that has a saved draft in this language (the *Edited* tag). */
  edited?: boolean;
  /** The bundle's `view.canvasScope` for this edition (bundle-format §8), when it says one. */
  canvasScope?: 'book' | 'chapter';
}

export interface PageSummary {
  index: number;
  label: string;
  chapter: string;
  /** Trim size, pt. */
  width: number;
  height: number;
  role: 'opener' | 'body' | 'blank' | 'part';
  /**
   * The page's side when the book begins part-way through a longer one (bundle-format §9 `start`:
   * an odd `pageIndexOffset` opens it on a verso). Absent: an even index is a recto.
   */
  recto?: boolean;
  /**
   * What the page's picture depends on: its display list (the very object the worker holds) and
   * the configuration its geometry comes from. Equal in two answers means the page is unchanged,
   * so a viewer keeps its painted canvas (an edit repaints only the pages it changed).
   */
  version: string;
}

export interface ChapterPages {
  id: string;
  /** Number of pages of the chapter. */
  pages: number;
  /** 0-based index of its first page. */
  firstPage: number;
}

/** Where things sit on one page, pt from the trim box's top-left, for the Sandbox's guides (tools.md §7.11–7.12). */
export interface PageGeometry {
  pageIndex: number;
  /** Trim size, pt. */
  width: number;
  height: number;
  /** Margins as they fall on this page (mirrored margins already swapped on even pages), pt. */
  margins: { top: number; bottom: number; left: number; right: number };
  /** `layout.writingMode: 'vertical-rl'` (engine/page/vertical.ts): the columns are tiers down the page, the grid's lines run down it. */
  vertical?: boolean;
  columns: number;
  /** Space between columns, pt. */
  gutter: number;
  /** Bleed beyond the trim on every side (`page.cutLines.bleed`), pt. */
  bleed: number;
  /** Whether the book prints crop marks (`page.cutLines.enabled`). */
  cropMarks: boolean;
  /** Text closer than this to the trim is flagged (`print.preflight.safeZone`), pt. */
  safeZone: number;
  /** The baseline grid: pitch (the body leading), pt, and `page.baselineGrid` drawing settings. */
  baseline: { pitch: number; enabled: boolean; color: string; lineWidth: number };
  /**
   * The CJK character grid the type area is sized by (`cjk.grid`, configuration.md §14.1): cell
   * width and line pitch, pt; characters per column line, lines per page; `show`: drawn as a guide.
   */
  cjkGrid?: { cell: number; pitch: number; chars: number; lines: number; show: boolean };
  /**
   * `debug.looseLineHighlight`, with the body's `maxWordSpacing`: a line's spaces are
   * 1 + ratio × (maxWordSpacing − 1) times the normal space.
   */
  looseLines: { enabled: boolean; color: string; threshold: number; maxWordSpacing: number };
}

/**
 * Where the worker sends its events: a function (in-process hosts, tests), called with each, or a
 * message port (the app), posted the events of one task together as an array, in order, one way:
 * no reply (through a Comlink proxy each event was a call answered by the main thread).
 */
export type EventSink = ((event: WorkerEvent) => void) | { postMessage(events: WorkerEvent[]): void };

/** Events the worker announces to every subscriber. */
export type WorkerEvent =
  | { type: 'opened'; revision: number; book: BookSnapshot }
  | { type: 'revision'; revision: number; origin: Origin }
  /** Text the worker changed (agent edits, loads): the editor applies them as remote changes. */
  | { type: 'textChanged'; revision: number; origin: Origin; changes: TextOp[] }
  | { type: 'chaptersChanged'; revision: number; chapters: { id: string; title: string }[] }
  /**
   * A transaction changed the design, the resources or the fonts: the stored configuration and the
   * resource records after it (payloads stay in the worker). The client's crash-recovery mirror
   * follows them, so a restarted worker gets the book back as it was, not as it was opened.
   */
  | { type: 'designChanged'; revision: number; config: Record<string, unknown>; resources: BookSnapshot['resources'] }
  /**
   * Pages of one chapter are ready for `revision` (possibly before the whole book converges): every
   * chapter of a book just opened; afterwards only chapters the build changed (or moved).
   */
  | { type: 'pagesReady'; revision: number; chapterId: string; firstPage: number; pages: number; speculative: boolean }
  /** Layout has caught up with `revision` for the whole book. */
  | { type: 'converged'; revision: number; pages: number; chapters: ChapterPages[] }
  /** Chapters laid out so far by a build, reported where it gives the thread up (at most once a ~6 ms slice; none for a build within one slice). */
  | { type: 'progress'; revision: number; done: number; total: number }
  /** Something the user should read (storage unavailable or full, an import's repairs…). */
  | { type: 'notice'; level: 'info' | 'warning'; text: string; code?: string }
  /** The open book's changes up to `revision` are in storage. */
  | { type: 'saved'; kind: BookKind; id: string; locale: string; revision: number }
  /** Book lists changed (a project created, renamed, deleted; a draft or cover saved): list again. */
  | { type: 'libraryChanged' }
  /** A PDF export's progress (`exportPdf`): pictures, pages, fonts, then saving. */
  | { type: 'exportProgress'; exportId: string; format: 'pdf'; phase: 'pictures' | 'pages' | 'fonts' | 'saving'; done: number; total: number }
  /** An EPUB export's progress (`exportDocument` with an `exportId`): chapters, then the zip in percent. */
  | { type: 'exportProgress'; exportId: string; format: 'epub'; phase: 'chapters' | 'saving'; done: number; total: number };

export const RasterRequestSchema = z
  .object({
    /** Output width, px. */
    width: z.number().int().min(16).max(8000),
    format: z.enum(['png', 'jpeg', 'webp']).default('png'),
    /** 0–1, for jpeg and webp. */
    quality: z.number().min(0).max(1).optional(),
    /** Part of the page in fractions from the top-left (tools.md §2.7); `width` then applies to it. */
    crop: z
      .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), width: z.number().gt(0).max(1), height: z.number().gt(0).max(1) })
      .strict()
      .refine((c) => c.x + c.width <= 1.000001 && c.y + c.height <= 1.000001, { message: 'the crop must lie inside the page (x + width ≤ 1, y + height ≤ 1)' })
      .optional(),
    /** Print preview (tools.md §7.11): the sheet with trim, bleed and safe-zone guides, and crop marks when cut lines are on. */
    printPreview: z.boolean().optional(),
    /** With print preview: leave out the crop-mark margin (the picture stops at the bleed). */
    trimmed: z.boolean().optional(),
  })
  .strict();
export type RasterRequest = z.input<typeof RasterRequestSchema>;

export const OpenPresetSchema = z
  .object({
    presetId: z.string().regex(/^[a-z0-9-]+$/, 'preset ids use a-z, 0-9 and -'),
    locale: z.string().optional(),
  })
  .strict();

export const RestoreSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    locale: z.string(),
    revision: z.number().int().nonnegative(),
    chapters: z.array(z.object({ id: z.string(), title: z.string(), text: z.string() }).strict()),
    config: z.record(z.string(), z.unknown()),
    resources: z.array(ResourceRecordSchema.extend({ payloadBytes: z.number().optional() })).default([]),
    kind: z.enum(['preset', 'project']).optional(),
    edited: z.boolean().optional(),
    canvasScope: z.enum(['book', 'chapter']).optional(),
  })
  .strict();

/** One markup diagnostic with where it is: chapter, 1-based line and column, source offsets. */
export interface BookDiagnostic {
  kind: string;
  severity: string;
  message: string;
  chapterId: string;
  line: number;
  column: number;
  from: number;
  to: number;
}

/** What `getWarnings` asks for: one chapter (by id) or the whole book, optionally one category. */
export const WarningsRequestSchema = z
  .object({
    chapterId: z.string().min(1, 'chapterId names a chapter by its id').optional(),
    category: z.enum(WARNING_CATEGORIES, { message: `category is one of ${WARNING_CATEGORIES.join(', ')}` }).optional(),
  })
  .strict();

/** The checks' answer (tools.md sandbox_get_warnings): the warnings of the converged layout. */
export interface WarningsResult {
  /** The revision the warnings describe (the layout's). */
  revision: number;
  total: number;
  byCategory: Partial<Record<WarningCategory, number>>;
  warnings: Warning[];
}
export type { Warning, WarningCategory };

export type UndoTextResult =
  | { ok: true; revision: number; done: { tool: string; summary: string; chapters: string[] }[]; remaining: number }
  | { ok: false; error: string; revision: number };

/** What the worker exposes. Every method validates its arguments; none trusts the caller. */
export interface BookWorkerApi extends BookLibraryApi, BookResourcesApi {
  hello(): Promise<{ protocolVersion: number }>;
  /** Liveness probe for the UI's watchdog. */
  ping(): Promise<number>;
  subscribe(sink: EventSink): Promise<void>;
  openPreset(request: z.input<typeof OpenPresetSchema>): Promise<BookSnapshot>;
  /** Reopens a book from a snapshot at its revision (crash recovery). */
  restore(snapshot: BookSnapshot): Promise<BookSnapshot>;
  getBook(): Promise<BookSnapshot>;
  /** A section or value of the configuration: set and effective (tools.md sandbox_get_config). */
  getConfig(path?: string): Promise<unknown>;
  /** Settings matching words, with effective values and Design-panel sections (sandbox_find_setting). */
  findSetting(query: string, limit?: number): Promise<unknown>;
  apply(transaction: Transaction): Promise<TransactionResult>;
  /** Resolves on the first convergence of a revision ≥ `revision` (superseded ones never hang). */
  awaitConvergence(revision: number): Promise<{ revision: number; pages: number; chapters: ChapterPages[] }>;
  /** The chapter on screen is laid out and sent first. */
  setVisibleChapter(chapterId: string | null): Promise<void>;
  getPages(): Promise<{ revision: number; pages: PageSummary[]; chapters: ChapterPages[] }>;
  /**
   * A page's display list: the newest the worker has (the chapter on screen may be ahead of the
   * converged book). With `version` (PageSummary.version), that version of the page or null when
   * the worker no longer serves it (a newer page list is on its way).
   */
  getDisplayList(pageIndex: number, version?: string): Promise<PageDisplayList | null>;
  /** The source character at a point of a page (pt from the trim box's top-left), or null. */
  hitTest(pageIndex: number, x: number, y: number): Promise<{ chapterId: string; offset: number; pageIndex: number } | null>;
  /** The page's own geometry (trim, margins, columns, bleed, safe zone, grid) for guides; null past the last page. */
  getPageGeometry(pageIndex: number): Promise<PageGeometry | null>;
  /** Where a chapter's source range [from, to) landed: rectangles in pt per page. */
  sourceRects(chapterId: string, from: number, to: number): Promise<{ pageIndex: number; x: number; y: number; width: number; height: number }[]>;
  /** Glyph outlines as SVG path data in font units (y up), for the painter's Path2D cache. */
  getGlyphOutlines(fontId: string, glyphs: number[]): Promise<{ fontId: string; upem: number; paths: string[] }>;
  /** Rasterises a page in the worker (OffscreenCanvas) from the same display list. */
  renderPage(pageIndex: number, request: RasterRequest): Promise<{ bytes: ArrayBuffer; mimeType: string; width: number; height: number }>;
  /** The parser's diagnostics for every chapter (kinds as document-format.md names them). */
  getDiagnostics(): Promise<{ revision: number; diagnostics: BookDiagnostic[] }>;
  /** Every warning of the checks (engine/checks) for the book or one chapter, after convergence. */
  getWarnings(request?: z.input<typeof WarningsRequestSchema>): Promise<WarningsResult>;
  /** Undoes (or redoes) the last agent text edits (tools.md sandbox_undo_text). */
  undoText(request: { redo?: boolean; steps?: number }): Promise<UndoTextResult>;
  /** The open book (or one chapter) as a reflowable EPUB 3 or a Word document (tools.md sandbox_export). */
  exportDocument(request: z.input<typeof ExportDocumentSchema>): Promise<ExportedFile>;
  /** A Word manuscript converted to chapters of Markdown and resources, with its quality report (tools.md sandbox_import_word); changes nothing. */
  convertWord(request: z.input<typeof ConvertWordSchema>): Promise<WordConversion>;
  /** A print-ready PDF of the book or one chapter (tools.md sandbox_export, §7.10 PDF tab); cancellable. */
  exportPdf(request: z.input<typeof ExportPdfSchema>): Promise<PdfExport>;
  /** Stops a running `exportPdf` or EPUB `exportDocument` with that `exportId` (its promise rejects with a "cancelled" error); false when none runs under that id. */
  cancelExport(exportId: string): Promise<boolean>;
  /** Test hook: stop answering (simulates a hung worker). */
  debugHang(): Promise<void>;
}

/**
 * What `exportPdf` writes: the whole book, or one chapter's pages with their book folios
 * ("continued after the previous ones", tools.md §7.10). `exportId` names the run for progress
 * events and `cancelExport`.
 */
export const ExportPdfSchema = z
  .object({
    scope: z.enum(['book', 'chapter'], { message: 'scope is "book" or "chapter"' }).default('book'),
    chapterId: z.string().min(1, 'chapterId names a chapter by its id (see getBook().chapters[].id)').optional(),
    exportId: z.string().min(1).max(100).optional(),
  })
  .strict()
  .refine((r) => r.scope === 'book' || r.chapterId !== undefined, { message: 'scope "chapter" needs chapterId (see getBook().chapters[].id)' });

export interface PdfExport {
  bytes: Uint8Array;
  /** From the first H1 of the exported pages, else `document.pdf` (tools.md §7.10). */
  fileName: string;
  mimeType: 'application/pdf';
  pages: number;
  /** The layout revision the PDF shows (the PDF tab marks it stale when the book moves on). */
  revision: number;
  scope: 'book' | 'chapter';
  chapterId?: string;
  /** Time spent writing, ms. */
  ms: number;
  warnings: string[];
}

/** What `exportDocument` writes: a format, and one chapter (by id) or the whole book. */
export const ExportDocumentSchema = z
  .object({
    format: z.enum(['epub', 'docx'], { message: 'format is "epub" or "docx"' }),
    chapterId: z.string().min(1, 'chapterId names a chapter by its id').optional(),
    /** EPUB only: names the run for `exportProgress` events and `cancelExport`. */
    exportId: z.string().min(1).max(100, 'exportId is at most 100 characters').optional(),
  })
  .strict();

/** What `convertWord` reads: the .docx bytes and how to map it (targets as tools.md §3.7 spells them). */
export const ConvertWordSchema = z
  .object({
    bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'send the .docx as a Uint8Array' }),
    /** Start a chapter at each level-1 heading and Postext Chapter paragraph. */
    splitChapters: z.boolean(),
    mapping: z.object({ paragraphs: z.record(z.string(), z.unknown()).optional(), characters: z.record(z.string(), z.unknown()).optional() }).strict().optional(),
    lineBreaks: z.enum(['keep', 'space', 'paragraph']).optional(),
    pageBreaks: z.enum(['keep', 'drop']).optional(),
    images: z.boolean().optional(),
    tables: z.boolean().optional(),
    /** Resource ids the book already uses. */
    takenIds: z.array(z.string()).optional(),
  })
  .strict();

export interface WordConversion {
  report: Record<string, unknown>;
  chapters: { title: string; markdown: string }[];
  resources: { record: ResourceRecord; payload?: Uint8Array }[];
  warnings: string[];
}

export interface ExportedFile {
  bytes: Uint8Array;
  fileName: string;
  mimeType: string;
  /** What the file could not carry (pictures of other types, notes without text…). */
  warnings: string[];
}

// =============================================================================================
// Books: samples, drafts, projects, covers, .postext (tools.md §7.3, §7.13–§7.15)

export type BookKind = 'preset' | 'project';

const presetId = z.string().regex(/^[a-z0-9-]+$/, 'preset ids use a-z, 0-9 and - (see listBooks().samples[].id)');
const projectId = z.string().min(1, 'projectId names a project (see listBooks().projects[].id)');
const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'send the file as a Uint8Array' });

/** Names a book that need not be open. */
export const BookRefSchema = z.union([
  z.object({ kind: z.literal('preset'), presetId, locale: z.string().optional() }).strict(),
  z.object({ kind: z.literal('project'), projectId }).strict(),
]);
export type BookRef = z.infer<typeof BookRefSchema>;

export const COVER_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'] as const;
export const CoverSchema = z
  .object({ bytes, mime: z.enum(COVER_MIME_TYPES, { message: `a cover is one of ${COVER_MIME_TYPES.join(', ')}` }) })
  .strict();

export const OpenProjectSchema = z.object({ projectId }).strict();
export const NewBookSchema = z
  .object({ name: z.string().trim().min(1, 'a book name needs at least one character').optional(), locale: z.string().optional(), open: z.boolean().optional() })
  .strict();
export const CopyBookSchema = z
  .object({
    /** The book to copy; the open one when absent ("Copy of the open book", "Make my own copy"). */
    source: BookRefSchema.optional(),
    name: z.string().trim().min(1, 'a book name needs at least one character').optional(),
    /** Open the copy (default false: row menus never change the open book). */
    open: z.boolean().optional(),
  })
  .strict();
export const RenameProjectSchema = z
  .object({ projectId, name: z.string().trim().min(1, 'a book name needs at least one character'), description: z.string().optional() })
  .strict();
export const ProjectRequestSchema = z.object({ projectId }).strict();
export const RestoreOriginalSchema = z.object({ presetId }).strict();
export const OriginalDesignSchema = z.object({ presetId, locale: z.string().optional() }).strict();
export const SetCoverSchema = z.object({ book: BookRefSchema, cover: CoverSchema.nullable() }).strict();
export const ExportBookSchema = z.object({ book: BookRefSchema.optional() }).strict();
export const InspectPostextSchema = z.object({ bytes }).strict();
export const ImportPostextSchema = z
  .object({
    bytes,
    locale: z.string().optional(),
    open: z.boolean().optional(),
    fileName: z.string().optional(),
    /** Put the file's content into this existing project ("Replace", tools.md §7.18) instead of a new one. */
    replaceProjectId: projectId.optional(),
  })
  .strict();

export interface BookCover {
  bytes: Uint8Array;
  mime: string;
  /** Captured from the first page (may be captured again once removed), not chosen. */
  auto: boolean;
}

/** One of the user's projects as storage lists it (the one shape storage, the library and the UI share). */
export interface ProjectSummary {
  id: string;
  name: string;
  description: string;
  locale: string | null;
  createdAt: number;
  updatedAt: number;
  /** Where the project came from: `postext:<manifest id>`, `preset:<id>`, `recipe:<slug>:<lang>` (tools.md §7.14), or null. */
  origin: string | null;
  chapterCount: number;
}

export interface ProjectEntry extends ProjectSummary {
  cover: BookCover | null;
}

/** What a bundle says about itself: a sample in the presets index, or a `.postext` file. */
export interface BundleSummary {
  id: string;
  name: string;
  description: string | null;
  /** The primary language: the import dialog starts from it (bundle-format §13). */
  locale: string | null;
  /** Every language the bundle carries; more than one → ask which to import. */
  locales: string[];
  openLocale: string | null;
}

export interface SampleEntry extends BundleSummary {
  /** The built-in sample: never hidden, the fallback when the open book is deleted. */
  builtIn: boolean;
  /** Languages with an edited draft (the *Edited* tag). */
  edited: string[];
  /** The cover of each language that has one (stored: captured or set). */
  covers: Record<string, BookCover>;
  /** The index's preview picture, relative to the presets root, or null. */
  thumbnail: string | null;
  /**
   * A sample opened (and edited) earlier that this build no longer serves: listed greyed, "Not
   * available in this build"; its drafts are kept and still open (tools.md §7.3).
   */
  unavailable?: true;
}

export interface BookList {
  /** `unavailable`: IndexedDB cannot be used; only samples are listed and nothing is saved. */
  storage: 'ok' | 'unavailable';
  projects: ProjectEntry[];
  samples: SampleEntry[];
  open: { kind: BookKind; id: string; locale: string } | null;
}

export interface PostextInfoResult extends BundleSummary {
  manifestVersion: 1 | 2;
}

export interface BookLibraryApi {
  /** Opens one of the user's projects (the book being left is saved first). */
  openProject(request: z.input<typeof OpenProjectSchema>): Promise<BookSnapshot>;
  /** Saves pending changes now (page hide, before another book opens). Never rejects: a failure is a `notice`. */
  flush(): Promise<{ saved: boolean; error?: string }>;
  listBooks(): Promise<BookList>;
  /** A blank project ("New → Blank book"); opened unless `open: false`. */
  newBook(request?: z.input<typeof NewBookSchema>): Promise<ProjectEntry>;
  /** A project copied from a book (the open one by default): Make my own copy, Duplicate. */
  copyBook(request?: z.input<typeof CopyBookSchema>): Promise<ProjectEntry>;
  renameProject(request: z.input<typeof RenameProjectSchema>): Promise<ProjectEntry>;
  /** Deletes a project; deleting the open one opens the built-in sample (`reopened`). */
  deleteProject(request: z.input<typeof ProjectRequestSchema>): Promise<{ reopened: BookSnapshot | null }>;
  /** Discards a sample's drafts in every language; an open edition reopens from the bundle. */
  restoreOriginal(request: z.input<typeof RestoreOriginalSchema>): Promise<{ reopened: BookSnapshot | null }>;
  /** The design (stored configuration) a sample edition starts from, as its bundle has it (tools.md sandbox_reset_to_original). */
  originalDesign(request: z.input<typeof OriginalDesignSchema>): Promise<{ config: Record<string, unknown> }>;
  /**
   * The text and resource set a sample edition's bundle carries (its drafts aside): what the Text
   * panel's Reset brings back (tools.md §7.3 "Reset semantics"). Chapter ids are those the sample opens with.
   */
  originalText(request: z.input<typeof OriginalDesignSchema>): Promise<{ chapters: ChapterSnapshot[]; resources: { record: ResourceRecord; payload?: Uint8Array }[] }>;
  /** Sets (or with `cover: null` removes) a book's cover. */
  setCover(request: z.input<typeof SetCoverSchema>): Promise<void>;
  /** Captures the open book's cover from its first page when it has none (240 px JPEG). */
  captureCover(): Promise<{ captured: boolean }>;
  /** A `.postext` of any book (the open one by default), with layouts.json when it is open and laid out. */
  exportBook(request?: z.input<typeof ExportBookSchema>): Promise<{ bytes: Uint8Array; fileName: string; warnings: string[] }>;
  /** What a `.postext` holds (name, languages) without importing it. */
  inspectPostext(request: z.input<typeof InspectPostextSchema>): Promise<PostextInfoResult>;
  /** Imports a `.postext` as a new project (opened unless `open: false`). */
  importPostext(request: z.input<typeof ImportPostextSchema>): Promise<{ project: ProjectEntry; warnings: string[] }>;
}

// =============================================================================================
// Resources (tools.md §3.4, §7.6): listing with uses and numbers, picture bytes, rename, delete

/** One resource as the Resources panel and the resource tools show it. */
export interface ResourceInfo {
  record: ResourceRecord & { payloadBytes?: number };
  /** `:ref` / `::resource` references to it in the book. */
  uses: number;
  /** Its number in first-mention order (e.g. "1.2"), or null when nothing cites it. */
  number: string | null;
  /** What `:ref` prints, e.g. "Fig. 1.2"; null for an unknown type. */
  label: string | null;
  /** Natural print size, pt (bitmaps at their resolution, SVG at its own size). */
  natural: { width: number; height: number } | null;
  /** Pixel size, format and the file's stated ppi of a bitmap. */
  pixels?: { width: number; height: number; format: string; fileResolution?: number };
  /** Why it cannot be drawn (missing file, undecodable picture), or null. */
  problem: string | null;
}

const resourceIdText = z.string().min(1, 'id names a resource (see listResources().resources[].record.id)');
export const RenameResourceSchema = z
  .object({
    id: resourceIdText,
    newId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'resource ids use letters, digits, ., _, : and -, starting with a letter or digit'),
    /** Rename every `:ref` / `::resource` naming it too (default true). */
    updateReferences: z.boolean().optional(),
    origin: OriginSchema.optional(),
  })
  .strict();
export const DeleteResourceSchema = z.object({ id: resourceIdText, origin: OriginSchema.optional() }).strict();

export type RenameResourceResult = { ok: true; revision: number; renamedReferences: number } | { ok: false; error: string; revision: number };
export type DeleteResourceResult = { ok: true; revision: number; danglingReferences: number } | { ok: false; error: string; revision: number };

export interface BookResourcesApi {
  /** The open book's resources with uses, numbers and sizes. */
  listResources(): Promise<{ revision: number; resources: ResourceInfo[] }>;
  /** A picture's bytes by the content key a display list names (`ImageItem.image`), or null. */
  getImage(key: string): Promise<{ bytes: Uint8Array; mime: string } | null>;
  /** A resource's stored picture (bitmap or SVG bytes) for previews, or null. */
  getResourcePayload(id: string): Promise<{ bytes: Uint8Array; mime: string } | null>;
  /** Checks a font file (format, glyphs) and reads its family, weight and style; changes nothing. */
  inspectFont(request: { bytes: Uint8Array; fileName?: string }): Promise<FontFileInfo>;
  /**
   * The SFNT bytes of the face that sets a family (custom or bundled) at a weight and style, for the
   * Fonts panel to show the family in its own face; null when the book has no such family or the
   * face is larger than 4 MB (CJK faces are not worth copying for a preview).
   */
  /** `catalogue`: the family was downloaded from the open font catalogue (not bundled, not the book's own). */
  getFontFace(request: { family: string; weight?: number; style?: 'normal' | 'italic' }): Promise<{ id: string; bytes: Uint8Array; catalogue: boolean } | null>;
  /** Renames a resource; by default every reference in the book follows, in the same transaction. */
  renameResource(request: z.input<typeof RenameResourceSchema>): Promise<RenameResourceResult>;
  /** Deletes a resource and says how many references it leaves dangling. */
  deleteResource(request: z.input<typeof DeleteResourceSchema>): Promise<DeleteResourceResult>;
}
