/**
 * One chapter: lex (line table) → frontmatter → blocks (+ inlines per block) → collect.
 */
import { BlockParser, type SafePoint } from './blocks';
import { InlineMemo } from './inline-memo';
import { collectChapter } from './collect';
import { readFrontmatter, scanFrontmatter } from './frontmatter';
import { Diagnostics, SourceText } from './lex';
import type { Block, Frontmatter, ParsedChapter } from './model';
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

/**
 * Where each parse's block parser stood at its safe points (parse/blocks.ts `SafePoint`), for the
 * chapter's next parse: it takes the blocks before the last safe point the edit left alone whole,
 * with their diagnostics and inline memo keys, and parses on from there. The blocks before an edit
 * were being parsed again on every keystroke (half the chapter on average; ~10 % of an edit).
 */
interface ParseRecord {
  /** The options and front matter it was made under: a prefix is only taken under the same. */
  signature: string;
  /** Per safe point, flat: line, source offset, blank lines before, blocks, diagnostics and inline memo keys before it. */
  points: number[];
}
const POINT_FIELDS = 6;
const parseRecords = new WeakMap<ParsedChapter, ParseRecord>();

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
  const unchangedBefore = previous ? textChange(options.previous!.source, text.source).first : 0;
  const inlineMemo = new InlineMemo(previous, unchangedBefore);
  const fmScan = scanFrontmatter(text);
  let frontmatter: Frontmatter | undefined;
  if (fmScan) {
    if (options.isFirstChapter) frontmatter = readFrontmatter(fmScan, diags);
    else diags.add('chapterFrontmatterIgnored', 'Only the first chapter’s front matter counts; this one is ignored.', fmScan.range.from, fmScan.range.to);
  }
  const bodyLine = fmScan ? fmScan.bodyLine : 0;
  const signature = `${options.chapterId}|${options.isFirstChapter}|${options.hardLineBreaks}|${options.codeBlocks}|${options.indentedCode}|${bodyLine}|${diags.list.length}`;
  const prefix = previous ? unchangedPrefix(options.previous!.parsed, signature, unchangedBefore) : undefined;
  if (prefix) {
    // The blocks' diagnostics and inline memo keys up to the point, as their parse made them.
    for (let d = diags.list.length; d < prefix.diagnostics; d++) diags.list.push(options.previous!.parsed.diagnostics[d]!);
    inlineMemo.inherit(prefix.memoKeys);
  }
  const points: number[] = [];
  const onSafePoint = (point: SafePoint): void => {
    points.push(point.line, point.offset, point.blanks, point.blocks, diags.list.length, inlineMemo.keys.length);
  };
  const env = { chapterId: options.chapterId, src: text, diags, inlineMemo, hardLineBreaks: options.hardLineBreaks, codeBlocks: options.codeBlocks, indentedCode: options.indentedCode };
  const blocks = new BlockParser(env, bodyLine, prefix && { blocks: prefix.blocks, point: prefix.point }, onSafePoint).parse();
  inlineMemo.finish();
  const chapter: ParsedChapter = { chapterId: options.chapterId, blocks, diagnostics: diags.list, collected: collectChapter(blocks) };
  if (frontmatter) chapter.frontmatter = frontmatter;
  if (fmScan) chapter.frontmatterRange = fmScan.range;
  inlineMemos.set(chapter, inlineMemo);
  // The points before the one gone on from were passed in the previous parse, not this one.
  parseRecords.set(chapter, { signature, points: prefix ? [...prefix.pointsBefore, ...points] : points });
  return chapter;
}

/**
 * The blocks of `previous` before its last safe point that lies wholly before the first changed
 * unit (`unchangedBefore`), with where the parse stood there; undefined when there is none or the
 * parse was made under other options or front matter.
 */
function unchangedPrefix(previous: ParsedChapter, signature: string, unchangedBefore: number): { blocks: Block[]; point: SafePoint; diagnostics: number; memoKeys: number; pointsBefore: number[] } | undefined {
  const record = parseRecords.get(previous);
  if (!record || record.signature !== signature) return undefined;
  const points = record.points;
  // (Points are in source order: the last one at or before the change.)
  let at = -1;
  for (let p = points.length - POINT_FIELDS; p >= 0; p -= POINT_FIELDS) {
    if (points[p + 1]! <= unchangedBefore) {
      at = p;
      break;
    }
  }
  if (at < 0) return undefined;
  const point: SafePoint = { line: points[at]!, offset: points[at + 1]!, blanks: points[at + 2]!, blocks: points[at + 3]! };
  if (point.blocks === 0) return undefined;
  return { blocks: previous.blocks.slice(0, point.blocks), point, diagnostics: points[at + 4]!, memoKeys: points[at + 5]!, pointsBefore: points.slice(0, at) };
}
