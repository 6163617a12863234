/**
 * The Text panel's Reset and `.md` files (tools.md §7.5, §7.3 "Reset semantics"): Reset brings
 * back a sample's text and resource set as its bundle has them (the design stays; the Design
 * panel and Restore the original… do more). Pure: the ops go to the worker as one transaction.
 */
import type { BookOp, ChapterSnapshot, ResourceRecord } from '../../worker/protocol/messages';

/** Picture bytes as a `resource.put` op carries them. */
type Payload = NonNullable<Extract<BookOp, { type: 'resource.put' }>['payload']>;

export interface OriginalText {
  chapters: ChapterSnapshot[];
  resources: { record: ResourceRecord; payload?: Uint8Array }[];
}

/**
 * Ops that turn the book's chapters and resources into the original ones: chapters changed,
 * renamed, added back (with their original ids) and removed, then put in the original order;
 * resources added since removed, the original records (with their pictures) put back.
 */
export function resetTextOps(current: { chapters: ChapterSnapshot[]; resources: { id: string }[] }, original: OriginalText): BookOp[] {
  const ops: BookOp[] = [];
  const now = new Map(current.chapters.map((c) => [c.id, c]));
  const wanted = new Set(original.chapters.map((c) => c.id));
  original.chapters.forEach((chapter, index) => {
    const present = now.get(chapter.id);
    if (!present) {
      ops.push({ type: 'chapter.add', id: chapter.id, title: chapter.title, text: chapter.text, index });
      return;
    }
    if (present.text !== chapter.text) ops.push({ type: 'text', chapterId: chapter.id, from: 0, to: present.text.length, insert: chapter.text });
    if (present.title !== chapter.title) ops.push({ type: 'chapter.rename', chapterId: chapter.id, title: chapter.title });
  });
  // Removals after the additions, so the book never runs out of chapters on the way.
  for (const chapter of current.chapters) if (!wanted.has(chapter.id)) ops.push({ type: 'chapter.remove', chapterId: chapter.id });
  const order = current.chapters.map((c) => c.id).filter((id) => wanted.has(id));
  const target = original.chapters.map((c) => c.id);
  // Added chapters already sit at their index; kept ones that moved go back to theirs.
  const settled = [...order];
  for (const id of target) if (!settled.includes(id)) settled.splice(target.indexOf(id), 0, id);
  target.forEach((id, index) => {
    if (settled[index] === id) return;
    ops.push({ type: 'chapter.move', chapterId: id, index });
    settled.splice(settled.indexOf(id), 1);
    settled.splice(index, 0, id);
  });
  const originalIds = new Set(original.resources.map((r) => r.record.id));
  for (const resource of current.resources) if (!originalIds.has(resource.id)) ops.push({ type: 'resource.delete', id: resource.id });
  for (const resource of original.resources) ops.push({ type: 'resource.put', resource: resource.record, ...(resource.payload ? { payload: resource.payload as Payload } : {}) });
  return ops;
}

/** Largest `.md` file the Text panel imports, bytes (a chapter, not a library). */
export const MAX_MARKDOWN_BYTES = 8 * 1024 * 1024;

/**
 * A chapter's text from an imported file: UTF-8 (a byte-order mark dropped), line ends made
 * `\n`. Anything else is refused with a sentence saying what to choose instead.
 */
export function readMarkdownFile(name: string, bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: string } {
  if (!/\.(md|markdown|txt)$/i.test(name)) return { ok: false, error: `"${name}" is not a Markdown file; choose a .md file (Word documents have their own import).` };
  if (bytes.byteLength > MAX_MARKDOWN_BYTES) return { ok: false, error: `"${name}" is ${bytes.byteLength} bytes; a chapter file may have at most ${MAX_MARKDOWN_BYTES}.` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, error: `"${name}" is not UTF-8 text; save it as UTF-8 and import it again.` };
  }
  if (text.includes('\u0000')) return { ok: false, error: `"${name}" holds binary data, not text; choose a .md file.` };
  return { ok: true, text: text.replace(/\r\n?/g, '\n') };
}

/** The file name a chapter is exported under: its position and title (`03-designing-the-book.md`). */
export function markdownFileName(index: number, title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${String(index + 1).padStart(2, '0')}${slug ? `-${slug}` : ''}.md`;
}
