/**
 * Registers the service worker (vite-plugin-pwa's `sw.js`: the app, the worker, wasm, fonts and
 * presets precached for offline use) once the first book is laid out, not at the page's `load`.
 * On a first visit (and after each update) the new service worker downloads its whole precache,
 * some 90 MB, at once: registered at `load`, that ran beside the worker's first layout and the
 * first paint on the same two cores (issue #6: the first page at app start; the bench's app start
 * measures exactly such a visit). A book that never converges (a failure) still gets it after
 * FALLBACK_MS, so the app goes offline-ready either way.
 */
import type { BookClient } from '../worker/protocol/client';

/** Registered at the latest this long after the page started, ms, whatever the book does. */
const FALLBACK_MS = 15_000;

export function registerServiceWorkerAfterFirstLayout(client: BookClient): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  let registered = false;
  const register = (): void => {
    if (registered) return;
    registered = true;
    off();
    clearTimeout(fallback);
    const base = import.meta.env.BASE_URL;
    // Idle time after the first paint, so the install's downloads do not take the frames the
    // pages are painted in.
    const start = () => void navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch(() => undefined);
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2_000 });
    else setTimeout(start, 500);
  };
  const off = client.on((event) => {
    if (event.type === 'converged') register();
  });
  const fallback = setTimeout(register, FALLBACK_MS);
}
