/**
 * Tab stops (configuration.md §6.6 `TabStop`, `bodyText.tabStops` / `tabInterval` and a paragraph
 * style's; document-format §10.8). A paragraph holding `:tab` (or a literal TAB where its style has
 * stops) is composed line by line, first fit, unjustified: the text between tabs is set as
 * segments, each tab moving the pen to the next stop after it — a stop of the style, a `:tab{…}`
 * one-off stop, past the last stop the next multiple of `tabInterval` from the start edge, else one
 * word space. The segment after a stop starts there (`start`), ends there (`end`), is centred on
 * it (`center`) or puts its first decimal mark there (`decimal`; none: as `end`); never earlier
 * than the pen. A leader (`leader`, e.g. `.` or `. `; `rule` draws underscores) fills the gap
 * before the segment, `leaderGap` clear at both ends, its units on a common pitch from the start
 * edge so leaders line up from line to line. The last segment, if too long, turns over under its
 * own start. Positions run from the start edge of the measure (the right one in right-to-left
 * text). Lengths pt.
 */
import type { Attributes, Inline } from '../parse/model';
import type { SetLine, LineRun } from '../paragraph';
import type { TextStyle } from '../settings';
import { attributeLength } from './paragraph-styles';
import type { SetGenerated, SetText } from './paginate';
import { plainRun } from '../paragraph/set-run';

/** One stop as configured: `position` in pt, a percentage of the measure, or its end edge. */
export interface TabStopSetting {
  position: { pt: number } | { percent: number } | 'end';
  align: 'start' | 'end' | 'center' | 'decimal';
  /** The leader's repeating unit; absent = none. */
  leader?: string;
  /** Space kept clear at both ends of the leader, pt. */
  leaderGap: number;
  decimalChar: string;
}

/** The tab settings of a paragraph's style (body text or a paragraph style). */
export interface TabSettings {
  stops: TabStopSetting[];
  /** `tabInterval`, pt: default stops every this much past the last stop; absent = a word space. */
  interval?: number;
}

/** A row of a tabbed paragraph (up to a hard line break): segments, and the tab (its `:tab{…}` attributes) before each segment but the first. */
export interface TabbedRow {
  segments: Inline[][];
  tabs: Attributes[];
}

/** A paragraph's text cut at its hard line breaks into rows, and each row at its tabs. */
export interface TabbedText {
  rows: TabbedRow[];
}

/**
 * The paragraph cut at its tabs, or null when it has none: `:tab` always, literal TABs only with
 * `literal` (the style defines stops, document-format §2.4).
 */
export function splitAtTabs(inlines: readonly Inline[], literal: boolean): TabbedText | null {
  // Asked of every paragraph: most hold no tab, and get no rows, arrays or closures.
  if (!containsTab(inlines, literal)) return null;
  const rows: TabbedRow[] = [{ segments: [[]], tabs: [] }];
  let segments = rows[0]!.segments;
  let tabs = rows[0]!.tabs;
  const cut = (attrs: Attributes): void => {
    tabs.push(attrs);
    segments.push([]);
  };
  const walk = (list: readonly Inline[], wrap: (inline: Inline[]) => Inline[]): void => {
    for (const inline of list) {
      if (inline.kind === 'hardBreak' && list === inlines) {
        // A hard line break (a menu's next dish) starts a new row, its pen back at the start edge.
        rows.push({ segments: [[]], tabs: [] });
        segments = rows[rows.length - 1]!.segments;
        tabs = rows[rows.length - 1]!.tabs;
        continue;
      }
      if (inline.kind === 'tab') {
        cut(inline.attrs);
        continue;
      }
      if (inline.kind === 'text' && literal && inline.text.includes('\t')) {
        const parts = inline.text.split('\t');
        let at = 0;
        parts.forEach((part, i) => {
          if (i > 0) cut({});
          if (part.length > 0) {
            const offsets = inline.offsets?.slice(at, at + part.length);
            const from = offsets ? offsets[0]! : inline.range.from + at;
            segments[segments.length - 1]!.push(...wrap([{ ...inline, text: part, range: { ...inline.range, from, to: from + part.length }, ...(offsets ? { offsets } : {}) }]));
          }
          at += part.length + 1;
        });
        continue;
      }
      if ('children' in inline && Array.isArray(inline.children) && containsTab(inline.children, literal)) {
        // A container (link, emphasis directive…) holding a tab: each part keeps the container.
        walk(inline.children, (parts) => wrap([{ ...inline, children: parts } as Inline]));
        continue;
      }
      segments[segments.length - 1]!.push(...wrap([inline]));
    }
  };
  walk(inlines, (x) => x);
  return { rows };
}

function containsTab(list: readonly Inline[], literal: boolean): boolean {
  return list.some((inline) => inline.kind === 'tab' || (literal && inline.kind === 'text' && inline.text.includes('\t')) || ('children' in inline && Array.isArray(inline.children) && containsTab(inline.children, literal)));
}

/** A stop resolved against the measure: its position from the start edge, pt. */
interface Stop {
  at: number;
  stop: TabStopSetting;
}

/** `:tab{at align leader gap decimal}` (document-format §10.8): a one-off stop; `at` a bare number in pt, a length, `end` or `NN%`. */
function oneOffStop(attrs: Attributes, em: number, decimalChar: string): TabStopSetting | null {
  const at = attrs['at'];
  if (at === undefined) return null;
  const percent = /^\s*(\d*\.?\d+)\s*%\s*$/.exec(at);
  const position = at.trim() === 'end' ? 'end' : percent ? { percent: Number(percent[1]) } : /^\s*-?\d*\.?\d+\s*$/.test(at) ? { pt: Number(at) } : ((pt) => (pt === undefined ? null : { pt }))(attributeLength(at, em));
  if (position === null) return null;
  const align = attrs['align'];
  return {
    position,
    align: align === 'end' || align === 'center' || align === 'decimal' ? align : 'start',
    ...(attrs['leader'] !== undefined && attrs['leader'] !== '' ? { leader: attrs['leader'] } : {}),
    // `gap`: bare number = em (document-format §10.8), default 0.5 em.
    leaderGap: attrs['gap'] !== undefined ? (attributeLength(attrs['gap'], em) ?? 0.5 * em) : 0.5 * em,
    decimalChar: attrs['decimal'] || decimalChar,
  };
}

function resolveAt(stop: TabStopSetting, measure: number): number {
  if (stop.position === 'end') return measure;
  return 'percent' in stop.position ? (stop.position.percent / 100) * measure : stop.position.pt;
}

/** What composing a tabbed paragraph needs from the page engine. */
export interface TabComposer {
  setText: SetText;
  setGenerated: SetGenerated;
  style: TextStyle;
  /** Width of one word space of the style, pt (a tab with no stop left). */
  space: number;
  rtl: boolean;
}

/** A segment's line placed at `x` from the start edge. */
interface Placed {
  line: SetLine;
  x: number;
}

/**
 * The paragraph composed into lines at `measure` pt, its first line indented `indent` pt; the
 * lines' runs carry their positions from the measure's left edge (mirrored in right-to-left text).
 */
export function composeTabbed(text: TabbedText, tabs: TabSettings, measure: number, indent: number, c: TabComposer): SetLine[] {
  const em = c.style.size;
  const defaultDecimal = tabs.stops[0]?.decimalChar ?? '.';
  const stops: Stop[] = tabs.stops.map((stop) => ({ at: resolveAt(stop, measure), stop })).sort((a, b) => a.at - b.at);
  const lines: SetLine[] = [];
  let placed: Placed[] = [];
  let leaders: LineRun[] = [];
  const flush = (): void => {
    if (placed.length > 0 || leaders.length > 0) lines.push(joinLine(placed, leaders, measure, c.rtl));
    placed = [];
    leaders = [];
  };
  text.rows.forEach((row, r) => {
    // The first row starts at the first-line indent, the others at the start edge.
    let pen = r === 0 ? indent : 0;
    row.segments.forEach((segment, k) => {
      // Natural width, on one line (an unbounded measure: never aligned to an edge).
      const base = firstOffset(segment);
      const natural = segment.length > 0 ? c.setText({ base, inlines: segment, style: c.style, measure: 1e5, indent: 0, justify: false, firstFit: true }) : [];
      const width = natural.reduce((w, line) => Math.max(w, line.width), 0);
      let start = pen;
      if (k > 0) {
        const own = oneOffStop(row.tabs[k - 1]!, em, defaultDecimal);
        const next: Stop | undefined = own ? { at: resolveAt(own, measure), stop: own } : stops.find((s) => s.at > pen + 1e-6);
        if (next) {
          const anchor = next.stop.align === 'decimal' ? decimalX(natural[0], next.stop.decimalChar) ?? width : next.stop.align === 'end' ? width : next.stop.align === 'center' ? width / 2 : 0;
          start = Math.max(pen, next.at - anchor);
          const unit = next.stop.leader === 'rule' ? '_' : next.stop.leader;
          if (unit) leaders.push(...leaderRuns(unit, pen + next.stop.leaderGap, start - next.stop.leaderGap, measure, c));
        } else if (tabs.interval && tabs.interval > 0) {
          // Default stops every tabInterval from the start edge, past the last set stop.
          const last = stops.length > 0 ? stops[stops.length - 1]!.at : 0;
          const from = Math.max(pen, last);
          start = (Math.floor(from / tabs.interval + 1e-9) + 1) * tabs.interval;
        } else start = pen + c.space;
      }
      if (segment.length === 0) {
        pen = start;
        return;
      }
      if (start + width <= measure + 1e-6 || k < row.segments.length - 1) {
        for (const line of natural) placed.push({ line, x: start });
        pen = start + width;
        return;
      }
      // The last segment runs past the measure: set at what is left, its turnovers under its own start.
      const room = Math.max(em, measure - start);
      const set = c.setText({ base, inlines: segment, style: c.style, measure: room, indent: 0, justify: false, firstFit: true });
      set.forEach((line, i) => {
        if (i > 0) flush();
        placed.push({ line, x: start });
      });
      pen = start + (set[set.length - 1]?.width ?? 0);
    });
    flush();
  });
  return lines;
}

function firstOffset(segment: readonly Inline[]): number {
  for (const inline of segment) if (inline.range.from >= 0) return inline.range.from;
  return -1e9;
}

/** x of the first `mark` on a (left-to-right) segment line, pt; undefined when it has none. */
function decimalX(line: SetLine | undefined, mark: string): number | undefined {
  if (!line || !mark) return undefined;
  for (const run of line.runs) {
    const unit = run.text.indexOf(mark);
    if (unit < 0) continue;
    const glyph = run.clusters.findIndex((cluster) => cluster === unit);
    if (glyph >= 0) return run.xs[glyph];
  }
  return undefined;
}

/**
 * Leader units between `from` and `to` (pt from the start edge) on a common pitch from the start
 * edge, placed from the measure's left edge (a unit's box mirrored in right-to-left text).
 */
function leaderRuns(unit: string, from: number, to: number, measure: number, c: TabComposer): LineRun[] {
  const one = c.setGenerated(unit, c.style);
  const run = one.runs[0];
  if (!run || one.width <= 0) return [];
  const xs: number[] = [];
  for (let k = Math.ceil(from / one.width - 1e-9); (k + 1) * one.width <= to + 1e-6; k++) xs.push(c.rtl ? measure - (k + 1) * one.width : k * one.width);
  if (xs.length === 0) return [];
  return [{
    fontId: run.fontId,
    sizeIndex: run.sizeIndex,
    colour: run.colour,
    glyphs: xs.flatMap(() => run.glyphs),
    xs: xs.flatMap((x) => run.xs.map((g) => x + g)),
    text: run.text.repeat(xs.length),
    clusters: xs.flatMap((_, i) => run.clusters.map((cl) => cl + i * run.text.length)),
    // Generated text: no source offsets.
    offsets: Array.from({ length: run.text.length * xs.length }, () => -1),
  }];
}

/** The placed segment lines and leaders as one line (segments moved to their x; mirrored in right-to-left text). */
function joinLine(placed: readonly Placed[], leaders: readonly LineRun[], measure: number, rtl: boolean): SetLine {
  const runs: LineRun[] = [];
  let right = 0;
  let srcFrom = Infinity;
  let srcTo = -Infinity;
  const fonts = new Set<string>();
  for (const { line, x } of placed) {
    // A segment's box [x, x + width] from the start edge: from the left edge, or from the right one in right-to-left text.
    const left = rtl ? measure - x - line.width : x;
    for (const run of line.runs) {
      runs.push({ ...plainRun(run), xs: run.xs.map((g) => g + left) });
      fonts.add(run.fontId);
    }
    right = Math.max(right, x + line.width);
    if (line.srcFrom >= 0) srcFrom = Math.min(srcFrom, line.srcFrom);
    srcTo = Math.max(srcTo, line.srcTo);
  }
  for (const run of leaders) {
    runs.push(run);
    fonts.add(run.fontId);
  }
  return { runs, width: right, ratio: 0, hyphenated: false, ragged: false, emergency: false, srcFrom: Number.isFinite(srcFrom) ? srcFrom : 0, srcTo: Number.isFinite(srcTo) ? srcTo : 0, fonts: [...fonts].sort() };
}
