/**
 * A turned float in Chromium's real 2D context (placement.rotate, page/floats-rotate.ts): the
 * worker's raster — the same painter as the page canvas — draws the picture through the page's
 * Transform group, so a picture red on its left half and blue on its right, turned ccw, shows
 * red at the bottom of its turned box and blue at the top.
 */
import { expect, test } from '@playwright/test';
import { addResourcesAndText, pageDrawing, rasterColours } from '../support/raster';
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
  await addResourcesAndText(page, [{ resource: { id: 'turned', typeId: 'figure', kind: 'svg', caption: 'Turned.', placement: { rotate: 'ccw' } }, svg: SVG }], '\n\nSee :ref{id="turned"}.\n');
  const drawn = await pageDrawing(page, 'turned');
  expect(drawn).not.toBeNull();
  const turn = drawn!.items.find((i) => i.op === 8) as { matrix: number[] } | undefined;
  const picture = drawn!.items.find((i) => i.op === 4 && i['resource'] === 'turned') as { frame?: { x: number; y: number; w: number; h: number } } | undefined;
  expect(turn).toBeDefined();
  expect(picture?.frame).toBeDefined();
  const [a, b, c, d, e, f] = turn!.matrix as [number, number, number, number, number, number];
  const turned = (x: number, y: number): [number, number] => [a * x + c * y + e, b * x + d * y + f];
  const fr = picture!.frame!;
  const middle = fr.y + fr.h / 2;
  // Where the picture's left and right quarters land once turned.
  const left = turned(fr.x + fr.w * 0.25, middle);
  const right = turned(fr.x + fr.w * 0.75, middle);
  const [leftColour, rightColour] = await rasterColours(page, drawn!, [left, right]);
  expect(leftColour).toEqual([255, 0, 0]);
  expect(rightColour).toEqual([0, 0, 255]);
  // ccw: the picture's left half is below its right half on the page.
  expect(left[1]).toBeGreaterThan(right[1]);
});
