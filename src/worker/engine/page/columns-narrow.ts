/**
 * `columnsTooNarrow` (document-format §8.4 "Warnings: `columnsTooNarrow` (< 6 ems)"): a
 * `:::columns` group whose sub-columns are narrower than six ems, as a group in a callout box set
 * in another group's sub-column easily gets. Our reading of "ems": of the body type, which the
 * group's text is set in (columns-group.ts `groupRows`) and its `gap` is measured in
 * (`groupShape`). The group is still set at that width: the warning says so, it does not refuse.
 * paginate.ts records one on the page where the group is set (`PageDraft.columnsTooNarrow`: in
 * running text once it is set as a group, not when it flows plain; in a box on the page the box
 * starts on), engine/index.ts lists them per chapter, and checks/columns-narrow.ts reports them.
 */
import { roundPt } from '../../protocol/displaylist';
import type { LayoutSettings } from '../settings';
import type { GroupShape } from './columns-group';

/** The floor of §8.4, in ems of the body type. */
export const SUB_COLUMN_MIN_EMS = 6;

/** A group set in sub-columns under the floor: its `containerStart` block id, one sub-column's width and the floor, pt. */
export interface NarrowColumns {
  block: string;
  width: number;
  floor: number;
}

/** The record for a group of `shape` opened by block `block` when its sub-columns are under the floor, else undefined. */
export function narrowColumns(block: string, shape: GroupShape, settings: LayoutSettings): NarrowColumns | undefined {
  const floor = SUB_COLUMN_MIN_EMS * settings.body.style.size;
  return shape.width < floor - 1e-6 ? { block, width: roundPt(shape.width), floor: roundPt(floor) } : undefined;
}
