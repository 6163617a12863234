/**
 * The host's side of resources: the prepared set the engine lays out (memoised per resources
 * array and configuration, so an edit to the text reuses it), picture bytes served by content key
 * to painters, the Resources panel's listing (uses, numbers, natural sizes) and the transactions
 * that rename or delete a resource with its references.
 */
import type { StoredConfig } from '../config';
import { payloadKey, prepareResources, type ResourceSet } from '../engine/resources';
import { numberBook } from '../engine/resources';
import { naturalSize } from '../engine/resources/figure';
import { looksLikeSvg, mimeOf, readBitmapInfo } from '../engine/resources/picture-info';
import { countReferences, renameReferences } from '../engine/resources/references';
import type { ParsedChapter } from '../engine/parse/model';
import type { BookState } from '../document/book';
import type { BookOp, ResourceInfo } from '../protocol/messages';
import type { SvgRasteriser } from './svg-raster';

export class HostResources {
  private memo: { resources: BookState['resources']; config: BookState['config']; set: ResourceSet } | null = null;
  private images = new Map<string, Uint8Array>();

  /** `rasteriser` renders drawings outside the vector subset (absent: they draw as approximate vectors). */
  constructor(private readonly rasteriser?: SvgRasteriser) {}

  /**
   * Renders, before layout, the SVG drawings of the book that need a raster (svg-raster.ts); the
   * prepared set is rebuilt when a new rendering arrived, so layout draws it as an Image item.
   */
  async prepareRasters(book: BookState): Promise<void> {
    if (!this.rasteriser) return;
    const set = this.setFor(book);
    const payloads = new Map(book.resources.map((r) => [r.record.id, r.payload] as const));
    const ink = set.settings.diagram.singleInk ? set.settings.diagram.ink : null;
    if (await this.rasteriser.prepare(set.resources.values(), (id) => payloads.get(id), ink)) this.memo = null;
  }

  /** The engine's view of the book's resources (the same object while neither changes). */
  setFor(book: BookState): ResourceSet {
    if (this.memo && this.memo.resources === book.resources && this.memo.config === book.config) return this.memo.set;
    const set = prepareResources(book.resources, book.config as StoredConfig, this.rasteriser?.rasters);
    this.images = new Map();
    for (const r of book.resources) if (r.payload && r.record.kind !== 'svg') this.images.set(payloadKey(r.payload), r.payload);
    this.memo = { resources: book.resources, config: book.config, set };
    return set;
  }

  /** Bytes of a picture by the content key display lists name (ImageItem.image). */
  image(book: BookState, key: string): { bytes: Uint8Array; mime: string } | null {
    this.setFor(book);
    const bytes = this.images.get(key) ?? this.rasteriser?.png(key);
    return bytes ? { bytes, mime: mimeOfBytes(bytes) } : null;
  }
}

export function mimeOfBytes(bytes: Uint8Array): string {
  const info = readBitmapInfo(bytes);
  if (info) return mimeOf(info.format);
  return looksLikeSvg(bytes) ? 'image/svg+xml' : 'application/octet-stream';
}

/** Every resource with what the panel and tools show: uses, number, label, natural size, problems. */
export function listResourceInfo(book: BookState, set: ResourceSet, parsed: readonly ParsedChapter[]): ResourceInfo[] {
  // `{h1}` numbers continue from the headings the book's start has counted (bundle-format §9), as on the pages.
  const numbering = numberBook(set, parsed, undefined, book.start?.headings);
  const texts = book.chapters.map((c) => ({ id: c.id, text: c.text }));
  return book.resources.map(({ record, payload }) => {
    const engine = set.resources.get(record.id);
    const type = set.settings.types.find((t) => t.id === record.typeId);
    const number = numbering.numbers.get(record.id)?.number ?? null;
    const natural = engine ? naturalSize(engine, set.settings) : null;
    const info: ResourceInfo = {
      record: { ...structuredClone(record), ...(payload ? { payloadBytes: payload.byteLength } : {}) },
      uses: countReferences(texts, record.id),
      number,
      label: type ? `${type.shortLabel}${number ? `\u00a0${number}` : ''}` : null,
      natural: natural ? { width: round(natural.width), height: round(natural.height) } : null,
      problem: engine?.problem ?? null,
    };
    if (engine?.bitmap) info.pixels = { width: engine.bitmap.width, height: engine.bitmap.height, format: engine.bitmap.format, ...(engine.bitmap.fileResolution ? { fileResolution: round(engine.bitmap.fileResolution) } : {}) };
    return info;
  });
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/** Ops that rename a resource (its record under the new id, and optionally every reference). */
export function renameOps(book: BookState, id: string, newId: string, updateReferences: boolean): { ops: BookOp[]; references: number } | { error: string } {
  const existing = book.resources.find((r) => r.record.id === id);
  if (!existing) return { error: `No resource has the id "${id}"; the resources are: ${book.resources.map((r) => r.record.id).join(', ') || 'none'}.` };
  if (id === newId) return { ops: [], references: 0 };
  if (book.resources.some((r) => r.record.id === newId)) return { error: `A resource with the id "${newId}" exists already; choose another id (ids are unique in a book).` };
  const texts = book.chapters.map((c) => ({ id: c.id, text: c.text }));
  const edits = updateReferences ? renameReferences(texts, id, newId) : [];
  const ops: BookOp[] = [
    ...edits.map((e) => ({ type: 'text' as const, chapterId: e.chapterId, from: e.from, to: e.to, insert: e.insert })),
    { type: 'resource.delete', id },
    { type: 'resource.put', resource: { ...existing.record, id: newId }, ...(existing.payload ? { payload: existing.payload as Uint8Array<ArrayBuffer> } : {}) },
  ];
  return { ops, references: edits.length };
}

/** References a delete would leave pointing at nothing. */
export function danglingAfterDelete(book: BookState, id: string): number {
  return countReferences(book.chapters.map((c) => ({ id: c.id, text: c.text })), id);
}
