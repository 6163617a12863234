import type { FontFace, FontRegistry, ShapedGlyphs } from '../fonts/registry';
import type { TextStyle } from '../settings';
import { INFINITE_PENALTY, type Item } from '../text/items';
import type { StyledText } from './collect';

/** A shaped piece of a word in one face and style. */
export interface ShapedPiece {
  text: string;
  offsets: number[];
  style: TextStyle;
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
    items.push({ type: 'box', width: pieces.reduce((w, p) => w + p.width, 0), payload: { pieces } });
    pieces = [];
    wordSeen = true;
  };

  for (const run of texts) {
    const face = fonts.match(run.style.family, run.style.weight, run.style.italic ? 'italic' : 'normal');
    let start = 0;
    for (let i = 0; i <= run.text.length; i++) {
      const atEnd = i === run.text.length;
      const ch = atEnd ? '' : run.text[i]!;
      if (atEnd || ch === ' ' || ch === '\t' || ch === '\n') {
        if (i > start) pieces.push(shapePiece(run.text.slice(start, i), run.offsets.slice(start, i), run.style, face));
        if (!atEnd) {
          endWord();
          // A space only separates words once a word has been set (leading spaces vanish).
          if (wordSeen) pendingSpace = pendingSpace ?? run.style;
        }
        start = i + 1;
      }
    }
  }
  endWord();
  items.push({ type: 'glue', width: 0, stretch: FINISHING_STRETCH, shrink: 0 });
  items.push({ type: 'penalty', width: 0, penalty: -INFINITE_PENALTY, flagged: false });
  return items;
}

function shapePiece(text: string, offsets: number[], style: TextStyle, face: FontFace): ShapedPiece {
  const shaped = face.shape(text);
  return { text, offsets, style, face, shaped, width: (shaped.width * style.size) / face.upem };
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
