/**
 * The paint worker: draws page display lists off the main thread. Without a GPU, a 2D canvas
 * is rasterised on the thread that owns it when a frame is produced; a page full of glyph
 * outlines took 100–270 ms of the main thread per page in the bench's traces, and every answer
 * of the book worker (a transaction's acceptance, an edit's convergence) waited behind it. Here
 * the same painter (painter.ts) draws on an OffscreenCanvas, and the main thread only copies the
 * finished ImageBitmap onto the page canvas.
 *
 * One page a task, oldest first, a newer request for the same canvas replacing one still waiting;
 * each request carries the glyph outlines and pictures this worker was not sent before
 * (paint-messages.ts), kept for later pages.
 */
import { LatestPerTarget } from './latest-per-target';
import { GlyphPathCache, ImageBitmapCache, paintPage } from './painter';
import { PaintRequestSchema, type PaintReply, type PaintRequest } from './paint-messages';

const glyphs = new GlyphPathCache();
const images = new ImageBitmapCache();
/** One canvas for every page: `transferToImageBitmap` hands its picture over and leaves it blank. */
let canvas: OffscreenCanvas | null = null;

function reply(message: PaintReply): void {
  if ('bitmap' in message) (self as unknown as DedicatedWorkerGlobalScope).postMessage(message, [message.bitmap]);
  else (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);
}

/** Requests waiting for their turn, one per target. */
const waiting = new LatestPerTarget<PaintRequest>();
let turnAsked = false;

self.addEventListener('message', (event: MessageEvent<unknown>) => {
  const parsed = PaintRequestSchema.safeParse(event.data);
  const id = typeof (event.data as { id?: unknown } | null)?.id === 'number' ? (event.data as { id: number }).id : -1;
  if (!parsed.success) {
    reply({ id, error: `Not a paint request: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`).join('; ')}` });
    return;
  }
  const request = parsed.data;
  // What it brings is kept at once: a request superseded before its turn still delivered its
  // outlines and pictures, which the main thread counts as sent.
  for (const font of request.glyphs) glyphs.add(font.fontId, font.upem, font.glyphs, font.paths);
  for (const picture of request.images) images.put(picture.key, picture.bitmap);
  const older = waiting.add(request);
  if (older) reply({ id: older.id, superseded: true });
  askForTurn();
});

/**
 * One page per task: messages that arrive meanwhile (a newer version of a waiting page) are read
 * in between. A port posting to itself gives the turn (setTimeout would be clamped to 4 ms once nested).
 */
const turns = new MessageChannel();
turns.port1.onmessage = () => {
  turnAsked = false;
  const next = waiting.take();
  if (next) draw(next);
  askForTurn();
};

function askForTurn(): void {
  if (turnAsked || waiting.size === 0) return;
  turnAsked = true;
  turns.port2.postMessage(null);
}

function draw(request: PaintRequest): void {
  try {
    // Resized only when the size changes: setting a canvas's size, even to the same value, drops
    // its bitmap, and a fresh one cost 15-25 ms a page in a Chromium worker without a GPU (a
    // picture drawn on a canvas kept at its size: ~25 ms; resized each time: ~45 ms).
    canvas ??= new OffscreenCanvas(request.width, request.height);
    if (canvas.width !== request.width) canvas.width = request.width;
    if (canvas.height !== request.height) canvas.height = request.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('This browser gives an OffscreenCanvas no 2D context.');
    paintPage(ctx, request.list, glyphs, request.width / request.list.width, 0, 0, images);
    reply({ id: request.id, bitmap: canvas.transferToImageBitmap() });
  } catch (error) {
    reply({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
}
