/**
 * Letter-level effects of design text (configuration.md §5.3): `letterSpacing` (tracking added to
 * set lines), `stroke` (outlined letters as paths over the glyph runs), the measures of a
 * `dropCap`, and the turn of `writingMode: vertical-rl`. All lengths pt, y down.
 *
 * Our readings where §5.3 is short:
 * - Tracking is CSS-like: the amount follows every character, word spaces included, but the line's
 *   width (what alignment and fitting use) leaves out the tracking after its last character
 *   ("trailing tracking excluded from alignment"). Glyphs of one cluster (a ligature, a base and
 *   its marks) stay together, and runs of joining scripts (Arabic, Syriac, N'Ko…) are not
 *   tracked inside (it would tear their joins apart), only between runs.
 * - A stroke is centred on the outline (as `-webkit-text-stroke`); `hollow` letters keep their
 *   glyph run, filled transparent, so the text can still be selected and extracted.
 */
import { composeMatrix, Op, roundPt, type DisplayItem, type Matrix, type PathItem } from '../../protocol/displaylist';
import type { FontFace, FontRegistry } from '../fonts/registry';
import { runOffsets, runSize, type SetLine } from '../paragraph/lines';
import { parsePathData } from '../vector/path-data';
import { appendPathData, serializeProgram, type PathProgram } from '../math/path';
import { standsUpright, UPRIGHT, uprightSpans } from '../text/vertical-orientation';
import { plainRun } from '../paragraph/set-run';

// What stands upright in vertical text and how a run is cut (text/vertical-orientation.ts, shared with the paragraph setter).
export { standsUpright, UPRIGHT, uprightSpans, type UprightSpan } from '../text/vertical-orientation';

/** Joining scripts: tracked between runs only. */
const JOINING = /[\u0600-\u08ff\ufb50-\ufdff\ufe70-\ufeff\u0700-\u074f\u07c0-\u07ff]/;
const SPACE = /\s/;

/** Whitespace characters in `text` between logical indices `from` (inclusive) and `to` (exclusive). */
function spacesBetween(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = Math.max(0, from); i < Math.min(text.length, to); i++) if (SPACE.test(text[i]!)) n++;
  return n;
}

/**
 * A set line with `tracking` pt after every character (runs in visual order, left to right). Each
 * glyph that starts a new cluster moves by the tracking of the characters before it on the line,
 * word spaces (kept in a run's text, drawn as no glyph) included. The width grows by all of it but
 * the last character's.
 */
export function trackedLine(line: SetLine, tracking: number): SetLine {
  if (tracking === 0 || line.runs.length === 0) return line;
  let added = 0;
  let started = false;
  const runs = line.runs.map((run) => {
    const joining = JOINING.test(run.text);
    const xs = run.xs.map((x, g) => {
      const cluster = run.clusters[g]!;
      const previous = g > 0 ? run.clusters[g - 1]! : undefined;
      if (previous === undefined) {
        // A run's first glyph: the characters before it on the line (the last run's, and any spaces opening this run's text).
        const before = run.rtl ? spacesBetween(run.text, cluster + 1, run.text.length) : spacesBetween(run.text, 0, cluster);
        if (started) added += tracking * (1 + before);
        else added += tracking * before;
      } else if (cluster !== previous && !joining) {
        // A new cluster: one character before it, plus the spaces between the two clusters.
        const gapSpaces = run.rtl ? spacesBetween(run.text, cluster + 1, previous) : spacesBetween(run.text, previous + 1, cluster);
        added += tracking * (1 + gapSpaces);
      }
      started = true;
      return x + added;
    });
    return { ...plainRun(run), xs };
  });
  return { ...line, runs, width: line.width + added };
}

/**
 * The line with `extra` pt shared out among its word spaces (glyphs after the k-th space move by
 * k shares): justified design lines set word by word, or spaced by tracking, reach the measure.
 * A line without spaces is returned as it is.
 */
export function spreadSpaces(line: SetLine, extra: number): SetLine {
  if (Math.abs(extra) < 1e-6) return line;
  // Spaces before each glyph, in visual order.
  const before: number[][] = [];
  let count = 0;
  line.runs.forEach((run, r) => {
    before[r] = run.xs.map((_, g) => {
      const cluster = run.clusters[g]!;
      const previous = g > 0 ? run.clusters[g - 1]! : undefined;
      // A word space between two runs opens the second one's text (paragraph/lines.ts).
      if (previous === undefined) count += run.rtl ? spacesBetween(run.text, cluster + 1, run.text.length) : spacesBetween(run.text, 0, cluster);
      else if (cluster !== previous) count += run.rtl ? spacesBetween(run.text, cluster + 1, previous) : spacesBetween(run.text, previous + 1, cluster);
      return count;
    });
  });
  if (count === 0) return line;
  const share = extra / count;
  const runs = line.runs.map((run, r) => ({ ...plainRun(run), xs: run.xs.map((x, g) => x + share * before[r]![g]!) }));
  return { ...line, runs, width: line.width + extra };
}

/**
 * The outlines of a set line's glyphs placed at (x, baseline), stroked `width` pt in `colour`
 * (one path per line; no fill: the glyph runs fill the letters).
 */
export function outlineItems(line: SetLine, x: number, baseline: number, stroke: { width: number; colour: string }, fonts: FontRegistry): DisplayItem[] {
  const program: PathProgram = { ops: '', coords: [] };
  for (const run of line.runs) {
    const face = fonts.get(run.fontId);
    if (!face) continue;
    const k = runSize(run) / face.upem;
    run.glyphs.forEach((glyph, g) => {
      const d = face.glyphPath(glyph);
      if (!d) return;
      // Font units (y up) → page pt (y down) at the glyph's pen position.
      const m: Matrix = [k, 0, 0, -k, x + run.xs[g]!, baseline + (run.dys?.[g] ?? 0)];
      appendPathData(program, d, m);
    });
  }
  if (program.ops === '') return [];
  const item: PathItem = { op: Op.Path, d: serializeProgram(program, 1, 0, 0, roundPt), stroke: stroke.colour, strokeWidth: stroke.width };
  return [item];
}

/** `#rrggbb` made fully transparent (hollow letters keep an invisible glyph run). */
export const transparent = (colour: string): string => `${colour.slice(0, 7)}00`;

const capHeights = new WeakMap<object, number>();
/**
 * The cap height of a face as a fraction of its em: the top of its "H" outline; 0.72 when the face
 * has no H (§6.7's fallback).
 */
export function capHeightRatio(fonts: FontRegistry, family: string, weight: number): number {
  const face = fonts.match(family, weight, 'normal');
  let ratio = capHeights.get(face);
  if (ratio === undefined) {
    ratio = 0.72;
    const shaped = face.covers('H') ? face.shape('H') : undefined;
    const glyph = shaped !== undefined && shaped.length > 0 ? shaped.glyph(0) : undefined;
    if (glyph !== undefined) {
      let top = -Infinity;
      for (const s of parsePathData(face.glyphPath(glyph))) if ('y' in s) top = Math.max(top, s.y);
      if (Number.isFinite(top) && top > 0) ratio = top / face.upem;
    }
    capHeights.set(face, ratio);
  }
  return ratio;
}

/**
 * The matrix that turns a horizontal layout drawn with its top-left corner at (x, y) into lines
 * running down the page, stacked right to left, in a box `w` pt wide whose top-left is (x, y)
 * (`writingMode: vertical-rl`): a quarter turn clockwise, then `w` to the right.
 */
export function verticalMatrix(x: number, y: number, w: number): Matrix {
  // (px, py) → (x + w − (py − y), y + (px − x))
  return [0, 1, -1, 0, roundPt(x + w + y), roundPt(y - x)];
}

/**
 * The glyph a face draws for a CJK character in vertical text: its OpenType `vert` form (、。 set
 * in the em square's top-right corner, brackets and long marks turned) when the face has one and
 * `glyph` is the character's plain form; else `glyph`. `text` is the glyph's cluster.
 */
export function verticalForm(face: FontFace, glyph: number, text: string): number {
  if (!UPRIGHT.test(text)) return glyph;
  const plain = face.shape(text);
  if (plain.length !== 1 || plain.glyph(0) !== glyph) return glyph;
  const turned = face.shape(text, 'ltr', 'vert');
  return turned.length === 1 ? turned.glyph(0) : glyph;
}

/**
 * The middle of a face's em square above the baseline, pt at `size`: midway between ascender and
 * descender (−y, y down) — the axis of vertical design text, whose lines are boxed by those (the
 * flow's axis is the ideographic em box's middle: page/vertical.ts `flowAxis`).
 */
export function emMiddle(face: FontFace | undefined, size: number): number {
  return face ? -((face.ascender + face.descender) / 2) * (size / face.upem) : -0.38 * size;
}

/** A piece of a line in vertical text: sideways glyphs as set, or one upright glyph with the centre of its em square. */
export interface VerticalPiece {
  line: SetLine;
  /** pt from the line's origin (x) and from its baseline (y, down). */
  upright?: { cx: number; cy: number };
}

/**
 * A set line cut for `writingMode: vertical-rl` (design text, §5.3) by `uprightSpans`: CJK glyphs
 * (in their `vert` forms) and numbers of one or two digits stood upright about the centre of
 * their em square (the face's ascender-to-descender box, as wide as the piece); other glyphs stay
 * sideways in runs. A line without CJK text, and right-to-left runs, stay whole.
 */
export function verticalPieces(line: SetLine, fonts: FontRegistry): VerticalPiece[] {
  if (!line.runs.some((run) => standsUpright(run.text))) return [{ line }];
  const pieces: VerticalPiece[] = [];
  for (const run of line.runs) {
    if (run.rtl) {
      pieces.push({ line: { ...line, runs: [run] } });
      continue;
    }
    const face = fonts.get(run.fontId);
    const k = face ? runSize(run) / face.upem : 0;
    const slice = (from: number, to: number, upright: boolean): SetLine['runs'][number] => {
      const start = run.clusters[from]!;
      const stop = to < run.clusters.length ? run.clusters[to]! : run.text.length;
      const glyphs = run.glyphs.slice(from, to);
      const text = run.text.slice(start, stop);
      const piece: SetLine['runs'][number] = {
        ...plainRun(run),
        glyphs: upright && face && glyphs.length === 1 ? [verticalForm(face, glyphs[0]!, text.trimEnd())] : glyphs,
        xs: run.xs.slice(from, to),
        ...(run.dys ? { dys: run.dys.slice(from, to) } : {}),
        text,
        clusters: run.clusters.slice(from, to).map((c) => c - start),
        // The piece's source offsets listed (the run may keep them as a start and a hyphen flag: paragraph/lines.ts).
        offsets: runOffsets(run).slice(start, stop),
      };
      delete piece.from;
      delete piece.hyphen;
      return piece;
    };
    for (const { from, to, upright } of uprightSpans(run.text, run.clusters, 2)) {
      if (!upright) {
        pieces.push({ line: { ...line, runs: [slice(from, to, false)] } });
        continue;
      }
      const last = to - 1;
      const right = run.xs[last]! + (face ? face.glyphAdvance(run.glyphs[last]!) * k : runSize(run));
      // The em square's middle: halfway along the piece, midway between ascender and descender.
      pieces.push({ line: { ...line, runs: [slice(from, to, true)] }, upright: { cx: (run.xs[from]! + right) / 2, cy: emMiddle(face, runSize(run)) } });
    }
  }
  return pieces;
}

/**
 * The group standing an upright piece `width` pt wide up about (cx, cy) in a line of `size` pt type:
 * a tate-chū-yoko piece wider than an em (three or four digits) is first narrowed to one em about
 * its middle, so it stays inside the line's one-em width across the sheet (the vertical convention).
 */
export function uprightPieceMatrix(cx: number, cy: number, width: number, size: number): Matrix {
  const upright = uprightMatrix(cx, cy);
  if (width <= size + 1e-6) return upright;
  const k = size / width;
  const [a, b, c, d, e, f] = composeMatrix(upright, [k, 0, 0, 1, cx * (1 - k), 0]);
  return [roundPt(a), roundPt(b), roundPt(c), roundPt(d), roundPt(e), roundPt(f)];
}

/** A quarter turn anticlockwise about (cx, cy): inside the vertical group it stands a glyph upright. */
export function uprightMatrix(cx: number, cy: number): Matrix {
  // (px, py) → (cx + (py − cy), cy − (px − cx))
  return [0, -1, 1, 0, roundPt(cx - cy), roundPt(cy + cx)];
}
