/**
 * What every build counts book-wide, and how it enters each chapter's memo key:
 *
 * - the structural blocks a chapter's walks read (headings, container starts, directives) are
 *   listed once per parse, in reading order (page/structural-blocks.ts);
 * - the long book-wide parts of the keys (every heading target, every reference text) go in by a
 *   short id (`EngineCache.latestId`): the same id while the text is the same — an edit in one
 *   chapter leaves the others' layouts as they were — and a new one when it changes (a renamed
 *   heading cited from another chapter relays that chapter out, equal to a fresh layout);
 * - a chapter printing pages keys only the labels it reads (the contents' rows, anchored blocks):
 *   pages moving under other blocks leave it as it was; with `crossRefs.defaultStyle: 'page'` a
 *   plain reference prints its target's page (it printed "p. ?": no chapter counted as printing
 *   pages, so none was laid out again once the labels were known).
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, type BookInput } from '../../../src/worker/engine';
import { parseChapter } from '../../../src/worker/engine/parse';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { structuralBlocks } from '../../../src/worker/engine/page/structural-blocks';
import { BookStructureMemo } from '../../../src/worker/engine/page/book-structure-memo';
import { bookStructure } from '../../../src/worker/engine/page/book';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, run } from './helpers';

describe('book-wide keys', () => {
  it('latestId: one id per run of equal texts, never one id for two texts', () => {
    const cache = new EngineCache();
    const a = cache.latestId('targets', 'A'.repeat(5000));
    expect(cache.latestId('targets', 'A'.repeat(5000))).toBe(a);
    const b = cache.latestId('targets', 'B');
    expect(b).not.toBe(a);
    // Back to the first text: a new id (only the last text is kept), not b's.
    const again = cache.latestId('targets', 'A'.repeat(5000));
    expect(again).not.toBe(a);
    expect(again).not.toBe(b);
    // Slots are apart: the same text in another slot has its own id.
    expect(cache.latestId('book', 'B')).not.toBe(cache.latestId('targets', 'B'));
  });

  it('structural blocks: headings, container starts and directives, in order, once per parse', () => {
    const source = ['# One {#one}', 'Text.', ':::callout{type=note}', 'Inside.', ':::', '## Two', '- a list', ':::toc', 'More text.', ':::part{title="P"}', ':::', '### Three'].join('\n\n') + '\n';
    const parsed = parseChapter(source, { chapterId: 'c', isFirstChapter: true });
    const listed = structuralBlocks(parsed);
    expect(listed.map((b) => b.kind)).toEqual(parsed.blocks.filter((b) => b.kind === 'heading' || b.kind === 'containerStart' || b.kind === 'directive').map((b) => b.kind));
    expect(listed.filter((b) => b.kind === 'heading').map((b) => b.plainText)).toEqual(['One', 'Two', 'Three']);
    expect(listed.some((b) => b.kind === 'directive' && b.name === 'toc')).toBe(true);
    expect(listed.some((b) => b.kind === 'containerStart' && b.name === 'callout')).toBe(true);
    expect(structuralBlocks(parsed)).toBe(listed);
  });

  it('an edit in one chapter keeps the other chapters’ layouts; a renamed heading cited elsewhere relays the citing chapter', () => {
    const random = mulberry32(3);
    const chapter = (c: number, extra: string): string => [`# Chapter ${c + 1} {#ch${c}}`, ...Array.from({ length: 12 }, () => paragraph(random)), extra, `## Later in ${c + 1} {#later${c}}`, paragraph(random)].join('\n\n') + '\n';
    let input: BookInput = {
      title: 'Keys',
      settings: defaultSettings(),
      chapters: [
        { id: 'a', title: '', source: chapter(0, 'As :ref{id="later2"} tells.') },
        { id: 'b', title: '', source: chapter(1, 'Nothing cited here.') },
        { id: 'c', title: '', source: chapter(2, 'Nor here.') },
      ],
    };
    const cache = new EngineCache();
    const first = run(input, cache);
    // Words typed in chapter b: a and c are the very layouts of the build before.
    input = { ...input, chapters: input.chapters.map((ch) => (ch.id === 'b' ? { ...ch, source: ch.source.replace('Nothing cited here.', 'Nothing cited here, nor there.') } : ch)) };
    const second = run(input, cache);
    expect(second.chapters[0]).toBe(first.chapters[0]);
    expect(second.chapters[2]).toBe(first.chapters[2]);
    expect(second.chapters[1]).not.toBe(first.chapters[1]);
    // The heading chapter a cites renamed in chapter c: chapter a prints the new title.
    input = { ...input, chapters: input.chapters.map((ch) => (ch.id === 'c' ? { ...ch, source: ch.source.replace('## Later in 3 {#later2}', '## Much later in 3 {#later2}') } : ch)) };
    const third = run(input, cache);
    expect(third.chapters[0]).not.toBe(second.chapters[0]);
    const text = (layout: typeof third) => layout.chapters[0]!.pages.flatMap((p) => p.items.map((i) => ('text' in i ? i.text : ''))).join(' ');
    expect(text(third)).toContain('Much');
    expect(text(second)).not.toContain('Much');
    expect(dump(third)).toBe(dump(run(input, new EngineCache(false))));
  });

  /** The label of the page where a block's first glyph run is. */
  const labelOf = (layout: ReturnType<typeof run>, chapter: string, block: string): string | undefined => layout.pages.find((p) => p.items.some((i) => 'line' in i && i.line?.block === block && i.chapter === chapter))?.label;
  const chapterText = (layout: ReturnType<typeof run>, c: number): string => layout.chapters[c]!.pages.flatMap((p) => p.items.map((i) => ('text' in i ? i.text : ''))).join(' ');

  it('crossRefs.defaultStyle page: a plain reference prints its target’s page, and follows it', () => {
    const random = mulberry32(4);
    const settings = defaultSettings();
    settings.crossRefs = { ...settings.crossRefs, defaultStyle: 'page' };
    const chapter = (c: number, extra: string): string => [`# Chapter ${c + 1}`, extra, ...Array.from({ length: 6 }, () => paragraph(random)), `## Target ${c} {#t${c}}`, paragraph(random)].join('\n\n') + '\n';
    let input: BookInput = { title: 'Pages', settings, chapters: [{ id: 'a', title: '', source: chapter(0, 'See :ref{id="t2"}.') }, { id: 'b', title: '', source: chapter(1, 'Nothing.') }, { id: 'c', title: '', source: chapter(2, 'Nothing.') }] };
    const cache = new EngineCache();
    const first = run(input, cache);
    const target = (layout: ReturnType<typeof run>): string => labelOf(layout, 'c', first.chapters[2]!.pages.flatMap((p) => p.items).find((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.text.startsWith('Target'))!.line!.block)!;
    expect(chapterText(first, 0)).toMatch(new RegExp(`See p\\.[\\s\\u00a0]+${target(first)} `));
    // Chapter b grows by pages: the reference in chapter a follows its target.
    input = { ...input, chapters: input.chapters.map((ch) => (ch.id === 'b' ? { ...ch, source: ch.source + Array.from({ length: 30 }, () => paragraph(random)).join('\n\n') + '\n' } : ch)) };
    const grown = run(input, cache);
    expect(target(grown)).not.toBe(target(first));
    expect(chapterText(grown, 0)).toMatch(new RegExp(`See p\\.[\\s\\u00a0]+${target(grown)} `));
    expect(dump(grown)).toBe(dump(run(input, new EngineCache(false))));
  });

  it('a contents chapter is not laid out again when only pages of blocks it does not list move', () => {
    const random = mulberry32(9);
    const chapter = (c: number): string => [`# Chapter ${c + 1}`, ...Array.from({ length: 8 }, () => paragraph(random)), `## Part ${c + 1}.1`, ...Array.from({ length: 4 }, () => paragraph(random))].join('\n\n') + '\n';
    let input: BookInput = { title: 'Contents', settings: defaultSettings(), chapters: [{ id: 'toc', title: '', source: '# Contents\n\n:::toc\n' }, ...[0, 1].map((c) => ({ id: `c${c}`, title: '', source: chapter(c) }))] };
    const cache = new EngineCache();
    const first = run(input, cache);
    // (The contents list the chapters' H1s.)
    expect(chapterText(first, 0)).toContain('Chapter 2');
    // Two paragraphs more at the very end of the book: new blocks with labels, no heading moved.
    input = { ...input, chapters: input.chapters.map((ch) => (ch.id === 'c1' ? { ...ch, source: `${ch.source}\n${paragraph(random)}\n\n${paragraph(random)}\n` } : ch)) };
    const second = run(input, cache);
    expect(second.chapters[0]).toBe(first.chapters[0]);
    expect(dump(second)).toBe(dump(run(input, new EngineCache(false))));
    // Forty paragraphs more in the first chapter push the second one’s opening on: the contents follow.
    input = { ...input, chapters: input.chapters.map((ch) => (ch.id === 'c0' ? { ...ch, source: `${ch.source}\n${Array.from({ length: 40 }, () => paragraph(random)).join('\n\n')}\n` } : ch)) };
    const third = run(input, cache);
    expect(third.chapters[0]).not.toBe(second.chapters[0]);
    expect(dump(third)).toBe(dump(run(input, new EngineCache(false))));
  });

  it('the book structure is counted again only when a chapter changed what it is counted from', () => {
    const random = mulberry32(12);
    const memo = new BookStructureMemo();
    const settings = defaultSettings();
    const source = [`# One {#one}`, paragraph(random), 'As :ref{id="two"} says, and :ref{id="fig"}.', paragraph(random), '## Two {#two}', paragraph(random)].join('\n\n') + '\n';
    const parse = (text: string) => parseChapter(text, { chapterId: 'c', isFirstChapter: true });
    let counted = 0;
    const structureOf = (text: string) => {
      const chapters = [parse(text)];
      return { chapters, structure: memo.structure(chapters, settings, undefined, () => (counted++, bookStructure(chapters, settings))) };
    };
    const first = structureOf(source);
    expect(counted).toBe(1);
    // Words typed in a paragraph: the same structure, holding the new parse.
    const typed = structureOf(source.replace('As :ref', 'Indeed, as :ref'));
    expect(counted).toBe(1);
    expect(typed.structure.headings).toBe(first.structure.headings);
    expect(typed.structure.chapters).toBe(typed.chapters);
    // Each of these changes what the structure is counted from.
    const changes: [string, string][] = [
      ['a heading renamed', source.replace('## Two {#two}', '## Two and a half {#two}')],
      ['the level of a heading', source.replace('## Two {#two}', '### Two {#two}')],
      ['an anchor added', source.replace(paragraph(mulberry32(12)), `[kept words]{#kept} ${paragraph(mulberry32(12))}`)],
      ['a mention moved after another', source.replace('As :ref{id="two"} says, and :ref{id="fig"}.', 'As :ref{id="fig"} says, and :ref{id="two"}.')],
      ['a page reference', source.replace(':ref{id="two"}', ':ref{id="two" style="page"}')],
      ['a heading attribute', source.replace('## Two {#two}', '## Two {#two numbered=false}')],
    ];
    for (const [name, text] of changes) {
      expect(text, name).not.toBe(source);
      const before = counted;
      structureOf(text);
      expect(counted, name).toBe(before + 1);
      structureOf(source);
    }
  });
});
