/**
 * Glyph-run items kept with the set run they were drawn from (issue #6, edit → convergence).
 *
 * After a one-paragraph edit the edited chapter is paginated again, and every line before the edit
 * comes back as the very same set-line object (engine/index.ts hands out the same placed lines
 * while a paragraph keeps its offsets), placed at the same pen position with the same line record.
 * Its glyph-run item would be rebuilt identical: a fresh `xs` array per run, on every page before
 * the edit, and garbage for the collector. Instead the item drawn last time is handed out again when
 * the run, its origin as the item rounds it (x0, baseline, pt), chapter and line record are the same. Display lists are
 * read-only once built (the ones that move an item, page/levers.ts, copy it), so sharing an item
 * between two builds' lists changes no byte of either.
 *
 * The items themselves keep no glyph array (`PlacedGlyphRun`): their glyph ids, clusters and pens
 * are read from the set run, so a run drawn lower, or moved to new source offsets by an edit before
 * its paragraph (engine/index.ts `movedRun` shares the run's segments), shares them without being
 * looked for.
 * Nor do they keep their own numbers for where they stand and how large (`Placement`): every item
 * at the same origin, baseline and size shares one record.
 */
import { Op, roundPt, type GlyphRunItem, type LineInfo } from '../../protocol/displaylist';
import type { LineRun } from '../paragraph';

export type GlyphRunBuilder = (run: LineRun, x0: number, baseline: number, chapter: string, line: LineInfo | undefined) => GlyphRunItem;

/**
 * `build(run, x0, baseline, chapter, line)`, or the item it built last time when that is what it
 * would build now.
 *
 * The last item is kept on the run itself (`LineRun.drawn`: a run dropped by the paragraph memo
 * takes its item with it), the item alone, not a record of the origin it was built at: an origin's
 * two numbers are boxed doubles, and the record, its numbers and the item's entry cost ~7 MB of a
 * 1,000-page book's heap. Whether the origin is the same is read from the item's own rounded
 * coordinates instead. A run copied with a spread (`{ ...run, colour }`) carries the field along:
 * the item is handed out only to the run it was built from (`PlacedGlyphRun.builtFrom`).
 *
 * Not in weak tables, as it was (one `WeakMap<LineRun, GlyphRunItem>` per chapter): their
 * ~70,000 entries with the bench book (300 pages, after its global changes; Chromium heap
 * snapshot) were half the worker's ephemerons, which each major collection's pause goes over
 * until nothing more is marked from them (`V8.GC_MC_MARK_WEAK_CLOSURE_EPHEMERON_MARKING`: 7–9 ms of
 * 21–50 ms pauses in the bench's edits, and 62 ms once; 3.2–5.6 ms since; issue #6, edit p95).
 */
export function placedRun(run: LineRun, x0: number, baseline: number, chapter: string, line: LineInfo, build: GlyphRunBuilder): GlyphRunItem {
  // Only this file writes the field, and only items of its own class (`DrawnItem` to the paragraph layer).
  const last = run.drawn as PlacedGlyphRun | undefined;
  if (last !== undefined && last.builtFrom(run) && last.chapter === chapter && last.y === roundPt(baseline) && sameLine(last.line, line) && last.drawnAs(run, x0)) return last;
  const item = build(run, x0, baseline, chapter, line);
  if (item instanceof PlacedGlyphRun) run.drawn = item;
  return item;
}

/**
 * Line records equal field by field, every field (`LineInfo` may grow). Key order is not compared:
 * both records come from paginate's `emit`, which writes them in one order.
 */
function sameLine(a: LineInfo | undefined, b: LineInfo): boolean {
  if (a === undefined) return false;
  const left = a as unknown as Record<string, unknown>;
  const right = b as unknown as Record<string, unknown>;
  let fields = 0;
  for (const key in right) {
    if (left[key] !== right[key]) return false;
    fields++;
  }
  return fields === Object.keys(left).length;
}

/** The pens read last: one item's, while a reader walks its glyphs (`item.xs[g]` in a loop reads the accessor once per glyph). */
let readOffsets: readonly number[] | null = null;
let readOrigin = 0;
let readPens: number[] = [];

/** Pen offsets (pt from a line's left edge) moved to origin `x0` and rounded: a glyph run item's `xs`. */
function pensAt(offsets: readonly number[], x0: number): number[] {
  if (offsets === readOffsets && x0 === readOrigin) return readPens;
  // A copy of the set line's pens (an array of doubles, as they are), moved in place: one array
  // of the run's length, where `new Array(n)` filled with doubles was built twice (its elements
  // turned from small integers to doubles on the first store).
  const xs = offsets.slice();
  for (let g = 0; g < xs.length; g++) xs[g] = roundPt(x0 + xs[g]!);
  readOffsets = offsets;
  readOrigin = x0;
  readPens = xs;
  return xs;
}

/** The hyphen map read last (`srcMap` of a hyphenated line's last run), by its first offset and length. */
let readMapFrom = 0;
let readMapUnits = -1;
let readMap: number[] = [];

/** The srcMap of a hyphenated line's last run: `units` − 1 offsets from `from`, then its generated hyphen (−1). */
function hyphenSrcMap(from: number, units: number): number[] {
  if (from === readMapFrom && units === readMapUnits) return readMap;
  const map = new Array<number>(units);
  for (let u = 0; u < units - 1; u++) map[u] = from + u;
  map[units - 1] = -1;
  readMapFrom = from;
  readMapUnits = units;
  readMap = map;
  return map;
}

/** Whether `map` is the hyphen map of `units` units from `from` (no allocation). */
function isHyphenMap(map: readonly number[], from: number, units: number): boolean {
  if (map.length !== units || map[units - 1] !== -1) return false;
  for (let u = 0; u < units - 1; u++) if (map[u] !== from + u) return false;
  return true;
}

/**
 * Where a glyph-run item stands and how large it is: the origin its pens are moved to (pt,
 * unrounded), its baseline `y` and its `size` (pt, both rounded as the display list holds them).
 * Shared by every item with the same three (issue #6, edit p95: the major collection's work): an
 * item kept them in fields of its own, which V8 holds as doubles (the baselines and origins are
 * fractions, and the size of one code or note run turns the field of every item into one), a
 * separate 12-byte HeapNumber per number per item that every major GC marks: ~83,000 of the
 * ~1.78 M objects of the bench book's kept layout (297 pages, 29,000 items; Node heap snapshot).
 * The same values recur from page to page (a column's left edge, the grid's baselines, a few
 * sizes): that book has ~400.
 */
interface Placement {
  readonly origin: number;
  readonly y: number;
  readonly size: number;
}

/**
 * Placements by `y`, each list searched by origin and size (a baseline's list holds one entry per
 * column edge and size met on it). Values compared with Object.is, so a −0 stays a −0. Only numbers
 * are kept here, no layout; the table starts afresh past `PLACEMENTS_KEPT` entries (15 times the
 * bench book's: reached only after many designs), the items keeping the records they hold.
 */
let placements = new Map<number, Placement[]>();
let placementCount = 0;
const PLACEMENTS_KEPT = 6000;

/** The shared record of `origin`, `y` and `size`. */
function placementOf(origin: number, y: number, size: number): Placement {
  let list = placements.get(y);
  if (list !== undefined) {
    for (let i = 0; i < list.length; i++) {
      const at = list[i]!;
      if (Object.is(at.origin, origin) && Object.is(at.y, y) && Object.is(at.size, size)) return at;
    }
  }
  if (placementCount >= PLACEMENTS_KEPT) {
    placements = new Map();
    placementCount = 0;
    list = undefined;
  }
  if (list === undefined) placements.set(y, (list = []));
  const at: Placement = { origin, y, size };
  list.push(at);
  placementCount++;
  return at;
}

/**
 * A glyph-run item that keeps no pen array of its own (issue #6). Its set run (paragraph/lines.ts)
 * keeps its glyphs' pens relative to its line; an item used to keep them again, moved to the page
 * and rounded: the largest part of a kept layout (18.5 MB of a 295-page book's 115 MB heap, half of
 * it these copies). Here `xs` is an own, enumerable accessor that moves the run's pens to the
 * item's origin and rounds them when read: the numbers a stored copy held, computed the same way.
 * Own and enumerable, it is written by `JSON.stringify` (serializeDisplayList), the structured clone
 * that takes a display list across the worker boundary, and object spread, in the item's field
 * order (defined between `glyphs` and `text`, as paginate.ts `glyphRun` wrote its literal), so every
 * reader and every serialised byte is as before. It has no setter: display lists are read-only
 * (code that moves or changes an item copies it, `changedRun`), and a write throws rather than
 * being lost. `size` and `y` are accessors of the same kind, read from the item's shared
 * `Placement`. `glyphs` and `clusters` are accessors of the same kind too, reading the set run's
 * (which computes them from its words' shaping results, paragraph/set-run.ts): the item keeps none.
 */
export class PlacedGlyphRun implements GlyphRunItem {
  // Declared only: a class field would be defined before the constructor runs, out of the
  // serialised order. Written once, by the constructor.
  declare op: typeof Op.GlyphRun;
  declare font: string;
  declare readonly size: number;
  declare fill: GlyphRunItem['fill'];
  declare readonly y: number;
  declare readonly glyphs: number[];
  declare readonly xs: number[];
  declare text: string;
  declare readonly clusters: number[];
  declare chapter: string;
  declare srcFrom: number;
  declare dys?: number[];
  declare srcMap?: number[];
  declare line?: LineInfo;
  /**
   * The run whose glyph ids, clusters and pens (pt from its line's left edge) the item reads: the
   * set run drawn, or the one a changed copy's original read. Read when asked, not copied: a set
   * run (paragraph/set-run.ts) computes them from its words' shaping results, so an item keeps no
   * glyph array at all.
   */
  readonly #source: LineRun;
  /** The origin they are moved to (pt, unrounded: each pen is rounded after the move, as it always was), `y` and `size` (shared). */
  readonly #at: Placement;
  /** The set run drawn (`placedRun` hands the item out again only for it); null for a changed copy. */
  readonly #run: LineRun | null;

  /** `xs`: the one descriptor every item gets (a shared getter: the items keep one object shape). */
  static readonly #pens: PropertyDescriptor = {
    enumerable: true,
    get(this: PlacedGlyphRun): number[] {
      return pensAt(this.#source.xs, this.#at.origin);
    },
  };

  /** `glyphs` and `clusters`: the source run's (own and enumerable, as `xs`, in the literal's order). */
  static readonly #glyphs: PropertyDescriptor = {
    enumerable: true,
    get(this: PlacedGlyphRun): number[] {
      return this.#source.glyphs;
    },
  };

  static readonly #clusters: PropertyDescriptor = {
    enumerable: true,
    get(this: PlacedGlyphRun): number[] {
      return this.#source.clusters;
    },
  };

  /** `size` and `y`: read from the shared placement (own and enumerable, as `xs`, in the literal's order). */
  static readonly #size: PropertyDescriptor = {
    enumerable: true,
    get(this: PlacedGlyphRun): number {
      return this.#at.size;
    },
  };

  static readonly #y: PropertyDescriptor = {
    enumerable: true,
    get(this: PlacedGlyphRun): number {
      return this.#at.y;
    },
  };

  /**
   * `srcMap` of a hyphenated line's last run (~1 run in 8 of a justified book): its text's offsets
   * from `srcFrom`, then the hyphen's −1, read from the item's own fields rather than kept (an array
   * of the line's length, 1.5 MB of a 300-page book).
   */
  static readonly #hyphenMap: PropertyDescriptor = {
    enumerable: true,
    get(this: PlacedGlyphRun): number[] {
      return hyphenSrcMap(this.srcFrom, this.text.length);
    },
  };

  /**
   * Fields in paginate.ts `glyphRun`'s order (the serialised bytes follow it); the optional ones
   * only when given. `size` and `y` rounded already; `source` gives the glyphs and clusters, and
   * with `origin` makes `xs`. `srcMap`
   * 'hyphen': the map of a hyphenated line's last run (`hyphenSrcMap`), read from `srcFrom` and `text`.
   */
  constructor(
    font: string,
    size: number,
    fill: GlyphRunItem['fill'],
    y: number,
    source: LineRun,
    origin: number,
    text: string,
    chapter: string,
    srcFrom: number,
    dys: number[] | undefined,
    srcMap: number[] | 'hyphen' | undefined,
    line: LineInfo | undefined,
    run: LineRun | null,
  ) {
    this.#at = placementOf(origin, y, size);
    this.op = Op.GlyphRun;
    this.font = font;
    Object.defineProperty(this, 'size', PlacedGlyphRun.#size);
    this.fill = fill;
    Object.defineProperty(this, 'y', PlacedGlyphRun.#y);
    Object.defineProperty(this, 'glyphs', PlacedGlyphRun.#glyphs);
    Object.defineProperty(this, 'xs', PlacedGlyphRun.#pens);
    this.text = text;
    Object.defineProperty(this, 'clusters', PlacedGlyphRun.#clusters);
    this.chapter = chapter;
    // `| 0`: a Smi, whatever representation the offset came in (an integer, always: a UTF-16 index,
    // or −1 and below for generated text). One offset given as a boxed double (as optimised code
    // may hand over a number computed as a double, or −0) makes the field a double for every item,
    // a HeapNumber each: ~102,000 of them, 1.2 MB, in a 1,000-page book's kept heap (Chromium, day 38).
    this.srcFrom = srcFrom | 0;
    if (dys !== undefined) this.dys = dys;
    if (srcMap === 'hyphen') Object.defineProperty(this, 'srcMap', PlacedGlyphRun.#hyphenMap);
    else if (srcMap !== undefined) this.srcMap = srcMap;
    if (line !== undefined) this.line = line;
    this.#source = source;
    this.#run = run;
  }

  /** Whether the item was built by `glyphRun` for `run` (a changed copy was not: `changed`). */
  builtFrom(run: LineRun): boolean {
    return this.#run === run;
  }

  /**
   * Whether the item's pens are `run`'s at origin `x0` as the display list rounds them (to 1/1000
   * pt): then every field built from the origin is the same, whatever the origin's unrounded value
   * was (`y` is compared likewise). Cheaper than a new item: no allocation at the same origin.
   */
  drawnAs(run: LineRun, x0: number): boolean {
    const origin = this.#at.origin;
    if (this.#source === run && origin === x0) return true;
    const own = this.#source.xs;
    const offsets = run.xs;
    if (own.length !== offsets.length) return false;
    for (let g = 0; g < own.length; g++) if (roundPt(origin + own[g]!) !== roundPt(x0 + offsets[g]!)) return false;
    return true;
  }

  /** The item with other `y`, source offsets or map (replacing fields it has: the key order kept), over the same pens. */
  changed(changes: RunChanges): PlacedGlyphRun {
    const srcFrom = changes.srcFrom ?? this.srcFrom;
    let srcMap: number[] | 'hyphen' | undefined = this.srcMap === undefined ? undefined : (changes.srcMap ?? this.srcMap);
    // A hyphen map read from the fields stays so while it is still the one they make (a spread
    // copy would keep the old array: so does this, when a change moves `srcFrom` alone).
    if (srcMap !== undefined && isHyphenMap(srcMap, srcFrom, this.text.length)) srcMap = 'hyphen';
    return new PlacedGlyphRun(
      this.font,
      this.size,
      this.fill,
      changes.y ?? this.y,
      this.#source,
      this.#at.origin,
      this.text,
      this.chapter,
      srcFrom,
      this.dys,
      srcMap,
      this.line,
      null,
    );
  }
}

/** What code that moves an item or its source offsets changes in a glyph run (`srcMap` only where it has one). */
export type RunChanges = Partial<Pick<GlyphRunItem, 'y' | 'srcFrom' | 'srcMap'>>;

/**
 * A copy of a glyph-run item with `changes`: over the same pens when it keeps none of its own (a
 * spread would read them into an array the copy keeps), else a spread. Same fields in the same order
 * either way.
 */
export function changedRun(item: GlyphRunItem, changes: RunChanges): GlyphRunItem {
  return item instanceof PlacedGlyphRun ? item.changed(changes) : { ...item, ...changes };
}
