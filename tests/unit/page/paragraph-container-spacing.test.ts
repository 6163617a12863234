import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { oneChapterBook, ptLength, run, runs, TEN_ROW_COLUMN } from './helpers';

/**
 * bodyText.paragraphContainerSpacing (configuration.md §6.4, §13.1): a `:::paragraphs` container's
 * bottom margin and the top space of the block under it collapse to the larger ('collapse', the
 * default) or are both given ('add', the rule before configVersion 8). One column of 10 grid lines:
 * a 10 pt body on a 12 pt leading, 120 pt of content, so row k's line is k × 12 pt under row 0.
 * The styles below keep the body's type and leading, so their lines sit on the grid too.
 */
const pt = ptLength;
const BASE = {
  ...TEN_ROW_COLUMN,
  unorderedLists: { snapTopToGrid: true },
  paragraphStyles: [
    // One grid row (12 pt) under the container.
    { id: 'aside', lineHeight: pt(12), marginBottom: pt(12) },
    // Two rows (24 pt) above it, or half a row (6 pt).
    { id: 'wide', lineHeight: pt(12), marginTop: pt(24) },
    { id: 'narrow', lineHeight: pt(12), marginTop: pt(6) },
  ],
};
const settingsOf = (spacing?: 'collapse' | 'add', extra: Record<string, unknown> = {}) =>
  settingsFromConfig({ ...BASE, ...extra, bodyText: { ...BASE.bodyText, ...(spacing ? { paragraphContainerSpacing: spacing } : {}) } } as never);

/** Grid row (0 = the first line of the content area) of the body line holding `words` on page 0. */
function row(layout: ReturnType<typeof run>, words: string): number {
  const body = runs(layout.pages[0]!).filter((r) => r.line?.role === 'body');
  const hit = body.find((r) => r.text.includes(words));
  if (!hit) throw new Error(`no line holds ${words}`);
  return Math.round((hit.y - Math.min(...body.map((r) => r.y))) / 12);
}

/** A filler line (row 0), the aside (row 1), its 12 pt bottom margin (y = 36 pt), then `next`. */
const book = (next: string, spacing?: 'collapse' | 'add', extra: Record<string, unknown> = {}) =>
  run(oneChapterBook(['Filler.', ':::paragraphs{style="aside"}\nAside.\n:::', next].join('\n\n'), settingsOf(spacing, extra)));

describe('bodyText.paragraphContainerSpacing', () => {
  it('is applied', () => {
    expect(isApplied('bodyText.paragraphContainerSpacing')).toBe(true);
    expect(settingsOf().breaks?.paragraphContainerSpacing).toBe('collapse');
    expect(settingsOf('add').breaks?.paragraphContainerSpacing).toBe('add');
  });

  it('collapses the bottom margin with a following container’s larger top margin by default, adds both with add', () => {
    const next = ':::paragraphs{style="wide"}\nWide.\n:::';
    // collapse: max(12, 24) = 24 pt under the aside's row 1 → y = 24 + 24 = 48 → row 4.
    expect(row(book(next), 'Wide')).toBe(4);
    expect(row(book(next, 'collapse'), 'Wide')).toBe(4);
    // add: 12 + 24 = 36 pt → y = 60 → row 5.
    expect(row(book(next, 'add'), 'Wide')).toBe(5);
  });

  it('keeps the bottom margin as a minimum when the next top margin is smaller', () => {
    const next = ':::paragraphs{style="narrow"}\nNarrow.\n:::';
    // collapse: max(12, 6) = 12 pt → y = 36 → row 3; add: 12 + 6 = 18 pt → y = 42, snapped down the grid to row 4.
    expect(row(book(next), 'Narrow')).toBe(3);
    expect(row(book(next, 'add'), 'Narrow')).toBe(4);
  });

  it('collapses with a list’s top margin', () => {
    const extra = { unorderedLists: { snapTopToGrid: true, marginTop: pt(24) } };
    // collapse: max(12, 24) → row 4; add: 12 + 24 → row 5.
    expect(row(book('- Item.', undefined, extra), 'Item')).toBe(4);
    expect(row(book('- Item.', 'add', extra), 'Item')).toBe(5);
  });

  it('leaves a body paragraph (no top space) one row under the container either way', () => {
    expect(row(book('After.'), 'After')).toBe(3);
    expect(row(book('After.', 'add'), 'After')).toBe(3);
  });
});

describe('bodyText.paragraphContainerSpacing under a heading', () => {
  it('collapses the bottom margin with a heading’s top margin: the heading sits 12 pt higher than with add', () => {
    const extra = { headings: { marginTop: pt(30) } };
    const headingY = (spacing?: 'collapse' | 'add') => {
      const page = book('## Heading', spacing, extra).pages[0]!;
      const hit = runs(page).find((r) => r.line?.role === 'heading' && r.text.includes('Heading'));
      if (!hit) throw new Error('no heading line');
      return hit.y;
    };
    // collapse: max(12, 30) = 30 pt under the aside; add: 12 + 30 = 42 pt. The heading is not snapped (its text after it is).
    expect(headingY('add') - headingY()).toBeCloseTo(12, 6);
  });
});
