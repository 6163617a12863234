/**
 * Indented code blocks (document-format.md §5.7, configuration.md §13.3 `codeStyle.indentedCode`,
 * default false): after a blank line, lines indented four columns or more (a tab reaches the next
 * multiple of 4, as list indents do, §5.5) are a listing. Blank lines inside it are kept when
 * more indented lines follow; trailing ones end it. Each line loses its first four columns; the
 * rest is verbatim. Such a listing has no fence, so no language, title or attributes.
 *
 * Also the line-start table every consumer of a listing's source positions uses (`codeLineStarts`).
 */
import { trimBounds, type Line } from './lex';
import type { CodeBlock } from './model';

/** Columns of indent that make an indented code line (CommonMark's four, which §5.7 takes). */
export const CODE_INDENT_COLUMNS = 4;

function isBlank(text: string): boolean {
  const [a, b] = trimBounds(text);
  return a === b;
}

/**
 * Characters of `text` that make its first `columns` columns of indent (spaces and tabs, a tab
 * reaching the next multiple of 4), or -1 when the line is indented less.
 */
export function indentPrefixLength(text: string, columns = CODE_INDENT_COLUMNS): number {
  let col = 0;
  let i = 0;
  while (col < columns && i < text.length) {
    const ch = text[i];
    if (ch === ' ') col++;
    else if (ch === '\t') col = col - (col % 4) + 4;
    else return -1;
    i++;
  }
  return col >= columns ? i : -1;
}

/** The lines of an indented listing starting at `lines[start]`: its last line's index and each line's kept text and start. */
export function readIndentedCode(lines: readonly Line[], start: number): { last: number; texts: string[]; starts: number[] } {
  let last = start;
  for (let j = start; j < lines.length; j++) {
    const text = lines[j]!.text;
    if (isBlank(text)) continue;
    if (indentPrefixLength(text) < 0) break;
    last = j;
  }
  const texts: string[] = [];
  const starts: number[] = [];
  for (let j = start; j <= last; j++) {
    const line = lines[j]!;
    // A blank line inside keeps what lies past its four columns (CommonMark); a shorter one is empty.
    const cut = indentPrefixLength(line.text);
    const keep = cut < 0 ? line.text.length : cut;
    texts.push(line.text.slice(keep));
    starts.push(line.from + keep);
  }
  return { last, texts, starts };
}

/** Source offset of each line of `block.text` (split at '\n'): `lineStarts`, else from `contentFrom` line by line. */
export function codeLineStarts(block: Pick<CodeBlock, 'text' | 'contentFrom' | 'lineStarts'>): number[] {
  if (block.lineStarts) return block.lineStarts;
  const starts: number[] = [];
  let at = block.contentFrom;
  for (const line of block.text.split('\n')) {
    starts.push(at);
    at += line.length + 1;
  }
  return starts;
}
