import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { derivedUuid, writeEpub, type ExportBookInput } from '../../../../src/worker/export/epub';

const EPUBCHECK = '/usr/share/java/epubcheck.jar';
const MODIFIED = new Date('2026-01-02T03:04:05Z');

/** A sample book from public/presets, in one language. */
function presetBook(dir: string, locale: string): ExportBookInput {
  const preset = JSON.parse(readFileSync(`public/presets/${dir}/preset.json`, 'utf8')) as { id: string; name: string; chapters: Record<string, { title: string; file: string }[]> };
  return {
    id: preset.id,
    name: preset.name,
    locale,
    chapters: preset.chapters[locale]!.map((c, i) => ({ id: `c${i + 1}`, title: c.title, text: readFileSync(`public/presets/${dir}/${c.file}`, 'utf8') })),
    resources: [],
  };
}

/** A 1×1 PNG (red pixel). */
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'));

const CONSTRUCTS: ExportBookInput = {
  id: 'constructs',
  name: 'Constructs',
  locale: 'en',
  chapters: [
    {
      id: 'a',
      title: 'Opening',
      text: [
        '---',
        'title: Every construct',
        'author: A. Writer; B. Editor',
        'publishDate: 2024-05-06',
        'isbn: 978-3-16-148410-0',
        '---',
        '',
        '# Opening {#opening}',
        '',
        'Plain, **strong**, *emphasis*, `code`, H~2~O, x^2^ and a note.[^n1] A [link](https://example.org) & <angle> text.',
        '',
        '- one',
        '- two',
        '  - nested',
        '- three',
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
        '```js',
        'const x = 1 < 2;',
        '```',
        '',
        '$$E = mc^2$$',
        '',
        '[^n1]: The note text, with *emphasis*.',
      ].join('\n'),
    },
    { id: 'b', title: 'Second', text: '# Second\n\nSee :ref{#opening} and the figure :ref{#dot}.\n\n:::verse\nA line of verse\nand another\n\nA second stanza\n:::\n' },
  ],
  resources: [
    { record: { id: 'dot', typeId: 'figure', kind: 'bitmap', caption: 'A *red* dot', altText: 'One red pixel' }, payload: PNG },
    { record: { id: 'prices', typeId: 'table', kind: 'table', caption: 'Prices', table: { model: { rows: [[{ content: 'Item', isHeader: true }, { content: 'Price', isHeader: true }], [{ content: 'Bread' }, { content: '2d' }]], headerRowCount: 1 } } } },
  ],
};

function epubcheck(bytes: Uint8Array): { code: number; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'epub-'));
  const file = join(dir, 'book.epub');
  writeFileSync(file, bytes);
  try {
    const output = execFileSync('java', ['-jar', EPUBCHECK, file, '-e'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { code: 0, output };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { code: e.status, output: `${e.stdout}\n${e.stderr}` };
  }
}

describe('reflowable EPUB 3', () => {
  it('puts mimetype first, stored, with no extra field', async () => {
    const { bytes } = await writeEpub(CONSTRUCTS, { modified: MODIFIED });
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getUint32(0, true)).toBe(0x04034b50); // local file header
    expect(view.getUint16(8, true)).toBe(0); // method: stored
    const nameLength = view.getUint16(26, true);
    expect(view.getUint16(28, true)).toBe(0); // no extra field
    expect(new TextDecoder().decode(bytes.subarray(30, 30 + nameLength))).toBe('mimetype');
    expect(new TextDecoder().decode(bytes.subarray(30 + nameLength, 30 + nameLength + 20))).toBe('application/epub+zip');
  });

  it('writes every construct of the document model and passes epubcheck', async () => {
    const { bytes, warnings, fileName } = await writeEpub(CONSTRUCTS, { modified: MODIFIED });
    expect(fileName).toBe('every-construct.epub');
    expect(warnings).toEqual([]);
    const zip = await JSZip.loadAsync(bytes);
    const opf = await zip.file('OEBPS/content.opf')!.async('string');
    expect(opf).toContain('<dc:identifier id="book-id">urn:isbn:9783161484100</dc:identifier>');
    expect(opf).toContain('<dc:creator id="creator2">B. Editor</dc:creator>');
    expect(opf).toContain('<dc:date>2024-05-06</dc:date>');
    expect(opf).toContain('<meta property="dcterms:modified">2026-01-02T03:04:05Z</meta>');
    expect(opf).toMatch(/media-type="image\/png"/);
    const one = await zip.file('OEBPS/text/chapter-001.xhtml')!.async('string');
    expect(one).toContain('<strong>strong</strong>');
    expect(one).toContain('&amp; &lt;angle&gt;');
    expect(one.replace(/\n/g, '')).toContain('<ul><li>one</li><li>two<ul><li>nested</li></ul></li><li>three</li></ul><ol><li value="1">first</li><li value="2">second</li></ol>');
    expect(one).toContain('<aside class="callout callout-note">');
    expect(one).toContain('<th>Item</th>');
    expect(one).toMatch(/<img src="\.\.\/images\/dot-1\.png" alt="One red pixel"\/>/);
    expect(one).toMatch(/epub:type="noteref" href="#fn-n1" id="fnref-n1">1<\/a>/);
    expect(one).toMatch(/<aside class="footnote" epub:type="footnote" id="fn-n1"><p>.*The note text, with <em>emphasis<\/em>\..*href="#fnref-n1"/);
    const two = await zip.file('OEBPS/text/chapter-002.xhtml')!.async('string');
    expect(two).toContain('<a href="chapter-001.xhtml#t-opening">Opening</a>');
    expect(two).toContain('<a href="chapter-001.xhtml#t-dot">A red dot</a>');
    expect(two).toContain('<div class="verse"><p class="stanza">');
    const result = epubcheck(bytes);
    expect(result.output).not.toMatch(/ERROR|FATAL/);
    expect(result.code).toBe(0);
  }, 60_000);

  it('the sample guide in English and Arabic passes epubcheck; Arabic reads right to left', async () => {
    for (const locale of ['en', 'ar']) {
      const book = presetBook('postext-guide', locale);
      const { bytes } = await writeEpub(book, { modified: MODIFIED });
      const zip = await JSZip.loadAsync(bytes);
      const opf = await zip.file('OEBPS/content.opf')!.async('string');
      expect(opf.match(/<itemref /g)!.length).toBe(book.chapters.length);
      if (locale === 'ar') expect(opf).toContain('page-progression-direction="rtl"');
      const result = epubcheck(bytes);
      expect(result.output, locale).not.toMatch(/ERROR|FATAL/);
      expect(result.code).toBe(0);
    }
  }, 120_000);

  it('one chapter alone, and a stable identifier per book', async () => {
    const { bytes, fileName } = await writeEpub(CONSTRUCTS, { modified: MODIFIED, chapter: 1 });
    expect(fileName).toBe('every-construct-02-second.epub');
    const zip = await JSZip.loadAsync(bytes);
    expect(Object.keys(zip.files).filter((f) => f.startsWith('OEBPS/text/'))).toEqual(['OEBPS/text/', 'OEBPS/text/chapter-002.xhtml'].filter((f) => f in zip.files));
    // A reference into a chapter left out keeps its text, without a link.
    const alone = await zip.file('OEBPS/text/chapter-002.xhtml')!.async('string');
    expect(alone).toContain('See Opening and');
    expect(alone).not.toContain('chapter-001.xhtml');
    expect(epubcheck(bytes).code).toBe(0);
    expect(derivedUuid('x')).toBe(derivedUuid('x'));
    expect(derivedUuid('x')).not.toBe(derivedUuid('y'));
    expect(derivedUuid('book')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  }, 60_000);
});
