/**
 * A flag that turns on only after its source has stayed on for a while, and off at once. The
 * status line's "updating…" follows the book's busy state through one: a relayout that converges
 * within the delay (a typed edit) never shows it, so the window is not repainted and the polite
 * live region does not announce it on every keystroke. DOM-free and framework-free; the timer
 * functions are injectable for tests.
 */
export interface DelayedFlagTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const globalTimers: DelayedFlagTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class DelayedFlag {
  private shown = false;
  private pending: unknown = null;

  /**
   * @param delayMs how long the source must stay on before the flag shows, ms
   * @param onChange called with the flag's new value each time it changes
   */
  constructor(
    private readonly delayMs: number,
    private readonly onChange: (shown: boolean) => void,
    private readonly timers: DelayedFlagTimers = globalTimers,
  ) {}

  /** The source's current value (repeating the same value changes nothing). */
  set(on: boolean): void {
    if (on) {
      if (this.shown || this.pending !== null) return;
      this.pending = this.timers.set(() => {
        this.pending = null;
        this.shown = true;
        this.onChange(true);
      }, this.delayMs);
      return;
    }
    if (this.pending !== null) this.timers.clear(this.pending);
    this.pending = null;
    if (this.shown) {
      this.shown = false;
      this.onChange(false);
    }
  }

  /** Stops a pending timer (the owner is going away). */
  dispose(): void {
    if (this.pending !== null) this.timers.clear(this.pending);
    this.pending = null;
  }
}
