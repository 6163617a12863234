/**
 * A chapter parsed with its previous parse (parse/inline-memo.ts reuses the inlines of blocks whose
 * text did not change) equals a parse from nothing: same blocks, ranges, offsets, inlines and
 * diagnostics, in the same order, after chains of seeded edits anywhere (inside a paragraph, across
 * block boundaries, adding markup that changes the block structure).
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseChapter, type ParsedChapter } from '../../../src/worker/engine/parse/index';
import { mulberry32, paragraph } from '../../support/prose';

const SEED = 20261203;

/** Edits that keep or break the block structure: plain words, markup, line and paragraph breaks. */
const insertion = fc.constantFrom(
  ' lantern', 'a', '', '\n', '\n\n', '# ', '## Heading\n\n', '- item\n', '> ', '*', '**', '_', '`', '$x$', '$$', '\\', '[^n1]', '[^n1]: A note.\n\n',
  ':ref{id="figure-1"}', ':anchor{#here}', '[words]{#there}', ':index[term]', ':::callout\n', ':::\n', '{#id}', '  \n', '中文。', '\u00a0', '---\n',
);

function book(seed: number): string {
  const random = mulberry32(seed);
  const parts: string[] = ['# Opening {#open}'];
  for (let i = 0; i < 12; i++) {
    if (i % 5 === 4) parts.push(`## Part ${i}`);
    if (i % 3 === 1) parts.push(`${paragraph(random)}[^n${i}] See :ref{id="open"} and *this* or **that**.`, `[^n${i}]: ${paragraph(random, 1)}`);
    else if (i % 4 === 2) parts.push(`- ${paragraph(random, 1)}\n- second $a+b$ item\n- third`);
    else if (i % 6 === 5) parts.push(`:::callout{title="Aside"}\n${paragraph(random)}\n:::`);
    else parts.push(paragraph(random).replace(/\. /, '.\nJoined line with `code` and \\* escapes. '));
  }
  // Inline diagnostics late in the chapter, so edits before them must move them.
  parts.push('Full-width ＊＊markup＊＊ and an unclosed `code span, then :ref{ broken.');
  return parts.join('\n\n') + '\n';
}

const fresh = (source: string, id: string): ParsedChapter => parseChapter(source, { chapterId: id, isFirstChapter: false });

/** Applies the edits one after another, each time parsing with the previous parse and from nothing. */
function checkChain(start: string, edits: readonly { at: number; remove: number; insert: string }[], id = 'c'): void {
  let source = start;
  let parsed = fresh(source, id);
  for (const edit of edits) {
    const at = Math.floor(edit.at * source.length);
    const next = source.slice(0, at) + edit.insert + source.slice(Math.min(source.length, at + edit.remove));
    const reused = parseChapter(next, { chapterId: id, isFirstChapter: false, previous: { source, parsed } });
    // JSON: key order and absent-vs-undefined count too (memo keys downstream stringify inlines).
    expect(JSON.stringify(reused)).toBe(JSON.stringify(fresh(next, id)));
    source = next;
    parsed = reused;
  }
}

describe('parsing a chapter with its previous parse', () => {
  it('equals a fresh parse after seeded chains of edits', () => {
    const edit = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), remove: fc.integer({ min: 0, max: 40 }), insert: insertion });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.array(edit, { minLength: 1, maxLength: 6 }), (seed, edits) => checkChain(book(seed), edits)),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('equals a fresh parse on the sample books after one-paragraph edits', () => {
    for (const preset of readdirSync('public/presets', { withFileTypes: true }).filter((d) => d.isDirectory())) {
      const folder = `public/presets/${preset.name}/chapters`;
      for (const file of readdirSync(folder).filter((f) => f.endsWith('.md')).slice(0, 3)) {
        const source = readFileSync(`${folder}/${file}`, 'utf8');
        const ends: number[] = [];
        for (let at = source.indexOf('\n\n'); at >= 0; at = source.indexOf('\n\n', at + 2)) ends.push(at / source.length);
        checkChain(source, ends.filter((_, i) => i % 7 === 3).map((at, i) => ({ at, remove: i % 3, insert: i % 2 ? ' and a lantern' : 'x' })), file);
      }
    }
  });

  it('reuses the very inline objects of blocks before the edit and moves the ones after it', () => {
    const source = book(7);
    const parsed = fresh(source, 'c');
    const at = source.indexOf('## Part 4');
    const next = source.slice(0, at) + 'New words. ' + source.slice(at);
    const reused = parseChapter(next, { chapterId: 'c', isFirstChapter: false, previous: { source, parsed } });
    const first = parsed.blocks.find((b) => b.kind === 'paragraph')!;
    const firstAgain = reused.blocks.find((b) => b.kind === 'paragraph')!;
    expect('inlines' in firstAgain && 'inlines' in first && firstAgain.inlines === first.inlines).toBe(true);
    const last = parsed.blocks.filter((b) => b.kind === 'paragraph').at(-1)!;
    const lastAgain = reused.blocks.filter((b) => b.kind === 'paragraph').at(-1)!;
    expect('inlines' in lastAgain && 'inlines' in last && lastAgain.inlines !== last.inlines).toBe(true);
    expect(lastAgain.range.from).toBe(last.range.from + 'New words. '.length);
  });

  it('takes the blocks before the last safe point ahead of the edit whole (parse/chapter.ts), and parses on from there', () => {
    const source = book(11);
    const parsed = fresh(source, 'c');
    const at = source.indexOf('## Part 9');
    const next = source.slice(0, at) + 'New words. ' + source.slice(at);
    const reused = parseChapter(next, { chapterId: 'c', isFirstChapter: false, previous: { source, parsed } });
    const before = parsed.blocks.filter((b) => b.range.to < at);
    // Every block ending before the blank line ahead of the edited one is the previous parse's object.
    expect(before.length).toBeGreaterThan(10);
    expect(before.slice(0, -1).every((b, i) => reused.blocks[i] === b)).toBe(true);
    // From the edit on, blocks are made anew.
    const edited = reused.blocks.findIndex((b) => b.range.to >= at);
    expect(reused.blocks[edited]).not.toBe(parsed.blocks[edited]);
    expect(JSON.stringify(reused)).toBe(JSON.stringify(fresh(next, 'c')));
    // Chains keep taking prefixes: a second edit before the first takes an even shorter one.
    const at2 = next.indexOf('## Part 4');
    const next2 = next.slice(0, at2) + 'More. ' + next.slice(at2);
    const reused2 = parseChapter(next2, { chapterId: 'c', isFirstChapter: false, previous: { source: next, parsed: reused } });
    expect(reused2.blocks[0]).toBe(parsed.blocks[0]);
    expect(JSON.stringify(reused2)).toBe(JSON.stringify(fresh(next2, 'c')));
  });
});

