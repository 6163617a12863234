/**
 * Ruby, phase 4b (with lines.ts): the readings of the ruby groups on a set line, as glyph runs of
 * the line (`LineRun.ruby`), placed after its text runs. Every place that draws a line's runs (body,
 * headings, lists, quotes, boxes, captions, cells, notes) so draws them, on every backend, and the
 * PDF's text keeps each line's base text in reading order with its readings after it, never inside
 * its words.
 *
 * Where (document-format §18.4; configuration.md §14.1): in the leading — the line pitch never
 * changes (checks/ruby.ts reports readings taller than the room). `over`: the reading's em box
 * stands on the top of the base's (0.88 em over the baseline, collect.ts `EM_BOX_TOP`); `under`:
 * its em box hangs from the bottom of the base's (0.12 em under it); `right` (zhuyin): the reading's
 * characters stacked top to bottom in the column after the base, the stack centred on the base's em
 * box. Along the line: centred on the base (`center`, `jis`), from its start (`start`); a kana or
 * bopomofo reading shorter than its base under `jis` is spread over it 1:2:1 (JIS X 4051).
 */
import { EM_BOX_TOP } from './collect';
import { runSizeIndex, type LineBox, type LineRun } from './lines';
import type { MeasuredReading, RubyGroup } from './ruby';

/** Bottom of the ideographic em box under the baseline, em (1 − EM_BOX_TOP). */
const EM_BOX_BOTTOM = 1 - EM_BOX_TOP;
/** Readings spread over a longer base under `jis`: kana and bopomofo only (never pinyin's letters). */
const SPREADABLE = /^[\u3040-\u30ff\u3100-\u312f\u31a0-\u31bf]+$/u;

/**
 * The runs of the readings over the line's ruby boxes (x from the line's left edge, as its runs).
 * `start`/`end`: where the line's text begins and ends, pt. A reading that would reach past either
 * (its overhang was allowed over a neighbour the break left on another line) is moved back inside:
 * at a line's head or foot a reading aligns with the text's edge instead (JIS X 4051).
 */
export function rubyReadingRuns(boxes: readonly LineBox[], start = Number.NEGATIVE_INFINITY, end = Number.POSITIVE_INFINITY): LineRun[] {
  // The extent of each group's base on this line: its boxes without their padding.
  const bases = new Map<RubyGroup, { left: number; right: number }>();
  for (const box of boxes) {
    const group = box.look.ruby?.group;
    if (!group?.measured) continue;
    const left = box.x + box.look.side;
    const right = box.x + box.width - (box.look.after ?? box.look.side);
    const known = bases.get(group);
    if (known) {
      known.left = Math.min(known.left, left);
      known.right = Math.max(known.right, right);
    } else bases.set(group, { left, right });
  }
  const runs: LineRun[] = [];
  for (const [group, base] of bases) runs.push(...readingRuns(group, group.measured!, base.left, base.right, start, end));
  return runs;
}

/** A reading's runs (one per face) over the base from `left` to `right`, pt. */
function readingRuns(group: RubyGroup, reading: MeasuredReading, left: number, right: number, start: number, end: number): LineRun[] {
  const baseSize = group.baseStyle.size;
  const size = reading.size;
  // Pen x and baseline offset (pt, positive down) of each cluster start, by the cluster's start in the reading.
  const place = new Map<number, { x: number; dy: number }>();
  if (group.position === 'right') {
    // Stacked in the column after the base; the stack's middle level with the base's em box middle.
    const middle = (EM_BOX_TOP - 0.5) * baseSize;
    const top = middle + (reading.clusters.length * size) / 2;
    reading.clusters.forEach((c, i) => {
      const x = right + group.padAfter! / 2 - c.width / 2;
      place.set(c.start, { x, dy: -(top - (i + 1) * size + EM_BOX_BOTTOM * size) });
    });
  } else {
    const dy = group.position === 'over' ? -(EM_BOX_TOP * baseSize + EM_BOX_BOTTOM * size) : EM_BOX_BOTTOM * baseSize + EM_BOX_TOP * size;
    const room = right - left;
    const count = reading.clusters.length;
    const spread = group.align === 'jis' && room - reading.width > 1e-6 && count > 1 && SPREADABLE.test(group.reading);
    // 1:2:1: the room left over in 2 × count shares, one at each end and two between characters.
    const share = spread ? (room - reading.width) / (2 * count) : 0;
    let x = spread ? left + share : group.align === 'start' ? left : (left + right) / 2 - reading.width / 2;
    // Never past the line's ends (an overhang towards a neighbour now on another line).
    if (!spread) x = Math.max(Math.min(x, end - reading.width), start);
    for (const c of reading.clusters) {
      place.set(c.start, { x, dy });
      x += c.width + 2 * share;
    }
  }
  return annotationRuns(reading, place, group.sourceMark);
}

/**
 * An annotation's runs (a ruby reading, a kanbun mark: kunten-lines.ts), one per face, each cluster
 * at the pen x and baseline offset (pt, positive down) `place` gives its start in the annotation;
 * every unit's source offset is the annotated text's mark `sourceMark`.
 */
export function annotationRuns(reading: MeasuredReading, place: ReadonlyMap<number, { x: number; dy: number }>, sourceMark: number): LineRun[] {
  const runs: LineRun[] = [];
  for (const segment of reading.segments) {
    const glyphs: number[] = [];
    const xs: number[] = [];
    const dys: number[] = [];
    const clusters: number[] = [];
    let pen = 0;
    let cluster = -1;
    for (let g = 0; g < segment.glyphs.length; g++) {
      const c = segment.clusters[g]!;
      if (c !== cluster) {
        cluster = c;
        pen = place.get(segment.start + c)!.x;
      }
      glyphs.push(segment.glyphs[g]!);
      xs.push(pen + segment.xOffsets[g]!);
      dys.push(place.get(segment.start + c)!.dy - segment.yOffsets[g]!);
      clusters.push(c);
      pen += segment.advances[g]!;
    }
    const offsets = Array.from({ length: segment.text.length }, () => sourceMark);
    runs.push({ fontId: segment.fontId, sizeIndex: runSizeIndex(reading.size), colour: reading.colour, glyphs, xs, dys, text: segment.text, clusters, offsets, ruby: true });
  }
  return runs;
}
