/**
 * CJK marks drawn with a run (document-format §18.4; paragraph/cjk-marks.ts collects them): the
 * emphasis dots of `:dots` and `*…*` (着重号 / 傍点), the straight line of `:name` (专名号), the
 * wavy line of `:book` (Taiwan and Hong Kong) and the lines of `:sideline` (傍線). Placed from the
 * set glyphs' final pens (after justification and CJK tracking) like the emphasis overline
 * (page/overline.ts), as display-list items every backend draws: `Path` for dots and wavy or dotted
 * lines, `Rule` for straight ones.
 *
 * They stand in the leading, outside the text's em box (the ideographic em box runs from 0.88 em
 * above the baseline to 0.12 em below it, paragraph/collect.ts `EM_BOX_TOP`): 'over' above its top,
 * 'under' below its bottom. In vertical text the flow is turned a quarter clockwise onto the sheet
 * (page/vertical.ts), so 'over' is right of a vertical line and 'under' left of it. The line pitch
 * never changes; checks/cjk-marks.ts reports `cjkMarksExceedLeading` where the marks reach further
 * than the room between lines. All sizes are em of the run's size; lengths pt.
 */
import type { FontFace, FontRegistry } from '../fonts/registry';
import { Op, roundPt, type DisplayItem } from '../../protocol/displaylist';
import { runSize, type LineRun } from '../paragraph';
import { EM_BOX_TOP } from '../paragraph/collect';
import type { CjkMark } from '../paragraph/cjk-marks';

/** Gap between the em box and a mark, em: clear of the glyph, close enough to belong to it. */
const MARK_GAP_EM = 0.04;
/** Diameters (em): a 着重号 dot is a small full stop (~1/6 em); a circle (圏点) and a sesame (ゴマ) are bolder marks of ~0.3 em. */
const DOT_EM = 0.16;
const CIRCLE_EM = 0.28;
/** Sesame: height and width of the teardrop, em (the shape of 、 at about a third of the em). */
const SESAME_HEIGHT_EM = 0.3;
const SESAME_WIDTH_EM = 0.17;
/** Outline of an open mark, em. */
const OPEN_STROKE_EM = 0.035;
/** Stroke of a line mark (an underline's weight, as page/overline.ts), em. */
const LINE_WIDTH_EM = 0.05;
/** A double line: its two strokes' centres are this far apart, em. */
const DOUBLE_GAP_EM = 0.1;
/** A wavy line: crest height either side of its axis, and the length of half a wave, em. */
const WAVE_AMPLITUDE_EM = 0.05;
const WAVE_HALF_EM = 0.16;
/** A dotted line: dot diameter and the distance between dots' centres, em. */
const DOTTED_DOT_EM = 0.08;
const DOTTED_STEP_EM = 0.2;
/** A name's or title's line is pulled in this much at each end, em, so neighbouring marks show as separate lines. */
const LINE_INSET_EM = 0.06;
/** Bezier handle for a quarter circle (4/3 · tan(π/8)). */
const KAPPA = 0.5522847498;

/** How far a mark reaches beyond the em box, em of its run: the room between lines it needs. */
export function markReachEm(mark: CjkMark): number {
  if (mark.kind === 'dots') return MARK_GAP_EM + dotHeightEm(mark);
  switch (mark.shape) {
    case 'double':
      return MARK_GAP_EM + DOUBLE_GAP_EM + LINE_WIDTH_EM;
    case 'wavy':
      return MARK_GAP_EM + 2 * WAVE_AMPLITUDE_EM + LINE_WIDTH_EM;
    case 'dotted':
      return MARK_GAP_EM + DOTTED_DOT_EM;
    default:
      return MARK_GAP_EM + LINE_WIDTH_EM;
  }
}

/** A dot's depth across the line, em: a circle's diameter; a sesame's turned outline (its control points' box). */
function dotHeightEm(mark: Extract<CjkMark, { kind: 'dots' }>): number {
  if (mark.shape !== 'sesame') return mark.shape === 'dot' ? DOT_EM : CIRCLE_EM;
  const ys = sesamePoints(mark, 1).map((p) => p[1]);
  return Math.max(...ys) - Math.min(...ys);
}

/** The items of a run's marks, the run's pen origin at `x0` and its baseline at `baseline` (pt, page coordinates). */
export function cjkMarkItems(run: LineRun, x0: number, baseline: number, fonts: FontRegistry): DisplayItem[] {
  const marks = run.cjkMarks;
  if (!marks || run.glyphs.length === 0) return [];
  const face = fonts.get(run.fontId);
  /** Advance of glyph g, pt. */
  const advance = (g: number): number => (face ? (face.glyphAdvance(run.glyphs[g]!) * runSize(run)) / face.upem : 0);
  const out: DisplayItem[] = [];
  for (const mark of marks) {
    const edge = nearEdge(mark, baseline, runSize(run), face);
    if (mark.kind === 'dots') out.push(...dotItems(run, mark, x0, edge, advance));
    else out.push(...lineItems(run, mark, x0, edge, advance));
  }
  return out;
}

/**
 * Where a mark's near edge lies (pt, y down): just outside the ideographic em box on its side — in
 * vertical text also the em square an upright glyph is turned in (page/vertical.ts `flowAxis`).
 */
function nearEdge(mark: CjkMark, baseline: number, size: number, _face: FontFace | undefined): number {
  const middle = EM_BOX_TOP - 0.5; // em above the baseline
  return mark.side === 'over' ? baseline - (middle + 0.5 + MARK_GAP_EM) * size : baseline - (middle - 0.5 - MARK_GAP_EM) * size;
}

/**
 * Letters and digits of every script take a dot; punctuation, symbols and spaces none (着重号 and
 * 傍点 mark the characters of the words, never the 。，、 between them).
 */
const DOTTED_CHAR = /^[\p{L}\p{N}]$/u;

/** One mark centred on each character's advance (a cluster of several characters shares its advance evenly). */
function dotItems(run: LineRun, mark: Extract<CjkMark, { kind: 'dots' }>, x0: number, edge: number, advance: (g: number) => number): DisplayItem[] {
  const size = runSize(run);
  const parts: string[] = [];
  // Glyphs of one cluster (same cluster start) are neighbours in the run; their span is the cluster's advance.
  let g = 0;
  while (g < run.glyphs.length) {
    const start = run.clusters[g]!;
    let left = run.xs[g]!;
    let right = left + advance(g);
    let h = g + 1;
    while (h < run.glyphs.length && run.clusters[h] === start) {
      left = Math.min(left, run.xs[h]!);
      right = Math.max(right, run.xs[h]! + advance(h));
      h++;
    }
    // The cluster's text runs to the next larger cluster start (the run's end for the last).
    let end = run.text.length;
    for (let k = 0; k < run.clusters.length; k++) if (run.clusters[k]! > start && run.clusters[k]! < end) end = run.clusters[k]!;
    const chars = [...run.text.slice(start, end)];
    const step = (right - left) / Math.max(1, chars.length);
    chars.forEach((ch, i) => {
      if (!DOTTED_CHAR.test(ch)) return;
      parts.push(dotPath(mark, x0 + left + step * (i + 0.5), edge, size));
    });
    g = h;
  }
  if (parts.length === 0) return [];
  const colour = mark.colour ?? run.colour;
  const d = parts.join(' ');
  return mark.open ? [{ op: Op.Path, d, stroke: colour, strokeWidth: roundPt(OPEN_STROKE_EM * size) }] : [{ op: Op.Path, d, fill: colour }];
}

/** One closed subpath of a dot centred across at `cx`, its near side on `edge` (pt). */
function dotPath(mark: Extract<CjkMark, { kind: 'dots' }>, cx: number, edge: number, size: number): string {
  const out = mark.side === 'over' ? -1 : 1;
  if (mark.shape !== 'sesame') {
    const r = ((mark.shape === 'dot' ? DOT_EM : CIRCLE_EM) * size) / 2;
    return circlePath(cx, edge + out * r, r);
  }
  const turned = sesamePoints(mark, size);
  // Placed by the box of its control points (which holds the curve): centred across on cx, its near side on the edge.
  const xs = turned.map((p) => p[0]);
  const ys = turned.map((p) => p[1]);
  const dx = cx - (Math.min(...xs) + Math.max(...xs)) / 2;
  const dy = out > 0 ? edge - Math.min(...ys) : edge - Math.max(...ys);
  const at = (k: number): string => `${roundPt(turned[k]![0] + dx)} ${roundPt(turned[k]![1] + dy)}`;
  return `M${at(0)} C${at(1)} ${at(2)} ${at(3)} C${at(4)} ${at(5)} ${at(6)} Z`;
}

/**
 * A sesame's start point and control points, pt about its middle: a teardrop, round end up, its tip
 * leaning down to the right as in 、; in vertical text drawn a quarter anticlockwise so that, once
 * the flow is turned clockwise, it stands so on the sheet.
 */
function sesamePoints(mark: Extract<CjkMark, { kind: 'dots' }>, size: number): [number, number][] {
  const h = SESAME_HEIGHT_EM * size;
  const w = SESAME_WIDTH_EM * size;
  const angle = ((mark.vertical ? -130 : -40) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // Tip at (0, h/2), round head at the top: two cubics around it.
  const local: [number, number][] = [[0, h / 2], [w * 0.75, h * 0.1], [w * 0.75, -h / 2], [0, -h / 2], [-w * 0.75, -h / 2], [-w * 0.75, h * 0.1], [0, h / 2]];
  return local.map(([x, y]): [number, number] => [x * cos - y * sin, x * sin + y * cos]);
}

function circlePath(cx: number, cy: number, r: number): string {
  const k = KAPPA * r;
  const p = (x: number, y: number): string => `${roundPt(x)} ${roundPt(y)}`;
  return (
    `M${p(cx + r, cy)} C${p(cx + r, cy + k)} ${p(cx + k, cy + r)} ${p(cx, cy + r)} ` +
    `C${p(cx - k, cy + r)} ${p(cx - r, cy + k)} ${p(cx - r, cy)} ` +
    `C${p(cx - r, cy - k)} ${p(cx - k, cy - r)} ${p(cx, cy - r)} ` +
    `C${p(cx + k, cy - r)} ${p(cx + r, cy - k)} ${p(cx + r, cy)} Z`
  );
}

/** A line along the run: from its first pen to its last glyph's end (as page/overline.ts), on the mark's side. */
function lineItems(run: LineRun, mark: Extract<CjkMark, { kind: 'line' }>, x0: number, edge: number, advance: (g: number) => number): DisplayItem[] {
  const size = runSize(run);
  let left = Infinity;
  let right = -Infinity;
  for (let g = 0; g < run.glyphs.length; g++) {
    left = Math.min(left, run.xs[g]!);
    right = Math.max(right, run.xs[g]! + advance(g));
  }
  const inset = mark.inset ? Math.min(LINE_INSET_EM * size, (right - left) / 4) : 0;
  const x1 = x0 + left + inset;
  const x2 = x0 + right - inset;
  if (!(x2 > x1)) return [];
  const colour = mark.colour ?? run.colour;
  const width = LINE_WIDTH_EM * size; // pt
  /** y of a stroke whose near side is `d` pt past the edge, outward. */
  const out = (d: number): number => (mark.side === 'over' ? edge - d : edge + d);
  const rule = (y: number, w: number): DisplayItem => ({ op: Op.Rule, x1: roundPt(x1), y1: roundPt(y), x2: roundPt(x2), y2: roundPt(y), width: roundPt(w), stroke: colour });
  switch (mark.shape) {
    case 'double':
      return [rule(out(width / 2), width), rule(out(width / 2 + DOUBLE_GAP_EM * size), width)];
    case 'wavy': {
      // Half waves of equal length fitted to the line, each a quadratic whose control point lies
      // twice the amplitude off the axis (its crest then lies one amplitude off).
      const amplitude = WAVE_AMPLITUDE_EM * size;
      const axis = out(width / 2 + amplitude);
      const halves = Math.max(1, Math.round((x2 - x1) / (WAVE_HALF_EM * size)));
      const half = (x2 - x1) / halves;
      const parts = [`M${roundPt(x1)} ${roundPt(axis)}`];
      for (let i = 0; i < halves; i++) {
        const crest = i % 2 === 0 ? -2 * amplitude : 2 * amplitude;
        parts.push(`Q${roundPt(x1 + half * (i + 0.5))} ${roundPt(axis + crest)} ${roundPt(x1 + half * (i + 1))} ${roundPt(axis)}`);
      }
      return [{ op: Op.Path, d: parts.join(' '), stroke: colour, strokeWidth: roundPt(width) }];
    }
    case 'dotted': {
      const r = (DOTTED_DOT_EM * size) / 2;
      const step = DOTTED_STEP_EM * size;
      const count = Math.max(1, Math.floor((x2 - x1) / step));
      // The dots centred on the line's length.
      const first = (x1 + x2) / 2 - ((count - 1) * step) / 2;
      const parts: string[] = [];
      for (let i = 0; i < count; i++) parts.push(circlePath(first + i * step, out(r), r));
      return [{ op: Op.Path, d: parts.join(' '), fill: colour }];
    }
    default:
      return [rule(out(width / 2), width)];
  }
}
