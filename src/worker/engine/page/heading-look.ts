/**
 * A heading's own type and spacing (configuration.md §8.1–§8.2, §13.6): its heading style's field
 * over its level's, over the general `headings.*` one. Pure; lengths in pt.
 */
import { DEFAULT_BREAK_RULES } from './break-rules';
import type { HeadingBlock, Inline } from '../parse/model';
import type { SetLine } from '../paragraph';
import type { HeadingLength, HeadingStyleSettings, LayoutSettings, TextStyle } from '../settings';
import { alignShift } from './paragraph-styles';
import { plainRun } from '../paragraph/set-run';

const styleOf = (block: HeadingBlock, settings: LayoutSettings): HeadingStyleSettings | undefined => settings.headingStyles[block.attrs['style'] ?? ''];

/** The heading's text style: face, weight, italic, size and colour (style › level › general). */
export function headingTextStyle(block: HeadingBlock, settings: LayoutSettings): TextStyle {
  const level = settings.headings.levels[block.level - 1]!;
  const own = styleOf(block, settings);
  return {
    family: own?.family ?? level.family ?? settings.headings.family,
    weight: own?.weight ?? level.weight ?? settings.headings.weight,
    italic: own?.italic ?? level.italic ?? false,
    size: own?.size ?? level.size,
    colour: own?.colour ?? level.colour ?? settings.headings.colour,
  };
}

/** Leading and the margins above and below, pt, in the heading's own em (`size`: its style's size). */
export function headingSpacing(block: HeadingBlock, settings: LayoutSettings, size: number): { lineHeight: number; marginTop: number; marginBottom: number } {
  const level = settings.headings.levels[block.level - 1]!;
  const own = styleOf(block, settings);
  const at = (length: HeadingLength | undefined, levelEm: number): number => (length ? length.pt + length.em * size : levelEm * size);
  return { lineHeight: at(own?.lineHeight, level.lineHeightEm), marginTop: at(own?.marginTop, level.marginTopEm), marginBottom: at(own?.marginBottom, level.marginBottomEm) };
}

/** `headings.textAlign` (§8.1, no per-level value): the x shift of a line of `width` in `measure`, pt (justified: its last line flush left). */
export function headingAlignShift(settings: LayoutSettings, measure: number, width: number): number {
  return alignShift(settings.headings.align === 'justify' ? 'left' : (settings.headings.align ?? 'left'), measure, width);
}

/** `textTransform` (§8.2, §13.6): the style's over the level's; 'uppercase' sets the heading in capitals. */
export function headingUppercase(block: HeadingBlock, settings: LayoutSettings): boolean {
  const own = styleOf(block, settings)?.transform ?? settings.headings.levels[block.level - 1]!.transform;
  return own === 'uppercase';
}

/**
 * The inlines in capitals, length-preserving (§8.2): each character whose capital has the same
 * UTF-16 length is replaced, any other (ß → SS) kept, so source offsets still map one to one. Only
 * what is set changes: bookmarks, the toc and running heads read the heading's own inlines.
 */
export function upperInlines(inlines: readonly Inline[]): Inline[] {
  return inlines.map((inline): Inline => {
    if (inline.kind === 'text') {
      let text = '';
      for (const ch of inline.text) {
        const upper = ch.toUpperCase();
        text += upper.length === ch.length ? upper : ch;
      }
      return { ...inline, text };
    }
    if ('children' in inline && Array.isArray(inline.children)) return { ...inline, children: upperInlines(inline.children as Inline[]) } as Inline;
    return inline;
  });
}

/**
 * `headings.inlineMarks: false` (configuration.md §8.1): the heading set as plain text in its own
 * type — emphasis, strong, superscripts, subscripts, small capitals and inline code dropped, links
 * reduced to their text. Direction isolates and vertical forms (`:tcy`…) stay, as do generated labels
 * (references, note marks).
 */
export function plainInlines(inlines: readonly Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const inline of inlines) {
    if (inline.kind === 'text') out.push(inline.marks.length > 0 ? { ...inline, marks: [] } : inline);
    else if (inline.kind === 'link' || (inline.kind === 'directive' && inline.name === 'smallcaps')) out.push(...plainInlines(inline.children));
    else if ('children' in inline && Array.isArray(inline.children)) out.push({ ...inline, children: plainInlines(inline.children as Inline[]) } as Inline);
    else if ('marks' in inline && Array.isArray(inline.marks) && inline.marks.length > 0) out.push({ ...inline, marks: [] } as Inline);
    else out.push(inline);
  }
  return out;
}

/** Whether the text after the heading goes back to the grid (§8.1 `snapToGrid`): its style's value over its level's (following the general one). */
export function headingSnaps(block: HeadingBlock, settings: LayoutSettings): boolean {
  return styleOf(block, settings)?.snapToGrid ?? (settings.breaks ?? DEFAULT_BREAK_RULES).headingSnap[block.level - 1] ?? true;
}

/** `indent` and `firstLineIndent` (§8.2, body ems resolved to pt): the style's over the level's; 0 when unset. */
export function headingIndents(block: HeadingBlock, settings: LayoutSettings): { indent: number; firstLine: number } {
  const level = settings.headings.levels[block.level - 1]!;
  const own = styleOf(block, settings);
  return { indent: own?.indent ?? level.indent ?? 0, firstLine: own?.firstLineIndent ?? level.firstLineIndent ?? 0 };
}

/**
 * A structural heading (§8.2 `hidden`): the heading's `{hidden}` attribute when it has one (any
 * value but "false"), else its style's field over its level's.
 */
export function headingHidden(block: HeadingBlock, settings: LayoutSettings): boolean {
  const attr = block.attrs['hidden'];
  if (attr !== undefined) return attr !== 'false';
  return styleOf(block, settings)?.hidden ?? settings.headings.levels[block.level - 1]!.hidden ?? false;
}

/** `numberingTemplate`, `numberSeparator`, `numberPosition` (§8.2–§8.3): a heading style's over its level's (the counter stays the level's). */
export function headingNumbering(block: HeadingBlock, settings: LayoutSettings): LayoutSettings['headings']['levels'][number]['numbering'] {
  const level = settings.headings.levels[block.level - 1]!.numbering;
  const own = styleOf(block, settings)?.numbering;
  return own ? { template: own.template ?? level.template, separator: own.separator ?? level.separator, position: own.position ?? level.position } : level;
}

/** `lineSpan` (行取り, §8.2): body lines of the band the heading is centred in, the style's over the level's; undefined = margins. */
export function headingLineSpan(block: HeadingBlock, settings: LayoutSettings): number | undefined {
  return styleOf(block, settings)?.lineSpan ?? settings.headings.levels[block.level - 1]!.lineSpan;
}

/** `jidori` (§8.2): own ems a short one-line title is spread to, the style's over the level's; undefined = as set. */
export function headingJidori(block: HeadingBlock, settings: LayoutSettings): number | undefined {
  return styleOf(block, settings)?.jidori ?? settings.headings.levels[block.level - 1]!.jidori;
}

/**
 * 字取り: a line shorter than `target` pt spread evenly to it — the same space added between every
 * two clusters (first at the start, last at the end), glyphs of one cluster kept together. A copy:
 * the set line may be shared by the memo. Lines of one cluster, or as long already, are returned as they are.
 */
export function spreadLine(line: SetLine, target: number): SetLine {
  if (line.width >= target - 1e-6) return line;
  const clusters = clusterStarts(line).reduce((sum, run) => sum + run.reduce((a, b) => a + b, 0), 0);
  return clusters < 2 ? line : spaceClusters(line, (target - line.width) / (clusters - 1));
}

/** For each glyph of each run, 1 where a cluster starts (a ruby reading's glyphs count none: they follow their base). */
function clusterStarts(line: SetLine): number[][] {
  return line.runs.map((run) => run.glyphs.map((_, g): number => (run.ruby !== true && (g === 0 || run.clusters[g] !== run.clusters[g - 1]) ? 1 : 0)));
}

/**
 * A copy of the line with `step` pt more between every two clusters (none after the last); its width
 * grows with it. A ruby reading (paragraph/ruby-lines.ts) moves with its base: by the mean shift of the
 * base glyphs under it, else of the last one before its middle.
 */
function spaceClusters(line: SetLine, step: number): SetLine {
  const starts = clusterStarts(line);
  let k = -1;
  const pens: { x: number; shift: number }[] = [];
  const runs = line.runs.map((run, r) => {
    if (run.ruby === true) return run;
    return {
      ...plainRun(run),
      xs: run.xs.map((x, g) => {
        k += starts[r]![g]!;
        pens.push({ x, shift: k * step });
        return x + k * step;
      }),
    };
  });
  for (let r = 0; r < runs.length; r++) {
    const reading = runs[r]!;
    if (reading.ruby !== true || reading.xs.length === 0) continue;
    const left = reading.xs[0]!;
    const right = reading.xs[reading.xs.length - 1]!;
    const under = pens.filter((p) => p.x >= left - 1e-6 && p.x <= right + 1e-6);
    const before = pens.filter((p) => p.x <= (left + right) / 2 + 1e-6).reduce<{ x: number; shift: number } | null>((best, p) => (best === null || p.x > best.x ? p : best), null);
    const shift = under.length > 0 ? under.reduce((sum, p) => sum + p.shift, 0) / under.length : (before?.shift ?? 0);
    runs[r] = { ...plainRun(reading), xs: reading.xs.map((x) => x + shift) };
  }
  return { ...line, runs, width: line.width + Math.max(0, k) * step };
}

/** `letterSpacing` (§8.2, the heading's own em): the style's over the level's, pt at `size`; 0 when unset. */
export function headingTracking(block: HeadingBlock, settings: LayoutSettings, size: number): number {
  const own = styleOf(block, settings)?.letterSpacing;
  return own ? own.pt + own.em * size : (settings.headings.levels[block.level - 1]!.letterSpacingEm ?? 0) * size;
}

/**
 * Lines letter-spaced by `tracking` pt that still fit `measure`: set by `set` at the measure, spaced,
 * and while a spaced line overflows, set again that much narrower (at most four tries; the last is kept).
 */
export function trackedLines(set: (measure: number) => SetLine[], measure: number, tracking: number): SetLine[] {
  let width = measure;
  let lines: SetLine[] = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    lines = set(width).map((line) => spaceClusters(line, tracking));
    const over = Math.max(0, ...lines.map((line) => line.width)) - measure;
    if (over <= 1e-6 || width - over < 1) break;
    width -= over;
  }
  return lines;
}
