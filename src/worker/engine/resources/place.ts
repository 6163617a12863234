/**
 * In-flow placement of a resource block (document-format §12.3, `position: "here"`): set where
 * it stands if it fits in the room left in the column; otherwise a table splits between rows
 * (its first part fills the column) and anything else moves to the next column. A block taller
 * than a fresh column is set there anyway (pictures were already fitted to the column height).
 */
import type { ResourceBlock } from '../parse/model';
import type { FlowBlock } from './block';
import type { FigureFit } from './figure';

/**
 * Makes the flow block for a `::resource` line at a measure and maximum height (pt); the engine
 * binds the rest. `fitTo` (figures): whether `maxHeight` caps the whole figure (default) or the
 * picture alone (resources/figure.ts `FigureFit`); `direction`: the text's, which `align: start/end` follow;
 * `captionSide`: the side channel's width, pt, where a `captionSide` figure sets its caption (page/caption-side.ts).
 */
export type ResourceBlockFactory = (block: ResourceBlock, measure: number, maxHeight: number, fitTo?: FigureFit, direction?: 'ltr' | 'rtl', captionSide?: number) => FlowBlock | null;

export interface FlowCursor {
  /** Height left for body content in the current column, pt. */
  room(): number;
  columnEmpty(): boolean;
  /** Emits a block at the cursor and moves the cursor below it. */
  place(block: FlowBlock): void;
  nextColumn(): void;
}

export function placeInFlow(block: FlowBlock, cursor: FlowCursor): void {
  let part: FlowBlock | null = block;
  // Each turn either places something or moves to a fresh column, so this ends.
  while (part) {
    const room = cursor.room();
    if (part.height <= room + 1e-6) {
      cursor.place(part);
      return;
    }
    const cut: { first: FlowBlock; rest: FlowBlock } | null = part.split?.(room) ?? null;
    if (cut) {
      cursor.place(cut.first);
      part = cut.rest;
      cursor.nextColumn();
      continue;
    }
    if (!cursor.columnEmpty()) {
      cursor.nextColumn();
      continue;
    }
    cursor.place(part);
    return;
  }
}
