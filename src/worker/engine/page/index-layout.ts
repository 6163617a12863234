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
 */
import type { FontRegistry } from '../fonts/registry';
import type { Inline, Mark } from '../parse/model';
import type { SetLine } from '../paragraph';
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
  /** Draws `line` at `x` pt from the column's start edge, its baseline `baseline` pt below the cursor, and moves the cursor down `lead` pt. */
  line(line: SetLine, x: number, lead: number, baseline: number): void;
  /** Right-to-left text: entries indent from the right edge. */
  rtl: boolean;
}

/** The index's look in force: the configuration's, else the §11.6 defaults at the body. */
export function indexLookOf(settings: LayoutSettings): IndexLook {
  return settings.index ?? defaultIndexLook(settings.body.style, settings.body.lineHeight, settings.locale ?? settings.language);
}

const GENERATED = { from: -1e9, to: -1e9, line: 0, column: 0 };

/** A segment as a text inline of generated text (no source offsets: −1, like the contents' rows). */
function segmentInline(segment: IndexSegment): Inline {
  const marks: Mark[] = segment.bold ? ['strong'] : segment.italic ? ['emphasis'] : [];
  return { kind: 'text', text: segment.text, marks, range: GENERATED, offsets: Array.from({ length: segment.text.length }, () => -1) };
}

/** Places `rows` from the cursor on (see the head comment). */
export function placeIndex(rows: readonly IndexRow[], settings: LayoutSettings, setText: SetText, fonts: FontRegistry, placer: IndexPlacer): void {
  const look = indexLookOf(settings);
  const lead = look.lineHeight;
  const baseline = baselineOf(lead, look.style, fonts);
  // A group head's line box: the entries' leading, grown in proportion when its type is larger.
  const groupLead = Math.max(lead, (lead * look.group.style.size) / look.style.size);
  const groupBaseline = baselineOf(groupLead, look.group.style, fonts);
  const setRow = (row: IndexRow, width: number): { lines: SetLine[]; indent: number } => {
    if (row.kind === 'group') {
      return { lines: setText({ base: -1e9, inlines: [segmentInline({ text: row.label })], style: look.group.style, measure: Math.max(1, width), indent: 0, justify: false }), indent: 0 };
    }
    const indent = row.level * look.indent;
    const measure = Math.max(1, width - indent);
    const hang = Math.min(look.turnoverIndent, Math.max(0, measure - 1));
    const lines = setText({ base: -1e9, inlines: row.segments.map(segmentInline), style: look.style, measure, indent: 0, justify: false, ...(hang > 0 ? { hang } : {}) });
    return { lines, indent };
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
    let { lines, indent } = setRow(row, placer.width());
    const rowLead = isGroup ? groupLead : lead;
    // A head keeps with its first entry's first line (§16 "kept with first entry").
    const need = isGroup && rows[r + 1] ? rowLead + lead : rowLead;
    if (need > placer.room() + 1e-6 && !placer.columnEmpty()) {
      const width = placer.width();
      placer.nextColumn();
      if (Math.abs(placer.width() - width) > 1e-6) ({ lines, indent } = setRow(row, placer.width()));
    }
    lines.forEach((line, i) => {
      if (i > 0 && rowLead > placer.room() + 1e-6 && !placer.columnEmpty()) placer.nextColumn();
      // Right to left: the measure's right edge `indent` in from the column's right edge.
      placer.line(line, placer.rtl ? 0 : indent, rowLead, isGroup ? groupBaseline : baseline);
    });
    previous = row;
  }
}

function baselineOf(lineHeight: number, style: TextStyle, fonts: FontRegistry): number {
  const face = fonts.match(style.family, style.weight, style.italic ? 'italic' : 'normal');
  return baselineInLineBox(lineHeight, style.size, face.ascender / face.upem, face.descender / face.upem);
}
