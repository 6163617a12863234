import type { LineBreak } from '../text/items';
import type { Item } from '../text/items';
import type { ShapedPiece, WordPayload } from './items';

/** A glyph run positioned relative to its line's start (x from the line's left edge, pt). */
export interface LineRun {
  fontId: string;
  size: number;
  colour: string;
  glyphs: number[];
  /** Pen x of each glyph from the line's left edge, pt. */
  xs: number[];
  /** Vertical offset of each glyph, pt, positive down. */
  dys: number[];
  text: string;
  clusters: number[];
  offsets: number[];
}

export interface SetLine {
  runs: LineRun[];
  /** Natural-or-adjusted width actually used, pt. */
  width: number;
  /** The breaker's adjustment ratio (kept even when the line is set ragged). */
  ratio: number;
  hyphenated: boolean;
  /** Spaces would pass 3× normal: the line is set with natural spaces instead. */
  ragged: boolean;
  emergency: boolean;
  /** Source range covered, UTF-16 offsets in the chapter file. */
  srcFrom: number;
  srcTo: number;
}

/**
 * Phase 4: breaks → lines. Glue takes its natural width adjusted by the line's ratio
 * (stretch when r > 0, shrink when r < 0), which is how justified lines get exact word
 * positions; the glue at a break is dropped.
 */
export function setLines(items: readonly Item<WordPayload>[], breaks: readonly LineBreak[]): SetLine[] {
  const lines: SetLine[] = [];
  let start = 0;
  for (const brk of breaks) {
    // Skip discardable items at the start of the line (glue and penalties after a break).
    while (start < brk.position && items[start]!.type !== 'box') start++;
    // A line whose spaces would pass 3× normal is set ragged instead (configuration.md §6.3).
    const ragged = (brk as LineBreak & { ragged?: boolean }).ragged === true;
    const ratio = Number.isFinite(brk.ratio) ? brk.ratio : 0;
    /** The ratio glue is set with: natural spaces for a ragged-set line. */
    const applied = ragged ? 0 : ratio;
    const runs: LineRun[] = [];
    let x = 0;
    let pendingSpace = false;
    let srcFrom = Infinity;
    let srcTo = -Infinity;
    for (let i = start; i < brk.position; i++) {
      const item = items[i]!;
      if (item.type === 'box') {
        for (const piece of item.payload?.pieces ?? []) {
          appendPiece(runs, piece, x, pendingSpace);
          pendingSpace = false;
          x += piece.width;
          if (piece.offsets.length > 0) {
            srcFrom = Math.min(srcFrom, piece.offsets[0]!);
            srcTo = Math.max(srcTo, piece.offsets[piece.offsets.length - 1]! + 1);
          }
        }
        if ((item.payload?.pieces.length ?? 0) === 0) x += item.width;
      } else if (item.type === 'glue') {
        x += item.width + (applied >= 0 ? applied * item.stretch : applied * item.shrink);
        pendingSpace = true;
      }
    }
    const end = items[brk.position]!;
    const hyphenated = end.type === 'penalty' && end.flagged && end.width > 0;
    if (end.type === 'penalty' && end.payload) {
      // The break adds something (the hyphen): set it at the end of the line.
      for (const piece of end.payload.pieces) {
        appendPiece(runs, piece, x, false);
        x += piece.width;
      }
    }
    lines.push({
      runs,
      width: x,
      ratio,
      hyphenated,
      ragged,
      emergency: brk.emergency === true,
      srcFrom: Number.isFinite(srcFrom) ? srcFrom : 0,
      srcTo: Number.isFinite(srcTo) ? srcTo : 0,
    });
    start = brk.position + 1;
  }
  return lines;
}

/** Adds a piece to the last run when the style matches (one run per style per line), else starts a run. */
function appendPiece(runs: LineRun[], piece: ShapedPiece, x: number, spaceBefore: boolean): void {
  const last = runs[runs.length - 1];
  let run: LineRun;
  if (last && last.fontId === piece.face.id && last.size === piece.style.size && last.colour === piece.style.colour) {
    run = last;
    if (spaceBefore) {
      // Keep the word space in the run's text so extracted text has its spaces. It maps to the
      // source character right after the previous word (the space, or a joined line's newline).
      run.text += ' ';
      run.offsets.push((run.offsets[run.offsets.length - 1] ?? -2) + 1);
    }
  } else {
    run = { fontId: piece.face.id, size: piece.style.size, colour: piece.style.colour, glyphs: [], xs: [], dys: [], text: '', clusters: [], offsets: [] };
    runs.push(run);
  }
  const scale = piece.style.size / piece.face.upem;
  const textBase = run.text.length;
  const shaped = piece.shaped;
  let pen = x;
  for (let g = 0; g < shaped.glyphs.length; g++) {
    run.glyphs.push(shaped.glyphs[g]!);
    run.xs.push(pen + shaped.xOffsets[g]! * scale);
    run.dys.push(-shaped.yOffsets[g]! * scale - piece.rise);
    run.clusters.push(textBase + shaped.clusters[g]!);
    pen += shaped.advances[g]! * scale;
  }
  run.text += piece.text;
  run.offsets.push(...piece.offsets);
}
