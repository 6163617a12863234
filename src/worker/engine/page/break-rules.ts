/**
 * Column-break and grid rules of running text beyond the widow/orphan minimums (configuration.md §6.4,
 * the spec's naming: an orphan is the short tail carried to the head of the next column, a widow
 * the short start left at the foot of this one). Read by engine/settings-breaks.ts, applied by
 * page/paginate.ts.
 */
import type { Inline } from '../parse/model';
import type { LayoutSettings } from '../settings';

/** `bodyText.*` break rules as the engine applies them; absent in the settings = the spec's defaults. */
export interface BreakRules {
  /** `keepColonWithList`: a paragraph ending in a colon does not end a column above the list it introduces. */
  keepColonWithList: boolean;
  /** `colonListRoom`: room kept under the colon line — the list's first item as far as it may stand alone at a column foot (`item`), or one line of it (`line`). */
  colonListRoom: 'item' | 'line';
  /** `orphanPenalty` / `widowPenalty`: cost of a split that breaks the orphan / widow minimum, 0–10000 (0: the rule is off; 10000: never). */
  orphanPenalty: number;
  widowPenalty: number;
  /** `avoidOrphansInLists` / `avoidWidowsInLists`: the two rules hold for list items too. */
  orphansInLists: boolean;
  widowsInLists: boolean;
  /** `slackWeight`: cost of each squared grid line a split leaves empty at the column foot. */
  slackWeight: number;
  /** `headings.levels[level=N].snapToGrid` (following `headings.snapToGrid`), levels 1–6: the text after the heading goes back to the grid. */
  headingSnap: readonly boolean[];
  /** `unorderedLists` / `orderedLists.snapTopToGrid`: a list's top on the grid (else at its natural place). */
  unorderedTopSnap: boolean;
  orderedTopSnap: boolean;
  /** `bodyText.paragraphContainerSpacing`: the bottom margin of a `:::paragraphs` container and the next block's top space collapse to the larger (`collapse`) or both are given (`add`, before rules 8). */
  paragraphContainerSpacing: 'collapse' | 'add';
  /** `headings.keepWithNextSplit`: a heading with its keep room still goes on when the paragraph under it would go on whole (`rules`), or stays (`fill`, before rules 8). */
  keepWithNextSplit: 'rules' | 'fill';
  /** `layout.inlineResourceGap`: an inline (`here`) resource in running text has one grid line of float gap above and below (`around`), or above only (`above`, before rules 1.5). */
  inlineResourceGap: 'around' | 'above';
  /** `layout.inlineResourceGapInBoxes`: inside a callout box the same gap (one box line) is given below the resource too (false: above only, before rules 1.6). */
  inlineResourceGapInBoxes: boolean;
  /** `layout.boxChildSplitMinLines` (≥ 1): lines of a paragraph or list item kept on each side of a cut inside a split box. */
  boxChildSplitMinLines: number;
  /** `bodyText.hyphenateAcrossColumns`: a column or page may end in a hyphenated line (false: such a split costs `COLUMN_END_HYPHEN`). */
  hyphenateAcrossColumns: boolean;
}

export const DEFAULT_BREAK_RULES: BreakRules = { keepColonWithList: true, colonListRoom: 'item', orphanPenalty: 1000, widowPenalty: 1000, orphansInLists: true, widowsInLists: true, slackWeight: 10,
  headingSnap: [true, true, true, true, true, true], unorderedTopSnap: false, orderedTopSnap: false, paragraphContainerSpacing: 'collapse', keepWithNextSplit: 'rules',
  inlineResourceGap: 'around', inlineResourceGapInBoxes: true, boxChildSplitMinLines: 2, hyphenateAcrossColumns: true };

/** A penalty at or over this never lets the rule break (TeX's "infinite" penalty). */
const NEVER = 10000;

/**
 * The cost of a column or page ending in a hyphenated line when `hyphenateAcrossColumns` is false
 * (configuration.md §6.4 internal constants, "column-end hyphen badness"; TeX's \brokenpenalty),
 * on the same scale as the widow and orphan penalties.
 */
export const COLUMN_END_HYPHEN = 1000;

/**
 * How a block splits at a column foot: at least `footMin` lines left at the foot (the spec's
 * widow rule) and `headMin` carried to the next column (its orphan rule), each broken only at
 * its penalty; 1 = the rule is off (`avoidWidows`/`avoidOrphans` false, a penalty of 0, or a list
 * item with `avoidWidowsInLists`/`avoidOrphansInLists` false).
 */
export interface SplitRule {
  footMin: number;
  headMin: number;
  footPenalty: number;
  headPenalty: number;
  slackWeight: number;
  /** Added when the lines left in this column end with a hyphen (0 or absent: `hyphenateAcrossColumns` on). */
  hyphenPenalty?: number;
}

/** The split rule of running text (`inList`: a list item's). */
export function splitRule(settings: LayoutSettings, inList: boolean): SplitRule {
  const rules = settings.breaks ?? DEFAULT_BREAK_RULES;
  const footOn = rules.widowPenalty > 0 && (!inList || rules.widowsInLists);
  const headOn = rules.orphanPenalty > 0 && (!inList || rules.orphansInLists);
  return {
    footMin: footOn ? Math.max(1, settings.body.widowMinLines) : 1,
    headMin: headOn ? Math.max(1, settings.body.orphanMinLines) : 1,
    footPenalty: rules.widowPenalty,
    headPenalty: rules.orphanPenalty,
    slackWeight: Math.max(0, rules.slackWeight),
    hyphenPenalty: rules.hyphenateAcrossColumns ? 0 : COLUMN_END_HYPHEN,
  };
}

/**
 * Lines of a block to set in this column when `fit` of its `remaining` lines fit here (fit <
 * remaining): the count of least cost, where leaving k fitting lines unused costs slackWeight × k²
 * and a split under the foot or head minimum costs its penalty (never at 10000 or more). Ties go
 * to more lines here. 0 = the block goes on whole. With the spec's defaults (1000, 10) the
 * minimums hold unless keeping them would leave ten lines or more of the column empty.
 * `hyphenated(t)`: whether the t-th line (1-based) ends with a hyphen; a split after such a line
 * costs the rule's `hyphenPenalty` (the column would end in a broken word).
 */
export function linesToTake(fit: number, remaining: number, rule: SplitRule, hyphenated?: (t: number) => boolean): number {
  let best = 0;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let t = fit; t >= 0; t--) {
    let cost = rule.slackWeight * (fit - t) * (fit - t);
    if (t > 0 && t < rule.footMin) {
      if (rule.footPenalty >= NEVER) continue;
      cost += rule.footPenalty;
    }
    if (t > 0 && remaining - t < rule.headMin) {
      if (rule.headPenalty >= NEVER) continue;
      cost += rule.headPenalty;
    }
    if (t > 0 && rule.hyphenPenalty && hyphenated?.(t)) cost += rule.hyphenPenalty;
    if (cost < bestCost) {
      best = t;
      bestCost = cost;
    }
  }
  return best;
}

/** Colons a lead-in may end with: ASCII, fullwidth (CJK) and the small form. */
const COLONS = new Set([':', '\uff1a', '\ufe55']);

/**
 * Whether a paragraph's text ends in a colon (trailing spaces, note marks and invisible
 * anchors or index marks after it do not count): "as follows:[^1]" introduces what comes next.
 */
export function endsWithColon(inlines: readonly Inline[]): boolean {
  const last = lastVisibleChar(inlines);
  return typeof last === 'string' && COLONS.has(last);
}

/** The last printed character of the inlines, undefined if it is not text (a formula, a picture…) or there is none. */
function lastVisibleChar(inlines: readonly Inline[]): string | undefined | null {
  for (let i = inlines.length - 1; i >= 0; i--) {
    const inline = inlines[i]!;
    switch (inline.kind) {
      case 'text': {
        const text = inline.text.trimEnd();
        if (text.length > 0) return text[text.length - 1];
        continue;
      }
      case 'footnoteRef':
      case 'hardBreak':
        continue;
      case 'anchor':
      case 'indexMark':
      case 'link': {
        const children = 'children' in inline ? inline.children : undefined;
        if (!children || children.length === 0) continue;
        const inner = lastVisibleChar(children);
        if (inner === null) continue; // only invisible things inside
        return inner;
      }
      default: {
        // Emphasis and other wrappers hold their text as children.
        const children = (inline as { children?: readonly Inline[] }).children;
        if (children) {
          const inner = lastVisibleChar(children);
          if (inner === null) continue;
          return inner;
        }
        return undefined;
      }
    }
  }
  return null;
}

/**
 * How many lines of a list item of `lines` lines must stand under a colon line for the list to
 * start in the same column (`colonListRoom: 'item'`): the whole item when its split rules leave
 * no split (fewer than `footMin` + `headMin` lines), else the `footMin` lines a split keeps at the
 * column foot. `line`: one.
 */
export function colonListLines(room: BreakRules['colonListRoom'], lines: number, footMin: number, headMin: number): number {
  const n = Math.max(1, lines);
  if (room === 'line') return 1;
  return n < footMin + headMin ? n : Math.max(1, footMin);
}

/**
 * Where a split callout box is cut (document-format §8.1, `layout.boxChildSplitMinLines`): rows
 * `from`…`from + take − 1` fit this segment; `childOf(k)` names the paragraph or list item row k is
 * a line of (null for titles, displays, groups, resources). A cut inside one keeps at least
 * `footMin` of its lines before it and `headMin` after it (`headMin` defaults to `footMin`): it
 * moves up so `headMin` go on, else before the block. Returns the rows to take (≤ `take`); 0 when
 * the block opens the segment and cannot be cut there (the caller moves the box on, or keeps
 * `take` in a fresh column). Rows before `from` are in earlier segments.
 */
export function boxCut(childOf: (row: number) => object | null, rows: number, from: number, take: number, footMin: number, headMin = footMin): number {
  const cut = from + take;
  if (take === 0 || cut >= rows || (footMin <= 1 && headMin <= 1)) return take;
  const child = childOf(cut);
  if (child === null || childOf(cut - 1) !== child) return take;
  let start = cut - 1;
  while (start > from && childOf(start - 1) === child) start--;
  let end = cut + 1;
  while (end < rows && childOf(end) === child) end++;
  if (cut - start >= footMin && end - cut >= headMin) return take;
  // Too few lines go on: cut higher, if as many stay here.
  if (end - cut < headMin && end - headMin - start >= footMin) return end - headMin - from;
  // Else the whole block goes on (a block that began in an earlier segment cannot: keep the cut).
  if (start === from && from > 0 && childOf(from - 1) === child) return take;
  return start - from;
}
