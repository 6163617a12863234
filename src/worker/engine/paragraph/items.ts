import type { FontFace, FontRegistry, FontSubstitution, ShapedGlyphs } from '../fonts/registry';
import type { TextStyle } from '../settings';
import { isBidiControl, paragraphLevels, type Direction } from '../text/bidi';
import { breakOpportunities, CLOSING_FULLWIDTH, hasIdeographs, isCjkLetter, OPENING_FULLWIDTH } from '../text/cjk';
import { boxItem, glueItem, INFINITE_PENALTY, penaltyItem, type Item } from '../text/items';
import type { WordBreak } from '../text/hyphenate';
import { HB_SCRIPT, resolveScriptCodes, SCRIPT_CLASSES, type ScriptClass } from '../text/script';
import { FNV_OFFSET_BASIS, FNV_PRIME, ownText } from '../text/text-table';
import type { StyledText } from './collect';
import { formulaItems, type FormulaSlice } from '../math/inline';
import { kashidaSites, type KashidaPattern, type KashidaSite } from './kashida';
import type { RunBoxLook } from './run-box';
import { breaksBesideAnnotation } from './kunten';
import { warichuItems, warichuNoteOf } from './warichu';
import { applyCjkLineEdges, setPunctuationWidths, type CjkPunctuationRules } from './cjk-punctuation';
import type { CjkLineBreak } from '../text/cjk-rules';
import { circledAsIdeograph, circledAsLatin, type CircledNumbers } from '../text/circled-numbers';

/** Cost of breaking at a hyphenation point (configuration.md §6.3, internal constant). */
const HYPHEN_PENALTY = 50;
/** Synthesised small capitals are the face's capitals at this share of the size (configuration.md, `smallCaps`: caps at 70 %). */
const SMALL_CAPS_SCALE = 0.7;

/** A shaped piece of a word in one face, style, script and direction. */
export interface ShapedPiece {
  /** The characters shown, logical order (small capitals: the capitals drawn). */
  text: string;
  /**
   * Source offset of each unit of `text` (negative: generated) — absent when they are `from`,
   * `from + 1`, … (a piece of a text inline's own characters: nearly every piece), so a word
   * costs no array of offsets. Read with `pieceOffset`/`pieceOffsets`.
   */
  offsets?: number[] | undefined;
  /**
   * With `offsets` absent: the source offset of text[0], counted from the `from` of the box item
   * that holds the piece (a shared piece of a recurring word: its offset inside the word; other
   * pieces: their source offset, the box having none). Read with `pieceOffset(piece, unit, base)`.
   */
  from?: number;
  style: TextStyle;
  /**
   * Baseline shift, pt, positive = up; undefined on the baseline (nearly every piece: `storedRise`).
   * Not 0: a field of a class V8 holds as a double (a box per object) once one object stores a
   * fraction in it, and superscripts do: ~61,000 boxes with the bench book kept, one per piece.
   */
  rise: number | undefined;
  face: FontFace;
  /** Glyphs in visual order (right to left text: HarfBuzz's RTL output, already reversed). */
  shaped: ShapedGlyphs;
  /** Width at the style's size, pt. */
  width: number;
  /** Bidi embedding level (even = left to right, odd = right to left). */
  level: number;
  /** An inline formula's slice (engine/math): no glyphs; its paths are placed with the line. */
  formula?: FormulaSlice;
}

export interface WordPayload {
  pieces: ShapedPiece[];
  /** Bidi level of a space or an indent (for reordering a line); words take their pieces' levels. */
  level?: number;
  /** The glue stands for a typed space (kept as ' ' in the run's text). */
  space?: true;
  /**
   * The glue is the elongation (kashida) of the word after it: its stretched width is drawn as
   * tatweel glyphs at these places instead of as space (configuration.md §6.3 `bodyText.kashida`).
   */
  kashida?: KashidaSite[];
  /** Characters the requested face lacked in this word (the checks' `fontFallback`). */
  substitutions?: FontSubstitution[];
  /**
   * An empty box standing for a compound's hyphen repeated at the start of the next line
   * (configuration.md §6.3 `bodyText.repeatHyphen`): drawn as this piece only when a line starts
   * at the box (the line broke at the hyphen just before it), else blank (`repeatedHyphenItems`).
   */
  repeat?: ShapedPiece;
  /**
   * An empty box standing for one side of a boxed run's padding (a chip, boxed inline code:
   * paragraph/run-box.ts): lines.ts records where the box stands from its two sides.
   */
  box?: RunBoxLook;
}

export type { KashidaSite } from './kashida';

/**
 * CJK composition (configuration.md §14.1) as the item builder needs it. The rest of §14.1
 * (settings-cjk-rules.ts; absent fields: strict kinsoku, no book-title rule, the face's punctuation
 * widths, no line-edge rule): `lineBreak` and `titleMinChars` go to text/cjk.ts, the punctuation
 * rules to paragraph/cjk-punctuation.ts.
 */
export interface CjkItemOptions extends CjkPunctuationRules {
  lineBreak?: CjkLineBreak;
  titleMinChars?: number;
  /** `cjk.latinSpacing`: space between CJK and Latin letters/digits where none was typed, em. */
  latinSpacing: number;
  /** `cjk.wordBreak: 'keep-all'`. */
  keepAll: boolean;
  /** `cjk.compressAdjacent`: of two adjacent fullwidth punctuation marks the first is set half width. */
  compressAdjacent: boolean;
  /** `cjk.circledNumbers` (text/circled-numbers.ts); absent = `cjk`. */
  circledNumbers?: CircledNumbers;
}

export interface ItemOptions {
  /** Indent of the first line, pt (0 for none). */
  indent: number;
  /**
   * Verbatim text (code): no-break spaces keep their width and never stretch, but a line may
   * wrap after any run of them (codeStyle.overflow 'wrap').
   */
  verbatim?: boolean;
  /** Where a word may break (hyphenation points, compound hyphens, URLs); absent = nowhere. */
  breakPoints?: (word: string) => readonly WordBreak[];
  /**
   * Names the lists `breakPoints` gives (Hyphenator.breakKey): the same key, the same list for every
   * word. A word whose items were built under it is set again without asking `breakPoints`;
   * absent = asked for every word, its items found by the list's identity.
   */
  breakKey?: string;
  justify: boolean;
  /**
   * Ragged text whose word spaces may shrink down to `minWordSpacing` (never stretch) so a line
   * that is a little too long still fits (`bodyText.verse.tighten`, with first-fit breaking);
   * absent = ragged spaces keep their width.
   */
  tighten?: boolean;
  /** Word-space bounds, multiples of the normal space. */
  maxWordSpacing: number;
  minWordSpacing: number;
  /** Base direction of the paragraph (document or block `dir`); default left to right. */
  direction?: Direction;
  /** BCP 47 language for HarfBuzz's language-specific forms; empty = let HarfBuzz guess. */
  language?: string;
  /** CJK rules; absent = the defaults of mainland Chinese (configuration.md §14.1). */
  cjk?: CjkItemOptions;
  /** `bodyText.avoidRunts` in CJK text: never a lone character on the last line (configuration.md §6.4). */
  avoidCjkRunts?: boolean;
  /**
   * Kashida justification of Arabic words (justified text only); absent = spaces only. `maxLength`
   * em per site; `patterns`: where the sites go (paragraph/kashida.ts), absent = 'auto'.
   */
  kashida?: { perWord: number; maxLength: number; patterns?: KashidaPattern };
  /** `bodyText.repeatHyphen` (§6.3): a line broken at a compound's hyphen repeats it at the start of the next. */
  repeatHyphen?: boolean;
}

const DEFAULT_CJK: CjkItemOptions = { latinSpacing: 0.25, keepAll: false, compressAdjacent: true };

/**
 * How far the gap between two CJK characters may stretch in a justified line, em. Justified CJK
 * lines spread inter-character gaps up to 0.5 em (configuration.md §14.1): with this stretch the
 * breaker's "set ragged past ratio 2" rule (3× a Latin space) falls exactly at 0.5 em.
 */
const CJK_GAP_STRETCH_EM = 0.25;

/** What separates the next word from the last one: nothing yet, a typed space, a CJK gap. */
const PENDING_NONE = 0;
const PENDING_SPACE = 1;
const PENDING_GAP = 2;

/** Stretch standing in for TeX's `fil` in the glue that ends a paragraph, pt. */
export const FINISHING_STRETCH = 1e5;

/** The paragraph as one string with, per UTF-16 unit, its styled run, bidi level and script. */
interface ParagraphText {
  text: string;
  /** Each unit's styled run; longer than `text` (`runScratch`: read it, `levels` and `scripts` at units of the text only). */
  run: Int32Array;
  /** Where each styled run starts in `text` (its units' offsets are its StyledText's). */
  runStart: Int32Array;
  levels: Uint8Array;
  /** Script class of each unit, as codes (an index in `SCRIPT_CLASSES`). */
  scripts: Uint8Array;
  /** Break opportunities without a space (CJK), or null when the paragraph has none. */
  breaks: Uint8Array | null;
}

/**
 * `ParagraphText.run` of the paragraph being built, the same array for every paragraph (grown to the
 * longest met; each build writes every unit of its text before reading one, and nothing holds it past
 * `buildItems`): not a typed array made per paragraph, its buffer allocated outside the heap and
 * zeroed, for each of the ~5,000 item builds of a global change of the bench book.
 */
let runScratch = new Int32Array(1024);
/** `ParagraphText.scripts` likewise (`resolveScriptCodes` writes every unit of the text into it). */
let scriptScratch = new Uint8Array(1024);
/**
 * `ParagraphText.levels` of a paragraph with nothing right to left (nearly every one): all 0, shared
 * by all such paragraphs and never written to (grown, a new array of zeros, for a longer one).
 */
let zeroLevels = new Uint8Array(1024);

function analyse(texts: readonly StyledText[], options: ItemOptions): ParagraphText {
  const text = texts.map((t) => t.text).join('');
  if (runScratch.length < text.length) {
    const size = Math.max(text.length, 2 * runScratch.length);
    runScratch = new Int32Array(size);
    scriptScratch = new Uint8Array(size);
    zeroLevels = new Uint8Array(size);
  }
  const run = runScratch;
  // Source offsets stay with the styled runs (pieces take theirs from their run): no paragraph-wide list.
  const runStart = new Int32Array(texts.length);
  let at = 0;
  texts.forEach((t, r) => {
    runStart[r] = at;
    run.fill(r, at, at + t.text.length);
    at += t.text.length;
  });
  const cjk = options.cjk ?? DEFAULT_CJK;
  return {
    text,
    run,
    runStart,
    levels: paragraphLevels(text, options.direction ?? 'ltr', zeroLevels),
    scripts: resolveScriptCodes(text, scriptScratch),
    breaks: hasIdeographs(text) ? breakOpportunities(text, { keepAll: cjk.keepAll, ...(cjk.lineBreak ? { lineBreak: cjk.lineBreak } : {}), ...(cjk.titleMinChars ? { titleMinChars: cjk.titleMinChars } : {}), ...(cjk.circledNumbers ? { circledNumbers: cjk.circledNumbers } : {}) }) : null,
  };
}

/**
 * Phase 2: styled text → Knuth–Plass items. The paragraph is analysed whole (bidi levels,
 * scripts, CJK break opportunities); each word is a box whose pieces are shaped with HarfBuzz,
 * one piece per (style, bidi level, script, face) — a character the face lacks is set in the
 * first fallback face that has it. Each run of spaces is one glue whose stretch and shrink
 * follow the word-space bounds; CJK text gets a glue between characters where a line may break;
 * the paragraph ends with finishing glue and a forced break.
 */
export function buildItems(texts: readonly StyledText[], fonts: FontRegistry, options: ItemOptions, words?: WordTapeSlot): Item<WordPayload>[] {
  // A paragraph set while another's items are being written (none is today) gets an array of its own.
  // (Without its tape: the tape's scratch is the outer paragraph's.)
  if (buildingItems) return writeItems(texts, fonts, options, [], undefined);
  buildingItems = true;
  try {
    return writeItems(texts, fonts, options, itemScratch, words);
  } finally {
    // The scratch lets this paragraph's items go (its slots in use are the first ones, up to the
    // first empty one): a style kept alive through them would keep its shared-word tables.
    for (let k = 0; k < itemScratch.length && itemScratch[k] !== undefined; k++) itemScratch[k] = undefined;
    buildingItems = false;
  }
}

/**
 * Where `buildItems` writes a paragraph's items before copying them out at their count: one
 * array for every paragraph, grown to the longest met and never shrunk, its slots emptied after
 * each paragraph. Pushed into an array of their own, a paragraph's items grew it from 17 slots to
 * about 2.5 times their count on the way (each growth a copy): ~30 MB of a global change's
 * allocation for the bench book (Node sampling).
 */
const itemScratch: (Item<WordPayload> | undefined)[] = [];
/** `buildItems` is writing into `itemScratch`. */
let buildingItems = false;

/**
 * `buildItems`' work: the items written into `out` (from its start), returned as an array of their
 * count. `words`: the paragraph's word tape, replayed when it holds for these texts and options, else
 * recorded when every word is a plain shared word (`WordTape`).
 */
function writeItems(texts: readonly StyledText[], fonts: FontRegistry, options: ItemOptions, out: (Item<WordPayload> | undefined)[], words: WordTapeSlot | undefined): Item<WordPayload>[] {
  const tape = words?.tape;
  if (tape) {
    const replayed = replayWords(tape, texts, fonts, options, out);
    if (replayed >= 0) {
      tapeReplays++;
      return out.slice(0, replayed) as Item<WordPayload>[];
    }
  }
  const para = analyse(texts, options);
  // The word tape being recorded: every word so far a plain shared word (`sharedWord`), in a paragraph
  // whose items hold nothing else but typed spaces (`tapeable`): no right-to-left or CJK text.
  const tapeKey = options.breakPoints !== undefined ? options.breakKey : NO_BREAKS_KEY;
  let taping = words !== undefined && tapeKey !== undefined && para.breaks === null && para.levels === zeroLevels && tapeable(texts, options);
  const tapeWords = tapeScratch;
  let tapeCount = 0;
  let tapeLastRun = -1;
  const cjk = options.cjk ?? DEFAULT_CJK;
  const baseLevel = options.direction === 'rtl' ? 1 : 0;
  const language = options.language ?? '';
  // Written into `out` and copied out once, at their count.
  let count = 0;
  const put = (item: Item<WordPayload>): void => {
    out[count++] = item;
  };
  const putAll = (list: readonly Item<WordPayload>[]): void => {
    for (let k = 0; k < list.length; k++) out[count++] = list[k]!;
  };
  if (options.indent > 0) put(boxItem(options.indent, { pieces: [], level: baseLevel }, 0));
  /** What separates the next word from the last one: a typed space, a CJK gap, or nothing yet. */
  // Kept as a kind and a position (the space's first character, or the CJK break), not an
  // object per word: the space's style and level are read from the paragraph when it is set.
  let pending = PENDING_NONE;
  let pendingAt = -1;
  let wordSeen = false;
  let wordStart = -1;
  // The face of each styled run, matched once; the last run's checked first (asked once per word, and
  // a run holds many words: no Map lookup per word).
  const faces = new Map<number, FontFace>();
  let lastFaceRun = -1;
  let lastFace: FontFace | null = null;
  const faceOf = (r: number): FontFace => {
    if (r === lastFaceRun) return lastFace!;
    let face = faces.get(r);
    if (!face) {
      face = styleFace(texts[r]!.style, fonts);
      faces.set(r, face);
    }
    lastFaceRun = r;
    lastFace = face;
    return face;
  };

  // The normal space of each style met (pt): `normalSpace` matches the face on every call (a
  // filter over the registry's faces), and a paragraph has one space per word. Keyed by the
  // style object (each styled run's), within this paragraph only, so the registry cannot change.
  // The last style's is checked first: a paragraph's spaces nearly all have one style (no Map lookup per space).
  const spaceWidths = new Map<TextStyle, number>();
  let lastSpaceStyle: TextStyle | null = null;
  let lastSpaceWidth = 0;
  const spaceWidth = (style: TextStyle): number => {
    if (style === lastSpaceStyle) return lastSpaceWidth;
    let width = spaceWidths.get(style);
    if (width === undefined) spaceWidths.set(style, (width = normalSpace(style, fonts)));
    lastSpaceStyle = style;
    lastSpaceWidth = width;
    return width;
  };

  // The hyphen a hyphenation point adds, one per (style, face, rise, level) in this paragraph:
  // every such point of a paragraph shares it (lines only read pieces), instead of a piece, an
  // offsets array and a payload per point. Keyed by the style object, then face, rise and level.
  const hyphens = new Map<TextStyle, Map<string, WordPayload>>();
  // The last one asked for, checked first: consecutive hyphenation points nearly always share
  // style, face, rise and level (no key string built per point).
  let lastHyphenFor: ShapedPiece | null = null;
  let lastHyphen: WordPayload | null = null;
  const hyphenOf = (before: ShapedPiece): WordPayload => {
    if (lastHyphen !== null && lastHyphenFor !== null && lastHyphenFor.style === before.style && lastHyphenFor.face === before.face && lastHyphenFor.rise === before.rise && lastHyphenFor.level === before.level) return lastHyphen;
    lastHyphen = hyphenFor(before);
    lastHyphenFor = before;
    return lastHyphen;
  };
  const hyphenFor = (before: ShapedPiece): WordPayload => {
    let byFace = hyphens.get(before.style);
    if (!byFace) hyphens.set(before.style, (byFace = new Map()));
    const key = `${before.face.id}|${before.rise}|${before.level}`;
    let hyphen = byFace.get(key);
    if (!hyphen) byFace.set(key, (hyphen = { pieces: [hyphenPiece(before)] }));
    return hyphen;
  };

  // The glue of a typed space at paragraph position `at` (its run's normal space, its level).
  // Consecutive spaces of one width and level share one item (items are only read, and a
  // paragraph's spaces are nearly all alike): no glue and payload per word.
  let lastSpace: Item<WordPayload> | null = null;
  let lastSpaceLevel = -1;
  const spaceItem = (at: number): Item<WordPayload> => {
    const width = spaceWidth(texts[para.run[at]!]!.style);
    const level = para.levels[at]!;
    if (lastSpace === null || lastSpace.width !== width || lastSpaceLevel !== level) {
      lastSpace = spaceGlue(width, level, options);
      lastSpaceLevel = level;
    }
    if (pendingGap > 0) {
      const gap = pendingGap;
      pendingGap = 0;
      return clearedSpace(lastSpace, gap);
    }
    return lastSpace;
  };

  // Boxed runs (chips, boxed inline code; paragraph/run-box.ts). `openBox`: the box of the text
  // being read; `gapAfterBox`: the gap of a box just closed, until a space or a word follows it;
  // `pendingGap`: the least width of the pending space (a box's gap beside it, §13.2 `gap`).
  let openBox: RunBoxLook | undefined;
  let gapAfterBox = 0;
  let pendingGap = 0;
  /** One side of a box's padding: an empty box as wide (no break before or after it: boxes touch). `closing`: its end side (`after`, else `side`). */
  const boxSide = (box: RunBoxLook, level: number, closing = false): void => {
    put(boxItem(closing ? (box.after ?? box.side) : box.side, { pieces: [], level, box }, 0));
  };

  let lastWords: SharedWords | null = null;
  // Kashida sites are only looked for in right-to-left words of justified text.
  const kashidaWords = options.kashida !== undefined && options.justify;
  /**
   * A plain word — one styled run with consecutive source offsets, one bidi level and script,
   * every character mapped by the run's face (`isPlainWord`), no small capitals, no kashida —
   * is set from the items every occurrence of it shares (`wordsFor`): its pieces, payloads and
   * the penalties between its parts are built once per (style object, face, rise, level, script,
   * language, text, break list), and only its boxes are new, each carrying the word's first
   * source offset (`from`). A word met before is neither shaped nor split again.
   * The same items, to the bit, as the general path below builds (same widths, same pieces).
   * Not in CJK paragraphs (their words' pieces may be compressed in place). False: not plain.
   */
  const sharedWord = (from: number, end: number): boolean => {
    const r = para.run[from]!;
    const styled = texts[r]!;
    if (styled.offsets !== undefined || styled.smallCaps === true || styled.formula !== undefined) return false;
    const level = para.levels[from]!;
    if (kashidaWords && level % 2 === 1) return false;
    const face = faceOf(r);
    const hash = plainWordHash(para, from, end, face);
    if (hash < 0) return false;
    const script = SCRIPT_CLASSES[para.scripts[from]!]!;
    const style = styled.style;
    const rise = styled.rise;
    // Consecutive words nearly always share style, face, rise, level and script: the last table is checked first.
    let table = lastWords;
    if (table === null || table.style !== style || table.face !== face || table.rise !== rise || table.level !== level || table.script !== script) lastWords = table = wordsFor(style, face, rise, level, script, language);
    // A boxed run is never broken or hyphenated (document-format §10.5).
    const breaking = level % 2 === 0 && options.breakPoints !== undefined && styled.box === undefined;
    // The word's entry for this paragraph's break lists: by their key when the hyphenator names them
    // (no lookup of the word's list for a word met before), else by the list's identity.
    const key = breaking ? options.breakKey : NO_BREAKS_KEY;
    // Found from the paragraph's text and the hash taken while checking the word: a word met
    // before costs no string of its own (the text is sliced only for a new word or a list lookup).
    const slot = findWord(table, para.text, from, end, hash);
    const latest = table.entries[slot];
    let shared = latest;
    let word: string | undefined;
    let breaks: readonly WordBreak[] | undefined;
    if (key !== undefined) {
      while (shared !== undefined && shared.key !== key) shared = shared.other;
    } else {
      word = para.text.slice(from, end);
      breaks = options.breakPoints!(word);
      while (shared !== undefined && shared.breaks !== breaks) shared = shared.other;
    }
    if (shared === undefined) {
      // New to this style, or met with another break list (justified and ragged text of one style
      // hyphenate differently): built and put first, the entries for other lists kept behind it.
      // What does not depend on the size (shaping, break list, parts) comes from the word's core,
      // made once per face, level, script and language: a new body size builds only the pieces.
      const core = wordCore(table.cores, para.text, from, end, hash, key, word, breaks, breaking ? options.breakPoints : undefined);
      shared = buildSharedWord(core, style, rise, face, level, latest, table);
      putWord(table, slot, shared, hash);
    }
    if (taping) {
      // The word on the tape: where it starts, its run, its script, and the run of the space before it.
      const spaceRun = pending === PENDING_SPACE ? para.run[pendingAt]! : -1;
      const space = spaceRun < 0 ? TAPE_NO_SPACE : spaceRun === r ? TAPE_SPACE_OWN_RUN : spaceRun === tapeLastRun ? TAPE_SPACE_LAST_RUN : -1;
      if (space < 0 || from > TAPE_FROM_MASK || r > TAPE_RUN_MASK) taping = false;
      else {
        tapeWords[2 * tapeCount] = from | (r << TAPE_RUN_SHIFT) | (space << TAPE_SPACE_SHIFT) | (para.scripts[from]! << TAPE_SCRIPT_SHIFT);
        tapeWords[2 * tapeCount + 1] = shared.core;
        tapeCount++;
        tapeLastRun = r;
      }
    }
    if (pending === PENDING_SPACE) put(spaceItem(pendingAt));
    pending = PENDING_NONE;
    wordSeen = true;
    count = writeSharedWord(out, count, shared, styled.from! + (from - para.runStart[r]!), table, options);
    return true;
  };

  const wordSubstitutions: FontSubstitution[] = [];
  const endWord = (end: number): void => {
    if (wordStart < 0 || end <= wordStart) {
      wordStart = -1;
      return;
    }
    const from = wordStart;
    wordStart = -1;
    if (para.breaks === null && sharedWord(from, end)) return;
    // Not a plain word: the paragraph's items are not a tape's.
    taping = false;
    // One scratch list for the paragraph, copied only for the rare word that has substitutions.
    const substitutions = wordSubstitutions;
    substitutions.length = 0;
    const pieces = shapeWord(para, texts, from, end, fonts, faceOf, language, substitutions);
    if (pieces.length === 0) return;
    if (pending === PENDING_SPACE) put(spaceItem(pendingAt));
    else if (pending === PENDING_GAP) put(cjkGap(para, pendingAt, texts, options, cjk));
    pending = PENDING_NONE;
    wordSeen = true;
    // Not in verbatim text (code keeps every mark at the face's width, its columns aligned).
    if (para.breaks && options.verbatim !== true) setPunctuationWidths(pieces, cjk.punctuationWidth);
    if (cjk.compressAdjacent && para.breaks) compressPunctuation(pieces, para, end);
    if (options.kashida && options.justify) {
      // The word's elongation: a glue only the line's stretch reaches, never a breakpoint (the
      // penalty before it forbids the break; glue after a penalty is not a legal break).
      const sites = kashidaSites(pieces, options.kashida.perWord, options.kashida.patterns ?? 'auto');
      if (sites.length > 0) {
        const size = pieces[sites[0]!.piece]!.style.size;
        put(penaltyItem(0, INFINITE_PENALTY, false));
        put(glueItem(0, sites.length * options.kashida.maxLength * size, 0, { pieces: [], level: pieces[sites[0]!.piece]!.level, kashida: sites }));
      }
    }
    // Objects built without `...(cond ? {…} : {})` spreads: this runs once per word.
    const payload: WordPayload = { pieces };
    if (substitutions.length > 0) payload.substitutions = substitutions.slice();
    const breaks = pieces.length === 1 && pieces[0]!.level % 2 === 0 && options.breakPoints && texts[para.run[from]!]!.box === undefined ? options.breakPoints(pieces[0]!.text) : [];
    // A breakable word (one piece) whose break points fall on glyph boundaries; else one box.
    const whole = pieces[0]!;
    const parts = breaks.length === 0 ? null : splitParts(whole.text, whole.shaped, breaks);
    if (parts === null) {
      let width = 0;
      for (let p = 0; p < pieces.length; p++) width += pieces[p]!.width;
      put(boxItem(width, payload, 0));
      return;
    }
    // Boxes between its break points, each followed by a penalty that adds the hyphen when
    // taken. Splitting reuses the whole word's shaping (kerning and ligatures stay as shaped); a
    // point inside a ligature's cluster is not offered. Each part's piece is a literal (same keys,
    // same order as a shaped piece): no spread, no wrapper object per part.
    const scale = whole.style.size / whole.face.upem;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const piece: ShapedPiece = { text: part.text, offsets: whole.offsets?.slice(part.fromText, part.toText), from: whole.offsets ? 0 : whole.from! + part.fromText, style: whole.style, rise: whole.rise, face: whole.face, shaped: part.shaped, width: part.shaped.width * scale, level: whole.level };
      const partPayload: WordPayload = { pieces: [piece] };
      if (i === 0 && payload.substitutions) partPayload.substitutions = payload.substitutions;
      put(boxItem(piece.width, partPayload, 0));
      if (i < parts.length - 1) {
        const flagged = part.hyphen || part.kind === 'hyphen';
        if (part.hyphen) {
          const hyphen = hyphenOf(piece);
          put(penaltyItem(hyphen.pieces[0]!.width, HYPHEN_PENALTY, flagged, hyphen));
        } else {
          const penalty: Item<WordPayload> = penaltyItem(0, HYPHEN_PENALTY, flagged);
          put(penalty);
          if (options.repeatHyphen && isCompoundHyphen(penalty)) putAll(repeatedHyphenItems(piece));
        }
      }
    }
  };

  const text = para.text;
  let runEnd = texts[0]?.text.length ?? 0;
  let runIndex = 0;
  // What the loop asks of the styled run holding unit i (`runIndex` once past the run ends below),
  // read once per run rather than once per unit.
  let seenRun = -1;
  let runBox: RunBoxLook | undefined;
  let runNote: ReturnType<typeof warichuNoteOf>;
  let runFormula: StyledText['formula'];
  for (let i = 0; i <= text.length; i++) {
    // Hard breaks sit at the end of their styled run.
    while (runIndex < texts.length && i === runEnd) {
      if (texts[runIndex]!.breakAfter) {
        // A hard line break: the line ends here, set ragged (TeX's \hfil\break).
        endWord(i);
        pending = PENDING_NONE;
        put(glueItem(0, FINISHING_STRETCH, 0));
        put(penaltyItem(0, -INFINITE_PENALTY, false));
      }
      runIndex++;
      runEnd += texts[runIndex]?.text.length ?? 0;
      if (runIndex < texts.length && texts[runIndex]!.text.length > 0) break;
    }
    if (i < text.length && runIndex !== seenRun) {
      seenRun = runIndex;
      const styled = texts[runIndex]!;
      runBox = styled.box;
      runNote = warichuNoteOf(styled);
      runFormula = styled.formula;
    }
    const box = i < text.length ? runBox : undefined;
    if (box !== openBox) {
      // A boxed run begins or ends here: its padding as advance on each side (§10.5 "Advance = text
      // + padding + outline"), boxes touching the text inside so no line breaks there.
      endWord(i);
      if (openBox) {
        boxSide(openBox, para.levels[i - 1]!, true);
        gapAfterBox = openBox.gap;
      }
      // Ruby bases (paragraph/ruby.ts) and kanbun characters (paragraph/kunten.ts) break where the text
      // does between two groups, or a group and the text beside it (mono ruby between its characters);
      // never inside a ruby group (its boxes touch).
      if (pending === PENDING_NONE && wordSeen && para.breaks?.[i] === 1 && breaksBesideAnnotation(openBox, box)) {
        pending = PENDING_GAP;
        pendingAt = i;
      }
      if (box) {
        if (pending === PENDING_SPACE) {
          pendingGap = Math.max(pendingGap, box.gap);
          put(spaceItem(pendingAt));
        } else if (pending === PENDING_GAP) put(cjkGap(para, pendingAt, texts, options, cjk));
        pending = PENDING_NONE;
        wordSeen = true;
        boxSide(box, para.levels[i]!);
      }
      openBox = box;
    }
    if (i === text.length) break;
    const note = runNote;
    if (note) {
      // A warichu note (paragraph/warichu.ts): its units as boxes that break between them where the CJK
      // rules allow; before and after it the text's own break (a CJK gap) or space.
      const breakBefore = para.breaks?.[i] === 1;
      endWord(i);
      if (pending === PENDING_NONE && wordSeen && breakBefore) {
        pending = PENDING_GAP;
        pendingAt = i;
      }
      if (pending === PENDING_SPACE) put(spaceItem(pendingAt));
      else if (pending === PENDING_GAP) put(cjkGap(para, pendingAt, texts, options, cjk));
      const end = i + texts[para.run[i]!]!.text.length;
      putAll(warichuItems(note, i, para.breaks, para.levels[i]!, options.justify, fonts, language));
      wordSeen = true;
      pending = para.breaks?.[end] === 1 ? PENDING_GAP : PENDING_NONE;
      pendingAt = end;
      i = end - 1;
      continue;
    }
    const formula = runFormula;
    if (formula) {
      // An inline formula: unbreakable boxes (breakable only after top-level relations and
      // binary operators, engine/math); glued to a word or punctuation beside it, as in TeX.
      endWord(i);
      if (pending === PENDING_SPACE) put(spaceItem(pendingAt));
      pending = PENDING_NONE;
      wordSeen = true;
      const r = para.run[i]!;
      putAll(formulaItems(formula, texts[r]!.style, faceOf(r), para.levels[i]!));
      continue;
    }
    const ch = text.charCodeAt(i);
    if (options.verbatim && ch === 0xa0 && text.charCodeAt(i + 1) !== 0xa0) {
      // End a verbatim word after its spaces and allow a break there, at no width.
      if (wordStart < 0) wordStart = i;
      endWord(i + 1);
      put(glueItem(0, 0, 0));
      continue;
    }
    if (ch === 0x20 || ch === 0x09 || ch === 0x0a) {
      endWord(i);
      // A space only separates words once a word has been set (leading spaces vanish).
      if (wordSeen && pending !== PENDING_SPACE) {
        pending = PENDING_SPACE;
        pendingAt = i;
        pendingGap = gapAfterBox;
      }
      gapAfterBox = 0;
      continue;
    }
    gapAfterBox = 0;
    if (wordStart >= 0 && para.breaks?.[i] === 1 && box === undefined) {
      // A break opportunity without a space (between CJK characters, UAX #14).
      endWord(i);
      if (pending === PENDING_NONE && wordSeen) {
        pending = PENDING_GAP;
        pendingAt = i;
      }
    }
    if (wordStart < 0) wordStart = i;
  }
  endWord(text.length);
  if (taping) words!.tape = recordedTape(texts, fonts, options, tapeKey!, tapeWords, tapeCount);
  // The scratch lets the cores go (its slots in use are the first ones).
  tapeWords.fill(undefined, 0, 2 * tapeCount);
  if (options.avoidCjkRunts) count = forbidLoneLastCharacter(out, count);
  if (!para.breaks || options.verbatim === true) return out.slice(0, finishItems(out, count)) as Item<WordPayload>[];
  // Line-edge rules of CJK punctuation (§14.1: hanging, lineEndHalf, trimLineStart, …; cjk-punctuation.ts).
  const items = applyCjkLineEdges(out.slice(0, count) as Item<WordPayload>[], cjk);
  finishItems(items, items.length);
  return items;
}

/**
 * The paragraph's end after its `count` items in `out`: finishing glue and a forced break, unless
 * a hard break just forced one. Returns the new count.
 */
function finishItems(out: (Item<WordPayload> | undefined)[], count: number): number {
  const last = out[count - 1];
  if (last && last.type === 'penalty' && last.penalty <= -INFINITE_PENALTY) return count;
  // TeX's paragraph end: no break before the finishing glue, then a forced break.
  out[count++] = penaltyItem(0, INFINITE_PENALTY, false);
  out[count++] = glueItem(0, FINISHING_STRETCH, 0);
  out[count++] = penaltyItem(0, -INFINITE_PENALTY, false);
  return count;
}

/**
 * CJK runt rule: when the paragraph's last unit is a single character (with any punctuation that
 * kinsoku keeps with it) after a CJK gap, the gap stops being a break, so that character never
 * stands alone on the last line.
 */
function forbidLoneLastCharacter(items: (Item<WordPayload> | undefined)[], count: number): number {
  // Walk back over the trailing units (boxes joined by CJK gaps) until they hold two letters.
  let letters = 0;
  let at = count - 1;
  while (at > 0 && letters < 2) {
    const box = items[at];
    if (!box || box.type !== 'box') return count;
    // Only a CJK gap before the unit can be a break that leaves it alone. Checked before its letters
    // are counted: a paragraph ending in a word after a space (all Latin text) reads no piece.
    const gap = items[at - 1];
    if (!gap || gap.type !== 'glue' || gap.payload === undefined || gap.payload.space || gap.payload.kashida) return count;
    letters += cjkLetterCount(box.payload?.pieces);
    if (letters >= 2) return count;
    // A lone character (or punctuation alone, ……): the gap before it stops being a break (a
    // penalty inserted before it, the items from the gap on moved up by one).
    for (let k = count; k > at - 1; k--) items[k] = items[k - 1]!;
    items[at - 1] = penaltyItem(0, INFINITE_PENALTY, false);
    count++;
    at -= 2;
  }
  return count;
}

/** The CJK letters in the text of a box's pieces (no string built or spread per box). */
function cjkLetterCount(pieces: readonly ShapedPiece[] | undefined): number {
  let count = 0;
  if (pieces) {
    for (const piece of pieces) {
      const text = piece.text;
      for (let i = 0; i < text.length; i++) {
        const cp = text.codePointAt(i)!;
        if (cp > 0xffff) i++;
        if (isCjkLetter(cp)) count++;
      }
    }
  }
  return count;
}

/** End of the cluster starting at i: a character with its combining marks, joiners and selectors. */
function clusterEnd(text: string, i: number): number {
  let j = i + (text.codePointAt(i)! > 0xffff ? 2 : 1);
  while (j < text.length) {
    const cp = text.codePointAt(j)!;
    if (cp === 0x200d) {
      // A zero-width joiner binds the next character too (emoji sequences, Indic conjuncts).
      j += 1;
      if (j < text.length) j += text.codePointAt(j)! > 0xffff ? 2 : 1;
      continue;
    }
    if (!isMark(cp)) break;
    j += cp > 0xffff ? 2 : 1;
  }
  return j;
}

const MARK = /[\p{M}\u{fe00}-\u{fe0f}]/u;
function isMark(cp: number): boolean {
  return cp >= 0x300 && MARK.test(String.fromCodePoint(cp));
}

/**
 * Shapes the word [from, to) of the paragraph: pieces of one styled run, bidi level and script,
 * then one face per cluster (the run's face, or the first fallback that maps the cluster).
 * Bidi controls are dropped (they have done their work); small capitals are synthesised.
 */
function shapeWord(
  para: ParagraphText,
  texts: readonly StyledText[],
  from: number,
  to: number,
  fonts: FontRegistry,
  faceOf: (run: number) => FontFace,
  language: string,
  substitutions: FontSubstitution[],
): ShapedPiece[] {
  const { text } = para;
  const plainFace = faceOf(para.run[from]!);
  if (isPlainWord(para, from, to, plainFace)) {
    // The common word (see isPlainWord): the loop below would give this one piece, in the run's
    // face with no substitution; skipping it skips its per-cluster slicing and coverage checks
    // (and, taken before `flush` exists, the closure the general case needs).
    const r = para.run[from]!;
    const styled = texts[r]!;
    const segment = text.slice(from, to);
    const at = from - para.runStart[r]!;
    const level = para.levels[from]!;
    const script = SCRIPT_CLASSES[para.scripts[from]!]!;
    if (styled.smallCaps) return smallCapsPieces(segment, listedOffsets(styled, at, to - from), styled, plainFace, level, script, language);
    const piece = shapePiece(segment, styled.offsets?.slice(at, at + to - from), styled.offsets ? 0 : styled.from! + at, styled.style, styled.rise, plainFace, level, script, language);
    return [styled.noAdvance ? withoutAdvance(piece) : piece];
  }
  const pieces: ShapedPiece[] = [];
  let start = from;
  let startFace: FontFace | null = null;
  const flush = (end: number, face: FontFace | null): void => {
    if (end > start && face) {
      const r = para.run[start]!;
      const styled = texts[r]!;
      const level = para.levels[start]!;
      const script = SCRIPT_CLASSES[para.scripts[start]!]!;
      const segment = text.slice(start, end);
      // A segment never crosses its styled run (a new run flushes).
      const at = start - para.runStart[r]!;
      if (styled.smallCaps) pieces.push(...smallCapsPieces(segment, listedOffsets(styled, at, end - start), styled, face, level, script, language));
      else {
        const piece = shapePiece(segment, styled.offsets?.slice(at, at + end - start), styled.offsets ? 0 : styled.from! + at, styled.style, styled.rise, face, level, script, language);
        pieces.push(styled.noAdvance ? withoutAdvance(piece) : piece);
      }
    }
  };
  for (let i = from; i < to; ) {
    const unit = text.charCodeAt(i);
    if (isBidiControl(unit)) {
      flush(i, startFace);
      start = i + 1;
      startFace = null;
      i++;
      continue;
    }
    const end = Math.min(clusterEnd(text, i), to);
    const requested = faceOf(para.run[i]!);
    const cluster = text.slice(i, end);
    const face = requested.covers(cluster) ? requested : fonts.faceForCluster(requested, cluster);
    if (face !== requested || !requested.covers(cluster)) substitutions.push({ text: cluster, requested: requested.id, used: face === requested ? null : face.id });
    const changes = startFace !== null && (face !== startFace || para.run[i] !== para.run[start] || para.levels[i] !== para.levels[start] || para.scripts[i] !== para.scripts[start]);
    if (changes) {
      flush(i, startFace);
      start = i;
    }
    if (startFace === null || changes) startFace = face;
    i = end;
  }
  flush(to, startFace);
  return pieces;
}

/**
 * Whether the word [from, to) is one styled run at one bidi level and script, every unit a
 * character of its own cluster (`plainUnit`: no surrogates, combining marks, joiners, variation
 * selectors or bidi controls) and mapped by the run's face — `shapeWord`'s general loop would then
 * make exactly one piece in that face and record no substitution.
 */
function isPlainWord(para: ParagraphText, from: number, to: number, face: FontFace): boolean {
  return plainWordHash(para, from, to, face) >= 0;
}

/**
 * `isPlainWord`, giving the word's hash (`wordHash`, ≥ 0) when it is plain, else −1: the hash is
 * taken in the same pass over its units, for the shared-word table (`findWord`).
 */
function plainWordHash(para: ParagraphText, from: number, to: number, face: FontFace): number {
  const { text, run, levels, scripts } = para;
  const r = run[from];
  const level = levels[from];
  const script = scripts[from];
  // FNV-1a over the word's UTF-16 units.
  let hash = FNV_OFFSET_BASIS;
  for (let i = from; i < to; i++) {
    const unit = text.charCodeAt(i);
    if ((unit >= 0x300 && !plainUnit(unit)) || run[i] !== r || levels[i] !== level || scripts[i] !== script || !face.hasCodePoint(unit)) return -1;
    hash = Math.imul(hash ^ unit, FNV_PRIME);
  }
  // 30 bits (a Smi, whatever the platform's pointer size), never 0 (`SharedWords.hashes`' empty slot).
  return hash & 0x3fffffff || 1;
}

/**
 * A unit from U+0300 up that a plain word may hold: typographic punctuation — dashes, quotation
 * marks, daggers, bullets, the ellipsis (U+2010–U+2027), per mille, primes, guillemets and the
 * rest of General Punctuation's visible marks (U+2030–U+205E) — and currency signs (U+20A0–U+20C0).
 * None is a combining mark, a joiner, a variation selector, a bidi control or a space, so each is a
 * cluster of its own; below U+0300 every unit is (surrogates, marks and controls all lie above).
 * Without them every word with a typographic apostrophe or dash (don’t, 1950–51) took the general
 * path: shaped and split on every occurrence, and its paragraph left without a word tape.
 */
function plainUnit(unit: number): boolean {
  return (unit >= 0x2010 && unit <= 0x2027) || (unit >= 0x2030 && unit <= 0x205e) || (unit >= 0x20a0 && unit <= 0x20c0);
}

function hbScript(script: ScriptClass): string {
  return script === 'Zyyy' || script === 'Other' ? '' : HB_SCRIPT[script];
}

/**
 * A piece that takes no room in the line (`StyledText.noAdvance`: a 'side' note mark, §11.1): width
 * 0, its glyphs moved back by its advance in left-to-right text so that they end where the text
 * before it ends (in right-to-left text, visually left of that text, they start there). The shaping
 * cache's glyphs are not touched: the piece gets its own x offsets.
 */
function withoutAdvance(piece: ShapedPiece): ShapedPiece {
  const shaped = piece.shaped;
  const back = piece.level % 2 === 1 ? 0 : shaped.width; // font units
  const own = shaped.copy();
  for (let g = 0; g < own.length; g++) own.setXOffset(g, own.xOffset(g) - back);
  return { ...piece, shaped: own, width: 0 };
}

/** A piece's offsets: `offsets` listed, or (undefined) consecutive from `from`. */
function shapePiece(text: string, offsets: number[] | undefined, from: number, style: TextStyle, rise: number, face: FontFace, level: number, script: ScriptClass, language: string): ShapedPiece {
  const shaped = face.shape(text, level % 2 === 1 ? 'rtl' : 'ltr', '', hbScript(script), language);
  return { text, offsets, from, style, rise: storedRise(rise), face, shaped, width: (shaped.width * style.size) / face.upem, level };
}

/** `count` offsets of a styled run from its unit `at`, listed. */
function listedOffsets(styled: StyledText, at: number, count: number): number[] {
  if (styled.offsets) return styled.offsets.slice(at, at + count);
  const out: number[] = [];
  for (let u = 0; u < count; u++) out.push(styled.from! + at + u);
  return out;
}

/** A piece's `rise` for a baseline shift (pt): undefined for +0 (−0 kept, so reading `?? 0` gives back the very value). */
export function storedRise(rise: number): number | undefined {
  return Object.is(rise, 0) ? undefined : rise;
}

/** Source offset of unit `unit` of a piece held by a box item whose `from` is `base` (absent: 0). */
export function pieceOffset(piece: ShapedPiece, unit: number, base = 0): number {
  return piece.offsets ? piece.offsets[unit]! : base + piece.from! + unit;
}

/** How many source offsets a piece has (one per unit of its text, but an inline formula's two). */
export function pieceOffsetCount(piece: ShapedPiece): number {
  return piece.offsets ? piece.offsets.length : piece.text.length;
}

/** A piece's source offsets, listed (`base`: its box item's `from`). */
export function pieceOffsets(piece: ShapedPiece, base = 0): number[] {
  if (piece.offsets) return piece.offsets;
  const out: number[] = [];
  const from = base + piece.from!;
  for (let u = 0; u < piece.text.length; u++) out.push(from + u);
  return out;
}

/**
 * Small capitals synthesised from the face's capitals (document-format §10.4): lower-case
 * letters become capitals at 70 % of the size, everything else stays full size; the text the
 * run carries is the capitals (copied text = capitals), each mapped to its source character.
 */
function smallCapsPieces(text: string, offsets: number[], styled: StyledText, face: FontFace, level: number, script: ScriptClass, language: string): ShapedPiece[] {
  const pieces: ShapedPiece[] = [];
  let i = 0;
  while (i < text.length) {
    const lower = isLowerCase(text, i);
    let upper = '';
    const mapped: number[] = [];
    while (i < text.length && isLowerCase(text, i) === lower) {
      const cp = text.codePointAt(i)!;
      const size = cp > 0xffff ? 2 : 1;
      const ch = text.slice(i, i + size);
      const shown = lower ? ch.toUpperCase() : ch;
      upper += shown;
      // ß → SS: every unit shown maps to the one source character.
      for (let k = 0; k < shown.length; k++) mapped.push(offsets[i + Math.min(k, size - 1)]!);
      i += size;
    }
    const style = lower ? { ...styled.style, size: styled.style.size * SMALL_CAPS_SCALE } : styled.style;
    pieces.push(shapePiece(upper, mapped, 0, style, styled.rise, face, level, script, language));
  }
  return pieces;
}

function isLowerCase(text: string, i: number): boolean {
  const ch = String.fromCodePoint(text.codePointAt(i)!);
  return ch !== ch.toUpperCase() && ch === ch.toLowerCase();
}

/**
 * `cjk.compressAdjacent`: where fullwidth punctuation meets fullwidth punctuation (」。，「) the
 * first mark gives up the empty half of its em — a closing mark keeps its ink on the left, so its
 * advance is halved; an opening mark before another opening mark is shifted left half an em.
 */
function compressPunctuation(pieces: ShapedPiece[], para: ParagraphText, wordEnd: number): void {
  for (const piece of pieces) {
    if (piece.level % 2 === 1 || piece.shaped.length === 0) continue;
    const s = piece.shaped;
    let changed: ShapedGlyphs | null = null;
    for (let g = 0; g < s.length; g++) {
      const at = s.cluster(g);
      const cp = piece.text.codePointAt(at)!;
      const nextIndex = g + 1 < s.length ? s.cluster(g + 1) : piece.text.length;
      // The character after the glyph: in the piece, else the one after the word.
      const next = nextIndex < piece.text.length ? piece.text.codePointAt(nextIndex)! : pieceIsLast(pieces, piece) && wordEnd < para.text.length ? para.text.codePointAt(wordEnd) : undefined;
      if (next === undefined) continue;
      const fullwidthNext = CLOSING_FULLWIDTH.has(next) || OPENING_FULLWIDTH.has(next);
      if (!fullwidthNext || !CLOSING_FULLWIDTH.has(cp)) continue;
      changed ??= s.copy();
      const half = Math.round(piece.face.upem / 2);
      if (changed.advance(g) > half) changed.setAdvance(g, half);
    }
    if (changed) {
      piece.shaped = changed;
      piece.width = (changed.width * piece.style.size) / piece.face.upem;
    }
  }
}

function pieceIsLast(pieces: readonly ShapedPiece[], piece: ShapedPiece): boolean {
  return pieces[pieces.length - 1] === piece;
}

const spaceWidthCache = new WeakMap<FontFace, number>();

/** The normal inter-word space of a style, pt: the face's own space glyph. */
export function normalSpace(style: TextStyle, fonts: FontRegistry): number {
  const face = styleFace(style, fonts);
  let unitsPerEm = spaceWidthCache.get(face);
  if (unitsPerEm === undefined) {
    unitsPerEm = face.shape(' ').width / face.upem;
    spaceWidthCache.set(face, unitsPerEm);
  }
  return unitsPerEm * style.size;
}

/**
 * A space beside a boxed run that must leave at least `gap` pt between the box and its neighbour
 * (§13.2 `gap`, "minimum clearance to neighbours across a space"): at least that wide, never
 * shrinking below it; it stretches as the space does.
 */
function clearedSpace(space: Item<WordPayload>, gap: number): Item<WordPayload> {
  if (space.type !== 'glue') return space;
  const width = Math.max(space.width, gap);
  return glueItem(width, space.stretch, Math.max(0, Math.min(space.shrink, width - gap)), space.payload);
}

/** The glue of a typed space `width` pt wide (the style's normal space). */
function spaceGlue(width: number, level: number, options: ItemOptions): Item<WordPayload> {
  const payload: WordPayload = { pieces: [], level, space: true };
  if (!options.justify) {
    // Ragged: spaces keep their width; the line's end takes the slack. Tightened (verse): they
    // may shrink to minWordSpacing × the normal space before a word is turned over, never stretch.
    return glueItem(width, 0, options.tighten === true ? (1 - options.minWordSpacing) * width : 0, payload);
  }
  return glueItem(width, (options.maxWordSpacing - 1) * width, (1 - options.minWordSpacing) * width, payload);
}

/**
 * The gap at a break opportunity between CJK characters (or between CJK and Latin text with no
 * typed space): `cjk.latinSpacing` wide between a CJK letter and a Latin letter or digit, else
 * nothing; in justified text it stretches (inter-character justification), never shrinks.
 */
function cjkGap(para: ParagraphText, at: number, texts: readonly StyledText[], options: ItemOptions, cjk: CjkItemOptions): Item<WordPayload> {
  const style = texts[para.run[at]!]!.style;
  const before = para.text.codePointAt(at - 1 >= 0 && isLowSurrogate(para.text.charCodeAt(at - 1)) ? at - 2 : at - 1)!;
  const after = para.text.codePointAt(at)!;
  // A circled number counts as an ideograph under cjk.circledNumbers 'cjk', as a Latin character under 'western' (text/circled-numbers.ts).
  const mode = cjk.circledNumbers;
  const cjkSide = (cp: number): boolean => isCjkLetter(cp) || circledAsIdeograph(cp, mode);
  const latinSide = (cp: number): boolean => isLatinAlnum(cp) || circledAsLatin(cp, mode);
  const latinBoundary = (cjkSide(before) && latinSide(after)) || (latinSide(before) && cjkSide(after));
  const width = latinBoundary ? cjk.latinSpacing * style.size : 0;
  const level = Math.min(para.levels[at - 1] ?? 0, para.levels[at] ?? 0);
  return glueItem(width, options.justify ? CJK_GAP_STRETCH_EM * style.size : 0, 0, { pieces: [], level });
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

function isLatinAlnum(cp: number): boolean {
  return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) || (cp >= 0xc0 && cp <= 0x24f);
}

/** One part of a word split at its break points, independent of where the word occurs. */
interface SplitPart {
  /** The part's text range in the word, UTF-16 units. */
  fromText: number;
  toText: number;
  text: string;
  /** The part's glyphs (views on the word's shaping; clusters relative to the part). */
  shaped: ShapedGlyphs;
  hyphen: boolean;
  kind: WordBreak['kind'] | null;
}

/**
 * Split parts by shaping and break list. A word's shaping comes from the face's shape cache and
 * its break list from the hyphenator's cache, so both are the same objects every time the word
 * (in that face, direction, script, language and break options) recurs: the parts — which depend
 * on nothing else (no size, no source offsets) — are worked out once per word instead of per
 * occurrence. Weak, so it lives as long as the face's shape cache does. `null` = no part boundary
 * falls on a glyph boundary (the word stays whole).
 */
const splitCache = new WeakMap<ShapedGlyphs, SplitEntry>();

/**
 * The parts of one shaped word for each break list met with it, newest first. A word nearly always
 * meets one list (two when justified and ragged text of one style hyphenate differently): a short
 * chain instead of a map per word, which every new word of a book paid for.
 */
interface SplitEntry {
  breaks: readonly WordBreak[];
  parts: SplitPart[] | null;
  next: SplitEntry | null;
}

function splitParts(text: string, shaped: ShapedGlyphs, breaks: readonly WordBreak[]): SplitPart[] | null {
  const first = splitCache.get(shaped) ?? null;
  for (let entry = first; entry !== null; entry = entry.next) if (entry.breaks === breaks) return entry.parts;
  const parts = computeSplitParts(text, shaped, breaks);
  splitCache.set(shaped, { breaks, parts, next: first });
  return parts;
}

/** The glyph whose cluster starts at text offset `offset` in strictly increasing clusters, or undefined. */
function glyphAtOffset(shaped: ShapedGlyphs, offset: number): number | undefined {
  let lo = 0;
  let hi = shaped.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const cluster = shaped.cluster(mid);
    if (cluster === offset) return mid;
    if (cluster < offset) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

function computeSplitParts(text: string, shaped: ShapedGlyphs, breaks: readonly WordBreak[]): SplitPart[] | null {
  const count = shaped.length;
  // Only a word in simple left-to-right order (each glyph its own, later cluster) is split.
  for (let g = 1; g < count; g++) if (shaped.cluster(g) <= shaped.cluster(g - 1)) return null;
  const parts: SplitPart[] = [];
  let startText = 0;
  let startGlyph = 0;
  for (const brk of breaks) {
    const glyph = glyphAtOffset(shaped, brk.offset);
    if (glyph === undefined || glyph <= startGlyph || brk.offset <= startText) continue;
    parts.push(slicePart(text, shaped, startText, brk.offset, startGlyph, glyph, brk.hyphen, brk.kind));
    startText = brk.offset;
    startGlyph = glyph;
  }
  if (parts.length === 0) return null;
  parts.push(slicePart(text, shaped, startText, text.length, startGlyph, count, false, null));
  return parts;
}

function slicePart(text: string, s: ShapedGlyphs, fromText: number, toText: number, fromGlyph: number, toGlyph: number, hyphen: boolean, kind: WordBreak['kind'] | null): SplitPart {
  // A view of the word's glyphs, its clusters counted from the part's start (fonts/shaped-glyphs.ts):
  // nothing copied, no array made.
  return { fromText, toText, text: text.slice(fromText, toText), shaped: s.view(fromGlyph, toGlyph, fromText), hyphen, kind };
}

/** The hyphen added at a line end, in the style of the piece it follows; generated (no source). */
function hyphenPiece(before: ShapedPiece): ShapedPiece {
  const shaped = before.face.shape('-');
  return { text: '-', offsets: [-1], from: 0, style: before.style, rise: before.rise, face: before.face, shaped, width: (shaped.width * before.style.size) / before.face.upem, level: before.level };
}

/**
 * After a break at a compound's own hyphen: nothing when the line goes on, the hyphen again at the
 * start of the next line when it breaks there (configuration.md §6.3 `bodyText.repeatHyphen`, the
 * Portuguese, Spanish and Croatian rule). As items: a glue of minus the hyphen's width h (pt) and an
 * empty box h wide holding the hyphen as `repeat`. Unbroken, the two cancel (the glue follows a
 * penalty, so it is no breakpoint, and nothing stretches); broken, the glue is discarded with the
 * break (TeX §879) and the next line starts at the box: both breakers measure its h, and the line
 * setter draws the hyphen there (paragraph/lines.ts). `before`: the part ending in the hyphen.
 */
function repeatedHyphenItems(before: ShapedPiece): Item<WordPayload>[] {
  const char = before.text[before.text.length - 1]!;
  const shaped = before.face.shape(char);
  const width = (shaped.width * before.style.size) / before.face.upem;
  const piece: ShapedPiece = { text: char, offsets: [-1], from: 0, style: before.style, rise: before.rise, face: before.face, shaped, width, level: before.level };
  // Both at the word's bidi level, so that reordering a line never parts the compound (rule L2).
  return [
    glueItem(-width, 0, 0, { pieces: [], level: before.level }),
    boxItem(width, { pieces: [], level: before.level, repeat: piece }, 0),
  ];
}

/** A break after a compound's own hyphen: flagged, adding nothing at the line end (a pattern or soft hyphen adds one). */
function isCompoundHyphen(penalty: Item<WordPayload>): boolean {
  return penalty.type === 'penalty' && penalty.flagged && penalty.width === 0 && penalty.payload === undefined;
}

/** What every occurrence of a plain word shares (`buildItems`' `sharedWord`). */
interface SharedWord {
  /** The break list the parts were made for (the hyphenator's cached list for the word). */
  breaks: readonly WordBreak[];
  /** The key of the lists `breaks` came from (ItemOptions.breakKey; NO_BREAKS_KEY for none), or undefined when built without one. */
  key: string | undefined;
  /** The whole word's box width, pt, and payload, when `split` is null (a split word keeps no whole piece: NaN and null). */
  width: number;
  payload: WordPayload | null;
  /** The word split at its break points, or null when it stays one box. */
  split: SharedSplit | null;
  /** The same word's entry for another break list (one per hyphenation option set met), if any. */
  other: SharedWord | undefined;
  /** The word (its text). */
  word: string;
  /** The size-free core it was built from (a word tape records it: `WordTape.words`). */
  core: WordCore;
}

/** A shared word's parts between break points. */
interface SharedSplit {
  /** Each part box's payload (its one piece's width is the box's). */
  parts: WordPayload[];
  /**
   * The penalty after each part but the last: the word core's (`WordCore.penalties`, one array for
   * every size), null at a hyphenation point, whose penalty is the table's `hyphen`.
   */
  penalties: readonly (Item<WordPayload> | null)[];
  /** After a compound hyphen's penalty, by part: the repeated hyphen's items (`repeatedHyphenItems`), made when first needed (null: none yet). */
  repeats: Item<WordPayload>[][] | null;
}

/** Shared plain words of one style object, face, rise, bidi level, script and language, by text. */
interface SharedWords {
  style: TextStyle;
  face: FontFace;
  rise: number;
  level: number;
  script: ScriptClass;
  language: string;
  /**
   * Its words by text, an open-addressing hash table (`findWord`, `putWord`): each slot holds a
   * word's latest entry and its `plainWordHash` in `hashes` (0: an empty slot, checked first, so a
   * probe past another word's slot reads no entry). Not a
   * Map<string, …>: that needs the word as a string of its own, sliced from the paragraph's text
   * for every word set (~250,000 in a layout of the ~300-page bench book) to be hashed again and
   * compared; this one compares the paragraph's own units with the few candidates of the hash.
   */
  entries: (SharedWord | undefined)[];
  hashes: Int32Array;
  /** Words held (slots in use); the table doubles past half full. */
  count: number;
  /**
   * The hyphen a hyphenation point of any of its words adds, and the penalty item offering it:
   * one per table (the hyphen's style, face, rise and level are the table's), made when first needed.
   */
  hyphen: Item<WordPayload> | null;
  /** The size-free cores of its face, level, script and language (`coresFor`), where its words' shaping and parts come from. */
  cores: WordCores;
}

/**
 * What every setting of a plain word shares whatever its style (size, colour, rise): its shaping
 * (font units), its break list and where it splits. Neither HarfBuzz's output nor hyphenation depends
 * on the type size, so a new body size builds its words' pieces from these (`buildSharedWord`) with
 * no shape-cache or hyphenator lookup and no split worked out again.
 */
interface WordCore {
  word: string;
  /** The word's `plainWordHash` (its slot in a table of shared words or cores). */
  hash: number;
  /** The break list the parts were made at, and the key of such lists (ItemOptions.breakKey; NO_BREAKS_KEY for none; undefined: built without one). */
  breaks: readonly WordBreak[];
  key: string | undefined;
  /** The whole word's shaping (the face's cached one). */
  shaped: ShapedGlyphs;
  /**
   * The word split at its break points: each part's glyphs (views on `shaped`, clusters from the
   * part's start), in order and touching; null when it stays one box. A part's first character in
   * the word is its view's `clusterBase` less `shaped`'s (fonts/shaped-glyphs.ts `view`), so no text
   * or offset is kept per part: each size slices its pieces' texts.
   */
  views: ShapedGlyphs[] | null;
  /**
   * The penalty after each part but the last: a compound's own hyphen or a break adding nothing,
   * shared by every size (no size in it); null at a hyphenation point, whose penalty adds the
   * hyphen in the size's style (`SharedWords.hyphen`).
   */
  penalties: (Item<WordPayload> | null)[] | null;
  /** The same word's core for another break list, if any. */
  other: WordCore | undefined;
  /**
   * The table this core's word was last replayed into (`replayWords`), and its entry there for the
   * core's break key: the word's next occurrence in that table takes the entry without probing it.
   * Both null until then, and again once the tables are let go (`releaseSharedWords`): a core holds
   * no table past a release.
   */
  lastTable: SharedWords | null;
  lastShared: SharedWord | null;
}

/** Word cores of one face, bidi level, script and language, by text (an open-addressing table as `SharedWords`'). */
interface WordCores {
  face: FontFace;
  level: number;
  script: ScriptClass;
  language: string;
  entries: (WordCore | undefined)[];
  hashes: Int32Array;
  count: number;
}

const NO_BREAKS: readonly WordBreak[] = Object.freeze([]);
/** The break key of words never broken (right to left, boxed, no hyphenator): no hyphenator's key is empty. */
const NO_BREAKS_KEY = '';

/**
 * The shared-word tables, by style object (weak: a table lives as long as the style it was made
 * for — the settings' body style, nearly every word of a book — so a new body size starts new
 * tables and the old ones go with the old settings). A word's items depend on nothing else but
 * its break list, which each entry records (the hyphenator hands out one list per word and
 * options, so a hit compares identities); a word met with several lists keeps an entry for each.
 */
let sharedWords = new WeakMap<TextStyle, SharedWords[]>();
/** How many times the tables were let go (`releaseSharedWords`). */
let sharedWordsReleases = 0;

/**
 * Lets every shared-word table go. They are a cache for setting paragraphs: once every paragraph of
 * a converged layout is kept as columns (paragraph/index.ts `keepWaiting`, which reads its items'
 * pieces into the columns), nothing reads them until text is set again, and the next edit builds
 * the few entries it needs from the word cores, which stay (shaping and break lists are by face,
 * not here). Held past that, they were ~32 MB of a 1,000-page book's kept worker heap (pieces,
 * payloads and entries of every word at the body size; Chromium heap snapshot of the bench,
 * 2026-12-07), and still held while a global change built the next size's.
 */
export function releaseSharedWords(): void {
  sharedWords = new WeakMap();
  sharedWordsReleases++;
  for (const core of coresWithLast) {
    core.lastTable = null;
    core.lastShared = null;
  }
  coresWithLast.length = 0;
}

/**
 * Cores whose `lastTable` is set, each once: what `releaseSharedWords` clears. Until then a core
 * holds the one table it was last replayed into, even one whose style is gone (the worker releases
 * when a build starts with new settings, and once per settings when idle).
 */
const coresWithLast: WordCore[] = [];

/** How many word cores remember a table (tests: that the replay remembers, and a release forgets). */
export function coresRememberingATable(): number {
  return coresWithLast.length;
}

/** How many times `releaseSharedWords` ran (for tests of who calls it). */
export function sharedWordsReleaseCount(): number {
  return sharedWordsReleases;
}

function wordsFor(style: TextStyle, face: FontFace, rise: number, level: number, script: ScriptClass, language: string): SharedWords {
  let tables = sharedWords.get(style);
  if (tables === undefined) sharedWords.set(style, (tables = []));
  for (const table of tables) if (table.face === face && table.rise === rise && table.level === level && table.script === script && table.language === language) return table;
  const table: SharedWords = { style, face, rise, level, script, language, entries: new Array<SharedWord | undefined>(WORD_TABLE_START).fill(undefined), hashes: new Int32Array(WORD_TABLE_START), count: 0, hyphen: null, cores: coresFor(face, level, script, language) };
  tables.push(table);
  return table;
}

/**
 * The word-core tables, by face (weak: they live as long as the face, as its shape cache does, and
 * hold little beyond what that cache and the hyphenator's already keep: the entry and its parts'
 * arrays, ~100 bytes a word). Not by style: every style of a face shares them.
 */
const wordCores = new WeakMap<FontFace, WordCores[]>();

function coresFor(face: FontFace, level: number, script: ScriptClass, language: string): WordCores {
  let tables = wordCores.get(face);
  if (tables === undefined) wordCores.set(face, (tables = []));
  for (const table of tables) if (table.level === level && table.script === script && table.language === language) return table;
  const table: WordCores = { face, level, script, language, entries: new Array<WordCore | undefined>(WORD_TABLE_START).fill(undefined), hashes: new Int32Array(WORD_TABLE_START), count: 0 };
  tables.push(table);
  return table;
}

/**
 * The core of the word `text[from, to)` (hash `hash`) for the break lists named `key` (undefined:
 * the list `breaks`, already asked for), made when first met: the word sliced, its list asked for
 * (`breakPoints`; absent: never broken), shaped, and split.
 */
function wordCore(cores: WordCores, text: string, from: number, to: number, hash: number, key: string | undefined, word: string | undefined, breaks: readonly WordBreak[] | undefined, breakPoints: ((word: string) => readonly WordBreak[]) | undefined): WordCore {
  const slot = findCore(cores, text, from, to, hash);
  const latest = cores.entries[slot];
  let core = latest;
  if (key !== undefined) {
    while (core !== undefined && core.key !== key) core = core.other;
  } else {
    while (core !== undefined && core.breaks !== breaks) core = core.other;
  }
  if (core !== undefined) return core;
  // Met with another list: the same word and shaping (the table's face, direction, script and language).
  // Kept by the core for as long as its table lives: a string of its own, not a view of the chapter (text/text-table.ts `ownText`).
  word = latest !== undefined ? latest.word : ownText(word ?? text.slice(from, to));
  breaks ??= breakPoints !== undefined ? breakPoints(word) : NO_BREAKS;
  const shaped = latest !== undefined ? latest.shaped : cores.face.shape(word, cores.level % 2 === 1 ? 'rtl' : 'ltr', '', hbScript(cores.script), cores.language);
  const parts = breaks.length === 0 ? null : computeSplitParts(word, shaped, breaks);
  core = {
    word,
    hash,
    breaks,
    key,
    shaped,
    // Arrays of their exact length (map), not grown by push (an array's first push makes room for 17).
    views: parts === null ? null : parts.map((part) => part.shaped),
    penalties: parts === null ? null : parts.slice(0, -1).map((part) => (part.hyphen ? null : penaltyItem<WordPayload>(0, HYPHEN_PENALTY, part.kind === 'hyphen'))),
    other: latest,
    lastTable: null,
    lastShared: null,
  };
  putWord(cores, slot, core, hash);
  return core;
}

/** An open-addressing table of words by `plainWordHash` (`SharedWords`, `WordCores`). */
interface WordTable<Entry> {
  entries: (Entry | undefined)[];
  hashes: Int32Array;
  count: number;
}

/** Slots of a new shared-word table (a power of two: a hash is reduced by masking). */
const WORD_TABLE_START = 256;

/**
 * The slot of the word `text[from, to)` (hash `hash`) in `table`: the slot holding it, else the
 * empty slot where it goes (linear probing; `putWord` keeps a table at most half full).
 */
function findWord(table: SharedWords, text: string, from: number, to: number, hash: number): number {
  const { entries, hashes } = table;
  const mask = hashes.length - 1;
  const length = to - from;
  for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
    const held = hashes[slot]!;
    if (held === 0) return slot;
    if (held !== hash) continue;
    const word = entries[slot]!.word;
    if (word.length !== length) continue;
    let k = 0;
    while (k < length && word.charCodeAt(k) === text.charCodeAt(from + k)) k++;
    if (k === length) return slot;
  }
}

/**
 * `findWord` in a table of word cores. A function of its own, not `findWord` made generic: the
 * shared-word lookup runs for every word of a book, and one site reading two kinds of table and
 * entry is slower there (V8's inline caches at its loads would see two shapes each).
 */
function findCore(table: WordCores, text: string, from: number, to: number, hash: number): number {
  const { entries, hashes } = table;
  const mask = hashes.length - 1;
  const length = to - from;
  for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
    const held = hashes[slot]!;
    if (held === 0) return slot;
    if (held !== hash) continue;
    const word = entries[slot]!.word;
    if (word.length !== length) continue;
    let k = 0;
    while (k < length && word.charCodeAt(k) === text.charCodeAt(from + k)) k++;
    if (k === length) return slot;
  }
}

/** Puts `entry` (the latest for its word) in `slot` as `findWord` gave it, growing the table past half full. */
function putWord<Entry>(table: WordTable<Entry>, slot: number, entry: Entry, hash: number): void {
  if (table.hashes[slot] !== 0) {
    table.entries[slot] = entry;
    return;
  }
  table.entries[slot] = entry;
  table.hashes[slot] = hash;
  table.count++;
  if (table.count * 2 <= table.entries.length) return;
  const { entries, hashes } = table;
  const size = entries.length * 2;
  const mask = size - 1;
  table.entries = new Array<Entry | undefined>(size).fill(undefined);
  table.hashes = new Int32Array(size);
  for (let s = 0; s < hashes.length; s++) {
    const held = hashes[s]!;
    if (held === 0) continue;
    let to = held & mask;
    while (table.hashes[to] !== 0) to = (to + 1) & mask;
    table.entries[to] = entries[s];
    table.hashes[to] = held;
  }
}

/**
 * The items of a plain word in a style, as `buildItems`' general path makes them but with offsets
 * relative to the word (its box items carry the word's first offset): the same widths, computed the
 * same way, from the word's size-free core.
 */
function buildSharedWord(core: WordCore, style: TextStyle, rise: number, face: FontFace, level: number, other: SharedWord | undefined, table: SharedWords): SharedWord {
  const { word, breaks, key, shaped, views, penalties } = core;
  if (views === null || penalties === null) {
    const whole: ShapedPiece = { text: word, offsets: undefined, from: 0, style, rise: storedRise(rise), face, shaped, width: (shaped.width * style.size) / face.upem, level };
    return { breaks, key, width: 0 + whole.width, payload: { pieces: [whole] }, split: null, other, word, core };
  }
  const scale = style.size / face.upem;
  const base = shaped.clusterBase;
  // Arrays of their exact length (map), not grown by push: the table keeps them as long as its style
  // lives, and a pushed-to empty array holds 17 slots for the word's two to four parts.
  const parts = views.map((view, i): WordPayload => {
    const from = view.clusterBase - base;
    const to = i + 1 < views.length ? views[i + 1]!.clusterBase - base : word.length;
    return { pieces: [{ text: word.slice(from, to), offsets: undefined, from, style, rise: storedRise(rise), face, shaped: view, width: view.width * scale, level }] };
  });
  // (A hyphenation point's penalty is flagged: the table's, shared by all its words' points.)
  if (penalties.includes(null)) table.hyphen ??= hyphenPenalty(parts[0]!.pieces[0]!);
  const split: SharedSplit = { parts, penalties, repeats: null };
  // NaN, not 0: the field holds a double in every entry (one shape), and a split word has no whole width.
  return { breaks, key, width: NaN, payload: null, split, other, word, core };
}

/**
 * Where a paragraph's word tape is kept between its item builds (`ParagraphRequest.words`): the
 * engine keeps one per rebased paragraph, beside its memo key (engine/index.ts `Rebased`).
 */
export interface WordTapeSlot {
  tape: WordTape | null;
}

/**
 * A paragraph's words as its last item build met them, when every one was a plain shared word
 * separated by typed spaces (no right-to-left or CJK text, boxes, formulas, notes, hard breaks or
 * verbatim spaces): each word's start, styled run, script and core, and which run its space was in.
 * A new body size builds every paragraph's items again with the same texts in new styles; with the
 * tape (`replayWords`) it neither analyses the text (bidi, scripts), nor walks its characters to
 * find the words, check them plain and hash them: each word's entry in the new style is found from
 * its core's hash and text. The items are the ones `writeItems` writes, to the bit (the same
 * emission, `writeSharedWord`), and the tape is used only for texts and options that give the same
 * words: the same run texts (the parse's own strings), offsets, faces, language and break lists.
 */
export interface WordTape {
  /** Per styled run recorded, three entries: its text, its first source offset, its face. */
  runs: (string | number | FontFace)[];
  language: string;
  /** The break key every word's entry was found by (`ItemOptions.breakKey`, NO_BREAKS_KEY when not breaking). */
  key: string;
  /**
   * Per word, two entries: its start in the paragraph's text, run, space and script, packed
   * (`TAPE_*`), then its core (its entry's for the key). One array, not one per field: the tapes
   * live as long as their paragraphs, and every object they add is one more for each major
   * collection to mark.
   */
  words: (number | WordCore)[];
}

/**
 * A word on a tape, packed in one small integer (a Smi: 30 bits): its start in the paragraph's text
 * (15 bits; a paragraph longer than 32,767 units is not taped), its styled run (8 bits), the space
 * before it (2 bits: none, in its own run, in the previous word's run) and its script code (4 bits,
 * `SCRIPT_CLASSES`).
 */
const TAPE_FROM_MASK = 0x7fff;
const TAPE_RUN_SHIFT = 15;
const TAPE_RUN_MASK = 0xff;
const TAPE_SPACE_SHIFT = 23;
const TAPE_SCRIPT_SHIFT = 25;
const TAPE_NO_SPACE = 0;
const TAPE_SPACE_OWN_RUN = 1;
const TAPE_SPACE_LAST_RUN = 2;

/** The words of the tape being recorded, as `WordTape.words` (one paragraph at a time, copied out at their count). */
const tapeScratch: (number | WordCore | undefined)[] = [];

/** Where each styled run starts in the paragraph being replayed (a tape has at most `TAPE_RUN_MASK` + 1 runs: `tapeable`). */
const replayRunStart = new Int32Array(TAPE_RUN_MASK + 1);

/** Tapes replayed since the worker started (tests: that a build took the replay). */
let tapeReplays = 0;
export function wordTapeReplays(): number {
  return tapeReplays;
}

/** Whether the styled runs and options can give a tape: only runs of plain text, no verbatim spaces. */
function tapeable(texts: readonly StyledText[], options: ItemOptions): boolean {
  if (options.verbatim === true || texts.length > TAPE_RUN_MASK + 1) return false;
  for (let r = 0; r < texts.length; r++) if (!plainRun(texts[r]!)) return false;
  return true;
}

/** A styled run of text only: consecutive source offsets, no small capitals, formula, box, note, mark without advance or hard break. */
function plainRun(styled: StyledText): boolean {
  return styled.offsets === undefined && styled.from !== undefined && styled.smallCaps !== true && styled.formula === undefined && styled.box === undefined && styled.noAdvance === undefined && styled.breakAfter !== true && warichuNoteOf(styled) === undefined;
}

/** The face a style asks for (its family, weight and slant): a run's face in `writeItems`, a space's in `normalSpace`, a tape's record of its runs. */
function styleFace(style: TextStyle, fonts: FontRegistry): FontFace {
  return fonts.match(style.family, style.weight, style.italic ? 'italic' : 'normal');
}

function recordedTape(texts: readonly StyledText[], fonts: FontRegistry, options: ItemOptions, key: string, words: readonly (number | WordCore | undefined)[], count: number): WordTape {
  const runs = new Array<string | number | FontFace>(3 * texts.length);
  for (let r = 0; r < texts.length; r++) {
    const styled = texts[r]!;
    runs[3 * r] = styled.text;
    runs[3 * r + 1] = styled.from!;
    runs[3 * r + 2] = styleFace(styled.style, fonts);
  }
  return { runs, language: options.language ?? '', key, words: words.slice(0, 2 * count) as (number | WordCore)[] };
}

/**
 * The paragraph's items from its tape, written into `out` from its start: their count, or −1 when
 * the tape does not hold for these texts and options (then nothing is written that counts).
 */
function replayWords(tape: WordTape, texts: readonly StyledText[], fonts: FontRegistry, options: ItemOptions, out: (Item<WordPayload> | undefined)[]): number {
  // The same words: the same run texts and offsets in the same faces, read at level 0 (left to right).
  const key = options.breakPoints !== undefined ? options.breakKey : NO_BREAKS_KEY;
  const runs = tape.runs;
  if (key !== tape.key || (options.language ?? '') !== tape.language || options.direction === 'rtl' || options.verbatim === true || 3 * texts.length !== runs.length) return -1;
  const runStart = replayRunStart;
  let at = 0;
  for (let r = 0; r < texts.length; r++) {
    const styled = texts[r]!;
    if (styled.text !== runs[3 * r] || styled.from !== runs[3 * r + 1] || !plainRun(styled) || styleFace(styled.style, fonts) !== runs[3 * r + 2]) return -1;
    runStart[r] = at;
    at += styled.text.length;
  }
  const language = tape.language;
  let count = 0;
  if (options.indent > 0) out[count++] = boxItem(options.indent, { pieces: [], level: 0 }, 0);
  // The typed space of a style (pt), the last one asked for first; consecutive spaces of one width share one glue (as `spaceItem`).
  let spaceStyle: TextStyle | null = null;
  let spaceWidthPt = 0;
  let lastSpace: Item<WordPayload> | null = null;
  let table: SharedWords | null = null;
  let lastRun = -1;
  const words = tape.words;
  for (let k = 0; k < words.length; k += 2) {
    const word = words[k] as number;
    const from = word & TAPE_FROM_MASK;
    const r = (word >>> TAPE_RUN_SHIFT) & TAPE_RUN_MASK;
    const space = (word >>> TAPE_SPACE_SHIFT) & 3;
    const script = SCRIPT_CLASSES[word >>> TAPE_SCRIPT_SHIFT]!;
    const styled = texts[r]!;
    const style = styled.style;
    const face = runs[3 * r + 2] as FontFace;
    const rise = styled.rise;
    if (table === null || table.style !== style || table.face !== face || table.rise !== rise || table.script !== script) table = wordsFor(style, face, rise, 0, script, language);
    const core = words[k + 1] as WordCore;
    // The word met before in this table, in this paragraph or an earlier one (most words of a book
    // are): its entry, unprobed.
    let shared: SharedWord | undefined = core.lastTable === table && core.lastShared!.key === key ? core.lastShared! : undefined;
    if (shared === undefined) {
      const slot = findWord(table, core.word, 0, core.word.length, core.hash);
      const latest = table.entries[slot];
      shared = latest;
      while (shared !== undefined && shared.key !== key) shared = shared.other;
      if (shared === undefined) {
        shared = buildSharedWord(core, style, rise, face, 0, latest, table);
        putWord(table, slot, shared, core.hash);
      }
      if (core.lastTable === null) coresWithLast.push(core);
      core.lastTable = table;
      core.lastShared = shared;
    }
    if (space !== TAPE_NO_SPACE) {
      const spaced = texts[space === TAPE_SPACE_OWN_RUN ? r : lastRun]!.style;
      if (spaced !== spaceStyle) {
        spaceStyle = spaced;
        spaceWidthPt = normalSpace(spaced, fonts);
      }
      if (lastSpace === null || lastSpace.width !== spaceWidthPt) lastSpace = spaceGlue(spaceWidthPt, 0, options);
      out[count++] = lastSpace;
    }
    count = writeSharedWord(out, count, shared, styled.from! + (from - runStart[r]!), table, options);
    lastRun = r;
  }
  if (options.avoidCjkRunts) count = forbidLoneLastCharacter(out, count);
  return finishItems(out, count);
}

/**
 * Writes a shared word's items into `out` from `count` (its box carrying the word's first source
 * offset `start`, or its parts' boxes with the penalties between them) and returns the new count.
 */
function writeSharedWord(out: (Item<WordPayload> | undefined)[], count: number, shared: SharedWord, start: number, table: SharedWords, options: ItemOptions): number {
  const split = shared.split;
  if (split === null) {
    out[count++] = boxItem(shared.width, shared.payload!, start);
    return count;
  }
  const parts = split.parts;
  for (let i = 0; i < parts.length; i++) {
    const payload = parts[i]!;
    out[count++] = boxItem(payload.pieces[0]!.width, payload, start);
    if (i < parts.length - 1) {
      // A hyphenation point's penalty is the table's (the hyphen in its style); the others are the core's.
      const penalty = split.penalties[i] ?? table.hyphen!;
      out[count++] = penalty;
      if (options.repeatHyphen && isCompoundHyphen(penalty)) {
        const repeated = ((split.repeats ??= [])[i] ??= repeatedHyphenItems(parts[i]!.pieces[0]!));
        for (let k = 0; k < repeated.length; k++) out[count++] = repeated[k]!;
      }
    }
  }
  return count;
}

/** The penalty of a hyphenation point after `piece`: flagged, adding the hyphen in the piece's style, face, rise and level. */
function hyphenPenalty(piece: ShapedPiece): Item<WordPayload> {
  const hyphen: WordPayload = { pieces: [hyphenPiece(piece)] };
  return penaltyItem(hyphen.pieces[0]!.width, HYPHEN_PENALTY, true, hyphen);
}
