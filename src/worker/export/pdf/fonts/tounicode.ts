/**
 * The ToUnicode CMap of a CID font (PDF 32000-1 §9.10.3): which characters each glyph id shows,
 * built from the shaping clusters, so one ligature glyph maps back to "ffi" and copying or
 * searching the PDF gives the text that was typeset.
 */

/** UTF-16BE hex of a string, as CMaps and PDF text strings want it. */
export function utf16Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return hex.toUpperCase();
}

const HEX4: string[] = [];

/** A glyph id as the two-byte code of the Identity-H encoding (memoised: it runs per glyph). */
export function cidHex(glyph: number): string {
  let hex = HEX4[glyph];
  if (hex === undefined) HEX4[glyph] = hex = glyph.toString(16).padStart(4, '0').toUpperCase();
  return hex;
}

/** bfchar blocks hold at most 100 entries (PDF 32000-1 §9.10.3, CMap syntax). */
const BFCHAR_BLOCK = 100;

/** The CMap program mapping each glyph id to its text (glyphs without text are left out). */
export function toUnicodeCMap(map: ReadonlyMap<number, string>): string {
  const entries = [...map].filter(([, text]) => text.length > 0).sort((a, b) => a[0] - b[0]);
  const lines = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
  ];
  for (let i = 0; i < entries.length; i += BFCHAR_BLOCK) {
    const block = entries.slice(i, i + BFCHAR_BLOCK);
    lines.push(`${block.length} beginbfchar`);
    for (const [glyph, text] of block) lines.push(`<${cidHex(glyph)}> <${utf16Hex(text)}>`);
    lines.push('endbfchar');
  }
  lines.push('endcmap', 'CMapName currentdict /CMapResource defineresource pop', 'end', 'end');
  return `${lines.join('\n')}\n`;
}
