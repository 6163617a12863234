import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookFormulas, defaultSettings, type MathTypesetter } from '../../../src/worker/engine';
import { exportMath } from '../../../src/worker/engine/math/export';
import { createMathTypesetter } from '../../../src/worker/engine/math/mathjax';
import { parseChapter } from '../../../src/worker/engine/parse';
import { writeEpub, type ExportBookInput } from '../../../src/worker/export/epub';

const source = readFileSync('tests/fixtures/math/inline-display.md', 'utf8');
const book: ExportBookInput = { id: 'maths', name: 'Maths', locale: 'en', chapters: [{ id: 'ch1', title: 'Formulas', text: source }], resources: [] };
let math: MathTypesetter;

beforeAll(async () => {
  math = await createMathTypesetter();
  await math.prepare(bookFormulas([parseChapter(source, { chapterId: 'ch1', isFirstChapter: true })]));
});

async function chapterOf(bytes: Uint8Array): Promise<{ xhtml: string; opf: string }> {
  const zip = await JSZip.loadAsync(bytes);
  return { xhtml: await zip.file('OEBPS/text/chapter-001.xhtml')!.async('string'), opf: await zip.file('OEBPS/content.opf')!.async('string') };
}

describe('formulas in the EPUB', () => {
  it('are MathML with their TeX as alttext, numbered and cited like the pages; invalid TeX stays source', async () => {
    const settings = defaultSettings();
    const out = await writeEpub(book, { modified: new Date('2026-01-02T03:04:05Z'), math: (chapters) => exportMath(chapters, settings.math, math) });
    const { xhtml, opf } = await chapterOf(out.bytes);
    // Inline and display formulas as MathML, no MathJax bookkeeping attributes.
    expect(xhtml).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline" alttext="E=F">');
    expect(xhtml).toMatch(/<math [^>]*display="block" alttext="e\^\{i\\pi\} \+ 1 = 0 \\label\{eq:euler\}">/);
    expect(xhtml).toContain('<mfrac>');
    expect(xhtml).not.toMatch(/<m[a-z]+ [^>]*data-/);
    // Numbers beside their displays, and references print them (linking to the display).
    expect(xhtml).toMatch(/<p class="math-display" id="t-eq_3aeuler"><math [^]*?<\/math><span class="eqno">\(1\)<\/span><\/p>/);
    expect(xhtml).toContain('<a href="#t-eq_3aeuler">(1)</a>');
    expect(xhtml).toContain('<a href="#t-eq_3agauss">(2)</a>');
    expect(xhtml).toContain('<a href="#t-eq_3aeuler">1</a>');
    // \eqref inside a formula is the number as text.
    expect(xhtml).toContain('<mtext>(2)</mtext>');
    // The broken formula keeps its source.
    expect(xhtml).toContain('<code class="math">\\frac{1}{</code>');
    expect(opf).toMatch(/<item id="c1" href="text\/chapter-001.xhtml" media-type="application\/xhtml\+xml" properties="mathml"\/>/);
    // A valid EPUB 3 (epubcheck on the MathML and the manifest property).
    const dir = mkdtempSync(join(tmpdir(), 'epub-math-'));
    const file = join(dir, 'maths.epub');
    writeFileSync(file, out.bytes);
    let report = '';
    let code = 0;
    try {
      report = execFileSync('java', ['-jar', '/usr/share/java/epubcheck.jar', file, '-e'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const e = error as { status: number; stdout: string; stderr: string };
      code = e.status;
      report = `${e.stdout}\n${e.stderr}`;
    }
    expect(code, report).toBe(0);
  }, 120_000);

  it('without a typesetter shows the TeX source and declares no MathML', async () => {
    const out = await writeEpub(book, { modified: new Date('2026-01-02T03:04:05Z') });
    const { xhtml, opf } = await chapterOf(out.bytes);
    expect(xhtml).not.toContain('<math');
    expect(xhtml).toContain('<code class="math">E=F</code>');
    expect(opf).not.toContain('properties="mathml"');
  });
});
