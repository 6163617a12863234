/**
 * `bodyText.emphasis: 'overline'` (configuration.md §6.1) in captions and table cells: the rule over
 * an emphasised run is drawn there as in running text (resources/block.ts `placeRun`,
 * page/overline.ts), over that run only.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, layoutBook, prepareResources, type BookInput } from '../../../src/worker/engine';
import { Op, type GlyphRunItem, type PageDisplayList, type RuleItem } from '../../../src/worker/protocol/displaylist';
import type { ResourceRecordInput } from '../../../src/worker/engine/resources/model';
import { nodeFontRegistry } from '../../support/node-world';
import { makePng } from '../../fixtures/resources/pictures';

const fonts = nodeFontRegistry();

function layout(emphasis: 'overline' | 'italic'): PageDisplayList[] {
  const settings = defaultSettings();
  settings.columns = 1;
  settings.body = { ...settings.body, emphasis };
  const resources: { record: ResourceRecordInput; payload?: Uint8Array }[] = [
    { record: { id: 'map', typeId: 'figure', kind: 'bitmap', resolution: 300, caption: 'The *old* map' }, payload: makePng(600, 300) },
    { record: { id: 'prices', typeId: 'table', kind: 'table', caption: 'Prices', table: { model: { rows: [[{ content: 'Item' }, { content: 'Price' }], [{ content: 'A *dear* loaf' }, { content: '2d' }]], headerRowCount: 1 } } } as ResourceRecordInput },
  ];
  const input: BookInput = { title: 'Overlines', settings, chapters: [{ id: 'ch1', title: '', source: 'See :ref{id="map"} and :ref{id="prices"}.\n\n::resource{id="map"}\n\n::resource{id="prices"}\n' }], resources: prepareResources(resources, {}) };
  const gen = layoutBook(input, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value.pages;
}

/** The horizontal rules drawn just over a run's baseline and across its ink (the overline of that run). */
function overlinesOf(pages: readonly PageDisplayList[], word: string): RuleItem[] {
  const all = pages.flatMap((p) => p.items);
  const run = all.find((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.text.includes(word));
  expect(run, word).toBeDefined();
  return all.filter((i): i is RuleItem => i.op === Op.Rule && i.y1 === i.y2 && i.y1 < run!.y && i.y1 > run!.y - run!.size && i.x1 <= run!.xs[0]! + 0.01 && i.x2 > run!.xs[0]!);
}

describe("emphasis 'overline' in captions and table cells", () => {
  it('draws the rule over the emphasised words of a caption and of a cell, and over nothing else', () => {
    const pages = layout('overline');
    expect(overlinesOf(pages, 'old')).toHaveLength(1);
    expect(overlinesOf(pages, 'dear')).toHaveLength(1);
    expect(overlinesOf(pages, 'Item')).toHaveLength(0);
  });

  it('draws none with italic emphasis', () => {
    const pages = layout('italic');
    expect(overlinesOf(pages, 'old')).toHaveLength(0);
    expect(overlinesOf(pages, 'dear')).toHaveLength(0);
  });
});
