/**
 * Issue 7 item 5: warichu and kunten come in a later issue (vertical writing and ruby are set now); until then
 * each is recognised and kept — nothing of the text is lost in the document model, the layout
 * or the exports — with one warning in the checks (document-format §18.4–18.5).
 */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { parseChapter } from '../../../src/worker/engine/parse/index';
import type { Inline } from '../../../src/worker/engine/parse/model';
import { Op } from '../../../src/worker/protocol/displaylist';
import { writeEpub, type ExportBookInput } from '../../../src/worker/export/epub';
import { writeDocx } from '../../../src/worker/export/docx';
import { runChecks } from './run-checks';

const MODIFIED = new Date('2026-01-02T03:04:05Z');

/** Each construct in an original sentence, with the text printed in its place and what must survive in the exports. */
const CONSTRUCTS = [
  // Ruby is set now (paragraph/ruby*.ts): tests/unit/page/ruby.test.ts holds its layout, checks and EPUB.
  // Warichu is set now (paragraph/warichu*.ts): tests/unit/paragraph/warichu.test.ts and page/warichu.test.ts.
  // Kanbun marks are set now (paragraph/kunten*.ts): tests/unit/paragraph/kunten.test.ts and page/kunten.test.ts.
  { name: 'tate-chu-yoko', source: '第:tcy[12]回の会合。', printed: '12', directive: 'tcy', attrs: {}, epub: ['12'] },
] as const;

function directives(inlines: readonly Inline[]): Extract<Inline, { kind: 'directive' }>[] {
  return inlines.flatMap((i) => (i.kind === 'directive' ? [i, ...directives(i.children)] : 'children' in i && Array.isArray(i.children) ? directives(i.children as Inline[]) : []));
}

function book(source: string): ExportBookInput {
  return { id: 'later', name: 'Later', locale: 'ja', chapters: [{ id: 'c1', title: '章', text: `# 章\n\n${source}\n` }], resources: [] };
}

describe('constructs of a later issue are recognised and kept, with one warning', () => {
  for (const c of CONSTRUCTS) {
    it(`${c.name}: parsed as a typed node, printed without loss, one warning, kept in EPUB and DOCX`, async () => {
      const source = `# 章\n\n${c.source}\n`;
      // Document model: a typed directive with its attributes; the chapter text is never rewritten.
      const parsed = parseChapter(source, { chapterId: 'c1', isFirstChapter: true });
      const paragraph = parsed.blocks.find((b) => b.kind === 'paragraph')!;
      const found = directives('inlines' in paragraph ? paragraph.inlines : []);
      expect(found.map((d) => d.name)).toEqual([c.directive]);
      expect(found[0]!.attrs).toEqual(c.attrs);

      // Checks: exactly one warning, for this construct.
      const { warnings, layout } = runChecks({ chapters: [{ id: 'c1', source }], config: { locale: 'ja' }, patterns: null });
      const about = warnings.filter((w) => w.kind === 'unsupportedConstruct');
      expect(about.length).toBe(1);

      // Layout: every character of the sentence outside the markup is printed, the construct's text included.
      const printed = layout.pages.flatMap((p) => p.items.flatMap((i) => (i.op === Op.GlyphRun && i.line?.role === 'body' ? [i.text] : []))).join('');
      expect(printed).toContain(c.printed);
      const plain = c.source.replace(/\{([^|}]+)\|[^}]*\}/g, '$1').replace(/:[a-z]+\[([^\]]*)\](\{[^}]*\})?/g, '$1');
      expect(printed.replace(/\s/g, '')).toBe(plain.replace(/\s/g, ''));

      // EPUB keeps the text (ruby as <ruby>, kunten marks beside their character).
      const epub = await JSZip.loadAsync((await writeEpub(book(c.source), { modified: MODIFIED })).bytes);
      const xhtml = (await Promise.all(Object.keys(epub.files).filter((f) => f.endsWith('.xhtml')).map((f) => epub.file(f)!.async('string')))).join('\n');
      for (const part of c.epub) expect(xhtml).toContain(part);

      // DOCX keeps the markup as written, so a Word round trip loses nothing.
      const docx = await JSZip.loadAsync((await writeDocx(book(c.source))).bytes);
      const documentXml = await docx.file('word/document.xml')!.async('string');
      const text = documentXml.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"');
      for (const d of found) expect(text).toContain(`:${d.name}`);
    }, 60_000);
  }

  it('vertical writing (layout.writingMode vertical-rl): the book is set vertically (page/vertical.ts), nothing lost, the setting applied (no warning)', () => {
    const source = '# 章\n\n縦書きの本は、後の版で縦に組まれる。\n';
    const { warnings, layout } = runChecks({ chapters: [{ id: 'c1', source }], config: { locale: 'ja', layout: { writingMode: 'vertical-rl' } }, patterns: null });
    const about = warnings.filter((w) => (w.kind === 'settingNotApplied' || w.kind === 'unsupportedConstruct') && JSON.stringify(w).includes('writingMode'));
    expect(about.length).toBe(0);
    // The flow is drawn turned onto the sheet: the page's items open with its quarter turn (after the background).
    expect(layout.pages[0]!.items.some((i) => i.op === Op.Transform && i.matrix.slice(0, 4).join() === '0,1,-1,0')).toBe(true);
    const printed = layout.pages.flatMap((p) => p.items.flatMap((i) => (i.op === Op.GlyphRun && i.line?.role === 'body' ? [i.text] : []))).join('');
    expect(printed).toBe('縦書きの本は、後の版で縦に組まれる。');
  });
});
