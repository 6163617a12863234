/**
 * Lines off the grid (a `:::paragraphs` style or a section's `bodyStyle` at a leading of its own,
 * paginate.ts `placeFree`) cut between columns by the widow and orphan rules (configuration.md §6.4;
 * page/break-rules.ts `linesToTake`), as `placeOnGrid` cuts body lines: with the defaults, never one
 * line of a paragraph alone at a column's foot or carried alone to the next.
 */
import { describe, expect, it } from 'vitest';
import type { PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { expectOpeningEditEqualsFull, oneChapterBook, run, runs } from './helpers';
import { citingRows, offGridSettings } from './off-grid-lines';

/** 40 numbered sentences: 15 lines of 7 pt type in the one 440 pt column. */
const PROSE = Array.from({ length: 40 }, (_, i) => `Sentence ${i} runs on with some words to fill the line.`).join(' ');

/** How many lines of the sentences each page holds (by baseline; not the rows before them, nor a marker). */
const linesPerPage = (pages: readonly PageDisplayList[]): number[] => pages.map((p) => new Set(runs(p).filter((r) => r.line?.role === 'body' && r.size < 7.5 && r.text !== '•' && !/^Row\d/.test(r.text)).map((r) => r.y)).size);

describe('lines off the grid split between pages by the widow and orphan rules', () => {
  // The rows before it: body rows on the 12 pt grid, or the section's own 9 pt lines.
  const sources: [string, (rows: number) => string, number, number][] = [
    ['a styled paragraph', (rows) => `${citingRows(rows, -1, '')}\n\n:::paragraphs{style="tight"}\n${PROSE}\n:::\n\nAfter.\n`, 30, 56],
    ['a list item in a section with such a bodyStyle', (rows) => `# Aside {style="aside"}\n\n${citingRows(rows, -1, '')}\n\n- ${PROSE}\n`, 36, 70],
  ];
  for (const [name, source, from, to] of sources) {
    it(`${name}: at no start is one line left at page 0's foot or carried alone to page 1 (before: both)`, () => {
      const splits = new Set<string>();
      for (let rows = from; rows <= to; rows++) {
        const counts = linesPerPage(run(oneChapterBook(source(rows), offGridSettings())).pages).filter((n) => n > 0);
        const total = counts.reduce((a, b) => a + b, 0);
        expect(total, `${rows} rows`).toBe(15);
        if (counts.length > 1) for (const n of counts) expect(n, `${rows} rows: ${counts.join('/')}`).toBeGreaterThanOrEqual(2);
        splits.add(counts.join('/'));
      }
      // The paragraph did split at some starts, and went on whole at others.
      expect([...splits].some((s) => s.includes('/'))).toBe(true);
      expect(splits.has('15')).toBe(true);
    });
  }

  it('with the rules off, a line may stand alone (the rules, not the change, keep two)', () => {
    const off = { ...offGridSettings(), breaks: { ...offGridSettings().breaks!, widowPenalty: 0, orphanPenalty: 0 } } as ReturnType<typeof offGridSettings>;
    const singles = Array.from({ length: 27 }, (_, k) => linesPerPage(run(oneChapterBook(sources[0]![1](30 + k), off)).pages).filter((n) => n > 0)).filter((c) => c.length > 1 && c.includes(1));
    expect(singles.length).toBeGreaterThan(0);
  });

  it('incremental == full', () => {
    expectOpeningEditEqualsFull((text) => oneChapterBook(text, offGridSettings()), sources[0]![1](46));
  });
});
