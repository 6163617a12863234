import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { dump, inkExtent, oneChapterBook, run, runs } from './helpers';

/** List settings of configuration.md §9.1 `unorderedLists` / §9.2 `orderedLists`, through the whole config mapping. */

const SOURCE = [
  'Opening paragraph of the chapter.',
  '',
  '- First item whose words run on well past the end of the first line so that it turns over onto a second line of the column',
  '- Second item',
  '  - Nested item',
  '',
  '1. One',
  '2. Two',
  '',
  '- [ ] open task',
  '- [x] done task',
  '',
  'Closing paragraph.',
].join('\n');

/** One column; 10 pt body on a 12 pt grid so em and line offsets are easy to check by hand. */
const BODY = { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } };
const layoutOf = (config: Record<string, unknown>, source = SOURCE) => run(oneChapterBook(source, settingsFromConfig({ layout: { layoutType: 'single' }, bodyText: BODY, ...config } as never)));
const bodyRuns = (layout: ReturnType<typeof layoutOf>): GlyphRunItem[] => layout.pages.flatMap((p) => runs(p)).filter((r) => r.line?.role === 'body');
/** The text run that starts with `words`, and the marker run set beside it (same block, generated: srcFrom −1). */
const textRun = (layout: ReturnType<typeof layoutOf>, words: string): GlyphRunItem => bodyRuns(layout).find((r) => r.text.startsWith(words))!;
const markerOf = (layout: ReturnType<typeof layoutOf>, words: string): GlyphRunItem => {
  const text = textRun(layout, words);
  return bodyRuns(layout).find((r) => r.line?.block === text.line?.block && r.srcFrom === -1)!;
};
const em = 10;

describe('list geometry (§9.1, §9.2)', () => {
  it('indent moves a kind\'s markers and text by the same amount; the other kind stays', () => {
    const base = layoutOf({});
    const moved = layoutOf({ unorderedLists: { indent: { value: 2, unit: 'em' } } });
    for (const words of ['First item', 'Second item', 'Nested item']) {
      expect(markerOf(moved, words).xs[0]! - markerOf(base, words).xs[0]!, words).toBeCloseTo(2 * em, 2);
      expect(textRun(moved, words).xs[0]! - textRun(base, words).xs[0]!, words).toBeCloseTo(2 * em, 2);
    }
    // Task lists are unordered lists (§9.1); ordered lists keep their own indent.
    expect(textRun(moved, 'open task').xs[0]! - textRun(base, 'open task').xs[0]!).toBeCloseTo(2 * em, 2);
    expect(textRun(moved, 'One').xs[0]).toBeCloseTo(textRun(base, 'One').xs[0]!, 2);
    const ordered = layoutOf({ orderedLists: { indent: { value: 1, unit: 'em' } } });
    expect(markerOf(ordered, 'One').xs[0]! - markerOf(base, 'One').xs[0]!).toBeCloseTo(em, 2);
  });

  it('a level\'s own indent pins its marker from the column edge', () => {
    const base = layoutOf({});
    const column = markerOf(base, 'First item').xs[0]!;
    const pinned = layoutOf({ unorderedLists: { levels: [{ level: 2, indent: { value: 5, unit: 'em' } }] } });
    expect(markerOf(pinned, 'Nested item').xs[0]! - column).toBeCloseTo(5 * em, 2);
    expect(markerOf(pinned, 'First item').xs[0]).toBeCloseTo(column, 2);
  });

  it('gap widens the space between marker box and text, per kind', () => {
    const base = layoutOf({});
    const wide = layoutOf({ orderedLists: { gap: { value: 2, unit: 'em' } } });
    // 0.5 em → 2 em of 10 pt: 15 pt further right; the numbers stay.
    expect(textRun(wide, 'One').xs[0]! - textRun(base, 'One').xs[0]!).toBeCloseTo(1.5 * em, 2);
    expect(markerOf(wide, 'One').xs[0]).toBeCloseTo(markerOf(base, 'One').xs[0]!, 2);
    expect(textRun(wide, 'Second item').xs[0]).toBeCloseTo(textRun(base, 'Second item').xs[0]!, 2);
  });

  it('itemSpacing puts space between items of a list and keeps them on the grid', () => {
    const base = layoutOf({});
    // 0.5 em = 5 pt more: the next item goes on at the next 12 pt grid line.
    const spaced = layoutOf({ unorderedLists: { itemSpacing: { value: 0.5, unit: 'em' } } });
    expect(textRun(spaced, 'First item').y).toBeCloseTo(textRun(base, 'First item').y, 2);
    expect(textRun(spaced, 'Second item').y - textRun(base, 'Second item').y).toBeCloseTo(12, 2);
    expect(markerOf(spaced, 'Second item').y).toBeCloseTo(textRun(spaced, 'Second item').y, 2);
    // Adjacent lists are one run of items (the parser's list id): the nested item and the task items are spaced too.
    expect(textRun(spaced, 'Nested item').y - textRun(spaced, 'Second item').y).toBeCloseTo(24, 2);
    expect(textRun(spaced, 'done task').y - textRun(spaced, 'open task').y).toBeCloseTo(24, 2);
    // Numbered items use orderedLists.itemSpacing (0): one line apart.
    expect(textRun(spaced, 'Two').y - textRun(spaced, 'One').y).toBeCloseTo(12, 2);
  });

  it('hangingIndent off sends turnovers back under the marker', () => {
    const base = layoutOf({});
    const flush = layoutOf({ unorderedLists: { hangingIndent: false } });
    const turnover = (layout: ReturnType<typeof layoutOf>) => bodyRuns(layout).find((r) => r.line?.block === textRun(layout, 'First item').line?.block && r.srcFrom !== -1 && r.y > textRun(layout, 'First item').y)!;
    expect(textRun(flush, 'First item').xs[0]).toBeCloseTo(textRun(base, 'First item').xs[0]!, 2);
    expect(turnover(base).xs[0]).toBeCloseTo(textRun(base, 'First item').xs[0]!, 2);
    expect(turnover(flush).xs[0]).toBeCloseTo(markerOf(flush, 'First item').xs[0]!, 2);
  });

  it('marginTop / marginBottom of ordered lists are their own', () => {
    const source = ['Opening paragraph.', '', '1. One', '2. Two', '', 'Middle paragraph.', '', '- Bullet', '', 'Closing paragraph.'].join('\n');
    const base = layoutOf({}, source);
    const roomy = layoutOf({ orderedLists: { marginTop: { value: 3, unit: 'em' }, marginBottom: { value: 0, unit: 'em' } } }, source);
    // Above: 1.5 em → 3 em of 10 pt, 15 pt more; the list's top sits at its natural place (snapTopToGrid false, §9.2).
    const moved = textRun(roomy, 'One').y - textRun(base, 'One').y;
    expect(moved).toBeCloseTo(15, 2);
    // With snapTopToGrid its top goes to a whole grid line: 12 pt of line + 30 pt of margin = 42 → 48 pt under the opening paragraph.
    const snapped = layoutOf({ orderedLists: { marginTop: { value: 3, unit: 'em' }, marginBottom: { value: 0, unit: 'em' }, snapTopToGrid: true } }, source);
    expect(textRun(snapped, 'One').y - textRun(snapped, 'Opening paragraph').y).toBeCloseTo(48, 2);
    // Below: no margin; the list's end takes the paragraph back to the grid: Two's line box (42 + 12 … 66 pt) ends off it, the paragraph starts at 72.
    expect(textRun(roomy, 'Middle paragraph').y - textRun(roomy, 'Two').y).toBeCloseTo(18, 2);
    expect(textRun(snapped, 'Middle paragraph').y - textRun(snapped, 'Two').y).toBeCloseTo(12, 2);
    expect(textRun(base, 'Middle paragraph').y - textRun(base, 'Two').y).toBeGreaterThan(12);
    // The bullet list keeps unorderedLists' margins: the same distance from the middle paragraph.
    expect(textRun(roomy, 'Bullet').y - textRun(roomy, 'Middle paragraph').y).toBeCloseTo(textRun(base, 'Bullet').y - textRun(base, 'Middle paragraph').y, 2);
  });
});

describe('list items in boxes and :::columns groups', () => {
  it('take the list indent, gap and level marker type too', () => {
    for (const source of [':::callout\n- Boxed item\n:::\n', ':::columns{count=2}\n- Grouped item\n:::\n']) {
      const words = source.includes('callout') ? 'Boxed item' : 'Grouped item';
      const base = layoutOf({}, source);
      const moved = layoutOf({ unorderedLists: { indent: { value: 2, unit: 'em' }, gap: { value: 1, unit: 'em' }, levels: [{ level: 1, bulletChar: '*', color: '#ff0000' }] } }, source);
      // Marker 20 pt right; text 20 pt + (1 − 0.5) em of gap + the change of marker box (both narrower than 0.6 em: none).
      expect(markerOf(moved, words).xs[0]! - markerOf(base, words).xs[0]!, words).toBeCloseTo(2 * em, 2);
      expect(textRun(moved, words).xs[0]! - textRun(base, words).xs[0]!, words).toBeCloseTo(2.5 * em, 2);
      expect(markerOf(moved, words).text).toBe('*');
      expect(markerOf(moved, words).fill).toBe('#ff0000');
    }
  });
});

describe('list markers (§9.1, §9.2 levels)', () => {
  it('a level\'s bullet, colour, size, weight and offset; list-wide fields reach every level', () => {
    const base = layoutOf({});
    const styled = layoutOf({
      unorderedLists: { fontWeight: 400, levels: [{ level: 2, bulletChar: '–', color: '#ff0000', fontSize: { value: 1.5, unit: 'em' }, verticalOffset: { value: 0.3, unit: 'em' } }] },
    });
    expect(markerOf(styled, 'First item').text).toBe('•');
    expect(markerOf(styled, 'Nested item').text).toBe('–');
    expect(markerOf(styled, 'Nested item').fill).toBe('#ff0000');
    expect(markerOf(styled, 'First item').fill).toBe(markerOf(base, 'First item').fill);
    expect(markerOf(styled, 'Nested item').size).toBeCloseTo(15, 2);
    // Raised 3 pt above the text's baseline (positive verticalOffset = up, our reading).
    expect(textRun(styled, 'Nested item').y - markerOf(styled, 'Nested item').y).toBeCloseTo(3, 2);
    expect(markerOf(styled, 'First item').y).toBeCloseTo(textRun(styled, 'First item').y, 2);
    // unorderedLists.fontWeight 400 (default 700) follows into every level; numbers keep orderedLists' 700.
    expect(markerOf(base, 'First item').font).toMatch(/-700$/);
    expect(markerOf(styled, 'First item').font).toMatch(/-400$/);
    expect(markerOf(styled, 'One').font).toMatch(/-700$/);
  });

  it('list-wide bullet size, italic and family; ordered number colour and size', () => {
    const styled = layoutOf({
      unorderedLists: { bulletFontSize: { value: 2, unit: 'em' }, italic: true, fontFamily: 'Open Sans' },
      orderedLists: { color: '#00aa00', numberFontSize: { value: 0.8, unit: 'em' }, fontWeight: 400 },
    });
    for (const words of ['First item', 'Nested item']) {
      expect(markerOf(styled, words).size, words).toBeCloseTo(20, 2);
      expect(markerOf(styled, words).font, words).toMatch(/^open-sans-\d+i$/);
    }
    expect(markerOf(styled, 'One').fill).toBe('#00aa00');
    expect(markerOf(styled, 'One').size).toBeCloseTo(8, 2);
    expect(markerOf(styled, 'One').font).toBe('eb-garamond-400');
    // The item text keeps the body type.
    expect(textRun(styled, 'First item').size).toBeCloseTo(10, 2);
    expect(textRun(styled, 'One').fill).toBe('#000000');
  });

  it('an ordered separator in its own type, separatorGap after the number', () => {
    const base = layoutOf({});
    const markers = (layout: ReturnType<typeof layoutOf>, words: string) => bodyRuns(layout).filter((r) => r.line?.block === textRun(layout, words).line?.block && r.srcFrom === -1);
    expect(markers(base, 'One').map((r) => r.text)).toEqual(['1.']);
    const styled = layoutOf({ orderedLists: { separatorColor: '#ff0000', separatorGap: { value: 0.5, unit: 'em' }, levels: [{ level: 1, separatorFontWeight: 400 }] } });
    const [number, separator] = markers(styled, 'Two');
    expect(number!.text).toBe('2');
    expect(separator!.text).toBe('.');
    expect(number!.fill).toBe(markers(base, 'Two')[0]!.fill);
    expect(number!.font).toBe('eb-garamond-700');
    expect(separator!.fill).toBe('#ff0000');
    expect(separator!.font).toBe('eb-garamond-400');
    // 0.5 em of 10 pt between the number's ink end and the separator; the number where it was.
    expect(separator!.xs[0]! - inkExtent(number!).right).toBeCloseTo(5, 2);
    expect(number!.xs[0]).toBeCloseTo(markers(base, 'Two')[0]!.xs[0]!, 2);
    expect(separator!.y).toBeCloseTo(number!.y, 2);
  });

  it('task boxes are the configured characters', () => {
    const base = layoutOf({});
    // EB Garamond lacks ☐ / ☑: the defaults fall back to [ ] / [x].
    expect(markerOf(base, 'open task').text).toBe('[ ]');
    const custom = layoutOf({ unorderedLists: { taskCheckboxChar: 'o', taskCheckedChar: '+' } });
    expect(markerOf(custom, 'open task').text).toBe('o');
    expect(markerOf(custom, 'done task').text).toBe('+');
  });

  it('are declared applied, and unset they lay out as before', () => {
    for (const path of [
      'unorderedLists.fontFamily', 'unorderedLists.fontWeight', 'unorderedLists.italic', 'unorderedLists.bulletFontSize', 'unorderedLists.indent',
      'unorderedLists.bulletVerticalOffset', 'unorderedLists.itemSpacing', 'unorderedLists.hangingIndent', 'unorderedLists.taskCheckboxChar', 'unorderedLists.taskCheckedChar',
      'unorderedLists.levels[level=2].bulletChar', 'unorderedLists.levels[level=3].indent', 'unorderedLists.levels[level=1].verticalOffset',
      'orderedLists.fontFamily', 'orderedLists.color', 'orderedLists.fontWeight', 'orderedLists.italic', 'orderedLists.numberFontSize', 'orderedLists.gap', 'orderedLists.indent',
      'orderedLists.numberVerticalOffset', 'orderedLists.separatorColor', 'orderedLists.levels[level=2].separatorItalic', 'orderedLists.separatorGap', 'orderedLists.marginTop', 'orderedLists.marginBottom', 'orderedLists.itemSpacing', 'orderedLists.hangingIndent', 'orderedLists.levels[level=4].fontSize',
    ]) expect(isApplied(path), path).toBe(true);
    // The shapes read from an empty configuration place lists exactly as the settings without them.
    const settings = settingsFromConfig({ layout: { layoutType: 'single' }, bodyText: BODY } as never);
    const legacy = { ...settings, lists: { ...settings.lists } };
    delete legacy.lists.shapes;
    delete legacy.lists.task;
    expect(dump(run(oneChapterBook(SOURCE, settings)))).toBe(dump(run(oneChapterBook(SOURCE, legacy))));
  });
});
