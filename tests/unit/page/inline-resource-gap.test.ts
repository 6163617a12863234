/**
 * The float gap around an inline (`here`) resource (document-format §12.3; configuration.md §4
 * `layout.inlineResourceGap`, `layout.inlineResourceGapInBoxes`) in running text and inside a
 * callout box. One column of 10 grid lines (10 pt body on a 12 pt leading); the box has no padding
 * or margins, its text at the body's 12 pt leading. The picture is 40 × 24 px = 30 × 18 pt, with
 * a one-line caption under it.
 */
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { prepareResources, type BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type RectItem } from '../../../src/worker/protocol/displaylist';
import { oneChapterBook, pictureFrame, ptLength as pt, run, runs, TEN_ROW_COLUMN } from './helpers';

const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="24" viewBox="0 0 40 24"><rect x="0" y="0" width="40" height="24" fill="#ff0000"/></svg>');
const NO_PAD = { top: pt(0), right: pt(0), bottom: pt(0), left: pt(0) };

function book(source: string, layout: Record<string, unknown> = {}): BookInput {
  const settings = settingsFromConfig({
    ...TEN_ROW_COLUMN,
    layout: { ...TEN_ROW_COLUMN.layout, ...layout },
    calloutStyles: [{ id: 'note', padding: NO_PAD, marginTop: pt(0), marginBottom: pt(0) }],
  } as never);
  return {
    ...oneChapterBook(source, settings),
    resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement: { position: 'here' } }, payload: SVG }], {}),
  };
}

/** Baseline (pt) of the first body line holding `words` on page 0. */
function baselineOf(input: BookInput, words: string): number {
  const hit = runs(run(input).pages[0]!).find((r) => r.line?.role === 'body' && r.text.includes(words));
  if (!hit) throw new Error(`no body line holds ${words}`);
  return hit.y;
}

const TEXT = ['Before the picture.', '::resource{id="red"}', 'After the picture.'].join('\n\n');
const BOXED = [':::callout', 'Before the picture.', '', '::resource{id="red"}', '', 'After the picture.', ':::', '', 'Under the box.'].join('\n');

describe('layout.inlineResourceGap and inlineResourceGapInBoxes', () => {
  it('are applied, around and on by default', () => {
    expect(isApplied('layout.inlineResourceGap')).toBe(true);
    expect(isApplied('layout.inlineResourceGapInBoxes')).toBe(true);
    const rules = settingsFromConfig({} as never).breaks!;
    expect([rules.inlineResourceGap, rules.inlineResourceGapInBoxes]).toEqual(['around', true]);
  });

  it('running text: one grid line of gap under the resource with around, none with above', () => {
    const around = baselineOf(book(TEXT), 'After');
    const above = baselineOf(book(TEXT, { inlineResourceGap: 'above' }), 'After');
    // Both on the grid (12 pt rows from the first line), one row apart.
    const first = baselineOf(book(TEXT), 'Before');
    const rows = (around - first) / 12;
    expect(Math.abs(rows - Math.round(rows))).toBeLessThan(1e-6);
    expect(around - above).toBeCloseTo(12, 3);
  });

  it('sets a here resource inside a box, a box line above it and, by default, one below', () => {
    const input = book(BOXED);
    const page = run(input).pages[0]!;
    const picture = pictureFrame(page, '#ff0000');
    expect(picture).toBeDefined();
    // Inside the box's fill.
    const box = page.items.find((i): i is RectItem => i.op === Op.Rect && i.fill === '#f4f4f4')!;
    expect(picture!.y).toBeGreaterThan(box.y);
    expect(picture!.y + picture!.h).toBeLessThan(box.y + box.h);
    expect(baselineOf(input, 'Under')).toBeGreaterThan(box.y + box.h);
    const before = baselineOf(input, 'Before');
    // A box line (12 pt) of gap above: the picture's top is more than a full line under the line above's baseline.
    expect(picture!.y - before).toBeGreaterThan(12);
    const around = baselineOf(input, 'After');
    expect(around).toBeGreaterThan(picture!.y + picture!.h);
    const above = baselineOf(book(BOXED, { inlineResourceGap: 'above' }), 'After');
    const notInBoxes = baselineOf(book(BOXED, { inlineResourceGapInBoxes: false }), 'After');
    expect(around - above).toBeCloseTo(12, 3);
    expect(notInBoxes).toBeCloseTo(above, 3);
  });
});
