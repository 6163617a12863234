/**
 * HarfBuzz's shaper called through the raw exports of the `harfbuzz.wasm` harfbuzzjs ships, in an
 * instance of our own (as export/pdf/fonts/subset.ts does with `harfbuzz-subset.wasm`).
 *
 * Why not harfbuzzjs's `Buffer`: it hands a shaping result back as two arrays of objects, one
 * object per glyph for its infos and another for its positions, and asks the wasm for every
 * glyph's flags on the way. A cold layout of the ~300-page bench book shapes some 31,600 words,
 * 289,000 glyphs: the binding allocated ~66 MB for them (a quarter of it strings and views for the
 * text, script and language), a fifth of all the layout allocated. Here the text is written into
 * wasm memory, script and language are looked up once per name, and the glyphs are read straight
 * from HarfBuzz's own arrays (`FontFace.shape` copies them into its slab). The glyph data is the
 * same, field for field (tests/unit/text/shaper.test.ts compares it with harfbuzzjs's).
 *
 * harfbuzzjs stays for everything else a face needs (extents, coverage, outlines, inspection).
 */

/** The exports of harfbuzz.wasm we call (C signatures in comments). */
interface HarfBuzzExports {
  memory: WebAssembly.Memory;
  /** Emscripten's static constructors, run once before any other call. */
  __wasm_call_ctors(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  /** hb_blob_create(data, length, mode, user_data, destroy) */
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_font_create(face: number): number;
  hb_font_destroy(font: number): void;
  hb_buffer_create(): number;
  hb_buffer_clear_contents(buffer: number): void;
  /** hb_buffer_add_utf16(buffer, text, text_length, item_offset, item_length) */
  hb_buffer_add_utf16(buffer: number, text: number, textLength: number, itemOffset: number, itemLength: number): void;
  hb_buffer_guess_segment_properties(buffer: number): void;
  hb_buffer_set_direction(buffer: number, direction: number): void;
  hb_buffer_set_script(buffer: number, script: number): void;
  hb_buffer_set_language(buffer: number, language: number): void;
  hb_buffer_get_length(buffer: number): number;
  /** hb_buffer_get_glyph_infos(buffer, unsigned *length) → hb_glyph_info_t* (20 bytes each) */
  hb_buffer_get_glyph_infos(buffer: number, lengthOut: number): number;
  /** hb_buffer_get_glyph_positions(buffer, unsigned *length) → hb_glyph_position_t* (20 bytes each) */
  hb_buffer_get_glyph_positions(buffer: number, lengthOut: number): number;
  /** hb_script_from_string(str, len) → hb_script_t */
  hb_script_from_string(text: number, length: number): number;
  /** hb_language_from_string(str, len) → hb_language_t (interned: the same pointer for ever) */
  hb_language_from_string(text: number, length: number): number;
  /** hb_shape(font, buffer, features, num_features) */
  hb_shape(font: number, buffer: number, features: number, featureCount: number): void;
}

/** hb_memory_mode_t: the blob reads our copy of the font, kept until the face is dropped. */
const HB_MEMORY_MODE_READONLY = 1;
/** hb_direction_t. */
const HB_DIRECTION_LTR = 4;
const HB_DIRECTION_RTL = 5;
/** hb_feature_t: tag, value, start, end (four 32-bit fields); start 0 and end −1 (as unsigned): the whole buffer. */
const FEATURE_BYTES = 16;
const FEATURE_GLOBAL_END = 0xffffffff;
/** hb_glyph_info_t and hb_glyph_position_t are five 32-bit fields each. */
export const GLYPH_RECORD_FIELDS = 5;
/** One wasm page, bytes. */
const WASM_PAGE = 65536;

/** A face loaded into the shaper's instance. */
export interface ShapingFont {
  /** hb_font_t*, hb_face_t*, hb_blob_t* and our copy of the font file in wasm memory. */
  readonly font: number;
  readonly face: number;
  readonly blob: number;
  readonly bytes: number;
}

/**
 * Where the last `shape` left its glyphs, as indices into `heap` (32-bit words of wasm memory):
 * glyph g's id at `infos + 5g`, its cluster at `infos + 5g + 2`; its advance, x and y offsets at
 * `positions + 5g`, `+ 2`, `+ 3` (font units). Valid until the next call.
 */
export interface ShapedRecords {
  heap: Int32Array;
  infos: number;
  positions: number;
  count: number;
}

/** A four-letter OpenType tag as HarfBuzz's hb_tag_t (a shorter tag is padded with zero bytes, as harfbuzzjs does). */
function tagNumber(tag: string): number {
  return (((tag.charCodeAt(0) & 255) << 24) | ((tag.charCodeAt(1) & 255) << 16) | ((tag.charCodeAt(2) & 255) << 8) | (tag.charCodeAt(3) & 255)) >>> 0;
}

export class Shaper {
  readonly #hb: HarfBuzzExports;
  /** The one buffer every call shapes in (cleared first). */
  readonly #buffer: number;
  /** Scratch in wasm memory for the text (UTF-16 units) and for names; grown as needed. */
  #text = 0;
  #textUnits = 0;
  /** hb_script_t and hb_language_t by name ('' never asked: the buffer keeps its guess). */
  readonly #scripts = new Map<string, number>();
  readonly #languages = new Map<string, number>();
  /** Feature lists by their string (`smcp,-liga`): an hb_feature_t array in wasm memory, kept. */
  readonly #features = new Map<string, { pointer: number; count: number }>();
  readonly #records: ShapedRecords;
  /** The memory as UTF-16 units, where the text is written (a view per call was one more object per word shaped). */
  #units: Uint16Array;
  /** Frees a face's font, face, blob and file copy once the object that loaded it is collected. */
  readonly #fonts = new FinalizationRegistry<ShapingFont>((font) => this.#drop(font));

  private constructor(instance: WebAssembly.Instance) {
    this.#hb = instance.exports as unknown as HarfBuzzExports;
    this.#hb.__wasm_call_ctors();
    this.#buffer = this.#hb.hb_buffer_create();
    this.#records = { heap: new Int32Array(this.#hb.memory.buffer), infos: 0, positions: 0, count: 0 };
    this.#units = new Uint16Array(this.#hb.memory.buffer);
  }

  /** From harfbuzz.wasm's bytes or compiled module (the book worker fetches it with the app's assets). */
  static async load(wasm: BufferSource | WebAssembly.Module): Promise<Shaper> {
    const module = wasm instanceof WebAssembly.Module ? wasm : await WebAssembly.compile(wasm);
    const imports = shaperImports();
    const instance = await WebAssembly.instantiate(module, imports.object);
    imports.bind(instance);
    return new Shaper(instance);
  }

  /** The same, at once (Node, tests): compiling 0.4 MB of wasm synchronously is allowed off the browser's main thread. */
  static loadSync(wasm: BufferSource): Shaper {
    const imports = shaperImports();
    const instance = new WebAssembly.Instance(new WebAssembly.Module(wasm), imports.object);
    imports.bind(instance);
    return new Shaper(instance);
  }

  /** The instance's memory, bytes (it only grows). */
  get memoryBytes(): number {
    return this.#hb.memory.buffer.byteLength;
  }

  /**
   * Copies a font file into the instance and makes a face and a font of it (scale: the face's
   * units per em), freed when `owner` is collected (a registry of faces dropped: tests make many).
   */
  loadFont(bytes: Uint8Array, owner: object): ShapingFont {
    const hb = this.#hb;
    const copy = hb.malloc(bytes.byteLength);
    if (copy === 0) throw new Error('HarfBuzz ran out of memory loading a font for shaping.');
    new Uint8Array(hb.memory.buffer).set(bytes, copy);
    const blob = hb.hb_blob_create(copy, bytes.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
    const face = hb.hb_face_create(blob, 0);
    const font = { font: hb.hb_font_create(face), face, blob, bytes: copy };
    this.#fonts.register(owner, font);
    return font;
  }

  #drop(font: ShapingFont): void {
    const hb = this.#hb;
    hb.hb_font_destroy(font.font);
    hb.hb_face_destroy(font.face);
    hb.hb_blob_destroy(font.blob);
    hb.free(font.bytes);
  }

  /**
   * Shapes `text` with `font`: the buffer's segment properties guessed, then the direction, and
   * the script (ISO 15924) and language (BCP 47) when given, set over the guess; `features` a
   * comma-separated list of tags, `-tag` turning one off. The glyphs are read from the records
   * returned, until the next call.
   */
  shape(font: ShapingFont, text: string, direction: 'ltr' | 'rtl', features: string, script: string, language: string): ShapedRecords {
    const hb = this.#hb;
    const buffer = this.#buffer;
    hb.hb_buffer_clear_contents(buffer);
    const at = this.#textAt(text.length);
    // Written after any growth the scratch needed: a grown memory has a new buffer, and the view follows it.
    if (this.#units.buffer !== hb.memory.buffer) this.#units = new Uint16Array(hb.memory.buffer);
    const units = this.#units;
    for (let i = 0, unit = at >>> 1; i < text.length; i++, unit++) units[unit] = text.charCodeAt(i);
    hb.hb_buffer_add_utf16(buffer, at, text.length, 0, text.length);
    hb.hb_buffer_guess_segment_properties(buffer);
    hb.hb_buffer_set_direction(buffer, direction === 'rtl' ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    if (script) hb.hb_buffer_set_script(buffer, this.#named(this.#scripts, script, hb.hb_script_from_string));
    if (language) hb.hb_buffer_set_language(buffer, this.#named(this.#languages, language, hb.hb_language_from_string));
    const list = features ? this.#featureList(features) : null;
    hb.hb_shape(font.font, buffer, list?.pointer ?? 0, list?.count ?? 0);
    const records = this.#records;
    // Shaping may have grown the memory (a new array buffer): the view follows it.
    if (records.heap.buffer !== hb.memory.buffer) records.heap = new Int32Array(hb.memory.buffer);
    records.count = hb.hb_buffer_get_length(buffer);
    records.infos = hb.hb_buffer_get_glyph_infos(buffer, 0) >>> 2;
    records.positions = hb.hb_buffer_get_glyph_positions(buffer, 0) >>> 2;
    return records;
  }

  /** Room for `units` UTF-16 code units in the text scratch, its address. */
  #textAt(units: number): number {
    if (units > this.#textUnits) {
      if (this.#text !== 0) this.#hb.free(this.#text);
      // Doubling from 64 units: a few reallocations for the longest run a book shapes.
      this.#textUnits = Math.max(64, units, this.#textUnits * 2);
      this.#text = this.#hb.malloc(this.#textUnits * 2);
      if (this.#text === 0) throw new Error('HarfBuzz ran out of memory for the text to shape.');
    }
    return this.#text;
  }

  /** A script's or language's HarfBuzz value, looked up from its name once. */
  #named(cache: Map<string, number>, name: string, lookup: (text: number, length: number) => number): number {
    let value = cache.get(name);
    if (value === undefined) {
      const at = this.#ascii(name);
      value = lookup(at, name.length);
      cache.set(name, value);
    }
    return value;
  }

  /** `name` as bytes in the text scratch (names are ASCII: tags and language codes), its address. */
  #ascii(name: string): number {
    const at = this.#textAt(Math.ceil(name.length / 2) + 1);
    const bytes = new Uint8Array(this.#hb.memory.buffer, at, name.length);
    for (let i = 0; i < name.length; i++) bytes[i] = name.charCodeAt(i) & 0xff;
    return at;
  }

  #featureList(features: string): { pointer: number; count: number } {
    let list = this.#features.get(features);
    if (list === undefined) {
      const tags = features.split(',');
      const pointer = this.#hb.malloc(tags.length * FEATURE_BYTES);
      if (pointer === 0) throw new Error('HarfBuzz ran out of memory for a feature list.');
      const fields = new Uint32Array(this.#hb.memory.buffer, pointer, tags.length * (FEATURE_BYTES / 4));
      tags.forEach((tag, i) => {
        const off = tag.startsWith('-');
        fields[4 * i] = tagNumber(off ? tag.slice(1) : tag);
        fields[4 * i + 1] = off ? 0 : 1;
        fields[4 * i + 2] = 0;
        fields[4 * i + 3] = FEATURE_GLOBAL_END;
      });
      list = { pointer, count: tags.length };
      this.#features.set(features, list);
    }
    return list;
  }
}

/** The five functions an Emscripten build of HarfBuzz imports, for an instance with no JS glue. */
function shaperImports(): { object: WebAssembly.Imports; bind(instance: WebAssembly.Instance): void } {
  let memory: WebAssembly.Memory | null = null;
  return {
    object: {
      env: {
        _emscripten_runtime_keepalive_clear: () => undefined,
        _abort_js: () => {
          throw new Error('HarfBuzz aborted.');
        },
        _setitimer_js: () => 0,
        // malloc asks for more memory: grow to at least `requested` bytes (by at least a fifth, so
        // a run of small requests does not grow page by page). 1: grown; 0: refused (malloc fails).
        emscripten_resize_heap: (requested: number): number => {
          if (!memory) return 0;
          const current = memory.buffer.byteLength;
          const needed = requested >>> 0;
          for (const size of [Math.max(needed, current + Math.ceil(current / 5)), needed]) {
            try {
              memory.grow(Math.ceil((size - current) / WASM_PAGE));
              return 1;
            } catch {
              // Past the module's maximum: try the bare request, then refuse.
            }
          }
          return 0;
        },
      },
      wasi_snapshot_preview1: {
        proc_exit: (code: number) => {
          throw new Error(`HarfBuzz exited (${code}).`);
        },
      },
    },
    bind(instance) {
      memory = (instance.exports as unknown as HarfBuzzExports).memory;
    },
  };
}
