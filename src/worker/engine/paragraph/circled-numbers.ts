/**
 * `cjk.circledNumbers: 'cjk'` (configuration.md §14.1; text/circled-numbers.ts), phase 1c (between
 * collect and items): a circled number is an ideographic cell, so it is set in the face that sets
 * the text's ideographs — the text's own face when that is a CJK face, else the first face of its
 * fallback chain that has ideographs (a book set in a Latin body face with CJK text falls back to
 * the bundled Noto Serif SC / Sans SC, which give every circled number a full 1 em). The styled
 * texts holding circled numbers are cut so that each run of them carries that face's family;
 * everything else about the text (offsets, box, marks, rise) stays as it was.
 *
 * Under `western` nothing changes here: the text's own face sets the number when it has the glyph
 * (EB Garamond has ⑴ ⒈ ⒜, no ①), else the fallback chain, as for any character.
 */
import type { FontFace, FontRegistry } from '../fonts/registry';
import type { LayoutSettings, TextStyle } from '../settings';
import { hasCircledNumber, isCircledNumber } from '../text/circled-numbers';
import type { StyledText } from './collect';

/** An ideograph every CJK face has: the probe for "the face that sets this text's ideographs". */
const IDEOGRAPH_PROBE = '一';

/** Derived styles by base style and family, so a paragraph set again reuses the same style objects (items.ts caches words per style). */
const derived = new WeakMap<TextStyle, Map<string, TextStyle>>();

function withFamily(style: TextStyle, family: string): TextStyle {
  let byFamily = derived.get(style);
  if (!byFamily) {
    byFamily = new Map();
    derived.set(style, byFamily);
  }
  let out = byFamily.get(family);
  if (!out) {
    out = { ...style, family };
    byFamily.set(family, out);
  }
  return out;
}

/** The face that sets ideographs in `style`, or null when the text's own face does (or none does). */
function cjkFaceOf(style: TextStyle, fonts: FontRegistry): FontFace | null {
  const requested = fonts.match(style.family, style.weight, style.italic ? 'italic' : 'normal');
  if (requested.covers(IDEOGRAPH_PROBE)) return null;
  return fonts.fallbackChain(requested).find((face) => face.covers(IDEOGRAPH_PROBE)) ?? null;
}

/**
 * Cuts the styled texts holding circled numbers so each run of them is set in the CJK face (see
 * the file's comment). Returns `texts` itself when nothing changes (no circled number, `western`,
 * or the text's face is already the CJK one).
 */
export function circledNumbersInCjkFace(texts: StyledText[], fonts: FontRegistry, settings: LayoutSettings): StyledText[] {
  if ((settings.cjk.circledNumbers ?? 'cjk') !== 'cjk' || !texts.some((t) => t.formula === undefined && hasCircledNumber(t.text))) return texts;
  const out: StyledText[] = [];
  for (const styled of texts) {
    const face = styled.formula === undefined && hasCircledNumber(styled.text) ? cjkFaceOf(styled.style, fonts) : null;
    if (!face) {
      out.push(styled);
      continue;
    }
    const cjkStyle = withFamily(styled.style, face.family);
    // Runs of circled numbers (that face has) and of other text, each a styled text of its own.
    let start = 0;
    let startCircled: boolean | null = null;
    const push = (end: number, circled: boolean): void => {
      if (end <= start) return;
      const piece: StyledText = { ...styled, text: styled.text.slice(start, end), style: circled ? cjkStyle : styled.style };
      if (styled.offsets) piece.offsets = styled.offsets.slice(start, end);
      else piece.from = styled.from! + start;
      // A hard break after the text stays after its last piece.
      if (end < styled.text.length) delete piece.breakAfter;
      out.push(piece);
    };
    for (let i = 0; i < styled.text.length; ) {
      const cp = styled.text.codePointAt(i)!;
      const size = cp > 0xffff ? 2 : 1;
      const circled = isCircledNumber(cp) && face.covers(String.fromCodePoint(cp));
      if (startCircled !== null && circled !== startCircled) {
        push(i, startCircled);
        start = i;
      }
      startCircled = circled;
      i += size;
    }
    push(styled.text.length, startCircled ?? false);
  }
  return out;
}
