/**
 * What every build counts book-wide, and how it enters each chapter's memo key:
 *
 * - the structural blocks a chapter's walks read (headings, container starts, directives) are
 *   listed once per parse, in reading order (page/structural-blocks.ts);
 * - the long book-wide parts of the keys (every heading target, every reference text) go in by a
 *   short id (`EngineCache.latestId`): the same id while the text is the same — an edit in one
 *   chapter leaves the others' layouts as they were — and a new one when it changes (a renamed
 *   heading cited from another chapter relays that chapter out, equal to a fresh layout).
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, type BookInput } from '../../../src/worker/engine';
import { parseChapter } from '../../../src/worker/engine/parse';
import { structuralBlocks } from '../../../src/worker/engine/page/structural-blocks';
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
});
