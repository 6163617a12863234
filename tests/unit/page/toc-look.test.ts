import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { entryRuns, tocLayout, tocSource } from './toc-helpers';

/** The contents' own type (configuration.md §11.5 `toc.levels[]` fields, `toc.pageNumber`), in a one-column book. */
const SOURCE = tocSource('Section Beta, whose title runs on for long enough to need a second line in the contents at a narrow measure');

const layoutOf = (toc: Record<string, unknown> = {}) => tocLayout(SOURCE, toc);

describe('toc look (§11.5)', () => {
  it('declares what it applies, not the rest', () => {
    for (const f of ['fontFamily', 'fontSize', 'fontWeight', 'italic', 'color', 'indent', 'marginTop', 'marginBottom']) expect(isApplied(`toc.levels[level=2].${f}`), f).toBe(true);
    for (const f of ['fontFamily', 'fontSize', 'fontWeight', 'italic', 'color', 'width']) expect(isApplied(`toc.pageNumber.${f}`), f).toBe(true);
    expect(isApplied('toc.parts.design')).toBe(true); // drawn from its elements (toc-parts.test.ts)
  });

  it("a level's face, size, colour and indent; the other level keeps the body's", () => {
    const plain = layoutOf();
    const styled = layoutOf({ levels: [{ level: 1 }, { level: 2, fontSize: { value: 10, unit: 'pt' }, italic: true, color: '#336699', indent: { value: 3, unit: 'em' } }] });
    const alpha = entryRuns(styled.entries, 'Section Alpha').find((r) => r.text.includes('Section Alpha'))!;
    const plainAlpha = entryRuns(plain.entries, 'Section Alpha').find((r) => r.text.includes('Section Alpha'))!;
    expect(plainAlpha.size).toBe(8);
    expect(alpha.size).toBe(10);
    expect(alpha.fill).toBe('#336699');
    expect(alpha.font).not.toBe(plainAlpha.font); // the italic face
    // 3 em of the 8 pt body from the column edge (1.5 em by default).
    expect(alpha.xs[0]! - styled.left).toBeCloseTo(24, 1);
    expect(plainAlpha.xs[0]! - plain.left).toBeCloseTo(12, 1);
    const one = entryRuns(styled.entries, 'Chapter One').find((r) => r.text.includes('Chapter One'))!;
    expect(one.size).toBe(8);
    expect(one.fill).toBe(plainAlpha.fill);
  });

  it("the page number's own type, and the width kept for it", () => {
    const plain = layoutOf();
    const styled = layoutOf({ pageNumber: { fontSize: { value: 6, unit: 'pt' }, color: '#aa0000' } });
    // The label: the entry's run in the page number's colour.
    const label = entryRuns(styled.entries, 'Section Alpha').find((r) => r.fill === '#aa0000')!;
    expect(label.size).toBe(6);
    expect(entryRuns(plain.entries, 'Section Alpha').some((r) => r.fill === '#aa0000')).toBe(false);
    // A wide page-number column narrows the titles: the long one takes more lines.
    const lines = (entries: GlyphRunItem[]) => new Set(entryRuns(entries, 'Section Beta').map((r) => r.y)).size;
    const wide = layoutOf({ pageNumber: { width: { value: 30, unit: 'em' } } });
    expect(lines(wide.entries)).toBeGreaterThan(lines(plain.entries));
  });

  it('space above and below each entry of a level, on the grid', () => {
    const ys = (entries: GlyphRunItem[]) => ['Chapter One', 'Section Alpha', 'Section Beta'].map((t) => entryRuns(entries, t)[0]!.y);
    const [p1, p2] = ys(layoutOf().entries);
    const [s1, s2, s3] = ys(layoutOf({ levels: [{ level: 1, marginBottom: { value: 12, unit: 'pt' } }, { level: 2, marginTop: { value: 12, unit: 'pt' } }] }).entries);
    // Under the level-1 entry its 12 pt and the level-2 entry's 12 pt: two more grid lines than before.
    expect(s2! - s1!).toBeCloseTo(p2! - p1! + 24, 3);
    // Between the two level-2 entries only the second's top space (the first has no bottom space).
    expect(s3! - s2!).toBeGreaterThan(12);
  });
});
