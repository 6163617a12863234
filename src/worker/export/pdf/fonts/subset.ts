/**
 * Font subsetting with HarfBuzz's hb-subset (harfbuzzjs ships `harfbuzz-subset.wasm`, a
 * standalone module without imports). Glyph ids are retained (RETAIN_GIDS): the content streams
 * show the shaper's glyph ids through `CIDToGIDMap /Identity`, so the subset must keep them.
 * platform-notes.md §4.2: never `@pdf-lib/fontkit` subsetting.
 */

/** The raw exports of harfbuzz-subset.wasm we call (C signatures in comments). */
interface SubsetExports {
  memory: WebAssembly.Memory;
  _initialize?: () => void;
  malloc(size: number): number;
  free(pointer: number): void;
  /** hb_blob_create(data, length, mode, user_data, destroy) */
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_length(blob: number): number;
  /** hb_blob_get_data(blob, unsigned *length) → const char* */
  hb_blob_get_data(blob: number, lengthOut: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set(input: number, setType: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

/** hb_memory_mode_t: the blob reads our copy in wasm memory, which we free ourselves. */
const HB_MEMORY_MODE_READONLY = 1;
/** hb_subset_flags_t values (hb-subset.h). */
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;
const HB_SUBSET_FLAGS_RETAIN_GIDS = 0x2;
const HB_SUBSET_FLAGS_NOTDEF_OUTLINE = 0x40;
const HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE = 0x200;
/** hb_subset_sets_t: the set of table tags to drop. */
const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
/**
 * Tables a PDF renderer never reads: glyph positions are already in the content stream, so the
 * layout tables (and the colour/variation extras) only add bytes.
 */
const DROPPED_TABLES = ['GSUB', 'GPOS', 'GDEF', 'BASE', 'JSTF', 'MATH', 'kern', 'DSIG', 'STAT', 'meta', 'vhea', 'vmtx'];

function tagNumber(tag: string): number {
  return ((tag.charCodeAt(0) << 24) | (tag.charCodeAt(1) << 16) | (tag.charCodeAt(2) << 8) | tag.charCodeAt(3)) >>> 0;
}

export interface Subsetter {
  /**
   * A subset of an sfnt font keeping exactly `glyphs` (plus .notdef) at their ids, without
   * hinting and layout tables. Throws when HarfBuzz cannot subset the font.
   */
  subset(font: Uint8Array, glyphs: Iterable<number>): Uint8Array;
}

/** Instantiates harfbuzz-subset.wasm from its bytes (fetched by the host: an asset URL or a file). */
export async function createSubsetter(wasm: BufferSource | WebAssembly.Module): Promise<Subsetter> {
  const module = wasm instanceof WebAssembly.Module ? wasm : await WebAssembly.compile(wasm);
  const instance = await WebAssembly.instantiate(module, {});
  const hb = instance.exports as unknown as SubsetExports;
  // A WASI "reactor" module: its constructors run once in _initialize.
  hb._initialize?.();
  return {
    subset(font, glyphs) {
      const fontPointer = hb.malloc(font.byteLength);
      new Uint8Array(hb.memory.buffer).set(font, fontPointer);
      const blob = hb.hb_blob_create(fontPointer, font.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
      const face = hb.hb_face_create(blob, 0);
      const input = hb.hb_subset_input_create_or_fail();
      try {
        if (input === 0) throw new Error('HarfBuzz could not create a subset input (out of memory).');
        const glyphSet = hb.hb_subset_input_glyph_set(input);
        hb.hb_set_add(glyphSet, 0);
        for (const glyph of glyphs) hb.hb_set_add(glyphSet, glyph);
        const drop = hb.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
        for (const tag of DROPPED_TABLES) hb.hb_set_add(drop, tagNumber(tag));
        hb.hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_RETAIN_GIDS | HB_SUBSET_FLAGS_NO_HINTING | HB_SUBSET_FLAGS_NOTDEF_OUTLINE | HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE);
        const subsetFace = hb.hb_subset_or_fail(face, input);
        if (subsetFace === 0) throw new Error('HarfBuzz could not subset the font.');
        const subsetBlob = hb.hb_face_reference_blob(subsetFace);
        const length = hb.hb_blob_get_length(subsetBlob);
        const lengthOut = hb.malloc(4);
        const data = hb.hb_blob_get_data(subsetBlob, lengthOut);
        hb.free(lengthOut);
        // Copy out before freeing: the wasm memory may be reused (or grown) by the next call.
        const out = new Uint8Array(hb.memory.buffer, data, length).slice();
        hb.hb_blob_destroy(subsetBlob);
        hb.hb_face_destroy(subsetFace);
        if (out.byteLength === 0) throw new Error('HarfBuzz produced an empty subset.');
        return out;
      } finally {
        if (input !== 0) hb.hb_subset_input_destroy(input);
        hb.hb_face_destroy(face);
        hb.hb_blob_destroy(blob);
        hb.free(fontPointer);
      }
    },
  };
}
