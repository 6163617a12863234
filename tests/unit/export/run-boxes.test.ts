/**
 * Chips (`:chip[…]{style}`, configuration.md §13.2, document-format §10.5) and boxed inline code
 * (§13.3 `codeStyle.inline`) in the EPUB and DOCX exports (export/run-boxes.ts,
 * export/docx/run-boxes.ts): the style's fill, outline, radius and padding as CSS on a class per
 * chip style (an unknown style takes the first's, as in the layout), inline code boxed when
 * `codeStyle.inline` is set; in Word, shading and a run border on the "Chip: <id>" character
 * style and on inline code runs. The EPUB still passes epubcheck.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { writeDocx } from '../../../src/worker/export/docx';
import { writeEpub, type ExportBookInput } from '../../../src/worker/export/epub';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';

const EPUBCHECK = '/usr/share/java/epubcheck.jar';
const MODIFIED = new Date('2026-01-02T03:04:05Z');

const CONFIG = {
  chipStyles: [
    { id: 'key', background: '#ffeeaa', borderColor: '#aa5500', borderWidth: { value: 1, unit: 'pt' }, borderRadius: { value: 0.25, unit: 'em' }, paddingX: { value: 0.4, unit: 'em' }, paddingY: { value: 2, unit: 'pt' }, bold: true },
    { id: 'plain', backgroundEnabled: false, borderWidth: { value: 0, unit: 'pt' }, color: '#cc0000', italic: true },
  ],
  // Inline code's outline takes the listings' border colour (settings-chips.ts).
  codeStyle: { border: { color: '#999999' }, inline: { fontFamily: 'Source Code Pro', background: '#eeeeee' } },
};

function book(config: object | null): ExportBookInput {
  const settings = settingsFromConfig((config ?? {}) as never);
  return {
    id: 'chips',
    name: 'Chips',
    locale: 'en',
    chapters: [{ id: 'a', title: 'Keys', text: '# Keys\n\nPress :chip[Enter]{style="key"}, then :chip[*red*]{style="plain"}, :chip[Odd]{style="nope"} and `ls -l` here.\n\n```sh\nls\n```\n' }],
    resources: [],
    chips: settings.chips,
    inlineCode: settings.inlineCode,
    bodySize: settings.body.style.size,
  };
}

async function epubParts(input: ExportBookInput): Promise<{ bytes: Uint8Array; css: string; xhtml: string }> {
  const { bytes } = await writeEpub(input, { modified: MODIFIED });
  const zip = await JSZip.loadAsync(bytes);
  return { bytes, css: await zip.file('OEBPS/styles/book.css')!.async('string'), xhtml: await zip.file('OEBPS/text/chapter-001.xhtml')!.async('string') };
}

describe('chips and boxed inline code in the EPUB', () => {
  it('gives each chip its style’s class (unknown: the first) and the stylesheet the style’s box', async () => {
    const { css, xhtml } = await epubParts(book(CONFIG));
    expect(xhtml).toContain('<span class="chip chip-1">Enter</span>');
    expect(xhtml).toContain('<span class="chip chip-2"><em>red</em></span>');
    expect(xhtml).toContain('<span class="chip chip-1">Odd</span>');
    const rule = (n: number) => new RegExp(`\\.chip-${n} \\{([^}]*)\\}`).exec(css)?.[1] ?? '';
    expect(rule(1)).toContain('background-color: #ffeeaa;');
    expect(rule(1)).toContain('border: 1pt solid #aa5500;');
    expect(rule(1)).toContain('border-radius: 0.25em;');
    expect(rule(1)).toContain('padding: 2pt 0.4em 2pt;');
    expect(rule(1)).toContain('font-weight: bold;');
    expect(rule(1)).toContain('white-space: nowrap;');
    expect(rule(2)).toContain('background: none;');
    expect(rule(2)).toContain('border: none;');
    expect(rule(2)).toContain('color: #cc0000;');
    expect(rule(2)).toContain('font-style: italic;');
    // Inline code boxed; the listing's code (in <pre>) is not.
    const code = /:not\(pre\) > code:not\(\.math\) \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(code).toContain('background-color: #eeeeee;');
    expect(code).toContain('border: 0.5pt solid #999999;');
    expect(code).toContain('font-family: "Source Code Pro", monospace;');
    expect(code).toContain('font-size: 0.9em;');
    expect(xhtml).toContain('<code>ls -l</code>');
  });

  it('uses the built-in chip without a design, and boxes no inline code', async () => {
    const { css, xhtml } = await epubParts(book(null));
    expect(xhtml).toContain('<span class="chip chip-1">Enter</span>');
    const rule = /\.chip-1 \{([^}]*)\}/.exec(css)?.[1] ?? '';
    // §13.2 defaults: #e8eef7 fill, 0.5 pt outline in the main colour, 0.3 em radius, 0.1 em / 0.3 em padding.
    expect(rule).toContain('background-color: #e8eef7;');
    expect(rule).toMatch(/border: 0\.5pt solid #[0-9a-f]{6};/);
    expect(rule).toContain('border-radius: 0.3em;');
    expect(rule).toContain('padding: 0.1em 0.3em 0.1em;');
    expect(css).not.toContain('.chip-2');
    expect(css).not.toContain(':not(pre) > code');
  });

  it.runIf(existsSync(EPUBCHECK))('passes epubcheck', async () => {
    const { bytes } = await epubParts(book(CONFIG));
    const dir = mkdtempSync(join(tmpdir(), 'epub-chips-'));
    const file = join(dir, 'book.epub');
    writeFileSync(file, bytes);
    let output = '';
    let code = 0;
    try {
      output = execFileSync('java', ['-jar', EPUBCHECK, file, '-e'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const e = error as { status: number; stdout: string; stderr: string };
      code = e.status;
      output = `${e.stdout}\n${e.stderr}`;
    }
    expect(code, output).toBe(0);
  });
});

describe('chips and boxed inline code in the DOCX', () => {
  it('sets the chip style’s shading, border and type on its character style, and boxes inline code runs', async () => {
    const { bytes } = await writeDocx(book(CONFIG));
    const zip = await JSZip.loadAsync(bytes);
    const styles = await zip.file('word/styles.xml')!.async('string');
    const styleXml = (id: string) => new RegExp(`<w:style [^>]*w:styleId="${id}"[^>]*>([\\s\\S]*?)</w:style>`).exec(styles)?.[1] ?? '';
    const key = styleXml('PostextChipkey');
    expect(key).toContain('w:val="Chip: Key"');
    expect(key).toMatch(/<w:shd [^>]*w:fill="FFEEAA"/);
    // 1 pt = 8 eighths; 0.4 em of the 8 pt body = 3.2 pt → 3 pt of spacing.
    expect(key).toMatch(/<w:bdr [^>]*w:val="single"[^>]*\/>/);
    expect(key).toMatch(/<w:bdr [^>]*w:color="AA5500"/);
    expect(key).toMatch(/<w:bdr [^>]*w:sz="8"/);
    expect(key).toMatch(/<w:bdr [^>]*w:space="3"/);
    expect(key).toMatch(/<w:b\/>|<w:b [^>]*\/>/);
    const plain = styleXml('PostextChipplain');
    expect(plain).not.toContain('<w:shd');
    expect(plain).not.toContain('<w:bdr');
    expect(plain).toMatch(/<w:color w:val="CC0000"/);
    expect(plain).toMatch(/<w:i\/>|<w:i [^>]*\/>/);
    // The unknown style keeps its name (Word import maps it back) and takes the first style's look.
    expect(styleXml('PostextChipnope')).toMatch(/<w:shd [^>]*w:fill="FFEEAA"/);
    const document = await zip.file('word/document.xml')!.async('string');
    const codeRun = /<w:r>(?:(?!<w:r>)[\s\S])*?<w:t[^>]*>ls -l<\/w:t>/.exec(document)?.[0] ?? '';
    expect(codeRun).toMatch(/<w:shd [^>]*w:fill="EEEEEE"/);
    expect(codeRun).toMatch(/<w:bdr [^>]*w:color="999999"/);
    expect(codeRun).toContain('Source Code Pro');
  });

  it('without codeStyle.inline, inline code runs carry no box', async () => {
    const { bytes } = await writeDocx(book(null));
    const document = await (await JSZip.loadAsync(bytes)).file('word/document.xml')!.async('string');
    const codeRun = /<w:r>(?:(?!<w:r>)[\s\S])*?<w:t[^>]*>ls -l<\/w:t>/.exec(document)?.[0] ?? '';
    expect(codeRun).toContain('ls -l');
    expect(codeRun).not.toContain('<w:shd');
  });
});
