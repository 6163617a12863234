/**
 * Vertical text (`layout.writingMode: 'vertical-rl'`, configuration.md §4; document-format §18.5):
 * "page = rotated horizontal flow; columns become tiers; 'top' of flow = sheet's right edge".
 *
 * The flow is laid out as a horizontal book in the sheet turned a quarter anticlockwise
 * (page/geometry.ts `pageFrame`: the flow's width is the type area's height on the sheet, its
 * height the type area's width, its top the sheet's right margin), so its columns are tiers down
 * the sheet. Each page's flow items are then drawn through one `Transform` group turning them a
 * quarter clockwise: lines run top to bottom and stack right to left, the first at the type
 * area's right edge. Running heads and folios are composed on the sheet and stay horizontal; part
 * designs are placed on the sheet too, in a group turned back (`sheetFromFlow`).
 *
 * Inside the group, lines holding CJK text are cut (page/furniture-letters.ts `uprightSpans`, shared
 * with vertical design text): each CJK glyph, in its `vert` form where the face has one, each
 * circled number (`cjk.circledNumbers`, either value: `standsUpright`), and each
 * number of at most `cjk.uprightDigits` digits (tate-chū-yoko; narrowed to one em when wider, and
 * in Japanese `!!` `!?` `?!` `??` too) stands upright in a group turned back about the middle of
 * its em square; Latin words and longer numbers stay sideways. `:tcy[…]`, `:upright[…]` and
 * `:sideways[…]` (document-format §18.5) override that by their source ranges. The pieces
 * keep the flow's coordinates and their source offsets, so hit tests and selection rectangles
 * (engine/query.ts, through the groups' matrices) land where the glyphs are drawn. All lengths pt.
 */
import { Op, roundPt, type DisplayItem, type GlyphRunItem, type LineInfo, type Matrix } from '../../protocol/displaylist';
import type { FontRegistry } from '../fonts/registry';
import type { LayoutSettings } from '../settings';
import { EM_BOX_TOP } from '../paragraph/collect';
import { standsUpright, uprightPieceMatrix, verticalForm, verticalMatrix, type UprightSpan } from './furniture-letters';
import { orientedSpans, overrideAt, type OrientationOverride } from '../text/vertical-orientation';

// The overrides of document-format §18.5 and their reading from parsed blocks (text/vertical-orientation.ts, shared with the paragraph setter).
export { orientationOverrides, type OrientationOverride } from '../text/vertical-orientation';

/**
 * A page's flow items drawn on the sheet: unchanged in a horizontal book; in vertical text turned
 * a quarter clockwise about the sheet (flow (x, y) → sheet (pageWidth − y, x)), CJK upright.
 */
export function flowOntoSheet(items: DisplayItem[], settings: LayoutSettings, fonts: FontRegistry, overrides?: readonly OrientationOverride[]): DisplayItem[] {
  if (!settings.vertical || items.length === 0) return items;
  const options: UprightOptions = { maxDigits: settings.vertical.uprightDigits, marks: settings.vertical.uprightMarks, ...(overrides ? { overrides } : {}) };
  return [{ op: Op.Transform, matrix: verticalMatrix(0, 0, settings.pageWidth) }, ...uprightItems(items, fonts, options), { op: Op.TransformEnd }];
}

/**
 * The matrix turning items drawn at sheet coordinates back from the flow's quarter turn (flow
 * (x, y) = (sheet y, pageWidth − sheet x)): inside the turned page it leaves them where they are
 * on the sheet — part designs, placed on the sheet like running heads (page/paginate.ts).
 */
export function sheetFromFlow(settings: LayoutSettings): Matrix {
  return [0, -1, 1, 0, 0, roundPt(settings.pageWidth)];
}

/** How a page's lines are cut: `cjk.uprightDigits`, Japanese `!?` marks, the chapter's overrides. */
export interface UprightOptions {
  maxDigits: number;
  marks?: boolean;
  overrides?: readonly OrientationOverride[];
  /** Every line cut as one holding CJK, whatever its own text (the cells of a CJK table: resources/table.ts). */
  allCjk?: boolean;
}

/**
 * Items with the glyph runs of lines holding CJK text (or an override) cut into sideways and
 * upright pieces. A line is the consecutive runs on one baseline; runs already inside a Transform
 * group (a part design, set on the sheet) are left as they are. A generated run drawn apart from
 * its line (a list item's marker, emitted after the item's lines) stands in the line of its block
 * on its baseline (`standingInCjk`).
 */
export function uprightItems(items: readonly DisplayItem[], fonts: FontRegistry, options: UprightOptions): DisplayItem[] {
  const out: DisplayItem[] = [];
  const overrides = options.overrides ?? [];
  const cjkLines = cjkLinesOf(items);
  let depth = 0;
  let i = 0;
  while (i < items.length) {
    const item = items[i]!;
    if (item.op !== Op.GlyphRun || depth > 0) {
      if (item.op === Op.Transform) depth++;
      else if (item.op === Op.TransformEnd) depth = Math.max(0, depth - 1);
      out.push(item);
      i++;
      continue;
    }
    // The line: this run and the runs right after it on the same baseline.
    let j = i + 1;
    while (j < items.length && items[j]!.op === Op.GlyphRun && (items[j] as GlyphRunItem).y === item.y) j++;
    const line = items.slice(i, j) as GlyphRunItem[];
    // CJK text or a circled number (furniture-letters.ts `standsUpright`): the line is cut.
    const cjk = options.allCjk === true || line.some((run) => standsUpright(run.text) || standingInCjk(run, cjkLines));
    if (!cjk && !(overrides.length > 0 && line.some((run) => overriddenRun(run, overrides)))) out.push(...line);
    else for (const run of line) pushPieces(out, run, fonts, options, overrides, cjk);
    i = j;
  }
  return out;
}

/** A line of the flow by its block and baseline (pt). */
const lineKey = (block: string, y: number): string => `${block}|${y}`;

/** The lines (`lineKey`) whose text from the source holds CJK, outside Transform groups. */
function cjkLinesOf(items: readonly DisplayItem[]): Set<string> {
  const lines = new Set<string>();
  let depth = 0;
  for (const item of items) {
    if (item.op === Op.Transform) depth++;
    else if (item.op === Op.TransformEnd) depth = Math.max(0, depth - 1);
    else if (item.op === Op.GlyphRun && depth === 0 && item.srcFrom >= 0 && item.line && standsUpright(item.text)) lines.add(lineKey(item.line.block, item.y));
  }
  return lines;
}

/**
 * Whether a generated run (no source: a list item's marker, a note's number) stands in a line of
 * its block holding CJK on its baseline: the marker is drawn after its item's lines, apart from the
 * first, yet stands in it (page/vertical-generated.ts `markerByLine` sets it so). Our reading
 * of a line: the block's runs on one baseline (a block's lines in two tiers at one baseline — a
 * paragraph longer than a tier — would count as one; markers stand on an item's first line).
 */
function standingInCjk(run: GlyphRunItem, cjkLines: ReadonlySet<string>): boolean {
  return run.srcFrom < 0 && run.line !== undefined && cjkLines.has(lineKey(run.line.block, run.y));
}

/** The source offset of a run's text index, or −1 for generated text. */
function offsetAt(run: GlyphRunItem, index: number): number {
  if (run.srcFrom < 0) return -1;
  return run.srcMap ? (run.srcMap[index] ?? -1) : run.srcFrom + index;
}

function overriddenRun(run: GlyphRunItem, overrides: readonly OrientationOverride[]): boolean {
  return run.clusters.some((c) => overrideAt(offsetAt(run, c), overrides) !== undefined);
}

/** The run's stretches (text/vertical-orientation.ts `orientedSpans`: the CJK cut in a line with CJK text, the overrides over it). */
function spansOf(run: GlyphRunItem, options: UprightOptions, overrides: readonly OrientationOverride[], cjk: boolean): UprightSpan[] {
  return orientedSpans(run.text, run.clusters, (c) => offsetAt(run, c), { maxDigits: options.maxDigits, marks: options.marks === true, overrides, cjk });
}

/**
 * The line's axis in the flow, pt above the baseline at `size` (−y, y down): the middle of the
 * ideographic em box (−0.12 to 0.88 em, paragraph/collect.ts `EM_BOX_TOP`) — the box ruby, kanbun
 * marks and emphasis marks (page/cjk-marks.ts) stand against, so an upright glyph is turned about
 * it and stands centred in the column between them, in its cell along it. (The face's
 * ascender–descender middle, used before, is 0.436 em in the Noto CJK faces: upright glyphs stood
 * 0.056 em off the column's axis, towards its right, and as much low in their cells.)
 */
export function flowAxis(size: number): number {
  return -(EM_BOX_TOP - 0.5) * size;
}

/** A run's pieces: sideways stretches as runs, upright ones each in a group turned back about its em square's middle. */
function pushPieces(out: DisplayItem[], run: GlyphRunItem, fonts: FontRegistry, options: UprightOptions, overrides: readonly OrientationOverride[], cjk: boolean): void {
  // Right-to-left runs (their clusters fall) stay whole and sideways.
  if (run.clusters.length > 1 && run.clusters[0]! > run.clusters[run.clusters.length - 1]!) {
    out.push(run);
    return;
  }
  const face = fonts.get(run.font);
  const k = face ? run.size / face.upem : 0;
  const spans = spansOf(run, options, overrides, cjk);
  if (spans.length === 1 && !spans[0]!.upright) {
    out.push(run);
    return;
  }
  spans.forEach(({ from, to, upright }, s) => {
    const piece = sliceRun(run, from, to, s === spans.length - 1);
    if (!upright) {
      out.push(piece);
      return;
    }
    if (face && to - from === 1) piece.glyphs = [verticalForm(face, piece.glyphs[0]!, piece.text.trimEnd())];
    // The em square's middle: halfway along the piece (its pen positions to past its last glyph), midway between ascender and descender.
    const right = run.xs[to - 1]! + (face ? face.glyphAdvance(run.glyphs[to - 1]!) * k : run.size);
    const cx = (run.xs[from]! + right) / 2;
    // A raised or lowered piece (a note mark, dys) turns about its own em square, so its offset stays
    // across the line: a superior note mark sits at the line's right side, as vertical setting puts it.
    const cy = run.y + (run.dys?.[from] ?? 0) + flowAxis(run.size);
    // A piece wider than an em (a long tate-chū-yoko number) narrowed to one across the line.
    out.push({ op: Op.Transform, matrix: uprightPieceMatrix(cx, cy, right - run.xs[from]!, run.size) }, piece, { op: Op.TransformEnd });
  });
}

/** Glyphs `[from, to)` of a run as a run of their own, with their text and source offsets. */
function sliceRun(run: GlyphRunItem, from: number, to: number, last: boolean): GlyphRunItem {
  const start = run.clusters[from]!;
  const stop = to < run.clusters.length ? run.clusters[to]! : run.text.length;
  const { srcMap, dys, line, ...rest } = run;
  const piece: GlyphRunItem = {
    ...rest,
    glyphs: run.glyphs.slice(from, to),
    xs: run.xs.slice(from, to),
    text: run.text.slice(start, stop),
    clusters: run.clusters.slice(from, to).map((c) => c - start),
    srcFrom: run.srcFrom < 0 || srcMap ? -1 : run.srcFrom + start,
  };
  if (dys) piece.dys = dys.slice(from, to);
  if (srcMap) {
    // Offsets listed: the piece's share, dropped again when they run on from its first.
    const map = srcMap.slice(start, stop);
    const first = map.find((o) => o >= 0);
    if (first !== undefined) {
      piece.srcFrom = first;
      if (map.some((o, t) => o !== first + t)) piece.srcMap = map;
    }
  }
  // The line record on every piece (checks and labels read its block); a hyphen only ends the last.
  if (line) piece.line = last || !line.hyphenated ? line : withoutHyphen(line);
  return piece;
}

function withoutHyphen(line: LineInfo): LineInfo {
  const { hyphenated: _, ...rest } = line;
  return rest;
}
