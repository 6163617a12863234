/**
 * Our own Type0/CIDFont embedder (platform-notes.md §4.2): per face one `Type0` font with
 * `Identity-H` encoding over a `CIDFontType2` (TrueType outlines, `CIDToGIDMap /Identity`) or
 * `CIDFontType0` (CFF outlines) descendant, so a content stream shows the shaper's glyph ids
 * directly. `/W` carries the advance of every used glyph, the ToUnicode CMap the text each glyph
 * stood for, and the font program is a HarfBuzz subset named with a `ABCDEF+` subset tag.
 */
import { PDFHexString, PDFName, PDFString, type PDFContext, type PDFRef } from 'pdf-lib';
import { flateStream } from '../deflate';
import { readSfnt, type SfntInfo } from './sfnt';
import type { Subsetter } from './subset';
import { toUnicodeCMap } from './tounicode';

/** Widths are kept to 1/100 of a text-space unit (1/100 000 em): far below any visible step. */
const WIDTH_GRID = 100;

/** One face as the PDF uses it: glyphs shown, the text each stands for, widths. */
export class FontUsage {
  readonly info: SfntInfo;
  readonly glyphs = new Set<number>();
  /** Glyph id → the characters it shows (first use wins; conflicts fall back to ActualText). */
  readonly unicode = new Map<number, string>();
  /** The font's space glyph (for word spaces in extracted text), or 0 when it has none. */
  readonly spaceGlyph: number;
  private readonly widths = new Map<number, number>();

  constructor(
    readonly fontId: string,
    /** Resource name in the pages' /Font dictionary, e.g. `F1`. */
    readonly resourceName: string,
    readonly bytes: Uint8Array,
    /** Reference reserved for the Type0 font dictionary, filled in by `embedFont`. */
    readonly ref: PDFRef,
  ) {
    this.info = readSfnt(bytes);
    this.spaceGlyph = this.info.glyphOf(0x20);
  }

  /** Advance of a glyph in text-space units (1/1000 of the font size), as written in /W. */
  width(glyph: number): number {
    let width = this.widths.get(glyph);
    if (width === undefined) {
      width = Math.round((this.info.advance(glyph) * 1000 * WIDTH_GRID) / this.info.unitsPerEm) / WIDTH_GRID;
      this.widths.set(glyph, width);
    }
    return width;
  }

  /** Notes a glyph shown with its text; false when the glyph already stands for other text. */
  use(glyph: number, text: string): boolean {
    this.glyphs.add(glyph);
    const known = this.unicode.get(glyph);
    if (known === undefined) {
      if (text) this.unicode.set(glyph, text);
      return true;
    }
    return known === text;
  }

  /** Notes a glyph shown for layout only (the space glyph), mapping it to its character. */
  useSpace(): void {
    this.glyphs.add(this.spaceGlyph);
    if (!this.unicode.has(this.spaceGlyph)) this.unicode.set(this.spaceGlyph, ' ');
  }
}

/** Six capital letters from the face and its glyph set (PDF 32000-1 §9.6.4 subset tag). */
export function subsetTag(fontId: string, glyphs: readonly number[]): string {
  // FNV-1a over the id and the glyph list: the same subset always gets the same tag.
  let hash = 0x811c9dc5;
  const feed = (value: number) => {
    hash ^= value & 0xff;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  };
  for (let i = 0; i < fontId.length; i++) feed(fontId.charCodeAt(i));
  for (const glyph of glyphs) {
    feed(glyph);
    feed(glyph >> 8);
  }
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26) ^ Math.imul(hash, 31 + i);
    hash >>>= 0;
  }
  return tag;
}

/** `/W` array: runs of consecutive glyph ids as `c [w1 w2 …]`. */
function widthArray(usage: FontUsage, glyphs: readonly number[]): (number | number[])[] {
  const out: (number | number[])[] = [];
  let run: number[] = [];
  let first = -1;
  let previous = -2;
  for (const glyph of glyphs) {
    if (glyph !== previous + 1 && run.length > 0) {
      out.push(first, run);
      run = [];
    }
    if (run.length === 0) first = glyph;
    run.push(usage.width(glyph));
    previous = glyph;
  }
  if (run.length > 0) out.push(first, run);
  return out;
}

/** Font descriptor flags (PDF 32000-1 Table 123): FixedPitch 1, Symbolic 4, Italic 64. */
function descriptorFlags(info: SfntInfo): number {
  // Glyphs are addressed by id, not by a standard encoding: symbolic by definition.
  return (info.fixedPitch ? 1 : 0) | 4 | (info.italic ? 64 : 0);
}

/** Writes the font's objects into the document and assigns its Type0 dictionary to `usage.ref`. */
export async function embedFont(context: PDFContext, usage: FontUsage, subsetter: Subsetter): Promise<void> {
  const glyphs = [...usage.glyphs].sort((a, b) => a - b);
  const info = usage.info;
  const program = subsetter.subset(usage.bytes, glyphs);
  const baseFont = `${subsetTag(usage.fontId, glyphs)}+${info.postScriptName}`;
  const scale = 1000 / info.unitsPerEm;
  const cff = info.outlines === 'cff';
  // TrueType programs need their decoded length (Length1); CFF ones travel inside an OpenType wrapper.
  const fontFile = context.register(await flateStream(context, program, cff ? { Subtype: 'OpenType' } : { Length1: program.byteLength }));
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: baseFont,
      Flags: descriptorFlags(info),
      FontBBox: info.bbox.map((v) => Math.round(v * scale)),
      ItalicAngle: info.italicAngle,
      Ascent: Math.round(info.ascender * scale),
      Descent: Math.round(info.descender * scale),
      CapHeight: Math.round(info.capHeight * scale),
      // No reliable stem width in the sfnt tables; 80 is the customary regular-weight value,
      // scaled with the OS/2 weight class (renderers use it only for substitution).
      StemV: Math.round(10 + 0.175 * info.weight),
      [cff ? 'FontFile3' : 'FontFile2']: fontFile,
    }),
  );
  const descendant = context.register(
    context.obj({
      Type: 'Font',
      Subtype: cff ? 'CIDFontType0' : 'CIDFontType2',
      BaseFont: baseFont,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: 0,
      W: widthArray(usage, glyphs),
      ...(cff ? {} : { CIDToGIDMap: PDFName.of('Identity') }),
    }),
  );
  const toUnicode = context.register(await flateStream(context, toUnicodeCMap(usage.unicode)));
  context.assign(
    usage.ref,
    context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: baseFont,
      Encoding: 'Identity-H',
      DescendantFonts: [descendant],
      ToUnicode: toUnicode,
    }),
  );
}

/** A PDF text string in UTF-16BE with its byte-order mark (for ActualText, titles, outlines). */
export function pdfTextString(text: string): PDFHexString {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return PDFHexString.of(hex);
}
