/**
 * `bodyText.hardLineBreaks` (configuration.md §6.1, document-format §5.3, default true): a source line
 * ending in `\` (or `\\`), or `\\` before a space mid-line, is a forced line break; false (books before
 * 1.23, bundle-format §9 pin) prints the backslashes and joins the lines with a space. Two trailing
 * spaces are never a break (§5.3). Headings and verse keep their `\\ ` breaks. The parse cache
 * (engine/index.ts parseCached) is keyed by the setting, so toggling it parses the chapter again.
 * Resource captions and notes (§12.5, resources/snippet.ts) and the EPUB/DOCX export (export/epub/
 * book-model.ts) read the same setting.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, parseCached, type LayoutSettings } from '../../../src/worker/engine';
import { settingsNotApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { parseChapter, type Block, type Inline } from '../../../src/worker/engine/parse';
import { prepareResources } from '../../../src/worker/engine';
import { parseSnippet } from '../../../src/worker/engine/resources/snippet';
import { exportModel, snippetInlines } from '../../../src/worker/export/epub/book-model';
import { writeEpub, type ExportBookInput } from '../../../src/worker/export/epub';
import { writeDocx } from '../../../src/worker/export/docx';
import JSZip from 'jszip';
import { dump, oneChapterBook, run, runs } from '../page/helpers';

const inlinesOf = (block: Block | undefined): Inline[] => (block && 'inlines' in block ? (block.inlines as Inline[]) : []);
const kinds = (block: Block | undefined): string[] => inlinesOf(block).map((i) => i.kind);
const text = (block: Block | undefined): string => inlinesOf(block).map((i) => (i.kind === 'text' ? i.text : i.kind === 'hardBreak' ? '⏎' : '')).join('');

const parse = (source: string, hardLineBreaks?: boolean) => parseChapter(source, { chapterId: 'c', isFirstChapter: false, hardLineBreaks });

const noBreaks = (): LayoutSettings => {
  const s = defaultSettings();
  return { ...s, body: { ...s.body, hardLineBreaks: false } };
};

describe('bodyText.hardLineBreaks', () => {
  it('reads a trailing backslash and a mid-line `\\\\ ` as breaks by default, as text when false', () => {
    const source = 'First line\\\nsecond line \\\\ third.\n\n> Quoted\\\n> on.\n\n- item \\\\ turned\n\n[^n]: A note\\\nbroken.';
    const on = parse(source);
    expect(text(on.blocks[0])).toBe('First line⏎second line⏎third.');
    expect(kinds(on.blocks[1])).toContain('hardBreak');
    expect(kinds(on.blocks[2])).toContain('hardBreak');
    expect(kinds(on.blocks[3])).toContain('hardBreak');
    const off = parse(source, false);
    expect(text(off.blocks[0])).toBe('First line\\ second line \\\\ third.');
    expect(text(off.blocks[1])).toBe('Quoted\\ on.');
    expect(text(off.blocks[2])).toBe('item \\\\ turned');
    expect(text(off.blocks[3])).toBe('A note\\ broken.');
    for (const b of off.blocks) expect(kinds(b)).not.toContain('hardBreak');
  });

  it('never breaks at two trailing spaces; headings and verse keep their breaks when false', () => {
    expect(text(parse('Two spaces  \nthen more.').blocks[0])).toBe('Two spaces then more.');
    const off = parse('# Title \\\\ part two\n\n:::verse\nOne \\\\ two\n:::', false);
    expect(kinds(off.blocks[0])).toContain('hardBreak');
    const verse = off.blocks[1]!;
    expect(verse.kind).toBe('verse');
    const line = verse.kind === 'verse' ? verse.stanzas[0]![0]! : undefined;
    expect(line?.inlines.map((i) => i.kind)).toContain('hardBreak');
  });

  it('is read from the configuration and declared applied', () => {
    expect(settingsFromConfig({ bodyText: { hardLineBreaks: false } }).body.hardLineBreaks).toBe(false);
    expect(settingsFromConfig({}).body.hardLineBreaks).toBeUndefined();
    expect(settingsNotApplied({ bodyText: { hardLineBreaks: false } }).map((w) => w.path)).not.toContain('bodyText.hardLineBreaks');
  });

  it('parses the chapter again when the setting changes (the parse cache is keyed by it)', () => {
    const cache = new EngineCache();
    const chapter = { id: 'ch1', title: '', source: 'Line one\\\nline two.' };
    const on = parseCached(chapter, true, cache, defaultSettings());
    expect(kinds(on.blocks[0])).toContain('hardBreak');
    expect(parseCached(chapter, true, cache, defaultSettings())).toBe(on);
    const off = parseCached(chapter, true, cache, noBreaks());
    expect(kinds(off.blocks[0])).not.toContain('hardBreak');
    expect(kinds(parseCached(chapter, true, cache, defaultSettings()).blocks[0])).toContain('hardBreak');
  });

  it('sets the backslash and runs the lines on when false; a cached layout toggled equals a fresh one', () => {
    const source = '# Breaks\n\nA short line\\\nand the next one.\n';
    const cache = new EngineCache();
    const broken = run(oneChapterBook(source), cache);
    const body = (layout: ReturnType<typeof run>) => layout.pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'body'));
    const baselines = (layout: ReturnType<typeof run>) => new Set(body(layout).map((r) => r.y)).size;
    expect(baselines(broken)).toBe(2);
    expect(body(broken).map((r) => r.text).join('')).not.toContain('\\');
    const joined = run(oneChapterBook(source, noBreaks()), cache);
    expect(baselines(joined)).toBe(1);
    expect(body(joined).map((r) => r.text).join('')).toContain('line\\ and');
    expect(dump(joined)).toBe(dump(run(oneChapterBook(source, noBreaks()))));
    expect(dump(run(oneChapterBook(source), cache))).toBe(dump(broken));
  });

  it('breaks a caption at a trailing backslash or `\\\\ ` by default; prints them when false (§12.5)', () => {
    const snippet = (t: string, on?: boolean) => parseSnippet(t, on).map((i) => (i.kind === 'text' ? i.text : i.kind === 'hardBreak' ? '⏎' : '')).join('');
    expect(snippet('A caption\\\nsecond line')).toBe('A caption⏎second line');
    expect(snippet('A caption\\  \nsecond line')).toBe('A caption⏎second line');
    expect(snippet('Mid \\\\ break')).toBe('Mid⏎break');
    expect(snippet('Ends\\')).toBe('Ends\\');
    expect(snippet('A caption\\\nsecond line', false)).toBe('A caption\\ second line');
    expect(snippet('Mid \\\\ break', false)).toBe('Mid \\\\ break');
    // The export's snippets read the same way.
    const exported = (t: string, on: boolean) => snippetInlines(t, on).map((i) => (i.kind === 'text' ? i.text : i.kind === 'hardBreak' ? '⏎' : '')).join('');
    expect(exported('A caption\\\nsecond line', true)).toBe('A caption⏎second line');
    expect(exported('A caption\\\nsecond line', false)).toBe('A caption\\ second line');
    expect(exported('Mid \\\\ break', false)).toBe('Mid \\\\ break');
  });

  it('sets a figure caption on one line with its backslash when false, on two by default', () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="24" viewBox="0 0 40 24"><rect width="40" height="24" fill="#ff0000"/></svg>');
    const caption = (config: Parameters<typeof prepareResources>[1], settings: LayoutSettings) => {
      const book = { ...oneChapterBook('Text.\n\n::resource{id="red"}\n\nMore.', settings), resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'Red\\\nfield', placement: { position: 'here' } }, payload: svg }], config) };
      return run(book).pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'caption'));
    };
    const broken = caption({}, defaultSettings());
    expect(new Set(broken.map((r) => r.y)).size).toBe(2);
    expect(broken.map((r) => r.text).join('')).not.toContain('\\');
    const joined = caption({ bodyText: { hardLineBreaks: false } }, noBreaks());
    expect(new Set(joined.map((r) => r.y)).size).toBe(1);
    expect(joined.map((r) => r.text).join('')).toContain('Red\\');
  });

  it('exports EPUB and DOCX text and captions with the backslashes when false, with breaks by default', async () => {
    const book = (hardLineBreaks?: boolean): ExportBookInput => ({
      id: 'b',
      name: 'B',
      locale: 'en',
      chapters: [{ id: 'a', title: 'A', text: '# A\n\nFirst line\\\nsecond line \\\\ third.\n\n::resource{id="t"}\n' }],
      resources: [{ record: { id: 't', typeId: 'table', kind: 'table', caption: 'Cap\\\ntion', table: { model: { rows: [[{ content: 'x' }]], headerRowCount: 0 } } } }],
      ...(hardLineBreaks === undefined ? {} : { hardLineBreaks }),
    });
    const paragraph = (b: ExportBookInput) => text(exportModel(b).chapters[0]!.blocks.find((x) => x.kind === 'paragraph'));
    expect(paragraph(book())).toBe('First line⏎second line⏎third.');
    expect(paragraph(book(false))).toBe('First line\\ second line \\\\ third.');
    const xhtml = async (b: ExportBookInput) => (await JSZip.loadAsync((await writeEpub(b, { modified: new Date('2026-01-02T03:04:05Z') })).bytes)).file('OEBPS/text/chapter-001.xhtml')!.async('string');
    const on = await xhtml(book());
    expect(on).toContain('First line<br/>');
    expect(on).toMatch(/<figcaption>[^<]*Cap<br\/>/);
    const off = await xhtml(book(false));
    expect(off).not.toContain('<br/>');
    expect(off).toContain('First line\\ second line \\\\ third.');
    expect(off).toMatch(/<figcaption>[^<]*Cap\\ tion/);
    // DOCX: a <w:br/> in the paragraph and the caption by default; none, and the backslashes as text, when false.
    const documentXml = async (b: ExportBookInput) => (await JSZip.loadAsync((await writeDocx(b)).bytes)).file('word/document.xml')!.async('string');
    const docOn = await documentXml(book());
    expect(docOn.match(/<w:br\/>/g)?.length).toBeGreaterThanOrEqual(3);
    const docOff = await documentXml(book(false));
    expect(docOff).not.toContain('<w:br/>');
    expect(docOff).toContain('First line\\ second line \\\\ third.');
    expect(docOff).toContain('Cap\\ tion');
  });
});
