/**
 * One chapter: lex (line table) → frontmatter → blocks (+ inlines per block) → collect.
 */
import { BlockParser } from './blocks';
import { InlineMemo } from './inline-memo';
import { collectChapter } from './collect';
import { readFrontmatter, scanFrontmatter } from './frontmatter';
import { Diagnostics, SourceText } from './lex';
import type { Frontmatter, ParsedChapter } from './model';
import { textChange } from '../text-change';

export interface ParseOptions {
  chapterId: string;
  /** Only the first chapter's front matter is the book's. */
  isFirstChapter: boolean;
  /**
   * The chapter's previous source and parse: blocks whose joined text is unchanged take its inlines
   * (parse/inline-memo.ts) instead of being parsed again. The result equals a parse without it.
   */
  previous?: { source: string; parsed: ParsedChapter } | undefined;
  /**
   * `bodyText.hardLineBreaks` (configuration.md §6.1, document-format §5.3); absent = true. A
   * `previous` parse made under the other value is safe: the inline memo's keys hold it.
   */
  hardLineBreaks?: boolean | undefined;
  /** `codeStyle.blocks` (configuration.md §13.3, document-format §5.7); absent = true. false: fences are read as Markdown. */
  codeBlocks?: boolean | undefined;
  /** `codeStyle.indentedCode` (§13.3); absent = false. true: lines four columns in after a blank line are a listing. */
  indentedCode?: boolean | undefined;
}

/** Each parse's inline memo, for the chapter's next parse (kept as long as the parse is). */
const inlineMemos = new WeakMap<ParsedChapter, InlineMemo>();

/** Parses one chapter. Total: any string gives a chapter and a list of diagnostics. */
export function parseChapter(source: string, options: ParseOptions): ParsedChapter {
  const text = new SourceText(source);
  const diags = new Diagnostics(text, options.chapterId);
  try {
    return parseWith(text, diags, options);
  } catch (e) {
    // Defensive: a parser bug must never take the document down (craft habit 9). The chapter is kept as
    // one literal paragraph so nothing is lost.
    const message = e instanceof Error ? e.message : String(e);
    diags.add('parserError', `Internal parser error (${message}); chapter kept as plain text.`, 0, source.length, 'error');
    const range = text.range(0, source.length);
    const blocks: ParsedChapter['blocks'] = source.length
      ? [{ kind: 'paragraph', id: `${options.chapterId}:b0`, inlines: [{ kind: 'text', text: source, marks: [], range }], range }]
      : [];
    return { chapterId: options.chapterId, blocks, diagnostics: diags.list, collected: collectChapter(blocks) };
  }
}

function parseWith(text: SourceText, diags: Diagnostics, options: ParseOptions): ParsedChapter {
  const previous = options.previous ? inlineMemos.get(options.previous.parsed) : undefined;
  // The common prefix of the two sources (the layout asks for the same change after: text-change.ts keeps it).
  const inlineMemo = new InlineMemo(previous, previous ? textChange(options.previous!.source, text.source).first : 0);
  const fmScan = scanFrontmatter(text);
  let frontmatter: Frontmatter | undefined;
  if (fmScan) {
    if (options.isFirstChapter) frontmatter = readFrontmatter(fmScan, diags);
    else diags.add('chapterFrontmatterIgnored', 'Only the first chapter’s front matter counts; this one is ignored.', fmScan.range.from, fmScan.range.to);
  }
  const blocks = new BlockParser({ chapterId: options.chapterId, src: text, diags, inlineMemo, hardLineBreaks: options.hardLineBreaks, codeBlocks: options.codeBlocks, indentedCode: options.indentedCode }, fmScan ? fmScan.bodyLine : 0).parse();
  inlineMemo.finish();
  const chapter: ParsedChapter = { chapterId: options.chapterId, blocks, diagnostics: diags.list, collected: collectChapter(blocks) };
  if (frontmatter) chapter.frontmatter = frontmatter;
  if (fmScan) chapter.frontmatterRange = fmScan.range;
  inlineMemos.set(chapter, inlineMemo);
  return chapter;
}
