/**
 * Typesetting checks, read from the converged display lists (the truth every backend draws):
 * loose lines past the configured threshold, lines sticking out of their column (code lines:
 * `codeOverflow`), emergency breaks, widows and orphans the pagination could not avoid, runts,
 * hyphen ladders and text set below the foot of its column.
 */
import { Op, type GlyphRunItem, type PageDisplayList } from '../../protocol/displaylist';
import type { FontRegistry } from '../fonts/registry';
import { pageFrame } from '../page/geometry';
import { splitRule } from '../page/break-rules';
import { normalSpace } from '../paragraph/items';
import type { Block } from '../parse/model';
import { codeLineStarts } from '../parse/indented-code';
import { checkedSettingsKey, type CheckContext } from './input';
import { memoPerObject } from './memo';
import { warning, type Warning } from './model';
import { listingSettings } from '../page/code-block';
import type { CodeListing } from '../settings-code';
import { hangsPunctuation, isCjkLine } from './cjk-lines';

/** How far ink may pass a column edge before the line counts as overfull, pt (rounding and side bearings). */
const OVERFULL_TOLERANCE_PT = 0.5;
/** Hyphenated lines in a row that make a ladder: more than the two tradition allows (Bringhurst 2.4.3). */
const LADDER_LINES = 3;

/** One printed line: the glyph runs of a block that share a baseline on a page. */
interface PrintedLine {
  page: PageDisplayList;
  block: string;
  role: NonNullable<GlyphRunItem['line']>['role'];
  /** Baseline, pt. */
  y: number;
  /** Left and right ink edges, pt. */
  left: number;
  right: number;
  column: number;
  columnRight: number;
  columnBottom: number;
  ratio: number;
  hyphenated: boolean;
  ragged: boolean;
  emergency: boolean;
  /** Source range of the line's text, or −1 when generated. */
  from: number;
  to: number;
  text: string;
  /** Size of its first run, pt. */
  size: number;
}

const FLOWING: ReadonlySet<Block['kind']> = new Set(['paragraph', 'blockquote', 'listItem']);

export function typesettingWarnings(ctx: CheckContext): Warning[] {
  const out: Warning[] = [];
  const key = JSON.stringify([ctx.options.toggles.looseLines, ctx.options.looseThreshold, checkedSettingsKey(ctx)]);
  ctx.layout.chapters.forEach((chapterLayout) => {
    const index = ctx.chapterIndex.get(chapterLayout.id);
    if (index === undefined) return;
    const parsed = ctx.parsed[index]!;
    // The same layout object while the chapter is unchanged: its warnings are reused.
    out.push(
      ...memoPerObject('typesetting', chapterLayout, key, () => {
        const found: Warning[] = [];
        const blocks = new Map(parsed.blocks.map((b) => [b.id, b] as const));
        const byBlock = new Map<string, PrintedLine[]>();
        for (const line of printedLines(chapterLayout.pages, ctx)) {
          const list = byBlock.get(line.block);
          if (list) list.push(line);
          else byBlock.set(line.block, [line]);
        }
        for (const [blockId, blockLines] of byBlock) {
          const block = blocks.get(blockId);
          if (block) found.push(...lineWarnings(ctx, chapterLayout.id, block, blockLines));
        }
        return found;
      }),
    );
  });
  return out;
}

function place(chapterId: string, line: PrintedLine): { chapterId: string; pageIndex: number; offset?: number; toOffset?: number } {
  return { chapterId, pageIndex: line.page.index, ...(line.from >= 0 ? { offset: line.from, toOffset: line.to } : {}) };
}

function lineWarnings(ctx: CheckContext, chapterId: string, block: Block, lines: readonly PrintedLine[]): Warning[] {
  const { settings, options } = ctx;
  const out: Warning[] = [];
  const flowing = FLOWING.has(block.kind);
  const quote = (line: PrintedLine): string => `“${line.text.length > 48 ? `${line.text.slice(0, 47)}…` : line.text}”`;

  // Loose lines: the word space of a justified line is normal + r × stretch, with stretch
  // (maxWordSpacing − 1) × normal (paragraph/items.ts), so spaces are 1 + r(max − 1) normal spaces.
  if (flowing && options.toggles.looseLines && settings.body.align === 'justify') {
    lines.slice(0, -1).forEach((line) => {
      // CJK text (§14.1, cjk-lines.ts): a line whose gaps would pass 0.5 em is set ragged, reported as such.
      if (isCjkLine(line.text)) {
        if (line.ragged) out.push(warning('cjkLooseLine', `Loose CJK line ${quote(line)}: the gaps between its characters would pass 0.5 em, so it was set ragged. Rephrase, or allow another break.`, place(chapterId, line)));
        return;
      }
      const spaces = 1 + line.ratio * (settings.body.maxWordSpacing - 1);
      if (!line.ragged && !(spaces > options.looseThreshold)) return;
      const how = line.ragged ? 'it was set ragged instead' : `spaces reach ${spaces.toFixed(1)}× the normal space`;
      out.push(warning('looseLine', `Loose line ${quote(line)}: ${how} (threshold ${options.looseThreshold}×). Rephrase, or allow hyphenation.`, place(chapterId, line)));
    });
  }

  // A listing line too long for its box that was turned over (codeStyle.overflow 'wrap', §13.3;
  // page/code-block.ts): one warning at the source line its first turnover continues.
  if (block.kind === 'code') out.push(...codeOverflows(chapterId, block, lines, quote, listingSettings(settings)));

  for (const line of lines) {
    if (line.right > line.columnRight + OVERFULL_TOLERANCE_PT && !hangsPunctuation(settings, line.text, line.right - line.columnRight, line.size)) {
      const by = (line.right - line.columnRight).toFixed(1);
      if (block.kind === 'code') out.push(warning('codeOverflow', `Code line ${quote(line)} is ${by} pt wider than its box; break it or shorten it.`, place(chapterId, line)));
      else out.push(warning('overfullLine', `Line ${quote(line)} sticks ${by} pt out of its column; rephrase it or allow hyphenation.`, place(chapterId, line)));
    }
  }

  const emergency = lines.filter((l) => l.emergency);
  if (emergency.length > 0 && block.kind !== 'code') {
    const first = emergency[0]!;
    out.push(warning('emergencyBreak', `No acceptable line breaks existed for this ${block.kind === 'heading' ? 'heading' : 'paragraph'}; ${emergency.length} line${emergency.length > 1 ? 's were' : ' was'} set as an emergency, from ${quote(first)}.`, place(chapterId, first)));
  }

  const overflow = lines.find((l) => l.y > l.columnBottom + OVERFULL_TOLERANCE_PT);
  if (overflow) out.push(warning('columnOverflow', `${quote(overflow)} is set below the foot of its column (page ${overflow.page.label}); it does not fit the page.`, place(chapterId, overflow)));

  if (flowing) {
    // Widows and orphans, the spec's naming (configuration.md §6.4): segments per column.
    const segments: PrintedLine[][] = [];
    // The block's own lines only: the caption of a float it cites carries its block id too (set
    // as if embedded by the citing block), wherever the float went — a turned float's on a page of its own.
    for (const line of lines.filter((l) => l.role !== 'caption' && l.role !== 'note')) {
      const last = segments[segments.length - 1];
      if (last && last[0]!.page === line.page && last[0]!.column === line.column) last.push(line);
      else segments.push([line]);
    }
    if (segments.length > 1) {
      const foot = segments[0]!;
      const head = segments[segments.length - 1]!;
      // The minimums the pagination kept (page/break-rules.ts): 1 where a rule is off — a penalty of 0, or a list item with avoid…InLists false.
      const rule = splitRule(settings, block.kind === 'listItem');
      if (foot.length < rule.footMin) {
        out.push(warning('widow', `Only ${foot.length} line of this paragraph stays at the foot of the column (page ${foot[0]!.page.label}); at least ${rule.footMin} were asked for.`, place(chapterId, foot[0]!)));
      }
      if (head.length < rule.headMin) {
        out.push(warning('orphan', `Only ${head.length} line of this paragraph is carried to the next column (page ${head[0]!.page.label}); at least ${rule.headMin} were asked for.`, place(chapterId, head[0]!)));
      }
    }

    // Runts (configuration.md §6.3 bodyText.avoidRunts): a last line shorter than
    // runtMinCharacters space widths; in CJK text, a lone last character. Not in list items the
    // book sets without the rule (avoidRuntsInLists false, §6.4).
    const last = lines[lines.length - 1]!;
    const runtRule = settings.body.avoidRunts && !(block.kind === 'listItem' && settings.body.runts?.inLists === false);
    if (runtRule && lines.length > 1 && last.from >= 0) {
      const letters = [...last.text].filter((c) => /[\p{L}\p{N}]/u.test(c));
      if (letters.some((c) => CJK_LETTER.test(c))) {
        if (letters.length === 1) out.push(warning('runt', `The paragraph ends with a lone character ${quote(last)} on its last line.`, place(chapterId, last)));
      } else {
        const limit = settings.body.runtMinCharacters * normalSpace(settings.body.style, ctx.fonts);
        const width = last.right - last.left;
        if (width < limit) out.push(warning('runt', `The paragraph ends with a short line ${quote(last)} (${width.toFixed(1)} pt, under ${limit.toFixed(1)} pt).`, place(chapterId, last)));
      }
    }

    // Hyphen ladders: runs of consecutive hyphenated lines.
    let run: PrintedLine[] = [];
    const flush = (): void => {
      if (run.length >= LADDER_LINES) out.push(warning('hyphenLadder', `${run.length} hyphenated lines in a row, from ${quote(run[0]!)}.`, place(chapterId, run[0]!)));
      run = [];
    };
    for (const line of lines) {
      if (line.hyphenated) run.push(line);
      else flush();
    }
    flush();
  }
  return out;
}

/** Groups the runs of a chapter's pages into printed lines, in reading order. */
function printedLines(pages: readonly PageDisplayList[], ctx: CheckContext): PrintedLine[] {
  const out: PrintedLine[] = [];
  for (const page of pages) {
    const frame = pageFrame(ctx.settings, page.index);
    const open = new Map<string, PrintedLine>();
    // Inside a group turning a resource as a whole (a turned float, page/floats-rotate.ts; a table set
    // upright in vertical text, resources/table-upright.ts) runs keep the unturned block's coordinates,
    // not the page's: measured against the page's columns they read as overfull lines. Passed over.
    let turned = 0;
    for (const item of page.items) {
      if ((item.op === Op.Transform || item.op === Op.TransformEnd) && item.resource !== undefined) turned += item.op === Op.Transform ? 1 : -1;
      if (item.op !== Op.GlyphRun || !item.line || item.glyphs.length === 0 || turned > 0) continue;
      // Margin line numbers (§11.2) carry the numbered line's block: not part of its text.
      if (item.line.role === 'header' || item.line.role === 'footer' || item.line.role === 'lineNumber') continue;
      const [left, right] = inkExtent(item, ctx.fonts);
      // The column nearest the run's middle (a glyph may start a little outside its column;
      // right-to-left books list their columns from the right, side columns differ in width).
      const middle = (left + right) / 2;
      let column = 0;
      let distance = Infinity;
      frame.columnX.forEach((x, c) => {
        const width = frame.columnWidths[c] ?? frame.columnWidth;
        const d = middle < x ? x - middle : middle > x + width ? middle - (x + width) : 0;
        if (d < distance) {
          distance = d;
          column = c;
        }
      });
      // A paragraph longer than a column has lines at the same baselines in two columns.
      const key = `${item.line.block}|${item.y}|${column}`;
      const from = item.srcFrom;
      const to = item.srcMap ? Math.max(...item.srcMap) + 1 : item.srcFrom + item.text.length;
      const line = open.get(key);
      if (line) {
        line.left = Math.min(line.left, left);
        line.right = Math.max(line.right, right);
        if (from >= 0) {
          line.from = line.from >= 0 ? Math.min(line.from, from) : from;
          line.to = Math.max(line.to, to);
        }
        line.text += item.text;
        continue;
      }
      const created: PrintedLine = {
        page,
        block: item.line.block,
        role: item.line.role,
        y: item.y,
        left,
        right,
        column,
        columnRight: frame.columnX[column]! + (frame.columnWidths[column] ?? frame.columnWidth),
        columnBottom: frame.contentTop + frame.contentHeight,
        ratio: item.line.ratio,
        hyphenated: item.line.hyphenated === true,
        ragged: item.line.ragged === true,
        emergency: item.line.emergency === true,
        from,
        to: from >= 0 ? to : -1,
        text: item.text,
        size: item.size,
      };
      open.set(key, created);
      out.push(created);
    }
  }
  return out;
}

/**
 * Listing lines too long for their box (codeStyle.overflow, §13.3) that print inside it, once per
 * source line: turned over ('wrap': a row starting inside its source line — the listing's rows run
 * from `contentFrom`, each source line one further than its length), or fitting only because the
 * listing is set smaller ('shrink': its width at the code size would pass the box's inner edge, a
 * padding in from the column's). A clipped line sticks out of its column: the overfull test reports it.
 */
function codeOverflows(chapterId: string, block: Extract<Block, { kind: 'code' }>, lines: readonly PrintedLine[], quote: (line: PrintedLine) => string, listing: CodeListing): Warning[] {
  const starts = codeLineStarts(block);
  const ends = new Map<number, number>();
  block.text.split('\n').forEach((text, i) => ends.set(starts[i]!, starts[i]! + text.length));
  const opening = new Set(starts);
  const sourceLineOf = (offset: number): number => {
    let start = block.contentFrom;
    for (const s of starts) if (s <= offset) start = s;
    return start;
  };
  const warned = new Set<number>();
  const out: Warning[] = [];
  for (const line of lines) {
    if (line.from < 0 || opening.has(line.from)) continue;
    const start = sourceLineOf(line.from);
    if (warned.has(start)) continue;
    warned.add(start);
    // At the whole source line (the turnover's text is only its tail).
    out.push(warning('codeOverflow', `Code line ${quote(line)} continues a line too long for its box, turned over; break it or shorten it.`, { chapterId, pageIndex: line.page.index, offset: start, toOffset: ends.get(start) ?? line.to }));
  }
  for (const line of lines) {
    const scale = line.size / listing.size;
    if (line.from < 0 || scale > 0.999 || warned.has(sourceLineOf(line.from))) continue;
    if (line.left + (line.right - line.left) / scale <= line.columnRight - listing.padding + OVERFULL_TOLERANCE_PT) continue;
    warned.add(sourceLineOf(line.from));
    out.push(warning('codeOverflow', `Code line ${quote(line)} is too long for its box: the listing is set at ${Math.round(scale * 100)} % to fit; break it or shorten it.`, place(chapterId, line)));
  }
  return out;
}

/** CJK symbols and punctuation, and the fullwidth forms' punctuation (Unicode blocks 3000–303F, FF00–FF65 less letters and digits). */
function isFullwidthPunctuation(code: number): boolean {
  return (code >= 0x3000 && code <= 0x303f) || (code >= 0xff00 && code <= 0xff65 && !/[\p{L}\p{N}]/u.test(String.fromCodePoint(code)));
}

/** Han, kana and hangul: scripts whose runt is a lone last character, not a short line. */
const CJK_LETTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Left and right edge of a run, pt: its leftmost pen position, and its rightmost pen position
 * plus that glyph's advance. Min and max, not first and last: right-to-left runs list glyphs in
 * another order.
 */
function inkExtent(run: GlyphRunItem, fonts: FontRegistry): [number, number] {
  let left = Infinity;
  let rightmost = 0;
  for (let g = 0; g < run.xs.length; g++) {
    left = Math.min(left, run.xs[g]!);
    if (run.xs[g]! >= run.xs[rightmost]!) rightmost = g;
  }
  let advance = (glyphAdvanceEm(fonts, run.font, run.glyphs[rightmost]!)) * run.size;
  // Fullwidth CJK punctuation inks one half of its em; at a line end it may be set half width.
  if (isFullwidthPunctuation(run.text.codePointAt(run.clusters[rightmost] ?? 0) ?? 0)) advance /= 2;
  return [left, run.xs[rightmost]! + advance];
}

/** Advances in em per font and glyph (HarfBuzz calls are cheap, but a book has many line ends). */
const advances = new WeakMap<FontRegistry, Map<string, number>>();
function glyphAdvanceEm(fonts: FontRegistry, fontId: string, glyph: number): number {
  let table = advances.get(fonts);
  if (!table) {
    table = new Map();
    advances.set(fonts, table);
  }
  const key = `${fontId}|${glyph}`;
  let em = table.get(key);
  if (em === undefined) {
    const face = fonts.get(fontId);
    em = face ? face.glyphAdvance(glyph) / face.upem : 0;
    table.set(key, em);
  }
  return em;
}
