import type { DisplayItem, GlyphRunItem, LineInfo } from '../../protocol/displaylist';
import { Op, roundPt } from '../../protocol/displaylist';
import type { FontRegistry } from '../fonts/registry';
import type { Block, HeadingBlock, ParsedChapter } from '../parse/model';
import type { SetLine } from '../paragraph';
import type { LayoutSettings, TextStyle } from '../settings';
import { baselineInLineBox, gridRows, pageFrame } from './geometry';

/** A page under construction: its items and what the running heads need to know. */
export interface PageDraft {
  index: number;
  items: DisplayItem[];
  /** The page opens a chapter or section (its first block is a breaking heading). */
  opener: boolean;
  /** Parity padding: nothing is set on it. */
  blank: boolean;
}

/** Sets a paragraph or heading into lines for a given measure (memoised by the caller). */
export type SetText = (block: Block, style: TextStyle, measure: number, indent: number, justify: boolean) => SetLine[];

interface Cursor {
  page: PageDraft;
  column: number;
  /** Top of the next line box from the top of the content area, pt. */
  y: number;
  /** Nothing has been set in this column yet (space above headings is dropped there). */
  columnEmpty: boolean;
}

/**
 * Flows one chapter's blocks into columns and pages, starting at page `startIndex` (0-based,
 * book-wide). Body lines sit on the baseline grid; headings keep with the lines after them;
 * paragraphs split only with enough lines on each side (the spec's widow/orphan rules);
 * an H1 that breaks to an odd page inserts a blank page first.
 * A generator so the host can yield and cancel between blocks.
 */
export function* paginateChapter(
  chapter: ParsedChapter,
  startIndex: number,
  settings: LayoutSettings,
  fonts: FontRegistry,
  setText: SetText,
): Generator<undefined, PageDraft[]> {
  const pages: PageDraft[] = [];
  const pitch = settings.body.lineHeight;
  const rows = gridRows(settings);
  const bodyFace = fonts.match(settings.body.style.family, settings.body.style.weight, 'normal');
  const bodyBaseline = baselineInLineBox(pitch, settings.body.style.size, bodyFace.ascender / bodyFace.upem, bodyFace.descender / bodyFace.upem);

  const newPage = (): PageDraft => {
    const page: PageDraft = { index: startIndex + pages.length, items: [], opener: false, blank: false };
    pages.push(page);
    return page;
  };
  const cursor: Cursor = { page: newPage(), column: 0, y: 0, columnEmpty: true };
  const frame = () => pageFrame(settings, cursor.page.index);

  const nextColumn = (): void => {
    if (cursor.column + 1 < settings.columns) {
      cursor.column++;
    } else {
      cursor.page = newPage();
      cursor.column = 0;
    }
    cursor.y = 0;
    cursor.columnEmpty = true;
  };
  const pageIsEmpty = (): boolean => cursor.page.items.length === 0 && cursor.column === 0 && cursor.columnEmpty;

  const placeLines = (block: Block, lines: readonly SetLine[], role: LineInfo['role'], baselineOffset: number, lineHeight: number, xShift: (line: SetLine) => number): void => {
    const f = frame();
    for (const line of lines) {
      const baseline = f.contentTop + cursor.y + baselineOffset;
      const x0 = f.columnX[cursor.column]! + xShift(line);
      for (const run of line.runs) cursor.page.items.push(glyphRun(run, x0, baseline, chapter.chapterId, { block: block.id, role, ratio: roundPt(line.ratio), ...(line.hyphenated ? { hyphenated: true } : {}) }));
      cursor.y += lineHeight;
      cursor.columnEmpty = false;
    }
  };

  let afterHeading = false;
  for (const block of chapter.blocks) {
    if (block.kind === 'heading') {
      const level = settings.headings.levels[block.level - 1]!;
      const breakBefore = level.breakBefore;
      if (breakBefore !== 'none' && !pageIsEmpty()) {
        cursor.page = newPage();
        cursor.column = 0;
        cursor.y = 0;
        cursor.columnEmpty = true;
      }
      if (breakBefore === 'always-odd' && cursor.page.index % 2 === 1) {
        // Index 1, 3, … are even page numbers: pad with a blank verso so the heading opens a recto.
        cursor.page.blank = true;
        cursor.page = newPage();
      }
      if (breakBefore !== 'none' && pageIsEmpty()) cursor.page.opener = true;
      const style = headingStyle(block, settings);
      const measure = frame().columnWidth;
      const lines = setText(block, style, measure, 0, false);
      const lineHeight = level.lineHeightEm * level.size;
      const marginTop = cursor.columnEmpty ? 0 : level.marginTopEm * level.size;
      const marginBottom = level.marginBottomEm * level.size;
      const keepRoom = settings.body.widowMinLines * pitch; // keep-with-next: room for the lines that follow
      const needed = marginTop + lines.length * lineHeight + marginBottom + keepRoom;
      if (!cursor.columnEmpty && cursor.y + needed > frame().contentHeight + 1e-6) nextColumn();
      cursor.y += cursor.columnEmpty ? 0 : marginTop;
      const face = fonts.match(style.family, style.weight, 'normal');
      const baseline = baselineInLineBox(lineHeight, style.size, face.ascender / face.upem, face.descender / face.upem);
      placeLines(block, lines, 'heading', baseline, lineHeight, () => 0);
      cursor.y += marginBottom;
      afterHeading = true;
    } else {
      // bodyText.indentAfterHeading: false sets the first paragraph under a heading flush.
      const indent = afterHeading && !settings.body.indentAfterHeading ? 0 : settings.body.firstLineIndent;
      const justify = settings.body.align === 'justify';
      const lines = setText(block, settings.body.style, frame().columnWidth, indent, justify);
      let remaining = lines;
      while (remaining.length > 0) {
        // Snap to the baseline grid: body line boxes start on whole multiples of the pitch.
        const row = Math.ceil(cursor.y / pitch - 1e-9);
        const free = rows - row;
        if (free <= 0) {
          nextColumn();
          continue;
        }
        let take = Math.min(free, remaining.length);
        if (take < remaining.length) {
          // Split rules (configuration.md §6.4, the spec's naming): at least orphanMinLines carried
          // to the next column, at least widowMinLines left at the foot of this one.
          take = Math.min(take, remaining.length - settings.body.orphanMinLines);
          if (take < settings.body.widowMinLines) take = 0;
          if (take === 0 && cursor.columnEmpty) take = Math.min(free, remaining.length); // nothing better is possible
        }
        if (take === 0) {
          nextColumn();
          continue;
        }
        cursor.y = row * pitch;
        placeLines(block, remaining.slice(0, take), 'body', bodyBaseline, pitch, () => 0);
        remaining = remaining.slice(take);
        if (remaining.length > 0) nextColumn();
      }
      afterHeading = false;
    }
    yield;
  }
  return pages;
}

export function headingStyle(block: HeadingBlock, settings: LayoutSettings): TextStyle {
  const level = settings.headings.levels[block.level - 1]!;
  return { family: settings.headings.family, weight: settings.headings.weight, italic: false, size: level.size, colour: settings.headings.colour };
}

/** A line's run, moved to page coordinates, rounded by the display list's rule. */
export function glyphRun(
  run: SetLine['runs'][number],
  x0: number,
  baseline: number,
  chapter: string,
  line: LineInfo | undefined,
): GlyphRunItem {
  // Generated text (running heads, folios) has negative offsets: it maps to no source.
  const generated = run.offsets.length === 0 || run.offsets.every((o) => o < 0);
  const srcFrom = generated ? -1 : run.offsets[0]!;
  const contiguous = generated || run.offsets.every((o, i) => o === srcFrom + i);
  const item: GlyphRunItem = {
    op: Op.GlyphRun,
    font: run.fontId,
    size: roundPt(run.size),
    fill: run.colour,
    y: roundPt(baseline),
    glyphs: run.glyphs.slice(),
    xs: run.xs.map((x) => roundPt(x0 + x)),
    text: run.text,
    clusters: run.clusters.slice(),
    chapter,
    srcFrom,
  };
  if (run.dys.some((d) => d !== 0)) item.dys = run.dys.map(roundPt);
  if (!contiguous) item.srcMap = run.offsets.slice();
  if (line) item.line = line;
  return item;
}
