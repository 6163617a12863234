/**
 * Column-break and grid rules of running text (configuration.md §6.4, §8.1, §9) read for page/break-rules.ts, kept
 * apart from settings-from-config.ts.
 */
import { declareAppliedSettings } from '../config';
import { DEFAULT_BREAK_RULES, type BreakRules } from './page/break-rules';
import type { ConfigReaders } from './settings-structure';

declareAppliedSettings([
  // page/paginate.ts colonListKeep: the colon line kept with the list's first item (or line).
  'bodyText.keepColonWithList',
  'bodyText.colonListRoom',
  // page/break-rules.ts splitRule / linesToTake: the widow and orphan rules as costs, also in lists.
  'bodyText.orphanPenalty',
  'bodyText.widowPenalty',
  'bodyText.avoidOrphansInLists',
  'bodyText.avoidWidowsInLists',
  'bodyText.slackWeight',
  // page/paginate.ts gridPhase: text off the grid after a heading or list top that does not snap (§2.2).
  'headings.snapToGrid',
  'headings.levels[level=*].snapToGrid',
  'unorderedLists.snapTopToGrid',
  'orderedLists.snapTopToGrid',
  // page/paginate.ts collapseAbove: the space under a `:::paragraphs` container collapses with the next block's or adds to it.
  'bodyText.paragraphContainerSpacing',
  // page/paginate.ts strandedHeading: a heading at a column foot goes on with a paragraph that cannot split under it.
  'headings.keepWithNextSplit',
  // page/paginate.ts: the float gap under an inline resource in running text and in callout boxes (document-format §12.3).
  'layout.inlineResourceGap',
  'layout.inlineResourceGapInBoxes',
  // page/paginate.ts boxCut: a cut inside a split callout box keeps this many lines of the paragraph or list item on each side.
  'layout.boxChildSplitMinLines',
  // page/break-rules.ts linesToTake: a split after a hyphenated line costs COLUMN_END_HYPHEN when this is off.
  'bodyText.hyphenateAcrossColumns',
]);

/** `bodyText.keepColonWithList`, `colonListRoom`…, the headings' and lists' grid snaps, as the engine applies them. */
export function breakRules(r: ConfigReaders): BreakRules {
  const d = DEFAULT_BREAK_RULES;
  return {
    keepColonWithList: r.bool('bodyText.keepColonWithList', d.keepColonWithList),
    colonListRoom: r.str('bodyText.colonListRoom', d.colonListRoom) === 'line' ? 'line' : 'item',
    // Penalties on the spec's 0–10000 scale.
    orphanPenalty: Math.min(10000, Math.max(0, r.num('bodyText.orphanPenalty', d.orphanPenalty))),
    widowPenalty: Math.min(10000, Math.max(0, r.num('bodyText.widowPenalty', d.widowPenalty))),
    orphansInLists: r.bool('bodyText.avoidOrphansInLists', d.orphansInLists),
    widowsInLists: r.bool('bodyText.avoidWidowsInLists', d.widowsInLists),
    slackWeight: Math.max(0, r.num('bodyText.slackWeight', d.slackWeight)),
    // A level's snapToGrid follows the general one (§8.2, §18).
    headingSnap: [1, 2, 3, 4, 5, 6].map((level) => r.bool(`headings.levels[level=${level}].snapToGrid`, r.bool('headings.snapToGrid', true))),
    unorderedTopSnap: r.bool('unorderedLists.snapTopToGrid', d.unorderedTopSnap),
    orderedTopSnap: r.bool('orderedLists.snapTopToGrid', d.orderedTopSnap),
    paragraphContainerSpacing: r.str('bodyText.paragraphContainerSpacing', d.paragraphContainerSpacing) === 'add' ? 'add' : 'collapse',
    keepWithNextSplit: r.str('headings.keepWithNextSplit', d.keepWithNextSplit) === 'fill' ? 'fill' : 'rules',
    inlineResourceGap: r.str('layout.inlineResourceGap', d.inlineResourceGap) === 'above' ? 'above' : 'around',
    inlineResourceGapInBoxes: r.bool('layout.inlineResourceGapInBoxes', d.inlineResourceGapInBoxes),
    // A whole number of lines, at least one (configuration.md §4: int ≥ 1).
    boxChildSplitMinLines: Math.max(1, Math.floor(r.num('layout.boxChildSplitMinLines', d.boxChildSplitMinLines))),
    hyphenateAcrossColumns: r.bool('bodyText.hyphenateAcrossColumns', d.hyphenateAcrossColumns),
  };
}
