/**
 * `bodyText.hyphenateAcrossColumns` (configuration.md §6.4; "column-end hyphen badness" 1000 among
 * its internal constants). One column of exactly 10 grid lines (10 pt body on a 12 pt leading,
 * 200 pt measure), hyphenated in US English: a paragraph of long words after `k` one-line fillers
 * splits at the page foot; with the setting off a split after a hyphenated line costs as much as a
 * widow, so the page ends one line higher rather than in a broken word.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { COLUMN_END_HYPHEN, linesToTake } from '../../../src/worker/engine/page/break-rules';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { oneChapterBook, run, runs, TEN_ROW_COLUMN } from './helpers';

const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
const settingsOf = (across?: boolean) =>
  settingsFromConfig({ ...TEN_ROW_COLUMN, bodyText: { ...TEN_ROW_COLUMN.bodyText, ...(across === undefined ? {} : { hyphenateAcrossColumns: across }) } } as never);

const LONG =
  'Internationalization characteristically overwhelms administrators, notwithstanding extraordinarily comprehensive documentation; ' +
  'representatives of incomprehensibly bureaucratic organizations systematically misunderstand unquestionably straightforward responsibilities, ' +
  'whereas photographers, philosophers and mathematicians contemplate electromagnetic phenomena, thermodynamical inconsistencies and ' +
  'counterrevolutionary historiography with indefatigable enthusiasm and disproportionate circumspection.';
const source = (k: number) => [...Array.from({ length: k }, (_, i) => `Filler ${i + 1}.`), LONG].join('\n\n');

/** The long paragraph's lines on page 0 and whether the last of them ends with a hyphen. */
function foot(k: number, across?: boolean): { lines: number; hyphen: boolean; total: number } {
  const layout = run({ ...oneChapterBook(source(k), settingsOf(across)), hyphenator });
  const linesOf = (p: number) => {
    const body = runs(layout.pages[p] ?? { items: [] } as never).filter((r) => r.line?.role === 'body' && !r.text.startsWith('Filler'));
    const ys = [...new Set(body.map((r) => r.y))].sort((a, b) => a - b);
    return ys.map((y) => body.filter((r) => r.y === y).some((r) => r.line?.hyphenated === true));
  };
  const first = linesOf(0);
  return { lines: first.length, hyphen: first[first.length - 1] === true, total: layout.pages.reduce((n, _, p) => n + linesOf(p).length, 0) };
}

describe('bodyText.hyphenateAcrossColumns', () => {
  it('is applied, on by default', () => {
    expect(isApplied('bodyText.hyphenateAcrossColumns')).toBe(true);
    expect(settingsOf().breaks?.hyphenateAcrossColumns).toBe(true);
    expect(settingsOf(false).breaks?.hyphenateAcrossColumns).toBe(false);
  });

  it('ends the page one line higher rather than in a hyphen when off', () => {
    // A filler count whose split leaves a hyphenated line at the page foot by default (found, not assumed).
    const k = [0, 1, 2, 3, 4, 5, 6].find((n) => {
      const on = foot(n);
      return on.lines >= 3 && on.hyphen && on.total - on.lines >= 3;
    });
    expect(k).toBeDefined();
    const on = foot(k!);
    const off = foot(k!, false);
    expect(off.hyphen).toBe(false);
    expect(off.lines).toBeLessThan(on.lines);
    // The paragraph is broken the same way: only where it is cut moves.
    expect(off.total).toBe(on.total);
    // The default keeps the page full.
    expect(foot(k!, true)).toEqual(on);
  });

  it('linesToTake: the hyphen costs as a widow does, against the empty lines it leaves', () => {
    const rule = { footMin: 2, headMin: 2, footPenalty: 1000, headPenalty: 1000, slackWeight: 10, hyphenPenalty: COLUMN_END_HYPHEN };
    // 6 of 10 lines fit; line 6 ends with a hyphen, line 5 does not: 5 lines here.
    expect(linesToTake(6, 10, rule, (t) => t === 6)).toBe(5);
    // Lines 6 and 5 both hyphenated: 4 lines here (two empty lines cost 40).
    expect(linesToTake(6, 10, rule, (t) => t >= 5)).toBe(4);
    // Off: the page stays full.
    expect(linesToTake(6, 10, { ...rule, hyphenPenalty: 0 }, (t) => t === 6)).toBe(6);
    // Two lines fit, the second hyphenated: going back to one breaks the widow rule too, so the paragraph goes on whole (2 empty lines cost 40).
    expect(linesToTake(2, 10, rule, (t) => t === 2)).toBe(0);
    // Every line hyphenated and 11 fit: any move costs more than the hyphen (121 × 10 > 1000), the column stays full.
    expect(linesToTake(11, 20, rule, () => true)).toBe(11);
  });
});
