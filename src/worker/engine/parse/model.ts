/**
 * The document model the parser produces and layout consumes (document-format.md §1: a FLAT block list;
 * containers are `containerStart`/`containerEnd` marker pairs, never a tree).
 *
 * Offsets are UTF-16 code-unit offsets into the chapter's source text (front matter included);
 * lines and columns are 1-based, columns counted in UTF-16 units.
 */
export interface SourceRange {
  /** First source offset (inclusive), UTF-16 units. */
  from: number;
  /** Last source offset (exclusive), UTF-16 units. */
  to: number;
  /** 1-based line of `from`. */
  line: number;
  /** 1-based column of `from` (UTF-16 units). */
  column: number;
}

/** Attribute values are always strings; a bare flag is the empty string (§3). */
export type Attributes = Record<string, string>;

// ---------------------------------------------------------------------------------------------
// Inlines
// ---------------------------------------------------------------------------------------------

/**
 * Character-level formatting. `code` = inline code span (literal text). `strike` is kept for
 * compatibility with the interim model but is never produced: `~~x~~` is not strikethrough (§10.3).
 */
export type Mark = 'strong' | 'emphasis' | 'code' | 'strike' | 'sup' | 'sub' | 'smallcaps';

interface InlineBase {
  range: SourceRange;
}

export interface TextInline extends InlineBase {
  kind: 'text';
  text: string;
  marks: Mark[];
  /**
   * Source offset of every UTF-16 unit of `text`, present only when the mapping is not
   * one-to-one (escapes, joined lines, replaced characters). When absent, text[i] sits at range.from + i.
   * A joined line break maps to the source line break (text ' ', source '\n').
   */
  offsets?: number[];
}

/** Forced line break: trailing `\` or `\\` + space (§5.3); in headings a title break. */
export interface HardBreakInline extends InlineBase {
  kind: 'hardBreak';
}

/** `[text](url)` (§10.7). `href` is undefined when the scheme is not kept (text only). */
export interface LinkInline extends InlineBase {
  kind: 'link';
  href?: string;
  title?: string;
  children: Inline[];
}

/** Footnote marker `[^id]` (§14.1). */
export interface FootnoteRefInline extends InlineBase {
  kind: 'footnoteRef';
  noteId: string;
  marks: Mark[];
}

/**
 * A cross-reference (§12.2, §13). `form`: `directive` = `:ref{…}`, `latex` = `\ref{x}`,
 * `latexEq` = `\eqref{x}`, `pandoc` = `@sec:x` / `[@fig:x]` / `[-@tbl:x]`.
 */
export interface RefInline extends InlineBase {
  kind: 'ref';
  form: 'directive' | 'latex' | 'latexEq' | 'pandoc';
  /** Target id (anchor, heading id, equation label or resource id). */
  target: string;
  attrs: Attributes;
  marks: Mark[];
}

/**
 * Named target (§13): `:anchor{#id}` (point, no children) or `[words]{#id}` (children = the kept words).
 */
export interface AnchorInline extends InlineBase {
  kind: 'anchor';
  anchorId: string;
  children?: Inline[];
}

/** Index mark (§16): `:index[text]{…}` (children printed) or `:index{…}` (invisible). */
export interface IndexMarkInline extends InlineBase {
  kind: 'indexMark';
  /** `term` attribute, else the plain text of the children; empty when invalid (`indexMarkInvalid`). */
  term: string;
  attrs: Attributes;
  children?: Inline[];
}

/** Inline formula `$…$` (§11); `tex` is the raw source between the dollars. */
export interface MathInline extends InlineBase {
  kind: 'math';
  tex: string;
  marks: Mark[];
}

/** Chip `:chip[text]{style}` (§10.5) [Adv]. Empty `children` = answer blank. */
export interface ChipInline extends InlineBase {
  kind: 'chip';
  attrs: Attributes;
  children: Inline[];
}

/** Colour swatch `:swatch{color}` (§10.6) [Adv]. */
export interface SwatchInline extends InlineBase {
  kind: 'swatch';
  attrs: Attributes;
}

/** Tab `:tab` / `:tab{…}` (§10.8) [Adv]. */
export interface TabInline extends InlineBase {
  kind: 'tab';
  attrs: Attributes;
}

export interface CitationItem {
  key: string;
  prefix: string;
  suffix: string;
  suppressAuthor: boolean;
}

/** Pandoc citation (§15) [Adv]: `[@a; @b, p. 3]` (parenthetical) or `@key` (narrative). */
export interface CitationInline extends InlineBase {
  kind: 'citation';
  mode: 'parenthetical' | 'narrative';
  items: CitationItem[];
  /** The source text as written (printed when citations are unavailable). */
  raw: string;
  marks: Mark[];
}

/**
 * Other bracketed inline directives kept as typed nodes (§10.1, §18): `ltr`, `rtl`, `tcy`, `upright`,
 * `sideways`, `dots`, `name`, `book`, `ruby` (also compact `{紅|hóng}`, then `compact: true`),
 * `sideline`, `warichu`, `kunten`. [Adv]/[Rare]: layout may print the children plainly.
 */
export interface DirectiveInline extends InlineBase {
  kind: 'directive';
  name: string;
  attrs: Attributes;
  children: Inline[];
  compact?: boolean;
}

export type Inline =
  | TextInline
  | HardBreakInline
  | LinkInline
  | FootnoteRefInline
  | RefInline
  | AnchorInline
  | IndexMarkInline
  | MathInline
  | ChipInline
  | SwatchInline
  | TabInline
  | CitationInline
  | DirectiveInline;

// ---------------------------------------------------------------------------------------------
// Blocks
// ---------------------------------------------------------------------------------------------

interface BlockBase {
  /** Deterministic, unique within the chapter: `${chapterId}:b${n}` in source order. */
  id: string;
  range: SourceRange;
}

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** ATX heading (§5.1). `attrs` = trailing attribute block (`#id` stored as `attrs.id`). */
export interface HeadingBlock extends BlockBase {
  kind: 'heading';
  level: HeadingLevel;
  inlines: Inline[];
  attrs: Attributes;
  /** Plain text of the title (marks stripped, hard breaks as spaces) for outlines and running heads. */
  plainText: string;
}

export interface ParagraphBlock extends BlockBase {
  kind: 'paragraph';
  inlines: Inline[];
  /**
   * True when this text was glued under the closing `$$` of a display: it continues the
   * paragraph above the formula and gets no first-line indent (§11).
   */
  continuesParagraph?: boolean;
}

/** One `>` block (§5.4): consecutive `>` lines joined; no nesting. */
export interface BlockquoteBlock extends BlockBase {
  kind: 'blockquote';
  inlines: Inline[];
}

/**
 * One list item = one source line (§5.5). Lists are runs of consecutive `listItem` blocks sharing `listId`.
 * `depth` 1–5. `number` is the printed ordinal for ordered items (§22.1: the first typed number starts the
 * sequence at that depth, later items count up); `typedNumber` is what the source says.
 */
export interface ListItemBlock extends BlockBase {
  kind: 'listItem';
  listKind: 'unordered' | 'ordered' | 'task';
  listId: string;
  depth: number;
  /** Source marker: `-`, `*`, `+`, or the ordered separator `.` / `)`. */
  marker: string;
  typedNumber?: number;
  number?: number;
  /** Task items only. */
  checked?: boolean;
  /** Blank source lines between the previous item of the same list and this one (0 or 1). */
  blankBefore: number;
  inlines: Inline[];
}

/**
 * Fenced code block (§5.7), or an indented one (`codeStyle.indentedCode`, configuration.md §13.3);
 * `text` is verbatim (lines joined with '\n', no trailing newline).
 */
export interface CodeBlock extends BlockBase {
  kind: 'code';
  /** The opening fence as written (```` ``` ````, `~~~~`…); `''` for an indented block. */
  fence: string;
  lang: string;
  /** The info string after the fence, as written. */
  info: string;
  attrs: Attributes;
  /** Leftover info words (`python normalize.py` → `normalize.py`), else `attrs.title`. */
  title?: string;
  text: string;
  /**
   * Offset of the first content line. `text` joins the verbatim content lines with '\n' (a CRLF source
   * therefore differs in the separators); map positions line by line from `contentFrom`, or with
   * `lineStarts` when present (`codeLineStarts` does either).
   */
  contentFrom: number;
  /**
   * Source offset of each content line's first character, when the lines do not follow one another
   * at `contentFrom` + the lengths + 1: an indented block, whose four columns of indent are not in `text`.
   */
  lineStarts?: number[];
  closed: boolean;
}

/** Display formula (§11): one `$$…$$` line or a `$$` fence. */
export interface MathDisplayBlock extends BlockBase {
  kind: 'mathDisplay';
  form: 'line' | 'fence';
  tex: string;
  /** `\label{…}` names at top level (or of align-like rows), in order. */
  labels: string[];
  /** True when glued under a paragraph line (interrupting it, §11). */
  inParagraph: boolean;
  closed: boolean;
}

/** `::resource{id="…"}` (§12.3). */
export interface ResourceBlock extends BlockBase {
  kind: 'resourceBlock';
  resourceId: string;
}

export type DirectiveName = 'pagebreak' | 'numbering' | 'columnbreak' | 'space' | 'toc' | 'index' | 'bibliography';

/** Single-line directive (§7). `ignored` = inside a `:::callout` (only `:::space` works there, §6). */
export interface DirectiveBlock extends BlockBase {
  kind: 'directive';
  name: DirectiveName;
  attrs: Attributes;
  ignored?: boolean;
}

export type ContainerName = 'callout' | 'paragraphs' | 'part' | 'columns' | 'paper';

/** Opening fence of a Markdown-body container (§8); blocks up to the matching `containerEnd` are its body. */
export interface ContainerStartBlock extends BlockBase {
  kind: 'containerStart';
  name: ContainerName;
  attrs: Attributes;
  /** Id of the matching `containerEnd` block. */
  endId: string;
  /** Nesting depth of this container (1 = outermost). */
  depth: number;
}

/** Closing `:::` (or the implicit close at end of chapter, then `implicit` and an empty range). */
export interface ContainerEndBlock extends BlockBase {
  kind: 'containerEnd';
  name: ContainerName;
  startId: string;
  implicit: boolean;
}

export interface VerseLine {
  /** Leading indentation in spaces (tab = 4, U+3000 = 2), §9.1. */
  indent: number;
  /** `+ text` stepped line. */
  stepped: boolean;
  inlines: Inline[];
  range: SourceRange;
}

/** `:::verse` (§9.1): stanzas of lines; a run of blank lines = one stanza break. */
export interface VerseBlock extends BlockBase {
  kind: 'verse';
  attrs: Attributes;
  stanzas: VerseLine[][];
  closed: boolean;
}

/** Raw-body blocks the parser keeps verbatim: `references` [Adv], `page` / `strip` (comics) [Rare]. */
export interface RawBlock extends BlockBase {
  kind: 'rawBlock';
  name: 'references' | 'page' | 'strip';
  attrs: Attributes;
  /** Body lines verbatim, joined with '\n'. */
  body: string;
  bodyFrom: number;
  closed: boolean;
}

/** `[^id]: text` (§14.1): leaves the flow; layout places it at the foot of the citing column. */
export interface FootnoteDefinitionBlock extends BlockBase {
  kind: 'footnoteDefinition';
  noteId: string;
  inlines: Inline[];
}

export type Block =
  | HeadingBlock
  | ParagraphBlock
  | BlockquoteBlock
  | ListItemBlock
  | CodeBlock
  | MathDisplayBlock
  | ResourceBlock
  | DirectiveBlock
  | ContainerStartBlock
  | ContainerEndBlock
  | VerseBlock
  | RawBlock
  | FootnoteDefinitionBlock;

// ---------------------------------------------------------------------------------------------
// Diagnostics, front matter, chapter and book results
// ---------------------------------------------------------------------------------------------

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Kind exactly as document-format.md §21 names it (or `unsupportedConstruct`, `inlineImageRemoved`: ours). */
  kind: string;
  message: string;
  chapterId: string;
  line: number;
  column: number;
  from: number;
  to: number;
  severity: Severity;
  /** For `fullwidthMarkup`: the ASCII form the author probably meant. */
  ascii?: string;
}

export interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

/** Front matter (§4). The four printed fields are already in their text form (dates stay structured). */
export interface Frontmatter {
  title?: string;
  subtitle?: string;
  author?: string;
  /**
   * Text form of `publishDate`. For a YAML date/datetime this is the ISO day `YYYY-MM-DD` (UTC) and
   * `publishDay` is set: layout localises it in the document language (no locale formatting in the parser).
   */
  publishDate?: string;
  publishDay?: CalendarDay;
  /** CSL-YAML list as parsed (§15). */
  references?: unknown;
  nocite?: string;
  /** Every key of the YAML map (for the host), as parsed. */
  metadata: Record<string, unknown>;
  /** The YAML text between the fences. */
  raw: string;
  range: SourceRange;
}

/** What one chapter contributes to book-wide tables (computed while parsing; §13, §14, §16). */
export interface ChapterCollect {
  anchors: CollectedAnchor[];
  footnoteRefs: { noteId: string; blockId: string; range: SourceRange }[];
  footnoteDefs: { noteId: string; blockId: string; range: SourceRange }[];
  refs: { target: string; form: RefInline['form']; blockId: string; range: SourceRange }[];
  resourceEmbeds: { resourceId: string; blockId: string; range: SourceRange }[];
  indexMarks: { term: string; attrs: Attributes; blockId: string; range: SourceRange }[];
  citationKeys: { key: string; blockId: string; range: SourceRange }[];
  headings: { blockId: string; level: HeadingLevel; plainText: string; attrs: Attributes }[];
}

export interface CollectedAnchor {
  anchorId: string;
  kind: 'heading' | 'container' | 'equation' | 'anchor';
  blockId: string;
  range: SourceRange;
}

export interface ParsedChapter {
  chapterId: string;
  /** Only for the first chapter (later chapters' front matter is blanked, §1). */
  frontmatter?: Frontmatter;
  /** Range of a front-matter block found in the source (also when ignored or invalid). */
  frontmatterRange?: SourceRange;
  blocks: Block[];
  diagnostics: Diagnostic[];
  collected: ChapterCollect;
}

export interface BookAnchor extends CollectedAnchor {
  chapterId: string;
}

/** Book-wide tables combined from the chapters' `collected` data (cheap; no tree walk). */
export interface BookIndex {
  /** First definition wins (§13). */
  anchors: Record<string, BookAnchor>;
  /** Footnote definitions per chapter, then id. */
  footnotes: Record<string, Record<string, { blockId: string; range: SourceRange }>>;
  /** Resource ids in order of first mention (`:ref` or `::resource`), for numbering (§12.4). */
  resourceMentions: { resourceId: string; chapterId: string; blockId: string; usage: 'ref' | 'embed' }[];
  indexMarks: (ChapterCollect['indexMarks'][number] & { chapterId: string })[];
  citationKeys: string[];
  outline: (ChapterCollect['headings'][number] & { chapterId: string })[];
}

export interface ParsedBook {
  chapters: ParsedChapter[];
  frontmatter?: Frontmatter;
  index: BookIndex;
  /** Book-level diagnostics (duplicates, unknown targets…); chapter diagnostics stay on the chapters. */
  diagnostics: Diagnostic[];
}
