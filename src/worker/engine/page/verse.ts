/**
 * `:::verse` poems in the line layout (document-format §9.1, configuration.md §6.5
 * `bodyText.verse`): each source line is a verse line, indented by its leading spaces
 * (`indentStep` each), set ragged and first fit. A line too long for the measure first has its
 * word spaces tightened (down to `bodyText.minWordSpacing`, `tighten`), then is turned over at
 * a word space: the rest hangs `hang` in from the line's start (`turnover: hang`) or is set flush
 * with the end edge after `turnoverMark` (`turnover: right`). A verse line and its turnovers are
 * one unit that never splits across columns; with `keepStanzas` N a stanza of at most N lines is
 * one unit. The fence's attributes (`indentStep`, `turnover`, `hang`, `turnoverMark`,
 * `stanzaSpace`, `keepStanzas`, `tighten`) win over the settings. Lengths in pt.
 */
import type { Attributes, Inline, VerseBlock, VerseLine } from '../parse/model';
import type { LineRun, SetLine } from '../paragraph';
import type { LayoutSettings, TextStyle, VerseSettings } from '../settings';
import { defaultVerseSettings } from '../settings-text';
import { attributeLength } from './paragraph-styles';
import { spreadSpaces } from './furniture-letters';
import { inlinesBefore, inlinesFrom } from './slice';
import type { SetText } from './paginate';
import { plainRun } from '../paragraph/set-run';

/** A poem's settings: its fence attributes over `bodyText.verse`; `stanzaSpace` in lines of `pitch`. */
export function verseLook(attrs: Attributes, settings: LayoutSettings, pitch: number): VerseSettings {
  const em = settings.body.style.size;
  const base = settings.verse ?? defaultVerseSettings(em);
  const turnover = attrs['turnover'];
  const keep = attrs['keepStanzas'] !== undefined ? Number(attrs['keepStanzas']) : NaN;
  const tighten = attrs['tighten'];
  // stanzaSpace: a bare number counts lines of the poem's leading, a length is exact (document-format §9.1).
  const stanza = attrs['stanzaSpace'];
  const stanzaLines = stanza === undefined ? NaN : /^\s*\d*\.?\d+\s*$/.test(stanza) ? Number(stanza) : (attributeLength(stanza, em) ?? NaN) / pitch;
  return {
    layout: base.layout,
    indentStep: Math.max(0, attributeLength(attrs['indentStep'], em) ?? base.indentStep),
    turnover: turnover === 'right' || turnover === 'hang' ? turnover : base.turnover,
    hang: Math.max(0, attributeLength(attrs['hang'], em) ?? base.hang),
    turnoverMark: attrs['turnoverMark'] ?? base.turnoverMark,
    stanzaSpace: Number.isFinite(stanzaLines) && stanzaLines >= 0 ? stanzaLines : base.stanzaSpace,
    keepStanzas: Number.isFinite(keep) && keep >= 0 ? Math.round(keep) : base.keepStanzas,
    tighten: tighten === undefined ? base.tighten : !(tighten === 'false' || tighten === '0' || tighten === 'no'),
  };
}

/** Lines set as one unit, each with its left offset from the column's left edge (pt). */
export interface VerseUnit {
  lines: SetLine[];
  x: Map<SetLine, number>;
}

/**
 * One verse line at a column `width` pt wide: its first line and its turnovers. `rtl`: the block
 * is right to left (the lines are placed from the measure's right edge by the paragraph engine,
 * the indent taken from the right).
 */
export function setVerseLine(line: VerseLine, width: number, look: VerseSettings, style: TextStyle, setText: SetText, rtl: boolean, tabbed?: TabbedVerse): VerseUnit {
  const indent = line.indent * look.indentStep;
  const measure = Math.max(1, width - indent);
  // Turnovers are never hung more than half the line's measure (a very narrow column).
  const hang = Math.min(look.hang, measure / 2);
  // The indent is on the start side: the left of a left-to-right line; a right-to-left line's measure ends short of the right edge.
  const left = rtl ? 0 : indent;
  // A line holding tabs (document-format §10.8, page/tabs.ts): composed at the column's measure,
  // its indent steps a first-line indent (stops stay put from the start edge, as under a body
  // paragraph's first-line indent); a too-long last segment turns over under its own start, not by `turnover`.
  const composed = tabbed?.(line.inlines, Math.max(1, width), indent);
  if (composed) return { lines: composed, x: new Map(composed.map((set) => [set, 0])) };
  const request = { style, indent: 0, justify: false, firstFit: true, ...(look.tighten ? { tighten: true } : {}) };
  const x = new Map<SetLine, number>();
  if (look.turnover === 'hang') {
    // Turnovers `hang` further in than the first line (their inset, set by the paragraph engine).
    const lines = setText({ ...request, base: line.range.from, inlines: line.inlines, measure, ...(hang > 0 ? { hang } : {}) });
    for (const set of lines) x.set(set, left);
    return { lines, x };
  }
  // turnover: right — the rest of the line after the mark, flush with the end edge, at most the
  // measure less `hang` wide (so it never reaches back to where the line starts); again and again
  // while the rest is itself too long.
  const lines: SetLine[] = [];
  let set = setText({ ...request, base: line.range.from, inlines: line.inlines, measure });
  for (let guard = 0; set.length > 0 && guard < 64; guard++) {
    const first = set[0]!;
    const turnover = lines.length > 0;
    lines.push(first);
    // Flush end: the right edge of the measure (LTR), its left edge (RTL: back over the line's inset).
    x.set(first, turnover ? (rtl ? -(first.inset ?? 0) : left + measure - first.width) : left);
    const next = set[1];
    if (!next) break;
    const cut = next.srcFrom >= 0 ? next.srcFrom : first.srcTo;
    set = setText({ ...request, base: cut, inlines: [markInline(look.turnoverMark, cut), ...inlinesFrom(line.inlines, cut)], measure: Math.max(1, measure - hang) });
  }
  return { lines, x };
}

/** A verse line's text composed at the tab stops at `measure` pt, first line `indent` pt in (page/tabs.ts via paginate.ts), or null when it has no tab. */
export type TabbedVerse = (inlines: readonly Inline[], measure: number, indent: number) => SetLine[] | null;

/** Verse lines set as one unit (a stanza kept whole). */
export function joinUnits(units: readonly VerseUnit[]): VerseUnit {
  const x = new Map<SetLine, number>();
  for (const unit of units) for (const [line, left] of unit.x) x.set(line, left);
  return { lines: units.flatMap((u) => u.lines), x };
}

/** The turnover mark as generated text (source offset −1) standing at `at`. */
function markInline(mark: string, at: number): Inline {
  return { kind: 'text', text: mark, marks: [], range: { from: at, to: at, line: 0, column: 0 }, offsets: Array.from({ length: mark.length }, () => -1) };
}

/**
 * A poem's `align` (document-format §9.1): `center` (the default) centres the poem on its longest
 * line, `start` sets it flush with the start edge (the default in vertical text).
 */
export function verseAlign(attrs: Attributes, vertical: boolean): 'center' | 'start' {
  const align = attrs['align'];
  return align === 'center' || align === 'start' ? align : vertical ? 'start' : 'center';
}

/** How far a set line's text reaches from the column's start edge (pt): its end, left of a right-to-left line. */
function reach(line: SetLine, x: number, width: number, rtl: boolean): number {
  const left = x + (line.inset ?? 0);
  return rtl ? width - left : left + line.width;
}

/** A poem set at one column width: a unit per group, and the shift of every line from its unit's x (pt, right positive). */
export interface SetPoem {
  units: VerseUnit[];
  shift: number;
}

/**
 * The poem's groups (a verse line, or a stanza kept whole) set at a column `width` pt wide by
 * `setLine`, with its stepped lines and its alignment (document-format §9.1):
 * - `+ text` (dramatic verse, a line shared between speakers): the line starts one `indentStep`
 *   past where the previous verse line's last line ended (its own indent when that is further); when
 *   it would have to turn over there but fits the measure, it is set flush with the end edge, and
 *   when it does not fit at all it is set at its own indent. A stepped first line is set as written.
 * - `align: center`: every line moved by half of what the longest line leaves of the measure, so
 *   the poem's indents and steps are kept (a turned-over line fills the measure: no move).
 */
export function setPoem(groups: readonly (readonly VerseLine[])[], width: number, look: VerseSettings, rtl: boolean, align: 'center' | 'start', setLine: (line: VerseLine, width: number, look: VerseSettings) => VerseUnit): SetPoem {
  // Indents in pt: a copy of the line whose indent counts points (one step = 1 pt).
  const inPt = { ...look, indentStep: 1 };
  let previous: VerseUnit | null = null;
  let widest = 0;
  const units = groups.map((group) => {
    const lineUnits = group.map((verseLine) => {
      let unit = setLine(verseLine, width, look);
      const last = previous?.lines[previous.lines.length - 1];
      if (verseLine.stepped && previous && last) {
        const own = verseLine.indent * look.indentStep;
        const stepped = setLine({ ...verseLine, indent: Math.max(own, reach(last, previous.x.get(last) ?? 0, width, rtl) + look.indentStep) }, width, inPt);
        const single = unit.lines.length === 1 ? unit.lines[0]! : null;
        // Too long for the room after the step: flush with the end edge when it fits on one line, else as written.
        if (stepped.lines.length === 1) unit = stepped;
        else if (single) unit = setLine({ ...verseLine, indent: Math.max(own, width - single.width) }, width, inPt);
      }
      for (const line of unit.lines) widest = Math.max(widest, reach(line, unit.x.get(line) ?? 0, width, rtl));
      previous = unit;
      return unit;
    });
    return joinUnits(lineUnits);
  });
  const room = align === 'center' ? Math.max(0, (width - widest) / 2) : 0;
  return { units, shift: rtl ? -room : room };
}

/**
 * The bayt layout (document-format §9.1, "Arabic qaṣīda"; `bodyText.verse.layout`): chosen by the
 * fence's `layout` (`bayt` / `lines`), else by the setting (`bayt`: always), else (`auto`) when a
 * line holds a hemistich separator.
 */
export function isBaytPoem(block: VerseBlock, look: VerseSettings): boolean {
  const asked = block.attrs['layout'];
  if (asked === 'bayt') return true;
  if (asked === 'lines') return false;
  return look.layout === 'bayt' || block.stanzas.some((stanza) => stanza.some((line) => hemistichCut(line) !== null));
}

/** A bayt poem's fence attributes: the gap between hemistichs (`gap`, 2 em; a bare number is em), a fixed hemistich `width`, the `ornament` printed mid-gap. Lengths in pt. */
export interface BaytLook {
  gap: number;
  width?: number;
  ornament?: string;
}

export function baytLook(attrs: Attributes, settings: LayoutSettings): BaytLook {
  const em = settings.body.style.size;
  const gapAttr = attrs['gap'];
  const gap = gapAttr === undefined ? 2 * em : /^\s*\d*\.?\d+\s*$/.test(gapAttr) ? Number(gapAttr) * em : (attributeLength(gapAttr, em) ?? 2 * em);
  const width = attributeLength(attrs['width'], em);
  const ornament = attrs['ornament']?.trim();
  return { gap: Math.max(0, gap), ...(width !== undefined && width > 0 ? { width } : {}), ...(ornament ? { ornament } : {}) };
}

/** `||`, or one or two backslashes with spaces around, with the spaces next to it (document-format §9.1). */
const SEPARATOR = /\s*\|\|\s*|\s+\\{1,2}\s+/;

/** Where a verse line's hemistich separator stands (source offsets of its first unit and of the unit after it), or null. */
export function hemistichCut(line: VerseLine): { from: number; to: number } | null {
  for (const inline of line.inlines) {
    if (inline.kind !== 'text') continue;
    const match = SEPARATOR.exec(inline.text);
    if (!match) continue;
    const offsets = inline.offsets ?? Array.from({ length: inline.text.length }, (_, i) => inline.range.from + i);
    const from = offsets[match.index]!;
    const last = offsets[match.index + match[0].length - 1]!;
    if (from < 0 || last < 0) continue;
    return { from, to: last + 1 };
  }
  return null;
}

/** Sets a hemistich's inlines (from source offset `base`) on lines at most `measure` pt long. */
export type SetHemistich = (inlines: readonly Inline[], base: number, measure: number) => SetLine[];
/**
 * Sets a hemistich on one line spread toward `width` pt by the kashida of its words (paragraph/fill.ts),
 * word spaces natural; null when it has no kashida to stretch (kashida off, no site).
 */
export type FillHemistich = (inlines: readonly Inline[], base: number, width: number) => SetLine | null;

/**
 * A bayt poem set at a column `width` pt wide (document-format §9.1): each line a bayt, its two
 * hemistichs (ṣadr, ʿajuz) on one baseline, the ṣadr on the start side, both as wide as the
 * poem's common hemistich width — the widest hemistich, at most half the measure less the gap, or
 * the fence's `width` — with `gap` between them and the `ornament` in its middle; the pair centred
 * in the column. A hemistich shorter than the common width is justified to it by kashida first
 * (`fillHemistich`, when kashida is on: each site up to 2 × `kashidaMaxLength`), then by its word
 * spaces (a single word is centred in what is left). A line without a separator is one hemistich, centred. A bayt
 * with a hemistich wider than the common width is staggered: the ṣadr on a line of its own at the
 * start side, the ʿajuz on the next at the end side. Every bayt is one unit (never split); a poem
 * of at most 3 bayts is kept whole by the caller's groups.
 */
export function setBaytPoem(groups: readonly (readonly VerseLine[])[], width: number, look: BaytLook, rtl: boolean, setHemistich: SetHemistich, ornament: SetLine | null, fillHemistich?: FillHemistich): SetPoem {
  const gap = Math.min(look.gap, width / 4);
  const cap = Math.max(1, (width - gap) / 2);
  // Each line's hemistichs set on one line where they can be (else at the column's measure).
  const split = groups.map((group) =>
    group.map((line) => {
      const cut = hemistichCut(line);
      if (!cut) return { line, parts: [setHemistich(line.inlines, line.range.from, width)], sources: [] };
      const sources = [
        { inlines: inlinesBefore(line.inlines, cut.from), base: line.range.from },
        { inlines: inlinesFrom(line.inlines, cut.to), base: cut.to },
      ];
      return { line, parts: sources.map((h) => setHemistich(h.inlines, h.base, width)), sources };
    }),
  );
  // The widest hemistich of the bayts that fit side by side (a staggered bayt does not widen the others).
  let widest = 0;
  for (const group of split) {
    for (const { parts } of group) {
      if (parts.length !== 2 || parts.some((part) => part.length !== 1 || part[0]!.width > cap + 1e-6)) continue;
      for (const part of parts) widest = Math.max(widest, part[0]!.width);
    }
  }
  const common = look.width !== undefined ? Math.min(look.width, cap) : Math.min(Math.max(widest, 1), cap);
  const left = (width - (2 * common + gap)) / 2;
  const units = split.map((group) => {
    const lines: SetLine[] = [];
    const x = new Map<SetLine, number>();
    const add = (line: SetLine): void => {
      lines.push(line);
      x.set(line, 0);
    };
    for (const { parts, sources } of group) {
      if (parts.length === 1) {
        // One hemistich (no separator): centred, its turnovers too.
        for (const part of parts[0]!) add(placeRuns([{ line: part, at: (width - part.width) / 2 }], width));
        continue;
      }
      const [first, second] = parts as [SetLine[], SetLine[]];
      if (first.length === 1 && second.length === 1 && first[0]!.width <= common + 1e-6 && second[0]!.width <= common + 1e-6) {
        // Start side: the left in left-to-right text, the right in right-to-left.
        const startX = rtl ? left + common + gap : left;
        const endX = rtl ? left : left + common + gap;
        // Kashida first (document-format §9.1): a hemistich short of the common width is set again with
        // its words elongated toward it (up to 2 × kashidaMaxLength a site); spaces take what is left.
        const stretched = (line: SetLine, h: number): SetLine => {
          const source = sources[h];
          if (!fillHemistich || !source || line.width >= common - 1e-6) return line;
          const filled = fillHemistich(source.inlines, source.base, common);
          return filled && filled.width > line.width + 1e-6 && filled.width <= common + 1e-6 ? filled : line;
        };
        const pieces = [justified(stretched(first[0]!, 0), common, startX), justified(stretched(second[0]!, 1), common, endX)];
        if (ornament) pieces.push({ line: ornament, at: left + common + gap / 2 - ornament.width / 2 });
        add(placeRuns(pieces, width));
        continue;
      }
      // Too wide: staggered — the ṣadr from the start edge, the ʿajuz to the end edge.
      for (const part of first) add(placeRuns([{ line: part, at: rtl ? width - part.width : 0 }], width));
      for (const part of second) add(placeRuns([{ line: part, at: rtl ? 0 : width - part.width }], width));
    }
    return { lines, x };
  });
  return { units, shift: 0 };
}

/** A hemistich at `at` pt, spread to `width` by its word spaces, or centred there when it has none. */
function justified(line: SetLine, width: number, at: number): { line: SetLine; at: number } {
  const extra = width - line.width;
  if (extra <= 1e-6) return { line, at };
  const spread = spreadSpaces(line, extra);
  return spread === line ? { line, at: at + extra / 2 } : { line: spread, at };
}

/**
 * Set lines placed side by side on one line of the column (`at`: where each one's text starts,
 * pt from the column's left edge): their runs moved there, as one line spanning the column.
 */
function placeRuns(pieces: readonly { line: SetLine; at: number }[], width: number): SetLine {
  const runs: LineRun[] = [];
  const fonts = new Set<string>();
  let srcFrom = Number.POSITIVE_INFINITY;
  let srcTo = -1;
  for (const { line, at } of pieces) {
    // The text's left edge in the set line (a right-to-left line stands at its measure's right end).
    let textLeft = Number.POSITIVE_INFINITY;
    for (const run of line.runs) if (run.xs.length > 0) textLeft = Math.min(textLeft, run.xs[0]!);
    if (!Number.isFinite(textLeft)) continue;
    const dx = at - textLeft;
    for (const run of line.runs) runs.push({ ...plainRun(run), xs: run.xs.map((v) => v + dx) });
    for (const font of line.fonts ?? []) fonts.add(font);
    if (line.srcFrom >= 0) {
      srcFrom = Math.min(srcFrom, line.srcFrom);
      srcTo = Math.max(srcTo, line.srcTo);
    }
  }
  return { runs, width, ratio: 0, hyphenated: false, ragged: true, emergency: false, srcFrom: Number.isFinite(srcFrom) ? srcFrom : -1, srcTo, ...(fonts.size > 0 ? { fonts: [...fonts] } : {}) };
}
