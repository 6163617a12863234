/**
 * Floating resources cited by `:ref`s in a running-text `:::columns` group's lines (document-format
 * §8.4 "cited figures float normally", §12.7): each float is queued at the line that first cites
 * it, at the group's level (the text column's slots), as the main flow queues a float after its
 * citing line — floats never overtake each other and are never set before their first mention.
 *
 * A segment of the group is placed whole (its sub-columns side by side), so the first free slot
 * after a line in it is the foot of the text column under the segment, else the head of a later
 * column. As the main flow keeps foot room for a float before its citing line is placed
 * (paginate.ts `footFloatsFor`), a snake segment is planned short by the foot band of the floats
 * its lines first cite that may take this column's foot now, when the segment planned in the
 * smaller room still holds the lines citing all of them; else it is planned as before and the
 * floats take the next free slot after it.
 */
import type { SetLine } from '../paragraph';
import type { GroupRow } from './columns-group';

/** What queueing a group's `:ref` floats needs from the page flow (paginate.ts). */
export interface GroupFloatHost {
  /** Floats a line cites by `:ref` (in citation order; queued ones too: queueing again is a no-op). */
  refFloats(line: SetLine): readonly string[];
  /** Queues the floats at the group's level, cited at `block` (its first mention), and places what may go now. */
  queueFloats(ids: readonly string[], block: { id: string }): void;
  /** Grid rows the column's foot band would grow by for the floats these lines cite that may take this column's foot now (0: none). */
  footRows(cites: readonly Citing[]): number;
}

/** A row's line citing floats, and its block. */
export interface Citing {
  line: SetLine;
  block: { id: string };
}

/** The lines among `rows[from, to)` that cite floats by `:ref`, in reading order. */
export function citingLines(rows: readonly GroupRow[], from: number, to: number, host: GroupFloatHost): Citing[] {
  const out: Citing[] = [];
  for (let k = from; k < Math.min(to, rows.length); k++) {
    const row = rows[k]!;
    if (!row.blank && host.refFloats(row.line).length > 0) out.push({ line: row.line, block: row.block });
  }
  return out;
}

/**
 * A snake segment's plan (`plan(room)`: page/columns-group.ts `planRows` from `from`) with foot
 * room kept for the floats its lines first cite: planned in `room` less their band when that
 * segment still cites all of them, else as planned in `room`.
 */
export function plannedWithFeet<P extends { counts: number[]; rows: GroupRow[] }>(from: number, room: number, host: GroupFloatHost, plan: (room: number) => P): P {
  const full = plan(room);
  const cites = citingLines(full.rows, from, from + full.counts.reduce((a, b) => a + b, 0), host);
  if (cites.length === 0) return full;
  const band = host.footRows(cites);
  if (band <= 0 || band >= room) return full;
  const tight = plan(room - band);
  const kept = citingLines(tight.rows, from, from + tight.counts.reduce((a, b) => a + b, 0), host);
  // Every citing line still in the shorter segment: the band it leaves holds the same floats.
  return cites.every((c) => kept.some((k) => k.line === c.line)) ? tight : full;
}
