import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutosave } from '../../../src/storage';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void } {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createAutosave', () => {
  it('debounces: one save after the quiet time', async () => {
    const save = vi.fn(async () => undefined);
    const autosave = createAutosave({ save, delayMs: 1000 });
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(500);
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(999);
    expect(save).not.toHaveBeenCalled();
    expect(autosave.pending).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(autosave.pending).toBe(false);
  });

  it('continuous edits still save after maxDelayMs', async () => {
    const save = vi.fn(async () => undefined);
    const autosave = createAutosave({ save, delayMs: 100, maxDelayMs: 350 });
    for (let t = 0; t < 400; t += 50) {
      autosave.schedule();
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('a timer save waits while deferFor asks, never past maxDelayMs; flush does not wait', async () => {
    const save = vi.fn(async () => undefined);
    let busyFor = 40;
    const autosave = createAutosave({ save, delayMs: 100, maxDelayMs: 300, deferFor: () => busyFor });
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(100);
    expect(save).not.toHaveBeenCalled(); // busy: put off by 40 ms
    await vi.advanceTimersByTimeAsync(40);
    expect(save).not.toHaveBeenCalled(); // still busy
    busyFor = 0;
    await vi.advanceTimersByTimeAsync(40);
    expect(save).toHaveBeenCalledTimes(1); // idle: saved at the next look
    // Busy for good: saved once the oldest change is maxDelayMs old.
    busyFor = 1000;
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(299);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(2);
    autosave.schedule();
    await autosave.flush();
    expect(save).toHaveBeenCalledTimes(3);
  });

  it('flush saves at once and resolves when written; nothing pending → no save', async () => {
    const save = vi.fn(async () => undefined);
    const autosave = createAutosave({ save, delayMs: 1000 });
    await autosave.flush();
    expect(save).not.toHaveBeenCalled();
    autosave.schedule();
    await autosave.flush();
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1); // the timer was cancelled by the flush
  });

  it('never overlaps saves; a change during a save triggers exactly one more', async () => {
    const gates: ReturnType<typeof deferred>[] = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    const save = vi.fn(async () => {
      concurrent += 1;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      const gate = deferred();
      gates.push(gate);
      await gate.promise;
      concurrent -= 1;
    });
    const autosave = createAutosave({ save, delayMs: 10 });
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(10);
    expect(save).toHaveBeenCalledTimes(1);
    autosave.schedule();
    autosave.schedule();
    const flushed = autosave.flush();
    gates[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    gates[1]!.resolve();
    await flushed;
    expect(maxConcurrent).toBe(1);
    expect(autosave.pending).toBe(false);
  });

  it('a timer that finds its change already saved by the running save leaves later saves working', async () => {
    // A change scheduled during a save is written by that save's loop; its timer then fires with
    // nothing dirty. That drain finished synchronously, before its promise was stored, so the
    // stored, settled promise counted as "a save is running" from then on: every later flush
    // answered at once and no timer saved again (tests/browser/resources.spec.ts lost two edits).
    const gates: ReturnType<typeof deferred>[] = [];
    const save = vi.fn(async () => {
      const gate = deferred();
      gates.push(gate);
      await gate.promise;
    });
    const autosave = createAutosave({ save, delayMs: 100 });
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledTimes(1);
    autosave.schedule(); // during the first save: its timer is due at +100 ms
    gates[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2); // the running drain writes the change at once
    gates[1]!.resolve();
    await vi.advanceTimersByTimeAsync(100); // the timer fires with nothing left to save
    expect(save).toHaveBeenCalledTimes(2);
    expect(autosave.pending).toBe(false);

    autosave.schedule();
    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledTimes(3);
    gates[2]!.resolve();
    autosave.schedule();
    const flushed = autosave.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(4);
    gates[3]!.resolve();
    await flushed;
    expect(autosave.pending).toBe(false);
  });

  it('a failed save rejects flush, reports timer failures, and stays pending for a retry', async () => {
    let fail = true;
    const save = vi.fn(async () => {
      if (fail) throw new Error('quota');
    });
    const onError = vi.fn();
    const autosave = createAutosave({ save, delayMs: 10, onError });
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(10);
    expect(onError).toHaveBeenCalledWith(new Error('quota'));
    expect(autosave.pending).toBe(true);
    await expect(autosave.flush()).rejects.toThrow('quota');
    fail = false;
    await autosave.flush();
    expect(save).toHaveBeenCalledTimes(3);
    expect(autosave.pending).toBe(false);
  });

  it('cancel forgets pending changes', async () => {
    const save = vi.fn(async () => undefined);
    const autosave = createAutosave({ save, delayMs: 10 });
    autosave.schedule();
    autosave.cancel();
    await vi.advanceTimersByTimeAsync(100);
    await autosave.flush();
    expect(save).not.toHaveBeenCalled();
  });
});
