/**
 * Orientation in vertical text (`layout.writingMode: 'vertical-rl'`, configuration.md §4, §14.1;
 * document-format §18.5): which characters stand upright and how a run of glyphs is cut into
 * upright and sideways stretches. Page/vertical.ts draws the pieces; the paragraph setter
 * (paragraph/vertical-tcy.ts) gives a tate-chū-yoko stretch its one-em cell along the line.
 */
import { hasCircledNumber } from './circled-numbers';

/** Han, kana, Hangul, bopomofo, CJK symbols and fullwidth forms: upright in vertical text (the CJK convention). */
export const UPRIGHT = /[\u1100-\u11ff\u2e80-\u2fdf\u3000-\u30ff\u3100-\u31ff\u3200-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]|[\ud840-\ud87f][\udc00-\udfff]/;

/**
 * Text that stands upright in vertical text: CJK (`UPRIGHT`) and the circled numbers of
 * `cjk.circledNumbers` (①, ⑴, ⒈, ❶…; text/circled-numbers.ts). Our reading of §14.1 there: under
 * `cjk` a circled number is an ideographic cell (set in the CJK face, 1 em) and stands upright
 * like an ideograph; under `western` it keeps the Latin face and width the value gives it, and
 * still stands upright at that width — Unicode gives these characters an upright vertical
 * orientation (UAX #50 `U`), and a closed figure turned sideways reads as a turned digit, which
 * no vertical setting prints.
 */
export function standsUpright(text: string): boolean {
  return UPRIGHT.test(text) || hasCircledNumber(text);
}

/** A stretch of a run's glyphs `[from, to)` in vertical text: upright (one CJK glyph, or a tate-chū-yoko number) or sideways. */
export interface UprightSpan {
  from: number;
  to: number;
  upright: boolean;
}

/**
 * A run (glyphs in visual order, each with the text index its cluster starts at) cut for vertical
 * text, in a line that holds CJK text: each CJK glyph (or circled number, `standsUpright`) alone and each number of at most `maxDigits`
 * digits (tate-chū-yoko, `cjk.uprightDigits`; a number with a digit on either side in the run's
 * text is a longer one) upright; other glyphs (Latin, longer numbers) sideways, in stretches.
 * `marks` (Japanese, document-format §18.5): `!!` `!?` `?!` `??` are tate-chū-yoko too (exactly two).
 */
export function uprightSpans(text: string, clusters: readonly number[], maxDigits: number, marks = false): UprightSpan[] {
  const count = clusters.length;
  /** The logical end of the cluster starting at `c`. */
  const end = (c: number): number => clusters.reduce((e, x) => (x > c && x < e ? x : e), text.length);
  const textOf = (g: number): string => text.slice(clusters[g]!, end(clusters[g]!));
  // A drawn run keeps a typed space after a word in its last glyph's cluster text (a heading number's
  // separator: `1.1 `): the digit or mark is the glyph all the same, as the paragraph setter sees it.
  const isDigit = (g: number): boolean => /^[0-9] *$/.test(textOf(g));
  const isMark = (g: number): boolean => g >= 0 && g < count && /^[!?] *$/.test(textOf(g));
  const spans: UprightSpan[] = [];
  let from = 0;
  let g = 0;
  while (g < count) {
    let span = standsUpright(textOf(g)) ? 1 : 0;
    if (span === 0 && marks && isMark(g) && isMark(g + 1) && !isMark(g - 1) && !isMark(g + 2)) span = 2;
    else if (span === 0 && isDigit(g)) {
      let e = g;
      while (e < count && isDigit(e)) e++;
      const before = text[clusters[g]! - 1] ?? '';
      const after = text[end(clusters[e - 1]!)] ?? '';
      if (e - g <= maxDigits && !/[0-9]/.test(before) && !/[0-9]/.test(after)) span = e - g;
      else {
        g = e;
        continue;
      }
    }
    if (span === 0) {
      g++;
      continue;
    }
    if (g > from) spans.push({ from, to: g, upright: false });
    spans.push({ from: g, to: g + span, upright: true });
    g += span;
    from = g;
  }
  if (count > from) spans.push({ from, to: count, upright: false });
  return spans;
}

/**
 * An orientation override of document-format §18.5, by its source range (the whole `:name[…]`):
 * `tcy` one upright cell, `upright` each character upright, `sideways` the whole run turned with
 * the line. Nested ones: the innermost (shortest) wins.
 */
export interface OrientationOverride {
  name: 'tcy' | 'upright' | 'sideways';
  from: number;
  to: number;
}

/** The `:tcy[…]`, `:upright[…]` and `:sideways[…]` of parsed blocks (any depth), in source order. */
export function orientationOverrides(blocks: readonly unknown[]): OrientationOverride[] {
  const out: OrientationOverride[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const v of value) visit(v);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const node = value as { kind?: unknown; name?: unknown; range?: { from: number; to: number } };
    if (node.kind === 'directive' && (node.name === 'tcy' || node.name === 'upright' || node.name === 'sideways') && node.range) out.push({ name: node.name, from: node.range.from, to: node.range.to });
    for (const key in value) if (key !== 'range' && key !== 'attrs' && key !== 'offsets' && key !== 'text') visit((value as Record<string, unknown>)[key]);
  };
  visit(blocks);
  return out.sort((a, b) => a.from - b.from || b.to - a.to);
}

/** The innermost override holding a source offset. */
export function overrideAt(offset: number, overrides: readonly OrientationOverride[]): OrientationOverride | undefined {
  let best: OrientationOverride | undefined;
  for (const o of overrides) {
    if (o.from > offset) break;
    if (offset < o.to && (!best || o.to - o.from < best.to - best.from)) best = o;
  }
  return best;
}

/** How a run is cut (`orientedSpans`): `cjk.uprightDigits`, Japanese !? marks, the overrides, and whether its line holds CJK text. */
export interface OrientationRules {
  maxDigits: number;
  marks: boolean;
  overrides: readonly OrientationOverride[];
  cjk: boolean;
}

/**
 * A run's stretches in vertical text (glyphs in visual order, each with the text index its cluster
 * starts at; `offsetOf` a text index's source offset, −1 for generated text): `uprightSpans` in a
 * line with CJK text (else all sideways), then the overrides over them — a `:tcy` cell's glyphs one
 * upright piece, `:upright` glyphs each upright, `:sideways` glyphs sideways.
 */
export function orientedSpans(text: string, clusters: readonly number[], offsetOf: (index: number) => number, rules: OrientationRules): UprightSpan[] {
  const count = clusters.length;
  const base = rules.cjk ? uprightSpans(text, clusters, rules.maxDigits, rules.marks) : [{ from: 0, to: count, upright: false }];
  if (rules.overrides.length === 0) return base;
  // A key per glyph: glyphs with the same key form one piece; null = sideways.
  const keys: (string | null)[] = new Array<string | null>(count).fill(null);
  let touched = false;
  base.forEach((span, s) => {
    for (let g = span.from; g < span.to; g++) keys[g] = span.upright ? `s${s}` : null;
  });
  for (let g = 0; g < count; g++) {
    const o = overrideAt(offsetOf(clusters[g]!), rules.overrides);
    if (!o) continue;
    touched = true;
    keys[g] = o.name === 'sideways' ? null : o.name === 'tcy' ? `t${o.from}` : `u${g}`;
  }
  if (!touched) return base;
  const spans: UprightSpan[] = [];
  for (let g = 0; g < count; ) {
    let e = g + 1;
    while (e < count && keys[e] === keys[g]) e++;
    if (keys[g] === null) spans.push({ from: g, to: e, upright: false });
    else if (keys[g]!.startsWith('s') || keys[g]!.startsWith('t')) spans.push({ from: g, to: e, upright: true });
    else for (let u = g; u < e; u++) spans.push({ from: u, to: u + 1, upright: true });
    g = e;
  }
  return spans;
}
