import { describe, expect, it } from 'vitest';
import { mulberry32, paragraph } from '../../support/prose';
import { runChecks } from './run-checks';

/**
 * The runt check follows `bodyText.avoidRuntsInLists` (configuration.md §6.4): list items set
 * without the runt rule are not reported for a short last line; body paragraphs still are.
 * runtPenalty 0 leaves the runts in place either way (the same layout), so only the check differs.
 */
describe('runt warnings and avoidRuntsInLists', () => {
  const random = mulberry32(7);
  const texts = Array.from({ length: 60 }, () => paragraph(random));
  const runts = (source: string, avoidRuntsInLists: boolean) =>
    runChecks({ chapters: [{ id: 'c1', source }], config: { bodyText: { textAlign: 'left', runtPenalty: 0, avoidRuntsInLists } } as never, patterns: null }).warnings.filter((w) => w.kind === 'runt').length;

  it('list items: no runt warning when lists are exempt, the same items reported under the rule', () => {
    const list = texts.map((t) => `- ${t}`).join('\n');
    expect(runts(list, true)).toBeGreaterThan(0);
    expect(runts(list, false)).toBe(0);
  });

  it('body paragraphs are reported either way', () => {
    const body = texts.join('\n\n');
    expect(runts(body, true)).toBeGreaterThan(0);
    expect(runts(body, false)).toBe(runts(body, true));
  });
});
