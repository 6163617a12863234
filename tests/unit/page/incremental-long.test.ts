/**
 * ARCHITECTURE invariant 6 where an edit costs most (issue #6, edit → convergence): edits in the
 * middle of long chapters — many pages of paragraphs with footnotes, floats cited in the text,
 * lists and subheadings — laid out with the cache of the previous layout equal a from-scratch
 * layout, page for page, byte for byte. The edits are seeded: words added to or taken from a
 * paragraph, a paragraph with a new note inserted, a float citation added, a paragraph removed.
 * Settings cover the extra passes an edit may disturb (footnote numbers by page, citing-page
 * floats), footnote numbers through the document (unchanged chapters print new marks), and one
 * column.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { mulberry32, paragraph, sentence } from '../../support/prose';
import { dump, run } from './helpers';

const SVG = (w: number, h: number, fill: string) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect x="0" y="0" width="${w}" height="${h}" fill="${fill}"/></svg>`);

const FIGURES = ['fa', 'fb', 'fc', 'fd', 'fe'];

/** A long chapter: ~`count` paragraphs, a note every fifth, a list every eleventh, a subheading every ninth, the figures cited along the way. */
function longChapter(random: () => number, c: number, count: number): string {
  const parts = [`# Chapter ${c + 1}`];
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % 9 === 0) parts.push(`## Section ${c + 1}.${i / 9}`);
    let text = paragraph(random);
    if (i % 5 === 2) {
      text += `[^c${c}n${i}]`;
      parts.push(text, `[^c${c}n${i}]: ${paragraph(random, 1 + Math.floor(random() * 3))}`);
    } else if (i % 13 === 4) parts.push(`${text} As :ref{id="${FIGURES[(c * 2 + i) % FIGURES.length]}"} shows.`);
    else parts.push(text);
    if (i % 11 === 10) parts.push(`- ${sentence(random)}\n- ${sentence(random)}\n- ${sentence(random)}`);
  }
  return parts.join('\n\n') + '\n';
}

function longBook(seed: number, settings: LayoutSettings): BookInput {
  const random = mulberry32(seed);
  return {
    title: 'Long chapters',
    settings,
    chapters: Array.from({ length: 3 }, (_, c) => ({ id: `c${c}`, title: '', source: longChapter(random, c, 60) })),
    resources: prepareResources(
      FIGURES.map((id, k) => ({ record: { id, typeId: 'figure', kind: 'svg' as const, caption: `Figure ${id}`, ...(k % 2 ? { placement: { position: 'bottom' } } : {}) }, payload: SVG(200, 80 + 30 * k, ['#aa0000', '#00aa00', '#0000aa', '#aaaa00', '#00aaaa'][k]!) })),
      {},
    ),
  };
}

/** One seeded edit near the middle of chapter `c`'s source (never in its first or last fifth). */
function editMiddle(source: string, random: () => number, n: number): string {
  const ends: number[] = [];
  for (let at = source.indexOf('.\n\n'); at >= 0; at = source.indexOf('.\n\n', at + 3)) ends.push(at);
  const at = ends[Math.floor(ends.length * (0.2 + 0.6 * random()))]!;
  switch (n % 5) {
    case 0:
      return source.slice(0, at) + ' and a lantern beneath the harbour wall' + source.slice(at);
    case 1: {
      // Words taken away: the sentence's last few words.
      const from = source.lastIndexOf(' ', at - 12);
      return source.slice(0, from) + source.slice(at);
    }
    case 2:
      return source.slice(0, at + 1) + `\n\n${paragraph(random)}[^edit${n}]\n\n[^edit${n}]: ${sentence(random)}` + source.slice(at + 1);
    case 3:
      return source.slice(0, at) + ` (see :ref{id="${FIGURES[n % FIGURES.length]}"})` + source.slice(at);
    default: {
      // A whole paragraph removed (the one ending at `at`).
      const start = source.lastIndexOf('\n\n', at);
      return source.slice(0, start) + source.slice(at + 1);
    }
  }
}

describe('incremental relayout equals a full relayout after edits in the middle of long chapters', () => {
  const byPage = (): LayoutSettings => {
    const s = defaultSettings();
    s.notes = { ...s.notes, numbering: 'page' };
    return s;
  };
  const byDocument = (): LayoutSettings => {
    const s = defaultSettings();
    s.notes = { ...s.notes, numbering: 'document' };
    return s;
  };
  const citing = (): LayoutSettings => {
    const s = defaultSettings();
    s.floats = { maxTopFraction: 0.7, hugClosing: true, ...s.floats, citingPage: true };
    return s;
  };
  for (const [name, settings] of [
    ['default design', defaultSettings()],
    ['footnote numbers by page', byPage()],
    // A note added to an earlier chapter renumbers every later chapter's notes: their paragraphs are unchanged but print new marks.
    ['footnote numbers through the document', byDocument()],
    ['citing-page floats, one column', { ...citing(), columns: 1 }],
  ] as const) {
    it(name, () => {
      const random = mulberry32(2026);
      let input = longBook(41, settings);
      const cache = new EngineCache();
      const first = run(input, cache);
      // Long enough that an edit in the middle leaves pages before and after it.
      expect(first.chapters.every((c) => c.pages.length >= 8)).toBe(true);
      for (let n = 0; n < 10; n++) {
        const c = n % 3;
        const source = editMiddle(input.chapters[c]!.source, random, n);
        expect(source).not.toBe(input.chapters[c]!.source);
        input = { ...input, chapters: input.chapters.map((ch, i) => (i === c ? { ...ch, source } : ch)) };
        expect(dump(run(input, cache)), `edit ${n} in ${input.chapters[c]!.id}`).toBe(dump(run(input)));
      }
    });
  }
});
