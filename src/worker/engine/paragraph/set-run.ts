/**
 * A set run that keeps where its words' glyphs go, not the glyphs (issue #6: the heap a layout
 * keeps, and what a global change's scavenges copy).
 *
 * A run of a set line (paragraph/lines.ts `setLines`) is a few shaped words, each placed at a pen
 * position. It used to keep three arrays of its own with a number per glyph — glyph ids, pens (pt)
 * and clusters — copied out of the words' shaping results: ~18 MB of the 77 MB a 300-page book
 * keeps (Chromium heap snapshot, day 35), and ~28 MB of the ~88 MB each global change of that book
 * leaves for the collector to copy (Node sampling heap profile, bench/survivors-node.ts). Every one
 * of those numbers can be read again from the words' shaping results, which the paragraph memo
 * keeps anyway (fonts/shaped-glyphs.ts: views of append-only buffers, never written once a piece
 * holds them).
 *
 * So a `SetRun` keeps, per word (a segment): the shaping view it was set from and its first
 * cluster's place in the run's text (side by side in one array: a pointer and a small integer),
 * and its pen x (8 bytes) — where the arrays took ~16 bytes per glyph (and its rise, in a run with
 * a raised or lowered word) — and `glyphs`, `xs`,
 * `clusters` (and `dys`, on the few runs with a shifted glyph) are the class's accessors, which
 * compute the arrays when read, with the same arithmetic, in the same order, as the copy was made:
 * the same numbers to the bit. The arrays read last are
 * kept (`lastGlyphs`, and the ones before), so a reader that walks `run.xs[g]` glyph by glyph
 * computes them once; they are never written (nothing writes a set run's arrays: code that moves
 * glyphs makes a run of its own).
 *
 * Accessors of the class, not of each run: own accessors (`Object.defineProperty` per object, as
 * page/run-items.ts `PlacedGlyphRun` has for the display lists' sake) cost ~0.2 µs each, three per
 * run, ~15 ms of a 300-page layout. A spread copies own fields only, so code that copies a run with
 * a change spreads `plainRun(run)`, the plain run with its arrays; `JSON.stringify` writes the same
 * (`toJSON`). Set runs never cross the worker boundary (display lists do: their items read the runs).
 */
import { ShapedGlyphs } from '../fonts/shaped-glyphs';
import type { DrawnItem, LineRun } from './lines';
import type { KashidaSite } from './kashida';
import type { CjkMark } from './cjk-marks';

/** A kashida drawn inside a piece: tatweel glyphs filling `width` pt before visual glyph `site.glyph`. */
export interface Elongation {
  site: KashidaSite;
  width: number;
}

/**
 * Numbers of a run's marks array (`SetRun`): the run's inset (pt, added to every pen, as
 * paragraph/lines.ts `lineInset` gives it) and scale (pt per font unit: one face and size per
 * run), then per segment its pen x (pt from the line's left edge, before the inset). A segment's
 * rise (pt, up) is kept apart, and only by a run with a raised or lowered word (`SetRun` rises):
 * nearly every run has none, and a third number per word was ~2 MB of a 300-page book's heap.
 */
export const MARKS_HEAD = 2;
/**
 * Entries per segment in a run's words array (`SetRun`): its shaping view, then the run-text index
 * its clusters count from, a small integer (a Smi: 4 bytes beside the pointer, where it took 8 as
 * a double in the marks array, ~3.6 MB of a 1,000-page book's kept heap, day 38).
 */
export const SEGMENT_WORDS = 2;

/** An entry of a run's words array: a segment's shaping view, or the run-text index after it (`SEGMENT_WORDS`). */
export type SegmentWord = ShapedGlyphs | number;

/** The glyph arrays of a run, as a copy made when it was set would hold them. */
interface RunGlyphs {
  glyphs: number[];
  xs: number[];
  clusters: number[];
  dys: number[] | undefined;
}

/** A column of doubles: an array that starts with a fraction stays one of doubles (unboxed) when emptied and refilled. */
export function doubleColumn(): number[] {
  const column = [0.5];
  column.length = 0;
  return column;
}

/**
 * Where `glyphsOf` writes, reused from run to run (only ever written at an index ≤ their length,
 * so they never get holes); each run gets arrays of exactly its length, sliced out of them.
 */
const out = { glyphs: [] as number[], xs: doubleColumn(), dys: doubleColumn(), clusters: [] as number[] };
let outCount = 0;

/**
 * The marks arrays whose glyphs were computed last and the time before, and what they were: a
 * reader walking one run, or two side by side, computes each once (a moved run shares its
 * original's marks, so both hit).
 */
let lastMarks: readonly number[] | null = null;
let lastGlyphs: RunGlyphs = { glyphs: [], xs: [], clusters: [], dys: undefined };
let previousMarks: readonly number[] | null = null;
let previousGlyphs: RunGlyphs = lastGlyphs;

/**
 * A segment's glyphs appended to `out`: pen from `x` (pt), clusters from `textBase`. The
 * arithmetic of the copy paragraph/lines.ts made when it set the run, operation for operation.
 */
function pushSegment(shaped: ShapedGlyphs, x: number, textBase: number, scale: number, rise: number, elongations: readonly Elongation[] | undefined): void {
  const data = shaped.data;
  const clusterBase = textBase - shaped.clusterBase;
  // `+ 0`: an arithmetic result, so the optimising compiler keeps the pen a raw double through
  // the loop (given the number as it came, it boxed a new pen per glyph).
  let pen = x + 0;
  for (let g = 0, field = shaped.start * ShapedGlyphs.FIELDS; g < shaped.length; g++, field += ShapedGlyphs.FIELDS) {
    // Runs once per glyph: `elongations` is absent for all but kashida-justified words.
    if (elongations) for (const e of elongations) {
      if (e.site.glyph !== g || e.width <= 0) continue;
      // Kashida: enough tatweels, evenly spaced, to bridge `width` (they overlap rather than
      // leave a gap; each maps to the letter it extends, so clusters keep falling).
      const advance = e.site.advance * scale;
      const count = Math.max(1, Math.ceil(e.width / advance - 1e-9));
      const step = (e.width - advance) / Math.max(1, count - 1);
      for (let k = 0; k < count; k++) {
        const at = outCount++;
        out.glyphs[at] = e.site.tatweel;
        out.xs[at] = count === 1 ? pen + (e.width - advance) / 2 : pen + k * step;
        out.dys[at] = -rise;
        out.clusters[at] = clusterBase + data[field + 1]!;
      }
      pen += e.width;
    }
    const at = outCount++;
    out.glyphs[at] = data[field]!;
    out.xs[at] = pen + data[field + 3]! * scale;
    out.dys[at] = -data[field + 4]! * scale - rise;
    out.clusters[at] = clusterBase + data[field + 1]!;
    pen += data[field + 2]! * scale;
  }
}

/** Whether some glyph of the segment is set off the baseline (a vertical offset that is not zero; −0 counts as 0). */
export function segmentShifted(shaped: ShapedGlyphs, scale: number, rise: number, elongations: readonly Elongation[] | undefined): boolean {
  // On the baseline with no y offset (nearly every word): every offset is −0 × scale − 0, a zero.
  if (rise === 0 && !shaped.hasYOffsets()) return false;
  if (elongations !== undefined && rise !== 0) for (const e of elongations) if (e.width > 0 && e.site.glyph < shaped.length) return true;
  const data = shaped.data;
  for (let g = 0, field = shaped.start * ShapedGlyphs.FIELDS + 4; g < shaped.length; g++, field += ShapedGlyphs.FIELDS) {
    if (-data[field]! * scale - rise !== 0) return true;
  }
  return false;
}

/** The run's glyph arrays, computed from its segments (or the ones computed last, when they are its). */
function glyphsOf(words: readonly SegmentWord[], marks: readonly number[], rises: readonly number[] | null, elongations: readonly (readonly Elongation[] | undefined)[] | null): RunGlyphs {
  if (marks === lastMarks) return lastGlyphs;
  if (marks === previousMarks) return previousGlyphs;
  outCount = 0;
  const inset = marks[0]!;
  const scale = marks[1]!;
  for (let s = 0, at = MARKS_HEAD, w = 0; w < words.length; s++, at++, w += SEGMENT_WORDS) {
    pushSegment(words[w] as ShapedGlyphs, marks[at]!, words[w + 1] as number, scale, rises === null ? 0 : rises[s]!, elongations === null ? undefined : elongations[s]);
  }
  const xs = out.xs.slice(0, outCount);
  if (inset > 0) for (let g = 0; g < xs.length; g++) xs[g] = xs[g]! + inset;
  // Vertical offsets only when one is not zero (nearly every run has none); −0 (no offset, no rise) counts as 0.
  let dys: number[] | undefined;
  for (let g = 0; g < outCount; g++) {
    if (out.dys[g] !== 0) {
      dys = out.dys.slice(0, outCount);
      break;
    }
  }
  previousMarks = lastMarks;
  previousGlyphs = lastGlyphs;
  lastGlyphs = { glyphs: out.glyphs.slice(0, outCount), xs, clusters: out.clusters.slice(0, outCount), dys };
  lastMarks = marks;
  return lastGlyphs;
}

/**
 * A run of a set line, its glyph arrays computed from its segments when read (see the file's
 * comment). Built by paragraph/lines.ts: `new SetRun(…)` when the run's first word is met, `seal`
 * when its line is finished; `moved` for engine/index.ts `movedRun`.
 */
export class SetRun implements LineRun {
  // Declared only: the constructor creates the fields in one order, so every set run has one
  // hidden class (`rtl`, `overline` and `cjkMarks` are added after it, as on the plain runs).
  declare fontId: string;
  declare sizeIndex: number;
  declare colour: string;
  declare text: string;
  declare offsets?: number[] | undefined;
  declare from?: number;
  declare hyphen?: boolean;
  declare drawn?: DrawnItem | undefined;
  declare rtl?: true;
  declare overline?: true;
  declare cjkMarks?: readonly CjkMark[];
  /**
   * Per segment, in visual order, the shaping view it was set from (shared with the word's piece)
   * and the run-text index its clusters count from (`SEGMENT_WORDS`).
   */
  #words: readonly SegmentWord[];
  /** Inset and scale, then each segment's pen x (`MARKS_HEAD`). */
  #marks: readonly number[];
  /** Per segment, its rise (pt, up); null when every segment is on the baseline (nearly every run). */
  #rises: readonly number[] | null;
  /** Per segment, its kashida elongations; null when no segment has any (nearly every run). */
  #elongations: readonly (readonly Elongation[] | undefined)[] | null;
  /** Some glyph is off the baseline: the run has `dys`. */
  #shifted: boolean;

  constructor(fontId: string, sizeIndex: number, colour: string, text: string) {
    this.#words = NO_WORDS;
    this.#marks = NO_MARKS;
    this.#rises = null;
    this.#elongations = null;
    this.#shifted = false;
    this.fontId = fontId;
    this.sizeIndex = sizeIndex;
    this.colour = colour;
    this.text = text;
    this.offsets = undefined;
    this.from = 0;
    this.hyphen = false;
    this.drawn = undefined;
  }

  /** Glyphs in visual order, left to right. */
  get glyphs(): number[] {
    return glyphsOf(this.#words, this.#marks, this.#rises, this.#elongations).glyphs;
  }

  /** Pen x of each glyph from the line's left edge, pt. */
  get xs(): number[] {
    return glyphsOf(this.#words, this.#marks, this.#rises, this.#elongations).xs;
  }

  /** For each glyph, the index in `text` where its cluster starts. */
  get clusters(): number[] {
    return glyphsOf(this.#words, this.#marks, this.#rises, this.#elongations).clusters;
  }

  /** Vertical offset of each glyph, pt, positive down; undefined while every offset is zero. */
  get dys(): number[] | undefined {
    return this.#shifted ? glyphsOf(this.#words, this.#marks, this.#rises, this.#elongations).dys : undefined;
  }

  /**
   * How many of its glyphs start a new cluster (the first, and each whose cluster differs from the
   * glyph before): `clusters` counted without making the run's arrays. A kashida's tatweels take
   * the cluster of the letter they precede, so they never change the count and are not visited.
   */
  clusterStartCount(): number {
    const words = this.#words;
    let count = 0;
    let previous = NaN;
    for (let w = 0; w < words.length; w += SEGMENT_WORDS) {
      const shaped = words[w] as ShapedGlyphs;
      const data = shaped.data;
      // pushSegment's cluster: the segment's text base less the view's own base, plus the glyph's.
      const clusterBase = (words[w + 1] as number) - shaped.clusterBase;
      for (let g = 0, field = shaped.start * ShapedGlyphs.FIELDS + 1; g < shaped.length; g++, field += ShapedGlyphs.FIELDS) {
        const cluster = clusterBase + data[field]!;
        if (cluster !== previous) count++;
        previous = cluster;
      }
    }
    return count;
  }

  /** The run's segments, given once its line is set; `shifted`: some glyph is off the baseline (the run has `dys`). */
  seal(words: readonly SegmentWord[], marks: readonly number[], rises: readonly number[] | null, elongations: readonly (readonly Elongation[] | undefined)[] | null, shifted: boolean): void {
    this.#words = words;
    this.#marks = marks;
    this.#rises = rises;
    this.#elongations = elongations;
    this.#shifted = shifted;
  }

  /** The run with other source offsets (engine/index.ts `movedRun`), over the same segments. */
  moved(offsets: number[] | undefined, from: number, hyphen: boolean): SetRun {
    const moved = new SetRun(this.fontId, this.sizeIndex, this.colour, this.text);
    moved.offsets = offsets;
    moved.from = from;
    moved.hyphen = hyphen;
    if (this.rtl) moved.rtl = true;
    if (this.overline) moved.overline = true;
    if (this.cjkMarks) moved.cjkMarks = this.cjkMarks;
    moved.seal(this.#words, this.#marks, this.#rises, this.#elongations, this.#shifted);
    return moved;
  }

  /** `JSON.stringify` writes the plain run (`plainRun`): its arrays, in the plain run's key order. */
  toJSON(): LineRun {
    return plainRun(this);
  }
}

/** Glyphs of the run that start a new cluster (`clusters` counted): a set run counts its segments, any other run its array. */
export function clusterStarts(run: LineRun): number {
  if (run instanceof SetRun) return run.clusterStartCount();
  const clusters = run.clusters;
  let count = 0;
  for (let g = 0; g < clusters.length; g++) if (g === 0 || clusters[g] !== clusters[g - 1]) count++;
  return count;
}

/**
 * The run as a plain object with its arrays (a `SetRun`'s computed; any other run is returned as
 * it is), in the key order runs have always had. What code that copies a run with a change spreads
 * (`{ ...plainRun(run), xs }`): a spread copies own fields only, and a set run's arrays are its
 * class's accessors.
 */
export function plainRun(run: LineRun): LineRun {
  if (!(run instanceof SetRun)) return run;
  const plain: LineRun = { fontId: run.fontId, sizeIndex: run.sizeIndex, colour: run.colour, glyphs: run.glyphs, xs: run.xs, text: run.text, clusters: run.clusters, offsets: run.offsets, from: run.from, hyphen: run.hyphen, drawn: run.drawn };
  if (run.rtl) plain.rtl = true;
  if (run.overline) plain.overline = true;
  if (run.cjkMarks) plain.cjkMarks = run.cjkMarks;
  const dys = run.dys;
  if (dys) plain.dys = dys;
  return plain;
}

const NO_WORDS: readonly SegmentWord[] = [];
const NO_MARKS: readonly number[] = [0, 0];
