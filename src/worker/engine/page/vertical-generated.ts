/**
 * Generated one-line texts of the flow in vertical text (`layout.writingMode: 'vertical-rl'`,
 * configuration.md §4, §14.1; document-format §18.5): list markers, the numbers of footnotes in
 * the note area, the contents' page numbers (§11.5), a callout box's label tab and going-on
 * marker (§13.4), code listings' line numbers (§13.3, page/code-block.ts) and equation numbers
 * (document-format §11, `equationNumberSetter`) are turned with the flow (page/vertical.ts),
 * so they are set as its text is — a number of at most `cjk.uprightDigits` digits one
 * tate-chū-yoko cell exactly one em along the column, with no `cjk.latinSpacing` beside it
 * (paragraph/vertical-tcy.ts), and punctuation the CJK rules set narrower losing the blank of its
 * vertical form (paragraph/cjk-punctuation.ts `placeVerticalForms`). The contents' leaders run
 * down the column on its axis (`leaderShift`).
 *
 * Running heads, folios and designs, set with the same settings but drawn horizontal on the sheet,
 * keep `setGenerated` as it is (engine/index.ts: text placed at −1e9, which the paragraph setter
 * leaves as set horizontally, vertical-tcy.ts `inFlow`). In horizontal books these texts keep it too.
 */
import type { FontRegistry } from '../fonts/registry';
import type { Inline } from '../parse/model';
import { plainTextOf } from '../parse/inlines';
import { runSize, type SetLine } from '../paragraph';
import type { LayoutSettings, TextStyle } from '../settings';
import type { Direction } from '../text/bidi';
import { hasIdeographs } from '../text/cjk';
import { standsUpright, uprightSpans } from '../text/vertical-orientation';
import { parsePathData } from '../vector/path-data';
import { flowAxis } from './vertical';
import type { TcyRule } from '../paragraph/vertical-tcy';
import type { SetGenerated, SetText } from './paginate';
import { plainRun } from '../paragraph/set-run';

/** Where these texts are placed in the chapter (no source: their runs map to none). */
const GENERATED_AT = -1e9;

/** A measure no one-line text reaches, pt (as `setGenerated` sets them). */
const ONE_LINE = 1e6;

/**
 * Sets a generated one-liner of the flow; `beside`: the text of the line it stands in (a list
 * item's, a note's, a contents entry's), or its inlines — absent: taken to hold CJK text.
 */
export type SetFlowLine = (text: string, style: TextStyle, direction?: Direction, beside?: string | readonly Inline[]) => SetLine;

/**
 * The setter of the flow's generated one-liners: `setGenerated` in horizontal text. In vertical
 * text, one standing in a line that holds CJK (page/vertical.ts cuts only such a line, and stands a
 * short number upright only there): a text holding CJK itself (`（1）`, `第1`, `一、`) set as flow
 * text (see the file's comment), any other (`1.`, `12`, a leader) by `setGenerated` with its
 * tate-chū-yoko cells made one em (`withTcyCells`) — the paragraph setter applies the CJK rules
 * only to text holding CJK. One beside a line of no CJK (a list item in Latin) is drawn sideways
 * with that line, so it keeps `setGenerated`'s line. Kept per (style, direction, text) for the
 * pass, so a list's markers asked for again and again find their line.
 */
export function flowLineSetter(setText: SetText, setGenerated: SetGenerated, settings: LayoutSettings, fonts: FontRegistry): SetFlowLine {
  const tcy = settings.cjk.tcy;
  if (!settings.vertical || !tcy) return setGenerated;
  const lines = new Map<string, SetLine>();
  return (text, style, direction, beside) => {
    const cjk = hasIdeographs(text);
    if (!cjk && beside !== undefined && !standsUpright(typeof beside === 'string' ? beside : plainTextOf([...beside]))) return setGenerated(text, style, direction);
    const key = `${JSON.stringify(style)}|${direction ?? ''}|${text}`;
    let line = lines.get(key);
    if (!line) {
      if (cjk) {
        const inline: Inline = { kind: 'text', text, marks: [], range: { from: GENERATED_AT, to: GENERATED_AT, line: 0, column: 0 } };
        line = setText({ base: GENERATED_AT, inlines: [inline], style, measure: ONE_LINE, indent: 0, justify: false, ...(direction ? { direction } : {}) })[0] ?? emptyLine();
      } else line = withTcyCells(setGenerated(text, style, direction), tcy, fonts);
      lines.set(key, line);
    }
    return line;
  };
}

/** A set line's text: its runs' text joined (what page/vertical.ts tests for CJK on the line's baseline). */
export function setLineText(line: SetLine): string {
  return line.runs.map((run) => run.text).join('');
}

/**
 * A generated marker of the vertical flow and the text lines it stands beside (a list item's
 * marker, a note's number, a contents entry's page number), with the marker set as page/vertical.ts
 * will draw the line it stands on. `flowLineSetter` gives a marker its one-em cell when the text
 * beside it holds CJK, but page/vertical.ts cuts by the line: a marker whose own line holds no CJK
 * is drawn sideways with it — in a cell made for standing upright, a gap — and one on a line
 * holding CJK stands upright. So the marker follows the line it stands on (our reading: an item's
 * or note's first line, a contents entry's last title line, where its marker is drawn): `marker`,
 * set by the text (`text`), is kept when that line agrees; else `remark` sets it again beside the
 * line's text and `setLines` sets the text again with it. The line keeps the setting it was broken
 * with: `remark` gets the first marker and sets the new one in its room (`inRoom`), so a narrower
 * marker (`1.` sideways beside Latin, 1.7 pt shorter than in its one-em cell at a note's 8 pt)
 * leaves the text where it was broken — set in the narrower room, CJK could move up onto that line,
 * which would then stand the marker upright outside its cell. Horizontal text: one setting.
 */
export function markerByLine<M, T>(settings: LayoutSettings, text: string | readonly Inline[], marker: M, setLines: (marker: M) => T, standing: (set: T) => SetLine | undefined, remark: (beside: string, first: M) => M): { marker: M; set: T } {
  const set = setLines(marker);
  if (!settings.vertical || !settings.cjk.tcy) return { marker, set };
  const line = standing(set);
  const drawn = line ? setLineText(line) : '';
  if (standsUpright(drawn) === standsUpright(typeof text === 'string' ? text : plainTextOf([...text]))) return { marker, set };
  const again = remark(drawn, marker);
  return { marker: again, set: setLines(again) };
}

/**
 * A marker set again beside its line (`markerByLine`'s `remark`) in the room of the one its text
 * was broken beside (`room`): when narrower, moved to the room's end — the side its text follows,
 * so the marker keeps its gap to the text, as an ordered run's numbers are right-aligned in their
 * column (§9.2) — and as wide as the room, so the text is set beside it as before. A wider one
 * (two sideways digits can outrun a one-em cell) is returned as it is: its text is set again
 * in less room, which moves nothing up onto the line. Left-to-right lines (vertical text).
 */
export function inRoom(line: SetLine, room: SetLine | undefined): SetLine {
  const pad = room ? room.width - line.width : 0; // pt
  if (pad <= 0) return line;
  return { ...line, runs: line.runs.map((run) => ({ ...plainRun(run), xs: run.xs.map((x) => x + pad) })), width: line.width + pad };
}

/**
 * ASCII brackets and the full-width forms that stand for them in vertical text: a full-width
 * bracket is CJK text, drawn upright in its vertical form (the face's `vert` glyph, ︵ ︶),
 * centred on the column's axis.
 */
const FULL_WIDTH_BRACKETS: Readonly<Record<string, string>> = { '(': '\uff08', ')': '\uff09', '[': '\uff3b', ']': '\uff3d' };

/**
 * The setter of equation numbers (document-format §11, `math.equationNumbering.format`, `(1)` by
 * default): `setGenerated` in horizontal text. In vertical text a display's number stands alone
 * on its line at the column's foot, turned with the flow, and is set as the flow's generated text
 * (`flowLineSetter`, taken to stand in CJK text): a number of at most `cjk.uprightDigits` digits
 * one upright cell of one em, a longer one sideways, and its ASCII parentheses (square brackets
 * too) in their full-width forms, so page/vertical.ts draws them upright in their vertical forms
 * above and below the number (our reading: vertical setting prints an equation number as
 * （1）; the spec gives the format, not its glyphs across a vertical line). Without the full-width
 * brackets the line would hold no CJK and page/vertical.ts would draw it all sideways.
 */
export function equationNumberSetter(setFlowLine: SetFlowLine, settings: LayoutSettings): (text: string, style: TextStyle) => SetLine {
  if (!settings.vertical || !settings.cjk.tcy) return setFlowLine;
  return (text, style) => setFlowLine(text.replace(/[()[\]]/g, (c) => FULL_WIDTH_BRACKETS[c]!), style);
}

/**
 * A line with each tate-chū-yoko stretch of its runs (text/vertical-orientation.ts `uprightSpans`,
 * as page/vertical.ts cuts them: a number of at most `tcy.digits` digits, in Japanese `!?` and
 * the like) made exactly one em (the run's size) along the line, its glyphs centred in the cell
 * and what follows moved on by the difference — paragraph/vertical-tcy.ts `setTcyCells` on a set
 * line. A copy: `setGenerated`'s lines are shared. Right-to-left runs are left as they are.
 */
export function withTcyCells(line: SetLine, tcy: TcyRule, fonts: FontRegistry): SetLine {
  let shift = 0; // pt, added to every pen after the cells so far
  const runs = line.runs.map((run) => {
    if (run.rtl || run.ruby) return shift === 0 ? run : { ...plainRun(run), xs: run.xs.map((x) => x + shift) };
    const face = fonts.get(run.fontId);
    const xs = run.xs.map((x) => x + shift);
    for (const span of uprightSpans(run.text, run.clusters, tcy.digits, tcy.marks)) {
      if (!span.upright || !face) continue;
      const last = span.to - 1;
      // A CJK glyph or circled number takes its own width (as the setter leaves it): not a cell to make.
      const spanText = run.text.slice(run.clusters[span.from]!, span.to < run.clusters.length ? run.clusters[span.to]! : run.text.length);
      if (standsUpright(spanText)) continue;
      // The stretch's natural length: its first pen to its last glyph's advance, pt.
      const natural = run.xs[last]! + (face.glyphAdvance(run.glyphs[last]!) * runSize(run)) / face.upem - run.xs[span.from]!;
      const delta = runSize(run) - natural;
      for (let g = span.from; g < xs.length; g++) xs[g] = xs[g]! + (g < span.to ? delta / 2 : delta);
      shift += delta;
    }
    return shift === 0 ? run : { ...plainRun(run), xs };
  });
  return shift === 0 ? line : { ...line, runs, width: line.width + shift };
}

/**
 * How far a contents leader's dots are drawn below their line's baseline, pt (negative: above):
 * 0 in horizontal text. In vertical text a leader runs down the column, and a dot that stands
 * sideways (`.`, the default `toc.leader.char`, §11.5) would sit on the baseline — at the
 * column's left edge once turned; it is moved across the line so its ink's middle is on the line's
 * axis (page/vertical.ts `flowAxis`), where the vertical leaders of CJK setting stand (the vertical
 * forms of … and ‥). Our reading: the spec gives the leader's character, not its place across a
 * vertical line. A leader that stands upright (a CJK character such as ・) is drawn in its em as any
 * upright glyph: 0. Drawn off the line's baseline, the dots are a line of their own to
 * page/vertical.ts, set sideways as they are.
 */
export function leaderShift(dot: SetLine, settings: LayoutSettings, fonts: FontRegistry): number {
  const run = dot.runs[0];
  if (!settings.vertical || !run || standsUpright(run.text)) return 0;
  const face = fonts.get(run.fontId);
  if (!face) return 0;
  let top = -Infinity;
  let bottom = Infinity;
  for (const glyph of run.glyphs) {
    for (const s of parsePathData(face.glyphPath(glyph))) {
      if (!('y' in s)) continue;
      top = Math.max(top, s.y);
      bottom = Math.min(bottom, s.y);
    }
  }
  if (!Number.isFinite(top)) return 0;
  // The ink's middle over the baseline, pt; the axis over it (flowAxis is negative: up).
  const middle = (((top + bottom) / 2) * runSize(run)) / face.upem;
  return flowAxis(runSize(run)) + middle;
}

function emptyLine(): SetLine {
  return { runs: [], width: 0, ratio: 0, hyphenated: false, ragged: false, emergency: false, srcFrom: -1, srcTo: -1 };
}
