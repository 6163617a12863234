/**
 * Paints pages on their canvases outside Solid's reactive graph: display lists and glyph
 * outlines are fetched from the worker on demand (outlines cached as Path2D per font and
 * glyph), and each canvas is painted in an animation frame at the device pixel ratio.
 */
import { GlyphPathCache, paintPage } from '../../worker/paint/painter';
import type { BookClient } from '../../worker/protocol/client';
import type { PageDisplayList } from '../../worker/protocol/displaylist';

export class PagePainter {
  readonly glyphs = new GlyphPathCache();
  private readonly lists = new Map<number, { revision: number; list: PageDisplayList }>();

  constructor(private readonly client: BookClient) {}

  /** The page's display list for a layout revision (cached until the revision moves on). */
  async displayList(index: number, revision: number): Promise<PageDisplayList | null> {
    const hit = this.lists.get(index);
    if (hit && hit.revision === revision) return hit.list;
    const list = await this.client.getDisplayList(index);
    if (list) this.lists.set(index, { revision, list });
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
   * Paints a page on a canvas `cssWidth` CSS px wide. Returns false when a newer request for
   * the same canvas superseded this one (stale versions are dropped, not painted).
   */
  async paint(canvas: HTMLCanvasElement, index: number, revision: number, cssWidth: number): Promise<boolean> {
    const token = `${index}@${revision}@${cssWidth}`;
    canvas.dataset['pending'] = token;
    const list = await this.displayList(index, revision);
    if (!list) return false;
    await this.ensureGlyphs(list);
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    if (canvas.dataset['pending'] !== token) return false;
    const dpr = window.devicePixelRatio || 1;
    const cssHeight = (cssWidth * list.height) / list.width;
    canvas.width = Math.round(cssWidth * dpr);
    canvas.height = Math.round(cssHeight * dpr);
    canvas.style.width = `${cssWidth}px`;
    canvas.style.height = `${cssHeight}px`;
    const ctx = canvas.getContext('2d');
    if (!ctx) return false;
    paintPage(ctx, list, this.glyphs, canvas.width / list.width);
    canvas.dataset['painted'] = token;
    return true;
  }
}
