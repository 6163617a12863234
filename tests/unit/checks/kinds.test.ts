/**
 * The kinds added for issue 11's "everything the engine can detect today", beyond their
 * fixtures: the toggles and settings that turn them off, the limits they stop at, and the
 * reading of licence bits.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { referenceKeys } from '../../../src/worker/engine/checks/citations';
import { MAX_PAGES_AFTER } from '../../../src/worker/engine/checks/floats';
import type { RawBlock } from '../../../src/worker/engine/parse/model';
import { embeddingProblem, fsTypeOf } from '../../../src/worker/engine/checks/preflight';
import { paperProblems } from '../../../src/worker/engine/checks/styles';
import { runChecks, type CheckBook } from './run-checks';

function fixture(kind: string): CheckBook {
  const raw = JSON.parse(readFileSync(`tests/fixtures/checks/${kind}.json`, 'utf8')) as CheckBook & { chapters: { id: string; source: string | string[] }[] };
  return { ...raw, chapters: raw.chapters.map((c) => ({ id: c.id, source: Array.isArray(c.source) ? c.source.join('\n') : c.source })) };
}
const kinds = (book: CheckBook, kind: string) => runChecks(book).warnings.filter((w) => w.kind === kind);
const P = 'The quick brown fox jumps over the lazy dog while the patient reader follows every word of this sentence.';

describe('unknown style ids', () => {
  it('are quiet for ids the design defines, built-in ones included', () => {
    const book: CheckBook = {
      chapters: [{ id: 'c1', source: ['# Title', '', '## Appendix {style="appendix"}', '', ':::callout{type="note"}', 'Box.', ':::', '', ':::paragraphs{style="epigraph"}', P, ':::', '', `Press :chip[Save]{style="chip"}. ${P}`].join('\n') }],
      config: { headingStyles: [{ id: 'appendix' }], paragraphStyles: [{ id: 'epigraph' }] },
    };
    const found = runChecks(book).warnings.map((w) => w.kind);
    for (const kind of ['unknownHeadingStyle', 'unknownParagraphStyle', 'unknownCalloutType', 'unknownChipStyle']) expect(found).not.toContain(kind);
  });
  it('follow the design: declaring calloutStyles replaces the built-in note', () => {
    const book: CheckBook = { chapters: [{ id: 'c1', source: ['# Title', '', ':::callout{type="note"}', 'Box.', ':::'].join('\n') }], config: { calloutStyles: [{ id: 'aside' }] } };
    expect(kinds(book, 'unknownCalloutType')).toHaveLength(1);
  });
});

describe('numbering formats and paper runs', () => {
  it('accepts every spelling of a number format, and reports the unknown one', () => {
    const book = (format: string): CheckBook => ({ chapters: [{ id: 'c1', source: `# T\n\n:::numbering{format="${format}"}\n\n${P}` }] });
    for (const format of ['lower-roman', 'i', 'upper-alpha', 'decimal']) expect(kinds(book(format), 'numberingInvalidFormat')).toEqual([]);
    expect(kinds(book('fancy'), 'numberingInvalidFormat')).toHaveLength(1);
  });
  it('checks the paper attributes that have a set of values', () => {
    expect(paperProblems({ type: 'coatedGloss', grammage: '130', textureStrength: '2', showThrough: 'false' })).toEqual([]);
    expect(paperProblems({ grammage: 'heavy', textureStrength: '3', showThrough: 'yes' })).toHaveLength(3);
  });
});

describe('floats far from their reference', () => {
  it('stop at one page: a float on the page after its citation is not reported', () => {
    expect(MAX_PAGES_AFTER).toBe(1);
    const book = fixture('distantFloat');
    const warnings = kinds(book, 'distantFloat');
    // "plan" is cited on page 1 and set on page 2: only "section" (page 3) is reported.
    expect(warnings.map((w) => w.resource)).toEqual(['section']);
    // In two columns both figures find a slot within a page of their citation.
    expect(kinds({ ...book, config: {} }, 'distantFloat')).toEqual([]);
  });
});

describe('citations', () => {
  const block = (body: string, format?: string): RawBlock => ({ kind: 'rawBlock', id: 'b', name: 'references', attrs: format ? { format } : {}, body, bodyFrom: 0, closed: true, range: { from: 0, to: 0, line: 1, column: 1 } });
  it('reads the keys of BibTeX, CSL-JSON and CSL-YAML references, and says why a body cannot be read', () => {
    expect(referenceKeys(block('@comment{x}\n@book{a1, title={A}}\n@misc( b2 , title={B})'))).toEqual({ keys: ['a1', 'b2'] });
    expect(referenceKeys(block('[{"id": "c3"}, {"id": 4}]', 'csl-json'))).toEqual({ keys: ['c3', '4'] });
    expect(referenceKeys(block('- id: d5\n  title: D'))).toEqual({ keys: ['d5'] });
    expect(referenceKeys(block('[{"id": "c3"}', 'csl-json'))).toHaveProperty('problem');
    expect(referenceKeys(block('just words', 'bibtex'))).toHaveProperty('problem');
    expect(referenceKeys(block('@book{a, t={A}}', 'ris'))).toEqual({ problem: 'format="ris" is not bibtex, csl-json or csl-yaml' });
  });
  it('knows the front matter references of the first chapter for every chapter', () => {
    const book: CheckBook = {
      chapters: [
        { id: 'c1', source: `---\ntitle: Book\nreferences:\n  - id: doe2020\n    title: A work\n---\n\n# One\n\nAs [@doe2020] shows. ${P}` },
        { id: 'c2', source: `# Two\n\nAgain @doe2020 and [@roe2021]. ${P}` },
      ],
    };
    expect(kinds(book, 'unknownCitationKey').map((w) => [w.chapter, w.detail.includes('roe2021')])).toEqual([[2, true]]);
  });
});

describe('floats after the text', () => {
  it('one warning per chapter, at the first text-less page; none when the floats fit beside the text', () => {
    const [w] = kinds(fixture('afterText'), 'afterText');
    expect(w!.detail).toMatch(/^2 pages after/);
    expect(kinds(fixture('lowImageResolution'), 'afterText')).toEqual([]);
    expect(kinds(fixture('unknownResourceType'), 'afterText')).toEqual([]);
  });
  it('resource types: the built-in ones and those the design adds are known', () => {
    const book = fixture('unknownResourceType');
    expect(kinds({ ...book, resources: [{ ...book.resources![0]!, typeId: 'figure' }] }, 'unknownResourceType')).toEqual([]);
    expect(kinds({ ...book, config: { resourceTypes: [{ id: 'figure' }, { id: 'chart' }] } }, 'unknownResourceType')).toEqual([]);
  });
});

describe('hyphenation patterns', () => {
  it('are not asked for with hyphenation off, in languages that have them, nor in right-to-left scripts', () => {
    const book = (config: NonNullable<CheckBook['config']>): CheckBook => ({ chapters: [{ id: 'c1', source: `# T\n\n${P}` }], config });
    expect(kinds(book({ locale: 'tlh' }), 'noHyphenationPatterns')).toHaveLength(1);
    expect(kinds(book({ locale: 'tlh', bodyText: { hyphenation: { enabled: false } } }), 'noHyphenationPatterns')).toEqual([]);
    expect(kinds(book({ locale: 'de' }), 'noHyphenationPatterns')).toEqual([]);
    expect(kinds(book({ locale: 'ar' }), 'noHyphenationPatterns')).toEqual([]);
    expect(kinds(book({ locale: 'ja' }), 'noHyphenationPatterns')).toEqual([]);
  });
});

describe('settings', () => {
  it('a setting whose condition holds has an effect; one that cannot apply is reported', () => {
    const book = (layoutType: string): CheckBook => ({ chapters: [{ id: 'c1', source: `# T\n\n${P}` }], config: { layout: { layoutType, gutterWidth: '1cm' } } });
    expect(kinds(book('double'), 'settingWithoutEffect')).toEqual([]);
    const [w] = kinds(book('single'), 'settingWithoutEffect');
    expect(w).toMatchObject({ path: 'layout.gutterWidth', severity: 'info' });
    expect(w!.detail).toContain('layout.layoutType');
  });
  it('placeholders: known, prefixed and escaped ones pass; designIssues: false silences the check', () => {
    const book = (content: string, designIssues = true): CheckBook => ({
      chapters: [{ id: 'c1', source: `---\ntitle: Book\n---\n\n# T\n\n${P}` }],
      config: { footer: { elements: [{ kind: 'text', id: 'f', content }] }, debug: { warnings: { designIssues } } },
    });
    expect(kinds(book('{pageNumber} · {title} · {firstMark.h2} · {attr.subtitle} · \\{literal}'), 'unknownPlaceholder')).toEqual([]);
    const [w] = kinds(book('{chapterTitel}'), 'unknownPlaceholder');
    expect(w!.detail).toContain('Did you mean {chapterTitle}?');
    expect(kinds(book('{chapterTitel}', false), 'unknownPlaceholder')).toEqual([]);
  });
});

describe('fonts a print PDF cannot embed', () => {
  it('reads OS/2 fsType and names what the licence forbids', () => {
    expect(embeddingProblem(0)).toBeNull();
    expect(embeddingProblem(0x0002)).toMatch(/forbids embedding/);
    // A less restrictive bit wins (OpenType: preview & print, editable).
    expect(embeddingProblem(0x0002 | 0x0004)).toBeNull();
    expect(embeddingProblem(0x0008)).toBeNull();
    expect(embeddingProblem(0x0100)).toMatch(/subsetting/);
    expect(embeddingProblem(0x0200)).toMatch(/bitmaps/);
    expect(fsTypeOf(new Uint8Array(4))).toBe(0);
  });
  it('only in books set up for print, and not with print.preflight.checkFonts off', () => {
    const book = fixture('fontNotEmbeddable');
    expect(kinds(book, 'fontNotEmbeddable')).toHaveLength(1);
    expect(kinds({ ...book, config: { ...book.config, print: { standard: 'none' } } }, 'fontNotEmbeddable')).toEqual([]);
    expect(kinds({ ...book, config: { ...book.config, print: { standard: 'pdfx4', preflight: { checkFonts: false } } } }, 'fontNotEmbeddable')).toEqual([]);
    // The bundled faces allow embedding.
    expect(kinds({ ...book, faces: [] }, 'fontNotEmbeddable')).toEqual([]);
  });
});
