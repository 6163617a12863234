/**
 * CJK punctuation at fixed widths and at the edges of lines (configuration.md §14.1 `cjk`):
 * `punctuationWidth`, `trimLineStart`, `hangingPunctuation`, `spaceAfterQuestion` and
 * `paragraphStartBracket`, as changes to a CJK paragraph's items (paragraph/items.ts calls these
 * only for paragraphs with CJK break opportunities, whose pieces are their own: never shared words).
 *
 * A fullwidth mark's ink sits in one half of its em: closing marks (、。，．：；」）…) on the left
 * (the start side), opening marks (「（…) on the right. Setting one half width takes the empty
 * half away: a closing mark's advance is halved; an opening mark's advance is halved and its glyph
 * moved back by as much. The glyph tables stay untouched: a piece gets its own copy (`copyShaped`).
 *
 * What depends on where a line breaks is built in items, so both breakers measure it:
 * - a mark ending a line set narrower (`lineEndHalf`) or hanging past the measure (hanging
 *   punctuation): a penalty of negative width just before the break's gap — taken, the line is that
 *   much shorter for the breaker and its last mark reaches into the margin by as much (`lines.ts`
 *   draws the glyph whole; its ink stays inside the measure, or hangs);
 * - an opening bracket starting a line set half width (`trimLineStart`): the bracket is set half
 *   width always, preceded by a glue of the half it lost; unbroken the two add up to the full width,
 *   broken before it the glue is discarded with the break (TeX §879) and the line starts at the ink.
 */
import { CLOSING_FULLWIDTH, OPENING_FULLWIDTH } from '../text/cjk';
import { glueItem, INFINITE_PENALTY, penaltyItem, type Item } from '../text/items';
import type { FontFace, ShapedGlyphs } from '../fonts/registry';
import { parsePathData } from '../vector/path-data';
import { inFlow, setTcyCells } from './vertical-tcy';
import { EM_BOX_TOP } from './collect';
import type { OrientationOverride } from '../text/vertical-orientation';
import type { CjkRules, PunctuationWidth } from '../settings-cjk-rules';
import type { ShapedPiece, WordPayload } from './items';

/** What of `LayoutSettings.cjk` this file reads; absent fields: the face's widths, no line-edge rule. */
export type CjkPunctuationRules = Partial<Pick<CjkRules, 'punctuationWidth' | 'trimLineStart' | 'hangingPunctuation' | 'spaceAfterQuestion' | 'paragraphStartBracket' | 'verticalForms' | 'tcy'>> & {
  /** Vertical text: the paragraph's `:tcy` / `:upright` / `:sideways` overrides (vertical-tcy.ts `withOrientation`). */
  orientation?: readonly OrientationOverride[];
};

/** Sentence-end marks: full width in the kaiming style (开明式, CLREQ: 句末点号 。？！ full, the other marks half). */
const SENTENCE_END = new Set([0x3002, 0xff0e]); // 。．
/** Marks that may hang past the line end (configuration.md §14.1 `hangingPunctuation`: 、。，．). */
const HANGING = new Set([0x3001, 0x3002, 0xff0c, 0xff0e]);
/** Question and exclamation marks a full-width space follows in Japanese (`spaceAfterQuestion`): ？！ and the doubled ‼⁇⁈⁉. */
const QUESTION = new Set([0xff1f, 0xff01, 0x203c, 0x2047, 0x2048, 0x2049]);
const IDEOGRAPHIC_SPACE = 0x3000;
/** A mark counts as full width (and may be halved) above this share of its em: proportional forms are left alone. */
const FULL_SHARE = 0.75;

/**
 * `punctuationWidth` marks of fixed width in a word's pieces: under `kaiming` every closing mark but
 * the sentence end 。． and every opening mark half width; under `halfwidth` all of them (？！, whose
 * ink is centred, are in neither set and stay full). `fullwidth` and `lineEndHalf` change nothing here.
 */
export function setPunctuationWidths(pieces: readonly ShapedPiece[], width: PunctuationWidth | undefined): void {
  if (width !== 'kaiming' && width !== 'halfwidth') return;
  for (const piece of pieces) {
    if (!isRunningText(piece)) continue;
    for (let g = 0; g < piece.shaped.length; g++) {
      const cp = piece.text.codePointAt(piece.shaped.cluster(g))!;
      const closing = CLOSING_FULLWIDTH.has(cp) && (width === 'halfwidth' || !SENTENCE_END.has(cp));
      if (closing || OPENING_FULLWIDTH.has(cp)) halveGlyph(piece, g, !closing);
    }
  }
}

/**
 * Whether the rules apply to a piece: left-to-right text on the baseline that takes its room in the
 * line. Not a note mark set with no advance beside the text (`StyledText.noAdvance`, §11.1 'side':
 * its glyphs are placed by their offsets) nor a raised one (superscripts), nor right-to-left text.
 */
function isRunningText(piece: ShapedPiece): boolean {
  return piece.level % 2 === 0 && piece.shaped.length > 0 && (piece.rise ?? 0) === 0 && !(piece.width === 0 && piece.shaped.width > 0);
}

/**
 * Sets glyph `g` of `piece` half an em wide if it is wider than `FULL_SHARE` em: `opening` moves
 * the glyph back by what it loses (its ink is on the right). Returns what it lost, pt (0: nothing).
 */
function halveGlyph(piece: ShapedPiece, g: number, opening: boolean): number {
  const half = Math.round(piece.face.upem / 2);
  const advance = piece.shaped.advance(g);
  if (advance <= FULL_SHARE * piece.face.upem) return 0;
  const shaped = piece.shaped.copy();
  const lost = advance - half; // font units
  shaped.setAdvance(g, half);
  if (opening) shaped.setXOffset(g, shaped.xOffset(g) - lost);
  piece.shaped = shaped;
  const before = piece.width;
  piece.width = (shaped.width * piece.style.size) / piece.face.upem;
  return before - piece.width;
}

/** A break between CJK characters with no space typed (items.ts `cjkGap`): glue with a bare payload. */
function isCjkGap(item: Item<WordPayload> | undefined): boolean {
  return item !== undefined && item.type === 'glue' && item.width >= 0 && item.payload !== undefined && item.payload.space !== true && item.payload.kashida === undefined && item.payload.pieces.length === 0;
}

/** The last glyph of a box's text, with its piece (null: an empty box or right-to-left text). */
function lastGlyph(item: Item<WordPayload> | undefined): { piece: ShapedPiece; g: number; cp: number } | null {
  if (item?.type !== 'box') return null;
  const pieces = item.payload?.pieces ?? [];
  const piece = pieces[pieces.length - 1];
  if (!piece || !isRunningText(piece)) return null;
  const g = piece.shaped.length - 1;
  return { piece, g, cp: piece.text.codePointAt(piece.shaped.cluster(g))! };
}

/** The first glyph of a box's text, with its piece. */
function firstGlyph(item: Item<WordPayload> | undefined): { piece: ShapedPiece; cp: number } | null {
  if (item?.type !== 'box') return null;
  const piece = item.payload?.pieces[0];
  if (!piece || !isRunningText(piece) || piece.shaped.cluster(0) !== 0) return null;
  return { piece, cp: piece.text.codePointAt(0)! };
}

/** A piece's glyph advance, pt. */
function advancePt(piece: ShapedPiece, g: number): number {
  return (piece.shaped.advance(g) * piece.style.size) / piece.face.upem;
}

/**
 * The line-edge rules on a CJK paragraph's items (built, runts already ruled): returns the items
 * with the paragraph's opening bracket placed (`paragraphStartBracket`), penalties for marks at a
 * line end (`hangingPunctuation`, `lineEndHalf`), opening brackets trimmed at a line start
 * (`trimLineStart`) and the space after ？！ (`spaceAfterQuestion`). Only breaks at CJK gaps are
 * concerned: a gap the runt rule made unbreakable (a +∞ penalty before it) is left alone.
 */
export function applyCjkLineEdges(items: Item<WordPayload>[], rules: CjkPunctuationRules): Item<WordPayload>[] {
  placeOpeningBracket(items, rules.paragraphStartBracket ?? 'indent');
  const out: Item<WordPayload>[] = [];
  for (let i = 0; i < items.length; i++) {
    let item = items[i]!;
    const breakable = isCjkGap(item) && items[i - 1]?.type === 'box';
    if (!breakable) {
      out.push(item);
      continue;
    }
    const last = lastGlyph(items[i - 1]);
    const next = firstGlyph(items[i + 1]);
    if (last) {
      const advance = advancePt(last.piece, last.g);
      const em = last.piece.style.size;
      if (rules.hangingPunctuation !== undefined && rules.hangingPunctuation !== 'none' && HANGING.has(last.cp)) {
        // §14.1 hangingPunctuation: taken, the mark stands past the measure (its whole advance
        // leaves the line's width). `allow`: a plain break at the same place comes after it, and the
        // breaker hangs the mark only where that fits the paragraph better (a line saved, a loose
        // line avoided; first fit: only when the mark would not fit otherwise); `force`: every
        // line ending there hangs it.
        out.push(penaltyItem(-advance, 0, false));
        if (rules.hangingPunctuation === 'allow') out.push(penaltyItem(0, 0, false));
      } else if (rules.punctuationWidth === 'lineEndHalf' && CLOSING_FULLWIDTH.has(last.cp) && advance > FULL_SHARE * em) {
        // §14.1 punctuationWidth lineEndHalf: a closing mark ending a line loses its empty half
        // (in vertical text no more than its vertical form leaves blank at its end: lineEndTrim).
        out.push(penaltyItem(-lineEndTrim(last, advance, rules), 0, false));
      }
      if (rules.spaceAfterQuestion === true && QUESTION.has(last.cp) && next && next.cp !== IDEOGRAPHIC_SPACE && !CLOSING_FULLWIDTH.has(next.cp) && !QUESTION.has(next.cp)) {
        // §14.1 spaceAfterQuestion (the Japanese rule): a full-width space after ？！ when a sentence
        // goes on; it is the gap itself, so it vanishes where the line breaks.
        item = { ...item, width: item.width + em };
      }
    }
    out.push(item);
    if (rules.trimLineStart === true && next && OPENING_FULLWIDTH.has(next.cp)) {
      // §14.1 trimLineStart: the bracket is set half width, the half it lost given back before it
      // as glue that a break here discards (no break at that glue: it follows glue).
      const lost = halveGlyph(next.piece, 0, true);
      if (lost > 0) {
        const box = items[i + 1]!;
        items[i + 1] = { ...box, width: box.width - lost };
        out.push(glueItem(lost, 0, 0, { pieces: [], level: item.payload?.level ?? 0 }));
      }
    }
  }
  paragraphEnd(out, rules);
  if (rules.verticalForms) placeVerticalForms(out);
  // Vertical text: a tate-chū-yoko stretch takes one em along the line (vertical-tcy.ts).
  if (rules.tcy) setTcyCells(out, rules.tcy, rules.orientation);
  return out;
}

/**
 * The paragraph's last mark (before the finishing glue buildItems adds after these items): under
 * hanging punctuation (、。，．) or `lineEndHalf` (a closing mark) the last line is measured without
 * what would hang or be trimmed — a glue of minus that width after it, behind a +∞ penalty so it is
 * no breakpoint (a break there would leave an empty last line). A last line with room sets the mark
 * as usual (the glue only shortens the line's recorded width); a full one keeps the mark, hung past
 * the measure, instead of sending the character before it down with it. `allow` and `force` alike:
 * nothing follows the mark for a plain break to prefer.
 */
function paragraphEnd(items: Item<WordPayload>[], rules: CjkPunctuationRules): void {
  const last = lastGlyph(items[items.length - 1]);
  if (!last) return;
  const advance = advancePt(last.piece, last.g);
  const em = last.piece.style.size;
  let back = 0;
  if (rules.hangingPunctuation !== undefined && rules.hangingPunctuation !== 'none' && HANGING.has(last.cp)) back = advance;
  else if (rules.punctuationWidth === 'lineEndHalf' && CLOSING_FULLWIDTH.has(last.cp) && advance > FULL_SHARE * em) back = lineEndTrim(last, advance, rules);
  if (back <= 0) return;
  items.push(penaltyItem(0, INFINITE_PENALTY, false));
  items.push(glueItem(-back, 0, 0, { pieces: [], level: last.piece.level }));
}

/**
 * §14.1 paragraphStartBracket, our reading (after JLREQ's placements of a paragraph's opening
 * bracket): `indent` the usual first-line indent, then the bracket at full width (its ink 1.5 em in
 * under a 1 em indent); `half` no indent, the bracket's own empty half standing for it (ink half an
 * em in); `flush` no indent and the bracket half width (ink at the margin). Paragraphs set without
 * an indent are placed the same way.
 */
function placeOpeningBracket(items: Item<WordPayload>[], placement: CjkRules['paragraphStartBracket']): void {
  if (placement === 'indent') return;
  let at = 0;
  // The indent is an empty box first (items.ts `buildItems`).
  const indent = items[0]?.type === 'box' && items[0].payload?.pieces.length === 0 && items[0].payload.box === undefined ? 0 : -1;
  if (indent === 0) at = 1;
  const first = firstGlyph(items[at]);
  if (!first || !OPENING_FULLWIDTH.has(first.cp)) return;
  if (indent === 0) items[0] = { ...items[0]!, width: 0 };
  if (placement === 'flush') {
    const lost = halveGlyph(first.piece, 0, true);
    items[at] = { ...items[at]!, width: items[at]!.width - lost };
  }
}

/**
 * What `lineEndHalf` takes off a closing mark ending a line, pt: its empty half; in vertical text
 * no more than its vertical form leaves blank at its end (a colon or semicolon whose vertical form
 * is centred keeps the ink that half would cut; `verticalBlanks`).
 */
function lineEndTrim(last: { piece: ShapedPiece; g: number; cp: number }, advance: number, rules: CjkPunctuationRules): number {
  const half = advance - last.piece.style.size / 2;
  if (!rules.verticalForms) return half;
  const blanks = verticalBlanks(last.piece.face, String.fromCodePoint(last.cp));
  if (!blanks) return half;
  return Math.max(0, Math.min(half, (blanks.end * last.piece.style.size) / last.piece.face.upem));
}

/**
 * Vertical text (`CjkRules.verticalForms`; page/vertical.ts stands each CJK glyph up in its
 * `vert` form, turned about the middle of the em cell from its pen to its advance): a mark the
 * rules set narrower than its em (`compressAdjacent`, `punctuationWidth`, `trimLineStart`,
 * `paragraphStartBracket: flush`) must lose the part of the cell its *vertical* form leaves blank,
 * which is not always the half its horizontal form leaves blank — 、。，． sit at the top right of
 * the vertical cell as at the bottom left of the horizontal one (both blank at the end) and
 * brackets turn with the line (blank at the start), but a Chinese ：； stands centred in its
 * vertical cell, longer along the column than half an em. So each such glyph is set again from
 * its vertical form's ink: it loses no more than its vertical cell has blank (the advance given
 * back, and its box item widened, where the form needs more: a centred ：； keeps its ink whole and
 * a little clearance, `VERTICAL_CLEARANCE_EM`),
 * and what it loses comes off the blank side that is the larger, or evenly off both when the form
 * is centred (its two blanks within 0.1 em), never more off a side than is blank there. `items`
 * is changed in place (a widened box is a new item object). Text of the flow only, generated text
 * of a paragraph included (a heading's number): running heads, folios and part designs, set with
 * the same settings, stay horizontal (vertical-tcy.ts `inFlow`).
 */
/**
 * Blank kept in the cell of a mark whose vertical form is longer than the room the rules would
 * leave it, em (0.05 em either side of a centred form): its ink then never touches the characters
 * beside it. Our choice: a hair at 10 pt, about what the face leaves around an ideograph.
 */
const VERTICAL_CLEARANCE_EM = 0.1;

function placeVerticalForms(items: Item<WordPayload>[]): void {
  const seen = new Set<ShapedPiece>();
  items.forEach((item, i) => {
    if (item.type !== 'box') return;
    let widened = 0; // pt
    for (const piece of item.payload?.pieces ?? []) {
      // Flow text only: running heads and designs stand horizontal on the sheet (vertical-tcy.ts `inFlow`).
      if (seen.has(piece) || !isRunningText(piece) || !inFlow(piece, item.from)) continue;
      seen.add(piece);
      let shaped: ShapedGlyphs | null = null;
      for (let g = 0; g < piece.shaped.length; g++) {
        const cp = piece.text.codePointAt(piece.shaped.cluster(g))!;
        const opening = OPENING_FULLWIDTH.has(cp);
        if (!opening && !CLOSING_FULLWIDTH.has(cp)) continue;
        const full = piece.face.glyphAdvance(piece.shaped.glyph(g)); // font units
        const lost = full - piece.shaped.advance(g);
        if (lost <= 0) continue;
        const blanks = verticalBlanks(piece.face, String.fromCodePoint(cp));
        if (!blanks) continue;
        // No more off the cell than its vertical form leaves blank, less a clearance when the form needs more (see VERTICAL_CLEARANCE_EM).
        const blank = blanks.start + blanks.end;
        const taken = lost <= blank ? lost : Math.max(0, blank - VERTICAL_CLEARANCE_EM * piece.face.upem);
        // What comes off the start of the vertical cell (the glyph moved back by it), font units.
        const centred = Math.abs(blanks.start - blanks.end) < 0.1 * piece.face.upem;
        const wanted = centred ? taken / 2 : blanks.start > blanks.end ? taken : 0;
        const fromStart = Math.min(Math.min(taken, blanks.start), Math.max(Math.max(0, taken - blanks.end), wanted));
        shaped ??= piece.shaped.copy();
        // The horizontal setting moved an opening mark back by all it lost (halveGlyph), a closing one not at all.
        shaped.setXOffset(g, shaped.xOffset(g) + (opening ? lost : 0) - fromStart);
        if (taken < lost) shaped.setAdvance(g, shaped.advance(g) + (lost - taken));
      }
      if (!shaped) continue;
      piece.shaped = shaped;
      const before = piece.width;
      piece.width = (shaped.width * piece.style.size) / piece.face.upem;
      widened += piece.width - before;
    }
    if (widened > 0) items[i] = { ...item, width: item.width + widened };
  });
}

/** Blank room at the start and the end of a mark's vertical cell, font units (null: no outline). */
interface VerticalBlanks {
  start: number;
  end: number;
}
const verticalBlankCache = new WeakMap<FontFace, Map<string, VerticalBlanks | null>>();

/**
 * Where a mark's vertical form (the face's `vert` glyph, as page/vertical.ts draws it) leaves its
 * cell blank: the cell is the em centred on the ideographic em box's middle (page/vertical.ts
 * `flowAxis`, the point it is turned about), its start the top; the ink's
 * extent is read from the outline's on-curve points (fonts put points at a contour's extremes).
 */
function verticalBlanks(face: FontFace, text: string): VerticalBlanks | null {
  let table = verticalBlankCache.get(face);
  if (!table) {
    table = new Map();
    verticalBlankCache.set(face, table);
  }
  let blanks = table.get(text);
  if (blanks === undefined) {
    blanks = null;
    const turned = face.covers(text) ? face.shape(text, 'ltr', 'vert') : undefined;
    const glyph = turned?.length === 1 ? turned.glyph(0) : undefined;
    if (glyph !== undefined) {
      let top = -Infinity;
      let bottom = Infinity;
      for (const s of parsePathData(face.glyphPath(glyph))) {
        if (!('y' in s)) continue;
        top = Math.max(top, s.y);
        bottom = Math.min(bottom, s.y);
      }
      const middle = (EM_BOX_TOP - 0.5) * face.upem; // font units over the baseline
      if (Number.isFinite(top)) blanks = { start: Math.max(0, middle + face.upem / 2 - top), end: Math.max(0, bottom - (middle - face.upem / 2)) };
    }
    table.set(text, blanks);
  }
  return blanks;
}
