/**
 * Bidirectional text (UAX #9) before shaping: bidi-js resolves the embedding level of every
 * UTF-16 unit of a paragraph (logical order in, levels out); lines are reordered one by one
 * after line breaking with rule L2 (`visualOrder`), never the paragraph as a whole.
 * HarfBuzz does no bidi itself (platform-notes §2.2): each run it shapes has one level.
 */
import bidiFactory from 'bidi-js';

export type Direction = 'ltr' | 'rtl';

let bidi: ReturnType<typeof bidiFactory> | null = null;

/** Resolved embedding levels of a paragraph, one per UTF-16 unit (even = LTR, odd = RTL). */
export function paragraphLevels(text: string, base: Direction, zeros?: Uint8Array): Uint8Array {
  // All level 0, the common case, no work: `zeros` when the caller has such an array (all 0, at least
  // as long as the text, never written to), else a new one.
  if (!needsBidi(text, base)) return zeros !== undefined && zeros.length >= text.length ? zeros : new Uint8Array(text.length);
  bidi ??= bidiFactory();
  return bidi.getEmbeddingLevels(text, base).levels;
}

/** A paragraph needs the algorithm when it is RTL or holds a strong RTL character or a bidi control. */
function needsBidi(text: string, base: Direction): boolean {
  if (base === 'rtl') return true;
  return RTL_OR_CONTROL.test(text);
}

/**
 * Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic…, the RTL presentation forms, RTL
 * astral blocks (a surrogate pair starting D802–D803 or D83A–D83B), and the explicit controls.
 */
const RTL_OR_CONTROL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f\u202a-\u202e\u2066-\u2069\u061c]|\ud802|\ud803|\ud83a|\ud83b/;

/** Explicit bidi formatting characters: they steer the algorithm and are never shaped or drawn. */
export function isBidiControl(codeUnit: number): boolean {
  return (codeUnit >= 0x202a && codeUnit <= 0x202e) || (codeUnit >= 0x2066 && codeUnit <= 0x2069) || codeUnit === 0x200e || codeUnit === 0x200f || codeUnit === 0x061c;
}

/** Isolate controls wrapped around `:ltr[…]` / `:rtl[…]` (document-format §18.1). */
export const LRI = '\u2066';
export const RLI = '\u2067';
export const PDI = '\u2069';

/**
 * Rule L2 over the elements of one line (already in logical order, trailing spaces removed):
 * from the highest level down to the lowest odd level, reverse every maximal sequence of
 * elements at that level or above. Returns element indices in visual order, left to right.
 */
export function visualOrder(levels: readonly number[]): number[] {
  const order = levels.map((_, i) => i);
  if (levels.length < 2) return order;
  let highest = 0;
  let lowestOdd = Infinity;
  for (const level of levels) {
    if (level > highest) highest = level;
    if (level % 2 === 1 && level < lowestOdd) lowestOdd = level;
  }
  for (let level = highest; level >= lowestOdd; level--) {
    let i = 0;
    while (i < order.length) {
      if (levels[order[i]!]! < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && levels[order[j]!]! >= level) j++;
      reverse(order, i, j);
      i = j;
    }
  }
  return order;
}

function reverse(list: number[], from: number, to: number): void {
  for (let a = from, b = to - 1; a < b; a++, b--) {
    const t = list[a]!;
    list[a] = list[b]!;
    list[b] = t;
  }
}
