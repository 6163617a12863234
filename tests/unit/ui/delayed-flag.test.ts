import { describe, expect, it } from 'vitest';
import { DelayedFlag, type DelayedFlagTimers } from '../../../src/ui/state/delayed-flag';

/** Timers driven by hand: `advance(ms)` runs what falls due. */
function manualTimers(): DelayedFlagTimers & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; callback: () => void }>();
  return {
    set(callback, ms) {
      const id = next++;
      due.set(id, { at: now + ms, callback });
      return id;
    },
    clear(handle) {
      due.delete(handle as number);
    },
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...due]) {
        if (timer.at > now) continue;
        due.delete(id);
        timer.callback();
      }
    },
    pending: () => due.size,
  };
}

/** A 300 ms flag on hand-driven timers, and the values it reported. */
function setup(): { timers: ReturnType<typeof manualTimers>; seen: boolean[]; flag: DelayedFlag } {
  const timers = manualTimers();
  const seen: boolean[] = [];
  return { timers, seen, flag: new DelayedFlag(300, (v) => seen.push(v), timers) };
}

describe('DelayedFlag (the status line\'s "updating…")', () => {
  it('stays off when the source turns off again within the delay', () => {
    const { timers, seen, flag } = setup();
    flag.set(true);
    timers.advance(299);
    flag.set(false);
    timers.advance(1000);
    expect(seen).toEqual([]);
    expect(timers.pending()).toBe(0);
  });

  it('turns on after the delay and off at once', () => {
    const { timers, seen, flag } = setup();
    flag.set(true);
    timers.advance(300);
    expect(seen).toEqual([true]);
    flag.set(true); // still busy: no second timer, no repeat
    timers.advance(1000);
    expect(seen).toEqual([true]);
    flag.set(false);
    expect(seen).toEqual([true, false]);
  });

  it('repeated "on" keeps the first deadline, and dispose cancels it', () => {
    const { timers, seen, flag } = setup();
    flag.set(true);
    timers.advance(200);
    flag.set(true);
    timers.advance(100);
    expect(seen).toEqual([true]);
    flag.set(false);
    flag.set(true);
    flag.dispose();
    timers.advance(1000);
    expect(seen).toEqual([true, false]);
  });
});
