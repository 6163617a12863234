/**
 * Done tasks (configuration.md §9.1 `unorderedLists.taskCompletedStrikethrough`, default on, and
 * `taskCompletedColor`, which follows the item colour): a checked item's text is struck through
 * on every line it fills, its box is not, an open task is untouched.
 */
import { describe, expect, it } from 'vitest';
import { settingsNotApplied, type StoredConfig } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type GlyphRunItem, type RuleItem } from '../../../src/worker/protocol/displaylist';
import { fonts, oneChapterBook, run, runs } from './helpers';
import { runEnd } from '../../support/run-text';

const SOURCE = [
  'Opening paragraph of the chapter.',
  '',
  '- [ ] open task',
  '- [x] done task whose words run on well past the end of the first line so that it turns over onto a second line of the column',
  '',
  'Closing paragraph.',
].join('\n');
/** One column; 10 pt body on a 12 pt grid so em offsets are easy to check by hand. */
const BODY = { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } };
const layoutOf = (config: StoredConfig = {}) => run(oneChapterBook(SOURCE, settingsFromConfig({ layout: { layoutType: 'single' }, bodyText: BODY, ...config } as StoredConfig)));
const pageOf = (config?: StoredConfig) => layoutOf(config).pages[0]!;
const rules = (items: readonly { op: number }[]) => items.filter((i): i is RuleItem => i.op === Op.Rule);

describe('done tasks (§9.1)', () => {
  it('strikes each line of a done task through its text, about half an x-height up, in the text colour', () => {
    const page = pageOf();
    const done = runs(page).filter((r) => r.line?.role === 'body' && r.text.includes('done task'))[0]!;
    const lines = runs(page).filter((r): r is GlyphRunItem => r.line?.block === done.line!.block && r.srcFrom >= 0);
    const baselines = [...new Set(lines.map((r) => r.y))];
    expect(baselines.length).toBe(2);
    const struck = rules(page.items).filter((r) => baselines.some((y) => Math.abs(y - r.y1) < 5));
    expect(struck).toHaveLength(2);
    for (const y of baselines) {
      const rule = struck.find((r) => Math.abs(y - r.y1) < 5)!;
      const onLine = lines.filter((r) => r.y === y);
      // 0.27 em of the 10 pt text above the baseline; from the first pen to the end of the last glyph.
      expect(rule.y1).toBeCloseTo(y - 2.7, 2);
      expect(rule.y2).toBe(rule.y1);
      expect(rule.x1).toBeCloseTo(Math.min(...onLine.map((r) => r.xs[0]!)), 2);
      expect(rule.x2).toBeCloseTo(Math.max(...onLine.map((r) => runEnd(r, fonts))), 2);
      expect(rule.stroke).toBe(onLine[0]!.fill);
      expect(rule.width).toBeCloseTo(0.55, 2);
    }
    // The box beside the text is not struck: the first rule starts where the text does, right of it.
    const box = runs(page).find((r) => r.line?.block === done.line!.block && r.srcFrom < 0)!;
    expect(runEnd(box, fonts)).toBeLessThan(struck[0]!.x1);
  });

  it('leaves open tasks and the rest of the page alone, and draws nothing when switched off', () => {
    const page = pageOf();
    const open = runs(page).find((r) => r.text.startsWith('open task'))!;
    expect(rules(page.items).some((r) => Math.abs(r.y1 - open.y) < 5)).toBe(false);
    // The page's other rules (the running head's) stay; only the two strikes go when switched off.
    const off = pageOf({ unorderedLists: { taskCompletedStrikethrough: false } });
    expect(rules(page.items).length - rules(off.items).length).toBe(2);
    expect(rules(off.items).every((r) => rules(page.items).some((q) => JSON.stringify(q) === JSON.stringify(r)))).toBe(true);
  });

  it('sets a done task in taskCompletedColor when the book gives one, its box keeping the list colour', () => {
    const plain = pageOf();
    const coloured = pageOf({ unorderedLists: { taskCompletedColor: '#00aa00' } });
    const text = (page: ReturnType<typeof pageOf>) => runs(page).find((r) => r.text.startsWith('done task'))!;
    expect(text(plain).fill).not.toBe('#00aa00');
    expect(text(coloured).fill).toBe('#00aa00');
    expect(runs(coloured).find((r) => r.text.startsWith('open task'))!.fill).toBe(runs(plain).find((r) => r.text.startsWith('open task'))!.fill);
    expect(rules(coloured.items).filter((r) => r.stroke === '#00aa00')).toHaveLength(2);
    const stored: StoredConfig = { unorderedLists: { taskCompletedColor: '#00aa00', taskCompletedStrikethrough: true } };
    settingsFromConfig(stored);
    expect(settingsNotApplied(stored)).toEqual([]);
  });
});
