/**
 * Which block start of the previous layout an edit's first pass goes on from (page/edit-resume.ts),
 * over a series of edits as a writer makes them — and each edit still equals a layout from the
 * chapter's first block (`new EngineCache(false)`), byte for byte:
 *
 * - typing in a note defined at the chapter's end (as the bench book's notes are): the latest
 *   starts all come after the note's citation, where the old note text was set; the pass goes on
 *   from a start before the citation, not from the chapter's first block, and — a word swapped,
 *   the note keeping its lines — stops in step with the previous layout once it has set the note
 *   (page/converge.ts), not at the chapter's end;
 * - edits going down the chapter, then one above them: the starts recorded before the first of
 *   them (over an older text) are kept, so the edit above goes on from one of them;
 * - an edit on the closing page: the first pass goes on from a start on that page, and the
 *   closing page's balance pass from one the previous layout recorded before it, moved to the new
 *   text, not from the chapter's first block.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { defaultSettings, EngineCache, type BookInput } from '../../../src/worker/engine';
import { EditResumes } from '../../../src/worker/engine/page/edit-resume';
import { mulberry32, paragraph, sentence } from '../../support/prose';
import { dump, run } from './helpers';
import { observeStops } from './observe-passes';

// The block each edit's first pass went on from; -1 from the first block.
const resumed: number[] = [];
const from = EditResumes.prototype.from;
const spy = vi.spyOn(EditResumes.prototype, 'from').mockImplementation(function (this: EditResumes, pass: number) {
  const start = from.call(this, pass);
  if (pass === 0) resumed.push(start ? start.block : -1);
  return start;
});
// The stops in step each edit's first pass took.
const stops = observeStops();
afterAll(() => {
  spy.mockRestore();
  stops.restore();
});

// The closing page's balance passes: the page balanced and the page of the start each went on from (-1: the first block).
const { balanced } = vi.hoisted(() => ({ balanced: [] as { page: number; from: number }[] }));
vi.mock('../../../src/worker/engine/page/paginate', async (original) =>
  (await import('./observe-passes')).observePlans(await original(), (plan) => {
    if (plan?.balance) balanced.push({ page: plan.balance.page, from: plan.resume?.page ?? -1 });
  }),
);

/** A chapter of `count` paragraphs, every ninth citing a note defined after the last paragraph, a subheading every twelve. */
function chapter(random: () => number, count: number): string {
  const parts = ['# Chapter'];
  const notes: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % 12 === 0) parts.push(`## Section ${i / 12}`);
    if (i % 9 === 8) {
      parts.push(`${paragraph(random)}[^n${i}]`);
      notes.push(`[^n${i}]: ${sentence(random)}`);
    } else parts.push(paragraph(random));
  }
  return [...parts, ...notes].join('\n\n') + '\n';
}

/** Words added after the full stop ending the paragraph `where` (0…1) along the body, before the notes. */
function typed(source: string, where: number, words: string): string {
  const body = source.slice(0, source.indexOf('\n\n[^'));
  const ends: number[] = [];
  for (let at = body.indexOf('.\n\n'); at >= 0; at = body.indexOf('.\n\n', at + 3)) ends.push(at + 1);
  const at = ends[Math.min(ends.length - 1, Math.floor(ends.length * where))]!;
  return source.slice(0, at) + words + source.slice(at);
}

function book(): BookInput {
  return { title: 'Edit starts', settings: defaultSettings(), chapters: [{ id: 'c0', title: '', source: chapter(mulberry32(23), 80) }] };
}

/** Lays `source` out on `cache` (the layout before it there), checks it against a layout from scratch, and returns the block its first pass went on from. */
function edit(input: BookInput, cache: EngineCache, source: string, what: string): [BookInput, number] {
  const next = { ...input, chapters: [{ ...input.chapters[0]!, source }] };
  resumed.length = 0;
  balanced.length = 0;
  stops.clear();
  expect(dump(run(next, cache)), what).toBe(dump(run(next, new EngineCache(false))));
  return [next, resumed[0]!];
}

describe('an edit’s first pass goes on from the latest start its edit left valid', () => {
  it('typing in a note defined at the chapter’s end goes on from before the note’s citation', () => {
    let input = book();
    const cache = new EngineCache();
    run(input, cache);
    const source = input.chapters[0]!.source;
    const blocks = source.split('\n\n');
    // The first note: cited by paragraph 8 (block 9), its definition among the last blocks.
    const citing = blocks.findIndex((b) => b.includes('[^n8]') && !b.startsWith('[^n8]:'));
    expect(citing).toBeGreaterThan(5);
    const definition = source.indexOf('[^n8]: ');
    const at = source.indexOf('.', definition);
    let block: number;
    [input, block] = edit(input, cache, source.slice(0, at) + ' beneath the harbour wall' + source.slice(at), 'a note’s text');
    // Before, the three latest starts (all after the citation) were tried and refused: the first block.
    expect(block).toBeGreaterThan(0);
    expect(block).toBeLessThanOrEqual(citing);
    // A later note, cited further down: from a start further down too.
    const later = input.chapters[0]!.source;
    const at2 = later.indexOf('.', later.indexOf('[^n53]: '));
    [input, block] = edit(input, cache, later.slice(0, at2) + ' and a lantern' + later.slice(at2), 'a later note’s text');
    const citing2 = later.split('\n\n').findIndex((b) => b.includes('[^n53]') && !b.startsWith('[^n53]:'));
    expect(block).toBeGreaterThan(citing);
    expect(block).toBeLessThanOrEqual(citing2);
  });

  it('edits going down the chapter keep the starts above them: an edit above goes on from one', () => {
    let input = book();
    const cache = new EngineCache();
    run(input, cache);
    const blocks: number[] = [];
    for (const [n, where] of [0.5, 0.55, 0.6, 0.65].entries()) {
      let block: number;
      [input, block] = edit(input, cache, typed(input.chapters[0]!.source, where, n % 2 ? ' and a lantern' : ' beneath the harbour wall'), `edit at ${where}`);
      blocks.push(block);
    }
    // Each went on from the middle of the chapter.
    for (const block of blocks) expect(block).toBeGreaterThan(20);
    // An edit at a fifth of the chapter: from a start before it that the cold layout recorded (before, those
    // were dropped once an edit went on from a start recorded over another text: from the first block).
    let block: number;
    [input, block] = edit(input, cache, typed(input.chapters[0]!.source, 0.2, ' and the long grey harbour wall'), 'edit at 0.2');
    expect(block).toBeGreaterThan(5);
    expect(block).toBeLessThan(Math.min(...blocks));
  });

  it('an edit on the closing page: its balance pass goes on from a start before that page', () => {
    let input = book();
    const cache = new EngineCache();
    run(input, cache);
    let block: number;
    const seen: string[] = [];
    let before = 0;
    for (const [n, where] of [0.97, 0.99, 0.96].entries()) {
      [input, block] = edit(input, cache, typed(input.chapters[0]!.source, where, n % 2 ? ' and a lantern' : ' beneath the harbour wall'), `edit at ${where}`);
      const closing = balanced[0];
      seen.push(JSON.stringify({ block, balanced }));
      if (!closing) continue;
      // The first pass went on from the closing page itself (no start of it before that page),
      if (resumed[0]! > 0) expect(block).toBeGreaterThan(60);
      // and the balance from a page before it: before, from the chapter's first block.
      expect(closing.from, seen.join(' ')).toBeGreaterThanOrEqual(0);
      expect(closing.from, seen.join(' ')).toBeLessThan(closing.page);
      before++;
    }
    expect(before, seen.join(' ')).toBeGreaterThan(0);
  });

  it('a word swapped in a note defined at the chapter’s end: the pass stops in step once it has set the note', () => {
    let input = book();
    const cache = new EngineCache();
    run(input, cache);
    let stopped = 0;
    for (const id of ['n8', 'n26', 'n53']) {
      const source = input.chapters[0]!.source;
      const definition = source.indexOf(`[^${id}]: `);
      // The first word of five letters or more in the note's text, its letters turned round (as a typo fixed: the same width, near enough).
      const word = /\b[a-z]{5,}\b/g;
      word.lastIndex = definition + id.length + 5;
      const found = word.exec(source)!;
      expect(found.index).toBeLessThan(source.indexOf('\n', definition));
      const swapped = found[0].slice(1) + found[0][0];
      let block: number;
      [input, block] = edit(input, cache, source.slice(0, found.index) + swapped + source.slice(found.index + swapped.length), `a word swapped in ${id}`);
      expect(block).toBeGreaterThan(0);
      stopped += stops.taken();
    }
    // Before, never: an edit in a note's definition took no stop in step.
    expect(stopped).toBeGreaterThanOrEqual(2);
  });
});
