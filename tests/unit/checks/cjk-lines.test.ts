/**
 * CJK lines in the typesetting checks (configuration.md §14.1, checks/cjk-lines.ts): a full stop hung
 * past the measure by `cjk.hangingPunctuation` is no overfull line. The text is original.
 */
import { describe, expect, it } from 'vitest';
import { Op } from '../../../src/worker/protocol/displaylist';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { runChecks } from './run-checks';

const TEXT = 'けさは雨が降った。山の茶畑はしずかで、鳥の声だけがきこえる。わたしは窓をあけた。';

describe('hung punctuation', () => {
  it('reports no overfull line for a 。 hung past the measure, and the layout does hang some', () => {
    const config = { locale: 'ja', cjk: { hangingPunctuation: 'force' } };
    const { warnings, layout } = runChecks({ chapters: [{ id: 'c1', source: Array.from({ length: 12 }, () => TEXT).join('') }], config });
    const settings = settingsFromConfig(config);
    // Pens of 、。 at or past their column's right edge: the marks hung.
    let hung = 0;
    for (const page of layout.pages) {
      const frame = pageFrame(settings, page.index);
      const rights = frame.columnX.map((x, c) => x + (frame.columnWidths[c] ?? frame.columnWidth));
      for (const item of page.items) {
        if (item.op !== Op.GlyphRun || item.line?.role !== 'body') continue;
        item.glyphs.forEach((_, g) => {
          const char = item.text[item.clusters[g]!]!;
          if ('、。'.includes(char) && rights.some((r) => Math.abs(item.xs[g]! - r) < 0.01)) hung++;
        });
      }
    }
    expect(hung).toBeGreaterThan(0);
    expect(warnings.filter((w) => w.kind === 'overfullLine')).toEqual([]);
  });
});
