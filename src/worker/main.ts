/// <reference lib="webworker" />
/**
 * Book worker entry. It exposes the API at once and loads the host lazily: harfbuzzjs
 * initialises with top-level await, and messages that reach a module worker while its
 * top-level await is pending are dispatched before any listener exists — and lost.
 * So nothing here imports the engine statically; every call waits for the host instead.
 */
import * as Comlink from 'comlink';
import type { BookWorkerApi } from './protocol/messages';

const host: Promise<BookWorkerApi> = import('./host/browser-environment').then((m) => m.createBrowserHost());

const api = new Proxy({} as Record<string, unknown>, {
  get(_target, name) {
    // Not a thenable: Comlink and promises must not mistake the API for a promise.
    if (name === 'then' || typeof name !== 'string') return undefined;
    return async (...args: unknown[]) => {
      const target = (await host) as unknown as Record<string, (...a: unknown[]) => unknown>;
      const method = target[name];
      if (typeof method !== 'function') throw new Error(`The book worker has no command "${name}".`);
      return method.apply(target, args);
    };
  },
});

Comlink.expose(api);
