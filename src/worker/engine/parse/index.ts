import type { Block, ParsedChapter, SourceRange, TextInline } from './model';

export type * from './model';

export interface ParseOptions {
  chapterId: string;
  /** Only the first chapter's front matter is the book's. */
  isFirstChapter: boolean;
}

/**
 * Parses one chapter. Interim parser for the Foundation slice (ATX headings and paragraphs);
 * the Enriched Markdown issue replaces it with the full dialect behind the same signature.
 */
export function parseChapter(source: string, options: ParseOptions): ParsedChapter {
  const blocks: Block[] = [];
  const lineStarts: number[] = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) lineStarts.push(i + 1);
  let paragraph: { from: number; line: number; texts: { from: number; text: string }[] } | null = null;
  const flush = (): void => {
    if (!paragraph) return;
    const inline = joinLines(paragraph.texts);
    const last = paragraph.texts[paragraph.texts.length - 1]!;
    blocks.push({
      kind: 'paragraph',
      id: `${options.chapterId}:b${blocks.length}`,
      inlines: [inline],
      range: { from: paragraph.from, to: last.from + last.text.length, line: paragraph.line, column: 1 },
    });
    paragraph = null;
  };
  for (let lineIndex = 0; lineIndex < lineStarts.length; lineIndex++) {
    const from = lineStarts[lineIndex]!;
    const end = lineIndex + 1 < lineStarts.length ? lineStarts[lineIndex + 1]! - 1 : source.length;
    const text = source.slice(from, end).replace(/\r$/, '');
    const heading = /^(#{1,6})[ \t]+(.*?)[ \t]*$/.exec(text);
    if (text.trim() === '') {
      flush();
    } else if (heading) {
      flush();
      const level = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      const contentFrom = from + heading[0].indexOf(heading[2]!, level);
      const range: SourceRange = { from, to: from + text.length, line: lineIndex + 1, column: 1 };
      const inline: TextInline = {
        kind: 'text',
        text: heading[2]!,
        marks: [],
        range: { from: contentFrom, to: contentFrom + heading[2]!.length, line: lineIndex + 1, column: contentFrom - from + 1 },
      };
      blocks.push({ kind: 'heading', id: `${options.chapterId}:b${blocks.length}`, level, inlines: [inline], attrs: {}, range });
    } else {
      if (!paragraph) paragraph = { from, line: lineIndex + 1, texts: [] };
      paragraph.texts.push({ from, text });
    }
  }
  flush();
  return { chapterId: options.chapterId, blocks, diagnostics: [] };
}

/** Joins paragraph lines with one space, keeping a per-unit source map. */
function joinLines(lines: { from: number; text: string }[]): TextInline {
  let text = '';
  const offsets: number[] = [];
  lines.forEach((line, index) => {
    const trimmed = index === 0 ? line.text : line.text.replace(/^[ \t]+/, '');
    const lead = line.text.length - trimmed.length;
    if (index > 0) {
      text += ' ';
      offsets.push(line.from - 1);
    }
    text += trimmed;
    for (let i = 0; i < trimmed.length; i++) offsets.push(line.from + lead + i);
  });
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  return { kind: 'text', text, marks: [], range: { from: first.from, to: last.from + last.text.length, line: 1, column: 1 }, offsets };
}
