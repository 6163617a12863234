/**
 * Warichu, phase 4b (with lines.ts): the note's segment on a set line (paragraph/warichu.ts), read
 * back from the line's unit boxes, set as two rows of glyph runs of the line.
 *
 * Rows (document-format §18.4 "two half-size rows inside the line"): the segment's characters are
 * cut into two rows of about one length (`splitPoint`: half and half in CJK text, the first row
 * taking the odd character), the first row on top. Both rows together stand
 * on the line's ideographic centre (0.38 em over the baseline: the em box runs from −0.12 to 0.88
 * em, collect.ts `EM_BOX_TOP`), the top row's em box on it, the bottom row's hanging from it: at
 * the default half size the two rows fill the line's em box exactly, and the pitch never changes.
 * Along the line a row fills the room its units were given (spread like a justified row when the
 * line stretched them); a shorter last bottom row keeps the top row's pitch, so its characters
 * stand under those of the top row.
 *
 * Reading order (the PDF text layer, our choice): the rows' runs are put among the line's runs at
 * the note's place — a text run the note interrupts is cut in two there — so a line's text reads
 * the text before the note, its bracket, the top row, the bottom row, then what follows.
 */
import { EM_BOX_TOP } from './collect';
import { runSize, runSizeIndex, type LineBox, type LineRun } from './lines';
import { warichuUnitOf, type WarichuNote } from './warichu';

/** Where one note's segment stands on a line: characters [first, end), from `left` to `right` pt. */
interface Segment {
  note: WarichuNote;
  first: number;
  end: number;
  left: number;
  right: number;
}

/** Adds the rows of every note segment on the line to `runs` (x from the line's left edge, as the runs'), in reading order. */
export function placeWarichuRows(runs: LineRun[], boxes: readonly LineBox[]): void {
  let segments: Map<WarichuNote, Segment> | null = null;
  for (const box of boxes) {
    const unit = warichuUnitOf(box.look);
    if (!unit) continue;
    segments ??= new Map();
    const known = segments.get(unit.note);
    if (!known) segments.set(unit.note, { note: unit.note, first: unit.first, end: unit.end, left: box.x, right: box.x + box.width });
    else {
      known.first = Math.min(known.first, unit.first);
      known.end = Math.max(known.end, unit.end);
      known.left = Math.min(known.left, box.x);
      known.right = Math.max(known.right, box.x + box.width);
    }
  }
  if (!segments) return;
  for (const segment of segments.values()) {
    const rows = rowRuns(segment);
    runs.splice(insertionIndex(runs, (segment.left + segment.right) / 2), 0, ...rows);
  }
}

/** The two rows' runs of a segment, the top row's first. */
function rowRuns(segment: Segment): LineRun[] {
  const { note, first, end, left, right } = segment;
  const shaped = note.shaped!;
  const widthOf = (from: number, to: number): number => {
    let w = 0;
    for (let c = from; c < to; c++) w += shaped[c]!.width;
    return w;
  };
  const split = splitPoint(note, first, end);
  const room = right - left;
  // A word space at either end of a row (a Latin note cut at its spaces) takes no room there.
  const [topFrom, topTo] = inked(note, first, split);
  const [bottomFrom, bottomTo] = inked(note, split, end);
  const topCount = topTo - topFrom;
  const bottomCount = bottomTo - bottomFrom;
  // Extra room between two characters of a row, pt: the row spread to the segment's width.
  const topGap = topCount > 1 ? (room - widthOf(topFrom, topTo)) / (topCount - 1) : 0;
  // The bottom row fills the room too when it has as many characters; a shorter one (the note's last
  // segment, odd) keeps the top row's pitch — unless that would carry it past the segment's end.
  const bottomFill = bottomCount > 1 ? (room - widthOf(bottomFrom, bottomTo)) / (bottomCount - 1) : 0;
  const bottomGap = bottomCount === topCount ? bottomFill : bottomCount > 1 ? Math.min(topGap, bottomFill) : Math.min(topGap, 0);
  return [...row(note, first, split, [topFrom, topTo], left, topGap, true), ...row(note, split, end, [bottomFrom, bottomTo], left, bottomGap, false)];
}

/** Characters [from, to) less the word spaces at either end: the part of a row that takes room. */
function inked(note: WarichuNote, from: number, to: number): [number, number] {
  const blank = (c: number): boolean => /^[ \u00a0]$/u.test(note.chars[c]!.text);
  let a = from;
  let b = to;
  while (a < b && blank(a)) a++;
  while (b > a && blank(b - 1)) b--;
  return [a, b];
}

/**
 * Where a segment's characters [first, end) are cut into its two rows: the cut that makes the longer
 * row shortest, the top row taking the odd character on a tie — for characters of one width (CJK
 * text) half and half, the top row one longer when the count is odd; with Latin letters or digits
 * among them, rows of about one width rather than one count (the segment was given the mean of the
 * two, paragraph/warichu.ts, so neither row then has to be squeezed much to fit it).
 */
function splitPoint(note: WarichuNote, first: number, end: number): number {
  const shaped = note.shaped!;
  let total = 0;
  for (let c = first; c < end; c++) total += shaped[c]!.width;
  let best = end;
  let bestLonger = Infinity;
  let bestTopLonger = false;
  let top = 0;
  for (let cut = first + 1; cut <= end; cut++) {
    top += shaped[cut - 1]!.width;
    const longer = Math.max(top, total - top);
    const topLonger = top >= total - top - 1e-6;
    // Lengths within 1e-6 pt tie: then the cut whose top row is at least as long as the bottom one.
    if (longer < bestLonger - 1e-6 || (longer <= bestLonger + 1e-6 && topLonger && !bestTopLonger)) {
      best = cut;
      bestLonger = longer;
      bestTopLonger = topLonger;
    }
  }
  return best;
}

/**
 * One row's runs: characters [from, to) from `x` pt, `gap` pt between characters; `top`: the upper
 * row. Characters outside `ink` (spaces at the row's ends) keep their place in the text but no advance.
 */
function row(note: WarichuNote, from: number, to: number, ink: [number, number], x: number, gap: number, top: boolean): LineRun[] {
  const runs: LineRun[] = [];
  let run: LineRun | null = null;
  let listed: number[] = [];
  const shaped = note.shaped!;
  let pen = x;
  for (let c = from; c < to; c++) {
    const ch = note.chars[c]!;
    const glyphs = shaped[c]!;
    const base = ch.style.size;
    // The line's ideographic centre over the baseline, pt; the row's baseline offset from the line's (pt, positive down).
    const centre = (EM_BOX_TOP - 0.5) * base;
    const dy = top ? -(centre + (1 - EM_BOX_TOP) * glyphs.size) : -(centre - EM_BOX_TOP * glyphs.size);
    if (!run || run.fontId !== glyphs.fontId || runSize(run) !== glyphs.size || run.colour !== glyphs.colour) {
      if (run) runs.push(finish(run, listed));
      run = { fontId: glyphs.fontId, sizeIndex: runSizeIndex(glyphs.size), colour: glyphs.colour, glyphs: [], xs: [], dys: [], text: '', clusters: [] };
      listed = [];
    }
    let advance = pen;
    for (let g = 0; g < glyphs.glyphs.length; g++) {
      run.glyphs.push(glyphs.glyphs[g]!);
      run.xs.push(advance + glyphs.xOffsets[g]!);
      run.dys!.push(dy - glyphs.yOffsets[g]!);
      run.clusters.push(run.text.length + glyphs.clusters[g]!);
      advance += glyphs.advances[g]!;
    }
    run.text += ch.text;
    listed.push(...ch.offsets);
    if (c >= ink[0] && c < ink[1]) pen += glyphs.width + gap;
  }
  if (run) runs.push(finish(run, listed));
  return runs;
}

/** The run with its source offsets: kept as `from` when consecutive (as lines.ts keeps them), else listed. */
function finish(run: LineRun, offsets: number[]): LineRun {
  const consecutive = offsets.length > 0 && offsets[0]! >= 0 && offsets.every((o, k) => o === offsets[0]! + k);
  if (consecutive) {
    run.from = offsets[0]!;
    run.hyphen = false;
  } else run.offsets = offsets;
  return run;
}

/**
 * Where the rows of a note centred at `middle` pt go in the line's runs: after the runs before it.
 * A left-to-right text run with glyphs on both sides of the note is cut there first.
 */
function insertionIndex(runs: LineRun[], middle: number): number {
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r]!;
    if (run.rtl || run.ruby || run.xs.length === 0) continue;
    if (run.xs[0]! >= middle) return r;
    const cut = run.xs.findIndex((x) => x >= middle);
    if (cut > 0) {
      runs.splice(r, 1, ...cutRun(run, cut));
      return r + 1;
    }
  }
  return runs.length;
}

/** A left-to-right run cut before glyph `g` into two runs (text, clusters and offsets cut with it). */
function cutRun(run: LineRun, g: number): [LineRun, LineRun] {
  const at = run.clusters[g]!;
  const offsets = run.offsets;
  const part = (from: number, to: number, unitFrom: number, unitTo: number): LineRun => {
    const piece: LineRun = { fontId: run.fontId, sizeIndex: run.sizeIndex, colour: run.colour, glyphs: run.glyphs.slice(from, to), xs: run.xs.slice(from, to), text: run.text.slice(unitFrom, unitTo), clusters: run.clusters.slice(from, to).map((c) => c - unitFrom) };
    if (run.dys) piece.dys = run.dys.slice(from, to);
    if (offsets) piece.offsets = offsets.slice(unitFrom, unitTo);
    else {
      piece.from = run.from! + unitFrom;
      // A hyphen added at the break is the run's last unit: it stays with the second part.
      piece.hyphen = unitTo === run.text.length && run.hyphen === true;
    }
    if (run.overline) piece.overline = true;
    if (run.cjkMarks) piece.cjkMarks = run.cjkMarks;
    return piece;
  };
  return [part(0, g, 0, at), part(g, run.glyphs.length, at, run.text.length)];
}
