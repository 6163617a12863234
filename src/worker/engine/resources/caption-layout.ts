/**
 * How caption and note lines stand in their measure (configuration.md §12.4 `captionStyle.align`,
 * `note.align`) and the caption bar (`backgroundEnabled`, `background`, `padding`; document-format
 * §12.5 "optional colour bar").
 */
import { Op, roundPt } from '../../protocol/displaylist';
import type { LineRun, SetLine } from '../paragraph';
import type { TextStyle } from '../settings';
import { textBlock, type BlockEnvironment, type FlowBlock } from './block';
import type { CaptionAlign } from './settings';
import { plainRun } from '../paragraph/set-run';

/** Whether lines of this alignment stay where the setter put them (its start side). */
export function startAligned(align: CaptionAlign): boolean {
  return align === 'left' || align === 'start' || align === 'justify';
}

/**
 * Horizontal shift of a set line inside `measure` pt: none on the start side (the setter's own
 * place, the right edge in right-to-left text), the free space on the end side, half of it centred.
 * `line.inset` is where the setter put the line's ink (right-to-left lines start at the right).
 */
export function captionShift(line: SetLine, align: CaptionAlign, measure: number, rtl: boolean): number {
  if (startAligned(align)) return 0;
  const inset = line.inset ?? 0;
  const free = Math.max(0, measure - line.width);
  if (align === 'center') return free / 2 - inset;
  // End side: the right edge in left-to-right text, the left edge in right-to-left text.
  return (rtl ? 0 : free) - inset;
}

/**
 * Caption-like lines aligned in `measure` pt. Start-aligned lines keep the block as wide as its
 * longest line (a narrower block is then aligned as a whole with its figure); centred or end-aligned
 * ones take the whole measure, so they stand where the alignment says inside it.
 */
export function alignedTextBlock(lines: readonly SetLine[], style: TextStyle, lineHeight: number, env: BlockEnvironment, role: 'caption' | 'note', align: CaptionAlign, measure: number): FlowBlock {
  const rtl = env.direction === 'rtl';
  const block = textBlock(lines, style, lineHeight, env, role, (line) => captionShift(line, align, measure, rtl));
  return startAligned(align) ? block : { ...block, width: Math.max(block.width, measure) };
}

/**
 * A caption on a coloured bar: the bar spans the caption's whole measure (`measure` pt, the lines
 * having been set `padding` pt narrower) and reaches `padding` pt beyond the lines on every side.
 * Its height counts in the block, so the gap to the picture or table is kept outside the bar.
 */
export function captionBar(text: FlowBlock, colour: string, padding: number, measure: number): FlowBlock {
  const height = text.height + 2 * padding;
  return {
    height,
    width: measure,
    emit(x, y) {
      return [{ op: Op.Rect, x: roundPt(x), y: roundPt(y), w: roundPt(measure), h: roundPt(height), fill: colour }, ...text.emit(x + padding, y + padding)];
    },
  };
}

/**
 * Source offset the caption's generated label (`Figure 1.2. `) is set with while its colour is
 * not the caption's, so its units can be told from the caption text's (generated too, −1) after
 * setting; `labelColoured` turns them back into −1.
 */
export const LABEL_OFFSET = -2;

/**
 * The lines with the label's units (offset `LABEL_OFFSET`) in `colour` (`captionStyle.labelColor`,
 * configuration.md §12.4): a run holding only label units is recoloured, a run holding the label and
 * caption text (same face: label neither bold nor italic) is cut at the label's end, glyph clusters
 * whole. Offsets are generated (−1) again everywhere.
 */
export function labelColoured(lines: readonly SetLine[], colour: string): SetLine[] {
  return lines.map((line) => {
    if (!line.runs.some((run) => run.offsets?.includes(LABEL_OFFSET))) return line;
    const runs = line.runs.flatMap((run): LineRun[] => {
      const offsets = run.offsets;
      if (!offsets || !offsets.includes(LABEL_OFFSET)) return [run];
      const generated = offsets.map(() => -1);
      // The label opens the caption: its units are the run's first `k` in logical order.
      const k = offsets.findIndex((o) => o !== LABEL_OFFSET);
      if (k < 0) return [{ ...plainRun(run), colour, offsets: generated }];
      const part = (inLabel: boolean): LineRun | null => {
        const picked = run.clusters.map((c, g) => [c, g] as const).filter(([c]) => (c < k) === inLabel).map(([, g]) => g);
        if (picked.length === 0) return null;
        const from = inLabel ? 0 : k;
        const to = inLabel ? k : run.text.length;
        const piece: LineRun = { ...plainRun(run), glyphs: picked.map((g) => run.glyphs[g]!), xs: picked.map((g) => run.xs[g]!), clusters: picked.map((g) => run.clusters[g]! - from), text: run.text.slice(from, to), offsets: generated.slice(from, to) };
        if (run.dys) piece.dys = picked.map((g) => run.dys![g]!);
        return inLabel ? { ...piece, colour } : piece;
      };
      const label = part(true);
      const rest = part(false);
      // Visual order: a right-to-left run shows its logical start on the right, after the rest.
      const pieces = run.rtl ? [rest, label] : [label, rest];
      return pieces.filter((p): p is LineRun => p !== null);
    });
    return { ...line, runs };
  });
}
