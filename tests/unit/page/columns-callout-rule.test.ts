/**
 * The gap rule of `:::columns{rule}` inside a callout (document-format §8.4; `layout.columnRule`
 * strokes it): one rule in the middle of each gap, from the top of the group's first row to the
 * bottom of its tallest sub-column, in the box segment that holds them.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type PageDisplayList, type RuleItem } from '../../../src/worker/protocol/displaylist';
import { oneChapterBook, run, runs } from './helpers';

const words = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
const single = (): LayoutSettings => ({ ...defaultSettings(), columns: 1, columnRule: { enabled: false, colour: '#336699', width: 0.75 } });
const verticalRules = (page: PageDisplayList): RuleItem[] => page.items.filter((i): i is RuleItem => i.op === Op.Rule && i.x1 === i.x2);
const bodyRuns = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'body');

describe(':::columns{rule} inside a callout', () => {
  it('draws one rule in the middle of each gap, from the group top to the foot of its tallest sub-column', () => {
    const settings = single();
    const source = `:::callout{title="Three columns"}\nLead ${words(10, 'l')}\n\n:::columns{count=3 rule}\n${words(90, 'g')}\n:::\n:::\n\nAfter ${words(20, 'a')}`;
    const page = run(oneChapterBook(source, settings)).pages[0]!;
    const frame = pageFrame(settings, 0);
    const style = Object.values(settings.callouts.styles)[0]!;
    const pitch = settings.body.lineHeight;
    // Inner measure of the box: the column less the padding (no stripe in the default style).
    expect(style.stripe.enabled).toBe(false);
    const innerLeft = frame.contentLeft + style.padding.left;
    const innerW = frame.contentWidth - style.padding.left - style.padding.right;
    const gap = pitch; // the default gap in a text column: one body line (§8.4)
    const width = (innerW - 2 * gap) / 3;
    const rules = verticalRules(page).sort((a, b) => a.x1 - b.x1);
    expect(rules.length).toBe(2);
    expect(rules[0]!.x1).toBeCloseTo(innerLeft + width + gap / 2, 1);
    expect(rules[1]!.x1).toBeCloseTo(innerLeft + 2 * width + 1.5 * gap, 1);
    for (const rule of rules) {
      expect(rule.width).toBeCloseTo(0.75, 2);
      expect(rule.stroke).toBe('#336699');
    }
    // Vertically: the group's rows, first sub-column (the tallest of a balanced snake) counted by its baselines.
    const group = bodyRuns(page).filter((r) => /g\d/.test(r.text));
    const firstColumn = [...new Set(group.filter((r) => r.xs[0]! < rules[0]!.x1).map((r) => r.y))].sort((a, b) => a - b);
    const lead = bodyRuns(page).filter((r) => /l\d/.test(r.text)).map((r) => r.y);
    for (const rule of rules) {
      expect(rule.y1).toBe(rules[0]!.y1);
      expect(rule.y2).toBe(rules[0]!.y2);
    }
    const { y1, y2 } = rules[0]!;
    // The first group row starts where the lead's last row ends: its baseline is within one pitch under y1.
    expect(firstColumn[0]! - y1).toBeGreaterThan(0);
    expect(firstColumn[0]! - y1).toBeLessThan(pitch);
    expect(firstColumn[0]! - Math.max(...lead)).toBeCloseTo(pitch, 1);
    // As tall as the tallest sub-column: one pitch per row.
    expect(y2 - y1).toBeCloseTo(firstColumn.length * pitch, 1);
    // No text of the group crosses a rule: each run lies in one sub-column.
    for (const r of group) for (const rule of rules) expect(r.xs[0]! < rule.x1 === r.xs[r.xs.length - 1]! < rule.x1).toBe(true);
  });

  it('draws no rule without the attribute, and none from a box whose group has one sub-column of text', () => {
    const settings = single();
    const plain = run(oneChapterBook(`:::callout\n:::columns{count=2}\n${words(60, 'g')}\n:::\n:::`, settings)).pages[0]!;
    expect(verticalRules(plain)).toEqual([]);
    const short = run(oneChapterBook(`:::callout\n:::columns{count=2 rule}\nOne line.\n:::\n:::`, settings)).pages[0]!;
    expect(verticalRules(short)).toEqual([]);
  });

  it('draws each split segment its own rule, over the group rows it holds', () => {
    const settings = single();
    const source = `${words(300, 'p')}\n\n:::callout\n:::columns{count=2 rule}\n${words(3000, 'g')}\n:::\n:::`;
    const layout = run(oneChapterBook(source, settings));
    const withGroup = layout.pages.filter((p) => bodyRuns(p).some((r) => /g\d/.test(r.text)));
    expect(withGroup.length, 'the box splits across pages').toBeGreaterThan(1);
    for (const page of withGroup) {
      const rules = verticalRules(page);
      expect(rules.length).toBe(1);
      const ys = bodyRuns(page).filter((r) => /g\d/.test(r.text)).map((r) => r.y);
      // From above the segment's first group baseline to below its last.
      expect(rules[0]!.y1).toBeLessThan(Math.min(...ys));
      expect(Math.min(...ys) - rules[0]!.y1).toBeLessThan(settings.body.lineHeight);
      expect(rules[0]!.y2).toBeGreaterThan(Math.max(...ys));
      expect(rules[0]!.y2 - Math.max(...ys)).toBeLessThan(settings.body.lineHeight);
    }
  });
});
