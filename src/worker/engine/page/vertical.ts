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
 * with vertical design text): each CJK glyph, in its `vert` form where the face has one, and each
 * number of at most `cjk.uprightDigits` digits (tate-chū-yoko; narrowed to one em when wider, and
 * in Japanese `!!` `!?` `?!` `??` too) stands upright in a group turned back about the middle of
 * its em square; Latin words and longer numbers stay sideways. The pieces
 * keep the flow's coordinates and their source offsets, so hit tests and selection rectangles
 * (engine/query.ts, through the groups' matrices) land where the glyphs are drawn. All lengths pt.
 */
import { Op, roundPt, type DisplayItem, type GlyphRunItem, type LineInfo, type Matrix } from '../../protocol/displaylist';
import type { FontRegistry } from '../fonts/registry';
import type { LayoutSettings } from '../settings';
import { emMiddle, UPRIGHT, uprightPieceMatrix, uprightSpans, verticalForm, verticalMatrix } from './furniture-letters';

/**
 * A page's flow items drawn on the sheet: unchanged in a horizontal book; in vertical text turned
 * a quarter clockwise about the sheet (flow (x, y) → sheet (pageWidth − y, x)), CJK upright.
 */
export function flowOntoSheet(items: DisplayItem[], settings: LayoutSettings, fonts: FontRegistry): DisplayItem[] {
  if (!settings.vertical || items.length === 0) return items;
  return [{ op: Op.Transform, matrix: verticalMatrix(0, 0, settings.pageWidth) }, ...uprightItems(items, fonts, settings.vertical.uprightDigits, settings.vertical.uprightMarks), { op: Op.TransformEnd }];
}

/**
 * The matrix turning items drawn at sheet coordinates back from the flow's quarter turn (flow
 * (x, y) = (sheet y, pageWidth − sheet x)): inside the turned page it leaves them where they are
 * on the sheet — part designs, placed on the sheet like running heads (page/paginate.ts).
 */
export function sheetFromFlow(settings: LayoutSettings): Matrix {
  return [0, -1, 1, 0, 0, roundPt(settings.pageWidth)];
}

/**
 * Items with the glyph runs of lines holding CJK text cut into sideways and upright pieces. A
 * line is the consecutive runs on one baseline; runs already inside a Transform group (turned
 * design text of a part page) are left as they are.
 */
export function uprightItems(items: readonly DisplayItem[], fonts: FontRegistry, maxDigits: number, marks = false): DisplayItem[] {
  const out: DisplayItem[] = [];
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
    if (!line.some((run) => UPRIGHT.test(run.text))) out.push(...line);
    else for (const run of line) pushPieces(out, run, fonts, maxDigits, marks);
    i = j;
  }
  return out;
}

/** A run's pieces: sideways stretches as runs, upright ones each in a group turned back about its em square's middle. */
function pushPieces(out: DisplayItem[], run: GlyphRunItem, fonts: FontRegistry, maxDigits: number, marks: boolean): void {
  // Right-to-left runs (their clusters fall) stay whole and sideways.
  if (run.clusters.length > 1 && run.clusters[0]! > run.clusters[run.clusters.length - 1]!) {
    out.push(run);
    return;
  }
  const face = fonts.get(run.font);
  const k = face ? run.size / face.upem : 0;
  const spans = uprightSpans(run.text, run.clusters, maxDigits, marks);
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
    const cy = run.y + (run.dys?.[from] ?? 0) + emMiddle(face, run.size);
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
