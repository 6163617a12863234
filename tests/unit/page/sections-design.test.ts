/**
 * Parts and styled sections beyond their geometry (configuration.md §5.5, §13.5, §13.6; document-format
 * §7.2, §8.3): the part placeholders of designed running heads, what a blank separator page
 * carries, and where a `:::numbering` at a chapter's top lands.
 */
import { describe, expect, it } from 'vitest';
import type { StoredConfig } from '../../../src/worker/config';
import { EngineCache } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem, PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { dump, run, runs } from './helpers';

const para = (n: number): string => Array.from({ length: n }, (_, i) => `Paragraph ${i} of the lantern keeper, who wrote down every ship that passed the light.`.repeat(3)).join('\n\n');
/** Runs outside the body: the running heads and folios (generated text has no line info). */
const furnitureRuns = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line === undefined);
const furnitureText = (page: PageDisplayList): string[] => furnitureRuns(page).map((r) => r.text);

const headerWith = (content: string, pages: string = 'all'): StoredConfig['header'] => ({
  elements: [{ kind: 'text', id: 'h', content, pages, fontFamily: 'Open Sans', placement: { anchor: { to: 'container', edge: 'bottom-left' }, offset: { y: { value: -10, unit: 'pt' } } } }],
});

describe('{partTitle} and {partNumber} (configuration.md §5.5)', () => {
  const settings = settingsFromConfig({ header: headerWith('[{partNumber}|{partTitle}]') });
  const chapters = [
    { id: 'a', title: '', source: `# Before\n\n${para(6)}` },
    { id: 'b', title: '', source: `:::part{number="II" title="Lights \\\\ and Wicks"}\n:::\n\n# The lantern\n\n${para(12)}` },
    { id: 'c', title: '', source: `# The wick\n\n${para(6)}` },
  ];
  const layout = run({ title: 'Book', settings, chapters });

  it('print the current part on its page and every page after it, across chapter files', () => {
    const part = layout.pages.find((p) => p.role === 'part')!;
    expect(part).toBeDefined();
    const after = layout.pages.filter((p) => p.index >= part.index);
    expect(after.some((p) => p.chapter === 'c')).toBe(true);
    for (const page of after) expect(furnitureText(page), `page ${page.index} ${page.role}`).toContain('[II|Lights and Wicks]');
  });

  it('print nothing before the first part (and not on the blank separator before its page)', () => {
    const part = layout.pages.find((p) => p.role === 'part')!;
    const before = layout.pages.filter((p) => p.index < part.index);
    expect(before.length).toBeGreaterThan(0);
    for (const page of before) expect(furnitureText(page), `page ${page.index}`).toContain('[|]');
  });

  it('an edit in the part chapter reaches the next chapter incrementally (memo key)', () => {
    const cache = new EngineCache();
    run({ title: 'Book', settings, chapters }, cache);
    const edited = [chapters[0]!, { ...chapters[1]!, source: chapters[1]!.source.replace('number="II"', 'number="III"') }, chapters[2]!];
    const incremental = run({ title: 'Book', settings, chapters: edited }, cache);
    expect(dump(incremental)).toBe(dump(run({ title: 'Book', settings, chapters: edited })));
    const last = incremental.pages[incremental.pages.length - 1]!;
    expect(last.chapter).toBe('c');
    expect(furnitureText(last)).toContain('[III|Lights and Wicks]');
  });
});

describe('a blank separator page before a styled section (configuration.md §13.6, §5.1)', () => {
  it('keeps the slots in force before the section: the section draws from its heading page on', () => {
    const config: StoredConfig = {
      header: headerWith('DOC {pageNumber}'),
      headingStyles: [{ id: 'appendix', breakBefore: { enabled: true, parity: 'odd' }, header: headerWith('APPX {pageNumber}') }],
    };
    const settings = settingsFromConfig(config);
    // Enough text that the section's heading needs a parity blank before it, whatever the page count.
    const layout = (n: number) => run({ title: 'B', settings, chapters: [{ id: 'a', title: '', source: `# Main\n\n${para(n)}\n\n# Tables {style="appendix"}\n\n${para(4)}` }] });
    const book = [4, 5, 6, 7, 8, 9].map(layout).find((l) => l.pages.some((p) => p.role === 'blank'))!;
    expect(book).toBeDefined();
    const blank = book.pages.find((p) => p.role === 'blank')!;
    const heading = book.pages[book.pages.indexOf(blank) + 1]!;
    expect(furnitureText(blank)).toContain(`DOC ${blank.label}`);
    expect(furnitureText(blank).some((t) => t.startsWith('APPX'))).toBe(false);
    expect(furnitureText(heading)).toContain(`APPX ${heading.label}`);
  });
});

describe(':::numbering at the top of a chapter (document-format §7.2)', () => {
  it('startAt numbers the chapter\'s first page, not the blank separator a parity break puts before it', () => {
    const settings = settingsFromConfig({});
    // The first chapter fills an odd number of pages so the second must pad to a recto.
    const first = [1, 2, 3, 4, 5, 6].map((n) => `# Preface\n\n${para(n)}`).find((source) => run({ title: 'B', settings, chapters: [{ id: 'a', title: '', source }] }).pages.length % 2 === 1)!;
    expect(first).toBeDefined();
    const layout = run({
      title: 'B',
      settings,
      chapters: [
        { id: 'a', title: '', source: `:::numbering{format="lower-roman" startAt=1}\n\n${first}` },
        { id: 'b', title: '', source: `:::numbering{format="decimal" startAt=1}\n\n# Chapter One\n\n${para(3)}` },
      ],
    });
    const b = layout.chapters[1]!.pages;
    const opener = b.find((p) => p.role === 'opener')!;
    expect(b[0]!.role).toBe('blank');
    expect(opener.label).toBe('1');
    // The blank separator continues the front matter's numbering.
    const lastOfA = layout.chapters[0]!.pages[layout.chapters[0]!.pages.length - 1]!;
    expect(lastOfA.label).toMatch(/^[ivx]+$/);
    expect(b[0]!.label).toMatch(/^[ivx]+$/);
  });
});
