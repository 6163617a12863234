/**
 * Letter spacing (tracking) of set lines: a fixed amount, pt, between every two clusters of a
 * line — positive spaces it out, negative tightens it. The breaker has no letter spacing of its
 * own, so tracking is added to the glyph positions of lines already set. Used by the runt
 * tightening of `paragraph/index.ts` (configuration.md §6.4 `tightenRunts`), by justified lines the
 * breaker gave letter spacing (§6.3 `maxJustifyTracking`: `boxClusters`, `justifyTracked`) and by
 * balancing lever (7) (`page/lever-paragraphs.ts`, §8.5 `trackParagraphs`).
 */
import type { SetLine } from './lines';
import type { WordPayload } from './items';
import type { LineBreak } from '../text/items';
import { clusterStarts, plainRun } from './set-run';

/** Joining scripts and CJK: letter spacing would break them apart (or is the grid's business). */
const UNTRACKABLE = /[\u0590-\u08ff\ufb1d-\ufeff\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/**
 * Clusters of a set line (its glyphs that start a new cluster), or null when it may not be
 * tracked: a right-to-left run, a joining script, CJK or a box behind a run.
 */
export function clusterCount(line: SetLine): number | null {
  // A boxed run (chip, inline code) would leave its box behind.
  if (line.boxes) return null;
  let count = 0;
  for (const run of line.runs) {
    if (run.rtl || UNTRACKABLE.test(run.text)) return null;
    // Counted from a set run's segments: its glyph arrays are made only for the lines tracked.
    count += clusterStarts(run);
  }
  return count;
}

/**
 * The line letter-spaced by `delta` pt after every cluster but the last (runs in visual order,
 * left to right; glyphs of one cluster move together). Its width changes by (clusters − 1) × delta.
 */
export function trackLine(line: SetLine, delta: number): SetLine {
  if (delta === 0) return line;
  let added = -delta;
  let any = false;
  const runs = line.runs.map((run) => {
    const plain = plainRun(run);
    const clusters = plain.clusters;
    return {
      ...plain,
      xs: plain.xs.map((x, g) => {
        if (g === 0 || clusters[g] !== clusters[g - 1]) added += delta;
        any = true;
        return x + added;
      }),
    };
  });
  return any ? { ...line, runs, width: line.width + added } : line;
}

/**
 * Clusters of a box's text letter spacing may separate, for the breaker (`BoxItem.clusters`,
 * configuration.md §6.3 `maxJustifyTracking`): −1 when it may not be tracked (right to left, a
 * joining script or CJK, as `clusterCount`, or an inline formula).
 */
export function boxClusters(payload: WordPayload | undefined): number {
  let count = 0;
  for (const piece of payload?.pieces ?? []) {
    if (piece.formula || piece.level % 2 === 1 || UNTRACKABLE.test(piece.text)) return -1;
    const shaped = piece.shaped;
    for (let g = 0; g < shaped.length; g++) if (g === 0 || shaped.cluster(g) !== shaped.cluster(g - 1)) count++;
  }
  return count;
}

/**
 * Justified lines the breaker letter-spaced (`KnuthPlassBreak.tracking`, spec §6.3
 * `maxJustifyTracking`): their word spaces are set at the breaker's ratio, and each is tracked by
 * what fills its measure (`widths`, pt), never more than `perGap` pt between two clusters (the
 * count set may exceed the breaker's by a hyphen added at the break, which only lowers it).
 */
export function justifyTracked(lines: SetLine[], breaks: readonly (LineBreak & { tracking?: number })[], widths: (line: number) => number, perGap: number): SetLine[] {
  if (!breaks.some((b) => (b.tracking ?? 0) > 0)) return lines;
  return lines.map((line, i) => {
    if (!((breaks[i]?.tracking ?? 0) > 0) || (line.formulas && line.formulas.length > 0)) return line;
    const clusters = clusterCount(line);
    if (clusters === null || clusters < 2) return line;
    const delta = Math.min(perGap, Math.max(0, (widths(i) - line.width) / (clusters - 1)));
    return trackLine(line, delta);
  });
}
