/**
 * The minimal block interface the page engine places (in flow now, as floats later): a measured
 * height and a way to emit display items with its top-left at (x, y). Figures and tables are
 * FlowBlocks; a table can also split between rows.
 */
import type { DisplayItem } from '../../protocol/displaylist';
import type { TcyRule } from '../paragraph/vertical-tcy';
import type { FontRegistry } from '../fonts/registry';
import { baselineInLineBox } from '../page/geometry';
import { glyphRun, type SetText } from '../page/paginate';
import type { LineRun, SetLine } from '../paragraph';
import { overlineRule } from '../page/overline';
import { cjkMarkItems } from '../page/cjk-marks';
import { lineBoxItems } from '../page/run-boxes';
import type { TextStyle } from '../settings';

export interface FlowBlock {
  /** Height, pt. */
  readonly height: number;
  /** Width actually used, pt (≤ the measure it was made for). */
  readonly width: number;
  /**
   * A figure's drawn picture, pt (absent for tables and placeholders): what fitting and shrinking
   * scale (page/floats-shrink.ts compares it with the unshrunk figure's).
   */
  readonly picture?: { readonly width: number; readonly height: number };
  /** Display items with the block's top-left at (x, y), pt in page coordinates. */
  emit(x: number, y: number): DisplayItem[];
  /**
   * Splits so the first part fits `maxHeight` pt (tables between rows, header rows repeated);
   * null when no useful split exists. Absent for blocks that never split (pictures).
   */
  split?(maxHeight: number): { first: FlowBlock; rest: FlowBlock } | null;
  /**
   * `placement.captionSide` (document-format §12.6): the caption and note, set at the side
   * channel's width, to go in that channel level with the block's top (page/caption-side.ts);
   * the block itself is then the picture alone.
   */
  readonly aside?: FlowBlock;
}

/** What resource layout needs from the page engine. */
export interface BlockEnvironment {
  fonts: FontRegistry;
  setText: SetText;
  chapterId: string;
  /** The block that embeds the resource (its glyph runs carry it). */
  blockId: string;
  /** Direction of the text around it: `placement.align` `start`/`end` follow it (absent = ltr). */
  direction?: 'ltr' | 'rtl';
  /**
   * Width (pt) of the float-only side channel of a one-and-a-half layout beside the block's
   * column, when it has one: a figure with `placement.captionSide` sets its caption there.
   */
  captionSide?: number;
  /**
   * Vertical text's tate-chū-yoko rule (`cjk.tcy`, set only under `layout.writingMode: 'vertical-rl'`):
   * a table whose text holds CJK is then set as vertical text, every cell line cut as CJK (table.ts).
   */
  tcy?: TcyRule;
}

/** Blocks one above the other, left-aligned, with fixed gaps between them (pt). */
export function stack(parts: readonly { block: FlowBlock; gapBefore: number }[]): FlowBlock {
  const height = parts.reduce((h, p, i) => h + (i > 0 ? p.gapBefore : 0) + p.block.height, 0);
  const width = Math.max(0, ...parts.map((p) => p.block.width));
  return {
    height,
    width,
    emit(x, y) {
      const items: DisplayItem[] = [];
      let top = y;
      parts.forEach((p, i) => {
        if (i > 0) top += p.gapBefore;
        items.push(...p.block.emit(x, top));
        top += p.block.height;
      });
      return items;
    },
  };
}

/** Lines of text set in a style, one under another with a fixed leading (captions, notes, cells). */
export function textBlock(lines: readonly SetLine[], style: TextStyle, lineHeight: number, env: BlockEnvironment, role: 'caption' | 'note' | 'body', shift: (line: SetLine) => number = () => 0): FlowBlock {
  const face = env.fonts.match(style.family, style.weight, style.italic ? 'italic' : 'normal');
  const baseline = baselineInLineBox(lineHeight, style.size, face.ascender / face.upem, face.descender / face.upem);
  return {
    height: lines.length * lineHeight,
    width: Math.max(0, ...lines.map((l) => l.width)),
    emit(x, y) {
      const items: DisplayItem[] = [];
      lines.forEach((line, i) => {
        placeLine(items, line, x + shift(line), y + i * lineHeight + baseline, env, role === 'body' ? 'caption' : role);
      });
      return items;
    },
  };
}

/**
 * A run of a caption, note or table cell placed at pen origin `x0` and baseline `baseline` (pt,
 * page coordinates), with the rule over it when its text is emphasised by an overline
 * (`bodyText.emphasis: 'overline'`, configuration.md §6.1; page/overline.ts), as in running text.
 */
export function placeRun(items: DisplayItem[], run: LineRun, x0: number, baseline: number, env: BlockEnvironment, role: 'caption' | 'note' | 'body'): void {
  items.push(glyphRun(run, x0, baseline, env.chapterId, { block: env.blockId, role, ratio: 0 }));
  const over = run.overline ? overlineRule(run, x0, baseline, env.fonts) : null;
  if (over) items.push(over);
  // CJK marks (document-format §18.4: drawn in captions, notes and cells too; page/cjk-marks.ts).
  if (run.cjkMarks) items.push(...cjkMarkItems(run, x0, baseline, env.fonts));
}

/** A line of a caption, note or table cell: the boxes of its chips and boxed inline code (page/run-boxes.ts), then its runs (`placeRun`). */
export function placeLine(items: DisplayItem[], line: SetLine, x0: number, baseline: number, env: BlockEnvironment, role: 'caption' | 'note' | 'body'): void {
  if (line.boxes) items.push(...lineBoxItems(line, x0, baseline));
  for (const run of line.runs) placeRun(items, run, x0, baseline, env, role);
}

export const EMPTY_BLOCK: FlowBlock = { height: 0, width: 0, emit: () => [] };
