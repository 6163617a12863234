/**
 * A heading inside a `:::columns` group in running text (document-format §8.4: "headings keep
 * numbering/TOC"): set at the sub-column measure in its level's type (its heading style's over
 * it: face, size, leading, margins, indents, `textAlign`, uppercase, letter spacing, jidori), its
 * lines drawn with the heading's role so the contents, cross-references, running heads and the
 * PDF outline find it on its page as they find any heading (engine/index.ts reads the glyph runs).
 *
 * On the group's grid (our reading of "rows on the body grid" for a heading): a level whose leading
 * is at most the body pitch sets one line per grid row, baselines on the grid like body rows; a
 * taller leading takes ⌈lines × leading ÷ pitch⌉ whole rows (at least `lineSpan` rows, 行取り),
 * the lines centred in them at their own leading. The margins above and below become blank rows,
 * each rounded to whole grid lines (blank rows are dropped at a sub-column's head, as `:::space`).
 * The rows are kept whole and with the next block (`keepNext`, page/columns-group.ts keptCut):
 * a heading never ends a sub-column.
 *
 * Not applied inside a group (a group is a run inside one text column): the heading's page or
 * column break (`breakBefore`), `span: page`, an advanced design (drawn as plain text in its
 * level's type), `keepWithNextSpread`. A hidden heading sets no row (its page is where what
 * follows it begins, as elsewhere). Lengths in pt.
 */
import type { HeadingBlock, Inline } from '../parse/model';
import type { SetLine } from '../paragraph';
import type { LayoutSettings, TextStyle } from '../settings';
import {
  headingAlignShift,
  headingHidden,
  headingIndents,
  headingJidori,
  headingLineSpan,
  headingSpacing,
  headingTextStyle,
  headingTracking,
  headingUppercase,
  spreadLine,
  trackedLines,
  upperInlines,
} from './heading-look';
import type { GroupRow } from './columns-group';

/** What setting a heading needs from the page flow (paginate.ts). */
export interface GroupHeadingHost {
  /** The heading's inlines with its printed number (and `headings.inlineMarks` applied). */
  inlines(block: HeadingBlock): readonly Inline[];
  /** Baseline offset of a line `lineHeight` pt tall in `style` from its top, pt. */
  baseline(lineHeight: number, style: TextStyle): number;
  /** The body grid pitch and a body line's baseline offset in its row, pt. */
  pitch: number;
  bodyBaseline: number;
}

/** A row with nothing on it (a blank row of space, or a tall heading's extra row). */
export function emptyRow(): SetLine {
  return { runs: [], width: 0, ratio: 0, hyphenated: false, ragged: false, emergency: false, srcFrom: -1, srcTo: -1 };
}

type SetText = (request: { base: number; inlines: readonly Inline[]; style: TextStyle; measure: number; indent: number; justify: boolean }) => SetLine[];

/** The heading's grid rows at sub-column width `width` (pt); none for a hidden heading. */
export function headingRows(block: HeadingBlock, blockIndex: number, width: number, settings: LayoutSettings, setText: SetText, host: GroupHeadingHost): GroupRow[] {
  if (headingHidden(block, settings)) return [];
  const style = headingTextStyle(block, settings);
  const inlines = headingUppercase(block, settings) ? upperInlines(host.inlines(block)) : host.inlines(block);
  const indents = headingIndents(block, settings);
  const measure = Math.max(1, width - indents.indent);
  const setAt = (m: number): SetLine[] => setText({ base: block.range.from, inlines, style, measure: m, indent: indents.firstLine, justify: settings.headings.align === 'justify' });
  const tracking = headingTracking(block, settings, style.size);
  let lines = tracking !== 0 ? trackedLines(setAt, measure, tracking) : setAt(measure);
  const jidori = headingJidori(block, settings);
  if (jidori !== undefined && lines.length === 1) lines = [spreadLine(lines[0]!, Math.min(jidori * style.size, measure - indents.firstLine))];
  const spacing = headingSpacing(block, settings, style.size);
  const { pitch, bodyBaseline } = host;
  const lineSpan = headingLineSpan(block, settings);
  // A leading no taller than the pitch: one line per grid row, baselines on the grid like body rows.
  const onGrid = spacing.lineHeight <= pitch + 1e-6;
  const linesRows = onGrid ? lines.length : Math.ceil((lines.length * spacing.lineHeight) / pitch - 1e-6);
  // Rows the text takes: at least lineSpan's band (行取り, §8.2), the lines centred in it.
  const textRows = Math.max(lineSpan ?? 0, linesRows);
  // On the grid the centring is by whole rows (the extra row below when odd); off it, by pt.
  const rowsAbove = onGrid ? Math.floor((textRows - lines.length) / 2) : 0;
  const pad = onGrid ? 0 : (textRows * pitch - lines.length * spacing.lineHeight) / 2;
  const ownBaseline = host.baseline(spacing.lineHeight, style);
  // Margins in whole grid rows (a lineSpan band replaces them, §8.2).
  const above = lineSpan !== undefined ? 0 : Math.round(spacing.marginTop / pitch);
  const below = lineSpan !== undefined ? 0 : Math.round(spacing.marginBottom / pitch);
  const common = { block, blockIndex, whole: block, keepNext: true as const };
  const rows: GroupRow[] = [];
  for (let i = 0; i < above; i++) rows.push({ ...common, line: emptyRow(), x: 0, blank: true });
  for (let r = 0; r < textRows; r++) {
    const line = lines[r - rowsAbove];
    if (!line) {
      rows.push({ ...common, line: emptyRow(), x: 0 });
      continue;
    }
    const x = indents.indent + headingAlignShift(settings, measure, line.width);
    // Off the grid: line r's baseline at pad + r × leading + its own baseline from the block's top, pt.
    const dy = onGrid ? 0 : pad + r * spacing.lineHeight + ownBaseline - r * pitch - bodyBaseline;
    rows.push({ ...common, line, x, role: 'heading', ...(dy !== 0 ? { dy } : {}) });
  }
  for (let i = 0; i < below; i++) rows.push({ ...common, line: emptyRow(), x: 0, blank: true });
  return rows;
}
