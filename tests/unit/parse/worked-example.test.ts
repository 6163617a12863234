/**
 * document-format.md §24 worked example. The expected tree below is written by hand from the spec.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseChapter } from '../../../src/worker/engine/parse/index';
import { kinds, shapes } from './shape';

const source = readFileSync(new URL('../../fixtures/parse/worked-example.md', import.meta.url), 'utf8');

describe('worked example (§24)', () => {
  const chapter = parseChapter(source, { chapterId: 'ch1', isFirstChapter: true });

  it('reads the front matter', () => {
    expect(chapter.frontmatter?.title).toBe("The Typesetter's Craft");
    expect(chapter.frontmatter?.author).toBe('Anon');
    expect(chapter.frontmatter?.subtitle).toBeUndefined();
    expect(chapter.frontmatterRange).toMatchObject({ from: 0, line: 1, column: 1 });
  });

  it('produces the expected flat block list', () => {
    expect(shapes(chapter.blocks)).toEqual([
      { kind: 'directive', name: 'numbering', attrs: { format: 'lower-roman', startAt: '1' } },
      { kind: 'heading', level: 1, attrs: { style: 'front-matter', toc: 'false' }, inlines: ['Contents'] },
      { kind: 'directive', name: 'toc', attrs: {} },
      { kind: 'directive', name: 'pagebreak', attrs: { parity: 'odd' } },
      { kind: 'directive', name: 'numbering', attrs: { format: 'decimal', startAt: '1' } },
      { kind: 'heading', level: 1, attrs: { author: 'Anon', id: 'ch-opening' }, inlines: ['Opening'] },
      {
        kind: 'paragraph',
        inlines: [
          'A good book reads itself.',
          { fn: 'voice' },
          ' The ',
          { index: 'reader', attrs: {}, children: ['reader'] },
          " should never notice the typesetter's work — see ",
          { ref: 'fig-grid', form: 'directive', attrs: { id: 'fig-grid' } },
          ' and ',
          { ref: 'sec-measure', form: 'directive', attrs: { id: 'sec-measure', style: 'page' } },
          '.',
        ],
      },
      {
        kind: 'footnoteDefinition',
        noteId: 'voice',
        inlines: ["Only the author's voice, as ", { cite: 'parenthetical', keys: ['bringhurst2004'] }, ' argues.'],
      },
      { kind: 'heading', level: 2, attrs: { id: 'sec-measure' }, inlines: ['What makes text readable'] },
      { kind: 'listItem', listKind: 'ordered', depth: 1, number: 1, inlines: ['Line measure — 40 to 75 characters per line.'] },
      { kind: 'listItem', listKind: 'ordered', depth: 1, number: 2, inlines: ['Leading — 1.3 to 1.5 times the font size.'] },
      { kind: 'listItem', listKind: 'ordered', depth: 2, number: 1, inlines: ['Tighter at short measures.'] },
      { kind: 'blockquote', inlines: ['A page should be read, not looked at.'] },
      { kind: 'containerStart', name: 'callout', attrs: { type: 'note', title: 'Rule of thumb' } },
      {
        kind: 'paragraph',
        inlines: [
          'Keep ',
          { t: 'unesco', m: ['smallcaps'] },
          ' acronyms small; write H',
          { t: '2', m: ['sub'] },
          'O and 10',
          { t: '-8', m: ['sup'] },
          ' with scripts.',
        ],
      },
      { kind: 'containerEnd', name: 'callout' },
      { kind: 'paragraph', inlines: ['For a pendulum of length ', { math: 'L' }, ' the period is'] },
      { kind: 'mathDisplay', tex: 'T_0 = 2\\pi\\sqrt{L/g} \\label{eq:period}', labels: ['eq:period'] },
      {
        kind: 'paragraph',
        continuesParagraph: true,
        inlines: ['where ', { math: 'g' }, ' is gravity; Eq.\u00a0', { ref: 'eq:period', form: 'latexEq', attrs: {} }, ' holds for small angles.'],
      },
      { kind: 'directive', name: 'space', attrs: { lines: '2' } },
      { kind: 'resourceBlock', resourceId: 'ornament' },
      {
        kind: 'rawBlock',
        name: 'references',
        attrs: { format: 'bibtex' },
        body: '@book{bringhurst2004, author = {Bringhurst, Robert}, title = {The Elements of Typographic Style}, year = 2004}',
      },
      { kind: 'heading', level: 1, attrs: { style: 'index' }, inlines: ['Index'] },
      { kind: 'directive', name: 'index', attrs: {} },
    ]);
  });

  it('marks the display as glued inside the paragraph', () => {
    const display = chapter.blocks.find((b) => b.kind === 'mathDisplay');
    expect(display).toMatchObject({ inParagraph: true, form: 'line' });
  });

  it('only warns about the constructs not yet supported (citation, references block)', () => {
    expect(kinds(chapter.diagnostics).sort()).toEqual(['unsupportedConstruct', 'unsupportedConstruct']);
  });

  it('records source ranges', () => {
    const opening = chapter.blocks[5]!;
    const at = source.indexOf('# Opening');
    expect(opening.range).toEqual({ from: at, to: at + '# Opening {author="Anon" #ch-opening}'.length, line: 15, column: 1 });
    const para = chapter.blocks[6]!;
    expect(para.range.from).toBe(source.indexOf('A good book'));
    expect(para.range.to).toBe(source.indexOf('style=page}.') + 'style=page}.'.length);
    expect(para.range.line).toBe(17);
  });

  it('collects anchors, labels and references for the book', () => {
    const ids = chapter.collected.anchors.map((a) => [a.anchorId, a.kind]);
    expect(ids).toEqual([
      ['ch-opening', 'heading'],
      ['sec-measure', 'heading'],
      ['eq:period', 'equation'],
    ]);
    expect(chapter.collected.refs.map((r) => r.target)).toEqual(['fig-grid', 'sec-measure', 'eq:period']);
    expect(chapter.collected.resourceEmbeds.map((r) => r.resourceId)).toEqual(['ornament']);
    expect(chapter.collected.footnoteRefs.map((r) => r.noteId)).toEqual(['voice']);
    expect(chapter.collected.footnoteDefs.map((r) => r.noteId)).toEqual(['voice']);
    expect(chapter.collected.indexMarks.map((m) => m.term)).toEqual(['reader']);
  });
});
