/**
 * Blocks other than text set inside a callout box (document-format §8.1 "a container … of
 * blocks", configuration.md §13.4), at the box's inner measure, as rows of paginate.ts
 * `calloutParts`:
 *
 * - a code listing (§5.7, §13.3; page/code-block.ts): its own box, title, gutter and tints inside
 *   the callout's, at the callout's inner measure. Our reading of the space around it: a box line
 *   above and one below, as for an inline resource in a box (§12.3 `layout.inlineResourceGap` /
 *   `inlineResourceGapInBoxes`) — the listing's own `marginTop` / `marginBottom` are grid margins of
 *   running text, and the inside of a box is off the grid. The listing is one unit of the box's
 *   rows: a box cut never falls inside it (one taller than a column overflows the column's foot).
 *
 * Lengths in pt.
 */
import type { CodeBlock } from '../parse/model';
import type { FlowBlock } from '../resources/block';
import type { LayoutSettings } from '../settings';
import { placeListing, prepareListing, type ListingDeps } from './code-block';
import { rowListingHost, type GroupDrawHost } from './columns-group-blocks';

/** Where a block drawn whole in a box puts its text and items (as a `:::columns` row's: glyph runs of its block, generated marks, other items). */
export type BoxDrawHost = GroupDrawHost;

/**
 * A listing set at the box's inner measure `width`, as a block the box draws whole at its row's
 * top-left: the listing's label tab, frame, title and rows (one part). `draw` puts its text and
 * items on the page (paginate.ts: its own text recording the block, numbers and markers generated).
 * `emit` draws through `draw` and returns no items of its own.
 */
export function boxListing(block: CodeBlock, settings: LayoutSettings, width: number, deps: ListingDeps, draw: BoxDrawHost): FlowBlock {
  const prepared = prepareListing(block, settings, width, deps);
  // As placeListing measures one part: the label tab above the frame, padding, title and rows.
  const height = (prepared.tab?.above ?? 0) + 2 * prepared.padding + (prepared.title?.height ?? 0) + prepared.rows.length * prepared.leading;
  return {
    height,
    width: prepared.width,
    emit: (x, y) => {
      // One part: the host's foot never comes (the box's row holds the listing whole).
      placeListing(prepared, rowListingHost(block, draw, x, y));
      return [];
    },
  };
}
