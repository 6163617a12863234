/**
 * Resources as the engine reads them: the stored record (bundle-format.md §5) plus what the
 * payload's bytes say (pixel size and stated resolution, the parsed SVG drawing) and a content
 * key the painters fetch decoded pictures by. Built once per payload, in pure code.
 */
import { readBitmapInfo, type BitmapFormat } from './picture-info';
import { parseSvg, type SvgDrawing } from './svg';

export interface TableCell {
  content: string;
  colSpan?: number;
  rowSpan?: number;
  isHeader?: boolean;
  /** Set on a cell covered by a merge: it takes no place of its own. */
  hiddenBy?: unknown;
  align?: 'left' | 'center' | 'right' | 'start' | 'end';
  verticalAlign?: 'top' | 'middle' | 'bottom';
  background?: unknown;
}

export interface TableModel {
  rows: TableCell[][];
  headerRowCount: number;
  /** Relative column weights; equal when absent. */
  columnWidths?: number[];
}

export interface EngineResource {
  id: string;
  typeId: string;
  kind: 'bitmap' | 'svg' | 'table' | 'video';
  caption?: string;
  note?: string;
  altText?: string;
  placement?: Record<string, unknown>;
  /** Fractions of the picture, top-left origin (document-format §12.9). */
  safeArea?: { x: number; y: number; width: number; height: number };
  bitmap?: { key: string; format: BitmapFormat; width: number; height: number; resolution?: number; fileResolution?: number };
  svg?: { key: string; drawing: SvgDrawing; width?: number; height?: number; raster?: SvgRaster };
  table?: { model: TableModel; styleId?: string };
  /** Why it cannot be drawn (no bytes, undecodable picture): drawn as a placeholder with a warning. */
  problem?: string;
}

/**
 * A PNG rendering of a drawing outside the vector subset (`SvgDrawing.rasterFeatures`), made by
 * the host before layout; the figure draws it as an Image item by its content key.
 */
export interface SvgRaster {
  /** Content key of the PNG bytes (the host serves them like a bitmap's). */
  key: string;
  /** Pixel size of the PNG, px. */
  width: number;
  height: number;
}

/**
 * Where a rendering is filed: the SVG payload's key, plus the ink when the drawing is printed in
 * a single ink (`diagramStyle.singleInk`: the host renders it already recoloured).
 */
export function rasterLookupKey(svgKey: string, ink: string | null): string {
  return ink ? `${svgKey}|${ink.toLowerCase()}` : svgKey;
}

/** The record fields the engine reads (a subset of messages.ts ResourceRecord). */
export interface ResourceRecordInput {
  id: string;
  typeId: string;
  kind: string;
  width?: number | undefined;
  height?: number | undefined;
  resolution?: number | undefined;
  caption?: string | undefined;
  note?: string | undefined;
  altText?: string | undefined;
  placement?: Record<string, unknown> | undefined;
  safeArea?: { x: number; y: number; width: number; height: number } | undefined;
  table?: { model: Record<string, unknown>; styleId?: unknown } | undefined;
}

const prepared = new WeakMap<Uint8Array, { key: string; bitmap: ReturnType<typeof readBitmapInfo>; svg: SvgDrawing | null }>();

/** Reads a payload once (memoised per byte array: payloads are immutable once stored). */
function readPayload(bytes: Uint8Array, kind: string): { key: string; bitmap: ReturnType<typeof readBitmapInfo>; svg: SvgDrawing | null } {
  let hit = prepared.get(bytes);
  if (!hit) {
    hit = { key: payloadKey(bytes), bitmap: kind === 'svg' ? null : readBitmapInfo(bytes), svg: kind === 'svg' ? parseSvg(new TextDecoder().decode(bytes)) : null };
    prepared.set(bytes, hit);
  }
  return hit;
}

export function prepareResource(record: ResourceRecordInput, payload: Uint8Array | undefined): EngineResource {
  const kind = record.kind === 'svg' || record.kind === 'table' || record.kind === 'video' ? record.kind : 'bitmap';
  const resource: EngineResource = { id: record.id, typeId: record.typeId, kind };
  if (record.caption) resource.caption = record.caption;
  if (record.note) resource.note = record.note;
  if (record.altText) resource.altText = record.altText;
  if (record.placement) resource.placement = record.placement;
  const safe = record.safeArea;
  if (safe && safe.width > 0 && safe.height > 0 && safe.x + safe.width <= 1 + 1e-9 && safe.y + safe.height <= 1 + 1e-9 && (safe.width < 1 || safe.height < 1)) resource.safeArea = safe;
  if (kind === 'table') {
    const model = tableModelOf(record.table?.model);
    if (model) resource.table = { model, ...(typeof record.table?.styleId === 'string' ? { styleId: record.table.styleId } : {}) };
    else resource.problem = 'the table has no rows';
    return resource;
  }
  if (kind === 'video') {
    resource.problem = 'videos are drawn by a later issue';
    return resource;
  }
  if (!payload || payload.byteLength === 0) {
    resource.problem = 'its picture file is missing';
    return resource;
  }
  const read = readPayload(payload, kind);
  if (kind === 'svg') {
    if (!read.svg) resource.problem = 'its SVG could not be read';
    else resource.svg = { key: read.key, drawing: read.svg, ...(record.width ? { width: record.width } : {}), ...(record.height ? { height: record.height } : {}) };
    return resource;
  }
  if (!read.bitmap) {
    resource.problem = 'its picture is not a PNG, JPEG, WebP or GIF file';
    return resource;
  }
  resource.bitmap = {
    key: read.key,
    format: read.bitmap.format,
    width: read.bitmap.width,
    height: read.bitmap.height,
    ...(record.resolution ? { resolution: record.resolution } : {}),
    ...(read.bitmap.ppi ? { fileResolution: read.bitmap.ppi } : {}),
  };
  return resource;
}

function tableModelOf(raw: Record<string, unknown> | undefined): TableModel | null {
  if (!raw || !Array.isArray(raw['rows'])) return null;
  const rows = (raw['rows'] as unknown[]).filter(Array.isArray).map((row) =>
    (row as unknown[]).map((cell): TableCell => {
      if (typeof cell === 'string') return { content: cell };
      if (!cell || typeof cell !== 'object') return { content: '' };
      const c = cell as Record<string, unknown>;
      const out: TableCell = { content: typeof c['content'] === 'string' ? c['content'] : '' };
      if (typeof c['colSpan'] === 'number' && c['colSpan'] > 1) out.colSpan = Math.floor(c['colSpan']);
      if (typeof c['rowSpan'] === 'number' && c['rowSpan'] > 1) out.rowSpan = Math.floor(c['rowSpan']);
      if (c['isHeader'] === true) out.isHeader = true;
      if (c['hiddenBy'] !== undefined && c['hiddenBy'] !== null && c['hiddenBy'] !== false) out.hiddenBy = c['hiddenBy'];
      if (c['align'] === 'left' || c['align'] === 'center' || c['align'] === 'right' || c['align'] === 'start' || c['align'] === 'end') out.align = c['align'];
      if (c['verticalAlign'] === 'top' || c['verticalAlign'] === 'middle' || c['verticalAlign'] === 'bottom') out.verticalAlign = c['verticalAlign'];
      if (c['background'] !== undefined) out.background = c['background'];
      return out;
    }),
  );
  if (rows.length === 0 || rows.every((r) => r.length === 0)) return null;
  const header = typeof raw['headerRowCount'] === 'number' ? Math.max(0, Math.min(rows.length, Math.floor(raw['headerRowCount']))) : 0;
  const widths = Array.isArray(raw['columnWidths']) ? (raw['columnWidths'] as unknown[]).map((w) => (typeof w === 'number' && w > 0 ? w : 1)) : undefined;
  return { rows, headerRowCount: header, ...(widths ? { columnWidths: widths } : {}) };
}

/** Content key of a payload: FNV-1a over the bytes plus the length (identity for caches, not security). */
export function payloadKey(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i]!;
    h = Math.imul(h, 0x01000193);
  }
  return `img-${(h >>> 0).toString(16)}-${bytes.length}`;
}
