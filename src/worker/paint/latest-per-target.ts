/**
 * The paint worker's waiting requests: at most one per target (a page canvas), oldest target
 * first. A newer request for a target replaces the waiting one, which `add` hands back to be
 * answered as superseded; the replacement keeps the older one's place in the line, so a canvas
 * whose page keeps changing is not pushed behind every other canvas.
 */
export class LatestPerTarget<Request extends { target: string }> {
  private readonly waiting = new Map<string, Request>();

  get size(): number {
    return this.waiting.size;
  }

  /** Queues a request; returns the one it replaced, if any. */
  add(request: Request): Request | undefined {
    const older = this.waiting.get(request.target);
    this.waiting.set(request.target, request);
    return older;
  }

  /** The next request to draw, taken off the line. */
  take(): Request | undefined {
    const next = this.waiting.values().next();
    if (next.done) return undefined;
    this.waiting.delete(next.value.target);
    return next.value;
  }
}
