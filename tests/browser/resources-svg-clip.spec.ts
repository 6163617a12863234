/**
 * SVG clipping in Chromium's real 2D context: the worker's raster (the same painter as the page
 * canvas) of a drawing cropped to its safe area shows nothing above or below the frame, and an
 * SVG clip path cuts its shape.
 */
import { expect, test } from '@playwright/test';
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
  const result = await page.evaluate(async (svg) => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const chapter = book.chapters[0]!;
    const applied = await client.apply({
      origin: 'ui',
      baseRevision: book.revision,
      ops: [
        { type: 'resource.put', resource: { id: 'tall', typeId: 'figure', kind: 'svg', placement: { position: 'here' }, safeArea: { x: 0, y: 0.45, width: 1, height: 0.1 } }, payload: new TextEncoder().encode(svg) },
        { type: 'text', chapterId: chapter.id, from: chapter.text.length, to: chapter.text.length, insert: '\n\n::resource{id="tall"}\n' },
      ],
    });
    if (!applied.ok) throw new Error(applied.error);
    await client.awaitConvergence(applied.revision);
    const { pages } = await client.getPages();
    for (const p of pages) {
      const list = await client.getDisplayList(p.index);
      const first = list?.items.find((i) => i.op === 4 && (i as { resource?: string }).resource === 'tall') as { frame?: { x: number; y: number; w: number; h: number; clip?: { x: number; y: number; w: number; h: number } } } | undefined;
      if (!first?.frame?.clip) continue;
      const shot = await client.renderPage(p.index, { width: Math.round(p.width), format: 'png' });
      const bitmap = await createImageBitmap(new Blob([shot.bytes], { type: shot.mimeType }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const scale = shot.width / p.width;
      const at = (x: number, y: number): number[] => [...ctx.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data].slice(0, 3);
      const clip = first.frame.clip;
      const frame = first.frame;
      // The drawing's y of a px coordinate of the SVG (0.75 pt per px, scaled to the frame).
      const k = frame.w / 225;
      const yOf = (px: number): number => frame.y + px * 0.75 * k;
      const xOf = (px: number): number => frame.x + px * 0.75 * k;
      let redOutside = 0;
      for (let y = 0; y < p.height; y += 1) {
        if (y >= clip.y - 1 && y <= clip.y + clip.h + 1) continue;
        const [r, g, b] = at(clip.x + clip.w / 2, y);
        if (r! > 200 && g! < 80 && b! < 80) redOutside++;
      }
      return { redOutside, band: at(xOf(40), yOf(1500)), circleLeft: at(xOf(110), yOf(1500)), circleRight: at(xOf(190), yOf(1500)) };
    }
    return null;
  }, SVG);
  expect(result).not.toBeNull();
  expect(result!.redOutside).toBe(0);
  expect(result!.band).toEqual([0, 0, 255]);
  // The circle shows left of x = 150 px only: its right half is clipped away (the blue band shows).
  expect(result!.circleLeft).toEqual([0, 255, 0]);
  expect(result!.circleRight).toEqual([0, 0, 255]);
});
