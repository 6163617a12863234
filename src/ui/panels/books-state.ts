/**
 * Main-thread helpers of the Books panel: hidden samples (UI state, per browser, in
 * localStorage), downloads, cover URLs, and relaying the worker's library notices. The books
 * themselves live in the worker; nothing here writes IndexedDB.
 */
import { createSignal } from 'solid-js';
import type { BookClient } from '../../worker/protocol/client';
import { RestoreSchema, type BookCover, type BookSnapshot } from '../../worker/protocol/messages';
import { bt } from './books-strings';
import { renamedPictures, unsavedOps } from './unsaved-ops';

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
        // Refused (all or nothing, as every transaction): said, not dropped without a word.
        void restoreUnsaved(client, book, event.revision, unsaved)
          .then((error) => error !== null && notify('warning', bt('unsavedNotRestored', { reason: error })))
          .catch(() => undefined);
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

/** Applies what the last visit left unsaved (a renamed picture's bytes read from the record it was renamed from); the refusal's reason, or null. */
async function restoreUnsaved(client: BookClient, opened: BookSnapshot, revision: number, unsaved: BookSnapshot): Promise<string | null> {
  const payloads = new Map<string, Uint8Array>();
  for (const [newId, oldId] of renamedPictures(opened, unsaved)) {
    const payload = await client.getResourcePayload(oldId);
    if (payload) payloads.set(newId, payload.bytes);
  }
  const ops = unsavedOps(opened, unsaved, payloads);
  if (ops.length === 0) return null;
  const result = await client.apply({ origin: 'storage', baseRevision: revision, ops });
  return result.ok ? null : result.error;
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
