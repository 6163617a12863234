import type { Continuation } from '../engine/page/continuation';
import type { BookSnapshot, ChapterOp, ResourceOp, ResourceRecord, TextOp } from '../protocol/messages';

/** The open book as the worker holds it. Immutable: a transaction makes a new one. */
export interface BookState {
  readonly id: string;
  readonly name: string;
  readonly locale: string;
  readonly chapters: readonly ChapterState[];
  /** The stored (set) configuration, defaults stripped. */
  readonly config: Readonly<Record<string, unknown>>;
  /** Resource records in book order, with their payload bytes (pictures). */
  readonly resources: readonly BookResource[];
  /**
   * Bytes of the book's own font files by `fileId`, as uploaded (WOFF2, WOFF, TTF, OTF). Which
   * family, weight and style each is, `config.customFonts` says (document/fonts.ts). Absent: none.
   */
  readonly fontFiles?: ReadonlyMap<string, Uint8Array>;
  /**
   * The bundle's `start` (bundle-format §9) as the layout applies it: where the book begins when
   * it is part of a longer one. Read once when the book is opened (the raw object travels in
   * `BookExtras.start`, saved and exported as read); no transaction changes it. Absent: none.
   */
  readonly start?: Continuation;
}

export interface BookResource {
  readonly record: ResourceRecord;
  readonly payload?: Uint8Array | undefined;
}

export interface ChapterState {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

export class OpError extends Error {
  override readonly name = 'OpError';
}

export function snapshotOf(book: BookState, revision: number): BookSnapshot {
  return {
    id: book.id,
    name: book.name,
    locale: book.locale,
    revision,
    chapters: book.chapters.map((c) => ({ id: c.id, title: c.title, text: c.text })),
    ...designOf(book),
  };
}

/** A copy of the book's design and resource records (each with its payload's size, no bytes): a snapshot's, and the `designChanged` event's. */
export function designOf(book: BookState): Pick<BookSnapshot, 'config' | 'resources'> {
  return {
    config: structuredClone(book.config as Record<string, unknown>),
    resources: book.resources.map((r) => ({ ...structuredClone(r.record), ...(r.payload ? { payloadBytes: r.payload.byteLength } : {}) })),
  };
}

/** Adds or replaces a resource record (id kept unique), or deletes one. */
export function applyResourceOp(book: BookState, op: ResourceOp): BookState {
  if (op.type === 'resource.delete') {
    if (!book.resources.some((r) => r.record.id === op.id)) {
      throw new OpError(`No resource has the id "${op.id}"; the resources are: ${book.resources.map((r) => r.record.id).join(', ') || 'none'}.`);
    }
    return { ...book, resources: book.resources.filter((r) => r.record.id !== op.id) };
  }
  const existing = book.resources.find((r) => r.record.id === op.resource.id);
  if ((op.resource.kind === 'svg' || op.resource.kind === 'bitmap') && !op.payload && !existing?.payload) {
    throw new OpError(`The ${op.resource.kind} resource "${op.resource.id}" needs its picture: send its bytes as payload.`);
  }
  if (op.resource.kind === 'table' && !op.resource.table) {
    throw new OpError(`The table resource "${op.resource.id}" needs table: { model: { rows: [[{ content: "…" }]], headerRowCount: 1 } }.`);
  }
  // A new SVG source detaches the print master made for the old one (bundle-format §11.1); its
  // file stays with the book, so restoring the original brings it back.
  const edited = op.resource.kind === 'svg' && op.payload !== undefined && existing?.payload !== undefined && !sameBytes(op.payload, existing.payload);
  const record = edited && 'pdfFile' in op.resource ? Object.fromEntries(Object.entries(op.resource).filter(([key]) => key !== 'pdfFile')) as typeof op.resource : op.resource;
  const next: BookResource = { record, payload: op.payload ?? existing?.payload };
  const resources = existing ? book.resources.map((r) => (r === existing ? next : r)) : [...book.resources, next];
  return { ...book, resources };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Applies one chapter's simultaneous text changes (all against the same text): checked for
 * range and overlap first, then applied from the end so earlier offsets stay valid.
 */
export function applyTextChanges(book: BookState, changes: readonly TextOp[]): BookState {
  const byChapter = new Map<string, TextOp[]>();
  for (const change of changes) {
    const list = byChapter.get(change.chapterId) ?? [];
    list.push(change);
    byChapter.set(change.chapterId, list);
  }
  const chapters = book.chapters.map((chapter) => {
    const list = byChapter.get(chapter.id);
    if (!list) return chapter;
    byChapter.delete(chapter.id);
    const sorted = [...list].sort((a, b) => a.from - b.from);
    for (let i = 0; i < sorted.length; i++) {
      const c = sorted[i]!;
      if (c.to > chapter.text.length) {
        throw new OpError(`The change at ${c.from}–${c.to} in chapter "${chapter.id}" ends past the chapter's end (${chapter.text.length}); send offsets within 0–${chapter.text.length}.`);
      }
      if (i > 0 && c.from < sorted[i - 1]!.to) {
        throw new OpError(`Two changes in chapter "${chapter.id}" overlap (${sorted[i - 1]!.from}–${sorted[i - 1]!.to} and ${c.from}–${c.to}); send non-overlapping ranges against the same text.`);
      }
    }
    let text = chapter.text;
    for (let i = sorted.length - 1; i >= 0; i--) {
      const c = sorted[i]!;
      text = text.slice(0, c.from) + c.insert + text.slice(c.to);
    }
    return { ...chapter, text };
  });
  const unknown = [...byChapter.keys()];
  if (unknown.length > 0) throw new OpError(`No chapter has the id "${unknown[0]}"; the chapters are: ${book.chapters.map((c) => c.id).join(', ')}.`);
  return { ...book, chapters };
}

export function applyChapterOp(book: BookState, op: ChapterOp): BookState {
  const find = (id: string): number => {
    const index = book.chapters.findIndex((c) => c.id === id);
    if (index < 0) throw new OpError(`No chapter has the id "${id}"; the chapters are: ${book.chapters.map((c) => c.id).join(', ')}.`);
    return index;
  };
  switch (op.type) {
    case 'chapter.add': {
      const id = op.id ?? freshChapterId(book);
      if (book.chapters.some((c) => c.id === id)) throw new OpError(`A chapter with the id "${id}" exists already; choose another id or omit it.`);
      const chapters = [...book.chapters];
      const index = Math.min(op.index ?? chapters.length, chapters.length);
      chapters.splice(index, 0, { id, title: op.title, text: op.text });
      return { ...book, chapters };
    }
    case 'chapter.remove': {
      const index = find(op.chapterId);
      if (book.chapters.length === 1) throw new OpError('A book keeps at least one chapter; add another before removing this one.');
      return { ...book, chapters: book.chapters.filter((_, i) => i !== index) };
    }
    case 'chapter.rename': {
      const index = find(op.chapterId);
      return { ...book, chapters: book.chapters.map((c, i) => (i === index ? { ...c, title: op.title } : c)) };
    }
    case 'chapter.move': {
      const index = find(op.chapterId);
      const chapters = [...book.chapters];
      const [moved] = chapters.splice(index, 1);
      chapters.splice(Math.min(op.index, chapters.length), 0, moved!);
      return { ...book, chapters };
    }
  }
}

function freshChapterId(book: BookState): string {
  for (let n = book.chapters.length + 1; ; n++) {
    const id = `chapter-${n}`;
    if (!book.chapters.some((c) => c.id === id)) return id;
  }
}
