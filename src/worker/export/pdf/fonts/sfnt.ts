/**
 * A small reader of the sfnt tables the PDF font dictionaries need: names, metrics, advance
 * widths, the outline format and the space glyph. Reads TrueType (`glyf`) and OpenType CFF
 * (`CFF `) files; it never changes them (subsetting is HarfBuzz's job, see subset.ts).
 */

export interface SfntInfo {
  /** PostScript name (name id 6), sanitised for a PDF name; a fallback when the font has none. */
  postScriptName: string;
  /** Units per em of the design grid. */
  unitsPerEm: number;
  /** Font bounding box, font units: xMin, yMin, xMax, yMax. */
  bbox: [number, number, number, number];
  /** Typographic ascender and descender (descender negative), font units. */
  ascender: number;
  descender: number;
  /** Height of capitals, font units (OS/2 v2+, else 70 % of the em, a common proportion). */
  capHeight: number;
  /** Italic angle, degrees counter-clockwise from vertical. */
  italicAngle: number;
  /** OS/2 usWeightClass (100–900). */
  weight: number;
  fixedPitch: boolean;
  italic: boolean;
  /** `glyf` outlines (TrueType) or `CFF ` outlines (OpenType/CFF). */
  outlines: 'truetype' | 'cff';
  /** Number of glyphs. */
  numGlyphs: number;
  /** Advance width of a glyph, font units. */
  advance(glyph: number): number;
  /** Glyph of a Unicode code point by the cmap, or 0 (.notdef). */
  glyphOf(codePoint: number): number;
}

interface TableEntry {
  offset: number;
  length: number;
}

/** Parses the tables of an sfnt file (one face; collections are not read here). */
export function readSfnt(bytes: Uint8Array): SfntInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = new Map<string, TableEntry>();
  const numTables = view.getUint16(4);
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(bytes[record]!, bytes[record + 1]!, bytes[record + 2]!, bytes[record + 3]!);
    tables.set(tag, { offset: view.getUint32(record + 8), length: view.getUint32(record + 12) });
  }
  const table = (tag: string): TableEntry => {
    const entry = tables.get(tag);
    if (!entry) throw new Error(`The font has no '${tag}' table, which a PDF font needs.`);
    return entry;
  };

  const head = table('head');
  const unitsPerEm = view.getUint16(head.offset + 18);
  const bbox: [number, number, number, number] = [view.getInt16(head.offset + 36), view.getInt16(head.offset + 38), view.getInt16(head.offset + 40), view.getInt16(head.offset + 42)];
  const macStyle = view.getUint16(head.offset + 44);

  const hhea = table('hhea');
  let ascender = view.getInt16(hhea.offset + 4);
  let descender = view.getInt16(hhea.offset + 6);
  const numberOfHMetrics = view.getUint16(hhea.offset + 34);

  const maxp = table('maxp');
  const numGlyphs = view.getUint16(maxp.offset + 4);

  let weight = macStyle & 1 ? 700 : 400;
  let capHeight = Math.round(unitsPerEm * 0.7);
  const os2 = tables.get('OS/2');
  if (os2) {
    weight = view.getUint16(os2.offset + 4);
    const version = view.getUint16(os2.offset);
    // sTypoAscender/Descender when the font says to use them (fsSelection bit 7), as browsers do.
    const fsSelection = view.getUint16(os2.offset + 62);
    if (fsSelection & 0x80) {
      ascender = view.getInt16(os2.offset + 68);
      descender = view.getInt16(os2.offset + 70);
    }
    if (version >= 2 && os2.length >= 90) capHeight = view.getInt16(os2.offset + 88);
  }

  let italicAngle = 0;
  let fixedPitch = false;
  const post = tables.get('post');
  if (post) {
    italicAngle = view.getInt32(post.offset + 4) / 65536;
    fixedPitch = view.getUint32(post.offset + 12) !== 0;
  }

  const hmtx = table('hmtx');
  const advances = new Uint16Array(numGlyphs);
  let last = 0;
  for (let g = 0; g < numGlyphs; g++) {
    if (g < numberOfHMetrics) last = view.getUint16(hmtx.offset + g * 4);
    advances[g] = last;
  }

  const cmap = readCmap(view, tables.get('cmap'));

  return {
    postScriptName: sanitisePdfName(readPostScriptName(view, bytes, tables.get('name')) ?? 'Font'),
    unitsPerEm,
    bbox,
    ascender,
    descender,
    capHeight,
    italicAngle,
    weight,
    fixedPitch,
    italic: (macStyle & 2) !== 0 || italicAngle !== 0,
    outlines: tables.has('CFF ') ? 'cff' : 'truetype',
    numGlyphs,
    advance: (glyph) => advances[glyph] ?? 0,
    glyphOf: cmap,
  };
}

/** PDF names allow any printable ASCII except delimiters; PostScript names are already close. */
function sanitisePdfName(name: string): string {
  return name.replace(/[^A-Za-z0-9_.+-]/g, '') || 'Font';
}

/** The PostScript name (name id 6), from a Windows (UTF-16BE) or Macintosh (Roman) record. */
function readPostScriptName(view: DataView, bytes: Uint8Array, name: TableEntry | undefined): string | null {
  if (!name) return null;
  const count = view.getUint16(name.offset + 2);
  const storage = name.offset + view.getUint16(name.offset + 4);
  for (let i = 0; i < count; i++) {
    const record = name.offset + 6 + i * 12;
    const platform = view.getUint16(record);
    const nameId = view.getUint16(record + 6);
    if (nameId !== 6) continue;
    const length = view.getUint16(record + 8);
    const start = storage + view.getUint16(record + 10);
    if (platform === 3 || platform === 0) {
      let text = '';
      for (let k = 0; k + 1 < length; k += 2) text += String.fromCharCode(view.getUint16(start + k));
      return text;
    }
    if (platform === 1) return String.fromCharCode(...bytes.subarray(start, start + length));
  }
  return null;
}

/** A code point → glyph lookup from the best Unicode cmap subtable (format 12, else format 4). */
function readCmap(view: DataView, cmap: TableEntry | undefined): (codePoint: number) => number {
  if (!cmap) return () => 0;
  const count = view.getUint16(cmap.offset + 2);
  let format4 = -1;
  let format12 = -1;
  for (let i = 0; i < count; i++) {
    const record = cmap.offset + 4 + i * 8;
    const platform = view.getUint16(record);
    const encoding = view.getUint16(record + 2);
    const offset = cmap.offset + view.getUint32(record + 4);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = view.getUint16(offset);
    if (format === 12) format12 = offset;
    else if (format === 4) format4 = offset;
  }
  if (format12 >= 0) {
    const groups = view.getUint32(format12 + 12);
    return (cp) => {
      for (let g = 0; g < groups; g++) {
        const at = format12 + 16 + g * 12;
        const start = view.getUint32(at);
        const end = view.getUint32(at + 4);
        if (cp >= start && cp <= end) return view.getUint32(at + 8) + (cp - start);
      }
      return 0;
    };
  }
  if (format4 >= 0) {
    const segments = view.getUint16(format4 + 6) / 2;
    const ends = format4 + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    return (cp) => {
      if (cp > 0xffff) return 0;
      for (let s = 0; s < segments; s++) {
        if (cp > view.getUint16(ends + s * 2)) continue;
        const start = view.getUint16(starts + s * 2);
        if (cp < start) return 0;
        const delta = view.getInt16(deltas + s * 2);
        const rangeOffset = view.getUint16(rangeOffsets + s * 2);
        if (rangeOffset === 0) return (cp + delta) & 0xffff;
        const glyphAt = rangeOffsets + s * 2 + rangeOffset + (cp - start) * 2;
        const glyph = view.getUint16(glyphAt);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  return () => 0;
}
