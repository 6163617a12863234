/**
 * A code listing or table cut at the foot of a parallel `:::columns` segment (document-format §8.4
 * `flow=parallel`; configuration.md §13.3 `codeStyle`, §12.3 `tableStyle`). The streams share one
 * cut (page/columns-parallel.ts); when it falls inside a listing's or table's part
 * (`GroupRow.split`, page/columns-group-split.ts) in a stream, the part is cut there the way the
 * main flow cuts it at a column's foot — a listing by page/code-block.ts `placeListing`'s rules
 * (`splitMinLines` rows on each side, fewer only when the part opens the segment in a fresh column,
 * a cut before a row opening its source line, `keepTogether`, the continues marker closing the part
 * that goes on, `repeatTitle`), a table by its own `split` (header rows repeated, its continues
 * marker and "(cont.)" caption) — and the rest goes on in the same stream's sub-column of the next
 * segment. A part its rules do not let be cut there goes on whole: the common cut moves up above
 * it (as above a unit kept whole), or, when it opens a segment that is not in a fresh column, the
 * whole segment moves to the next column (as placeListing moves a listing on).
 *
 * The part before the cut may take fewer grid rows than the stream had left (a cut moved up to a
 * row opening a source line): blank rows fill its stream to the cut, so the rest heads the next
 * segment, level with the other streams' continuation.
 */
import type { GroupRow } from './columns-group';
import { emptyRow } from './columns-group-heading';

/** The segment's cut as the parts it falls in leave it: the rows (parts split in place; the given array when none is) and the rows to take; 0 = the segment moves to the next column. */
export interface SettledCut {
  rows: readonly GroupRow[];
  take: number;
}

/** A split part cut by the common cut in one stream, about to be put in place. */
interface PartCut {
  /** The part's first row (its identity in `rows`). */
  first: GroupRow;
  /** Rows of the stream the cut leaves the part before it (its first row to the cut). */
  room: number;
  before: GroupRow[];
  after: GroupRow[];
}

/**
 * Settles the common cut `take` rows under `index` (`slots`: the streams' grid rows as
 * page/columns-parallel.ts `parallelSlots` lays out `rows`): `keep` moves a cut up above units kept
 * whole and headings (it must leave split parts alone), then every split part the cut falls in is
 * cut; when one may not be cut there, the cut moves up above it and all is tried again (no part is
 * cut before every stream's part accepts the same cut, so none is cut twice). `fresh`: the segment
 * opens a column nothing is set in yet.
 */
export function settleParallelCut(rows: readonly GroupRow[], slots: readonly (readonly (GroupRow | null)[])[], index: number, take: number, fresh: boolean, keep: (take: number) => number): SettledCut {
  let cut = take;
  // Each round moves the cut up at least one row, or ends.
  for (let round = 0; round <= take + 1; round++) {
    cut = keep(cut);
    const cuts: PartCut[] = [];
    let moved: number | null = null;
    for (const stream of slots) {
      const last = stream[index + cut - 1];
      const next = stream[index + cut];
      if (!last?.split || next?.split !== last.split || next.whole !== last.whole) continue;
      let start = index + cut - 1;
      while (start > index && stream[start - 1]?.split === last.split && stream[start - 1]?.whole === last.whole) start--;
      // (A part begun in an earlier segment was cut there: its rows here all open this one.)
      const room = index + cut - start;
      const opens = start === index;
      const parts = last.split.cut(room, opens && fresh);
      if (parts) {
        cuts.push({ first: stream[start]!, room, before: parts.before, after: parts.after });
        continue;
      }
      // Not cut here: the part goes on whole, under the next segment's head.
      if (!opens) moved = Math.min(moved ?? cut, start - index);
      else if (!fresh) moved = 0;
      // Opening a fresh column and still not cut (nothing of it fits a whole column): set whole, as a unit kept whole is.
    }
    if (moved === 0) return { rows, take: 0 };
    if (moved !== null) {
      cut = moved;
      continue;
    }
    if (cuts.length === 0) return { rows, take: cut };
    const out = rows.slice();
    for (const part of cuts) {
      const at = out.indexOf(part.first);
      let end = at;
      while (end < out.length && out[end]!.split === part.first.split && out[end]!.whole === part.first.whole) end++;
      const { block, blockIndex } = part.first;
      const fill = Array.from({ length: Math.max(0, part.room - part.before.length) }, (): GroupRow => ({ block, line: emptyRow(), x: 0, blockIndex, blank: true }));
      out.splice(at, end - at, ...part.before, ...fill, ...part.after);
    }
    return { rows: out, take: cut };
  }
  return { rows, take: cut };
}
