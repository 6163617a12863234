import type { Page } from '@playwright/test';

/**
 * Helpers for browser tests that check pixels of the worker's raster (the same painter as the
 * page canvas): add resources and the text citing them in one transaction, find the page a
 * resource landed on, and read colours at points given in pt.
 */

/** A resource record and its file: SVG source or the bytes (as plain numbers, for page.evaluate). */
export interface ResourceFile {
  resource: Record<string, unknown> & { id: string };
  svg?: string;
  bytes?: number[];
}

/** Puts the resources and appends `insert` to the first chapter in one transaction; resolves at convergence. */
export async function addResourcesAndText(page: Page, resources: ResourceFile[], insert: string): Promise<void> {
  await page.evaluate(async ({ resources, insert }) => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const chapter = book.chapters[0]!;
    const applied = await client.apply({
      origin: 'ui',
      baseRevision: book.revision,
      ops: [
        ...resources.map((r) => ({ type: 'resource.put' as const, resource: r.resource as never, payload: r.bytes ? new Uint8Array(r.bytes) : new TextEncoder().encode(r.svg ?? '') })),
        { type: 'text' as const, chapterId: chapter.id, from: chapter.text.length, to: chapter.text.length, insert },
      ],
    });
    if (!applied.ok) throw new Error(applied.error);
    await client.awaitConvergence(applied.revision);
  }, { resources, insert });
}

/** A page's size (pt) and display items, as the client hands them out. */
export interface PageItems {
  index: number;
  width: number;
  height: number;
  items: Array<Record<string, unknown> & { op: number }>;
}

/** The first page whose display list draws the resource (a picture item naming it), or null. */
export async function pageDrawing(page: Page, resourceId: string): Promise<PageItems | null> {
  return page.evaluate(async (id) => {
    const client = window.postextApp!.client;
    const { pages } = await client.getPages();
    for (const p of pages) {
      const list = await client.getDisplayList(p.index);
      if (list?.items.some((i) => i.op === 4 && (i as { resource?: string }).resource === id)) {
        return { index: p.index, width: p.width, height: p.height, items: list.items as unknown as PageItems['items'] };
      }
    }
    return null;
  }, resourceId);
}

/** RGB of the worker's PNG raster of a page (1 px per pt) at each point, given in pt. */
export async function rasterColours(page: Page, target: PageItems, points: ReadonlyArray<readonly [number, number]>): Promise<Array<[number, number, number]>> {
  return page.evaluate(async ({ index, width, points }) => {
    const client = window.postextApp!.client;
    const shot = await client.renderPage(index, { width: Math.round(width), format: 'png' });
    const bitmap = await createImageBitmap(new Blob([shot.bytes], { type: shot.mimeType }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const scale = shot.width / width;
    return points.map(([x, y]) => {
      const [r, g, b] = ctx.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data;
      return [r!, g!, b!] as [number, number, number];
    });
  }, { index: target.index, width: target.width, points: points.map(([x, y]) => [x, y] as [number, number]) });
}

/** How page `index`'s canvas on screen compares with the worker's raster of the same display list. */
export interface CanvasComparison {
  /** Pixels whose colour differs from the raster's by more than 24 of 255 in some channel. */
  differing: number;
  /** Pixels of the canvas darker than mid-grey in red (ink on the page). */
  inked: number;
  /** Pixels compared (the smaller of the two sizes). */
  total: number;
  /** Canvas width, height, raster width, height (px). */
  sizes: [number, number, number, number];
}

/**
 * Compares page `index`'s canvas with the worker's PNG raster of its display list at the canvas's
 * width, pixel by pixel; null while that canvas is not on the page (or not painted, with `painted`).
 */
export async function canvasAgainstRaster(page: Page, index: number, painted = false): Promise<CanvasComparison | null> {
  return page.evaluate(async ({ index, painted }) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`canvas[data-page-index="${index}"]${painted ? '[data-painted]' : ''}`);
    if (!canvas) return null;
    const screen = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    const raster = await window.postextApp!.client.renderPage(index, { width: canvas.width, format: 'png' });
    const bitmap = await createImageBitmap(new Blob([raster.bytes], { type: raster.mimeType }));
    const off = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = off.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const worker = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    const width = Math.min(screen.width, worker.width);
    const height = Math.min(screen.height, worker.height);
    let differing = 0;
    let inked = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const a = (y * screen.width + x) * 4;
        const b = (y * worker.width + x) * 4;
        const delta = Math.max(Math.abs(screen.data[a]! - worker.data[b]!), Math.abs(screen.data[a + 1]! - worker.data[b + 1]!), Math.abs(screen.data[a + 2]! - worker.data[b + 2]!));
        if (delta > 24) differing++;
        if (screen.data[a]! < 128) inked++;
      }
    }
    return { differing, inked, total: width * height, sizes: [screen.width, screen.height, worker.width, worker.height] as [number, number, number, number] };
  }, { index, painted });
}
