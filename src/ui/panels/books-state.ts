/**
 * Main-thread helpers of the Books panel: hidden samples (UI state, per browser, in
 * localStorage), downloads, cover URLs, and relaying the worker's library notices. The books
 * themselves live in the worker; nothing here writes IndexedDB.
 */
import { createSignal } from 'solid-js';
import type { BookClient } from '../../worker/protocol/client';
import { RestoreSchema, type BookCover, type BookOp, type BookSnapshot } from '../../worker/protocol/messages';

const HIDDEN_KEY = 'postext-sandbox-hidden-samples';
/**
 * Edits a closing page could not see saved: the worker (and its IndexedDB transaction) may end
 * with the page, so on `pagehide` the page keeps the client's mirror here, synchronously, and the
 * next visit hands it back to the worker, which saves it. Removed as soon as a save lands.
 */
const UNSAVED_KEY = 'postext-sandbox-unsaved';

function readHidden(): string[] {
  try {
    const raw = JSON.parse(localStorage.getItem(HIDDEN_KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return []; // a damaged entry means nothing hidden
  }
}

const [hidden, setHiddenSignal] = createSignal<string[]>(readHidden());

/** Ids of the samples the user hid from the list. */
export { hidden as hiddenSamples };

export function setSampleHidden(id: string, hide: boolean): void {
  const next = hide ? [...new Set([...hidden(), id])] : hidden().filter((h) => h !== id);
  setHiddenSignal(next);
  try {
    localStorage.setItem(HIDDEN_KEY, JSON.stringify(next));
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/** Offers bytes as a file download. */
export function download(bytes: Uint8Array, fileName: string, mime = 'application/zip'): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Object URLs of covers, one per byte array; `release()` frees them all. */
export function createCoverUrls(): { url(cover: BookCover | null | undefined): string | null; release(): void } {
  const urls = new Map<Uint8Array, string>();
  return {
    url(cover) {
      if (!cover) return null;
      let url = urls.get(cover.bytes);
      if (!url) {
        url = URL.createObjectURL(new Blob([cover.bytes as Uint8Array<ArrayBuffer>], { type: cover.mime }));
        urls.set(cover.bytes, url);
      }
      return url;
    },
    release() {
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    },
  };
}

/**
 * Shows the worker's library notices (storage unavailable or full, import repairs) and flushes
 * pending edits when the page is hidden or closed. Call once per page; returns the undo.
 */
export function watchLibrary(client: BookClient, notify: (level: 'info' | 'warning', text: string, autoHideMs?: number) => void): () => void {
  let pending = readUnsaved();
  const off = client.on((event) => {
    if (event.type === 'notice') notify(event.level, event.text, event.level === 'info' ? 6000 : undefined);
    if (event.type === 'saved') forgetUnsaved();
    if (event.type === 'opened' && pending) {
      // The first book opened after a visit that closed with unsaved edits: the same book and
      // edition get them back as one transaction (editors follow it, autosave saves it); any
      // other book leaves them be.
      const unsaved = pending;
      pending = null;
      forgetUnsaved();
      const book = event.book;
      if (unsaved.kind === book.kind && unsaved.id === book.id && unsaved.locale === book.locale && unsaved.revision > 0) {
        const ops = unsavedOps(book, unsaved);
        if (ops.length > 0) void client.apply({ origin: 'storage', baseRevision: event.revision, ops }).catch(() => undefined);
      }
    }
  });
  // Page hide and close: the worker saves at once (it debounces otherwise). `beforeunload` starts
  // the save earlier on a reload, while the worker is certainly still alive.
  const flush = (): void => void client.flush().catch(() => undefined);
  const onHide = (): void => {
    const unsaved = client.unsavedSnapshot();
    if (unsaved) {
      try {
        localStorage.setItem(UNSAVED_KEY, JSON.stringify(unsaved));
      } catch {
        // No room or no localStorage: the worker's own flush is the only chance.
      }
    }
    flush();
  };
  const onShow = (event: PageTransitionEvent): void => {
    if (event.persisted) forgetUnsaved(); // back from the back/forward cache: the worker is alive
  };
  const onVisibility = (): void => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', onHide);
  window.addEventListener('pageshow', onShow);
  window.addEventListener('beforeunload', flush);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    off();
    window.removeEventListener('pagehide', onHide);
    window.removeEventListener('pageshow', onShow);
    window.removeEventListener('beforeunload', flush);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

function readUnsaved(): BookSnapshot | null {
  try {
    const raw = localStorage.getItem(UNSAVED_KEY);
    if (raw === null) return null;
    const parsed = RestoreSchema.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as BookSnapshot) : null;
  } catch {
    return null;
  }
}

function forgetUnsaved(): void {
  try {
    localStorage.removeItem(UNSAVED_KEY);
  } catch {
    // nothing to forget
  }
}

/**
 * The ops that turn the book as opened into the book as the closing page left it: chapters
 * added, removed and renamed, each changed text as one replacement of the part that differs,
 * and the config when it changed. (Reordering is not carried over.)
 */
export function unsavedOps(opened: BookSnapshot, unsaved: BookSnapshot): BookOp[] {
  const ops: BookOp[] = [];
  const wanted = new Map(unsaved.chapters.map((c) => [c.id, c]));
  const present = new Set(opened.chapters.map((c) => c.id));
  for (const chapter of unsaved.chapters) {
    if (!present.has(chapter.id)) ops.push({ type: 'chapter.add', id: chapter.id, title: chapter.title, text: chapter.text });
  }
  for (const chapter of opened.chapters) {
    const next = wanted.get(chapter.id);
    if (!next) continue;
    if (next.title !== chapter.title) ops.push({ type: 'chapter.rename', chapterId: chapter.id, title: next.title });
    if (next.text !== chapter.text) {
      const a = chapter.text;
      const b = next.text;
      let start = 0;
      while (start < a.length && start < b.length && a.charCodeAt(start) === b.charCodeAt(start)) start++;
      let end = 0;
      while (end < a.length - start && end < b.length - start && a.charCodeAt(a.length - 1 - end) === b.charCodeAt(b.length - 1 - end)) end++;
      ops.push({ type: 'text', chapterId: chapter.id, from: start, to: a.length - end, insert: b.slice(start, b.length - end) });
    }
  }
  if (JSON.stringify(opened.config) !== JSON.stringify(unsaved.config)) ops.push({ type: 'config.replace', config: unsaved.config });
  // Removals after the additions, so the book never runs out of chapters on the way.
  for (const chapter of opened.chapters) if (!wanted.has(chapter.id)) ops.push({ type: 'chapter.remove', chapterId: chapter.id });
  return ops;
}
