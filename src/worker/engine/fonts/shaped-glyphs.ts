/** 32-bit fields per glyph: glyph id, cluster, advance, x offset, y offset. */
const FIELDS = 5;

/**
 * One shaping result, or a run of it, as a view of a buffer.
 *
 * Each glyph takes five 32-bit fields in `data`, one after another: glyph id, cluster (UTF-16
 * index in the shaped text where its cluster starts), advance, x offset and y offset (font
 * units; y up, as HarfBuzz gives them), from glyph `start` on. A face writes its results one
 * after another into a buffer they share (fonts/registry.ts `FontFace.shape`). A run of glyphs
 * (the part of a hyphenated word before or after a break) is a view too: the same buffer,
 * another `start` and `length`, and a `clusterBase` its clusters count from, so no array is
 * copied or made for it.
 *
 * Why not five typed arrays: a ~300-page book shapes ~16,000 words and cuts them into ~60,000
 * parts. Five arrays per result were ~385,000 typed arrays and ~200,000 array buffers, whose
 * headers alone outweighed the glyph data (Node heap snapshot, 2026-12-06: 72 MB kept for
 * 20 MB of numbers).
 */
export class ShapedGlyphs {
  /** 32-bit fields per glyph in `data`. */
  static readonly FIELDS = FIELDS;

  constructor(
    /** The buffer holding the view's fields, shared by every view of the result and by the face's other results (read from `start`). */
    readonly data: Int32Array,
    /** The view's first glyph in `data`. */
    readonly start: number,
    /** Glyphs in the view. */
    readonly length: number,
    /** Subtracted from every cluster: the view's first character in the shaped text. */
    readonly clusterBase: number,
    /** Sum of the view's advances, font units (kept so by `setAdvance`). */
    public width: number,
  ) {}

  /** Whether some glyph has a y offset: unknown (−1) until `hasYOffsets` first looks, then 0 or 1. A small integer: no box per view. */
  #yOffsets = -1;

  /**
   * Whether some glyph of the view has a y offset (a mark placed above or below its base): read
   * once per view, then remembered (no y offset is ever changed). A set run asks it for every
   * word it is given (paragraph/set-run.ts `segmentShifted`): nearly every word has none.
   */
  hasYOffsets(): boolean {
    if (this.#yOffsets < 0) {
      let found = 0;
      for (let g = 0, at = this.start * FIELDS + 4; g < this.length && found === 0; g++, at += FIELDS) if (this.data[at] !== 0) found = 1;
      this.#yOffsets = found;
    }
    return this.#yOffsets === 1;
  }

  /** The empty result (nothing to shape). */
  static readonly EMPTY = new ShapedGlyphs(new Int32Array(0), 0, 0, 0, 0);

  glyph(index: number): number {
    return this.data[(this.start + index) * FIELDS]!;
  }

  cluster(index: number): number {
    return this.data[(this.start + index) * FIELDS + 1]! - this.clusterBase;
  }

  advance(index: number): number {
    return this.data[(this.start + index) * FIELDS + 2]!;
  }

  xOffset(index: number): number {
    return this.data[(this.start + index) * FIELDS + 3]!;
  }

  yOffset(index: number): number {
    return this.data[(this.start + index) * FIELDS + 4]!;
  }

  /** The view's glyph ids in an array (tests and rare callers; the hot paths read `data`). */
  glyphList(): number[] {
    return Array.from({ length: this.length }, (_, g) => this.glyph(g));
  }

  /** The view's clusters in an array. */
  clusterList(): number[] {
    return Array.from({ length: this.length }, (_, g) => this.cluster(g));
  }

  /** The view's advances in an array, font units. */
  advanceList(): number[] {
    return Array.from({ length: this.length }, (_, g) => this.advance(g));
  }

  /** The view's x offsets in an array, font units. */
  xOffsetList(): number[] {
    return Array.from({ length: this.length }, (_, g) => this.xOffset(g));
  }

  /**
   * Glyphs `from`…`to` (exclusive) as a view whose clusters count from text offset `textFrom`
   * of this one (the part of a word after a break counts from its own first letter).
   */
  view(from: number, to: number, textFrom: number): ShapedGlyphs {
    let width = 0;
    for (let g = from; g < to; g++) width += this.advance(g);
    return new ShapedGlyphs(this.data, this.start + from, to - from, this.clusterBase + textFrom, width);
  }

  /** An own copy, for a caller that changes fields (`setAdvance`, `setXOffset`): the shaping caches hand out shared results. */
  copy(): ShapedGlyphs {
    const data = this.data.slice(this.start * FIELDS, (this.start + this.length) * FIELDS);
    for (let at = 1; at < data.length; at += FIELDS) data[at] = data[at]! - this.clusterBase;
    return new ShapedGlyphs(data, 0, this.length, 0, this.width);
  }

  /*
   * Changing fields: only on a result of `copy()` (or one a caller built itself). The fonts'
   * shaping caches hand the same result to every use of a word.
   */

  setAdvance(index: number, advance: number): void {
    const at = (this.start + index) * FIELDS + 2;
    this.width += advance - this.data[at]!;
    this.data[at] = advance;
  }

  setXOffset(index: number, xOffset: number): void {
    this.data[(this.start + index) * FIELDS + 3] = xOffset;
  }
}
