/**
 * A `:::verse` poem inside a `:::columns` group in running text (document-format §8.4, §9.1):
 * set at the sub-column width as the main flow sets it at a column's (page/verse.ts: stepped and
 * indented lines, turnovers, `align`, the bayt layout), one body grid row per set line. As in the
 * main flow, a verse line and its turnovers (a stanza of at most `keepStanzas` lines, a poem of at
 * most three bayts) are one unit that never splits across sub-columns (`GroupRow.whole`); no
 * widow/orphan rule applies between units. The blank body line above and below the poem and the
 * stanza space become whole blank rows (the stanza space rounded to whole lines), dropped at a
 * sub-column's head like `:::space`. Lengths in pt.
 */
import type { Inline, VerseBlock } from '../parse/model';
import type { SetLine } from '../paragraph';
import type { LayoutSettings, TextStyle } from '../settings';
import type { Direction } from '../text/bidi';
import type { GroupRow } from './columns-group';
import { emptyRow } from './columns-group-heading';
import type { SetText } from './paginate';
import { baytLook, isBaytPoem, setBaytPoem, setPoem, setVerseLine, verseAlign, verseLook, type FillHemistich } from './verse';

/** What setting a poem needs from the page flow (paginate.ts). */
export interface GroupVerseHost {
  setText: SetText;
  /** A line with tab stops composed at them (page/tabs.ts), else null. */
  tabbed(inlines: readonly Inline[], style: TextStyle, measure: number, indent: number): SetLine[] | null;
  setGenerated(text: string, style: TextStyle, direction?: Direction): SetLine;
  /** The group's block direction is right to left. */
  rtl: boolean;
  /** Vertical writing (a poem is then set flush, §9.1 `align`). */
  vertical: boolean;
  pitch: number;
}

/** The poem's grid rows at sub-column width `width`. */
export function verseRows(block: VerseBlock, blockIndex: number, width: number, settings: LayoutSettings, host: GroupVerseHost): GroupRow[] {
  const body = settings.body.style;
  const look = verseLook(block.attrs, settings, host.pitch);
  const bayt = isBaytPoem(block, look) ? baytLook(block.attrs, settings) : null;
  const lineCount = block.stanzas.reduce((n, stanza) => n + stanza.length, 0);
  // The units (page/verse.ts): a poem of at most 3 bayts whole; a stanza of ≤ keepStanzas lines; else each verse line.
  const stanzaGroups = bayt && lineCount <= 3 ? [[block.stanzas.flat()]] : block.stanzas.map((stanza) => (look.keepStanzas > 0 && stanza.length <= look.keepStanzas ? [stanza] : stanza.map((verseLine) => [verseLine])));
  const ornament = bayt?.ornament ? host.setGenerated(bayt.ornament, body, host.rtl ? 'rtl' : 'ltr') : null;
  // A bayt's hemistichs stretch by kashida first, each site up to 2 × kashidaMaxLength (§9.1).
  const fill: FillHemistich | undefined = bayt && settings.kashida.enabled ? (inlines, base, measure) => host.setText({ base, inlines, style: body, measure, indent: 0, justify: true, kashidaFill: 2 * settings.kashida.maxLength })[0] ?? null : undefined;
  const poem = bayt
    ? setBaytPoem(stanzaGroups.flat(), width, bayt, host.rtl, (inlines, base, measure) => host.setText({ base, inlines, style: body, measure, indent: 0, justify: false, firstFit: true }), ornament, fill)
    : setPoem(stanzaGroups.flat(), width, look, host.rtl, verseAlign(block.attrs, host.vertical), (verseLine, at, lineLook) => setVerseLine(verseLine, at, lineLook, body, host.setText, host.rtl, (inlines, measure, indent) => host.tabbed(inlines, body, measure, indent)));
  const rows: GroupRow[] = [];
  const blank = (n: number): void => {
    for (let i = 0; i < n; i++) rows.push({ block, line: emptyRow(), x: 0, blockIndex, blank: true });
  };
  // One body line above and below the poem (as paginate.ts sets it), the stanza space between stanzas.
  blank(1);
  let unitIndex = 0;
  stanzaGroups.forEach((groups, s) => {
    if (s > 0) blank(Math.max(0, Math.round(look.stanzaSpace)));
    for (let g = 0; g < groups.length; g++) {
      const unit = poem.units[unitIndex++]!;
      const whole = {};
      for (const line of unit.lines) rows.push({ block, line, x: (unit.x.get(line) ?? 0) + poem.shift, blockIndex, whole });
    }
  });
  blank(1);
  return rows;
}
