import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { dump, runs } from './helpers';
import { entryRuns, tocLayout, tocRun, tocSource } from './toc-helpers';

/**
 * The contents' heading numbers in a column of their own, a level's own leading and the look of
 * unnumbered headings (configuration.md §11.5 `toc.levels[]` number fields and `lineHeight`,
 * `toc.unnumbered`), in a one-column book whose headings are numbered "1." and "1.1.".
 */
const SOURCE = tocSource('Section Beta, whose title runs on and on for long enough to need a second line in the contents even at the full measure of a page set in a single column of text');

const HEADINGS = { levels: [{ level: 1, numberingTemplate: '{1}', numberSeparator: '. ' }, { level: 2, numberingTemplate: '{1}.{2}', numberSeparator: '. ' }] };

const layoutOf = (toc: Record<string, unknown> = {}, source = SOURCE) => tocLayout(source, toc, { headings: HEADINGS });
const runOf = (entries: GlyphRunItem[], text: string): GlyphRunItem => tocRun(entries, text)!;
const em = (n: number) => ({ value: n, unit: 'em' });
const pt = (n: number) => ({ value: n, unit: 'pt' });

describe('toc heading numbers, leading and unnumbered headings (§11.5)', () => {
  it('declares the number fields, lineHeight and toc.unnumbered as applied', () => {
    for (const f of ['lineHeight', 'numberWidth', 'numberGap', 'numberFontFamily', 'numberFontSize', 'numberFontWeight', 'numberColor']) {
      expect(isApplied(`toc.levels[level=2].${f}`), f).toBe(true);
      expect(isApplied(`toc.unnumbered.${f}`), f).toBe(true);
    }
    expect(isApplied('toc.unnumbered.indent')).toBe(true);
  });

  it('without number fields the number is set with its title, as one text', () => {
    const { entries, left } = layoutOf();
    const one = runOf(entries, 'Chapter One');
    expect(one.text.startsWith('1. Chapter One')).toBe(true);
    expect(one.xs[0]! - left).toBeCloseTo(0, 1);
  });

  it('numberWidth: the number at the indent, the title and its turnover lines numberWidth past it', () => {
    const { entries, left } = layoutOf({ levels: [{ level: 1, numberWidth: em(3) }, { level: 2, numberWidth: em(3) }] });
    // 3 em of the 8 pt body: 24 pt.
    const number = entries.find((r) => r.text === '1.')!;
    expect(number).toBeDefined();
    expect(number.xs[0]! - left).toBeCloseTo(0, 1);
    expect(runOf(entries, 'Chapter One').xs[0]! - left).toBeCloseTo(24, 1);
    // Level 2: its 1.5 em indent (12 pt), the title 24 pt further; the long title's second line hangs there too.
    expect(entries.find((r) => r.text === '1.1.')!.xs[0]! - left).toBeCloseTo(12, 1);
    const beta = entryRuns(entries, 'Section Beta').filter((r) => /[A-Za-z]/.test(r.text));
    const lines = [...new Set(beta.map((r) => r.y))].sort((a, b) => a - b);
    expect(lines.length).toBeGreaterThan(1);
    for (const y of lines) expect(Math.min(...beta.filter((r) => r.y === y).map((r) => r.xs[0]!)) - left, `line at ${y}`).toBeCloseTo(36, 1);
  });

  it('numberGap: a number wider than its column pushes the title a gap past it', () => {
    const narrow = (gap: number) => layoutOf({ levels: [{ level: 1, numberWidth: pt(1), numberGap: pt(gap) }, { level: 2 }] });
    const a = narrow(6);
    const b = narrow(16);
    const x = (l: ReturnType<typeof layoutOf>) => runOf(l.entries, 'Chapter One').xs[0]! - l.left;
    expect(x(b) - x(a)).toBeCloseTo(10, 2);
    // Past the number's ink: wider than the 1 pt column.
    expect(x(a)).toBeGreaterThan(6 + 1);
  });

  it("the number's own face, size, weight and colour; the title keeps the level's", () => {
    const { entries } = layoutOf({ levels: [{ level: 1, numberFontSize: pt(10), numberFontWeight: 700, numberColor: '#cc0000' }, { level: 2 }] });
    const number = entries.find((r) => r.text === '1.')!;
    const title = runOf(entries, 'Chapter One');
    expect(number.size).toBe(10);
    expect(number.fill).toBe('#cc0000');
    expect(number.font).not.toBe(title.font); // the bold face
    expect(title.size).toBe(8);
    expect(title.fill).not.toBe('#cc0000');
    // A number family of its own.
    const serif = layoutOf({ levels: [{ level: 1, numberFontFamily: 'Source Code Pro' }, { level: 2 }] }).entries;
    expect(serif.find((r) => r.text === '1.')!.font).not.toBe(runOf(serif, 'Chapter One').font);
  });

  it("lineHeight: a level's own leading takes its entries off the grid; the body leading keeps the default layout", () => {
    const baselines = (entries: GlyphRunItem[], text: string) => [...new Set(entryRuns(entries, text).map((r) => r.y))].sort((a, b) => a - b);
    // A paragraph right after the contents, in the same column.
    const source = SOURCE.replace(':::toc\n', ':::toc\n\nAfter the contents.\n');
    const plain = layoutOf({}, source);
    const led = layoutOf({ levels: [{ level: 1 }, { level: 2, lineHeight: pt(20) }] }, source);
    const beta = baselines(led.entries, 'Section Beta');
    expect(beta.length).toBe(2);
    expect(beta[1]! - beta[0]!).toBeCloseTo(20, 3);
    expect(beta[0]! - baselines(led.entries, 'Section Alpha')[0]!).toBeCloseTo(20, 3);
    const plainBeta = baselines(plain.entries, 'Section Beta');
    const pitch = plainBeta[1]! - plainBeta[0]!;
    expect(pitch).not.toBeCloseTo(20, 1);
    // What follows goes back on the grid: the first text after the contents moves by whole lines.
    const after = (l: ReturnType<typeof layoutOf>) => l.layout.pages.flatMap(runs).find((r) => r.text.includes('After the'))!;
    const moved = after(led).y - after(plain).y;
    expect(after(led).y).not.toBe(after(plain).y);
    expect(Math.abs(moved / pitch - Math.round(moved / pitch))).toBeLessThan(1e-3);
    // A leading equal to the body's changes nothing.
    const same = layoutOf({ levels: [{ level: 1 }, { level: 2, lineHeight: pt(pitch) }] }, source);
    expect(dump(same.layout)).toBe(dump(plain.layout));
  });

  it('toc.unnumbered: headings with numbered false in their own look, over their level', () => {
    const source = SOURCE.replace('## Section Alpha', '## Section Alpha {numbered="false"}');
    const plain = layoutOf({}, source);
    expect(runOf(plain.entries, 'Section Alpha').xs[0]! - plain.left).toBeCloseTo(12, 1);
    const own = layoutOf({ unnumbered: { indent: em(0), italic: true } }, source);
    const alpha = runOf(own.entries, 'Section Alpha');
    expect(alpha.xs[0]! - own.left).toBeCloseTo(0, 1);
    expect(alpha.font).not.toBe(runOf(plain.entries, 'Section Alpha').font);
    // The numbered level-2 entry keeps its level's look ("1.1." counts only numbered headings).
    const beta = runOf(own.entries, 'Section Beta');
    expect(beta.text.startsWith('1.1. Section Beta')).toBe(true);
    expect(beta.xs[0]! - own.left).toBeCloseTo(12, 1);
    expect(beta.font).toBe(runOf(plain.entries, 'Section Beta').font);
    // With a number column on the level, an unnumbered title lines up with the numbered titles; toc.unnumbered.numberWidth 0 puts it at the indent.
    const columns = { levels: [{ level: 1 }, { level: 2, numberWidth: em(3) }] };
    const lined = layoutOf(columns, source);
    expect(runOf(lined.entries, 'Section Alpha').xs[0]! - lined.left).toBeCloseTo(36, 1);
    expect(runOf(lined.entries, 'Section Beta').xs[0]! - lined.left).toBeCloseTo(36, 1);
    const flush = layoutOf({ ...columns, unnumbered: { numberWidth: em(0) } }, source);
    expect(runOf(flush.entries, 'Section Alpha').xs[0]! - flush.left).toBeCloseTo(12, 1);
  });
});
