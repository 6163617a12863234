/**
 * The geometry of one laid-out page, for the Sandbox's guides (tools.md §7.11–7.12): the trim,
 * the margins as they fall on that page, the columns, the bleed, the print safe zone, the
 * baseline grid and the loose-line highlight. Read from the book's own effective configuration
 * and the engine's settings, never from defaults, so the guides sit where the pages really are.
 */
import { declareAppliedSettings, effectiveAt, lengthAtPt, resolveConfig, type StoredConfig } from '../config';
import type { LayoutSettings } from '../engine';
import type { PageGeometry } from '../protocol/messages';
import { sheetFrame } from '../engine/page/geometry';

/** The configuration's defaults, used only when a value cannot be read (configuration.md §2, §16.3, §18). */
const MM = 72 / 25.4;
const DEFAULT_BLEED_PT = 3 * MM;
const DEFAULT_SAFE_ZONE_PT = 5 * MM;

// Applied outside the layout: crop marks and bleed by the PDF (export/pdf/sheet.ts) and the print
// preview raster (the mark colour there: §2 "canvas only"), the grid by the Canvas viewer when the
// book asks for it (ui/canvas/page-painter.ts, from `baseline` below). Layout always snaps to the grid.
declareAppliedSettings(['page.cutLines.*', 'page.baselineGrid.*']);

/** `page.cutLines.color` as the print preview draws the marks (configuration.md §2), `#rrggbb`. */
export function cropMarkColour(stored: StoredConfig): string {
  const v = effectiveAt(stored, 'page.cutLines.color');
  const hex = typeof v === 'string' ? v : v && typeof v === 'object' && 'hex' in v ? (v as { hex: unknown }).hex : undefined;
  return typeof hex === 'string' && /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(hex) ? hex : '#000000';
}

export function pageGeometry(
  settings: LayoutSettings,
  stored: StoredConfig,
  page: { index: number; width: number; height: number },
): PageGeometry {
  const effective = resolveConfig(stored);
  const pt = (path: string, fallback: number): number => {
    const v = lengthAtPt(effective, stored, path);
    return v !== undefined && Number.isFinite(v) ? v : fallback;
  };
  const at = (path: string): unknown => effectiveAt(stored, path);
  const colour = (path: string, fallback: string): string => {
    const v = at(path);
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object' && 'hex' in v && typeof (v as { hex: unknown }).hex === 'string') return (v as { hex: string }).hex;
    return fallback;
  };
  const m = settings.margins;
  // page.margins.mirror: the sides of the type area as the engine places it on the sheet
  // (page/geometry.ts sheetFrame: the spine margin swaps by the page's side and `page.binding`,
  // right in vertical and right-to-left books; sides count from where the book begins in a
  // longer one, bundle-format §9 `start`).
  const frame = sheetFrame(settings, page.index);
  const left = frame.contentLeft;
  const right = settings.pageWidth - frame.contentLeft - frame.contentWidth;
  const threshold = at('debug.looseLineHighlight.threshold');
  return {
    pageIndex: page.index,
    width: page.width,
    height: page.height,
    margins: { top: m.top, bottom: m.bottom, left, right },
    ...(settings.vertical ? { vertical: true } : {}),
    columns: settings.columns,
    gutter: settings.gutter,
    bleed: pt('page.cutLines.bleed', DEFAULT_BLEED_PT),
    cropMarks: at('page.cutLines.enabled') === true,
    safeZone: pt('print.preflight.safeZone', DEFAULT_SAFE_ZONE_PT),
    baseline: {
      pitch: settings.body.lineHeight,
      enabled: at('page.baselineGrid.enabled') === true,
      color: colour('page.baselineGrid.color', '#cccccc'),
      lineWidth: pt('page.baselineGrid.lineWidth', 0.5),
    },
    ...(settings.cjkGrid ? { cjkGrid: { ...settings.cjkGrid } } : {}),
    looseLines: {
      enabled: at('debug.looseLineHighlight.enabled') === true,
      color: colour('debug.looseLineHighlight.color', '#ff000040'),
      threshold: typeof threshold === 'number' && Number.isFinite(threshold) ? threshold : 3,
      maxWordSpacing: settings.body.maxWordSpacing,
    },
  };
}
