/**
 * A chapter's passes resumed at a block start (page/resume.ts) give the pages of passes run from
 * the chapter's first block (`new EngineCache(false)`), byte for byte. The closing page's balance
 * pass resumes within a layout; an edit's first pass resumes at a start of the previous layout:
 * the closing page's balance after notes carried from column to column and page to page, floats
 * waiting for a slot, lists and subheadings, in two and three columns, a text side column and
 * footnote numbers by page; then after seeded edits near the closing page's start (its text moves
 * back a page or on to a new one) and elsewhere, with the previous layout's cache.
 */
import { describe, expect, it, vi } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import * as resume from '../../../src/worker/engine/page/resume';
import { mulberry32, paragraph, sentence } from '../../support/prose';
import { dump, run } from './helpers';

// Counts the block starts the passes resumed at (the module's own function, observed).
const { resumedAt, movedTo } = vi.hoisted(() => ({ resumedAt: [] as number[], movedTo: [] as (number | null)[] }));
vi.mock('../../../src/worker/engine/page/resume', async (original) => {
  const actual = await original<typeof import('../../../src/worker/engine/page/resume')>();
  return {
    ...actual,
    startBefore: (...args: Parameters<typeof actual.startBefore>) => {
      const found = actual.startBefore(...args);
      if (found) resumedAt.push(found.block);
      return found;
    },
    moveStart: (...args: Parameters<typeof actual.moveStart>) => {
      const moved = actual.moveStart(...args);
      movedTo.push(moved && moved.block);
      return moved;
    },
  };
});

const SVG = (w: number, h: number, fill: string) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect x="0" y="0" width="${w}" height="${h}" fill="${fill}"/></svg>`);
const FIGURES = ['fa', 'fb', 'fc'];

/** A chapter of `count` paragraphs: long notes (on every `noteEvery`th) (they run over column and page feet), tall floats cited in the text, lists, subheadings. */
function chapter(random: () => number, c: number, count: number, noteEvery: number): string {
  const parts = [`# Chapter ${c + 1}`];
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % 8 === 0) parts.push(`## Section ${c + 1}.${i / 8}`);
    let text = paragraph(random);
    if (i % noteEvery === 1 % noteEvery) {
      text += `[^c${c}n${i}]`;
      // Notes of up to ~9 sentences: taller than what is left of a column, they continue in the next.
      parts.push(text, `[^c${c}n${i}]: ${paragraph(random, 2 + Math.floor(random() * 8))}`);
    } else if (i % 7 === 3) parts.push(`${text} As :ref{id="${FIGURES[(c + i) % FIGURES.length]}"} shows.`);
    else parts.push(text);
    if (i % 10 === 6) parts.push(`- ${sentence(random)}\n- ${sentence(random)}`);
  }
  return parts.join('\n\n') + '\n';
}

function book(seed: number, settings: LayoutSettings, noteEvery = 4, count = 36): BookInput {
  const random = mulberry32(seed);
  return {
    title: 'Resumed passes',
    settings,
    chapters: Array.from({ length: 2 }, (_, c) => ({ id: `c${c}`, title: '', source: chapter(random, c, count, noteEvery) })),
    resources: prepareResources(
      // Tall figures (up to ~60 % of the column), top / bottom / auto: they wait for a slot.
      FIGURES.map((id, k) => ({ record: { id, typeId: 'figure', kind: 'svg' as const, caption: `Figure ${id}`, placement: { position: (['auto', 'bottom', 'top'] as const)[k]! } }, payload: SVG(200, 180 + 90 * k, ['#aa0000', '#00aa00', '#0000aa'][k]!) })),
      {},
    ),
  };
}

/** A seeded edit: `where` 0…1 along the chapter's paragraph ends; `kind` words added, paragraphs added or one taken away. */
function edit(source: string, where: number, kind: number, random: () => number): string {
  const ends: number[] = [];
  for (let at = source.indexOf('.\n\n'); at >= 0; at = source.indexOf('.\n\n', at + 3)) ends.push(at);
  const at = ends[Math.min(ends.length - 1, Math.floor(ends.length * where))]!;
  if (kind === 0) return source.slice(0, at) + ' and a lantern beneath the harbour wall' + source.slice(at);
  // (Eight paragraphs: most of a page of two columns.)
  if (kind === 1) return source.slice(0, at + 1) + Array.from({ length: 8 }, () => `\n\n${paragraph(random)}`).join('') + source.slice(at + 1);
  const start = source.lastIndexOf('\n\n', at);
  return source.slice(0, start) + source.slice(at + 1);
}

const designs = (): [string, LayoutSettings, number][] => {
  const byPage = defaultSettings();
  byPage.notes = { ...byPage.notes, numbering: 'page' };
  return [
    ['two columns', defaultSettings(), 4],
    // Every paragraph cites a long note: columns open with notes carried from the last and end with notes cited.
    ['a long note on every paragraph', defaultSettings(), 1],
    ['three columns', { ...defaultSettings(), columns: 3 }, 4],
    ['a text side column', { ...defaultSettings(), columns: 2, sideColumn: { percent: 33, role: 'text' as const, side: 'outer' as const }, margins: { ...defaultSettings().margins, mirror: true } }, 4],
    ['footnote numbers by page', byPage, 4],
  ];
};

describe('passes resumed at a block start equal passes from the first block', () => {
  for (const [name, settings, noteEvery] of designs()) {
    it(`${name}: a whole book, then edits near the closing page and elsewhere`, () => {
      resumedAt.length = 0;
      const random = mulberry32(7);
      let input = book(11, settings, noteEvery);
      const cache = new EngineCache();
      expect(cache.resumePasses).toBe(true);
      const first = run(input, cache);
      expect(dump(first)).toBe(dump(run(input, new EngineCache(false))));
      // Balanced closing pages were resumed, from a block start past the chapter's first.
      expect(resumedAt.length).toBeGreaterThan(0);
      expect(resumedAt.some((b) => b > 0)).toBe(true);
      // Near the closing page's start (the last paragraphs), in the middle, near the start; words, paragraphs added, one removed.
      const wheres = [0.97, 0.9, 0.93, 0.5, 0.1, 0.99];
      const pageCounts = new Set([first.pages.length]);
      for (let n = 0; n < wheres.length; n++) {
        const c = n % 2;
        const source = edit(input.chapters[c]!.source, wheres[n]!, n % 3, random);
        input = { ...input, chapters: input.chapters.map((ch, i) => (i === c ? { ...ch, source } : ch)) };
        const incremental = run(input, cache);
        expect(dump(incremental), `edit ${n} in ${input.chapters[c]!.id}`).toBe(dump(run(input, new EngineCache(false))));
        pageCounts.add(incremental.pages.length);
      }
      // Some edits moved the chapter's end onto another page count.
      expect(pageCounts.size).toBeGreaterThan(1);
    });
  }

  it('an edit’s first pass resumes at a start of the previous layout: notes defined at the chapter’s end move; not across a renamed heading cited above', () => {
    const random = mulberry32(23);
    const body: string[] = ['# Notes at the end', `The last part, :ref{id="late"}, says more.`];
    const notes: string[] = [];
    for (let i = 0; i < 40; i++) {
      if (i === 34) body.push('## The late part {#late}');
      // (Two paragraphs in three end citing a note: a column's first block often follows a paragraph's tail citing one.)
      if (i % 3 !== 2) {
        body.push(`${paragraph(random)}[^e${i}]`);
        notes.push(`[^e${i}]: ${paragraph(random, 1 + (i % 4))}`);
      } else body.push(paragraph(random));
    }
    let input: BookInput = { title: 'Notes at the end', settings: defaultSettings(), chapters: [{ id: 'only', title: '', source: [...body, ...notes].join('\n\n') + '\n' }] };
    const cache = new EngineCache();
    run(input, cache);
    const change = (edit: (source: string) => string): void => {
      input = { ...input, chapters: [{ ...input.chapters[0]!, source: edit(input.chapters[0]!.source) }] };
    };
    /** Where the body's k-th block ends (before the note definitions). */
    const paragraphEnd = (source: string, k: number): number => {
      let at = -1;
      for (let n = 0; n <= k; n++) at = source.indexOf('\n\n', at + 1);
      expect(at).toBeLessThan(source.indexOf('[^e0]:'));
      return at;
    };
    const edits: [string, (source: string) => string, 'moved' | 'refused' | 'any'][] = [
      // Words in the middle: every note set above it is defined after it (its runs move).
      ['words in the middle', (t) => t.slice(0, paragraphEnd(t, 24)) + ' beneath the harbour wall' + t.slice(paragraphEnd(t, 24)), 'moved'],
      // The heading cited on the first page renamed: the citing paragraph prints another text.
      ['the cited heading renamed', (t) => t.replace('## The late part {#late}', '## The very late part {#late}'), 'refused'],
      ['a paragraph with a new note in the middle', (t) => t.slice(0, paragraphEnd(t, 20)) + `\n\n${paragraph(random)}[^added]` + t.slice(paragraphEnd(t, 20)) + `\n[^added]: ${sentence(random)}\n`, 'any'],
      ['words in a note cited early', (t) => t.replace('[^e4]: ', '[^e4]: Harbour lanterns. '), 'any'],
      ['words near the end', (t) => t.slice(0, paragraphEnd(t, 38)) + ' and a lantern' + t.slice(paragraphEnd(t, 38)), 'moved'],
    ];
    for (const [name, edit, expected] of edits) {
      movedTo.length = 0;
      change(edit);
      expect(dump(run(input, cache)), name).toBe(dump(run(input, new EngineCache(false))));
      if (expected === 'moved') expect(movedTo.some((b) => b !== null && b > 0), name).toBe(true);
      // No block start past the citing paragraph is moved across the renaming (the chapter's key or its printed answers differ).
      if (expected === 'refused') expect(movedTo.every((b) => b === null), name).toBe(true);
    }
  });

  it('the block start resumed at is the latest before the page', () => {
    const state = { pages: [], notesSet: new Set<string>(), columnNotes: [], carried: [] };
    const starts = [
      { block: 3, page: 4, column: 0, state },
      { block: 9, page: 4, column: 1, state },
      { block: 14, page: 5, column: 0, state },
    ];
    expect(resume.startBefore(starts, 5)?.block).toBe(9);
    expect(resume.startBefore(starts, 4)).toBeNull();
    expect(resume.startBefore(starts, 9)?.block).toBe(14);
  });
});
