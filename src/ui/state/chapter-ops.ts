/**
 * Chapter actions of the Chapters panel as transactions, plus the UI-side counts the panel
 * shows (the worker has no word-count query yet; the texts come from the book view).
 */
import type { BookClient } from '../../worker/protocol/client';
import type { BookOp, TransactionResult } from '../../worker/protocol/messages';

export function applyOps(client: BookClient, ops: BookOp[]): Promise<TransactionResult> {
  return client.apply({ origin: 'ui', baseRevision: client.revision, ops });
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Words of a chapter's source, markup left out: each Han/kana/hangul character counts 1, each
 * run of other letters or digits counts 1 (tools.md §7.4).
 */
export function countWords(source: string): number {
  const text = source
    .replace(/^---\n[\s\S]*?\n(---|\.\.\.)\s*(\n|$)/, '') // front matter
    .replace(/^(```|~~~)[\s\S]*?^\1.*$/gm, ' ') // code fences
    .replace(/\{[^}\n]*\}/g, ' ') // attribute blocks
    .replace(/:{1,3}[A-Za-z][\w-]*/g, ' '); // directive names
  let count = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu)) {
    const word = match[0];
    if (!CJK.test(word)) {
      count++;
      continue;
    }
    // Mixed runs: every CJK character is a word, the Latin pieces between them one each.
    for (const piece of word.split(CJK)) if (/[\p{L}\p{N}]/u.test(piece)) count++;
    for (const ch of word) if (CJK.test(ch)) count++;
  }
  return count;
}

/** Offsets of the level-1 headings of a chapter source (outside code fences). */
export function level1Headings(source: string): { offset: number; title: string }[] {
  const out: { offset: number; title: string }[] = [];
  let fence: string | null = null;
  let offset = 0;
  for (const line of source.split('\n')) {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (open && open[1]!.startsWith(fence)) fence = null;
    } else if (open) {
      fence = open[1]!;
    } else {
      const heading = /^#\s+(.*?)\s*(\{[^}]*\})?\s*#*\s*$/.exec(line);
      if (heading) out.push({ offset, title: heading[1]! });
    }
    offset += line.length + 1;
  }
  return out;
}

/** Ops that split a chapter at its level-1 headings (the part before the second stays). */
export function splitOps(chapterId: string, index: number, source: string): BookOp[] | null {
  const headings = level1Headings(source);
  // Sections start at each heading; text before the first heading stays with the first one.
  // (A chapter opening with a directive, e.g. `:::numbering`, keeps it with its first heading.)
  const starts = headings.slice(1).map((h) => h.offset).filter((o) => o > 0 && source.slice(0, o).trim().length > 0);
  if (starts.length === 0) return null;
  const ops: BookOp[] = [{ type: 'text', chapterId, from: starts[0]!, to: source.length, insert: '' }];
  starts.forEach((start, k) => {
    const end = starts[k + 1] ?? source.length;
    const title = headings.find((h) => h.offset === start)!.title;
    ops.push({ type: 'chapter.add', title, text: source.slice(start, end), index: index + 1 + k });
  });
  return ops;
}

/** Ops that append a chapter to the previous one and remove it. */
export function mergeOps(previous: { id: string; text: string }, chapter: { id: string; text: string }): BookOp[] {
  const separator = previous.text.length === 0 || previous.text.endsWith('\n\n') ? '' : previous.text.endsWith('\n') ? '\n' : '\n\n';
  const end = previous.text.length;
  return [
    { type: 'text', chapterId: previous.id, from: end, to: end, insert: separator + chapter.text },
    { type: 'chapter.remove', chapterId: chapter.id },
  ];
}
