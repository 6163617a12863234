import { describe, expect, it } from 'vitest';
import { HOLD_MS, PaintQueue } from '../../../src/ui/canvas/paint-queue';

/** A queue over named pages with a hand-driven frame clock: `frame()` runs the frame asked for, if any. */
function harness(inView: string[]) {
  let clock = 0;
  let pending: (() => void) | null = null;
  const painted: string[] = [];
  const queue = new PaintQueue<string>({
    inView: (page) => inView.includes(page),
    requestFrame: (callback) => {
      expect(pending).toBeNull(); // one frame asked for at a time
      pending = callback;
    },
    now: () => clock,
  });
  const ready = (page: string, applies = true) => queue.enqueue(page, () => {
    if (applies) painted.push(page);
    return applies;
  });
  const frame = (ms = 16) => {
    clock += ms;
    const callback = pending;
    pending = null;
    callback?.();
  };
  return { queue, ready, frame, painted, framesAsked: () => pending !== null };
}

describe('page paint order (paint-queue.ts)', () => {
  it('paints one page per frame, pages in view before neighbours that were ready earlier', () => {
    const { ready, frame, painted } = harness(['p2', 'p3']);
    ready('p1');
    ready('p4');
    ready('p3');
    ready('p2');
    for (let i = 0; i < 4; i++) frame();
    expect(painted).toEqual(['p3', 'p2', 'p1', 'p4']);
  });

  it('holds a neighbour ready first while a page in view is still fetching its data, then paints the page in view first', () => {
    const { queue, ready, frame, painted } = harness(['p2']);
    const p2Done = queue.preparingFor('p2');
    const p1Done = queue.preparingFor('p1');
    p1Done();
    ready('p1'); // the neighbour's data came first (its glyphs cached, say)
    frame();
    frame();
    expect(painted).toEqual([]); // the page in view is still coming: the neighbour waits
    p2Done();
    ready('p2');
    frame();
    frame();
    expect(painted).toEqual(['p2', 'p1']);
  });

  it('lets the neighbours go after HOLD_MS when a page in view never comes', () => {
    const { queue, ready, frame, painted } = harness(['p2']);
    queue.preparingFor('p2'); // stalls: never ready
    ready('p1');
    frame(); // the hold starts with the first frame the neighbour could have taken
    frame(HOLD_MS - 1);
    expect(painted).toEqual([]);
    frame(1);
    expect(painted).toEqual(['p1']);
  });

  it('starts a fresh hold for the next change, and an older paint of a page ending does not end a newer one’s hold', () => {
    const { queue, ready, frame, painted } = harness(['p2']);
    // A first change: the page in view is held for, then painted.
    const first = queue.preparingFor('p2');
    ready('p1');
    frame(HOLD_MS - 10);
    first();
    ready('p2');
    frame();
    frame();
    expect(painted).toEqual(['p2', 'p1']);
    // Much later, another change: the hold starts again from its own first frame.
    frame(10 * HOLD_MS);
    const older = queue.preparingFor('p2');
    queue.preparingFor('p2'); // superseded by a newer paint of the same page, still fetching
    older(); // the older one gives up: the newer one still holds the neighbour
    ready('p1');
    frame(HOLD_MS - 10);
    expect(painted).toEqual(['p2', 'p1']);
  });

  it('gives a superseded paint’s frame to the next page', () => {
    const { ready, frame, painted } = harness(['p2', 'p3']);
    ready('p2', false);
    ready('p3');
    frame();
    expect(painted).toEqual(['p3']);
  });
});
