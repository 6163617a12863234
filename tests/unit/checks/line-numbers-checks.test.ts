import { describe, expect, it } from 'vitest';
import { mulberry32, paragraph } from '../../support/prose';
import { runChecks } from './run-checks';

/**
 * Margin line numbers (configuration.md §11.2) carry the numbered line's block (role
 * `lineNumber`), but are no part of its text: the typesetting checks leave them out, so a number
 * in the margin never makes its line overfull (checks/typesetting.ts printedLines).
 */
describe('checks with margin line numbers', () => {
  it('reports no overfull line for the numbers standing in the margin', () => {
    const random = mulberry32(7);
    const source = Array.from({ length: 12 }, () => paragraph(random)).join('\n\n');
    const config = { layout: { layoutType: 'single' }, lineNumbers: { enabled: true, count: 'all', interval: 1, position: 'right' } };
    const { warnings, layout } = runChecks({ chapters: [{ id: 'c', source }], config: config as never });
    expect(layout.pages.flatMap((p) => p.items).filter((i) => 'line' in i && i.line?.role === 'lineNumber').length).toBeGreaterThan(20);
    expect(warnings.filter((w) => w.kind === 'overfullLine')).toEqual([]);
  });
});
