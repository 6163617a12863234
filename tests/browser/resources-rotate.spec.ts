/**
 * A turned float in Chromium's real 2D context (placement.rotate, page/floats-rotate.ts): the
 * worker's raster — the same painter as the page canvas — draws the picture through the page's
 * Transform group, so a picture red on its left half and blue on its right, turned ccw, shows
 * red at the bottom of its turned box and blue at the top.
 */
import { expect, test } from '@playwright/test';
import { ready } from '../support/tools';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

// 800 × 400 px: red left half, blue right half.
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400">
<rect width="400" height="400" fill="#ff0000"/>
<rect x="400" width="400" height="400" fill="#0000ff"/>
</svg>`;

test('a picture turned ccw is drawn turned in the worker raster', async ({ page }) => {
  test.setTimeout(180_000);
  await ready(page);
  const result = await page.evaluate(async (svg) => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const chapter = book.chapters[0]!;
    const applied = await client.apply({
      origin: 'ui',
      baseRevision: book.revision,
      ops: [
        { type: 'resource.put', resource: { id: 'turned', typeId: 'figure', kind: 'svg', caption: 'Turned.', placement: { rotate: 'ccw' } }, payload: new TextEncoder().encode(svg) },
        { type: 'text', chapterId: chapter.id, from: chapter.text.length, to: chapter.text.length, insert: '\n\nSee :ref{id="turned"}.\n' },
      ],
    });
    if (!applied.ok) throw new Error(applied.error);
    await client.awaitConvergence(applied.revision);
    const { pages } = await client.getPages();
    for (const p of pages) {
      const list = await client.getDisplayList(p.index);
      const turn = list?.items.find((i) => i.op === 8) as { matrix: number[] } | undefined;
      const first = list?.items.find((i) => i.op === 4 && (i as { resource?: string }).resource === 'turned') as { frame?: { x: number; y: number; w: number; h: number } } | undefined;
      if (!turn || !first?.frame) continue;
      const shot = await client.renderPage(p.index, { width: Math.round(p.width), format: 'png' });
      const bitmap = await createImageBitmap(new Blob([shot.bytes], { type: shot.mimeType }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const scale = shot.width / p.width;
      const at = (x: number, y: number): number[] => [...ctx.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data].slice(0, 3);
      const [a, b, c, d, e, f] = turn.matrix as [number, number, number, number, number, number];
      const turned = (x: number, y: number): [number, number] => [a * x + c * y + e, b * x + d * y + f];
      const fr = first.frame;
      const middle = fr.y + fr.h / 2;
      return {
        left: at(...turned(fr.x + fr.w * 0.25, middle)),
        right: at(...turned(fr.x + fr.w * 0.75, middle)),
        // Where the picture's left quarter would be unturned, if that point is on the page and outside the turned box.
        leftTurnedY: turned(fr.x + fr.w * 0.25, middle)[1],
        rightTurnedY: turned(fr.x + fr.w * 0.75, middle)[1],
      };
    }
    return null;
  }, SVG);
  expect(result).not.toBeNull();
  expect(result!.left).toEqual([255, 0, 0]);
  expect(result!.right).toEqual([0, 0, 255]);
  // ccw: the picture's left half is below its right half on the page.
  expect(result!.leftTurnedY).toBeGreaterThan(result!.rightTurnedY);
});
