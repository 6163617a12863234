import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BookHost } from '../../../src/worker/host/book-host';
import { Op, type PathItem } from '../../../src/worker/protocol/displaylist';
import { nodeEnvironment, presetFiles } from '../../support/node-host';

const source = readFileSync('tests/fixtures/math/inline-display.md', 'utf8');

describe('maths through the book host', () => {
  it('loads MathJax for a book with formulas, typesets them as paths and reports one invalidMath at its line', async () => {
    const host = new BookHost(nodeEnvironment(presetFiles([source])));
    await host.openPreset({ presetId: 'test-book' });
    const done = await host.awaitConvergence(0);
    const lists = await Promise.all(Array.from({ length: done.pages }, (_, i) => host.getDisplayList(i)));
    const formulas = lists.flatMap((l) => l!.items.filter((i): i is PathItem => i.op === Op.Path && i.math !== undefined));
    expect(formulas.some((p) => p.text === 'E=F' && p.d.length > 100)).toBe(true);
    expect(formulas.some((p) => p.fill === '#c8c8c8'), 'no grey placeholder once MathJax is loaded').toBe(false);
    const { diagnostics } = await host.getDiagnostics();
    const invalid = diagnostics.filter((d) => d.kind === 'invalidMath');
    expect(invalid).toHaveLength(1);
    expect(invalid[0]!.line).toBe(source.split('\n').findIndex((l) => l.includes('\\frac{1}{$')) + 1);
  });
});
