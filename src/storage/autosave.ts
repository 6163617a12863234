/**
 * Debounced saving for the book worker. Every applied transaction calls `schedule()`; the save runs
 * `delayMs` after the last one. The host calls `flush()` on page hide/close, before another book
 * opens and when leaving through the logo (tools.md §7.14), and awaits it.
 *
 * Guarantees
 * - Saves never overlap: a `schedule()` during a running save queues exactly one more save after it.
 * - `flush()` resolves once everything scheduled before the call is saved, and rejects with the
 *   save's error if that save failed (so the host can show the notice before switching books).
 * - A failed save stays pending: the next `schedule()` or `flush()` tries again.
 * - A timer's save waits while `deferFor()` asks, but never past `maxDelayMs` from the oldest
 *   unsaved change; `flush()` never waits.
 */
export interface AutosaveOptions {
  /** Persists the current state. Reads the state itself, so a later save always writes the newest. */
  save: () => Promise<void>;
  /** Quiet time before saving, in milliseconds (the reference uses 1 000 ms for the config). */
  delayMs: number;
  /**
   * Longest a burst of edits may postpone a save, in milliseconds (default: 10 × delayMs), so
   * continuous typing still reaches the disk.
   */
  maxDelayMs?: number;
  /**
   * How long the owner wants a timer's save put off, ms (0 or absent: save now). The book worker
   * answers while a layout runs or has just converged: a save started then (its rows built, its
   * IndexedDB callbacks run on the same thread) made the next keystroke's layout wait for it. A
   * save is never put off past maxDelayMs from its oldest change.
   */
  deferFor?: () => number;
  /** Called with each error of a save started by the timer (no caller is awaiting those). */
  onError?: (error: unknown) => void;
  /** Timer functions; tests may inject their own. Defaults to the global ones. */
  timers?: {
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (handle: unknown) => void;
    now: () => number;
  };
}

export interface Autosave {
  /** Marks the state dirty and (re)starts the quiet-time timer. */
  schedule(): void;
  /** Saves now if anything is pending (or waits for the running save); resolves when on disk. */
  flush(): Promise<void>;
  /** Forgets pending changes without saving (e.g. the book was deleted). */
  cancel(): void;
  /** True while changes are waiting to be saved or a save is running. */
  readonly pending: boolean;
}

export function createAutosave(options: AutosaveOptions): Autosave {
  const { save, delayMs } = options;
  const maxDelayMs = options.maxDelayMs ?? delayMs * 10;
  const timers = options.timers ?? {
    setTimeout: (fn: () => void, ms: number): unknown => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle: unknown): void => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
    now: (): number => Date.now(),
  };

  let dirty = false;
  /** When the oldest unsaved change was scheduled (for maxDelayMs); null when clean. */
  let dirtySince: number | null = null;
  let timer: unknown = null;
  let running: Promise<void> | null = null;

  const clearTimer = (): void => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  /** Runs saves until nothing is dirty; returns the promise of that chain. */
  const drain = (): Promise<void> => {
    if (running) return running;
    const chain = (async () => {
      while (dirty) {
        dirty = false;
        dirtySince = null;
        try {
          await save();
        } catch (error) {
          // Keep the change pending so that the next attempt writes it.
          dirty = true;
          dirtySince ??= timers.now();
          throw error;
        }
      }
    })();
    // Cleared in a callback, never inside the chain: a chain with nothing to save (a timer firing
    // after the running save wrote its change) ends before `running` is assigned, and a `finally`
    // inside it cleared `running` first and left the settled chain there for good.
    const tracked: Promise<void> = chain.finally(() => {
      if (running === tracked) running = null;
    });
    running = tracked;
    return tracked;
  };

  const onTimer = (): void => {
    timer = null;
    const defer = options.deferFor?.() ?? 0;
    if (defer > 0 && dirty && dirtySince !== null) {
      const left = dirtySince + maxDelayMs - timers.now();
      if (left > 0) {
        timer = timers.setTimeout(onTimer, Math.min(defer, left));
        return;
      }
    }
    drain().catch((error: unknown) => options.onError?.(error));
  };

  return {
    schedule(): void {
      dirty = true;
      const now = timers.now();
      dirtySince ??= now;
      clearTimer();
      const wait = Math.max(0, Math.min(delayMs, dirtySince + maxDelayMs - now));
      timer = timers.setTimeout(onTimer, wait);
    },
    async flush(): Promise<void> {
      clearTimer();
      // A save already running may have started before the latest changes: wait, then drain again.
      if (running) await running.catch(() => undefined);
      if (dirty) await drain();
    },
    cancel(): void {
      clearTimer();
      dirty = false;
      dirtySince = null;
    },
    get pending(): boolean {
      return dirty || running !== null;
    },
  };
}
