/**
 * Floats cited inside a callout box (document-format §8.1, §12.3, §12.7). A box is set as one
 * piece (in flow, floated, fixed or in the side channel), so a figure it cites cannot be queued
 * line by line as running text's are: it is queued when the box has been placed, at the box's
 * position — the same reading §14.1 gives notes cited in a box ("to the foot of the column where
 * the text after the box continues"). The float then goes to the first free slot after the box,
 * like one cited in the surrounding text; it is never drawn in the box (§12.3: for a float the
 * embed "is just another reference", never a second copy).
 */
import type { Block } from '../parse/model';

/**
 * The floats first cited inside a box's blocks, in reading order: each `::resource` embed of a
 * floating resource and each `:ref` to one (`citations`: a float id by the reference's source
 * offset, paginate's `floatCitations`) in the source the box's blocks cover. Repeats are dropped
 * (the first mention queues the float; later ones are only references).
 */
export function floatsCitedInBox(inner: readonly Block[], citations: ReadonlyMap<number, string>, floats: ReadonlySet<string> | ReadonlyMap<string, unknown> | undefined): string[] {
  if (!floats || inner.length === 0) return [];
  const found: { at: number; id: string }[] = [];
  for (const block of inner) {
    if (block.kind === 'resourceBlock') {
      if (floats.has(block.resourceId)) found.push({ at: block.range.from, id: block.resourceId });
      continue;
    }
    // A reference in the text of a paragraph, quotation, list item or display the box holds.
    // (Not in a note's definition: references inside notes do not count, document-format §12.4.)
    if (block.kind === 'containerStart' || block.kind === 'containerEnd' || block.kind === 'footnoteDefinition') continue;
    const { from, to } = block.range;
    for (const [at, id] of citations) if (at >= from && at < to) found.push({ at, id });
  }
  found.sort((a, b) => a.at - b.at);
  const ids: string[] = [];
  for (const { id } of found) if (!ids.includes(id)) ids.push(id);
  return ids;
}
