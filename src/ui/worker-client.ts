/** Creates the one book worker and its client for the page. */
import type { Endpoint } from 'comlink';
import { BookClient, type WorkerHandle } from '../worker/protocol/client';

export function createBookClient(): BookClient {
  // A ping every 500 ms (cheap) keeps the worst case from a hang to its detection at about 3 s,
  // leaving the restart time to bring the book back within the 5 s the Sandbox promises.
  return new BookClient((): WorkerHandle => {
    // Vite detects the worker only when `new URL()` sits directly inside `new Worker()`.
    const worker = new Worker(new URL('../worker/main.ts', import.meta.url), { type: 'module', name: 'book-worker' });
    return {
      endpoint: worker as unknown as Endpoint,
      terminate: () => worker.terminate(),
      onCrash: (callback) => worker.addEventListener('error', (event) => callback(event.message || 'unknown error'), { once: true }),
    };
  }, { pingIntervalMs: 500 });
}
