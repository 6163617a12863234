/**
 * The host's environment inside the browser worker: fonts and presets over HTTP from the
 * app's own origin (precached for offline use), rasters on OffscreenCanvas.
 */
import * as Comlink from 'comlink';
import { openBookStorage } from '../../storage/books';
import { createFetchReaders } from '../bundle/fetch';
import { STARTUP_FACES, type BundledFace } from '../engine/fonts/bundled';
import { FONT_URLS, PATTERN_URLS, RESVG_WASM_URL, SHAPER_WASM_URL, SUBSET_WASM_URL } from './assets';
import { fontsourceUrl, type CatalogueFaceRequest } from './catalogue-fonts';
import { BookHost } from './book-host';
import { rasterise } from './raster';

async function fetchBundledFace(face: BundledFace) {
  const url = FONT_URLS[face.file];
  if (!url) throw new Error(`No asset URL for the bundled font ${face.file}.`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the font ${face.family} ${face.weight} ${face.style} (${response.status}).`);
  return { family: face.family, weight: face.weight, style: face.style, genre: face.genre, bytes: new Uint8Array(await response.arrayBuffer()) };
}

let catalogueStorage: ReturnType<typeof openBookStorage> | null = null;

/**
 * A catalogue face from IndexedDB, else (online) from the Fontsource CDN, then stored so the
 * family keeps working offline. Storage trouble never stops a download from being used.
 */
async function loadCatalogueFace(request: CatalogueFaceRequest): Promise<Uint8Array | undefined> {
  catalogueStorage ??= openBookStorage();
  const storage = await catalogueStorage.catch(() => null);
  const stored = await storage?.getCatalogueFont(request.family, request.weight, request.style).catch(() => null);
  if (stored) return stored.bytes;
  if (!self.navigator.onLine) return undefined;
  const url = fontsourceUrl(request);
  // No credentials, no referrer: the CDN learns the family's name and nothing else.
  // 15 s: a stalled network must not hold the layout (and the tool waiting for it) for ever.
  const response = await fetch(url, { credentials: 'omit', referrerPolicy: 'no-referrer', signal: AbortSignal.timeout(15_000) }).catch(() => null);
  if (!response?.ok) return undefined;
  const bytes = new Uint8Array(await response.arrayBuffer());
  await storage?.putCatalogueFont({ family: request.family, weight: request.weight, style: request.style, url, bytes, fetchedAt: Date.now() }).catch(() => undefined);
  return bytes;
}

export function createBrowserHost(): BookHost {
  const presetsRoot = new URL(`${import.meta.env.BASE_URL}presets/`, self.location.origin);
  const host = new BookHost({
    now: () => performance.now(),
    // The first keystroke after opening should not pay for compiling the edit path (engine/practice.ts).
    practiseEdits: true,
    async loadFonts() {
      return Promise.all(STARTUP_FACES.map(fetchBundledFace));
    },
    async loadShaperWasm() {
      const response = await fetch(SHAPER_WASM_URL);
      if (!response.ok) throw new Error(`Could not load the text shaper (${response.status}).`);
      return new Uint8Array(await response.arrayBuffer());
    },
    // Arabic and CJK faces: fetched (and then cached by the service worker) only when a book needs them.
    loadBundledFace: fetchBundledFace,
    loadCatalogueFace,
    async loadPatterns(id) {
      const url = PATTERN_URLS[id];
      if (!url) return undefined;
      const response = await fetch(url);
      return response.ok ? new Uint8Array(await response.arrayBuffer()) : undefined;
    },
    async loadSubsetWasm() {
      const response = await fetch(SUBSET_WASM_URL);
      if (!response.ok) throw new Error(`Could not load the font subsetter for PDF export (${response.status}).`);
      return new Uint8Array(await response.arrayBuffer());
    },
    async loadResvgWasm() {
      const response = await fetch(RESVG_WASM_URL);
      if (!response.ok) throw new Error(`Could not load the SVG rasteriser (${response.status}).`);
      return new Uint8Array(await response.arrayBuffer());
    },
    // Samples through the bundle reader (text, pictures, fonts); books in IndexedDB (src/storage).
    presets: createFetchReaders(presetsRoot.href),
    openStorage: () => openBookStorage(),
    uiLocale: () => self.navigator.language || null,
    // The browser's own decoders (WebP, GIF…), for pictures the PDF writer cannot read itself.
    async decodePicture(bytes, mime) {
      try {
        const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: mime }), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d');
        if (!ctx) return null;
        ctx.drawImage(bitmap, 0, 0);
        bitmap.close();
        return { width: canvas.width, height: canvas.height, rgba: ctx.getImageData(0, 0, canvas.width, canvas.height).data };
      } catch {
        return null;
      }
    },
    raster: async (list, fonts, request, images) => {
      const result = await rasterise(list, fonts, request, images);
      return Comlink.transfer(result, [result.bytes]);
    },
  });
  // Fonts and English patterns load while the UI boots and the book is read (BookHost.warmUp).
  host.warmUp();
  return host;
}
