/**
 * Paints pages on their canvases outside Solid's reactive graph: display lists and glyph
 * outlines are fetched from the book worker on demand, the paint worker draws the page's picture
 * off the main thread (paint-worker-client.ts; where it cannot, the page is drawn here, outlines
 * cached as Path2D per font and glyph), and each canvas shows its picture in an animation frame
 * at the device pixel ratio. A canvas keeps its old picture until the new one is ready (no blank
 * flash after an edit).
 */
import { GlyphPathCache, ImageBitmapCache, paintPage } from '../../worker/paint/painter';
import { drawPrintGuides } from '../../worker/paint/print-guides';
import type { BookClient } from '../../worker/protocol/client';
import { applyMatrix, itemMatrices, Op, type GlyphRunItem, type PageDisplayList } from '../../worker/protocol/displaylist';
import type { PageGeometry } from '../../worker/protocol/messages';
import { PaintQueue } from './paint-queue';
import { PaintWorkerClient } from './paint-worker-client';

export interface SourceRect {
  pageIndex: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface OverlayInput {
  guides: { margins: boolean; baseline: boolean; looseLines: boolean };
  /** Print preview (tools.md §7.11): trim (blue), bleed (magenta) and safe zone (green, dashed). */
  printPreview: boolean;
  /** Selection rectangles on this page, pt; `caret` draws a bar at the left of the first one. */
  rects: SourceRect[];
  caret: boolean;
}

/** Guide colours (the print-preview colours are in worker/paint/print-guides.ts). */
const GUIDE = {
  margins: '#8b5cf6',
  columns: '#0ea5e9',
  baseline: '#06b6d4',
} as const;

/** Name of the performance measure recorded for every page paint, ms. */
export const PAGE_PAINT_MEASURE = 'postext:page-paint';

/** Number of display lists kept (the visible pages and a few around them). */
const LIST_CACHE = 24;

export class PagePainter {
  private paintsMeasured = 0;
  /** Page paints waiting for their data and for a frame of their own, pages in view first (paint-queue.ts). */
  private readonly queue = new PaintQueue<HTMLCanvasElement>({
    inView: inViewport,
    requestFrame: (callback) => requestAnimationFrame(() => callback()),
    now: () => performance.now(),
  });
  readonly glyphs = new GlyphPathCache();
  /** Decoded pictures (ImageItem.image keys), fetched from the worker once. */
  readonly images = new ImageBitmapCache();
  private readonly lists = new Map<number, { version: string; list: PageDisplayList }>();
  private readonly geometries = new Map<number, { version: string; geometry: PageGeometry }>();
  /** Draws pages' pictures off the main thread; without `paintWorker` (the App passes worker-start's) they are drawn here. */
  private readonly offThread: PaintWorkerClient | null;
  private readonly targets = new WeakMap<HTMLCanvasElement, string>();
  private targetCount = 0;

  constructor(private readonly client: BookClient, paintWorker: (() => Worker) | null = null) {
    this.offThread = paintWorker ? new PaintWorkerClient(paintWorker) : null;
    this.offThread?.warm();
  }

  /**
   * The page's display list at a version (`PageSummary.version`, cached until the version moves
   * on); null when the worker no longer serves that version (a newer page list is coming).
   */
  async displayList(index: number, version: string): Promise<PageDisplayList | null> {
    const hit = this.lists.get(index);
    if (hit && hit.version === version) return hit.list;
    const list = await this.client.getDisplayList(index, version);
    if (list) {
      this.lists.delete(index);
      this.lists.set(index, { version, list });
      while (this.lists.size > LIST_CACHE) this.lists.delete(this.lists.keys().next().value!);
    }
    return list;
  }

  /** The page's own geometry at a version (cached until the version moves on: it follows the configuration). */
  async geometry(index: number, version: string): Promise<PageGeometry | null> {
    const hit = this.geometries.get(index);
    if (hit && hit.version === version) return hit.geometry;
    const geometry = await this.client.getPageGeometry(index).catch(() => null);
    // Not cached when absent: the worker's layout may not have caught up with this page yet.
    if (!geometry) return null;
    this.geometries.delete(index);
    this.geometries.set(index, { version, geometry });
    while (this.geometries.size > LIST_CACHE) this.geometries.delete(this.geometries.keys().next().value!);
    return geometry;
  }

  async ensureGlyphs(list: PageDisplayList): Promise<void> {
    await Promise.all(
      [...this.glyphs.missing(list)].map(async ([fontId, glyphs]) => {
        const outlines = await this.client.getGlyphOutlines(fontId, glyphs);
        this.glyphs.add(fontId, outlines.upem, glyphs, outlines.paths);
      }),
    );
  }

  /**
   * Paints a page on a canvas `cssWidth` CSS px wide (its CSS size comes from the stylesheet).
   * Returns false when a newer request for the same canvas superseded this one.
   */
  async paint(canvas: HTMLCanvasElement, index: number, version: string, cssWidth: number): Promise<boolean> {
    const token = `${index}@${version}@${cssWidth}@${window.devicePixelRatio || 1}`;
    canvas.dataset['pending'] = token;
    // The canvas shows this very page at this size already (an edit elsewhere in the book): no
    // fetch, no repaint — resizing a canvas to paint it again reallocates its bitmap.
    if (canvas.dataset['painted'] === token && canvas.isConnected) return true;
    // While its data comes (and the paint worker draws it), a page in view holds back the
    // neighbours' paints (paint-queue.ts).
    const prepared = this.queue.preparingFor(canvas);
    let list: PageDisplayList | null;
    let picture: ImageBitmap | null = null;
    const dpr = window.devicePixelRatio || 1;
    let width = 0;
    let height = 0;
    try {
      list = await this.displayList(index, version);
      if (!list) return false;
      width = Math.max(1, Math.round(cssWidth * dpr));
      height = Math.max(1, Math.round(((cssWidth * list.height) / list.width) * dpr));
      await this.images.load(list, (key) => this.client.getImage(key));
      if (canvas.dataset['pending'] !== token) return false;
      // A canvas showing no picture yet (a book just opened, a page scrolled to) is drawn here, at
      // once: the worker draws a page ~1.5× slower than this thread rasterises it, and nobody is
      // typing while a blank page waits. A canvas with a picture (the page changed) keeps it
      // until the paint worker's is ready, and this thread stays free for the book worker's answers.
      const offThread = canvas.dataset['painted'] ? await this.pictureOffThread(canvas, list, width, height, () => canvas.dataset['pending'] === token && canvas.isConnected) : null;
      // A newer paint of this canvas replaced this one in the paint worker's queue.
      if (offThread === 'superseded') return false;
      picture = offThread;
      if (!picture) await this.ensureGlyphs(list);
    } finally {
      prepared();
    }
    const ready: PageDisplayList = list;
    const drawn = picture;
    return this.inFrameOfItsOwn(canvas, () => {
      if (canvas.dataset['pending'] !== token || !canvas.isConnected) {
        drawn?.close();
        return false;
      }
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx) {
        drawn?.close();
        return false;
      }
      // A performance measure per page paint: the main thread's part of showing a page (issue 9:
      // visible pages repaint within 16 ms each), readable in DevTools and by `npm run bench`
      // through performance.getEntriesByName.
      const started = performance.now();
      if (drawn) {
        // The paint worker's picture: one copy, nothing left to rasterise on this thread.
        ctx.drawImage(drawn, 0, 0);
        drawn.close();
      } else paintPage(ctx, ready, this.glyphs, width / ready.width, 0, 0, this.images);
      // The timeline keeps entries until cleared: keep the latest few hundred paints only.
      if (++this.paintsMeasured % 500 === 0) performance.clearMeasures(PAGE_PAINT_MEASURE);
      performance.measure(PAGE_PAINT_MEASURE, { start: started, detail: { page: index, version, offThread: drawn !== null } });
      canvas.dataset['painted'] = token;
      canvas.dataset['paintedBy'] = drawn ? 'paint-worker' : 'main';
      return true;
    });
  }

  /**
   * The page's picture drawn by the paint worker, with the outlines and pictures it lacks; null
   * when there is no paint worker or it failed (from then on pages are drawn on the main thread);
   * 'superseded' when it is no longer `wanted` (its canvas left the page or asks for a newer
   * version) or a newer paint of the same canvas took its place.
   */
  private async pictureOffThread(canvas: HTMLCanvasElement, list: PageDisplayList, width: number, height: number, wanted: () => boolean): Promise<ImageBitmap | null | 'superseded'> {
    const worker = this.offThread;
    if (!worker?.usable) return null;
    try {
      const glyphs = await Promise.all(
        [...worker.missingGlyphs(list)].map(async ([fontId, ids]) => {
          const outlines = await this.client.getGlyphOutlines(fontId, ids);
          return { fontId, upem: outlines.upem, glyphs: ids, paths: ids.map((_, i) => outlines.paths[i] ?? '') };
        }),
      );
      const images = worker.missingImages(list).map((key) => ({ key, bitmap: this.images.get(key) ?? null }));
      return (await worker.paint(this.targetOf(canvas), list, width, height, glyphs, images, wanted)) ?? 'superseded';
    } catch (error) {
      console.warn(`A page was painted on the main thread: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  /** A canvas's name in the paint worker's queue: one per canvas element, for as long as it lives. */
  private targetOf(canvas: HTMLCanvasElement): string {
    let target = this.targets.get(canvas);
    if (!target) this.targets.set(canvas, (target = `canvas-${++this.targetCount}`));
    return target;
  }

  /**
   * Runs a page paint in an animation frame where no other page is painted. The browser
   * rasterises what a frame drew on its canvases before it shows the frame, on the main thread
   * when the canvas is not GPU-accelerated: a page full of glyph outlines takes tens of ms there
   * (hence the paint worker), and even a copy of a finished picture is a few ms a page. After a
   * change that repaints every page on screen, painting them all in one frame made one task of
   * several hundred ms, and the worker's answers (an agent's edit converging, the caret) waited
   * behind it; one page a frame lets them in between pages. Pages in view go first, then
   * the neighbours painted ahead of scrolling (paint-queue.ts); a paint that no longer applies
   * (`paint` returns false: superseded, or its canvas left the page) gives its frame to the next.
   */
  private inFrameOfItsOwn(canvas: HTMLCanvasElement, paint: () => boolean): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.enqueue(canvas, () => {
        try {
          const painted = paint();
          resolve(painted);
          return painted;
        } catch (error) {
          reject(error);
          return false;
        }
      });
    });
  }

  /**
   * Paints the Sandbox-only overlay of a page (guides, caret and selection) on its own canvas,
   * never into the page canvas (tools.md §7.12). Guides follow the page's own geometry (the
   * worker's `getPageGeometry`). With print preview on, the overlay grows by the bleed on every
   * side so the bleed box can be drawn outside the trim.
   */
  async paintOverlay(canvas: HTMLCanvasElement, index: number, version: string, cssWidth: number, input: OverlayInput): Promise<void> {
    // Everything the overlay shows: the page (its geometry, its lines for the grid's phase and the
    // loose-line marks), the size and what is switched on. Unchanged, the overlay stays as painted.
    const token = `${index}@${version}@${cssWidth}@${window.devicePixelRatio || 1}@${JSON.stringify(input)}`;
    canvas.dataset['pending'] = token;
    if (canvas.dataset['painted'] === token && canvas.isConnected) return;
    const geometry = await this.geometry(index, version);
    const baseline = input.guides.baseline || geometry?.baseline.enabled === true;
    const loose = input.guides.looseLines || geometry?.looseLines.enabled === true;
    const list = baseline || loose ? await this.displayList(index, version) : null;
    await nextFrame();
    if (canvas.dataset['pending'] !== token || !canvas.isConnected) return;
    // Nothing to show (the default: no guide, no preview, no selection): no bitmap at all. A blank
    // overlay as large as its page (4 bytes a device pixel: 4.6 MB for an A5 page 900 px wide at
    // DPR 1, four times that at DPR 2) was kept over every painted page, and cleared and
    // composited again at each new version of the page.
    const shows = input.printPreview || input.guides.margins || baseline || loose || geometry?.cjkGrid?.show === true || input.rects.length > 0;
    if (!shows) {
      if (canvas.width !== 0 || canvas.height !== 0) {
        canvas.width = 0;
        canvas.height = 0;
      }
      Object.assign(canvas.style, { inset: '', left: '', top: '', width: '', height: '' });
      canvas.dataset['bleed'] = '0';
      canvas.dataset['painted'] = token;
      return;
    }
    const dpr = window.devicePixelRatio || 1;
    const widthPt = geometry?.width ?? list?.width ?? 0;
    const heightPt = geometry?.height ?? list?.height ?? 0;
    if (widthPt <= 0 || heightPt <= 0) return;
    const bleed = input.printPreview && geometry ? geometry.bleed : 0;
    const cssPerPt = cssWidth / widthPt;
    // The canvas covers the trim plus the bleed band (pt), positioned so the trim stays on the page.
    Object.assign(canvas.style, bleed > 0
      ? { inset: 'auto', left: `${-bleed * cssPerPt}px`, top: `${-bleed * cssPerPt}px`, width: `${(widthPt + 2 * bleed) * cssPerPt}px`, height: `${(heightPt + 2 * bleed) * cssPerPt}px` }
      : { inset: '', left: '', top: '', width: '', height: '' });
    const scale = cssPerPt * dpr;
    canvas.width = Math.round((widthPt + 2 * bleed) * scale);
    canvas.height = Math.round((heightPt + 2 * bleed) * scale);
    canvas.dataset['bleed'] = String(bleed);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(scale, 0, 0, scale, bleed * scale, bleed * scale);
    if (geometry) {
      if (input.printPreview) drawPrintGuides(ctx, geometry, scale);
      if (input.guides.margins) drawMarginGuides(ctx, geometry);
      if (baseline) drawBaselineGrid(ctx, geometry, list, input.guides.baseline && !geometry.baseline.enabled);
      if (geometry.cjkGrid?.show) drawCjkGrid(ctx, geometry, geometry.cjkGrid);
      if (loose && list) drawLooseLines(ctx, geometry, list);
    }
    if (input.rects.length > 0) {
      if (input.caret) {
        const r = input.rects[0]!;
        ctx.fillStyle = '#2563eb';
        // At least two device pixels wide, so the bar stays visible when zoomed out.
        const w = Math.max(0.8, 2 / scale);
        // Vertical text (lines run down the page): the caret lies across the line, at the glyph's top.
        if (geometry?.vertical) ctx.fillRect(r.x, r.y - w / 2, r.width, w);
        else ctx.fillRect(r.x - w / 2, r.y, w, r.height);
      } else {
        ctx.fillStyle = '#fde04780';
        for (const r of input.rects) ctx.fillRect(r.x, r.y, r.width, r.height);
      }
    }
    canvas.dataset['painted'] = token;
  }
}

/** The text area and the gutters between columns, as this page's margins place them. */
function drawMarginGuides(ctx: CanvasRenderingContext2D, g: PageGeometry): void {
  const m = g.margins;
  const textW = g.width - m.left - m.right;
  const textH = g.height - m.top - m.bottom;
  ctx.lineWidth = 0.5;
  ctx.strokeStyle = GUIDE.margins;
  ctx.strokeRect(m.left, m.top, textW, textH);
  ctx.strokeStyle = GUIDE.columns;
  if (g.vertical) {
    // Vertical text: the flow's columns are tiers down the page, a gutter between them.
    const tierH = (textH - g.gutter * (g.columns - 1)) / g.columns;
    for (let c = 1; c < g.columns; c++) ctx.strokeRect(m.left, m.top + c * tierH + (c - 1) * g.gutter, textW, g.gutter);
    return;
  }
  const columnW = (textW - g.gutter * (g.columns - 1)) / g.columns;
  for (let c = 1; c < g.columns; c++) {
    const x = m.left + c * columnW + (c - 1) * g.gutter;
    ctx.strokeRect(x, m.top, g.gutter, textH);
  }
}

/**
 * The baseline grid across the text area. Its phase comes from a body line actually set on the
 * page when there is one. `sandboxColours`: the guide's own colour (toggled in the viewer) rather
 * than `page.baselineGrid.color`/`lineWidth` (the book asks for the grid).
 */
function drawBaselineGrid(ctx: CanvasRenderingContext2D, g: PageGeometry, list: PageDisplayList | null, sandboxColours: boolean): void {
  const m = g.margins;
  const pitch = g.baseline.pitch;
  if (!(pitch > 0)) return;
  const index = list ? list.items.findIndex((item) => item.op === Op.GlyphRun && item.line?.role === 'body') : -1;
  const body = index >= 0 ? (list!.items[index] as GlyphRunItem) : undefined;
  ctx.lineWidth = sandboxColours ? 0.25 : g.baseline.lineWidth;
  ctx.strokeStyle = sandboxColours ? GUIDE.baseline : g.baseline.color;
  ctx.beginPath();
  if (g.vertical) {
    // Vertical text: the baselines run down the page, one pitch apart from the right margin leftwards,
    // in phase with a body line as its group's matrix places it.
    const right = g.width - m.right;
    const anchor = body ? applyMatrix(itemMatrices(list!.items)[index] ?? [1, 0, 0, 1, 0, 0], body.xs[0]!, body.y)[0] : right - pitch;
    for (let x = anchor + Math.floor((right - anchor) / pitch) * pitch; x >= m.left - 0.01; x -= pitch) {
      ctx.moveTo(x, m.top);
      ctx.lineTo(x, g.height - m.bottom);
    }
    ctx.stroke();
    return;
  }
  const anchor = body ? body.y : m.top + pitch;
  let y = anchor - Math.floor((anchor - m.top) / pitch) * pitch;
  for (; y <= g.height - m.bottom + 0.01; y += pitch) {
    ctx.moveTo(m.left, y);
    ctx.lineTo(g.width - m.right, y);
  }
  ctx.stroke();
}

/**
 * The CJK character grid (`cjk.grid.show`, configuration.md §14.1): one cell per character of
 * every line of every column (tier, in vertical text), from the type area's start corner — the
 * top left, or the top right in vertical text, where lines run down the page from the right.
 */
function drawCjkGrid(ctx: CanvasRenderingContext2D, g: PageGeometry, grid: NonNullable<PageGeometry['cjkGrid']>): void {
  const m = g.margins;
  const columns = Math.max(1, g.columns);
  ctx.lineWidth = 0.25;
  ctx.strokeStyle = GUIDE.baseline;
  ctx.beginPath();
  for (let c = 0; c < columns; c++) {
    // Along a line: `chars` cells of `cell` pt; across: `lines` lines of `pitch` pt.
    const start = c * (grid.chars * grid.cell + g.gutter);
    for (let line = 0; line < grid.lines; line++) {
      for (let k = 0; k < grid.chars; k++) {
        if (g.vertical) ctx.rect(g.width - m.right - (line + 1) * grid.pitch, m.top + start + k * grid.cell, grid.pitch, grid.cell);
        else ctx.rect(m.left + start + k * grid.cell, m.top + line * grid.pitch, grid.cell, grid.pitch);
      }
    }
  }
  ctx.stroke();
}

/**
 * Loose lines (configuration.md `debug.looseLineHighlight`): body lines whose word spaces reach
 * `threshold` × the normal space. A justified space is normal + ratio × (maxWordSpacing − 1) ×
 * normal (the engine's glue), so the multiple is 1 + ratio × (maxWordSpacing − 1); emergency
 * lines count too. Each line is one band (its runs share a block and a baseline).
 */
export function looseLineBands(g: PageGeometry, list: PageDisplayList): { x: number; y: number; width: number; height: number }[] {
  const lines = new Map<string, { x0: number; x1: number; top: number; bottom: number }>();
  // Runs in Transform groups (vertical text's turned flow) are marked where they are drawn: their band through the group's matrix.
  const matrices = list.items.some((i) => i.op === Op.Transform) ? itemMatrices(list.items) : null;
  list.items.forEach((item, i) => {
    if (item.op !== Op.GlyphRun || item.line?.role !== 'body' || item.xs.length === 0) return;
    const info = item.line;
    const multiple = 1 + Math.max(0, info.ratio) * (g.looseLines.maxWordSpacing - 1);
    if (!(info.emergency === true || multiple >= g.looseLines.threshold)) return;
    const key = `${info.block}@${item.y}`;
    let x0 = item.xs[0]!;
    // The last glyph's advance is not in the list: half an em stands in for it (pt).
    let x1 = item.xs[item.xs.length - 1]! + item.size * 0.5;
    let top = item.y - item.size * 0.8;
    let bottom = item.y + item.size * 0.25;
    const m = matrices?.[i];
    if (m) {
      const corners = [applyMatrix(m, x0, top), applyMatrix(m, x1, top), applyMatrix(m, x0, bottom), applyMatrix(m, x1, bottom)];
      [x0, x1, top, bottom] = [Math.min(...corners.map((c) => c[0])), Math.max(...corners.map((c) => c[0])), Math.min(...corners.map((c) => c[1])), Math.max(...corners.map((c) => c[1]))];
    }
    const band = lines.get(key);
    if (band) lines.set(key, { x0: Math.min(band.x0, x0), x1: Math.max(band.x1, x1), top: Math.min(band.top, top), bottom: Math.max(band.bottom, bottom) });
    else lines.set(key, { x0, x1, top, bottom });
  });
  return [...lines.values()].map((b) => ({ x: b.x0, y: b.top, width: b.x1 - b.x0, height: b.bottom - b.top }));
}

function drawLooseLines(ctx: CanvasRenderingContext2D, g: PageGeometry, list: PageDisplayList): void {
  ctx.fillStyle = g.looseLines.color;
  for (const band of looseLineBands(g, list)) ctx.fillRect(band.x, band.y, band.width, band.height);
}

/**
 * Whether any of a canvas shows in its viewer (the scrolling `.viewer`, else the window). Read in
 * an animation frame, where layout is clean: no forced reflow.
 */
function inViewport(canvas: HTMLCanvasElement): boolean {
  if (!canvas.isConnected) return false;
  const r = canvas.getBoundingClientRect();
  const v = canvas.closest('.viewer')?.getBoundingClientRect() ?? { top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth };
  return r.bottom > v.top && r.right > v.left && r.top < v.bottom && r.left < v.right;
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}
