/**
 * Paints pages on their canvases outside Solid's reactive graph: display lists and glyph
 * outlines are fetched from the worker on demand (outlines cached as Path2D per font and
 * glyph), and each canvas is painted in an animation frame at the device pixel ratio.
 * A canvas keeps its old picture until the new one is ready (no blank flash after an edit).
 */
import { GlyphPathCache, ImageBitmapCache, paintPage } from '../../worker/paint/painter';
import type { BookClient } from '../../worker/protocol/client';
import { Op, type PageDisplayList } from '../../worker/protocol/displaylist';
import { defaultSettings } from '../../worker/engine/settings';

export interface SourceRect {
  pageIndex: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface OverlayInput {
  guides: { margins: boolean; baseline: boolean };
  /** Selection rectangles on this page, pt; `caret` draws a bar at the left of the first one. */
  rects: SourceRect[];
  caret: boolean;
}

/** Number of display lists kept (the visible pages and a few around them). */
const LIST_CACHE = 24;

export class PagePainter {
  readonly glyphs = new GlyphPathCache();
  /** Decoded pictures (ImageItem.image keys), fetched from the worker once. */
  readonly images = new ImageBitmapCache();
  private readonly lists = new Map<number, { revision: number; list: PageDisplayList }>();

  constructor(private readonly client: BookClient) {}

  /** The page's display list for a layout revision (cached until the revision moves on). */
  async displayList(index: number, revision: number): Promise<PageDisplayList | null> {
    const hit = this.lists.get(index);
    if (hit && hit.revision === revision) return hit.list;
    const list = await this.client.getDisplayList(index);
    if (list) {
      this.lists.delete(index);
      this.lists.set(index, { revision, list });
      while (this.lists.size > LIST_CACHE) this.lists.delete(this.lists.keys().next().value!);
    }
    return list;
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
  async paint(canvas: HTMLCanvasElement, index: number, revision: number, cssWidth: number): Promise<boolean> {
    const token = `${index}@${revision}@${cssWidth}`;
    canvas.dataset['pending'] = token;
    const list = await this.displayList(index, revision);
    if (!list) return false;
    await this.ensureGlyphs(list);
    await this.images.load(list, (key) => this.client.getImage(key));
    await nextFrame();
    if (canvas.dataset['pending'] !== token || !canvas.isConnected) return false;
    const dpr = window.devicePixelRatio || 1;
    const cssHeight = (cssWidth * list.height) / list.width;
    canvas.width = Math.round(cssWidth * dpr);
    canvas.height = Math.round(cssHeight * dpr);
    const ctx = canvas.getContext('2d');
    if (!ctx) return false;
    paintPage(ctx, list, this.glyphs, canvas.width / list.width, 0, 0, this.images);
    canvas.dataset['painted'] = token;
    return true;
  }

  /**
   * Paints the Sandbox-only overlay of a page (guides, caret and selection) on its own canvas,
   * never into the page canvas (tools.md §7.12).
   */
  async paintOverlay(canvas: HTMLCanvasElement, index: number, revision: number, cssWidth: number, input: OverlayInput): Promise<void> {
    const token = `${index}@${revision}@${cssWidth}@${Math.random()}`;
    canvas.dataset['pending'] = token;
    const list = input.guides.baseline ? await this.displayList(index, revision) : null;
    await nextFrame();
    if (canvas.dataset['pending'] !== token || !canvas.isConnected) return;
    const dpr = window.devicePixelRatio || 1;
    const settings = defaultSettings();
    const widthPt = list?.width ?? settings.pageWidth;
    const heightPt = list?.height ?? settings.pageHeight;
    const scale = (cssWidth * dpr) / widthPt;
    canvas.width = Math.round(cssWidth * dpr);
    canvas.height = Math.round(heightPt * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    const m = settings.margins;
    // With mirrored margins the inner margin (`left`) is on the right of a verso (odd index).
    const left = m.mirror && index % 2 === 1 ? m.right : m.left;
    const right = m.mirror && index % 2 === 1 ? m.left : m.right;
    const textW = widthPt - left - right;
    const textH = heightPt - m.top - m.bottom;
    if (input.guides.margins) {
      ctx.lineWidth = 0.5;
      ctx.strokeStyle = '#d946ef';
      ctx.strokeRect(left, m.top, textW, textH);
      const columnW = (textW - settings.gutter * (settings.columns - 1)) / settings.columns;
      ctx.strokeStyle = '#0ea5e9';
      for (let c = 1; c < settings.columns; c++) {
        const x = left + c * columnW + (c - 1) * settings.gutter;
        ctx.strokeRect(x, m.top, settings.gutter, textH);
      }
    }
    if (input.guides.baseline) {
      const pitch = settings.body.lineHeight;
      // The grid's phase comes from a body line actually set on the page, when there is one.
      const body = list?.items.find((item) => item.op === Op.GlyphRun && item.line?.role === 'body');
      const anchor = body && body.op === Op.GlyphRun ? body.y : m.top + pitch;
      let y = anchor - Math.floor((anchor - m.top) / pitch) * pitch;
      ctx.lineWidth = 0.25;
      ctx.strokeStyle = '#06b6d4';
      ctx.beginPath();
      for (; y <= heightPt - m.bottom + 0.01; y += pitch) {
        ctx.moveTo(left, y);
        ctx.lineTo(left + textW, y);
      }
      ctx.stroke();
    }
    if (input.rects.length > 0) {
      if (input.caret) {
        const r = input.rects[0]!;
        ctx.fillStyle = '#2563eb';
        // At least two device pixels wide, so the bar stays visible when zoomed out.
        const w = Math.max(0.8, 2 / scale);
        ctx.fillRect(r.x - w / 2, r.y, w, r.height);
      } else {
        ctx.fillStyle = '#fde04780';
        for (const r of input.rects) ctx.fillRect(r.x, r.y, r.width, r.height);
      }
    }
    canvas.dataset['painted'] = token;
  }
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}
