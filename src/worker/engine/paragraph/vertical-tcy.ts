/**
 * Tate-chū-yoko cells in vertical text (`layout.writingMode: 'vertical-rl'`, configuration.md §4,
 * §14.1 `cjk.uprightDigits`; document-format §18.5), a step of the CJK line-edge pass
 * (cjk-punctuation.ts `applyCjkLineEdges`): page/vertical.ts stands a short number (and in
 * Japanese `!!` `!?` `?!` `??`) upright across the column, its characters side by side, narrowed
 * to one em across when wider. Down the column it is then one em tall, so that is the room the
 * line must give it — not its horizontal width (two proportional digits ≈ 1.1 em, one ≈ 0.55 em,
 * four ≈ 2.2 em), which left a single digit's ink overlapping the characters around it and a
 * four-digit year a gap of more than an em.
 *
 * Each such stretch of a piece (the stretches page/vertical.ts stands upright:
 * text/vertical-orientation.ts `uprightSpans`, ideographs and circled numbers left out — they
 * take their own width) is given exactly one em along the line: the difference is added to its
 * last glyph's advance and its glyphs moved by half of it, so the stretch stays centred in its cell
 * (page/vertical.ts turns it about the middle of its glyphs). The word's box grows or shrinks by
 * as much, so both breakers measure the cell. The paragraph's `:tcy[…]`, `:upright[…]` and
 * `:sideways[…]` (document-format §18.5) cut it the same way (`withOrientation`). And the cell is an ideographic one: no
 * `cjk.latinSpacing` between it and the ideographs beside it (our reading of §14.1 there, as JLREQ
 * counts a tate-chū-yoko among the ideographs; a longer number, set sideways, keeps it) — the
 * width of the break gaps either side is taken away (their stretch stays). The paragraph's
 * `:tcy[…]`, `:upright[…]` and `:sideways[…]` (document-format §18.5) cut it as page/vertical.ts
 * does (`withOrientation`). Generated text of the flow is set so too (heading numbers, note marks,
 * references; `inFlow`), a raised note mark's number at the mark's em. Not covered: a line of a CJK
 * paragraph that holds no CJK text (set sideways by page/vertical.ts, its numbers keep the cell).
 */
import type { Item } from '../text/items';
import type { ShapedGlyphs } from '../fonts/registry';
import { orientationOverrides, orientedSpans, standsUpright, type OrientationOverride } from '../text/vertical-orientation';
import { pieceOffset, type ShapedPiece, type WordPayload } from './items';

/** A character a tate-chū-yoko stretch is made of (the quick test before a piece is cut). */
const TCY_CHARACTER = /[0-9!?]/;

/**
 * Source offsets at or below this (a unit's offset) are text set on its own from inlines placed at
 * −1e9 and not rebased — engine/index.ts `setGenerated`, page/furniture-text.ts design text. That
 * is where running heads, folios and part designs are set, which stay horizontal on the sheet of a
 * vertical book although they are set with the same settings. A paragraph of the flow is set
 * rebased to its start (engine/index.ts `setText`): its own text from offset 0 up, the text it
 * generates (heading numbers, note marks, references: paragraph/collect.ts, page/paginate.ts
 * `numberedInlines`) at −1 − its position, never near −1e9 (a chapter is far shorter than 5·10⁸
 * units), and a generated text of the flow set through it at base −1e9 (contents titles; in vertical
 * text list markers and note numbers holding CJK: page/vertical-generated.ts) from 0 up.
 */
const SHEET_TEXT_OFFSET = -5e8;

/**
 * Whether a piece is text of the turned flow: any text of a paragraph of the flow, its generated
 * text too (heading numbers, note marks, references, list markers… — they are turned with it), not
 * a text set on its own for the sheet (`SHEET_TEXT_OFFSET`).
 */
export function inFlow(piece: ShapedPiece, base: number | undefined): boolean {
  return pieceOffset(piece, 0, base ?? 0) > SHEET_TEXT_OFFSET;
}

/** What is set tate-chū-yoko (settings-cjk-rules.ts `CjkRules.tcy`). */
export interface TcyRule {
  digits: number;
  marks: boolean;
}

/**
 * The CJK rules a paragraph is set with, carrying its `:tcy` / `:upright` / `:sideways` overrides
 * (document-format §18.5, by source range) in vertical text, so `setTcyCells` cuts its runs as
 * page/vertical.ts will; the rules themselves when there are none (or in horizontal text).
 */
export function withOrientation<R extends { tcy?: TcyRule }>(rules: R, inlines: readonly unknown[]): R {
  if (!rules.tcy) return rules;
  const overrides = orientationOverrides(inlines);
  return overrides.length === 0 ? rules : { ...rules, orientation: overrides };
}

/**
 * Gives every tate-chū-yoko stretch of the paragraph's items one em along the line (see the file's
 * comment); `overrides`: the paragraph's orientation overrides (`withOrientation`) — a `:tcy[…]`
 * one cell, each `:upright[…]` letter a cell of its own, nothing in a `:sideways[…]`. `items` is
 * changed in place.
 */
export function setTcyCells(items: Item<WordPayload>[], rule: TcyRule, overrides: readonly OrientationOverride[] = []): void {
  const seen = new Set<ShapedPiece>();
  items.forEach((item, i) => {
    if (item.type !== 'box') return;
    let grown = 0; // pt
    const pieces = item.payload?.pieces ?? [];
    for (const piece of pieces) {
      // Left-to-right text only. A raised note mark's number is a cell of the mark's em too (page/vertical.ts
      // stands it up about its own em square, its raise kept across the line).
      if (seen.has(piece) || piece.level % 2 === 1 || piece.shaped.length === 0 || (overrides.length === 0 && !TCY_CHARACTER.test(piece.text)) || !inFlow(piece, item.from)) continue;
      seen.add(piece);
      let shaped: ShapedGlyphs | null = null;
      const s = piece.shaped;
      const rules = { maxDigits: rule.digits, marks: rule.marks, overrides, cjk: true };
      const clusters = s.clusterList();
      for (const span of orientedSpans(piece.text, clusters, (index) => pieceOffset(piece, index, item.from ?? 0), rules)) {
        if (!span.upright || standsUpright(piece.text.slice(clusters[span.from]!, span.to < clusters.length ? clusters[span.to]! : piece.text.length))) continue;
        let natural = 0; // font units
        for (let g = span.from; g < span.to; g++) natural += s.advance(g);
        const delta = piece.face.upem - natural;
        if (Math.abs(delta) < 1) continue;
        const own = (shaped ??= s.copy());
        for (let g = span.from; g < span.to; g++) own.setXOffset(g, own.xOffset(g) + delta / 2);
        own.setAdvance(span.to - 1, own.advance(span.to - 1) + delta);
        // A cell opening or closing the word: no Latin spacing in the gap on that side.
        if (span.from === 0 && piece === pieces[0]) dropLatinSpacing(items, i, -1);
        if (span.to === s.length && piece === pieces[pieces.length - 1]) dropLatinSpacing(items, i, 1);
      }
      if (!shaped) continue;
      if (piece.width === 0 && piece.shaped.width > 0) {
        // A mark set beside the text with no advance (§11.1 'side', items.ts `withoutAdvance`): it still
        // ends where the text before it ends, so its glyphs move back by what its cells added; no room taken.
        const added = shaped.width - piece.shaped.width;
        for (let g = 0; g < shaped.length; g++) shaped.setXOffset(g, shaped.xOffset(g) - added);
        piece.shaped = shaped;
        continue;
      }
      piece.shaped = shaped;
      const before = piece.width;
      piece.width = (shaped.width * piece.style.size) / piece.face.upem;
      grown += piece.width - before;
    }
    if (grown !== 0) items[i] = { ...item, width: item.width + grown };
  });
}

/** The break gap next to box `box` on side `step` (a CJK gap glue: no pieces, not a typed space; penalties passed over) made zero wide, its stretch kept. */
function dropLatinSpacing(items: Item<WordPayload>[], box: number, step: 1 | -1): void {
  let at = box + step;
  while (items[at]?.type === 'penalty') at += step;
  const gap = items[at];
  if (gap?.type !== 'glue' || gap.width <= 0 || !gap.payload || gap.payload.space === true || gap.payload.kashida !== undefined || gap.payload.pieces.length > 0) return;
  items[at] = { ...gap, width: 0 };
}
