/**
 * `:::columns{flow=parallel}` (document-format §8.4): per-column streams kept level — a poem and
 * its translation. The group's blocks are cut into streams at its breaks (`breaks`, or
 * `:::columnbreak` inside the group); stream k is set in sub-column k (streams past the last
 * sub-column run on in it). When the group does not fit, every stream fills the same number of
 * grid rows and all of them go on at the head of the next column (page, across the page), so
 * the streams stay side by side instead of snaking.
 *
 * Level blocks (our choice, what a parallel text's reader expects): when every stream has the
 * same number of blocks (stanza for stanza, paragraph for paragraph), block j of each stream
 * starts on the same grid row — the row under the longest block j−1; shorter blocks leave blank
 * rows under them. Streams of different block counts run on independently from a common top.
 * Blank rows at the head of a continued segment, and space at a stream's top, are dropped. A
 * segment's foot never parts a unit kept whole (a heading, a verse line with its turnovers, a
 * drawn block) nor a heading from the text under it (keep with next): the common cut moves up.
 * A code listing or table the cut falls in is split there by its own rules, its rest going on in
 * its stream's sub-column of the next segment (page/columns-parallel-split.ts).
 */
import { Op, roundPt } from '../../protocol/displaylist';
import type { SetLine } from '../paragraph';
import type { LayoutSettings } from '../settings';
import { gapRuleX, mentionedFloats, queueRow, subColumnLeft, type GroupHost, type GroupRow, type GroupShape } from './columns-group';
import { columnRuleOf } from './sections';
import { settleParallelCut, type SettledCut } from './columns-parallel-split';
import { citingRows, withFootRoom, type Citing, type GroupFloatHost } from './columns-group-floats';

/** Rows of each sub-column as grid slots (null = a blank row), all of one length. */
export function parallelSlots(rows: readonly GroupRow[], shape: GroupShape): (GroupRow | null)[][] {
  const streams: GroupRow[][] = Array.from({ length: Math.min(shape.count, shape.breaks.length + 1) }, () => []);
  for (const row of rows) {
    const stream = shape.breaks.filter((b) => b <= row.blockIndex).length;
    streams[Math.min(stream, streams.length - 1)]!.push(row);
  }
  // Space at a stream's top (a poem's line above it, `:::space`) is dropped, as at a group's top (§7.4).
  for (const stream of streams) while (stream[0]?.blank) stream.shift();
  const blocksOf = (stream: readonly GroupRow[]): GroupRow[][] => {
    const out: GroupRow[][] = [];
    for (const row of stream) {
      const last = out[out.length - 1];
      if (last && last[0]!.blockIndex === row.blockIndex) last.push(row);
      else out.push([row]);
    }
    return out;
  };
  const split = streams.map(blocksOf);
  const level = split.length > 1 && split.every((s) => s.length === split[0]!.length);
  let slots: (GroupRow | null)[][];
  if (level) {
    slots = split.map(() => []);
    for (let j = 0; j < split[0]!.length; j++) {
      const tallest = Math.max(...split.map((s) => s[j]!.length));
      split.forEach((s, k) => {
        const block = s[j]!;
        for (let r = 0; r < tallest; r++) slots[k]!.push(block[r] ?? null);
      });
    }
  } else slots = streams.map((s) => [...s]);
  const length = Math.max(0, ...slots.map((s) => s.length));
  return slots.map((s) => [...s, ...Array.from({ length: length - s.length }, () => null)]);
}

/** Sets the streams side by side through the host; returns the lines placed (for the notes they cite). */
export function placeParallel(given: readonly GroupRow[], shape: GroupShape, host: GroupHost, settings: LayoutSettings): SetLine[] {
  // The rows as the cuts so far left them (a listing or table split between segments:
  // page/columns-parallel-split.ts); the rows before a cut never change, so `index` holds.
  let rows: readonly GroupRow[] = given;
  let slots = parallelSlots(rows, shape);
  let length = slots[0]?.length ?? 0;
  const placed: SetLine[] = [];
  const rule = columnRuleOf(settings);
  let index = 0;
  let continued = false;
  let guard = 0;
  // Barrier rows whose floats were set (each is met once).
  const flushed = new Set<GroupRow>();
  while (index < length && guard++ < 10000) {
    // A continued segment starts with text, not with the blank rows that levelled the last one.
    while (continued && index < length && slots.every((s) => s[index] === null || s[index]!.blank)) index++;
    if (index >= length) break;
    // A float barrier (§12.7) on the segment's first row, in any stream: every float cited before it is set first.
    const barriers = slots.map((s) => s[index]).filter((row): row is GroupRow => row?.barrier === true && !flushed.has(row));
    if (host.barrier && barriers.length > 0) {
      for (const row of barriers) flushed.add(row);
      host.barrier.flush();
      continue;
    }
    const room = host.rowsLeft();
    if (room <= 0) {
      host.next();
      continued = true;
      continue;
    }
    // At least two rows per segment at a column foot when more follow (the body's minimum, our choice).
    if (room < 2 && length - index > 1 && !host.fresh()) {
      host.next();
      continued = true;
      continue;
    }
    // A unit kept whole (a heading, a verse line with its turnovers, a drawn block) is not cut by
    // the segment's foot: it goes on whole, unless it opens the segment. (A listing's or table's
    // part is cut by its own rules: settleParallelCut.)
    const cuts = (t: number): boolean => slots.some((s) => s[index + t] != null && s[index + t]!.whole !== undefined && !s[index + t]!.split && s[index + t]!.whole === s[index + t - 1]?.whole);
    // Keep with next (§8.1; columns-group.ts keptCut in a snake group): a stream whose last row
    // before the cut is a heading (or the blank rows under it) with more of the stream after the
    // cut would leave the heading at the segment's foot — the common cut moves up above it.
    const strands = (t: number): boolean =>
      slots.some((s) => {
        let k = index + t - 1;
        while (k >= index && (s[k] == null || (s[k]!.blank && !s[k]!.keepNext))) k--;
        if (k < index || !s[k]!.keepNext) return false;
        for (let j = index + t; j < length; j++) if (s[j] != null && !s[j]!.blank) return true;
        return false;
      });
    const keep = (take: number): number => {
      let kept = take;
      while (kept > 0 && index + kept < length && (cuts(kept) || strands(kept))) kept--;
      return kept > 0 ? kept : take;
    };
    // A float barrier in a later row of a stream, with floats waiting or cited in the rows above it
    // (our reading of "before it" in streams read side by side: the level rows above its row): the
    // segment ends above that row, and the next one starts there once they are set.
    const cap = barrierRow(slots, index, length, host);
    // Foot room kept for the floats the segment's rows first mention (page/columns-group-floats.ts).
    const settle = (r: number): SettledCut => settleParallelCut(rows, slots, index, Math.min(r, cap, length - index), host.fresh(), keep);
    const floats = host.floats;
    const settled = floats ? withFootRoom(room, floats, settle, (cut) => segmentMentions(cut, rows, slots, shape, index, floats)) : settle(room);
    if (settled.take === 0) {
      // A listing that may not be cut opens the segment in a column already holding text: all go on (as placeListing moves it).
      host.next();
      continued = true;
      continue;
    }
    const take = settled.take;
    if (settled.rows !== rows) {
      rows = settled.rows;
      slots = parallelSlots(rows, shape);
      length = slots[0]?.length ?? 0;
    }
    const top = host.top();
    const left = host.left();
    const after: (() => void)[] = [];
    slots.forEach((stream, c) => {
      const x0 = left + subColumnLeft(shape, c);
      for (let k = 0; k < take; k++) {
        const row = stream[index + k];
        if (!row) continue;
        const baseline = top + k * host.pitch + host.baseline;
        host.emit(row.block, row.line, x0 + row.x, baseline + (row.dy ?? 0), row.role);
        if (row.marker) host.emit(row.block, row.marker.line, x0 + row.marker.x, baseline);
        row.draw?.(host, x0, baseline - host.baseline);
        // Floats mentioned at the row and cited by `:ref` in its line, queued under the segment.
        queueRow(host, row, after);
        placed.push(row.line);
      }
      if (shape.rule && rule.width > 0 && c > 0) {
        const x = roundPt(gapRuleX(shape, x0));
        host.push({ op: Op.Rule, x1: x, y1: roundPt(top), x2: x, y2: roundPt(top + take * host.pitch), width: roundPt(rule.width), stroke: rule.colour });
      }
    });
    index += take;
    host.advance(take);
    // Floats cited in the segment, queued under it (page/columns-group.ts `GroupRow.after`).
    for (const queue of after) queue();
    // (At a barrier the streams go on where its floats leave them: in this column when none waits.)
    if (index < length && take !== cap) {
      host.next();
      continued = true;
    }
  }
  return placed;
}

/** Rows from `index` to the first later row holding a float barrier in any stream, when floats wait or the rows above it mention one first; else no cap. */
function barrierRow(slots: readonly (GroupRow | null)[][], index: number, length: number, host: GroupHost): number {
  if (!host.barrier) return Number.POSITIVE_INFINITY;
  for (let t = 1; index + t < length; t++) {
    if (!slots.some((s) => s[index + t]?.barrier)) continue;
    const above = slots.flatMap((s) => s.slice(index, index + t));
    return host.barrier.first(mentionedFloats(above, host)) || host.barrier.waiting() ? t : Number.POSITIVE_INFINITY;
  }
  return Number.POSITIVE_INFINITY;
}

/** The rows of the segment `cut` takes from `index` mentioning floats, stream by stream as they are placed (`rows`/`slots`: before the cut; a cut that split a part has rows of its own). */
function segmentMentions(cut: SettledCut, rows: readonly GroupRow[], slots: readonly (GroupRow | null)[][], shape: GroupShape, index: number, host: GroupFloatHost): Citing[] {
  const streams = cut.rows === rows ? slots : parallelSlots(cut.rows, shape);
  return citingRows(
    streams.flatMap((stream) => stream.slice(index, index + cut.take)),
    host,
  );
}
