import { describe, expect, it } from 'vitest';
import { markdownFileName, readMarkdownFile, resetTextOps, type OriginalText } from '../../../src/ui/state/text-reset';
import type { BookOp, ChapterSnapshot, ResourceRecord } from '../../../src/worker/protocol/messages';

/** Applies the ops the way the worker does, enough to check the outcome. */
function applyOps(book: { chapters: ChapterSnapshot[]; resources: { record: ResourceRecord; payload?: Uint8Array }[] }, ops: BookOp[]) {
  const chapters = book.chapters.map((c) => ({ ...c }));
  const resources = [...book.resources];
  for (const op of ops) {
    if (op.type === 'text') {
      const c = chapters.find((x) => x.id === op.chapterId)!;
      c.text = c.text.slice(0, op.from) + op.insert + c.text.slice(op.to);
    } else if (op.type === 'chapter.add') chapters.splice(op.index ?? chapters.length, 0, { id: op.id!, title: op.title, text: op.text });
    else if (op.type === 'chapter.remove') chapters.splice(chapters.findIndex((c) => c.id === op.chapterId), 1);
    else if (op.type === 'chapter.rename') chapters.find((c) => c.id === op.chapterId)!.title = op.title;
    else if (op.type === 'chapter.move') {
      const [c] = chapters.splice(chapters.findIndex((x) => x.id === op.chapterId), 1);
      chapters.splice(op.index, 0, c!);
    } else if (op.type === 'resource.delete') resources.splice(resources.findIndex((r) => r.record.id === op.id), 1);
    else if (op.type === 'resource.put') {
      const at = resources.findIndex((r) => r.record.id === op.resource.id);
      const next = { record: op.resource, ...(op.payload ? { payload: op.payload } : {}) };
      if (at < 0) resources.push(next);
      else resources[at] = next;
    }
  }
  return { chapters, resources };
}

const fig = (id: string, caption: string): ResourceRecord => ({ id, typeId: 'figure', kind: 'svg', file: `resources/${id}.svg`, caption });

describe('Text panel Reset (tools.md §7.3 reset semantics)', () => {
  const original: OriginalText = {
    chapters: [
      { id: 'ch1', title: 'One', text: '# One\n\nFirst.\n' },
      { id: 'ch2', title: 'Two', text: '# Two\n\nSecond.\n' },
      { id: 'ch3', title: 'Three', text: '# Three\n\nThird.\n' },
    ],
    resources: [{ record: fig('map', 'The map'), payload: Uint8Array.of(60, 115, 118, 103) }],
  };

  it('brings back edited, renamed, deleted and reordered chapters and the resource set', () => {
    const edited = {
      chapters: [
        { id: 'ch3', title: 'Third, renamed', text: '# Three\n\nThird, edited.\n' },
        { id: 'ch1', title: 'One', text: '# One\n\nFirst.\n' },
        { id: 'c-new', title: 'Mine', text: '# Mine\n' },
      ],
      resources: [{ record: fig('map', 'A changed caption') }, { record: fig('added', 'Added later') }],
    };
    const ops = resetTextOps({ chapters: edited.chapters, resources: edited.resources.map((r) => r.record) }, original);
    const after = applyOps(edited, ops);
    expect(after.chapters).toEqual(original.chapters);
    expect(after.resources.map((r) => r.record)).toEqual(original.resources.map((r) => r.record));
    expect(Array.from(after.resources[0]!.payload!)).toEqual(Array.from(original.resources[0]!.payload!));
  });

  it('an untouched book needs only the resource records put back (no chapter ops)', () => {
    const ops = resetTextOps({ chapters: original.chapters, resources: original.resources.map((r) => r.record) }, original);
    expect(ops.filter((op) => !op.type.startsWith('resource.'))).toEqual([]);
  });
});

describe('.md files of the Text panel', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  it('reads UTF-8 Markdown, dropping a byte-order mark and normalising line ends', () => {
    expect(readMarkdownFile('ch.md', Uint8Array.of(0xef, 0xbb, 0xbf, ...enc('# Título\r\n\r\nTexto.\r')))).toEqual({ ok: true, text: '# Título\n\nTexto.\n' });
  });
  it('refuses other files with a sentence that says what to choose', () => {
    expect(readMarkdownFile('book.docx', enc('PK'))).toMatchObject({ ok: false, error: expect.stringMatching(/not a Markdown file; choose a \.md file/) });
    expect(readMarkdownFile('latin1.md', Uint8Array.of(0x54, 0xed, 0x74))).toMatchObject({ ok: false, error: expect.stringMatching(/not UTF-8 text/) });
    expect(readMarkdownFile('bin.md', Uint8Array.of(0x41, 0, 0x42))).toMatchObject({ ok: false, error: expect.stringMatching(/binary data/) });
    expect(readMarkdownFile('big.md', new Uint8Array(8 * 1024 * 1024 + 1))).toMatchObject({ ok: false, error: expect.stringMatching(/at most 8388608/) });
  });
  it('names exported chapters after their position and title', () => {
    expect(markdownFileName(2, 'Designing the book')).toBe('03-designing-the-book.md');
    expect(markdownFileName(0, 'Diseñar el libro')).toBe('01-disenar-el-libro.md');
    expect(markdownFileName(4, 'العمل مع الوكلاء')).toBe('05-العمل-مع-الوكلاء.md');
    expect(markdownFileName(9, '')).toBe('10.md');
  });
});
