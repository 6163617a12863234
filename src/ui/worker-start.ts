/**
 * Starts the book worker as soon as the page's script runs (main.tsx imports this module first),
 * before the UI's own modules are evaluated: the worker's module graph (engine, shaping, fonts)
 * loads in parallel with the UI's instead of after it. The client (worker-client.ts) takes this
 * worker the first time it connects; a restart after a crash starts a new one.
 */

/** A worker and how its start failed, if it did before the client listened. */
export interface StartedWorker {
  worker: Worker;
  /** The message of an `error` event the worker raised before `onError` was called. */
  onError(callback: (message: string) => void): void;
}

let started: StartedWorker | null = startBookWorker();

export function startBookWorker(): StartedWorker {
  // Vite detects the worker only when `new URL()` sits directly inside `new Worker()`.
  const worker = new Worker(new URL('../worker/main.ts', import.meta.url), { type: 'module', name: 'book-worker' });
  // An error raised while nobody listens yet (a chunk that failed to load) is kept for the client.
  let early: string | null = null;
  let listener: ((message: string) => void) | null = null;
  worker.addEventListener(
    'error',
    (event) => {
      const message = event.message || 'unknown error';
      if (listener) listener(message);
      else early = message;
    },
    { once: true },
  );
  return {
    worker,
    onError(callback) {
      if (early !== null) callback(early);
      else listener = callback;
    },
  };
}

/** The worker started with the page, once; a new one after that. */
export function takeBookWorker(): StartedWorker {
  const worker = started ?? startBookWorker();
  started = null;
  return worker;
}

/**
 * The paint worker (worker/paint/paint-worker.ts): draws page canvases' pictures off the main
 * thread. Started when the page painter is made (the App's mount), so it has loaded by the first page.
 */
export function startPaintWorker(): Worker {
  return new Worker(new URL('../worker/paint/paint-worker.ts', import.meta.url), { type: 'module', name: 'paint-worker' });
}
