/**
 * How the parser reads code (configuration.md §13.3, document-format §5.7):
 * - `codeStyle.blocks` (default true): false, the reading of books before 1.23 (bundle-format §9 pin),
 *   reads a ```` ``` ```` / `~~~` fence line as Markdown text: no listing, no `unclosedCodeBlock`,
 *   and the lines between the fences are paragraphs, headings… like any other.
 * - `codeStyle.indentedCode` (default false): true reads lines four columns in (a tab to the next
 *   multiple of 4) after a blank line as a listing without a fence; they lose those four columns.
 * Both are read from the configuration into `settings.listing`, declared applied, key the parse cache
 * (engine/index.ts parseCached) and reach the EPUB/DOCX export (export/epub/book-model.ts).
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, parseCached, type LayoutSettings } from '../../../src/worker/engine';
import { settingsNotApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { codeLineStarts, parseChapter, type Block } from '../../../src/worker/engine/parse';
import { exportModel } from '../../../src/worker/export/epub/book-model';
import { defaultCodeListing } from '../../../src/worker/engine/settings-code';
import { oneChapterBook, run, runs } from '../page/helpers';

const parse = (source: string, options: { codeBlocks?: boolean; indentedCode?: boolean } = {}) => parseChapter(source, { chapterId: 'c', isFirstChapter: false, ...options });
const kinds = (blocks: readonly Block[]) => blocks.map((b) => b.kind);
const codeOf = (blocks: readonly Block[]) => blocks.find((b): b is Extract<Block, { kind: 'code' }> => b.kind === 'code');

const withListing = (extra: { blocks?: false; indentedCode?: true }): LayoutSettings => {
  const s = defaultSettings();
  return { ...s, listing: { ...defaultCodeListing(s.body.style.size, s.body.style.colour, s.body.lineHeight), ...extra } };
};

describe('codeStyle.blocks', () => {
  const fenced = 'Before.\n\n```js\n# Not a heading\nlet x = 1;\n```\n\nAfter.';

  it('reads a fence as a listing by default', () => {
    const { blocks } = parse(fenced);
    expect(kinds(blocks)).toEqual(['paragraph', 'code', 'paragraph']);
    expect(codeOf(blocks)?.text).toBe('# Not a heading\nlet x = 1;');
  });

  it('false: the fence lines are Markdown text and what lies between them is read as Markdown', () => {
    const { blocks, diagnostics } = parse(fenced, { codeBlocks: false });
    // ```js, the heading, then `let x = 1;` glued to the closing ``` (one paragraph).
    expect(kinds(blocks)).toEqual(['paragraph', 'paragraph', 'heading', 'paragraph', 'paragraph']);
    const heading = blocks[2]!;
    expect(heading.kind === 'heading' ? heading.plainText : '').toBe('Not a heading');
    // A fence no longer ends the paragraph above it, and an unclosed one warns of nothing.
    const glued = parse('Text above\n~~~\nnever closed', { codeBlocks: false });
    expect(kinds(glued.blocks)).toEqual(['paragraph']);
    expect(glued.diagnostics.map((d) => d.kind)).not.toContain('unclosedCodeBlock');
    expect(diagnostics.map((d) => d.kind)).not.toContain('unclosedCodeBlock');
    expect(parse('```\nopen', {}).diagnostics.map((d) => d.kind)).toContain('unclosedCodeBlock');
  });
});

describe('codeStyle.indentedCode', () => {
  const indented = 'Text.\n\n    let a = 1;\n\n      two\n    \tthree\n\nAfter.';

  it('is off by default: indented lines are a paragraph', () => {
    expect(kinds(parse(indented).blocks)).toEqual(['paragraph', 'paragraph', 'paragraph', 'paragraph']);
  });

  it('true: lines four columns in after a blank line are one listing, four columns stripped, blank lines inside kept', () => {
    const { blocks } = parse(indented, { indentedCode: true });
    expect(kinds(blocks)).toEqual(['paragraph', 'code', 'paragraph']);
    const code = codeOf(blocks)!;
    expect(code.text).toBe('let a = 1;\n\n  two\n\tthree');
    expect(code.fence).toBe('');
    expect(code.lang).toBe('');
    // Every line start points at its first kept character in the source.
    const starts = codeLineStarts(code);
    code.text.split('\n').forEach((line, i) => expect(indented.slice(starts[i]!, starts[i]! + line.length)).toBe(line));
    expect(indented.slice(code.range.from, code.range.to)).toBe('let a = 1;\n\n      two\n    \tthree');
  });

  it('a tab counts as four columns; an indented line glued under a paragraph stays in it; a nested list item stays a list item', () => {
    expect(codeOf(parse('Text.\n\n\tx = 1', { indentedCode: true }).blocks)?.text).toBe('x = 1');
    expect(kinds(parse('Text\n    still the paragraph', { indentedCode: true }).blocks)).toEqual(['paragraph']);
    expect(kinds(parse('- one\n\n    - nested', { indentedCode: true }).blocks)).toEqual(['listItem', 'listItem']);
    // At the top of the chapter there is no line above: a listing.
    expect(kinds(parse('    first', { indentedCode: true }).blocks)).toEqual(['code']);
  });
});

describe('code reading in the engine and the export', () => {
  it('is read from the configuration and declared applied', () => {
    const s = settingsFromConfig({ codeStyle: { blocks: false, indentedCode: true } });
    expect(s.listing?.blocks).toBe(false);
    expect(s.listing?.indentedCode).toBe(true);
    const d = settingsFromConfig({});
    expect(d.listing?.blocks).toBeUndefined();
    expect(d.listing?.indentedCode).toBeUndefined();
    const unapplied = settingsNotApplied({ codeStyle: { blocks: false, indentedCode: true } }).map((w) => w.path);
    expect(unapplied).not.toContain('codeStyle.blocks');
    expect(unapplied).not.toContain('codeStyle.indentedCode');
  });

  it('parses the chapter again when either setting changes (the parse cache is keyed by both)', () => {
    const cache = new EngineCache();
    const chapter = { id: 'ch1', title: '', source: '```\ncode\n```\n\n    indented' };
    const plain = parseCached(chapter, true, cache, defaultSettings());
    expect(kinds(plain.blocks)).toEqual(['code', 'paragraph']);
    expect(parseCached(chapter, true, cache, defaultSettings())).toBe(plain);
    expect(kinds(parseCached(chapter, true, cache, withListing({ indentedCode: true })).blocks)).toEqual(['code', 'code']);
    expect(kinds(parseCached(chapter, true, cache, withListing({ blocks: false })).blocks)).toEqual(['paragraph', 'paragraph']);
    expect(kinds(parseCached(chapter, true, cache, defaultSettings()).blocks)).toEqual(['code', 'paragraph']);
  });

  it('sets an indented listing in the code face, its rows mapped to their source', () => {
    const source = 'Text.\n\n    let a = 1;\n    let b = 2;\n\nAfter.';
    const on = run(oneChapterBook(source, withListing({ indentedCode: true })));
    // Listing rows keep their spaces as no-break spaces (verbatim text).
    const rows = on.pages.flatMap((p) => runs(p)).filter((r) => r.text.startsWith('let'));
    expect(rows.map((r) => r.text.replace(/\u00a0/g, ' '))).toEqual(['let a = 1;', 'let b = 2;']);
    expect(rows.every((r) => r.font.startsWith('source-code-pro') && r.srcFrom === source.indexOf(r.text.replace(/\u00a0/g, ' ')))).toBe(true);
    const off = run(oneChapterBook(source));
    const bodyText = off.pages.flatMap((p) => runs(p)).filter((r) => r.line?.role === 'body').map((r) => r.text).join('');
    expect(bodyText).toContain('let a = 1; let b = 2;');
  });

  it('reaches the export: the chapters are parsed as the layout parses them', () => {
    const book = (extra: { codeBlocks?: boolean; indentedCode?: boolean }) => ({ id: 'b', name: 'B', locale: 'en', chapters: [{ id: 'a', title: 'A', text: '```\nx\n```\n\n    y' }], resources: [], ...extra });
    expect(kinds(exportModel(book({})).chapters[0]!.blocks)).toEqual(['code', 'paragraph']);
    expect(kinds(exportModel(book({ codeBlocks: false, indentedCode: true })).chapters[0]!.blocks)).toEqual(['paragraph', 'code']);
  });
});
