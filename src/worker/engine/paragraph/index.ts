import type { FontRegistry } from '../fonts/registry';
import type { Inline } from '../parse/model';
import { DEFAULT_RUNT_RULES, type LayoutSettings, type TextStyle } from '../settings';
import { breakGreedy } from '../text/greedy';
import type { Hyphenator } from '../text/hyphenate';
import type { Direction } from '../text/bidi';
import { breakColumns, breakParagraph, fillBreakColumns, newBreakColumns, type BreakColumns, type KnuthPlassBreak } from '../text/linebreak';
import type { LineBreakParams } from '../text/linebreak-cost';
import { mostJustifiedLines } from '../text/line-capacity';
import { collectInlines, type InlineContext } from './collect';
import { measureRuby } from './ruby-measure';
import { measureKunten } from './kunten-measure';
import { withOrientation } from './vertical-tcy';
import { circledNumbersInCjkFace } from './circled-numbers';
import { buildItems, normalSpace, type ItemOptions, type WordPayload, type WordTapeSlot } from './items';
import type { Item, LineBreak, LineWidths } from '../text/items';
import { setColumnLines, setLines, type SetLine } from './lines';
import { openColumns, packColumns, paragraphColumns, type PackedColumns, type ParagraphColumns } from './columns';
import { boxClusters, clusterCount, justifyTracked, trackLine } from './tracking';
import { kashidaFilledLine } from './fill';

export type { SetLine, LineRun } from './lines';
export { runSize, runSizeIndex } from './lines';
export type { InlineContext } from './collect';
export type { WordTapeSlot } from './items';

export interface ParagraphRequest {
  inlines: readonly Inline[];
  style: TextStyle;
  /** Line measure, pt. */
  measure: number;
  /** First-line indent, pt. */
  indent: number;
  justify: boolean;
  /** Verbatim text (code listings): spaces kept, wrapping after them. */
  verbatim?: boolean;
  /** Base direction (a block's `dir`); absent = the document's (`settings.direction`). */
  direction?: Direction;
  /** TeX `\looseness`: this many lines more (+) or fewer (−) than the best break, if feasible; absent = 0 (balancing lever 7, page/lever-paragraphs.ts). */
  looseness?: number;
  /**
   * Hanging indent, pt: every line after the first starts this much further from the start edge
   * and is as much narrower (a French indent; a verse line's turnovers). Absent or 0 = none.
   */
  hang?: number;
  /** The first line hangs too (the rest of a hung paragraph, set again from a source offset in another column). */
  hangFirst?: boolean;
  /** Break first fit, line by line, whatever `bodyText.optimalLineBreaking` says (verse, tabbed text). */
  firstFit?: boolean;
  /** Ragged word spaces may shrink to `minWordSpacing` before a word goes to the next line (verse `tighten`). */
  tighten?: boolean;
  /**
   * Room for a drop cap (page/drop-cap.ts): the first `lines` lines start `width` pt further from
   * the start edge and are as much narrower. Absent = none.
   */
  initialRoom?: InitialRoom;
  /**
   * Set as one line at most `measure` pt wide whose words' kashida take the extra width first,
   * each site up to this many em (a bayt's hemistich, document-format §9.1: up to 2 ×
   * `kashidaMaxLength`); word spaces keep their natural width (paragraph/fill.ts). No lines when
   * kashida is off, the text has no site, needs no stretching or does not fit. Absent = set as usual.
   */
  kashidaFill?: number;
  /**
   * false: no runt cost and no runt tightening for this paragraph (a list item under
   * `bodyText.avoidRuntsInLists` false, configuration.md §6.4). Absent = `bodyText.avoidRunts`.
   */
  avoidRunts?: boolean;
  /**
   * The paragraph's word tape (items.ts `WordTape`), kept by the caller for these inlines: replayed
   * when its words are the ones these settings give, else recorded. Absent: none.
   */
  words?: WordTapeSlot;
}

/** The start-side room a drop cap takes from a paragraph's first lines (pt). */
export interface InitialRoom {
  lines: number;
  width: number;
}

/** What setting a paragraph needs from the book around it. */
export interface ParagraphEnvironment {
  fonts: FontRegistry;
  settings: LayoutSettings;
  context: InlineContext;
  /** Absent: no hyphenation (e.g. patterns not loaded, or a CJK book). */
  hyphenator?: Hyphenator | undefined;
  /**
   * Keeps each paragraph's items (shaped, hyphenated words, glue, penalties), in flat columns,
   * so setting the same inlines again — at another measure — only breaks and sets lines.
   * Absent: nothing kept.
   */
  prepared?: PreparedParagraphs | undefined;
}

/** A paragraph's items (as columns) and what else breaking needs that does not depend on the measure. */
interface PreparedParagraph {
  /** Its columns, views let go (opened again for each setting: `openColumns`). */
  columns: PackedColumns;
  /** Normal word space of the paragraph's style, pt. */
  normalSpaceWidth: number;
  /** Everything the items were built from besides the inlines: style and settings by content, the rest by identity. */
  styleKey: string;
  settingsKey: string;
  fonts: FontRegistry;
  fontsGeneration: number;
  hyphenator: Hyphenator | undefined;
  indent: number;
  justify: boolean;
  tighten: boolean;
  verbatim: boolean;
  direction: Direction;
  /** `ParagraphRequest.avoidRunts` false (the CJK lone-last-character rule is in the items). */
  noRunts: boolean;
}

/** A paragraph set from its items and not kept yet: what rebuilding its items needs. */
interface WaitingParagraph {
  request: ParagraphRequest;
  env: ParagraphEnvironment;
  direction: Direction;
  /** The registry's generation when it was set: items built after new faces came would differ. */
  fontsGeneration: number;
  /**
   * The items it was set from, while it is one of the `RECENT_ITEMS` paragraphs to wait last
   * (`PreparedParagraphs.recent`), else undefined: a second setting soon after the first reuses
   * them instead of collecting, shaping and looking every word up again.
   */
  items: Item<WordPayload>[] | undefined;
  /** Its slot in `PreparedParagraphs.recent`. */
  slot: number;
}

/**
 * How many of the latest waiting paragraphs keep their items (`WaitingParagraph.items`). A second
 * setting of a waiting paragraph is balancing lever 7 (page/lever-paragraphs.ts) trying it one line
 * looser, or text set again beside a float: both on the page being filled, a few paragraphs after
 * the first setting. In the ~300-page bench book (3,250 paragraphs) every one of the ~430 second
 * settings of a layout came at most 16 waits after the first (Node probe, cold and after a new body
 * size), so 24 holds them all while keeping no more than a page or two of items alive.
 */
const RECENT_ITEMS = 24;

/**
 * Items of paragraphs already set, by the identity of their inlines array (weak: an entry lives
 * as long as the caller keeps the inlines). A hit needs the same style, settings, font registry
 * (same generation), hyphenator, indent, justification, verbatim flag and direction — compared
 * by identity and value, so any other change builds the items again. Paragraphs whose text comes
 * from the book around them (footnote marks, cross-references, inline formulas: `InlineContext`
 * answers that can change between passes) are never kept. Callers must not mutate inlines they
 * have set (the engine's are immutable parse results).
 *
 * Keeping is deferred: a paragraph met for the first time is set from its item objects and
 * waits; `keepWaiting` (the host calls it when the worker is idle after convergence) builds the
 * columns of the waiting ones. Building them during a cold layout cost more than setting the
 * paragraphs (the columns of a 100,000-word book are ~26 MB of fresh array-buffer memory, and
 * first touching fresh pages dominated the cold figure in a Chromium worker), and nothing needs
 * them until the measure changes.
 */
export class PreparedParagraphs {
  private readonly byInlines = new WeakMap<readonly Inline[], PreparedParagraph>();
  /** Set, not kept yet; the latest setting of each inlines array wins. */
  private readonly waiting = new Map<readonly Inline[], WaitingParagraph>();
  /**
   * The last `RECENT_ITEMS` waiting entries made, a ring (`recentNext`: the slot the next one
   * takes). An entry leaving it drops its items; one that stops waiting (kept, or replaced by a
   * newer setting) leaves it at once, so nothing here outlives its waiting.
   */
  private readonly recent: (WaitingParagraph | undefined)[] = new Array<WaitingParagraph | undefined>(RECENT_ITEMS).fill(undefined);
  private recentNext = 0;

  get(inlines: readonly Inline[], request: ParagraphRequest, env: ParagraphEnvironment, direction: Direction): PreparedParagraph | undefined {
    const kept = this.byInlines.get(inlines);
    if (kept === undefined) return undefined;
    // Kept under other settings, faces or hyphenation (a global change): let go now. Left, it
    // would hold its styles, and through them the shared-word tables of every word the book set
    // in them (items.ts `sharedWords` lives as long as its style), for as long as the inlines
    // live: ~1 MB more live heap per global change (tests/unit/page/retention.test.ts).
    if (kept.settingsKey !== itemsSettingsKey(env.settings) || kept.fonts !== env.fonts || kept.fontsGeneration !== env.fonts.generation || kept.hyphenator !== env.hyphenator) {
      this.byInlines.delete(inlines);
      return undefined;
    }
    if (
      kept.styleKey !== contentKey(request.style) ||
      kept.indent !== request.indent ||
      kept.justify !== request.justify ||
      kept.tighten !== (request.tighten === true) ||
      kept.verbatim !== (request.verbatim === true) ||
      kept.direction !== direction ||
      kept.noRunts !== (request.avoidRunts === false)
    ) return undefined;
    return kept;
  }

  /** Paragraphs set and waiting to be kept. */
  get waitingCount(): number {
    return this.waiting.size;
  }

  /**
   * The inlines were set once, from items built as this request would build them (as `get`
   * compares), and wait to be kept. A paragraph waiting from a setting with another style or
   * settings (a new body size: every paragraph is set again, each once) is not being set a second
   * time: keeping it at once would build columns for items that serve no later setting better.
   */
  waitsFor(request: ParagraphRequest, env: ParagraphEnvironment, direction: Direction): boolean {
    const waiting = this.waiting.get(request.inlines);
    if (waiting === undefined) return false;
    const was = waiting.request;
    return (
      (was.style === request.style || contentKey(was.style) === contentKey(request.style)) &&
      (waiting.env.settings === env.settings || itemsSettingsKey(waiting.env.settings) === itemsSettingsKey(env.settings)) &&
      waiting.env.fonts === env.fonts &&
      waiting.fontsGeneration === env.fonts.generation &&
      waiting.env.hyphenator === env.hyphenator &&
      was.indent === request.indent &&
      was.justify === request.justify &&
      (was.tighten === true) === (request.tighten === true) &&
      (was.verbatim === true) === (request.verbatim === true) &&
      (was.avoidRunts === false) === (request.avoidRunts === false) &&
      waiting.direction === direction
    );
  }

  /**
   * The items a waiting paragraph was set from, when it is still one of the latest to wait
   * (`RECENT_ITEMS`); undefined otherwise. Only after `waitsFor` said this request builds the same
   * items: the entry's items then stand for the request's (the engine reads items, never writes them).
   */
  waitingItems(inlines: readonly Inline[]): Item<WordPayload>[] | undefined {
    return this.waiting.get(inlines)?.items;
  }

  /** Keeps a paragraph's columns now (it no longer waits). */
  keep(inlines: readonly Inline[], kept: PreparedParagraph): void {
    this.stopWaiting(inlines);
    this.byInlines.set(inlines, kept);
  }

  /** Takes the paragraph off the waiting list and out of the ring, its items let go. */
  private stopWaiting(inlines: readonly Inline[]): void {
    const entry = this.waiting.get(inlines);
    if (entry === undefined) return;
    this.waiting.delete(inlines);
    entry.items = undefined;
    if (this.recent[entry.slot] === entry) this.recent[entry.slot] = undefined;
  }

  /**
   * Queues a paragraph just set from `items` (never one whose text the book around it supplies),
   * holding the items while it is among the latest `RECENT_ITEMS` to wait.
   */
  wait(request: ParagraphRequest, env: ParagraphEnvironment, direction: Direction, items: Item<WordPayload>[]): void {
    if (dependsOnContext(request.inlines) || generatedText(request.inlines)) return;
    this.stopWaiting(request.inlines);
    const slot = this.recentNext;
    const entry: WaitingParagraph = { request, env: { ...env, context: DETACHED_CONTEXT }, direction, fontsGeneration: env.fonts.generation, items, slot };
    this.waiting.set(request.inlines, entry);
    // The oldest entry in the ring leaves it, its items let go (it still waits).
    const leaving = this.recent[slot];
    if (leaving !== undefined) leaving.items = undefined;
    this.recent[slot] = entry;
    this.recentNext = (slot + 1) % RECENT_ITEMS;
  }

  /**
   * Lets every waiting paragraph go unkept (another book opened: the ones of the book before
   * would be kept for nothing, and their requests hold that book's styles and settings).
   */
  forgetWaiting(): void {
    for (const inlines of [...this.waiting.keys()]) this.stopWaiting(inlines);
  }

  /**
   * Builds the columns of waiting paragraphs, oldest first, until none waits (→ true) or
   * `shouldStop` says so between two paragraphs (→ false; the rest wait for the next call).
   * Items are the ones `setParagraph` built, still held for the latest few (`RECENT_ITEMS`), or
   * built again as it built them (shaping and hyphenation come from the warm caches), so the lines
   * set later from the columns are the same to the bit. A paragraph whose
   * registry gained faces since it was set is dropped: its items would differ from its lines.
   */
  keepWaiting(shouldStop: () => boolean = () => false): boolean {
    for (const [inlines, waiting] of this.waiting) {
      if (shouldStop()) return false;
      const held = waiting.items;
      this.stopWaiting(inlines);
      const { request, env, direction } = waiting;
      if (env.fonts.generation !== waiting.fontsGeneration || this.get(inlines, request, env, direction)) continue;
      const items = held ?? itemsOf(request, env, direction);
      const columns = paragraphColumns(items);
      if (columns) this.byInlines.set(inlines, keptParagraph(columns, request, env, direction));
    }
    return true;
  }
}

/**
 * The inline context a waiting paragraph keeps instead of the caller's. A paragraph that reads its
 * context (note marks, references, formulas) never waits (`dependsOnContext`); the caller's context
 * closes over its chapter's whole pagination (pages, block starts, the previous layout), which a
 * queued entry kept alive for as long as it waited: a whole layout more of live heap after each
 * global change (tests/unit/page/retention.test.ts).
 */
const DETACHED_CONTEXT: InlineContext = {
  footnoteMark: () => {
    throw new Error('a waiting paragraph read a footnote mark: paragraphs that read their context never wait');
  },
  refText: () => {
    throw new Error('a waiting paragraph read a cross-reference: paragraphs that read their context never wait');
  },
};

/** JSON of a style, once per style object (the engine builds equal styles as fresh objects). */
const contentKeys = new WeakMap<TextStyle, string>();
function contentKey(style: TextStyle): string {
  let key = contentKeys.get(style);
  if (key === undefined) contentKeys.set(style, (key = JSON.stringify(style)));
  return key;
}

/**
 * The settings as far as a paragraph's items depend on them: all but the page geometry, as JSON,
 * once per settings object. A new page size, margins, columns or gutter (a new measure) keeps
 * every paragraph's items, which is the point of keeping them; anything else builds them again.
 */
const itemsSettingsKeys = new WeakMap<LayoutSettings, string>();
function itemsSettingsKey(settings: LayoutSettings): string {
  let key = itemsSettingsKeys.get(settings);
  if (key === undefined) {
    const { pageWidth: _w, pageHeight: _h, margins: _m, columns: _c, sideColumn: _s, gutter: _g, ...rest } = settings;
    itemsSettingsKeys.set(settings, (key = JSON.stringify(rest)));
  }
  return key;
}

/**
 * Text the engine generates (running heads, folios, titles, markers; source offsets below 0): its
 * callers build a fresh inline array for each setting and memoise the lines themselves, so queued
 * it would add an entry per setting that nothing sets again, until the worker is idle (in Node,
 * ~1.5 MB more live heap per global change of the 300-page bench book: bench/heap-node.ts).
 */
function generatedText(inlines: readonly Inline[]): boolean {
  const first = inlines[0];
  return first !== undefined && first.range.from < 0;
}

/** The inlines print text the book around them supplies (note marks, references, formulas). */
function dependsOnContext(inlines: readonly Inline[]): boolean {
  for (const inline of inlines) {
    if (inline.kind === 'footnoteRef' || inline.kind === 'ref' || inline.kind === 'math') return true;
    if ('children' in inline && Array.isArray(inline.children) && dependsOnContext(inline.children as readonly Inline[])) return true;
  }
  return false;
}

/** Sets one paragraph: collect → items → line breaks → lines. Pure; callers memoise. */
export function setParagraph(request: ParagraphRequest, env: ParagraphEnvironment): SetLine[] {
  return setParagraphIf(request, env).lines!;
}

/** What breaking tells of a set line before it is set: `SetLine`'s `ratio`, `ragged` and `emergency`, the same values. */
export type LineShape = Pick<SetLine, 'ratio' | 'ragged' | 'emergency'>;

/**
 * A caller's test of a setting by its lines' shapes (`setParagraphIf`). `fewestLines`: it refuses
 * every setting of fewer lines, and every setting with a line past the word-space bounds (ratio
 * outside −1 … 1, ragged or emergency) — balancing lever 7's "one line looser". A justified
 * paragraph that cannot reach that many lines within the bounds (text/line-capacity.ts) is then
 * refused without being broken: the same answer, for a sum over its items.
 */
export interface LineAccept {
  (shapes: readonly LineShape[]): boolean;
  fewestLines?: number;
}

/**
 * `setParagraph`, but the lines are set only when `accept` takes their shapes (one per line, from
 * the breaks): a caller that would throw most settings away (balancing lever 7 trying looser
 * settings, page/lever-paragraphs.ts) pays for breaking alone. `lines` is null when refused; the
 * lines of an accepted setting are those `setParagraph` sets, to the bit. `shapes`: the lines'
 * shapes when `accept` was given (else empty).
 */
export function setParagraphIf(request: ParagraphRequest, env: ParagraphEnvironment, accept?: LineAccept): { shapes: LineShape[]; lines: SetLine[] | null } {
  const { settings, fonts } = env;
  const direction = request.direction ?? settings.direction;
  const hang = request.hang ?? 0;
  const hangFirst = request.hangFirst === true;
  const room = request.initialRoom;
  const layout = { direction, measure: request.measure, hang, hangFirst, ...(room ? { initialRoom: room } : {}) };
  // A hanging indent narrows every line after the first (every line with hangFirst); a drop cap's
  // room the first `lines` lines (pt).
  const widths = hang !== 0 || room
    ? (line: number) => request.measure - (line === 0 && !hangFirst ? 0 : hang) - (room && line < room.lines ? room.width : 0)
    : () => request.measure;
  if (request.kashidaFill !== undefined) {
    // A hemistich spread by kashida first (paragraph/fill.ts): justified items, one line, never kept.
    if (!settings.kashida.enabled) return { shapes: [], lines: [] };
    return { shapes: [], lines: kashidaFilledLine(itemsOf({ ...request, justify: true }, env, direction, request.kashidaFill), layout) };
  }
  const decide = (breaks: readonly LineBreak[], set: () => SetLine[]): { shapes: LineShape[]; lines: SetLine[] | null } => {
    if (!accept) return { shapes: [], lines: set() };
    const shapes = breaks.map(lineShape);
    return { shapes, lines: accept(shapes) ? set() : null };
  };
  // First fit: bodyText.optimalLineBreaking false, or asked for (verse lines, tabbed text), or ragged
  // running text under bodyText.optimalRagged false (§6.3; not code listings). Never from kept columns.
  const firstFit =
    !settings.body.optimalLineBreaking || request.firstFit === true || (settings.body.optimalRagged === false && !request.justify && request.verbatim !== true);
  // Letter spacing justified lines may take past the word-space bound, pt between two clusters
  // (bodyText.maxJustifyTracking, §6.3; total fit only). Such paragraphs are not kept: their items
  // carry cluster counts the kept columns do not.
  const justifyTracking = firstFit ? 0 : justifyTrackingOf(request, settings);
  const kept = firstFit || justifyTracking > 0 ? undefined : env.prepared?.get(request.inlines, request, env, direction);
  // Most negative tracking a surviving runt may be tightened with, pt per cluster (0: none; §6.4).
  // (Also when `accept` is given: a setting tried must be the setting made, the memo does not tell them apart.)
  const runtTrack = runtTracking(request, settings);
  /** The breaks, or a tightened setting of one line fewer when the last line is a runt (`tightenRunts`). */
  const finish = (breaks: KnuthPlassBreak[], breakAt: (wider: number, looseness: number) => KnuthPlassBreak[], setAt: (b: readonly LineBreak[], wider: number) => SetLine[]) => {
    if (runtTrack > 0 && breaks[breaks.length - 1]?.runt === true) {
      const lines = setAt(breaks, 0);
      const tightened = tightenRunt(breaks, lines, runtTrack, widths, breakAt, setAt);
      return decide(tightened?.breaks ?? breaks, () => tightened?.lines ?? lines);
    }
    return decide(breaks, () => setAt(breaks, 0));
  };
  /** The layout of lines set `wider` pt wider than the measure (to be tracked back into it). */
  const layoutAt = (wider: number) => (wider === 0 ? layout : { ...layout, measure: layout.measure + wider });
  const widthsAt = (wider: number) => (wider === 0 ? widths : (line: number) => widths(line) + wider);
  // A kept paragraph: only breaking and setting, from its columns (the same lines, to the bit).
  if (kept) {
    const columns = openColumns(kept.columns);
    if (beyondReach(columns, widths, accept, justifyTracking)) return { shapes: [], lines: null };
    const breakAt = (wider: number, looseness: number) => breakColumns(columns, widthsAt(wider), breakParams(request, looseness, settings, kept.normalSpaceWidth, wider > 0));
    return finish(breakAt(0, request.looseness ?? 0), breakAt, (b, wider) => setColumnLines(columns, b, layoutAt(wider)));
  }
  const prepared = justifyTracking > 0 ? undefined : env.prepared;
  // Set a second time before the idle step kept it (a balancing lever trying other measures, text
  // beside a float): from the items of its first setting when they are still held (`RECENT_ITEMS`).
  const again = !firstFit && prepared?.waitsFor(request, env, direction) === true;
  const items = (again ? prepared!.waitingItems(request.inlines) : undefined) ?? itemsOf(request, env, direction);
  // Each word's box (fresh per setting; empty boxes — indents, repeated hyphens, shared — count 0) tells the breaker its clusters.
  // None in a paragraph with boxed runs (chips, inline code): their lines are never tracked (tracking.ts clusterCount).
  if (justifyTracking > 0 && !items.some((item) => item.type === 'box' && item.payload?.box !== undefined)) for (const item of items) if (item.type === 'box' && item.payload && item.payload.pieces.length > 0) item.clusters = boxClusters(item.payload);
  if (firstFit) {
    // Ragged text set line by line: the hyphenation zone and at most 2 hyphenated lines in a row (§6.2).
    const breaks = breakGreedy(items, widths, request.justify ? undefined : { zone: hyphenationZone(settings), maxHyphens: 2 });
    return decide(breaks, () => setLines(items, breaks, layout));
  }
  if (again) {
    // More settings are likely to follow, so it is kept now.
    const columns = paragraphColumns(items);
    if (columns) {
      const kept = keptParagraph(columns, request, env, direction);
      prepared.keep(request.inlines, kept);
      if (beyondReach(columns, widths, accept, justifyTracking)) return { shapes: [], lines: null };
      const breakAt = (wider: number, looseness: number) => breakColumns(columns, widthsAt(wider), breakParams(request, looseness, settings, kept.normalSpaceWidth, wider > 0));
      return finish(breakAt(0, request.looseness ?? 0), breakAt, (b, wider) => setColumnLines(columns, b, layoutAt(wider)));
    }
  }
  // A setting `accept` refuses whatever the breaks (lever 7 asking one line more than the paragraph
  // can hold, which is most of its tries): refused without breaking, as a kept paragraph is above.
  // Paragraphs that read their context (note marks, references) are never kept, so they come here.
  if (accept?.fewestLines !== undefined && beyondReach(fillBreakColumns(items, boundColumns), widths, accept, justifyTracking)) {
    prepared?.wait(request, env, direction, items);
    return { shapes: [], lines: null };
  }
  const space = normalSpace(request.style, fonts);
  const breakAt = (wider: number, looseness: number) => breakParagraph(items, widthsAt(wider), breakParams(request, looseness, settings, space, wider > 0, justifyTracking));
  const setAt = (b: readonly LineBreak[], wider: number) => {
    const lines = setLines(items, b, layoutAt(wider));
    return justifyTracking > 0 ? justifyTracked(lines, b, widthsAt(wider), justifyTracking) : lines;
  };
  const result = finish(breakAt(0, request.looseness ?? 0), breakAt, setAt);
  prepared?.wait(request, env, direction, items);
  return result;
}

/** Scratch columns for `beyondReach` over a paragraph's items (filled afresh on each use). */
const boundColumns = newBreakColumns();

/**
 * Whether `accept` refuses every setting of the paragraph unbroken: it needs more lines
 * (`fewestLines`) than any setting within the word-space bounds can have. Not with letter spacing
 * for justification (`justifyTracking` pt): that stretches lines past their glue.
 */
function beyondReach(columns: BreakColumns, widths: LineWidths, accept: LineAccept | undefined, justifyTracking: number): boolean {
  const fewest = accept?.fewestLines;
  return fewest !== undefined && justifyTracking === 0 && mostJustifiedLines(columns, widths) < fewest;
}

/**
 * What a list item's text asks of `setParagraph` for runts (configuration.md §6.4
 * `avoidRuntsInLists`): `{ avoidRunts: false }` when list items are exempt, else nothing.
 */
export function listItemRunts(settings: LayoutSettings): { avoidRunts?: false } {
  return settings.body.runts?.inLists === false ? { avoidRunts: false } : {};
}

/**
 * `bodyText.maxJustifyTracking` (configuration.md §6.3, thousandths of an em) in pt between two
 * clusters at the paragraph's size; 0 = none. Justified running text only (not code listings).
 */
function justifyTrackingOf(request: ParagraphRequest, settings: LayoutSettings): number {
  const thousandths = settings.body.maxJustifyTracking ?? 0;
  return request.justify && request.verbatim !== true && thousandths > 0 ? (thousandths / 1000) * request.style.size : 0;
}

/**
 * Runt tightening (configuration.md §6.4 `tightenRunts`, `maxRuntTracking`): most negative tracking
 * a paragraph's surviving runt may be pulled up with, pt between two clusters; 0 = none. Justified,
 * optimally broken paragraphs at their best line count only (not a looser setting lever 7 tries):
 * ragged lines have no word spaces to tighten, and the breaker has already weighed every setting
 * within the word-space bounds — only letter spacing can still save the line.
 */
function runtTracking(request: ParagraphRequest, settings: LayoutSettings): number {
  if (!request.justify || request.verbatim === true || request.looseness || request.avoidRunts === false || !settings.body.avoidRunts) return 0;
  const rules = settings.body.runts ?? DEFAULT_RUNT_RULES;
  return rules.tighten ? (rules.maxTracking / 1000) * request.style.size : 0;
}

/**
 * One line fewer for a paragraph whose last line is a runt (§6.4 "if a runt survives, try one line
 * fewer by tightening (≥ minWordSpacing) + negative tracking"): the paragraph is broken at a measure
 * `wider` pt wider — half, then all of what `perCluster` pt of tracking takes back from its shortest
 * line — at its best line count and then one line looser the other way (`looseness` −1), and each
 * line set there is tracked back into the real measure. Kept only when it has one line fewer, every
 * line keeps its word spaces within `minWordSpacing` … `maxWordSpacing` (the breaker's ratio −1 … 1,
 * nothing set ragged, no emergency line), no line needs more than `perCluster` pt between clusters,
 * and the new last line is no runt. Lines ending at a forced break (the last, a hard line break)
 * take the mean tracking of the others, so the paragraph's colour stays even. Null: no such setting
 * (the paragraph keeps its runt), also for lines that may not be tracked (right to left, joining
 * scripts, CJK, inline formulas).
 */
function tightenRunt(
  breaks: readonly KnuthPlassBreak[],
  lines: readonly SetLine[],
  perCluster: number,
  widths: (line: number) => number,
  breakAt: (wider: number, looseness: number) => KnuthPlassBreak[],
  setAt: (breaks: readonly LineBreak[], wider: number) => SetLine[],
): { breaks: KnuthPlassBreak[]; lines: SetLine[] } | null {
  const counts: number[] = [];
  for (const line of lines.slice(0, -1)) {
    const c = trackableClusters(line);
    if (c === null) return null;
    counts.push(c);
  }
  if (counts.length === 0) return null;
  const shortest = Math.min(...counts);
  for (const share of [0.5, 1]) {
    const wider = share * perCluster * (shortest - 1);
    if (!(wider > 0)) return null;
    for (const looseness of [0, -1]) {
      const tried = breakAt(wider, looseness);
      if (tried.length !== breaks.length - 1 || tried[tried.length - 1]!.runt === true) continue;
      if (tried.some((b) => b.emergency === true || b.ragged === true || b.ratio > 1 + 1e-9 || b.ratio < -1 - 1e-9)) continue;
      const set = setAt(tried, wider);
      const tracked = trackedInto(set, tried[tried.length - 1]!.lastLineWidth ?? Infinity, widths, perCluster);
      if (tracked) return { breaks: tried, lines: tracked };
    }
  }
  return null;
}

/** Clusters of a line that may be tracked (none with an inline formula: its paths would not follow). */
function trackableClusters(line: SetLine): number | null {
  return line.formulas && line.formulas.length > 0 ? null : clusterCount(line);
}

/**
 * Lines set wider than `widths` tracked back into them (see `tightenRunt`): each line but the last
 * by what brings its width to its measure; the last (natural width `lastWidth` pt, its finishing
 * glue taking the rest) by the mean of the others, or more if its letters would still overrun the
 * measure. Its width stays its measure, as an untracked last line's. Null when a line cannot be
 * tracked or needs more than `perCluster` pt between two clusters.
 */
function trackedInto(lines: readonly SetLine[], lastWidth: number, widths: (line: number) => number, perCluster: number): SetLine[] | null {
  const last = lines.length - 1;
  const deltas: number[] = [];
  for (let i = 0; i < last; i++) {
    const line = lines[i]!;
    const clusters = trackableClusters(line);
    if (clusters === null || clusters < 2) return null;
    const delta = Math.min(0, (widths(i) - line.width) / (clusters - 1));
    if (delta < -perCluster - 1e-9) return null;
    deltas.push(delta);
  }
  const clusters = trackableClusters(lines[last]!);
  if (clusters === null || deltas.length === 0) return null;
  const mean = deltas.reduce((a, b) => a + b, 0) / deltas.length;
  const room = widths(last);
  const lastDelta = clusters > 1 ? Math.min(mean, (room - lastWidth) / (clusters - 1)) : 0;
  if (lastDelta < -perCluster - 1e-9 || (clusters < 2 && lastWidth > room + 1e-9)) return null;
  const tracked = deltas.map((delta, i) => trackLine(lines[i]!, delta));
  tracked.push({ ...trackLine(lines[last]!, lastDelta), width: room });
  return tracked;
}

/** A break's line as `setLines` records it (a non-finite ratio is set as 0). */
function lineShape(brk: LineBreak & { ragged?: boolean }): LineShape {
  return { ratio: Number.isFinite(brk.ratio) ? brk.ratio : 0, ragged: brk.ragged === true, emergency: brk.emergency === true };
}

/** The paragraph's items: its inlines collected, shaped, hyphenated and turned into boxes, glue and penalties. */
function itemsOf(request: ParagraphRequest, env: ParagraphEnvironment, direction: Direction, kashidaMaxLength?: number): Item<WordPayload>[] {
  const { settings, fonts } = env;
  // cjk.circledNumbers 'cjk': circled numbers in the face of the text's ideographs (paragraph/circled-numbers.ts).
  const texts = circledNumbersInCjkFace(collectInlines(request.inlines, request.style, settings, env.context), fonts, settings);
  // Ruby readings shaped and their bases given room (paragraph/ruby-measure.ts).
  measureRuby(texts, fonts, settings);
  // Kanbun marks shaped, inline ones given their advance (paragraph/kunten-measure.ts).
  measureKunten(texts, fonts, settings);
  const hyphenation = settings.hyphenation;
  // bodyText.hyphenation: justified text hyphenates when enabled; ragged text only with `ragged`.
  // A box's own `hyphenation` (calloutStyles[].body, settings-callouts.ts) over bodyText's.
  const hyphenate = (request.style.look?.hyphenate ?? hyphenation.enabled) && (request.justify || hyphenation.ragged) && request.verbatim !== true;
  const hyphenator = env.hyphenator;
  const options = { hyphenate, compounds: hyphenation.compounds, breakAfterHyphens: hyphenation.breakAfterHyphens, breakAfterDashes: hyphenation.breakAfterDashes };
  // Every field written, in one order, absent ones `undefined` (no conditional spreads): one object
  // shape for the options buildItems reads in its loops (see paragraph/styled-text.ts for why).
  const itemOptions: ItemOptions = {
    indent: request.indent,
    verbatim: request.verbatim === true,
    breakPoints: hyphenator ? (word: string) => hyphenator.breakPoints(word, settings.language, options) : undefined,
    breakKey: hyphenator ? hyphenator.breakKey(settings.language, options) : undefined,
    justify: request.justify,
    tighten: request.tighten === true ? true : undefined,
    maxWordSpacing: settings.body.maxWordSpacing,
    minWordSpacing: settings.body.minWordSpacing,
    direction,
    language: settings.language,
    // A paragraph style's wordBreak (configuration.md §13.1) over cjk.wordBreak, carried in the style's look (its memo key).
    // In vertical text with its :tcy/:upright/:sideways overrides (vertical-tcy.ts withOrientation).
    cjk: withOrientation(request.style.look?.keepAll === undefined ? settings.cjk : { ...settings.cjk, keepAll: request.style.look.keepAll }, request.inlines),
    avoidCjkRunts: settings.body.avoidRunts && request.avoidRunts !== false,
    kashida: settings.kashida.enabled ? { perWord: settings.kashida.perWord, maxLength: kashidaMaxLength ?? settings.kashida.maxLength, patterns: settings.kashida.patterns ?? 'auto' } : undefined,
    // bodyText.repeatHyphen (§6.3): running text only, not code listings.
    repeatHyphen: hyphenation.repeatHyphen === true && request.verbatim !== true ? true : undefined,
  };
  return buildItems(texts, fonts, itemOptions, request.words);
}

/** What a kept paragraph records besides its columns (what `PreparedParagraphs.get` compares). */
function keptParagraph(columns: ParagraphColumns, request: ParagraphRequest, env: ParagraphEnvironment, direction: Direction): PreparedParagraph {
  return {
    columns: packColumns(columns),
    normalSpaceWidth: normalSpace(request.style, env.fonts),
    styleKey: contentKey(request.style),
    settingsKey: itemsSettingsKey(env.settings),
    fonts: env.fonts,
    fontsGeneration: env.fonts.generation,
    hyphenator: env.hyphenator,
    indent: request.indent,
    justify: request.justify,
    tighten: request.tighten === true,
    verbatim: request.verbatim === true,
    direction,
    noRunts: request.avoidRunts === false,
  };
}

/**
 * Breaking parameters of a request at `looseness`; `reportLastLine`: the last break records its
 * line's natural width (runt tightening); `justifyTracking`: pt of letter spacing a justified line
 * may take (0: none). One object of one shape per call, absent settings left undefined (the breaker's
 * `lineBreakParams` skips them): this runs for every breaking of every paragraph, and the object
 * spreads it was built with (of the request, then of conditional parts) cost ~1 % of a cold layout.
 */
function breakParams(request: ParagraphRequest, looseness: number, settings: LayoutSettings, normalSpaceWidth: number, reportLastLine: boolean, justifyTracking?: number): Partial<LineBreakParams> {
  return {
    reportLastLine: reportLastLine || undefined,
    maxWordSpacing: settings.body.maxWordSpacing,
    minWordSpacing: settings.body.minWordSpacing,
    normalSpaceWidth,
    em: request.style.size,
    ragged: !request.justify,
    avoidRunts: settings.body.avoidRunts && request.avoidRunts !== false,
    runtMinCharacters: settings.body.runtMinCharacters,
    runtPenalty: settings.body.runtPenalty,
    gradedRuntPenalty: (settings.body.runts ?? DEFAULT_RUNT_RULES).graded,
    // bodyText.hyphenation.zone (§6.2): ragged text only (the breaker reads it then).
    hyphenationZone: request.justify ? undefined : hyphenationZone(settings),
    // Every line has the same measure: telling the breaker lets it merge break nodes that differ
    // only in their line number (TeX's "easy lines"); without it the tolerant pass keeps thousands.
    lineWidthsUniformFrom: Math.max(request.hang && !request.hangFirst ? 1 : 0, request.initialRoom?.lines ?? 0),
    looseness,
    // A looser setting is searched among lines within the word-space bounds only (badness ≤ 100,
    // ratio ≤ 1): all lever (7) accepts, and TeX's \looseness too only chooses among feasible
    // breaks. With the full pass's tolerance (every line not overfull) and no merging of nodes
    // that differ only in their line number, the active list grew into the thousands.
    tolerance: looseness ? LOOSENESS_TOLERANCE : undefined,
    justifyTracking,
  };
}

/** `bodyText.hyphenation.zone`, pt: the setting's, else 3 em of the body size (§6.2). */
function hyphenationZone(settings: LayoutSettings): number {
  return settings.hyphenation.zone ?? 3 * settings.body.style.size;
}

/** Badness limit of a `looseness` search: 100 × r³ at r = 1, the widest word space allowed (maxWordSpacing). */
const LOOSENESS_TOLERANCE = 100;
