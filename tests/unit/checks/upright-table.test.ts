/**
 * The line checks over a table set upright in vertical text (resources/table-upright.ts): its runs
 * keep the unturned table's coordinates inside a group naming the resource, so measured against the
 * page's columns they are not lines of the page (checks/typesetting.ts passes them over). With two
 * tiers the table, as wide as the room across the lines, is wider than a tier's lines are long.
 */
import { describe, expect, it } from 'vitest';
import { Op } from '../../../src/worker/protocol/displaylist';
import { runChecks } from './run-checks';

describe('an upright table in vertical text', () => {
  it('reports no overfull line for its cells, captions or continues markers', () => {
    const long = 'A cell holding a long sentence of Latin words that cannot stand on one line across the room of a page';
    const rows = [['Name', 'Note'], ['Tama', long], ...Array.from({ length: 60 }, (_, i) => [`Tama ${i}`, `${i}`])];
    const model = { rows: rows.map((row) => row.map((content) => ({ content }))), headerRowCount: 1 };
    const config = { locale: 'en', layout: { writingMode: 'vertical-rl', layoutType: 'double' } } as const;
    const { warnings, layout } = runChecks({
      chapters: [{ id: 'a', source: 'Before the table.\n\n::resource{id="list"}\n\nAfter the table.\n' }],
      config,
      patterns: null,
      resources: [{ id: 'list', typeId: 'table', kind: 'table', caption: 'A list.', placement: { position: 'here' }, table: { model } } as never],
    });
    // The table is drawn upright, in groups naming it (what the checks pass over).
    const groups = layout.pages.flatMap((page) => page.items.filter((item) => item.op === Op.Transform && item.resource === 'list'));
    expect(groups.length).toBeGreaterThan(1);
    // Before: its long cell's lines, caption and continues markers were reported as sticking 50 to 60 pt out of their tier.
    expect(warnings.filter((w) => w.kind === 'overfullLine')).toEqual([]);
  });
});
