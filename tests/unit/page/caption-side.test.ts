/**
 * Side captions (`placement.captionSide`, document-format §12.6 / §14.3; configuration.md §12.2):
 * in a one-and-a-half layout with a float-only side channel, the caption and note of a figure in
 * the main column are set in the channel, level with the picture's top, not under it. Without a
 * channel (or without the field) the caption stays under the picture.
 */
import { describe, expect, it } from 'vitest';
import type { StoredConfig } from '../../../src/worker/config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { asideTop, withSideCaption, type SideChannel } from '../../../src/worker/engine/page/caption-side';
import type { FlowBlock } from '../../../src/worker/engine/resources/block';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type GlyphRunItem, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { runChecks, type CheckBook } from '../checks/run-checks';
import { filledPathBox } from './helpers';

const FILL = '#3366aa';

function svg(ratio: number): string {
  const w = 4000;
  const h = Math.round(w * ratio);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect x="0" y="0" width="${w}" height="${h}" fill="${FILL}"/></svg>`).toString('base64');
}

function book(config: StoredConfig, placement: Record<string, unknown>): CheckBook {
  const random = mulberry32(5);
  const paragraphs = Array.from({ length: 12 }, () => paragraph(random));
  paragraphs[1] += '\n\n::resource{id="plan"}';
  return {
    chapters: [{ id: 'c1', source: paragraphs.join('\n\n') }],
    config,
    resources: [{ id: 'plan', kind: 'svg', typeId: 'figure', caption: 'The plan of the house, with the garden to the south and the well.', note: 'Drawn after the survey of 1911.', placement } as NonNullable<CheckBook['resources']>[number]],
    payloads: { plan: svg(0.5) },
  };
}

function figure(pages: readonly PageDisplayList[]) {
  const box = filledPathBox(pages, FILL);
  const runs = box.page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);
  return { ...box, caption: runs.filter((r) => r.line?.role === 'caption'), note: runs.filter((r) => r.line?.role === 'note') };
}

const FLOATS = { layout: { layoutType: 'oneAndHalf', sideColumnRole: 'floats', sideColumnSide: 'right' } } as StoredConfig;

describe('placement.captionSide', () => {
  it('sets the caption and note in the side channel, the caption\'s first line level with the picture\'s top', () => {
    const settings = settingsFromConfig(FLOATS);
    const { layout } = runChecks(book(FLOATS, { position: 'here', captionSide: true }));
    const fig = figure(layout.pages);
    const f = pageFrame(settings, fig.page.index);
    expect(f.side).toBeDefined();
    const side = f.side!;
    // The picture fills the main column's width; caption and note are in the side channel.
    expect(fig.left).toBeCloseTo(f.columnX[0]!, 2);
    expect(fig.right).toBeCloseTo(f.columnX[0]! + f.columnWidth, 2);
    expect(fig.caption.length).toBeGreaterThan(1); // the narrow channel breaks the caption
    for (const run of [...fig.caption, ...fig.note]) {
      expect(run.xs[0]!).toBeGreaterThanOrEqual(side.x - 0.01);
      expect(Math.max(...run.xs)).toBeLessThanOrEqual(side.x + side.width + 0.01);
    }
    // Level: the caption's first line box starts at the picture's top (its baseline within one caption line under it).
    const first = Math.min(...fig.caption.map((r) => r.y));
    const size = fig.caption[0]!.size;
    expect(first).toBeGreaterThan(fig.top);
    expect(first - fig.top).toBeLessThan(1.25 * size);
    // The note follows the caption in the channel.
    expect(Math.min(...fig.note.map((r) => r.y))).toBeGreaterThan(Math.max(...fig.caption.map((r) => r.y)));
  });

  it('without the field, the caption stays under the picture in the main column', () => {
    const { layout } = runChecks(book(FLOATS, { position: 'here' }));
    const fig = figure(layout.pages);
    const settings = settingsFromConfig(FLOATS);
    const f = pageFrame(settings, fig.page.index);
    expect(Math.min(...fig.caption.map((r) => r.y))).toBeGreaterThan(fig.bottom);
    expect(Math.max(...fig.caption.flatMap((r) => r.xs))).toBeLessThan(f.side!.x);
  });

  it('the picture then has its slot to itself: with the caption aside it is set no smaller than with it under', () => {
    const aside = figure(runChecks(book(FLOATS, { position: 'here', captionSide: true })).layout.pages);
    const under = figure(runChecks(book(FLOATS, { position: 'here' })).layout.pages);
    expect(aside.bottom - aside.top).toBeGreaterThanOrEqual(under.bottom - under.top - 0.01);
  });

  it('a column float with captionSide takes the channel too', () => {
    const { layout } = runChecks(book(FLOATS, { position: 'top', captionSide: true }));
    const fig = figure(layout.pages);
    const f = pageFrame(settingsFromConfig(FLOATS), fig.page.index);
    expect(fig.caption.every((r) => r.xs[0]! >= f.side!.x - 0.01)).toBe(true);
  });

  it('in a layout without a float channel the caption stays under the picture', () => {
    const config = { layout: { layoutType: 'oneAndHalf', sideColumnRole: 'text' } } as StoredConfig;
    const fig = figure(runChecks(book(config, { position: 'here', captionSide: true })).layout.pages);
    expect(Math.min(...fig.caption.map((r) => r.y))).toBeGreaterThan(fig.bottom);
  });

  it('asideTop: level with the figure, under what the channel holds, lifted to end at the foot', () => {
    const frame = { contentLeft: 0, contentTop: 50, contentWidth: 300, contentHeight: 500, columnX: [0], columnWidths: [200], columnWidth: 200, side: { x: 210, width: 90 } };
    expect(asideTop(frame, 150, 40, 0)).toBe(150);
    expect(asideTop(frame, 150, 40, 180)).toBe(230);
    expect(asideTop(frame, 520, 40, 0)).toBe(510);
  });

  it('a figure drawn again in the same place (grown by the flexFigure lever) keeps its caption where it was', () => {
    const frame = { contentLeft: 0, contentTop: 50, contentWidth: 300, contentHeight: 500, columnX: [0], columnWidths: [200], columnWidth: 200, side: { x: 210, width: 90 } };
    let free = 0;
    const channel: SideChannel = { frame: () => frame, page: () => 3, freeTop: () => free, take: (bottom) => void (free = Math.max(free, bottom)), gap: 12 };
    const box = (h: number): FlowBlock => ({ height: h, width: 200, emit: (x, y) => [{ op: Op.Rect, x, y, w: 200, h }] });
    const caption: FlowBlock = { height: 30, width: 90, emit: (x, y) => [{ op: Op.Rect, x, y, w: 90, h: 30 }] };
    const placed = new Map<string, number>();
    const first = withSideCaption({ ...box(100), aside: caption }, channel, placed).emit(0, 150);
    const again = withSideCaption({ ...box(124), aside: caption }, channel, placed).emit(0, 150);
    const asideOf = (items: ReturnType<FlowBlock['emit']>) => items.find((i) => i.op === Op.Rect && i.x === 210) as { y: number };
    expect(asideOf(first).y).toBe(150);
    expect(asideOf(again).y).toBe(150);
    expect(free).toBe(100 + 30 + 12); // taken once: to the caption's foot and a line under it
    // A second figure lower down goes under the first caption.
    const other = withSideCaption({ ...box(50), aside: caption }, channel, placed).emit(0, 160);
    expect(asideOf(other).y).toBe(50 + 142);
  });

  it('a table split across pages sets each part\'s caption in the channel level with the part, "(cont.)" after the first', () => {
    const rows = [[{ content: 'Station', isHeader: true }, { content: 'Hour', isHeader: true }], ...Array.from({ length: 70 }, (_, i) => [{ content: `Stop ${i + 1}` }, { content: `${8 + (i % 12)}:00` }])];
    const random = mulberry32(3);
    const source = [paragraph(random), '::resource{id="hours"}', paragraph(random)].join('\n\n');
    const { layout } = runChecks({
      chapters: [{ id: 'c1', source }],
      config: FLOATS,
      resources: [{ id: 'hours', kind: 'table', typeId: 'table', caption: 'Hours of the line.', note: 'Weekdays only.', placement: { position: 'here', captionSide: true }, table: { model: { rows, headerRowCount: 1 } } } as NonNullable<CheckBook['resources']>[number]],
      payloads: {},
    });
    const settings = settingsFromConfig(FLOATS);
    const parts = layout.pages.filter((p) => p.items.some((i) => i.op === Op.GlyphRun && i.text.startsWith('Station')));
    expect(parts.length).toBeGreaterThanOrEqual(2);
    parts.forEach((page, k) => {
      const f = pageFrame(settings, page.index);
      const captions = page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.role === 'caption' && i.xs[0]! >= f.side!.x - 0.01);
      expect(captions.length, `page ${page.index}`).toBeGreaterThan(0);
      const text = captions.map((r) => r.text).join(' ');
      expect(text.includes('(cont.)')).toBe(k > 0);
      // Level with the part: the caption's first baseline within one caption line under the header row's top.
      const header = page.items.find((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.text.startsWith('Station'))!;
      const first = Math.min(...captions.map((r) => r.y));
      expect(Math.abs(first - header.y)).toBeLessThan(2 * 1.25 * captions[0]!.size);
    });
    // The note only with the last part (the others close with the continues marker, set in the note's type).
    const notes = parts.map((p) => p.items.some((i) => i.op === Op.GlyphRun && i.line?.role === 'note' && i.text !== 'Continued'));
    expect(parts.slice(0, -1).every((p) => p.items.some((i) => i.op === Op.GlyphRun && i.text === 'Continued'))).toBe(true);
    expect(notes).toEqual(parts.map((_, k) => k === parts.length - 1));
  });
});
