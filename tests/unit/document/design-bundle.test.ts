import { describe, expect, it } from 'vitest';
import { CM } from '../../../src/worker/engine/settings';
import { BookHost } from '../../../src/worker/host/book-host';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { nodeEnvironment, presetFiles } from '../../support/node-host';
import { chapterMarkdown, mulberry32 } from '../../support/prose';
import { DESIGN } from '../../fixtures/config/design';

describe('a bundle with a design of our own that touches many sections', () => {
  it('loads, re-exports identically and lays out with its page size, margins and type', async () => {
    const random = mulberry32(8);
    const files = presetFiles([chapterMarkdown(random, 'Uno', 30), chapterMarkdown(random, 'Dos', 30)]);
    const manifest = JSON.parse(files['test-book/preset.json']!);
    // A manifest never carries customFonts in its config (bundle-format §3: fonts come from `fonts`).
    const { customFonts: _fonts, ...design } = DESIGN;
    files['test-book/preset.json'] = JSON.stringify({ ...manifest, configVersion: 11, config: design });
    const host = new BookHost(nodeEnvironment(files));
    await host.openPreset({ presetId: 'test-book' });
    expect((await host.getBook()).config).toEqual(design);
    await host.awaitConvergence(0);
    const { pages } = await host.getPages();
    expect(pages.length).toBeGreaterThan(2);
    // 12 × 19 cm, from page.sizePreset.
    expect(pages[0]!.width).toBeCloseTo(12 * CM, 2);
    expect(pages[0]!.height).toBeCloseTo(19 * CM, 2);
    const list = (await host.getDisplayList(1))!;
    const body = list.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.role === 'body');
    expect(body[0]!.size).toBe(9.5);
    // Mirrored margins put the outer margin (1.2 cm) on the verso's left, and the design's
    // oneAndHalf side column (28 % of the 9 cm measure, role floats) sits there, outside the text:
    // body text starts past both and ends at the inner margin (1.8 cm).
    const left = Math.min(...body.map((r) => r.xs[0]!));
    expect(left).toBeGreaterThan((1.2 + 0.28 * 9) * CM);
    expect(left).toBeLessThan((1.2 + 0.28 * 9) * CM + 1 * CM);
    const right = Math.max(...body.map((r) => r.xs[r.xs.length - 1]!));
    expect(right).toBeLessThan(12 * CM - 1.8 * CM);
  });
});
