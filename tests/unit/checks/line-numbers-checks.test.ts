import { describe, expect, it } from 'vitest';
import { mulberry32, paragraph } from '../../support/prose';
import { runChecks } from './run-checks';

/**
 * Margin line numbers (configuration.md §11.2) carry the numbered line's block (role
 * `lineNumber`), but are no part of its text: the typesetting checks leave them out, so a number
 * in the margin never makes its line overfull (checks/typesetting.ts printedLines). A number that
 * meets other ink or runs off the page is reported as `lineNumberOverlap` (checks/line-numbers.ts).
 */
describe('checks with margin line numbers', () => {
  it('reports no overfull line for the numbers standing in the margin', () => {
    const random = mulberry32(7);
    const source = Array.from({ length: 12 }, () => paragraph(random)).join('\n\n');
    const config = { layout: { layoutType: 'single' }, lineNumbers: { enabled: true, count: 'all', interval: 1, position: 'right' } };
    const { warnings, layout } = runChecks({ chapters: [{ id: 'c', source }], config: config as never });
    expect(layout.pages.flatMap((p) => p.items).filter((i) => 'line' in i && i.line?.role === 'lineNumber').length).toBeGreaterThan(20);
    expect(warnings.filter((w) => w.kind === 'overfullLine')).toEqual([]);
    // Standing clear in the default right margin: no lineNumberOverlap either.
    expect(warnings.filter((w) => w.kind === 'lineNumberOverlap')).toEqual([]);
  });

  it('reports lineNumberOverlap where the numbers of two columns meet in the gutter, or run off the page', () => {
    const random = mulberry32(3);
    const source = Array.from({ length: 12 }, () => paragraph(random)).join('\n\n');
    const gutter = { layout: { layoutType: 'double' }, lineNumbers: { enabled: true, count: 'all', interval: 1, multiColumn: 'gutter' } };
    const met = runChecks({ chapters: [{ id: 'c', source }], config: gutter as never }).warnings.filter((w) => w.kind === 'lineNumberOverlap');
    expect(met.length).toBeGreaterThan(0);
    expect(met[0]!.detail).toMatch(/^Line number \S+ overlaps line number \S+ \(and \d+ more on this page\)/);
    expect(met[0]!.pageIndex).toBe(0);
    // The same numbers on the outer edges (the default) stand clear.
    const outer = { layout: { layoutType: 'double' }, lineNumbers: { enabled: true, count: 'all', interval: 1 } };
    expect(runChecks({ chapters: [{ id: 'c', source }], config: outer as never }).warnings.filter((w) => w.kind === 'lineNumberOverlap')).toEqual([]);
    // A 5 pt margin has no room for a number and its 8 pt gap.
    const tight = { layout: { layoutType: 'single' }, page: { margins: { left: { value: 5, unit: 'pt' }, right: { value: 5, unit: 'pt' } } }, lineNumbers: { enabled: true, count: 'all', position: 'left' } };
    const off = runChecks({ chapters: [{ id: 'c', source }], config: tight as never }).warnings.filter((w) => w.kind === 'lineNumberOverlap');
    expect(off.length).toBeGreaterThan(0);
    expect(off[0]!.detail).toContain('runs off the page');
  });
});
