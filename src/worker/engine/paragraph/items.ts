import type { FontFace, FontRegistry, ShapedGlyphs } from '../fonts/registry';
import type { TextStyle } from '../settings';
import { INFINITE_PENALTY, type Item } from '../text/items';
import type { WordBreak } from '../text/hyphenate';
import type { StyledText } from './collect';

/** Cost of breaking at a hyphenation point (configuration.md §6.3, internal constant). */
const HYPHEN_PENALTY = 50;

/** A shaped piece of a word in one face and style. */
export interface ShapedPiece {
  text: string;
  offsets: number[];
  style: TextStyle;
  /** Baseline shift, pt, positive = up. */
  rise: number;
  face: FontFace;
  shaped: ShapedGlyphs;
  /** Width at the style's size, pt. */
  width: number;
}

export interface WordPayload {
  pieces: ShapedPiece[];
}

export interface ItemOptions {
  /** Indent of the first line, pt (0 for none). */
  indent: number;
  /**
   * Verbatim text (code): no-break spaces keep their width and never stretch, but a line may
   * wrap after any run of them (codeStyle.overflow 'wrap').
   */
  verbatim?: boolean;
  /** Where a word may break (hyphenation points, compound hyphens, URLs); absent = nowhere. */
  breakPoints?: (word: string) => readonly WordBreak[];
  justify: boolean;
  /** Word-space bounds, multiples of the normal space. */
  maxWordSpacing: number;
  minWordSpacing: number;
}

/** Stretch standing in for TeX's `fil` in the glue that ends a paragraph, pt. */
export const FINISHING_STRETCH = 1e5;

/**
 * Phase 2: styled text → Knuth–Plass items. Each word is a box (its pieces shaped with
 * HarfBuzz); each run of spaces is one glue whose stretch and shrink follow the word-space
 * bounds; the paragraph ends with finishing glue and a forced break.
 */
export function buildItems(texts: readonly StyledText[], fonts: FontRegistry, options: ItemOptions): Item<WordPayload>[] {
  const items: Item<WordPayload>[] = [];
  if (options.indent > 0) items.push({ type: 'box', width: options.indent, payload: { pieces: [] } });
  let pieces: ShapedPiece[] = [];
  let pendingSpace: TextStyle | null = null;
  let wordSeen = false;

  const endWord = (): void => {
    if (pieces.length === 0) return;
    if (pendingSpace) {
      items.push(spaceGlue(pendingSpace, fonts, options));
    }
    pendingSpace = null;
    const word = pieces;
    pieces = [];
    wordSeen = true;
    const breaks = word.length === 1 && options.breakPoints ? options.breakPoints(word[0]!.text) : [];
    if (breaks.length === 0) {
      items.push({ type: 'box', width: word.reduce((w, p) => w + p.width, 0), payload: { pieces: word } });
      return;
    }
    // A breakable word: boxes between its break points, each followed by a penalty that adds
    // the hyphen when taken. Splitting reuses the whole word's shaping (kerning and ligatures
    // stay as shaped); a point inside a ligature's cluster is not offered.
    const parts = splitPiece(word[0]!, breaks);
    parts.forEach((part, i) => {
      items.push({ type: 'box', width: part.piece.width, payload: { pieces: [part.piece] } });
      if (i < parts.length - 1) {
        const hyphen = part.hyphen ? hyphenPiece(part.piece, fonts) : undefined;
        items.push({ type: 'penalty', width: hyphen?.width ?? 0, penalty: HYPHEN_PENALTY, flagged: part.hyphen || part.kind === 'hyphen', ...(hyphen ? { payload: { pieces: [hyphen] } } : {}) });
      }
    });
    wordSeen = true;
  };

  for (const run of texts) {
    const face = fonts.match(run.style.family, run.style.weight, run.style.italic ? 'italic' : 'normal');
    let start = 0;
    for (let i = 0; i <= run.text.length; i++) {
      const atEnd = i === run.text.length;
      const ch = atEnd ? '' : run.text[i]!;
      if (options.verbatim && ch === '\u00a0' && run.text[i + 1] !== '\u00a0') {
        // End a verbatim word after its spaces and allow a break there, at no width.
        pieces.push(shapePiece(run.text.slice(start, i + 1), run.offsets.slice(start, i + 1), run.style, run.rise, face));
        endWord();
        items.push({ type: 'glue', width: 0, stretch: 0, shrink: 0 });
        start = i + 1;
        continue;
      }
      if (atEnd || ch === ' ' || ch === '\t' || ch === '\n') {
        if (i > start) pieces.push(shapePiece(run.text.slice(start, i), run.offsets.slice(start, i), run.style, run.rise, face));
        if (!atEnd) {
          endWord();
          // A space only separates words once a word has been set (leading spaces vanish).
          if (wordSeen) pendingSpace = pendingSpace ?? run.style;
        }
        start = i + 1;
      }
    }
    if (run.breakAfter) {
      // A hard line break: the line ends here, set ragged (TeX's \hfil\break).
      endWord();
      pendingSpace = null;
      items.push({ type: 'glue', width: 0, stretch: FINISHING_STRETCH, shrink: 0 });
      items.push({ type: 'penalty', width: 0, penalty: -INFINITE_PENALTY, flagged: false });
    }
  }
  endWord();
  // The paragraph ends with finishing glue and a forced break (unless a hard break just did).
  const last = items[items.length - 1];
  if (!(last && last.type === 'penalty' && last.penalty <= -INFINITE_PENALTY)) {
    // TeX's paragraph end: no break before the finishing glue, then a forced break.
    items.push({ type: 'penalty', width: 0, penalty: INFINITE_PENALTY, flagged: false });
    items.push({ type: 'glue', width: 0, stretch: FINISHING_STRETCH, shrink: 0 });
    items.push({ type: 'penalty', width: 0, penalty: -INFINITE_PENALTY, flagged: false });
  }
  return items;
}

function shapePiece(text: string, offsets: number[], style: TextStyle, rise: number, face: FontFace): ShapedPiece {
  const shaped = face.shape(text);
  return { text, offsets, style, rise, face, shaped, width: (shaped.width * style.size) / face.upem };
}

const spaceWidthCache = new WeakMap<FontFace, number>();

/** The normal inter-word space of a style, pt: the face's own space glyph. */
export function normalSpace(style: TextStyle, fonts: FontRegistry): number {
  const face = fonts.match(style.family, style.weight, style.italic ? 'italic' : 'normal');
  let unitsPerEm = spaceWidthCache.get(face);
  if (unitsPerEm === undefined) {
    unitsPerEm = face.shape(' ').width / face.upem;
    spaceWidthCache.set(face, unitsPerEm);
  }
  return unitsPerEm * style.size;
}

function spaceGlue(style: TextStyle, fonts: FontRegistry, options: ItemOptions): Item<WordPayload> {
  const width = normalSpace(style, fonts);
  if (!options.justify) {
    // Ragged: spaces keep their width; the line's end takes the slack.
    return { type: 'glue', width, stretch: 0, shrink: 0 };
  }
  return {
    type: 'glue',
    width,
    stretch: (options.maxWordSpacing - 1) * width,
    shrink: (1 - options.minWordSpacing) * width,
  };
}

/** Splits a shaped word at break offsets that fall on glyph-cluster boundaries. */
function splitPiece(piece: ShapedPiece, breaks: readonly WordBreak[]): { piece: ShapedPiece; hyphen: boolean; kind: WordBreak['kind'] | null }[] {
  const { shaped } = piece;
  const clusters = shaped.clusters;
  const boundary = new Map<number, number>(); // text offset → first glyph index starting there
  for (let g = 0; g < clusters.length; g++) {
    if (g > 0 && clusters[g]! <= clusters[g - 1]!) return [{ piece, hyphen: false, kind: null }]; // not simple LTR order
    boundary.set(clusters[g]!, g);
  }
  const scale = piece.style.size / piece.face.upem;
  const parts: { piece: ShapedPiece; hyphen: boolean; kind: WordBreak['kind'] | null }[] = [];
  let startText = 0;
  let startGlyph = 0;
  for (const brk of breaks) {
    const glyph = boundary.get(brk.offset);
    if (glyph === undefined || glyph <= startGlyph || brk.offset <= startText) continue;
    parts.push({ piece: slicePiece(piece, startText, brk.offset, startGlyph, glyph, scale), hyphen: brk.hyphen, kind: brk.kind });
    startText = brk.offset;
    startGlyph = glyph;
  }
  if (parts.length === 0) return [{ piece, hyphen: false, kind: null }];
  parts.push({ piece: slicePiece(piece, startText, piece.text.length, startGlyph, clusters.length, scale), hyphen: false, kind: null });
  return parts;
}

function slicePiece(piece: ShapedPiece, fromText: number, toText: number, fromGlyph: number, toGlyph: number, scale: number): ShapedPiece {
  const s = piece.shaped;
  const advances = s.advances.subarray(fromGlyph, toGlyph);
  let width = 0;
  for (const a of advances) width += a;
  const clusters = s.clusters.slice(fromGlyph, toGlyph);
  for (let i = 0; i < clusters.length; i++) clusters[i] = clusters[i]! - fromText;
  return {
    ...piece,
    text: piece.text.slice(fromText, toText),
    offsets: piece.offsets.slice(fromText, toText),
    shaped: { glyphs: s.glyphs.subarray(fromGlyph, toGlyph), clusters, advances, xOffsets: s.xOffsets.subarray(fromGlyph, toGlyph), yOffsets: s.yOffsets.subarray(fromGlyph, toGlyph), width },
    width: width * scale,
  };
}

/** The hyphen added at a line end, in the style of the piece it follows; generated (no source). */
function hyphenPiece(before: ShapedPiece, fonts: FontRegistry): ShapedPiece {
  void fonts;
  const shaped = before.face.shape('-');
  return { text: '-', offsets: [-1], style: before.style, rise: before.rise, face: before.face, shaped, width: (shaped.width * before.style.size) / before.face.upem };
}
