/**
 * `chipOverlap` (document-format §10.5, §21 sandbox-only hint: "Chips touch the next line"): a
 * chip's box is its text band (0.8 em above, 0.25 em below the baseline) grown by the style's
 * padding and outline (configuration.md §13.2), and it never moves the line (§10.5: the padding
 * paints outside the line box). Where the leading is tight or the padding large, the box reaches
 * into a neighbouring line: the text band of that line's runs, or another chip's box on it. Found on
 * the laid-out pages: the chip's glyphs are those whose source offsets fall inside a `:chip[…]`.
 * One warning per block, at its first chip that touches; chips in generated text (captions and
 * cells of resources, whose runs carry no chapter offsets) are not checked.
 */
import { Op, type GlyphRunItem, type PageDisplayList } from '../../protocol/displaylist';
import type { FontRegistry } from '../fonts/registry';
import type { Block, Inline } from '../parse/model';
import { BAND_ABOVE_EM, BAND_BELOW_EM, chipRun, chipStyleFor } from '../paragraph/run-box';
import type { ChipStyleSetting } from '../settings-chips';
import type { LayoutSettings } from '../settings';
import type { CheckContext } from './input';
import { memoPerObject } from './memo';
import { warning, type Warning } from './model';

/** Overlaps thinner than this (pt) are rounding (display-list coordinates are kept to 1/1000 pt). */
const EPSILON_PT = 0.01;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface ChipSpan {
  from: number;
  to: number;
  style: ChipStyleSetting;
  block: string;
}

/** A chip as set on one line: its glyphs' extent and the baseline it stands on. */
interface PlacedChip {
  chip: ChipSpan;
  baseline: number;
  size: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box): boolean => Math.min(a.right, b.right) - Math.max(a.left, b.left) > EPSILON_PT && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > EPSILON_PT;

/** Every `:chip[…]` of the chapter's blocks, in source order (chips never nest: §10.5, their text is literal). */
function chipSpans(blocks: readonly Block[], settings: LayoutSettings): ChipSpan[] {
  const out: ChipSpan[] = [];
  const walk = (inlines: readonly Inline[], block: string): void => {
    for (const inline of inlines) {
      if (inline.kind === 'chip') out.push({ from: inline.range.from, to: inline.range.to, style: chipStyleFor(settings, inline.attrs['style']), block });
      else if ('children' in inline && Array.isArray(inline.children)) walk(inline.children as Inline[], block);
    }
  };
  for (const block of blocks) {
    if (block.kind === 'verse') for (const stanza of block.stanzas) for (const line of stanza) walk(line.inlines, block.id);
    else if ('inlines' in block && Array.isArray(block.inlines)) walk(block.inlines as Inline[], block.id);
  }
  return out.sort((a, b) => a.from - b.from);
}

/** The chip holding source offset `at`, by binary search over spans sorted by `from`. */
function chipAt(chips: readonly ChipSpan[], at: number): number {
  let low = 0;
  let high = chips.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const c = chips[mid]!;
    if (at < c.from) high = mid - 1;
    else if (at >= c.to) low = mid + 1;
    else return mid;
  }
  return -1;
}

function advanceOf(run: GlyphRunItem, g: number, fonts: FontRegistry): number {
  const face = fonts.get(run.font);
  return face ? (face.glyphAdvance(run.glyphs[g]!) / face.upem) * run.size : 0;
}

/** The text band of a run (§13.2: 0.8 em above, 0.25 em below the baseline) across its glyphs. */
function bandOf(run: GlyphRunItem, fonts: FontRegistry): Box {
  let left = Infinity;
  let right = -Infinity;
  for (let g = 0; g < run.xs.length; g++) {
    left = Math.min(left, run.xs[g]!);
    right = Math.max(right, run.xs[g]! + advanceOf(run, g, fonts));
  }
  return { left, right, top: run.y - BAND_ABOVE_EM * run.size, bottom: run.y + BAND_BELOW_EM * run.size };
}

/** The chips set on a page, one entry per chip and baseline, from the glyphs whose source lies inside one. */
function placedChips(page: PageDisplayList, chips: readonly ChipSpan[], fonts: FontRegistry): PlacedChip[] {
  const byKey = new Map<string, PlacedChip>();
  for (const item of page.items) {
    if (item.op !== Op.GlyphRun || item.line?.role === 'lineNumber' || (item.srcFrom < 0 && !item.srcMap)) continue;
    for (let g = 0; g < item.glyphs.length; g++) {
      const index = item.clusters[g] ?? 0;
      const source = item.srcMap ? (item.srcMap[index] ?? -1) : item.srcFrom + index;
      if (source < 0) continue;
      const c = chipAt(chips, source);
      if (c < 0) continue;
      const key = `${c}@${item.y}`;
      const x = item.xs[g]!;
      const right = x + advanceOf(item, g, fonts);
      const placed = byKey.get(key);
      if (placed) {
        placed.left = Math.min(placed.left, x);
        placed.right = Math.max(placed.right, right);
        placed.size = Math.max(placed.size, item.size);
      } else byKey.set(key, { chip: chips[c]!, baseline: item.y, size: item.size, left: x, right });
    }
  }
  return [...byKey.values()];
}

/** A placed chip's box (paragraph/run-box.ts `chipRun` at the size its glyphs are set in). */
function boxOf(placed: PlacedChip, settings: LayoutSettings): Box {
  // The glyphs already carry the chip's own size: its box is measured at that size.
  const { size: _own, ...atRunSize } = placed.chip.style;
  const { box } = chipRun(atRunSize, { ...settings.body.style, size: placed.size }, settings.body.boldWeight);
  return { left: placed.left - box.side, right: placed.right + box.side, top: placed.baseline - box.above, bottom: placed.baseline + box.below };
}

function pageWarnings(chapterId: string, page: PageDisplayList, chips: readonly ChipSpan[], settings: LayoutSettings, fonts: FontRegistry, warned: Set<string>): Warning[] {
  const placed = placedChips(page, chips, fonts);
  if (placed.length === 0) return [];
  const boxes = placed.map((p) => boxOf(p, settings));
  // What a chip may touch on another line: the text band of each run there, and the other chips' boxes.
  const runs = page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.glyphs.length > 0 && i.line?.role !== 'lineNumber');
  const bands = runs.map((run) => ({ run, box: bandOf(run, fonts) }));
  const out: Warning[] = [];
  placed.forEach((chip, i) => {
    if (warned.has(chip.chip.block)) return;
    const box = boxes[i]!;
    const sameLine = (y: number): boolean => Math.abs(y - chip.baseline) <= EPSILON_PT;
    const otherChip = placed.findIndex((o, j) => j !== i && !sameLine(o.baseline) && overlaps(box, boxes[j]!));
    const band = otherChip < 0 ? bands.find((b) => !sameLine(b.run.y) && overlaps(box, b.box)) : undefined;
    if (otherChip < 0 && !band) return;
    warned.add(chip.chip.block);
    const otherY = otherChip >= 0 ? placed[otherChip]!.baseline : band!.run.y;
    const where = otherY > chip.baseline ? 'the line below' : 'the line above';
    const what = otherChip >= 0 ? 'a chip on it' : `“${band!.run.text.trim().slice(0, 30)}”`;
    out.push(
      warning(
        'chipOverlap',
        `This chip’s box reaches into ${where} and touches ${what}: a chip’s padding never opens the leading. Open the leading (bodyText.lineHeight) or make the chip style’s paddingY or fontSize smaller.`,
        { chapterId, pageIndex: page.index, offset: chip.chip.from, toOffset: chip.chip.to },
      ),
    );
  });
  return out;
}

export function chipOverlapWarnings(ctx: CheckContext): Warning[] {
  const out: Warning[] = [];
  const key = JSON.stringify([ctx.settings.chips ?? null, ctx.settings.body.style.size, ctx.settings.body.boldWeight]);
  for (const chapter of ctx.layout.chapters) {
    const parsed = ctx.parsed[ctx.chapterIndex.get(chapter.id) ?? -1];
    if (!parsed) continue;
    out.push(
      ...memoPerObject('chipOverlap', chapter, key, () => {
        const chips = chipSpans(parsed.blocks, ctx.settings);
        if (chips.length === 0) return [];
        const warned = new Set<string>();
        return chapter.pages.flatMap((page) => pageWarnings(chapter.id, page, chips, ctx.settings, ctx.fonts, warned));
      }),
    );
  }
  return out;
}
