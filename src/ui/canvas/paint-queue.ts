/**
 * The order page canvases are painted in: one page per animation frame, pages in view first,
 * then the neighbours kept painted above and below the view (issue #6).
 *
 * A page paint is "preparing" while its display list, glyph outlines and pictures are fetched
 * from the worker, then "queued" for a frame. Each frame paints one queued page: one in view if
 * any is queued. A neighbour is painted only when no page in view is still preparing — else a
 * neighbour whose data came first (its glyphs already cached, no picture to decode) took the
 * first frame after a change while the pages in view waited a frame behind it. The hold is
 * bounded (HOLD_MS): a page in view whose fetch stalls (the worker busy with a long build) does
 * not keep the neighbours blank.
 *
 * Pure scheduling: the DOM (what is in view, animation frames, the clock) is injected, so the
 * rules run in Node tests (tests/unit/ui/paint-queue.test.ts).
 */

/**
 * How long neighbours wait for the pages in view to be ready, ms. A page in view is normally
 * ready a worker round trip or two after its neighbours (its outlines or pictures fetched); a
 * third of a second covers that under load and is short next to scrolling to a neighbour.
 */
export const HOLD_MS = 300;

export interface PaintQueueHost<Target> {
  /** Whether a target shows in its viewer now (read in a frame, where layout is clean). */
  inView(target: Target): boolean;
  /** Asks for a callback at the next animation frame. */
  requestFrame(callback: () => void): void;
  /** A clock, ms. */
  now(): number;
}

interface Job<Target> {
  target: Target;
  /** Paints; false when it no longer applies (superseded, or its canvas left the page): its frame goes to the next job. */
  paint: () => boolean;
}

export class PaintQueue<Target> {
  private readonly queued: Job<Target>[] = [];
  /** Paints fetching their data, by target, with the token of the newest one (an older one's end must not clear a newer one). */
  private readonly preparing = new Map<Target, object>();
  private frameRequested = false;
  /** When the current hold of the neighbours began (clock ms); null while none is held. */
  private holdingSince: number | null = null;

  constructor(private readonly host: PaintQueueHost<Target>) {}

  /** A paint of `target` starts fetching its data; call the returned function when that is over (ready or given up). */
  preparingFor(target: Target): () => void {
    const token = {};
    this.preparing.set(target, token);
    return () => {
      if (this.preparing.get(target) === token) this.preparing.delete(target);
      // The page it held back for may not come: let the next frame look again.
      this.requestFrame();
    };
  }

  /** Queues a ready paint for a frame of its own. */
  enqueue(target: Target, paint: () => boolean): void {
    this.queued.push({ target, paint });
    this.requestFrame();
  }

  private requestFrame(): void {
    if (this.frameRequested || this.queued.length === 0) return;
    this.frameRequested = true;
    this.host.requestFrame(() => {
      this.frameRequested = false;
      this.frame();
      this.requestFrame();
    });
  }

  /** One frame: the first queued page in view, else (unless held) the first queued neighbour. */
  private frame(): void {
    while (this.queued.length > 0) {
      let next = this.queued.findIndex((job) => this.host.inView(job.target));
      if (next >= 0) this.holdingSince = null; // the hold, if any, is over: the next one starts afresh
      else {
        if (this.holdsNeighbours()) return;
        next = 0;
      }
      const [job] = this.queued.splice(next, 1);
      if (job!.paint()) return;
    }
  }

  /** Whether a page in view is still preparing, within HOLD_MS of the hold's start. */
  private holdsNeighbours(): boolean {
    let waiting = false;
    for (const target of this.preparing.keys()) {
      if (this.host.inView(target)) {
        waiting = true;
        break;
      }
    }
    if (!waiting) {
      this.holdingSince = null;
      return false;
    }
    const now = this.host.now();
    this.holdingSince ??= now;
    return now - this.holdingSince < HOLD_MS;
  }
}
