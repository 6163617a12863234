/**
 * SVG drawings outside the engine's vector subset (`SvgDrawing.rasterFeatures`: filters, masks,
 * patterns, gradients, markers, embedded pictures) rendered to PNG with resvg (WebAssembly), before
 * layout, so canvas, rasters and PDF all draw the same picture: the engine places it as an Image
 * item by the PNG's content key, and the host serves its bytes like a bitmap's.
 *
 * SVG is untrusted. resvg runs no scripts (it has no script engine), and nothing is fetched: it is
 * given no file system and no resource directory, an external `href` is left unresolved (resvg only
 * lists it in `imagesToResolve()`, which we never answer), and it loads no system fonts — only the
 * book's own TrueType/OpenType faces handed in here. Same SVG, size and fonts → the same PNG bytes
 * in the worker and in Node (one wasm build, no clock, no randomness).
 */
import { payloadKey, rasterLookupKey, type EngineResource, type SvgRaster } from '../engine/resources';

/** Rendering resolution, px per inch of the drawing's natural (largest drawn) size: print quality. */
export const RASTER_DPI = 600;
/** Longest side of a rendering, px (a 600 dpi A4 page is 7016 px tall). */
export const RASTER_MAX_SIDE = 7200;
/** Largest rendering, px² (RGBA: 4 bytes each, so at most 128 MB while rendering). */
export const RASTER_MAX_AREA = 32_000_000;

type ResvgModule = typeof import('@resvg/resvg-wasm');

/** resvg's wasm can be initialised once per realm: one shared promise (a failure is retried next time). */
let loading: Promise<ResvgModule> | null = null;

function loadResvg(loadWasm: () => Promise<Uint8Array>): Promise<ResvgModule> {
  if (!loading) {
    loading = (async () => {
      const module = await import('@resvg/resvg-wasm');
      await module.initWasm(await loadWasm());
      return module;
    })();
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** Pixel size of a rendering of a drawing `width` × `height` pt at RASTER_DPI, within the caps. */
export function rasterPixelSize(width: number, height: number): { width: number; height: number } {
  let w = (width * RASTER_DPI) / 72;
  let h = (height * RASTER_DPI) / 72;
  const k = Math.min(1, RASTER_MAX_SIDE / Math.max(w, h), Math.sqrt(RASTER_MAX_AREA / (w * h)));
  // Rounded down (within float noise) so the caps hold.
  w = Math.max(1, Math.floor(w * k + 1e-6));
  h = Math.max(1, Math.floor(h * k + 1e-6));
  return { width: w, height: h };
}

/** True for TrueType/OpenType bytes (resvg reads no WOFF/WOFF2). */
function isSfnt(bytes: Uint8Array): boolean {
  const tag = String.fromCharCode(...bytes.subarray(0, 4));
  return tag === '\u0000\u0001\u0000\u0000' || tag === 'OTTO' || tag === 'true' || tag === 'ttcf';
}

/**
 * The host's cache of renderings, by SVG payload key (payloads are immutable, so a key is
 * rendered once per worker). `prepare` renders what a book's resources need; `rasters` is what
 * `prepareResources` reads; `png` serves the bytes by the PNG's content key.
 */
export class SvgRasteriser {
  private readonly bySvg = new Map<string, SvgRaster>();
  private readonly pngs = new Map<string, Uint8Array>();
  /** Keys that could not be rendered (drawn as vectors, their approximations): not retried. */
  private readonly failed = new Set<string>();

  constructor(
    /** The wasm loader of the environment, asked for when needed; undefined = no rasterising here. */
    private readonly wasmLoader: () => (() => Promise<Uint8Array>) | undefined,
    /** The book's faces (their file bytes), asked for only when a drawing to render has text. */
    private readonly fonts: () => Promise<readonly { bytes: Uint8Array }[]>,
  ) {}

  get rasters(): ReadonlyMap<string, SvgRaster> {
    return this.bySvg;
  }

  png(key: string): Uint8Array | undefined {
    return this.pngs.get(key);
  }

  /**
   * Renders every drawing among `resources` that needs it and is not cached yet; true when
   * something new was rendered (the caller's prepared resource set is then stale).
   * `payloads` gives each resource's SVG bytes by resource id.
   */
  async prepare(resources: Iterable<EngineResource>, payloads: (id: string) => Uint8Array | undefined, ink: string | null = null): Promise<boolean> {
    const loadWasm = this.wasmLoader();
    if (!loadWasm) return false;
    const lookup = (r: EngineResource): string => rasterLookupKey(r.svg!.key, ink);
    const todo = [...resources].filter((r) => r.svg && r.svg.drawing.rasterFeatures.length > 0 && !this.bySvg.has(lookup(r)) && !this.failed.has(lookup(r)));
    if (todo.length === 0) return false;
    let resvg: ResvgModule;
    try {
      resvg = await loadResvg(loadWasm);
    } catch {
      for (const r of todo) this.failed.add(lookup(r));
      return false;
    }
    // The book's sfnt faces, in the registry's order, for drawings with text (none otherwise:
    // handing resvg a large CJK face for a drawing without text would only cost time).
    const needFonts = todo.some((r) => r.svg!.drawing.texts.length > 0);
    const fontBuffers = needFonts ? (await this.fonts()).map((f) => f.bytes).filter(isSfnt) : [];
    let added = false;
    for (const r of todo) {
      const svg = r.svg!;
      const bytes = payloads(r.id);
      const key = lookup(r);
      if (!bytes || this.bySvg.has(key)) continue;
      // The largest size it is drawn at: its natural size (figures are never enlarged).
      const width = svg.width ?? svg.drawing.width;
      const height = svg.height ?? (svg.width ? (svg.width * svg.drawing.height) / svg.drawing.width : svg.drawing.height);
      const pixels = rasterPixelSize(width, height);
      try {
        const source = ink ? inked(new TextDecoder().decode(bytes), ink) : bytes;
        const renderer = new resvg.Resvg(source, { fitTo: { mode: 'width', value: pixels.width }, font: { loadSystemFonts: false, fontBuffers }, shapeRendering: 2, textRendering: 2, imageRendering: 0 });
        try {
          const image = renderer.render();
          const png = image.asPng();
          const raster: SvgRaster = { key: payloadKey(png), width: image.width, height: image.height };
          image.free();
          this.pngs.set(raster.key, png);
          this.bySvg.set(key, raster);
          added = true;
        } finally {
          renderer.free();
        }
      } catch {
        this.failed.add(key);
      }
    }
    return added;
  }
}

/**
 * The drawing recoloured in a single ink (diagramStyle.singleInk), as figure.ts's `singleInk`
 * recolours vector drawings: each colour becomes the ink tinted by its luminance L,
 * c' = ink + L·(1 − ink) per channel, which is linear in RGB and so one sRGB `feColorMatrix` on a
 * group around the root's content. The root's start tag is found by scanning for its `>` outside
 * quotes; markup without an `<svg` root is returned as it is.
 */
export function inked(svg: string, ink: string): string {
  const open = /<svg[\s>]/i.exec(svg);
  if (!open || !/^#[0-9a-f]{6}$/i.test(ink.slice(0, 7))) return svg;
  let end = -1;
  let quote = '';
  for (let i = open.index + 4; i < svg.length; i++) {
    const c = svg[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') {
      end = i;
      break;
    }
  }
  const close = svg.lastIndexOf('</svg>');
  if (end < 0 || svg[end - 1] === '/' || close < end) return svg;
  const channel = (i: number): number => parseInt(ink.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
  const row = (i: number): string => {
    const k = 1 - channel(i);
    return `${0.2126 * k} ${0.7152 * k} ${0.0722 * k} 0 ${channel(i)}`;
  };
  const matrix = `${row(0)} ${row(1)} ${row(2)} 0 0 0 1 0`;
  const filter = `<filter id="postext-single-ink" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" values="${matrix}"/></filter>`;
  return `${svg.slice(0, end + 1)}<defs>${filter}</defs><g filter="url(#postext-single-ink)">${svg.slice(end + 1, close)}</g>${svg.slice(close)}`;
}
