/**
 * Invariants over the sample books as the worker host lays them out: every set line (body,
 * heading, note, caption) has its baseline inside the content area and its glyphs on the page,
 * and no two blocks print on the same line position of the same column with overlapping extents.
 */
import { describe, expect, it } from 'vitest';
import { BookHost } from '../../../src/worker/host/book-host';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { nodeEnvironment } from '../../support/node-host';

const SAMPLES: [string, string | undefined][] = [
  ['postext-guide', 'en'],
  ['magazine-piece', undefined],
  ['arabic-book', undefined],
  ['chinese-book', undefined],
];

describe('page invariants over the sample books', () => {
  for (const [id, locale] of SAMPLES) {
    it(`${id}${locale ? ` (${locale})` : ''}: lines inside the content area, no two blocks on one line`, async () => {
      const host = new BookHost(nodeEnvironment());
      const opened = await host.openPreset({ presetId: id, ...(locale ? { locale } : {}) });
      const converged = await host.awaitConvergence(opened.revision);
      for (let i = 0; i < converged.pages; i++) {
        const page = (await host.getDisplayList(i))!;
        const geometry = (await host.getPageGeometry(i))!;
        const lines = page.items.filter((item): item is GlyphRunItem => item.op === Op.GlyphRun && !!item.line && item.line.role !== 'header' && item.line.role !== 'footer');
        for (const run of lines) {
          for (const x of run.xs) expect(x, `page ${i} "${run.text}"`).toBeGreaterThanOrEqual(0), expect(x).toBeLessThanOrEqual(page.width);
          expect(run.y, `page ${i} "${run.text}"`).toBeGreaterThan(geometry.margins.top);
          expect(run.y, `page ${i} "${run.text}"`).toBeLessThanOrEqual(geometry.height - geometry.margins.bottom + 0.01);
        }
        // Same baseline, different blocks, overlapping horizontal extents → two blocks on one line.
        const byY = new Map<number, GlyphRunItem[]>();
        for (const run of lines) byY.set(Math.round(run.y * 2), [...(byY.get(Math.round(run.y * 2)) ?? []), run]);
        for (const group of byY.values()) {
          const blocks = new Map<string, [number, number]>();
          for (const run of group) {
            const extent = blocks.get(run.line!.block) ?? [Infinity, -Infinity];
            blocks.set(run.line!.block, [Math.min(extent[0], ...run.xs), Math.max(extent[1], ...run.xs)]);
          }
          const extents = [...blocks.entries()];
          for (let a = 0; a < extents.length; a++) {
            for (let b = a + 1; b < extents.length; b++) {
              const [, ea] = extents[a]!;
              const [, eb] = extents[b]!;
              const overlap = Math.min(ea[1], eb[1]) - Math.max(ea[0], eb[0]);
              expect(overlap, `page ${i}: ${extents[a]![0]} and ${extents[b]![0]} share a line`).toBeLessThan(1);
            }
          }
        }
      }
    }, 180_000);
  }
});
