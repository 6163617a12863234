/**
 * Crop marks and the baseline grid are drawn outside the layout (configuration.md §2): the marks by
 * the PDF (registration colour) and the print-preview raster (`page.cutLines.color`, "canvas only"),
 * the grid by the Canvas viewer. Their settings count as applied, and the preview's marks take the
 * book's colour.
 */
import { describe, expect, it } from 'vitest';
import { settingsNotApplied, type StoredConfig } from '../../../../src/worker/config';
import { cropMarkColour } from '../../../../src/worker/host/page-geometry';
import { drawCropMarks, type GuideContext } from '../../../../src/worker/paint/print-guides';

function strokes(colour: string | undefined): { style: string; width: number; segments: number }[] {
  const out: { style: string; width: number; segments: number }[] = [];
  let segments = 0;
  const ctx: GuideContext = {
    fillStyle: '', strokeStyle: '', lineWidth: 0,
    beginPath: () => { segments = 0; },
    rect: () => {}, fill: () => {}, strokeRect: () => {}, setLineDash: () => {},
    moveTo: () => { segments++; }, lineTo: () => {},
    stroke: () => { out.push({ style: String(ctx.strokeStyle), width: ctx.lineWidth, segments }); },
  };
  drawCropMarks(ctx, { width: 400, height: 600, bleed: 9, safeZone: 14 }, { offset: 8.5, length: 14, width: 0.5, ...(colour ? { colour } : {}) }, 4);
  return out;
}

describe('crop marks and the baseline grid (configuration.md §2)', () => {
  it('reads page.cutLines.color for the preview, black when unset or unreadable', () => {
    expect(cropMarkColour({ page: { cutLines: { enabled: true, color: '#ff00aa' } } } as StoredConfig)).toBe('#ff00aa');
    expect(cropMarkColour({ page: { cutLines: { enabled: true, color: { hex: '#112233', model: 'rgb' } } } } as StoredConfig)).toBe('#112233');
    expect(cropMarkColour({})).toBe('#000000');
  });

  it('draws the eight corner marks in the given colour and width, black without one', () => {
    const coloured = strokes('#ff00aa');
    expect(coloured).toEqual([{ style: '#ff00aa', width: 0.5, segments: 8 }]);
    expect(strokes(undefined)[0]!.style).toBe('#000000');
  });

  it('counts every cutLines and baselineGrid field as applied', () => {
    const stored: StoredConfig = {
      page: {
        cutLines: { enabled: true, bleed: { value: 3, unit: 'mm' }, markLength: { value: 5, unit: 'mm' }, markOffset: { value: 3, unit: 'mm' }, markWidth: { value: 0.25, unit: 'pt' }, color: '#ff00aa' },
        baselineGrid: { enabled: true, color: '#cccccc', lineWidth: { value: 0.5, unit: 'pt' } },
      },
    } as StoredConfig;
    expect(settingsNotApplied(stored)).toEqual([]);
  });
});
