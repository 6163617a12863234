import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { oneChapterBook, ptLength, run, runs, TEN_ROW_COLUMN } from './helpers';

/**
 * headings.keepWithNextSplit (configuration.md §8.1). One column of exactly 10 grid lines: a 10 pt
 * body on a 12 pt leading, 120 pt of content (pages 220 pt high, 50 pt margins). Headings here are
 * set in the body's size on one 12 pt line with no margins, so a heading takes one grid row.
 * widowMinLines = orphanMinLines = 2 (the defaults).
 */
const pt = ptLength;
const settingsOf = (split?: 'rules' | 'fill') =>
  settingsFromConfig({
    ...TEN_ROW_COLUMN,
    headings: { lineHeight: pt(12), marginTop: pt(0), marginBottom: pt(0), levels: [{ level: 1, breakBefore: { enabled: false } }, { level: 2, fontSize: pt(10) }], ...(split ? { keepWithNextSplit: split } : {}) },
  } as never);
/** `k` one-line filler paragraphs, a heading, then `para`. */
const source = (k: number, para: string) => [...Array.from({ length: k }, (_, i) => `Filler ${i + 1}.`), '## Heading', para].join('\n\n');
/** About `n` lines of a 200 pt measure at 10 pt. */
const lines = (n: number) => Array.from({ length: n * 6 }, (_, i) => `word${i}`).join(' ');

/** Page index and grid row of the line holding `words` (row 0: the page's first line). */
function where(layout: ReturnType<typeof run>, words: string): { page: number; row: number } {
  for (const page of layout.pages) {
    const all = runs(page).filter((r) => r.line?.role === 'body' || r.line?.role === 'heading');
    const hit = all.find((r) => r.text.includes(words));
    if (!hit) continue;
    return { page: page.index, row: Math.round((hit.y - Math.min(...all.map((r) => r.y))) / 12) };
  }
  throw new Error(`no line holds ${words}`);
}

describe('headings.keepWithNextSplit', () => {
  it('is applied, rules by default', () => {
    expect(isApplied('headings.keepWithNextSplit')).toBe(true);
    expect(settingsOf().breaks?.keepWithNextSplit).toBe('rules');
    expect(settingsOf('fill').breaks?.keepWithNextSplit).toBe('fill');
  });

  it('rules: a heading whose paragraph cannot split under it goes on with the paragraph; fill leaves it alone at the foot', () => {
    // Fillers on rows 0–6, the heading on row 7: its keep room (widowMinLines = 2 rows, 8–9) is there,
    // but a 3-line paragraph split 2 + 1 breaks the orphan rule and 1 + 2 the widow rule, so it goes on whole.
    const para = lines(3);
    const fill = run(oneChapterBook(source(7, para), settingsOf('fill')));
    // (Alone at the foot of page 0: the balancing levers may spread the empty rows above it.)
    expect(where(fill, 'Heading').page).toBe(0);
    expect(where(fill, 'word0')).toEqual({ page: 1, row: 0 });
    for (const rules of [run(oneChapterBook(source(7, para), settingsOf('rules'))), run(oneChapterBook(source(7, para), settingsOf()))]) {
      expect(where(rules, 'Filler 7')).toEqual({ page: 0, row: 6 });
      expect(where(rules, 'Heading')).toEqual({ page: 1, row: 0 });
      expect(where(rules, 'word0')).toEqual({ page: 1, row: 1 });
    }
  });

  it('keeps the heading at the foot either way when its paragraph splits there by the rules (4 lines: 2 + 2)', () => {
    for (const split of ['rules', 'fill'] as const) {
      const layout = run(oneChapterBook(source(7, lines(4)), settingsOf(split)));
      expect(where(layout, 'Heading')).toEqual({ page: 0, row: 7 });
      expect(where(layout, 'word0')).toEqual({ page: 0, row: 8 });
    }
  });

  it('moves a heading without its keep room either way (heading on row 8: one row left)', () => {
    for (const split of ['rules', 'fill'] as const) expect(where(run(oneChapterBook(source(8, lines(4)), settingsOf(split))), 'Heading')).toEqual({ page: 1, row: 0 });
  });
});
