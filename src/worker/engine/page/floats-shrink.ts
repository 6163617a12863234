/**
 * Shrinking floats (configuration.md §4 `layout.fitFiguresToPage`, `layout.floatShrink`; §12.2
 * `placement.shrink`/`minScale`; document-format §12.6 "scale a floated picture to fit a slot
 * instead of moving it (`floatShrunk` warning)", §12.9 "fit-to-page, shrink-to-slot").
 *
 * - **Fit to page** (`layout.fitFiguresToPage`): a figure is built so that picture, caption and
 *   note fit the content area with the float's one-line gap; without it the slot caps the picture
 *   alone (§12.9 "the slot caps size") and a caption may run past the content area's foot.
 * - **Shrink** (`placement.shrink`, else `layout.floatShrink.mode`, else `never`): `slot` — a float
 *   that does not fit the first slot it may take (the foot of its citing column, the head of a
 *   later empty column, a page band) is rebuilt to the slot's room instead of waiting; `page` —
 *   only when it does not fit even an empty page ("fresh page"); `never` — it waits. Only the
 *   picture scales (the caption keeps its size and measure; a picture with a safe area is cropped
 *   first, figure.ts), never below `minScale` (else `layout.floatShrink.minScale`, else 0.7) of the
 *   size it would print at in that slot: below that, the float waits as with `never`.
 *   Tables never shrink (they split between rows instead, §12.7).
 */
import type { FlowBlock } from '../resources/block';
import type { LayoutSettings } from '../settings';

export type ShrinkMode = 'never' | 'page' | 'slot';

/** The shrink rule in force for one float. */
export interface ShrinkRule {
  mode: ShrinkMode;
  /** Smallest allowed scale of the picture, 0–1. */
  minScale: number;
}

/** Built-in defaults (configuration.md §12.2 "from `layout.floatShrink` (never / 0.7)"). */
export const DEFAULT_SHRINK: ShrinkRule = { mode: 'never', minScale: 0.7 };

/** Placement fields → `layout.floatShrink` → built-in, field by field. */
export function shrinkRule(spec: { shrink?: ShrinkMode | undefined; minScale?: number | undefined } | undefined, floats: LayoutSettings['floats']): ShrinkRule {
  return {
    mode: spec?.shrink ?? floats?.shrink?.mode ?? DEFAULT_SHRINK.mode,
    minScale: spec?.minScale ?? floats?.shrink?.minScale ?? DEFAULT_SHRINK.minScale,
  };
}

/** A float rebuilt smaller, and its picture's scale against the unshrunk float (0–1). */
export interface Shrunk {
  flow: FlowBlock;
  scale: number;
}

/**
 * The float `full` rebuilt by `make` to fit `room` pt (its whole height: picture, caption, note),
 * when that keeps its picture at `minScale` or more; null when it fits already, cannot shrink (no
 * picture: a table or a placeholder) or would go below `minScale`.
 */
export function shrinkInto(full: FlowBlock, room: number, minScale: number, make: (maxHeight: number) => FlowBlock | null): Shrunk | null {
  if (!full.picture || full.picture.width <= 0 || full.height <= room + 1e-6) return null;
  // The caption and note keep their height: no room left for a picture, nothing to try.
  if (room <= full.height - full.picture.height + 1e-6) return null;
  const flow = make(room);
  if (!flow?.picture || flow.height > room + 1e-6) return null;
  // The scale is the width's: a picture cropped to its safe area keeps its width (figure.ts).
  const scale = flow.picture.width / full.picture.width;
  if (scale < minScale - 1e-9) return null;
  return { flow, scale };
}
