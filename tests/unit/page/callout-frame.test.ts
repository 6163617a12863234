/**
 * A callout style's end mark, rounded corners and the gap of `:::columns` inside it
 * (configuration.md §13.4 `calloutStyles[id=X].endMark`, `borderRadius`, `columnGap`). One column,
 * a 10 pt body on a 12 pt grid; positions and shapes read off the display list.
 */
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type GlyphRunItem, type PageDisplayList, type PathItem, type RectItem } from '../../../src/worker/protocol/displaylist';
import { inkExtent, oneChapterBook, run, runs } from './helpers';

const layout = (style: Record<string, unknown>, box: string[]): PageDisplayList => {
  const s = settingsFromConfig({
    layout: { layoutType: 'single' },
    bodyText: { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } },
    calloutStyles: [{ id: 'proof', ...style }],
  } as never);
  s.balancing = { enabled: false, trailing: false };
  return run(oneChapterBook(['Before the box.', '', ':::callout', ...box, ':::', '', 'After the box.'].join('\n'), s)).pages[0]!;
};
const FILL = '#f4f4f4';
const boxRect = (page: PageDisplayList): RectItem | undefined => page.items.find((i): i is RectItem => i.op === Op.Rect && i.fill === FILL);
const bodyRuns = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line?.role === 'body');
const pt = (value: number) => ({ value, unit: 'pt' });

describe('calloutStyles[].endMark (§13.4)', () => {
  it('sets the mark flush with the inner end edge on the last line when it fits there', () => {
    const page = layout({ endMark: '#' }, ['A proof in one short line.']);
    const box = boxRect(page)!;
    const mark = bodyRuns(page).find((r) => r.text === '#')!;
    const text = bodyRuns(page).find((r) => r.text.startsWith('A proof'))!;
    expect(mark.y).toBe(text.y);
    // Padding 0.75 em = 7.5 pt: the mark's advance ends at the inner right edge.
    expect(inkExtent(mark).right).toBeCloseTo(box.x + box.w - 7.5, 3);
    // The box is no taller than without it.
    expect(box.h).toBeCloseTo(boxRect(layout({}, ['A proof in one short line.']))!.h, 3);
  });

  it('puts the mark on a line of its own under a last row that is not a text line (a :::columns group)', () => {
    const lines = ['Lead line.', '', ':::columns{count=2}', 'Left.', '', 'Right.', ':::'];
    const page = layout({ endMark: '#' }, lines);
    const mark = bodyRuns(page).find((r) => r.text === '#')!;
    const right = bodyRuns(page).find((r) => r.text.startsWith('Right'))!;
    expect(mark.y).toBeGreaterThan(right.y);
    // One box leading (the body's 12 pt) more.
    expect(boxRect(page)!.h - boxRect(layout({}, lines))!.h).toBeCloseTo(12, 3);
  });
});

describe('calloutStyles[].borderRadius (§13.4)', () => {
  it('draws the fill and the border as rounded paths; square rectangles without a radius', () => {
    const square = layout({ border: { enabled: true, width: pt(1) } }, ['Text.']);
    expect(boxRect(square)).toBeDefined();
    const page = layout({ borderRadius: pt(4), border: { enabled: true, width: pt(1) } }, ['Text.']);
    expect(boxRect(page)).toBeUndefined();
    const paths = page.items.filter((i): i is PathItem => i.op === Op.Path);
    const fill = paths.find((p) => p.fill === FILL)!;
    const border = paths.find((p) => p.stroke === '#cccccc')!;
    // Four corner arcs each: 4 pt outside, 3.5 pt on the border's centre line half a width in.
    expect(fill.d.match(/A4 4 /g)?.length).toBe(4);
    expect(border.d.match(/A3.5 3.5 /g)?.length).toBe(4);
    expect(border.strokeWidth).toBe(1);
  });
});

describe('calloutStyles[].columnGap (§13.4)', () => {
  const lines = [':::columns{count=2}', 'Left.', '', 'Right.', ':::'];
  const lines6 = [':::columns{count=2 gap="6pt"}', 'Left.', '', 'Right.', ':::'];
  const step = (page: PageDisplayList): number => {
    const left = bodyRuns(page).find((r) => r.text.startsWith('Left'))!;
    const right = bodyRuns(page).find((r) => r.text.startsWith('Right'))!;
    return right.xs[0]! - left.xs[0]!;
  };
  it('sets the columns of a group inside the box apart by columnGap (1.5 em by default), a fence gap winning', () => {
    // (The second column's first line is a paragraph indent in: compare steps, not positions.)
    // Two columns of (inner − gap) / 2: the second starts (inner + gap) / 2 after the first, so each
    // pt of gap moves it half a pt. The default is 1.5 em of the 10 pt box text = 15 pt.
    const byDefault = step(layout({}, lines));
    expect(step(layout({ columnGap: pt(15) }, lines))).toBeCloseTo(byDefault, 3);
    expect(step(layout({ columnGap: pt(35) }, lines)) - byDefault).toBeCloseTo(10, 3);
    expect(step(layout({ columnGap: pt(35) }, lines6)) - byDefault).toBeCloseTo(-4.5, 3);
  });

  it('declares the three applied', () => {
    for (const f of ['endMark', 'borderRadius', 'columnGap']) expect(isApplied(`calloutStyles[id=proof].${f}`), f).toBe(true);
  });
});
