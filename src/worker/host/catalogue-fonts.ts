/**
 * Families from the open font catalogue (configuration.md §15.2: custom → Google Fonts; tools.md
 * §7.10: "fetched per weight as static WOFF2 from the Fontsource CDN"). A family the design names
 * that is neither bundled nor the book's own is asked of the environment, which returns the file
 * from its IndexedDB copy or, when online, downloads and keeps it. The face is checked like an
 * upload (WOFF2 → SFNT, glyphs and cmap present) and added to the registry before layout, so the
 * tool or edit that named the family answers with pages set in it. A family that cannot be had
 * is left to the usual fallback and its `unknownFontFamily` warning.
 */
import { catalogueFacesWanted } from '../engine/fonts/demand';
import { inspectFontFile } from '../engine/fonts/inspect';
import type { FontRegistry } from '../engine/fonts/registry';
import type { LayoutSettings } from '../engine/settings';

export interface CatalogueFaceRequest {
  family: string;
  /** CSS weight, 100–900. */
  weight: number;
  style: 'normal' | 'italic';
}

/** Fontsource's id of a family: lower case, spaces as hyphens ("EB Garamond" → "eb-garamond"). */
export function fontsourceId(family: string): string {
  return family
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The static WOFF2 of one face's Latin subset on the Fontsource CDN. Only `latin` is fetched:
 * other scripts' characters fall back per character to the bundled faces that cover them.
 */
export function fontsourceUrl(request: CatalogueFaceRequest): string {
  return `https://cdn.jsdelivr.net/fontsource/fonts/${fontsourceId(request.family)}@latest/latin-${request.weight}-${request.style}.woff2`;
}

export class CatalogueFonts {
  /** One attempt per face and session: a family that failed is not asked for again at every build. */
  private readonly attempts = new Map<string, Promise<boolean>>();

  constructor(private readonly fetchFace: (request: CatalogueFaceRequest) => Promise<Uint8Array | undefined>) {}

  /**
   * Loads the catalogue faces the design needs into `fonts`. Returns whether a face was added
   * (memoised layout must then be dropped: text that fell back may now take the family).
   */
  async loadFor(fonts: FontRegistry, settings: LayoutSettings): Promise<boolean> {
    const wanted = catalogueFacesWanted(settings, fonts);
    if (wanted.length === 0) return false;
    const results = await Promise.all(wanted.map((request) => this.load(fonts, request)));
    return results.some(Boolean);
  }

  private load(fonts: FontRegistry, request: CatalogueFaceRequest): Promise<boolean> {
    const key = `${request.family.toLowerCase()}|${request.weight}|${request.style}`;
    let pending = this.attempts.get(key);
    if (!pending) {
      pending = (async () => {
        const bytes = await this.fetchFace(request).catch(() => undefined);
        if (!bytes) return false;
        const report = await inspectFontFile(bytes, `${fontsourceId(request.family)}-${request.weight}-${request.style}.woff2`);
        if (!report.ok) return false;
        // Registered under the family the design names (the file may call itself otherwise).
        fonts.add({ family: request.family, weight: request.weight, style: request.style, bytes: report.sfnt, catalogue: true, genre: 'serif' });
        return true;
      })();
      this.attempts.set(key, pending);
    }
    return pending;
  }
}
