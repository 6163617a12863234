import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PaintWorkerClient } from '../../../src/ui/canvas/paint-worker-client';
import { LatestPerTarget } from '../../../src/worker/paint/latest-per-target';
import { PaintRequestSchema, type PaintRequest } from '../../../src/worker/paint/paint-messages';
import { Op, type PageDisplayList } from '../../../src/worker/protocol/displaylist';

/** Node has neither: stand-ins so the client believes it can paint off the main thread. */
class FakeBitmap {
  closed = false;
  close(): void {
    this.closed = true;
  }
}
const globals = globalThis as unknown as Record<string, unknown>;
let definedWorker = false;

/** A worker that records requests; `answer` replies to the oldest one. */
class FakeWorker {
  readonly requests: PaintRequest[] = [];
  private readonly listeners = new Map<string, ((event: unknown) => void)[]>();
  terminated = false;
  postMessage(message: PaintRequest): void {
    this.requests.push(structuredClone(message));
  }
  addEventListener(type: string, listener: (event: unknown) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  terminate(): void {
    this.terminated = true;
  }
  emit(type: string, event: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  answer(): void {
    const request = this.requests.shift()!;
    this.emit('message', { data: { id: request.id, bitmap: new FakeBitmap() } });
  }
}

function run(font: string, glyphs: number[]): PageDisplayList['items'][number] {
  return { op: Op.GlyphRun, font, size: 10, fill: '#000', y: 10, glyphs, xs: glyphs.map((_, i) => i * 5), text: '', clusters: glyphs.map((_, i) => i) } as unknown as PageDisplayList['items'][number];
}
function list(items: PageDisplayList['items']): PageDisplayList {
  return { width: 400, height: 600, items } as unknown as PageDisplayList;
}

describe('the paint worker client (ui/canvas/paint-worker-client.ts)', () => {
  beforeEach(() => {
    globals['OffscreenCanvas'] = class {};
    globals['ImageBitmap'] = FakeBitmap;
    definedWorker = !('Worker' in globalThis);
    if (definedWorker) globals['Worker'] = class {};
  });
  afterEach(() => {
    delete globals['OffscreenCanvas'];
    delete globals['ImageBitmap'];
    if (definedWorker) delete globals['Worker'];
  });

  it('sends each glyph outline and picture once, and starts the worker on the first page only', async () => {
    let started = 0;
    const worker = new FakeWorker();
    const client = new PaintWorkerClient(() => {
      started++;
      return worker as unknown as Worker;
    });
    const first = list([run('serif', [5, 3, 5]), { op: Op.Image, image: 'pic-a' } as unknown as PageDisplayList['items'][number]]);
    expect([...client.missingGlyphs(first)]).toEqual([['serif', [3, 5]]]);
    expect(client.missingImages(first)).toEqual(['pic-a']);
    const painted = client.paint('canvas-1', first, 800, 1200, [{ fontId: 'serif', upem: 1000, glyphs: [3, 5], paths: ['M0 0Z', 'M1 1Z'] }], [{ key: 'pic-a', bitmap: null }]);
    expect(started).toBe(1);
    // What was sent is no longer missing, before the worker even answers.
    const second = list([run('serif', [3, 5, 9]), run('sans', [1]), { op: Op.Image, image: 'pic-a' } as unknown as PageDisplayList['items'][number]]);
    expect([...client.missingGlyphs(second)]).toEqual([['serif', [9]], ['sans', [1]]]);
    expect(client.missingImages(second)).toEqual([]);
    worker.answer();
    expect(await painted).toBeInstanceOf(FakeBitmap);
    void client.paint('canvas-2', second, 800, 1200, [], []);
    expect(started).toBe(1);
    // Every request the client sends is one the worker accepts.
    expect(PaintRequestSchema.safeParse({ ...worker.requests[0]!, images: [] }).success).toBe(true);
  });

  it('warm starts the worker before any page, and pages then use that one', () => {
    let started = 0;
    const worker = new FakeWorker();
    const client = new PaintWorkerClient(() => {
      started++;
      return worker as unknown as Worker;
    });
    client.warm();
    expect(started).toBe(1);
    void client.paint('canvas-1', list([]), 10, 10, [], []);
    client.warm();
    expect(started).toBe(1);
    expect(worker.requests).toHaveLength(1);
  });

  it('keeps at most two requests in the worker; one no longer wanted when its turn comes is dropped unsent, its outlines still missing', async () => {
    const worker = new FakeWorker();
    const client = new PaintWorkerClient(() => worker as unknown as Worker);
    let thirdWanted = true;
    const page = list([run('serif', [7])]);
    const first = client.paint('canvas-1', list([]), 10, 10, [], []);
    void client.paint('canvas-2', list([]), 10, 10, [], []);
    const third = client.paint('canvas-3', page, 10, 10, [{ fontId: 'serif', upem: 1000, glyphs: [7], paths: ['M0 0Z'] }], [], () => thirdWanted);
    const fourth = client.paint('canvas-4', list([]), 10, 10, [], []);
    expect(worker.requests.map((r) => r.target)).toEqual(['canvas-1', 'canvas-2']);
    expect([...client.missingGlyphs(page)]).toEqual([['serif', [7]]]);
    thirdWanted = false; // its canvas scrolled away
    worker.answer();
    expect(await first).toBeInstanceOf(FakeBitmap);
    expect(await third).toBeNull();
    expect(worker.requests.map((r) => r.target)).toEqual(['canvas-2', 'canvas-4']);
    expect([...client.missingGlyphs(page)]).toEqual([['serif', [7]]]);
    worker.answer();
    worker.answer();
    expect(await fourth).toBeInstanceOf(FakeBitmap);
  });

  it('a request the worker replaced with a newer one for the same canvas resolves to null', async () => {
    const worker = new FakeWorker();
    const client = new PaintWorkerClient(() => worker as unknown as Worker);
    const older = client.paint('canvas-1', list([]), 10, 10, [], []);
    const newer = client.paint('canvas-1', list([]), 10, 10, [], []);
    const [first, second] = worker.requests;
    expect(first!.target).toBe('canvas-1');
    worker.emit('message', { data: { id: first!.id, superseded: true } });
    expect(await older).toBeNull();
    worker.emit('message', { data: { id: second!.id, bitmap: new FakeBitmap() } });
    expect(await newer).toBeInstanceOf(FakeBitmap);
  });

  it('a worker error rejects the paints waiting for it and leaves the painting to the main thread', async () => {
    const worker = new FakeWorker();
    const client = new PaintWorkerClient(() => worker as unknown as Worker);
    const waiting = client.paint('canvas-1', list([run('serif', [1])]), 10, 10, [], []);
    worker.emit('error', { message: 'failed to load' });
    await expect(waiting).rejects.toThrow(/failed to load/);
    expect(worker.terminated).toBe(true);
    expect(client.usable).toBe(false);
    await expect(client.paint('canvas-1', list([]), 10, 10, [], [])).rejects.toThrow(/paint worker failed/);
  });

  it('refuses a request that is not a paint request, saying what to send', () => {
    const refused = PaintRequestSchema.safeParse({ id: 1, width: 10, height: 10, list: { items: 'no' }, glyphs: [{ fontId: 'f', upem: 1000, glyphs: [1, 2], paths: ['M0 0Z'] }], images: [] });
    expect(refused.success).toBe(false);
    const messages = refused.error!.issues.map((issue) => issue.message).join('\n');
    expect(messages).toMatch(/send a page display list/);
    expect(messages).toMatch(/one path per glyph id/);
  });
});

describe('the paint worker\'s line (worker/paint/latest-per-target.ts)', () => {
  it('keeps the newest request per canvas, in the place of the first one, and hands back the one replaced', () => {
    const line = new LatestPerTarget<{ target: string; id: number }>();
    expect(line.add({ target: 'a', id: 1 })).toBeUndefined();
    expect(line.add({ target: 'b', id: 2 })).toBeUndefined();
    expect(line.add({ target: 'a', id: 3 })).toEqual({ target: 'a', id: 1 });
    expect(line.size).toBe(2);
    expect(line.take()).toEqual({ target: 'a', id: 3 });
    expect(line.take()).toEqual({ target: 'b', id: 2 });
    expect(line.take()).toBeUndefined();
  });
});
