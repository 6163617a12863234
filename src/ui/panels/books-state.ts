/**
 * Main-thread helpers of the Books panel: hidden samples (UI state, per browser, in
 * localStorage), downloads, cover URLs, and relaying the worker's library notices. The books
 * themselves live in the worker; nothing here writes IndexedDB.
 */
import { createSignal } from 'solid-js';
import type { BookClient } from '../../worker/protocol/client';
import type { BookCover } from '../../worker/protocol/messages';

const HIDDEN_KEY = 'postext-sandbox-hidden-samples';

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
  const off = client.on((event) => {
    if (event.type === 'notice') notify(event.level, event.text, event.level === 'info' ? 6000 : undefined);
  });
  // Page hide and close: the worker saves at once (it debounces otherwise). `beforeunload` starts
  // the save earlier on a reload, while the worker is certainly still alive.
  const flush = (): void => void client.flush().catch(() => undefined);
  const onVisibility = (): void => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  window.addEventListener('beforeunload', flush);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    off();
    window.removeEventListener('pagehide', flush);
    window.removeEventListener('beforeunload', flush);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
