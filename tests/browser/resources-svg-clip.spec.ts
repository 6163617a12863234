/**
 * SVG clipping in Chromium's real 2D context: the worker's raster (the same painter as the page
 * canvas) of a drawing cropped to its safe area shows nothing above or below the frame, and an
 * SVG clip path cuts its shape.
 */
import { expect, test } from '@playwright/test';
import { addResourcesAndText, pageDrawing, rasterColours } from '../support/raster';
import { ready } from '../support/tools';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });

// Red everywhere, a blue band in the middle, and a green circle clipped to its left half at the
// band's centre: 300 × 3000 px = 225 × 2250 pt, far taller than a page, so it is cropped.
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="3000">
<defs><clipPath id="half"><rect x="0" y="1400" width="150" height="200"/></clipPath></defs>
<rect width="300" height="3000" fill="#ff0000"/>
<rect y="1300" width="300" height="400" fill="#0000ff"/>
<circle cx="150" cy="1500" r="80" fill="#00ff00" clip-path="url(#half)"/>
</svg>`;

test('a cropped SVG with a clip path is clipped in the worker raster', async ({ page }) => {
  test.setTimeout(180_000);
  await ready(page);
  await addResourcesAndText(page, [{ resource: { id: 'tall', typeId: 'figure', kind: 'svg', placement: { position: 'here' }, safeArea: { x: 0, y: 0.45, width: 1, height: 0.1 } }, svg: SVG }], '\n\n::resource{id="tall"}\n');
  const drawn = await pageDrawing(page, 'tall');
  expect(drawn).not.toBeNull();
  const picture = drawn!.items.find((i) => i.op === 4 && i['resource'] === 'tall') as { frame?: { x: number; y: number; w: number; h: number; clip?: { x: number; y: number; w: number; h: number } } } | undefined;
  const frame = picture?.frame;
  expect(frame?.clip).toBeDefined();
  const clip = frame!.clip!;
  // The drawing's y (x) of a px coordinate of the SVG (0.75 pt per px, scaled to the frame).
  const k = frame!.w / 225;
  const yOf = (px: number): number => frame!.y + px * 0.75 * k;
  const xOf = (px: number): number => frame!.x + px * 0.75 * k;
  // Down the middle of the clip, every whole pt of the page outside it (1 pt of slack at its edges).
  const outside: Array<[number, number]> = [];
  for (let y = 0; y < drawn!.height; y += 1) if (y < clip.y - 1 || y > clip.y + clip.h + 1) outside.push([clip.x + clip.w / 2, y]);
  const [band, circleLeft, circleRight, ...rest] = await rasterColours(page, drawn!, [[xOf(40), yOf(1500)], [xOf(110), yOf(1500)], [xOf(190), yOf(1500)], ...outside]);
  const redOutside = rest.filter(([r, g, b]) => r > 200 && g < 80 && b < 80).length;
  expect(redOutside).toBe(0);
  expect(band).toEqual([0, 0, 255]);
  // The circle shows left of x = 150 px only: its right half is clipped away (the blue band shows).
  expect(circleLeft).toEqual([0, 255, 0]);
  expect(circleRight).toEqual([0, 0, 255]);
});
