import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { writeDocx } from '../../../../src/worker/export/docx';
import type { ExportBookInput } from '../../../../src/worker/export/epub';
import { convertWord, WordImportError } from '../../../../src/worker/import/word/convert';

const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'));

const BOOK: ExportBookInput = {
  id: 'word',
  name: 'Word book',
  locale: 'en',
  chapters: [
    {
      id: 'a',
      title: 'Opening',
      text: '---\ntitle: A manuscript\n---\n\n# Opening\n\nPlain, **strong**, *emphasis*, H~2~O and a note.[^1] A [link](https://example.org).\n\n- one\n  - nested\n- two\n\n1. first\n2. second\n\n> A quotation.\n\n:::callout{type="note"}\nInside the box.\n:::\n\n::resource{id="dot"}\n\n::resource{id="prices"}\n\n```js\nconst x = 1;\n```\n\n[^1]: The note text.\n',
    },
    { id: 'b', title: 'Second', text: '# Second\n\nThe second chapter.\n' },
  ],
  resources: [
    { record: { id: 'dot', typeId: 'figure', kind: 'bitmap', caption: 'A red dot', altText: 'One red pixel' }, payload: PNG },
    { record: { id: 'prices', typeId: 'table', kind: 'table', caption: 'Prices', table: { model: { rows: [[{ content: 'Item', isHeader: true }, { content: 'Price', isHeader: true }], [{ content: 'Bread' }, { content: '2d' }]], headerRowCount: 1 } } } },
  ],
};

describe('Word import (own mapper)', () => {
  it('brings our own export back: chapters, headings, marks, lists, notes, links, callouts, figures, tables, markup', async () => {
    const { bytes } = await writeDocx(BOOK);
    const result = await convertWord(bytes, { splitChapters: true });
    expect(result.report.embeddedTemplate).toBe(true);
    expect(result.report.verdict).toBe('clean');
    expect(result.chapters.map((c) => c.title)).toEqual(['Opening', 'Second']);
    const [one, two] = result.chapters.map((c) => c.markdown);
    expect(one).toContain('---\ntitle: A manuscript\n---');
    expect(one).toContain('# Opening');
    expect(one).toContain('Plain, **strong**, *emphasis*, H~2~O and a note.[^1] A [link](https://example.org).');
    expect(one).toContain('- one\n  - nested\n- two');
    expect(one).toContain('1. first\n1. second');
    expect(one).toContain('> A quotation.');
    expect(one).toContain(':::callout{type="note"}\nInside the box.\n\n:::');
    expect(one).toContain('```js\nconst x = 1;\n```');
    expect(one).toContain('[^1]: The note text.');
    expect(one).toMatch(/::resource\{id="figure-1"\}/);
    expect(one).toMatch(/::resource\{id="table-1"\}/);
    expect(two).toBe('# Second\n\nThe second chapter.\n');
    const figure = result.resources.find((r) => r.record.id === 'figure-1')!;
    expect(figure.record).toMatchObject({ kind: 'bitmap', caption: 'A red dot', altText: 'One red pixel' });
    expect([...figure.payload!]).toEqual([...PNG]);
    const table = result.resources.find((r) => r.record.id === 'table-1')!;
    expect(table.record).toMatchObject({ kind: 'table', caption: 'Prices', table: { model: { headerRowCount: 1 } } });
    expect((table.record.table!.model['rows'] as { content: string }[][])[1]!.map((c) => c.content)).toEqual(['Bread', '2d']);
  });

  it('one chapter when not splitting; ids avoid the book’s; a plain manuscript is reported as such', async () => {
    const { bytes } = await writeDocx(BOOK);
    const single = await convertWord(bytes, { splitChapters: false, takenIds: ['figure-1', 'table-1'] });
    expect(single.chapters).toHaveLength(1);
    expect(single.chapters[0]!.markdown).toContain('# Second');
    expect(single.resources.map((r) => r.record.id).sort()).toEqual(['figure-2', 'table-2']);

    // A hand-made document: no styles at all, direct bold, a typed number, an empty paragraph.
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
    zip.file(
      'word/document.xml',
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
        '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Chapter One</w:t></w:r></w:p>' +
        '<w:p><w:r><w:t xml:space="preserve">It was *late* &amp; dark. </w:t></w:r><w:r><w:rPr><w:i/></w:rPr><w:t>Very</w:t></w:r><w:r><w:t>.</w:t></w:r></w:p>' +
        '<w:p/>' +
        '<w:p><w:r><w:t>1. Typed number</w:t></w:r></w:p>' +
        '<w:p><w:del><w:r><w:delText>gone</w:delText></w:r></w:del><w:ins><w:r><w:t>kept</w:t></w:r></w:ins></w:p>' +
        '</w:body></w:document>',
    );
    const plain = await convertWord(await zip.generateAsync({ type: 'uint8array' }), { splitChapters: true });
    expect(plain.report.verdict).toBe('plain');
    expect(plain.report.findings.map((f) => f.id).sort()).toEqual(['allNormal', 'directFormatting', 'emptyParagraphs', 'manualHeadings', 'trackedChanges', 'typedNumbering']);
    expect(plain.chapters[0]!.markdown).toBe('**Chapter One**\n\nIt was \\*late\\* & dark. *Very*.\n\n\\1. Typed number\n\nkept\n');
  });

  it('refuses what is not a .docx with a sentence saying what to send', async () => {
    await expect(convertWord(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]), { splitChapters: true })).rejects.toThrow(/\.doc file; save it as \.docx/);
    await expect(convertWord(new TextEncoder().encode('hello'), { splitChapters: true })).rejects.toBeInstanceOf(WordImportError);
  });
});
