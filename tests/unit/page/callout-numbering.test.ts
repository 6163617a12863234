/**
 * Numbered boxes (configuration.md §13.4 `calloutStyles[id=X].numbering`; document-format §8.1
 * "Numbered statements", §13): the label run in to the box's first paragraph or heading its title
 * row, counters shared by name, reset at headings, `counter: false`, and `:ref` to a numbered box.
 * Texts are read off the display list, line by line.
 */
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { EngineCache, type BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem, PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { dump, fonts, run, runs } from './helpers';

const NBSP = '\u00a0';
const settings = () => {
  const s = settingsFromConfig({
    layout: { layoutType: 'single' },
    bodyText: { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } },
    calloutStyles: [
      { id: 'note' },
      { id: 'theorem', numbering: { numberingTemplate: '{h1}.{n}', resetOn: 'h1' } },
      { id: 'lemma', numbering: { label: 'Lemma', counter: 'theorem', numberingTemplate: '{h1}.{n}', resetOn: 'h1' } },
      { id: 'proof', numbering: { counter: false, bold: false, italic: true } },
      { id: 'box', titleStyle: { color: '#123456' }, numbering: { label: 'Box', placement: 'title', counterFormat: 'roman-upper' } },
    ],
  } as never);
  s.balancing = { enabled: false, trailing: false };
  return s;
};
const book = (chapters: string[]): BookInput => ({ title: 'Book', settings: settings(), chapters: chapters.map((source, i) => ({ id: `ch${i + 1}`, title: '', source })) });

/** Each line's text (runs joined in reading order, word spaces dropped: a space between runs is glue, not text) with its runs, page by page. */
const squash = (text: string): string => text.replace(/ /g, '');
const lines = (pages: readonly PageDisplayList[], role: 'body' | 'heading' = 'body'): { text: string; runs: GlyphRunItem[] }[] =>
  pages.flatMap((page) => {
    const byY = new Map<number, GlyphRunItem[]>();
    for (const r of runs(page).filter((x) => x.line?.role === role)) byY.set(r.y, [...(byY.get(r.y) ?? []), r]);
    return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, rs]) => ({ text: squash(rs.sort((a, b) => a.xs[0]! - b.xs[0]!).map((r) => r.text).join('')), runs: rs }));
  });

const CHAPTER_ONE = [
  '# Pairs',
  '',
  ':::callout{type="theorem" #thm-bt title="Bradley–Terry"}',
  'Every pair is ranked.',
  ':::',
  '',
  ':::callout{type="lemma"}',
  'A lemma shares the theorem counter.',
  ':::',
  '',
  ':::callout{type="proof"}',
  'Obvious.',
  ':::',
  '',
  'As :ref{id="thm-bt"} says, and :ref{id="thm-bt" style="number"} alone.',
].join('\n');
const CHAPTER_TWO = ['# Triples', '', ':::callout{type="theorem"}', '- A list opens this box.', ':::', '', ':::callout{type="box" title="Lighthouses"}', 'A box numbered in its title row.', ':::'].join('\n');

describe('calloutStyles[].numbering (§13.4)', () => {
  it('runs the label in to the first paragraph: bold label and suffix, the title in parentheses', () => {
    const text = lines(run(book([CHAPTER_ONE, CHAPTER_TWO])).pages).map((l) => l.text);
    expect(text).toContain(squash(`Theorem${NBSP}1.1 (Bradley–Terry). Every pair is ranked.`));
    // A lemma names the theorem counter: it goes on counting.
    expect(text).toContain(squash(`Lemma${NBSP}1.2. A lemma shares the theorem counter.`));
    // counter false: the label alone, here in italic.
    expect(text).toContain(squash('Proof. Obvious.'));
    // resetOn h1 and {h1}: the second chapter's first theorem is 2.1; a box opening with a list gets the label as its own line.
    expect(text).toContain(squash(`Theorem${NBSP}2.1.`));
  });

  it('sets the run-in label in the numbering type', () => {
    const all = lines(run(book([CHAPTER_ONE, CHAPTER_TWO])).pages);
    const theorem = all.find((l) => l.text.startsWith('Theorem'))!;
    const label = theorem.runs.find((r) => r.text.startsWith('Theorem'))!;
    expect(fonts.get(label.font)!.weight).toBe(700);
    const title = theorem.runs.find((r) => r.text.includes('Bradley'))!;
    expect(fonts.get(title.font)!.weight).toBe(400);
    const proof = all.find((l) => l.text.startsWith('Proof'))!.runs.find((r) => r.text.startsWith('Proof'))!;
    expect(fonts.get(proof.font)!.style).toBe('italic');
    expect(fonts.get(proof.font)!.weight).toBe(400);
  });

  it("heads the title row with placement 'title', in the counter format", () => {
    const headings = lines(run(book([CHAPTER_ONE, CHAPTER_TWO])).pages, 'heading').map((l) => l.text);
    expect(headings).toContain(squash(`Box${NBSP}I. Lighthouses`));
  });

  it('prints label and number for :ref to a numbered box', () => {
    const text = lines(run(book([CHAPTER_ONE])).pages).map((l) => l.text).join(' ');
    expect(text).toContain(squash(`As Theorem${NBSP}1.1 says, and 1.1 alone.`));
  });

  it('renumbers a later chapter when an earlier one gains a box (incremental equals full)', () => {
    const cache = new EngineCache();
    run(book([CHAPTER_ONE, CHAPTER_TWO.replace('# Triples', 'Text before.')]), cache);
    // The extra box comes after the referenced one, so no reference text changes: only the numbers chapter two prints.
    const edited = [`${CHAPTER_ONE}\n\n:::callout{type="theorem"}\nAn extra one.\n:::\n`, CHAPTER_TWO.replace('# Triples', 'Text before.')];
    const incremental = run(book(edited), cache);
    const full = run(book(edited));
    expect(dump(incremental)).toBe(dump(full));
    // No H1 in chapter two: still under Pairs, after the lemma (1.2) and the extra theorem (1.3).
    expect(lines(full.pages).map((l) => l.text)).toContain(squash(`Theorem${NBSP}1.4.`));
  });

  it('declares numbering applied', () => {
    expect(isApplied('calloutStyles[id=theorem].numbering')).toBe(true);
  });
});
