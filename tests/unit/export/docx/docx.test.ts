import { DOMParser } from '@xmldom/xmldom';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { pictureSize, writeDocx } from '../../../../src/worker/export/docx';
import type { ExportBookInput } from '../../../../src/worker/export/epub';

/** A 1×1 PNG (red pixel). */
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'));

const BOOK: ExportBookInput = {
  id: 'word',
  name: 'Word book',
  locale: 'en',
  chapters: [
    {
      id: 'a',
      title: 'Opening',
      text: [
        '---',
        'title: A manuscript',
        'author: A. Writer',
        '---',
        '',
        '# Opening {#opening}',
        '',
        'Plain, **strong**, *emphasis*, H~2~O and a note.[^n1] A [link](https://example.org) and $x^2$ maths.',
        '',
        '- one',
        '  - nested',
        '- two',
        '',
        '1. first',
        '2. second',
        '',
        '> A quotation.',
        '',
        ':::callout{type=note title="Mind this"}',
        'Inside the box.',
        ':::',
        '',
        '::resource{id="dot"}',
        '',
        '::resource{id="prices"}',
        '',
        ':::columns{count=2}',
        'Two columns.',
        ':::',
        '',
        '[^n1]: The note text.',
      ].join('\n'),
    },
    { id: 'b', title: 'Second', text: '# Second\n\nThe second chapter.\n' },
  ],
  resources: [
    { record: { id: 'dot', typeId: 'figure', kind: 'bitmap', caption: 'A red dot', altText: 'One red pixel' }, payload: PNG },
    { record: { id: 'prices', typeId: 'table', kind: 'table', caption: 'Prices', table: { model: { rows: [[{ content: 'Item', isHeader: true }, { content: 'Price', isHeader: true }], [{ content: 'Bread' }, { content: '2d' }]], headerRowCount: 1 } } } },
  ],
};

function wellFormed(xml: string, name: string): void {
  const problems: string[] = [];
  new DOMParser({ onError: (level, message) => level !== 'warning' && problems.push(`${name}: ${message}`) }).parseFromString(xml, 'application/xml');
  expect(problems).toEqual([]);
}

describe('Word export', () => {
  it('writes a .docx whose parts are well-formed XML, with the template embedded', async () => {
    const { bytes, fileName, warnings } = await writeDocx(BOOK);
    expect(fileName).toBe('a-manuscript.docx');
    expect(warnings).toEqual([]);
    const zip = await JSZip.loadAsync(bytes);
    for (const part of ['[Content_Types].xml', 'word/document.xml', 'word/styles.xml', 'word/numbering.xml', 'word/footnotes.xml', 'docProps/custom.xml']) {
      expect(zip.file(part), part).not.toBeNull();
    }
    for (const name of Object.keys(zip.files).filter((n) => n.endsWith('.xml') || n.endsWith('.rels'))) wellFormed(await zip.file(name)!.async('string'), name);
    expect(Object.keys(zip.files).some((n) => n.startsWith('word/media/') && n.endsWith('.png'))).toBe(true);
    const styles = await zip.file('word/styles.xml')!.async('string');
    for (const style of ['Postext Chapter', 'Postext Markup', 'Postext Markup Inline', 'Callout: Note', 'Callout title: Note', 'Caption']) expect(styles).toContain(`w:val="${style}"`);
    const custom = await zip.file('docProps/custom.xml')!.async('string');
    const template = /name="postextWordTemplate"[^>]*>\s*<vt:lpwstr>([^<]*)</.exec(custom)![1]!;
    const parsed = JSON.parse(template.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { postextWordTemplate: { version: number; paragraphs: Record<string, { kind: string }> } };
    expect(parsed.postextWordTemplate.version).toBe(1);
    expect(parsed.postextWordTemplate.paragraphs['Callout: Note']).toEqual({ kind: 'callout', type: 'note' });
    expect(parsed.postextWordTemplate.paragraphs['Heading 1']).toEqual({ kind: 'heading', level: 1 });
  });

  it('reads back through mammoth (the oracle) with headings, lists, notes, links, tables and pictures', async () => {
    const { bytes } = await writeDocx(BOOK);
    const { value: html, messages } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) }, { styleMap: ["p[style-name='Postext Chapter'] => p.chapter:fresh", "p[style-name='Postext Markup'] => pre.markup:fresh"] });
    expect(messages.filter((m) => m.type === 'error')).toEqual([]);
    expect(html).toContain('<p class="chapter">Opening</p>');
    expect(html).toMatch(/<h1><a id="p_opening"><\/a>Opening<\/h1>/);
    expect(html).toContain('<strong>strong</strong>');
    expect(html).toContain('<em>emphasis</em>');
    expect(html).toContain('H<sub>2</sub>O');
    expect(html).toMatch(/<ul><li>one<ul><li>nested<\/li><\/ul><\/li><li>two<\/li><\/ul>/);
    expect(html).toMatch(/<ol><li>first<\/li><li>second<\/li><\/ol>/);
    expect(html).toContain('<a href="https://example.org">link</a>');
    expect(html).toMatch(/<li id="footnote-1"><p>The note text\./);
    expect(html).toContain('<th><p><strong>Item</strong></p></th>');
    expect(html).toMatch(/<img alt="One red pixel" src="data:image\/png;base64,/);
    expect(html).toContain('<pre class="markup">:::columns{count=2}</pre>');
    // Maths has no Word form here: kept verbatim (grey inline markup).
    expect(html).toContain('$x^2$');
    expect(html).toContain('<p class="chapter">Second</p>');
  });

  it('one chapter alone; picture sizes from headers', async () => {
    const { bytes, fileName } = await writeDocx(BOOK, { chapter: 1 });
    expect(fileName).toBe('a-manuscript-02-second.docx');
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    expect(value).toContain('The second chapter.');
    expect(value).not.toContain('Plain,');
    expect(pictureSize(PNG)).toEqual({ width: 1, height: 1 });
  });
});
