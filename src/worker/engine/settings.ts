/**
 * The resolved design the engine reads, all lengths in pt. Built from the effective
 * configuration (configuration.md); until the configuration module is wired in, the spec's
 * defaults are written out here.
 */
import type { FurnitureElement } from './settings-furniture';
import type { WrapSettings } from './page/floats-wrap';
import type { TabSettings } from './page/tabs';
import type { BreakRules } from './page/break-rules';
import type { DropCaps } from './settings-dropcap';
import type { TocLook } from './settings-toc';
import type { IndexLook } from './settings-index';
import type { NoteMarks } from './settings-notes';
import type { LineNumberSettings } from './settings-line-numbers';
import type { ChipStyleSetting, InlineCodeSetting } from './settings-chips';
import type { RunBoxLook } from './paragraph/run-box';
import type { CodeListing } from './settings-code';
import type { CalloutBody, CalloutContinuation, CalloutFlow, CalloutIcon, CalloutLabel, CalloutLists, CalloutMarker, CalloutNumbering, CalloutTitleLook, RunLook } from './settings-callouts';
import type { CjkGrid } from './settings-cjk-grid';
import type { RubySettings } from './settings-ruby';
import type { KuntenSettings } from './settings-kunten';
import type { WarichuSettings } from './settings-warichu';
import type { CjkMarkSettings } from './settings-cjk-marks';
import type { CjkMark } from './paragraph/cjk-marks';
import type { CjkRules } from './settings-cjk-rules';

/**
 * A run's type. Its pieces carry a uniform copy of it (paragraph/styled-text.ts `uniformStyle`,
 * one hidden class for all styles), which names every field: one added here must be copied there
 * (the type checker says so).
 */
export interface TextStyle {
  family: string;
  /** CSS weight 100–900. */
  weight: number;
  italic: boolean;
  /** Font size, pt. */
  size: number;
  colour: string;
  /** A box's own look for bold and italic runs, small capitals and hyphenation (settings-callouts.ts); absent = the body text's. */
  look?: RunLook;
  /** A line drawn over the text (`bodyText.emphasis: 'overline'`, configuration.md §6.1; page/overline.ts); absent = none. */
  overline?: true;
  /** CJK marks drawn with the text (`:dots`, `:name`, `:book`, `:sideline`, emphasis dots; paragraph/cjk-marks.ts); absent = none. */
  cjkMarks?: readonly CjkMark[];
  /** The box the text stands in (a chip, boxed inline code: paragraph/run-box.ts); absent = none. */
  box?: RunBoxLook;
}

/** The counters a layout starts from (document-format §1 `continuation`) that are not page numbering. */
export interface BookStart {
  /** 0-based index of the book's first page in the longer book: only its parity matters (even = recto). */
  pageIndexOffset: number;
  /** Heading counters of levels 1–6 already counted before the first page (index 0 = h1). */
  headings: readonly number[];
}

/** `bodyText.gradedRuntPenalty`, `avoidRuntsInLists`, `tightenRunts`, `maxRuntTracking` (configuration.md §6.4). */
export interface RuntRules {
  graded: boolean;
  inLists: boolean;
  tighten: boolean;
  /** Most negative tracking a runt tightening may use, thousandths of an em (≥ 0). */
  maxTracking: number;
}

/** The runt rules the spec gives by default (§6.4). */
export const DEFAULT_RUNT_RULES: Readonly<RuntRules> = Object.freeze({ graded: false, inLists: true, tighten: true, maxTracking: 10 });

export interface LayoutSettings {
  /** Document language (BCP 47), for hyphenation and locale rules. */
  language: string;
  /** The book's `locale` (BCP 47) when it is read from a configuration: number formats that follow it (§3 `一`, page/number-format.ts `localeNumberFormat`); absent = `language`. */
  locale?: string;
  /** Resolved base text direction (`direction`, auto from the locale's script; document-format §18.1). */
  direction: 'ltr' | 'rtl';
  /** Resolved `numerals` (configuration.md §7): digits of every generated decimal number. */
  numerals: 'latn' | 'arab' | 'arabext';
  /** Resolved `page.binding`: the spine side of a recto (auto = right when the direction is rtl). */
  binding: 'left' | 'right';
  /** `cjk` composition (configuration.md §14.1) as the text engine applies it, resolved by region (settings-cjk-rules.ts); latinSpacing in em. */
  cjk: CjkRules;
  /**
   * `layout.writingMode: 'vertical-rl'` (configuration.md §4; page/vertical.ts): the flow is laid
   * out in the sheet turned a quarter (page/geometry.ts `pageFrame` gives the turned frame) and
   * drawn turned back onto the sheet. `uprightDigits`: `cjk.uprightDigits`, the longest number set
   * tate-chū-yoko (0 = none); `uprightMarks`: `!!` `!?` `?!` `??` set so too (Japanese, document-format
   * §18.5). Absent in horizontal books.
   */
  vertical?: { uprightDigits: number; uprightMarks: boolean };
  /**
   * `bodyText.kashida*` (configuration.md §6.3): Arabic justification by elongation; maxLength in em.
   * `patterns`: `kashidaPatterns`, where elongations go (paragraph/kashida.ts); absent = auto, from the face.
   */
  kashida: { enabled: boolean; perWord: number; maxLength: number; patterns?: 'naskh' | 'simple' | 'nastaliq' };
  /** Trim size, pt. */
  pageWidth: number;
  pageHeight: number;
  /** Margins, pt; with `mirror`, `left` is the inner (spine) margin. */
  margins: { top: number; bottom: number; left: number; right: number; mirror: boolean };
  /** Text columns a page flows through (with a side column: 2 when it takes text, else 1). */
  columns: number;
  /** `layout.layoutType: 'oneAndHalf'` (configuration.md §4.1): the side column; absent otherwise. */
  sideColumn?: { percent: number; role: 'text' | 'floats'; side: 'right' | 'left' | 'outer' | 'inner' };
  /** Space between columns, pt. */
  gutter: number;
  /**
   * Float placement switches (configuration.md §4, §12.2; engine/page/floats-page.ts):
   * `layout.floatsAtCitingPage`, `layout.maxTopFraction` (0–1), `layout.hugClosingFloats`.
   * Absent = the spec's defaults (false, 0.7, true).
   * `underOpener`: `layout.floatsUnderOpener` (absent = true: under a page-wide opener the first
   * column's head takes floats). `fitToPage`: `layout.fitFiguresToPage` (a figure taller than the content area is shrunk so it
   * fits with its caption; absent = false). `shrink`: `layout.floatShrink` — the document default
   * of `placement.shrink`/`minScale` (page/floats-shrink.ts; absent = never / 0.7). `wrap`:
   * `layout.wrap` (page/floats-wrap.ts; absent = one body line, 12 em, 2 lines, 0.45).
   */
  floats?: { citingPage: boolean; maxTopFraction: number; hugClosing: boolean; underOpener?: boolean; fitToPage?: boolean; shrink?: { mode: 'never' | 'page' | 'slot'; minScale: number }; wrap?: WrapSettings };
  /** `cjk.emphasis`, `emphasisMark`, `bookTitleMark`, `bookTitleBrackets`, `annotationColor` (§14.1; settings-cjk-marks.ts); absent = auto for `language`. */
  cjkMarks?: CjkMarkSettings;
  /** `cjk.ruby` (§14.1; settings-ruby.ts, paragraph/ruby*.ts); absent = the defaults for `locale`. */
  ruby?: RubySettings;
  /** `cjk.kunten` (§14.1; settings-kunten.ts, paragraph/kunten*.ts); absent = the defaults. */
  kunten?: KuntenSettings;
  /** `cjk.warichu` (§14.1; settings-warichu.ts, paragraph/warichu*.ts); absent = the defaults for `locale`. */
  warichu?: WarichuSettings;
  /** `cjk.grid` (configuration.md §14.1): the character grid the type area was sized by (engine/settings-cjk-grid.ts). */
  cjkGrid?: CjkGrid;
  /**
   * `headings.balancing` (configuration.md §8.5; engine/page/balance.ts): `enabled` and `trailing`
   * (cut a chapter's closing band level). Absent = on.
   */
  balancing?: {
    enabled: boolean;
    trailing: boolean;
    /** `beforeSpan`: level the band above a page-span box (engine/page/span-band.ts). Absent = on. */
    beforeSpan?: boolean;
    /** The §8.5 levers of a column that flows on (engine/page/levers.ts); absent = the spec's defaults (4, true, 1, true, 1). */
    maxLinesPerHeading?: number;
    stretchAfterLists?: boolean;
    maxLinesAfterList?: number;
    stretchAfterFloats?: boolean;
    maxLinesAfterFloat?: number;
    /** Lever (1): a box closing a short column drops to its foot; absent = 'first' (on). */
    closingBox?: 'first' | 'last' | 'off';
    /** Lever (7): paragraphs re-broken one line looser (engine/page/lever-paragraphs.ts); absent = on, 2. */
    looseParagraphs?: boolean;
    maxLooseParagraphs?: number;
    /** …optionally with tracking up to `maxTracking` thousandths of an em; absent = on, 10. */
    trackParagraphs?: boolean;
    maxTracking?: number;
  };
  body: {
    style: TextStyle;
    boldWeight: number;
    boldColour: string;
    italicColour: string;
    /** How `:ref` labels are set (configuration.md §6.1 `referenceColor/Bold/Italic`, §11.3). */
    reference: { bold: boolean; italic: boolean; colour: string };
    /** Leading = baseline-grid pitch, pt. */
    lineHeight: number;
    /** Paragraph indent, pt. */
    firstLineIndent: number;
    /**
     * `bodyText.hardLineBreaks` (§6.1, document-format §5.3) false: a trailing `\` or a mid-line `\\ `
     * prints instead of breaking the line (read by the parser, engine/index.ts `parseCached`); absent = true.
     */
    hardLineBreaks?: false;
    /** `bodyText.hangingIndent` (§6.1): the first line flush, the others `firstLineIndent` in; absent = false. */
    hangingIndent?: boolean;
    /** `bodyText.tabStops` / `tabInterval` (§6.6; page/tabs.ts); absent = none (`:tab` is a word space). */
    tabs?: TabSettings;
    indentAfterHeading: boolean;
    /** bodyText.paragraphSpacing (§6.1): one leading of space between two body paragraphs; absent = none. */
    paragraphSpacing?: boolean;
    align: 'justify' | 'left';
    /** Word-space bounds as multiples of the normal space (configuration.md §6.3). */
    maxWordSpacing: number;
    minWordSpacing: number;
    widowMinLines: number;
    orphanMinLines: number;
    /** Knuth–Plass total fit (true) or first fit (configuration.md §6.3). */
    optimalLineBreaking: boolean;
    /** `bodyText.optimalRagged` (§6.3) false: ragged running text is broken first fit (paragraph/index.ts); absent = true, total fit. */
    optimalRagged?: false;
    /**
     * `bodyText.emphasis` (§6.1): how `*…*` is set (paragraph/collect.ts) — italic, bold, upright in
     * the italic colour ('color'), or upright in the italic colour under a line ('overline').
     * Absent = auto: bold in Arabic-script documents, else italic.
     */
    emphasis?: 'italic' | 'bold' | 'color' | 'overline';
    /**
     * `bodyText.tashkil` (§6.1): Arabic vowel marks dropped at layout (paragraph/tashkil.ts says which
     * each value drops); absent = 'keep'.
     */
    tashkil?: 'strip' | 'strip-vowels';
    /**
     * `bodyText.maxJustifyTracking` (§6.3): most letter spacing a justified line may take when its word
     * spaces would pass `maxWordSpacing`, thousandths of an em (paragraph/index.ts); absent = 0, none.
     */
    maxJustifyTracking?: number;
    avoidRunts: boolean;
    /** Runt threshold, in normal space widths. */
    runtMinCharacters: number;
    runtPenalty: number;
    /**
     * The runt refinements of §6.4 (settings-text.ts): `gradedRuntPenalty` (cost ∝ 1 − w/threshold),
     * `avoidRuntsInLists`, `tightenRunts` with `maxRuntTracking` (thousandths of an em; paragraph/index.ts).
     * Absent = the spec's defaults: false, true, true, 10.
     */
    runts?: RuntRules;
  };
  /** Column-break rules of running text (`bodyText.keepColonWithList`…, §6.4; page/break-rules.ts); absent = the spec's defaults. */
  breaks?: BreakRules;
  /**
   * `bodyText.hyphenation` (§6.2). `zone`: ragged text splits a word only if moving it whole would
   * leave a gap wider than this, pt (text/linebreak.ts, text/greedy.ts); absent = 3 em of the body size.
   * `repeatHyphen` (`bodyText.repeatHyphen`, §6.3): a line broken at a compound's hyphen repeats it at
   * the start of the next (paragraph/items.ts); absent = false.
   */
  hyphenation: { enabled: boolean; ragged: boolean; compounds: boolean; breakAfterHyphens: boolean; breakAfterDashes: boolean; zone?: number; repeatHyphen?: true };
  /** `bodyText.blockquote` (configuration.md §6.5); `firstLineIndent` pt, absent = the body's. */
  blockquote: { colour: string; italic: boolean; indent: number; firstLineIndent?: number };
  /** `bodyText.verse` (configuration.md §6.5; page/verse.ts), lengths pt; absent = the spec's defaults at the body size. */
  verse?: VerseSettings;
  /**
   * `unorderedLists` / `orderedLists` (§9): marker style and spacing, pt. `shapes` (settings-lists.ts):
   * each kind's indent, gap, item spacing, turnovers and per-level marker type; absent (settings
   * built without a configuration) = one shape for both kinds from the fields above.
   */
  lists: { bullet: string; markerColour: string; markerWeight: number; gap: number; marginTop: number; marginBottom: number; shapes?: { unordered: ListShape; ordered: ListShape }; task?: TaskLook };
  /** `codeStyle` (§13.3). */
  code: { family: string; size: number; background: string; padding: number; marginTop: number };
  /** `chipStyles` (§13.2; settings-chips.ts) in list order, the first standing in for an unknown style; absent = the built-in `chip`. */
  chips?: ChipStyleSetting[];
  /** `codeStyle.inline` when set (§13.3; settings-chips.ts); absent = inline code in the text face. */
  inlineCode?: InlineCodeSetting;
  /** `codeStyle` for code listings (§13.3; settings-code.ts, page/code-block.ts); absent = the §13.3 defaults at this body. */
  listing?: CodeListing;
  /** `footnotes` (configuration.md §11.1); lengths in pt. */
  notes: {
    /** `column`: at the foot of the column holding the citing line; `chapterEnd`: endnotes. */
    placement: 'column' | 'chapterEnd';
    /** `footnotes.numbering` (page/note-numbering.ts); absent = 'chapter'. */
    numbering?: 'chapter' | 'document' | 'page' | 'column' | 'spread';
    /* Numbers restart with each chapter (footnotes.numbering 'chapter'; the other modes are not applied yet). */
    /** A §3 number-format word, or 'symbols'. */
    format: string;
    symbols: string[];
    /** Mark in the text, `{n}` = the number. */
    markerTemplate: string;
    size: number;
    lineHeight: number;
    colour: string;
    align: 'justify' | 'left';
    hangingIndent: number;
    /** Gap after the number inside the note (an en or an em of the note size), pt. */
    numberGap: number;
    spaceBetween: number;
    /** Between the last body line and the rule. */
    spaceAbove: number;
    spaceBelowRule: number;
    separator: { enabled: boolean; /** Fraction of the column. */ width: number; lineWidth: number; colour: string };
    /** `markerPosition`, `markerSize`, `noteNumberPosition` (settings-notes.ts); absent = all 'auto' / 1 em. */
    marks?: NoteMarks;
    /**
     * `footnotes.chapterEndAlign` (§11.1; settings-notes.ts): endnotes that fit under the chapter's
     * last text sit at the foot of its column ('foot', absent) or right under the text ('text').
     */
    chapterEndAlign?: 'text';
  };
  headings: {
    family: string;
    weight: number;
    colour: string;
    /** `headings.keepWithNext` (absent = true) and `keepWithNextSpread` (absent = false), §8.1. */
    keepWithNext?: boolean;
    keepWithNextSpread?: boolean;
    /** `headings.inlineMarks` (§8.1): false sets headings as plain text (page/heading-look.ts plainInlines); absent = true. */
    inlineMarks?: boolean;
    /** `headings.textAlign` (§8.1; start = left, end = right); absent = left. Justified: the last line flush left. */
    align?: 'left' | 'right' | 'center' | 'justify';
    /** Per level 1–6 (index 0 = H1). */
    /** `breakBefore`: 'none' when disabled, else its parity (configuration.md §8.4). */
    levels: ({
      size: number;
      lineHeightEm: number;
      marginTopEm: number;
      marginBottomEm: number;
      breakBefore: 'none' | 'any' | 'odd' | 'even' | 'always-odd' | 'always-even';
      /** `numberingTemplate` (§8.3; '' = no number), `numberSeparator`, `numberPosition`. */
      numbering: { template: string; separator: string; position: 'before' | 'replace' };
      /** `span` (§8.2): 'page' = a band across all columns (chapter opener); `spanBreak` false lets it sit mid-page. */
      span?: 'column' | 'page';
      spanBreak?: boolean;
      /** `advancedDesign` (§8.2): the heading composed from its slot when enabled (page/heading-design.ts); absent when nothing is set. */
      design?: HeadingDesign;
    } & HeadingLook)[];
  };
  /**
   * `headingStyles[id=X]` (configuration.md §13.6) as far as the engine applies them: whether the
   * style's headings are numbered and listed by `:::toc`, and their size and colour when set.
   */
  headingStyles: Record<string, HeadingStyleSettings>;
  /** `paragraphStyles[id=X]` (configuration.md §13.1), applied by `:::paragraphs{style}` (engine/page/paragraph-styles.ts). */
  paragraphStyles?: Record<string, ParagraphStyleSettings>;
  /** Drop caps of heading levels, heading styles and paragraph styles (configuration.md §6.7; settings-dropcap.ts, page/drop-cap.ts); absent = none set. */
  dropCaps?: DropCaps;
  /** `parts` (configuration.md §13.5): divider pages (engine/page/part.ts). */
  parts?: PartSettings;
  /** `layout.columnRule` (§4): a vertical rule in every gutter, also the rule of `:::columns{rule}`; width pt. */
  columnRule?: { enabled: boolean; colour: string; width: number };
  /** `layout.flowColumns` (§4): `:::columns` in running text set sub-columns (false: ignored outside boxes). */
  flowColumns?: boolean;
  /** `colorPalette`: base hex (lower case) by palette id, for part and section palettes (§13.5, §15.1). */
  palette?: Record<string, string>;
  /** `page.backgroundColor` (§2): page fill over the bleed box, recoloured by part and section palettes; absent = transparent. */
  pageBackground?: string;
  /**
   * `orderedLists` number style by depth 1–5 (configuration.md §9.2: `numberFormat`, `prefix`,
   * `separator`, each level over the list's); absent = decimal with the source's `.` or `)`.
   */
  orderedLevels?: { format: string; prefix: string; separator: string }[];
  /** `calloutStyles` (configuration.md §13.4): styles by id; the first is the default type. */
  callouts: { order: string[]; styles: Record<string, CalloutStyle> };
  /** `toc` (configuration.md §11.5): heading levels listed by `:::toc`, and the dotted leader (gap in pt). */
  toc: { levels: number[]; leader: { enabled: boolean; char: string; gap: number }; look?: TocLook };
  /** `index` (configuration.md §11.6; settings-index.ts): what `:::index` prints; absent = the defaults at the body (page/index-layout.ts). */
  index?: IndexLook;
  /** `lineNumbers` (configuration.md §11.2; settings-line-numbers.ts, page/line-numbers.ts): absent = off (the default) or vertical text. */
  lineNumbers?: LineNumberSettings;
  /** `page.pageNumbering` (configuration.md §2): label format word (§3) and the first page's number. */
  pageNumbering: { format: string; startAt: number };
  /**
   * Where the book begins when it is part of a longer one (bundle-format §9 `start`, applied by
   * page/continuation.ts; its page numbering goes into `pageNumbering`). Absent = the first page is
   * a recto (book index 0) and no heading has been counted.
   */
  start?: BookStart;
  /** `crossRefs` (configuration.md §11.3): words around numbers, `{n}` = the number. */
  crossRefs: { chapter: string; section: string; page: string; defaultStyle: 'default' | 'number' | 'title' | 'page' };
  furniture: {
    style: TextStyle;
    /** Header rule width, pt; 0 for none. */
    ruleWidth: number;
    ruleColour: string;
    /** Designed slots (configuration.md §5.3); undefined = the built-in slot of §5.2, [] = none. */
    header?: FurnitureElement[];
    footer?: FurnitureElement[];
    /** `page.bleed`, pt (the `bleed` anchor of design elements). */
    bleed?: number;
  };
  /** `math` (configuration.md §10): formulas typeset by MathJax (engine/math). */
  math: MathSettings;
}

export interface MathSettings {
  /** false: `$…$` and displays are printed literally. */
  enabled: boolean;
  /** Formula em = surrounding text size × this (display: body size × this). */
  fontSizeScale: number;
  /** Formula colour; null follows the surrounding text (`math.color` follows bodyText.color). */
  colour: string | null;
  /** Space above / below a display, in the formula's em (the bottom is a minimum: the grid may add). */
  marginTopEm: number;
  marginBottomEm: number;
  indentAfterDisplay: boolean;
  keepWithLeadIn: boolean;
  numbering: {
    enabled: boolean;
    /** `{n}` = the counter, `{h1}`…`{h6}` = heading counters. */
    template: string;
    /** Heading level (1–6) whose headings restart the count; 0 = never. */
    resetOn: number;
    counterFormat: string;
    /** As printed and cited by `\eqref`; `{n}` = the templated number. */
    format: string;
  };
}

export type BreakParity = 'any' | 'odd' | 'even' | 'always-odd' | 'always-even';

/** Page geometry a styled section or a part page may override (lengths pt). */
export interface GeometryOverride {
  margins?: { top: number; bottom: number; left: number; right: number; mirror: boolean };
  /** Resolved column model (as `LayoutSettings.columns`, `sideColumn`, `gutter`). */
  layout?: { columns: number; gutter: number; sideColumn?: LayoutSettings['sideColumn']; columnRule?: { enabled: boolean; colour: string; width: number } };
}

/**
 * A heading level's or heading style's own type (configuration.md §8.2, §13.6), applied by
 * page/heading-look.ts; each field absent = the level's, then the general heading's.
 */
export interface HeadingLook {
  family?: string;
  weight?: number;
  italic?: boolean;
  colour?: string;
  /** `textTransform`: 'uppercase' sets the heading in capitals (length-preserving; bookmarks keep the source case). */
  transform?: 'none' | 'uppercase';
  /** `indent` (whole heading) and `firstLineIndent` (first line, from `indent`), pt (body ems resolved). */
  indent?: number;
  firstLineIndent?: number;
  /** `hidden`: a structural heading, no ink and no space, still numbered and listed. */
  hidden?: boolean;
  /** `lineSpan` (行取り): whole body lines of the band the heading is centred in instead of its margins. */
  lineSpan?: number;
  /** `jidori` (字取り): own ems a one-line title is spread evenly to. */
  jidori?: number;
  /** `letterSpacing`, in the heading's own em (between clusters). */
  letterSpacingEm?: number;
}

/** A heading style's length in the heading's own em: `pt` + `em` × its size (an absolute length has em 0). */
export interface HeadingLength {
  pt: number;
  em: number;
}

/** One `headingStyles[id=X]` (configuration.md §13.6) as the engine applies it. */
export interface HeadingStyleSettings extends GeometryOverride, HeadingLook {
  /** `numberingTemplate`, `numberSeparator`, `numberPosition` the style sets (§13.6; page/heading-look.ts headingNumbering). */
  numbering?: Partial<{ template: string; separator: string; position: 'before' | 'replace' }>;
  /** lineHeight, marginTop, marginBottom, letterSpacing the style sets (§13.6 level fields). */
  lineHeight?: HeadingLength;
  letterSpacing?: HeadingLength;
  marginTop?: HeadingLength;
  marginBottom?: HeadingLength;
  numbered: boolean;
  toc: boolean;
  /** false (plates, maps): its H1s do not change the running chapter (§13.6; page/guide-words.ts); absent = true. */
  runningChapter?: boolean;
  /** `snapToGrid` (§13.6 level field): the style's over the level's (page/heading-look.ts headingSnaps); absent = the level's. */
  snapToGrid?: boolean;
  size?: number;
  colour?: string;
  /** Level fields the style overrides (§8.2). */
  span?: 'column' | 'page';
  spanBreak?: boolean;
  /** Merged field by field over the level's (§13.6). */
  breakBefore?: { enabled?: boolean; parity?: BreakParity };
  /** `advancedDesign` (§8.2): the fields the style sets, each over the level's (page/heading-design.ts `headingDesignOf`). */
  design?: Partial<HeadingDesign>;
  /** Section running heads / folios: 'none' for an empty slot; absent = the document's. */
  header?: 'none' | 'default' | FurnitureElement[];
  footer?: 'none' | 'default' | FurnitureElement[];
  /** Section palette overrides, palette id → hex (§13.6; recolours like a part palette). */
  palette?: Record<string, string>;
  /** The section's body text (§13.6 `bodyStyle`); absent when it follows bodyText. */
  bodyStyle?: SectionBodyStyle;
}

/** A designed heading (configuration.md §8.2 `advancedDesign`, applied by page/heading-design.ts). */
export interface HeadingDesign {
  enabled: boolean;
  /** The slot's elements (§5.3; text wraps by default); `reserve: false` ones do not set the reserved height. */
  elements: FurnitureElement[];
  /** pt: the least height the heading reserves in the flow before `marginBottom`; absent = none. */
  minHeight?: number;
}

/**
 * `bodyStyle` of a styled section or of part pages (configuration.md §13.5, §13.6): the body
 * paragraphs' type, leading (pt) and alignment, and the list marker colours.
 */
export interface SectionBodyStyle extends ParagraphStyleSettings {
  bulletColour: string;
  numberColour: string;
  /** `bodyStyle.unorderedLists` over the document's list settings (bullet, marker weight, gap, margins; pt); absent = the document's. */
  lists?: LayoutSettings['lists'];
  /** `bodyStyle.orderedLists` number styles: list-wide and by depth (index 0 = level 1), over the document's (page/sections.ts `orderedLevelOf`). */
  orderedLists?: { list: Partial<OrderedLevel>; levels: Partial<OrderedLevel>[] };
}

/** One nesting level's marker (configuration.md §9: `levels[level=N]`, unset fields following the list-wide ones); lengths in pt. */
/** Task-list boxes and done tasks (configuration.md §9.1). */
export interface TaskLook {
  /** `taskCheckboxChar` / `taskCheckedChar`. */
  box: string;
  checked: string;
  /** `taskCompletedStrikethrough`: absent = on (the default). */
  strike?: boolean;
  /** `taskCompletedColor` when it differs from the item colour it follows; absent = the text's own. */
  doneColour?: string;
}

export interface ListLevelStyle {
  family: string;
  weight: number;
  italic: boolean;
  colour: string;
  /** Marker size (bulletFontSize / numberFontSize, em of the body), pt. */
  size: number;
  /** verticalOffset: the marker's baseline raised by this much (negative lowers it), pt. */
  raise: number;
  /** unorderedLists: this level's bullet. */
  bullet?: string;
  /** The level's own `indent` (marker start from the column edge), pt; unset = the list indent plus 1.5 em per depth. */
  indent?: number;
  /** orderedLists `separator*` (§9.2): the separator's own type where set (else the number's) and `separatorGap` before it, pt; absent = set with the number. */
  separator?: { family?: string; weight?: number; italic?: boolean; colour?: string; gap: number };
}

/** A list kind's shape (configuration.md §9.1 / §9.2), pt. */
export interface ListShape {
  /** Level-1 marker start from the column edge. */
  indent: number;
  /** Marker box → text. */
  gap: number;
  /** Extra space between two items of a list (the next item goes on at the next grid line). */
  itemSpacing: number;
  /** Turnovers align with the text (true) or go back under the marker (false). */
  hanging: boolean;
  marginTop: number;
  marginBottom: number;
  /** Levels 1–5. */
  levels: ListLevelStyle[];
}

/** One depth's ordered-list number style (configuration.md §9.2). */
export interface OrderedLevel {
  format: string;
  prefix: string;
  separator: string;
}

/** `parts` (configuration.md §13.5), lengths pt. */
export interface PartSettings {
  page: boolean;
  breakBefore: BreakParity;
  /** 'none' when `breakAfter.enabled` is false. */
  breakAfter: BreakParity | 'none';
  margins: { top: number; bottom: number; left: number; right: number; mirror: boolean };
  /** `parts.bodyStyle` when it differs from the body text (§13.5). */
  bodyStyle?: SectionBodyStyle;
  /** `parts.design` (container = trim box; replaces the synthesised title when not empty). */
  design?: FurnitureElement[];
  /** `parts.versoDesign`: painted on the page after a part page only if that page is left blank. */
  versoDesign?: FurnitureElement[];
}

/** `bodyText.verse` (configuration.md §6.5): how `:::verse` poems are set, lengths pt. */
export interface VerseSettings {
  /** `auto`: two hemistichs per line where a line has a `||` separator (bayt), else lines; `bayt`: always. */
  layout: 'auto' | 'bayt';
  /** Indent of one leading space of a verse line (tab = 4, U+3000 = 2 spaces). */
  indentStep: number;
  /** A verse line too long for the measure goes on hung by `hang` (`hang`) or flush right after `turnoverMark` (`right`). */
  turnover: 'hang' | 'right';
  hang: number;
  turnoverMark: string;
  /** Space between stanzas, in lines of the body leading. */
  stanzaSpace: number;
  /** Stanzas of at most this many lines are kept whole in a column (0 = off). */
  keepStanzas: number;
  /** Word spaces shrink (to `minWordSpacing`) before a line is turned over. */
  tighten: boolean;
}

/** One `paragraphStyles[id=X]` (configuration.md §13.1), lengths pt. */
export interface ParagraphStyleSettings {
  style: TextStyle;
  lineHeight: number;
  align: 'justify' | 'left' | 'center' | 'right';
  indent: number;
  endIndent: number;
  firstLineIndent: number;
  /** `hangingIndent` (§13.1), pt: lines after the first this much further in; absent = none. */
  hangingIndent?: number;
  /** `tabStops` / `tabInterval` (§13.1, the body's unless the style sets its own; page/tabs.ts). */
  tabs?: TabSettings;
  /** `textTransform: 'uppercase'` (§13.1); absent = as written. */
  uppercase?: boolean;
  /** `snapToGrid: false` (§13.1): the text after the container goes on off the grid; absent = it snaps back. */
  snapToGrid?: false;
  spaceBetween: number;
  marginTop: number;
  marginBottom: number;
}

/** One `calloutStyles[id=X]` box style (configuration.md §13.4), lengths in pt. */
export interface CalloutStyle {
  title: string;
  /** Fill, or null when `backgroundEnabled` is false. */
  fill: string | null;
  border: { enabled: boolean; colour: string; width: number };
  padding: { top: number; right: number; bottom: number; left: number };
  stripe: { enabled: boolean; side: 'left' | 'right' | 'top'; width: number; colour: string };
  titleStyle: TextStyle;
  titleGap: number;
  titleLineHeight: number;
  marginTop: number;
  marginBottom: number;
  keepTogether: boolean;
  /** `floatBarrier` (document-format §12.7): floats cited before such a box are set before it. Absent = false. */
  floatBarrier?: boolean;
  /** `body.*`: the box's own text (settings-callouts.ts); absent when it is the body text's. */
  body?: CalloutBody;
  /** `body.tabStops` / `body.tabInterval`, else the body text's (settings-text.ts, page/tabs.ts); absent = none. */
  tabs?: TabSettings;
  /** `lists.*` the style sets (settings-callouts.ts); absent = the document's lists. */
  lists?: CalloutLists;
  /** `span`, `placement`, `columns`, `width` when not the defaults (settings-callouts.ts); absent = column, here, 1, fill. */
  flow?: CalloutFlow;
  /** The title's `textTransform`, `letterSpacing` and `indent` when set (settings-callouts.ts); absent = none, 0, 0. */
  titleLook?: CalloutTitleLook;
  /** `numbering` when set (settings-callouts.ts, page/callout-numbers.ts); absent = boxes not numbered. */
  numbering?: CalloutNumbering;
  /** `label`: the tab on the top edge when set (settings-callouts.ts); absent = no tab. */
  label?: CalloutLabel;
  /** `endMark` (settings-callouts.ts): set flush with the end edge on the box text's last line; absent = none. */
  endMark?: string;
  /** `borderRadius`, pt (page/box-shape.ts); absent = square corners. */
  radius?: number;
  /** `columnGap`: the gap of a `:::columns` group inside the box without its own `gap`, pt; absent = one body line (as in running text). */
  columnGap?: number;
  /** `splitMinLines`, `repeatTitle`, `continuedSuffix`, `continuesMarker*` (settings-callouts.ts); absent = any split, nothing repeated. */
  continuation?: CalloutContinuation;
  /** `snapToGrid: false`: the text after the box in flow goes on off the grid; absent = it re-snaps. */
  snapToGrid?: false;
  /** `icon` of kind glyph (settings-callouts.ts); absent = none. */
  icon?: CalloutIcon;
  /** `marker`: a glyph outside the box, with its rule (settings-callouts.ts); absent = none. */
  marker?: CalloutMarker;
}

export function defaultCalloutStyle(bodySize: number): CalloutStyle {
  const em = bodySize;
  return {
    title: '',
    fill: '#f4f4f4',
    border: { enabled: false, colour: '#cccccc', width: 0.5 },
    padding: { top: 0.75 * em, right: 0.75 * em, bottom: 0.75 * em, left: 0.75 * em },
    stripe: { enabled: false, side: 'left', width: 1.5 * em, colour: MAIN_COLOUR },
    titleStyle: { family: 'Open Sans', weight: 700, italic: false, size: bodySize, colour: MAIN_COLOUR },
    titleGap: 0.5 * em,
    titleLineHeight: 1.2 * bodySize,
    marginTop: 0.75 * em,
    marginBottom: 0.75 * em,
    keepTogether: true,
  };
}

/** 1 cm in pt. */
export const CM = 72 / 2.54;
/** The book's main colour (configuration.md: headings, bold and italic follow it). */
export const MAIN_COLOUR = '#295aa3';

export function defaultSettings(): LayoutSettings {
  const bodySize = 8; // pt, configuration.md §20.1
  const levelSizes = [18, 15, 12, 10, 9, 8]; // pt, configuration.md §8.2
  return {
    language: 'en',
    direction: 'ltr',
    numerals: 'latn',
    binding: 'left',
    // The rules of mainland China, where an English locale's region falls (settings-cjk-rules.ts).
    cjk: { latinSpacing: 0.25, keepAll: false, compressAdjacent: true, region: 'mainland', lineBreak: 'gb', punctuationWidth: 'kaiming', trimLineStart: true, hangingPunctuation: 'none', spaceAfterQuestion: false, paragraphStartBracket: 'indent', titleMinChars: 2 },
    kashida: { enabled: false, perWord: 1, maxLength: 0.6 },
    pageWidth: 17 * CM,
    pageHeight: 24 * CM,
    margins: { top: 2 * CM, bottom: 2 * CM, left: 1.5 * CM, right: 1.5 * CM, mirror: false },
    columns: 2, // layout.layoutType 'double'
    gutter: 0.75 * CM,
    body: {
      style: { family: 'EB Garamond', weight: 400, italic: false, size: bodySize, colour: '#000000' },
      boldWeight: 700,
      boldColour: MAIN_COLOUR,
      italicColour: MAIN_COLOUR,
      reference: { bold: true, italic: false, colour: MAIN_COLOUR },
      lineHeight: 1.5 * bodySize,
      firstLineIndent: 1.5 * bodySize,
      indentAfterHeading: true,
      align: 'justify',
      maxWordSpacing: 2,
      minWordSpacing: 0.6,
      widowMinLines: 2,
      orphanMinLines: 2,
      optimalLineBreaking: true,
      avoidRunts: true,
      runtMinCharacters: 20,
      runtPenalty: 1000,
    },
    hyphenation: { enabled: true, ragged: false, compounds: true, breakAfterHyphens: true, breakAfterDashes: true },
    blockquote: { colour: '#666666', italic: true, indent: 0 },
    lists: { bullet: '•', markerColour: MAIN_COLOUR, markerWeight: 700, gap: 0.5 * bodySize, marginTop: 1.5 * bodySize, marginBottom: 1.5 * bodySize },
    code: { family: 'Source Code Pro', size: 0.85 * bodySize, background: '#f4f4f4', padding: 0.6 * 0.85 * bodySize, marginTop: 0.75 * bodySize },
    notes: {
      placement: 'column',
      format: 'decimal',
      symbols: ['*', '†', '‡', '§', '‖', '¶'],
      markerTemplate: '{n}',
      size: 0.8 * bodySize,
      lineHeight: 1.25 * 0.8 * bodySize,
      colour: '#000000',
      align: 'justify',
      hangingIndent: 0,
      numberGap: 0.5 * 0.8 * bodySize,
      spaceBetween: 0,
      spaceAbove: 0.5 * bodySize,
      spaceBelowRule: 0.4 * 0.8 * bodySize,
      separator: { enabled: true, width: 0.3, lineWidth: 0.5, colour: '#000000' },
    },
    headings: {
      family: 'Open Sans',
      weight: 700,
      colour: MAIN_COLOUR,
      levels: levelSizes.map((size, i) => ({
        size,
        lineHeightEm: 1.2,
        marginTopEm: 1.5,
        marginBottomEm: 0.5,
        breakBefore: i === 0 ? ('always-odd' as const) : ('none' as const),
        numbering: { template: '', separator: ' ', position: 'before' as const },
      })),
    },
    headingStyles: {},
    callouts: { order: ['note'], styles: { note: defaultCalloutStyle(bodySize) } },
    toc: { levels: [1], leader: { enabled: true, char: '.', gap: 0.5 * bodySize } },
    pageNumbering: { format: 'decimal', startAt: 1 },
    crossRefs: { chapter: 'chapter {n}', section: 'section {n}', page: 'p. {n}', defaultStyle: 'default' },
    furniture: {
      style: { family: 'Open Sans', weight: 600, italic: false, size: 8, colour: MAIN_COLOUR },
      ruleWidth: 1,
      ruleColour: MAIN_COLOUR,
    },
    math: {
      enabled: true,
      fontSizeScale: 1,
      colour: null,
      marginTopEm: 0.8,
      marginBottomEm: 0.8,
      indentAfterDisplay: true,
      keepWithLeadIn: false,
      numbering: { enabled: true, template: '{n}', resetOn: 0, counterFormat: 'decimal', format: '({n})' },
    },
  };
}

/** A short stable key of everything that changes how text is set, for caches. */
export function settingsKey(settings: LayoutSettings): string {
  return JSON.stringify(settings);
}

/**
 * The settings a paragraph's lines depend on: what setParagraph and the code it calls read
 * (paragraph/index.ts: direction, body, hyphenation, language, cjk, kashida; paragraph/collect.ts:
 * body, language, notes' marks, inline code, chips; math/inline.ts: body, math, numerals), and the
 * language tags around them. The rest (page geometry, headings' and lists' look, running heads,
 * floats, contents…) reaches a paragraph only through its request (style, measure, indent), which
 * its memo key holds too. Tested field by field against a fresh cache (tests/unit/engine/paragraph-settings-key.test.ts).
 */
export function paragraphSettingsKey(settings: LayoutSettings): string {
  // Not memoised per object, as settingsKey is not: a caller may change a settings object in place between builds.
  const { language, locale, direction, numerals, cjk, vertical, kashida, body, hyphenation, code, notes, math, chips, inlineCode, cjkMarks, ruby, warichu, kunten } = settings;
  return JSON.stringify({ language, locale, direction, numerals, cjk, vertical, kashida, body, hyphenation, code, notes, math, chips, inlineCode, cjkMarks, ruby, warichu, kunten });
}
