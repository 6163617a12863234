/**
 * Print-preview guides (tools.md §7.11), drawn the same way on the Canvas tab's overlay and on
 * the worker's rasters for `sandbox_render_page { printPreview: true }`: the trim (blue), the
 * bleed band beyond it (magenta), the safe zone inside it (green, dashed) and, on a raster of
 * the whole sheet, the crop marks outside the bleed (black). DOM-free; coordinates in pt with the
 * trim's top-left at the origin — the caller sets the transform.
 */

/** The part of a 2D context the guides use (main-thread canvas or OffscreenCanvas). */
export interface GuideContext {
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  beginPath(): void;
  rect(x: number, y: number, w: number, h: number): void;
  fill(fillRule?: CanvasFillRule): void;
  strokeRect(x: number, y: number, w: number, h: number): void;
  setLineDash(segments: number[]): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  stroke(): void;
}

/** Guide colours: tools.md §7.11 names trim blue, bleed magenta, safe zone green. */
export const PRINT_GUIDE_COLOURS = {
  trim: '#2563eb',
  bleed: '#d946ef',
  bleedBand: 'rgba(217, 70, 239, 0.10)',
  safeZone: '#16a34a',
  cropMarks: '#000000',
} as const;

export interface PrintGuideGeometry {
  /** Trim size, pt. */
  width: number;
  height: number;
  /** Bleed beyond the trim, pt. */
  bleed: number;
  /** Distance of the safe zone inside the trim, pt. */
  safeZone: number;
}

/** Crop marks as the PDF draws them (configuration.md §2 `page.cutLines`), pt. */
export interface CropMarks {
  offset: number;
  length: number;
  width: number;
  /** `page.cutLines.color` on screen (the PDF always paints the registration colour); black when absent. */
  colour?: string;
}

/** Paper around the trim that a sheet with these guides needs on each side, pt. */
export function sheetMargin(bleed: number, marks: CropMarks | null): number {
  return marks ? Math.max(marks.offset, bleed) + marks.length : bleed;
}

/** Trim, bleed band and safe zone; `scale` is device px per pt (hairlines stay one pixel wide). */
export function drawPrintGuides(ctx: GuideContext, g: PrintGuideGeometry, scale: number): void {
  const hairline = Math.max(0.25, 1 / scale); // pt: at least one device pixel
  if (g.bleed > 0) {
    ctx.fillStyle = PRINT_GUIDE_COLOURS.bleedBand;
    ctx.beginPath();
    ctx.rect(-g.bleed, -g.bleed, g.width + 2 * g.bleed, g.height + 2 * g.bleed);
    ctx.rect(0, 0, g.width, g.height);
    ctx.fill('evenodd');
    ctx.strokeStyle = PRINT_GUIDE_COLOURS.bleed;
    ctx.lineWidth = hairline;
    ctx.strokeRect(-g.bleed, -g.bleed, g.width + 2 * g.bleed, g.height + 2 * g.bleed);
  }
  ctx.strokeStyle = PRINT_GUIDE_COLOURS.trim;
  ctx.lineWidth = hairline;
  ctx.strokeRect(0, 0, g.width, g.height);
  if (g.safeZone > 0 && g.safeZone * 2 < Math.min(g.width, g.height)) {
    ctx.strokeStyle = PRINT_GUIDE_COLOURS.safeZone;
    ctx.setLineDash([4, 3]); // pt
    ctx.strokeRect(g.safeZone, g.safeZone, g.width - 2 * g.safeZone, g.height - 2 * g.safeZone);
    ctx.setLineDash([]);
  }
}

/** The eight corner marks on the trim lines, starting outside the bleed (as the PDF's sheet). */
export function drawCropMarks(ctx: GuideContext, g: PrintGuideGeometry, marks: CropMarks, scale: number): void {
  const start = Math.max(marks.offset, g.bleed);
  const end = start + marks.length;
  ctx.strokeStyle = marks.colour ?? PRINT_GUIDE_COLOURS.cropMarks;
  ctx.lineWidth = Math.max(marks.width, 1 / scale);
  ctx.beginPath();
  for (const y of [0, g.height]) {
    ctx.moveTo(-start, y); ctx.lineTo(-end, y);
    ctx.moveTo(g.width + start, y); ctx.lineTo(g.width + end, y);
  }
  for (const x of [0, g.width]) {
    ctx.moveTo(x, -start); ctx.lineTo(x, -end);
    ctx.moveTo(x, g.height + start); ctx.lineTo(x, g.height + end);
  }
  ctx.stroke();
}
