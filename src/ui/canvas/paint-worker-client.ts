/**
 * The main thread's side of the paint worker (worker/paint/paint-worker.ts): sends a page's
 * display list with the glyph outlines and pictures the worker lacks, and gets the page's picture
 * back as an ImageBitmap. It remembers what it sent (the worker keeps it), so each outline and
 * picture crosses once. A worker that fails (no OffscreenCanvas, an error event, a refused
 * request) makes `paint` reject; the page painter then paints on the main thread from then on.
 */
import type { PageDisplayList } from '../../worker/protocol/displaylist';
import { glyphsLacking, picturesLacking } from '../../worker/paint/painter';
import type { PaintReply, PaintRequest } from '../../worker/paint/paint-messages';

/**
 * Requests in the paint worker at once: one drawing, and the next one ready to start when it
 * ends (its message is read between drawings). More would only wait there, out of reach of the
 * check that drops pages no longer wanted.
 */
const MAX_IN_FLIGHT = 2;

interface Waiter {
  resolve(bitmap: ImageBitmap | null): void;
  reject(error: Error): void;
}

export class PaintWorkerClient {
  private worker: Worker | null = null;
  private failure: string | null = null;
  private nextId = 1;
  /** Requests in the worker, by id. */
  private readonly pending = new Map<number, Waiter>();
  /** Requests not sent yet, oldest first. */
  private readonly line: (Waiter & { request: PaintRequest; wanted: () => boolean })[] = [];
  /** Glyph ids whose outlines the worker has, per font. */
  private readonly sentGlyphs = new Map<string, Set<number>>();
  /** Picture keys the worker has. */
  private readonly sentImages = new Set<string>();

  constructor(private readonly start: () => Worker) {}

  /** False once the worker failed (or cannot exist here): paint on the main thread instead. */
  get usable(): boolean {
    return this.failure === null && typeof OffscreenCanvas !== 'undefined' && typeof Worker !== 'undefined';
  }

  /** Glyphs of a list the worker has not been sent, per font, in ascending order. */
  missingGlyphs(list: PageDisplayList): Map<string, number[]> {
    return glyphsLacking(list, (fontId, glyph) => this.sentGlyphs.get(fontId)?.has(glyph) === true);
  }

  /** Picture keys of a list the worker has not been sent. */
  missingImages(list: PageDisplayList): string[] {
    return picturesLacking(list, (key) => this.sentImages.has(key));
  }

  /**
   * The page's picture for `target` (a canvas), `width` × `height` device px; null when it is no
   * longer wanted (`wanted()` false when its turn to be sent comes: the canvas scrolled away or
   * asked for a newer version) or a newer request for the same target replaced it in the worker.
   * `glyphs` and `images`: what `missingGlyphs` and `missingImages` named, fetched and decoded by
   * the caller (anything sent twice is harmless).
   *
   * At most MAX_IN_FLIGHT requests are in the worker at once; the rest wait here, where a page
   * no longer wanted is dropped before it costs a drawing (scrolling through a long book queued
   * dozens of pages the view had left, and the pages it stopped on waited behind them all).
   */
  paint(target: string, list: PageDisplayList, width: number, height: number, glyphs: PaintRequest['glyphs'], images: PaintRequest['images'], wanted: () => boolean = () => true): Promise<ImageBitmap | null> {
    if (!this.usable) return Promise.reject(new Error(this.failure ?? 'This browser has no OffscreenCanvas.'));
    this.connect();
    return new Promise<ImageBitmap | null>((resolve, reject) => {
      this.line.push({ request: { id: this.nextId++, target, width, height, list, glyphs, images }, wanted, resolve, reject });
      this.pump();
    });
  }

  /** Sends waiting requests while the worker has room, dropping those no longer wanted. */
  private pump(): void {
    while (this.worker && this.pending.size < MAX_IN_FLIGHT && this.line.length > 0) {
      const job = this.line.shift()!;
      if (!job.wanted()) {
        job.resolve(null);
        continue;
      }
      const { request } = job;
      this.pending.set(request.id, job);
      try {
        this.worker.postMessage(request);
      } catch (error) {
        this.pending.delete(request.id);
        job.reject(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      // Sent: the worker keeps them (it reads requests in order, so a later page finds them).
      for (const font of request.glyphs) {
        let sent = this.sentGlyphs.get(font.fontId);
        if (!sent) this.sentGlyphs.set(font.fontId, (sent = new Set()));
        for (const glyph of font.glyphs) sent.add(glyph);
      }
      for (const picture of request.images) this.sentImages.add(picture.key);
    }
  }

  /** Starts the worker now, so its module has loaded by the first page (a book's first page waits for it otherwise). */
  warm(): void {
    if (this.usable) this.connect();
  }

  private connect(): Worker {
    if (this.worker) return this.worker;
    const worker = this.start();
    worker.addEventListener('message', (event: MessageEvent<PaintReply>) => {
      const reply = event.data;
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if ('bitmap' in reply && reply.bitmap instanceof ImageBitmap) waiter.resolve(reply.bitmap);
      else if ('superseded' in reply) waiter.resolve(null);
      else waiter.reject(new Error('error' in reply ? reply.error : 'The paint worker answered without a picture.'));
      this.pump();
    });
    worker.addEventListener('error', (event) => this.fail(`The paint worker failed: ${event.message || 'unknown error'}`));
    worker.addEventListener('messageerror', () => this.fail('The paint worker could not read a message.'));
    this.worker = worker;
    return worker;
  }

  private fail(reason: string): void {
    this.failure = reason;
    this.worker?.terminate();
    this.worker = null;
    for (const waiter of [...this.pending.values(), ...this.line]) waiter.reject(new Error(reason));
    this.pending.clear();
    this.line.length = 0;
  }
}
