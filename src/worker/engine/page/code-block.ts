/**
 * Code listings (document-format §5.7, configuration.md §13.3 `codeStyle`): a fenced block set
 * verbatim in the code face inside a box — fill, border, radius, padding — each source line its
 * own row at the listing's leading, with the fence's title row, a line-number gutter (`lineNumbers`,
 * `start`), tinted lines (`highlight="3,5-7"`), tabs to `tabSize` cells, and lines too long for
 * the box turned over (`wrap`), the whole listing set smaller (`shrink`) or cut at the box edge
 * (`clip`). `prepareListing` sets the rows (pure, from the block and the settings);
 * `placeListing` splits them into parts across columns (`keepTogether`, `splitMinLines`,
 * `repeatTitle`, the continues marker) through the small `ListingHost` paginate.ts hands it.
 * Page coordinates, pt.
 */
import { Op, roundPt, type DisplayItem } from '../../protocol/displaylist';
import { isArabicScript } from '../../config/locale';
import type { FontRegistry } from '../fonts/registry';
import type { LineRun, SetLine } from '../paragraph/lines';
import { UNBOUNDED_MEASURE, runOffset, runSize } from '../paragraph/lines';
import type { CodeBlock, Inline, Mark } from '../parse/model';
import { codeLineStarts } from '../parse/indented-code';
import { defaultCodeListing, type CodeListing } from '../settings-code';
import type { LayoutSettings, TextStyle } from '../settings';
import { boxFrameItems, roundedRectPath } from './box-shape';
import { baselineInLineBox } from './geometry';
import type { SetGenerated, SetText } from './paginate';
import { tokenizeListing, type Token, type TokenLook } from './code-tokens';
import { flowLineSetter, setLineText } from './vertical-generated';
import { plainRun } from '../paragraph/set-run';

/** The listing settings in force: the configuration's, else the §13.3 defaults at the body of `settings`. */
export function listingSettings(settings: LayoutSettings): CodeListing {
  return settings.listing ?? defaultCodeListing(settings.body.style.size, settings.body.style.colour, settings.body.lineHeight, settings.code.family, settings.code.size);
}

/** What the fence asks for (§5.7), over the style's defaults. */
export interface FenceOptions {
  /** Line numbers in a gutter: `lineNumbers`, `lineNumbers=false`, `start=N` (implies numbering), else `codeStyle.lineNumbers`. */
  numbers: boolean;
  /** The first line's number. */
  start: number;
  /** 1-based positions of the listing's lines to tint (`highlight="3,5-7"`: counted from its first line, whatever `start` says). */
  highlighted: ReadonlySet<number>;
  title?: string;
  /** `span=page` on the fence over `codeStyle.span`. */
  span: 'column' | 'page';
}

export function fenceOptions(block: CodeBlock, listing: CodeListing): FenceOptions {
  const attrs = block.attrs;
  const startAttr = attrs['start'];
  const start = startAttr !== undefined && /^-?\d+$/.test(startAttr.trim()) ? Number(startAttr.trim()) : undefined;
  const numbersAttr = attrs['lineNumbers'];
  // A bare `lineNumbers` (value '') or any value but false/no/0 forces the gutter on.
  const numbers = numbersAttr !== undefined ? !/^(false|no|off|0)$/i.test(numbersAttr.trim()) : start !== undefined ? true : listing.lineNumbers;
  const highlighted = new Set<number>();
  for (const part of (attrs['highlight'] ?? '').split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m) continue;
    const from = Number(m[1]);
    const to = m[2] !== undefined ? Number(m[2]) : from;
    // At most 10 000 lines a range: a typo like 1-99999999 must not hang the layout.
    for (let n = from; n <= Math.min(to, from + 10_000); n++) highlighted.add(n);
  }
  const span = attrs['span'] === 'page' ? 'page' : attrs['span'] === 'column' ? 'column' : listing.span;
  return { numbers, start: start ?? 1, highlighted, span, ...(block.title !== undefined && block.title !== '' ? { title: block.title } : {}) };
}

/** One printed row of a listing: a source line, or a turned-over part of one. */
export interface ListingRow {
  line: SetLine;
  /** The text's start from the code column's start edge, pt (a turnover's indent). */
  x: number;
  /** 0-based index of the source line. */
  source: number;
  /** The row opens its source line (it carries the line's number). */
  opens: boolean;
  /** The gutter number (on the row opening a source line, when numbered). */
  number?: SetLine;
  /** The wrap marker before a turnover. */
  marker?: SetLine;
  highlighted: boolean;
  /** Its text runs past the box's measure and is cut at the box edge (`overflow: 'clip'`). */
  clipped: boolean;
}

export interface PreparedListing {
  rows: ListingRow[];
  /** `shrink`: the factor the listing is set at (1 = its own size). */
  scale: number;
  /** Row height and the baseline's depth in a row, pt. */
  leading: number;
  baseline: number;
  /** Width of the gutter (numbers and their gap), pt; 0 without numbers. */
  gutter: number;
  /** Width of the widest number, pt (numbers are flush right in it). */
  numberWidth: number;
  /** One character cell of the code face at the listing's size, pt. */
  cell: number;
  width: number;
  padding: number;
  title?: { line: SetLine; height: number; baseline: number };
  /** The label tab on the box's top edge (`codeStyle.label`, `label=`): its text, size, and the room it takes above the box, pt. */
  tab?: { line: SetLine; width: number; height: number; baseline: number; above: number };
  continues?: { line: SetLine; height: number; baseline: number };
  listing: CodeListing;
  options: FenceOptions;
}

export interface ListingDeps {
  setText: SetText;
  setGenerated: SetGenerated;
  fonts: FontRegistry;
}

const NBSP = '\u00a0';
/** Characters a turnover may follow when no word gap is near (§13.3 'wrap'): where a code phrase ends or opens. */
const BREAK_AFTER = ',;([{.=+-*/|&:';
/** Slack for comparing widths, pt (rounding of pen positions). */
const EPS = 0.01;

/**
 * A source line with its tabs expanded to the next multiple of `tabSize` cells (§13.3 `tabSize`)
 * and its spaces as no-break spaces (kept, never stretched): the text and each unit's source offset.
 */
export function expandLine(line: string, from: number, tabSize: number): { text: string; offsets: number[] } {
  let text = '';
  const offsets: number[] = [];
  let column = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '\t') {
      const n = tabSize - (column % tabSize);
      for (let k = 0; k < n; k++) {
        text += NBSP;
        offsets.push(from + i);
      }
      column += n;
      continue;
    }
    text += ch === ' ' ? NBSP : ch;
    offsets.push(from + i);
    // A surrogate pair is one cell; its low half adds none.
    const code = ch.charCodeAt(0);
    if (code < 0xdc00 || code > 0xdfff) column++;
  }
  return { text, offsets };
}

/**
 * Listings already set, by the settings and fonts they were set with, then by block id: the last
 * two settings of each block (a listing is set at the column width, and inside a `:::columns` group
 * at the sub-column's), each with everything else its rows depend on (`listingKey`). Every pass of
 * every build used to set each listing again: its syntax highlighting, each row's inlines and its
 * memo key (a fresh inline array per row, so the paragraph memo's key was rebuilt each time) —
 * ~15 % of an edit in the guide sample book, which holds dozens of listings. The rows hold source
 * offsets, so a listing moved by an edit above it misses and is set again, as before.
 */
const listingMemo = new WeakMap<LayoutSettings, WeakMap<FontRegistry, Map<string, { key: string; prepared: PreparedListing }[]>>>();

/** Everything a listing's rows depend on besides the settings and fonts objects. */
function listingKey(block: CodeBlock, width: number, fonts: FontRegistry): string {
  return `${width}|${fonts.generation}|${codeLineStarts(block).join(',')}|${block.fence}|${block.lang}|${block.info}|${block.title ?? ''}|${JSON.stringify(block.attrs)}|${block.text}`;
}

/** Sets the listing's rows at a box `width` pt wide (or hands out the rows set before for the same input). */
export function prepareListing(block: CodeBlock, settings: LayoutSettings, width: number, deps: ListingDeps): PreparedListing {
  let byFonts = listingMemo.get(settings);
  if (!byFonts) listingMemo.set(settings, (byFonts = new WeakMap()));
  let byBlock = byFonts.get(deps.fonts);
  if (!byBlock) byFonts.set(deps.fonts, (byBlock = new Map()));
  const key = listingKey(block, width, deps.fonts);
  const kept = byBlock.get(block.id) ?? [];
  const hit = kept.find((entry) => entry.key === key);
  if (hit) return hit.prepared;
  const prepared = setListing(block, settings, width, deps);
  byBlock.set(block.id, [{ key, prepared }, ...kept].slice(0, 2));
  return prepared;
}

function setListing(block: CodeBlock, settings: LayoutSettings, width: number, deps: ListingDeps): PreparedListing {
  const listing = listingSettings(settings);
  const options = fenceOptions(block, listing);
  const sources = block.text.split('\n');
  // A fence with nothing in it still prints an empty row (the box shows where the listing is).
  // Each row's source start (an indented listing's lines start past their indent).
  const starts = codeLineStarts(block);
  const expanded = sources.map((s, i) => expandLine(s, starts[i]!, listing.tabSize));
  // Syntax highlighting (§13.3 `highlight: 'builtin'`, page/code-tokens.ts): null with 'none'.
  const tokens = listing.highlight === 'none' ? null : tokenizeListing(block.lang, sources);
  const looks = listing.tokens;
  const pad = listing.padding;
  // Italic token kinds (comments) go through the emphasis mark: italic only where emphasis is set italic (§6.1).
  const italicOk = (settings.body.emphasis ?? (isArabicScript(settings.language) ? 'bold' : 'italic')) === 'italic';
  const digits = String(options.start + Math.max(0, sources.length - 1)).length;

  const setAt = (size: number): { style: TextStyle; lines: SetLine[]; cell: number } => {
    const style: TextStyle = { family: listing.family, weight: listing.weight, italic: false, size, colour: listing.colour, look: { boldWeight: listing.boldWeight, boldColour: listing.colour, italicColour: listing.colour, smallCaps: false, hyphenate: false } };
    const cell = deps.setGenerated('0', style, 'ltr').width;
    const lines = expanded.map((e, i) => {
      const inlines = lineInlines(e, starts[i]!, sources[i]!.length, tokens?.[i] ?? null, looks, italicOk);
      const set = inlines.length > 0 ? deps.setText({ base: starts[i]!, inlines, style, measure: UNBOUNDED_MEASURE, indent: 0, justify: false, verbatim: true, direction: 'ltr', firstFit: true }) : [];
      const line = set.length === 1 ? set[0]! : set.length === 0 ? emptyLine() : joinLines(set);
      return tokens && tokens[i]!.length > 0 ? recolour(line, (o) => looks[tokenAt(o - starts[i]!, tokens[i]!)?.kind ?? 'operator']?.colour) : line;
    });
    return { style, lines, cell };
  };

  // Line numbers (§13.3 `lineNumbers`): in vertical text set as the flow's generated text beside
  // the row they stand on (page/vertical-generated.ts `flowLineSetter`, as list markers are): a
  // number of at most `cjk.uprightDigits` digits one upright cell of one em when that row holds
  // CJK text (page/vertical.ts cuts only such a line), else as set horizontally, sideways with the
  // code. `beside`: the row's text; '' for a clipped row, whose clip stands between the two.
  const setNumber = flowLineSetter(deps.setText, deps.setGenerated, settings, deps.fonts);
  const numberStyleOf = (style: TextStyle): TextStyle => {
    const { look: _look, ...plain } = style;
    return { ...plain, colour: listing.lineNumberColour };
  };
  const numberOf = (i: number, style: TextStyle, beside: string): SetLine => setNumber(String(options.start + i), numberStyleOf(style), 'ltr', beside);
  // The numbers' column, pt: `digits` cells, in vertical text at least the widest number as set
  // beside its whole line (a one-em cell is wider than a digit of the code face).
  const numberColumn = (set: { style: TextStyle; lines: SetLine[]; cell: number }): number =>
    !options.numbers ? 0 : Math.max(digits * set.cell, ...(settings.vertical ? set.lines.map((l, i) => numberOf(i, set.style, setLineText(l)).width) : []));

  let scale = 1;
  let set = setAt(listing.size);
  const gutterAt = (at: typeof set, s: number): number => (options.numbers ? numberColumn(at) + listing.lineNumberGap * s : 0);
  const widest = Math.max(0, ...set.lines.map((l) => l.width));
  if (listing.overflow === 'shrink' && widest > width - 2 * pad - gutterAt(set, 1) + EPS) {
    // The whole listing smaller (§13.3 'shrink'), gutter and all, so its widest line fits:
    // s × (widest + gutter) ≤ the box's inner width; never below minFontScale (the rest then turns over).
    scale = Math.max(listing.minFontScale, Math.min(1, (width - 2 * pad) / (widest + gutterAt(set, 1))));
    set = setAt(listing.size * scale);
  }
  const { style, cell } = set;
  const gutter = gutterAt(set, scale);
  const measure = Math.max(cell, width - 2 * pad - gutter);
  const numberStyle = numberStyleOf(style);
  const rows: ListingRow[] = [];
  set.lines.forEach((line, i) => {
    const highlighted = options.highlighted.has(i + 1);
    const first = { line, x: 0, source: i, opens: true, highlighted, clipped: false };
    if (line.width <= measure + EPS || listing.overflow === 'clip') {
      const clipped = line.width > measure + EPS;
      rows.push({ ...first, clipped, ...(options.numbers ? { number: numberOf(i, style, clipped ? '' : setLineText(line)) } : {}) });
      return;
    }
    // 'wrap' (and 'shrink' past minFontScale): the line turns over, each turnover `wrapIndent` cells
    // in with the wrap marker before it (at least the marker and half a cell, so they never touch).
    const marker = listing.wrapMarker ? deps.setGenerated(listing.wrapMarker, numberStyle, 'ltr') : undefined;
    const indent = Math.min(measure / 2, Math.max(listing.wrapIndent * cell, marker ? marker.width + cell / 2 : 0));
    let rest = line;
    let room = measure;
    let opens = true;
    while (rest.runs.length > 0) {
      const [head, tail] = cutLine(rest, room, deps.fonts);
      rows.push({ line: head, x: opens ? 0 : indent, source: i, opens, highlighted, clipped: false, ...(opens && options.numbers ? { number: numberOf(i, style, setLineText(head)) } : {}), ...(!opens && marker ? { marker } : {}) });
      if (!tail) break;
      rest = tail;
      room = measure - indent;
      opens = false;
    }
  });
  const leading = listing.lineHeight;
  const baseline = baselineOf(leading, style, deps.fonts);
  const prepared: PreparedListing = { rows, scale, leading, baseline, gutter, numberWidth: numberColumn(set), cell, width, padding: pad, listing, options };
  // The label tab (§5.7 `label=`, §13.3 `label`): with codeStyle.label the fence's label, else its
  // title, else its language goes in the tab and no title row is set; a `label=` alone shows a tab too.
  const tabText = block.attrs['label'] ?? (listing.label ? (options.title ?? (block.lang || undefined)) : undefined);
  const tabLook = listing.label ?? defaultLabel(listing);
  if (tabText) {
    const line = deps.setGenerated(tabText, { ...tabLook.look }, 'ltr');
    prepared.tab = { line, width: line.width + 2 * tabLook.paddingX, height: tabLook.height, baseline: baselineOf(tabLook.height, tabLook.look, deps.fonts), above: Math.max(0, tabLook.height - tabLook.offset) };
  }
  if (options.title !== undefined && !listing.label) {
    const titleStyle: TextStyle = { family: listing.title.family, weight: listing.title.weight, italic: listing.title.italic, size: listing.title.size, colour: listing.title.colour };
    const height = Math.max(leading, 1.2 * titleStyle.size);
    prepared.title = { line: deps.setGenerated(options.title, titleStyle, 'ltr'), height, baseline: baselineOf(height, titleStyle, deps.fonts) };
  }
  if (listing.continuesMarker) {
    const look: TextStyle = { family: listing.title.family, weight: listing.weight, italic: false, size: listing.title.size, colour: listing.lineNumberColour };
    prepared.continues = { line: deps.setGenerated(listing.continuesMarker, look, 'ltr'), height: leading, baseline: baselineOf(leading, look, deps.fonts) };
  }
  return prepared;
}

/** The tab of a `label=` in a book that leaves codeStyle.label unset: our defaults (settings-code.ts `ListingLabel`). */
function defaultLabel(listing: CodeListing): NonNullable<CodeListing['label']> {
  const size = listing.title.size;
  return { look: { ...listing.title }, background: '#e0e0e0', position: 'top-right', height: 1.4 * size, paddingX: 0.6 * size, offset: 0, inset: 0 };
}

function baselineOf(leading: number, style: TextStyle, fonts: FontRegistry): number {
  const face = fonts.match(style.family, style.weight, style.italic ? 'italic' : 'normal');
  return baselineInLineBox(leading, style.size, face.ascender / face.upem, face.descender / face.upem);
}

function emptyLine(): SetLine {
  return { runs: [], width: 0, ratio: 0, hyphenated: false, ragged: false, emergency: false, srcFrom: -1, srcTo: -1 };
}

/** Lines a verbatim setting broke anyway (it should not at an unbounded measure) put back on one line. */
function joinLines(lines: readonly SetLine[]): SetLine {
  let x = 0;
  const runs: LineRun[] = [];
  for (const l of lines) {
    for (const r of l.runs) runs.push({ ...plainRun(r), xs: r.xs.map((v) => v + x) });
    x += l.width;
  }
  return { ...lines[0]!, runs, width: x, srcTo: lines[lines.length - 1]!.srcTo };
}

/** The token covering unit `unit` of a source line, if any. */
function tokenAt(unit: number, tokens: readonly Token[]): Token | undefined {
  for (const t of tokens) if (unit >= t.from && unit < t.to) return t;
  return undefined;
}

/** The inlines of one expanded source line: one text inline per token (marks for bold prompts and italic comments), else one. */
function lineInlines(e: { text: string; offsets: number[] }, from: number, length: number, tokens: readonly Token[] | null, looks: Readonly<Partial<Record<Token['kind'], TokenLook>>>, italicOk: boolean): Inline[] {
  if (e.text.length === 0) return [];
  const range = { from, to: from + length, line: 0, column: 0 };
  const piece = (a: number, b: number, marks: Mark[]): Inline => {
    const offsets = e.offsets.slice(a, b);
    const contiguous = offsets.every((o, k) => o === offsets[0]! + k);
    const start = offsets[0] ?? from;
    return { kind: 'text', text: e.text.slice(a, b), marks, range: { ...range, from: start, to: (offsets[offsets.length - 1] ?? start) + 1 }, ...(contiguous ? {} : { offsets }) };
  };
  if (!tokens || tokens.length === 0) return [piece(0, e.text.length, [])];
  // Cut the expanded text where a token needing another face (a bold prompt, an italic comment:
  // tokens.<kind>.bold / italic) starts or ends. Italic goes through the emphasis mark, so only
  // where emphasis is set italic (bodyText.emphasis).
  const markOf = (unit: number): Mark | null => {
    const t = tokenAt(e.offsets[unit]! - from, tokens);
    const look = t ? looks[t.kind] : undefined;
    if (look?.bold) return 'strong';
    if (look?.italic && italicOk) return 'emphasis';
    return null;
  };
  const out: Inline[] = [];
  let a = 0;
  while (a < e.text.length) {
    const mark = markOf(a);
    let b = a + 1;
    while (b < e.text.length && markOf(b) === mark) b++;
    out.push(piece(a, b, mark ? [mark] : []));
    a = b;
  }
  return out;
}

/** One glyph of a line, with the run it belongs to. */
interface GlyphAt {
  run: LineRun;
  g: number;
  left: number;
  right: number;
}

function glyphsOf(line: SetLine, fonts: FontRegistry): GlyphAt[] {
  const out: GlyphAt[] = [];
  for (const run of line.runs) {
    const face = fonts.get(run.fontId);
    const scale = face ? runSize(run) / face.upem : 0;
    run.glyphs.forEach((glyph, g) => {
      const left = run.xs[g]!;
      out.push({ run, g, left, right: left + (face ? face.glyphAdvance(glyph) * scale : 0) });
    });
  }
  return out.sort((a, b) => a.left - b.left);
}

/** Whether glyph `g` of its run starts a cluster (a cut may fall before it). */
function startsCluster(run: LineRun, g: number): boolean {
  return g === 0 || run.clusters[g] !== run.clusters[g - 1];
}

/** The runs of glyphs `list` (consecutive per run), moved left by `shift` pt. */
function runsOf(list: readonly GlyphAt[], shift: number, colourOf?: (run: LineRun, g: number) => string): LineRun[] {
  const out: LineRun[] = [];
  let k = 0;
  while (k < list.length) {
    const run = list[k]!.run;
    const colour = colourOf ? colourOf(run, list[k]!.g) : run.colour;
    let end = k + 1;
    while (end < list.length && list[end]!.run === run && list[end]!.g === list[end - 1]!.g + 1 && (!colourOf || colourOf(run, list[end]!.g) === colour || !startsCluster(run, list[end]!.g))) end++;
    out.push(sliceRun(run, list[k]!.g, list[end - 1]!.g + 1, shift, colour));
    k = end;
  }
  return out;
}

/** Glyphs [a, b) of a left-to-right run as a run of their own (text, clusters and source offsets cut to match). */
function sliceRun(run: LineRun, a: number, b: number, shift: number, colour: string): LineRun {
  if (a === 0 && b === run.glyphs.length && shift === 0 && colour === run.colour) return run;
  const textFrom = run.clusters[a]!;
  const textTo = b < run.glyphs.length ? run.clusters[b]! : run.text.length;
  const out: LineRun = {
    fontId: run.fontId,
    sizeIndex: run.sizeIndex,
    colour,
    glyphs: run.glyphs.slice(a, b),
    xs: run.xs.slice(a, b).map((x) => x - shift),
    text: run.text.slice(textFrom, textTo),
    clusters: run.clusters.slice(a, b).map((c) => c - textFrom),
  };
  if (run.dys) out.dys = run.dys.slice(a, b);
  const offsets: number[] = [];
  for (let u = textFrom; u < textTo; u++) offsets.push(runOffset(run, u));
  if (offsets.length > 0 && offsets[0]! >= 0 && offsets.every((o, i) => o === offsets[0]! + i)) out.from = offsets[0]!;
  else out.offsets = offsets;
  return out;
}

/** The line's runs split where the token colour changes (`colourAt`: a source offset's colour, undefined = the run's own). */
function recolour(line: SetLine, colourAt: (offset: number) => string | undefined): SetLine {
  if (line.runs.length === 0) return line;
  const list: GlyphAt[] = [];
  for (const run of line.runs) run.glyphs.forEach((_, g) => list.push({ run, g, left: run.xs[g]!, right: run.xs[g]! }));
  const colourOf = (run: LineRun, g: number): string => colourAt(runOffset(run, run.clusters[g]!)) ?? run.colour;
  return { ...line, runs: runsOf(list, 0, colourOf) };
}

/**
 * A line cut where it first passes `room` pt: the head (what fits, ending after the last space in
 * its second half when there is one — a turnover at a word gap reads best — else at the last whole
 * cluster) and the tail moved to start at 0, or null when it all fits. At least one cluster stays.
 */
export function cutLine(line: SetLine, room: number, fonts: FontRegistry): [SetLine, SetLine | null] {
  const glyphs = glyphsOf(line, fonts);
  if (glyphs.length === 0 || line.width <= room + EPS) return [line, null];
  let cut = 0;
  for (let k = 1; k <= glyphs.length; k++) {
    if (k < glyphs.length && !startsCluster(glyphs[k]!.run, glyphs[k]!.g)) continue;
    if (glyphs[k - 1]!.right > room + EPS) break;
    cut = k;
  }
  if (cut === 0) {
    // Not one cluster fits: take the first whole cluster anyway.
    cut = 1;
    while (cut < glyphs.length && !startsCluster(glyphs[cut]!.run, glyphs[cut]!.g)) cut++;
  } else {
    // In the second half of the measure: after the last word gap, else after the last punctuation
    // that ends a code phrase (a comma, an opening bracket, a dot before a member…), else where it stops.
    let punctuation = 0;
    for (let k = cut; k > 0 && glyphs[k - 1]!.left >= room / 2; k--) {
      if (k < glyphs.length && !startsCluster(glyphs[k]!.run, glyphs[k]!.g)) continue;
      const g = glyphs[k - 1]!;
      const ch = g.run.text[g.run.clusters[g.g]!];
      if (ch === NBSP) {
        if (k < cut) punctuation = -k;
        break;
      }
      if (punctuation === 0 && k < cut && ch !== undefined && BREAK_AFTER.includes(ch)) punctuation = k;
    }
    if (punctuation < 0) cut = -punctuation;
    else if (punctuation > 0) cut = punctuation;
  }
  if (cut >= glyphs.length) return [line, null];
  const head = glyphs.slice(0, cut);
  const tail = glyphs.slice(cut);
  const shift = tail[0]!.left;
  const width = (list: readonly GlyphAt[], s: number): number => Math.max(0, ...list.map((g) => g.right - s));
  const headLine: SetLine = { ...line, runs: runsOf(head, 0), width: width(head, 0) };
  const tailLine: SetLine = { ...line, runs: runsOf(tail, shift), width: width(tail, shift) };
  return [headLine, tailLine];
}

/** What placeListing needs from the pagination (paginate.ts). */
export interface ListingHost {
  /** Top of the next line box from the content top, pt. */
  y(): number;
  setY(y: number): void;
  columnEmpty(): boolean;
  /** The current column's foot for text, pt from the content top. */
  limit(): number;
  /** A whole column's height, pt (a listing taller than that must split). */
  columnHeight(): number;
  /** Go on in the next column (or page). */
  next(): void;
  /** The box's left edge and the content top, page pt. */
  left(): number;
  top(): number;
  push(item: DisplayItem): void;
  /** A line of the listing's own text (glyph runs recording the block). */
  emitText(line: SetLine, x: number, baseline: number): void;
  /** Generated text: numbers, markers, title, continues mark (no source). */
  emitMark(line: SetLine, x: number, baseline: number): void;
}

/**
 * Places a prepared listing from the host's cursor on: parts across columns, each drawn as its own
 * box (fill and border; corners rounded only at the listing's own top and bottom). A part holds
 * at least `splitMinLines` rows and leaves as many for the next (fewer only in a fresh column);
 * `keepTogether` moves a listing that fits a column whole to the next one; a part that goes on
 * ends with the continues marker; `repeatTitle` repeats the title row on the parts after the first.
 * Leaves the host's y at the last part's bottom edge.
 */
/**
 * A listing's part from row `from` cut outside `placeListing` (in a callout box, between
 * `:::columns` sub-columns): the label tab above it (the first part's top edge), its head row (the
 * title: the first part's, every part's with `repeatTitle`), and the height of its box for `take`
 * rows, the continues marker's row under it when it goes on, pt.
 */
export function listingPart(p: PreparedListing, from: number): { first: boolean; above: number; head: number; boxHeight: (take: number, last: boolean) => number } {
  const first = from === 0;
  const head = first || p.listing.repeatTitle ? (p.title?.height ?? 0) : 0;
  const more = p.continues?.height ?? 0;
  return { first, above: first ? (p.tab?.above ?? 0) : 0, head, boxHeight: (take, last) => 2 * p.padding + head + take * p.leading + (last ? 0 : more) };
}

/**
 * Where a listing's part ends when `fitting` of its rows from `from` fit (§13.3): at least `minLines`
 * rows left for the next part, and the cut moved up to before a row opening its source line when
 * one lies past the first `minLines` (the turnovers of a wrapped line are not parted). The caller
 * decides what a result under `minLines` means (the part moves on, or a fresh column takes what fits).
 */
export function listingCut(rows: readonly { opens: boolean }[], from: number, fitting: number, minLines: number): number {
  let take = fitting;
  while (take > 0 && rows.length - from - take < minLines) take--;
  let atLine = take;
  while (atLine > minLines && !rows[from + atLine]!.opens) atLine--;
  if (rows[from + atLine]?.opens) take = atLine;
  return take;
}

export function placeListing(p: PreparedListing, host: ListingHost): void {
  const { rows, leading, padding: pad, listing } = p;
  const n = rows.length;
  const titleH = p.title?.height ?? 0;
  const moreH = p.continues?.height ?? 0;
  const headOf = (index: number): number => (index === 0 || listing.repeatTitle ? titleH : 0);
  // The label tab stands on the first part's top edge: that part takes its room above the box.
  const tabAbove = p.tab?.above ?? 0;
  const total = tabAbove + 2 * pad + titleH + n * leading;
  // keepTogether (§13.3): whole in the next column when it does not fit here but fits a column.
  if (listing.keepTogether && !host.columnEmpty() && host.y() + total > host.limit() + EPS && total <= host.columnHeight() + EPS) host.next();
  let index = 0;
  for (let guard = 0; index < n && guard < 4 * n + 8; guard++) {
    const head = headOf(index);
    const room = host.limit() - host.y();
    const above = index === 0 ? tabAbove : 0;
    const fits = (take: number): boolean => above + 2 * pad + head + take * leading + (index + take < n ? moreH : 0) <= room + EPS;
    let take = 0;
    while (index + take < n && fits(take + 1)) take++;
    if (index + take < n) {
      // A split: at least splitMinLines rows on each side (§13.3), cut before a row opening its
      // source line when the turnovers of a wrapped line would otherwise be parted.
      const m = listing.splitMinLines;
      take = listingCut(rows, index, take, m);
      if (take < m || take === 0) {
        if (!host.columnEmpty()) {
          host.next();
          continue;
        }
        // A fresh column too short for the rule: as many rows as fit, at least one.
        take = Math.max(1, take);
        while (index + take < n && fits(take + 1)) take++;
      }
    }
    const last = index + take >= n;
    const height = 2 * pad + head + take * leading + (last ? 0 : moreH);
    host.setY(host.y() + above);
    drawPart(p, host, index, take, head, height, index === 0, last);
    host.setY(host.y() + height);
    index += take;
    if (!last) host.next();
  }
}

/** Draws rows `index`…`index + take − 1` as one part (a box `height` pt tall, `head` pt of title) at the host's y; also a `:::columns` group's parts (page/columns-group-split.ts). */
export function drawPart(p: PreparedListing, host: ListingHost, index: number, take: number, head: number, height: number, first: boolean, last: boolean): void {
  const { listing, padding: pad, leading, width } = p;
  const x = host.left();
  const y = host.top() + host.y();
  for (const item of boxFrameItems({ x, y, w: width, h: height, fill: listing.fill, border: listing.border, stripe: null, radius: listing.radius, roundTop: first, roundBottom: last })) host.push(item);
  const inset = listing.border.enabled ? listing.border.width : 0;
  const rowsTop = y + pad + head;
  // Tinted lines (`highlight`) under their text, the box's inner width (inside the border).
  for (let k = 0; k < take; k++) {
    if (!p.rows[index + k]!.highlighted) continue;
    let end = k + 1;
    while (end < take && p.rows[index + end]!.highlighted) end++;
    host.push({ op: Op.Rect, x: roundPt(x + inset), y: roundPt(rowsTop + k * leading), w: roundPt(width - 2 * inset), h: roundPt((end - k) * leading), fill: listing.highlightBackground });
    k = end - 1;
  }
  if (p.title && head > 0) host.emitMark(p.title.line, x + pad, y + pad + p.title.baseline);
  if (first && p.tab) {
    const look = listing.label ?? defaultLabel(listing);
    const tabX = look.position === 'top-left' ? x + look.inset : x + width - look.inset - p.tab.width;
    const tabY = y - p.tab.above;
    host.push({ op: Op.Rect, x: roundPt(tabX), y: roundPt(tabY), w: roundPt(p.tab.width), h: roundPt(p.tab.height), fill: look.background });
    host.emitMark(p.tab.line, tabX + look.paddingX, tabY + p.tab.baseline);
  }
  const codeX = x + pad + p.gutter;
  for (let k = 0; k < take; k++) {
    const row = p.rows[index + k]!;
    const baseline = rowsTop + k * leading + p.baseline;
    // Gutter numbers flush right against the gap; not the listing's text (generated, no source).
    if (row.number && row.opens) host.emitMark(row.number, x + pad + p.numberWidth - row.number.width, baseline);
    // The wrap marker half a cell before the turnover's text, in its indent.
    if (row.marker) host.emitMark(row.marker, Math.max(codeX, codeX + row.x - row.marker.width - p.cell / 2), baseline);
    if (row.clipped) host.push({ op: Op.Clip, d: roundedRectPath(x + inset, y + inset, width - 2 * inset, height - 2 * inset, [0, 0, 0, 0]) });
    host.emitText(row.line, codeX + row.x, baseline);
    if (row.clipped) host.push({ op: Op.ClipEnd });
  }
  if (!last && p.continues) {
    const c = p.continues;
    host.emitMark(c.line, x + width - pad - c.line.width, rowsTop + take * leading + c.baseline);
  }
}
