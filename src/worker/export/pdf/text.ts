/**
 * Glyph runs → PDF text: one `TJ` per run (per run segment when glyphs are raised or lowered),
 * with the shaper's glyph ids as two-byte CIDs and numeric adjustments that put every glyph at
 * its exact pen x from the display list (kerning and justification included).
 *
 * Extracted text: word spaces, which have no glyph in the display list, are shown as the font's
 * space glyph (invisible) so copying gives spaces; the run's clusters give each glyph its text
 * for the ToUnicode map; a glyph that stands for different text elsewhere gets the whole run as
 * `/ActualText`.
 *
 * A hyphen added by line breaking stays a plain hyphen-minus at the end of the line: that is
 * the convention text extractors dehyphenate (poppler's pdftotext joins "hyphen-⏎ation" into
 * "hyphenation"). Marking it `/ActualText` U+00AD, as PDF 32000-1
 * §14.8.2.2.3 suggests for tagged files, made poppler drop the hyphen but keep the words
 * apart ("hyphen ation") — tested, so we do not.
 */
import type { GlyphRunItem } from '../../protocol/displaylist';
import { num } from './numbers';
import { cidHex, utf16Hex } from './fonts/tounicode';
import type { FontUsage } from './fonts/embed';

/** Adjustments are rounded to 1/100 of a text-space unit (8 pt type: 0.00008 pt). */
const ADJUST_GRID = 100;

/** Each glyph's share of the run's text, as parallel arrays (this runs for every glyph). */
export interface GlyphTexts {
  /** The characters glyph g stands for: its cluster's text without the trailing word space, given to the cluster's first glyph ('' for the others). */
  text: string[];
  /** 1 when a word space follows glyph g in the text. */
  spaceAfter: Uint8Array;
}

/** The word space: the only character the display list keeps in text without a glyph. */
const SPACE = 0x20;

/**
 * Splits the run's text over its glyphs by the shaping clusters: a cluster's characters run to
 * the next larger cluster start; spaces ending that span are the word space after the glyph.
 */
export function glyphTexts(run: GlyphRunItem): GlyphTexts {
  const { clusters, text } = run;
  const n = run.glyphs.length;
  const out: GlyphTexts = { text: new Array<string>(n), spaceAfter: new Uint8Array(n) };
  // Where each glyph's cluster ends. Left-to-right runs (clusters ascending) take one backward
  // pass; other orders (right-to-left) sort the distinct starts.
  const ends = new Int32Array(n);
  let ascending = true;
  for (let g = 1; g < n; g++) {
    if (clusters[g]! < clusters[g - 1]!) {
      ascending = false;
      break;
    }
  }
  if (ascending) {
    for (let g = n - 1, next = text.length, start = -1; g >= 0; g--) {
      const cluster = clusters[g]!;
      if (cluster !== start) {
        next = start < 0 ? text.length : start;
        start = cluster;
      }
      ends[g] = next;
    }
  } else {
    const starts = [...new Set(clusters)].sort((a, b) => a - b);
    const endOf = new Map(starts.map((start, i) => [start, starts[i + 1] ?? text.length]));
    for (let g = 0; g < n; g++) ends[g] = endOf.get(clusters[g]!) ?? text.length;
  }
  const seen = ascending ? null : new Set<number>();
  for (let g = 0; g < n; g++) {
    const cluster = clusters[g]!;
    const repeated = seen ? seen.has(cluster) : g > 0 && clusters[g - 1] === cluster;
    seen?.add(cluster);
    if (repeated) {
      out.text[g] = '';
      continue;
    }
    let end = ends[g]!;
    while (end > cluster && text.charCodeAt(end - 1) === SPACE) end--;
    out.text[g] = text.slice(cluster, end);
    if (end < ends[g]!) out.spaceAfter[g] = 1;
  }
  return out;
}

/** What the text writer needs to know of the page's graphics state. */
export interface TextState {
  /** `F1 8` of the last Tf, or '' when none. */
  font: string;
}

/**
 * The operators that show one run inside a BT…ET block. `pageHeight` flips the display
 * list's y-down coordinates to PDF's y-up (the caller has translated to the trim box).
 */
export function runOperators(run: GlyphRunItem, font: FontUsage, state: TextState, pageHeight: number): string {
  const texts = glyphTexts(run);
  let consistent = true;
  for (let g = 0; g < run.glyphs.length; g++) if (!font.use(run.glyphs[g]!, texts.text[g]!)) consistent = false;
  const out: string[] = [];
  const tf = `${font.resourceName} ${num(run.size)}`;
  if (state.font !== tf) {
    out.push(`/${tf} Tf`);
    state.font = tf;
  }
  // A glyph whose ToUnicode entry says something else here: the run's text is given explicitly.
  if (!consistent) out.push(`/Span <</ActualText <FEFF${utf16Hex(run.text)}>>> BDC`);
  const n = run.glyphs.length;
  let i = 0;
  while (i < n) {
    const dy = run.dys?.[i] ?? 0;
    // A segment: the glyphs on one vertical offset (raised or lowered glyphs start another).
    let j = i + 1;
    while (j < n && (run.dys?.[j] ?? 0) === dy) j++;
    out.push(`1 0 0 1 ${num(run.xs[i]!)} ${num(pageHeight - (run.y + dy))} Tm`);
    out.push(`${showArray(run, texts, font, i, j)} TJ`);
    i = j;
  }
  if (!consistent) out.push('EMC');
  return out.join('\n');
}

/** The TJ array for glyphs [from, to): hex strings of CIDs, numbers where the pen must move. */
function showArray(run: GlyphRunItem, texts: GlyphTexts, font: FontUsage, from: number, to: number): string {
  const size = run.size;
  let array = '[<';
  let open = true; // inside a hex string
  // Pen x in pt as a reader will compute it from /W and the adjustments written so far.
  let pen = run.xs[from]!;
  const show = (glyph: number) => {
    if (!open) {
      array += '<';
      open = true;
    }
    array += cidHex(glyph);
    pen += (font.width(glyph) * size) / 1000;
  };
  const moveTo = (target: number) => {
    const adjust = Math.round(((pen - target) * 1000 * ADJUST_GRID) / size) / ADJUST_GRID;
    if (adjust === 0) return;
    if (open) {
      array += '>';
      open = false;
    }
    array += ` ${num(adjust)} `;
    pen -= (adjust * size) / 1000;
  };
  for (let g = from; g < to; g++) {
    show(run.glyphs[g]!);
    const next = g + 1 < to ? run.xs[g + 1]! : null;
    if (texts.spaceAfter[g] === 1 && font.spaceGlyph !== 0 && g + 1 < run.glyphs.length) {
      // The word space: shown where it is (after this glyph), then the pen goes on to the next.
      font.useSpace();
      show(font.spaceGlyph);
    }
    if (next !== null) moveTo(next);
  }
  if (open) array += '>';
  return `${array}]`;
}
