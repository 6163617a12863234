/**
 * A `:::columns` group in right-to-left text (document-format §8.4, configuration.md §7): its
 * sub-columns read from the right, as a right-to-left page's columns do — the first stands on the
 * right, the galley snakes leftwards, and the gap rules stay centred in the gaps. A left-to-right
 * group inside the same book (`dir=ltr`) keeps the first sub-column on the left.
 */
import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type RuleItem } from '../../../src/worker/protocol/displaylist';
import { oneChapterBook, run, runs } from './helpers';

const words = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
const rtlBook = settingsFromConfig({ direction: 'rtl', layout: { layoutType: 'single' } } as never);

/** Left edge (pt) of the lines holding word `tag<i>`. */
const leftOf = (page: PageDisplayList, word: string): number => {
  const run = runs(page).find((r) => r.line?.role === 'body' && r.text.split(' ').includes(word));
  expect(run, word).toBeDefined();
  return Math.min(...run!.xs);
};

describe(':::columns in right-to-left text', () => {
  it('puts the first sub-column on the right and the rule in the gap between', () => {
    const page = run(oneChapterBook(`:::columns{count=2 rule}\n${words(240, 'g')}\n:::\n`, rtlBook)).pages[0]!;
    // The galley's first word is in the first sub-column, its last in the second.
    const first = leftOf(page, 'g0');
    const last = leftOf(page, 'g239');
    expect(first).toBeGreaterThan(last);
    const rules = page.items.filter((i): i is RuleItem => i.op === Op.Rule && i.x1 === i.x2);
    expect(rules.length).toBe(1);
    const rule = rules[0]!;
    // The rule stands between the two sub-columns' text.
    expect(rule.x1).toBeLessThan(first);
    expect(rule.x1).toBeGreaterThan(last);
  });

  it('keeps a left-to-right group (dir=ltr) reading from the left', () => {
    const page = run(oneChapterBook(`:::columns{count=2 dir=ltr}\n${words(240, 'g')}\n:::\n`, rtlBook)).pages[0]!;
    expect(leftOf(page, 'g0')).toBeLessThan(leftOf(page, 'g239'));
  });
});
