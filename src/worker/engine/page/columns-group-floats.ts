/**
 * Floats a running-text `:::columns` group mentions (document-format §8.4 "cited figures float
 * normally", §12.7): a floating resource embedded in the group (`::resource`) or cited in a callout
 * box set in it, or a callout box floated out of it (page/columns-group-box.ts), queued with the
 * row of text after the embed or box (page/columns-group.ts
 * `GroupRow.queues`), and one cited by a `:ref` in its lines, queued at the line that first cites it. Both are queued at the group's level (the
 * text column's slots), as the main flow queues a float after its mention — floats never overtake
 * each other and are never set before their first mention.
 *
 * A segment of the group is placed whole (its sub-columns, or its parallel streams, side by side),
 * so the first free slot after a row in it is the foot of the text column under the segment, else
 * the head of a later column. As the main flow keeps foot room for a float before its citing line
 * is placed (paginate.ts `footFloatsFor`), a segment — snake (`plannedWithFeet`) or parallel
 * (page/columns-parallel.ts) — is planned short by the foot band of the floats its rows first
 * mention that may take this column's foot now, when the segment planned in the smaller room still
 * holds the rows mentioning all of them; else it is planned as before and the floats take the next
 * free slot after it.
 */
import type { SetLine } from '../paragraph';
import type { GroupRow } from './columns-group';

/** What queueing a group's floats needs from the page flow (paginate.ts). */
export interface GroupFloatHost {
  /** Floats a line cites by `:ref` (in citation order; queued ones too: queueing again is a no-op). */
  refFloats(line: SetLine): readonly string[];
  /** Queues the floats at the group's level, cited at `block` (its first mention), and places what may go now. */
  queueFloats(ids: readonly string[], block: { id: string }): void;
  /** Grid rows the column's foot band would grow by for the floats these rows mention that may take this column's foot now (0: none). */
  footRows(cites: readonly Citing[]): number;
}

/** A row mentioning floats: by those queued with it (`GroupRow.queues`), each at its own block, or by `:ref`s in its line, at the row's block. */
export interface Citing {
  /** The row (its identity: whether a shorter segment still holds it). */
  row: GroupRow;
  /** The floats, in the order they are queued. */
  ids: readonly string[];
  block: { id: string };
}

/** The mentions of floats in `rows` (the rows of a segment, in reading order; nulls are a parallel stream's empty slots): each row's queued floats (embeds, a box's citations), its `:ref`s, then those queued after its line (`GroupRow.afterLine`). */
export function citingRows(rows: Iterable<GroupRow | null | undefined>, host: GroupFloatHost): Citing[] {
  const out: Citing[] = [];
  for (const row of rows) {
    if (!row || row.blank) continue;
    for (const queued of row.queues ?? []) out.push({ row, ids: [queued.id], block: queued.block });
    const ids = host.refFloats(row.line);
    if (ids.length > 0) out.push({ row, ids, block: row.block });
    for (const queued of row.afterLine?.queues ?? []) out.push({ row, ids: [queued.id], block: queued.block });
  }
  return out;
}

/**
 * A segment's plan (`plan(room)`) with foot room kept for the floats its rows first mention
 * (`mentions`: the `citingRows` of a plan's segment): planned in `room` less their band when that
 * segment still mentions all of them, else as planned in `room`.
 */
export function withFootRoom<P>(room: number, host: GroupFloatHost, plan: (room: number) => P, mentions: (plan: P) => Citing[]): P {
  const full = plan(room);
  const cites = mentions(full);
  if (cites.length === 0) return full;
  const band = host.footRows(cites);
  if (band <= 0 || band >= room) return full;
  const tight = plan(room - band);
  const kept = new Set(mentions(tight).map((c) => c.row));
  // Every mentioning row still in the shorter segment: the band it leaves holds the same floats.
  return cites.every((c) => kept.has(c.row)) ? tight : full;
}

/** A snake segment's plan (page/columns-group.ts `planRows` from `from`) with foot room kept for the floats its rows first mention. */
export function plannedWithFeet<P extends { counts: number[]; rows: GroupRow[] }>(from: number, room: number, host: GroupFloatHost, plan: (room: number) => P): P {
  return withFootRoom(room, host, plan, (p) => citingRows(p.rows.slice(from, from + p.counts.reduce((a, b) => a + b, 0)), host));
}
