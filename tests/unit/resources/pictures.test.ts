import { describe, expect, it } from 'vitest';
import { readBitmapInfo } from '../../../src/worker/engine/resources/picture-info';
import { parseSvg } from '../../../src/worker/engine/resources/svg';
import { parsePathData } from '../../../src/worker/engine/vector/path-data';
import { fitPicture, naturalSize } from '../../../src/worker/engine/resources/figure';
import { prepareResource } from '../../../src/worker/engine/resources/model';
import { resourceSettingsFromConfig } from '../../../src/worker/engine/resources/settings';
import { gifHeader, HOSTILE_SVG, jpegHeader, makePng, webpHeader } from '../../fixtures/resources/pictures';

describe('picture headers (pure)', () => {
  it('reads PNG size and pHYs resolution', () => {
    const info = readBitmapInfo(makePng(120, 40, [0, 0, 0], 150));
    expect(info).toMatchObject({ format: 'png', width: 120, height: 40 });
    expect(info!.ppi).toBeCloseTo(150, 0);
  });
  it('reads JPEG, GIF and WebP sizes', () => {
    expect(readBitmapInfo(jpegHeader(640, 480, 240))).toEqual({ format: 'jpeg', width: 640, height: 480, ppi: 240 });
    expect(readBitmapInfo(gifHeader(33, 17))).toEqual({ format: 'gif', width: 33, height: 17 });
    expect(readBitmapInfo(webpHeader(1000, 700))).toEqual({ format: 'webp', width: 1000, height: 700 });
  });
  it('answers null for other bytes and truncated headers', () => {
    expect(readBitmapInfo(new TextEncoder().encode('hello'))).toBeNull();
    expect(readBitmapInfo(makePng(10, 10).subarray(0, 20))).toBeNull();
  });
});

describe('natural size and fitting (document-format §12.9)', () => {
  const settings = resourceSettingsFromConfig({});
  const bitmap = (px: number, resolution?: number, fileppi?: number) =>
    prepareResource({ id: 'p', typeId: 'figure', kind: 'bitmap', ...(resolution ? { resolution } : {}) }, makePng(px, px / 2, [0, 0, 0], fileppi));

  it('a 1200 px bitmap at 300 ppi is 288 pt wide', () => {
    expect(naturalSize(bitmap(1200, 300), settings)!.width).toBeCloseTo(288, 6);
  });
  it('without its own resolution it is printed at page.dpi, or at the file ppi under bitmapResolution "file"', () => {
    expect(naturalSize(bitmap(600), resourceSettingsFromConfig({ page: { dpi: 150 } }))!.width).toBeCloseTo(288, 6);
    expect(naturalSize(bitmap(600, undefined, 200), resourceSettingsFromConfig({ layout: { bitmapResolution: 'file' } }))!.width).toBeCloseTo(216, 1);
    // 72 and 96 ppi are screen defaults, not print resolutions: ignored under 'file'.
    expect(naturalSize(bitmap(600, undefined, 72), resourceSettingsFromConfig({ layout: { bitmapResolution: 'file' } }))!.width).toBeCloseTo(144, 1);
  });
  it('is never enlarged and keeps its aspect when scaled to the slot', () => {
    expect(fitPicture({ width: 100, height: 50 }, 300, 300)).toEqual({ width: 100, height: 50 });
    expect(fitPicture({ width: 400, height: 200 }, 200, 300)).toEqual({ width: 200, height: 100 });
  });
  it('a safe-area crop takes exactly the safe area when nothing more fits, and shares the cut in proportion', () => {
    const safe = { x: 0, y: 0.2, width: 1, height: 0.1 };
    const tight = fitPicture({ width: 100, height: 1000 }, 100, 50, safe);
    expect(tight.crop!.y).toBeCloseTo(safe.y, 9);
    expect(tight.crop!.h).toBeCloseTo(safe.height, 9);
    expect(tight.height).toBe(50);
    const roomy = fitPicture({ width: 100, height: 1000 }, 100, 500, safe);
    expect(roomy.width).toBe(100); // width fixed, height varies
    expect(roomy.crop!.h).toBeCloseTo(0.5, 9);
    // Cut 0.5 shared by the margins above (0.2) and below (0.7) the area.
    expect(roomy.crop!.y).toBeCloseTo((0.5 * 0.2) / 0.9, 9);
    expect(roomy.crop!.y).toBeLessThanOrEqual(safe.y);
    expect(roomy.crop!.y + roomy.crop!.h).toBeGreaterThanOrEqual(safe.y + safe.height);
  });
});

describe('SVG in pure code', () => {
  it('draws the subset as shapes and runs or fetches nothing', () => {
    const drawing = parseSvg(HOSTILE_SVG)!;
    expect(drawing.width).toBe(150); // 200 px = 150 pt
    expect(drawing.height).toBe(75);
    expect(drawing.shapes).toHaveLength(3);
    expect(drawing.skipped).toEqual(expect.arrayContaining(['script', 'image', 'use']));
    const [rect, circle, line] = drawing.shapes;
    expect(rect!.fill).toBe('#336699');
    // viewBox 400 → 200 px → 150 pt: scale 0.375 pt per unit; translate(10 20) applies first.
    expect(rect!.segments[0]).toEqual({ c: 'M', x: 10 * 0.375, y: 20 * 0.375 });
    expect(circle).toMatchObject({ fill: '#ff0000', stroke: '#000000', strokeWidth: 1.5 });
    expect(line).toMatchObject({ stroke: '#0000ff' });
    expect(line!.fill).toBeUndefined();
  });
  it('converts relative commands, H/V, S/T and arcs to absolute segments', () => {
    const segments = parsePathData('m10 10 h5 v5 s5 5 10 0 t 10 0 a5 5 0 0 1 10 0 z');
    expect(segments[0]).toEqual({ c: 'M', x: 10, y: 10 });
    expect(segments[1]).toEqual({ c: 'L', x: 15, y: 10 });
    expect(segments[2]).toEqual({ c: 'L', x: 15, y: 15 });
    expect(segments[3]).toMatchObject({ c: 'C', x: 25, y: 15 });
    expect(segments[4]).toMatchObject({ c: 'Q', x: 35, y: 15 });
    const arcEnd = segments[segments.length - 2]!;
    expect(arcEnd).toMatchObject({ c: 'C' });
    expect((arcEnd as { x: number }).x).toBeCloseTo(45, 9);
    expect(segments[segments.length - 1]).toEqual({ c: 'Z' });
  });
  it('refuses markup without an svg root', () => {
    expect(parseSvg('<html><body/></html>')).toBeNull();
  });
});
