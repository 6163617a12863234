import type { RunBoxLook } from './run-box';
import type { FontSubstitution } from '../fonts/registry';
import { ShapedGlyphs } from '../fonts/shaped-glyphs';
import { doubleColumn, SEGMENT_WORDS, segmentShifted, SetRun, type Elongation } from './set-run';
import { visualOrder, type Direction } from '../text/bidi';
import type { LineBreak } from '../text/items';
import type { Item } from '../text/items';
import { pieceOffset, pieceOffsetCount, pieceOffsets, type KashidaSite, type ShapedPiece, type WordPayload } from './items';
import { KIND_BOX, KIND_GLUE, KIND_PENALTY } from '../text/linebreak';
import { ITEM_BYTES, ITEM_LEVEL, ITEM_SPACE, NO_LEVEL, offsetOf, PIECE_DOUBLES, PIECE_INTS, PIECE_LEVEL, PIECE_OFFSET_AT, PIECE_OFFSET_COUNT, PIECE_OFFSET_FIRST, PIECE_RISE, PIECE_SCALE, PIECE_STYLE, PIECE_TEXT_AT, PIECE_WIDTH, type ParagraphColumns } from './columns';
import type { LineFormula } from '../math/inline';
import { rubyReadingRuns } from './ruby-lines';
import { kuntenMarkRuns } from './kunten-lines';
import { placeWarichuRows } from './warichu-lines';
import { warichuUnitSource } from './warichu';
import type { CjkMark } from './cjk-marks';

/** A glyph run positioned relative to its line's start (x from the line's left edge, pt). */
export interface LineRun {
  fontId: string;
  /**
   * The run's type size as an index into the sizes runs are set at (`runSizeIndex`; read the
   * size, pt, with `runSize`): a small integer, where the size itself was a field V8 held as a
   * double — a HeapNumber per run that every major GC marks — once one run (code, a note) was set
   * at a fractional size (issue #6: 23,430 boxes with the bench book kept).
   */
  sizeIndex: number;
  colour: string;
  /** Glyphs in visual order, left to right. */
  glyphs: number[];
  /**
   * Pen x of each glyph from the line's left edge, pt. Never written once the run is set: the
   * page's glyph-run items read their pens from it (page/run-items.ts `PlacedGlyphRun`).
   */
  xs: number[];
  /**
   * Vertical offset of each glyph, pt, positive down; absent while every offset is zero (nearly
   * every run: no array of zeros kept per glyph in the paragraph memo).
   */
  dys?: number[];
  /** The characters shown, in logical order (a right-to-left run's text reads right to left). */
  text: string;
  /** For each glyph, the index in `text` where its cluster starts (decreasing in a right-to-left run). */
  clusters: number[];
  /**
   * Source offset (UTF-16, negative for generated text) of every unit of `text` — absent when
   * they are `from`, `from + 1`, … with `from` ≥ 0, as in nearly every run: an array per run was
   * the largest part of the paragraph memo, and its shifted copies (engine/index.ts) as much
   * again. Read them with `runOffset`/`runOffsets`.
   */
  offsets?: number[] | undefined;
  /** With `offsets` absent: the source offset of text[0] (≥ 0); each unit after it the next. */
  from?: number;
  /**
   * With `offsets` absent: the last unit is a hyphen added at the line break (generated, −1),
   * the units before it consecutive from `from` — a hyphenated line's last run.
   */
  hyphen?: boolean;
  /**
   * A ruby reading (paragraph/ruby-lines.ts) or a kanbun mark (paragraph/kunten-lines.ts): an annotation
   * set after the line's text runs, beside or in the leading, its offsets the directive's (generated).
   */
  ruby?: true;
  /** The run is right to left (its glyphs are in visual order, its text in logical order). */
  rtl?: true;
  /** A line is drawn over the run (`bodyText.emphasis: 'overline'`, page/overline.ts). */
  overline?: true;
  /** CJK marks drawn with the run (paragraph/cjk-marks.ts, page/cjk-marks.ts); the style's list, shared. */
  cjkMarks?: readonly CjkMark[];
  /**
   * The glyph-run item page/run-items.ts last built for the run, handed out again while the run is
   * drawn at the same place (`placedRun`). Undefined until the run is drawn; in the literals of
   * `setLines` and engine/index.ts `movedRun` after `hyphen`, so drawing a run changes no hidden class.
   */
  drawn?: DrawnItem | undefined;
}

/** What page/run-items.ts keeps on a run it has drawn: opaque to the paragraph layer. */
export interface DrawnItem {
  /** Whether the item was built for `run` (not for the run a spread copied it from). */
  builtFrom(run: LineRun): boolean;
}

/** Source offset of unit `unit` of the run's text. */
export function runOffset(run: LineRun, unit: number): number {
  if (run.offsets) return run.offsets[unit]!;
  return run.hyphen === true && unit === run.text.length - 1 ? -1 : run.from! + unit;
}

/** The type sizes runs are set at, pt, each once, in the order first met: a few per book, one more for each size a design tries (never emptied: 8 bytes each). */
const runSizes: number[] = [];
const runSizeIndices = new Map<number, number>();

/** The index of type size `size` (pt) for `LineRun.sizeIndex`, added when first met. */
export function runSizeIndex(size: number): number {
  let index = runSizeIndices.get(size);
  if (index === undefined) {
    index = runSizes.length;
    runSizes.push(size);
    runSizeIndices.set(size, index);
  }
  return index;
}

/** A run's type size, pt. */
export function runSize(run: LineRun): number {
  return runSizes[run.sizeIndex]!;
}

/** Source offsets of every unit of the run's text (the listed ones, or built from `from`). */
export function runOffsets(run: LineRun): number[] {
  if (run.offsets) return run.offsets;
  const out: number[] = [];
  const consecutive = run.hyphen === true ? run.text.length - 1 : run.text.length;
  for (let u = 0; u < consecutive; u++) out.push(run.from! + u);
  if (run.hyphen === true) out.push(-1);
  return out;
}

export interface SetLine {
  runs: LineRun[];
  /** Natural-or-adjusted width actually used, pt. */
  width: number;
  /**
   * Left edge of the line's ink inside the measure, pt: 0 for left-to-right lines; for a
   * right-to-left paragraph the measure minus the width, so lines start at the right.
   */
  inset?: number;
  /** The breaker's adjustment ratio (kept even when the line is set ragged). */
  ratio: number;
  hyphenated: boolean;
  /** Spaces would pass 3× normal: the line is set with natural spaces instead. */
  ragged: boolean;
  emergency: boolean;
  /** Source range covered, UTF-16 offsets in the chapter file. */
  srcFrom: number;
  srcTo: number;
  /** Face ids used on the line, sorted (issue: every line records the fonts used). */
  fonts?: string[];
  /** Characters set in a fallback face, or missing from every face, on this line. */
  substitutions?: FontSubstitution[];
  /** Inline formulas (slices) on the line, x from the line's left edge (engine/math). */
  formulas?: LineFormula[];
  /** Boxes behind runs on the line (chips, boxed inline code: paragraph/run-box.ts; drawn by page/run-boxes.ts). */
  boxes?: LineBox[];
}

/** A box behind a run of a set line: from `x` (pt from the line's left edge, as the runs' pens) `width` pt wide, padding and outline included. */
export interface LineBox {
  x: number;
  width: number;
  look: RunBoxLook;
}

/** How lines are placed in their measure. */
export interface LineLayout {
  /** Base direction: right-to-left lines start at the right edge of the measure. */
  direction: Direction;
  /** Line measure, pt; an unbounded measure (≥ UNBOUNDED_MEASURE) has no right edge to align to. */
  measure: number;
  /** Hanging indent, pt: lines after the first start this much in from the start edge (their `inset`). Absent = 0. */
  hang?: number;
  /** The first line is hung too. */
  hangFirst?: boolean;
  /** A drop cap's room: the first `lines` lines start `width` pt further in from the start edge. Absent = none. */
  initialRoom?: { lines: number; width: number };
}

/** Measures at least this wide (generated one-line texts) are not aligned to their right edge. */
export const UNBOUNDED_MEASURE = 1e5;

/**
 * The elements of the line being set, in logical order, as columns: a shaped piece (`elPiece`)
 * or a space (a glue or an indent: `elPiece` null, `elWidth` pt, `elTyped` for a typed space),
 * each with its bidi level and, for a kashida-justified piece, its elongations. Reused from line
 * to line (one object per word and line was the set lines phase's largest allocation).
 */
const elPiece: (ShapedPiece | null)[] = [];
/** The `from` of the box item holding the piece: what its relative offsets count from (items.ts `pieceOffset`). */
const elBase: number[] = [];
const elLevel: number[] = [];
const elWidth: number[] = [];
const elTyped: boolean[] = [];
const elElongations: (Elongation[] | undefined)[] = [];
/** For a space element: the box whose padding it is (items.ts `boxSide`), else undefined. */
const elBox: (RunBoxLook | undefined)[] = [];

/** Appends a space element at `count`; returns the new count. */
function addSpace(count: number, width: number, level: number, typed: boolean): number {
  elPiece[count] = null;
  elLevel[count] = level;
  elWidth[count] = width;
  elTyped[count] = typed;
  elElongations[count] = undefined;
  elBox[count] = undefined;
  return count + 1;
}


/**
 * Phase 4: breaks → lines. Glue takes its natural width adjusted by the line's ratio
 * (stretch when r > 0, shrink when r < 0), which is how justified lines get exact word
 * positions; the glue at a break is dropped. Each line is then put in visual order by the bidi
 * rule L2 — per line, after breaking, so a right-to-left paragraph's first words are at the
 * right of its first line — and placed from the right edge in a right-to-left paragraph.
 */
export function setLines(items: readonly Item<WordPayload>[], breaks: readonly LineBreak[], layout: LineLayout = { direction: 'ltr', measure: 0 }): SetLine[] {
  // One slot per break, filled in order: the paragraph memo keeps this array (grown by push, it
  // had room for 17 lines whatever the paragraph's count).
  const lines = new Array<SetLine>(breaks.length);
  let lineCount = 0;
  const baseLevel = layout.direction === 'rtl' ? 1 : 0;
  let start = 0;
  for (const brk of breaks) {
    // Skip discardable items at the start of the line (glue and penalties after a break; the
    // paragraph's own start keeps them, as in the breaker: a first word's kashida stays).
    if (start > 0) while (start < brk.position && items[start]!.type !== 'box') start++;
    // A line whose spaces would pass 3× normal is set ragged instead (configuration.md §6.3).
    const ragged = (brk as LineBreak & { ragged?: boolean }).ragged === true;
    const ratio = Number.isFinite(brk.ratio) ? brk.ratio : 0;
    /** The ratio glue is set with: natural spaces for a ragged-set line. */
    const applied = ragged ? 0 : ratio;
    // The line's elements in logical order, in the module's scratch columns (`count` of them):
    // no object per word and line. A piece has `elPiece` set; a space has it null.
    let count = 0;
    let substitutions: FontSubstitution[] | null = null;
    let srcFrom = Infinity;
    let srcTo = -Infinity;
    let lastLevel = baseLevel;
    /** The stretched kashida glue before the next word, shared by its sites. */
    let kashida: { sites: KashidaSite[]; width: number } | null = null;
    for (let i = start; i < brk.position; i++) {
      const item = items[i]!;
      if (item.type === 'box') {
        const pieces = item.payload?.pieces ?? [];
        const base = item.from ?? 0;
        for (let p = 0; p < pieces.length; p++) {
          const piece = pieces[p]!;
          // Most words have no kashida: no per-piece arrays for them (this loop runs per word).
          const elongations = kashida && kashida.width > 0 ? kashida.sites.filter((site) => site.piece === p).map((site) => ({ site, width: kashida!.width / kashida!.sites.length })) : null;
          elPiece[count] = piece;
          elBase[count] = base;
          elLevel[count] = piece.level;
          elWidth[count] = 0;
          elTyped[count] = false;
          elElongations[count] = elongations && elongations.length > 0 ? elongations : undefined;
          count++;
          lastLevel = piece.level;
          const units = pieceOffsetCount(piece);
          if (units > 0) {
            srcFrom = Math.min(srcFrom, pieceOffset(piece, 0, base));
            srcTo = Math.max(srcTo, pieceOffset(piece, units - 1, base) + 1);
          }
        }
        kashida = null;
        if (item.payload?.substitutions) (substitutions ??= []).push(...item.payload.substitutions);
        const repeat = item.payload?.repeat;
        if (repeat && i === start && start > 0) {
          // The line broke at a compound's hyphen: it is repeated here (bodyText.repeatHyphen, items.ts
          // repeatedHyphenItems). Generated text: no source offset, the line's source range unchanged.
          elPiece[count] = repeat;
          elBase[count] = 0;
          elLevel[count] = repeat.level;
          elWidth[count] = 0;
          elTyped[count] = false;
          elElongations[count] = undefined;
          count++;
          lastLevel = repeat.level;
        } else if (pieces.length === 0) {
          count = addSpace(count, item.width, item.payload?.level ?? baseLevel, false);
          elBox[count - 1] = item.payload?.box;
          // A warichu unit (paragraph/warichu.ts) stands for note characters: the line covers their source.
          const note = item.payload?.box ? warichuUnitSource(item.payload.box) : null;
          if (note) {
            srcFrom = Math.min(srcFrom, note.from);
            srcTo = Math.max(srcTo, note.to);
          }
        }
      } else if (item.type === 'glue') {
        const width = item.width + (applied >= 0 ? applied * item.stretch : applied * item.shrink);
        if (item.payload?.kashida) {
          // Elongation of the next word: drawn inside it, not as space.
          kashida = { sites: item.payload.kashida, width };
          continue;
        }
        // A glue that stands for a typed space keeps a space in the run's text; a CJK gap does not.
        count = addSpace(count, width, item.payload?.level ?? baseLevel, item.payload?.space === true);
      }
    }
    const end = items[brk.position]!;
    const hyphenated = end.type === 'penalty' && end.flagged && end.width > 0;
    if (end.type === 'penalty' && end.payload) {
      // The break adds something (the hyphen): set it at the logical end of the line.
      for (const piece of end.payload.pieces) {
        elPiece[count] = piece;
        elBase[count] = 0;
        elLevel[count] = lastLevel;
        elWidth[count] = 0;
        elTyped[count] = false;
        elElongations[count] = undefined;
        count++;
      }
    }
    // Rule L1: space at the end of a line takes the paragraph level (the glue at the break is
    // already dropped; trailing fixed boxes are kept).
    for (let k = count - 1; k >= 0 && elPiece[k] === null; k--) elLevel[k] = baseLevel;
    // Rule L2 only reorders when some element has a non-zero level: an all-left-to-right line
    // (nearly every line of a Latin book) is already in visual order, so no order array for it.
    let mixed = false;
    for (let e = 0; e < count && !mixed; e++) mixed = elLevel[e] !== 0;
    const order = mixed ? visualOrder(elLevel.slice(0, count)) : null;
    builderCount = 0;
    segmentCount = 0;
    markCount = 0;
    partCount = 0;
    let x = 0;
    let spaceBefore = false;
    let formulas: LineFormula[] | null = null;
    let boxes: LineBox[] | null = null;
    for (let k = 0; k < count; k++) {
      const e = order === null ? k : order[k]!;
      const piece = elPiece[e] ?? null;
      if (piece === null) {
        const box = elBox[e];
        // A box spans its two padding sides, whatever their visual order (paragraph/run-box.ts).
        if (box) boxes = spanBox(boxes, box, x, x + elWidth[e]!);
        x += elWidth[e]!;
        spaceBefore = spaceBefore || elTyped[e]!;
        continue;
      }
      if (piece.formula) {
        // An inline formula's slice: no glyphs, its paths are placed with the line (engine/math).
        (formulas ??= []).push({ ...piece.formula, x });
        x += piece.width;
        continue;
      }
      const elongations = elElongations[e];
      // Text in a box widens it (a box broken across lines: its part on this line; paragraph/run-box.ts).
      if (piece.style.box) boxes = spanBox(boxes, piece.style.box, x, x + piece.width);
      appendPiece(piece, elBase[e]!, x, spaceBefore, elongations);
      spaceBefore = false;
      x += piece.width + (elongations?.reduce((w, el) => w + el.width, 0) ?? 0);
    }
    // The scratch columns hold no piece past this line (the memo must not be kept alive by them).
    elPiece.fill(null, 0, count);
    elElongations.fill(undefined, 0, count);
    elBox.fill(undefined, 0, count);
    const inset = lineInset(layout, baseLevel, lineCount, x);
    if (inset > 0 && boxes) for (const box of boxes) box.x += inset;
    const runs = finishRuns(inset);
    // Warichu rows among the text runs, at the note's place in reading order (paragraph/warichu-lines.ts).
    if (boxes) placeWarichuRows(runs, boxes);
    // Ruby readings over their bases' boxes, after the text, kept within the line's ends (paragraph/ruby-lines.ts).
    if (boxes) runs.push(...rubyReadingRuns(boxes, inset, inset + x));
    // Kanbun marks after their characters, then the 竪点 hairlines among the boxes (paragraph/kunten-lines.ts).
    if (boxes) runs.push(...kuntenMarkRuns(boxes, inset + x));
    if (inset > 0 && formulas) for (const formula of formulas) formula.x += inset;
    const fonts = runs.length === 1 ? oneFont(runs[0]!.fontId) : [...new Set(runs.map((r) => r.fontId))].sort();
    // Optional fields are assigned rather than spread from `cond ? {…} : {}`: a spread after the
    // first property is a runtime call and a throwaway object per line (the same keys; nothing reads their order).
    const line = newLine(runs, x, ratio, hyphenated, ragged, brk.emergency === true, srcFrom, srcTo, inset, fonts, substitutions, formulas);
    if (boxes) line.boxes = boxes;
    lines[lineCount++] = line;
    start = brk.position + 1;
  }
  return lines;
}

/** The line's boxes with `look`'s span grown to cover [left, right) pt. */
function spanBox(boxes: LineBox[] | null, look: RunBoxLook, left: number, right: number): LineBox[] {
  const list = boxes ?? [];
  const known = list.find((b) => b.look === look);
  if (!known) list.push({ x: left, width: right - left, look });
  else {
    const end = Math.max(known.x + known.width, right);
    known.x = Math.min(known.x, left);
    known.width = end - known.x;
  }
  return list;
}

/**
 * Where line `index` (of natural-or-adjusted width `width`) starts inside the measure, pt: a
 * right-to-left line from the right edge, a turnover under a hanging indent `hang` and a line
 * beside a drop cap (`initialRoom`) in from the start edge (the right one in right-to-left text).
 */
function lineInset(layout: LineLayout, baseLevel: number, index: number, width: number): number {
  const room = layout.initialRoom && index < layout.initialRoom.lines ? layout.initialRoom.width : 0;
  const lead = (index > 0 || layout.hangFirst === true ? (layout.hang ?? 0) : 0) + room;
  if (baseLevel === 1 && layout.measure < UNBOUNDED_MEASURE) return Math.max(0, layout.measure - lead - width);
  return lead;
}

/**
 * `[fontId]` for a line set in one face (nearly every line), one array per face shared by all
 * such lines (read-only, like the lines): not one per line the paragraph memo keeps.
 */
const singleFonts = new Map<string, string[]>();
function oneFont(fontId: string): string[] {
  let fonts = singleFonts.get(fontId);
  if (fonts === undefined) singleFonts.set(fontId, (fonts = [fontId]));
  return fonts;
}

/**
 * A set line; the optional fields after the others, in this order. The usual line (fonts, no
 * inset, substitutions or formulas) is one literal: a field added to an object after it is built
 * goes to a separate property array (~40 bytes more per line the paragraph memo keeps).
 */
function newLine(runs: LineRun[], width: number, ratio: number, hyphenated: boolean, ragged: boolean, emergency: boolean, srcFrom: number, srcTo: number, inset: number, fonts: string[], substitutions: FontSubstitution[] | null, formulas: LineFormula[] | null): SetLine {
  const from = Number.isFinite(srcFrom) ? srcFrom : 0;
  const to = Number.isFinite(srcTo) ? srcTo : 0;
  if (!(inset > 0) && fonts.length > 0 && !substitutions && !formulas) return { runs, width, ratio, hyphenated, ragged, emergency, srcFrom: from, srcTo: to, fonts };
  const line: SetLine = { runs, width, ratio, hyphenated, ragged, emergency, srcFrom: from, srcTo: to };
  if (inset > 0) line.inset = inset;
  if (fonts.length > 0) line.fonts = fonts;
  if (substitutions) line.substitutions = substitutions;
  if (formulas) line.formulas = formulas;
  return line;
}

/**
 * A set line moved in the source (engine/index.ts: an edit before its paragraph): the same fields in
 * `newLine`'s literals and order, `boxes` last as `setLines` adds them. A spread copy
 * (`{ ...line, srcFrom }`) is an object of another hidden class: every optimised reader of lines
 * (notes, markers, foot floats, `emit`) was thrown back to the interpreter by the first moved line
 * it met ("wrong map"), once per edit session, in the first edits after a book opens.
 */
export function movedLine(line: SetLine, srcFrom: number, srcTo: number, runs: LineRun[], formulas: LineFormula[] | undefined): SetLine {
  const { width, ratio, hyphenated, ragged, emergency, inset, fonts, substitutions, boxes } = line;
  if (inset === undefined && fonts !== undefined && substitutions === undefined && formulas === undefined && boxes === undefined) {
    return { runs, width, ratio, hyphenated, ragged, emergency, srcFrom, srcTo, fonts };
  }
  const moved: SetLine = { runs, width, ratio, hyphenated, ragged, emergency, srcFrom, srcTo };
  if (inset !== undefined) moved.inset = inset;
  if (fonts !== undefined) moved.fonts = fonts;
  if (substitutions !== undefined) moved.substitutions = substitutions;
  if (formulas !== undefined) moved.formulas = formulas;
  if (boxes !== undefined) moved.boxes = boxes;
  return moved;
}

/** For `setColumnLines`: the piece (index in the columns) of each element, −1 for a space. */
const elColumnPiece: number[] = [];

/** Appends a space element at `count` for `setColumnLines`; returns the new count. */
function addColumnSpace(count: number, width: number, level: number, typed: boolean): number {
  elColumnPiece[count] = -1;
  elLevel[count] = level;
  elWidth[count] = width;
  elTyped[count] = typed;
  return count + 1;
}

/**
 * `setLines` for a kept paragraph (paragraph/columns.ts): the same lines, to the bit, read from
 * its columns. Mirrors `setLines` step for step; paragraphs with kashida or inline formulas are
 * never kept in columns, so neither appears here.
 */
export function setColumnLines(c: ParagraphColumns, breaks: readonly LineBreak[], layout: LineLayout): SetLine[] {
  // One slot per break, filled in order: the paragraph memo keeps this array (grown by push, it
  // had room for 17 lines whatever the paragraph's count).
  const lines = new Array<SetLine>(breaks.length);
  let lineCount = 0;
  const baseLevel = layout.direction === 'rtl' ? 1 : 0;
  const { kind, itemPiece, itemBytes, pieceInts } = c;
  let start = 0;
  for (const brk of breaks) {
    if (start > 0) while (start < brk.position && kind[start] !== KIND_BOX) start++;
    const ragged = (brk as LineBreak & { ragged?: boolean }).ragged === true;
    const ratio = Number.isFinite(brk.ratio) ? brk.ratio : 0;
    const applied = ragged ? 0 : ratio;
    let count = 0;
    let substitutions: FontSubstitution[] | null = null;
    let srcFrom = Infinity;
    let srcTo = -Infinity;
    let lastLevel = baseLevel;
    for (let i = start; i < brk.position; i++) {
      const type = kind[i];
      if (type === KIND_BOX) {
        const first = itemPiece[i]!;
        const end = itemPiece[i + 1]!;
        for (let k = first; k < end; k++) {
          const level = pieceInts[k * PIECE_INTS + PIECE_LEVEL]!;
          elColumnPiece[count] = k;
          elLevel[count] = level;
          elWidth[count] = 0;
          elTyped[count] = false;
          count++;
          lastLevel = level;
          const units = pieceInts[k * PIECE_INTS + PIECE_OFFSET_COUNT]!;
          if (units > 0) {
            srcFrom = Math.min(srcFrom, offsetOf(c, k, 0));
            srcTo = Math.max(srcTo, offsetOf(c, k, units - 1) + 1);
          }
        }
        const recorded = c.substitutions?.get(i);
        if (recorded) (substitutions ??= []).push(...recorded);
        const level = itemBytes[i * ITEM_BYTES + ITEM_LEVEL]!;
        if (end === first) count = addColumnSpace(count, c.width[i]!, level === NO_LEVEL ? baseLevel : level, false);
      } else if (type === KIND_GLUE) {
        const width = c.width[i]! + (applied >= 0 ? applied * c.stretch[i]! : applied * c.shrink[i]!);
        const level = itemBytes[i * ITEM_BYTES + ITEM_LEVEL]!;
        count = addColumnSpace(count, width, level === NO_LEVEL ? baseLevel : level, itemBytes[i * ITEM_BYTES + ITEM_SPACE] === 1);
      }
    }
    const endKind = brk.position < c.n ? kind[brk.position] : -1;
    const hyphenated = endKind === KIND_PENALTY && c.flagged[brk.position] === 1 && c.width[brk.position]! > 0;
    if (endKind === KIND_PENALTY) {
      // The break adds something (the hyphen): set it at the logical end of the line.
      for (let k = itemPiece[brk.position]!, end = itemPiece[brk.position + 1]!; k < end; k++) {
        elColumnPiece[count] = k;
        elLevel[count] = lastLevel;
        elWidth[count] = 0;
        elTyped[count] = false;
        count++;
      }
    }
    // Rule L1, then L2 only when some element has a non-zero level (as in setLines).
    for (let k = count - 1; k >= 0 && elColumnPiece[k]! < 0; k--) elLevel[k] = baseLevel;
    let mixed = false;
    for (let e = 0; e < count && !mixed; e++) mixed = elLevel[e] !== 0;
    const order = mixed ? visualOrder(elLevel.slice(0, count)) : null;
    builderCount = 0;
    segmentCount = 0;
    markCount = 0;
    partCount = 0;
    let x = 0;
    let spaceBefore = false;
    for (let k = 0; k < count; k++) {
      const e = order === null ? k : order[k]!;
      const piece = elColumnPiece[e]!;
      if (piece < 0) {
        x += elWidth[e]!;
        spaceBefore = spaceBefore || elTyped[e]!;
        continue;
      }
      appendColumnPiece(c, piece, x, spaceBefore);
      spaceBefore = false;
      // + 0: setLines adds the piece's (absent) elongations as 0.
      x += c.pieceDoubles[piece * PIECE_DOUBLES + PIECE_WIDTH]! + 0;
    }
    const inset = lineInset(layout, baseLevel, lineCount, x);
    const runs = finishRuns(inset);
    const fonts = runs.length === 1 ? oneFont(runs[0]!.fontId) : [...new Set(runs.map((r) => r.fontId))].sort();
    lines[lineCount++] = newLine(runs, x, ratio, hyphenated, ragged, brk.emergency === true, srcFrom, srcTo, inset, fonts, substitutions, null);
    start = brk.position + 1;
  }
  return lines;
}

/** `appendPiece` for piece `k` of a kept paragraph's columns. */
function appendColumnPiece(c: ParagraphColumns, k: number, x: number, spaceBefore: boolean): void {
  const row = k * PIECE_INTS;
  const rtl = c.pieceInts[row + PIECE_LEVEL]! % 2 === 1;
  const { face, style } = c.runStyles[c.pieceInts[row + PIECE_STYLE]!]!;
  const text = c.text.slice(c.pieceInts[row + PIECE_TEXT_AT]!, c.pieceInts[row + PIECE_INTS + PIECE_TEXT_AT]!);
  const units = c.pieceInts[row + PIECE_OFFSET_COUNT]!;
  const shaped = c.pieceShaped[k]!;
  const rise = c.pieceDoubles[k * PIECE_DOUBLES + PIECE_RISE]!;
  const builder = builderCount > 0 ? lineBuilders[builderCount - 1] : undefined;
  const last = builder?.run;
  if (builder && last && last.fontId === face.id && runSize(last) === style.size && last.colour === style.colour && (last.rtl === true) === rtl && last.overline === style.overline && last.cjkMarks === style.cjkMarks) {
    if (!rtl) {
      if (spaceBefore) {
        addPart(' ');
        builder.length += 1;
        addOffset(builder, nextOffset(lastOffset(builder)));
      }
      addSegment(builder, shaped, x, builder.length, rise, undefined);
      addPart(text);
      builder.length += text.length;
      addColumnOffsets(builder, c, k);
      return;
    }
    const gap = spaceBefore ? 1 : 0;
    const shift = text.length + gap;
    shiftSegments(builder, shift);
    addSegment(builder, shaped, x, 0, rise, undefined);
    if (spaceBefore) builder.parts!.unshift(text, ' ');
    else builder.parts!.unshift(text);
    builder.length += shift;
    const own: number[] = [];
    for (let u = 0; u < units; u++) own.push(offsetOf(c, k, u));
    prependOffsets(builder, own, spaceBefore);
    return;
  }
  const builderOf = newBuilder(new SetRun(face.id, runSizeIndex(style.size), style.colour, text), text, rtl, c.pieceDoubles[k * PIECE_DOUBLES + PIECE_SCALE]!);
  if (style.overline) builderOf.run.overline = true;
  if (style.cjkMarks) builderOf.run.cjkMarks = style.cjkMarks;
  lineBuilders[builderCount++] = builderOf;
  addColumnOffsets(builderOf, c, k);
  addSegment(builderOf, shaped, x, 0, rise, undefined);
}

/** Appends the source offsets of piece `k` of the columns to the run being set. */
function addColumnOffsets(builder: RunBuilder, c: ParagraphColumns, k: number): void {
  const row = k * PIECE_INTS;
  const units = c.pieceInts[row + PIECE_OFFSET_COUNT]!;
  const first = c.pieceInts[row + PIECE_OFFSET_FIRST]!;
  // A piece whose offsets are consecutive (nearly all) continues a consecutive run in one step.
  if (builder.offsets === null && !builder.hyphen && c.pieceInts[row + PIECE_OFFSET_AT]! < 0 && units > 0 && (builder.units === 0 ? first >= 0 : first === builder.from + builder.units)) {
    if (builder.units === 0) builder.from = first;
    builder.units += units;
    return;
  }
  for (let u = 0; u < units; u++) addOffset(builder, offsetOf(c, k, u));
}

/**
 * The segments of the line being set (paragraph/set-run.ts), in visual order, all runs one after
 * the other (a run only ever grows at the line's end): in `segmentWords` two entries per segment,
 * the shaping view of the word's piece and the run-text index its clusters count from (a small
 * integer); in `segmentMarks` each run's inset and scale followed by each segment's pen x; in
 * `segmentRises` each segment's rise. Reused from line to line, so adding a word allocates nothing
 * once the columns are long enough; each finished run gets arrays of exactly its length. Where a
 * run used to copy three numbers per glyph out of the words' shaping results, it keeps these per
 * word and reads the glyphs from the views when asked (`SetRun`).
 */
const segmentWords: (ShapedGlyphs | number)[] = [];
const segmentElongations: (readonly Elongation[] | undefined)[] = [];
/** Columns of doubles (unboxed however they are emptied and refilled). */
const segmentMarks: number[] = doubleColumn();
/** Each segment's rise (pt, up), kept by its run only when one of its segments has one (`RunBuilder.risen`). */
const segmentRises: number[] = doubleColumn();
/** Segments of the current line (`segmentWords` holds twice as many entries), and numbers in `segmentMarks`. */
let segmentCount = 0;
let markCount = 0;

/**
 * The texts of the line's left-to-right runs, one after the other (`partCount` of them), as the
 * segments: a run only ever grows at the line's end, so its parts are
 * `lineParts[partsFrom, partsTo)`, joined once when it is finished. Reused from line to line:
 * each run's own parts array, grown by push, cost ~0.3 kB per line.
 */
const lineParts: string[] = [];
let partCount = 0;

/** Appends a part to the line's last (left-to-right) run. */
function addPart(text: string): void {
  lineParts[partCount++] = text;
}

/** A run being set: its segments are the line's `[segments, next run's segments)`; its text is kept in parts, joined once. */
interface RunBuilder {
  run: SetRun;
  /** The run's first segment among the line's (`segmentWords` from twice it). */
  segments: number;
  /** The run's first number in `segmentMarks` (its inset, then its scale, then its segments'). */
  marks: number;
  /** Pt per font unit of the run's face at its size. */
  scale: number;
  /** Some glyph so far is off the baseline (the run gets `dys`). */
  shifted: boolean;
  /** Some segment so far has kashida elongations. */
  elongated: boolean;
  /** Some segment so far is raised or lowered (a rise that is not +0). */
  risen: boolean;
  /**
   * The run's text in logical order, as pieces, joined when the line is done (one flat string, not
   * a chain of `+=`): a right-to-left run's here (it grows at its logical start); null for a
   * left-to-right run, whose parts are in `lineParts`.
   */
  parts: string[] | null;
  /** A left-to-right run's parts: `lineParts[partsFrom, partCount)` while it is the line's last run. */
  partsFrom: number;
  /** Length of the run's text so far, UTF-16 units. */
  length: number;
  /** Source offsets given so far (one per unit of text). */
  units: number;
  /** While `offsets` is null: the source offset of the run's first unit (≥ 0); the others follow one by one. */
  from: number;
  /** The run's offsets, listed once they stopped being consecutive (or started negative); null before. */
  offsets: number[] | null;
  /** While `offsets` is null: the last unit given is a generated hyphen (−1) after consecutive ones. */
  hyphen: boolean;
}

/** A builder for `run`, its segments starting at the line's next; `scale`: pt per font unit of its face at its size. */
function newBuilder(run: SetRun, text: string, rtl: boolean, scale: number): RunBuilder {
  if (rtl) run.rtl = true;
  const partsFrom = partCount;
  if (!rtl) addPart(text);
  const marks = markCount;
  segmentMarks[markCount++] = 0; // the inset, once the line's is known (finishRun)
  segmentMarks[markCount++] = scale;
  return { run, segments: segmentCount, marks, scale, shifted: false, elongated: false, risen: false, parts: rtl ? [text] : null, partsFrom, length: text.length, units: 0, from: 0, offsets: null, hyphen: false };
}

/** Appends a word's glyphs to the run being set: view `shaped` at pen x `x` (pt), its clusters from run-text index `textBase`, raised `rise` pt. */
function addSegment(builder: RunBuilder, shaped: ShapedGlyphs, x: number, textBase: number, rise: number, elongations: readonly Elongation[] | undefined): void {
  segmentWords[2 * segmentCount] = shaped;
  // `| 0`: a Smi (an index into the run's text), never a boxed double in the run's array.
  segmentWords[2 * segmentCount + 1] = textBase | 0;
  segmentElongations[segmentCount] = elongations;
  segmentRises[segmentCount] = rise;
  segmentCount++;
  segmentMarks[markCount++] = x;
  if (elongations !== undefined) builder.elongated = true;
  // Object.is: a rise of −0 is kept as given (the offsets it makes are −0 − −0, a +0).
  if (!Object.is(rise, 0)) builder.risen = true;
  if (!builder.shifted && segmentShifted(shaped, builder.scale, rise, elongations)) builder.shifted = true;
}

/** A right-to-left run's text grew at its start by `shift` units: its segments' clusters count from `shift` further on. */
function shiftSegments(builder: RunBuilder, shift: number): void {
  for (let at = 2 * builder.segments + 1; at < 2 * segmentCount; at += SEGMENT_WORDS) segmentWords[at] = ((segmentWords[at] as number) + shift) | 0;
}

/** Appends one source offset to the run being set: kept as a count while the run's offsets are consecutive. */
function addOffset(builder: RunBuilder, offset: number): void {
  if (builder.offsets === null) {
    if (!builder.hyphen) {
      if (builder.units === 0 ? offset >= 0 : offset === builder.from + builder.units) {
        if (builder.units === 0) builder.from = offset;
        builder.units++;
        return;
      }
      // A line-end hyphen after consecutive units: kept as a flag while it stays the last unit.
      if (offset === -1 && builder.units > 0) {
        builder.hyphen = true;
        builder.units++;
        return;
      }
    }
    builder.offsets = listedOffsets(builder);
    builder.hyphen = false;
  }
  builder.offsets.push(offset);
  builder.units++;
}

/** The builder's offsets so far as a list. */
function listedOffsets(builder: RunBuilder): number[] {
  if (builder.offsets !== null) return builder.offsets;
  const list: number[] = [];
  const consecutive = builder.hyphen ? builder.units - 1 : builder.units;
  for (let u = 0; u < consecutive; u++) list.push(builder.from + u);
  if (builder.hyphen) list.push(-1);
  return list;
}

/** The source offset of the run's last unit so far (undefined before any). */
function lastOffset(builder: RunBuilder): number | undefined {
  if (builder.units === 0) return undefined;
  if (builder.offsets !== null) return builder.offsets[builder.offsets.length - 1];
  return builder.hyphen ? -1 : builder.from + builder.units - 1;
}

/** A right-to-left piece's offsets go before the run's (with the space's between): listed. */
function prependOffsets(builder: RunBuilder, own: readonly number[], spaceBefore: boolean): void {
  const list = [...own, ...(spaceBefore ? [nextOffset(own[own.length - 1])] : []), ...listedOffsets(builder)];
  builder.offsets = list;
  builder.hyphen = false;
  builder.units = list.length;
}

/**
 * The runs of the line being set, in visual order (`builderCount` of them): reused from line to
 * line, as the segments (a fresh array per line, grown by push, took 17 slots for its one or two runs).
 */
const lineBuilders: (RunBuilder | undefined)[] = [];
let builderCount = 0;

/** The line's runs, finished (`finishRun`), in an array of their count; the scratch lets them go. */
function finishRuns(inset: number): LineRun[] {
  const runs = new Array<LineRun>(builderCount);
  for (let b = 0; b < builderCount; b++) {
    const next = b + 1 < builderCount ? lineBuilders[b + 1]! : null;
    runs[b] = next ? finishRun(lineBuilders[b]!, next.segments, next.marks, next.partsFrom, inset) : finishRun(lineBuilders[b]!, segmentCount, markCount, partCount, inset);
  }
  // The scratch holds no run, view or elongation past this line (the memo must not be kept alive by it).
  lineBuilders.fill(undefined, 0, builderCount);
  segmentWords.fill(ShapedGlyphs.EMPTY, 0, 2 * segmentCount);
  segmentElongations.fill(undefined, 0, segmentCount);
  return runs;
}

/** The run's text: its parts joined (a left-to-right run's up to `lineParts[partsTo]`). */
function textOf(builder: RunBuilder, partsTo: number): string {
  const parts = builder.parts;
  if (parts !== null) return parts.length === 1 ? parts[0]! : parts.join('');
  return partsTo - builder.partsFrom === 1 ? lineParts[builder.partsFrom]! : lineParts.slice(builder.partsFrom, partsTo).join('');
}

/** The run given its segments (up to `segmentsTo`, its numbers up to `marksTo`; its text's parts up to `partsTo`), moved right by `inset` pt. */
function finishRun(builder: RunBuilder, segmentsTo: number, marksTo: number, partsTo: number, inset: number): LineRun {
  const { run } = builder;
  segmentMarks[builder.marks] = inset;
  const views = segmentWords.slice(2 * builder.segments, 2 * segmentsTo);
  const marks = segmentMarks.slice(builder.marks, marksTo);
  const rises = builder.risen ? segmentRises.slice(builder.segments, segmentsTo) : null;
  run.seal(views, marks, rises, builder.elongated ? segmentElongations.slice(builder.segments, segmentsTo) : null, builder.shifted);
  run.text = textOf(builder, partsTo);
  // Consecutive offsets are kept as their first; listed otherwise (and for a run without any).
  if (builder.offsets === null && builder.units > 0) {
    run.from = builder.from;
    run.hyphen = builder.hyphen;
  } else run.offsets = builder.offsets ?? [];
  return run;
}

/**
 * Adds a piece (met in visual order) to the last run when face, size, colour and direction
 * match, else starts a run. Glyphs are appended left to right; in a right-to-left run the piece
 * comes logically *before* the run's text, so its text is prepended and the clusters shift.
 */
function appendPiece(piece: ShapedPiece, base: number, x: number, spaceBefore: boolean, elongations?: readonly Elongation[]): void {
  const rtl = piece.level % 2 === 1;
  const builder = builderCount > 0 ? lineBuilders[builderCount - 1] : undefined;
  const last = builder?.run;
  const rise = piece.rise ?? 0;
  if (builder && last && last.fontId === piece.face.id && runSize(last) === piece.style.size && last.colour === piece.style.colour && (last.rtl === true) === rtl && last.overline === piece.style.overline && last.cjkMarks === piece.style.cjkMarks) {
    if (!rtl) {
      if (spaceBefore) {
        // Keep the word space in the run's text so extracted text has its spaces. It maps to the
        // source character right after the previous word (the space, or a joined line's newline).
        addPart(' ');
        builder.length += 1;
        addOffset(builder, nextOffset(lastOffset(builder)));
      }
      addSegment(builder, piece.shaped, x, builder.length, rise, elongations);
      addPart(piece.text);
      builder.length += piece.text.length;
      addPieceOffsets(builder, piece, base);
      return;
    }
    // Right to left: the new piece's text goes first, then (a space,) then the run's text.
    const gap = spaceBefore ? 1 : 0;
    const shift = piece.text.length + gap;
    shiftSegments(builder, shift);
    addSegment(builder, piece.shaped, x, 0, rise, elongations);
    if (spaceBefore) builder.parts!.unshift(piece.text, ' ');
    else builder.parts!.unshift(piece.text);
    builder.length += shift;
    prependOffsets(builder, pieceOffsets(piece, base), spaceBefore);
    return;
  }
  // The text and the offsets are filled in by finishRun, the segments by `seal`.
  const started = newBuilder(new SetRun(piece.face.id, runSizeIndex(piece.style.size), piece.style.colour, piece.text), piece.text, rtl, piece.style.size / piece.face.upem);
  if (piece.style.overline) started.run.overline = true;
  if (piece.style.cjkMarks) started.run.cjkMarks = piece.style.cjkMarks;
  lineBuilders[builderCount++] = started;
  addPieceOffsets(started, piece, base);
  addSegment(started, piece.shaped, x, 0, rise, elongations);
}

/** Appends a piece's source offsets to the run being set (`base`: its box item's `from`). */
function addPieceOffsets(builder: RunBuilder, piece: ShapedPiece, base: number): void {
  const offsets = piece.offsets;
  if (offsets) {
    for (let u = 0; u < offsets.length; u++) addOffset(builder, offsets[u]!);
    return;
  }
  // Consecutive from `from` (nearly every piece): continuing a consecutive run in one step.
  const units = piece.text.length;
  const from = base + piece.from!;
  if (builder.offsets === null && !builder.hyphen && units > 0 && (builder.units === 0 ? from >= 0 : from === builder.from + builder.units)) {
    if (builder.units === 0) builder.from = from;
    builder.units += units;
    return;
  }
  for (let u = 0; u < units; u++) addOffset(builder, from + u);
}

/** The offset of the character after one (a space after a word), −2 + 1 for generated text. */
function nextOffset(offset: number | undefined): number {
  return (offset ?? -2) + 1;
}
