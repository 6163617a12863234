/**
 * A callout style's label tab (configuration.md §13.4 `calloutStyles[id=X].label`; the fence's
 * `label`, document-format §8.1): where the tab stands on the box's top edge, its size, type and
 * text, and the room the box takes for it. One column, a 10 pt body on a 12 pt grid.
 */
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type GlyphRunItem, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { fonts, oneChapterBook, run, runs } from './helpers';

const MAIN = '#295aa3';
const layout = (label: Record<string, unknown> | undefined, fence: string, numbering?: Record<string, unknown>): PageDisplayList => {
  const s = settingsFromConfig({
    layout: { layoutType: 'single' },
    bodyText: { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } },
    calloutStyles: [{ id: 'box', ...(label ? { label } : {}), ...(numbering ? { numbering } : {}) }],
  } as never);
  s.balancing = { enabled: false, trailing: false };
  return run(oneChapterBook(['Before the box.', '', `:::callout${fence}`, 'The text inside the box.', ':::', '', 'After the box.'].join('\n'), s)).pages[0]!;
};
const rects = (page: PageDisplayList): RectItem[] => page.items.filter((i): i is RectItem => i.op === Op.Rect);
const boxOf = (page: PageDisplayList): RectItem => rects(page).find((r) => r.fill === '#f4f4f4')!;
const tabOf = (page: PageDisplayList): RectItem | undefined => rects(page).find((r) => r.fill === MAIN);
const tabText = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line?.role === 'heading');
const text = (list: readonly GlyphRunItem[]): string => list.map((r) => r.text).join('').replace(/ /g, '');

describe('calloutStyles[].label (§13.4)', () => {
  it('stands a tab on the top-right corner with the fence label, white on the main colour, 1.4 em tall, 0.6 em padding', () => {
    const plain = layout({}, '');
    const page = layout({}, '{label="BOX 1-1"}');
    // No label text (no fence label, no number): no tab, and the box where it always was.
    expect(tabOf(plain)).toBeUndefined();
    const box = boxOf(page);
    const tab = tabOf(page)!;
    const label = tabText(page);
    expect(text(label)).toBe('BOX1-1');
    expect(label[0]!.fill).toBe('#ffffff');
    expect(fonts.get(label[0]!.font)!.weight).toBe(700);
    expect(label[0]!.size).toBe(10);
    expect(tab.h).toBeCloseTo(14, 3);
    expect(tab.x + tab.w).toBeCloseTo(box.x + box.w, 3);
    expect(tab.y + tab.h).toBeCloseTo(box.y, 3);
    // 6 pt of padding each side of the text.
    expect(label[0]!.xs[0]!).toBeCloseTo(tab.x + 6, 3);
    // The box's frame comes down by the tab's height; the box keeps its size.
    expect(box.y - boxOf(plain).y).toBeCloseTo(14, 3);
    expect(box.h).toBeCloseTo(boxOf(plain).h, 3);
  });

  it('reads position, inset, offset, height, colours, an icon and a rule', () => {
    const page = layout({ icon: '§', position: 'top-left', inset: { value: 5, unit: 'pt' }, offset: { value: 4, unit: 'pt' }, height: { value: 2, unit: 'em' }, color: '#000000', background: MAIN, rule: { width: { value: 2, unit: 'pt' } } }, '{label="A"}');
    const box = boxOf(page);
    // (The rule is of the tab's colour too: the tab is the tall one.)
    const tab = rects(page).find((r) => r.fill === MAIN && r.h > 2)!;
    expect(tab.x).toBeCloseTo(box.x + 5, 3);
    expect(tab.h).toBeCloseTo(20, 3);
    // Its bottom 4 pt below the frame's top edge.
    expect(tab.y + tab.h).toBeCloseTo(box.y + 4, 3);
    expect(tabText(page)[0]!.fill).toBe('#000000');
    expect(text(tabText(page))).toBe('§A');
    const rule = rects(page).find((r) => r !== tab && r.fill === MAIN && Math.abs(r.h - 2) < 1e-6)!;
    expect(rule.x).toBeCloseTo(box.x, 3);
    expect(rule.w).toBeCloseTo(box.w, 3);
    expect(rule.y).toBeCloseTo(box.y, 3);
  });

  it("prints a numbered box's label in the tab, and not again in the text", () => {
    const page = layout({}, '', { label: 'Box' });
    expect(text(tabText(page))).toBe('Box\u00a01');
    const body = runs(page).filter((r) => r.line?.role === 'body').map((r) => r.text).join('');
    expect(body).not.toContain('Box');
  });

  it('declares label applied', () => {
    expect(isApplied('calloutStyles[id=box].label')).toBe(true);
  });
});
