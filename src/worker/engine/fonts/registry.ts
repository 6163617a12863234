import * as hb from 'harfbuzzjs';
import { ShapedGlyphs } from './shaped-glyphs';
import { GLYPH_RECORD_FIELDS, type Shaper, type ShapingFont } from './shaper';
import { TextTable } from '../text/text-table';

/** A font file the registry should know, as bytes (TTF/OTF; WOFF2 is decompressed before this). */
export interface FontSource {
  family: string;
  /** CSS weight, 100–900. */
  weight: number;
  style: 'normal' | 'italic';
  bytes: Uint8Array;
  /** Which fallback chain suits it (serif text falls back to serif faces first); default serif. */
  genre?: FontGenre;
  /**
   * The face id display lists name; default `faceId(family, weight, style)`. A user's face sets
   * one derived from its bytes (fonts/custom.ts), so it never collides with a bundled face of the
   * same family and a changed file never reuses outlines cached under the old id.
   */
  id?: string;
  /**
   * Downloaded from the open font catalogue: used where a setting names its family, never as a
   * fallback for other families' missing characters (so a book's pages do not depend on which
   * families other books downloaded before it in the same session).
   */
  catalogue?: boolean;
}

/** Broad design class, used only to order per-character fallback. */
export type FontGenre = 'serif' | 'sans' | 'mono';

export { ShapedGlyphs } from './shaped-glyphs';

/** End (exclusive) of the code points whose coverage a face keeps in a byte table: Latin, IPA and spacing modifiers, below the combining marks at U+0300. */
const LOW_COVERAGE_END = 0x300;

/**
 * Sizes of a face's shaping buffer (`FontFace.slab`), 32-bit fields: the first 4 KB (a face that
 * shapes a heading or two keeps no more), each next one twice the last up to 64 KB (~3,300 glyphs).
 * The words of a paragraph are ~7 glyphs, 35 fields; what a buffer cannot fit is left unused.
 */
const SLAB_FIRST_FIELDS = 1024;
const SLAB_MAX_FIELDS = 16384;

/** One face loaded into HarfBuzz, with a shaping cache. */
export class FontFace {
  readonly id: string;
  readonly family: string;
  readonly weight: number;
  readonly style: 'normal' | 'italic';
  readonly genre: FontGenre;
  /** A face of the open book's own families (user font files), not bundled with the app. */
  custom = false;
  /** Downloaded from the open font catalogue (FontSource.catalogue). */
  readonly catalogue: boolean;
  /** Units per em of the font's design grid. */
  readonly upem: number;
  /** Ascender and descender, font units (descender negative). */
  readonly ascender: number;
  readonly descender: number;
  /** The font file as loaded (the PDF writer embeds a subset of it). */
  readonly bytes: Uint8Array;
  /** harfbuzzjs's font: extents, coverage, outlines and advances (shaping goes through `shaper`). */
  private readonly font: hb.Font;
  private readonly shaper: Shaper;
  /** This face in the shaper's instance, loaded when the face first shapes (many faces never do). */
  private shapingFont: ShapingFont | null = null;
  private readonly cmap: Set<number>;
  /**
   * Coverage of U+0000–U+02FF as one byte per code point (1: mapped): item building asks for
   * every character of every word, and a typed-array read is cheaper than a Set lookup there.
   */
  private readonly lowCoverage = new Uint8Array(LOW_COVERAGE_END);
  /**
   * Shaping results: settings key (direction|script|language|features) → text → glyphs. Two
   * levels so a lookup (once per word) hashes the word itself rather than a fresh concatenation.
   * The texts in a `TextTable`, not a Map: a Map would put every word shaped into V8's string
   * table, which every major collection walks (text/text-table.ts).
   */
  private readonly cache = new Map<string, TextTable<ShapedGlyphs>>();
  /**
   * The settings of the last `shape` call and their texts' cache, checked first: a paragraph's
   * words nearly all share direction, script, language and features, and building the settings
   * key string for every word was one more string per word to allocate, hash and collect.
   */
  private last: { direction: string; script: string; language: string; features: string; byText: TextTable<ShapedGlyphs> } | null = null;
  /**
   * The buffer shaping results are written into, many words to one (each result a view of it:
   * `start`, `length`), and the fields of it in use. A buffer of its own per word cost a typed
   * array and an array buffer object each, ~170 bytes of heap (Node) for ~180 bytes of fields
   * outside it (heap snapshot of the bench book after a cold layout: 31,648 results, 5 MB of
   * heap). Per face, so a face dropped takes its buffers along; results are never dropped from
   * the cache, so a shared buffer keeps nothing alive that the cache would not.
   */
  private slab = new Int32Array(0);
  private slabUsed = 0;

  constructor(source: FontSource, shaper: Shaper) {
    this.shaper = shaper;
    this.family = source.family;
    this.weight = source.weight;
    this.style = source.style;
    this.genre = source.genre ?? 'serif';
    this.catalogue = source.catalogue === true;
    this.id = source.id ?? faceId(source.family, source.weight, source.style);
    this.bytes = source.bytes;
    const face = new hb.Face(new hb.Blob(source.bytes), 0);
    this.upem = face.upem;
    this.font = new hb.Font(face);
    const extents = this.font.hExtents();
    this.ascender = extents.ascender;
    this.descender = extents.descender;
    this.cmap = new Set(face.collectUnicodes());
    for (const codePoint of this.cmap) if (codePoint < LOW_COVERAGE_END) this.lowCoverage[codePoint] = 1;
  }

  hasCodePoint(codePoint: number): boolean {
    if (codePoint >= 0 && codePoint < LOW_COVERAGE_END) return this.lowCoverage[codePoint] === 1;
    return this.cmap.has(codePoint);
  }

  /** Whether the face maps every code point of `text` (default-ignorable controls excepted). */
  covers(text: string): boolean {
    for (let i = 0; i < text.length; ) {
      const cp = text.codePointAt(i)!;
      if (!this.cmap.has(cp) && !isDefaultIgnorable(cp)) return false;
      i += cp > 0xffff ? 2 : 1;
    }
    return true;
  }

  /**
   * Shapes a run of one script and direction. `script` (ISO 15924, e.g. `Arab`) and `language`
   * (BCP 47) select the font's script- and language-specific lookups; without them HarfBuzz
   * guesses from the text. Results are cached per (text, direction, script, language, features)
   * so re-breaking a paragraph at another measure never re-shapes.
   */
  shape(text: string, direction: 'ltr' | 'rtl' = 'ltr', features = '', script = '', language = ''): ShapedGlyphs {
    const last = this.last;
    let byText: TextTable<ShapedGlyphs> | undefined;
    if (last !== null && last.direction === direction && last.script === script && last.language === language && last.features === features) byText = last.byText;
    else {
      const settingsKey = `${direction}|${script}|${language}|${features}`;
      byText = this.cache.get(settingsKey);
      if (!byText) this.cache.set(settingsKey, (byText = new TextTable()));
      this.last = { direction, script, language, features, byText };
    }
    const hit = byText.get(text);
    if (hit) return hit;
    this.shapingFont ??= this.shaper.loadFont(this.bytes, this);
    const records = this.shaper.shape(this.shapingFont, text, direction, features, script, language);
    const n = records.count;
    const heap = records.heap;
    // Five fields per glyph (fonts/shaped-glyphs.ts), in the face's current buffer (`slab`) when
    // they fit in a quarter of its largest size, else in a buffer of their own.
    const fields = n * ShapedGlyphs.FIELDS;
    let data: Int32Array;
    let start = 0;
    if (fields > SLAB_MAX_FIELDS / 4) data = new Int32Array(fields);
    else {
      if (this.slabUsed + fields > this.slab.length) {
        this.slab = new Int32Array(Math.min(SLAB_MAX_FIELDS, Math.max(SLAB_FIRST_FIELDS, this.slab.length * 2)));
        this.slabUsed = 0;
      }
      data = this.slab;
      start = this.slabUsed / ShapedGlyphs.FIELDS;
      this.slabUsed += fields;
    }
    let width = 0;
    // HarfBuzz's records (font units): info = glyph id, mask, cluster, …; position = x advance,
    // y advance, x offset, y offset, ….
    for (let i = 0, at = start * ShapedGlyphs.FIELDS, info = records.infos, position = records.positions; i < n; i++, at += ShapedGlyphs.FIELDS, info += GLYPH_RECORD_FIELDS, position += GLYPH_RECORD_FIELDS) {
      const advance = heap[position]!;
      data[at] = heap[info]!;
      data[at + 1] = heap[info + 2]!;
      data[at + 2] = advance;
      data[at + 3] = heap[position + 2]!;
      data[at + 4] = heap[position + 3]!;
      width += advance;
    }
    const shaped = new ShapedGlyphs(data, start, n, 0, width);
    byText.set(text, shaped);
    return shaped;
  }

  /** The glyph's outline as SVG path data in font units, y up. */
  glyphPath(glyph: number): string {
    return this.font.glyphToPath(glyph);
  }

  /** The glyph's horizontal advance in font units, unkerned (the checks measure line ends with it). */
  glyphAdvance(glyph: number): number {
    return this.font.glyphHAdvance(glyph);
  }
}

/** Stable face id: the same in Node and in the browser, and across sessions. */
export function faceId(family: string, weight: number, style: string): string {
  return `${family.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${weight}${style === 'italic' ? 'i' : ''}`;
}

/**
 * Characters a face need not map: joiners, directional marks and controls, variation selectors,
 * the soft hyphen. HarfBuzz hides them; they never force a fallback.
 */
export function isDefaultIgnorable(cp: number): boolean {
  return cp === 0xad || cp === 0x34f || cp === 0x61c || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x206f) || (cp >= 0xfe00 && cp <= 0xfe0f) || cp === 0xfeff || (cp >= 0xe0100 && cp <= 0xe01ef);
}

/**
 * A character the requested face lacks: `used` is the face that set it instead, or null when no
 * loaded face has it (it is drawn as the requested face's .notdef). The checks read these
 * (`fontFallback`, missing glyphs).
 */
export interface FontSubstitution {
  /** The cluster's text (a character and its marks). */
  text: string;
  requested: string;
  used: string | null;
}

/**
 * Order of per-character fallback by the genre of the requested face: faces of the same design
 * class first, then the rest; within a class, Latin/Greek/Cyrillic faces before Arabic, Hebrew
 * and CJK ones, and a script's own Noto face before a Latin face that also covers it (Open Sans
 * has Hebrew). Families that are not loaded are skipped; user families come after these.
 */
const FALLBACK_ORDER: Record<FontGenre, readonly string[]> = {
  serif: ['EB Garamond', 'Amiri', 'Noto Serif SC', 'Noto Sans Hebrew', 'Open Sans', 'Noto Sans Arabic', 'Noto Sans SC', 'Source Code Pro'],
  sans: ['Open Sans', 'Noto Sans Hebrew', 'Noto Sans Arabic', 'Noto Sans SC', 'EB Garamond', 'Amiri', 'Noto Serif SC', 'Source Code Pro'],
  mono: ['Source Code Pro', 'Open Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans SC', 'EB Garamond', 'Amiri', 'Noto Serif SC'],
};

/**
 * The faces a book can use, matched by family, weight and style: the faces bundled with the app
 * (`add`) and the open book's own families (`setCustomFaces`). A custom family shadows a bundled
 * family of the same name (configuration.md §15.2: a custom family wins); faces of a book that is
 * no longer open stay reachable by id (`get`: pages already painted still name them) but are
 * never matched.
 */
export class FontRegistry {
  /** HarfBuzz's shaper every face shapes with (fonts/shaper.ts). */
  private readonly shaper: Shaper;
  /** Every face ever loaded, by id (bundled and custom, current or not). */
  private readonly faces = new Map<string, FontFace>();
  /** Bundled faces in loading order. */
  private readonly bundled: FontFace[] = [];
  /** Bundled faces by lower-case family, in loading order. */
  private readonly byFamily = new Map<string, FontFace[]>();
  /** The open book's custom faces by lower-case family, in the order the book lists them. */
  private customByFamily = new Map<string, FontFace[]>();
  private readonly chains = new Map<string, FontFace[]>();
  private readonly coverage = new Map<string, FontFace | null>();
  private readonly substitutions = new Map<string, FontSubstitution>();
  /**
   * Grows by one with every face added and every change of the custom set: layout caches that
   * depend on the loaded set key on it.
   */
  generation = 0;
  /** Families downloaded from the catalogue (lower case): kept out of fallback chains. */
  private readonly catalogueFamilies = new Set<string>();

  constructor(shaper: Shaper) {
    this.shaper = shaper;
  }

  add(source: FontSource): FontFace {
    const face = new FontFace(source, this.shaper);
    const existing = this.faces.get(face.id);
    if (existing) return existing;
    this.faces.set(face.id, face);
    this.bundled.push(face);
    const key = source.family.toLowerCase();
    if (source.catalogue) this.catalogueFamilies.add(key);
    const list = this.byFamily.get(key) ?? [];
    list.push(face);
    this.byFamily.set(key, list);
    this.changed();
    return face;
  }

  /**
   * Makes `sources` the open book's custom faces (replacing the previous book's). Faces already
   * loaded under the same id are reused, not parsed again. Returns whether the set changed (then
   * `generation` grew and memoised layout must be dropped).
   */
  setCustomFaces(sources: readonly FontSource[]): boolean {
    const next = new Map<string, FontFace[]>();
    const ids: string[] = [];
    for (const source of sources) {
      const id = source.id ?? faceId(source.family, source.weight, source.style);
      let face = this.faces.get(id);
      if (!face) {
        face = new FontFace(source, this.shaper);
        face.custom = true;
        this.faces.set(face.id, face);
      }
      const key = source.family.toLowerCase();
      const list = next.get(key) ?? [];
      // One face per weight and style: the first listed wins (the book's own order).
      if (list.some((f) => f.weight === face!.weight && f.style === face!.style)) continue;
      list.push(face);
      next.set(key, list);
      ids.push(face.id);
    }
    const before = [...this.customByFamily.values()].flat().map((f) => f.id);
    if (before.length === ids.length && before.every((id, i) => id === ids[i])) return false;
    this.customByFamily = next;
    this.changed();
    return true;
  }

  /** The open book's custom faces, in the book's order. */
  customFaces(): FontFace[] {
    return [...this.customByFamily.values()].flat();
  }

  private changed(): void {
    this.generation++;
    this.chains.clear();
    this.coverage.clear();
  }

  /** The faces matching a family: the book's custom family first, else the bundled one. */
  private familyFaces(family: string): FontFace[] | undefined {
    const key = family.toLowerCase();
    return this.customByFamily.get(key) ?? this.byFamily.get(key);
  }

  /** Whether a family has at least one loaded face (custom or bundled). */
  hasFamily(family: string): boolean {
    return this.familyFaces(family) !== undefined;
  }

  /** Every face the open book can use: bundled faces in loading order, then its custom faces. */
  all(): FontFace[] {
    return [...this.bundled, ...this.customFaces()];
  }

  /**
   * The face that sets a cluster (a character with its marks) requested in `face`: the face
   * itself when it maps every code point, else the first face of its fallback chain that does
   * (recorded as a substitution), else the requested face (recorded as missing).
   */
  faceForCluster(face: FontFace, cluster: string): FontFace {
    if (face.covers(cluster)) return face;
    const key = `${face.id}|${cluster}`;
    let found = this.coverage.get(key);
    if (found === undefined) {
      found = this.fallbackChain(face).find((candidate) => candidate.covers(cluster)) ?? null;
      this.coverage.set(key, found);
      if (!this.substitutions.has(key)) this.substitutions.set(key, { text: cluster, requested: face.id, used: found?.id ?? null });
    }
    return found ?? face;
  }

  /**
   * Every substitution made since the registry was created, sorted (deterministic): characters
   * set in another face than requested, and those no face has (`used: null`).
   */
  fallbacks(): FontSubstitution[] {
    return [...this.substitutions.values()].sort((a, b) => (a.requested + a.text < b.requested + b.text ? -1 : a.requested + a.text > b.requested + b.text ? 1 : 0));
  }

  /** Faces tried, in order, for characters `face` lacks: same weight and style, other families. */
  fallbackChain(face: FontFace): FontFace[] {
    let chain = this.chains.get(face.id);
    if (chain) return chain;
    const families = [...FALLBACK_ORDER[face.genre]];
    for (const list of [...this.byFamily.values(), ...this.customByFamily.values()]) {
      const family = list[0]!.family;
      if (this.catalogueFamilies.has(family.toLowerCase()) && !this.customByFamily.has(family.toLowerCase())) continue;
      if (!families.some((f) => f.toLowerCase() === family.toLowerCase())) families.push(family);
    }
    chain = [];
    for (const family of families) {
      if (family.toLowerCase() === face.family.toLowerCase() || !this.hasFamily(family)) continue;
      chain.push(this.match(family, face.weight, face.style));
    }
    this.chains.set(face.id, chain);
    return chain;
  }

  get(id: string): FontFace | undefined {
    return this.faces.get(id);
  }

  /**
   * CSS-style matching: the family (falling back to `fallbackFamily`), then the style, then the
   * nearest weight (for weights ≥ 400 prefer heavier, below prefer lighter, as CSS Fonts §5.2).
   */
  match(family: string, weight: number, style: 'normal' | 'italic', fallbackFamily?: string): FontFace {
    const candidates = this.familyFaces(family) ?? (fallbackFamily ? this.familyFaces(fallbackFamily) : undefined);
    // An unknown family is matched among the bundled and the book's faces, never a downloaded one.
    const pool = candidates ?? this.all().filter((f) => !this.catalogueFamilies.has(f.family.toLowerCase()));
    if (pool.length === 0) throw new Error('No fonts are loaded.');
    const sameStyle = pool.filter((f) => f.style === style);
    const styled = sameStyle.length > 0 ? sameStyle : pool;
    let best = styled[0]!;
    let bestScore = Infinity;
    for (const face of styled) {
      const distance = face.weight - weight;
      // Penalise going the "wrong" way by an extra 1000 so the CSS direction rule wins ties.
      const wrongWay = weight >= 400 ? distance < 0 : distance > 0;
      const score = Math.abs(distance) + (wrongWay ? 1000 : 0);
      if (score < bestScore) {
        bestScore = score;
        best = face;
      }
    }
    return best;
  }
}
