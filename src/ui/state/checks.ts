/**
 * A first set of Checks computed on the UI side from the chapter sources (the worker does not
 * report parser diagnostics to the UI yet): heading skips, unclosed code fences, unclosed
 * `:::` blocks and unclosed display maths. Each entry names its chapter, line and offset.
 */
export interface CheckEntry {
  group: 'text';
  title: string;
  detail: string;
  chapterId: string;
  chapterNumber: number;
  line: number;
  offset: number;
}

/** Directives with a body closed by a bare `:::`. */
const BODIED = new Set(['callout', 'paragraphs', 'part', 'columns', 'paper', 'verse', 'references', 'page', 'strip']);

export function checkChapter(chapterId: string, chapterNumber: number, source: string): CheckEntry[] {
  const out: CheckEntry[] = [];
  const add = (title: string, detail: string, line: number, offset: number) => out.push({ group: 'text', title, detail, chapterId, chapterNumber, line, offset });
  let offset = 0;
  let fence: { mark: string; line: number; offset: number } | null = null;
  let math: { line: number; offset: number } | null = null;
  const blocks: { line: number; offset: number; colons: number }[] = [];
  let lastLevel = 0;
  const lines = source.split('\n');
  let start = 0;
  // Front matter is not Markdown.
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(l));
    if (end > 0) {
      for (let i = 0; i <= end; i++) offset += lines[i]!.length + 1;
      start = end + 1;
    }
  }
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!;
    const n = i + 1;
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (open && open[1]!.startsWith(fence.mark)) fence = null;
    } else if (open) {
      fence = { mark: open[1]!, line: n, offset };
    } else if (math) {
      if (/\$\$\s*$/.test(line)) math = null;
    } else if (/^\s*\$\$\s*$/.test(line)) {
      math = { line: n, offset };
    } else {
      const heading = /^(#{1,6})\s/.exec(line);
      if (heading) {
        const level = heading[1]!.length;
        if (lastLevel > 0 && level > lastLevel + 1) add(`Heading level skipped (H${lastLevel} → H${level})`, line.slice(0, 60), n, offset);
        lastLevel = level;
      }
      // Only containers and raw-body blocks take a closing `:::` (document-format.md §6);
      // single-line directives such as `:::space` do not.
      const directive = /^\s*(:{3})\s*([a-z][a-z0-9-]*)?\s*(\{[^}]*\})?\s*$/.exec(line);
      if (directive) {
        const colons = directive[1]!.length;
        if (directive[2] && BODIED.has(directive[2])) blocks.push({ line: n, offset, colons });
        else if (!directive[2] && blocks.length > 0) blocks.pop();
      }
    }
    offset += line.length + 1;
  }
  if (fence) add('Unclosed code fence', `${fence.mark} opened here is never closed`, fence.line, fence.offset);
  if (math) add('Unclosed display maths', '$$ opened here is never closed', math.line, math.offset);
  for (const block of blocks) add('Unclosed container', `${':'.repeat(block.colons)} block opened here is never closed`, block.line, block.offset);
  return out;
}
