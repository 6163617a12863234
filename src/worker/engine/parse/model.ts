/**
 * The document model the parser produces and layout consumes.
 * Offsets are UTF-16 code-unit offsets into the chapter's source text; lines and columns are 1-based.
 */
export interface SourceRange {
  /** First source offset (inclusive), UTF-16 units. */
  from: number;
  /** Last source offset (exclusive), UTF-16 units. */
  to: number;
  line: number;
  column: number;
}

export type Mark = 'strong' | 'emphasis' | 'code' | 'strike' | 'sup' | 'sub' | 'smallcaps';

export interface TextInline {
  kind: 'text';
  text: string;
  marks: Mark[];
  range: SourceRange;
  /**
   * Source offset of every UTF-16 unit of `text`, present only when the mapping is not
   * one-to-one (escapes, joined lines). When absent, text[i] sits at range.from + i.
   */
  offsets?: number[];
}

export type Inline = TextInline;

export interface HeadingBlock {
  kind: 'heading';
  id: string;
  level: 1 | 2 | 3 | 4 | 5 | 6;
  inlines: Inline[];
  attrs: Record<string, string>;
  range: SourceRange;
}

export interface ParagraphBlock {
  kind: 'paragraph';
  id: string;
  inlines: Inline[];
  range: SourceRange;
}

export type Block = HeadingBlock | ParagraphBlock;

export interface Diagnostic {
  kind: string;
  message: string;
  chapterId: string;
  line: number;
  column: number;
  from: number;
  to: number;
}

export interface ParsedChapter {
  chapterId: string;
  frontmatter?: Record<string, unknown>;
  blocks: Block[];
  diagnostics: Diagnostic[];
}
