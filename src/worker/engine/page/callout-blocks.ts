/**
 * Blocks other than text set inside a callout box (document-format §8.1 "a container … of
 * blocks", configuration.md §13.4), at the box's inner measure, as rows of paginate.ts
 * `calloutParts`:
 *
 * - a code listing (§5.7, §13.3; page/code-block.ts): its own box, title, gutter and tints inside
 *   the callout's, at the callout's inner measure. Our reading of the space around it: a box line
 *   above and one below, as for an inline resource in a box (§12.3 `layout.inlineResourceGap` /
 *   `inlineResourceGapInBoxes`) — the listing's own `marginTop` / `marginBottom` are grid margins of
 *   running text, and the inside of a box is off the grid. A box cut that falls inside it splits it
 *   by the listing's own rules, each part its own box (page/callout-split.ts listingPiece).
 * - a heading (§5; configuration.md §8.1–§8.2 — the spec says nothing of headings in boxes): set at
 *   the inner measure in its level's type, its heading style's over it (face, size, leading,
 *   indents, `textAlign`, uppercase, letter spacing, jidori), as a heading in a `:::columns` group
 *   is (page/columns-group-heading.ts), its lines at its own leading and drawn with the heading's
 *   role (numbered and listed as anywhere). Our reading of its margins: its level's margins above
 *   and below, each rounded to whole box lines (the box's leading), the space above dropped at a
 *   box segment's top as any row's. `lineSpan` (行取り, §8.2): the heading centred in a band of that
 *   many whole box lines (more when its lines need them) instead of its margins, the band part of
 *   its rows (kept at a segment's top, as running text keeps it at a column's). Keep with next
 *   (§8.1 `keepWithNext`): a box cut never leaves a heading at a segment's foot (`keptWithNext`).
 *   Not applied in a box (our reading: a box is one segment of running text, which a heading does
 *   not break, span or redesign): its break before, `span` and an advanced design (drawn in its
 *   level's type, its `lineSpan` kept); a hidden heading sets no row. Its drop cap (its level's or
 *   style's, §8.2, §13.6) opens the paragraph right after it, plain (at the box's leading and inner
 *   measure) or styled (as a style's own, which wins), kept with the lines beside it by a box cut.
 * - a `:::verse` poem (§9.1; page/verse.ts): set at the inner measure as a `:::columns` group sets
 *   it (page/columns-group-verse.ts: stepped and indented lines, turnovers, `align`, bayts), in
 *   the box's own text type, one box line per set line; a blank box line above and below it and
 *   the stanza space in whole box lines. A verse line with its turnovers (a stanza of at most
 *   `keepStanzas` lines, a poem of at most three bayts) is one unit a box cut never parts (its
 *   rows' `keepTo`, as a wrapped resource's band: page/callout-wrap.ts cutAboveWrap); our reading:
 *   the box's rule for the blocks it holds (`layout.boxChildSplitMinLines` lines on each side of a
 *   cut inside one) applies to a poem as to a paragraph.
 * - `:::space{lines}` (§7.4 "inside callouts: measured in the box's lines; dropped before a box's
 *   first block except right under the box title or when it is the box's only content … always
 *   dropped at continuation tops"): `lines` box lines (fractions kept: the box is off the grid),
 *   as the space above the next row — so a box cut drops it at a segment's top — additive (not
 *   collapsed into the gap under a resource); as the box's first row it is dropped, or, when the
 *   box holds nothing else, a row of that height (a worksheet's answer box). The other directives
 *   do nothing inside a box (the parser marks them `ignored`, document-format §6) and set no row.
 *   (Thematic breaks are not part of the format, §5.8.)
 * - a nested `:::callout` (§8.1 "a callout in a callout is an own-styled box at the parent's inner
 *   width; its span/placement ignored"): set by the same code at the inner measure as one row of
 *   the outer box's, which a box cut falling in it splits by the box rules, each part a segment of
 *   it (page/callout-split.ts nestedPiece), its style's `marginTop` and `marginBottom` above and
 *   below it. The notes its lines cite are the outer box's (document-format §14.1: at the foot of
 *   the column where the text after the box continues); a box holding one that cites does not
 *   float (`nestedBoxesCite`, as a box whose own lines cite).
 * - a `:::paper` run (§8.5 "ignored in callouts"): its fences set no row, its blocks are the box's.
 * - a `:::paragraphs{style align indent endIndent}` container (§8.2, configuration.md §13.1): its
 *   paragraphs set in that paragraph style at the box's inner measure — the style's type, leading
 *   (off the box's: the box is off the grid), indents, first-line and hanging indents, alignment,
 *   capitals, tab stops, `spaceBetween` between its paragraphs — as in running text; its lists,
 *   quotations and headings keep the box's. The style's drop cap (§6.7, §13.1; page/drop-cap.ts)
 *   opens its first paragraph (each with `each`) as in running text, at the style's measure in the
 *   box and its leading, the initial drawn with the paragraph's first row; a box cut never parts it
 *   from the lines beside it (their rows' `keepTo`). Our reading of its margins: under the default
 *   `bodyText.paragraphContainerSpacing: 'collapse'`, `marginTop` and `marginBottom` collapse with
 *   the space owed above and below (the larger wins); under `'add'` each is given in whole box
 *   lines (rounded to the box's leading, as a heading's margins in a box) on top of that space, as
 *   running text adds them; either way dropped at a box segment's top as any row's space. Not in a
 *   box: text beside a wrapped resource (a styled paragraph goes below it).
 * - a `:::part` (§13.5): our reading — a part's divider page cannot live inside a box, so the part
 *   is ignored there as `:::paper` is: its fences set no row, its blocks are the box's, and the
 *   book's structure does not count it (no contents row, part values, palette or section change:
 *   structural-blocks.ts leaves it out).
 * - a raw-body block (`:::references`, §15; comic `:::page` / `:::strip`, §19): no row — nothing
 *   lays these out in running text either (references print nothing; paginate.ts).
 *
 * Lengths in pt.
 */
import type { Block, ContainerName, DirectiveBlock, HeadingBlock, Inline, ParagraphBlock, VerseBlock } from '../parse/model';
import type { SetLine } from '../paragraph';
import type { LayoutSettings, ParagraphStyleSettings, TextStyle } from '../settings';
import type { GroupDrawHost } from './columns-group-blocks';
import { verseRows, type GroupVerseHost } from './columns-group-verse';
import { initialPlacements, type InitialPlan } from './drop-cap';
import { headingAlignShift, headingHidden, headingIndents, headingJidori, headingLineSpan, headingSpacing, headingTextStyle, headingTracking, headingUppercase, spreadLine, trackedLines, upperInlines } from './heading-look';
import { alignShift } from './paragraph-styles';

/** Where a block drawn whole in a box puts its text and items (as a `:::columns` row's: glyph runs of its block, generated marks, other items). */
export type BoxDrawHost = GroupDrawHost;

type SetText = (request: { base: number; inlines: readonly Inline[]; style: TextStyle; measure: number; indent: number; justify: boolean; hang?: number }) => SetLine[];

/** Containers whose fences a box sets no row for (`:::columns` has rows of its own): what it holds is set in it. */
export function boxSetsContainer(name: ContainerName): boolean {
  return name === 'callout' || name === 'paper' || name === 'paragraphs' || name === 'part';
}

/**
 * A paragraph of a `:::paragraphs` container in a box at its inner measure `width`, in the
 * container's style `ps`: its lines with x from the inner start edge (the style's indent and its
 * alignment's shift). `flush`: no first-line indent (a paragraph going on after a display, or under
 * a heading with `bodyText.indentAfterHeading` false). `tabbed`: the lines of a paragraph holding
 * tabs composed at the style's stops, else null. `initialOf`: the style's drop cap for this
 * paragraph (paginate.ts `initialOf`, page/drop-cap.ts) planned for its text at a measure, when it
 * takes one; tabbed text takes none, as in running text.
 */
export function boxStyledParagraph(block: ParagraphBlock, ps: ParagraphStyleSettings, width: number, flush: boolean, setText: SetText, tabbed: (inlines: readonly Inline[], style: TextStyle, measure: number, indent: number) => SetLine[] | null, initialOf?: BoxInitialOf): BoxStyledParagraph {
  // textTransform 'uppercase' (§13.1): capitals of the same length, so source offsets still map.
  const inlines = ps.uppercase ? upperInlines(block.inlines) : block.inlines;
  const measure = Math.max(1, width - ps.indent - ps.endIndent);
  const indent = flush || block.continuesParagraph === true ? 0 : ps.firstLineIndent;
  const hang = Math.max(0, ps.hangingIndent ?? 0);
  const tabs = tabbed(inlines, ps.style, measure, indent);
  const initial = tabs ? undefined : initialOf?.(inlines, measure);
  const lines = tabs ?? initial?.set(measure) ?? setText({ base: block.range.from, inlines, style: ps.style, measure, indent, justify: ps.align === 'justify', ...(hang > 0 ? { hang } : {}) });
  // (Lines beside the initial are aligned in what its room leaves, as in running text.)
  const set = lines.map((line) => ({ line, x: ps.indent + alignShift(ps.align, measure - (initial?.beside.has(line) ? initial.plan.room : 0), line.width) }));
  if (!initial) return { lines: set };
  return { lines: set, initial: boxInitial(initial.plan, ps.indent, measure, ps.lineHeight, initial.rtl) };
}

/** An initial's pieces in a box: x from the inner start edge in a measure from `left`, `width` pt wide, and `dy` under the first line's baseline at `leading` pt a line (mirrored in right-to-left text). */
export function boxInitial(plan: InitialPlan, left: number, width: number, leading: number, rtl: boolean): NonNullable<BoxStyledParagraph['initial']> {
  const pieces = initialPlacements(plan, left, width, 0, leading, rtl).map((p) => ({ line: p.line, x: p.x, dy: p.baseline }));
  return { pieces, lines: plan.lines };
}

/** A drop cap planned for a styled paragraph's text (`inlines`, capitals applied) at a `measure` in pt, as paginate.ts `initialOf` plans it; undefined when it opens with no letter to raise. */
export type BoxInitialOf = (inlines: readonly Inline[], measure: number) => { plan: InitialPlan; set: (measure: number) => SetLine[]; beside: WeakSet<SetLine>; rtl: boolean } | undefined;

/** A styled paragraph's lines in a box, and its initial: pieces drawn `dy` pt under the first line's baseline, beside its first `lines` lines (kept together by a box cut). */
export interface BoxStyledParagraph {
  lines: { line: SetLine; x: number }[];
  initial?: { pieces: { line: SetLine; x: number; dy: number }[]; lines: number };
}

/** A length `pt` in whole box lines of `lead` pt (at least none): a box's rows keep its own leading. */
export function inBoxLines(pt: number, lead: number): number {
  return Math.max(0, Math.round(pt / lead)) * lead;
}

/**
 * A heading set for a box: its lines (x from the inner start edge), their leading and baseline in
 * it, the space above and below, and (`lineSpan`) the half of its band's blank above its first line
 * and below its last, inside its rows, pt.
 */
export interface BoxHeading {
  lines: { line: SetLine; x: number }[];
  lineHeight: number;
  baseline: number;
  above: number;
  below: number;
  bandPad: number;
}

/**
 * The heading at the box's inner measure `width` (`inlines`: with its printed number), its margins
 * in whole box lines of `lead`; null for a hidden heading (no row). `baseline`: a line's baseline
 * under its top at a leading in a style.
 */
export function boxHeading(block: HeadingBlock, inlines: readonly Inline[], width: number, lead: number, settings: LayoutSettings, setText: SetText, baseline: (lineHeight: number, style: TextStyle) => number): BoxHeading | null {
  if (headingHidden(block, settings)) return null;
  const style = headingTextStyle(block, settings);
  const text = headingUppercase(block, settings) ? upperInlines(inlines) : inlines;
  const indents = headingIndents(block, settings);
  const measure = Math.max(1, width - indents.indent);
  const setAt = (m: number): SetLine[] => setText({ base: block.range.from, inlines: text, style, measure: m, indent: indents.firstLine, justify: settings.headings.align === 'justify' });
  const tracking = headingTracking(block, settings, style.size);
  let lines = tracking !== 0 ? trackedLines(setAt, measure, tracking) : setAt(measure);
  const jidori = headingJidori(block, settings);
  if (jidori !== undefined && lines.length === 1) lines = [spreadLine(lines[0]!, Math.min(jidori * style.size, measure - indents.firstLine))];
  const spacing = headingSpacing(block, settings, style.size);
  // lineSpan (行取り): a band of whole box lines, at least as many as its lines take, the heading centred in it.
  const span = headingLineSpan(block, settings);
  const height = lines.length * spacing.lineHeight;
  const bandPad = span === undefined ? 0 : (Math.max(span, Math.ceil(height / lead - 1e-9)) * lead - height) / 2;
  return {
    lines: lines.map((line) => ({ line, x: indents.indent + headingAlignShift(settings, measure, line.width) })),
    lineHeight: spacing.lineHeight,
    baseline: baseline(spacing.lineHeight, style),
    above: span === undefined ? inBoxLines(spacing.marginTop, lead) : 0,
    below: span === undefined ? inBoxLines(spacing.marginBottom, lead) : 0,
    bandPad,
  };
}

/**
 * The rows of one box segment after a cut (`take` rows from `index` on), moved up so no heading
 * row ends it (keep with next); 0 when the segment holds nothing but heading rows (the caller moves
 * the box on, or in a fresh column keeps the rows it took). A title row is the box's, not a heading's.
 */
export function keptWithNext(rows: readonly { block: { id: string }; role: string }[], index: number, take: number): number {
  // A `:::space` under the heading goes with it (§7.4: counted by keep-with-next).
  let end = take;
  while (end > 0 && rowKind(rows[index + end - 1]!) === 'directive') end--;
  if (end === 0 || rowKind(rows[index + end - 1]!) !== 'heading') return take;
  while (end > 0 && (rowKind(rows[index + end - 1]!) === 'heading' || rowKind(rows[index + end - 1]!) === 'directive')) end--;
  return end;
}

/** A heading's row or a space's row (their block's kind), else null (text, a title row, a block drawn whole). */
function rowKind(row: { block: { id: string }; role: string }): 'heading' | 'directive' | null {
  if (row.role !== 'heading' || !('kind' in row.block)) return null;
  return row.block.kind === 'heading' || row.block.kind === 'directive' ? row.block.kind : null;
}

/** A poem's line in a box: where it stands (x from the inner start edge), the space above it, and the index of its unit's last line. */
export interface BoxVerseLine {
  line: SetLine;
  x: number;
  before: number;
  unitLast: number;
}

/**
 * The poem at the box's inner measure `width` in the box's text `style`, on the box's leading
 * (`host.pitch`): its lines, and the space owed under it (pt).
 */
export function boxVerse(block: VerseBlock, width: number, settings: LayoutSettings, style: TextStyle, host: GroupVerseHost): { lines: BoxVerseLine[]; below: number } {
  // The poem in the box's own text (calloutStyles[].body), else the body's.
  const inBox: LayoutSettings = style === settings.body.style ? settings : { ...settings, body: { ...settings.body, style } };
  const lines: BoxVerseLine[] = [];
  const units: object[] = [];
  let blanks = 0;
  for (const row of verseRows(block, 0, width, inBox, host)) {
    if (row.blank) {
      blanks++;
      continue;
    }
    lines.push({ line: row.line, x: row.x, before: blanks * host.pitch, unitLast: lines.length });
    units.push(row.whole ?? {});
    blanks = 0;
  }
  // Each line's unit ends at the last line holding the same unit.
  for (let k = lines.length - 1; k >= 0; k--) if (k + 1 < lines.length && units[k + 1] === units[k]) lines[k]!.unitLast = lines[k + 1]!.unitLast;
  return { lines, below: blanks * host.pitch };
}

/**
 * A `:::space` in a box with leading `lead`: the height of its row and the space above it, pt;
 * null when it is dropped (`first`: no row above it in the box, `only`: the box holds nothing else).
 */
export function boxSpace(block: DirectiveBlock, lead: number, first: boolean, only: boolean): { height: number; before: number } | null {
  // §7.4: `lines` > 0 and ≤ 20, else 1 (the parser reports an invalid size).
  const n = Number(block.attrs['lines'] ?? 1);
  const space = (Number.isFinite(n) && n > 0 && n <= 20 ? n : 1) * lead;
  if (!first) return { height: 0, before: space };
  return only ? { height: space, before: 0 } : null;
}

/** The box holds directives only (spaces, and those a box ignores). */
export function onlyDirectives(inner: readonly Block[]): boolean {
  return inner.every((b) => b.kind === 'directive');
}

/**
 * Whether a nested callout box among a box's blocks cites a footnote (`refs`: the chapter's footnote
 * references by block): its lines' notes are the outer box's, so such a box does not float.
 */
export function nestedBoxesCite(inner: readonly Block[], refs: readonly { blockId: string }[]): boolean {
  const citing = new Set(refs.map((r) => r.blockId));
  let depth = 0;
  for (const block of inner) {
    if (block.kind === 'containerStart' && block.name === 'callout') depth++;
    else if (block.kind === 'containerEnd' && block.name === 'callout') depth--;
    else if (depth > 0 && citing.has(block.id)) return true;
  }
  return false;
}
