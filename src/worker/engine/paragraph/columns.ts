import type { FontFace, FontSubstitution, ShapedGlyphs } from '../fonts/registry';
import type { TextStyle } from '../settings';
import { fillBreakColumns, type BreakColumns } from '../text/linebreak';
import type { Item } from '../text/items';
import { pieceOffset, pieceOffsetCount, type ShapedPiece, type WordPayload } from './items';

/**
 * A paragraph's items kept in flat columns (struct of arrays) once it has been set, so that
 * setting it again at another measure (`setColumnLines` in lines.ts, `breakColumns` in
 * text/linebreak.ts) reads a few typed arrays in order instead of the item objects (a word's
 * box, payload, pieces list, piece and offsets array, scattered over the heap).
 * Kept objects also cost: a 100,000-word book's items held ~70 MB of small objects that every
 * garbage collection had to trace; the columns are typed-array views on one arena block and one
 * string per paragraph (~9 MB of heap for that book), and a kept paragraph holds them without the
 * views (`PackedColumns`: the block's place and counts; `openColumns` makes the views again).
 *
 * Glyphs are not copied: each piece keeps a reference to its shaping (shared with the face's
 * shape cache) and the scale and rise `pushGlyphs` applies, so the lines set from columns are
 * identical to the bit. Copying every glyph made keeping a paragraph cost more than setting it.
 */
export interface ParagraphColumns extends BreakColumns {
  /** Per item, `ITEM_BYTES` bytes from `i * ITEM_BYTES`: the glue stands for a typed space (1) or not (0), then the payload's bidi level or NO_LEVEL (the base level applies). */
  itemBytes: Uint8Array;
  /** Per item: its first piece (a box's pieces, or what a penalty adds); `n + 1` entries. */
  itemPiece: Int32Array;
  /** Characters a fallback face set (or no face had), by the index of the box that records them. */
  substitutions: Map<number, FontSubstitution[]> | null;

  /** The (face, style) pairs of the paragraph's pieces (`PIECE_STYLE`). */
  runStyles: { face: FontFace; style: TextStyle }[];
  /**
   * Per piece, `PIECE_DOUBLES` doubles from `k * PIECE_DOUBLES`: its width at the style's size
   * (`PIECE_WIDTH`, pt), size / upem, the factor from font units to pt (`PIECE_SCALE`, the value
   * `appendPiece` computes), its baseline shift (`PIECE_RISE`, pt).
   */
  pieceDoubles: Float64Array;
  /**
   * Per piece, `PIECE_INTS` integers from `k * PIECE_INTS`, then one row more whose `PIECE_TEXT_AT`
   * is the text's length: index into `runStyles` (`PIECE_STYLE`), bidi level (`PIECE_LEVEL`),
   * where its characters start in `text` (`PIECE_TEXT_AT`: they end where the next piece's
   * start), and its source offsets. Nearly every piece's are consecutive (first, first + 1, …):
   * those keep only their first (`PIECE_OFFSET_FIRST`) and count (`PIECE_OFFSET_COUNT`), with
   * `PIECE_OFFSET_AT` −1; the others are listed in `offsets` from `PIECE_OFFSET_AT`.
   * Int32, not Float64: offsets are integers (generated text counts from −1e9), and a value read
   * from a Float64Array is a double, which stored in a run's `from` (lines.ts) turned that field
   * of every line run into a boxed HeapNumber (tests/unit/paragraph/smi-fields.test.ts).
   * Columns side by side in rows rather than a typed array each: every typed array is an object
   * of ~90 bytes of heap (Node); a typed array per column, 19 a paragraph, were ~6.9 MB of the
   * bench book's kept heap (74,614 typed arrays), now 10 a paragraph.
   */
  pieceInts: Int32Array;
  /**
   * The characters the pieces show (logical order), all pieces' texts one after the other in one
   * string (one string kept per paragraph rather than one per piece for the garbage collector to trace).
   */
  text: string;
  /** Per piece: its glyphs (the shaping the piece was set with, shared with the face's shape cache). */
  pieceShaped: ShapedGlyphs[];

  /** Source offsets of the pieces whose offsets are not consecutive, one piece after the other (`NO_OFFSETS` when none). */
  offsets: Int32Array;
}

/** Bytes per item in `ParagraphColumns.itemBytes`: typed space, level. */
export const ITEM_BYTES = 2;
export const ITEM_SPACE = 0;
export const ITEM_LEVEL = 1;
/** Doubles per piece in `ParagraphColumns.pieceDoubles`. */
export const PIECE_DOUBLES = 3;
export const PIECE_WIDTH = 0;
export const PIECE_SCALE = 1;
export const PIECE_RISE = 2;
/** Integers per piece in `ParagraphColumns.pieceInts`. */
export const PIECE_INTS = 6;
export const PIECE_STYLE = 0;
export const PIECE_LEVEL = 1;
export const PIECE_TEXT_AT = 2;
export const PIECE_OFFSET_FIRST = 3;
export const PIECE_OFFSET_COUNT = 4;
export const PIECE_OFFSET_AT = 5;

/** The `offsets` of a paragraph whose pieces' offsets are all consecutive (nearly every one): shared, never written. */
const NO_OFFSETS = new Int32Array(0);

/** `ParagraphColumns.level` of an item whose payload has no level. */
export const NO_LEVEL = 255;

/**
 * The columns of a paragraph's items, or null when it has what only the objects describe: kashida
 * elongations, inline formulas, repeated hyphens or boxed runs (such paragraphs are simply not kept).
 */
export function paragraphColumns(items: readonly Item<WordPayload>[]): ParagraphColumns | null {
  let pieces = 0;
  let units = 0;
  for (const item of items) {
    const payload = item.payload;
    if (!payload) continue;
    if (payload.kashida || payload.repeat || payload.box) return null;
    const base = item.type === 'box' ? (item.from ?? 0) : 0;
    for (const piece of payload.pieces) {
      if (piece.formula || piece.level > 125) return null;
      pieces++;
      if (consecutiveFirst(piece, base) === null) units += pieceOffsetCount(piece);
    }
  }
  const n = items.length;
  // Every column of the paragraph is a view on one arena block (typed arrays allocated one by
  // one, a score per paragraph, cost more than the rest of keeping the paragraph).
  const block = carve(blockBytes(n, pieces, units));
  const views = columnViews(block.buffer, block.offset, n, pieces, units);
  const { itemBytes, itemPiece, pieceDoubles, pieceInts, offsets } = views;
  fillBreakColumns(items, views);
  let substitutions: Map<number, FontSubstitution[]> | null = null;
  const runStyles: { face: FontFace; style: TextStyle }[] = [];
  const texts = new Array<string>(pieces);
  const pieceShaped = new Array<ShapedGlyphs>(pieces);
  let textLength = 0;
  let k = 0;
  let o = 0;
  let lastFace: FontFace | null = null;
  let lastStyle: TextStyle | null = null;
  let styleIndex = -1;
  for (let i = 0; i < n; i++) {
    itemPiece[i] = k;
    const item = items[i]!;
    const payload = item.payload;
    itemBytes[i * ITEM_BYTES + ITEM_LEVEL] = payload?.level ?? NO_LEVEL;
    if (!payload) continue;
    // What the pieces' relative offsets count from (a recurring word's shared pieces, items.ts).
    const base = item.type === 'box' ? (item.from ?? 0) : 0;
    if (payload.space) itemBytes[i * ITEM_BYTES + ITEM_SPACE] = 1;
    if (payload.substitutions) (substitutions ??= new Map()).set(i, payload.substitutions);
    for (const piece of payload.pieces) {
      if (piece.face !== lastFace || piece.style !== lastStyle) {
        lastFace = piece.face;
        lastStyle = piece.style;
        styleIndex = runStyles.findIndex((r) => r.face === piece.face && r.style === piece.style);
        if (styleIndex < 0) styleIndex = runStyles.push({ face: piece.face, style: piece.style }) - 1;
      }
      const row = k * PIECE_INTS;
      const doubles = k * PIECE_DOUBLES;
      pieceInts[row + PIECE_STYLE] = styleIndex;
      pieceInts[row + PIECE_LEVEL] = piece.level;
      pieceDoubles[doubles + PIECE_WIDTH] = piece.width;
      texts[k] = piece.text;
      pieceInts[row + PIECE_TEXT_AT] = textLength;
      textLength += piece.text.length;
      pieceShaped[k] = piece.shaped;
      // The scale appendPiece computes (lines.ts), so pushGlyphs' products come out the same.
      pieceDoubles[doubles + PIECE_SCALE] = piece.style.size / piece.face.upem;
      pieceDoubles[doubles + PIECE_RISE] = piece.rise ?? 0;
      const count = pieceOffsetCount(piece);
      const first = consecutiveFirst(piece, base);
      pieceInts[row + PIECE_OFFSET_COUNT] = count;
      pieceInts[row + PIECE_OFFSET_FIRST] = first ?? (count > 0 ? pieceOffset(piece, 0, base) : 0);
      if (first !== null) pieceInts[row + PIECE_OFFSET_AT] = -1;
      else {
        pieceInts[row + PIECE_OFFSET_AT] = o;
        for (let u = 0; u < count; u++) offsets[o++] = pieceOffset(piece, u, base);
      }
      k++;
    }
  }
  itemPiece[n] = k;
  pieceInts[k * PIECE_INTS + PIECE_TEXT_AT] = textLength;
  views.substitutions = substitutions;
  // A copy of its length: grown by push, the list kept room for 17 styles (~60 bytes a paragraph) where one or two are usual.
  views.runStyles = runStyles.slice();
  views.text = texts.join('');
  views.pieceShaped = pieceShaped;
  return views;
}

/** Bytes of a paragraph's arena block: the doubles, then the integers, then the bytes (`columnViews`). */
function blockBytes(n: number, pieces: number, units: number): number {
  const f64 = 4 * n + PIECE_DOUBLES * pieces;
  const i32 = n + 1 + PIECE_INTS * (pieces + 1) + units;
  const u8 = 2 * n + ITEM_BYTES * n;
  return f64 * 8 + i32 * 4 + u8;
}

/**
 * The typed-array views of a paragraph's columns on its block, from byte `at` of `buffer` (the
 * same places whether the columns are being built or opened again from `PackedColumns`), and the
 * columns' other fields empty for the caller to give.
 */
function columnViews(buffer: ArrayBuffer, at: number, n: number, pieces: number, units: number): ParagraphColumns {
  const float = (length: number): Float64Array => {
    const view = new Float64Array(buffer, at, length);
    at += length * 8;
    return view;
  };
  const int = (length: number): Int32Array => {
    const view = new Int32Array(buffer, at, length);
    at += length * 4;
    return view;
  };
  const byte = (length: number): Uint8Array => {
    const view = new Uint8Array(buffer, at, length);
    at += length;
    return view;
  };
  // Fields in one order for every paragraph (one hidden class), the views in the block's order.
  const width = float(n);
  const stretch = float(n);
  const shrink = float(n);
  const penalty = float(n);
  const pieceDoubles = float(PIECE_DOUBLES * pieces);
  const offsets = units > 0 ? int(units) : NO_OFFSETS;
  const itemPiece = int(n + 1);
  const pieceInts = int(PIECE_INTS * (pieces + 1));
  const kind = byte(n);
  const flagged = byte(n);
  const itemBytes = byte(ITEM_BYTES * n);
  // `clusters` (letter spacing) is never kept: a paragraph set with tracking is not (paragraph/index.ts).
  return { n, kind, width, stretch, shrink, penalty, flagged, clusters: undefined, itemBytes, itemPiece, substitutions: null, runStyles: NO_STYLES, pieceDoubles, pieceInts, text: '', pieceShaped: NO_SHAPED, offsets };
}

const NO_STYLES: { face: FontFace; style: TextStyle }[] = [];
const NO_SHAPED: ShapedGlyphs[] = [];

/**
 * A kept paragraph's columns without their views: where its block is and the counts that place
 * each column in it, and the fields that are not numbers. Eleven typed-array views a paragraph,
 * ~60 bytes of heap each, were ~7.6 MB of a 1,000-page book's kept heap (13,334 paragraphs,
 * Chromium heap snapshot, day 38) for columns read only when the paragraph is set again, so a kept
 * paragraph holds this and `openColumns` makes the views when it is (once per setting: ~1 kB of
 * short-lived objects, where setting the paragraph's lines allocates ~10 kB).
 */
export interface PackedColumns {
  buffer: ArrayBuffer;
  /** Byte offset of the block in `buffer`. */
  at: number;
  n: number;
  pieces: number;
  /** Length of `offsets` (0: `NO_OFFSETS`). */
  units: number;
  substitutions: ParagraphColumns['substitutions'];
  runStyles: ParagraphColumns['runStyles'];
  text: string;
  pieceShaped: ShapedGlyphs[];
}

/** The columns as kept: their views let go (`openColumns` makes them again, on the same bytes). */
export function packColumns(c: ParagraphColumns): PackedColumns {
  const units = c.offsets === NO_OFFSETS ? 0 : c.offsets.length;
  return { buffer: c.width.buffer as ArrayBuffer, at: c.width.byteOffset, n: c.n, pieces: c.itemPiece[c.n]!, units, substitutions: c.substitutions, runStyles: c.runStyles, text: c.text, pieceShaped: c.pieceShaped };
}

/** Views on a kept paragraph's block: the columns `paragraphColumns` built, the very bytes. */
export function openColumns(p: PackedColumns): ParagraphColumns {
  const c = columnViews(p.buffer, p.at, p.n, p.pieces, p.units);
  c.substitutions = p.substitutions;
  c.runStyles = p.runStyles;
  c.text = p.text;
  c.pieceShaped = p.pieceShaped;
  return c;
}

/**
 * The piece's first offset when its offsets are first, first + 1, … (integers, so `first + u`
 * gives back each exactly; 0 for a piece without any), else null (they are listed in the columns).
 */
function consecutiveFirst(piece: ShapedPiece, base: number): number | null {
  const count = pieceOffsetCount(piece);
  if (count === 0) return 0;
  const first = pieceOffset(piece, 0, base);
  if (!Number.isInteger(first) || Object.is(first, -0)) return null;
  if (piece.offsets) for (let u = 1; u < count; u++) if (piece.offsets[u] !== first + u) return null;
  return first;
}

/** The source offset `u` of piece `k`. */
export function offsetOf(c: ParagraphColumns, k: number, u: number): number {
  const row = k * PIECE_INTS;
  const at = c.pieceInts[row + PIECE_OFFSET_AT]!;
  return at < 0 ? c.pieceInts[row + PIECE_OFFSET_FIRST]! + u : c.offsets[at + u]!;
}

/**
 * Arena blocks are carved from buffers of this size, bytes (a paragraph needing more than half
 * gets its own). Small enough for the allocator to reuse freed memory (1 MB buffers were mapped
 * afresh each time, and first touching their pages cost more than filling them).
 */
const ARENA_BYTES = 1 << 16;
let arena: ArrayBuffer | null = null;
let arenaUsed = 0;

/**
 * `bytes` bytes at an 8-byte aligned offset of a shared buffer. A buffer lives as long as any
 * paragraph carved from it; its other paragraphs' bytes are never written again after theirs are
 * set, so sharing is invisible.
 */
function carve(bytes: number): { buffer: ArrayBuffer; offset: number } {
  const size = Math.ceil(bytes / 8) * 8;
  if (size > ARENA_BYTES / 2) return { buffer: new ArrayBuffer(size), offset: 0 };
  if (arena === null || arenaUsed + size > ARENA_BYTES) {
    arena = new ArrayBuffer(ARENA_BYTES);
    arenaUsed = 0;
  }
  const offset = arenaUsed;
  arenaUsed += size;
  return { buffer: arena, offset };
}
