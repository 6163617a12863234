/**
 * The open book's own font files in the host: checked once per file (engine/fonts/inspect.ts,
 * cached by the bytes object) and registered with the font registry before each build, so an
 * uploaded family sets text in the very next layout and shadows a bundled family of the same name.
 */
import { bytesHash, customFaceId, customFamiliesOf } from '../engine/fonts/custom';
import { inspectFontFile, type FontFileReport } from '../engine/fonts/inspect';
import type { FontRegistry, FontSource } from '../engine/fonts/registry';
import type { BookState } from '../document/book';

export class HostFonts {
  private readonly reports = new WeakMap<Uint8Array, Promise<FontFileReport>>();
  private readonly hashes = new WeakMap<Uint8Array, string>();

  /** The file's report (format, SFNT bytes, what it says about itself), or why it is refused. */
  inspect(bytes: Uint8Array, fileName = ''): Promise<FontFileReport> {
    let pending = this.reports.get(bytes);
    if (!pending) {
      pending = inspectFontFile(bytes, fileName);
      this.reports.set(bytes, pending);
    }
    return pending;
  }

  /**
   * Makes the book's custom families the registry's custom faces. A variant whose file is
   * missing or unreadable is left out (the checks then report what falls back). Returns whether
   * the registry's set changed.
   */
  async sync(fonts: FontRegistry, book: BookState): Promise<boolean> {
    const sources: FontSource[] = [];
    for (const family of customFamiliesOf(book.config)) {
      for (const variant of family.variants) {
        const bytes = book.fontFiles?.get(variant.fileId);
        if (!bytes) continue;
        const report = await this.inspect(bytes, variant.fileName);
        if (!report.ok) continue;
        sources.push({
          family: family.name,
          weight: variant.weight,
          style: variant.style,
          bytes: report.sfnt,
          id: customFaceId(family.name, variant.weight, variant.style, this.hashOf(bytes)),
        });
      }
    }
    return fonts.setCustomFaces(sources);
  }

  private hashOf(bytes: Uint8Array): string {
    let hash = this.hashes.get(bytes);
    if (hash === undefined) {
      hash = bytesHash(bytes);
      this.hashes.set(bytes, hash);
    }
    return hash;
  }
}
