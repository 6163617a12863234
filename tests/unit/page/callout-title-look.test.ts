/**
 * A callout title's `textTransform`, `letterSpacing` and `indent` (configuration.md §13.4
 * `calloutStyles[id=X].titleStyle`), through the whole config mapping. One column, a 10 pt body on
 * a 12 pt grid; the title's position and glyph spacing are read off the display list.
 */
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type GlyphRunItem, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { oneChapterBook, run, runs } from './helpers';

const BODY = { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } };
const settingsWith = (titleStyle: Record<string, unknown>) => {
  const s = settingsFromConfig({ layout: { layoutType: 'single' }, bodyText: BODY, calloutStyles: [{ id: 'note', title: 'Keeper notes', titleStyle }] } as never);
  s.balancing = { enabled: false, trailing: false };
  return s;
};
const TEXT = ['Before the box.', '', ':::callout', 'The text inside the box.', ':::', '', 'After the box.'].join('\n');
const boxOf = (page: PageDisplayList): RectItem => page.items.find((i): i is RectItem => i.op === Op.Rect && i.fill === '#f4f4f4')!;
const titleOf = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line?.role === 'heading');
const layout = (titleStyle: Record<string, unknown>) => run(oneChapterBook(TEXT, settingsWith(titleStyle))).pages[0]!;

describe('calloutStyles[].titleStyle textTransform, letterSpacing, indent (§13.4)', () => {
  it('sets the title in capitals with textTransform uppercase', () => {
    expect(titleOf(layout({})).map((r) => r.text).join('')).toBe('Keeper notes');
    expect(titleOf(layout({ textTransform: 'uppercase' })).map((r) => r.text).join('')).toBe('KEEPER NOTES');
  });

  it('indents the title by indent (the box text em) from the inner edge', () => {
    const plain = layout({});
    const indented = layout({ indent: { value: 2, unit: 'em' } });
    const box = boxOf(indented);
    // Padding 0.75 em = 7.5 pt; indent 2 em of the 10 pt box text = 20 pt.
    expect(titleOf(plain)[0]!.xs[0]!).toBeCloseTo(boxOf(plain).x + 7.5, 3);
    expect(titleOf(indented)[0]!.xs[0]!).toBeCloseTo(box.x + 7.5 + 20, 3);
    // The body text stays at the padding.
    const body = runs(indented).find((r) => r.text.startsWith('The text'))!;
    expect(body.xs[0]!).toBeCloseTo(box.x + 7.5, 3);
  });

  it('spaces the title letters by letterSpacing (the title em)', () => {
    const plain = titleOf(layout({}))[0]!;
    const spaced = titleOf(layout({ letterSpacing: { value: 0.1, unit: 'em' } }))[0]!;
    expect(spaced.glyphs).toEqual(plain.glyphs);
    // 0.1 em of the 10 pt title = 1 pt more per cluster: the k-th glyph k pt further on.
    spaced.xs.forEach((x, k) => expect(x - plain.xs[k]!).toBeCloseTo(k, 3));
  });

  it('declares the three fields applied', () => {
    for (const f of ['textTransform', 'letterSpacing', 'indent']) expect(isApplied(`calloutStyles[id=note].titleStyle.${f}`), f).toBe(true);
  });
});
