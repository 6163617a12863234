/**
 * Balancing lever (2) `flexFigure` (configuration.md §8.5, document-format §12.9; page/levers-flex.ts):
 * in a short column, a picture cropped towards its safe area shows whole grid lines more, never
 * beyond the whole picture, and what follows it moves down by as much; the lines are returned
 * per lever point so paginate records them (`PageDraft.levers`, lever 'flexFigure').
 * Pictures are fitted by the real `fitPicture`; geometry checked by hand below.
 */
import { describe, expect, it } from 'vitest';
import { growFlexPoints, grownBy } from '../../../src/worker/engine/page/levers-flex';
import { distributeLevers, leverLimits, type LeverPoint } from '../../../src/worker/engine/page/levers';
import { defaultSettings } from '../../../src/worker/engine';
import { fitPicture } from '../../../src/worker/engine/resources/figure';
import type { FlowBlock } from '../../../src/worker/engine/resources/block';
import { Op, type DisplayItem, type RectItem, type RuleItem } from '../../../src/worker/protocol/displaylist';

const PITCH = 12;
/** A picture 200 pt wide and 300 pt tall at that width, its safe area the middle half of its height. */
const NATURAL = { width: 200, height: 300 };
const SAFE = { x: 0, y: 0.25, width: 1, height: 0.5 };

/** A figure (the picture alone, drawn as a rectangle) fitted to 200 pt × maxHeight pt. */
function figure(maxHeight: number, safe: typeof SAFE | null = SAFE): FlowBlock {
  const fit = fitPicture(NATURAL, 200, maxHeight, safe ?? undefined);
  return { width: fit.width, height: fit.height, picture: { width: fit.width, height: fit.height }, emit: (x, y) => [{ op: Op.Rect, x, y, w: fit.width, h: fit.height, fill: '#000000' }] };
}

/** A column: a rule above, the figure at y = 100, a rule under it (the text that follows). */
function column(flow: FlowBlock, after: DisplayItem = { op: Op.Rule, x1: 0, y1: 400, x2: 100, y2: 400, width: 1, stroke: '#000000' }) {
  const items: DisplayItem[] = [{ op: Op.Rule, x1: 0, y1: 90, x2: 100, y2: 90, width: 1, stroke: '#000000' }, ...flow.emit(10, 100), after];
  const points: LeverPoint[] = [
    { kind: 'flexFigure', item: 1, block: 'fig', rank: 0, flex: { end: 2, x: 10, y: 100, flow, regrow: (h) => figure(h) } },
    { kind: 'afterFloat', item: 2, block: 'fig', rank: 0 },
  ];
  return { items, points };
}

describe('lever (2) flexFigure', () => {
  it('a picture cropped to 180 pt grows by the 3 lines of the gap; the text under it moves down 36 pt', () => {
    const flow = figure(180);
    expect(flow.height).toBe(180); // cropped (the whole picture is 300 pt)
    const { items, points } = column(flow);
    const lines = growFlexPoints(points, items, 3, PITCH);
    expect(lines).toEqual([3, 0]);
    const picture = items[1] as RectItem;
    expect([picture.y, picture.h, picture.w]).toEqual([100, 216, 200]);
    expect((items[2] as RuleItem).y1).toBe(436);
    expect((items[0] as RuleItem).y1).toBe(90); // above it: unmoved
  });

  it('never beyond the whole picture: 20 pt short of it, it grows by one line only', () => {
    const flow = figure(280);
    const { items, points } = column(flow);
    expect(growFlexPoints(points, items, 4, PITCH)).toEqual([1, 0]);
    expect((items[1] as RectItem).h).toBe(292);
    expect((items[2] as RuleItem).y1).toBe(412);
  });

  it('a picture shown whole, or without a safe area, does not grow', () => {
    expect(grownBy(figure(400), (h) => figure(h), 3, PITCH)).toBeNull();
    const scaled = figure(180, null); // no safe area: scaled down, not cropped — the lever never enlarges
    expect(grownBy(scaled, (h) => figure(h, null), 3, PITCH)).toBeNull();
  });

  it('a drawn path under the figure keeps it as it is (paths are not shifted)', () => {
    const { items, points } = column(figure(180), { op: Op.Path, d: 'M0 400L10 400', stroke: '#000000' });
    expect(growFlexPoints(points, items, 3, PITCH)).toEqual([0, 0]);
    expect((items[1] as RectItem).h).toBe(180);
  });

  it('goes before the other levers, which share only what is left; later points follow the items', () => {
    const { items, points } = column(figure(180));
    const grown = growFlexPoints(points, items, 2, PITCH);
    expect(grown).toEqual([2, 0]);
    // The 'afterFloat' point still points at the rule after the figure; nothing is left for it.
    expect(items[points[1]!.item]!.op).toBe(Op.Rule);
    expect(distributeLevers(points, items, 0, leverLimits(defaultSettings()))).toEqual([0, 0]);
    // distributeLevers never hands lines to a flexFigure point itself.
    expect(distributeLevers(points, items, 5, leverLimits(defaultSettings()))[0]).toBe(0);
  });

});
