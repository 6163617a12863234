import { INFINITE_PENALTY, type Item, type LineBreak, type LineWidths } from './items';

/** Rules of ragged text set line by line (configuration.md §6.2 `hyphenation.zone`). */
export interface GreedyRagged {
  /** Split a word only if moving it whole to the next line would leave a gap wider than this, pt. */
  zone: number;
  /** Most hyphenated lines in a row (§6.2: 2). */
  maxHyphens: number;
}

/**
 * First-fit line breaking (`bodyText.optimalLineBreaking: false`, and the fallback for text
 * set line by line): each line takes as many items as fit at natural width, shrinking if needed.
 * The paragraph must end with a forced break (the usual finishing glue + penalty −∞).
 * `ragged` (unjustified text): a line ends at a hyphen (a flagged penalty) only when moving the
 * whole word on would leave more than `zone` pt empty and fewer than `maxHyphens` lines before it
 * in a row end in one; else the word goes on whole (if it is not the line's first).
 */
export function breakGreedy(items: readonly Item[], lineWidths: LineWidths, ragged?: GreedyRagged): LineBreak[] {
  const breaks: LineBreak[] = [];
  let lineStart = 0;
  let lastFeasible = -1;
  let width = 0;
  let stretch = 0;
  let shrink = 0;
  // Totals at the last feasible break, measured from lineStart.
  let atFeasible = { width: 0, stretch: 0, shrink: 0 };
  // The last glue break of the line (a word's start) and its totals; hyphenated lines in a row (ragged only).
  let lastGlue = -1;
  let atGlue = atFeasible;
  let hyphensInRow = 0;
  let i = skipDiscardable(items, 0);
  lineStart = i;
  while (i < items.length) {
    const item = items[i]!;
    const available = lineWidths(breaks.length);
    const isBreak =
      (item.type === 'glue' && i > lineStart && items[i - 1]!.type === 'box') ||
      (item.type === 'penalty' && item.penalty < INFINITE_PENALTY);
    if (isBreak) {
      const endWidth = width + (item.type === 'penalty' ? item.width : 0);
      const forced = item.type === 'penalty' && item.penalty <= -INFINITE_PENALTY;
      if (endWidth - shrink > available && lastFeasible >= 0) {
        // Overflows: end the line at the previous feasible break.
        let end = lastFeasible;
        let at = atFeasible;
        const hyphen = items[end]!.type === 'penalty' && (items[end] as { flagged?: boolean }).flagged === true;
        if (ragged && hyphen && lastGlue >= 0 && (hyphensInRow >= ragged.maxHyphens || available - atGlue.width <= ragged.zone)) {
          // §6.2 zone: moving the word whole leaves no more than the zone empty (or too many hyphens in a row): no split.
          end = lastGlue;
          at = atGlue;
        }
        const endsHyphenated = items[end]!.type === 'penalty' && (items[end] as { flagged?: boolean }).flagged === true;
        hyphensInRow = endsHyphenated ? hyphensInRow + 1 : 0;
        breaks.push({ position: end, ratio: ratioOf(at, available) });
        i = skipDiscardable(items, end + 1);
        lineStart = i;
        width = stretch = shrink = 0;
        lastFeasible = -1;
        lastGlue = -1;
        continue;
      }
      if (forced || endWidth - shrink > available) {
        const emergency = endWidth - shrink > available;
        breaks.push({
          position: i,
          ratio: forced && !emergency ? Math.min(0, ratioOf({ width: endWidth, stretch, shrink }, available)) : ratioOf({ width: endWidth, stretch, shrink }, available),
          ...(emergency ? { emergency: true } : {}),
        });
        hyphensInRow = item.type === 'penalty' && item.flagged === true ? hyphensInRow + 1 : 0;
        i = skipDiscardable(items, i + 1);
        lineStart = i;
        width = stretch = shrink = 0;
        lastFeasible = -1;
        lastGlue = -1;
        continue;
      }
      lastFeasible = i;
      atFeasible = { width: endWidth, stretch, shrink };
      if (item.type === 'glue') {
        lastGlue = i;
        atGlue = atFeasible;
      }
    }
    if (item.type === 'box') width += item.width;
    else if (item.type === 'glue') {
      width += item.width;
      stretch += item.stretch;
      shrink += item.shrink;
    }
    i++;
  }
  return breaks;
}

function ratioOf(t: { width: number; stretch: number; shrink: number }, available: number): number {
  const slack = available - t.width;
  if (slack > 0) return t.stretch > 0 ? slack / t.stretch : 0;
  if (slack < 0) return t.shrink > 0 ? slack / t.shrink : -Infinity;
  return 0;
}

/** After a break, glue and non-forced penalties at the start of the next line are discarded. */
function skipDiscardable(items: readonly Item[], from: number): number {
  let i = from;
  while (i < items.length && items[i]!.type !== 'box') {
    const item = items[i]!;
    if (item.type === 'penalty' && item.penalty <= -INFINITE_PENALTY) break;
    i++;
  }
  return i;
}
