/**
 * Sets the back-of-book index's rows (document-format §16, configuration.md §11.6) into the flow:
 * ordinary flowing lines in the index's own type and leading, off the baseline grid (§2.2 "Box
 * interiors, footnotes and the index are deliberately off the grid"), so a two-column heading style
 * makes a two-column index. Each entry is one paragraph set ragged: indented `indent` per sub-level
 * from the column's start edge, its turnover lines `turnoverIndent` further in (hanging indent),
 * its locators in the entry's text (main ones bold, see labels italic: the paragraph engine's
 * `strong` and `emphasis` marks). A group head (a letter) stands `groups.marginTop` below the entry
 * before it and is kept with the first line of its first entry; `entrySpacing` separates main
 * entries (our reading: not a sub-entry from its parent, which would tear the entry apart).
 * The paginator (page/paginate.ts) gives the column, the cursor and the drawing (`IndexPlacer`).
 *
 * Locators are links to their pages in the PDF: each locator's text is set with offsets that name
 * it (−2, −3, … — generated text, below the −1 of the rest), and the set lines' runs are cut where a
 * locator begins and ends (`locatorRuns`), their offsets back to −1; the placer marks the glyph run
 * of each locator with its page (`GlyphRunItem.linkPage`, `linkLocatorRuns`).
 */
import { Op, type DisplayItem } from '../../protocol/displaylist';
import type { FontRegistry } from '../fonts/registry';
import type { Inline, Mark } from '../parse/model';
import type { LineRun, SetLine } from '../paragraph';
import { runOffsets } from '../paragraph/lines';
import type { LayoutSettings, TextStyle } from '../settings';
import { defaultIndexLook, type IndexLook } from '../settings-index';
import { baselineInLineBox } from './geometry';
import type { IndexRow, IndexSegment } from './index-entries';
import type { SetText } from './paginate';

/** What the paginator lends the index: the current column, its room, and a line drawn at the cursor. */
export interface IndexPlacer {
  /** Width of the current column, pt. */
  width(): number;
  /** Room left in the current column below the cursor, pt. */
  room(): number;
  /** Nothing placed in the current column yet. */
  columnEmpty(): boolean;
  nextColumn(): void;
  /** Vertical space before what follows, pt (dropped at a column's top). */
  space(pt: number): void;
  /**
   * Draws `line` at `x` pt from the column's start edge, its baseline `baseline` pt below the cursor, and moves the cursor down `lead` pt.
   * `links`: for each of the line's runs, the book page index it leads to (a locator), else undefined; absent = none.
   */
  line(line: SetLine, x: number, lead: number, baseline: number, links?: readonly (number | undefined)[]): void;
  /** Right-to-left text: entries indent from the right edge. */
  rtl: boolean;
}

/** The index's look in force: the configuration's, else the §11.6 defaults at the body. */
export function indexLookOf(settings: LayoutSettings): IndexLook {
  return settings.index ?? defaultIndexLook(settings.body.style, settings.body.lineHeight, settings.locale ?? settings.language);
}

const GENERATED = { from: -1e9, to: -1e9, line: 0, column: 0 };

/** Offset of the text of a row's first locator; the next ones count down from it (generated text: negative, as −1 is). */
const FIRST_LOCATOR_OFFSET = -2;

/**
 * A segment as a text inline of generated text (no source offsets: −1, like the contents' rows);
 * locator number `locator` (0-based in its row) at offset FIRST_LOCATOR_OFFSET − locator.
 */
function segmentInline(segment: IndexSegment, locator = -1): Inline {
  const marks: Mark[] = segment.bold ? ['strong'] : segment.italic ? ['emphasis'] : [];
  const offset = locator >= 0 ? FIRST_LOCATOR_OFFSET - locator : -1;
  return { kind: 'text', text: segment.text, marks, range: GENERATED, offsets: Array.from({ length: segment.text.length }, () => offset) };
}

/** The row's segments as inlines, each locator marked by its offsets (see `segmentInline`), and each locator's page. */
function rowInlines(segments: readonly IndexSegment[]): { inlines: Inline[]; pages: number[] } {
  const pages: number[] = [];
  const inlines = segments.map((segment) => {
    if (segment.page === undefined) return segmentInline(segment);
    pages.push(segment.page);
    return segmentInline(segment, pages.length - 1);
  });
  return { inlines, pages };
}

/** Run `run`'s text units [a, b) as a run of their own (their glyphs: those whose cluster starts there), offsets −1. */
function runPart(run: LineRun, a: number, b: number): LineRun {
  const part: LineRun = { fontId: run.fontId, sizeIndex: run.sizeIndex, colour: run.colour, glyphs: [], xs: [], text: run.text.slice(a, b), clusters: [], offsets: Array.from({ length: b - a }, () => -1) };
  const dys: number[] = [];
  run.clusters.forEach((cluster, g) => {
    if (cluster < a || cluster >= b) return;
    part.glyphs.push(run.glyphs[g]!);
    part.xs.push(run.xs[g]!);
    part.clusters.push(cluster - a);
    dys.push(run.dys?.[g] ?? 0);
  });
  if (run.dys) part.dys = dys;
  if (run.rtl) part.rtl = true;
  if (run.overline) part.overline = true;
  return part;
}

/**
 * A set line of a row with its runs cut where a locator's text begins and ends, every offset back
 * to −1, and for each run the page it leads to (its locator's), else undefined. A line without
 * locators is returned as it is.
 */
export function locatorRuns(line: SetLine, pages: readonly number[]): { line: SetLine; links: (number | undefined)[] } {
  const runs: LineRun[] = [];
  const links: (number | undefined)[] = [];
  let cut = false;
  for (const run of line.runs) {
    const offsets = runOffsets(run);
    const locatorAt = (u: number): number => (offsets[u]! <= FIRST_LOCATOR_OFFSET ? FIRST_LOCATOR_OFFSET - offsets[u]! : -1);
    if (!offsets.some((o) => o <= FIRST_LOCATOR_OFFSET)) {
      runs.push(run);
      links.push(undefined);
      continue;
    }
    cut = true;
    for (let a = 0; a < run.text.length; ) {
      const locator = locatorAt(a);
      let b = a + 1;
      while (b < run.text.length && locatorAt(b) === locator) b++;
      runs.push(runPart(run, a, b));
      links.push(locator >= 0 ? pages[locator] : undefined);
      a = b;
    }
  }
  return cut ? { line: { ...line, runs }, links } : { line, links };
}

/**
 * Gives the glyph runs a placed index line drew from `first` on (one per run with text, in the
 * line's run order: an index line has no other glyph runs) the page their run leads to
 * (`GlyphRunItem.linkPage`): copies, as drawn items may be shared with an earlier layout.
 */
export function linkLocatorRuns(items: DisplayItem[], first: number, links: readonly (number | undefined)[]): void {
  let run = 0;
  for (let i = first; i < items.length; i++) {
    const item = items[i]!;
    if (item.op !== Op.GlyphRun || item.line === undefined) continue;
    const page = links[run++];
    if (page !== undefined) items[i] = { ...item, linkPage: page };
  }
}

/** Places `rows` from the cursor on (see the head comment). */
export function placeIndex(rows: readonly IndexRow[], settings: LayoutSettings, setText: SetText, fonts: FontRegistry, placer: IndexPlacer): void {
  const look = indexLookOf(settings);
  const lead = look.lineHeight;
  const baseline = baselineOf(lead, look.style, fonts);
  // A group head's line box: the entries' leading, grown in proportion when its type is larger.
  const groupLead = Math.max(lead, (lead * look.group.style.size) / look.style.size);
  const groupBaseline = baselineOf(groupLead, look.group.style, fonts);
  const setRow = (row: IndexRow, width: number): { lines: SetLine[]; indent: number; pages: number[] } => {
    if (row.kind === 'group') {
      return { lines: setText({ base: -1e9, inlines: [segmentInline({ text: row.label })], style: look.group.style, measure: Math.max(1, width), indent: 0, justify: false }), indent: 0, pages: [] };
    }
    const indent = row.level * look.indent;
    const measure = Math.max(1, width - indent);
    const hang = Math.min(look.turnoverIndent, Math.max(0, measure - 1));
    const { inlines, pages } = rowInlines(row.segments);
    const lines = setText({ base: -1e9, inlines, style: look.style, measure, indent: 0, justify: false, ...(hang > 0 ? { hang } : {}) });
    return { lines, indent, pages };
  };
  let previous: IndexRow | undefined;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const isGroup = row.kind === 'group';
    // Space above: a group's margin, or the entry spacing before a main entry (none at the index's start or under a head).
    if (previous !== undefined) {
      if (isGroup) placer.space(look.group.marginTop);
      else if (row.level === 0 && previous.kind !== 'group' && look.entrySpacing > 0) placer.space(look.entrySpacing);
    }
    let { lines, indent, pages } = setRow(row, placer.width());
    const rowLead = isGroup ? groupLead : lead;
    // A head keeps with its first entry's first line (§16 "kept with first entry").
    const need = isGroup && rows[r + 1] ? rowLead + lead : rowLead;
    if (need > placer.room() + 1e-6 && !placer.columnEmpty()) {
      const width = placer.width();
      placer.nextColumn();
      if (Math.abs(placer.width() - width) > 1e-6) ({ lines, indent, pages } = setRow(row, placer.width()));
    }
    lines.forEach((line, i) => {
      if (i > 0 && rowLead > placer.room() + 1e-6 && !placer.columnEmpty()) placer.nextColumn();
      // Right to left: the measure's right edge `indent` in from the column's right edge.
      // Locators lead to their pages (a PDF link): their runs cut out and marked.
      const linked = pages.length > 0 ? locatorRuns(line, pages) : null;
      const x = placer.rtl ? 0 : indent;
      const lineBaseline = isGroup ? groupBaseline : baseline;
      if (linked) placer.line(linked.line, x, rowLead, lineBaseline, linked.links);
      else placer.line(line, x, rowLead, lineBaseline);
    });
    previous = row;
  }
}

function baselineOf(lineHeight: number, style: TextStyle, fonts: FontRegistry): number {
  const face = fonts.match(style.family, style.weight, style.italic ? 'italic' : 'normal');
  return baselineInLineBox(lineHeight, style.size, face.ascender / face.upem, face.descender / face.upem);
}
