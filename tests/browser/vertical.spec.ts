/**
 * Vertical text in Chromium (`layout.writingMode: 'vertical-rl'`, engine/page/vertical.ts): after
 * the setting is made through the agent tool, the page canvas on screen draws the flow turned —
 * ink where the display list puts the first body line, on the right half of the sheet, running
 * down — and matches the worker's raster of the same display list (one painter).
 */
import { expect, test } from '@playwright/test';
import { canvasAgainstRaster } from '../support/raster';
import { call, ready } from '../support/tools';

test.use({ viewport: { width: 1400, height: 1000 }, deviceScaleFactor: 1 });

test('a vertical-rl book: page 1 on the canvas has its first line down the right of the type area', async ({ page }) => {
  test.setTimeout(240_000);
  await ready(page);
  const set = await call(page, 'sandbox_set_config', { changes: [{ path: 'layout.writingMode', value: 'vertical-rl' }, { path: 'layout.layoutType', value: 'single' }] });
  expect(set.ok).toBe(true);
  // Where the first body line is drawn, from the display list: its first run's pen through the group's matrices (pt).
  const first = await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const { pages } = await client.getPages();
    const list = (await client.getDisplayList(0))!;
    type M = [number, number, number, number, number, number];
    const compose = (o: M, i: M): M => [o[0] * i[0] + o[2] * i[1], o[1] * i[0] + o[3] * i[1], o[0] * i[2] + o[2] * i[3], o[1] * i[2] + o[3] * i[3], o[0] * i[4] + o[2] * i[5] + o[4], o[1] * i[4] + o[3] * i[5] + o[5]];
    const stack: M[] = [];
    let m: M = [1, 0, 0, 1, 0, 0];
    for (const item of list.items as unknown as Array<Record<string, unknown> & { op: number }>) {
      if (item.op === 8) {
        stack.push(m);
        m = compose(m, item['matrix'] as M);
      } else if (item.op === 9) m = stack.pop() ?? [1, 0, 0, 1, 0, 0];
      else if (item.op === 1 && (item['line'] as { role?: string } | undefined)?.role === 'body') {
        const x = (item['xs'] as number[])[0]!;
        const y = item['y'] as number;
        return { turn: m.slice(0, 4), at: [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]], width: pages[0]!.width };
      }
    }
    return null;
  });
  expect(first).not.toBeNull();
  // Sideways (a Latin line turned a quarter clockwise), on the right half of the sheet.
  expect(first!.turn.map((v) => Math.round(v) + 0)).toEqual([0, 1, -1, 0]);
  expect(first!.at[0]).toBeGreaterThan(first!.width / 2);
  // The canvas, once repainted after the change: ink 1–5 pt right of that baseline point (the letters' bodies: turned
  // clockwise, their tops face the sheet's right edge)
  // along 60 pt down the line, and the same pixels as the worker's raster of the list (< 0.5 % differ).
  await expect
    .poll(
      async () => {
        const inkOnLine = await page.evaluate(async ({ at }) => {
          const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-page-index="0"][data-painted]');
          if (!canvas) return -1;
          const { pages } = await window.postextApp!.client.getPages();
          const scale = canvas.width / pages[0]!.width;
          const screen = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
          let ink = 0;
          for (let y = Math.round(at[1] * scale); y < Math.round((at[1] + 60) * scale); y++) {
            for (let x = Math.round((at[0] + 1) * scale); x < Math.round((at[0] + 5) * scale); x++) if (screen.data[(y * canvas.width + x) * 4]! < 128) ink++;
          }
          return ink;
        }, first!);
        if (inkOnLine < 0) return 'no canvas';
        if (inkOnLine <= 20) return `only ${inkOnLine} inked pixels on the first line`;
        const compared = await canvasAgainstRaster(page, 0, true);
        if (!compared) return 'no canvas';
        if (compared.differing / compared.total >= 0.005) return `${compared.differing} pixels differ from the raster`;
        return 'drawn';
      },
      { timeout: 90_000 },
    )
    .toBe('drawn');
});

test('sandbox_inspect_pages in a vertical-rl book: a block counts its lines once each and its box lies on the sheet where it is drawn', async ({ page }) => {
  test.setTimeout(240_000);
  await ready(page);
  const set = await call(page, 'sandbox_set_config', { changes: [{ path: 'layout.writingMode', value: 'vertical-rl' }, { path: 'layout.layoutType', value: 'single' }] });
  expect(set.ok).toBe(true);
  const inspected = (await call(page, 'sandbox_inspect_pages', { chapter: 1, position: 1 })) as unknown as { ok: boolean; blocks: { type: string; lines: number; box: { x: number; y: number; width: number; height: number } }[] };
  expect(inspected.ok).toBe(true);
  // Baselines per block in the display list (the flow's y of its body runs): what `lines` must count.
  const baselines = await page.evaluate(async () => {
    const list = (await window.postextApp!.client.getDisplayList(0))!;
    const byBlock = new Map<string, Set<number>>();
    for (const item of list.items as unknown as Array<{ op: number; y: number; line?: { block: string; role: string } }>) {
      if (item.op !== 1 || item.line?.role !== 'body') continue;
      byBlock.set(item.line.block, (byBlock.get(item.line.block) ?? new Set()).add(item.y));
    }
    return [...byBlock.values()].map((ys) => ys.size);
  });
  const paragraphs = inspected.blocks.filter((b) => b.type === 'paragraph');
  expect(paragraphs.length).toBeGreaterThan(0);
  expect(paragraphs.map((b) => b.lines).sort()).toEqual([...baselines].sort());
  for (const b of paragraphs) {
    expect(b.box.x).toBeGreaterThanOrEqual(0);
    expect(b.box.x + b.box.width).toBeLessThanOrEqual(1.0001);
    // A block of vertical lines: as tall as a line is long, as wide as its lines stacked.
    expect(b.box.height).toBeGreaterThan(b.box.width / b.lines);
  }
  // The first paragraph is at the right of the page, where vertical text begins.
  expect(paragraphs[0]!.box.x + paragraphs[0]!.box.width).toBeGreaterThan(0.5);
});
