/**
 * An edit's first pass stops once it stands where the previous layout stood at a block after the
 * edit (page/converge.ts), and takes the previous layout's pages from the next page on, their
 * source offsets moved. The result must be the layout from scratch (`new EngineCache(false)`), byte
 * for byte, after every edit of a seeded series: words swapped for words of the same length, words
 * added, notes and list items edited, edits near the chapter's start and its closing page, one
 * edit after another going down the chapter (the previous layout's block starts after a stop are
 * carried over for the next) and back up.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { EditConvergence } from '../../../src/worker/engine/page/converge';
import { mulberry32, paragraph, sentence } from '../../support/prose';
import { dump, run } from './helpers';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';

const SVG = (w: number, h: number, fill: string) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect x="0" y="0" width="${w}" height="${h}" fill="${fill}"/></svg>`);

/** A chapter of paragraphs with notes on every fourth, a figure cited now and then, lists and subheadings. */
function chapter(random: () => number, c: number, count: number): string {
  const parts = [`# Chapter ${c + 1}`];
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % 9 === 0) parts.push(`## Section ${c + 1}.${i / 9}`);
    let text = paragraph(random);
    if (i % 4 === 1) {
      text += `[^c${c}n${i}]`;
      parts.push(text, `[^c${c}n${i}]: ${paragraph(random, 1 + Math.floor(random() * 3))}`);
    } else if (i % 11 === 5) parts.push(`${text} As :ref{id="f${c}"} shows.`);
    else parts.push(text);
    if (i % 10 === 6) parts.push(`- ${sentence(random)}\n- ${sentence(random)}`);
  }
  return parts.join('\n\n') + '\n';
}

function book(seed: number, settings: LayoutSettings, count = 48): BookInput {
  const random = mulberry32(seed);
  return {
    title: 'Converging edits',
    settings,
    chapters: Array.from({ length: 2 }, (_, c) => ({ id: `c${c}`, title: '', source: chapter(random, c, count) })),
    resources: prepareResources(
      [0, 1].map((c) => ({ record: { id: `f${c}`, typeId: 'figure', kind: 'svg' as const, caption: `Figure ${c}`, placement: { position: 'top' as const } }, payload: SVG(200, 150, '#335577') })),
      {},
    ),
  };
}

/** Offsets of the ends of the chapter's body paragraphs (a full stop before a blank line). */
function paragraphEnds(source: string): number[] {
  const ends: number[] = [];
  for (let at = source.indexOf('.\n\n'); at >= 0; at = source.indexOf('.\n\n', at + 3)) ends.push(at);
  return ends;
}

/** The word of `length` letters nearest after `from`, swapped for another of the same length (the line count stays, as a typo fixed does). */
function swapWord(source: string, from: number): string {
  const match = /\b([a-z]{5,})\b/g;
  match.lastIndex = from;
  const found = match.exec(source);
  if (!found) return source;
  const word = found[1]!;
  const swapped = word.slice(1) + word[0];
  return source.slice(0, found.index) + swapped + source.slice(found.index + word.length);
}

type Edit = (source: string, random: () => number) => string;
const at = (where: number, change: (source: string, offset: number) => string): Edit => (source) => {
  const ends = paragraphEnds(source);
  return change(source, ends[Math.min(ends.length - 1, Math.floor(ends.length * where))]!);
};
const insert = (text: string) => (source: string, offset: number): string => source.slice(0, offset) + text + source.slice(offset);
const swapAt = (source: string, offset: number): string => swapWord(source, Math.max(0, source.lastIndexOf('\n\n', offset)));

// Whether each stop the passes asked for was taken (the module's own method, observed).
const stop = vi.spyOn(EditConvergence.prototype, 'stop');
const stopsTaken = (): number => stop.mock.results.filter((r) => r.type === 'return' && r.value === true).length;
afterEach(() => {
  stop.mockClear();
});

const designs = (): [string, LayoutSettings][] => [
  ['two columns', defaultSettings()],
  ['three columns', { ...defaultSettings(), columns: 3 }],
  ['one column', { ...defaultSettings(), columns: 1 }],
  ['a text side column', { ...defaultSettings(), columns: 2, sideColumn: { percent: 33, role: 'text' as const, side: 'outer' as const }, margins: { ...defaultSettings().margins, mirror: true } }],
  // Endnotes are set at the chapter's end from definitions anywhere in it: an edit in one is read there, after the block met.
  ['endnotes', { ...defaultSettings(), notes: { ...defaultSettings().notes, placement: 'chapterEnd' as const } }],
];

describe('an edit’s first pass stopped in step with the previous layout gives the layout from scratch', () => {
  for (const [name, settings] of designs()) {
    it(`${name}: a series of edits in both chapters`, () => {
      const random = mulberry32(5);
      let input = book(3, settings);
      const cache = new EngineCache();
      run(input, cache);
      const edits: [string, Edit][] = [
        ['a word swapped early', at(0.1, swapAt)],
        ['a word swapped in the middle', at(0.5, swapAt)],
        ['words added in the middle', at(0.45, insert(' and a lantern'))],
        ['a word swapped lower down', at(0.6, swapAt)],
        ['a word swapped further down', at(0.7, swapAt)],
        ['a word swapped back up', at(0.3, swapAt)],
        ['words added near the end', at(0.95, insert(' beneath the harbour'))],
        ['a word swapped in a note', (source) => swapWord(source, source.indexOf('[^c', source.indexOf(']:') - 8))],
        ['a space taken out of a note (its lines break anew)', (source) => {
          const note = source.indexOf(']: ', source.indexOf(']: ') + 3);
          const space = source.indexOf(' ', note + 3);
          return source.slice(0, space) + source.slice(space + 1);
        }],
        ['a word swapped in a list item', (source) => swapWord(source, source.indexOf('\n- ') + 1)],
        ['a character taken away', at(0.55, (source, offset) => source.slice(0, offset - 1) + source.slice(offset))],
      ];
      for (const [what, edit] of edits) {
        for (let c = 0; c < input.chapters.length; c++) {
          const source = edit(input.chapters[c]!.source, random);
          expect(source, what).not.toBe(input.chapters[c]!.source);
          input = { ...input, chapters: input.chapters.map((ch, i) => (i === c ? { ...ch, source } : ch)) };
          expect(dump(run(input, cache)), `${what} in chapter ${c}`).toBe(dump(run(input, new EngineCache(false))));
        }
      }
      // The passes did stop early, most of the time (an edit whose paragraph takes another line count moves everything after it).
      expect(stopsTaken()).toBeGreaterThan(edits.length / 2);
    }, 300_000); // ~20 full layouts to compare with: slow on a shared machine
  }

  it('endnotes: the space at a line break of a note taken out (no run maps to it; the note is set anew at the chapter’s end)', () => {
    const settings = { ...defaultSettings(), notes: { ...defaultSettings().notes, placement: 'chapterEnd' as const } };
    let input = book(21, settings);
    const cache = new EngineCache();
    const first = run(input, cache);
    // The notes' lines at the end of chapter c0: a line ending where the next line starts after one space.
    const source = input.chapters[0]!.source;
    const noteRuns = first.pages.flatMap((p) => p.items).filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.chapter === 'c0' && i.line?.role === 'note' && i.srcFrom > 0 && !i.srcMap);
    const breaks = noteRuns.map((r) => r.srcFrom + r.text.length).filter((end) => source[end] === ' ' && noteRuns.some((r) => r.srcFrom === end + 1));
    expect(breaks.length).toBeGreaterThan(2);
    // (The second one, later in the text, moved back by the first.)
    for (const at of [breaks[1]!, breaks[breaks.length - 2]! - 1]) {
      const text = input.chapters[0]!.source;
      input = { ...input, chapters: [{ ...input.chapters[0]!, source: text.slice(0, at) + text.slice(at + 1) }, input.chapters[1]!] };
      expect(dump(run(input, cache)), `space at ${at}`).toBe(dump(run(input, new EngineCache(false))));
    }
  }, 300_000);

  it('one edit after another down the chapter: each stops, from the starts carried over by the one before', () => {
    let input = book(9, defaultSettings(), 60);
    const cache = new EngineCache();
    run(input, cache);
    let stopped = 0;
    for (let n = 1; n <= 8; n++) {
      stop.mockClear();
      const source = at(n / 10, swapAt)(input.chapters[0]!.source, Math.random);
      input = { ...input, chapters: [{ ...input.chapters[0]!, source }, input.chapters[1]!] };
      expect(dump(run(input, cache)), `edit ${n}`).toBe(dump(run(input, new EngineCache(false))));
      stopped += stopsTaken();
    }
    // A swapped word keeps its paragraph's lines: every pass meets the previous layout after it.
    expect(stopped).toBeGreaterThanOrEqual(7);
  }, 300_000);

  it('does not stop where the note numbers change (a note added), nor without a previous layout of the same design', () => {
    let input = book(13, defaultSettings());
    const cache = new EngineCache();
    run(input, cache);
    const source = at(0.3, insert('[^added]'))(input.chapters[0]!.source, Math.random) + '\n[^added]: A note added.\n';
    input = { ...input, chapters: [{ ...input.chapters[0]!, source }, input.chapters[1]!] };
    expect(dump(run(input, cache))).toBe(dump(run(input, new EngineCache(false))));
    expect(stop).not.toHaveBeenCalled();
    const wider = { ...input, settings: { ...input.settings, columns: 1 } };
    expect(dump(run(wider, cache))).toBe(dump(run(wider, new EngineCache(false))));
    expect(stop).not.toHaveBeenCalled();
  });
});
